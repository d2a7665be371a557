// Every refused input is answered next to the control that caused it, in view, announced,
// as a whole sentence that names the reason, in both languages, on a desktop and on a
// 360 px phone; an informational note is not styled as an error.
//
// Before: a refused corpus file was reported ~950 px from the file input on a desktop (off
// screen on a phone), as "…message text The previous corpus…" (no full stop) and without
// saying what was wrong with the file.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, open } from "./lib.mjs";

const env = setup();

const gda = (r) => `#gda-slot [data-role="${r}"]`;
const nb = (r) => `#nb-slot [data-role="${r}"]`;
const cat = (r) => `#cat-slot [data-role="${r}"]`;
const HAN = /[\u4e00-\u9fff]/;
// The first bytes of a PNG file (RFC 2083 §3.1) and of an IHDR chunk.
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

/** Sets a file on a file input. */
const file = (sel, name, buffer) => async (page) => page.setInputFiles(sel, { name, mimeType: "application/octet-stream", buffer });
/** Types a value into a number box and commits it (as a user's Enter or Tab does). */
const box = (sel, value) => async (page) => {
  await page.fill(sel, value);
  await page.dispatchEvent(sel, "change");
};
/** Opens a <details> holding `sel`, fills `sel` with `text` and clicks `button`. */
const paste = (sel, text, button) => async (page) => {
  await page.$eval(sel, (el) => { el.closest("details").open = true; });
  await page.fill(sel, text);
  await page.click(button);
};

// [name, the control (its box is measured), the message box, action, reason in English,
//  reason in Chinese]. Each reason is the *why*, not only that the input was refused.
const CASES = [
  ["corpus file that is an image", nb("file"), nb("input-error"), file(nb("file"), "photo.png", PNG), /a PNG image, not a text corpus/, /PNG 图像/],
  ["empty corpus file", nb("file"), nb("input-error"), file(nb("file"), "empty.txt", Buffer.alloc(0)), /The file is empty \(0 bytes\)/, /空的（0 字节）/],
  ["corpus file with no TAB", nb("file"), nb("input-error"), file(nb("file"), "mail.csv", Buffer.from("ham,hello\nspam,free prize\n")), /No line of the file has a TAB/, /没有任何一行含有 TAB/],
  ["α above the range", nb("alpha"), nb("input-error"), box(nb("alpha"), "20"), /α = 20 is not allowed: α is a number from 0 to 10\./, /0 到 10/],
  ["cost ratio below the range", nb("cost"), nb("input-error"), box(nb("cost"), "0.5"), /from 1 to 1000/, /1 到 1000/],
  ["pseudo-count above the range", nb("beta1"), nb("input-error"), async (page) => {
    await page.check(nb("bayes-on"));
    await box(nb("beta1"), "5000")(page);
  }, /β₁ = 5000 is not allowed: .* from 0 to 1000/, /0 到 1000/],
  ["empty message added to the corpus", nb("add"), nb("input-error"), async (page) => {
    await page.$eval("#nb-slot details.editor", (d) => { d.open = true; });
    await page.click(nb("add"));
  }, /The message is empty/, /消息是空的/],
  ["CSV points typed with a Chinese input method", gda("csv-apply"), gda("input-error"),
    paste(gda("csv"), "1，2，0\n3，4，1\n", gda("csv-apply")), /full-width “，”.*half-width “,”/, /全角的“，”.*半角的“,”/],
  ["CSV file of points that is an image", gda("csv-file"), gda("input-error"), async (page) => {
    await page.$eval(gda("csv"), (el) => { el.closest("details").open = true; });
    await file(gda("csv-file"), "plot.png", PNG)(page);
  }, /a PNG image, not text/, /PNG 图像/],
  ["negative seed", gda("seed"), gda("input-error"), box(gda("seed"), "-1"), /seed = −1 is not allowed: the seed must be a whole number/, /种子必须是/],
  ["loss of 0", gda("loss10"), gda("input-error"), box(gda("loss10"), "0"), /λ₁₀ = 0 is not allowed: a loss is a number from 0.01 to 1000/, /0.01 到 1000/],
  ["loss above the range", gda("loss01"), gda("input-error"), box(gda("loss01"), "5000"), /a loss is a number from 0.01 to 1000/, /0.01 到 1000/],
  ["negative L2 strength", gda("lambda"), gda("input-error"), box(gda("lambda"), "-3"), /λ = −3 is not allowed/, /λ = −3 不允许/],
  ["categorical λ above the range", cat("lambda"), cat("input-error"), box(cat("lambda"), "20"), /λ = 20 is not allowed: λ is a number from 0 to 10/, /0 到 10/],
  ["categorical CSV with a short row", cat("csv-apply"), cat("table-error"),
    paste(cat("csv"), "name,a,b,class\nr1,x,y,p\nr2,x,q\n", cat("csv-apply")), /Line 3: this line has 3 field\(s\) but the header has 4\./, /这一行有 3 个字段/],
  ["categorical CSV file that is an image", cat("csv-file"), cat("table-error"), async (page) => {
    await page.$eval(cat("csv"), (el) => { el.closest("details").open = true; });
    await file(cat("csv-file"), "table.png", PNG)(page);
  }, /a PNG image, not text/, /PNG 图像/],
];

/** The shortest distance between two boxes (0 when they touch or overlap). */
function gap(a, b) {
  const dx = Math.max(0, a.left - b.right, b.left - a.right);
  const dy = Math.max(0, a.top - b.bottom, b.top - a.bottom);
  return Math.hypot(dx, dy);
}

for (const [label, size] of [["desktop", { width: 1280, height: 800 }], ["phone", { width: 360, height: 740 }]]) {
  for (const lang of ["en", "zh-CN"]) {
    test(`refused inputs are answered next to their control (${label}, ${lang})`, async () => {
      const url = `${env.server.url}${lang === "en" ? "" : "?lang=zh-CN"}`;
      const { page, context, errors } = await open(env.browser, url, size);
      try {
        for (const [name, control, where, action, en, zh] of CASES) {
          await page.goto(url);
          await page.waitForSelector("html[data-ready=true]");
          await page.$eval(control, (el) => el.scrollIntoView({ block: "center" }));
          await action(page);
          await page.waitForFunction((sel) => {
            const el = document.querySelector(sel);
            return el && !el.hidden && el.textContent.trim() !== "";
          }, where, { timeout: 10000 });
          const m = await page.evaluate(([c, w]) => {
            const r = (el) => { const b = el.getBoundingClientRect(); return { left: b.left, right: b.right, top: b.top, bottom: b.bottom }; };
            const msg = document.querySelector(w);
            const ctl = document.querySelector(c);
            return {
              text: msg.textContent,
              msg: r(msg),
              control: r(ctl),
              viewport: { w: innerWidth, h: innerHeight },
              announced: Boolean(msg.closest("[role=alert], [aria-live=assertive], [aria-live=polite]")),
              invalid: ctl.getAttribute("aria-invalid"),
              describedBy: (ctl.getAttribute("aria-describedby") || "").split(" ").includes(msg.id),
            };
          }, [control, where]);
          const d = gap(m.msg, m.control);
          assert.ok(d <= 90, `${name}: the message is ${Math.round(d)} px from its control (${JSON.stringify(m)})`);
          assert.ok(m.msg.top >= -1 && m.msg.bottom <= m.viewport.h + 1, `${name}: the message is out of view: ${JSON.stringify(m.msg)} in ${m.viewport.h}`);
          assert.ok(m.announced, `${name}: the message is not in a live region`);
          if (!control.endsWith('"add"]') && !control.includes("apply")) {
            assert.equal(m.invalid, "true", `${name}: the control is not marked invalid`);
            assert.ok(m.describedBy, `${name}: the control is not described by its message`);
          }
          if (lang === "en") {
            assert.match(m.text, en, `${name}: ${m.text}`);
            assert.match(m.text, /[.!?]$/, `${name}: not a full sentence: ${m.text}`);
            assert.doesNotMatch(m.text, /[a-z] The previous/, `${name}: two sentences run together: ${m.text}`);
          } else {
            assert.match(m.text, HAN, `${name}: not in Chinese: ${m.text}`);
            assert.match(m.text, zh, `${name}: ${m.text}`);
            assert.match(m.text, /[。！？]$/, `${name}: not a full sentence: ${m.text}`);
          }
        }
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  }
}

test("an informational note about a loaded corpus is not styled as an error", async () => {
  const { page, context, errors } = await open(env.browser, env.server.url);
  try {
    const corpus = "ham\tlunch at noon?\nspam\tfree prize now\nham\tlunch at noon?\nham\tcall me\nspam\twin cash\nspam\twin cash\nham\tsee you\nspam\tclaim gift\nhma\ttypo\n";
    await page.setInputFiles(nb("file"), { name: "dups.txt", mimeType: "text/plain", buffer: Buffer.from(corpus) });
    await page.waitForFunction((sel) => document.querySelectorAll(`${sel} li`).length >= 2, nb("corpus-notes"));
    const items = await page.$$eval(`${nb("corpus-notes")} li`, (lis) => lis.map((li) => ({ text: li.textContent, color: getComputedStyle(li).color })));
    const errorColor = await page.evaluate(() => {
      const p = document.createElement("p");
      p.className = "input-error";
      document.body.append(p);
      const c = getComputedStyle(p).color;
      p.remove();
      return c;
    });
    const note = items.find((i) => /repeated message/.test(i.text));
    const problem = items.find((i) => /^Line 9/.test(i.text));
    assert.ok(note && problem, JSON.stringify(items));
    assert.notEqual(note.color, errorColor, `the note “${note.text}” is coloured as an error`);
    assert.equal(problem.color, errorColor, "an unreadable line is a problem with the file");
    assert.match(note.text, /\.$/);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test("every number box accepts its own min and max and refuses beyond them, naming those bounds", async () => {
  const { page, context, errors } = await open(env.browser, env.server.url);
  try {
    await page.check(nb("bayes-on"));
    const boxes = await page.$$eval("main input[type=number][max]", (els) => els.map((e) => ({
      sel: `#${e.closest("[id$=-slot]").id} [data-role="${e.dataset.role}"]`, min: e.min, max: e.max,
    })));
    assert.ok(boxes.length >= 9, JSON.stringify(boxes));
    const shown = (v) => (v === "1000000" ? "10⁶" : v);
    const errorOf = (sel) => page.$eval(sel, (e) => {
      const box = e.closest("[id$=-slot]").querySelector('[data-role="input-error"]');
      return box.hidden ? "" : box.textContent;
    });
    for (const { sel, min, max } of boxes) {
      // The learning curves' smallest m must also stay below the largest m: with the largest
      // at its own max the smallest goes up to one below it, and with the smallest at its own
      // min the largest comes down to one above it.
      const below = sel.endsWith('[data-role="m_min"]');
      const above = sel.endsWith('[data-role="m_max"]');
      if (below) await box(sel.replace("m_min", "m_max"), max)(page);
      if (above) await box(sel.replace("m_max", "m_min"), min)(page);
      const low = above ? String(Number(min) + 1) : min;
      for (const ok of [low, below ? String(Number(max) - 1) : max]) {
        await box(sel, ok)(page);
        assert.equal(await errorOf(sel), "", `${sel} = ${ok} (its own bound) was refused`);
      }
      for (const bad of [String(Number(max) * 2), String(Number(min) - 1)]) {
        await box(sel, bad)(page);
        const msg = await errorOf(sel);
        assert.ok(msg.includes(`${shown(min)} to ${shown(max)}`), `${sel} = ${bad}: the message should name ${min} to ${max}: “${msg}”`);
      }
      await box(sel, low)(page);
    }
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
