// No text is cut off or squeezed, at a phone's width, at 1024×768, 1280×800 and 1920×1080,
// in English and in Chinese, in every panel (with every <details> opened and a message in
// the ledger). The walk flags, for each visible element that holds text of its own:
// - clipped: its content is wider than its box (scrollWidth > clientWidth) and the box does
//   not scroll (hidden, clipped or spilling over its neighbours), or it ends in an ellipsis;
// - squeezed: a label wrapped into three or more lines in a box narrower than five of its
//   characters (the CSV help once stood in a 35 px column, a word or two per line).
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, open } from "./lib.mjs";

const env = setup();

/** Runs in the page: every visible element with text that is clipped or squeezed. */
function findCutText() {
  const out = [];
  const own = (el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim() !== "");
  for (const el of document.querySelectorAll("body *")) {
    if (!own(el) || el.closest(".sr-only, [hidden], script, style, option, math, canvas")) continue;
    const cs = getComputedStyle(el);
    if (cs.display === "inline" || cs.display === "contents" || cs.visibility === "hidden") continue;
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) continue;
    const label = `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(" ").join(".")}` : ""} “${el.textContent.trim().slice(0, 40)}”`;
    const scrolls = ["auto", "scroll"].includes(cs.overflowX);
    if (!scrolls && el.scrollWidth > el.clientWidth + 1 && !["TEXTAREA", "INPUT", "SELECT"].includes(el.tagName)) {
      out.push(`clipped: ${label}: content ${el.scrollWidth} px in ${el.clientWidth} px`);
      continue;
    }
    if (cs.textOverflow === "ellipsis" && el.scrollWidth > el.clientWidth) {
      out.push(`ellipsis: ${label}`);
      continue;
    }
    // Lines of the element's own text.
    const range = document.createRange();
    range.selectNodeContents(el);
    // The text's own extent, not the element's box: a grid container's text is an anonymous
    // item in one of its columns (the CSV help sat in a slider row's 2.2 rem symbol column).
    const rects = [...range.getClientRects()].filter((q) => q.width > 0);
    const tops = new Set(rects.map((q) => Math.round(q.top)));
    const extent = rects.length ? Math.max(...rects.map((q) => q.right)) - Math.min(...rects.map((q) => q.left)) : r.width;
    const em = parseFloat(cs.fontSize);
    if (tops.size >= 3 && extent < 5 * em) out.push(`squeezed: ${label}: ${tops.size} lines in ${Math.round(extent)} px`);
  }
  // A closed select shows its chosen option in its own box, where no scrollWidth tells
  // whether the words fit ("Generated: two Gaussian c" at 1280 px): each option's text is
  // measured in the select's font and must fit inside its padding, border and arrow.
  const ctx = document.createElement("canvas").getContext("2d");
  const SELECT_ARROW_PX = 18; // an auto-width select in Chromium keeps 19 px for its arrow
  for (const sel of document.querySelectorAll("select")) {
    const r = sel.getBoundingClientRect();
    if (r.width < 2 || sel.closest(".sr-only, [hidden]") || getComputedStyle(sel).visibility === "hidden") continue;
    const cs = getComputedStyle(sel);
    ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const chrome = ["paddingLeft", "paddingRight", "borderLeftWidth", "borderRightWidth"].reduce((a, k) => a + parseFloat(cs[k]), 0);
    const room = r.width - chrome - SELECT_ARROW_PX;
    for (const o of sel.options) {
      const need = ctx.measureText(o.text).width;
      if (need > room) out.push(`clipped: select option “${o.text.slice(0, 40)}”: ${Math.ceil(need)} px in ${Math.floor(room)} px`);
    }
  }
  // A slider squeezed beside a long label is a dot nobody can drag.
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
  for (const range of document.querySelectorAll("input[type=range]")) {
    const r = range.getBoundingClientRect();
    if (r.width < 2 || range.closest(".sr-only, [hidden]")) continue;
    if (r.width < 5 * rem) out.push(`squeezed: slider ${range.dataset.role ?? range.id}: ${Math.round(r.width)} px`);
  }
  return out;
}

const SIZES = [[360, 740], [1024, 768], [1280, 800], [1920, 1080]];
const MESSAGE = "WIN a FREE prize, reply now to claim your cash before the meeting tomorrow";

// The projector mode's larger type at the two projector resolutions, beside the plain views.
const VIEWS = [...SIZES.map(([w, h]) => [w, h, false]), [1024, 768, true], [1920, 1080, true]];

for (const lang of ["en", "zh-CN"]) {
  for (const [width, height, projector] of VIEWS) {
    test(`no text is clipped or squeezed at ${width}×${height}${projector ? " in projector mode" : ""} in ${lang}`, async () => {
      const q = `?lang=${lang}&lr=1&cov=per-class${projector ? "&projector=1" : ""}&t=${encodeURIComponent(MESSAGE)}`;
      const { page, context, errors } = await open(env.browser, `${env.server.url}${q}`, { width, height });
      try {
        await page.evaluate(() => {
          for (const d of document.querySelectorAll("details")) d.open = true;
          // Lay out what content-visibility: auto would skip off screen.
          for (const el of document.querySelectorAll(".numbers")) el.style.contentVisibility = "visible";
        });
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        const found = await page.evaluate(findCutText);
        assert.deepEqual(found, []);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  }
}

test("the walk finds clipped and squeezed text (the check itself)", async () => {
  const { page, context } = await open(env.browser, env.server.url, { width: 1280, height: 800 });
  try {
    await page.evaluate(() => {
      const clipped = document.createElement("p");
      clipped.textContent = "Imbalance";
      clipped.style.width = "3.5rem";
      clipped.style.overflow = "hidden";
      clipped.style.whiteSpace = "nowrap";
      const squeezed = document.createElement("p");
      squeezed.textContent = "One point per line: x, y, label (0 or 1).";
      squeezed.style.width = "2.2rem";
      const select = document.createElement("select");
      select.style.width = "8rem";
      select.append(new Option("Generated: two Gaussian clouds"));
      const slider = document.createElement("input");
      slider.type = "range";
      slider.dataset.role = "planted-slider";
      slider.style.width = "2rem";
      document.querySelector("main").append(clipped, squeezed, select, slider);
    });
    // Only the two planted paragraphs (the page itself is checked by the tests above).
    const found = (await page.evaluate(findCutText)).filter((f) => / p “|option “Generated: two|planted-slider/.test(f));
    assert.equal(found.length, 4, found.join("\n"));
    assert.match(found[0], /^clipped: p “Imbalance”/);
    // A word wider than the 35 px box counts as clipped before it counts as squeezed.
    assert.match(found[1], /^(clipped|squeezed): p “One point per line/);
    // A closed select whose option is wider than its box ("Generated: two Gaussian c").
    assert.match(found[2], /^clipped: select option “Generated: two Gaussian clouds”/);
    assert.match(found[3], /^squeezed: slider planted-slider: 3\d px/);
  } finally {
    await context.close();
  }
});
