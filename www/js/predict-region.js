// Predict, then reveal: the posterior at a marked point with k > 2 classes, on the GDA panel
// (js/predict-gda.js starts it for "The posterior at a point" when the data have more than
// two classes; loaded on demand). The figure hides its regions and every boundary
// (GdaPanel.setBoundaryHidden), the pointer's readout is hidden (gda.js asks `hidden()`) and
// the numbers' discriminants δ_c and softmax regression's row are masked, the 3-D view is
// closed; a point is marked and the student picks the class whose region holds it (a radio
// group: pointer, touch or arrow keys). "Commit" judges the pick with the model the figure draws (judgeRegion, in the
// lessons' module: the panel's k-class model refitted there from its points and covariance
// setting, genlab::predict::judge_region_drawn) and reveals the regions, the model's
// posterior of every class at the point, the score (right or wrong, and the posterior the
// model gives the pick), one sentence and the misconceptions' hints. "Skip" reveals without
// a score.

import { classPicker, endPrediction, predictionBlock, predictionParts, resultLines, writeHints } from "./predict-parts.js";
import { recordPrediction } from "./predict-record.js";
import { classNames, hideGdaAnswer, maskCell } from "./predict-gda.js";
import { pointMarker, placeMarker } from "./predict-point.js";
import { p3 } from "./format.js";
import { fill as say } from "./i18n.js";

export const WORDS = {
  en: {
    question: "Which class's region holds the marked point?",
    hiddenNote: "Pick one, then press Commit; the regions and their boundaries are hidden until then.",
    marker: "The marked point x = ({x}, {y})",
    picked: "You picked {c}.",
    pickFirst: "Pick a class first.",
    commit: "Commit",
    skip: "Skip",
    done: "Done",
    started: "Prediction started: a point is marked at ({x}, {y}) and the regions are hidden. Pick the class whose region holds it, then commit.",
    right: "Right: the marked point lies in the region of {truth}. The model gives your pick p({pick} | x) {pp}.",
    wrong: "Not this time: the marked point lies in the region of {truth}, not of {pick}. The model gives your pick p({pick} | x) {pp}, and {truth} p {pt}.",
    sentence: "A point lies in the region of the class with the largest posterior there, which is proportional to that class's prior times its density; the density falls with the distance measured in that class's spread (Σ), not with the straight-line distance alone.",
    skipped: "Skipped: the marked point lies in the region of {truth}; the model's posteriors there are shown, without a score.",
    posteriors: "The model's posteriors at the marked point:",
    row: "p({c} | x) {p}",
    itsRegion: "the point's region",
    yourPick: "your pick",
    tags: " ({tags})",
    tagSep: "; ",
    revealed: "The regions are shown again.",
    noJudge: "Your answer could not be scored: the lab's judging module did not load. Skip shows the model's posteriors.",
    why: "Why? ",
    unavailable: {
      fit: "There is no fit to predict.",
      at: "The marked point must be two finite numbers inside the plot.",
    },
  },
  "zh-CN": {
    question: "标记的点落在哪个类别的区域里？",
    hiddenNote: "选一个，然后按“提交”；在此之前区域和边界是隐藏的。",
    marker: "标记的点 x = ({x}, {y})",
    picked: "你选了{c}。",
    pickFirst: "请先选一个类别。",
    commit: "提交",
    skip: "跳过",
    done: "完成",
    started: "预测开始：已在 ({x}, {y}) 处标记一个点，区域已隐藏。选出包含它的区域所属的类别，然后提交。",
    right: "正确：标记的点位于{truth}的区域内。模型给你所选类别的概率 p({pick} | x) {pp}。",
    wrong: "这次不对：标记的点位于{truth}的区域内，而不是{pick}的。模型给你所选类别的概率 p({pick} | x) {pp}，给{truth}的是 p {pt}。",
    sentence: "一个点落在该处后验概率最大的类别的区域里；后验正比于该类的先验乘以它的密度，而密度随着按该类的散布（Σ）衡量的距离增大而减小，不只看直线距离。",
    skipped: "已跳过：标记的点位于{truth}的区域内；显示了模型在该点的各类后验概率，不计分。",
    posteriors: "模型在标记点处的后验概率：",
    row: "p({c} | x) {p}",
    itsRegion: "该点所在的区域",
    yourPick: "你的选择",
    tags: "（{tags}）",
    tagSep: "；",
    revealed: "区域重新显示。",
    noJudge: "无法为你的答案评分：实验室的评判模块没有加载。按“跳过”可查看模型的后验概率。",
    why: "为什么？",
    unavailable: {
      fit: "没有可预测的拟合结果。",
      at: "标记的点必须是图中的两个有限数。",
    },
  },
};

const words = (lang) => WORDS[lang] || WORDS.en;
const fixed = (x, d = 2) => (Object.is(Math.round(x * 10 ** d), -0) ? 0 : x).toFixed(d);
/** A posterior, never rounded to a certainty it does not have (format.js), and as a
 * relation: "= 0.251", "< 0.001", "> 0.999". */
export const prob = (p) => p3(p, { exact: false });
export const relation = (p) => (/^[<>]/.test(prob(p)) ? prob(p) : `= ${prob(p)}`);
const argmax = (p) => p.reduce((best, v, c) => (v > p[best] ? c : best), 0);

/** Why the k-class posterior cannot be predicted on the summary `s`, or null. */
export function unpredictable(s) {
  return s.error || !s.means || !(s.classes > 2) ? "fit" : null;
}

/**
 * The point the panel marks when none is given, from the drawn model's posteriors `post(x)`
 * (GdaPanel.posteriorsAtData) on a 24 × 18 grid over the middle 80 % of the view: where the
 * answer is not obvious but decided (the top class leads the next by 0.15 to 0.5), first
 * where the nearest mean in straight-line distance is not the model's class (the mistake
 * "the nearer mean wins"), then anywhere near a boundary; which of them follows from the
 * means (so the answer is not always the same class). Else the view's centre.
 */
export function choosePoint(s, view, post) {
  const means = s.means;
  const nearest = (x) => means.reduce((best, m, c) => (((x[0] - m[0]) ** 2 + (x[1] - m[1]) ** 2) < ((x[0] - means[best][0]) ** 2 + (x[1] - means[best][1]) ** 2) ? c : best), 0);
  const traps = [];
  const close = [];
  for (let j = 0; j < 18; j += 1) {
    for (let i = 0; i < 24; i += 1) {
      const x = [view[0] + (0.1 + (0.8 * (i + 0.5)) / 24) * (view[1] - view[0]), view[2] + (0.1 + (0.8 * (j + 0.5)) / 18) * (view[3] - view[2])];
      const p = post(x);
      if (!p || p.length !== means.length || !p.every(Number.isFinite)) continue;
      const sorted = [...p].sort((a, b) => b - a);
      const lead = sorted[0] - sorted[1];
      if (lead < 0.15 || lead > 0.5) continue;
      (nearest(x) !== argmax(p) ? traps : close).push(x);
    }
  }
  const pool = traps.length ? traps : close;
  if (!pool.length) return [(view[0] + view[1]) / 2, (view[2] + view[3]) / 2];
  const seed = Math.floor(Math.abs(means.flat().reduce((a, v, i) => a + v * (1009 + 997 * i), 0)));
  return pool[seed % pool.length];
}

/**
 * Starts a k-class posterior prediction on the GDA panel (see the module's comment).
 * `params.at` is the marked point [x, y] or "x,y" (optional). Returns null (after saying why
 * under the button) when the state has nothing to predict, else `{ hidden(), draw(),
 * setLang(lang), verdict(), point(), value(), destroy() }` (`value()`: the picked class, or
 * null).
 */
export function startRegionPrediction({ section, panel, render, lang, params = {}, onEnd = () => {} }) {
  const button = section.querySelector('button[data-role="predict"]');
  const box = section.querySelector('[data-role="box"]');
  const canvas = section.querySelector('[data-role="canvas"]');
  const s = panel.summary();
  const view = Array.from(panel.viewRect());
  let why = unpredictable(s);
  const at = params.at != null ? (Array.isArray(params.at) ? params.at : String(params.at).split(",")).map(Number) : null;
  const inView = (x) => x[0] >= view[0] && x[0] <= view[1] && x[1] >= view[2] && x[1] <= view[3];
  if (!why && at && !(at.length === 2 && at.every(Number.isFinite) && inView(at))) why = "at";
  const buttonRow = button.closest("p") || button;
  const block = predictionBlock({ role: "predict", lang, after: buttonRow, refusal: why && (words(lang).unavailable[why] || why) });
  if (!block) return null;
  const k = s.classes;
  const post = (x) => { const p = panel.posteriorsAtData(x[0], x[1]); return p ? Array.from(p) : null; };
  const point = at || choosePoint(s, view, post);
  const names = () => classNames(s, lang);
  let hidden = true;
  let verdict = null;
  let judging = false;
  const judgeReady = import("./genlab.js").then((g) => g.loadLessonCore()).then(() => import("../pkg-lesson/genlab.js"));
  judgeReady.catch(() => {});

  const { svg, mark } = pointMarker();
  box.append(svg);

  // The choices: a radio group named by the question.
  const { group, legend, choices, note, problem, value, askToPick } = classPicker({
    role: "predict-classes",
    name: `${section.id || "gda"}-predict-class`,
    count: k,
    onPick: (c) => { live.textContent = say(words(lang).picked, { c: names()[c] }); },
  });
  const { actions, result, live, writeActionWords, showRevealed, announceRevealed } = predictionParts("predict", { reveal, end: destroy });
  block.append(group, problem, result, actions, live);
  button.disabled = true;
  buttonRow.hidden = true;
  // The numbers that would answer it: the discriminants δ_c (the largest wins) and softmax
  // regression's row, masked until the reveal.
  const masks = ["k-deltas", "k-logistic"].map((role) => maskCell(section, role, () => "—", true));

  const draw = () => placeMarker(mark, canvas, panel, point);

  const drawn = () => ({ covariance: panel.summary().models.covariance, points: Array.from(panel.pointsFlat()) });
  async function judgeNow(pick) {
    let judgeRegion;
    try {
      ({ judgeRegion } = await judgeReady);
    } catch {
      return fail(words(lang).noJudge);
    }
    if (!unpredictable(panel.summary())) {
      try {
        return judgeRegion(drawn(), point[0], point[1], pick);
      } catch {
        // (The judge refused the numbers: said as "no fit".)
      }
    }
    return fail(words(lang).unavailable.fit);
  }
  function fail(text) {
    result.hidden = false;
    result.replaceChildren(Object.assign(document.createElement("p"), { className: "input-error", textContent: text }));
    return null;
  }

  // The model's posteriors at the point for a skip (the drawn model's, as the figure paints).
  let skipped = null;
  async function reveal(judge) {
    if (!hidden || judging) return;
    if (judge) {
      const pick = value();
      if (pick === null) {
        live.textContent = askToPick(words(lang).pickFirst);
        return;
      }
      judging = true;
      verdict = await judgeNow(pick);
      judging = false;
      if (!verdict || !hidden) return;
    } else {
      skipped = post(point);
    }
    hidden = false;
    showAnswer();
    for (const ch of choices) ch.input.disabled = true;
    showRevealed(note, problem);
    render();
    writeResult();
    recordPrediction({
      panel: "gda",
      kind: "posterior",
      skipped: !verdict,
      answer: verdict ? { at: [...point], class: verdict.guess } : null,
      truth: verdict ? { class: verdict.truth, p: [...verdict.posteriors] } : null,
      score: verdict ? { right: verdict.right ? 1 : 0, p_picked: verdict.p_picked } : {},
      hints: verdict ? verdict.hints.map((h) => h.id) : [],
      lang,
    });
    announceRevealed();
  }

  function writeResult() {
    const w = words(lang);
    const n = names();
    result.hidden = false;
    const { p, lines: out } = resultLines();
    const ps = verdict ? verdict.posteriors : skipped;
    const truth = verdict ? verdict.truth : ps ? argmax(ps) : null;
    if (!verdict) {
      p(truth === null ? w.unavailable.fit : say(w.skipped, { truth: n[truth] }), "predict-score");
    } else {
      const pick = verdict.guess;
      p(say(verdict.right ? w.right : w.wrong, { truth: n[truth], pick: n[pick], pp: relation(verdict.p_picked), pt: relation(ps[truth]) }), "predict-score");
      p(w.sentence, "predict-sentence");
      writeHints(p, verdict.hints, lang, w.why, "predict");
    }
    if (ps) {
      p(w.posteriors);
      const list = document.createElement("ul");
      list.dataset.role = "predict-posteriors";
      for (const [c, v] of ps.entries()) {
        const li = document.createElement("li");
        const tags = [c === truth && w.itsRegion, verdict && c === verdict.guess && w.yourPick].filter(Boolean);
        li.textContent = say(w.row, { c: n[c], p: relation(v) }) + (tags.length ? say(w.tags, { tags: tags.join(w.tagSep) }) : "");
        list.append(li);
      }
      out.push(list);
    }
    p(w.revealed);
    result.replaceChildren(...out);
  }

  function writeWords() {
    const w = words(lang);
    block.setAttribute("lang", lang);
    svg.setAttribute("aria-label", say(w.marker, { x: fixed(point[0]), y: fixed(point[1]) }));
    legend.textContent = w.question;
    note.textContent = w.hiddenNote;
    for (const [c, ch] of choices.entries()) ch.text.textContent = names()[c];
    if (!problem.hidden) problem.textContent = w.pickFirst;
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
  // (The 3-D view of p(x | y)·p(y) would show the tallest class at the point: closed, and its
  // switch held, until the reveal, then shown again if it was.)
  const showAnswer = hideGdaAnswer({ section, panel, masks });
  live.textContent = say(words(lang).started, { x: fixed(point[0]), y: fixed(point[1]) });
  choices[0].input.focus({ preventScroll: true });

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
