// The naive Bayes panel's controller: the message box, settings and corpus loader in; the
// ledger, verdict and evaluation out (the ledger is drawn by nb/ledger.js, corpus files are
// read by nb/files.js). Every number is read from the Rust panel's answers,
// and user text only ever reaches the page as textContent.

import * as glue from "../pkg-nb/genlab.js";
import { SpamPanel, parseState } from "../pkg-nb/genlab.js";
import { num, pct, signed } from "./format.js";
import { t, applyLabels } from "./i18n.js";
import { messageText, errorText } from "./messages.js";
import { guardPanel } from "./recovery.js";
import { createLedger } from "./nb/ledger.js";
import { createLoaders, filesOfEntry } from "./nb/files.js";
import { cleanupList, downloadCanvas, hideControls, showMessageAt, lastControl, focusScrollables, sentence, fillAround, loadPart } from "./util.js";

export const EXAMPLES = {
  "en-spam": "WIN a FREE prize! Reply now to claim your cash reward, offer ends today.",
  "en-ham": "Are we still meeting tomorrow at 3pm to finish the lab report?",
  phish: "Your parcel is held at customs. Pay the fee now at www.parcel-fee.example to release it.",
  "zh-spam": "恭喜您中奖了！请点击链接领取免费礼品。",
  "zh-ham": "妈，我周末回家吃饭。",
};

/** Largest email read, in bytes (genlab::limits::MAX_EMAIL_BYTES). */
const MAX_EMAIL_BYTES = 10_000_000;

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
  /** The example emails, by id (raw sources from the core). */
  const emails = new Map(SpamPanel.exampleEmails());
  /** A file dropped on the message box: its bytes are scored (any charset) while the box still
   * shows its text unchanged. */
  let dropped = null;
  let ledger = null;
  let frame = 0;
  let metricsDirty = true;
  let destroyed = false;
  // A prediction under way (a bet, the strongest word, α = 0: their modules load on the
  // first press), its kind, or null; the natural frequencies' view once opened (predict-nf.js).
  let predicting = null;
  let predictingKind = "";
  let frequencies = null;
  // The worked example (js/nb-worked.js) once "Work it out" has opened, or null.
  let worked = null;
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
    // While the student predicts, the verdict is not read out either.
    if (predicting?.hidden()) view.stop();
    predicting?.remark?.();
    frequencies?.update(ledger.explanation.p_spam);
    worked?.refresh();
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

  // The ledger, the verdict, the email read and a word's details (nb/ledger.js).
  const view = createLedger({ $, panel, lang: () => lang, cutMessage: () => cutMessage, ledger: () => ledger });
  const { writeLedger, writeEmail, showDetails } = view;

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
      { name: messageText(lang, c.title), n: c.messages[0] + c.messages[1], ham: c.messages[0], spam: c.messages[1], v: c.vocabulary });
    // Resampling changes how many messages the model counts: "trained on" the training
    // part's size only when it did not.
    const after = panel.resampleSummary().report.after;
    const used = after[0] + after[1];
    $("split").textContent = t(lang, used === c.split[0] ? "nb.split" : "nb.splitResampled",
      { train: c.split[0], used, test: c.split[1], seed: num(panel.seed(), 0) });
    const credit = messageText(lang, c.credit);
    // A credit in the page's own words is written in its language; a dataset's citation
    // keeps its own (English).
    if (c.credit.code !== "nb.credit.sms" || lang === "en") $("credit").textContent = t(lang, "nb.credit", { credit });
    else fillAround($("credit"), t(lang, "nb.credit", { credit: "{credit}" }), "credit", credit, "en");
    // Notes (repeated messages removed, the encoding) are information, styled as such;
    // the lines that could not be read are problems with the file.
    const item = (kind) => (s) => {
      const li = document.createElement("li");
      li.className = kind;
      li.textContent = sentenceOf(messageText(lang, s));
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

  // Corpus files: a text corpus, an mbox, a folder of emails or a .zip of one (nb/files.js).
  const { loadFile, loadMbox, loadFolder, loadZip, loadCorpusFile } = createLoaders({
    section, $, panel, lang: () => lang, showInputError, schedule, onChange,
  });

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
  on($("common"), "change", () => {
    try {
      panel.setIgnoreCommonWords($("common").checked);
      showInputError("");
    } catch (e) {
      showInputError(errorText(lang, e));
    }
    $("common").checked = panel.ignoreCommonWords();
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
      ignore_common: panel.ignoreCommonWords(),
    };
  }

  /** Shows the settings `s` (a parsed URL state's `nb` part): every one of them, the
   * message too (an empty one is empty), each tried on its own so that one refused value
   * does not keep the others from showing; a refusal is said, never silent. */
  function setState(s) {
    recent.forget();
    // The held-out metrics are computed again only when a setting they depend on changed (a
    // quiz's new message, back to another message: the ledger alone).
    const settings = () => JSON.stringify({ ...getState(), text: null, whole_chars: null });
    const before = settings();
    const problems = [];
    const attempt = (fn) => { try { fn(); } catch (e) { problems.push(errorText(lang, e)); } };
    attempt(() => panel.setEventModel(s.event));
    attempt(() => panel.setPrior(s.prior));
    attempt(() => { if (panel.seed() !== s.seed) panel.setSeed(s.seed); });
    attempt(() => panel.setAlpha(s.alpha));
    attempt(() => panel.setCosts(s.cost, 1));
    attempt(() => panel.setSmoothing(s.pseudo));
    // (A resampling set again recounts the whole corpus: only when it changes, as the seed.)
    attempt(() => { if (panel.resampling() !== s.resample) panel.setResampling(s.resample); });
    attempt(() => panel.setHeaderEvidence(Boolean(s.headers)));
    $("headers").checked = panel.headerEvidence();
    attempt(() => panel.setIgnoreCommonWords(Boolean(s.ignore_common)));
    $("common").checked = panel.ignoreCommonWords();
    showInputError(problems.join(" "));
    section.querySelectorAll('[data-role="event"]').forEach((r) => { r.checked = r.value === s.event; });
    $("prior").value = s.prior;
    text.value = typeof s.text === "string" ? s.text : "";
    cutMessage = s.whole_chars ? { text: text.value, whole: s.whole_chars } : null;
    showAlpha(panel.alpha(), "");
    showCosts();
    showSmoothing();
    if (settings() !== before) metricsDirty = true;
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
    predicting?.setLang(lang);
    frequencies?.setLang(lang);
    worked?.setLang(lang);
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

  // Predict, then reveal: each kind's controls load on the first press of its button.
  // startPrediction(kind, params) does what the button does (a lesson's `predict:` step calls
  // it too): "bet", "word" ({toward: "spam" | "ham"}) or "alpha0"; it resolves to the
  // prediction's handle, or null when none started (the kind says why under its button, as
  // loadPart does when its module did not load).
  const KINDS = {
    bet: async () => (await load(() => import("./predict-spam.js"), "bet"))?.startSpamBet,
    word: async () => (await load(() => import("./predict-word.js"), "predict-word"))?.startStrongestWord,
    alpha0: async () => (await load(() => import("./predict-alpha0.js"), "predict-alpha0"))?.startAlphaZero,
  };
  const load = (part, role) => loadPart(part, $(role), lang);
  // The kind's module, loaded: `(params, onEnd) → handle | null`, which starts it at once (a
  // quiz applies its situation and asks in the same task), or null for no such kind.
  async function starter(kind) {
    const start = await KINDS[kind]?.();
    return start && ((params, onEnd) => start({
      section, panel, lang, button: $(kind === "bet" ? "bet" : `predict-${kind}`), message: () => text.value,
      toward: params?.toward === "ham" ? "ham" : "spam",
      alphaText: () => alphaText(panel.alpha()),
      bayes: () => $("bayes-on").checked,
      setAlphaZero: () => { setAlpha(0, ""); onChange("push"); },
      setAlphaBack: (a) => { setAlpha(a, ""); onChange("push"); },
      naturalFrequencies: (p) => SpamPanel.naturalFrequencies(p),
      onEnd,
    }));
  }
  async function startPrediction(kind = "bet", params = {}) {
    if ((!KINDS[kind] && kind !== "quiz") || predicting) return null;
    const ended = () => { predicting = null; predictingKind = ""; };
    // "Quiz me": a fresh message and one prediction, again and again (js/quiz.js).
    const quiz = kind === "quiz" && (await load(() => import("./quiz.js"), "quiz"));
    const begin = kind === "quiz"
      ? quiz && (() => quiz.openQuiz({ panel: "nb", section, lang, value: params?.value, hide: $("bet").closest("p"), after: $("bet").closest("p"), apply: setState, starter, hold: (h) => { predicting = h; predictingKind = "quiz"; }, onEnd: ended }))
      : await starter(kind);
    if (!begin || destroyed || predicting) return null;
    predicting = kind === "quiz" ? await begin() : begin(params, ended);
    predictingKind = predicting ? kind : "";
    // A verdict still waiting to be read out is not read.
    if (predicting) view.stop();
    return predicting;
  }
  on($("bet"), "click", () => startPrediction("bet"));
  on($("predict-word"), "click", () => startPrediction("word", { toward: "spam" }));
  // "Work it out": the worked example loads when it first opens (js/nb-worked.js).
  on($("worked-details"), "toggle", async () => {
    if (!$("worked-details").open || worked) return;
    const m = await load(() => import("./nb-worked.js"), "worked-details");
    // Not loaded: closed again, so the next opening fetches it again.
    if (!m) $("worked-details").open = false;
    if (!m || destroyed || worked) return;
    worked = m.attachNbWorked({ box: $("worked"), panel, message: () => text.value, lang, idPrefix: `${section.id || "nb"}-worked` });
  });
  on($("predict-alpha0"), "click", () => startPrediction("alpha0"));
  on($("quiz"), "click", () => startPrediction("quiz"));
  // "Of 1,000 messages like this one": the icon array beside the verdict, on demand.
  on($("nf-toggle"), "click", async () => {
    const open = $("nf-toggle").getAttribute("aria-expanded") !== "true";
    $("nf-toggle").setAttribute("aria-expanded", String(open));
    $("nf-view").hidden = !open;
    if (open && !frequencies) {
      const m = await load(() => import("./predict-nf.js"), "nf-toggle");
      if (!m) {
        $("nf-toggle").setAttribute("aria-expanded", "false");
        $("nf-view").hidden = true;
      }
      if (!m || destroyed || frequencies) return;
      frequencies = m.createFrequencies({ box: $("nf-view"), lang, count: (p) => SpamPanel.naturalFrequencies(p) });
    }
    frequencies?.update(ledger?.explanation.p_spam);
  });

  /** Removes the panel and frees its memory. */
  function destroy() {
    destroyed = true;
    cancelAnimationFrame(frame);
    view.stop();
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
  return { panel, bet: () => (predictingKind === "bet" ? predicting : null), prediction: () => predicting, startPrediction, render, glideFrame, getState, setState, setLang, setProjector, setTheme, destroy, loadFile, loadMbox, loadFolder, loadZip, setAlpha };
}
