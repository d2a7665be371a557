// The GDA panel's predictions: the chooser its "Predict…" button opens (a button per kind)
// and the start of each kind, each in its own module loaded on the first press (never with
// the panel's first load). gda.js's startPrediction(kind, params) calls `startGdaPrediction`;
// a lesson's `predict:` step calls the same.

/** The chooser's words and the kinds it lists, in its order. */
import { t } from "./i18n.js";

export const WORDS = {
  en: { menu: "What will you predict?", boundary: "The boundary", posterior: "The posterior at a point", movement: "Which way it moves", threshold: "The decision threshold", shape: "QDA's boundary shape", close: "Close" },
  "zh-CN": { menu: "你要预测什么？", boundary: "边界", posterior: "某点的后验概率", movement: "边界往哪里移动", threshold: "决策阈值", shape: "QDA 边界的形状", close: "关闭" },
};
export const KINDS = ["boundary", "posterior", "movement", "threshold", "shape"];

const words = (lang) => WORDS[lang] || WORDS.en;

/** The class names as the figure draws them in `lang` (gda-numbers.js's figureText): the
 * page's words for generated data and default names, a preset's names translated where the
 * page has them. */
export function classNames(s, lang) {
  if (s.source === "generated" || s.class_names[0] === "class 0") return s.class_names.map((_, c) => t(lang, `gda.figure.class${c}`));
  return s.class_names.map((n) => { const k = `gda.className.${n}`; const v = t(lang, k); return v === k ? n : v; });
}

/**
 * Starts the prediction `kind` with its `params` on the GDA panel (`ctx`: { section, panel,
 * render, lang, getState, setState, onChange, onEnd }): its handle, or null when the kind is unknown or the state cannot
 * be asked about (the kind's module then says why under the button).
 */
export async function startGdaPrediction(kind, params, ctx) {
  closeMenu(ctx.section);
  if (kind === "boundary") {
    const { startBoundaryPrediction } = await import("./predict.js");
    return startBoundaryPrediction(ctx);
  }
  if (kind === "posterior") {
    const { startPosteriorPrediction } = await import("./predict-point.js");
    return startPosteriorPrediction({ ...ctx, params: params || {} });
  }
  if (kind === "movement") {
    const { startMovementPrediction } = await import("./predict-movement.js");
    return startMovementPrediction({ ...ctx, params: params || {} });
  }
  if (kind === "threshold") {
    const { startThresholdPrediction } = await import("./predict-threshold.js");
    return startThresholdPrediction(ctx);
  }
  if (kind === "shape") {
    const { startShapePrediction } = await import("./predict-shape.js");
    return startShapePrediction(ctx);
  }
  return null;
}

/** Closes the chooser, if it is open. */
export function closeMenu(section) {
  section.querySelector('[data-role="predict-menu"]')?.remove();
  section.querySelector('button[data-role="predict"]')?.setAttribute("aria-expanded", "false");
}

/**
 * Opens the chooser under the "Predict…" button (or closes it, if open): a group of buttons,
 * one per kind, each calling `start(kind)`.
 */
export function toggleMenu(section, lang, start) {
  const button = section.querySelector('button[data-role="predict"]');
  if (section.querySelector('[data-role="predict-menu"]')) {
    closeMenu(section);
    return;
  }
  const w = words(lang);
  const menu = document.createElement("div");
  menu.dataset.role = "predict-menu";
  menu.setAttribute("role", "group");
  menu.setAttribute("lang", lang);
  menu.id = `${section.id || "gda"}-predict-menu`;
  const title = Object.assign(document.createElement("p"), { className: "hint", textContent: w.menu });
  title.id = `${menu.id}-title`;
  menu.setAttribute("aria-labelledby", title.id);
  const row = Object.assign(document.createElement("p"), { className: "actions" });
  for (const kind of KINDS) {
    const b = Object.assign(document.createElement("button"), { type: "button", textContent: w[kind] });
    b.dataset.role = `predict-kind-${kind}`;
    b.addEventListener("click", () => start(kind));
    row.append(b);
  }
  const close = Object.assign(document.createElement("button"), { type: "button", textContent: w.close });
  close.dataset.role = "predict-menu-close";
  close.addEventListener("click", () => { closeMenu(section); button.focus({ preventScroll: true }); });
  row.append(close);
  menu.append(title, row);
  (button.closest("p") || button).after(menu);
  button.setAttribute("aria-expanded", "true");
  button.setAttribute("aria-controls", menu.id);
  row.querySelector("button").focus({ preventScroll: true });
}
