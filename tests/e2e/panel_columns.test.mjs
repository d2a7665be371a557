// A panel lays out by the width of the column it is mounted in, not the window's: in a course
// tool's content column (pandoc's 476 px, MyST's, Quarto's and marimo's 600–800 px) of a
// 1280×800 window, each panel (gda, nb, cat, curves), in English and in Chinese, has no
// boxes over one another, no text clipped or wrapped a few characters a line, nothing wider
// than its column, ledger bars with room to show, and (at 600 px and less) a GDA figure that
// takes at least 90 % of the column, as the phone and tablet layouts of a window that wide do.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup } from "./lib.mjs";

const env = setup();

const MESSAGE = "WIN a FREE prize, reply now to claim your cash before the meeting tomorrow";
/** A course page: a centred column `width` px wide, each panel of the registry (PANELS, so a
 * panel added there is held to a column too) mounted in it with mount(). */
const coursePage = (width, lang) => `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Course notes</title>
<style>#column { width: ${width}px; margin: 0 auto; }</style></head>
<body><div id="column"></div>
<script type="module">
  import { mount, PANELS } from "/js/genlab.js";
  const states = { nb: { text: ${JSON.stringify(MESSAGE)} } };
  window.handles = {};
  for (const panel of Object.keys(PANELS)) {
    const box = Object.assign(document.createElement("div"), { id: "col-" + panel });
    document.getElementById("column").append(box);
    window.handles[panel] = await mount(box, { panel, lang: ${JSON.stringify(lang)}, state: states[panel] ?? null });
  }
  document.documentElement.dataset.mounted = "true";
</script></body></html>`;

/**
 * Runs in the page: for each panel in #column, the faults of its layout: boxes over one
 * another (the text of elements with words of their own, and every control and canvas, as
 * far as the scrolling boxes around them show them), text clipped or squeezed (three lines
 * or more in less than five characters' width), anything wider than the column.
 */
function layoutFaults() {
  const column = document.getElementById("column");
  const width = column.getBoundingClientRect().width;
  const out = [];
  if (document.documentElement.scrollWidth > innerWidth) out.push(`page scrolls sideways: ${document.documentElement.scrollWidth} px`);
  const visible = (el) => !el.closest(".sr-only, [hidden], script, style, option, math") && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  const own = (el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim() !== "");
  const name = (el) => `${el.tagName.toLowerCase()}${el.className && typeof el.className === "string" ? `.${el.className.trim().split(/\s+/).join(".")}` : ""}${el.dataset.role ? `[${el.dataset.role}]` : ""} “${(el.textContent || el.value || "").trim().slice(0, 30)}”`;
  for (const section of column.querySelectorAll("section.panel")) {
    const panel = section.className.match(/genlab-(\w+)/)[1];
    const atoms = [];
    for (const el of section.querySelectorAll("*")) {
      if (!visible(el)) continue;
      const control = ["INPUT", "SELECT", "BUTTON", "TEXTAREA", "CANVAS"].includes(el.tagName);
      if (!control && !own(el)) continue;
      // Its box (a control's) or its text's line boxes, as far as the boxes that scroll or
      // clip around it show them.
      let boxes = [el.getBoundingClientRect()];
      if (!control) {
        const range = document.createRange();
        range.selectNodeContents(el);
        const rects = [...range.getClientRects()].filter((q) => q.width > 0 && q.height > 0);
        if (rects.length) boxes = rects;
      }
      const clips = [];
      for (let a = el.parentElement; a && a !== section.parentElement; a = a.parentElement) {
        const cs = getComputedStyle(a);
        if (cs.overflowX !== "visible" || cs.overflowY !== "visible") clips.push(a.getBoundingClientRect());
      }
      const rs = boxes.map((q) => clips.reduce((r, c) => ({ left: Math.max(r.left, c.left), right: Math.min(r.right, c.right), top: Math.max(r.top, c.top), bottom: Math.min(r.bottom, c.bottom) }), { left: q.left, right: q.right, top: q.top, bottom: q.bottom }))
        .filter((r) => r.right - r.left >= 2 && r.bottom - r.top >= 2);
      if (rs.length === 0) continue;
      // The text's own extent (a table cell scrolled half out of its box is not squeezed).
      const box = { left: Math.min(...boxes.map((r) => r.left)), right: Math.max(...boxes.map((r) => r.right)) };
      atoms.push({ el, rs });
      const cs = getComputedStyle(el);
      if (!control && !["auto", "scroll"].includes(cs.overflowX) && cs.display !== "inline" && el.scrollWidth > el.clientWidth + 1) out.push(`${panel}: clipped ${name(el)}: ${el.scrollWidth} px in ${el.clientWidth} px`);
      if (!control) {
        const range = document.createRange();
        range.selectNodeContents(el);
        const lines = new Set([...range.getClientRects()].filter((q) => q.width > 0).map((q) => Math.round(q.top)));
        if (lines.size >= 3 && box.right - box.left < 5 * parseFloat(cs.fontSize)) out.push(`${panel}: squeezed ${name(el)}: ${lines.size} lines in ${Math.round(box.right - box.left)} px`);
      }
    }
    for (let i = 0; i < atoms.length; i++) {
      for (let j = i + 1; j < atoms.length; j++) {
        const [a, b] = [atoms[i], atoms[j]];
        if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
        let worst = null;
        for (const p of a.rs) {
          for (const q of b.rs) {
            const dx = Math.min(p.right, q.right) - Math.max(p.left, q.left);
            const dy = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
            if (dx > 2 && dy > 2 && (!worst || dx * dy > worst[0] * worst[1])) worst = [dx, dy];
          }
        }
        if (worst) out.push(`${panel}: ${name(a.el)} over ${name(b.el)} (${Math.round(worst[0])}×${Math.round(worst[1])} px)`);
      }
    }
    const w = section.getBoundingClientRect().width;
    if (w > width + 1 || section.scrollWidth > width + 1) out.push(`${panel}: ${Math.max(w, section.scrollWidth)} px wide in a ${width} px column`);
  }
  return out;
}

for (const width of [480, 600, 720, 800]) {
  for (const lang of ["en", "zh-CN"]) {
    test(`every panel in a ${width} px column of a 1280×800 window, in ${lang}`, async () => {
      const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
      const url = `${env.server.url}course/columns-${width}-${lang}.html`;
      await context.route(url, (route) => route.fulfill({ contentType: "text/html", body: coursePage(width, lang) }));
      const page = await context.newPage();
      const errors = [];
      page.on("pageerror", (e) => errors.push(String(e)));
      page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
      try {
        await page.goto(url);
        await page.waitForSelector("html[data-mounted=true]", { timeout: 30000 });
        await page.evaluate(() => {
          for (const d of document.querySelectorAll("details")) d.open = true;
          for (const el of document.querySelectorAll(".numbers")) el.style.contentVisibility = "visible";
        });
        // The curves run once their panel is on screen.
        await page.locator(".genlab-curves").scrollIntoViewIfNeeded();
        await page.waitForFunction(() => document.querySelector(".genlab-curves")?.dataset.run === "done", null, { timeout: 60000 });
        if (process.env.GENLAB_SHOTS) {
          for (const p of await page.evaluate(() => Object.keys(window.handles))) await page.locator(`#col-${p}`).screenshot({ path: `${process.env.GENLAB_SHOTS}/column-${width}-${lang}-${p}.png` });
        }
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        assert.deepEqual(await page.evaluate(layoutFaults), []);
        const sizes = await page.evaluate(() => ({
          figure: document.querySelector('.genlab-gda [data-role="canvas"]').getBoundingClientRect().width,
          tracks: [...document.querySelectorAll(".genlab-nb .ledger .track")].map((t) => t.getBoundingClientRect().width),
        }));
        // The largest term's bar is half its track (nb.js rowSpec): 96 px of track draw it 48 px
        // long and a term a tenth of it 5 px; at 720 px the tracks once had no width at all.
        assert.ok(sizes.tracks.length > 3 && Math.min(...sizes.tracks) >= 96, `ledger tracks ${sizes.tracks.map(Math.round)} px`);
        if (width <= 600) assert.ok(sizes.figure >= 0.9 * width, `GDA figure ${Math.round(sizes.figure)} px of ${width}`);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  }
}
