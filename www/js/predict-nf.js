// Natural frequencies beside a posterior: "of 1,000 messages like this one, N are spam", as
// a sentence and an icon array (a 40 × 25 grid: spam filled in the spam colour, ham as
// outlines in the ham colour, so it reads without colour, in the dark theme and in print).
// The counts are the core's (SpamPanel.naturalFrequencies: genlab::predict::
// natural_frequencies_binary, largest remainder, summing to 1,000). Loaded on demand: by the
// verdict's "Show as 1,000 messages" and by a prediction's reveal.

import { fill as say } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const COLS = 40;
const ROWS = 25;

export const WORDS = {
  en: {
    sentence: "Of 1,000 messages like this one, {spam} are spam and {ham} are ham.",
    about: "Of 1,000 messages like this one, about {spam} are spam and {ham} are ham.",
    none: "This message rules out both classes, so there is no share of spam to show.",
  },
  "zh-CN": {
    sentence: "在 1,000 条像这样的消息中，{spam} 条是垃圾邮件，{ham} 条是正常邮件。",
    about: "在 1,000 条像这样的消息中，约 {spam} 条是垃圾邮件，{ham} 条是正常邮件。",
    none: "这条消息排除了两个类别，因此没有垃圾邮件的比例可显示。",
  },
};
const n = (x, lang) => x.toLocaleString(lang === "zh-CN" ? "zh-CN" : "en");

/** The sentence for P(spam | message) = `p` with the counts [ham, spam] of 1,000. */
export function frequencySentence(p, [ham, spam], lang) {
  const w = WORDS[lang] || WORDS.en;
  // Rounded to whole messages unless p × 1,000 is a whole number: then "about".
  const exact = Math.abs(p * 1000 - Math.round(p * 1000)) < 1e-9;
  return say(exact ? w.sentence : w.about, { spam: n(spam, lang), ham: n(ham, lang) });
}

/** An icon array of `spam` filled icons and 1,000 − `spam` outlined ones, one `<svg>`. */
export function iconArray(spam, label) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${COLS * 10} ${ROWS * 10}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.dataset.role = "nf-icons";
  svg.dataset.spam = String(spam);
  Object.assign(svg.style, { display: "block", width: "100%", maxWidth: "26rem", height: "auto" });
  let filled = "";
  let hollow = "";
  for (let k = 0; k < COLS * ROWS; k++) {
    const x = (k % COLS) * 10 + 1;
    const y = Math.floor(k / COLS) * 10 + 1;
    if (k < spam) filled += `M${x} ${y}h8v8h-8z`;
    else hollow += `M${x + 0.75} ${y + 0.75}h6.5v6.5h-6.5z`;
  }
  const path = (d, style) => {
    const el = document.createElementNS(SVG, "path");
    el.setAttribute("d", d || "M0 0");
    Object.assign(el.style, style);
    return el;
  };
  svg.append(
    path(filled, { fill: "var(--c1)", stroke: "none" }),
    path(hollow, { fill: "none", stroke: "var(--c0)", strokeWidth: "1.5" }),
  );
  return svg;
}

/**
 * The sentence and icon array for P(spam | message) = `p` (null: both classes ruled out),
 * `count(p)` the core's [ham, spam] of 1,000: a `<div data-role="nf-array">`.
 */
export function frequencyFigure(p, count, lang) {
  const box = document.createElement("div");
  box.dataset.role = "nf-array";
  box.setAttribute("lang", lang);
  const caption = document.createElement("p");
  caption.dataset.role = "nf-sentence";
  if (p == null || !Number.isFinite(p)) {
    caption.textContent = (WORDS[lang] || WORDS.en).none;
    box.append(caption);
    return box;
  }
  const counts = Array.from(count(p));
  caption.textContent = frequencySentence(p, counts, lang);
  box.append(caption, iconArray(counts[1], caption.textContent));
  return box;
}

/** The verdict's view in `box`: `update(p)` redraws for a new posterior (only when it changes). */
export function createFrequencies({ box, lang, count }) {
  let p = undefined;
  const draw = () => box.replaceChildren(frequencyFigure(p, count, lang));
  return {
    update(next) {
      if (next === p && box.firstChild) return;
      p = next;
      draw();
    },
    setLang(next) {
      lang = next;
      draw();
    },
  };
}
