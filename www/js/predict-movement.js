// Predict, then reveal: which way the GDA boundary moves. Loaded on demand (js/predict-gda.js
// starts it). The panel announces one change (the prior φ′, a class mean, the losses, the
// tilt of Σ (both generated clouds' correlation ρ), the model (GDA ↔ QDA: judged where the
// boundary crosses the line through the means, genlab::predict::judge_model_change); a
// lesson's `predict: movement` step names it, the button picks one that suits the state),
// the student picks one of five answers in a radio group (pointer, touch or keys), and
// "Commit" applies the change through the panel's own state setter (so undo, the history and
// the link follow it), then judges the choice with the exact model on the decision rules
// before and after (judgeMovement, in the lessons' module: genlab::predict::judge_movement_
// rules) and reveals the truth, with the old line dashed beside the new one. "Skip" applies
// and reveals without a score.

import { endPrediction, predictionBlock, predictionParts, resultLines, writeHints } from "./predict-parts.js";
import { recordPrediction } from "./predict-record.js";
import { classNames } from "./predict-gda.js";
import { clipLine } from "./predict.js";
import { fill as say } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
export const MOVES = ["toward0", "toward1", "turns", "slidesTurns", "stays"];

export const WORDS = {
  en: {
    legend: "How will the boundary move?",
    toward0: "It slides toward {c0}",
    toward1: "It slides toward {c1}",
    turns: "It turns (about a point inside the plot)",
    slidesTurns: "It slides and turns",
    stays: "It stays where it is",
    prior: "The change: the prior p(y = 1) will be set to φ′ = {to} (it is {from} now).",
    mean: "The change: the mean of {c} will move from ({x0}, {y0}) to ({x1}, {y1}); its points move with it.",
    losses: "The change: the losses will be set to λ₀₁ = {a1}, λ₁₀ = {b1} (they are λ₀₁ = {a0}, λ₁₀ = {b0} now).",
    tilt: "The change: both clouds will be drawn with the correlation ρ = {to} (it is {r0} for {c0} and {r1} for {c1} now), from the same seed: Σ tilts.",
    priorDone: "The change made: the prior p(y = 1) was set to φ′ = {to} (it was {from}).",
    meanDone: "The change made: the mean of {c} moved from ({x0}, {y0}) to ({x1}, {y1}), its points with it.",
    lossesDone: "The change made: the losses were set to λ₀₁ = {a1}, λ₁₀ = {b1} (they were λ₀₁ = {a0}, λ₁₀ = {b0}).",
    tiltDone: "The change made: both clouds were drawn with the correlation ρ = {to} (it was {r0} for {c0} and {r1} for {c1}), from the same seed: Σ tilted.",
    qda: "The change: the model will switch from GDA (one Σ shared by both classes: a line) to QDA (each class its own Σ: in general a curve).",
    gda: "The change: the model will switch from QDA (each class its own Σ: in general a curve) to GDA (one Σ shared by both classes: a line).",
    qdaDone: "The change made: the model switched from GDA (one shared Σ) to QDA (each class its own Σ).",
    gdaDone: "The change made: the model switched from QDA (each class its own Σ) to GDA (one shared Σ).",
    legendModel: "Where the boundary crosses the line through the two means, how will it move?",
    judgedModel: "A line and a curve are compared where they cross the line through the two means: a change of direction there of at most 5°, and a move along that line of at most 5 % of the distance between the means, count as staying.",
    crossed: "The rings mark where each boundary crosses the line through the means: there its direction changed by {angle}° and it moved {slide} % of the distance between the means{toward}.",
    crossedToward: " toward {c}",
    crossedPlain: "Where each boundary crosses the line through the means, its direction changed by {angle}° and it moved {slide} % of the distance between the means{toward}.",
    ringOne: " The ring marks the crossing inside the plot; the other lies outside it.",
    ringNone: " Both crossings lie outside the plot.",
    oldOutside: "The old boundary lies outside the plot; the change can be undone like any other.",
    oldCurve: "The old boundary is the dashed curve; the change can be undone like any other.",
    noCrossing: "The answer cannot be judged here: a boundary does not cross the line through the means from {c0}'s side to {c1}'s.",
    noFit: "The answer cannot be judged here: after the change the model cannot be fitted to these points; the numbers below say why.",
    noLine: "The answer cannot be judged here: after the change the two means coincide, and there is no boundary.",
    intro: "Pick your answer, then press Commit: the change is then made and the new boundary shown beside the old one (dashed).",
    commit: "Commit",
    skip: "Skip",
    done: "Done",
    pick: "Pick one of the five answers first.",
    started: "Prediction started. {change} {legend}",
    right: "Right: {truth}.",
    wrong: "Not so: {truth}. You said: {guess}.",
    skipped: "Skipped: the change is made, without a score; {truth}.",
    skippedBare: "Skipped: the change is made, without a score.",
    truth: "the boundary {what}",
    truthModel: "where it crosses the line through the means, the boundary {what}",
    revealed: "The old boundary is the dashed line; the change can be undone like any other.",
    noJudge: "Your answer could not be scored: the lab's judging module did not load. Skip makes the change.",
    why: "Why? ",
    unavailable: {
      classes: "A movement of the boundary can be predicted with two classes only.",
      model: "A movement of the boundary can be predicted for GDA with a shared Σ only: choose it under the model.",
      fit: "There is no fit to predict.",
      means: "The means coincide: there is no boundary to move.",
      change: "The change to predict must be exactly one of prior=φ (0 < φ < 1), mean0=x,y, mean1=x,y, losses=λ₀₁,λ₁₀ (both above 0), tilt=ρ (−0.95 ≤ ρ ≤ 0.95) or model=qda or model=gda.",
      tilt: "The tilt of Σ is a setting of generated clouds: choose “Generated Gaussian clouds” under Data.",
      modelFrom: "A change of model is predicted from GDA (one shared Σ) to QDA (each class its own Σ) or back: the model in force must be the other one of the two.",
    },
  },
  "zh-CN": {
    legend: "边界会怎样移动？",
    toward0: "向{c0}平移",
    toward1: "向{c1}平移",
    turns: "转动（绕图中的某一点）",
    slidesTurns: "平移并转动",
    stays: "保持不动",
    prior: "变化：先验 p(y = 1) 将设为 φ′ = {to}（现在是 {from}）。",
    mean: "变化：{c}的均值将从 ({x0}, {y0}) 移到 ({x1}, {y1})；它的点随之移动。",
    losses: "变化：损失将设为 λ₀₁ = {a1}，λ₁₀ = {b1}（现在是 λ₀₁ = {a0}，λ₁₀ = {b0}）。",
    tilt: "变化：两个点云将以相关系数 ρ = {to} 用同一个种子重新抽样（现在{c0}是 {r0}，{c1}是 {r1}）：Σ 倾斜。",
    priorDone: "已实施的变化：先验 p(y = 1) 设为 φ′ = {to}（原来是 {from}）。",
    meanDone: "已实施的变化：{c}的均值从 ({x0}, {y0}) 移到了 ({x1}, {y1})，它的点随之移动。",
    lossesDone: "已实施的变化：损失设为 λ₀₁ = {a1}，λ₁₀ = {b1}（原来是 λ₀₁ = {a0}，λ₁₀ = {b0}）。",
    tiltDone: "已实施的变化：两个点云以相关系数 ρ = {to} 用同一个种子重新抽样（原来{c0}是 {r0}，{c1}是 {r1}）：Σ 倾斜了。",
    qda: "变化：模型将从 GDA（两类共用一个 Σ：直线）换成 QDA（每类有自己的 Σ：一般是曲线）。",
    gda: "变化：模型将从 QDA（每类有自己的 Σ：一般是曲线）换成 GDA（两类共用一个 Σ：直线）。",
    qdaDone: "已实施的变化：模型从 GDA（共用 Σ）换成了 QDA（每类有自己的 Σ）。",
    gdaDone: "已实施的变化：模型从 QDA（每类有自己的 Σ）换成了 GDA（共用 Σ）。",
    legendModel: "在边界与两个均值连线相交的地方，边界会怎样移动？",
    judgedModel: "直线和曲线在它们与两个均值连线的交点处比较：那里的方向变化不超过 5°、沿连线的移动不超过两均值距离的 5 %，都算作不动。",
    crossed: "圆圈标出每条边界与均值连线的交点：在那里，边界的方向变化了 {angle}°，移动了两均值距离的 {slide} %{toward}。",
    crossedToward: "，朝向{c}",
    crossedPlain: "在每条边界与均值连线的交点处，边界的方向变化了 {angle}°，移动了两均值距离的 {slide} %{toward}。",
    ringOne: "圆圈标出图内的那个交点；另一个在图外。",
    ringNone: "两个交点都在图外。",
    oldOutside: "旧边界在图外；这一变化可以像其他操作一样撤销。",
    oldCurve: "旧边界是虚线曲线；这一变化可以像其他操作一样撤销。",
    noCrossing: "这里无法评判答案：有一条边界没有从{c0}一侧到{c1}一侧穿过均值连线。",
    noFit: "这里无法评判答案：变化之后，模型无法拟合这些点；下方的数值部分说明了原因。",
    noLine: "这里无法评判答案：变化之后两个均值重合，没有边界。",
    intro: "选出你的答案，然后按“提交”：随后实施这一变化，新边界显示在旧边界（虚线）旁边。",
    commit: "提交",
    skip: "跳过",
    done: "完成",
    pick: "请先从五个答案中选一个。",
    started: "预测开始。{change}{legend}",
    right: "正确：{truth}。",
    wrong: "不对：{truth}。你的答案：{guess}。",
    skipped: "已跳过：已实施变化，不计分；{truth}。",
    skippedBare: "已跳过：已实施变化，不计分。",
    truth: "边界{what}",
    truthModel: "在与均值连线相交处，边界{what}",
    revealed: "旧边界是虚线；这一变化可以像其他操作一样撤销。",
    noJudge: "无法为你的答案评分：实验室的评判模块没有加载。按“跳过”可实施变化。",
    why: "为什么？",
    unavailable: {
      classes: "只有两个类别时才能预测边界的移动。",
      model: "只有共享 Σ 的 GDA 才能预测边界的移动：请在模型中选择它。",
      fit: "没有可预测的拟合结果。",
      means: "两个均值重合：没有可移动的边界。",
      change: "要预测的变化必须恰好是以下之一：prior=φ（0 < φ < 1）、mean0=x,y、mean1=x,y、losses=λ₀₁,λ₁₀（均大于 0）、tilt=ρ（−0.95 ≤ ρ ≤ 0.95）、model=qda 或 model=gda。",
      tilt: "Σ 的倾斜是生成点云的设置：请在“数据”中选择“生成的高斯点云”。",
      modelFrom: "更换模型的预测是从 GDA（共用 Σ）到 QDA（每类有自己的 Σ）或反过来：当前的模型必须是两者中的另一个。",
    },
  },
};

const words = (lang) => WORDS[lang] || WORDS.en;
const fixed = (x, d = 2) => (Object.is(Math.round(x * 10 ** d), -0) ? 0 : x).toFixed(d);
const logit = (p) => Math.log(p / (1 - p));
/** A number as short as it is exact to 4 decimals (1, 0.8, 2.5). */
const short = (x) => String(Number(x.toFixed(4)));

/** The covariance setting each model of a model change stands for. */
const COVARIANCE = { qda: "per-class", gda: "shared" };

/**
 * Why the movement cannot be predicted on the summary `s`, or null: before a change of
 * model (`change.kind === "model"`) the model in force is the other of GDA and QDA (QDA with
 * its quadratic drawn); every other change needs GDA's line.
 */
export function unpredictable(s, change = null) {
  if (s.classes !== 2) return "classes";
  if (change?.kind === "model") {
    if (s.models.covariance !== COVARIANCE[change.to === "qda" ? "gda" : "qda"]) return "modelFrom";
    if (change.to === "gda" && !s.quadratic) return "fit";
  } else if (s.models.covariance !== "shared") return "model";
  if (!s.w || !s.mu || !s.n) return "fit";
  return s.coincident ? "means" : null;
}

/** The drawn decision rule [w₁, w₂, b] of the summary `s`: the fit's log-odds with the prior
 * override applied, less the Bayes threshold log(λ₁₀/λ₀₁). */
export function decisionRule(s) {
  const fitted = Math.log(s.n[1]) - Math.log(s.n[0]);
  const phi = s.models.prior;
  const shift = phi != null && phi > 0 && phi < 1 ? logit(phi) - fitted : 0;
  return [s.w[0], s.w[1], s.b + shift - s.threshold];
}

/**
 * The change to announce: from `params` (exactly one of prior, mean0, mean1, losses, tilt, model),
 * or, without any, one that suits the state `s` in the window `view` (the `turn`-th press
 * picks the prior, the losses, a mean, the model (GDA → QDA), in turn; under QDA, back to GDA). `{kind: "prior", to}`, `{kind: "mean",
 * cls, to: [x, y]}`, `{kind: "losses", to: [λ₀₁, λ₁₀]}`, `{kind: "tilt", to: ρ}`, `{kind: "model",
 * to: "qda" | "gda"}` or null (bad).
 */
export function chooseChange(params, s, view, turn = 0) {
  const given = ["prior", "mean0", "mean1", "losses", "tilt", "model"].filter((k) => params && params[k] != null);
  if (given.length > 1) return null;
  if (given.length === 1) {
    const k = given[0];
    const v = params[k];
    if (k === "model") return v === "qda" || v === "gda" ? { kind: "model", to: v } : null;
    if (k === "tilt") {
      const to = Number(v);
      return to >= -0.95 && to <= 0.95 ? { kind: "tilt", to } : null;
    }
    if (k === "prior") {
      const to = Number(v);
      return to > 0 && to < 1 ? { kind: "prior", to } : null;
    }
    const pair = (Array.isArray(v) ? v : String(v).split(",")).map(Number);
    if (pair.length !== 2 || !pair.every(Number.isFinite)) return null;
    if (k === "losses") return pair.every((x) => x > 0) ? { kind: "losses", to: pair } : null;
    return { kind: "mean", cls: k === "mean0" ? 0 : 1, to: pair };
  }
  // Under QDA the one change this kind takes is back to GDA.
  if (s.models.covariance === "per-class") return { kind: "model", to: "gda" };
  const pick = ["prior", "losses", "mean", "model"][turn % 4];
  if (pick === "model") return { kind: "model", to: "qda" };
  if (pick === "prior") {
    const now = s.models.prior ?? s.phi;
    return { kind: "prior", to: now > 0.5 ? 0.2 : 0.8 };
  }
  if (pick === "losses") {
    const [a, b] = [s.models.loss01, s.models.loss10];
    return { kind: "losses", to: a === b ? [1, 4] : [2 * a, 2 * b] };
  }
  // μ₁ moved 1.5 across the line of the means (to whichever side stays inside the window).
  const [m0, m1] = s.mu;
  const d = [m1[0] - m0[0], m1[1] - m0[1]];
  const n = Math.hypot(d[0], d[1]);
  const across = [-d[1] / n, d[0] / n];
  const inView = ([x, y]) => x > view[0] && x < view[1] && y > view[2] && y < view[3];
  for (const sign of [1, -1]) {
    const to = [m1[0] + sign * 1.5 * across[0], m1[1] + sign * 1.5 * across[1]];
    if (inView(to)) return { kind: "mean", cls: 1, to };
  }
  return { kind: "prior", to: (s.models.prior ?? s.phi) > 0.5 ? 0.2 : 0.8 };
}

let presses = 0;

/**
 * Starts a movement prediction on the GDA panel (see the module's comment). `ctx`: section,
 * panel, render, lang, params, getState/setState/historyData (the panel controller's),
 * onChange (the page's history), onEnd. Null (after saying why under the button) when none can start.
 */
export function startMovementPrediction({ section, panel, render, lang, params = {}, getState, setState, historyData = () => null, onChange = () => {}, onEnd = () => {} }) {
  const button = section.querySelector('button[data-role="predict"]');
  const box = section.querySelector('[data-role="box"]');
  const canvas = section.querySelector('[data-role="canvas"]');
  const before = panel.summary();
  const view = Array.from(panel.viewRect());
  const hasParams = params && Object.keys(params).length > 0;
  let why = before.classes !== 2 ? "classes" : !before.mu || !before.n ? "fit" : null;
  const change = why ? null : chooseChange(params, before, view, hasParams ? 0 : presses);
  if (!why && !change) why = "change";
  if (!why) why = unpredictable(before, change);
  // The tilt is a generating setting: it changes generated clouds only.
  if (!why && change.kind === "tilt" && before.source !== "generated") why = "tilt";
  const buttonRow = button.closest("p") || button;
  const block = predictionBlock({ role: "predict", lang, after: buttonRow, refusal: why && (words(lang).unavailable[why] || why) });
  if (!block) return null;
  if (!hasParams) presses += 1;
  const names = () => classNames(before, lang);
  const ruleBefore = decisionRule(before);
  const modelChange = change.kind === "model";
  // The drawn boundary before, as [a₁₁, a₁₂, a₂₂, b₁, b₂, c] (a line: A = 0).
  const drawnBefore = modelChange && change.to === "gda" ? before.quadratic.slice() : [0, 0, 0, ...ruleBefore];
  const lossesBefore = [before.models.loss01, before.models.loss10];
  const rhoBefore = getState().rho.slice();
  let revealed = false;
  let verdict = null;
  let truth = null;
  let judging = false;
  let crossings = null;
  let facts = null;
  // Why there is no truth after the change, when there is none: "noFit" (no fit of the model
  // after it), "noLine" (its means coincide) or "noCrossing" (a boundary misses the line of
  // the means).
  let noTruth = null;
  let haveJudge = false;
  // What the figure shows after the reveal (each ring, the old boundary): the sentences say only
  // what is drawn, and are written again when a new view shows more or less.
  let shown = { rings: [false, false], old: false };
  const judgeReady = import("./genlab.js").then((g) => g.loadLessonCore()).then(() => import("../pkg-lesson/genlab.js"));
  judgeReady.catch(() => {});

  const announce = document.createElement("p");
  announce.dataset.role = "predict-change";
  announce.className = "explain";
  const fieldset = document.createElement("fieldset");
  fieldset.dataset.role = "predict-moves";
  const legend = document.createElement("legend");
  fieldset.append(legend);
  const radios = MOVES.map((m) => {
    const label = document.createElement("label");
    label.className = "check";
    label.style.display = "block";
    const input = Object.assign(document.createElement("input"), { type: "radio", name: `${section.id || "gda"}-move`, value: m });
    input.dataset.role = `predict-move-${m}`;
    const text = document.createElement("span");
    label.append(input, " ", text);
    fieldset.append(label);
    return { m, input, text };
  });
  // How a change of model is judged, said before the commit (a plain line: projector mode
  // hides hints).
  const judgedNote = document.createElement("p");
  judgedNote.dataset.role = "predict-judged";
  judgedNote.className = "explain";
  judgedNote.hidden = !modelChange;
  const intro = document.createElement("p");
  intro.className = "hint";
  const { actions, result, live, writeActionWords, showRevealed, announceRevealed } = predictionParts("predict", { reveal, end: () => destroy() });
  block.append(announce, judgedNote, fieldset, intro, result, actions, live);
  button.disabled = true;
  buttonRow.hidden = true;

  // After the reveal: the old line (or QDA's old curve), dashed, over the figure, and for a
  // change of model a ring where each boundary crosses the line through the means.
  const svg = document.createElementNS(SVG, "svg");
  svg.dataset.role = "predict-old-line";
  svg.setAttribute("aria-hidden", "true");
  Object.assign(svg.style, { position: "absolute", inset: "0", width: "100%", height: "100%", pointerEvents: "none", overflow: "visible" });
  const old = document.createElementNS(SVG, "line");
  const oldCurve = document.createElementNS(SVG, "path");
  oldCurve.setAttribute("fill", "none");
  for (const el of [old, oldCurve]) {
    el.setAttribute("stroke", "var(--ink-strong, #111)");
    el.setAttribute("stroke-width", "2");
    el.setAttribute("stroke-dasharray", "8 6");
    el.setAttribute("visibility", "hidden");
  }
  const rings = [0, 1].map((i) => {
    const ring = document.createElementNS(SVG, "circle");
    ring.dataset.role = `predict-crossing-${i ? "after" : "before"}`;
    ring.setAttribute("r", "7");
    ring.setAttribute("fill", "none");
    ring.setAttribute("stroke", "var(--ink-strong, #111)");
    ring.setAttribute("stroke-width", "2");
    if (!i) ring.setAttribute("stroke-dasharray", "3 3");
    ring.setAttribute("visibility", "hidden");
    return ring;
  });
  svg.append(old, oldCurve, ...rings);
  box.append(svg);

  function draw() {
    if (!revealed) return;
    const rect = canvas.getBoundingClientRect();
    const scale = canvas.width / (rect.width || 1);
    const [l, t, r, b] = Array.from(panel.plotBox()).map((v) => v / scale);
    const v = panel.viewRect();
    const css = ([x, y]) => [l + ((x - v[0]) / (v[1] - v[0])) * (r - l), b - ((y - v[2]) / (v[3] - v[2])) * (b - t)];
    const was = JSON.stringify(shown);
    shown = { rings: [false, false], old: false };
    drawOld(v, css);
    // A ring grows with the plot, so that it is seen on a projector (7 px at least).
    const radius = Math.max(7, 0.015 * (r - l)).toFixed(1);
    rings.forEach((ring, i) => {
      const at = crossings?.[i];
      const inside = at && at[0] >= v[0] && at[0] <= v[1] && at[1] >= v[2] && at[1] <= v[3];
      ring.setAttribute("visibility", inside ? "visible" : "hidden");
      shown.rings[i] = Boolean(inside);
      if (!inside) return;
      const [x, y] = css(at);
      ring.setAttribute("cx", x.toFixed(1));
      ring.setAttribute("cy", y.toFixed(1));
      ring.setAttribute("r", radius);
    });
    if (was !== JSON.stringify(shown) && !result.hidden) writeResult();
  }

  /** The old line, or QDA's old curve, dashed where it lies inside the view `v`. */
  function drawOld(v, css) {
    if (drawnBefore.slice(0, 3).some((a) => a !== 0)) {
      const d = conicPath(drawnBefore, v, css);
      oldCurve.setAttribute("d", d || "M0 0");
      oldCurve.setAttribute("visibility", d ? "visible" : "hidden");
      shown.old = Boolean(d);
      return;
    }
    const [w1, w2, c] = ruleBefore;
    // Two points of the old line w₁x + w₂y + c = 0.
    const p = Math.abs(w2) > Math.abs(w1) ? [[0, -c / w2], [1, -(c + w1) / w2]] : [[-c / w1, 0], [-(c + w2) / w1, 1]];
    const seg = clipLine(p[0], p[1], v);
    old.setAttribute("visibility", seg ? "visible" : "hidden");
    shown.old = Boolean(seg);
    if (!seg) return;
    const [a, e] = seg.map(css);
    old.setAttribute("x1", a[0].toFixed(1));
    old.setAttribute("y1", a[1].toFixed(1));
    old.setAttribute("x2", e[0].toFixed(1));
    old.setAttribute("y2", e[1].toFixed(1));
  }

  const chosen = () => radios.find((r) => r.input.checked)?.m ?? null;
  const moveText = (m) => say(words(lang)[m], { c0: names()[0], c1: names()[1] });

  /** Makes the change through the controller's state setter (a history entry). */
  function apply() {
    const st = getState();
    const models = { ...st.models };
    if (change.kind === "prior") models.prior = change.to;
    if (change.kind === "losses") [models.loss01, models.loss10] = change.to;
    const next = { ...st, models };
    if (change.kind === "tilt") next.rho = [change.to, change.to];
    if (modelChange) models.covariance = COVARIANCE[change.to];
    if (change.kind === "mean") {
      const means = [before.mu[0].slice(), before.mu[1].slice()];
      means[change.cls] = change.to.slice();
      next.means = means;
    }
    // (The user's own points, which a state does not carry, go with it as the history's do.)
    setState(next, historyData());
    onChange("push");
  }

  async function reveal(judge) {
    if (revealed || judging) return;
    const guess = chosen();
    if (judge && !guess) {
      result.hidden = false;
      result.replaceChildren(Object.assign(document.createElement("p"), { className: "input-error", textContent: words(lang).pick }));
      live.textContent = words(lang).pick;
      return;
    }
    judging = true;
    let judgeMovement = null;
    try {
      const core = await judgeReady;
      judgeMovement = modelChange ? core.judgeModelChange : core.judgeMovement;
    } catch {
      // Said below for a commit; a skip makes the change all the same.
    }
    judging = false;
    if (revealed) return;
    haveJudge = Boolean(judgeMovement);
    if (judge && !judgeMovement) {
      result.hidden = false;
      result.replaceChildren(Object.assign(document.createElement("p"), { className: "input-error", textContent: words(lang).noJudge }));
      return;
    }
    apply();
    const after = panel.summary();
    const afterWhy = unpredictable(after, modelChange ? { kind: "model", to: change.to === "qda" ? "gda" : "qda" } : null);
    noTruth = afterWhy === "means" ? "noLine" : afterWhy ? "noFit" : "noCrossing";
    if (judgeMovement && modelChange) {
      const qda = change.to === "qda" ? after : before;
      const drawnAfter = change.to === "qda" ? after.quadratic : after.w && [0, 0, 0, ...decisionRule(after)];
      if (!drawnAfter) noTruth = "noFit";
      try {
        const v = judgeMovement({ to: change.to, before: drawnBefore, after: drawnAfter, mu: before.mu, sigmas: qda.sigmas, view }, guess || "stays");
        truth = v.truth;
        facts = v;
        crossings = v.crossings;
        if (judge) verdict = { ...v, guess };
      } catch {
        // (A boundary that does not cross between the means, or QDA not fitted: said below.)
      }
    } else if (judgeMovement && !unpredictable(after)) {
      const drawn = { kind: change.kind, before: ruleBefore, after: decisionRule(after), view, losses_before: lossesBefore, losses_after: [after.models.loss01, after.models.loss10] };
      try {
        const v = judgeMovement(drawn, guess || "stays");
        truth = v.truth;
        if (judge) verdict = { ...v, guess };
      } catch {
        // (No line after the change: the truth is not said.)
      }
    }
    revealed = true;
    announce.textContent = changeText();
    radios.forEach((r) => { r.input.disabled = true; });
    showRevealed(intro);
    render();
    writeResult();
    recordPrediction({
      panel: "gda",
      kind: "movement",
      skipped: !verdict,
      answer: verdict ? { change: { ...change }, movement: guess } : null,
      truth: truth ? { movement: truth } : null,
      score: verdict ? { right: verdict.score ? 1 : 0 } : {},
      hints: verdict ? verdict.hints.map((h) => h.id) : [],
      lang,
    });
    announceRevealed();
  }

  function writeResult() {
    const w = words(lang);
    result.hidden = false;
    const { p, lines: out } = resultLines();
    const truthText = truth ? say(modelChange ? w.truthModel : w.truth, { what: lowerFirst(moveText(truth), lang) }) : "";
    if (!truth && haveJudge) {
      p(say(w[noTruth], { c0: names()[0], c1: names()[1] }), "predict-score");
    } else if (!verdict) {
      p(truth ? say(w.skipped, { truth: truthText }) : w.skippedBare, "predict-score");
    } else {
      p(say(verdict.score ? w.right : w.wrong, { truth: truthText, guess: moveText(verdict.guess) }), "predict-score");
      writeHints(p, verdict.hints, lang, w.why, "predict");
    }
    if (facts) {
      const percent = Math.abs(facts.slide) * 100;
      const toward = percent >= 0.05 ? say(w.crossedToward, { c: names()[facts.slide < 0 ? 0 : 1] }) : "";
      const seen = shown.rings.filter(Boolean).length;
      const params = { angle: fixed(facts.angle, 1), slide: fixed(percent, 1), toward };
      p(seen === 2 ? say(w.crossed, params) : say(w.crossedPlain, params) + (seen ? w.ringOne : w.ringNone), "predict-crossed");
    }
    p(!shown.old ? w.oldOutside : modelChange && change.to === "gda" ? w.oldCurve : w.revealed);
    result.replaceChildren(...out);
  }

  function changeText() {
    const w = words(lang);
    // Once made, the change is said in the past (the "now" numbers are then the old ones).
    const key = (k) => w[revealed ? `${k}Done` : k];
    if (change.kind === "prior") return say(key("prior"), { to: short(change.to), from: short(before.models.prior ?? before.phi) });
    if (change.kind === "losses") return say(key("losses"), { a1: short(change.to[0]), b1: short(change.to[1]), a0: short(lossesBefore[0]), b0: short(lossesBefore[1]) });
    if (modelChange) return key(change.to);
    if (change.kind === "tilt") return say(key("tilt"), { to: short(change.to), r0: short(rhoBefore[0]), r1: short(rhoBefore[1]), c0: names()[0], c1: names()[1] });
    const from = before.mu[change.cls];
    return say(key("mean"), { c: names()[change.cls], x0: fixed(from[0]), y0: fixed(from[1]), x1: fixed(change.to[0]), y1: fixed(change.to[1]) });
  }

  function writeWords() {
    const w = words(lang);
    block.setAttribute("lang", lang);
    announce.textContent = changeText();
    judgedNote.textContent = w.judgedModel;
    legend.textContent = modelChange ? w.legendModel : w.legend;
    for (const r of radios) r.text.textContent = moveText(r.m);
    intro.textContent = w.intro;
    writeActionWords(w);
    if (revealed) writeResult();
  }

  function destroy() {
    revealed = true;
    svg.remove();
    endPrediction({ block, button, row: buttonRow, onEnd, redraw: render });
  }

  writeWords();
  live.textContent = say(words(lang).started, { change: changeText(), legend: modelChange ? words(lang).legendModel : words(lang).legend });
  radios[0].input.focus({ preventScroll: true });

  return {
    kind: "movement",
    // Nothing is hidden: the figure shows the state before the change, which is no answer.
    hidden: () => false,
    revealed: () => revealed,
    change: () => ({ ...change }),
    draw,
    verdict: () => verdict,
    truth: () => truth,
    setLang(next) {
      lang = next;
      writeWords();
    },
    destroy,
  };
}

/** "It slides…" as the end of "the boundary …" (English: "slides…"; Chinese as it is). */
function lowerFirst(text, lang) {
  return lang === "zh-CN" ? text : text.replace(/^It /, "");
}

/**
 * The dashed outline of the conic z(x) = xᵀAx + bᵀx + c = 0, `q = [a₁₁, a₁₂, a₂₂, b₁, b₂, c]`,
 * inside the window `v`, as an SVG path in the figure's pixels (`css` maps a point): marching
 * squares on a 96 × 72 grid, each cell's sign changes joined by straight pieces ("" when the
 * curve misses the window).
 */
export function conicPath(q, v, css, nx = 96, ny = 72) {
  const [a11, a12, a22, b1, b2, c] = q;
  const z = (x, y) => a11 * x * x + 2 * a12 * x * y + a22 * y * y + b1 * x + b2 * y + c;
  const xs = Array.from({ length: nx + 1 }, (_, i) => v[0] + ((v[1] - v[0]) * i) / nx);
  const ys = Array.from({ length: ny + 1 }, (_, j) => v[2] + ((v[3] - v[2]) * j) / ny);
  const grid = ys.map((y) => xs.map((x) => z(x, y)));
  const cut = (p, zp, r, zr) => {
    // The same edge is cut by the two cells that share it: in one order, so the point is the same.
    if (p[0] > r[0] || (p[0] === r[0] && p[1] > r[1])) [p, zp, r, zr] = [r, zr, p, zp];
    const f = zp / (zp - zr);
    return [p[0] + f * (r[0] - p[0]), p[1] + f * (r[1] - p[1])];
  };
  const pieces = [];
  for (let j = 0; j < ny; j++) {
    for (let i = 0; i < nx; i++) {
      const corners = [[xs[i], ys[j], grid[j][i]], [xs[i + 1], ys[j], grid[j][i + 1]], [xs[i + 1], ys[j + 1], grid[j + 1][i + 1]], [xs[i], ys[j + 1], grid[j + 1][i]]];
      const cuts = [];
      for (let k = 0; k < 4; k++) {
        const [px, py, zp] = corners[k];
        const [rx, ry, zr] = corners[(k + 1) % 4];
        if (zp > 0 !== zr > 0) cuts.push(cut([px, py], zp, [rx, ry], zr));
      }
      for (let k = 0; k + 1 < cuts.length; k += 2) pieces.push([cuts[k], cuts[k + 1]]);
    }
  }
  // Pieces that share an end are joined into runs, so that the dashes run on along the curve
  // (each subpath would start its dash pattern afresh).
  const key = ([x, y]) => `${x.toPrecision(12)},${y.toPrecision(12)}`;
  const ends = new Map();
  pieces.forEach((piece, i) => piece.forEach((pt) => ends.set(key(pt), [...(ends.get(key(pt)) || []), i])));
  const used = new Set();
  const next = (pt) => (ends.get(key(pt)) || []).find((i) => !used.has(i));
  const runs = [];
  for (let i = 0; i < pieces.length; i++) {
    if (used.has(i)) continue;
    used.add(i);
    const run = pieces[i].slice();
    for (const forward of [true, false]) {
      for (let j = next(forward ? run.at(-1) : run[0]); j != null; j = next(forward ? run.at(-1) : run[0])) {
        used.add(j);
        const [a, b] = pieces[j];
        const end = forward ? run.at(-1) : run[0];
        const far = key(a) === key(end) ? b : a;
        if (forward) run.push(far);
        else run.unshift(far);
      }
    }
    runs.push(run);
  }
  return runs.map((run) => run.map((pt, k) => {
    const [x, y] = css(pt);
    return `${k ? "L" : "M"}${x.toFixed(1)} ${y.toFixed(1)}`;
  }).join("")).join("");
}
