// What the lessons' player, editor and presenter window share (js/lesson/): the DOM helper,
// a caption's styled runs as nodes, and a lesson's text to and from a link's `~…` value.

import { captionSpans } from "../../pkg-lesson/genlab.js";

/** The longest compressed lesson a link carries (genlab::state::MAX_LESSON_IN_LINK). */
export const MAX_LINK_CODE = 24000;

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
export function el(tag, props = {}, ...children) {
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
export function captionOf(step, lang) {
  return (lang === "zh-CN" ? step.caption_zh || step.caption_en : step.caption_en || step.caption_zh) || "";
}

/** A highlight object as its text form ("mean 1"). */
export function highlightText(h) {
  return h ? `${h.kind} ${h.target}` : "";
}
