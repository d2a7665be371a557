// A pasted multipart/alternative spam whose plain-text part is a stub ("This is an HTML
// Message") is scored on its HTML part's text, and the email view says which part was
// read, in both languages; an email with a real plain-text alternative still says it read
// that one. The message is tests/fixtures/email/spam-english-alternative-stub.eml (written
// for this project); the expected words were read off its HTML by hand.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { setup, open, repo } from "./lib.mjs";

const env = setup();

const role = (r) => `#nb-slot [data-role="${r}"]`;
const stub = fs.readFileSync(path.join(repo, "tests/fixtures/email/spam-english-alternative-stub.eml"), "utf8");

for (const [lang, part, plain] of [
  ["en", /^the HTML alternative, tags dropped: the plain-text alternative is a stub of 5 words$/, /^the plain-text body$/],
  ["zh-CN", /^HTML 版本（已去掉标签）：纯文本版本只是 5 个词的占位文字$/, /^纯文本正文$/],
]) {
  test(`a stub plain part gives way to the HTML part, and the email view says so (${lang})`, async () => {
    const { page, context, errors } = await open(env.browser, `${env.server.url}?lang=${lang}`, { width: 1280, height: 900 });
    await page.fill(role("text"), stub);
    await page.waitForSelector(`${role("email")}:not([hidden])`);
    assert.match(await page.textContent(role("email-part")), part);
    // The rows are the HTML text's words ("earn", "week", "free"), not the stub's.
    const words = await page.$$eval(`${role("ledger")} li.word .term-name`, (li) => li.map((x) => x.firstChild.textContent));
    for (const w of ["earn", "week", "free"]) assert.ok(words.includes(w), `${w} in ${words.join(",")}`);
    assert.ok(!words.includes("message"), words.join(","));
    await page.click(role("email-body-summary"));
    assert.match(await page.textContent(role("email-body")), /^Earn \$1500 or more per week from home!/);
    // The ledger still sums to the verdict's log-odds.
    const rows = await page.$$eval(`${role("ledger")} li`, (lis) => lis.map((li) => [li.className, Number(li.querySelector(".term-value").textContent.replace("−", "-"))]));
    const total = rows.find(([c]) => c.includes("total"))[1];
    const sum = rows.filter(([c]) => !c.includes("total")).reduce((s, [, v]) => s + v, 0);
    assert.ok(Math.abs(sum - total) < 0.01 * rows.length, `rows ${sum} vs total ${total}`);
    await page.$eval(role("email"), (el) => el.scrollIntoView({ block: "center" }));
    await page.screenshot({ path: `/tmp/nb-email-part-${lang}.png` });
    // A one-part plain-text email says it read the plain body.
    await page.click('#nb-slot [data-email="zh-ham"]');
    await page.waitForFunction(() => document.querySelector('#nb-slot [data-role="email-subject"]').textContent === "周末回家吃饭");
    assert.match(await page.textContent(role("email-part")), plain);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
