// The messages of the Rust core, one dictionary per language: the core hands a message over
// as data, `{code, ...params}` (genlab::message; an error thrown by a panel carries it as
// `error.data`), and `messageText` writes it from its code's template here, `{name}` standing for a
// parameter (a number, a text shown as it is, or another message written in the same
// language). The codes are the core's (`message-codes.json`, written from Rust by
// tests/it/message_codes.rs); tests/unit/messages_dictionary.test.mjs checks that every code
// has an entry in each language with the same parameters, and every entry a code. The
// English is the core's own (its errors' `Display`). The spam, categorical and learning-curves
// panels' own codes are in messages-nb.js, messages-cat.js and messages-curves.js, merged in
// when their panel mounts (`loadMessages`).
//
// The code `prose` carries a sentence the core has not split into codes (none that a panel
// shows: a few sentences only the library hands out); it is shown as it is.

import { t } from "./i18n.js";

const EN = {
  "prose": "{text}",
  "invalid-parameter": "{name} = {value} is not allowed: {rule}.",
  "length-mismatch": "There are {points} points but {labels} labels: every point needs exactly one label.",
  "bad-label": "Point {index} has label {label}, but the classes are 0 to {max}.",
  "empty-class": "Class {class} has no points, so its mean cannot be estimated. Add at least one point to each class.",
  "non-finite": "Point {index} has a coordinate that is not a finite number; remove it or fix it.",
  "singular-covariance": "The covariance matrix Σ is singular: within every class the points differ from their class mean along one direction only (or not at all), so the Gaussian likelihood has no maximum with an invertible Σ and Σ⁻¹ does not exist. Spread the points out or add more.",
  "too-large": "The coordinates are too large to square without overflowing (beyond about 10¹⁵⁴); rescale the data.",
  "bad-line": "Line {line}: {reason}",
  "unknown": "Unknown {kind} “{name}”.",
  "browser": "The browser could not {action}.",
  "index-out-of-range": "There is no {kind} at position {index}: there are {len}, numbered from 0.",
  "class-too-small-one": "Class {class} has only 1 point, so its own covariance matrix cannot be estimated. QDA needs at least three points in each class, not all on one line.",
  "class-too-small": "Class {class} has only {count} points, so its own covariance matrix cannot be estimated. QDA needs at least three points in each class, not all on one line.",
  "singular-class-covariance": "The covariance matrix of class {class} is singular: its points lie on a line or on top of each other, so the Gaussian likelihood has no maximum with an invertible covariance. Spread that class's points out or add more.",
  "collinear-points": "All the points lie on one line, so logistic regression without a penalty has no unique fit: boundaries turned about the point where they cross that line fit equally well. Add points off the line or set λ above 0.",
  "own-points-link": "This link was made from your own points, which a link cannot carry: paste them as CSV, or share a link of generated or real data.",
  "sample-unreadable": "The sample parameters could not be read: every field must be a number.",
  "settings-unreadable": "The model settings could not be read: check every field.",
  "risk-no-points": "There are no points to estimate the risk on.",
  "rule.lidstone-lambda": "the Lidstone smoothing λ must be a finite number ≥ 0 (0 is maximum likelihood, 1 is Laplace)",
  "rule.smoothing-finite": "the smoothing must be a finite number, 0 or more",
  "rule.splits-whole": "the number of splits must be a whole number from 1 to 1000",
  "rule.sizes-whole": "the number of sizes must be a whole number from 2 to 40",
  "rule.m-below-max": "the smallest m must be 2 or more and below the largest m",
  "points.too-few": "too few values: expected 3 (x, y, label) separated by {sep}, found {found}.",
  "points.too-many": "too many values: expected 3 (x, y, label) separated by {sep}, found {found}.",
  "sep.tabs": "tabs",
  "sep.semicolons": "semicolons",
  "sep.commas": "commas",
  "points.over-limit": "there are more than {max} points; the limit is {max}, so split the file or sample it.",
  "points.label-missing": "the label is missing; it must be a class from 0 to 4.",
  "points.label-bad": "the label is “{label}”, but it must be a class from 0 to 4.",
  "points.coordinate-missing": "{name} is missing; it must be a number.",
  "points.not-number": "{name}{field} is not a number.",
  "points.decimal-comma": "{name}{field} is not a number (write decimals with a point: 1.5).",
  "points.infinite": "{name} is infinite; an infinite coordinate cannot be plotted.",
  "points.overflow": "{name}{field} is too large to store (beyond about 1.8 × 10³⁰⁸).",
  "field.quoted": " “{text}”",
  "field.hidden": "",
  "points.none": "The file has no points: write one point a line as x,y,label (for example 1.5,2.0,1).",
  "full-width": "this line has {wide}, as a Chinese or Japanese input method types it; write {instead} instead (switch the input method to half-width, or replace it in the text).",
  "char.full-width": "the full-width “{char}”",
  "char.full-width-space": "the full-width space",
  "char.ideographic-comma": "the ideographic comma “、”",
  "char.ideographic-full-stop": "the ideographic full stop “。”",
  "char.half-width": "the half-width “{char}”",
  "char.space": "an ordinary space",
  "file.empty": "The file is empty: {format}.",
  "file.not-text": "The file is {kind}, not text: {format}.",
  "format.points": "a file of points is a CSV text file with one point a line, x,y,label (for example 1.5,2.0,1)",
  "format.table": "a table is a CSV text file: a header line of column names, then one row a line",
  "file-kind.png": "a PNG image",
  "file-kind.jpeg": "a JPEG image",
  "file-kind.gif": "a GIF image",
  "file-kind.webp": "a WebP image",
  "file-kind.pdf": "a PDF document",
  "file-kind.zip": "a ZIP archive (a .docx, .xlsx or .odt file is one)",
  "file-kind.gzip": "a gzip-compressed file",
  "file-kind.utf16": "text in UTF-16 (save it as UTF-8)",
  "file-kind.ole": "an old Microsoft Office document (.doc or .xls)",
  "file-kind.binary": "binary data (it contains NUL bytes, which no text file has)",
  "value.nan": "not a number",
  "value.infinity": "infinity",
  "value.minus-infinity": "minus infinity",
  "kind.preset": "preset",
  "kind.event-model": "event model",
  "kind.prior": "prior",
  "kind.pairing": "pairing",
  "kind.label": "label",
  "kind.resampling-method": "resampling method",
  "kind.message": "message",
  "kind.row": "row",
  "kind.column": "column",
  "kind.word": "word",
  "kind.ledger-word": "ledger word",
  "rule.seed": "the seed must be a whole number from 0 to 2⁵³ − 1",
  "rule.whole-message-chars": "the whole message's length is a whole number from 2,001 to 10⁹",
  "rule.lesson-step": "a lesson step is a whole number from 1 to 200",
  "rule.points-per-class": "a class has 1 to 500 points",
  "rule.classes": "the number of classes k is a whole number from 2 to 5",
  "rule.sigma": "σ is a number from 0.2 to 3",
  "rule.rho": "ρ is a number from −0.95 to 0.95",
  "rule.l2": "λ is a number from 0 to 10⁶",
  "rule.yaw": "the 3-D view's yaw is a number of degrees from −180 to 180",
  "rule.pitch": "the 3-D view's pitch is a number of degrees from 3 to 85",
  "rule.prior-phi": "the prior φ′ is a number from 0.01 to 0.99",
  "rule.loss": "a loss is a number from 0.01 to 1000",
  "rule.alpha": "α is a number from 0 to 10",
  "rule.cost": "the cost ratio is a number from 1 to 1000",
  "rule.pseudo": "pseudo-counts are four numbers “β₁,β₀,α_ham,α_spam” from 0 to 1000",
  "rule.cat-lambda": "λ is a number from 0 to 10",
  "rule.curve-m": "m is a whole number from 2 to 5000",
  "rule.curve-sizes": "the number of sizes is a whole number from 2 to 40",
  "rule.curve-splits": "the number of splits is a whole number from 1 to 1000",
  "rule.point-in-box": "a point must be placed inside the plot box",
  "rule.figure-pixels": "the figure is drawn on at most 2²⁸ pixels, the most a browser's canvas holds",
  "rule.surface-pixels": "the 3-D view is drawn on at most one raster's pixels",
  "rule.position-finite": "a position must be finite",
  "rule.l2-strength": "the L2 strength must be a number from 0 to 10⁶",
  "rule.every-mean": "every class mean must be given, or none",
  "rule.mean-finite": "a mean must be a finite point",
  "rule.mean-pair": "a mean is two numbers “x,y”, each at most 10⁶ in size",
  "rule.point-two-classes": "a point needs finite coordinates and the label 0 or 1",
  "rule.point-k-classes": "a point needs finite coordinates and the label of one of the classes",
  "rule.max-points": "the panel holds at most 100,000 points",
  "rule.no-such-point": "there is no such point",
  "rule.no-such-point-or-position": "there is no such point, or the position is not finite",
  "rule.l2-penalty": "the L2 penalty strength must be a finite number, 0 or more",
  "rule.loss-positive": "a loss must be a positive finite number",
  "rule.prior-open": "a prior must lie strictly between 0 and 1",
  "rule.logistic-prior": "logistic regression has no fitted class prior φ to replace: its intercept absorbs the training prior",
  "rule.contour-level": "the contour level must be a positive number",
  "rule.covariance-finite": "a covariance needs finite entries",
  "rule.sample-mean": "a mean must be a finite number no larger than 10¹² in size",
  "rule.sample-sigma": "a standard deviation must be a positive number no larger than 1,000,000",
  "rule.sample-rho": "a correlation must lie strictly between −1 and 1",
  "rule.sample-n": "each class needs between 1 and 100,000 points",
  "rule.sample-classes": "the number of classes must be from 2 to 5",
  "rule.lang": "the language must be “en” or “zh-CN”",
  "rule.projector": "projector mode is 0 or 1",
  "rule.deck": "slides mode is 0 or 1",
  "rule.lesson": "a lesson is a built-in lesson's name or “~” and a compressed lesson",
  "rule.quiz": "a quiz question is “panel.kind.seed”, e.g. “gda.boundary.42”",
  "rule.theme": "the theme must be “dark” or “light”",
  "rule.embed": "the embedded panel must be {panels}",
  "rule.source": "the data must be “generated”, “custom” or a known preset",
  "rule.covariance": "the covariance is “shared”, “per-class”, “diagonal-per-class” or “diagonal-shared”",
  "rule.pairwise": "the pairwise boundaries are 0 or 1",
  "rule.surface": "the 3-D view is 0 or 1",
  "rule.overlay": "the overlay is 0 or 1",
  "rule.heat": "the heat map is 0 or 1",
  "rule.event-model": "the event model is “multinomial” or “bernoulli”",
  "rule.prior": "the prior is “ml”, “smoothed” or “uniform”",
  "rule.resampling": "resampling is “none”, “undersample_ham” or “oversample_spam”",
  "rule.headers": "header evidence is 0 or 1",
  "rule.common-words": "ignoring common words is 0 or 1",
  "rule.query": "a query is at most 20 values separated by “|”, each one line of at most 60 characters",
  "rule.mean-class": "a mean for a class the data do not have",
  "rule.both-means": "both means must be given",
  "rule.cut-message": "“tn” is the length of a message “t” holds the first 2,000 characters of",
  "rule.curve-order": "the smallest m must be below the largest m",
  "rule.pairing": "the pairing must be “true”, “unequal”, “bimodal”, “heavy”, “wdbc”, “digits01”, “digits23”, “textmn”, “textbern”, “usermn” or “userbern”",
  "rule.var-smoothing": "the variance smoothing must be a finite number, 0 or more",
};

// Chinese comes with the page's words in Chinese (js/i18n.js loadLang, messages-zh.js).
const ZH = {};

export const MESSAGES = { en: EN, "zh-CN": ZH };

// Each panel's own messages come with the panel (js/genlab.js PANELS): the first panel's first
// load does not carry the other panels' sentences in two languages.
const PARTS = {
  nb: () => import("./messages-nb.js"),
  cat: () => import("./messages-cat.js"),
  curves: () => import("./messages-curves.js"),
};
const loaded = {};
/** The messages of `part` ("nb", "cat" or "curves"), merged into the dictionaries once. */
export function loadMessages(part) {
  loaded[part] ??= PARTS[part]().then((m) => {
    Object.assign(EN, m.EN);
    Object.assign(ZH, m.ZH);
  });
  return loaded[part];
}

/** Names to choose from as `lang` joins alternatives: “a”, “b” or “c”; “a”、“b”或“c”
 * (the English as src/message/mod.rs's `alternatives` writes it). */
export function alternatives(lang, names) {
  const quoted = names.map((n) => `“${n}”`);
  if (quoted.length < 2) return quoted.join("");
  const zh = lang === "zh-CN";
  return `${quoted.slice(0, -1).join(zh ? "、" : ", ")}${zh ? "或" : " or "}${quoted.at(-1)}`;
}

/** A parameter's value in `lang`: a nested message is written in the same language, a list
 * of names as its alternatives. */
const part = (lang, value) => (Array.isArray(value) ? alternatives(lang, value)
  : value !== null && typeof value === "object" ? messageText(lang, value) : String(value));

/** The message `m` (`{code, ...params}`) in `lang`. */
export function messageText(lang, m) {
  if (m === null || m === undefined) return "";
  if (typeof m !== "object") return String(m);
  if (m.code === "prose") return String(m.text);
  const template = (MESSAGES[lang] ?? EN)[m.code] ?? EN[m.code];
  if (template === undefined) return String(m.code);
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in m ? part(lang, m[name]) : whole));
}

/** What a thrown error says in `lang`: its message as data when the core gave one, else its
 * text (through the older table, for the sentences not yet coded). */
export function errorText(lang, error) {
  if (error && typeof error === "object" && error.data) return messageText(lang, error.data);
  return String(error?.message ?? error);
}

/** A state-link notice `{key, value, reason: {kind, rule}}` as a sentence (the rule is a
 * message). */
export function noticeText(lang, n) {
  if (n.reason.kind === "message-cut") {
    const { kept, whole } = n.reason.rule;
    const f = (x) => x.toLocaleString(lang);
    return t(lang, "shell.notice.messagecut", { kept: f(kept), whole: f(whole), lost: f(whole - kept) });
  }
  const rule = n.reason.rule ? messageText(lang, n.reason.rule) : "";
  return t(lang, `shell.notice.${n.reason.kind.replace("-", "")}`, { key: n.key, value: n.value, rule });
}
