// The parts every prediction shows under its question (the GDA boundary's, js/predict.js;
// the spam bet's, js/predict-spam.js; the learning curves' crossing, js/predict-crossover.js):
// Commit, Skip and Done (hidden until the reveal) in a row of actions, the result (hidden
// until the reveal) and a polite live region. Each part's data-role is `${kind}-commit`,
// `${kind}-result`…; the caller places them and writes their words. After the reveal the row
// also offers "Save my record" (`${kind}-save`: this visit's predictions as a file, in every
// route; js/predict-record-view.js): it shows once the prediction is recorded with its Done
// shown, in the language of the block it sits in. And the shell every kind shares around its
// own question: the block it sits in (`predictionBlock`), the row's wiring and words and the
// reveal's steps (`predictionParts`' wiring, `writeActionWords`, `showRevealed`,
// `announceRevealed`), the close (`endPrediction`), what its result is written with: its
// paragraphs (`resultLines`) and the fired misconceptions' hints (`writeHints`).

import { HINTS } from "./predict-hints.js";
import { loadPart } from "./util.js";

const SAVE = { en: "Save my record", "zh-CN": "保存我的记录" };

/** A `<button type="button">`, with data-role `role` when one is given. */
export function makeButton(role) {
  const b = Object.assign(document.createElement("button"), { type: "button" });
  if (role) b.dataset.role = role;
  return b;
}

/**
 * A row of buttons (`p.actions`), spaced as under a figure (style.css's `.figure .actions`)
 * wherever it sits: buttons appended side by side touched outside one (the spam and
 * categorical panels' Commit and Skip, their quiz's Next and End). Through the CSSOM, so the
 * rule travels with the modules that make such rows, not in the first load.
 */
export function actionsRow() {
  const row = Object.assign(document.createElement("p"), { className: "actions" });
  Object.assign(row.style, { display: "flex", flexWrap: "wrap", gap: "0.4rem 1rem", alignItems: "center" });
  return row;
}

/**
 * The block a prediction sits in: a `div.predict` with data-role `role`, in `lang`, placed
 * right after `after` when one is given. With a `refusal` (why the state cannot be asked
 * about) the block holds only that sentence, as an alert, for 8 s, and this returns null.
 */
export function predictionBlock({ role, lang, after = null, refusal = null }) {
  const block = document.createElement("div");
  block.className = "predict";
  block.dataset.role = role;
  if (lang) block.setAttribute("lang", lang);
  after?.after(block);
  if (!refusal) return block;
  const p = document.createElement("p");
  p.className = "input-error";
  p.setAttribute("role", "alert");
  p.textContent = refusal;
  block.append(p);
  setTimeout(() => block.remove(), 8000);
  return null;
}

/**
 * Closes a prediction: removes its `block`, gives back the `button` that opened it (enabled,
 * its `row` shown again when one was hidden), runs `onEnd()` and then `redraw()`, and puts
 * the focus back on the button.
 */
export function endPrediction({ block, button, row = null, onEnd = () => {}, redraw = () => {} }) {
  block.remove();
  button.disabled = false;
  if (row) row.hidden = false;
  onEnd();
  redraw();
  button.focus({ preventScroll: true });
}

/**
 * The parts (see the module's comment) of a prediction of kind `kind`. Given `reveal` and
 * `end`, Commit calls `reveal(true)` (judge, then show), Skip `reveal(false)`, Done `end()`.
 * Also returns the row's `writeActionWords` and the reveal's `showRevealed` and
 * `announceRevealed`.
 */
export function predictionParts(kind, { reveal, end } = {}) {
  const actions = actionsRow();
  const [commit, skip, done, save] = ["commit", "skip", "done", "save"].map((name) => makeButton(`${kind}-${name}`));
  done.hidden = true;
  save.hidden = true;
  actions.append(commit, skip, done, save);
  const result = document.createElement("div");
  result.dataset.role = `${kind}-result`;
  result.hidden = true;
  const live = Object.assign(document.createElement("p"), { className: "sr-only" });
  live.setAttribute("aria-live", "polite");
  live.dataset.role = `${kind}-live`;
  const lang = () => (actions.closest("[lang]")?.getAttribute("lang") === "zh-CN" ? "zh-CN" : "en");
  const label = () => {
    save.textContent = SAVE[lang()];
  };
  // Shown when this prediction has been recorded (its reveal: Done is shown by then).
  const recorded = () => {
    if (!actions.isConnected) {
      document.removeEventListener("genlab-prediction", recorded);
      return;
    }
    if (done.hidden || !save.hidden) return;
    label();
    save.hidden = false;
    const block = actions.parentElement;
    if (block) new MutationObserver(label).observe(block, { attributes: true, attributeFilter: ["lang"] });
  };
  document.addEventListener("genlab-prediction", recorded);
  save.addEventListener("click", async () => (await loadPart(() => import("./predict-record-view.js"), save, lang()))?.openRecord(save, lang()));
  if (reveal) {
    commit.addEventListener("click", () => reveal(true));
    skip.addEventListener("click", () => reveal(false));
  }
  if (end) done.addEventListener("click", () => end());
  /** The row's words, from the kind's `w` (its `commit`, `skip` and `done`). */
  const writeActionWords = (w) => {
    commit.textContent = w.commit;
    skip.textContent = w.skip;
    done.textContent = w.done;
  };
  // The reveal's steps every kind shares, around its own (it shows its answer, writes the
  // result and records the prediction): first Commit, Skip and the question's own parts
  // `asking` (its intro…) go and Done shows (Save looks for Done shown when the prediction is
  // recorded), last the live region says the result and Done takes the focus.
  const showRevealed = (...asking) => {
    for (const el of asking) el.hidden = true;
    commit.hidden = true;
    skip.hidden = true;
    done.hidden = false;
  };
  const announceRevealed = () => {
    live.textContent = result.textContent;
    done.focus({ preventScroll: true });
  };
  return { actions, commit, skip, done, save, result, live, writeActionWords, showRevealed, announceRevealed };
}

/**
 * A radio group to pick one of `count` classes (the k-class posterior's and the categorical
 * verdict's): a fieldset with data-role `role`, its legend, the choices side by side
 * (`predict-class-${c}`, radios named `name`: arrow keys move the pick, as ever), a hint
 * paragraph `note` and the `problem` line "pick one first" uses. Picking class c hides the
 * problem and runs `onPick(c)`. `value()` is the picked index or null; `askToPick(text)`
 * shows `text` as the problem, returns it (for the live region) and puts the focus on the
 * first choice.
 */
export function classPicker({ role, name, count, onPick = () => {} }) {
  const group = document.createElement("fieldset");
  group.dataset.role = role;
  const legend = document.createElement("legend");
  group.append(legend);
  const problem = Object.assign(document.createElement("p"), { className: "input-error", hidden: true });
  problem.dataset.role = "predict-problem";
  const choices = Array.from({ length: count }, (_, c) => {
    const label = document.createElement("label");
    label.className = "check";
    // Side by side (a few short names): the question, its choices and Commit stay close
    // together on a projector's screen.
    Object.assign(label.style, { display: "inline-flex", marginInlineEnd: "1.2rem" });
    const input = Object.assign(document.createElement("input"), { type: "radio", name, value: String(c) });
    input.dataset.role = `predict-class-${c}`;
    const text = document.createElement("span");
    label.append(input, " ", text);
    group.append(label);
    input.addEventListener("change", () => {
      if (!input.checked) return;
      problem.hidden = true;
      onPick(c);
    });
    return { input, text };
  });
  const note = Object.assign(document.createElement("p"), { className: "hint" });
  group.append(note);
  const value = () => {
    const on = choices.findIndex((ch) => ch.input.checked);
    return on < 0 ? null : on;
  };
  const askToPick = (text) => {
    problem.textContent = text;
    problem.hidden = false;
    choices[0]?.input.focus({ preventScroll: true });
    return text;
  };
  return { group, legend, choices, note, problem, value, askToPick };
}

/**
 * Paragraphs for a prediction's result: `p(text, role)` appends a `<p>` with that text (never
 * parsed as HTML) and data-role, and returns it; `lines` holds them in order.
 */
export function resultLines() {
  const lines = [];
  const p = (text, role) => {
    const el = document.createElement("p");
    el.textContent = text;
    if (role) el.dataset.role = role;
    lines.push(el);
    return el;
  };
  return { p, lines };
}

/**
 * Writes, with `p` (resultLines'), each fired misconception's hint (data-role
 * `${prefix}-hint`, class "explain") and its "why?" line (`${prefix}-why`, after the word
 * `why`), in `lang`, from the catalogue (js/predict-hints.js); an unknown id is skipped.
 */
export function writeHints(p, hints, lang, why, prefix) {
  const zh = lang === "zh-CN";
  for (const { id } of hints) {
    const h = HINTS[id];
    if (!h) continue;
    p(zh ? h.zh : h.en, `${prefix}-hint`).className = "explain";
    p(`${why}${zh ? h.why_zh : h.why_en}`, `${prefix}-why`);
  }
}
