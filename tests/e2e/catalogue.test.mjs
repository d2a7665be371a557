// The bad-input catalogue: every case goes through the real page in headless Chromium, in
// English and in Chinese. For each: a clear message in the page's language (where the input
// is refused), no uncaught exception or console error (a CSP violation is one), no "NaN",
// "Infinity", "undefined" or "null" on screen, the previous valid state kept, the page still
// responsive, and no user text run as code.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, open } from "./lib.mjs";

const env = setup();

const gda = (r) => `#gda-slot [data-role="${r}"]`;
const nb = (r) => `#nb-slot [data-role="${r}"]`;
const PWN = "window.__pwned=1";
const HAN = /[\u4e00-\u9fff]/;

/** Latin-1 bytes that are not valid UTF-8, and binary junk. */
const latin1 = Buffer.from([0x68, 0x61, 0x6d, 0x09, 0x63, 0x61, 0x66, 0xe9, 0x20, 0x6f, 0x6b, 0x0a, 0x73, 0x70, 0x61, 0x6d, 0x09, 0x66, 0x72, 0x65, 0x65, 0x20, 0xa3, 0x31, 0x30, 0x0a,
  0x68, 0x61, 0x6d, 0x09, 0x6e, 0x61, 0xef, 0x76, 0x65, 0x0a, 0x73, 0x70, 0x61, 0x6d, 0x09, 0x77, 0x69, 0x6e, 0x20, 0xa3, 0x35, 0x0a]);
const junk = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 2654435761) % 256));
const goodCorpus = "ham\tlunch at noon?\nspam\tfree prize click now\nham\tcall me later\nspam\twin cash now\nham\tsee you at the lab\nspam\tclaim your free gift\n";

/** Types into the message box. */
const typeIn = (text) => async (page) => page.$eval(nb("text"), (el, t) => { el.value = t; el.dispatchEvent(new Event("input", { bubbles: true })); }, text);
/** Loads a corpus file through the file input. */
const loadCorpus = (name, buffer) => async (page) => page.setInputFiles(nb("file"), { name, mimeType: "text/plain", buffer });
/** Pastes a CSV of points and applies it. */
const csv = (text) => async (page) => {
  await page.$eval("#gda-slot details", (d) => { d.open = true; });
  await page.fill(gda("csv"), text);
  await page.click(gda("csv-apply"));
};
/** Types a value into a number box and commits it. */
const box = (sel, value) => async (page) => {
  await page.fill(sel, value);
  await page.dispatchEvent(sel, "change");
};

// [name, query, action, where the message appears (or null when the input is accepted),
//  English pattern, what must be kept: a selector whose text must not change].
const CASES = [
  // The message box.
  ["empty message", "", typeIn(""), null, null, null],
  ["1.2 MB message (over the 1,000,000-character cap)", "", typeIn("spam ".repeat(240000)), nb("unknown"), /Only the first 1,000,000 characters/, null],
  ["binary junk message", "", typeIn(junk.toString("latin1")), null, null, null],
  ["NUL and control characters", "", typeIn("free\u0000prize\u0007\u001b[31m now\u0008"), null, null, null],
  ["right-to-left text", "", typeIn("مرحبا بك في الجائزة المجانية שלום עולם"), null, null, null],
  ["combining marks", "", typeIn("fre\u0301e\u0301 pri\u0308ze Z\u0351\u0364\u035b\u0313a\u0315\u035cl\u0336go"), null, null, null],
  ["emoji and flags", "", typeIn("🎉🎉 WIN 🇬🇧👨‍👩‍👧 prize 💰💰"), null, null, null],
  ["Chinese and mixed script", "", typeIn("恭喜您中奖了 free 奖品 3pm明天"), null, null, null],
  ["<script> in the message", "", typeIn(`<script>${PWN}</script> free prize`), null, null, null],
  ["<img onerror> in the message", "", typeIn(`<img src=x onerror="${PWN}"> win`), null, null, null],
  // Corpus files.
  ["empty corpus file", "", loadCorpus("empty.txt", Buffer.from("")), nb("input-error"), /The file is empty/, nb("corpus-info")],
  ["whitespace-only corpus file", "", loadCorpus("blank.txt", Buffer.from("\n\n  \n")), nb("input-error"), /The file is empty/, nb("corpus-info")],
  ["one-class corpus", "", loadCorpus("ham.txt", Buffer.from("ham\thi\nham\tyo\nham\tok\n")), nb("input-error"), /at least two of each class|no spam/, nb("corpus-info")],
  ["mislabeled lines", "", loadCorpus("typos.txt", Buffer.from(goodCorpus + "hma\ttypo\nspam no tab here\n")), nb("corpus-notes"), /Line 7: the label must be “ham” or “spam”, found “hma”/, null],
  ["CRLF corpus", "", loadCorpus("crlf.txt", Buffer.from(goodCorpus.replaceAll("\n", "\r\n"))), nb("corpus-info"), /6 messages/, null],
  ["Latin-1 corpus", "", loadCorpus("latin1.txt", latin1), nb("corpus-notes"), /not valid UTF-8, so it was read as Latin-1/, null],
  ["binary junk corpus", "", loadCorpus("junk.bin", junk), nb("input-error"), /binary data \(it contains NUL bytes/, nb("corpus-info")],
  // 50 MB through the page's own loader (handing 50 MB to the file input over the
  // DevTools protocol takes longer than the check itself).
  ["50 MB corpus (over the 10 MB cap)", "", async (page) => page.evaluate(() =>
    window.genlab.nb.loadFile(new File([new Uint8Array(50_000_000).fill(97)], "huge.txt", { type: "text/plain" }))),
  nb("input-error"), /up to 10 MB/, nb("corpus-info")],
  ["<script> and <img onerror> in a corpus", "", loadCorpus("xss.txt", Buffer.from(goodCorpus + `spam\t<script>${PWN}</script>\nham\t<img src=x onerror="${PWN}">\n`)), nb("corpus-info"), /8 messages/, null],
  // CSV points.
  ["CSV with NaN", "", csv("x,y,label\nNaN,1,0\n"), gda("input-error"), /^Line 2: x is not a number\./, gda("phi")],
  ["CSV with inf", "", csv("x,y,label\n1,inf,1\n"), gda("input-error"), /^Line 2: y is infinite; an infinite coordinate/, gda("phi")],
  ["CSV with -inf", "", csv("x,y,label\n-inf,1,1\n"), gda("input-error"), /^Line 2: x is infinite; an infinite coordinate/, gda("phi")],
  ["CSV with 1e400", "", csv("x,y,label\n1e400,1,1\n"), gda("input-error"), /^Line 2: x “1e400” is too large/, gda("phi")],
  ["CSV with 1e308 (finite, squares overflow)", "", csv("x,y,label\n1e308,1,0\n-1e308,2,0\n5e307,3,0\n1,1e308,1\n2,-1e308,1\n3,5e307,1\n"), gda("input-error"), /too large to square/, gda("phi")],
  ["CSV with text", "", csv("x,y,label\nhello,world,0\n"), gda("input-error"), /^Line 2: x “hello” is not a number/, gda("phi")],
  ["CSV with a missing column", "", csv("x,y,label\n1,2\n"), gda("input-error"), /^Line 2: too few values: expected 3/, gda("phi")],
  ["CSV with label 7", "", csv("x,y,label\n1,2,7\n"), gda("input-error"), /^Line 2: the label is “7”, but it must be a class from 0 to 4/, gda("phi")],
  ["CSV with nothing in it", "", csv("x,y,label\n"), gda("input-error"), /no points|No point/i, gda("phi")],
  // URL state.
  ["negative α in the link", "?a=-1", null, "#notices", /a: α is a number from 0 to 10/, null],
  ["NaN α in the link", "?a=NaN", null, "#notices", /a: α is a number from 0 to 10/, null],
  ["huge α in the link", "?a=1e9", null, "#notices", /a: α is a number from 0 to 10/, null],
  ["n = 0 in the link", "?n0=0", null, "#notices", /n0: a class has 1 to 500 points/, null],
  ["n = 10⁹ in the link", "?n1=1000000000", null, "#notices", /n1: a class has 1 to 500 points/, null],
  ["unknown keys in the link", "?zoom=3&foo=bar", null, "#notices", /“zoom” is not a genlab setting/, null],
  ["truncated value in the link", "?a=%", null, "#notices", /a: α is a number/, null],
  ["doubly encoded value in the link", "?ev=bernoulli%2520", null, "#notices", /ev: the event model is/, null],
  ["<script> in the link's message", `?t=${encodeURIComponent(`<script>${PWN}</script>`)}`, null, null, null, null],
  ["<img onerror> in the link's data source", `?src=${encodeURIComponent(`<img src=x onerror="${PWN}">`)}`, null, "#notices", /src: the data must be/, null],
  ["repeated key in the link", "?nbseed=1&nbseed=2", null, "#notices", /“nbseed” appears twice/, null],
  // Degenerate GDA data.
  ["an empty class", "", csv("x,y,label\n0,0,0\n1,0,0\n0,1,0\n"), gda("error"), /^Class 1 has no points/, null],
  ["one point per class", "?n0=1&n1=1", null, gda("error"), /singular/, null],
  ["all points identical", "", csv("x,y,label\n1,1,0\n1,1,0\n1,1,1\n1,1,1\n"), gda("error"), /singular/, null],
  ["collinear points", "", csv("x,y,label\n0,0,0\n1,1,0\n2,2,0\n3,3,1\n4,4,1\n5,5,1\n"), gda("error"), /singular/, null],
  // Settings typed into boxes.
  ["α = −5 typed", "", box(nb("alpha"), "-5"), nb("input-error"), /α = −5 is not allowed/, nb("acc")],
  ["α = 1e999 typed", "", box(nb("alpha"), "1e999"), nb("input-error"), /α = infinity is not allowed|α = .* is not allowed/, nb("acc")],
  ["α box emptied", "", box(nb("alpha"), ""), nb("input-error"), /α = not a number is not allowed/, nb("acc")],
  ["seed = −1 typed", "", box(gda("seed"), "-1"), gda("input-error"), /seed = −1 is not allowed/, gda("phi")],
  ["loss λ₁₀ = 0 typed", "", box(gda("loss10"), "0"), gda("input-error"), /λ₁₀ = 0 is not allowed: a loss is a number from 0.01 to 1000/, gda("threshold")],
  ["λ = −3 typed", "", box(gda("lambda"), "-3"), gda("input-error"), /λ = −3 is not allowed/, gda("reports")],
  ["an empty message added to the corpus", "", async (page) => {
    await page.$eval("#nb-slot details.editor", (d) => { d.open = true; });
    await page.click(nb("add"));
  }, nb("input-error"), /./, nb("corpus-info")],
];

for (const lang of ["en", "zh-CN"]) {
  test(`bad-input catalogue (${lang}): ${CASES.length} cases`, async () => {
    for (const [name, query, action, where, pattern, kept] of CASES) {
      const sep = query ? "&" : "?";
      const url = `${env.server.url}${query}${lang === "en" ? "" : `${sep}lang=zh-CN`}`;
      const { page, context, errors } = await open(env.browser, url);
      try {
        const before = kept ? await page.textContent(kept) : null;
        if (action) await action(page);
        await page.waitForTimeout(120);
        if (where) {
          await page.waitForFunction((sel) => {
            const el = document.querySelector(sel);
            return el && !el.hidden && el.textContent.trim() !== "";
          }, where, { timeout: 10000 });
          const message = await page.textContent(where);
          if (lang === "en" && pattern) assert.match(message, pattern, `${name}: ${message}`);
          if (lang === "zh-CN" && pattern && where !== nb("corpus-info") && where !== nb("unknown")) {
            assert.match(message, HAN, `${name}: the message should be in Chinese, got ${message}`);
          }
        }
        if (kept) assert.equal(await page.textContent(kept), before, `${name}: the previous state should stay`);
        // Nothing was run, nothing was injected, nothing non-finite is shown.
        const probe = await page.evaluate(() => ({
          pwned: window.__pwned === 1,
          imgs: document.querySelectorAll("img").length,
          scripts: [...document.querySelectorAll("script")].filter((s) => !s.src).length,
          text: document.body.innerText,
        }));
        assert.equal(probe.pwned, false, `${name}: user text ran as code`);
        assert.equal(probe.imgs, 0, `${name}: user text became an element`);
        assert.equal(probe.scripts, 0, `${name}: an inline script appeared`);
        for (const bad of ["NaN", "Infinity", "undefined", "null"]) assert.ok(!probe.text.includes(bad), `${name}: page shows "${bad}"`);
        // Still responsive: a round trip to the page and a fresh explanation are quick.
        const t0 = Date.now();
        await page.evaluate(() => window.genlab.nb.panel.explain("still alive").explanation.verdict);
        assert.ok(Date.now() - t0 < 2000, `${name}: the page is slow to answer`);
        assert.deepEqual(errors, [], `${name}: console errors`);
      } catch (e) {
        e.message = `${name}: ${e.message}`;
        throw e;
      } finally {
        await context.close();
      }
    }
  });
}
