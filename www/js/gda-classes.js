// The GDA panel's numbers for three classes or more (js/gda-numbers.js's): the priors, means,
// Σ, the discriminants and softmax regression's row, the k × k training table, the figure's
// text alternative and live reading, and every class's posterior under the pointer — with
// their words in both languages. Loaded when a state with k > 2 classes is first drawn (a
// three-species preset, more generated classes): a first visit with two classes does not wait
// for it.

import { num, vec, mat, term, pct, p3 } from "./format.js";
import { t } from "./i18n.js";
import { messageText } from "./messages.js";

export const EN_CLASSES = {
  "gda.atK": "at x = {x}: {ps}",
  "gda.pointerHintK": "Point at the plot to read every class's p(y = c | x) there.",
  "gda.liveK": "{k} classes; priors {priors}; means {means}; decision: {rule}.",
  "gda.kSigmaShared": "shared by every class",
  "gda.kSigmaPerClass": "one per class",
  "gda.kRuleLinear": "the class c whose δc(x) is largest: {k} linear discriminants, straight boundaries",
  "gda.kRuleQuadratic": "the class with the largest log p(x, y = c): {k} quadratic scores, curved boundaries",
  "gda.ariaK": "GDA plot of {k} classes: {classes}; class means at {means}; regions coloured by the most probable class.",
  "gda.softmaxRidge": "λ = 0 has no finite maximum-likelihood fit here: the data are separable for the k-class model (Albert & Anderson), so the likelihood rises without end, and the overlay shows the ridge fit with λ = {lambda}.",
  "gda.softmaxMle": "λ = 0: the maximum-likelihood fit.",
  "gda.softmaxMleDespitePairs": "λ = 0: the maximum-likelihood fit. {pairs} can be split by a line as a pair, but the data are not separable for the k-class model (Albert & Anderson), so its fit is finite.",
  "gda.softmaxPair": "{a} and {b}",
  "gda.softmaxPairSep": "; ",
  "gda.softmaxLambda": "ridge fit with λ = {lambda}",
  "gda.kConfusion": "confusion: a row per true class, a column per predicted class",
};

export const ZH_CLASSES = {
  "gda.atK": "在 x = {x} 处：{ps}",
  "gda.pointerHintK": "把指针移到图上，读取该处每个类别的 p(y = c | x)。",
  "gda.liveK": "{k} 个类别；先验 {priors}；均值 {means}；决策：{rule}。",
  "gda.kSigmaShared": "所有类别共享",
  "gda.kSigmaPerClass": "每个类别一个",
  "gda.kRuleLinear": "取 δc(x) 最大的类别 c：{k} 个线性判别函数，边界为直线",
  "gda.kRuleQuadratic": "取 log p(x, y = c) 最大的类别：{k} 个二次得分，边界为曲线",
  "gda.ariaK": "{k} 个类别的 GDA 图：{classes}；类别均值位于 {means}；区域按最可能的类别着色。",
  "gda.softmaxRidge": "此处 λ = 0 没有有限的最大似然解：数据对 k 类模型是可分的，似然可以无限增大，所以叠加层显示 λ = {lambda} 的岭回归拟合。",
  "gda.softmaxMle": "λ = 0：最大似然拟合。",
  "gda.softmaxMleDespitePairs": "λ = 0：最大似然拟合。{pairs}作为一对可以用一条直线分开，但数据对 k 类模型不可分，所以它的拟合是有限的。",
  "gda.softmaxPair": "{a}与{b}",
  "gda.softmaxPairSep": "；",
  "gda.softmaxLambda": "λ = {lambda} 的岭回归拟合",
  "gda.kConfusion": "混淆矩阵：每行一个真实类别，每列一个预测类别",
};

/** The subscript of class `c` (₀ … ₉). */
const sub = (c) => String.fromCharCode(0x2080 + c);

/**
 * Writes the numbers of k > 2 classes into a GDA panel: priors, means, Σ or Σ_c, the
 * discriminants of a linear model, softmax regression's λ, and the training table with its
 * k × k confusion matrix; then the figure's text alternative and the live reading. `w` is the
 * writer of js/gda-numbers.js: `{ $, lang, canvas, reveal, figureText, confusionHeader,
 * announce }`.
 */
export function writeClassNumbers(w, s, message) {
  const { $, lang, canvas, reveal } = w;
  const k = s.classes;
  $("k-priors").textContent = s.priors ? s.priors.map((p, c) => `π${sub(c)} = ${num(p)}  (${s.counts[c]}/${s.counts.reduce((a, b) => a + b, 0)})`).join("\n") : "—";
  $("k-means").textContent = s.means ? s.means.map((m, c) => `μ${sub(c)} = ${vec(m)}`).join("\n") : "—";
  const shared = s.covariances && s.covariances.every((m) => JSON.stringify(m) === JSON.stringify(s.covariances[0]));
  $("k-sigma-label").textContent = t(lang, shared ? "gda.kSigmaShared" : "gda.kSigmaPerClass");
  $("k-sigmas").textContent = !s.covariances ? "—" : shared ? mat(s.covariances[0])
    : s.covariances.map((m, c) => `Σ${sub(c)} = ${mat(m)}`).join("\n\n");
  reveal($("row-k-deltas"), Boolean(s.discriminants));
  if (s.discriminants) {
    $("k-deltas").textContent = s.discriminants.map(([wc, b], c) => `δ${sub(c)}(x) = ${num(wc[0])} x₁ ${term(wc[1], "x₂")} ${term(b, "")}`).join("\n");
  }
  $("k-rule").textContent = t(lang, s.discriminants ? "gda.kRuleLinear" : "gda.kRuleQuadratic", { k });
  // Softmax regression's overlay: its λ, and whether λ = 0 has a finite fit (decided
  // exactly: a separable pair of classes alone does not rule it out).
  const lr = s.logistic;
  reveal($("row-k-logistic"), Boolean(lr));
  if (lr) {
    const names = w.figureText(s).classes;
    const pairs = (lr.separated_pairs || []).map(([a, b]) => t(lang, "gda.softmaxPair", { a: names[a], b: names[b] })).join(t(lang, "gda.softmaxPairSep"));
    $("k-logistic").textContent = lr.error ? messageText(lang, lr.error)
      : lr.ridge ? t(lang, "gda.softmaxRidge", { lambda: num(lr.lambda, 4) })
      : lr.lambda === 0 && pairs ? t(lang, "gda.softmaxMleDespitePairs", { pairs })
      : lr.lambda === 0 ? t(lang, "gda.softmaxMle")
      : t(lang, "gda.softmaxLambda", { lambda: num(lr.lambda, 4) });
  }
  w.confusionHeader("gda.kConfusion");
  $("reports").replaceChildren(...s.reports.map((r) => {
    const tr = document.createElement("tr");
    const matrix = r.matrix.map((row) => row.join(" ")).join(" / ");
    for (const cell of [t(lang, `gda.model.${r.id}`), pct(r.accuracy), r.log_likelihood == null ? "—" : num(r.log_likelihood, 2), matrix]) {
      const td = document.createElement("td");
      td.textContent = cell;
      tr.append(td);
    }
    return tr;
  }));
  const names = w.figureText(s).classes;
  canvas.setAttribute("aria-label", s.error ? t(lang, "gda.ariaError", { error: message })
    : t(lang, "gda.ariaK", { k, classes: names.join(", "), means: (s.means || []).map((m) => vec(m, 2)).join(", ") }));
  // The live region reads the k-class model drawn: its priors, its means and its rule.
  w.announce(s, message, null, () => t(lang, "gda.liveK", {
    k,
    priors: (s.priors || []).map((p, c) => `π${sub(c)} ${num(p, 2)}`).join(", ") || "—",
    means: (s.means || []).map((m, c) => `μ${sub(c)} ${vec(m, 2)}`).join(", ") || "—",
    rule: t(lang, s.discriminants ? "gda.kRuleLinear" : "gda.kRuleQuadratic", { k }),
  }));
}

/** "at x = (…): p(y = 0 | x) = …, p(y = 1 | x) = …, …" for k classes, in `lang`. */
export function posteriorsText(lang, at) {
  const ps = at.p.map((p, c) => `p(y = ${c} | x) = ${p3(p, { exact: false })}`).join(", ");
  return t(lang, "gda.atK", { x: vec([at.x, at.y], 2), ps });
}
