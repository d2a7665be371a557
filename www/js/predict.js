// Predict, then reveal: the GDA panel's boundary prediction. Loaded when the student first
// picks "The boundary" under "Predict…" (never with the panel's first load). The figure hides the
// fitted boundary (GdaPanel.setBoundaryHidden), the student places a ghost line with two
// handles (pointer, touch or arrow keys), and "Commit" judges it with the exact model
// (judgeBoundary: genlab::predict::judge_boundary_facts, on the fit's w, b, μ₀ and μ₁ as the
// panel's summary carries them) and reveals the boundary beside it; "Skip" reveals it without
// a score. The judge is in the lessons' module (pkg-lesson/), which the prediction starts
// loading when it opens: in the GDA panel's module it would grow every first load. The words
// are this module's own (both languages); the misconceptions' hints from js/predict-hints.js,
// which a native test writes from the Rust catalogue (the judge hands over their ids).

import { endPrediction, predictionBlock, predictionParts, resultLines, writeHints } from "./predict-parts.js";
import { recordPrediction } from "./predict-record.js";
import { hideGdaAnswer } from "./predict-gda.js";
import { fill as say } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";

/** This module's words. {x}-style slots are filled by `say`. */
export const WORDS = {
  en: {
    group: "Your predicted boundary",
    intro: "Where will the boundary be? Drag the two handles of the dashed line (or focus one and use the arrow keys; Shift moves further), then press Commit. The model's boundary is hidden until then.",
    handle: "Handle {k} of your line, at ({x}, {y}). Arrow keys move it.",
    moved: "Handle {k} at ({x}, {y}).",
    commit: "Commit",
    skip: "Skip",
    done: "Done",
    started: "Prediction started: the model's boundary is hidden. Place your line with the two handles, then commit.",
    score: "Your line is {angle}° from the model's boundary; the two rules decide alike on {agree} of the plot.",
    close: "Very close: your line nearly is the model's.",
    near: "Close, but not the model's line: look at where the two lines cross and which points they split differently.",
    far: "Far from the model's line. The boundary is where wᵀx + b = 0: at right angles to w = Σ⁻¹(μ₁ − μ₀), which is not always the direction μ₁ − μ₀.",
    skipped: "Skipped: the model's boundary is shown, without a score.",
    revealed: "The model's boundary is shown beside your dashed line.",
    revealedOutside: "The model's boundary lies outside the plot; your dashed line is drawn in it.",
    noJudge: "Your line could not be scored: the lab's judging module did not load. Skip shows the model's boundary.",
    why: "Why? ",
    unavailable: {
      classes: "A boundary can be predicted with two classes only.",
      model: "A boundary can be predicted for GDA with a shared Σ only: choose it under the model.",
      decision: "A boundary can be predicted with the fitted prior and equal losses only.",
      fit: "There is no fit to predict.",
      means: "The means coincide: there is no boundary to predict.",
    },
  },
  "zh-CN": {
    group: "你预测的边界",
    intro: "边界会在哪里？拖动虚线的两个控制点（或聚焦一个控制点后用方向键移动；按住 Shift 移得更远），然后按“提交”。在此之前模型的边界是隐藏的。",
    handle: "你的直线的第 {k} 个控制点，位于 ({x}, {y})。用方向键移动。",
    moved: "第 {k} 个控制点位于 ({x}, {y})。",
    commit: "提交",
    skip: "跳过",
    done: "完成",
    started: "预测开始：模型的边界已隐藏。用两个控制点放好你的直线，然后提交。",
    score: "你的直线与模型的边界相差 {angle}°；两条规则在图中 {agree} 的面积上判定一致。",
    close: "非常接近：你的直线几乎就是模型的边界。",
    near: "接近，但不是模型的直线：看看两条直线在哪里相交，以及它们对哪些点的划分不同。",
    far: "与模型的直线相差很远。边界是 wᵀx + b = 0 的直线：它垂直于 w = Σ⁻¹(μ₁ − μ₀)，而 w 并不总是沿 μ₁ − μ₀ 的方向。",
    skipped: "已跳过：显示了模型的边界，不计分。",
    revealed: "模型的边界显示在你的虚线旁边。",
    revealedOutside: "模型的边界在图外；图中画的是你的虚线。",
    noJudge: "无法为你的直线评分：实验室的评判模块没有加载。按“跳过”可查看模型的边界。",
    why: "为什么？",
    unavailable: {
      classes: "只有两个类别时才能预测边界。",
      model: "只有共享 Σ 的 GDA 才能预测边界：请在模型中选择它。",
      decision: "只有使用拟合的先验且两种损失相等时才能预测边界。",
      fit: "没有可预测的拟合结果。",
      means: "两个均值重合：没有可预测的边界。",
    },
  },
};

const words = (lang) => WORDS[lang] || WORDS.en;
const fixed = (x, d = 2) => (Object.is(Math.round(x * 10 ** d), -0) ? 0 : x).toFixed(d);

/** The one-sentence verdict on an agreement share a (0–1). */
export function verdictKey(a) {
  return a >= 0.95 ? "close" : a >= 0.8 ? "near" : "far";
}

/** The part of the line through p and q inside the rectangle [x0, x1] × [y0, y1], as two
 * points, or null (Liang–Barsky on the infinite line). */
export function clipLine(p, q, [x0, x1, y0, y1]) {
  const d = [q[0] - p[0], q[1] - p[1]];
  let lo = -Infinity;
  let hi = Infinity;
  for (const [delta, from, min, max] of [[d[0], p[0], x0, x1], [d[1], p[1], y0, y1]]) {
    if (delta === 0) {
      if (from < min || from > max) return null;
      continue;
    }
    const a = (min - from) / delta;
    const b = (max - from) / delta;
    lo = Math.max(lo, Math.min(a, b));
    hi = Math.min(hi, Math.max(a, b));
  }
  if (!(lo <= hi) || !Number.isFinite(lo)) return null;
  return [[p[0] + lo * d[0], p[1] + lo * d[1]], [p[0] + hi * d[0], p[1] + hi * d[1]]];
}

/**
 * Why the boundary cannot be predicted on the state whose summary (GdaPanel.summary()) is
 * `s`, or null when it can: the boundary is then the line where the fitted log-odds wᵀx + b
 * are 0, which needs two classes, GDA's shared Σ drawn ("model": QDA or naive Bayes is),
 * the fitted prior and equal losses (the Bayes threshold on the log-odds is 0; "decision"),
 * a fit (w; "fit") and means that differ ("means": w = 0, no boundary).
 */
export function unpredictable(s) {
  if (s.classes !== 2) return "classes";
  if (s.models.covariance !== "shared") return "model";
  if (s.models.prior != null || s.threshold !== 0) return "decision";
  if (!s.w) return "fit";
  return s.coincident ? "means" : null;
}

/**
 * Starts a boundary prediction on the GDA panel. `section` holds the panel, `panel` its
 * Rust handle, `render()` redraws the panel, `lang` is the page's language. Returns null
 * (after saying why under the button) when the state has no boundary to predict, else
 * `{ hidden(), draw(), setLang(lang), handles(), destroy() }`; `onEnd()` runs when the
 * student closes the prediction.
 */
export function startBoundaryPrediction({ section, panel, render, lang, onEnd = () => {} }) {
  const button = section.querySelector('button[data-role="predict"]');
  const box = section.querySelector('[data-role="box"]');
  const canvas = section.querySelector('[data-role="canvas"]');
  const why = unpredictable(panel.summary());
  const buttonRow = button.closest("p") || button;
  const block = predictionBlock({ role: "predict", lang, after: buttonRow, refusal: why && (words(lang).unavailable[why] || why) });
  if (!block) return null;

  // The ghost's handles in data units: a level line through the middle of the window,
  // across its middle half (no hint of where the boundary is).
  const [vx0, vx1, vy0, vy1] = panel.viewRect();
  const yc = (vy0 + vy1) / 2;
  const points = [[vx0 + 0.25 * (vx1 - vx0), yc], [vx0 + 0.75 * (vx1 - vx0), yc]];
  let hidden = true;
  let verdict = null;
  let modelSeen = true;
  let dragging = -1;
  // A commit waiting for the judge (the first press may wait for the lessons' module).
  let judging = false;
  // The judge's module (its glue, once genlab.js has loaded it), loading while the student
  // places the line; a failed load is said at the commit. (Imported here, not at the top:
  // the tests read this module's words in Node, where genlab.js cannot run.)
  const judgeReady = import("./genlab.js").then((g) => g.loadLessonCore()).then(() => import("../pkg-lesson/genlab.js"));
  judgeReady.catch(() => {});

  const svg = document.createElementNS(SVG, "svg");
  svg.dataset.role = "ghost";
  svg.setAttribute("role", "group");
  Object.assign(svg.style, { position: "absolute", inset: "0", width: "100%", height: "100%", pointerEvents: "none", overflow: "visible" });
  const halo = document.createElementNS(SVG, "line");
  const line = document.createElementNS(SVG, "line");
  for (const [el, colour, width] of [[halo, "var(--bg, #fff)", 6], [line, "var(--ink-strong, #111)", 2.5]]) {
    el.setAttribute("stroke", colour);
    el.setAttribute("stroke-width", String(width));
    el.setAttribute("stroke-dasharray", "10 6");
    el.setAttribute("stroke-linecap", "round");
    svg.append(el);
  }
  const knobs = [0, 1].map((k) => {
    const g = document.createElementNS(SVG, "g");
    g.dataset.role = `ghost-handle-${k}`;
    g.setAttribute("tabindex", "0");
    g.setAttribute("role", "button");
    g.setAttribute("aria-roledescription", "handle");
    Object.assign(g.style, { pointerEvents: "auto", touchAction: "none", cursor: "grab" });
    const hit = document.createElementNS(SVG, "circle");
    hit.setAttribute("r", "22");
    hit.setAttribute("fill", "transparent");
    const ring = document.createElementNS(SVG, "circle");
    ring.setAttribute("r", "9");
    ring.setAttribute("fill", "var(--bg, #fff)");
    ring.setAttribute("stroke", "var(--ink-strong, #111)");
    ring.setAttribute("stroke-width", "3");
    g.append(hit, ring);
    svg.append(g);
    return g;
  });
  box.append(svg);

  const intro = document.createElement("p");
  intro.className = "hint";
  const { actions, result, live, writeActionWords, showRevealed, announceRevealed } = predictionParts("predict", { reveal, end: destroy });
  // The result (hidden until the reveal, or a reason the commit could not be scored) above
  // the buttons that follow it.
  block.append(intro, result, actions, live);
  // The button stays out of sight until the prediction is closed (a disabled button looks
  // like one to press).
  button.disabled = true;
  buttonRow.hidden = true;

  /** Backing-store pixels per CSS pixel, and the plot box and window. */
  function frame() {
    const rect = canvas.getBoundingClientRect();
    const scale = canvas.width / (rect.width || 1);
    const [l, t, r, b] = panel.plotBox();
    return { rect, scale, box: [l, t, r, b].map((v) => v / scale), view: panel.viewRect() };
  }
  const toCss = (f, [x, y]) => {
    const [l, t, r, b] = f.box;
    const [x0, x1, y0, y1] = f.view;
    return [l + ((x - x0) / (x1 - x0)) * (r - l), b - ((y - y0) / (y1 - y0)) * (b - t)];
  };
  const toData = (f, [px, py]) => {
    const [l, t, r, b] = f.box;
    const [x0, x1, y0, y1] = f.view;
    const x = x0 + ((px - l) / (r - l)) * (x1 - x0);
    const y = y0 + ((b - py) / (b - t)) * (y1 - y0);
    return [Math.min(x1, Math.max(x0, x)), Math.min(y1, Math.max(y0, y))];
  };

  /** Places the ghost over the figure (after each draw: the window may have moved). */
  function draw() {
    const f = frame();
    if (!f.box.every(Number.isFinite) || f.box[2] <= f.box[0]) return;
    // After the reveal the sentences say whether the model's line is in the window: again
    // when a new window (a resize) changes that.
    if (!hidden && modelSeen !== modelInView()) writeResult();
    const seg = clipLine(points[0], points[1], f.view);
    for (const el of [halo, line]) {
      el.setAttribute("visibility", seg ? "visible" : "hidden");
      if (!seg) continue;
      const [a, b] = seg.map((p) => toCss(f, p));
      el.setAttribute("x1", a[0].toFixed(1));
      el.setAttribute("y1", a[1].toFixed(1));
      el.setAttribute("x2", b[0].toFixed(1));
      el.setAttribute("y2", b[1].toFixed(1));
    }
    knobs.forEach((g, k) => {
      const [x, y] = toCss(f, points[k]);
      g.setAttribute("transform", `translate(${x.toFixed(1)} ${y.toFixed(1)})`);
      g.setAttribute("aria-label", say(words(lang).handle, { k: k + 1, x: fixed(points[k][0]), y: fixed(points[k][1]) }));
    });
  }

  function move(k, to) {
    points[k] = to;
    draw();
  }

  for (const [k, g] of knobs.entries()) {
    // touch-action does not reach into an SVG's shapes: a finger on a handle would scroll
    // the page, unless its touch is cancelled here.
    g.addEventListener("touchstart", (ev) => { if (hidden) ev.preventDefault(); }, { passive: false });
    g.addEventListener("pointerdown", (ev) => {
      if (!hidden) return;
      ev.preventDefault();
      ev.stopPropagation();
      dragging = k;
      g.setPointerCapture?.(ev.pointerId);
      g.focus({ preventScroll: true });
    });
    g.addEventListener("pointermove", (ev) => {
      if (dragging !== k) return;
      const f = frame();
      move(k, toData(f, [ev.clientX - f.rect.left, ev.clientY - f.rect.top]));
    });
    const end = () => {
      if (dragging !== k) return;
      dragging = -1;
      live.textContent = say(words(lang).moved, { k: k + 1, x: fixed(points[k][0]), y: fixed(points[k][1]) });
    };
    g.addEventListener("pointerup", end);
    g.addEventListener("pointercancel", end);
    g.addEventListener("keydown", (ev) => {
      const dir = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }[ev.key];
      if (!dir || !hidden) return;
      ev.preventDefault();
      const [x0, x1, y0, y1] = panel.viewRect();
      const step = ev.shiftKey ? 0.1 : 0.02;
      const [x, y] = points[k];
      move(k, [Math.min(x1, Math.max(x0, x + dir[0] * step * (x1 - x0))), Math.min(y1, Math.max(y0, y + dir[1] * step * (y1 - y0)))]);
      live.textContent = say(words(lang).moved, { k: k + 1, x: fixed(points[k][0]), y: fixed(points[k][1]) });
    });
  }

  /** Scores the ghost against the model's line: the verdict, or null after saying why not. */
  async function judgeGhost() {
    let why;
    let judgeBoundary;
    try {
      ({ judgeBoundary } = await judgeReady);
    } catch {
      why = words(lang).noJudge;
    }
    if (!why) {
      // The fit's numbers the judge needs, as the panel's summary (the numbers table's own)
      // carries them: w, b, μ₀ and μ₁, with the plot's window.
      const s = panel.summary();
      const reason = unpredictable(s);
      try {
        if (!reason) return judgeBoundary({ w: s.w, b: s.b, mu: s.mu, view: Array.from(panel.viewRect()) }, points[0][0], points[0][1], points[1][0], points[1][1]);
      } catch {
        // The judge refused the numbers (no finite fit): said as "no fit".
      }
      why = words(lang).unavailable[reason] || words(lang).unavailable.fit;
    }
    result.hidden = false;
    result.replaceChildren(Object.assign(document.createElement("p"), { className: "input-error", textContent: why }));
    return null;
  }

  /** Shows the model's boundary; with `judge`, scores the ghost first. */
  async function reveal(judge) {
    if (!hidden || judging) return;
    if (judge) {
      judging = true;
      verdict = await judgeGhost();
      judging = false;
      if (!verdict || !hidden) return;
    }
    hidden = false;
    showAnswer();
    knobs.forEach((g) => { g.setAttribute("tabindex", "-1"); g.style.pointerEvents = "none"; g.style.cursor = ""; });
    showRevealed(intro);
    render();
    writeResult();
    recordPrediction({
      panel: "gda",
      kind: "boundary",
      skipped: !verdict,
      answer: verdict ? { w: verdict.guess_w, b: verdict.guess_b } : null,
      truth: verdict ? { w: verdict.w, b: verdict.b } : null,
      score: verdict ? { angle_deg: verdict.angle_deg, agreement: verdict.agreement } : {},
      hints: verdict ? verdict.hints.map((h) => h.id) : [],
      lang,
    });
    announceRevealed();
  }

  /** Whether the model's boundary (the fitted wᵀx + b = 0: the kind needs φ fitted and equal
   * losses) meets the plot's window, as the numbers table's "(outside the plot)" says. */
  function modelInView() {
    const s = panel.summary();
    return !s.w || s.coincident || s.boundary_visible;
  }

  function writeResult() {
    const w = words(lang);
    modelSeen = modelInView();
    result.hidden = false;
    const { p, lines: out } = resultLines();
    if (!verdict) {
      p(w.skipped, "predict-score");
    } else {
      p(say(w.score, { angle: verdict.angle_deg.toFixed(1), agree: `${(100 * verdict.agreement).toFixed(1)} %` }), "predict-score");
      p(w[verdictKey(verdict.agreement)], "predict-sentence");
      writeHints(p, verdict.hints, lang, w.why, "predict");
    }
    p(modelSeen ? w.revealed : w.revealedOutside);
    result.replaceChildren(...out);
  }

  function writeWords() {
    const w = words(lang);
    block.setAttribute("lang", lang);
    svg.setAttribute("aria-label", w.group);
    intro.textContent = w.intro;
    writeActionWords(w);
    if (!hidden) writeResult();
  }

  function destroy() {
    // (A commit still waiting for its judge then reveals nothing.)
    hidden = false;
    showAnswer();
    svg.remove();
    endPrediction({ block, button, row: buttonRow, onEnd, redraw: render });
  }

  writeWords();
  // The caller draws once it holds the returned handle (its numbers ask `hidden()`). The
  // panel's live regions are emptied of what they said before: the boundary, and p(y = 1 | x)
  // at the keyboard's cross (which side of the hidden line a point is on).
  const showAnswer = hideGdaAnswer({ section, panel });
  live.textContent = words(lang).started;
  knobs[0].focus({ preventScroll: true });

  return {
    hidden: () => hidden,
    draw,
    handles: () => points.map((p) => [...p]),
    verdict: () => verdict,
    setLang(next) {
      lang = next;
      writeWords();
      draw();
    },
    destroy,
  };
}
