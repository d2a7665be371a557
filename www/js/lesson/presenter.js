// The presenter's second window of a lesson (`#lesson-presenter`, js/lesson/): the step, its
// notes and the next step, sent by the lesson window over a BroadcastChannel; its buttons and
// keys drive that window.

import { loadLessonCore } from "../genlab.js";
import { tr } from "./strings.js";
import { el, captionNodes, captionOf } from "./shared.js";

/** The presenter window (`#lesson-presenter`): the step, its notes and the next step, from
 * the lesson window over a BroadcastChannel; its buttons and keys drive that window. */
export async function presenterWindow({ setLang = () => {} } = {}) {
  await loadLessonCore();
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
    // On a step whose prediction waits, the forward press reveals it first.
    fwd.textContent = `${tr(lang, m.predicting ? "presenter.reveal" : "lesson.next")} ▶`;
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
