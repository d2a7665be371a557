// A section opened (a <details>) stays inside the page: the page never scrolls sideways and
// what the section holds stays inside the box around it. Before: opening "Paste or load
// points (CSV)" made the page 1,331 px wide in a 1,280 px window (387 at 360 px), its help
// text and text box 39–55 px out of their fieldset, and once scrolled the left edge of
// everything was cut ("oundary").
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, open } from "./lib.mjs";

const env = setup();

/** Opens the <details> matching `sel` (all of them for "details"), waits for every panel,
 * and returns the page's widths and each opened section's children that stick out of it. */
async function openAndMeasure(page, sel) {
  // Every panel mounted (the learning curves' and categorical panels' markup too).
  await page.waitForFunction(() => document.querySelectorAll("main details").length > 0 && window.genlab?.curves);
  return page.evaluate(async (sel) => {
    for (const d of document.querySelectorAll(`main ${sel}`)) d.open = true;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const root = document.documentElement;
    const out = [];
    for (const d of document.querySelectorAll(`main ${sel}`)) {
      if (!d.getClientRects().length) continue;
      // The box around the section: the section itself and the fieldset or panel holding it.
      const boxes = [d, d.closest("fieldset"), d.closest(".panel")].filter(Boolean);
      for (const el of d.querySelectorAll("*")) {
        const r = el.getBoundingClientRect();
        if (!r.width || getComputedStyle(el).position === "fixed") continue;
        // Inside a box that scrolls on its own (a table), a wide child is scrolled, not cut.
        if (el.parentElement.closest("[data-scroll-focus], .table-wrap, .cat-table-wrap, .cat-count-wrap") && el.parentElement.closest("details") === d) {
          const wrap = el.parentElement.closest("[data-scroll-focus], .table-wrap, .cat-table-wrap, .cat-count-wrap");
          if (d.contains(wrap) && wrap !== el) continue;
        }
        for (const b of boxes) {
          const br = b.getBoundingClientRect();
          if (r.right > br.right + 1 || r.left < br.left - 1) {
            out.push(`${d.querySelector("summary")?.textContent.trim().slice(0, 40)}: <${el.tagName.toLowerCase()} ${el.className || el.dataset.role || ""}> ${Math.round(r.left)}–${Math.round(r.right)} outside <${b.tagName.toLowerCase()} ${b.className}> ${Math.round(br.left)}–${Math.round(br.right)}`);
            break;
          }
        }
      }
    }
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, outside: [...new Set(out)] };
  }, sel);
}

const SIZES = [["phone", { width: 360, height: 740 }], ["laptop", { width: 1280, height: 800 }]];

for (const [name, viewport] of SIZES) {
  test(`"Paste or load points (CSV)" opened stays inside the page and its fieldset (${name})`, async () => {
    const { page, context, errors } = await open(env.browser, env.server.url, viewport);
    const m = await openAndMeasure(page, '#gda-slot details:has([data-role="csv"])');
    assert.equal(m.scrollWidth, m.clientWidth, `the page scrolls sideways: ${m.scrollWidth} > ${m.clientWidth}`);
    assert.deepEqual(m.outside, []);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// Projector mode at the widths a projector has (at 360 px its seed row is wider than a
// phone, with or without a section open: the projector layout's own business).
const LAYOUTS = [
  ...SIZES.flatMap(([name, viewport]) => ["", "?lang=zh-CN"].map((q) => [name, viewport, q])),
  ["projector", { width: 1024, height: 768 }, "?projector=1"],
  ["laptop", { width: 1280, height: 800 }, "?projector=1&lang=zh-CN"],
];
for (const [name, viewport, q] of LAYOUTS) {
  {
    test(`every section opened at once stays inside the page (${name}${q ? `, ${q.slice(1)}` : ""})`, async () => {
      const { page, context, errors } = await open(env.browser, `${env.server.url}${q}`, viewport);
      const m = await openAndMeasure(page, "details");
      assert.equal(m.scrollWidth, m.clientWidth, `the page scrolls sideways: ${m.scrollWidth} > ${m.clientWidth}`);
      assert.deepEqual(m.outside, []);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}
