// The lesson editor (js/lesson/): "Record step" takes the chosen panel's state with the
// captions, hidden controls, highlight and notes typed beside it; steps are shown, moved,
// edited and deleted; the lesson is saved as a text file and as one link (deflate-raw,
// base64url) when it fits, or played. A step may carry a prediction: a kind of the chosen
// panel and its parameters, written as its `predict:` line. Every step goes through the
// format's own reader.

import { parseLesson, writeLesson, parseState, stateQuery, predictKinds } from "../../pkg-lesson/genlab.js";
import { PANELS } from "../genlab.js";
import { t } from "../i18n.js";
import { tr, errorText } from "./strings.js";
import { MAX_LINK_CODE, compressLesson, el, captionNodes, captionOf, highlightText } from "./shared.js";

/**
 * The editor's form and step list. `ctx`: `panels` (the page's mounted handles by name),
 * `lang()`, `lastPanel()` (the panel the user last changed), `play(text, { link })` (plays the
 * lesson), `close()` (hides the editor). Returns `{ root, open(lesson), renderWords(), lesson, text }`.
 */
export function createEditor(ctx) {
  const { panels, lang, play } = ctx;
  const w = (key, params) => tr(lang(), key, params);
  /** A panel's name in the page's words. */
  const panelName = (name) => t(lang(), PANELS[name].name);
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
  const predictSel = el("select", { "data-role": "lesson-predict" });
  const predictParams = el("input", { type: "text", "data-role": "lesson-predict-params" });
  const record = el("button", { type: "button", "data-role": "lesson-record", onclick: recordStep });
  const cancel = el("button", { type: "button", "data-role": "lesson-cancel", hidden: true, onclick: () => setEditing(-1) });
  const status = el("p", { class: "hint", role: "status", "data-role": "lesson-status" });
  const problems = el("ul", { class: "input-error", "data-role": "lesson-problems" });
  const list = el("ol", { class: "lesson-steps", "data-role": "lesson-steps" });
  const save = el("button", { type: "button", "data-role": "lesson-save", "data-w": "editor.save", onclick: saveFile });
  const link = el("button", { type: "button", "data-role": "lesson-link", "data-w": "editor.link", onclick: copyLink });
  const playBtn = el("button", { type: "button", "data-role": "lesson-play", "data-w": "editor.play", onclick: () => play(text(), { link: null }) });
  const closeBtn = el("button", { type: "button", "data-w": "lessons.close", onclick: ctx.close });
  const linkOut = el("p", { class: "hint lesson-link-out", role: "status", "data-role": "lesson-link-status" });
  titleEn.addEventListener("input", () => { lesson.title_en = titleEn.value; });
  panelSel.addEventListener("change", () => renderKinds());

  /** The prediction kinds of the chosen panel (and "none"), keeping the choice when it is one. */
  function renderKinds(chosen = predictSel.value) {
    const kinds = predictKinds().filter((k) => k.panel === panelSel.value);
    predictSel.replaceChildren(el("option", { value: "", text: w("editor.predictNone") }),
      ...kinds.map((k) => el("option", { value: k.kind, text: w(`kind.${k.kind}`) })));
    predictSel.value = kinds.some((k) => k.kind === chosen) ? chosen : "";
    predictParams.disabled = !predictSel.value || !kinds.find((k) => k.kind === predictSel.value)?.params.length;
  }
  predictSel.addEventListener("change", () => renderKinds());
  titleZh.addEventListener("input", () => { lesson.title_zh = titleZh.value; });
  const root = el("div", {},
    el("h2", { id: "lesson-editor-title", "data-w": "editor.title" }),
    el("div", { class: "lesson-form" }, field("editor.titleEn", titleEn), field("editor.titleZh", titleZh)),
    el("p", { class: "hint", "data-w": "editor.help" }),
    el("div", { class: "lesson-form" },
      field("editor.panel", panelSel), field("editor.captionEn", capEn), field("editor.captionZh", capZh),
      field("editor.hide", hide), field("editor.highlight", highlight),
      field("editor.predict", predictSel), field("editor.predictParams", predictParams), field("editor.notes", notes)),
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
    if (predictSel.value) lines.push(`predict: ${predictSel.value} ${predictParams.disabled ? "" : one(predictParams.value)}`.trim());
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
      capEn.value = capZh.value = notes.value = highlight.value = predictParams.value = "";
      renderKinds("");
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
    renderKinds(s.predict?.kind ?? "");
    predictParams.value = paramsText(s.predict?.params);
    // The panel shows the step, so "Save this step" keeps or changes its state.
    panels[s.panel]?.controller.setState(parseState(s.state).state[s.panel]);
    document.getElementById(`${s.panel}-slot`)?.scrollIntoView({ block: "nearest" });
  }

  /** A prediction's parameters as the `predict:` line writes them (`at=1,0 toward=ham`). */
  function paramsText(params) {
    return Object.entries(params ?? {}).map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(",") : v}`).join(" ");
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
        el("span", { class: "lesson-step-name", text: w("editor.stepOf", { i: i + 1, panel: panelName(s.panel) }) }),
        " ", el("span", { class: "lesson-step-caption" }, ...captionNodes(captionOf(s, lang()))), " ",
        s.predict ? el("code", { class: "lesson-step-predict", text: `predict: ${[s.predict.kind, paramsText(s.predict.params)].join(" ").trim()}` }) : null, " ",
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
      renderKinds("");
      predictParams.value = "";
      setEditing(-1);
      status.textContent = "";
      problems.replaceChildren();
      linkOut.textContent = "";
      renderList();
    },
    renderWords() {
      const chosen = panelSel.value;
      panelSel.replaceChildren(...Object.keys(PANELS).filter((p) => panels[p]).map((p) => el("option", { value: p, text: panelName(p) })));
      if (chosen) panelSel.value = chosen;
      record.textContent = w(record.dataset.w || "editor.record");
      cancel.textContent = w("editor.cancel");
      renderKinds();
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
