// The student's record, shown and saved: "Your predictions (N)" in the page's footer (on
// genlab's own page, once this visit has a prediction) and "Save my record" under every
// revealed prediction (js/predict-parts.js; every route, the element and the widget too)
// open one dialog that lists this visit's predictions and saves them as JSON or CSV
// (js/record-file.js; docs/record.md has the format), named genlab-record-YYYY-MM-DD.*.
// The file is made in the browser and handed to it as a download: nothing is sent anywhere.
// Loaded with the first prediction's reveal (js/predict-record.js) or the first press.

import { predictionRecord } from "./predict-record.js";
import { recordCsv, recordJson, recordFileName } from "./record-file.js";
import { HINTS } from "./predict-hints.js";
import { fill as say } from "./i18n.js";

export const WORDS = {
  en: {
    control: "Your predictions ({n})",
    title: "Your predictions in this visit",
    intro: "Save them as a file to hand in. The file is made here in your browser; nothing is sent anywhere, and nothing is kept after you leave the page.",
    json: "Save as JSON",
    csv: "Save as CSV",
    close: "Close",
    answer: "Your answer: ",
    truth: "The model’s: ",
    score: "Score: ",
    hints: "Hints: ",
    panels: { gda: "Gaussian discriminant analysis", nb: "Naive Bayes", cat: "Categorical naive Bayes", curves: "Learning curves" },
    kinds: { boundary: "the boundary", bet: "the spam bet", crossover: "where the curves cross" },
    scores: { angle_deg: "angle {v}°", agreement: "the rules agree on {v} of the plot", logit_gap: "|logit p̂ − logit p| = {v}", decades: "{v} decades", right_kind: "{v}" },
    sep: ", ",
    right: "right",
    wrong: "wrong",
    skipped: "skipped",
    none: "they do not cross",
    empty: "No prediction yet.",
    saved: "Saved {file}.",
  },
  "zh-CN": {
    control: "你的预测（{n}）",
    title: "本次访问中你的预测",
    intro: "可以把它们保存为文件上交。文件在你的浏览器中生成；不会发送到任何地方，离开页面后也不会保留。",
    json: "保存为 JSON",
    csv: "保存为 CSV",
    close: "关闭",
    answer: "你的答案：",
    truth: "模型的答案：",
    score: "得分：",
    hints: "提示：",
    panels: { gda: "高斯判别分析", nb: "朴素贝叶斯", cat: "分类属性朴素贝叶斯", curves: "学习曲线" },
    kinds: { boundary: "边界", bet: "垃圾邮件押注", crossover: "曲线的交点" },
    scores: { angle_deg: "夹角 {v}°", agreement: "两条规则在图中 {v} 的面积上一致", logit_gap: "|logit p̂ − logit p| = {v}", decades: "{v} 个数量级", right_kind: "{v}" },
    sep: "，",
    right: "正确",
    wrong: "错误",
    skipped: "已跳过",
    none: "它们不相交",
    empty: "还没有预测。",
    saved: "已保存 {file}。",
  },
};
const words = (lang) => WORDS[lang] || WORDS.en;
const pageLang = () => (document.documentElement.lang === "zh-CN" ? "zh-CN" : "en");

/** A number as the dialog shows it: four significant digits, unless that would make a whole
 * number of one that is not (a posterior of 0.9999992 is not shown as 1); the file keeps every
 * digit. */
function num(x) {
  const r = Number(x.toPrecision(4));
  return Number.isInteger(r) && !Number.isInteger(x) ? String(x) : String(r);
}

/** A value of the record as the dialog shows it. */
function shown(v, w) {
  if (v === null || v === undefined) return "—";
  if (v === "none") return w.none;
  if (typeof v === "number") return num(v);
  if (typeof v === "object") {
    return Object.entries(v).map(([k, x]) => `${k} = ${Array.isArray(x) ? `(${x.map(num).join(", ")})` : shown(x, w)}`).join(", ");
  }
  return String(v);
}

/** A score in words, with its unit. */
function scoreText(score, w) {
  return Object.entries(score).map(([k, v]) => {
    if (k === "right_kind") return v ? w.right : w.wrong;
    if (k === "agreement") return say(w.scores.agreement, { v: `${num(100 * v)} %` });
    return w.scores[k] ? say(w.scores[k], { v: num(v) }) : `${k} = ${num(v)}`;
  }).join(w.sep);
}

/** Saves `text` as a file called `name` (a download of a blob made here). */
function save(text, name, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Opens the record's dialog beside `anchor` (inside the same panel or header, so it takes
 * their styles, also in a shadow root), in `lang`. Returns the dialog.
 */
export function openRecord(anchor, lang = pageLang()) {
  const w = words(lang);
  const dialog = document.createElement("dialog");
  dialog.dataset.role = "record";
  dialog.setAttribute("lang", lang);
  dialog.setAttribute("aria-labelledby", "genlab-record-title");
  Object.assign(dialog.style, { maxWidth: "min(46rem, calc(100vw - 2rem))", background: "var(--paper, #fff)", color: "var(--ink, #222)", border: "1px solid var(--line-strong, #555)", borderRadius: "8px" });
  const h = document.createElement("h2");
  h.id = "genlab-record-title";
  h.textContent = w.title;
  const intro = Object.assign(document.createElement("p"), { className: "hint", textContent: w.intro });
  const entries = predictionRecord();
  const list = document.createElement("ol");
  list.dataset.role = "record-list";
  for (const e of entries) {
    const li = document.createElement("li");
    const head = Object.assign(document.createElement("strong"), { textContent: `${w.panels[e.panel] ?? e.panel} · ${w.kinds[e.kind] ?? e.kind}` });
    const line = (label, text) => {
      const p = document.createElement("p");
      p.style.margin = "0.1rem 0";
      p.textContent = `${label}${text}`;
      return p;
    };
    li.append(head);
    if (e.skipped) li.append(line(w.score, w.skipped));
    else {
      li.append(line(w.answer, shown(e.answer, w)), line(w.truth, shown(e.truth, w)), line(w.score, scoreText(e.score, w)));
      // Each hint by its first sentence, in the dialog's language (the file keeps the ids).
      const first = (id) => {
        const h = HINTS[id];
        if (!h) return id;
        const text = lang === "zh-CN" ? h.zh : h.en;
        const end = lang === "zh-CN" ? text.indexOf("。") : text.search(/\.(\s|$)/);
        return end > 0 ? text.slice(0, end + 1) : text;
      };
      for (const id of e.hints) li.append(line(w.hints, first(id)));
    }
    li.style.marginBottom = "0.5rem";
    list.append(li);
  }
  const wrap = entries.length ? list : Object.assign(document.createElement("p"), { textContent: w.empty });
  const status = Object.assign(document.createElement("p"), { className: "hint" });
  status.setAttribute("role", "status");
  status.dataset.role = "record-status";
  const actions = Object.assign(document.createElement("p"), { className: "actions" });
  Object.assign(actions.style, { display: "flex", flexWrap: "wrap", gap: "0.5rem" });
  const button = (text, role) => {
    const b = Object.assign(document.createElement("button"), { type: "button", textContent: text });
    b.dataset.role = role;
    actions.append(b);
    return b;
  };
  const json = button(w.json, "record-json");
  const csv = button(w.csv, "record-csv");
  const close = button(w.close, "record-close");
  json.disabled = csv.disabled = entries.length === 0;
  const saveAs = (ext) => {
    const now = new Date();
    const file = recordFileName(now, ext);
    const list = predictionRecord();
    if (ext === "json") save(recordJson(list, now), file, "application/json");
    else save(recordCsv(list), file, "text/csv");
    status.textContent = say(w.saved, { file });
  };
  json.addEventListener("click", () => saveAs("json"));
  csv.addEventListener("click", () => saveAs("csv"));
  close.addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => {
    dialog.remove();
    anchor.focus?.({ preventScroll: true });
  });
  dialog.append(h, intro, wrap, actions, status);
  (anchor.closest(".predict, section, footer, header") || document.body).append(dialog);
  dialog.showModal();
  json.focus();
  return dialog;
}

/**
 * On genlab's own page, the "Your predictions (N)" button in its footer, from the first
 * prediction on: it follows the record's length and the page's language. (In the footer, below
 * every panel, it moves nothing when it appears: in the header it would push the page down by
 * a row on a phone, under the result being read, where the browser does not anchor the scroll.)
 */
export function showRecordControl() {
  const footer = document.querySelector("footer.chrome");
  if (!footer || footer.querySelector('[data-role="record-open"]')) return;
  const row = Object.assign(document.createElement("p"), { className: "actions" });
  const b = Object.assign(document.createElement("button"), { type: "button" });
  b.dataset.role = "record-open";
  const label = () => {
    const lang = pageLang();
    b.setAttribute("lang", lang);
    b.textContent = say(words(lang).control, { n: predictionRecord().length });
  };
  label();
  b.addEventListener("click", () => openRecord(b, pageLang()));
  row.append(b);
  footer.append(row);
  document.addEventListener("genlab-prediction", label);
  new MutationObserver(label).observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
}
