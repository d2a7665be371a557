// Small helpers shared by the panels.

import { t } from "./i18n.js";

/**
 * What a panel undoes when it is destroyed: `on()` adds an event listener, `add()` any other
 * cleanup (an observer's disconnect), `run()` undoes them all, once.
 */
export function cleanupList() {
  const fns = [];
  return {
    on(target, type, fn, opts) {
      target.addEventListener(type, fn, opts);
      fns.push(() => target.removeEventListener(type, fn, opts));
    },
    add(fn) {
      fns.push(fn);
    },
    run() {
      fns.splice(0).forEach((f) => f());
    },
  };
}

/** Hides every element marked `data-control="<name>"` for each name in `names`. */
export function hideControls(root, names) {
  for (const name of names || []) {
    for (const el of root.querySelectorAll(`[data-control="${CSS.escape(name)}"]`)) el.hidden = true;
  }
}

/** Saves a canvas as a PNG file at its backing-store size (CSS size × device pixel ratio). */
export function downloadCanvas(canvas, filename) {
  canvas.toBlob((blob) => {
    if (!blob) return;
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = filename;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }, "image/png");
}

// Messages next to their cause (errors, and the rows that scroll).

/** The block a control's message goes under: its row, else its label, else the control. */
const ROWS = ".alpha-row, .row, .buttons, .file-row, .dropzone, .pseudo, fieldset.inline, .add-message, .cat-query, .cat-table-wrap, .canvas-box, .modes, .lookup, .label-field";

/** `text` ending as a sentence in `lang` (a full stop, or 。 in Chinese, when it has none). */
export function sentence(text, lang) {
  const s = String(text).trimEnd();
  if (s === "" || /[.!?…。！？]$/.test(s)) return s;
  return s + (lang === "zh-CN" ? "。" : ".");
}

/**
 * Shows `text` in the message box `box` right under `anchor` (the control that caused it:
 * the box moves there, so the message is read where the eye is), marks the control invalid
 * and described by the message, and scrolls the message into view when it is not. The box
 * is role="alert": it is announced, and the focus stays on the control, where the user is.
 * Without an anchor (a link's state) the box goes back to its place in the template. An
 * empty `text` hides the box and clears the marks.
 */
export function showMessageAt(box, text, { anchor = null, lang = "en" } = {}) {
  if (!box.dataset.home) {
    box.dataset.home = "1";
    box._home = { parent: box.parentElement, next: box.nextElementSibling };
  }
  if (!box.id) box.id = `genlab-msg-${Math.random().toString(36).slice(2, 10)}`;
  const previous = box._anchor;
  if (previous) {
    previous.removeAttribute("aria-invalid");
    const ids = (previous.getAttribute("aria-describedby") || "").split(" ").filter((x) => x && x !== box.id);
    if (ids.length) previous.setAttribute("aria-describedby", ids.join(" "));
    else previous.removeAttribute("aria-describedby");
    box._anchor = null;
  }
  if (!text) {
    box.textContent = "";
    box.hidden = true;
    return;
  }
  const row = anchor && anchor.isConnected ? anchor.closest(ROWS) || anchor.closest("label") || anchor : null;
  if (row && row !== box.previousElementSibling) row.after(box);
  else if (!row && box._home.parent.isConnected) box._home.parent.insertBefore(box, box._home.next?.isConnected ? box._home.next : null);
  if (anchor && anchor.isConnected && anchor.matches("input, select, textarea, canvas")) {
    anchor.setAttribute("aria-invalid", "true");
    const ids = (anchor.getAttribute("aria-describedby") || "").split(" ").filter(Boolean);
    anchor.setAttribute("aria-describedby", [...ids, box.id].join(" "));
    box._anchor = anchor;
  }
  box.textContent = sentence(text, lang);
  box.hidden = false;
  const r = box.getBoundingClientRect();
  if (r.top < 0 || r.bottom > (window.innerHeight || document.documentElement.clientHeight)) {
    box.scrollIntoView({ block: "nearest" });
  }
}

/** The sentence under each row whose control's on-demand part did not load (loadPart). */
const unloaded = new WeakMap();

/**
 * Loads a part of the page fetched on demand (`load`: a function that imports it dynamically)
 * for the control `anchor` that asked for it: resolves to the module, or to null after saying,
 * right after the control's row, that it did not load (offline after the first load). A failed
 * dynamic import is fetched again by the next one, so the control works on its next use; the
 * sentence goes with the next success. Its key (data-i18n) follows the page's language.
 */
export async function loadPart(load, anchor, lang) {
  const row = anchor.closest(`${ROWS}, p`) || anchor;
  try {
    const m = await load();
    unloaded.get(row)?.remove();
    return m;
  } catch {
    let box = unloaded.get(row);
    if (!box) {
      box = Object.assign(document.createElement("p"), { className: "input-error" });
      box.setAttribute("role", "alert");
      box.dataset.role = "part-failed";
      box.dataset.i18n = "part.failed";
      unloaded.set(row, box);
    }
    box.textContent = t(lang, "part.failed");
    if (row.isConnected) row.after(box);
    return null;
  }
}

/**
 * Remembers the control of the latest user event in `root` (input, change, click, drop),
 * so a message can be shown under the control that caused it. `last()` is that control
 * (null after `forget()`, when the panel is changed by a link).
 */
export function lastControl(root, on) {
  let control = null;
  const note = (ev) => {
    const el = ev.target instanceof Element ? ev.target.closest("input, select, textarea, button, canvas, .dropzone") : null;
    if (el && root.contains(el)) control = el;
  };
  for (const type of ["input", "change", "click", "drop", "keydown", "pointerdown"]) on(root, type, note, { capture: true });
  return { last: () => (control && control.isConnected ? control : null), forget: () => { control = null; } };
}

/** Whether `box` scrolls: its content wider (taller) than it along an axis it may scroll. */
function scrolls(box) {
  // Asking for a child's size lays out content that content-visibility: auto skipped (the
  // box's own scrollWidth does not), so an off-screen box is measured as it will be.
  for (const c of box.children) void c.offsetWidth;
  const style = getComputedStyle(box);
  const can = (o) => o === "auto" || o === "scroll";
  return (can(style.overflowX) && box.scrollWidth > box.clientWidth + 1)
    || (can(style.overflowY) && box.scrollHeight > box.clientHeight + 1);
}

/** Gives `box` (or takes back) the focus stop and name of a scrolling region. */
function markScrolling(box, label) {
  const on = scrolls(box);
  if (on && box.dataset.scrollFocus !== "1") {
    box.dataset.scrollFocus = "1";
    box.tabIndex = 0;
    // A list keeps its role (its items are list items only inside a list: axe "listitem");
    // a focusable, named list scrolls by keyboard as a region does.
    if (!box.getAttribute("role") && !box.matches("ol, ul")) box.setAttribute("role", "region");
  } else if (!on && box.dataset.scrollFocus === "1") {
    delete box.dataset.scrollFocus;
    box.removeAttribute("tabindex");
    if (box.getAttribute("role") === "region") box.removeAttribute("role");
    box.removeAttribute("aria-label");
  }
  if (on) box.setAttribute("aria-label", label(box));
}

/** Box (and its content) → the box and its label, for the observer below. */
const watched = new WeakMap();
let sizes = null;

/**
 * Makes every box under `root` that matches `selector` and scrolls (its content wider or
 * taller than it) reachable by keyboard: tabindex 0, role "region" and the name
 * `label(box)`, so arrow keys scroll it (axe: scrollable-region-focusable). A box that fits
 * loses them again: no empty stops in the Tab order. The boxes and their content are
 * watched, so a box that starts to scroll later (content laid out when it comes into view,
 * a narrower window) is marked then.
 */
export function focusScrollables(root, selector, label) {
  sizes ??= new ResizeObserver((entries) => {
    for (const e of entries) {
      const w = watched.get(e.target);
      if (w && w.box.isConnected) markScrolling(w.box, w.label);
    }
  });
  for (const box of root.querySelectorAll(selector)) {
    // A box seen for the first time is measured by the observer's first notification, which
    // comes after the next layout and before its paint: measuring it here would lay the page
    // out once more on a panel's first drawing (70 ms of a slow phone's first load).
    if (watched.get(box)?.box === box) markScrolling(box, label);
    for (const el of [box, ...box.children]) {
      if (watched.get(el)?.box !== box) {
        watched.set(el, { box, label });
        sizes.observe(el);
      }
    }
  }
}

/**
 * Fills `el` with the label `template` (a string with one `{slot}`) around `value`, which
 * is kept in its own language: a span with translate="no" (and `lang` when given), as for
 * a dataset's credit or the words a user typed. Text only, never markup.
 */
export function fillAround(el, template, slot, value, valueLang) {
  const [head, tail = ""] = template.split(`{${slot}}`);
  const span = document.createElement("span");
  span.translate = false;
  if (valueLang) span.lang = valueLang;
  span.textContent = value;
  el.replaceChildren(head, span, tail);
}
