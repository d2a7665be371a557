// End-to-end tests of the naive Bayes panel in headless Chromium.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import path from "node:path";
import { setup, open, repo } from "./lib.mjs";

const env = setup();

const text = (page, sel) => page.textContent(sel);

/** Types a message into the box (replacing what is there) and waits for the verdict to follow. */
async function typeMessage(page, message) {
  const before = await text(page, '#nb-slot [data-role="verdict"]');
  await page.fill('#nb-slot [data-role="text"]', "");
  await page.type('#nb-slot [data-role="text"]', message, { delay: 0 });
  await page.waitForFunction((b) => document.querySelector('#nb-slot [data-role="verdict"]').textContent !== b, before).catch(() => {});
}

/** Sets α through the exact-value box, as a user typing it would. */
async function setAlpha(page, a) {
  await page.fill('#nb-slot [data-role="alpha"]', String(a));
  await page.press('#nb-slot [data-role="alpha"]', "Enter");
  await page.waitForFunction((a) => window.genlab.nb.panel.alpha() === a, a);
}

/** Asserts nothing non-finite or undefined is written on the page. */
async function assertNoGarbage(page) {
  const body = await page.evaluate(() => document.body.innerText);
  for (const bad of ["NaN", "Infinity", "undefined", "null"]) assert.ok(!body.includes(bad), `page shows "${bad}"`);
}

/** The ledger's word rows as [word, value text]. */
const ledgerWords = (page) =>
  page.$$eval('#nb-slot [data-role="ledger"] li.word', (lis) => lis.map((li) => [li.querySelector(".term-name").firstChild.textContent, li.querySelector(".term-value").textContent]));

test("typing a spam message and a ham message gives the verdicts", async () => {
  const { page, context, errors } = await open(env.browser, env.server.url);
  await typeMessage(page, "Congratulations you WIN a free cash prize, claim now");
  assert.match(await text(page, '#nb-slot [data-role="verdict"]'), /^Spam/);
  const words = (await ledgerWords(page)).map(([w]) => w);
  assert.ok(words.includes("prize") && words.includes("claim"), words.join(","));
  await typeMessage(page, "See you at the library after the lecture tomorrow");
  assert.match(await text(page, '#nb-slot [data-role="verdict"]'), /^Ham/);
  await assertNoGarbage(page);
  assert.deepEqual(errors, []);
  await context.close();
});

/** The ledger's shown terms (every row but the total) add up to the total it shows. */
async function assertLedgerAddsUp(page) {
  const values = await page.$$eval('#nb-slot [data-role="ledger"] li', (lis) => lis.map((li) => [li.className, li.querySelector(".term-value").textContent]));
  const parse = (s) => Number(s.replace("\u2212", "-").replace("+", ""));
  const terms = values.filter(([c]) => !c.includes("total")).map(([, v]) => parse(v));
  const total = parse(values.find(([c]) => c.includes("total"))[1]);
  const sum = terms.reduce((a, b) => a + b, 0);
  // Each shown value is rounded to 2 decimals: the sum may be off by 0.005 per term.
  assert.ok(Math.abs(sum - total) <= 0.005 * terms.length + 1e-9, `terms sum to ${sum}, total shows ${total}`);
}

test("the ledger's rows add up to the total it shows", async () => {
  const { page, context } = await open(env.browser, env.server.url);
  await typeMessage(page, "free prize tonight? the pizza is free, see you at the lab");
  await assertLedgerAddsUp(page);
  await context.close();
});

test("α = 0 vetoes a class and the page explains it", async () => {
  const { page, context, errors } = await open(env.browser, env.server.url);
  await page.click('[data-example="en-spam"]');
  await setAlpha(page, 0);
  await page.waitForSelector('#nb-slot [data-role="sentences"]:not([hidden])');
  const sentences = await text(page, '#nb-slot [data-role="sentences"]');
  assert.match(sentences, /never appears in ham training messages/);
  assert.match(await text(page, '#nb-slot [data-role="verdict"]'), /ham ruled out/);
  const values = (await ledgerWords(page)).map(([, v]) => v);
  assert.ok(values.includes("+\u221e"), values.join(" "));
  // The slider sits at its far left, which is exactly 0.
  assert.equal(await page.$eval('#nb-slot [data-role="alpha-slider"]', (s) => s.value), "0");
  await assertNoGarbage(page);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a message vetoed by both classes is undefined, not NaN", async () => {
  const { page, context } = await open(env.browser, env.server.url);
  // Find one word seen only in spam and one seen only in ham, from the model itself.
  const words = await page.evaluate(() => {
    const p = window.genlab.nb.panel;
    p.setAlpha(0);
    const probe = (w) => p.explain(w).explanation.log_odds;
    const candidates = ["prize", "claim", "win", "cash", "library", "lecture", "mum", "dinner", "homework", "meeting"];
    return {
      spamOnly: candidates.find((w) => probe(w) === Infinity),
      hamOnly: candidates.find((w) => probe(w) === -Infinity),
    };
  });
  assert.ok(words.spamOnly && words.hamOnly, JSON.stringify(words));
  await setAlpha(page, 0);
  await typeMessage(page, `${words.spamOnly} ${words.hamOnly}`);
  await page.waitForFunction(() => document.querySelector('#nb-slot [data-role="verdict"]').textContent.startsWith("No verdict"));
  assert.match(await text(page, '#nb-slot [data-role="sentences"]'), /0\/0/);
  await assertNoGarbage(page);
  await context.close();
});

test("held-out metrics follow α", async () => {
  const { page, context } = await open(env.browser, env.server.url);
  const at1 = await text(page, '#nb-slot [data-role="acc"]');
  await setAlpha(page, 0);
  await page.waitForFunction((a) => document.querySelector('#nb-slot [data-role="acc"]').textContent !== a, at1);
  assert.match(await text(page, '#nb-slot [data-role="acc"]'), /^\d+\.\d %$/);
  await context.close();
});

test("a bad corpus file is refused with its reason and the old corpus stays", async () => {
  const { page, context, errors } = await open(env.browser, env.server.url);
  const info = await text(page, '#nb-slot [data-role="corpus-info"]');
  await page.setInputFiles('#nb-slot [data-role="file"]', { name: "one-class.txt", mimeType: "text/plain", buffer: Buffer.from("ham\thello\nham\tsee you\nhma\ttypo line\n") });
  await page.waitForSelector('#nb-slot [data-role="input-error"]:not([hidden])');
  assert.match(await text(page, '#nb-slot [data-role="input-error"]'), /no spam messages|at least two of each class/);
  assert.equal(await text(page, '#nb-slot [data-role="corpus-info"]'), info);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a corpus file loads, is credited, and its bad lines are listed with numbers", async () => {
  const { page, context } = await open(env.browser, env.server.url);
  const lines = ["ham\tlunch at noon?", "spam\tfree prize click now", "oops no tab here", "ham\tcall me later", "spam\twin cash now", "ham\tsee you at the lab", "spam\tclaim your free gift"];
  await page.setInputFiles('#nb-slot [data-role="file"]', { name: "mini.txt", mimeType: "text/plain", buffer: Buffer.from(lines.join("\r\n")) });
  await page.waitForFunction(() => document.querySelector('#nb-slot [data-role="corpus-info"]').textContent.startsWith("mini.txt"));
  assert.match(await text(page, '#nb-slot [data-role="corpus-info"]'), /6 messages \(3 ham, 3 spam\)/);
  assert.match(await text(page, '#nb-slot [data-role="credit"]'), /mini\.txt/);
  assert.match(await text(page, '#nb-slot [data-role="corpus-notes"]'), /Line 3: there is no TAB/);
  await page.click('#nb-slot [data-role="reset"]');
  await page.waitForFunction(() => document.querySelector('#nb-slot [data-role="corpus-info"]').textContent.startsWith("genlab teaching corpus"));
  await context.close();
});

const sms = path.resolve(repo, "../shared/data/sms_spam_collection/SMSSpamCollection");
test("the real SMS Spam Collection loads through the page", { skip: !existsSync(sms) && !process.env.GENLAB_REQUIRE_SHARED_DATA && "../shared/data is absent" }, async () => {
  const { page, context, errors } = await open(env.browser, env.server.url);
  await page.setInputFiles('#nb-slot [data-role="file"]', sms);
  await page.waitForFunction(() => document.querySelector('#nb-slot [data-role="corpus-info"]').textContent.startsWith("SMSSpamCollection"), null, { timeout: 30000 });
  // 5,574 lines of which 5,171 distinct texts (counted independently: `cut -f2- | sort -u | wc -l`
  // on the file gives 5171, as does `sort -u | wc -l`, so no text carries both labels).
  assert.match(await text(page, '#nb-slot [data-role="corpus-info"]'), /5171 messages/);
  assert.match(await text(page, '#nb-slot [data-role="credit"]'), /Almeida/);
  const acc = Number((await text(page, '#nb-slot [data-role="acc"]')).replace(" %", ""));
  assert.ok(acc >= 97, `held-out accuracy ${acc} %`);
  assert.deepEqual(errors, []);
  await context.close();
});

/** Puts `message` in the box as a paste would (one input event) and waits for the ledger to follow. */
async function pasteMessage(page, message) {
  const before = await text(page, '#nb-slot [data-role="verdict"]');
  await page.evaluate((m) => {
    const box = document.querySelector('#nb-slot [data-role="text"]');
    box.value = m;
    box.dispatchEvent(new Event("input", { bubbles: true }));
  }, message);
  await page.waitForFunction((b) => document.querySelector('#nb-slot [data-role="verdict"]').textContent !== b, before).catch(() => {});
}

for (const lang of ["en", "zh-CN"]) {
  test(`a long paste shows the strongest words, one row for the rest, and still adds up (${lang})`, async () => {
    const { page, context, errors } = await open(env.browser, `${env.server.url}${lang === "en" ? "" : "?lang=zh-CN"}`);
    // The whole teaching corpus as one message: hundreds of distinct words.
    const long = await page.evaluate(() => {
      const p = window.genlab.nb.panel;
      const texts = [];
      for (let offset = 0; ; offset += 500) {
        const page = p.messages(offset, 500);
        texts.push(...page.entries.map((m) => m.text));
        if (offset + 500 >= page.total) break;
      }
      return texts.join(" ");
    });
    await pasteMessage(page, long);
    await page.waitForSelector('#nb-slot [data-role="ledger"] li.hidden');
    const words = await page.$$eval('#nb-slot [data-role="ledger"] li.word', (lis) => lis.length);
    assert.equal(words, 100, "the strongest 100 words are shown");
    const hiddenName = await text(page, '#nb-slot [data-role="ledger"] li.hidden .term-name');
    assert.match(hiddenName, lang === "en" ? /^and [\d,]+ more words together$/ : /^其余 [\d,]+ 个词 合计$/);
    // Shown rows + the hidden row (+ prior) = the total, to the rounding of what is shown.
    await assertLedgerAddsUp(page);
    // Hovering a word asks for its details: counts and both formulas with the numbers in.
    await page.hover('#nb-slot [data-role="ledger"] li.word');
    const word = await page.$eval('#nb-slot [data-role="ledger"] li.word .term-name', (e) => e.firstChild.textContent);
    await page.waitForFunction((w) => document.querySelector('#nb-slot [data-role="details"]').textContent.includes(`P(${w} | spam)`), word);
    const details = await text(page, '#nb-slot [data-role="details"]');
    assert.ok(details.includes(`P(${word} | ham) = (`), details);
    await assertNoGarbage(page);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

/** The whole teaching corpus as one long message, plus one word only spam uses (a long message: hundreds of ledger rows). */
async function longMessage(page) {
  return page.evaluate(() => {
    const p = window.genlab.nb.panel;
    const texts = [];
    for (let offset = 0; ; offset += 500) {
      const page = p.messages(offset, 500);
      texts.push(...page.entries.map((m) => m.text));
      if (offset + 500 >= page.total) break;
    }
    return texts.join("\n");
  });
}

test("a keystroke in a long message keeps the ledger rows that did not change", async () => {
  const { page, context, errors } = await open(env.browser, env.server.url);
  await pasteMessage(page, await longMessage(page));
  await page.waitForSelector('#nb-slot [data-role="ledger"] li.hidden');
  // Mark every row element, then type one more word at the end, as a student would.
  await page.$$eval('#nb-slot [data-role="ledger"] li', (lis) => lis.forEach((li, i) => { li.__mark = i; }));
  const box = page.locator('#nb-slot [data-role="text"]');
  await box.focus();
  await page.evaluate(() => {
    const b = document.querySelector('#nb-slot [data-role="text"]');
    b.setSelectionRange(b.value.length, b.value.length);
  });
  const before = await text(page, '#nb-slot [data-role="ledger"] li.total .term-value');
  await page.keyboard.type(" prize");
  await page.waitForFunction((b) => document.querySelector('#nb-slot [data-role="ledger"] li.total .term-value').textContent !== b, before);
  const rows = await page.$$eval('#nb-slot [data-role="ledger"] li', (lis) => lis.map((li) => [li.__mark, li.className]));
  const kept = rows.filter(([m]) => m !== undefined).length;
  // One word's count and the total changed: nearly every row is the same element as before
  // (rebuilding all of them on every keystroke cost a 10,000-word message 70–110 ms).
  assert.ok(kept >= rows.length - 4, `only ${kept} of ${rows.length} rows were kept`);
  await assertLedgerAddsUp(page);
  // A new α changes every value but no word: the rows are rewritten in place, none rebuilt.
  await setAlpha(page, 0.5);
  await page.waitForFunction(() => document.querySelector('#nb-slot [data-role="ledger"] li.total .term-value').textContent !== "");
  const after = await page.$$eval('#nb-slot [data-role="ledger"] li', (lis) => lis.filter((li) => li.__mark !== undefined).length);
  assert.ok(after >= rows.length - 4, `only ${after} of ${rows.length} rows were kept after α changed`);
  await assertLedgerAddsUp(page);
  // Every row still says what a rebuilt ledger would: compare with a fresh page.
  const shown = await page.$$eval('#nb-slot [data-role="ledger"] li', (lis) => lis.map((li) => [li.className, li.querySelector(".term-name").textContent, li.querySelector(".term-value").textContent, li.querySelector(".bar").style.width, li.getAttribute("aria-label")]));
  const message = await page.evaluate(() => document.querySelector('#nb-slot [data-role="text"]').value);
  const fresh = await open(env.browser, env.server.url);
  await setAlpha(fresh.page, 0.5);
  await pasteMessage(fresh.page, message);
  await fresh.page.waitForSelector('#nb-slot [data-role="ledger"] li.hidden');
  const rebuilt = await fresh.page.$$eval('#nb-slot [data-role="ledger"] li', (lis) => lis.map((li) => [li.className, li.querySelector(".term-name").textContent, li.querySelector(".term-value").textContent, li.querySelector(".bar").style.width, li.getAttribute("aria-label")]));
  assert.deepEqual(shown, rebuilt);
  await fresh.context.close();
  assert.deepEqual(errors, []);
  await context.close();
});
