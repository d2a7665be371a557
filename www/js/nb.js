// The naive Bayes panel's controller: the message box, settings and corpus loader in; the
// ledger, verdict and evaluation out. Every number is read from the Rust panel's answers,
// and user text only ever reaches the page as textContent.

import * as glue from "../pkg-nb/genlab.js";
import { SpamPanel, parseState } from "../pkg-nb/genlab.js";
import { num, pct, pctRelation, signed, prob } from "./format.js";
import { t, applyLabels, translateMessage } from "./i18n.js";
import { messageText, errorText } from "./messages.js";
import { zipEntries, zipRead, ZipError, ZIP_LIMITS } from "./zip.js";
import { guardPanel } from "./recovery.js";
import { cleanupList, downloadCanvas, hideControls, showMessageAt, lastControl, focusScrollables, sentence, fillAround } from "./util.js";

export const EXAMPLES = {
  "en-spam": "WIN a FREE prize! Reply now to claim your cash reward, offer ends today.",
  "en-ham": "Are we still meeting tomorrow at 3pm to finish the lab report?",
  phish: "Your parcel is held at customs. Pay the fee now at www.parcel-fee.example to release it.",
  "zh-spam": "恭喜您中奖了！请点击链接领取免费礼品。",
  "zh-ham": "妈，我周末回家吃饭。",
};

/** A message the page's own checks treat as a header token (scored only with header evidence). */
const isHeaderToken = (w) => w.startsWith("subject:") || w.startsWith("from-domain:");

/** Lets the browser run other tasks (input, paint) before the next chunk of work: a message
 * to ourselves, which unlike setTimeout(0) is not clamped to 4 ms when chained. */
function nextTask() {
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => { ch.port1.close(); resolve(); };
    ch.port2.postMessage(0);
  });
}

/** Largest mailbox read, in bytes (the core's cap, genlab::limits::MAX_MAILBOX_BYTES). */
const MAX_MAILBOX_BYTES = 64_000_000;
/** Largest corpus file read, in bytes (genlab::nb::lab::MAX_CORPUS_BYTES). */
const MAX_CORPUS_BYTES = 10_000_000;
/** Largest email read, in bytes (genlab::limits::MAX_EMAIL_BYTES). */
const MAX_EMAIL_BYTES = 10_000_000;
/** Work done in one main-thread task while reading a mailbox, in ms (a long task is 50 ms). */
const CHUNK_MS = 12;
/** Tokens counted per mailboxTrain call (about 1 ms of work natively on the SpamAssassin corpus). */
const TRAIN_TOKENS = 65536;

/** Files under a dropped directory entry, each as {path, file} (paths as the folder picker gives them). */
async function filesOfEntry(entry, out) {
  if (entry.isFile) {
    const file = await new Promise((resolve, reject) => entry.file(resolve, reject));
    out.push({ path: entry.fullPath.replace(/^\//, ""), file });
  } else if (entry.isDirectory) {
    const reader = entry.createReader();
    for (;;) {
      const batch = await new Promise((resolve, reject) => reader.readEntries(resolve, reject));
      if (!batch.length) break;
      for (const e of batch) await filesOfEntry(e, out);
    }
  }
  return out;
}

/** Slider position 0..1000 → α: 0 at the far left, then 10^(−3 … 1) on a log scale. */
export function sliderToAlpha(s) {
  return s <= 0 ? 0 : 10 ** (-3 + (4 * (s - 1)) / 999);
}

/** α → the nearest slider position. */
export function alphaToSlider(a) {
  if (!(a > 0)) return 0;
  return Math.min(1000, Math.max(1, Math.round(1 + (999 * (Math.log10(a) + 3)) / 4)));
}

/** α as people write it: up to 3 significant digits. */
function alphaText(a) {
  return a === 0 ? "0" : String(Number(a.toPrecision(3)));
}

/**
 * Builds the spam panel inside `section` (which already holds the panel's markup).
 * Options: `lang`, `controls` (names of controls to hide), `onChange(mode)`.
 */
export function createNb(section, { lang = "en", controls = [], onChange = () => {}, state = null } = {}) {
  const $ = (role) => section.querySelector(`[data-role="${role}"]`);
  // The lab, behind the guard that rebuilds it on a fresh wasm instance if the engine fails
  // (recovery.js): the settings come back through setState, as the history's do, with the
  // message as the box holds it now (the keystroke that met the failure is kept).
  const panel = guardPanel({
    section, flavour: "nb", glue, lang: () => lang,
    make: (g) => new g.SpamPanel(),
    snapshot: () => getState(),
    restore: (s) => setState({ ...s, text: text.value }),
    sticky: ["setTheme"],
    // A corpus of one's own (loaded, or edited) is not in the state: the fresh panel has the
    // built-in one, shows it, and the notice says so.
    own: {
      marks: ["corpusFinish", "mailboxFinish", "addMessage", "removeMessage", "relabelMessage"],
      clears: ["resetCorpus"],
      key: "engine.recoveredCorpus",
    },
  });
  const text = $("text");
  const slider = $("alpha-slider");
  const alphaBox = $("alpha");
  const ledgerList = $("ledger");
  const details = $("details");
  /** The example emails, by id (raw sources from the core). */
  const emails = new Map(SpamPanel.exampleEmails());
  /** A file dropped on the message box: its bytes are scored (any charset) while the box still
   * shows its text unchanged. */
  let dropped = null;
  let ledger = null;
  let frame = 0;
  let metricsDirty = true;
  let liveTimer = 0;
  let destroyed = false;
  let printing = false;
  let projector = false;
  /** The chart box's CSS size, from the ResizeObserver (null until it reports). */
  let curveBox = null;
  const cleanups = cleanupList();
  const { on } = cleanups;
  // The control behind the latest user event: its error is shown right under it.
  const recent = lastControl(section, on);
  let evaluation = null;
  /** A sentence of the core, ended in the panel's language. */
  const sentenceOf = (text) => sentence(text, lang);

  // The first message is the link's default (a link without `t` shows it).
  text.value = parseState("").state.nb.text;
  // The message a link gave cut ({ text, whole }: its first characters and the whole
  // message's length), while the box still holds it unchanged; null otherwise.
  let cutMessage = null;

  /** Redraws in the next animation frame, once however many events arrive. */
  function schedule(metrics = false) {
    metricsDirty ||= metrics;
    if (frame || destroyed) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      render();
    });
  }

  /** Writes the ledger, the verdict and (when settings changed) the evaluation. */
  function render() {
    if (destroyed) return;
    ledger = dropped && dropped.text === text.value ? panel.explainBytes(dropped.bytes) : panel.explain(text.value);
    writeLedger(ledger);
    writeEmail(ledger);
    if (metricsDirty) {
      metricsDirty = false;
      evaluation = panel.evaluate();
      writeEvaluation(evaluation);
      writeCorpus(panel.corpus());
      showResampling();
      showMessages();
      showLookup();
      drawCurve();
      markScrollables();
    }
  }

  /** Writes `s` into `el` unless it already says it (an unchanged node costs no layout). */
  function setText(el, s) {
    if (el.textContent !== s) el.textContent = s;
  }

  /** The boxes that scroll (a formula, the message list, a word's details) take the focus,
   * with a name (see util.js focusScrollables). */
  function markScrollables() {
    focusScrollables(section, ".formula, ol.messages, .details, ol.ledger, .nb-side table", (box) =>
      t(lang, box.matches(".formula") ? "a11y.formula" : box.matches("ol.messages") ? "nb.edit"
        : box.matches(".details") ? "a11y.wordDetails" : box.matches("ol.ledger") ? "nb.ledger" : "nb.eval"));
  }

  /** Shows (under the control that caused it) or clears the panel's error message. */
  function showInputError(msg, anchor = recent.last()) {
    showMessageAt($("input-error"), msg, { anchor, lang });
  }

  /**
   * One ledger row as what it shows: label, sub-label, the bar's direction and width, the
   * value's text, and for word rows their index and spoken label. `scale` is the largest
   * finite |term|.
   */
  function rowSpec({ label, sub = "", value, scale, kind, index }) {
    const infinite = value === Infinity || value === -Infinity;
    const share = infinite ? 1 : scale > 0 ? Math.min(1, Math.abs(value) / scale) : 0;
    const spec = {
      label, sub, kind, index,
      barClass: `bar ${value > 0 ? "to-spam" : "to-ham"}${infinite ? " veto" : ""}`,
      width: `${(share * 50).toFixed(2)}%`,
      valueText: signed(value),
      aria: "",
      title: "",
      threshold: null,
    };
    if (index !== undefined) {
      const dir = value > 0 ? t(lang, "nb.towardSpamWord") : value < 0 ? t(lang, "nb.towardHamWord") : "";
      spec.aria = `${label}: ${spec.valueText} ${dir}`;
    }
    return spec;
  }

  /** The spec each ledger `<li>` shows now. */
  const shown = new WeakMap();

  /** A new, empty ledger `<li>`: name, track with its bar, value. */
  function rowElement() {
    const li = document.createElement("li");
    const name = document.createElement("span");
    name.className = "term-name";
    const track = document.createElement("span");
    track.className = "track";
    const bar = document.createElement("span");
    track.append(bar);
    const v = document.createElement("span");
    v.className = "term-value";
    li.append(name, track, v);
    return li;
  }

  /**
   * Makes `li` show `spec`, writing only what differs from what it shows (an unchanged
   * row costs no DOM write, so no style, layout or paint either).
   */
  function patchRow(li, spec) {
    const was = shown.get(li) ?? {};
    shown.set(li, spec);
    const [name, track, v] = li.children;
    const bar = track.firstElementChild;
    if (was.kind !== spec.kind) {
      li.className = `term ${spec.kind}`;
      // A word of the message is the user's, in their language: not the page's to translate.
      li.translate = spec.kind !== "word" && spec.kind !== "header";
    }
    if (was.label !== spec.label || was.sub !== spec.sub) {
      name.textContent = spec.label;
      if (spec.sub) {
        const s = document.createElement("span");
        s.className = "term-sub";
        s.textContent = spec.sub;
        name.append(" ", s);
      }
    }
    if (was.barClass !== spec.barClass) bar.className = spec.barClass;
    if (was.width !== spec.width) bar.style.width = spec.width;
    const th = spec.threshold;
    if (was.threshold?.left !== th?.left || was.threshold?.title !== th?.title) {
      track.querySelector(".threshold")?.remove();
      if (th) {
        const mark = document.createElement("span");
        mark.className = "threshold";
        mark.title = th.title;
        mark.style.left = th.left;
        track.append(mark);
      }
    }
    if (was.valueText !== spec.valueText) v.textContent = spec.valueText;
    if (was.title !== spec.title) {
      if (spec.title) li.title = spec.title;
      else li.removeAttribute("title");
    }
    if (was.index !== spec.index) {
      if (spec.index !== undefined) {
        li.tabIndex = 0;
        li.dataset.index = String(spec.index);
      } else {
        li.removeAttribute("tabindex");
        delete li.dataset.index;
      }
    }
    if (was.aria !== spec.aria) {
      if (spec.aria) li.setAttribute("aria-label", spec.aria);
      else li.removeAttribute("aria-label");
    }
  }

  /** A row's identity: the same term of the ledger from one message (or setting) to the next. */
  const rowId = (s) => `${s.kind}\u0000${s.label}`;

  /**
   * Shows `specs` in the ledger list. Each row keeps its `<li>` while its term stays (a
   * keystroke in a long message changes a few rows of a hundred, a new α every value but no
   * word), and only what changed is written; the `<li>`s of terms that left are given to the
   * new terms. Rebuilding every row on every keystroke cost the DOM, the layout and the paint
   * of a hundred rows.
   */
  function showRows(specs) {
    const before = [...ledgerList.children];
    const byId = new Map(before.map((li) => [rowId(shown.get(li)), li]));
    const lis = specs.map((spec) => byId.get(rowId(spec)));
    const kept = new Set(lis);
    // A new term takes the <li> that stood at its place if that one's term left (so a
    // changed row is rewritten where it is, not moved), else any that left, else a new one.
    const spare = before.filter((li) => !kept.has(li));
    const free = new Set(spare);
    specs.forEach((spec, i) => {
      if (!lis[i]) {
        const here = before[i];
        lis[i] = here && free.has(here) ? here : [...free][0] ?? rowElement();
        free.delete(lis[i]);
      }
      patchRow(lis[i], spec);
    });
    for (const li of free) li.remove();
    let at = ledgerList.firstElementChild;
    for (const li of lis) {
      if (li === at) at = at.nextElementSibling;
      else ledgerList.insertBefore(li, at);
    }
  }

  /** The verdict as one sentence. */
  function verdictText(e) {
    // With Beta pseudo-counts the Bernoulli tables' zeros come from β₁ or β₀, not α.
    if (e.verdict === null) return t(lang, e.event_model === "bernoulli" && e.smoothing?.kind === "bayesian" ? "nb.noVerdictBeta" : "nb.noVerdict");
    const rel = pctRelation(e.p_spam, { logOdds: e.log_odds });
    const certainty = e.log_odds === Infinity ? t(lang, "nb.hamOut") : e.log_odds === -Infinity ? t(lang, "nb.spamOut") : "";
    const label = t(lang, e.verdict === "spam" ? "nb.spam" : "nb.ham");
    const threshold = e.threshold_log_odds !== 0 ? t(lang, "nb.verdictThreshold", { p: num(e.threshold_p_spam, 3) }) : "";
    return t(lang, "nb.verdict", { label, p: rel, certainty, lo: signed(e.log_odds) }) + threshold;
  }

  /** The ledger list, the verdict, unknown words and veto sentences. */
  function writeLedger(l) {
    const e = l.explanation;
    // The lede's formula of the event model in force: counts n_w (multinomial), or present
    // words and the absent-word term (Bernoulli).
    $("formula-mn").hidden = e.event_model === "bernoulli";
    $("formula-bern").hidden = e.event_model !== "bernoulli";
    // A loop, not Math.max(...list): a long message must not spread thousands of arguments.
    let scale = 1e-9;
    for (const v of [e.prior_log_ratio, e.absent_evidence ?? 0, e.hidden.contribution]) {
      if (Number.isFinite(v)) scale = Math.max(scale, Math.abs(v));
    }
    for (const w of e.words) if (Number.isFinite(w.contribution)) scale = Math.max(scale, Math.abs(w.contribution));
    const priorRow = rowSpec({ label: t(lang, "nb.priorRow"), value: e.prior_log_ratio, scale, kind: "prior" });
    priorRow.title = t(lang, "nb.priorTitle");
    const specs = [priorRow];
    for (const w of e.words) {
      // A header token (subject:word, from-domain:…) is its own kind of row; it sums into the
      // total like every other row.
      const header = isHeaderToken(w.word);
      const sub = [header ? t(lang, "nb.headerSub") : "", w.count > 1 ? `×${w.count}` : ""].filter(Boolean).join(" ");
      specs.push(rowSpec({ label: w.word, sub, value: w.contribution, scale, kind: header ? "header" : "word", index: w.index }));
    }
    if (e.hidden.words > 0) {
      // The weaker words of a long message, summed: the rows still add up to the total.
      const hidden = rowSpec({
        label: t(lang, "nb.hiddenRow", { k: e.hidden.words.toLocaleString(lang) }),
        sub: t(lang, "nb.hiddenSub"), value: e.hidden.contribution, scale, kind: "hidden",
      });
      hidden.title = t(lang, "nb.hiddenTitle", { n: e.words.length, k: e.hidden.words });
      specs.push(hidden);
    }
    if (e.absent) {
      specs.push(rowSpec({ label: t(lang, "nb.absentRow"), sub: `(${e.absent.absent_words})`, value: e.absent.contribution, scale, kind: "absent" }));
    }
    const total = e.log_odds ?? 0;
    const totalRow = rowSpec({
      label: t(lang, "nb.totalRow"), sub: t(lang, "nb.totalSub"), value: total,
      scale: Math.max(scale, Math.abs(Number.isFinite(total) ? total : 0)), kind: "total",
    });
    if (e.log_odds === null) totalRow.valueText = "0/0";
    if (e.threshold_log_odds !== 0 && Number.isFinite(e.threshold_log_odds)) {
      // The decision threshold log(λ_FP/λ_FN) as a line on the total's bar: spam only
      // when the total passes it.
      const totalScale = Math.max(scale, Math.abs(Number.isFinite(total) ? total : 0), Math.abs(e.threshold_log_odds));
      totalRow.threshold = {
        title: `${t(lang, "nb.threshold")} ${signed(e.threshold_log_odds)}`,
        left: `${(50 + 50 * Math.max(-1, Math.min(1, e.threshold_log_odds / totalScale))).toFixed(2)}%`,
      };
      if (Number.isFinite(total)) totalRow.width = `${(50 * Math.min(1, Math.abs(total) / totalScale)).toFixed(2)}%`;
    }
    specs.push(totalRow);
    showRows(specs);

    const verdict = $("verdict");
    setText(verdict, verdictText(e));
    verdict.className = `verdict ${e.verdict === null ? "undefined" : e.verdict === "spam" ? "is-spam" : "is-ham"}`;
    // A message a link cut: its verdict is said to be the cut message's, never the whole one's.
    const cut = cutMessage && cutMessage.text === text.value ? cutMessage : null;
    const note = $("cut-note");
    note.hidden = !cut;
    const kept = cut ? [...cut.text].length : 0;
    setText(note, cut ? t(lang, "nb.cutNote", { kept: kept.toLocaleString(lang), whole: cut.whole.toLocaleString(lang), lost: (cut.whole - kept).toLocaleString(lang) }) : "");
    clearTimeout(liveTimer);
    liveTimer = setTimeout(() => setText($("live"), cut ? `${verdict.textContent} ${note.textContent}` : verdict.textContent), 900);

    const more = e.unknown_count - e.unknown_words.length;
    const list = e.unknown_words.join(", ") + (more > 0 ? t(lang, "nb.unknownMore", { k: more }) : "");
    // The words are the user's, in their own language: kept apart from the page's words;
    // written only when they change (a keystroke must not lay the panel out again).
    const unknown = $("unknown");
    const unknownKey = `${lang}\n${e.unknown_count}\n${list}\n${l.truncated}`;
    if (unknown.dataset.shown !== unknownKey) {
      unknown.dataset.shown = unknownKey;
      if (e.unknown_count) fillAround(unknown, t(lang, "nb.unknown", { words: "{words}" }), "words", list);
      else unknown.textContent = "";
      if (l.truncated) unknown.textContent += ` ${t(lang, "nb.truncated")}`;
    }
    const sentences = $("sentences");
    const said = l.sentences.map((s) => translateMessage(lang, s));
    if (said.join("\n") !== [...sentences.children].map((li) => li.textContent).join("\n")) {
      sentences.replaceChildren(...said.map((s) => {
        const li = document.createElement("li");
        li.textContent = s;
        return li;
      }));
    }
    sentences.hidden = said.length === 0;
    setText(details, /\S/.test(text.value) ? t(lang, "nb.detailsHint") : t(lang, "nb.typeHint"));
  }

  /** What the ledger read when the message is an email: subject, sender domain, attachments
   * (listed, never scored), the decoded body (as text, never as HTML) and the header tokens;
   * or why a message that looks like an email was scored as plain text. */
  function writeEmail(l) {
    const m = l.email;
    const box = $("email");
    const problem = l.email_error ? t(lang, "nb.emailError", { msg: sentenceOf(translateMessage(lang, l.email_error)) }) : "";
    setText($("email-error"), problem);
    $("email-error").hidden = !problem;
    box.hidden = !m;
    if (!m) {
      // Hidden, the box keeps no earlier email's fields behind it (a fresh page's are empty).
      for (const r of ["email-subject", "email-from", "email-part", "email-attachments", "email-body-summary", "email-body", "email-headers"]) setText($(r), "");
      return;
    }
    setText($("email-subject"), m.subject ?? t(lang, "nb.noSubject"));
    setText($("email-from"), m.from_domain ?? "—");
    const att = m.attachments.length
      ? `${m.attachments.map(([name, type]) => (name ? `${name} (${type})` : type)).join(", ")} — ${t(lang, "nb.attachmentsNote")}`
      : t(lang, "nb.noAttachments");
    setText($("email-attachments"), att);
    // Which text part was read: a plain-text stub beside an HTML alternative gives way to it.
    setText($("email-part"), t(lang, `nb.part.${m.part}`, { n: (m.stub_words ?? 0).toLocaleString(lang) }));
    setText($("email-body-summary"), t(lang, "nb.emailBody", { n: m.body_chars.toLocaleString(lang) }));
    const body = m.body_cut
      ? `${m.body}${t(lang, "nb.emailBodyCut", { k: m.body.length.toLocaleString(lang), n: m.body_chars.toLocaleString(lang) })}`
      : m.body;
    setText($("email-body"), body);
    const tokens = m.header_tokens.slice(0, 12).join(", ") + (m.header_tokens.length > 12 ? ", …" : "");
    setText($("email-headers"), !m.header_tokens.length ? t(lang, "nb.headersNone")
      : t(lang, m.header_evidence ? "nb.headersOn" : "nb.headersOff", { tokens }));
  }

  /** The details box for word `i` of the current ledger (asked for on demand: a keystroke ships only the rows). */
  function showDetails(i) {
    const e = ledger?.explanation;
    if (!e) return;
    let w;
    try {
      w = panel.wordDetail(i);
    } catch {
      return;
    }
    const f = w.formulas;
    const counts = t(lang, e.event_model === "multinomial" ? "nb.d.countsM" : "nb.d.countsB",
      { s: w.spam_count, st: w.spam_total, h: w.ham_count, ht: w.ham_total });
    const expr = e.event_model === "multinomial"
      ? `${w.count} × (log ${prob(w.p_spam)} − log ${prob(w.p_ham)})`
      : `log ${prob(w.p_spam)} − log ${prob(w.p_ham)}`;
    const lines = [t(lang, "nb.d.times", { w: w.word, n: w.count }), counts, f[0], f[1], t(lang, "nb.d.evidence", { expr, v: signed(w.contribution, 3) })];
    details.replaceChildren(...lines.map((s) => {
      const p = document.createElement("p");
      p.textContent = s;
      return p;
    }));
  }

  /** The metrics table and confusion matrix. */
  function writeEvaluation(ev) {
    const m = ev.current;
    // An undefined ratio says which count is 0 (F1 = 2TP/(2TP + FP + FN) is 0/0 only with
    // no spam and no spam prediction).
    const show = (role, v) => { $(role).textContent = v == null ? t(lang, `nb.noRatio.${role}`) : pct(v); };
    show("acc", m.accuracy);
    show("prec", m.precision);
    show("rec", m.recall);
    show("f1", m.f1);
    $("expected-cost").textContent = ev.expected_cost == null ? "—"
      : ev.threshold_log_odds !== 0 ? t(lang, "nb.costValue", { c: num(ev.expected_cost, 4), h: num(ev.expected_cost_at_half, 4) })
      : num(ev.expected_cost, 4);
    const c = m.confusion;
    $("tn").textContent = String(c.tn);
    $("fp").textContent = String(c.fp);
    $("fn").textContent = String(c.fn_);
    $("tp").textContent = String(c.tp);
  }

  /** The corpus summary, its credit and any notes from loading it. */
  function writeCorpus(c) {
    $("corpus-info").textContent = t(lang, "nb.corpusInfo",
      { name: translateMessage(lang, c.name), n: c.messages[0] + c.messages[1], ham: c.messages[0], spam: c.messages[1], v: c.vocabulary });
    $("split").textContent = t(lang, "nb.split", { train: c.split[0], test: c.split[1], seed: num(panel.seed(), 0) });
    const credit = translateMessage(lang, c.credit);
    // A translated credit is the page's own words; a dataset's citation keeps its language.
    if (credit !== c.credit || lang === "en") $("credit").textContent = t(lang, "nb.credit", { credit });
    else fillAround($("credit"), t(lang, "nb.credit", { credit: "{credit}" }), "credit", credit, "en");
    // Notes (repeated messages removed, the encoding) are information, styled as such;
    // the lines that could not be read are problems with the file.
    const item = (kind) => (s) => {
      const li = document.createElement("li");
      li.className = kind;
      li.textContent = sentenceOf(translateMessage(lang, s));
      return li;
    };
    $("corpus-notes").replaceChildren(...c.notes.map(item("note")), ...c.errors.map(item("problem")));
  }

  /** The metrics-versus-α chart, at the device pixel ratio. */
  function drawCurve() {
    describeCurve();
    // The box's size as the ResizeObserver last saw it: asking the layout for it here, right
    // after the ledger was written, forced a whole-page layout inside the frame (35 ms of an
    // α change with a 10,000-word message).
    const box = curveBox ?? $("curve-box").getBoundingClientRect();
    if (box.width < 2 || box.height < 2) return;
    panel.setCurveText({ axis: t(lang, "nb.curve.axis"), series: t(lang, "nb.curve.series") });
    panel.setProjector(projector);
    if (printing) {
      // Drawn at the printed size (style.css, @media print: at most 703 × 170 CSS px), at 2×.
      const ratio = Number($("curve-box").style.getPropertyValue("--fig-ratio")) || box.width / box.height;
      const w = Math.min(703, ratio * 170);
      panel.drawCurve($("curve"), w, w / ratio, 2);
      return;
    }
    panel.drawCurve($("curve"), box.width, box.height, window.devicePixelRatio || 1);
    // The chart's shape on screen, which a printout keeps (style.css, @media print).
    // Only from the screen's layout: a redraw under print media (an emulated print) would
    // otherwise write the printed frame's shape back, and the next print would drift.
    if (!matchMedia("print").matches) $("curve-box").style.setProperty("--fig-ratio", (box.width / box.height).toFixed(5));
  }

  /** The chart's text alternative: what it plots and where the current α stands on it. */
  function describeCurve() {
    const m = evaluation?.current;
    const canvas = $("curve");
    if (!m) return;
    const v = (x, role) => (x == null ? t(lang, `nb.noRatio.${role}`) : pct(x));
    canvas.setAttribute("aria-label", t(lang, "nb.curveAria", {
      alpha: alphaText(panel.alpha()), acc: v(m.accuracy, "acc"), prec: v(m.precision, "prec"), rec: v(m.recall, "rec"), f1: v(m.f1, "f1"),
    }));
  }

  /** Cost slider position 0..200 → ratio 10^(s/100), from 1 to 100. */
  const sliderToCost = (v) => 10 ** (v / 100);
  const costToSlider = (c) => Math.max(0, Math.min(200, Math.round(100 * Math.log10(c))));

  /** Shows the costs and the threshold they imply. */
  function showCosts() {
    const c = panel.costs();
    const fp = c.false_positive / c.false_negative;
    $("cost").value = String(Number(fp.toPrecision(3)));
    $("cost-slider").value = String(costToSlider(fp));
    $("cost-help").textContent = t(lang, "nb.costHelp", { fp: num(fp, 2), p: num(fp / (fp + 1), 3) });
  }

  /** Applies a cost ratio λ_FP/λ_FN (λ_FN = 1). */
  function setCost(ratio) {
    try {
      panel.setCosts(ratio, 1);
      showInputError("");
    } catch (e) {
      showInputError(errorText(lang, e));
    }
    showCosts();
    schedule(true);
  }

  /** The four pseudo-counts from their boxes. */
  const pseudo = () => ["beta1", "beta0", "aham", "aspam"].map((r) => Number($(r).value));

  /** Applies α-smoothing or the Beta/Dirichlet pseudo-counts, and says what they believe. */
  function applySmoothing() {
    const on = $("bayes-on").checked;
    $("pseudo").hidden = !on;
    try {
      panel.setSmoothing(on ? pseudo() : null);
      showInputError("");
    } catch (e) {
      showInputError(errorText(lang, e));
    }
    showSmoothing();
    schedule(true);
  }

  /** The smoothing controls from the panel, with the beliefs in words. */
  function showSmoothing() {
    const sm = panel.smoothing();
    const bayes = sm && typeof sm === "object" && sm.kind === "bayesian" ? sm : null;
    $("bayes-on").checked = Boolean(bayes);
    $("pseudo").hidden = !bayes;
    // The smoothed prior's formula: α on both classes, or the Dirichlet's α_ham, α_spam.
    const smoothedPrior = section.querySelector('option[value="smoothed"]');
    smoothedPrior.dataset.i18n = bayes ? "nb.prior.smoothedDirichlet" : "nb.prior.smoothed";
    smoothedPrior.textContent = t(lang, smoothedPrior.dataset.i18n);
    if (bayes) {
      $("beta1").value = String(bayes.beta1);
      $("beta0").value = String(bayes.beta0);
      $("aham").value = String(bayes.alpha_class[0]);
      $("aspam").value = String(bayes.alpha_class[1]);
      try {
        const [w, c] = SpamPanel.describePriors(bayes.beta1, bayes.beta0, bayes.alpha_class[0], bayes.alpha_class[1]);
        $("bayes-help").textContent = lang === "en" ? `${w.sentence} ${c.sentence}` : t(lang, "nb.bayesHelp");
      } catch (e) {
        $("bayes-help").textContent = errorText(lang, e);
      }
    } else {
      $("bayes-help").textContent = t(lang, "nb.bayesHelp");
    }
  }

  /** The resampling choice and what it did to the training counts and the prior. */
  function showResampling() {
    $("resample").value = panel.resampling();
    const r = panel.resampleSummary();
    $("resample-help").textContent = t(lang, "nb.resampleHelp", {
      h0: r.report.before[0], h1: r.report.after[0], s0: r.report.before[1], s1: r.report.after[1],
      p0: signed(r.prior_log_ratio[0]), p1: signed(r.prior_log_ratio[1]),
    });
  }

  let pageOffset = 0;
  const PAGE = 20;

  /** One page of the corpus, each message with its label (editable) and a remove button. */
  function showMessages() {
    const details = section.querySelector("details.editor");
    if (!details.open) return;
    let page;
    try {
      page = panel.messages(pageOffset, PAGE);
    } catch {
      pageOffset = 0;
      page = panel.messages(0, PAGE);
    }
    $("messages").replaceChildren(...page.entries.map((m) => {
      const li = document.createElement("li");
      const sel = document.createElement("select");
      for (const l of ["ham", "spam"]) {
        const o = document.createElement("option");
        o.value = l;
        o.textContent = t(lang, l === "ham" ? "nb.truthHam" : "nb.truthSpam");
        sel.append(o);
      }
      sel.value = m.label;
      sel.setAttribute("aria-label", t(lang, "nb.relabel", { i: m.index + 1 }));
      sel.addEventListener("change", () => edit(() => panel.relabelMessage(m.index, sel.value)));
      const part = document.createElement("span");
      part.className = `part ${m.part === "Train" ? "train" : "test"}`;
      part.textContent = t(lang, m.part === "Train" ? "nb.train" : "nb.test");
      const body = document.createElement("span");
      body.className = "message-text";
      body.translate = false;
      body.textContent = m.text;
      const rm = document.createElement("button");
      rm.type = "button";
      rm.textContent = t(lang, "nb.remove");
      rm.addEventListener("click", () => edit(() => panel.removeMessage(m.index)));
      li.append(sel, part, body, rm);
      return li;
    }));
    const to = Math.min(page.total, pageOffset + page.entries.length);
    $("page").textContent = t(lang, "nb.page", { from: page.total ? pageOffset + 1 : 0, to, total: page.total });
    $("prev").disabled = pageOffset === 0;
    $("next").disabled = to >= page.total;
  }

  /** A corpus edit: refused edits are explained, accepted ones refresh everything. */
  function edit(fn) {
    try {
      fn();
      showInputError("");
    } catch (e) {
      showInputError(errorText(lang, e));
    }
    showMessages();
    showResampling();
    schedule(true);
  }

  /** The counts of the looked-up word. */
  function showLookup() {
    const w = $("lookup").value.trim();
    if (!w) {
      $("lookup-result").textContent = "";
      return;
    }
    const c = panel.wordCounts(w);
    $("lookup-result").textContent = c.in_vocabulary
      ? t(lang, "nb.lookupResult", { w: c.word, th: c.token_counts[0], ts: c.token_counts[1], dh: c.doc_counts[0], ds: c.doc_counts[1], nh: c.class_docs[0], ns: c.class_docs[1] })
      : t(lang, "nb.lookupMissing", { w: c.word });
  }

  /** Shows α in the slider and the number box. */
  function showAlpha(a, from) {
    if (from !== "slider") slider.value = String(alphaToSlider(a));
    if (from !== "box") alphaBox.value = alphaText(a);
  }

  /** Applies α from the slider or the number box; a bad value keeps the old one. */
  function setAlpha(a, from) {
    try {
      panel.setAlpha(a);
      showInputError("");
    } catch (e) {
      showInputError(errorText(lang, e));
      a = panel.alpha();
      from = "";
    }
    showAlpha(a, from);
    schedule(true);
  }

  /** Reads a corpus file in steps, showing progress; the old corpus stays on failure. */
  async function loadFile(file) {
    const progress = $("progress");
    const fileInput = $("file");
    if (file.size > MAX_CORPUS_BYTES) {
      showInputError(t(lang, "nb.tooBig", { name: file.name, mb: (file.size / 1e6).toFixed(1) }), fileInput);
      return;
    }
    progress.hidden = false;
    progress.value = 0;
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      panel.corpusBegin(bytes, file.name);
      let done = 0;
      while (done < 1) {
        done = panel.corpusStep(262144);
        progress.value = done;
        await new Promise((r) => setTimeout(r, 0));
      }
      panel.corpusFinish();
      showInputError("", fileInput);
    } catch (e) {
      panel.corpusCancel();
      showInputError(t(lang, "nb.notLoaded", { msg: sentenceOf(errorText(lang, e)) }), fileInput);
    }
    progress.hidden = true;
    schedule(true);
    onChange("push");
  }

  /**
   * Reads a mailbox into the panel in chunks of at most CHUNK_MS of work per task, with the
   * progress bar; `work(report)` feeds the panel's mailbox loader. The corpus in use stays
   * unless the whole mailbox is read and trained on.
   */
  async function loadMailbox(name, anchor, work) {
    const progress = $("progress");
    progress.hidden = false;
    progress.value = 0;
    section.dataset.loading = "mailbox";
    try {
      panel.mailboxBegin(name);
      try {
        panel.mailboxLabelRule($("label-rule").value, $("label-field").value, $("label-spam").value);
      } catch (e) {
        // A rule that cannot be used is said next to the rule, and nothing is read.
        anchor = $("label-rule").value === "field" ? $("label-field") : $("label-rule");
        throw e;
      }
      await work((share) => { progress.value = share; });
      await nextTask();
      // Counting a large mailbox's training part is itself tens of milliseconds: a slice of
      // tokens a call, at most about CHUNK_MS of them per task; then the fit, on its own.
      let start = performance.now();
      while (panel.mailboxTrain(TRAIN_TOKENS) < 1) {
        if (performance.now() - start > CHUNK_MS) {
          await nextTask();
          start = performance.now();
        }
      }
      await nextTask();
      panel.mailboxFinish();
      showInputError("", anchor);
    } catch (e) {
      panel.mailboxCancel();
      showInputError(t(lang, "nb.notLoaded", { msg: sentenceOf(errorText(lang, e)) }), anchor);
    }
    progress.hidden = true;
    delete section.dataset.loading;
    schedule(true);
    onChange("push");
  }

  /** Reads an mbox file in 32 KB pieces, at most about CHUNK_MS of work per task. */
  function loadMbox(file, anchor = $("file")) {
    if (file.size > MAX_MAILBOX_BYTES) {
      showInputError(t(lang, "nb.mailboxTooBig", { name: file.name, mb: (file.size / 1e6).toFixed(1) }), anchor);
      return Promise.resolve();
    }
    return loadMailbox(file.name, anchor, async (report) => {
      // Pieces of 32 KB: each call parses only the messages that end in its piece, and the
      // file is never held whole in the page or in the module.
      panel.mailboxBeginMbox(file.name, file.size);
      const PIECE = 32768;
      const READ = 1 << 20;
      for (let at = 0; at < file.size; at += READ) {
        const chunk = new Uint8Array(await file.slice(at, Math.min(file.size, at + READ)).arrayBuffer());
        let start = performance.now();
        for (let i = 0; i < chunk.length; i += PIECE) {
          report(panel.mailboxFeed(chunk.subarray(i, i + PIECE)));
          if (performance.now() - start > CHUNK_MS) {
            await nextTask();
            start = performance.now();
          }
        }
        await nextTask();
      }
    });
  }

  /** Reads a folder of message files ({path, file}), each labelled by its folder. */
  function loadFolder(name, files, anchor = $("folder")) {
    const total = files.reduce((n, f) => n + f.file.size, 0);
    if (total > MAX_MAILBOX_BYTES) {
      showInputError(t(lang, "nb.mailboxTooBig", { name, mb: (total / 1e6).toFixed(1) }), anchor);
      return Promise.resolve();
    }
    files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return loadMailbox(name, anchor, async (report) => {
      const BATCH = 64;
      for (let i = 0; i < files.length; i += BATCH) {
        const batch = files.slice(i, i + BATCH);
        const bytes = await Promise.all(batch.map((f) => f.file.arrayBuffer()));
        let start = performance.now();
        for (let j = 0; j < batch.length; j++) {
          panel.mailboxAddFile(batch[j].path, new Uint8Array(bytes[j]));
          if (performance.now() - start > CHUNK_MS) {
            report((i + j + 1) / files.length);
            await nextTask();
            start = performance.now();
          }
        }
        report(Math.min(1, (i + batch.length) / files.length));
        await nextTask();
      }
    });
  }

  /** A .zip of a mailbox in folders: its entries inflated one by one (www/js/zip.js), each
   * read as a message file of its folder. A refused archive keeps the corpus. */
  async function loadZip(file, anchor = $("file")) {
    const sayZip = (e) => (e instanceof ZipError ? t(lang, `nb.zip.${e.key}`, e.params) : errorText(lang, e));
    let entries;
    try {
      entries = await zipEntries(file);
    } catch (e) {
      showInputError(t(lang, "nb.notLoaded", { msg: sentenceOf(sayZip(e)) }), anchor);
      return;
    }
    const budget = { left: ZIP_LIMITS.bytes };
    let failure = null;
    await loadMailbox(file.name, anchor, async (report) => {
      let start = performance.now();
      for (let i = 0; i < entries.length; i++) {
        let bytes;
        try {
          bytes = await zipRead(file, entries[i], budget);
        } catch (e) {
          failure = e;
          throw new Error(sayZip(e));
        }
        panel.mailboxAddFile(entries[i].name, bytes);
        report((i + 1) / entries.length);
        if (performance.now() - start > CHUNK_MS) {
          await nextTask();
          start = performance.now();
        }
      }
    });
    return failure;
  }

  /** A file for the corpus: a mailbox (by its name or its first bytes), a zipped mailbox,
   * else a text corpus. */
  async function loadCorpusFile(file) {
    const head = String.fromCharCode(...new Uint8Array(await file.slice(0, 5).arrayBuffer()));
    if (/\.zip$/i.test(file.name) || head.startsWith("PK\x03\x04")) return loadZip(file);
    if (/\.(mbox|mbx)$/i.test(file.name) || head === "From ") return loadMbox(file);
    return loadFile(file);
  }

  /** A file dropped on the message box: an email (any charset: its bytes are scored) or text. */
  async function dropMessage(file) {
    if (file.size > MAX_EMAIL_BYTES) {
      showInputError(t(lang, "nb.tooBig", { name: file.name, mb: (file.size / 1e6).toFixed(1) }), text);
      return;
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    text.value = new TextDecoder("utf-8").decode(bytes);
    dropped = { bytes, text: text.value };
    showInputError("", text);
    schedule();
    onChange("push");
  }

  on(text, "dragover", (ev) => { if (ev.dataTransfer?.types?.includes("Files")) ev.preventDefault(); });
  on(text, "drop", (ev) => {
    const f = ev.dataTransfer?.files?.[0];
    if (!f) return;
    ev.preventDefault();
    dropMessage(f);
  });
  section.querySelectorAll("[data-email]").forEach((b) => {
    on(b, "click", () => {
      text.value = emails.get(b.dataset.email) ?? "";
      schedule();
      onChange("push");
    });
  });
  on($("headers"), "change", () => {
    try {
      panel.setHeaderEvidence($("headers").checked);
      showInputError("");
    } catch (e) {
      showInputError(errorText(lang, e));
    }
    $("headers").checked = panel.headerEvidence();
    schedule(true);
    onChange("push");
  });
  // Where each message's class comes from: the header fields appear for "another header line".
  on($("label-rule"), "change", () => {
    $("label-field-row").hidden = $("label-rule").value !== "field";
  });
  on($("folder"), "change", (ev) => {
    const files = [...(ev.target.files ?? [])].map((file) => ({ path: file.webkitRelativePath || file.name, file }));
    const name = files[0]?.path.split("/")[0] ?? "";
    if (files.length) loadFolder(name, files);
    ev.target.value = "";
  });
  on(text, "input", () => { schedule(); onChange("replace"); });
  section.querySelectorAll("[data-example]").forEach((b) => {
    on(b, "click", () => {
      text.value = EXAMPLES[b.dataset.example];
      schedule();
      onChange("push");
    });
  });
  on(slider, "input", () => { setAlpha(sliderToAlpha(Number(slider.value)), "slider"); onChange("replace"); });
  on(slider, "change", () => onChange("push"));
  on(alphaBox, "change", () => {
    setAlpha(alphaBox.value.trim() === "" ? NaN : Number(alphaBox.value), "box");
    onChange("push");
  });
  section.querySelectorAll('[data-role="event"]').forEach((r) => {
    on(r, "change", () => {
      try { panel.setEventModel(r.value); showInputError(""); } catch (e) { showInputError(errorText(lang, e)); }
      schedule(true);
      onChange("push");
    });
  });
  on($("prior"), "change", (ev) => {
    panel.setPrior(ev.target.value);
    schedule(true);
    onChange("push");
  });
  const pick = (ev) => {
    const li = ev.target.closest("li[data-index]");
    if (li) showDetails(Number(li.dataset.index));
  };
  on(ledgerList, "focusin", pick);
  on(ledgerList, "mouseover", pick);
  on($("file"), "change", (ev) => {
    const f = ev.target.files?.[0];
    if (f) loadCorpusFile(f);
    ev.target.value = "";
  });
  const drop = $("drop");
  on(drop, "dragover", (ev) => { ev.preventDefault(); drop.classList.add("over"); });
  on(drop, "dragleave", () => drop.classList.remove("over"));
  on(drop, "drop", (ev) => {
    ev.preventDefault();
    drop.classList.remove("over");
    // A dropped folder (or several files) is a mailbox in folders; one file is read by kind.
    const entries = [...(ev.dataTransfer?.items ?? [])].map((i) => i.webkitGetAsEntry?.()).filter(Boolean);
    if (entries.some((e) => e.isDirectory) || entries.length > 1) {
      Promise.all(entries.map((e) => filesOfEntry(e, []))).then((lists) => {
        loadFolder(entries.length === 1 ? entries[0].name : "", lists.flat(), $("file"));
      }, (e) => showInputError(t(lang, "nb.notLoaded", { msg: sentenceOf(errorText(lang, e)) }), $("file")));
      return;
    }
    const f = ev.dataTransfer?.files?.[0];
    if (f) loadCorpusFile(f);
  });
  on($("reset"), "click", () => {
    panel.resetCorpus();
    showInputError("");
    schedule(true);
    onChange("push");
  });
  on($("export"), "click", () => {
    drawCurve();
    downloadCanvas($("curve"), "genlab-naive-bayes.png");
  });
  on($("cost-slider"), "input", () => { setCost(sliderToCost(Number($("cost-slider").value))); onChange("replace"); });
  on($("cost-slider"), "change", () => onChange("push"));
  on($("cost"), "change", () => { setCost(Number($("cost").value)); onChange("push"); });
  for (const r of ["bayes-on", "beta1", "beta0", "aham", "aspam"]) {
    on($(r), "change", () => { applySmoothing(); onChange("push"); });
  }
  on($("resample"), "change", () => {
    try {
      panel.setResampling($("resample").value);
      showInputError("");
    } catch (e) {
      showInputError(errorText(lang, e));
    }
    showResampling();
    schedule(true);
    onChange("push");
  });
  on(section.querySelector("details.editor"), "toggle", showMessages);
  on($("prev"), "click", () => { pageOffset = Math.max(0, pageOffset - PAGE); showMessages(); });
  on($("next"), "click", () => { pageOffset += PAGE; showMessages(); });
  on($("add"), "click", () => {
    const textBox = $("add-text");
    edit(() => {
      panel.addMessage($("add-label").value, textBox.value);
      textBox.value = "";
    });
  });
  on($("lookup"), "input", showLookup);

  const observer = new ResizeObserver(([entry]) => {
    // The content box: the canvas fills it (inside the printed frame's border too).
    const size = entry.contentBoxSize?.[0];
    curveBox = size ? { width: size.inlineSize, height: size.blockSize } : null;
    metricsDirty = true;
    schedule();
  });
  observer.observe($("curve-box"));
  cleanups.add(() => observer.disconnect());
  // A print redraws the chart at its printed size (and the screen's again after it).
  on(window, "beforeprint", () => { printing = true; drawCurve(); });
  on(window, "afterprint", () => { printing = false; drawCurve(); });

  /** The panel's settings, as the URL stores them. */
  function getState() {
    const event = section.querySelector('[data-role="event"]:checked')?.value ?? "multinomial";
    const sm = panel.smoothing();
    const b = sm && typeof sm === "object" && sm.kind === "bayesian" ? sm : null;
    const c = panel.costs();
    return {
      // The whole message: the core writes what a link can carry, and the length it cut.
      alpha: panel.alpha(), event, prior: $("prior").value, text: text.value, seed: panel.seed(),
      whole_chars: cutMessage && cutMessage.text === text.value ? cutMessage.whole : null,
      cost: c.false_positive / c.false_negative,
      pseudo: b ? [b.beta1, b.beta0, b.alpha_class[0], b.alpha_class[1]] : null,
      resample: panel.resampling(),
      headers: panel.headerEvidence(),
    };
  }

  /** Shows the settings `s` (a parsed URL state's `nb` part): every one of them, the
   * message too (an empty one is empty), each tried on its own so that one refused value
   * does not keep the others from showing; a refusal is said, never silent. */
  function setState(s) {
    recent.forget();
    const problems = [];
    const attempt = (fn) => { try { fn(); } catch (e) { problems.push(errorText(lang, e)); } };
    attempt(() => panel.setEventModel(s.event));
    attempt(() => panel.setPrior(s.prior));
    attempt(() => { if (panel.seed() !== s.seed) panel.setSeed(s.seed); });
    attempt(() => panel.setAlpha(s.alpha));
    attempt(() => panel.setCosts(s.cost, 1));
    attempt(() => panel.setSmoothing(s.pseudo));
    attempt(() => panel.setResampling(s.resample));
    attempt(() => panel.setHeaderEvidence(Boolean(s.headers)));
    $("headers").checked = panel.headerEvidence();
    showInputError(problems.join(" "));
    section.querySelectorAll('[data-role="event"]').forEach((r) => { r.checked = r.value === s.event; });
    $("prior").value = s.prior;
    text.value = typeof s.text === "string" ? s.text : "";
    cutMessage = s.whole_chars ? { text: text.value, whole: s.whole_chars } : null;
    showAlpha(panel.alpha(), "");
    showCosts();
    showSmoothing();
    metricsDirty = true;
    render();
  }

  /**
   * One frame of a lesson's glide toward the settings `s` (a URL state's `nb` part that
   * differs from the shown one in α and the cost ratio only): those two set and shown, the
   * ledger and the verdict rewritten at once. The test split's evaluation, its tables and
   * the chart wait for the step's setState at the glide's end: each would cost a frame.
   */
  function glideFrame(s) {
    try {
      panel.setAlpha(s.alpha);
      panel.setCosts(s.cost, 1);
    } catch {
      return;
    }
    showAlpha(panel.alpha(), "");
    showCosts();
    ledger = dropped && dropped.text === text.value ? panel.explainBytes(dropped.bytes) : panel.explain(text.value);
    writeLedger(ledger);
    writeEmail(ledger);
  }

  /** Switches the panel's words to `next`. */
  function setLang(next) {
    lang = next;
    applyLabels(section, lang);
    showCosts();
    showSmoothing();
    metricsDirty = true;
    render();
  }

  /** Projector mode for the chart. */
  function setProjector(onOff) {
    projector = onOff;
    schedule(true);
  }

  /** The chart's colours: the dark theme's or the light one's (redrawn at once). */
  function setTheme(dark) {
    panel.setTheme(Boolean(dark));
    if (!destroyed) drawCurve();
  }

  /** Removes the panel and frees its memory. */
  function destroy() {
    destroyed = true;
    cancelAnimationFrame(frame);
    clearTimeout(liveTimer);
    cleanups.run();
    panel.free();
    section.replaceChildren();
  }

  applyLabels(section, lang);
  hideControls(section, controls);
  showAlpha(panel.alpha(), "");
  showCosts();
  showSmoothing();
  // A state given at creation is the first drawing (mount() passes the link's): one fit and
  // one drawing on a first load, not the defaults' and then the state's.
  if (state) setState(state);
  else render();
  return { panel, render, glideFrame, getState, setState, setLang, setProjector, setTheme, destroy, loadFile, loadMbox, loadFolder, loadZip, setAlpha };
}
