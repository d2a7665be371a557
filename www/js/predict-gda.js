// The GDA panel's predictions: the chooser its "Predict…" button opens (a button per kind)
// and the start of each kind, each in its own module loaded on the first press (never with
// the panel's first load). gda.js's startPrediction(kind, params) calls `startGdaPrediction`
// (its button with the kind `menu`); a lesson's `predict:` step calls the same.

/** The chooser's words and the kinds it lists, in its order. */
import { t } from "./i18n.js";
import { loadPart } from "./util.js";

export const WORDS = {
  en: { menu: "What will you predict?", boundary: "The boundary", posterior: "The posterior at a point", movement: "Which way it moves", threshold: "The decision threshold", shape: "QDA's boundary shape", worked: "Or work it out: GDA's fit by hand", quiz: "Quiz me: a fresh situation", close: "Close" },
  "zh-CN": { menu: "你要预测什么？", boundary: "边界", posterior: "某点的后验概率", movement: "边界往哪里移动", threshold: "决策阈值", shape: "QDA 边界的形状", worked: "或者动手算：手工拟合 GDA", quiz: "测验我：换一个新情形", close: "关闭" },
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
 * render, lang, getState, setState, historyData, onChange, startPrediction, onEnd }): its handle, or
 * null when the kind is unknown or the state cannot be asked about (the kind's module then
 * says why under the button) or its module did not load (loadPart says so there). The kind
 * `menu` is the chooser: a handle too (so gda.js switches its language), which closes itself
 * and calls `ctx.startPrediction(kind)` when a kind is picked.
 */
export async function startGdaPrediction(kind, params, ctx) {
  params = params || {};
  if (kind === "menu") return openMenu(ctx);
  // "Quiz me": a fresh situation and one prediction, again and again (js/quiz.js).
  if (kind === "quiz") {
    const quiz = await loadPart(() => import("./quiz.js"), button(ctx), ctx.lang);
    if (!quiz) return null;
    const row = button(ctx).closest("p");
    // The situation is applied without drawing: the quiz draws once its question has hidden
    // the answer (ctx.render).
    return quiz.openQuiz({ ...ctx, panel: "gda", value: params.value, hide: row, after: row, apply: (s) => ctx.setState(s, null, { draw: false }), starter: (k) => kindStarter(k, ctx) });
  }
  // Not a prediction: the worked example of the fit, opened from the same chooser.
  if (kind === "worked") {
    const worked = await loadPart(() => import("./gda-worked.js"), button(ctx), ctx.lang);
    return worked ? worked.startGdaWorked(ctx) : null;
  }
  const start = await kindStarter(kind, ctx);
  return start ? start(params, ctx.onEnd) : null;
}

const button = (ctx) => ctx.section.querySelector('button[data-role="predict"]');

/** The kind's module, loaded: a function `(params, onEnd) → handle | null` that starts it at
 * once (a quiz applies its situation and asks in the same task), or null for no such kind or
 * when its module did not load (said under the Predict… button: a quiz's question is then
 * not asked, and says so). */
async function kindStarter(kind, ctx) {
  const load = {
    boundary: async () => (await import("./predict.js")).startBoundaryPrediction,
    // Two classes: p̂(y = 1 | x) on a slider; k > 2: the class whose region holds the point
    // (decided when it starts: a quiz applies its situation after loading).
    posterior: async () => {
      const [two, k] = await Promise.all([import("./predict-point.js"), import("./predict-region.js")]);
      return (c) => (c.panel.classes() > 2 ? k.startRegionPrediction(c) : two.startPosteriorPrediction(c));
    },
    movement: async () => (await import("./predict-movement.js")).startMovementPrediction,
    threshold: async () => (await import("./predict-threshold.js")).startThresholdPrediction,
    shape: async () => (await import("./predict-shape.js")).startShapePrediction,
  }[kind];
  const start = load && (await loadPart(load, button(ctx), ctx.lang));
  if (!start) return null;
  return (params, onEnd) => start({ ...ctx, params: params || {}, onEnd });
}

/**
 * The chooser under the "Predict…" button (which it hides while it is open, as a prediction
 * does): a labelled group of buttons, one per kind, and "Close".
 */
function openMenu({ section, lang, startPrediction: start, onEnd }) {
  const button = section.querySelector('button[data-role="predict"]');
  const buttonRow = button.closest("p") || button;
  const menu = document.createElement("div");
  menu.dataset.role = "predict-menu";
  menu.setAttribute("role", "group");
  menu.id = `${section.id || "gda"}-predict-menu`;
  const title = Object.assign(document.createElement("p"), { className: "hint" });
  title.id = `${menu.id}-title`;
  menu.setAttribute("aria-labelledby", title.id);
  const row = Object.assign(document.createElement("p"), { className: "actions" });
  const kindButton = (kind) => {
    const b = Object.assign(document.createElement("button"), { type: "button" });
    b.dataset.role = `predict-kind-${kind}`;
    b.addEventListener("click", async () => {
      close(false);
      // (A kind that cannot start says why under the button, which has the focus back.)
      if (!(await start(kind))) button.focus({ preventScroll: true });
    });
    return b;
  };
  const kinds = KINDS.map((kind) => [kind, kindButton(kind)]);
  row.append(...kinds.map(([, b]) => b));
  // A quiz and the worked example: after the kinds, set apart from them (neither is one
  // prediction of this state).
  const [quiz, worked] = ["quiz", "worked"].map(kindButton);
  const workedRow = Object.assign(document.createElement("p"), { className: "actions" });
  workedRow.append(quiz, worked);
  const shut = Object.assign(document.createElement("button"), { type: "button" });
  shut.dataset.role = "predict-menu-close";
  shut.addEventListener("click", () => close(true));
  workedRow.append(shut);
  menu.append(title, row, workedRow);
  buttonRow.after(menu);
  buttonRow.hidden = true;
  let open = true;
  function write() {
    const w = words(lang);
    menu.setAttribute("lang", lang);
    title.textContent = w.menu;
    for (const [kind, b] of kinds) b.textContent = w[kind];
    worked.textContent = w.worked;
    quiz.textContent = w.quiz;
    shut.textContent = w.close;
  }
  function close(focus) {
    if (!open) return;
    open = false;
    menu.remove();
    buttonRow.hidden = false;
    onEnd();
    if (focus) button.focus({ preventScroll: true });
  }
  write();
  kinds[0][1].focus({ preventScroll: true });
  return {
    kind: "menu",
    hidden: () => false,
    draw() {},
    verdict: () => null,
    setLang(next) {
      lang = next;
      write();
    },
    destroy: () => close(true),
  };
}

/**
 * Keeps the numbers table's cell `role` masked while a prediction needs it (the panel writes
 * the table on every drawing; gda-numbers.js hides the rows of w, b and the line itself):
 * `mask(text)` gives what the cell shows instead, and with `hideRow` its row is hidden too.
 * Returns the function that ends the mask (the caller draws after it).
 */
export function maskCell(section, role, mask, hideRow = false) {
  const cell = section.querySelector(`[data-role="${role}"]`);
  if (!cell) return () => {};
  const row = hideRow ? cell.closest("tr") : null;
  const was = row?.hidden ?? false;
  let on = true;
  const apply = () => {
    if (!on) return;
    const next = mask(cell.textContent);
    if (next !== cell.textContent) cell.textContent = next;
  };
  const observer = new MutationObserver(apply);
  observer.observe(cell, { childList: true, characterData: true, subtree: true });
  apply();
  if (row) row.hidden = true;
  return () => {
    if (!on) return;
    on = false;
    observer.disconnect();
    if (row) row.hidden = was;
  };
}

/**
 * Holds the 3-D view of p(x | y)·p(y) closed, its switch disabled, while a prediction hides
 * its answer: the view draws the boundary on its floor, and the tallest surface at a point is
 * the class the model picks there. Returns the function that gives the view back as it was
 * (once; later calls do nothing). No view in the panel (hidden controls): nothing to hold.
 * Neither makes a history entry (the switch's change says `quiet`): the state the link holds
 * is the student's, with the view as they left it.
 */
export function holdSurfaceClosed(section) {
  const v3 = section.querySelector('[data-role="v3"]');
  if (!v3) return () => {};
  const was = v3.checked;
  const set = (on) => {
    if (v3.checked === on) return;
    v3.checked = on;
    v3.dispatchEvent(new CustomEvent("change", { detail: { quiet: true } }));
  };
  set(false);
  v3.disabled = true;
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    v3.disabled = false;
    set(was);
  };
}

/**
 * Hides, in the task that starts a GDA prediction (the caller draws after it), what would give
 * its answer away: the fitted boundary and the heat map (GdaPanel.setBoundaryHidden), the 3-D
 * view (held closed), the pointer's readout (p = ½ on the boundary would give it away, so its
 * "point at the plot" goes too), the numbers table's cells that `masks` hold (maskCell's
 * ends), and what the panel's live regions named in `quiet` were about to say. Returns the
 * function that shows them again (the reveal's and the close's; the caller draws after it).
 */
export function hideGdaAnswer({ section, panel, masks = [], quiet = ["live", "cursor-live"] }) {
  const readout = section.querySelector('[data-role="pointer"]');
  if (readout) readout.hidden = true;
  panel.setBoundaryHidden(true);
  const surfaceBack = holdSurfaceClosed(section);
  for (const role of quiet) {
    const el = section.querySelector(`[data-role="${role}"]`);
    if (el) el.textContent = "";
  }
  return () => {
    for (const end of masks) end();
    panel.setBoundaryHidden(false);
    surfaceBack();
    if (readout) readout.hidden = false;
  };
}
