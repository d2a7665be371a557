// The spam panel's worked example ("Work it out", loaded when it first opens): a word's
// smoothed probability P(w | c) (p_cw in the Bernoulli model) and the message's log-odds, the
// ledger's sum, each formula with the panel's numbers plugged in (SpamPanel.workedExample:
// genlab::predict::nb_example on the message as the ledger reads it), faded backwards into
// blanks the model checks (SpamPanel.checkWorked; js/worked.js). The two smoothing mistakes'
// hints are worded here for the Bernoulli model with its pseudo-counts β₁, β₀ (the
// catalogue's speak of one α); the others are the catalogue's.

import { showWorked } from "./worked.js";
import { fill as say } from "./i18n.js";

export const WORDS = {
  en: {
    word: "Word",
    class: "Class",
    spam: "spam",
    ham: "ham",
    none: "None of the message's words is in the vocabulary of the training messages: type a message with some of their words.",
    failed: "No worked example for this message: {reason}",
    bernoulli: {
      "smoothing-alpha-numerator-only": {
        text: "The pseudo-counts go into the denominator too: p_cw = (d_cw + β₁)/(N_c + β₀ + β₁). With β₁ in the numerator only, p_cw and 1 − p_cw no longer add up to 1.",
        why: "What must the probabilities that a message of class c contains the word and lacks it add up to?",
      },
      "smoothing-denominator-count-missing": {
        text: "The denominator adds both pseudo-counts, β₁ imagined messages that contain the word and β₀ that lack it: N_c + β₀ + β₁, so that p_cw and 1 − p_cw still add up to 1.",
        why: "How many imagined messages of class c are there in all?",
      },
    },
  },
  "zh-CN": {
    word: "词",
    class: "类别",
    spam: "垃圾邮件",
    ham: "正常邮件",
    none: "这条消息中没有一个词在训练消息的词表里：请输入含有训练消息中某些词的消息。",
    failed: "这条消息没有例题：{reason}",
    bernoulli: {
      "smoothing-alpha-numerator-only": {
        text: "伪计数也要加到分母上：p_cw = (d_cw + β₁)/(N_c + β₀ + β₁)。如果只在分子上加 β₁，p_cw 与 1 − p_cw 之和就不再是 1。",
        why: "类别 c 的消息含有这个词和不含这个词的概率之和必须是多少？",
      },
      "smoothing-denominator-count-missing": {
        text: "分母要加上两种伪计数：含有这个词的 β₁ 条假想消息和不含它的 β₀ 条：N_c + β₀ + β₁，这样 p_cw 与 1 − p_cw 之和仍为 1。",
        why: "类别 c 一共有多少条假想消息？",
      },
    },
  },
};

const words = (lang) => WORDS[lang] || WORDS.en;

/**
 * Attaches the worked example of the spam panel whose Rust handle is `panel` to `box`;
 * `message()` is the text being scored. Returns `{ refresh(), setLang(lang) }`: `refresh()`
 * after every change of the message or the model redraws it with the new numbers.
 */
export function attachNbWorked({ box, panel, message, lang, idPrefix }) {
  const picks = document.createElement("div");
  Object.assign(picks.style, { display: "flex", flexWrap: "wrap", gap: "0.4rem 1rem", alignItems: "end" });
  const error = Object.assign(document.createElement("p"), { className: "input-error", hidden: true });
  error.setAttribute("role", "alert");
  const body = document.createElement("div");
  box.replaceChildren(picks, error, body);
  const selects = {};
  for (const name of ["word", "class"]) {
    const label = document.createElement("label");
    Object.assign(label.style, { display: "flex", flexDirection: "column", maxWidth: "100%" });
    const span = document.createElement("span");
    const select = document.createElement("select");
    select.dataset.role = `worked-${name}`;
    Object.assign(select.style, { width: "auto", maxWidth: "100%", minHeight: "2.75rem" });
    label.append(span, select);
    picks.append(label);
    selects[name] = { span, select };
  }
  let view = null;
  let word = null;
  let spam = true;
  let checkNow = null;

  function refresh() {
    const w = words(lang);
    const text = message();
    // The message's words the model knows (a worked P(w | c) needs one of the vocabulary):
    // the ledger's word rows are exactly those.
    const known = (panel.explain(text).explanation.words || []).map((r) => r.word);
    const seen = [...new Set(known)];
    selects.word.span.textContent = w.word;
    selects.class.span.textContent = w.class;
    if (!seen.includes(word)) word = seen[0] ?? null;
    selects.word.select.replaceChildren(...seen.map((x) => Object.assign(document.createElement("option"), { value: x, textContent: x })));
    selects.class.select.replaceChildren(...[["spam", w.spam], ["ham", w.ham]].map(([v, t]) => Object.assign(document.createElement("option"), { value: v, textContent: t })));
    selects.word.select.value = word ?? "";
    selects.class.select.value = spam ? "spam" : "ham";
    picks.hidden = !word;
    let example = null;
    if (!word) {
      error.textContent = w.none;
    } else {
      try {
        example = panel.workedExample(text, word, spam);
      } catch (e) {
        error.textContent = say(w.failed, { reason: e?.message || String(e) });
      }
    }
    error.hidden = Boolean(example);
    body.hidden = !example;
    if (!example) return;
    const at = { text, word, spam };
    checkNow = (blank, answer) => panel.checkWorked(at.text, at.word, at.spam, blank, answer);
    const bernoulli = example.steps[0].symbol === "p_cw";
    const hint = bernoulli ? (id, l) => words(l).bernoulli[id] || null : null;
    if (view) {
      view.setHint(hint);
      view.setExample(example);
    } else {
      view = showWorked(body, { example, lang, check: (b, a) => checkNow(b, a), hint, idPrefix });
    }
  }

  selects.word.select.addEventListener("change", () => { word = selects.word.select.value; refresh(); });
  selects.class.select.addEventListener("change", () => { spam = selects.class.select.value === "spam"; refresh(); });
  refresh();
  return {
    refresh,
    setLang(next) {
      lang = next;
      view?.setLang(lang);
      refresh();
    },
  };
}
