// Predict, then reveal, on the spam panel: "Which word pushes hardest toward spam (or ham)?"
// Before the ledger shows, the student picks one of the message's distinct words (radio
// chips: js/predict-chips.js); "Commit" scores the pick with the exact model
// (SpamPanel.judgeStrongestWord: genlab::predict::judge_strongest_word, on the tokens the
// ledger reads) as the word's rank in the ledger and its evidence against the top word's,
// then shows the ledger with both words marked; "Skip" shows it without a score. Loaded on
// the first press of its button. Words in both languages here; the misconceptions' hints,
// by id, from js/predict-hints.js.

import { signed } from "./format.js";
import { endPrediction, predictionBlock, predictionParts, resultLines, writeHints } from "./predict-parts.js";
import { recordPrediction } from "./predict-record.js";
import { wordChoices } from "./predict-chips.js";
import { fill as say } from "./i18n.js";

/** This module's words; {x}-style slots are filled by `say`. */
export const WORDS = {
  en: {
    spam: "spam",
    ham: "ham",
    intro: "Which word of this message pushes hardest toward {cls}? Pick one, then press Commit: the verdict and the ledger are hidden until then.",
    legend: "The words of the message",
    cut: "The first {k} of the message's {n} distinct words are offered.",
    commit: "Commit",
    skip: "Skip",
    done: "Done",
    pickFirst: "Pick a word first.",
    started: "Prediction started: the verdict and the ledger are hidden. Pick the word that pushes hardest toward {cls}, then commit.",
    score: "You picked “{pick}”: number {rank} of the {n} words the model knows in this message, with evidence {ev} toward {cls} against {top} for the strongest, “{word}”.",
    unknown: "You picked “{pick}”: no training message has it, so the model ignores it (evidence 0); the strongest toward {cls} is “{word}”, with {top}.",
    right: "Right: no word of this message pushes harder toward {cls}.",
    wrong: "Each word's bar in the ledger is its evidence, log P(w | spam) − log P(w | ham) times the number of times it occurs: the longest bar toward {cls} belongs to the strongest word.",
    wrongBern: "Each word's bar in the ledger is its evidence, log p_spam,w − log p_ham,w (p_c,w: the smoothed share of class c's training messages that contain w), once however often it occurs: the longest bar toward {cls} belongs to the strongest word.",
    against: "No word of this message pushes toward {cls}: every word's evidence points the other way, and “{word}” points least.",
    markPick: "your pick",
    markTop: "strongest toward {cls}",
    skipped: "Skipped: the verdict and the ledger are shown, without a score.",
    why: "Why? ",
    failed: "This pick cannot be scored: {reason}",
    unavailable: "There is no word in the message to pick: type or choose a message first.",
  },
  "zh-CN": {
    spam: "垃圾邮件",
    ham: "正常邮件",
    intro: "这条消息中哪个词最强烈地推向{cls}？选一个，再按“提交”：在此之前判定和账本是隐藏的。",
    legend: "消息中的词",
    cut: "这里列出消息中 {n} 个不同词里的前 {k} 个。",
    commit: "提交",
    skip: "跳过",
    done: "完成",
    pickFirst: "请先选一个词。",
    started: "预测开始：判定和账本已隐藏。选出最强烈地推向{cls}的词，然后提交。",
    score: "你选了“{pick}”：它在这条消息中模型认识的 {n} 个词里排第 {rank}，推向{cls}的证据为 {ev}，而最强的“{word}”为 {top}。",
    unknown: "你选了“{pick}”：没有任何训练消息含有它，所以模型忽略它（证据为 0）；最强烈地推向{cls}的是“{word}”，证据为 {top}。",
    right: "正确：这条消息中没有哪个词更强烈地推向{cls}。",
    wrong: "账本中每个词的条形就是它的证据，即 log P(w | 垃圾) − log P(w | 正常) 乘以它出现的次数：推向{cls}最长的条形属于最强的词。",
    wrongBern: "账本中每个词的条形就是它的证据，即 log p_垃圾,w − log p_正常,w（p_c,w：类别 c 的训练消息中含有 w 的平滑比例），无论出现几次都只算一次：推向{cls}最长的条形属于最强的词。",
    against: "这条消息中没有词推向{cls}：每个词的证据都指向另一边，“{word}”指得最弱。",
    markPick: "你的选择",
    markTop: "最强烈地推向{cls}",
    skipped: "已跳过：显示了判定和账本，不计分。",
    why: "为什么？",
    failed: "无法为这个选择评分：{reason}",
    unavailable: "消息中没有可选的词：请先输入或选择一条消息。",
  },
};

const words = (lang) => WORDS[lang] || WORDS.en;

/**
 * Starts a "strongest word" prediction on the spam panel in `section` (its Rust handle
 * `panel`; `message()` returns the text being scored; `toward` is "spam" or "ham").
 * Returns `{ hidden(), verdict(), setLang(lang), destroy() }`, or null (said under `button`)
 * when the message has no word; `onEnd()` runs when the student closes it.
 */
export function startStrongestWord({ section, panel, message, lang, button, toward = "spam", onEnd = () => {} }) {
  const where = button.closest("p") || button;
  const list = panel.messageWords(message());
  if (list.length === 0) {
    const p = document.createElement("p");
    p.className = "input-error";
    p.setAttribute("role", "alert");
    p.dataset.role = "word-unavailable";
    p.textContent = words(lang).unavailable;
    where.after(p);
    setTimeout(() => p.remove(), 8000);
    return null;
  }
  const hide = [...section.querySelectorAll('[data-role="verdict"], .nb-ledger, [data-role="nf"]')];
  const panelLive = section.querySelector('[data-role="live"]');
  let hidden = true;
  let verdict = null;
  let picked = null;
  // The message the pick was judged on: the ledger's rows are marked only while it shows.
  let judged = null;

  const block = predictionBlock({ role: "word" });
  const intro = document.createElement("p");
  intro.className = "hint";
  const choices = wordChoices({ words: list, name: `${section.id || "nb"}-word-pick`, role: "word-choices" });
  const { actions, result, live, writeActionWords, showRevealed, announceRevealed } = predictionParts("word", { reveal, end: destroy });
  const need = document.createElement("p");
  need.className = "input-error";
  need.dataset.role = "word-need";
  need.hidden = true;
  block.append(intro, choices.fieldset, need, actions, result, live);
  where.after(block);
  section.querySelectorAll('[data-predict]').forEach((b) => { b.disabled = true; });
  button.disabled = true;
  choices.inputs.forEach((i) => i.addEventListener("change", () => { need.hidden = true; }));

  /** Marks the picked and the top word's rows in the ledger (text, not colour only). */
  function markLedger() {
    clearMarks();
    if (!verdict || verdict.error || message() !== judged) return;
    const w = words(lang);
    const cls = w[toward];
    const rows = [...section.querySelectorAll("ol.ledger li.term.word, ol.ledger li.term.header")];
    const nameOf = (li) => li.querySelector(".term-name")?.firstChild?.textContent ?? "";
    const mark = (word, text) => {
      const li = rows.find((r) => nameOf(r) === word);
      if (!li) return;
      const m = document.createElement("span");
      m.className = "term-sub predict-mark";
      m.dataset.role = "word-mark";
      m.textContent = `← ${text}`;
      li.querySelector(".term-name").append(" ", m);
      li.style.outline = "2px solid var(--c1)";
      li.style.outlineOffset = "-2px";
    };
    if (picked === verdict.top) mark(picked, `${w.markPick}, ${say(w.markTop, { cls })}`);
    else {
      mark(picked, w.markPick);
      mark(verdict.top, say(w.markTop, { cls }));
    }
  }
  function clearMarks() {
    section.querySelectorAll(".predict-mark").forEach((m) => {
      const li = m.closest("li");
      m.previousSibling?.nodeType === 3 && m.previousSibling.textContent === " " && m.previousSibling.remove();
      m.remove();
      if (li) { li.style.outline = ""; li.style.outlineOffset = ""; }
    });
  }

  function writeResult() {
    const w = words(lang);
    const cls = w[toward];
    const { p, lines: els } = resultLines();
    if (verdict?.error) {
      p(say(w.failed, { reason: verdict.error }), "word-score").className = "input-error";
    } else if (!verdict) {
      p(w.skipped, "word-score");
    } else {
      const v = verdict;
      const common = { pick: picked, cls, word: v.top, top: signed(v.top_evidence), n: v.words };
      if (v.rank == null) p(say(w.unknown, common), "word-score");
      else p(say(w.score, { ...common, rank: v.rank, ev: signed(v.evidence) }), "word-score");
      // The evidence's formula is the event model's (the panel's radio says which).
      const bern = section.querySelector('[data-role="event"]:checked')?.value === "bernoulli";
      p(say(v.rank === 1 ? w.right : bern ? w.wrongBern : w.wrong, { cls }), "word-sentence");
      if (v.top_evidence < 0) p(say(w.against, { cls, word: v.top }), "word-against");
      writeHints(p, v.hints, lang, w.why, "word");
    }
    result.replaceChildren(...els);
    result.hidden = false;
  }

  function reveal(judge) {
    if (!hidden) return;
    if (judge) {
      picked = choices.picked()[0] ?? null;
      if (picked === null) {
        need.textContent = words(lang).pickFirst;
        need.hidden = false;
        choices.inputs[0].focus();
        return;
      }
      judged = message();
      try {
        verdict = panel.judgeStrongestWord(judged, toward, picked);
      } catch (e) {
        verdict = { error: e?.message || String(e) };
      }
    }
    hidden = false;
    need.hidden = true;
    hide.forEach((el) => { el.hidden = false; });
    choices.disable();
    showRevealed(intro);
    writeResult();
    markLedger();
    const scored = verdict && !verdict.error;
    recordPrediction({
      panel: "nb",
      kind: "word",
      skipped: !scored,
      answer: scored ? picked : null,
      truth: scored ? verdict.top : null,
      score: scored ? { rank: verdict.rank, evidence: verdict.evidence, top_evidence: verdict.top_evidence } : {},
      hints: scored ? verdict.hints.map((h) => h.id) : [],
      lang,
    });
    announceRevealed();
  }

  function writeWords() {
    const w = words(lang);
    const cls = w[toward];
    block.setAttribute("lang", lang);
    intro.textContent = say(w.intro, { cls });
    choices.legend.textContent = w.legend;
    choices.note.textContent = say(w.cut, { k: choices.offered, n: list.length });
    writeActionWords(w);
    if (!need.hidden) need.textContent = w.pickFirst;
    if (!hidden) {
      writeResult();
      markLedger();
    }
  }

  function destroy() {
    clearMarks();
    hide.forEach((el) => { el.hidden = false; });
    section.querySelectorAll("[data-predict]").forEach((b) => { b.disabled = false; });
    endPrediction({ block, button, onEnd });
  }

  writeWords();
  hide.forEach((el) => { el.hidden = true; });
  if (panelLive) panelLive.textContent = "";
  live.textContent = say(words(lang).started, { cls: words(lang)[toward] });
  choices.inputs[0].focus({ preventScroll: true });

  return {
    hidden: () => hidden,
    verdict: () => verdict,
    /** Re-marks the ledger after the panel redrew it (a new language, a keystroke). */
    remark: () => { if (!hidden) markLedger(); },
    setLang(next) {
      lang = next;
      writeWords();
    },
    destroy,
  };
}
