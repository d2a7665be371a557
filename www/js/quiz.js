// "Quiz me" (loaded on the first press, or by a link's `quiz` key): the panel draws a fresh
// situation from a seed, asks one prediction of a kind the Leitner schedule picks, lets the
// kind reveal and score it, says whether it counts as right and keeps a running tally on the
// device (localStorage; nothing is sent anywhere). The question's link (`quiz=panel.kind.seed`)
// is announced as a `genlab-quiz` event for the page to write into its URL: it holds the
// question, never the answer. js/quiz-core.js holds the parts without a page.
//
// The quiz is the panel's open prediction (its handle below); each question is a kind's own
// prediction inside it, started in the same task as its situation is applied, so no frame,
// text alternative or live region shows the new situation's answer before it is hidden.

import { QUIZ_KINDS, parseQuestion, questionValue, situation, countedRight, nextKind, scored, emptyTally, readTally, freshSeed } from "./quiz-core.js";
import { parseState } from "./genlab.js";
import { actionsRow, makeButton } from "./predict-parts.js";
import { fill as say } from "./i18n.js";

const WORDS = {
  en: {
    title: "Quiz",
    question: "Question {n}: {kind}",
    fresh: "A fresh situation, drawn from seed {seed}. Answer below; the lab then reveals and scores it.",
    seed: "This situation was drawn from seed {seed}.",
    none: "Nothing answered yet on this device.",
    tally: "On this device: {right} of {asked} right (this kind: {kright} of {kasked}).",
    right: "Counted right: {rule}.",
    wrong: "Not counted right (right means {rule}): this kind of question comes back sooner.",
    skipped: "Skipped: not counted right, and this kind of question comes back sooner.",
    failed: "This question could not be asked here. Press “Next question”.",
    next: "Next question",
    end: "End quiz",
    storage: "This browser keeps no storage for this page: the tally lasts only while it is open.",
    live: "Quiz question {n}: {kind}. The answer is hidden until you commit.",
    rules: {
      agree90: "your line's rule agrees with the model's on at least 90 % of the plot",
      logit05: "within 0.5 of the model's log-odds",
      gap005: "within 0.05 of the threshold the losses give",
      top: "the ledger's top word",
      alpha0: "every veto found, none extra, and the verdict's change right",
      decades03: "the right kind of answer, and within 0.3 decades of the crossing",
      exact: "the model's own answer",
    },
    kinds: {
      boundary: "where the boundary lies",
      posterior: "the posterior at a point",
      movement: "which way the boundary moves",
      threshold: "the decision threshold",
      shape: "the shape of QDA's boundary",
      bet: "the spam verdict",
      word: "the strongest word",
      alpha0: "what α = 0 does",
      verdict: "the categorical verdict",
      crossover: "where the learning curves cross",
    },
  },
  "zh-CN": {
    title: "测验",
    question: "第 {n} 题：{kind}",
    fresh: "由种子 {seed} 生成的新情形。请在下面作答，之后本实验揭晓并评分。",
    seed: "本情形由种子 {seed} 生成。",
    none: "本设备上还没有作答记录。",
    tally: "本设备上：答对 {right}/{asked}（这类题：{kright}/{kasked}）。",
    right: "记为答对：{rule}。",
    wrong: "未记为答对（答对的标准是{rule}）：这类题会更早再出现。",
    skipped: "已跳过：不记为答对，这类题会更早再出现。",
    failed: "这道题在这里无法出题。请按“下一题”。",
    next: "下一题",
    end: "结束测验",
    storage: "此浏览器不为本页保存数据：统计只在页面打开期间有效。",
    live: "测验第 {n} 题：{kind}。提交之前答案是隐藏的。",
    rules: {
      agree90: "你的直线与模型的决策在图中至少 90 % 的面积上一致",
      logit05: "与模型的对数几率相差不超过 0.5",
      gap005: "与损失决定的阈值相差不超过 0.05",
      top: "账本中排第一的词",
      alpha0: "找出所有否决词、没有多选，并且判断对了结论是否改变",
      decades03: "答案类型正确，且与交点相差不超过 0.3 个数量级",
      exact: "模型自己的答案",
    },
    kinds: {
      boundary: "边界在哪里",
      posterior: "某点的后验概率",
      movement: "边界往哪里移动",
      threshold: "决策阈值",
      shape: "QDA 边界的形状",
      bet: "垃圾邮件的判定",
      word: "最强的词",
      alpha0: "α = 0 会怎样",
      verdict: "分类判定",
      crossover: "学习曲线在哪里相交",
    },
  },
};
const words = (lang) => WORDS[lang] || WORDS.en;

const STORE = "genlab-quiz";

/** The device's tallies, by panel (`{ gda, nb, cat, curves }`), and whether they can be kept. */
function loadTallies() {
  try {
    const text = localStorage.getItem(STORE);
    const all = text ? JSON.parse(text) : {};
    return { kept: true, all: Object.fromEntries(Object.keys(QUIZ_KINDS).map((p) => [p, readTally(JSON.stringify(all?.[p] ?? null))])) };
  } catch {
    return { kept: false, all: Object.fromEntries(Object.keys(QUIZ_KINDS).map((p) => [p, emptyTally()])) };
  }
}

function saveTallies(all) {
  try {
    localStorage.setItem(STORE, JSON.stringify(all));
    return true;
  } catch {
    return false;
  }
}

/**
 * Opens a quiz on a panel. `ctx`: { panel ("gda", "nb", "cat", "curves"), section, lang, value (a
 * link's question, or none: the schedule picks the kind and a new seed), hide (the panel's
 * prediction buttons, hidden while the quiz is open), after (the bar goes after it),
 * starter(kind) (resolves to a synchronous `(params, onEnd) → handle | null` that starts the
 * kind's prediction), apply(state) (the panel's setState; with render() given it need not
 * draw), render() (optional: the panel draws once the question holds), hold(handle) (the
 * panel keeps it as its open prediction), note(lang) (optional: a sentence the panel adds
 * under the situation, or ""),
 * onEnd() }. Resolves to the quiz's handle once the first
 * question is asked.
 */
export async function openQuiz(ctx) {
  const { panel, section } = ctx;
  let lang = ctx.lang;
  let { kept, all } = loadTallies();
  let inner = null;
  let question = null;
  let outcome = null;
  let switching = false;
  let ended = false;
  let asking = 0;

  // Above the question (the kind's own block): which question and where it comes from; below
  // it: whether it counted, the tally, Next and End. One group, named by the question.
  const head = document.createElement("div");
  head.className = "predict quiz";
  head.dataset.role = "quiz-head";
  const bar = document.createElement("div");
  bar.className = "predict quiz";
  bar.dataset.role = "quiz-bar";
  bar.setAttribute("role", "group");
  bar.id = `${section.id || panel}-quiz`;
  // Not a hint (projector mode hides those): the question is what the room reads first.
  const title = document.createElement("p");
  title.id = `${bar.id}-title`;
  title.dataset.role = "quiz-question";
  bar.setAttribute("aria-labelledby", title.id);
  const fresh = document.createElement("p");
  fresh.dataset.role = "quiz-situation";
  const panelNote = document.createElement("p");
  panelNote.dataset.role = "quiz-note";
  panelNote.hidden = true;
  head.append(title, fresh, panelNote);
  const result = document.createElement("p");
  result.dataset.role = "quiz-outcome";
  result.hidden = true;
  const tallyLine = document.createElement("p");
  tallyLine.dataset.role = "quiz-tally";
  const note = Object.assign(document.createElement("p"), { className: "hint" });
  note.hidden = kept;
  const actions = actionsRow();
  const next = makeButton("quiz-next");
  next.hidden = true;
  const end = makeButton("quiz-end");
  actions.append(next, end);
  const live = Object.assign(document.createElement("p"), { className: "sr-only" });
  live.setAttribute("aria-live", "polite");
  live.dataset.role = "quiz-live";
  bar.append(result, tallyLine, note, actions, live);
  // The kind's block goes right after the hidden buttons' row (ctx.after): between the two.
  ctx.after.before(head);
  ctx.after.after(bar);
  const hideWas = ctx.hide.hidden;
  ctx.hide.hidden = true;

  function writeWords() {
    const w = words(lang);
    head.setAttribute("lang", lang);
    bar.setAttribute("lang", lang);
    const n = all[panel].asked + (outcome && !outcome.failed ? 0 : 1);
    title.textContent = question ? say(w.question, { n, kind: w.kinds[question.kind] }) : w.title;
    fresh.textContent = question ? say(outcome && !outcome.failed ? w.seed : w.fresh, { seed: question.seed }) : "";
    panelNote.textContent = ctx.note?.(lang) ?? "";
    panelNote.hidden = !panelNote.textContent;
    const t = all[panel];
    const k = (question && t.kinds[question.kind]) || { asked: 0, right: 0 };
    tallyLine.textContent = t.asked ? say(w.tally, { right: t.right, asked: t.asked, kright: k.right, kasked: k.asked }) : w.none;
    note.textContent = w.storage;
    next.textContent = w.next;
    end.textContent = w.end;
    if (outcome?.failed) result.textContent = w.failed;
    else if (outcome) result.textContent = outcome.skipped ? w.skipped : say(outcome.right ? w.right : w.wrong, { rule: w.rules[outcome.rule] });
    result.hidden = !outcome;
    result.className = outcome && !outcome.right ? "explain" : "";
  }

  /** Asks question `q` ({panel, kind, seed}): the kind's module first, then, in one task, the
   * situation and the prediction. */
  async function ask(q) {
    const call = ++asking;
    const old = inner;
    inner = null;
    old?.destroy();
    ctx.hide.hidden = true;
    question = q;
    outcome = null;
    next.hidden = true;
    const begin = await ctx.starter(q.kind);
    if (ended || call !== asking) return;
    const { query, params } = situation(q);
    const { state } = parseState(query);
    switching = true;
    try {
      ctx.apply(state[panel]);
      let mine = null;
      mine = begin ? begin(params, () => innerEnded(mine)) : null;
      inner = mine;
    } finally {
      switching = false;
    }
    ctx.render?.();
    if (!inner) {
      outcome = { failed: true, right: false };
      next.hidden = false;
    }
    writeWords();
    const w = words(lang);
    live.textContent = inner ? say(w.live, { n: all[panel].asked + 1, kind: w.kinds[q.kind] }) : w.failed;
    document.dispatchEvent(new CustomEvent("genlab-quiz", { detail: { value: questionValue(q) } }));
  }

  /** A new question: the kind the schedule picks, a new seed. */
  function askNext() {
    return ask({ panel, kind: nextKind(panel, all[panel]), seed: freshSeed(() => crypto.getRandomValues(new Uint32Array(1))[0] / 2 ** 32) });
  }

  /** The kind's prediction has closed (Done): the quiz stays, its next question ready. */
  function innerEnded(handle) {
    if (handle !== inner || ended) return;
    inner = null;
    ctx.hide.hidden = true;
    next.hidden = false;
    // After the kind has given the focus back to its own (hidden) button.
    setTimeout(() => { if (!ended && next.isConnected) next.focus({ preventScroll: true }); }, 0);
  }

  // The kind records its reveal: scored here (once per question).
  function recorded(ev) {
    if (!bar.isConnected) {
      document.removeEventListener("genlab-prediction", recorded);
      return;
    }
    const entry = ev.detail;
    if (ended || !question || outcome || !inner || entry?.panel !== panel || entry.kind !== question.kind) return;
    const { right, rule } = countedRight(entry);
    outcome = { right, rule, skipped: entry.skipped };
    // Read again first: another tab may have answered meanwhile.
    ({ kept, all } = loadTallies());
    all = { ...all, [panel]: scored(all[panel], question.kind, right) };
    kept = saveTallies(all) && kept;
    note.hidden = kept;
    next.hidden = false;
    writeWords();
    live.textContent = `${result.textContent} ${tallyLine.textContent}`;
  }
  document.addEventListener("genlab-prediction", recorded);

  next.addEventListener("click", () => askNext());
  end.addEventListener("click", () => destroy(true));

  function destroy(focus = false) {
    if (ended) return;
    ended = true;
    const old = inner;
    inner = null;
    old?.destroy();
    document.removeEventListener("genlab-prediction", recorded);
    head.remove();
    bar.remove();
    ctx.hide.hidden = hideWas;
    document.dispatchEvent(new CustomEvent("genlab-quiz", { detail: { value: null } }));
    ctx.onEnd();
    ctx.render?.();
    // Back to the button that opened the quiz (the GDA panel's: Predict…).
    if (focus) (ctx.hide.querySelector('[data-role="quiz"]') ?? ctx.hide.querySelector("button"))?.focus({ preventScroll: true });
  }

  const handle = {
    kind: "quiz",
    hidden: () => switching || Boolean(inner?.hidden()),
    draw: () => inner?.draw?.(),
    verdict: () => inner?.verdict?.() ?? null,
    remark: () => inner?.remark?.(),
    /** The open question's prediction (a kind's handle), or null between questions. */
    question: () => inner,
    /** The question's link value, or null. */
    value: () => (question ? questionValue(question) : null),
    /** Asks the question a link names (back, forward): nothing when it is the one open. */
    ask(value) {
      const q = parseQuestion(value);
      if (!q || q.panel !== panel || (question && questionValue(q) === questionValue(question))) return Promise.resolve();
      return ask(q);
    },
    setLang(next) {
      lang = next;
      writeWords();
      inner?.setLang(next);
    },
    destroy: () => destroy(false),
  };
  writeWords();
  // The panel holds the quiz as its prediction before the first situation is applied: its
  // drawing then asks the quiz whether the answer is hidden.
  ctx.hold(handle);
  const asked = parseQuestion(ctx.value);
  await (asked && asked.panel === panel ? ask(asked) : askNext());
  return handle;
}
