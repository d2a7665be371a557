// Predict, then reveal: the Bayes decision's threshold on p(y = 1 | x), on the GDA panel.
// Loaded on demand (js/predict-gda.js starts it). With the losses λ₀₁ and λ₁₀ shown (equal
// losses, whose answer is ½ at a glance, are first set to λ₀₁ = 1, λ₁₀ = 3 through the
// panel's state setter, so undo brings the old ones back), the figure hides what shows the
// decision (the boundary, the heat map, the pointer's readout, the threshold's row), the
// student sets t̂ on a slider, and "Commit" judges it (judgeThreshold, in the lessons'
// module: genlab::predict::judge_threshold; the truth λ₁₀/(λ₀₁ + λ₁₀)) and reveals it.

import { endPrediction, predictionBlock, predictionParts, resultLines, writeHints } from "./predict-parts.js";
import { recordPrediction } from "./predict-record.js";
import { hideGdaAnswer, maskCell } from "./predict-gda.js";
import { fill as say } from "./i18n.js";

export const WORDS = {
  en: {
    losses: "The losses: λ₀₁ = {a} (deciding 0 when the truth is 1) and λ₁₀ = {b} (deciding 1 when the truth is 0).",
    set: "For this question the losses were set to λ₀₁ = 1, λ₁₀ = 3 (undo brings back the old ones).",
    intro: "Above which p(y = 1 | x) does the Bayes decision say 1? Set the threshold on the slider (or with the arrow keys), then press Commit. The boundary is hidden until then.",
    slider: "Your threshold t̂ on p(y = 1 | x)",
    moved: "Your threshold is {v}.",
    commit: "Commit",
    skip: "Skip",
    done: "Done",
    started: "Prediction started: the decision boundary is hidden. {losses} Set your threshold, then commit.",
    score: "You set t̂ = {th}; the decision flips at p(y = 1 | x) = λ₁₀/(λ₀₁ + λ₁₀) = {b}/({a} + {b}) = {t}. The gap is {gap}.",
    close: "Right, to within 0.02.",
    near: "Close, but not the threshold: deciding 1 costs λ₁₀ when wrong (probability 1 − p), deciding 0 costs λ₀₁ (probability p).",
    far: "Far from the threshold: the decision says 1 where p·λ₀₁ > (1 − p)·λ₁₀, the expected loss of saying 0 above that of saying 1.",
    skipped: "Skipped: the decision flips at p(y = 1 | x) = {t}; no score.",
    revealed: "The decision boundary is no longer hidden.",
    noJudge: "Your answer could not be scored: the lab's judging module did not load. Skip shows the threshold.",
    why: "Why? ",
    unavailable: {
      classes: "The decision threshold can be predicted with two classes only.",
      fit: "There is no fit to predict.",
    },
  },
  "zh-CN": {
    losses: "损失：λ₀₁ = {a}（真实为 1 时判为 0）和 λ₁₀ = {b}（真实为 0 时判为 1）。",
    set: "为了这道题，损失设为 λ₀₁ = 1，λ₁₀ = 3（撤销可恢复原来的值）。",
    intro: "p(y = 1 | x) 高于多少时，贝叶斯决策判为 1？在滑块上设定阈值（或用方向键），然后按“提交”。在此之前边界是隐藏的。",
    slider: "你对 p(y = 1 | x) 设的阈值 t̂",
    moved: "你的阈值是 {v}。",
    commit: "提交",
    skip: "跳过",
    done: "完成",
    started: "预测开始：决策边界已隐藏。{losses}设定你的阈值，然后提交。",
    score: "你设 t̂ = {th}；决策在 p(y = 1 | x) = λ₁₀/(λ₀₁ + λ₁₀) = {b}/({a} + {b}) = {t} 处翻转。差距为 {gap}。",
    close: "正确，误差在 0.02 以内。",
    near: "接近，但不是这个阈值：判为 1 出错（概率 1 − p）的代价是 λ₁₀，判为 0 出错（概率 p）的代价是 λ₀₁。",
    far: "与阈值相差很远：当 p·λ₀₁ > (1 − p)·λ₁₀，即判为 0 的期望损失大于判为 1 的期望损失时，决策判为 1。",
    skipped: "已跳过：决策在 p(y = 1 | x) = {t} 处翻转；不计分。",
    revealed: "决策边界不再隐藏。",
    noJudge: "无法为你的答案评分：实验室的评判模块没有加载。按“跳过”可查看阈值。",
    why: "为什么？",
    unavailable: {
      classes: "只有两个类别时才能预测决策阈值。",
      fit: "没有可预测的拟合结果。",
    },
  },
};

const words = (lang) => WORDS[lang] || WORDS.en;
const short = (x) => String(Number(x.toFixed(4)));

/** Why the threshold cannot be predicted on the summary `s`, or null. */
export function unpredictable(s) {
  if (s.classes !== 2) return "classes";
  return s.error ? "fit" : null;
}

/** Starts a threshold prediction (see the module's comment); its handle, or null. */
export function startThresholdPrediction({ section, panel, render, lang, getState, setState, historyData = () => null, onChange = () => {}, onEnd = () => {} }) {
  const button = section.querySelector('button[data-role="predict"]');
  const why = unpredictable(panel.summary());
  const buttonRow = button.closest("p") || button;
  const block = predictionBlock({ role: "predict", lang, after: buttonRow, refusal: why && (words(lang).unavailable[why] || why) });
  if (!block) return null;
  // Equal losses: the question would answer itself (½); 1 and 3 make it one.
  let setHere = false;
  const st = getState();
  if (st.models.loss01 === st.models.loss10) {
    setState({ ...st, models: { ...st.models, loss01: 1, loss10: 3 } }, historyData());
    onChange("push");
    setHere = true;
  }
  const { loss01: a, loss10: b } = panel.summary().models;
  let hidden = true;
  let verdict = null;
  let judging = false;
  const judgeReady = import("./genlab.js").then((g) => g.loadLessonCore()).then(() => import("../pkg-lesson/genlab.js"));
  judgeReady.catch(() => {});

  const losses = Object.assign(document.createElement("p"), { className: "explain" });
  losses.dataset.role = "predict-losses";
  const intro = Object.assign(document.createElement("p"), { className: "hint" });
  const row = Object.assign(document.createElement("p"), { className: "field-row" });
  const label = document.createElement("label");
  const labelText = document.createElement("span");
  const slider = Object.assign(document.createElement("input"), { type: "range", min: "0", max: "1", step: "0.01", value: "0.5" });
  slider.dataset.role = "predict-t";
  const output = document.createElement("output");
  output.dataset.role = "predict-t-value";
  label.append(labelText, " ", slider, " ", output);
  row.append(label);
  const { actions, result, live, writeActionWords, showRevealed, announceRevealed } = predictionParts("predict", { reveal, end: destroy });
  block.append(losses, intro, row, result, actions, live);
  button.disabled = true;
  buttonRow.hidden = true;

  const value = () => Number(slider.value);
  slider.addEventListener("input", () => { output.textContent = value().toFixed(2); });
  slider.addEventListener("change", () => { live.textContent = say(words(lang).moved, { v: value().toFixed(2) }); });
  const truthNow = () => b / (a + b);

  async function reveal(judge) {
    if (!hidden || judging) return;
    if (judge) {
      judging = true;
      try {
        const { judgeThreshold } = await judgeReady;
        verdict = { ...judgeThreshold(a, b, value()), t_hat: value() };
      } catch {
        result.hidden = false;
        result.replaceChildren(Object.assign(document.createElement("p"), { className: "input-error", textContent: words(lang).noJudge }));
      }
      judging = false;
      if (!verdict || !hidden) return;
    }
    hidden = false;
    showAnswer();
    slider.disabled = true;
    showRevealed(intro);
    render();
    writeResult();
    recordPrediction({
      panel: "gda",
      kind: "threshold",
      skipped: !verdict,
      answer: verdict ? { threshold: verdict.t_hat, losses: [a, b] } : null,
      truth: verdict ? { threshold: verdict.truth } : null,
      score: verdict ? { gap: verdict.score } : {},
      hints: verdict ? verdict.hints.map((h) => h.id) : [],
      lang,
    });
    announceRevealed();
  }

  function writeResult() {
    const w = words(lang);
    result.hidden = false;
    const { p, lines: out } = resultLines();
    if (!verdict) {
      p(say(w.skipped, { t: truthNow().toFixed(3) }), "predict-score");
    } else {
      p(say(w.score, { th: verdict.t_hat.toFixed(2), a: short(a), b: short(b), t: verdict.truth.toFixed(3), gap: verdict.score.toFixed(3) }), "predict-score");
      p(w[verdict.score <= 0.02 ? "close" : verdict.score <= 0.1 ? "near" : "far"], "predict-sentence");
      writeHints(p, verdict.hints, lang, w.why, "predict");
    }
    p(w.revealed);
    result.replaceChildren(...out);
  }

  function writeWords() {
    const w = words(lang);
    block.setAttribute("lang", lang);
    losses.textContent = say(w.losses, { a: short(a), b: short(b) }) + (setHere ? ` ${w.set}` : "");
    intro.textContent = w.intro;
    labelText.textContent = w.slider;
    output.textContent = value().toFixed(2);
    writeActionWords(w);
    if (!hidden) writeResult();
  }

  function destroy() {
    hidden = false;
    showAnswer();
    endPrediction({ block, button, row: buttonRow, onEnd, redraw: render });
  }

  writeWords();
  // The threshold's row says the answer (log(λ₁₀/λ₀₁) and "decide 1 when p > …").
  const showAnswer = hideGdaAnswer({ section, panel, masks: [maskCell(section, "threshold", () => "—", true)] });
  live.textContent = say(words(lang).started, { losses: say(words(lang).losses, { a: short(a), b: short(b) }) });
  slider.focus({ preventScroll: true });

  return {
    kind: "threshold",
    hidden: () => hidden,
    draw() {},
    losses: () => [a, b],
    value,
    verdict: () => verdict,
    setLang(next) {
      lang = next;
      writeWords();
    },
    destroy,
  };
}
