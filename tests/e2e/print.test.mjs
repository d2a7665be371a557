// The printed handout (style.css, @media print), as headless Chromium prints it with its
// defaults (A4, no background graphics, like a browser's print dialog): at most two pages
// per panel, the figure at the shape it has on screen, the ledger's bars on paper, the link
// to the exact state written out, and no controls. The PDF is rasterised with pdftoppm
// (poppler-utils, installed by scripts/ensure-tools.sh) and its pixels are read.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setup, open } from "./lib.mjs";

let dir;
const env = setup();
before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "genlab-print-"));
});
after(async () => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const DPI = 100;
const MESSAGE = "WIN a FREE prize, reply now to claim your cash";

/** Reads a binary PPM (P6) as {width, height, rgb}. */
function readPpm(file) {
  const buf = readFileSync(file);
  // Header: "P6" width height maxval, separated by whitespace, then one byte of whitespace.
  let pos = 0;
  const fields = [];
  while (fields.length < 4) {
    while (/\s/.test(String.fromCharCode(buf[pos]))) pos++;
    let start = pos;
    while (!/\s/.test(String.fromCharCode(buf[pos]))) pos++;
    fields.push(buf.toString("latin1", start, pos));
  }
  assert.equal(fields[0], "P6");
  const [width, height] = [Number(fields[1]), Number(fields[2])];
  return { width, height, rgb: buf.subarray(pos + 1, pos + 1 + 3 * width * height) };
}

/** Prints `page` to an A4 PDF (Playwright's defaults: no backgrounds) and rasterises each page. */
async function printPages(page, name) {
  const pdf = path.join(dir, `${name}.pdf`);
  writeFileSync(pdf, await page.pdf({ format: "A4" }));
  execFileSync("pdftoppm", ["-r", String(DPI), pdf, path.join(dir, name)]);
  const files = readdirSync(dir).filter((f) => f.startsWith(`${name}-`) && f.endsWith(".ppm")).sort();
  return files.map((f) => readPpm(path.join(dir, f)));
}

/** Whether pixel (x, y) is within `tol` of `rgb` in every channel. */
const near = (img, x, y, rgb, tol) => {
  const i = 3 * (y * img.width + x);
  return Math.abs(img.rgb[i] - rgb[0]) <= tol && Math.abs(img.rgb[i + 1] - rgb[1]) <= tol && Math.abs(img.rgb[i + 2] - rgb[2]) <= tol;
};
const dark = (img, x, y) => {
  const i = 3 * (y * img.width + x);
  return img.rgb[i] < 90 && img.rgb[i + 1] < 90 && img.rgb[i + 2] < 90;
};

/** The figure's frame on a printed page: the two longest vertical dark lines of the same
 * length and height (its left and right border). Returns its width / height, or null. */
function frameAspect(img) {
  const runs = [];
  for (let x = 0; x < img.width; x++) {
    let start = -1;
    for (let y = 0; y <= img.height; y++) {
      const on = y < img.height && dark(img, x, y);
      if (on && start < 0) start = y;
      if (!on && start >= 0) {
        if (y - start > 100) runs.push({ x, top: start, len: y - start });
        start = -1;
      }
    }
  }
  runs.sort((a, b) => b.len - a.len);
  const left = runs[0];
  if (!left) return null;
  // The other side: a run as long, at the same height, far enough away.
  const right = runs.find((r) => Math.abs(r.x - left.x) > 50 && Math.abs(r.len - left.len) <= 3 && Math.abs(r.top - left.top) <= 3);
  if (!right) return null;
  return (Math.abs(right.x - left.x) + 1) / left.len;
}

/** Blocks at least 6×6 pixels of one class colour: a ledger bar, not a line or a border. */
function solidBlocks(img, rgb) {
  let count = 0;
  for (let y = 0; y + 6 < img.height; y += 3) {
    for (let x = 0; x + 6 < img.width; x += 3) {
      let all = true;
      for (let dy = 0; dy < 6 && all; dy++) for (let dx = 0; dx < 6 && all; dx++) all = near(img, x + dx, y + dy, rgb, 45);
      if (all) count++;
    }
  }
  return count;
}

/** The screen's figure shape: the canvas' CSS width / height. */
const screenAspect = (page, sel) => page.$eval(sel, (c) => {
  const r = c.getBoundingClientRect();
  return r.width / r.height;
});

/** What the printout shows besides pixels: the link, and the controls still visible (none;
 * the message box stays, as the text the ledger scores, and the categorical training
 * table's cells print as their values). */
async function printedText(page) {
  await page.emulateMedia({ media: "print" });
  const out = await page.evaluate(() => ({
    link: document.getElementById("print-link")?.innerText ?? "",
    href: location.href,
    controls: [...document.querySelectorAll('main input, main select, main button, main textarea:not([data-role="text"]), .shell-controls')]
      .filter((el) => el.getClientRects().length > 0)
      // The categorical training table's cells are selects, printed as plain values.
      .filter((el) => !(el.closest(".cat-table") && getComputedStyle(el).appearance === "none" && getComputedStyle(el).borderTopStyle === "none"))
      .map((el) => el.outerHTML.slice(0, 80)),
  }));
  await page.emulateMedia({ media: null });
  return out;
}

const CASES = [
  { name: "page", query: `?t=${encodeURIComponent(MESSAGE)}`, panels: 3, figure: '#gda-slot [data-role="canvas"]', ledger: true },
  { name: "embed-gda", query: "?embed=gda&lr=1", panels: 1, figure: '#gda-slot [data-role="canvas"]' },
  { name: "embed-nb", query: `?embed=nb&t=${encodeURIComponent(MESSAGE)}`, panels: 1, figure: '#nb-slot [data-role="curve"]', ledger: true },
  { name: "embed-cat", query: "?embed=cat", panels: 1 },
];

for (const c of CASES) {
  test(`printing ${c.name} gives a handout of at most two A4 pages per panel`, async () => {
    const { page, context, errors } = await open(env.browser, `${env.server.url}${c.query}`, { width: 1280, height: 800 });
    try {
      const aspect = c.figure ? await screenAspect(page, c.figure) : null;
      const text = await printedText(page);
      const pages = await printPages(page, c.name);
      assert.ok(pages.length >= 1 && pages.length <= 2 * c.panels, `${pages.length} pages for ${c.panels} panel(s)`);
      // A4 at 100 dpi: 827 × 1169 pixels.
      assert.ok(Math.abs(pages[0].width - 827) <= 2 && Math.abs(pages[0].height - 1169) <= 2, `${pages[0].width}×${pages[0].height}`);
      if (c.figure) {
        const printed = pages.map(frameAspect).find((a) => a !== null);
        assert.ok(printed, "no figure frame found on the printed pages");
        assert.ok(Math.abs(printed / aspect - 1) <= 0.01, `printed figure ${printed.toFixed(4)} against ${aspect.toFixed(4)} on screen`);
      }
      if (c.ledger) {
        // The message scores both ways: bars toward spam (vermillion) and toward ham (blue).
        const spam = pages.reduce((n, p) => n + solidBlocks(p, [0xd5, 0x5e, 0x00]), 0);
        const ham = pages.reduce((n, p) => n + solidBlocks(p, [0x00, 0x72, 0xb2]), 0);
        assert.ok(spam >= 20, `${spam} spam-bar blocks printed`);
        assert.ok(ham >= 5, `${ham} ham-bar blocks printed`);
      }
      assert.ok(text.link.includes(text.href), `the printed link “${text.link}” is not ${text.href}`);
      assert.deepEqual(text.controls, [], "controls are printed");
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

/** Each printed page's text (pdftotext), in page order. */
function pagesText(name, count) {
  const pdf = path.join(dir, `${name}.pdf`);
  return Array.from({ length: count }, (_, i) => execFileSync("pdftotext", ["-f", String(i + 1), "-l", String(i + 1), "-layout", pdf, "-"]).toString());
}

/** The share of a page's pixels that are dark (every channel below 60): text is a few per
 * cent; a figure printed on a dark background is a large block of them. */
function darkShare(img) {
  let n = 0;
  for (let i = 0; i < img.rgb.length; i += 3) if (img.rgb[i] < 60 && img.rgb[i + 1] < 60 && img.rgb[i + 2] < 60) n++;
  return n / (img.width * img.height);
}

// From a system in dark mode, before: every text printed rgb(226, 228, 232) on white (the
// dark scheme's variables outranked the print ones), the learning-curve figure printed on its
// dark background (redrawn light a frame after the print was laid out), the curves printed as
// an empty "computing…" unless scrolled to, and GDA's training-table heading was left alone
// at the foot of a page, its table on the next.
test("printing from a system in dark mode gives a light handout with every figure computed and headings with their tables", async () => {
  // With the logistic-regression overlay: a two-row training table (whose heading was orphaned).
  const { page, context, errors } = await open(env.browser, `${env.server.url}?lr=1`, {
    width: 1280, height: 800, setup: (p) => p.emulateMedia({ colorScheme: "dark" }),
  });
  try {
    // The page follows the system: dark on screen, the curves not scrolled to (not started).
    assert.equal(await page.evaluate(() => getComputedStyle(document.body).color), "rgb(226, 228, 232)");
    assert.equal(await page.evaluate(() => window.genlab.curves.summary()), null);
    await page.emulateMedia({ media: "print", colorScheme: "dark" });
    const inks = await page.evaluate(() => [...document.querySelectorAll("main h2, main h3, main td, main th, main p, main li")]
      .filter((el) => el.getClientRects().length && el.textContent.trim())
      .map((el) => getComputedStyle(el).color));
    // Dark ink only: no text whose every channel is above 150 (the print palette's lightest
    // ink, the muted #333 and the class colours, all have a channel below 110).
    const light = inks.filter((c) => { const [r, g, b] = c.match(/\d+/g).map(Number); return r > 150 && g > 150 && b > 150; });
    assert.deepEqual([...new Set(light)], [], "light text on the printout");
    await page.emulateMedia({ media: null, colorScheme: "dark" });
    const pages = await printPages(page, "dark");
    // Every figure computed: the curves ran for the print, all of their splits.
    const done = await page.evaluate(() => { const s = window.genlab.curves.summary(); return s && [s.splits_done, s.splits_total]; });
    assert.ok(done && done[0] === done[1] && done[0] > 0, `curves computed for the print: ${done}`);
    const texts = pagesText("dark", pages.length);
    // No page holds a dark block (a figure on a dark background).
    pages.forEach((p, i) => assert.ok(darkShare(p) < 0.04, `page ${i + 1}: ${(100 * darkShare(p)).toFixed(1)} % dark pixels`));
    // The curves page shows curves, not "computing…" (their lesson sentence is printed too).
    const curvesPage = texts.findIndex((t) => /Learning curves/.test(t));
    assert.ok(curvesPage >= 0, "the learning curves are printed");
    assert.doesNotMatch(texts.slice(curvesPage).join("\n"), /computing/i);
    // Headings with their tables: the training table's heading on the page of its first row.
    const heading = texts.findIndex((t) => /Training fit, model by model/.test(t));
    const row = texts.findIndex((t) => /GDA \(shared Σ\)\s+\d/.test(t));
    assert.ok(heading >= 0 && heading === row, `the heading is on page ${heading + 1}, its table on page ${row + 1}`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
