// The spam panel's "Ignore common words" switch: a typed spam that its function words make
// ham turns spam when they are left out, the ledger says which words of the message were
// ignored (with their counts) and still sums to the verdict, the link and the history keep
// the switch, and the Chinese page says the same in Chinese. The message and its numbers are
// those of tests/it/nb_common_words.rs (log-odds from scikit-learn's MultinomialNB,
// tools/sklearn/nb_common_words.py): −11.07 with every word, +4.96 without the common ones.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { setup, open, repo } from "./lib.mjs";

const env = setup();

const role = (r) => `#nb-slot [data-role="${r}"]`;
const WORDY_SPAM = "Earn $1500 or more per week! I did it and so can you. The offer is for the first 100 people, the cash is real.";
const IGNORED = "or, i, did, it, and, so, can, you, the ×3, is ×2, for";
const stub = fs.readFileSync(path.join(repo, "tests/fixtures/email/spam-english-alternative-stub.eml"), "utf8");

const SUPERSCRIPT = { "⁻": "-", "⁰": "0", "¹": "1", "²": "2", "³": "3", "⁴": "4", "⁵": "5", "⁶": "6", "⁷": "7", "⁸": "8", "⁹": "9" };
/** A ledger value as the page writes it ("+2.62", "−0.15", "+6.32×10⁻³") as a number. */
const value = (s) => {
  const [m, e = ""] = s.replace("−", "-").split("×10");
  return Number(m) * 10 ** Number([...e].map((c) => SUPERSCRIPT[c]).join("") || 0);
};

/** The ledger's rows as [class, value], and whether the non-total rows sum to the total. */
async function ledgerSums(page) {
  const texts = await page.$$eval(`${role("ledger")} li`, (lis) => lis.map((li) => [li.className, li.querySelector(".term-value").textContent]));
  const rows = texts.map(([c, v]) => [c, value(v)]);
  const total = rows.find(([c]) => c.includes("total"))[1];
  const sum = rows.filter(([c]) => !c.includes("total")).reduce((s, [, v]) => s + v, 0);
  return { total, sum, ok: Math.abs(sum - total) < 0.01 * rows.length };
}

const words = (page) => page.$$eval(`${role("ledger")} li.word .term-name`, (li) => li.map((x) => x.firstChild.textContent));

test("ignoring common words turns a wordy spam from ham to spam, lists the words it ignored and keeps the ledger exact; the link and Back keep the switch", async () => {
  const { page, context, errors } = await open(env.browser, `${env.server.url}?lang=en`, { width: 1280, height: 900 });
  assert.equal(await page.isChecked(role("common")), false, "off by default");
  await page.fill(role("text"), WORDY_SPAM);
  await page.waitForFunction(() => /^Ham .*log-odds −11\.07$/.test(document.querySelector('#nb-slot [data-role="verdict"]').textContent));
  assert.equal(await page.textContent(role("common-words")), "");
  assert.ok((await words(page)).includes("the"));
  // Typing is one history entry, closed after 250 ms of rest (main.js, syncUrl): a click
  // before that joins it. Rest, so that the switch is a step of its own for Back.
  await page.waitForFunction(() => location.search.includes("t=Earn"));
  await page.waitForTimeout(400);

  await page.check(role("common"));
  await page.waitForFunction(() => location.search.includes("stop=1"));
  await page.waitForFunction(() => /^Spam .*log-odds \+4\.96$/.test(document.querySelector('#nb-slot [data-role="verdict"]').textContent));
  assert.equal(await page.textContent(role("common-words")), `Ignored as common words: ${IGNORED}`);
  // The user's words are not the page's to translate.
  assert.equal(await page.$eval(`${role("common-words")} span`, (s) => s.translate), false);
  const kept = await words(page);
  for (const w of ["the", "i", "is", "you"]) assert.ok(!kept.includes(w), `${w} in ${kept.join(",")}`);
  for (const w of ["earn", "cash", "offer"]) assert.ok(kept.includes(w), `${w} missing from ${kept.join(",")}`);
  const sums = await ledgerSums(page);
  assert.ok(sums.ok, `rows ${sums.sum} vs total ${sums.total}`);
  assert.equal(sums.total, 4.96);

  // The link reopens the same screen.
  const link = page.url();
  const again = await open(env.browser, link, { width: 1280, height: 900 });
  assert.equal(await again.page.isChecked(role("common")), true);
  assert.equal(await again.page.inputValue(role("text")), WORDY_SPAM);
  assert.match(await again.page.textContent(role("verdict")), /^Spam .*log-odds \+4\.96$/);
  assert.equal(await again.page.textContent(role("common-words")), `Ignored as common words: ${IGNORED}`);
  assert.deepEqual(again.errors, []);
  await again.context.close();

  // Back is the screen before the switch: every word counted, no line.
  await page.goBack();
  await page.waitForFunction(() => !location.search.includes("stop=1"));
  await page.waitForFunction(() => /^Ham .*log-odds −11\.07$/.test(document.querySelector('#nb-slot [data-role="verdict"]').textContent));
  assert.equal(await page.isChecked(role("common")), false);
  assert.equal(await page.textContent(role("common-words")), "");
  assert.deepEqual(errors, []);
  await context.close();
});

test("the Chinese page names the switch and the ignored characters in Chinese", async () => {
  const text = "您的话费余额不足，点击链接马上充值。";
  const { page, context, errors } = await open(env.browser, `${env.server.url}?lang=zh-CN&stop=1&t=${encodeURIComponent(text)}`, { width: 1280, height: 900 });
  assert.equal(await page.isChecked(role("common")), true);
  assert.match(await page.textContent(`#nb-slot [data-control="common"] span`), /^忽略常用词/);
  await page.waitForFunction(() => document.querySelector('#nb-slot [data-role="common-words"]').textContent !== "");
  assert.equal(await page.textContent(role("common-words")), "作为常用词忽略：您, 的");
  const sums = await ledgerSums(page);
  assert.ok(sums.ok, `rows ${sums.sum} vs total ${sums.total}`);
  // A message with no common word says so while the switch is on.
  await page.fill(role("text"), "话费余额不足");
  await page.waitForFunction(() => document.querySelector('#nb-slot [data-role="common-words"]').textContent === "已忽略常用词；这条消息里没有常用词。");
  assert.deepEqual(errors, []);
  await context.close();
});

for (const [lang, width] of [["en", 1280], ["zh-CN", 1280], ["en", 360], ["zh-CN", 360]]) {
  test(`the pasted multipart spam with common words ignored fits the panel (${lang}, ${width} px)`, async () => {
    const { page, context, errors } = await open(env.browser, `${env.server.url}?lang=${lang}&stop=1`, { width, height: 900 });
    await page.fill(role("text"), stub);
    await page.waitForSelector(`${role("email")}:not([hidden])`);
    // The HTML part's "or", "from", "here", "to", "your" are the common words it ignored.
    await page.waitForFunction(() => /or, from, here, to, your$/.test(document.querySelector('#nb-slot [data-role="common-words"]').textContent));
    assert.match(await page.textContent(role("verdict")), lang === "en" ? /^Spam .*\+8\.65$/ : /^垃圾 .*\+8\.65$/);
    const sums = await ledgerSums(page);
    assert.ok(sums.ok, `rows ${sums.sum} vs total ${sums.total}`);
    const fits = await page.$eval(role("common-words"), (el) => el.getBoundingClientRect().right <= document.documentElement.clientWidth);
    assert.ok(fits, "the ignored-words line stays inside the page");
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), "no sideways scroll");
    await page.$eval(role("common-words"), (el) => el.scrollIntoView({ block: "center" }));
    await page.screenshot({ path: `/tmp/nb-common-words-${lang}-${width}.png` });
    await page.$eval(role("common"), (el) => el.scrollIntoView({ block: "center" }));
    await page.screenshot({ path: `/tmp/nb-common-words-switch-${lang}-${width}.png` });
    assert.deepEqual(errors, []);
    await context.close();
  });
}
