// Predict, then reveal: the shape of QDA's boundary, on the GDA panel. Loaded on demand
// (js/predict-gda.js starts it). With QDA drawn (a Σ per class), the figure hides the
// boundary and everything that names its shape (GdaPanel.setBoundaryHidden; the numbers
// and the text alternative while `hidden()`), the student picks line / closed curve (an
// ellipse) / open curve (a hyperbola, a parabola, two lines) / no boundary in a radio group,
// and "Commit" judges it (judgeShape, in the lessons' module: genlab::predict::judge_conic_
// shape, on the drawn conic's kind the summary carries) and reveals the boundary.

import { endPrediction, predictionBlock, predictionParts, resultLines, writeHints } from "./predict-parts.js";
import { recordPrediction } from "./predict-record.js";
import { t, fill as say } from "./i18n.js";
import { hideGdaAnswer, maskCell } from "./predict-gda.js";

export const SHAPES = ["line", "ellipse", "open", "none"];

export const WORDS = {
  en: {
    legend: "What shape will QDA's boundary have?",
    line: "A straight line",
    ellipse: "A closed curve (an ellipse)",
    open: "An open curve (a hyperbola, a parabola or two lines)",
    none: "No boundary: one class wins everywhere",
    intro: "Pick your answer, then press Commit. The boundary is hidden until then.",
    commit: "Commit",
    skip: "Skip",
    done: "Done",
    pick: "Pick one of the four answers first.",
    started: "Prediction started: QDA's boundary is hidden. What shape will it have?",
    right: "Right: the boundary is {kind}.",
    wrong: "Not so: the boundary is {kind}. You said: {guess}.",
    skipped: "Skipped: the boundary is {kind}; no score.",
    revealed: "The boundary is no longer hidden.",
    noJudge: "Your answer could not be scored: the lab's judging module did not load. Skip shows the boundary.",
    why: "Why? ",
    unavailable: {
      classes: "The boundary's shape can be predicted with two classes only.",
      model: "The boundary's shape is asked of QDA (a Σ per class): choose it under the model.",
      fit: "There is no fit to predict.",
    },
  },
  "zh-CN": {
    legend: "QDA 的边界会是什么形状？",
    line: "一条直线",
    ellipse: "一条闭合曲线（椭圆）",
    open: "一条开放曲线（双曲线、抛物线或两条直线）",
    none: "没有边界：处处都是同一类胜出",
    intro: "选出你的答案，然后按“提交”。在此之前边界是隐藏的。",
    commit: "提交",
    skip: "跳过",
    done: "完成",
    pick: "请先从四个答案中选一个。",
    started: "预测开始：QDA 的边界已隐藏。它会是什么形状？",
    right: "正确：边界是{kind}。",
    wrong: "不对：边界是{kind}。你的答案：{guess}。",
    skipped: "已跳过：边界是{kind}；不计分。",
    revealed: "边界不再隐藏。",
    noJudge: "无法为你的答案评分：实验室的评判模块没有加载。按“跳过”可查看边界。",
    why: "为什么？",
    unavailable: {
      classes: "只有两个类别时才能预测边界的形状。",
      model: "边界的形状针对 QDA（每类一个 Σ）提问：请在模型中选择它。",
      fit: "没有可预测的拟合结果。",
    },
  },
};

const words = (lang) => WORDS[lang] || WORDS.en;

/** Why the shape cannot be predicted on the summary `s`, or null. */
export function unpredictable(s) {
  if (s.classes !== 2) return "classes";
  if (s.models.covariance !== "per-class") return "model";
  return s.conic ? null : "fit";
}

/** Starts a shape prediction (see the module's comment); its handle, or null. */
export function startShapePrediction({ section, panel, render, lang, onEnd = () => {} }) {
  const button = section.querySelector('button[data-role="predict"]');
  const why = unpredictable(panel.summary());
  const buttonRow = button.closest("p") || button;
  const block = predictionBlock({ role: "predict", lang, after: buttonRow, refusal: why && (words(lang).unavailable[why] || why) });
  if (!block) return null;
  let hidden = true;
  let verdict = null;
  let conic = null;
  let judging = false;
  const judgeReady = import("./genlab.js").then((g) => g.loadLessonCore()).then(() => import("../pkg-lesson/genlab.js"));
  judgeReady.catch(() => {});

  const fieldset = document.createElement("fieldset");
  fieldset.dataset.role = "predict-shapes";
  const legend = document.createElement("legend");
  fieldset.append(legend);
  const radios = SHAPES.map((shape) => {
    const label = document.createElement("label");
    label.className = "check";
    label.style.display = "block";
    const input = Object.assign(document.createElement("input"), { type: "radio", name: `${section.id || "gda"}-shape`, value: shape });
    input.dataset.role = `predict-shape-${shape}`;
    const text = document.createElement("span");
    label.append(input, " ", text);
    fieldset.append(label);
    return { shape, input, text };
  });
  const intro = Object.assign(document.createElement("p"), { className: "hint" });
  const { actions, result, live, writeActionWords, showRevealed, announceRevealed } = predictionParts("predict", { reveal, end: destroy });
  block.append(fieldset, intro, result, actions, live);
  button.disabled = true;
  buttonRow.hidden = true;

  const chosen = () => radios.find((r) => r.input.checked)?.shape ?? null;
  const kindText = () => (conic ? t(lang, `gda.conicKind.${conic}`) : "—");

  async function reveal(judge) {
    if (!hidden || judging) return;
    const guess = chosen();
    const fail = (text) => {
      result.hidden = false;
      result.replaceChildren(Object.assign(document.createElement("p"), { className: "input-error", textContent: text }));
      live.textContent = text;
    };
    if (judge && !guess) return fail(words(lang).pick);
    const s = panel.summary();
    conic = s.conic ?? null;
    if (judge) {
      judging = true;
      try {
        const { judgeShape } = await judgeReady;
        if (unpredictable(s)) throw new Error("no QDA");
        verdict = { ...judgeShape(conic, guess), guess };
      } catch {
        judging = false;
        return fail(words(lang).noJudge);
      }
      judging = false;
      if (!hidden) return;
    }
    hidden = false;
    showAnswer();
    radios.forEach((r) => { r.input.disabled = true; });
    showRevealed(intro);
    render();
    writeResult();
    recordPrediction({
      panel: "gda",
      kind: "shape",
      skipped: !verdict,
      answer: verdict ? { shape: verdict.guess } : null,
      truth: verdict ? { shape: verdict.truth, conic } : null,
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
    if (!verdict) {
      p(say(w.skipped, { kind: kindText() }), "predict-score");
    } else {
      p(say(verdict.score ? w.right : w.wrong, { kind: kindText(), guess: w[verdict.guess] }), "predict-score");
      writeHints(p, verdict.hints, lang, w.why, "predict");
    }
    p(w.revealed);
    result.replaceChildren(...out);
  }

  function writeWords() {
    const w = words(lang);
    block.setAttribute("lang", lang);
    legend.textContent = w.legend;
    for (const r of radios) r.text.textContent = w[r.shape];
    intro.textContent = w.intro;
    writeActionWords(w);
    if (!hidden) writeResult();
  }

  function destroy() {
    hidden = false;
    showAnswer();
    endPrediction({ block, button, row: buttonRow, onEnd, redraw: render });
  }

  writeWords();
  // The Σ row ends with the line "boundary: an ellipse" (its two matrices are 2 × 2 lines
  // and a blank one): that line goes while the shape is asked.
  const showAnswer = hideGdaAnswer({ section, panel, masks: [maskCell(section, "sigmas", (text) => text.split("\n").slice(0, 5).join("\n"))] });
  live.textContent = words(lang).started;
  radios[0].input.focus({ preventScroll: true });

  return {
    kind: "shape",
    hidden: () => hidden,
    draw() {},
    verdict: () => verdict,
    setLang(next) {
      lang = next;
      writeWords();
    },
    destroy,
  };
}
