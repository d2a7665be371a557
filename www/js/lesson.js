// Lessons (src/lesson): a lecture as a sequence of panel states, played from a clicker and
// recorded by doing. Imported only when the link has a lesson or the user opens the lessons,
// so a first load without one never fetches it (main.js).
//
// - Playing: the step's panel alone, its caption large, a step counter; PageDown/PageUp (and,
//   away from the controls, the arrows and space) go forward and back; presenter mode is full
//   screen, with B (or ".") blanking the screen; a second window (BroadcastChannel) shows the
//   notes and the next step. Numbers that teach when they move (a mean, σ, ρ, the prior, the
//   losses, α) glide to the step's values over 400 ms; everything else, and everything under
//   prefers-reduced-motion, changes at once. A glide's frames go through the panels' cheap
//   glideFrame paths; the step's whole state is set at its end. The step's highlight (a
//   mean, a ledger word, a table cell, a control) is scrolled into view when it is below the
//   window; a step without one brings its caption back into view.
// - Recording: "Record step" takes the chosen panel's state with the captions, hidden
//   controls, highlight and notes typed beside it; steps are moved, edited, deleted; the
//   lesson is saved as a text file and as one link (deflate-raw, base64url) when it fits.
//
// Every caption is set as text nodes from the core's styled runs (never innerHTML).

import {
  parseLesson, writeLesson, captionSpans, builtinLessons, builtinLessonText, parseState, stateQuery,
} from "../pkg-lesson/genlab.js";
import { noticeText } from "./messages.js";
import { loadLessonCore } from "./genlab.js";

const WORDS = {
  en: {
    "lessons.title": "Lessons",
    "lessons.builtin": "Built-in lessons",
    "lessons.steps": "{n} steps",
    "lessons.open": "Open a lesson file…",
    "lessons.new": "Record a new lesson",
    "lessons.close": "Close",
    "lesson.label": "Lesson",
    "lesson.counter": "Step {i} of {n}",
    "lesson.back": "Back",
    "lesson.next": "Next",
    "lesson.present": "Present",
    "lesson.stopPresenting": "Stop presenting",
    "lesson.presenterWindow": "Presenter window",
    "lesson.edit": "Edit",
    "lesson.close": "Close lesson",
    "lesson.keys": "PageDown, →, space: next · PageUp, ←: back · B: blank screen · Esc: leave",
    "lesson.blanked": "Screen blanked: press B to show it again.",
    "lesson.errors": "Some lines of this lesson were ignored:",
    "lesson.empty": "This lesson has no step that can play.",
    "lesson.untitled": "Untitled lesson",
    "lesson.end": "End of the lesson.",
    "editor.title": "Record a lesson",
    "editor.titleEn": "Title (English)",
    "editor.titleZh": "Title (Chinese)",
    "editor.help": "Set a panel as the step should show it, type its captions, then Record step. The state is taken from the panel as it is now.",
    "editor.panel": "Panel",
    "editor.captionEn": "Caption (English)",
    "editor.captionZh": "Caption (Chinese)",
    "editor.hide": "Controls to hide (comma-separated)",
    "editor.highlight": "Highlight (mean 1, word free, cell fp, control prior)",
    "editor.notes": "Presenter notes",
    "editor.record": "Record step",
    "editor.update": "Save this step",
    "editor.cancel": "Cancel editing",
    "editor.up": "Move up",
    "editor.down": "Move down",
    "editor.editStep": "Edit",
    "editor.delete": "Delete",
    "editor.show": "Show",
    "editor.none": "No step yet.",
    "editor.save": "Save file",
    "editor.link": "Copy link",
    "editor.play": "Play",
    "editor.linkCopied": "Link copied.",
    "editor.linkManual": "Copy this link:",
    "editor.linkTooLong": "This lesson is too long for a link ({n} characters compressed, at most {max}): save it as a file and share the file.",
    "editor.noCompression": "This browser cannot compress a lesson into a link: save it as a file.",
    "editor.recorded": "Step {i} recorded.",
    "editor.stepOf": "Step {i}: {panel}",
    "panel.gda": "Gaussian discriminant analysis",
    "panel.nb": "Naive Bayes",
    "panel.cat": "Categorical naive Bayes",
    "panel.curves": "Learning curves",
    "file.notText": "The file is not a lesson (a lesson is a UTF-8 text file; see the lecturers' page).",
    "file.unreadable": "The lesson could not be read: {msg}",
    "link.bad": "The lesson in the link could not be read (it may have been cut): {msg}",
    "presenter.title": "Presenter",
    "presenter.waiting": "Waiting for the lesson window…",
    "presenter.now": "Now",
    "presenter.nextStep": "Next step",
    "presenter.notes": "Notes",
    "presenter.noNotes": "No notes for this step.",
    "presenter.last": "This is the last step.",
    "presenter.elapsed": "Elapsed {t}",
    "err.at": "Line {line}: ",
    "err.atStep": "Line {line}, step {step}: ",
    "err.atNamed": "Line {line}, step {step} (“{name}”): ",
    "err.too-long": "the lesson is longer than 256 KB; the rest was not read.",
    "err.too-many-steps": "a lesson has at most 200 steps; the rest were not read.",
    "err.not-a-field": "“{value}” is not “field: value”; it was ignored.",
    "err.unknown-field": "“{field}” is not a field of a lesson; it was ignored.",
    "err.repeated": "“{field}” is given twice; the first one counts.",
    "err.missing-panel": "the step names no panel (“panel: gda”, “nb” or “cat”); it is left out.",
    "err.unknown-panel": "the panel “{value}” is not “gda”, “nb”, “cat” or “curves”; the step is left out.",
    "err.state": "in the state, “{key}={value}”: {notice}",
    "err.foreign-key": "the state's “{key}” is not a setting of this panel; it was ignored.",
    "err.unknown-control": "this panel has no control “{value}” to hide; it was ignored.",
    "err.bad-highlight": "“{value}” is not “mean C”, “word W”, “cell NAME” or “control NAME” of this panel; it was ignored.",
    "err.cut": "“{field}” was cut at {max} characters.",
  },
  "zh-CN": {
    "lessons.title": "课程",
    "lessons.builtin": "内置课程",
    "lessons.steps": "{n} 步",
    "lessons.open": "打开课程文件…",
    "lessons.new": "录制新课程",
    "lessons.close": "关闭",
    "lesson.label": "课程",
    "lesson.counter": "第 {i} 步，共 {n} 步",
    "lesson.back": "上一步",
    "lesson.next": "下一步",
    "lesson.present": "演示",
    "lesson.stopPresenting": "停止演示",
    "lesson.presenterWindow": "演讲者窗口",
    "lesson.edit": "编辑",
    "lesson.close": "关闭课程",
    "lesson.keys": "PageDown、→、空格：下一步 · PageUp、←：上一步 · B：黑屏 · Esc：退出",
    "lesson.blanked": "屏幕已变黑：按 B 恢复显示。",
    "lesson.errors": "本课程有些行被忽略了：",
    "lesson.empty": "本课程没有可以播放的步骤。",
    "lesson.untitled": "未命名课程",
    "lesson.end": "课程结束。",
    "editor.title": "录制课程",
    "editor.titleEn": "标题（英文）",
    "editor.titleZh": "标题（中文）",
    "editor.help": "把面板调成这一步要显示的样子，写好说明，然后点“录制这一步”。状态取自面板当前的样子。",
    "editor.panel": "面板",
    "editor.captionEn": "说明（英文）",
    "editor.captionZh": "说明（中文）",
    "editor.hide": "要隐藏的控件（用逗号分隔）",
    "editor.highlight": "突出显示（mean 1、word free、cell fp、control prior）",
    "editor.notes": "演讲者备注",
    "editor.record": "录制这一步",
    "editor.update": "保存这一步",
    "editor.cancel": "取消编辑",
    "editor.up": "上移",
    "editor.down": "下移",
    "editor.editStep": "编辑",
    "editor.delete": "删除",
    "editor.show": "显示",
    "editor.none": "还没有步骤。",
    "editor.save": "保存文件",
    "editor.link": "复制链接",
    "editor.play": "播放",
    "editor.linkCopied": "链接已复制。",
    "editor.linkManual": "请复制这个链接：",
    "editor.linkTooLong": "这个课程太长，放不进链接（压缩后 {n} 个字符，最多 {max} 个）：请保存为文件并分享文件。",
    "editor.noCompression": "此浏览器无法把课程压缩进链接：请保存为文件。",
    "editor.recorded": "已录制第 {i} 步。",
    "editor.stepOf": "第 {i} 步：{panel}",
    "panel.gda": "高斯判别分析",
    "panel.nb": "朴素贝叶斯",
    "panel.cat": "类别型朴素贝叶斯",
    "panel.curves": "学习曲线",
    "file.notText": "这个文件不是课程（课程是 UTF-8 纯文本文件，见讲师页面）。",
    "file.unreadable": "无法读取课程：{msg}",
    "link.bad": "无法读取链接中的课程（链接可能被截断了）：{msg}",
    "presenter.title": "演讲者",
    "presenter.waiting": "正在等待课程窗口…",
    "presenter.now": "当前",
    "presenter.nextStep": "下一步",
    "presenter.notes": "备注",
    "presenter.noNotes": "这一步没有备注。",
    "presenter.last": "这是最后一步。",
    "presenter.elapsed": "已用时 {t}",
    "err.at": "第 {line} 行：",
    "err.atStep": "第 {line} 行，第 {step} 步：",
    "err.atNamed": "第 {line} 行，第 {step} 步（“{name}”）：",
    "err.too-long": "课程超过 256 KB，其余部分没有读取。",
    "err.too-many-steps": "一个课程最多 200 步，其余步骤没有读取。",
    "err.not-a-field": "“{value}”不是“字段: 值”的形式，已忽略。",
    "err.unknown-field": "“{field}”不是课程的字段，已忽略。",
    "err.repeated": "“{field}”出现了两次，以第一次为准。",
    "err.missing-panel": "这一步没有指定面板（“panel: gda”、“nb”或“cat”），已略去。",
    "err.unknown-panel": "面板“{value}”不是“gda”、“nb”、“cat”或“curves”，这一步已略去。",
    "err.state": "状态中的“{key}={value}”：{notice}",
    "err.foreign-key": "状态中的“{key}”不是这个面板的设置，已忽略。",
    "err.unknown-control": "这个面板没有可隐藏的控件“{value}”，已忽略。",
    "err.bad-highlight": "“{value}”不是这个面板的“mean C”、“word W”、“cell NAME”或“control NAME”，已忽略。",
    "err.cut": "“{field}”被截断为 {max} 个字符。",
  },
};

/** A word of the lessons' interface in `lang`, with `{name}` filled in. */
export function tr(lang, key, params = {}) {
  const dict = WORDS[lang] ?? WORDS.en;
  return (dict[key] ?? WORDS.en[key] ?? key).replace(/\{(\w+)\}/g, (_, k) => String(params[k] ?? ""));
}

/** A lesson error as a sentence in `lang` (it names the line, the step and the value). */
export function errorText(lang, e) {
  const at = e.step == null ? (e.line > 0 ? tr(lang, "err.at", e) : "")
    : tr(lang, e.step_name ? "err.atNamed" : "err.atStep", { line: e.line, step: e.step, name: e.step_name });
  const p = e.problem;
  const what = p.kind === "state" ? tr(lang, "err.state", { key: p.notice.key, value: p.notice.value, notice: noticeText(lang, p.notice) }) : tr(lang, `err.${p.kind}`, p);
  return at + what;
}

/** The longest compressed lesson a link carries (genlab::state::MAX_LESSON_IN_LINK). */
const MAX_LINK_CODE = 24000;
/** How long a gliding transition lasts, in ms. */
const GLIDE_MS = 400;
const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");

// Text <-> link: deflate-raw, then base64url.

/** A lesson's text as a link's `~…` value, or null where the browser cannot compress. */
export async function compressLesson(text) {
  if (typeof CompressionStream !== "function") return null;
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `~${btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")}`;
}

/** A link's `~…` value back to the lesson's text. */
export async function decompressLesson(value) {
  const b64 = value.slice(1).replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Response(stream).text();
}

/** Small DOM helper: an element with a class, attributes and children (text set as text). */
function el(tag, props = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== false && v != null) e.setAttribute(k, v === true ? "" : v);
  }
  e.append(...children.filter((c) => c != null));
  return e;
}

/** A caption's short Markdown as DOM nodes (em, strong, code, math), text only. */
export function captionNodes(caption) {
  return captionSpans(caption || "").map((s) => {
    if (s.style === "text") return document.createTextNode(s.text);
    const tag = { em: "em", strong: "strong", code: "code", math: "span" }[s.style] ?? "span";
    const node = document.createElement(tag);
    if (s.style === "math") node.className = "math";
    node.textContent = s.text;
    return node;
  });
}

/** The caption of `step` in `lang` (the other language's when this one is empty). */
function captionOf(step, lang) {
  return (lang === "zh-CN" ? step.caption_zh || step.caption_en : step.caption_en || step.caption_zh) || "";
}

/** A highlight object as its text form ("mean 1"). */
function highlightText(h) {
  return h ? `${h.kind} ${h.target}` : "";
}

/** The lessons' styles: adopted by the document when this module loads (a constructed
 * stylesheet: no file to fetch, so dist/ and the single file genlab.html need nothing more).
 * Colours come from style.css's variables, so dark mode and projector mode follow. */
const STYLES = `
.lesson-bar, .lesson-menu, .lesson-editor { padding: 0.8rem 0; border-bottom: 1px solid var(--line); }
.lesson-head { display: flex; flex-wrap: wrap; gap: 0.4rem 1rem; align-items: baseline; }
.lesson-title { margin: 0; font-size: 1.2rem; }
.lesson-counter { font-variant-numeric: tabular-nums; color: var(--muted); }
.lesson-buttons, .lesson-menu .buttons, .lesson-editor .buttons { display: inline-flex; flex-wrap: wrap; gap: 0.4rem; }
.lesson-buttons { margin-left: auto; }
.lesson-bar button, .lesson-menu button, .lesson-editor button { min-height: 2.75rem; min-width: 2.75rem; }
.lesson-caption { font-size: 1.4rem; line-height: 1.4; margin: 0.5rem 0; max-width: 60ch; }
.lesson-caption .math, .lesson-step-caption .math, .presenter .math { font-family: "Cambria Math", "STIX Two Math", "Times New Roman", serif; font-style: italic; white-space: nowrap; }
.lesson-caption code { font-size: 0.9em; }
.lesson-keys { margin: 0; font-size: 0.85rem; }
.lesson-errors { padding: 0.4rem 0.8rem; border-left: 4px solid var(--error); background: var(--error-bg); color: var(--error); }
.lesson-errors p, .lesson-errors ul { margin: 0.2rem 0; }
.lesson-errors li.current { font-weight: bold; }
.lesson-off { display: none !important; }
.lesson-hidden { display: none !important; }
.lesson-highlight { outline: 4px solid var(--c1); outline-offset: 3px; border-radius: 4px; }
li.lesson-highlight { background: var(--explain-bg); }
/* A table cell: the outline inside it, so a table that scrolls sideways does not cut it off. */
td.lesson-highlight { outline-offset: -4px; border-radius: 0; background: var(--explain-bg); }
.lesson-list { padding-left: 1.2rem; }
.lesson-list li { margin: 0.3rem 0; }
.lesson-form { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 22rem), 1fr)); gap: 0.5rem 1rem; }
.lesson-form input, .lesson-form select, .lesson-form textarea { width: 100%; font: inherit; padding: 0.4rem; min-height: 2.75rem; }
.lesson-steps li { margin: 0.4rem 0; }
.lesson-step-name { font-weight: bold; }
.lesson-link-out { overflow-wrap: anywhere; }
/* Presenter mode: full screen, the caption large, nothing but the step's panel. */
html.presenting header.chrome, html.presenting footer.chrome, html.presenting #notices,
html.presenting .lesson-keys, html.presenting [data-lesson="edit"], html.presenting [data-lesson="close"] { display: none; }
html.presenting main { max-width: none; }
/* The figure gets the room: the panel's title and introduction are the lesson's caption now. */
html.presenting .panel > h2, html.presenting .panel .lede { display: none; }
html.presenting .lesson-caption { max-width: none; }
html.presenting .lesson-title { font-size: clamp(1rem, 1.4vw, 1.6rem); }
/* The whole figure under the bar (--lesson-bar, its height): the screen less the bar and
   the panel's padding (a projector showed 55–70 % of it). The bar takes less of the screen:
   the title gives way to the buttons on one line, the caption is large but not huge. */
html.presenting .lesson-head { flex-wrap: nowrap; align-items: center; }
html.presenting .lesson-title { flex: 1 1 0; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
html.presenting .lesson-counter { white-space: nowrap; }
html.presenting .lesson-buttons { flex: none; }
html.presenting .lesson-bar { padding: 0.3rem 0; }
html.presenting .lesson-caption { font-size: clamp(1.2rem, 2.2vw, 2.6rem); margin: 0.3rem 0; line-height: 1.3; }
html.presenting main .panel { padding-top: 0.5rem; }
html.presenting main .panel .canvas-box { max-height: max(200px, min(760px, calc(100vh - var(--lesson-bar, 0px) - 1.5rem))); }
html.presenting main .lc-box.curve-box { max-height: max(12rem, calc(100vh - var(--lesson-bar, 0px) - 1.5rem)); min-height: 12rem; }
/* The ledger's rows as tight as their type: a lesson's message shows whole under the bar. */
html.presenting .ledger .term { min-height: 0; padding-block: 0; }
html.presenting .nb-ledger h3 { margin-top: 0; }
.lesson-blank { position: fixed; inset: 0; z-index: 1000; background: #000; color: #000; }
/* The presenter's second window. */
.presenter { padding: 1rem 0; }
.presenter .buttons { display: flex; gap: 0.4rem; }
.presenter .buttons button { min-height: 2.75rem; }
.presenter h2 { font-size: 1rem; color: var(--muted); margin: 1rem 0 0.2rem; }
.presenter-notes p { font-size: 1.3rem; margin: 0.3rem 0; }
.presenter-next p { font-size: 1.1rem; }
html.lesson-presenter-window nav, html.lesson-presenter-window footer.chrome { display: none; }
@media (max-width: 600px) {
  .lesson-caption { font-size: 1.15rem; }
  .lesson-buttons { margin-left: 0; }
  /* A student following on a phone: Back and Next, the caption; no presenter tools. */
  .lesson-keys, [data-lesson="present"], [data-lesson="presenter-window"], [data-lesson="edit"] { display: none; }
}
@media print {
  .lesson-buttons, .lesson-keys, .lesson-menu, .lesson-editor, .lesson-blank { display: none !important; }
}
`;

/** Adopts the lessons' styles once. */
function linkStyles() {
  if (!document.adoptedStyleSheets.some((sheet) => sheet.genlabLessons)) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(STYLES);
    sheet.genlabLessons = true;
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }
  return Promise.resolve();
}

// Transitions.

/** The numbers of a panel's state that glide, as [get, set] pairs on a state object. */
function glidePaths(panel, a, b) {
  const paths = [];
  const num = (get, set, log = false) => {
    const x = get(a);
    const y = get(b);
    if (typeof x === "number" && typeof y === "number" && Number.isFinite(x) && Number.isFinite(y) && x !== y) paths.push({ x, y, set, log: log && x > 0 && y > 0 });
  };
  if (panel === "gda") {
    const sameMeans = a.means && b.means && a.more_means.length === b.more_means.length;
    if (sameMeans) {
      for (let c = 0; c < 2; c++) for (let d = 0; d < 2; d++) num((s) => s.means[c][d], (s, v) => { s.means[c][d] = v; });
      for (let c = 0; c < a.more_means.length; c++) for (let d = 0; d < 2; d++) num((s) => s.more_means[c][d], (s, v) => { s.more_means[c][d] = v; });
    }
    for (let c = 0; c < 2; c++) {
      for (let d = 0; d < 2; d++) num((s) => s.sd[c][d], (s, v) => { s.sd[c][d] = v; });
      num((s) => s.rho[c], (s, v) => { s.rho[c] = v; });
    }
    num((s) => s.models.prior ?? 0.5, (s, v) => { s.models.prior = v; });
    num((s) => s.models.loss01, (s, v) => { s.models.loss01 = v; }, true);
    num((s) => s.models.loss10, (s, v) => { s.models.loss10 = v; }, true);
  } else if (panel === "nb") {
    num((s) => s.alpha, (s, v) => { s.alpha = v; });
    num((s) => s.cost, (s, v) => { s.cost = v; }, true);
  } else if (panel === "cat") {
    num((s) => s.lambda, (s, v) => { s.lambda = v; });
  }
  return paths;
}

/** Whether `a` and `b` differ only in numbers that glide (so a glide is the whole change). */
function onlyGlides(panel, a, b) {
  const strip = (s) => {
    const c = structuredClone(s);
    for (const p of glidePaths(panel, a, b)) p.set(c, 0);
    return JSON.stringify(c);
  };
  return strip(a) === strip(b);
}

/**
 * Starts the lessons on the page. `ctx`: `panels` (main.js's mounted handles by name),
 * `lang()`, `setLink(value, step)` (the lesson's part of the URL state), `syncUrl(mode)`,
 * `lastPanel()` (the panel the user last changed). Returns the page's handle on the lessons.
 */
export async function startLessons(ctx) {
  await Promise.all([linkStyles(), loadLessonCore()]);
  const { panels } = ctx;
  const main = document.querySelector("main");
  const html = document.documentElement;
  const bar = el("section", { class: "lesson-bar", "aria-labelledby": "lesson-title", hidden: true });
  const menu = el("section", { class: "lesson-menu", "aria-labelledby": "lessons-title", hidden: true });
  const editor = el("section", { class: "lesson-editor", "aria-labelledby": "lesson-editor-title", hidden: true });
  const blank = el("div", { class: "lesson-blank", hidden: true, role: "status" });
  main.prepend(menu, editor, bar);
  document.body.append(blank);
  // The bar's height, for presenter mode to fit the step's figure under it (STYLES).
  new ResizeObserver(() => html.style.setProperty("--lesson-bar", `${Math.ceil(bar.getBoundingClientRect().height)}px`)).observe(bar);
  const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel("genlab-lesson") : null;

  // The lesson playing: { lesson, errors, link } and the step shown (0-based).
  let playing = null;
  let index = 0;
  let presenting = false;
  let glide = null;
  let shownPanel = null;
  // How many step changes are under way (a glide, or a step waiting for its frame).
  let busy = 0;
  /** The last transition's frames, for the benchmark and the tests. */
  const stats = { frames: 0, ms: 0, work: [], animated: false, transitions: 0 };

  const lang = () => ctx.lang();
  const w = (key, params) => tr(lang(), key, params);

  // ---- the bar: title, counter, buttons, caption, errors ----
  const title = el("h2", { id: "lesson-title", class: "lesson-title" });
  const counter = el("span", { class: "lesson-counter", role: "status" });
  const back = el("button", { type: "button", "data-lesson": "back", onclick: () => go(index - 1) });
  const next = el("button", { type: "button", "data-lesson": "next", onclick: () => go(index + 1) });
  const present = el("button", { type: "button", "data-lesson": "present", onclick: () => setPresenting(!presenting) });
  const second = el("button", { type: "button", "data-lesson": "presenter-window", onclick: openPresenterWindow });
  const edit = el("button", { type: "button", "data-lesson": "edit", onclick: () => openEditor(playing.lesson) });
  const close = el("button", { type: "button", "data-lesson": "close", onclick: () => closeLesson(true) });
  const caption = el("p", { class: "lesson-caption", "aria-live": "polite" });
  const keys = el("p", { class: "lesson-keys hint" });
  const errorsBox = el("div", { class: "lesson-errors input-error", hidden: true }, el("p"), el("ul"));
  bar.append(
    el("div", { class: "lesson-head" }, title, counter,
      el("span", { class: "lesson-buttons" }, back, next, present, second, edit, close)),
    caption, keys, errorsBox,
  );

  // ---- the menu: built-in lessons, open a file, record ----
  const fileInput = el("input", { type: "file", accept: ".txt,.lesson,text/plain", hidden: true });
  const menuStatus = el("p", { class: "input-error", role: "alert", hidden: true });
  /** Says what went wrong under the menu's buttons (an empty bar is hidden, not shown pink). */
  const setMenuStatus = (text) => {
    menuStatus.textContent = text;
    menuStatus.hidden = !text;
  };
  menu.append(
    el("h2", { id: "lessons-title" }), el("h3", { "data-w": "lessons.builtin" }), el("ul", { class: "lesson-list" }),
    el("p", { class: "buttons" },
      el("button", { type: "button", "data-w": "lessons.open", onclick: () => fileInput.click() }),
      el("button", { type: "button", "data-w": "lessons.new", onclick: () => openEditor({ title_en: "", title_zh: "", steps: [] }) }),
      el("button", { type: "button", "data-w": "lessons.close", onclick: () => { menu.hidden = true; } })),
    fileInput, menuStatus,
  );
  // Escape closes the menu, and the focus goes back to the button that opened it.
  menu.addEventListener("keydown", (ev) => {
    if (ev.key !== "Escape" || menu.hidden) return;
    ev.preventDefault();
    menu.hidden = true;
    document.getElementById("lessons")?.focus();
  });
  fileInput.addEventListener("change", async () => {
    const file = fileInput.files?.[0];
    fileInput.value = "";
    if (!file) return;
    setMenuStatus("");
    const bytes = new Uint8Array(await file.arrayBuffer());
    const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
    if (bytes.includes(0) || text.includes("\uFFFD")) {
      setMenuStatus(w("file.notText"));
      return;
    }
    await play(text, { link: null });
  });

  // ---- the editor ----
  const ed = buildEditor();
  editor.append(ed.root);

  function renderWords() {
    for (const node of [menu, editor, bar]) for (const n of node.querySelectorAll("[data-w]")) n.textContent = w(n.dataset.w);
    menu.querySelector("h2").textContent = w("lessons.title");
    bar.setAttribute("aria-label", w("lesson.label"));
    back.textContent = `◀ ${w("lesson.back")}`;
    next.textContent = `${w("lesson.next")} ▶`;
    present.textContent = w(presenting ? "lesson.stopPresenting" : "lesson.present");
    second.textContent = w("lesson.presenterWindow");
    edit.textContent = w("lesson.edit");
    close.textContent = w("lesson.close");
    keys.textContent = w("lesson.keys");
    blank.textContent = w("lesson.blanked");
    const list = menu.querySelector(".lesson-list");
    list.replaceChildren(...builtinLessons().map((b) => el("li", {},
      el("button", { type: "button", "data-builtin": b.id, onclick: () => playBuiltin(b.id) }, lang() === "zh-CN" ? b.title_zh : b.title_en),
      " ", el("span", { class: "hint", text: w("lessons.steps", { n: b.steps }) }))));
    ed.renderWords();
    if (playing) showStepText();
  }

  /** Shows the caption, counter, title and errors of the current step. */
  function showStepText() {
    const { lesson, errors } = playing;
    const n = lesson.steps.length;
    title.textContent = (lang() === "zh-CN" ? lesson.title_zh || lesson.title_en : lesson.title_en || lesson.title_zh) || w("lesson.untitled");
    counter.textContent = n ? w("lesson.counter", { i: index + 1, n }) : "";
    back.disabled = index <= 0;
    next.disabled = index >= n - 1;
    caption.lang = lang();
    caption.replaceChildren(...(lesson.steps[index] ? captionNodes(captionOf(lesson.steps[index], lang())) : [document.createTextNode(w("lesson.empty"))]));
    // The errors of this step first, then the others.
    const mine = errors.filter((e) => e.played === index);
    const list = errors.length ? [...mine, ...errors.filter((e) => e.played !== index)] : [];
    errorsBox.hidden = list.length === 0;
    errorsBox.querySelector("p").textContent = w("lesson.errors");
    errorsBox.querySelector("ul").replaceChildren(...list.map((e) => el("li", { class: e.played === index ? "current" : "" , text: errorText(lang(), e) })));
  }

  // ---- playing ----

  /** Plays a lesson from its text; `link` is its URL value (an id or "~…"), or null. */
  async function play(text, { link, step = 1 } = {}) {
    const parsed = parseLesson(text);
    if (!link) {
      const code = await compressLesson(text).catch(() => null);
      link = code && code.length - 1 <= MAX_LINK_CODE ? code : null;
    }
    playing = { lesson: parsed.lesson, errors: parsed.errors, link, text };
    menu.hidden = true;
    bar.hidden = false;
    html.classList.add("lesson-on");
    index = Math.min(Math.max(step - 1, 0), Math.max(parsed.lesson.steps.length - 1, 0));
    shownPanel = null;
    renderWords();
    await show(index, { animate: false, write: true });
  }

  async function playBuiltin(id, step = 1) {
    const text = builtinLessonText(id);
    if (text) await play(text, { link: id, step });
  }

  /** Clears the step's hidden controls and highlight. */
  function clearMarks() {
    for (const n of main.querySelectorAll(".lesson-hidden, .lesson-highlight")) n.classList.remove("lesson-hidden", "lesson-highlight");
    panels.gda?.controller.panel.setActiveHandle(-1);
  }

  /** Marks the highlight of `step` (after its panel has drawn the step's state). */
  function markHighlight(step) {
    const h = step.highlight;
    const section = panels[step.panel]?.controller && document.getElementById(`${step.panel}-slot`);
    if (!h || !section) return;
    if (h.kind === "control") {
      for (const n of section.querySelectorAll(`[data-control="${CSS.escape(h.target)}"]`)) n.classList.add("lesson-highlight");
    } else if (h.kind === "mean" && step.panel === "gda") {
      const ctl = panels.gda.controller;
      if (h.target < ctl.panel.classes()) {
        ctl.panel.setActiveHandle(h.target);
        ctl.render();
      }
    } else if (h.kind === "cell") {
      for (const n of section.querySelectorAll(`td[data-role="${CSS.escape(h.target)}"]`)) n.classList.add("lesson-highlight");
    } else if (h.kind === "word") {
      for (const li of section.querySelectorAll("ol.ledger li")) {
        // A repeated word's row reads "free ×3".
        const name = li.querySelector(".term-name")?.textContent.trim().replace(/\s*×\d+$/, "").toLowerCase();
        if (name === h.target.toLowerCase()) li.classList.add("lesson-highlight");
      }
    }
  }

  /**
   * Scrolls the window for the step just shown: the caption in view (a step after one whose
   * highlight was far down starts with its caption and figure again), unless what the
   * step highlights would then be below the window (a control or a table cell under the
   * figure, on a phone or a 1024 × 768 projector): then the least scroll that shows it.
   * Smooth, unless the reader asks for reduced motion; nothing moves when all is in view.
   */
  function scrollForStep(step) {
    const section = document.getElementById(`${step.panel}-slot`);
    const h = step.highlight;
    let target = null;
    if (h && section) target = h.kind === "mean" ? section.querySelector('canvas[data-role="canvas"]') : section.querySelector(".lesson-highlight");
    if (target && target.getClientRects().length === 0) target = null;
    const vh = document.documentElement.clientHeight;
    const y = window.scrollY;
    // The outline lies 7 px outside the box; keep a little more than that around it.
    const margin = 12;
    // The caption's bar in view (the page above it, the header, stays as it is).
    let top = Math.min(y, bar.getBoundingClientRect().top + y);
    if (target) {
      const r = target.getBoundingClientRect();
      const [t0, t1] = [r.top + y - margin, r.bottom + y + margin];
      if (t1 > top + vh) top = t1 - t0 > vh ? t0 : t1 - vh;
    }
    top = Math.max(0, Math.round(top));
    if (Math.abs(top - y) < 2) return;
    window.scrollTo({ top, behavior: reducedMotion.matches ? "instant" : "smooth" });
  }

  /** Goes to step `i` (bounded), gliding when that teaches. */
  function go(i) {
    if (!playing) return;
    const n = playing.lesson.steps.length;
    if (i < 0 || i >= n || i === index) return;
    show(i, { animate: true, write: true });
  }

  /** Shows step `i`: its panel alone, its state, hidden controls, highlight and caption. */
  async function show(i, { animate, write }) {
    const steps = playing.lesson.steps;
    index = i;
    busy++;
    finishGlide();
    clearMarks();
    showStepText();
    const step = steps[i];
    if (!step) {
      post();
      busy--;
      return;
    }
    // The step's panel alone: every other panel's slot (the learning curves too) is off.
    for (const slot of main.querySelectorAll(':scope > [id$="-slot"]')) slot.classList.toggle("lesson-off", slot.id !== `${step.panel}-slot`);
    const handle = panels[step.panel];
    if (handle) {
      // The step's hidden controls go first: what a glide draws is what the step shows.
      for (const name of step.hide) {
        for (const n of document.getElementById(`${step.panel}-slot`).querySelectorAll(`[data-control="${CSS.escape(name)}"]`)) n.classList.add("lesson-hidden");
      }
      const target = parseState(step.state).state[step.panel];
      const from = handle.getState();
      const glideOk = animate && !reducedMotion.matches && shownPanel === step.panel && onlyGlides(step.panel, from, target);
      const paths = glideOk ? glidePaths(step.panel, from, target) : [];
      if (paths.length) await glideTo(handle, from, target, paths, step);
      else {
        handle.controller.setState(target);
        stats.animated = false;
        stats.frames = 1;
        stats.ms = 0;
        stats.work = [];
        stats.transitions++;
      }
      // The ledger and the figure are drawn in the next frame: highlight after it.
      await new Promise((r) => requestAnimationFrame(() => r()));
      if (index === i) {
        markHighlight(step);
        scrollForStep(step);
      }
    }
    shownPanel = step.panel;
    if (write) {
      ctx.setLink(playing.link, i + 1);
      ctx.syncUrl("push");
    }
    post();
    busy--;
    if (index === i) html.dataset.lessonStep = String(i + 1);
  }

  /**
   * Moves the glide numbers from `from` to `target` over GLIDE_MS, one state a frame. The GDA
   * panel goes through its drag path (the window held still, only what moved recomputed:
   * setParams for σ and ρ, setMean, setModels) and draws the figure in the same frame (its
   * numbers too, unless the step hides them); the naive Bayes panel sets α and the costs and
   * rewrites its ledger, its test-split evaluation waiting for the end; the categorical panel
   * takes the whole state each frame. The last frame sets the exact target, in full.
   */
  function glideTo(handle, from, target, paths, step) {
    return new Promise((resolve) => {
      const ctl = handle.controller;
      const gda = ctl === panels.gda?.controller;
      const changed = (f) => JSON.stringify(f(from)) !== JSON.stringify(f(target));
      const params = gda && (changed((s) => s.sd) || changed((s) => s.rho));
      const models = gda && changed((s) => s.models);
      const nb = ctl === panels.nb?.controller && typeof ctl.glideFrame === "function";
      const numbers = !step.hide.includes("numbers");
      if (gda) ctl.panel.beginDrag();
      const start = performance.now();
      let frames = 0;
      // Each frame's own work (the state computed, set and drawn), for the benchmark.
      const work = [];
      const frame = (now) => {
        const u = Math.min(1, (now - start) / GLIDE_MS);
        frames++;
        if (u >= 1) {
          if (gda) ctl.panel.endDrag();
          ctl.setState(target);
          Object.assign(stats, { frames, ms: now - start, work, animated: true, transitions: stats.transitions + 1 });
          glide = null;
          resolve();
          return;
        }
        const t0 = performance.now();
        const e = u < 0.5 ? 2 * u * u : 1 - (-2 * u + 2) ** 2 / 2;
        const s = structuredClone(target);
        for (const p of paths) p.set(s, p.log ? Math.exp(Math.log(p.x) + (Math.log(p.y) - Math.log(p.x)) * e) : p.x + (p.y - p.x) * e);
        if (gda) {
          const pn = ctl.panel;
          if (params) pn.setParams({ n0: s.n[0], n1: s.n[1], sd0: s.sd[0], rho0: s.rho[0], sd1: s.sd[1], rho1: s.rho[1], seed: s.seed });
          if (s.means) [...s.means, ...s.more_means].forEach(([x, y], k) => pn.setMean(k, x, y));
          if (models) pn.setModels(s.models);
          ctl.glideFrame({ numbers });
        } else if (nb) ctl.glideFrame(s);
        else ctl.setState(s);
        work.push(performance.now() - t0);
        glide.raf = requestAnimationFrame(frame);
      };
      glide = { raf: requestAnimationFrame(frame), handle, target, resolve, gda };
    });
  }

  /** Ends a glide at once (a key pressed during it): the target state, now. */
  function finishGlide() {
    if (!glide) return;
    cancelAnimationFrame(glide.raf);
    if (glide.gda) glide.handle.controller.panel.endDrag();
    glide.handle.controller.setState(glide.target);
    const { resolve } = glide;
    glide = null;
    resolve();
  }

  function closeLesson(write) {
    finishGlide();
    clearMarks();
    setPresenting(false);
    playing = null;
    bar.hidden = true;
    html.classList.remove("lesson-on");
    delete html.dataset.lessonStep;
    for (const n of main.querySelectorAll(".lesson-off")) n.classList.remove("lesson-off");
    if (write) {
      ctx.setLink(null, 1);
      ctx.syncUrl("push");
    }
  }

  // ---- presenter mode, blanking, keys ----

  function setPresenting(on) {
    presenting = on;
    html.classList.toggle("presenting", on);
    present.textContent = w(on ? "lesson.stopPresenting" : "lesson.present");
    if (on && !document.fullscreenElement) html.requestFullscreen?.().catch(() => {});
    if (!on) {
      setBlank(false);
      if (document.fullscreenElement) document.exitFullscreen?.().catch(() => {});
    }
  }

  function setBlank(on) {
    blank.hidden = !on;
    html.classList.toggle("lesson-blanked", on);
  }

  document.addEventListener("fullscreenchange", () => {
    if (!document.fullscreenElement && presenting) setPresenting(false);
  });

  /** Whether the focused element uses this key itself (typing, a list, the figure's arrows). */
  function usesKey(target, key) {
    if (!target || target === document.body) return false;
    if (target.isContentEditable || ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName)) return true;
    if (key === " " && target.closest("button, a, summary, [role=button]")) return true;
    if (key.startsWith("Arrow") && target.tagName === "CANVAS") return true;
    return false;
  }

  window.addEventListener("keydown", (ev) => {
    if (!playing || ev.altKey || ev.ctrlKey || ev.metaKey || ev.isComposing) return;
    const k = ev.key;
    const clicker = k === "PageDown" || k === "PageUp";
    if (!clicker && usesKey(ev.target, k)) return;
    if (!clicker && ev.defaultPrevented) return;
    if (clicker || ((presenting || blank.hidden === false) && ["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp", " "].includes(k))) {
      ev.preventDefault();
      if (!blank.hidden) return;
      go(index + (k === "PageDown" || k === "ArrowRight" || k === "ArrowDown" || k === " " ? 1 : -1));
    } else if ((k === "b" || k === "B" || k === ".") && presenting) {
      ev.preventDefault();
      setBlank(blank.hidden);
    } else if (k === "Escape") {
      if (!blank.hidden) setBlank(false);
      else if (presenting) setPresenting(false);
    }
  });

  // ---- the presenter window ----

  function openPresenterWindow() {
    window.open(`${location.pathname}#lesson-presenter`, "genlab-presenter", "width=960,height=640");
  }

  /** Tells the presenter window what is shown. */
  function post() {
    if (!channel || !playing) return;
    const { lesson } = playing;
    channel.postMessage({ type: "step", lang: lang(), index, lesson });
  }

  channel?.addEventListener("message", (ev) => {
    const m = ev.data;
    if (!m || typeof m !== "object" || !playing) return;
    if (m.type === "hello") post();
    else if (m.type === "go" && (m.delta === 1 || m.delta === -1)) go(index + m.delta);
  });

  // ---- the editor ----

  function buildEditor() {
    let lesson = { title_en: "", title_zh: "", steps: [] };
    let editing = -1;
    const field = (key, input) => el("label", { class: "row stack" }, el("span", { "data-w": key }), input);
    const titleEn = el("input", { type: "text", maxlength: "200", "data-role": "lesson-title-en" });
    const titleZh = el("input", { type: "text", maxlength: "200", "data-role": "lesson-title-zh", lang: "zh-CN" });
    const panelSel = el("select", { "data-role": "lesson-panel" });
    const capEn = el("input", { type: "text", maxlength: "600", "data-role": "lesson-caption-en" });
    const capZh = el("input", { type: "text", maxlength: "600", "data-role": "lesson-caption-zh", lang: "zh-CN" });
    const hide = el("input", { type: "text", "data-role": "lesson-hide" });
    const highlight = el("input", { type: "text", "data-role": "lesson-highlight" });
    const notes = el("textarea", { rows: "2", "data-role": "lesson-notes" });
    const record = el("button", { type: "button", "data-role": "lesson-record", onclick: recordStep });
    const cancel = el("button", { type: "button", "data-role": "lesson-cancel", hidden: true, onclick: () => setEditing(-1) });
    const status = el("p", { class: "hint", role: "status", "data-role": "lesson-status" });
    const problems = el("ul", { class: "input-error", "data-role": "lesson-problems" });
    const list = el("ol", { class: "lesson-steps", "data-role": "lesson-steps" });
    const save = el("button", { type: "button", "data-role": "lesson-save", "data-w": "editor.save", onclick: saveFile });
    const link = el("button", { type: "button", "data-role": "lesson-link", "data-w": "editor.link", onclick: copyLink });
    const playBtn = el("button", { type: "button", "data-role": "lesson-play", "data-w": "editor.play", onclick: () => play(text(), { link: null }) });
    const closeBtn = el("button", { type: "button", "data-w": "lessons.close", onclick: () => { editor.hidden = true; } });
    const linkOut = el("p", { class: "hint lesson-link-out", role: "status", "data-role": "lesson-link-status" });
    titleEn.addEventListener("input", () => { lesson.title_en = titleEn.value; });
    titleZh.addEventListener("input", () => { lesson.title_zh = titleZh.value; });
    const root = el("div", {},
      el("h2", { id: "lesson-editor-title", "data-w": "editor.title" }),
      el("div", { class: "lesson-form" }, field("editor.titleEn", titleEn), field("editor.titleZh", titleZh)),
      el("p", { class: "hint", "data-w": "editor.help" }),
      el("div", { class: "lesson-form" },
        field("editor.panel", panelSel), field("editor.captionEn", capEn), field("editor.captionZh", capZh),
        field("editor.hide", hide), field("editor.highlight", highlight), field("editor.notes", notes)),
      el("p", { class: "buttons" }, record, cancel), status, problems, list,
      el("p", { class: "buttons" }, save, link, playBtn, closeBtn), linkOut);

    /** The lesson as text (the format's canonical form, written by the core). */
    function text() {
      return writeLesson(lesson);
    }

    /** One step read from the form, through the format's own reader: {step, errors}. */
    function stepFromForm(state) {
      const one = (s) => s.replace(/[\r\n]+/g, " ").trim();
      const lines = ["## step", `panel: ${panelSel.value}`, `state: ${state}`];
      if (one(hide.value)) lines.push(`hide: ${one(hide.value)}`);
      if (one(highlight.value)) lines.push(`highlight: ${one(highlight.value)}`);
      if (one(capEn.value)) lines.push(`caption.en: ${one(capEn.value)}`);
      if (one(capZh.value)) lines.push(`caption.zh: ${one(capZh.value)}`);
      for (const line of notes.value.trim() ? notes.value.trim().split(/\r?\n/) : []) lines.push(`notes: ${one(line)}`);
      const p = parseLesson(lines.join("\n"));
      return { step: p.lesson.steps[0], errors: p.errors };
    }

    function panelQuery(panel) {
      const base = parseState("").state;
      return stateQuery({ ...base, [panel]: panels[panel].getState() });
    }

    function recordStep() {
      const panel = panelSel.value;
      const { step, errors } = stepFromForm(panelQuery(panel));
      problems.replaceChildren(...errors.map((e) => el("li", { text: errorText(lang(), e).replace(/^[^:：]*[:：]\s*/, "") })));
      if (!step) return;
      if (editing >= 0) {
        lesson.steps[editing] = step;
        status.textContent = w("editor.recorded", { i: editing + 1 });
        setEditing(-1);
      } else {
        lesson.steps.push(step);
        status.textContent = w("editor.recorded", { i: lesson.steps.length });
        capEn.value = capZh.value = notes.value = highlight.value = "";
      }
      renderList();
    }

    function setEditing(i) {
      editing = i;
      record.dataset.w = i >= 0 ? "editor.update" : "editor.record";
      record.textContent = w(record.dataset.w);
      cancel.hidden = i < 0;
      if (i < 0) return;
      const s = lesson.steps[i];
      panelSel.value = s.panel;
      capEn.value = s.caption_en;
      capZh.value = s.caption_zh;
      hide.value = s.hide.join(", ");
      highlight.value = highlightText(s.highlight);
      notes.value = s.notes;
      // The panel shows the step, so "Save this step" keeps or changes its state.
      panels[s.panel]?.controller.setState(parseState(s.state).state[s.panel]);
      document.getElementById(`${s.panel}-slot`)?.scrollIntoView({ block: "nearest" });
    }

    function renderList() {
      if (!lesson.steps.length) {
        list.replaceChildren(el("li", { class: "hint", text: w("editor.none") }));
        return;
      }
      list.replaceChildren(...lesson.steps.map((s, i) => {
        const b = (key, fn, disabled = false) => el("button", { type: "button", "data-step-action": key.split(".")[1], disabled, onclick: fn }, w(key));
        const move = (d) => () => {
          const [s2] = lesson.steps.splice(i, 1);
          lesson.steps.splice(i + d, 0, s2);
          if (editing >= 0) setEditing(-1);
          renderList();
        };
        return el("li", {},
          el("span", { class: "lesson-step-name", text: w("editor.stepOf", { i: i + 1, panel: w(`panel.${s.panel}`) }) }),
          " ", el("span", { class: "lesson-step-caption" }, ...captionNodes(captionOf(s, lang()))), " ",
          el("span", { class: "buttons" },
            b("editor.show", () => panels[s.panel]?.controller.setState(parseState(s.state).state[s.panel])),
            b("editor.up", move(-1), i === 0), b("editor.down", move(1), i === lesson.steps.length - 1),
            b("editor.editStep", () => setEditing(i)),
            b("editor.delete", () => { lesson.steps.splice(i, 1); setEditing(-1); renderList(); })));
      }));
    }

    function saveFile() {
      const blob = new Blob([text()], { type: "text/plain;charset=utf-8" });
      const url = URL.createObjectURL(blob);
      const name = (lesson.title_en || "lesson").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 40) || "lesson";
      const a = el("a", { href: url, download: `${name}.lesson.txt` });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    }

    async function copyLink() {
      const code = await compressLesson(text()).catch(() => null);
      if (!code) {
        linkOut.textContent = w("editor.noCompression");
        return;
      }
      if (code.length - 1 > MAX_LINK_CODE) {
        linkOut.textContent = w("editor.linkTooLong", { n: code.length - 1, max: MAX_LINK_CODE });
        return;
      }
      const base = parseState("").state;
      const q = stateQuery({ ...base, lang: lang(), lesson: code, step: 1 });
      const url = `${location.origin}${location.pathname}?${q}`;
      linkOut.dataset.link = url;
      try {
        await navigator.clipboard.writeText(url);
        linkOut.textContent = w("editor.linkCopied");
      } catch {
        linkOut.textContent = `${w("editor.linkManual")} ${url}`;
      }
    }

    return {
      root,
      open(l) {
        lesson = structuredClone(l);
        titleEn.value = lesson.title_en;
        titleZh.value = lesson.title_zh;
        panelSel.value = ctx.lastPanel() ?? panelSel.value;
        setEditing(-1);
        status.textContent = "";
        problems.replaceChildren();
        linkOut.textContent = "";
        renderList();
      },
      renderWords() {
        const chosen = panelSel.value;
        panelSel.replaceChildren(...["gda", "nb", "cat", "curves"].filter((p) => panels[p]).map((p) => el("option", { value: p, text: w(`panel.${p}`) })));
        if (chosen) panelSel.value = chosen;
        record.textContent = w(record.dataset.w || "editor.record");
        cancel.textContent = w("editor.cancel");
        hide.placeholder = "seed, numbers";
        highlight.placeholder = "mean 1";
        renderList();
      },
      get lesson() {
        return lesson;
      },
      text,
    };
  }

  function openEditor(lesson) {
    closeLesson(true);
    menu.hidden = true;
    editor.hidden = false;
    renderWords();
    ed.open(lesson);
    editor.scrollIntoView({ block: "start" });
  }

  renderWords();

  const api = {
    /** Shows the lessons' menu. */
    openMenu() {
      editor.hidden = true;
      menu.hidden = false;
      renderWords();
      menu.querySelector("button")?.focus();
    },
    /** Plays the lesson a link names (`value`: an id or "~…") at `step` (1-based). */
    async openLink(value, step) {
      if (value.startsWith("~")) {
        let text;
        try {
          text = await decompressLesson(value);
        } catch (e) {
          menu.hidden = false;
          setMenuStatus(w("link.bad", { msg: e && e.message ? e.message : String(e) }));
          return;
        }
        await play(text, { link: value, step });
      } else await playBuiltin(value, step);
    },
    /** Back or forward in the history: the lesson and step the URL now names. */
    async popstate(state) {
      if (!state.lesson) {
        if (playing) closeLesson(false);
        return;
      }
      if (playing && playing.link === state.lesson) {
        const i = Math.min(state.step, playing.lesson.steps.length) - 1;
        if (i !== index) await show(i, { animate: false, write: false });
      } else {
        await api.openLink(state.lesson, state.step);
      }
    },
    setLang() {
      renderWords();
      post();
    },
    // For the tests and the benchmark.
    get step() {
      return index + 1;
    },
    get busy() {
      return busy > 0;
    },
    get count() {
      return playing ? playing.lesson.steps.length : 0;
    },
    get lesson() {
      return playing?.lesson ?? null;
    },
    get errors() {
      return playing?.errors ?? [];
    },
    get presenting() {
      return presenting;
    },
    get editor() {
      return ed;
    },
    stats,
    go,
    play,
  };
  return api;
}

/** The presenter window (`#lesson-presenter`): the step, its notes and the next step, from
 * the lesson window over a BroadcastChannel; its buttons and keys drive that window. */
export async function presenterWindow({ setLang = () => {} } = {}) {
  await Promise.all([linkStyles(), loadLessonCore()]);
  const html = document.documentElement;
  html.classList.add("lesson-presenter-window");
  const channel = new BroadcastChannel("genlab-lesson");
  const main = document.querySelector("main");
  let lang = "en";
  const started = Date.now();
  const heading = el("h1", {});
  const counter = el("p", { class: "lesson-counter", role: "status" });
  const now = el("div", { class: "presenter-now" });
  const notes = el("div", { class: "presenter-notes" });
  const after = el("div", { class: "presenter-next" });
  const clock = el("p", { class: "hint presenter-clock" });
  const back = el("button", { type: "button", onclick: () => channel.postMessage({ type: "go", delta: -1 }) });
  const fwd = el("button", { type: "button", onclick: () => channel.postMessage({ type: "go", delta: 1 }) });
  main.replaceChildren(el("section", { class: "presenter" }, heading, counter, el("p", { class: "buttons" }, back, fwd), now, notes, after, clock));
  const wait = () => {
    heading.textContent = tr(lang, "presenter.title");
    counter.textContent = tr(lang, "presenter.waiting");
  };
  wait();
  const section = (key, ...children) => [el("h2", { text: tr(lang, key) }), ...children];
  channel.addEventListener("message", (ev) => {
    const m = ev.data;
    if (!m || m.type !== "step" || !m.lesson) return;
    const next = m.lang === "zh-CN" ? "zh-CN" : "en";
    if (next !== lang || !html.dataset.presenterLang) setLang(next);
    lang = next;
    html.dataset.presenterLang = lang;
    const { lesson, index } = m;
    const step = lesson.steps[index];
    const upcoming = lesson.steps[index + 1];
    heading.textContent = (lang === "zh-CN" ? lesson.title_zh || lesson.title_en : lesson.title_en || lesson.title_zh) || tr(lang, "lesson.untitled");
    counter.textContent = lesson.steps.length ? tr(lang, "lesson.counter", { i: index + 1, n: lesson.steps.length }) : tr(lang, "lesson.empty");
    back.textContent = `◀ ${tr(lang, "lesson.back")}`;
    fwd.textContent = `${tr(lang, "lesson.next")} ▶`;
    now.replaceChildren(...section("presenter.now", el("p", { class: "lesson-caption" }, ...(step ? captionNodes(captionOf(step, lang)) : []))));
    const noteLines = step?.notes ? step.notes.split("\n").map((line) => el("p", {}, ...captionNodes(line))) : [el("p", { class: "hint", text: tr(lang, "presenter.noNotes") })];
    notes.replaceChildren(...section("presenter.notes", ...noteLines));
    after.replaceChildren(...section("presenter.nextStep", upcoming ? el("p", {}, ...captionNodes(captionOf(upcoming, lang))) : el("p", { class: "hint", text: tr(lang, "presenter.last") })));
  });
  window.addEventListener("keydown", (ev) => {
    const d = { PageDown: 1, ArrowRight: 1, " ": 1, PageUp: -1, ArrowLeft: -1 }[ev.key];
    if (!d || ev.target.closest?.("button") && ev.key === " ") return;
    ev.preventDefault();
    channel.postMessage({ type: "go", delta: d });
  });
  setInterval(() => {
    const s = Math.floor((Date.now() - started) / 1000);
    clock.textContent = tr(lang, "presenter.elapsed", { t: `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}` });
  }, 1000);
  channel.postMessage({ type: "hello" });
  html.dataset.ready = "true";
}
