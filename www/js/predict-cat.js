// Predict, then reveal, on the categorical naive Bayes panel: for the current table, query
// and λ, before the panel shows its verdict, the student picks the class the model will
// choose (a radio group of the class names: pointer, touch or arrow keys) and commits, or
// skips. Until the reveal the panel writes nothing of the answer (cat.js asks `hidden()`:
// no verdict, no class's factors, product, log-sum or posterior, no count tables, no live
// region, the worked example out of the page). The truth is the panel's own verdict as the
// Rust model computes it (CatPanel.explain: the first class with the largest score on a tie),
// read at the commit, never recomputed here. Loaded on the first press of "Predict the
// verdict…" (or by a lesson's `predict: verdict`, or a quiz).

import { classPicker, endPrediction, predictionBlock, predictionParts, resultLines } from "./predict-parts.js";
import { recordPrediction } from "./predict-record.js";
import { prob } from "./format.js";
import { fill as say } from "./i18n.js";

export const WORDS = {
  en: {
    question: "Which class will the model choose for this query?",
    hiddenNote: "Pick one, then press Commit: the verdict, each class's factors and posterior, and the count tables are hidden until then. Count from the training table.",
    picked: "You picked {c}.",
    pickFirst: "Pick a class first.",
    commit: "Commit",
    skip: "Skip",
    done: "Done",
    started: "Prediction started: the verdict and each class's factors are hidden. Pick the class the model will choose for the query at λ = {l}, then commit.",
    right: "Right: the model picks {truth}, P({truth} | x) {pt}; you picked {pick} too.",
    wrong: "Not this time: the model picks {truth}, P({truth} | x) {pt}; you picked {pick}, P({pick} | x) {pp}.",
    tie: "Your pick scores exactly as high as {truth}; on a tie the panel takes the class listed first.",
    veto: "With λ = 0 no “{pick}” row of the training table has {attribute} = {value}: that count of 0 makes the factor P({attribute} = {value} | {pick}) = 0, which vetoes {pick} whatever the other attributes say.",
    sentence: "The model multiplies each class's prior by one smoothed factor (N_jc(a) + λ)/(N_c + S_j λ) for every attribute of the query and picks the class with the largest product.",
    skipped: "Skipped: the model picks {truth}, P({truth} | x) {pt}; shown without a score.",
    revealed: "The verdict and each class's factors are shown again.",
    unavailable: {
      model: "There is no model to predict: the table must be fixed first.",
      verdict: "Every class is ruled out (0 / 0): there is no verdict to predict. Raise λ above 0 first.",
    },
  },
  "zh-CN": {
    question: "对于这个查询，模型会选哪个类别？",
    hiddenNote: "选一个，然后按“提交”：在此之前判定、各类别的因子和后验概率以及计数表都是隐藏的。请根据训练表自己数。",
    picked: "你选了{c}。",
    pickFirst: "请先选一个类别。",
    commit: "提交",
    skip: "跳过",
    done: "完成",
    started: "预测开始：判定和各类别的因子已隐藏。选出在 λ = {l} 时模型会为这个查询选择的类别，然后提交。",
    right: "正确：模型选择{truth}，P({truth} | x) {pt}；你也选了{pick}。",
    wrong: "这次不对：模型选择{truth}，P({truth} | x) {pt}；你选了{pick}，P({pick} | x) {pp}。",
    tie: "你选的类别得分与{truth}完全相同；平局时面板取列在前面的类别。",
    veto: "λ = 0 时，训练表里没有哪一行既属于“{pick}”又有 {attribute} = {value}：这个 0 计数使因子 P({attribute} = {value} | {pick}) = 0，不论其他属性如何，它都否决了{pick}。",
    sentence: "模型把每个类别的先验乘以查询中每个属性的一个平滑因子 (N_jc(a) + λ)/(N_c + S_j λ)，然后选乘积最大的类别。",
    skipped: "已跳过：模型选择{truth}，P({truth} | x) {pt}；不计分。",
    revealed: "判定和各类别的因子重新显示。",
    unavailable: {
      model: "没有可预测的模型：请先修正训练表。",
      verdict: "所有类别都被排除了（0 / 0）：没有可预测的判定。请先把 λ 调到大于 0。",
    },
  },
};

const words = (lang) => WORDS[lang] || WORDS.en;

/** Whether class `k`'s posterior in explanation `e` is exact (as the panel's class card
 * says it): every other class wiped out (log 0), or this one. */
const exactOf = (e, k) => e.classes.every((o, j) => j === k || o.log_joint === -Infinity) || e.classes[k].log_joint === -Infinity;

/** Class `k`'s posterior as a relation, written as the panel's card writes it: "= 0.4900",
 * "> 0.9999", "= 0". */
export function relation(e, k) {
  const s = prob(e.classes[k].posterior, { exact: exactOf(e, k) });
  return /^[<>]/.test(s) ? s : `= ${s}`;
}

/** Why the panel's view `v` (CatPanel.explain) cannot be predicted, or null. */
export function unpredictable(v) {
  if (v.error !== null || !v.explanation) return "model";
  return v.explanation.verdict_index === null ? "verdict" : null;
}

/**
 * The judgement of picking class `pick` (an index in class order) on the panel's view `v`:
 * `{ truth, pick, right, pTruth, pPick, tie, veto }`; `veto` is the zero factor of the
 * picked class ({attribute, value}) when λ = 0 rules it out by a query value it never has
 * in training, else null.
 */
export function judge(v, pick) {
  const e = v.explanation;
  const truth = e.verdict_index;
  const c = e.classes[pick];
  const veto = e.lambda === 0 && c.posterior === 0 ? c.zero_factors.find((z) => z.kind === "attribute") ?? null : null;
  return {
    truth,
    pick,
    right: pick === truth,
    pTruth: e.classes[truth].posterior,
    pPick: c.posterior,
    tie: pick !== truth && c.log_joint === e.classes[truth].log_joint,
    veto: veto ? { attribute: veto.attribute, value: veto.value } : null,
  };
}

/**
 * Starts a verdict prediction on the categorical panel in `section` (its Rust handle
 * `panel`; `render()` redraws the panel, which asks `hidden()` and writes nothing of the
 * answer while it is true). Returns null (after saying why under the button) when the state
 * has no verdict to predict, else `{ kind, hidden(), value(), verdict(), setLang(lang),
 * skip(), destroy() }`.
 */
export function startCatVerdict({ section, panel, render, lang, button, onEnd = () => {} }) {
  const buttonRow = button.closest("p") || button;
  const why = unpredictable(panel.explain());
  const block = predictionBlock({ role: "predict", lang, after: buttonRow, refusal: why && words(lang).unavailable[why] });
  if (!block) return null;
  let hidden = true;
  let verdict = null;
  let view = null;
  const names = () => panel.table().class.values;

  const { group, legend, choices, note, problem, value, askToPick } = classPicker({
    role: "predict-classes",
    name: `${section.id || "cat"}-predict-class`,
    count: names().length,
    onPick: (c) => { live.textContent = say(words(lang).picked, { c: names()[c] }); },
  });
  const { actions, result, live, writeActionWords, showRevealed, announceRevealed } = predictionParts("predict", { reveal, end: destroy });
  block.append(group, problem, result, actions, live);
  section.querySelectorAll("[data-predict]").forEach((b) => { b.disabled = true; });
  buttonRow.hidden = true;

  function reveal(judged) {
    if (!hidden) return;
    let pick = null;
    if (judged) {
      pick = value();
      if (pick === null) {
        live.textContent = askToPick(words(lang).pickFirst);
        return;
      }
    }
    // The panel's own answer for the state it holds now.
    view = panel.explain();
    const why = unpredictable(view);
    // (A pick the table no longer has, its classes edited meanwhile, is revealed unscored.)
    verdict = !why && pick !== null && pick < view.explanation.classes.length ? judge(view, pick) : null;
    hidden = false;
    for (const ch of choices) ch.input.disabled = true;
    showRevealed(note, problem);
    render();
    writeResult();
    const e = view.explanation;
    recordPrediction({
      panel: "cat",
      kind: "verdict",
      skipped: !verdict,
      answer: verdict ? names()[verdict.pick] : null,
      truth: verdict ? { class: e.verdict, p: verdict.pTruth } : null,
      score: verdict ? { right: verdict.right ? 1 : 0, p_picked: verdict.pPick } : {},
      hints: [],
      lang,
    });
    announceRevealed();
  }

  function writeResult() {
    const w = words(lang);
    const { p, lines } = resultLines();
    const why = view && unpredictable(view);
    if (!view || why) {
      p(w.unavailable[why || "model"], "predict-score").className = "input-error";
    } else {
      const e = view.explanation;
      const n = names();
      const truth = e.verdict_index;
      const pt = relation(e, truth);
      if (!verdict) p(say(w.skipped, { truth: n[truth], pt }), "predict-score");
      else {
        const pick = n[verdict.pick];
        p(say(verdict.right ? w.right : w.wrong, { truth: n[truth], pick, pt, pp: relation(e, verdict.pick) }), "predict-score");
        if (verdict.tie) p(say(w.tie, { truth: n[truth] }), "predict-tie");
        if (verdict.veto) p(say(w.veto, { pick, attribute: verdict.veto.attribute, value: verdict.veto.value }), "predict-veto").className = "explain";
        p(w.sentence, "predict-sentence");
      }
    }
    p(w.revealed);
    result.replaceChildren(...lines);
    result.hidden = false;
  }

  function writeWords() {
    const w = words(lang);
    block.setAttribute("lang", lang);
    legend.textContent = w.question;
    note.textContent = w.hiddenNote;
    // (The class names follow the table's language: the built-in example is translated.)
    for (const [c, ch] of choices.entries()) ch.text.textContent = names()[c] ?? "";
    if (!problem.hidden) problem.textContent = w.pickFirst;
    writeActionWords(w);
    if (!hidden) writeResult();
  }

  function destroy() {
    hidden = false;
    section.querySelectorAll("[data-predict]").forEach((b) => { b.disabled = false; });
    endPrediction({ block, button, row: buttonRow, onEnd, redraw: render });
  }

  writeWords();
  live.textContent = say(words(lang).started, { l: String(Number(panel.lambda().toPrecision(3))) });
  choices[0]?.input.focus({ preventScroll: true });

  return {
    kind: "verdict",
    hidden: () => hidden,
    value,
    verdict: () => verdict,
    setLang(next) {
      lang = next;
      writeWords();
    },
    skip: () => reveal(false),
    destroy,
  };
}
