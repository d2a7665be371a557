// English and Simplified Chinese for every label, explanation and error on the page.
// `t(lang, key, params)` looks a label up. The Rust core's sentences are not here: they cross
// as codes and are written by messages.js.

const EN = {
  "app.tagline": "generative classifiers, live",
  "gda3d.toggle": "3-D view: p(x | y)·p(y)",
  "part.failed": "This part of genlab did not load (is the network down?). Press again to try once more.",
  "gda3d.failed": "The 3-D view could not be loaded ({msg}). The 2-D figure works as before; reload the page to try again.",
  "nav.gda": "Gaussian discriminant analysis",
  "nav.nb": "Naive Bayes",
  // The page's menu names the categorical and learning-curves panels before their strings
  // (i18n-cat.js, i18n-curves.js) are loaded.
  "cat.nav": "Categorical naive Bayes",
  "lc.nav": "Learning curves",
  "nav.label": "Panels",
  "boot.loading": "Loading the WebAssembly core…",
  "boot.failed": "genlab could not start: {msg}",
  "engine.recovered": "The engine behind this panel failed; it was restarted and your settings restored.",
  "engine.recoveredCorpus": "The engine behind this panel failed; it was restarted with your settings, but on the built-in corpus: load your own corpus again.",
  "engine.reload": "The engine behind this panel failed and was not restarted: reload the page to go on.",
  "engine.workerRestarted": "The learning curves' computation stopped responding; it was restarted.",
  "engine.workerReload": "The learning curves' computation stopped responding again: choose fewer sizes or splits, or reload the page.",
  "boot.no-wasm": "genlab needs WebAssembly, which this browser does not run or has turned off. Open this page in Safari 16 or newer (iPhone, iPad, Mac), or in a current Chrome, Edge or Firefox.",
  "boot.wasm-refused": "This browser is too old to run genlab safely: it cannot start WebAssembly under the page's security policy. Open this page in Safari 16 or newer (iPhone, iPad, Mac), or in a current Chrome, Edge or Firefox.",
  "boot.no-decompress": "This browser is too old to open genlab's single file: it cannot unpack the core the file carries compressed. Open the file in Safari 16.4 or newer (iPhone, iPad, Mac), or in a current Chrome, Edge or Firefox.",
  "shell.lang": "中文",
  "shell.langLabel": "切换到中文",
  "shell.projector": "Projector mode",
  "shell.copy": "Copy link",
  "shell.lessons": "Lessons",
  "shell.lms": "Download for your LMS",
  "shell.lmsTitle": "genlab: generative classifiers, live",
  "shell.lmsMaking": "Making the SCORM package…",
  "shell.lmsDone": "genlab-scorm.zip ({mb} MB) downloaded: upload it to your LMS as a SCORM 1.2 package. It opens in the state on screen now.",
  "shell.lmsFailed": "The SCORM package needs genlab.html beside this page, as in a release (scripts/dist.sh); it is not here.",
  "shell.copied": "Link copied to the clipboard.",
  "shell.copyManual": "Copy this link:",
  "shell.notices": "Some settings in the link were ignored or cut:",
  "shell.notice.unknown": "“{key}” is not a genlab setting",
  "shell.notice.repeated": "“{key}” appears twice; the first value counts",
  "shell.notice.invalid": "{key}: {rule}",
  "shell.notice.cut": "{key}: {rule}",
  "shell.notice.toolong": "the link is too long; the end was not read",
  "shell.notice.messagecut": "the message is cut: this link carries only its first {kept} of {whole} characters (the last {lost} are not in it), so the spam panel scores the cut message, and the whole message's verdict may differ. A long message travels whole as a file: save it as .eml or .txt and drop it on the message box",
  "shell.copiedOwn": "Link copied, but without your own points (a link cannot carry them): it opens on generated data. To share them, save them as CSV and paste them in where it is opened.",
  "shell.copiedOwnToo": "Nor does it carry your own points (save them as CSV and paste them in where it is opened).",
  "shell.copiedCut": "Link copied, but it cuts the message: it carries only the first {kept} of the message's {whole} characters (the last {lost} are left out), and opened it scores the cut message, whose verdict may differ. To share the whole message, save it as an .eml or .txt file and drop it on the message box.",
  "shell.dismiss": "Dismiss",
  "footer.text": "everything runs in your browser; nothing you type leaves this page. Each dataset is credited where it is shown.",
  "export.png": "Download figure (PNG)",

  "gda.title": "Gaussian Discriminant Analysis",
  "gda.lede": "Two classes, each a Gaussian with its own mean and one shared covariance Σ. The maximum-likelihood fit gives a posterior p(y=1|x) that is a logistic function of x, so the decision boundary is a straight line; give each class its own Σ (QDA, or naive Bayes with per-class variances) and it becomes a conic. Drag a class mean (or focus the plot and use the arrow keys) and watch the fit follow.",
  "gda.ledeK": "k classes, each a Gaussian with its own mean (one covariance Σ shared by all of them for GDA, one per class for QDA). The posterior p(y=c|x) turns the k class scores into probabilities that sum to 1, and each point of the plane goes to its most probable class: with a shared Σ the regions meet on straight lines, each a piece of the boundary between two classes. Drag any class mean (or focus the plot, press 1 to 5 and use the arrow keys) and watch the regions follow.",
  "gda.data": "Data",
  "gda.src.generated": "Generated Gaussian clouds",
  "gda.src.penguins-adelie-chinstrap": "Penguins: Adelie vs Chinstrap",
  "gda.src.penguins-adelie-gentoo": "Penguins: Adelie vs Gentoo",
  "gda.src.iris-versicolor-virginica": "Iris: versicolor vs virginica",
  "gda.src.penguins-three-species": "Penguins: all three species",
  "gda.src.iris-three-species": "Iris: all three species",
  "gda.classes": "Classes k",
  "gda.params": "Generating parameters",
  "gda.class0": "Class 0",
  "gda.class1": "Class 1",
  "gda.class2": "Class 2",
  "gda.class3": "Class 3",
  "gda.class4": "Class 4",
  "gda.seed": "Seed",
  "gda.resample": "New sample",
  "gda.numbers": "The fit, number by number",
  "gda.meanOf0": "mean of class 0",
  "gda.meanOf1": "mean of class 1",
  "gda.boundary": "Boundary",
  "gda.predict": "Predict",
  "gda.pointerHint": "Point at the plot to read p(y = 1 | x) there.",
  "gda.keys": "Keyboard: focus the plot, press 1 or 2 to pick a mean (1 to 5 with more classes), then the arrow keys (Shift for larger steps).",
  "gda.credit": "Data: {credit}",
  "gda.phiNote": "{k} of {m} points are class 1",
  "gda.outside": "(outside the plot)",
  "gda.classesNotLoaded": "The numbers of more than two classes did not load (is the network down?); they are fetched again when the figure next changes.",
  "gda.rowsOfGda": "(w, b and this line belong to shared-Σ GDA with the fitted φ; the figure and p(y = 1 | x) below belong to {drawn}.)",
  "gda.rowsThreshold": "(this line is where p(y = 1 | x) = 0.5, dashed in the figure; with these losses the decision boundary drawn solid is the parallel line where wᵀx + b = {t}.)",
  "gda.boundaryMoved": "a line parallel to {eq}, slid by the prior φ′ or the losses",
  "gda.drawnPrior": "{model} with φ′ = {phi}",
  "gda.posteriorDrawn": "(the drawn model)",
  "gda.at": "at x = {x}: p(y = 1 | x) = {p} ({pct})",
  "gda.aria": "GDA plot of {c0} (circles) and {c1} (triangles); class means at {m0} and {m1}; φ = {phi}.",
  "gda.ariaError": "GDA plot: {error}",
  "gda.live": "φ {phi}; boundary {eq}.",
  "gda.figure.fitted": "fitted 1σ, 2σ",
  "gda.figure.truth": "true Gaussians",
  "gda.figure.boundary": "boundary p = 0.5",
  "gda.figure.class0": "class 0",
  "gda.figure.class1": "class 1",
  "gda.figure.class2": "class 2",
  "gda.figure.class3": "class 3",
  "gda.figure.class4": "class 4",
  "gda.figure.regions": "decision boundary",
  "gda.figure.pairwise": "pairwise boundaries",
  "gda.pairwise": "Every pairwise boundary (dashed)",
  "gda.meanOfC": "mean of class c",
  "gda.kRule": "Decision",
  "gda.axis.x1": "x₁",
  "gda.axis.x2": "x₂",
  "gda.axis.bill length (mm)": "bill length (mm)",
  "gda.axis.bill depth (mm)": "bill depth (mm)",
  "gda.axis.petal length (cm)": "petal length (cm)",
  "gda.axis.petal width (cm)": "petal width (cm)",

  "gda.models": "Model",
  "gda.covariance": "Covariance",
  "gda.cov.shared": "shared Σ: GDA (linear)",
  "gda.cov.per-class": "Σ per class: QDA (conic)",
  "gda.cov.diagonal-per-class": "naive Bayes: diagonal Σs",
  "gda.cov.diagonal-shared": "naive Bayes: one diagonal Σ",
  "gda.logistic": "overlay logistic regression (discriminative)",
  "gda.lambda": "L2 strength λ",
  "gda.heat": "posterior heat map, contours p = 0.1, 0.9",
  "gda.decision": "Bayes decision rule",
  "gda.priorOverride": "override the prior p(y = 1) with φ′",
  "gda.loss01": "λ₀₁ (decide 0, truth 1)",
  "gda.loss10": "λ₁₀ (decide 1, truth 0)",
  "gda.decisionHelp": "Decide 1 when the log-odds exceeds log(λ₁₀/λ₀₁): where the conditional risks R(0|x) = λ₀₁ p(1|x) and R(1|x) = λ₁₀ p(0|x) are equal.",
  "gda.tools": "Your own points",
  "gda.mode.means": "drag means",
  "gda.mode.add0": "add class 0",
  "gda.mode.add1": "add class 1",
  "gda.mode.add2": "add class 2",
  "gda.mode.add3": "add class 3",
  "gda.mode.add4": "add class 4",
  "gda.mode.move": "move a point",
  "gda.mode.erase": "erase a point",
  "gda.outliers": "Add outliers to class 1",
  "gda.bimodal": "Make class 1 bimodal",
  "gda.csv": "Paste or load points (CSV)",
  "gda.csvHelp": "One point per line: x, y, label (a class from 0 to 4; labels 0 and 1 alone make two classes). A header line is fine.",
  "gda.csvApply": "Use these points",
  "gda.csvFile": "Load a CSV file of points",
  "gda.logisticRow": "Logistic regression",
  "gda.separable": "separable: no finite MLE; ridge fit with λ = {lambda}",
  "gda.softmaxRow": "Softmax regression (the logistic overlay)",
  "gda.thresholdRow": "Threshold",
  "gda.riskRow": "Training risk",
  "gda.risk": "{incurred} (the model expects {expected})",
  "gda.thresholdValue": "{t}: decide 1 when p(y = 1 | x) > {p}",
  "gda.training": "Training fit, model by model",
  "gda.model": "model",
  "gda.accuracy": "accuracy",
  "gda.loglik": "conditional log-likelihood Σ log p(y|x)",
  "gda.confusion": "TN FP / FN TP",
  "gda.model.gda": "GDA (shared Σ)",
  "gda.model.qda": "QDA",
  "gda.model.gnb": "Gaussian NB",
  "gda.model.logistic": "logistic regression",
  "gda.sigmasQda": "(QDA, divided by n_k)",
  "gda.sigmasGnb": "(naive Bayes: diagonal)",
  "gda.conic": "boundary: {kind}",
  "gda.figure.logistic": "logistic regression",
  "gda.figure.bayes": "Bayes decision boundary",
  "gda.figure.half": "p = 0.5 (fitted φ, equal losses)",
  "gda.csvFileError": "The file could not be read.",
  "gda.src.custom": "Your points",
  // Words, errors and accessibility (issue: errors next to their cause, Chinese complete,
  // text alternatives of the figures, scrolling boxes).
  "a11y.formula": "Formula (scrolls sideways)",
  "a11y.wordDetails": "Details of the word",
  "gda.ariaLine": " Decision boundary: {eq}.",
  "gda.ariaLineOutside": " Decision boundary {eq}, outside the plot.",
  "gda.ariaConic": " Decision boundary: {kind}.",
  "gda.conicKind.Ellipse": "an ellipse",
  "gda.conicKind.Hyperbola": "a hyperbola (two branches)",
  "gda.conicKind.Parabola": "a parabola",
  "gda.conicKind.CrossingLines": "two crossing lines",
  "gda.conicKind.ParallelLines": "two parallel lines",
  "gda.conicKind.Line": "a straight line",
  "gda.conicKind.Point": "a single point",
  "gda.conicKind.Empty": "none: one class wins everywhere",
  "gda.conicKind.Everywhere": "everywhere: the classes tie",
  "gda.csvPlaceholder": "x,y,label\n1.0,2.0,0\n3.5,4.1,1",
  "gda.className.Adelie": "Adelie",
  "gda.className.Chinstrap": "Chinstrap",
  "gda.className.Gentoo": "Gentoo",
  "gda.className.versicolor": "versicolor",
  "gda.className.virginica": "virginica",
  "gda.className.setosa": "setosa",
  // Print handout and themes (layout, print and dark mode).
  "print.link": "This exact state:",

  // GDA panel: the keyboard cursor of the point modes, coincident means, and a state a
  // link or a history step could not show.
  "gda.keys.add0": "Keyboard: focus the plot; the arrow keys move the cross (Shift: larger steps), Enter adds a class 0 point there, Delete or Backspace erases the point nearest it.",
  "gda.keys.add1": "Keyboard: focus the plot; the arrow keys move the cross (Shift: larger steps), Enter adds a class 1 point there, Delete or Backspace erases the point nearest it.",
  "gda.keys.add2": "Keyboard: focus the plot; the arrow keys move the cross (Shift: larger steps), Enter adds a class 2 point there, Delete or Backspace erases the point nearest it.",
  "gda.keys.add3": "Keyboard: focus the plot; the arrow keys move the cross (Shift: larger steps), Enter adds a class 3 point there, Delete or Backspace erases the point nearest it.",
  "gda.keys.add4": "Keyboard: focus the plot; the arrow keys move the cross (Shift: larger steps), Enter adds a class 4 point there, Delete or Backspace erases the point nearest it.",
  "gda.keys.move": "Keyboard: focus the plot; the arrow keys move the cross (Shift: larger steps), Enter picks up the point nearest it and Enter again puts it down (Escape too), Delete or Backspace erases the point nearest it.",
  "gda.keys.erase": "Keyboard: focus the plot; the arrow keys move the cross (Shift: larger steps), Enter, Delete or Backspace erases the point nearest it.",
  "gda.key.added": "Added a point of {cls} at {x}.",
  "gda.key.erased": "Erased the point at {x}.",
  "gda.key.picked": "Picked up the point at {x}; move it with the arrow keys, Enter puts it down.",
  "gda.key.dropped": "Put the point down at {x}.",
  "gda.key.none": "There is no point here to pick.",
  "gda.coincident": "The means coincide: with one Σ shared by both classes w = 0, the features carry no evidence and the prior alone decides (no boundary).",
  "gda.coincidentSpread": "The means coincide: under the shared-Σ model w = 0 and only the prior decides (no line). The drawn model, with a Σ per class, still tells the classes apart by their spread.",
  "gda.snapped": "{a} snapped onto {b}.",
};

// Chinese is loaded when it is first asked for (loadLang): an English first visit does not
// wait for it. The words are in i18n-zh.js; each panel's own come with the panel.
const ZH = {};

export const DICTS = { en: EN, "zh-CN": ZH };
export const LANGS = Object.keys(DICTS);

/** The label `key` in `lang` with `{name}` placeholders filled from `params`. */
/** `template` with each {name} replaced by String(params[name]): the words the predictions,
 * the quiz and the worked examples write from their own tables. */
export function fill(template, params) {
  return template.replace(/\{(\w+)\}/g, (_, k) => String(params[k]));
}

export function t(lang, key, params = {}) {
  const dict = DICTS[lang] || EN;
  const raw = key in dict ? dict[key] : EN[key];
  if (raw === undefined) return key;
  if (Array.isArray(raw)) return raw;
  return raw.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

/** Fills every element under `root` that has `data-i18n` (text), `data-i18n-aria`
 * (aria-label), `data-i18n-placeholder` or `data-i18n-title` with `lang`'s words. */
export function applyLabels(root, lang) {
  // A text or attribute already in place is left alone: rewriting it would make the browser
  // restyle and lay the panel out again (a page's first panel is laid out before the core
  // arrives, js/genlab.js prepare).
  for (const el of root.querySelectorAll("[data-i18n]")) {
    const text = t(lang, el.dataset.i18n);
    if (el.textContent !== text) el.textContent = text;
  }
  for (const [selector, key, attribute] of LABEL_ATTRIBUTES) {
    for (const el of root.querySelectorAll(selector)) {
      const text = t(lang, el.dataset[key]);
      if (el.getAttribute(attribute) !== text) el.setAttribute(attribute, text);
    }
  }
}
const LABEL_ATTRIBUTES = [["[data-i18n-aria]", "i18nAria", "aria-label"], ["[data-i18n-placeholder]", "i18nPlaceholder", "placeholder"], ["[data-i18n-title]", "i18nTitle", "title"]];

/**
 * Merges a panel's strings module (`loading`: the promise of it) into the tables, as `pick` names
 * its parts: `en` and `zh` (its words). Each loader below keeps its promise, so a module is
 * merged once.
 */
/** Merges a panel's own words, `{ en: {...}, "zh-CN": {...} }` from its own module (a panel
 * added to the registry loads them in its record's `strings()`; no line here). */
export function addWords(words) {
  Object.assign(EN, words.en);
  Object.assign(ZH, words["zh-CN"]);
}

function mergeStrings(loading, pick) {
  return loading.then((m) => {
    const { en, zh } = pick(m);
    Object.assign(EN, en);
    Object.assign(ZH, zh);
  });
}

// Each panel's strings but the GDA and spam panels' load when they are first needed: with
// the panel (js/genlab.js) or the view; never before the page's first panel.
let surfaceStrings = null;
/** The GDA panel's 3-D view's words (i18n-surface.js). */
export function loadSurfaceStrings() {
  surfaceStrings ??= mergeStrings(import("./i18n-surface.js"), (m) => ({ en: m.EN_SURFACE, zh: m.ZH_SURFACE }));
  return surfaceStrings;
}

let chinese = null;
/**
 * Makes `lang`'s words and the core's messages in it ready (Chinese: i18n-zh.js and
 * messages-zh.js, fetched once); a promise. `t` falls back to English until then.
 */
export function loadLang(lang) {
  if (lang !== "zh-CN") return Promise.resolve();
  chinese ??= Promise.all([import("./i18n-zh.js"), import("./messages.js"), import("./messages-zh.js")]).then(([words, messages, sentences]) => {
    Object.assign(ZH, words.ZH);
    Object.assign(messages.MESSAGES["zh-CN"], sentences.ZH);
  });
  return chinese;
}

let nbStrings = null;
/** The spam panel's words (i18n-nb.js), loaded with the panel: a first visit to the GDA panel
 * does not wait for them. */
export function loadNbStrings() {
  nbStrings ??= mergeStrings(import("./i18n-nb.js"), (m) => ({ en: m.EN_NB, zh: m.ZH_NB }));
  return nbStrings;
}

let catStrings = null;
/** The categorical naive Bayes panel's words and its core's sentences (i18n-cat.js). */
export function loadCatStrings() {
  catStrings ??= mergeStrings(import("./i18n-cat.js"), (m) => ({ en: m.EN_CAT, zh: m.ZH_CAT }));
  return catStrings;
}

let curvesStrings = null;
/** The learning-curves panel's words (i18n-curves.js). */
export function loadCurvesStrings() {
  curvesStrings ??= mergeStrings(import("./i18n-curves.js"), (m) => ({ en: m.EN_CURVES, zh: m.ZH_CURVES }));
  return curvesStrings;
}
