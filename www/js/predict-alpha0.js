// Predict, then reveal, on the spam panel: "At α = 0, which words will veto (rule out a
// class), and will the verdict change?" Before the ledger shows, the student ticks the words
// of the message they expect to veto (checkbox chips: js/predict-chips.js) and answers yes or
// no. "Commit" judges the answer against the same counts refitted at α = 0
// (SpamPanel.judgeAlphaZero: genlab::predict::judge_alpha_zero, on the tokens the ledger
// reads), then sets α = 0 through the panel's own setter, as the slider would (so the slider,
// the link and the history agree with the ledger, which now shows every veto as an infinite
// bar); "Back to α = …" returns. "Skip" shows the ledger at the current α, without a score.
// The verdict compared is the more probable class (the ledger's verdict with equal costs).

import { endPrediction, predictionBlock, predictionParts, resultLines, writeHints } from "./predict-parts.js";
import { recordPrediction } from "./predict-record.js";
import { wordChoices } from "./predict-chips.js";
import { fill as say } from "./i18n.js";

export const WORDS = {
  en: {
    intro: "At α = 0 a word that a class never used in training has probability 0 in that class. Which words of this message will veto, ruling out a class? Tick them (or none), answer the question, then press Commit: the verdict and the ledger are hidden until then.",
    legend: "Words that will veto at α = 0",
    cut: "The first {k} of the message's {n} distinct words are offered.",
    bernoulli: "In the Bernoulli model a vocabulary word missing from the message can veto too (when every training message of a class contains it): the answer lists those, but only the message's words are offered here, so they are not counted as missed.",
    absentToo: "{k} vocabulary word(s) missing from the message veto as well (the Bernoulli model's absent-word term).",
    changeLegend: "Will the verdict (the more probable class) change at α = 0?",
    yes: "Yes, it changes",
    no: "No, it stays",
    answerFirst: "Answer whether the verdict changes first.",
    commit: "Commit",
    skip: "Skip",
    done: "Done",
    back: "Back to α = {a}",
    started: "Prediction started: the verdict and the ledger are hidden. Tick the words that will veto at α = 0, say whether the verdict changes, then commit.",
    vetoes: "At α = 0, {list}.",
    noVeto: "At α = 0 no word vetoes.",
    rulesOutHam: "“{w}” rules out ham",
    rulesOutSpam: "“{w}” rules out spam",
    rulesOutBoth: "“{w}” rules out both classes",
    absent: " (absent from the message)",
    sep: "; ",
    score: "You missed {missed} of the message's vetoing words and ticked {extra} that do not veto.",
    perfect: "Every vetoing word found, none extra.",
    verdict: "The more probable class is {before} at α = {a} and {after} at α = 0: it {how}.",
    noVerdict: "The more probable class is {before} at α = {a}; at α = 0 both classes are ruled out, so there is no verdict.",
    changes: "changes",
    stays: "stays",
    right: "Your answer about the verdict is right.",
    wrong: "Your answer about the verdict is wrong.",
    spam: "spam",
    ham: "ham",
    nowZero: "α is now 0 (it was {a}): the ledger shows each veto as an infinite bar.",
    skipped: "Skipped: the verdict and the ledger are shown at the current α, without a score.",
    why: "Why? ",
    failed: "This prediction cannot be scored: {reason}",
    unavailable: {
      bayes: "With Beta/Dirichlet pseudo-counts on, the word probabilities do not use α: turn them off to ask about α = 0.",
      zero: "α is 0 already: set α above 0 to ask what α = 0 will do.",
      empty: "There is no word in the message: type or choose a message first.",
    },
  },
  "zh-CN": {
    intro: "当 α = 0 时，某个类别在训练中从未用过的词在该类别中的概率为 0。这条消息中哪些词会一票否决、排除一个类别？勾选它们（也可以一个都不选），回答下面的问题，再按“提交”：在此之前判定和账本是隐藏的。",
    legend: "在 α = 0 时会一票否决的词",
    cut: "这里列出消息中 {n} 个不同词里的前 {k} 个。",
    bernoulli: "在伯努利模型中，消息里没有的词汇表词也可能一票否决（当某个类别的每条训练消息都含有它时）：答案会列出这些词，但这里只提供消息中的词，所以它们不算漏掉。",
    absentToo: "另有 {k} 个消息中没有的词汇表词也一票否决（伯努利模型的缺席词项）。",
    changeLegend: "在 α = 0 时，判定（概率更大的类别）会改变吗？",
    yes: "会，判定改变",
    no: "不会，判定不变",
    answerFirst: "请先回答判定是否改变。",
    commit: "提交",
    skip: "跳过",
    done: "完成",
    back: "回到 α = {a}",
    started: "预测开始：判定和账本已隐藏。勾选在 α = 0 时会一票否决的词，回答判定是否改变，然后提交。",
    vetoes: "在 α = 0 时，{list}。",
    noVeto: "在 α = 0 时没有词一票否决。",
    rulesOutHam: "“{w}”排除正常邮件",
    rulesOutSpam: "“{w}”排除垃圾邮件",
    rulesOutBoth: "“{w}”排除两个类别",
    absent: "（消息中没有它）",
    sep: "；",
    score: "你漏掉了消息中 {missed} 个一票否决的词，多勾了 {extra} 个不会否决的词。",
    perfect: "一票否决的词全部找到，没有多勾。",
    verdict: "概率更大的类别在 α = {a} 时是{before}，在 α = 0 时是{after}：判定{how}。",
    noVerdict: "概率更大的类别在 α = {a} 时是{before}；在 α = 0 时两个类别都被排除，因此没有判定。",
    changes: "改变了",
    stays: "不变",
    right: "你对判定的回答是对的。",
    wrong: "你对判定的回答是错的。",
    spam: "垃圾邮件",
    ham: "正常邮件",
    nowZero: "α 现在为 0（原来是 {a}）：账本把每个一票否决显示为无穷长的条形。",
    skipped: "已跳过：按当前的 α 显示了判定和账本，不计分。",
    why: "为什么？",
    failed: "无法为这个预测评分：{reason}",
    unavailable: {
      bayes: "开启 Beta/Dirichlet 伪计数时，词的概率不使用 α：请先关闭它，再问 α = 0 的效果。",
      zero: "α 已经是 0：请把 α 设为大于 0，再问 α = 0 会带来什么。",
      empty: "消息中没有词：请先输入或选择一条消息。",
    },
  },
};

const words = (lang) => WORDS[lang] || WORDS.en;

/**
 * Starts an α = 0 prediction on the spam panel in `section` (its Rust handle `panel`;
 * `message()` the text scored, `alphaText()` the current α as shown, `bayes()` whether
 * Beta/Dirichlet pseudo-counts are on, `setAlphaZero()` / `setAlphaBack(a)` the panel's own
 * α setter). Returns `{ hidden(), verdict(), setLang(lang), destroy() }`, or null (said under
 * `button`) when the question has no answer here.
 */
export function startAlphaZero({ section, panel, message, lang, button, alphaText, bayes, setAlphaZero, setAlphaBack, onEnd = () => {} }) {
  const where = button.closest("p") || button;
  const list = panel.messageWords(message());
  const why = bayes() ? "bayes" : panel.alpha() === 0 ? "zero" : list.length === 0 ? "empty" : "";
  if (why) {
    const p = document.createElement("p");
    p.className = "input-error";
    p.setAttribute("role", "alert");
    p.dataset.role = "alpha0-unavailable";
    p.textContent = words(lang).unavailable[why];
    where.after(p);
    setTimeout(() => p.remove(), 8000);
    return null;
  }
  const hide = [...section.querySelectorAll('[data-role="verdict"], .nb-ledger, [data-role="nf"]')];
  const panelLive = section.querySelector('[data-role="live"]');
  const alphaBefore = panel.alpha();
  const alphaShown = alphaText();
  let hidden = true;
  let verdict = null;
  let answer = null;
  // Whether this prediction set α = 0 (and has not gone back).
  let atZero = false;

  const block = predictionBlock({ role: "alpha0" });
  const intro = document.createElement("p");
  intro.className = "hint";
  const choices = wordChoices({ words: list, multiple: true, name: `${section.id || "nb"}-alpha0-veto`, role: "alpha0-choices" });
  // Yes / no: a radio group of its own.
  const change = wordChoices({ words: ["yes", "no"], name: `${section.id || "nb"}-alpha0-change`, role: "alpha0-change" });
  change.inputs.forEach((i) => { i.closest("label").translate = true; i.dataset.role = `alpha0-${i.value}`; });
  const changeText = change.inputs.map((i) => i.nextElementSibling);
  const need = document.createElement("p");
  need.className = "input-error";
  need.dataset.role = "alpha0-need";
  need.hidden = true;
  const { actions, done, result, live, writeActionWords, showRevealed, announceRevealed } = predictionParts("alpha0", { reveal, end: destroy });
  const back = document.createElement("button");
  back.type = "button";
  back.dataset.role = "alpha0-back";
  back.hidden = true;
  actions.append(back);
  block.append(intro, choices.fieldset, change.fieldset, need, actions, result, live);
  where.after(block);
  section.querySelectorAll("[data-predict]").forEach((b) => { b.disabled = true; });
  change.inputs.forEach((i) => i.addEventListener("change", () => { need.hidden = true; }));

  const missedInMessage = () => verdict.vetoes.filter((x) => x.present && !answer.vetoes.includes(x.word)).length;
  const bernoulli = () => section.querySelector('[data-role="event"]:checked')?.value === "bernoulli";

  function writeResult() {
    const w = words(lang);
    const { p, lines: els } = resultLines();
    if (verdict?.error) {
      p(say(w.failed, { reason: verdict.error }), "alpha0-score").className = "input-error";
    } else if (!verdict) {
      p(w.skipped, "alpha0-score");
    } else {
      const v = verdict;
      const key = { ham: "rulesOutHam", spam: "rulesOutSpam", both: "rulesOutBoth" };
      const items = v.vetoes.map(({ word, veto, present }) => say(w[key[veto]], { w: word }) + (present ? "" : w.absent));
      p(items.length ? say(w.vetoes, { list: items.join(w.sep) }) : w.noVeto, "alpha0-truth");
      // Only the message's words could be ticked: an absent word's veto (Bernoulli) is said
      // apart, not counted as missed.
      const missed = missedInMessage();
      const absent = v.vetoes.filter((x) => !x.present).length;
      p(missed === 0 && v.extra === 0 ? w.perfect : say(w.score, { missed, extra: v.extra }), "alpha0-score");
      if (absent) p(say(w.absentToo, { k: absent }), "alpha0-absent");
      const cls = (c) => w[c];
      p(v.after == null
        ? say(w.noVerdict, { before: cls(v.before), a: alphaShown })
        : say(w.verdict, { before: cls(v.before), after: cls(v.after), a: alphaShown, how: v.changes ? w.changes : w.stays }), "alpha0-verdict");
      p(v.verdict_right ? w.right : w.wrong, "alpha0-sentence");
      writeHints(p, v.hints, lang, w.why, "alpha0");
      if (atZero) p(say(w.nowZero, { a: alphaShown }), "alpha0-now");
    }
    result.replaceChildren(...els);
    result.hidden = false;
  }

  function reveal(judge) {
    if (!hidden) return;
    if (judge) {
      const said = change.picked()[0];
      if (said === undefined) {
        need.textContent = words(lang).answerFirst;
        need.hidden = false;
        change.inputs[0].focus();
        return;
      }
      answer = { vetoes: choices.picked(), changes: said === "yes" };
      try {
        verdict = panel.judgeAlphaZero(message(), answer.vetoes, answer.changes);
      } catch (e) {
        verdict = { error: e?.message || String(e) };
      }
    }
    hidden = false;
    need.hidden = true;
    const scored = verdict && !verdict.error;
    // The lecturer's reveal: the panel itself goes to α = 0 (slider, link, history).
    if (scored) {
      setAlphaZero();
      atZero = true;
    }
    hide.forEach((el) => { el.hidden = false; });
    choices.disable();
    change.disable();
    showRevealed(intro);
    back.hidden = !scored;
    writeWords();
    recordPrediction({
      panel: "nb",
      kind: "alpha0",
      skipped: !scored,
      answer: scored ? answer : null,
      truth: scored ? { vetoes: verdict.vetoes.map((v) => v.word), changes: verdict.changes } : null,
      score: scored ? { missed: verdict.missed, missed_in_message: missedInMessage(), extra: verdict.extra, verdict_right: verdict.verdict_right } : {},
      hints: scored ? verdict.hints.map((h) => h.id) : [],
      lang,
    });
    announceRevealed();
  }

  function writeWords() {
    const w = words(lang);
    block.setAttribute("lang", lang);
    intro.textContent = bernoulli() ? `${w.intro}${lang === "zh-CN" ? "" : " "}${w.bernoulli}` : w.intro;
    choices.legend.textContent = w.legend;
    choices.note.textContent = say(w.cut, { k: choices.offered, n: list.length });
    change.legend.textContent = w.changeLegend;
    changeText[0].textContent = w.yes;
    changeText[1].textContent = w.no;
    writeActionWords(w);
    back.textContent = say(w.back, { a: alphaShown });
    if (!need.hidden) need.textContent = w.answerFirst;
    if (!hidden) writeResult();
  }

  function destroy() {
    hide.forEach((el) => { el.hidden = false; });
    // (`button` is one of the panel's [data-predict] buttons.)
    section.querySelectorAll("[data-predict]").forEach((b) => { b.disabled = false; });
    endPrediction({ block, button, onEnd });
  }

  back.addEventListener("click", () => {
    setAlphaBack(alphaBefore);
    atZero = false;
    back.hidden = true;
    result.querySelector('[data-role="alpha0-now"]')?.remove();
    done.focus({ preventScroll: true });
  });

  writeWords();
  hide.forEach((el) => { el.hidden = true; });
  if (panelLive) panelLive.textContent = "";
  live.textContent = words(lang).started;
  (choices.inputs[0] || change.inputs[0]).focus({ preventScroll: true });

  return {
    hidden: () => hidden,
    verdict: () => verdict,
    setLang(next) {
      lang = next;
      writeWords();
    },
    destroy,
  };
}
