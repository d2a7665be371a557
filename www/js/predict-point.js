// Predict, then reveal: the posterior at a marked point, on the GDA panel. Loaded on demand
// (js/predict-gda.js starts it). The figure hides everything that shows the posterior (the
// boundary, the heat map: GdaPanel.setBoundaryHidden; the pointer's readout: gda.js asks
// `hidden()`), a point is marked, the student sets p̂(y = 1 | x) on a slider (pointer, touch
// or keys), and "Commit" judges it with the exact model (judgePosterior, in the lessons'
// module: genlab::predict::judge_posterior_facts on the drawn model's numbers as the panel's
// summary carries them) and reveals p, the boundary, the score |logit p̂ − logit p|, the
// misconceptions' hints and an icon array of natural frequencies ("of 1,000 points like this
// one, N are class 1"). "Skip" reveals without a score.

import { endPrediction, predictionBlock, predictionParts, resultLines, writeHints } from "./predict-parts.js";
import { recordPrediction } from "./predict-record.js";
import { classNames, hideGdaAnswer } from "./predict-gda.js";
import { fill as say } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";

export const WORDS = {
  en: {
    intro: "What is p({c1} | x) at the marked point, the probability the model gives class {c1} there? Set it on the slider (or with the arrow keys), then press Commit. The boundary and the heat map are hidden until then.",
    marker: "The marked point x = ({x}, {y})",
    slider: "Your p̂({c1} | x)",
    moved: "Your p̂ is {v}.",
    commit: "Commit",
    skip: "Skip",
    done: "Done",
    started: "Prediction started: a point is marked at ({x}, {y}) and the boundary is hidden. Set your p̂ on the slider, then commit.",
    score: "You said p̂ = {ph}; the model's p({c1} | x) = {p}. The gap |logit p̂ − logit p| is {gap}.",
    close: "Very close: your odds are within a factor 1.35 of the model's.",
    near: "Close: your odds are within a factor e ≈ 2.7 of the model's.",
    far: "Far from the model's posterior: look at which side of the boundary the point lies on and how far, in units of the spread along w.",
    skipped: "Skipped: the model's p({c1} | x) = {p} at the marked point is shown, without a score.",
    revealed: "The boundary is no longer hidden.",
    freq: "Of 1,000 points like this one, {n1} are {c1} and {n0} are {c0}.",
    freqLegend: "Each square is one point: filled for {c1}, hollow for {c0}.",
    noJudge: "Your answer could not be scored: the lab's judging module did not load. Skip shows the model's posterior.",
    why: "Why? ",
    unavailable: {
      classes: "A posterior at a point can be predicted with two classes only.",
      model: "A posterior at a point can be predicted for GDA with a shared Σ only: choose it under the model.",
      fit: "There is no fit to predict.",
      means: "The means coincide: the prior alone is the posterior everywhere.",
      at: "The marked point must be two finite numbers inside the plot.",
    },
  },
  "zh-CN": {
    intro: "在标记的点处，p({c1} | x) 是多少？也就是模型认为该点属于{c1}的概率。在滑块上设定（或用方向键），然后按“提交”。在此之前边界和热图是隐藏的。",
    marker: "标记的点 x = ({x}, {y})",
    slider: "你的 p̂({c1} | x)",
    moved: "你的 p̂ 是 {v}。",
    commit: "提交",
    skip: "跳过",
    done: "完成",
    started: "预测开始：已在 ({x}, {y}) 处标记一个点，边界已隐藏。在滑块上设定你的 p̂，然后提交。",
    score: "你给出 p̂ = {ph}；模型的 p({c1} | x) = {p}。差距 |logit p̂ − logit p| 为 {gap}。",
    close: "非常接近：你的几率与模型的相差不到 1.35 倍。",
    near: "接近：你的几率与模型的相差不到 e ≈ 2.7 倍。",
    far: "与模型的后验概率相差很远：看看这个点在边界的哪一侧，以及沿 w 方向按数据的散布来衡量离边界有多远。",
    skipped: "已跳过：显示了模型在标记点处的 p({c1} | x) = {p}，不计分。",
    revealed: "边界不再隐藏。",
    freq: "在 1,000 个这样的点中，{n1} 个属于{c1}，{n0} 个属于{c0}。",
    freqLegend: "每个方块代表一个点：实心为{c1}，空心为{c0}。",
    noJudge: "无法为你的答案评分：实验室的评判模块没有加载。按“跳过”可查看模型的后验概率。",
    why: "为什么？",
    unavailable: {
      classes: "只有两个类别时才能预测某点的后验概率。",
      model: "只有共享 Σ 的 GDA 才能预测某点的后验概率：请在模型中选择它。",
      fit: "没有可预测的拟合结果。",
      means: "两个均值重合：处处的后验概率都等于先验。",
      at: "标记的点必须是图中的两个有限数。",
    },
  },
};

const words = (lang) => WORDS[lang] || WORDS.en;
const fixed = (x, d = 2) => (Object.is(Math.round(x * 10 ** d), -0) ? 0 : x).toFixed(d);
/** A probability with three decimals, or "< 0.001" / "> 0.999" where three decimals would
 * round it to 0 or 1 (which it is not). */
export const prob3 = (p) => (p < 0.0005 ? "< 0.001" : p > 0.9995 ? "> 0.999" : p.toFixed(3));
const logit = (p) => Math.log(p / (1 - p));

/** Why the posterior cannot be predicted on the summary `s`, or null. */
export function unpredictable(s) {
  if (s.classes !== 2) return "classes";
  if (s.models.covariance !== "shared") return "model";
  if (!s.w || !s.sigma || !s.mu || !s.n) return "fit";
  return s.coincident ? "means" : null;
}

/**
 * The drawn model's numbers for the judge: the fitted rule (w, b) of the summary with the
 * prior override applied (b + logit φ′ − log(m₁/m₀): the posterior the figure draws), the
 * log prior odds in it, the means and Σ.
 */
export function drawnFacts(s) {
  const fitted = Math.log(s.n[1]) - Math.log(s.n[0]);
  const phi = s.models.prior;
  const priorLogOdds = phi != null && phi > 0 && phi < 1 ? logit(phi) : fitted;
  return { w: s.w, b: s.b + (priorLogOdds - fitted), prior_log_odds: priorLogOdds, mu: s.mu, sigma: s.sigma };
}

/**
 * The point the panel marks when none is given: the midpoint of the means when the drawn
 * prior is far from ½ (there p = φ, and "½ at the midpoint" is a mistake to catch), else a
 * point on the segment μ₀μ₁ where the drawn log-odds are one of ±0.9 … ±2.2 (p from about
 * 0.10 to 0.90: off the boundary, not far from it; which one follows from the means, so the
 * answer is not always the same); inside the view, else the view's centre.
 */
export function choosePoint(s, view) {
  const f = drawnFacts(s);
  const [m0, m1] = s.mu;
  const inView = ([x, y]) => x > view[0] && x < view[1] && y > view[2] && y < view[3];
  const mid = [(m0[0] + m1[0]) / 2, (m0[1] + m1[1]) / 2];
  if (Math.abs(f.prior_log_odds) >= 0.5 && inView(mid)) return mid;
  const z = (p) => f.w[0] * p[0] + f.w[1] * p[1] + f.b;
  const z0 = z(m0);
  const z1 = z(m1);
  const targets = [1.4, -1.1, 2.2, -1.8, 0.9, -2.2, 1.8, -0.9];
  const first = Math.floor(Math.abs(m0[0] * 1009 + m0[1] * 2003 + m1[0] * 3001 + m1[1] * 4001)) % targets.length;
  // Between the means first; else on their line beyond them (close means, a weak model).
  for (const [lo, hi] of [[0.15, 0.85], [-Infinity, Infinity]]) {
    for (let i = 0; i < targets.length && z1 !== z0; i += 1) {
      const t = (targets[(first + i) % targets.length] - z0) / (z1 - z0);
      const p = [m0[0] + t * (m1[0] - m0[0]), m0[1] + t * (m1[1] - m0[1])];
      if (t >= lo && t <= hi && inView(p)) return p;
    }
  }
  return [(view[0] + view[1]) / 2, (view[2] + view[3]) / 2];
}

/**
 * An icon array of 1,000 points, `n1` of class 1 (filled squares, class 1's colour) and the
 * rest of class 0 (hollow squares, class 0's colour), 50 across and 20 down; its text
 * alternative is `sentence`.
 */
export function iconArray(n1, sentence) {
  const svg = document.createElementNS(SVG, "svg");
  svg.dataset.role = "icon-array";
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", sentence);
  svg.setAttribute("viewBox", "0 0 300 120");
  svg.classList.add("icon-array");
  Object.assign(svg.style, { width: "100%", maxWidth: "300px", height: "auto", display: "block" });
  let filled = "";
  let hollow = "";
  for (let i = 0; i < 1000; i += 1) {
    const x = (i % 50) * 6 + 1;
    const y = Math.floor(i / 50) * 6 + 1;
    if (i < n1) filled += `M${x} ${y}h4v4h-4z`;
    else hollow += `M${x + 0.5} ${y + 0.5}h3v3h-3z`;
  }
  const one = document.createElementNS(SVG, "path");
  one.setAttribute("d", filled || "M0 0");
  one.setAttribute("fill", "var(--c1, #d55e00)");
  const zero = document.createElementNS(SVG, "path");
  zero.setAttribute("d", hollow || "M0 0");
  zero.setAttribute("fill", "none");
  zero.setAttribute("stroke", "var(--c0, #0072b2)");
  zero.setAttribute("stroke-width", "1");
  svg.append(one, zero);
  return svg;
}

/** The marker of a point over the figure: an SVG layer (data-role `predict-marker`, an
 * image named by the caller) holding a ring and a cross, `mark`, placed by placeMarker. */
export function pointMarker() {
  const svg = document.createElementNS(SVG, "svg");
  svg.dataset.role = "predict-marker";
  svg.setAttribute("role", "img");
  Object.assign(svg.style, { position: "absolute", inset: "0", width: "100%", height: "100%", pointerEvents: "none", overflow: "visible" });
  const mark = document.createElementNS(SVG, "g");
  for (const [colour, width] of [["var(--paper, #fff)", 6], ["var(--ink-strong, #111)", 2.5]]) {
    const ring = document.createElementNS(SVG, "circle");
    ring.setAttribute("r", "11");
    ring.setAttribute("fill", "none");
    ring.setAttribute("stroke", colour);
    ring.setAttribute("stroke-width", String(width));
    const cross = document.createElementNS(SVG, "path");
    cross.setAttribute("d", "M-17 0h10M7 0h10M0 -17v10M0 7v10");
    cross.setAttribute("stroke", colour);
    cross.setAttribute("stroke-width", String(width));
    mark.append(ring, cross);
  }
  svg.append(mark);
  return { svg, mark };
}

/** Places `mark` over the data point `point` of the panel's figure drawn on `canvas` (hidden
 * when the point is outside the plot's window). */
export function placeMarker(mark, canvas, panel, point) {
  const rect = canvas.getBoundingClientRect();
  const scale = canvas.width / (rect.width || 1);
  const [l, t, r, b] = Array.from(panel.plotBox()).map((v) => v / scale);
  const [x0, x1, y0, y1] = panel.viewRect();
  if (![l, t, r, b].every(Number.isFinite) || r <= l) return;
  const inside = point[0] >= x0 && point[0] <= x1 && point[1] >= y0 && point[1] <= y1;
  const px = l + ((point[0] - x0) / (x1 - x0)) * (r - l);
  const py = b - ((point[1] - y0) / (y1 - y0)) * (b - t);
  mark.setAttribute("visibility", inside ? "visible" : "hidden");
  mark.setAttribute("transform", `translate(${px.toFixed(1)} ${py.toFixed(1)})`);
}

/**
 * Starts a posterior prediction on the GDA panel (see the module's comment). `params.at` is
 * the marked point [x, y] (optional). Returns null (after saying why under the button) when
 * the state has no posterior to predict, else `{ hidden(), draw(), setLang(lang), verdict(),
 * point(), value(), destroy() }`.
 */
export function startPosteriorPrediction({ section, panel, render, lang, params = {}, onEnd = () => {} }) {
  const button = section.querySelector('button[data-role="predict"]');
  const box = section.querySelector('[data-role="box"]');
  const canvas = section.querySelector('[data-role="canvas"]');
  const s = panel.summary();
  const view = Array.from(panel.viewRect());
  let why = unpredictable(s);
  // `at` as the lessons' parser hands it ([x, y]) or as written ("x,y").
  const at = params.at != null ? (Array.isArray(params.at) ? params.at : String(params.at).split(",")).map(Number) : null;
  if (!why && at && !(at.length === 2 && at.every(Number.isFinite))) why = "at";
  const buttonRow = button.closest("p") || button;
  const block = predictionBlock({ role: "predict", lang, after: buttonRow, refusal: why && (words(lang).unavailable[why] || why) });
  if (!block) return null;
  const point = at || choosePoint(s, view);
  const names = () => classNames(s, lang);
  let hidden = true;
  let verdict = null;
  let judging = false;
  const judgeReady = import("./genlab.js").then((g) => g.loadLessonCore()).then(() => import("../pkg-lesson/genlab.js"));
  judgeReady.catch(() => {});

  // The marker: a ring and a cross over the figure, where the point is.
  const { svg, mark } = pointMarker();
  box.append(svg);

  const intro = document.createElement("p");
  intro.className = "hint";
  const row = document.createElement("p");
  row.className = "field-row";
  const label = document.createElement("label");
  const labelText = document.createElement("span");
  const slider = Object.assign(document.createElement("input"), { type: "range", min: "0", max: "1", step: "0.01", value: "0.5" });
  slider.dataset.role = "predict-p";
  const output = document.createElement("output");
  output.dataset.role = "predict-p-value";
  label.append(labelText, " ", slider, " ", output);
  row.append(label);
  const { actions, result, live, writeActionWords, showRevealed, announceRevealed } = predictionParts("predict", { reveal, end: destroy });
  block.append(intro, row, result, actions, live);
  button.disabled = true;
  buttonRow.hidden = true;

  const value = () => Number(slider.value);
  slider.addEventListener("input", () => { output.textContent = fixed(value()); });
  slider.addEventListener("change", () => { live.textContent = say(words(lang).moved, { v: fixed(value()) }); });

  const draw = () => placeMarker(mark, canvas, panel, point);

  async function judgeNow() {
    let judgePosterior;
    try {
      ({ judgePosterior } = await judgeReady);
    } catch {
      return fail(words(lang).noJudge);
    }
    const now = panel.summary();
    const reason = unpredictable(now);
    if (!reason) {
      try {
        return judgePosterior(drawnFacts(now), point[0], point[1], value());
      } catch {
        // (The judge refused the numbers: said as "no fit".)
      }
    }
    return fail(words(lang).unavailable[reason] || words(lang).unavailable.fit);
  }
  function fail(text) {
    result.hidden = false;
    result.replaceChildren(Object.assign(document.createElement("p"), { className: "input-error", textContent: text }));
    return null;
  }

  // The model's p at the point for a skip (the drawn model's, as the figure shows it).
  let skippedP = null;
  async function reveal(judge) {
    if (!hidden || judging) return;
    if (judge) {
      judging = true;
      verdict = await judgeNow();
      judging = false;
      if (!verdict || !hidden) return;
    } else {
      skippedP = panel.posteriorAtData(point[0], point[1]) ?? null;
    }
    hidden = false;
    showAnswer();
    slider.disabled = true;
    showRevealed(intro);
    render();
    writeResult();
    recordPrediction({
      panel: "gda",
      kind: "posterior",
      skipped: !verdict,
      answer: verdict ? { at: [...point], p: verdict.p_hat } : null,
      truth: verdict ? { p: verdict.p } : null,
      score: verdict ? { logit_gap: verdict.logit_gap } : {},
      hints: verdict ? verdict.hints.map((h) => h.id) : [],
      lang,
    });
    announceRevealed();
  }

  function writeResult() {
    const w = words(lang);
    const c = { c0: names()[0], c1: names()[1] };
    result.hidden = false;
    const { p, lines: out } = resultLines();
    if (!verdict) {
      p(say(w.skipped, { ...c, p: skippedP == null ? "—" : prob3(skippedP) }), "predict-score");
    } else {
      p(say(w.score, { ...c, ph: fixed(verdict.p_hat), p: prob3(verdict.p), gap: verdict.logit_gap.toFixed(2) }), "predict-score");
      p(w[verdict.logit_gap <= 0.3 ? "close" : verdict.logit_gap <= 1 ? "near" : "far"], "predict-sentence");
      writeHints(p, verdict.hints, lang, w.why, "predict");
      const [n0, n1] = verdict.frequencies;
      const sentence = say(w.freq, { ...c, n0, n1 });
      const figure = document.createElement("figure");
      figure.dataset.role = "predict-frequencies";
      const caption = document.createElement("figcaption");
      caption.textContent = `${sentence} ${say(w.freqLegend, c)}`;
      figure.append(iconArray(n1, sentence), caption);
      out.push(figure);
    }
    p(w.revealed);
    result.replaceChildren(...out);
  }

  function writeWords() {
    const w = words(lang);
    const c = { c0: names()[0], c1: names()[1] };
    block.setAttribute("lang", lang);
    svg.setAttribute("aria-label", say(w.marker, { x: fixed(point[0]), y: fixed(point[1]) }));
    intro.textContent = say(w.intro, c);
    labelText.textContent = say(w.slider, c);
    output.textContent = fixed(value());
    writeActionWords(w);
    if (!hidden) writeResult();
  }

  function destroy() {
    hidden = false;
    showAnswer();
    svg.remove();
    endPrediction({ block, button, row: buttonRow, onEnd, redraw: render });
  }

  writeWords();
  const showAnswer = hideGdaAnswer({ section, panel });
  live.textContent = say(words(lang).started, { x: fixed(point[0]), y: fixed(point[1]) });
  slider.focus({ preventScroll: true });

  return {
    kind: "posterior",
    hidden: () => hidden,
    draw,
    point: () => [...point],
    value,
    verdict: () => verdict,
    setLang(next) {
      lang = next;
      writeWords();
      draw();
    },
    destroy,
  };
}
