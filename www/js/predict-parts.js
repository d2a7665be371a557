// The parts every prediction shows under its question (the GDA boundary's, js/predict.js;
// the spam bet's, js/predict-spam.js; the learning curves' crossing, js/predict-crossover.js):
// Commit, Skip and Done (hidden until the reveal) in a row of actions, the result (hidden
// until the reveal) and a polite live region. Each part's data-role is `${kind}-commit`,
// `${kind}-result`…; the caller places them and writes their words. After the reveal the row
// also offers "Save my record" (`${kind}-save`: this visit's predictions as a file, in every
// route; js/predict-record-view.js): it shows once the prediction is recorded with its Done
// shown, in the language of the block it sits in. And what every prediction's result is
// written with: its paragraphs (`resultLines`) and the fired misconceptions' hints
// (`writeHints`).

import { HINTS } from "./predict-hints.js";

const SAVE = { en: "Save my record", "zh-CN": "保存我的记录" };

export function predictionParts(kind) {
  const button = () => Object.assign(document.createElement("button"), { type: "button" });
  const actions = Object.assign(document.createElement("p"), { className: "actions" });
  const [commit, skip, done, save] = ["commit", "skip", "done", "save"].map((name) => {
    const b = button();
    b.dataset.role = `${kind}-${name}`;
    return b;
  });
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
  save.addEventListener("click", () => import("./predict-record-view.js").then((m) => m.openRecord(save, lang())));
  return { actions, commit, skip, done, save, result, live };
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
