// End-to-end tests of naive Bayes beyond spam words in the spam panel: costly mistakes,
// smoothing as a prior belief, imbalanced classes and an editable corpus.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, open } from "./lib.mjs";

const env = setup();

const role = (r) => `#nb-slot [data-role="${r}"]`;
const text = (page, r) => page.textContent(role(r));

async function assertNoGarbage(page) {
  const body = await page.evaluate(() => document.body.innerText);
  for (const bad of ["NaN", "Infinity", "undefined", "null"]) assert.ok(!body.includes(bad), `page shows "${bad}"`);
}

test("a loss ratio of 10 sets the threshold P(spam) > 10/11 and shows it in the ledger", async () => {
  const { page, context, errors } = await open(env.browser, env.server.url);
  await page.fill(role("cost"), "10");
  await page.press(role("cost"), "Enter");
  // λ_FP/(λ_FP + λ_FN) = 10/11 = 0.909 (by hand).
  await page.waitForFunction(() => document.querySelector('#nb-slot [data-role="cost-help"]').textContent.includes("0.909"));
  assert.match(await text(page, "verdict"), /spam only if P\(spam \| x\) > 0\.909/);
  assert.equal(await page.$$eval('#nb-slot [data-role="ledger"] .threshold', (m) => m.length), 1);
  assert.match(await text(page, "expected-cost"), /with the threshold P\(spam \| x\) > ½ it would be/);
  assert.match(page.url(), /cost=10/);
  // A message whose P(spam) is between ½ and 10/11 is ham under the costs.
  const flipped = await page.evaluate(() => {
    const p = window.genlab.nb.panel;
    const e = p.explain("free tickets tonight").explanation;
    return { p: e.p_spam, verdict: e.verdict, more: e.more_probable };
  });
  if (flipped.p > 0.5 && flipped.p <= 10 / 11) assert.equal(flipped.verdict, "ham");
  await assertNoGarbage(page);
  assert.deepEqual(errors, []);
  await context.close();
});

test("Beta/Dirichlet pseudo-counts replace α and say what they believe", async () => {
  const { page, context, errors } = await open(env.browser, env.server.url);
  await page.check('#nb-slot [data-role="event"][value="bernoulli"]');
  await page.check(role("bayes-on"));
  await page.fill(role("beta1"), "1");
  await page.fill(role("beta0"), "3");
  await page.dispatchEvent(role("beta0"), "change");
  // Beta(1, 3): mean 1/(1 + 3) = 0.25, worth 4 pseudo-messages.
  await page.waitForFunction(() => document.querySelector('#nb-slot [data-role="bayes-help"]').textContent.includes("0.25"));
  assert.match(await text(page, "bayes-help"), /worth 4/);
  assert.match(page.url(), /bayes=1%2C3%2C1%2C1|bayes=1,3,1,1/);
  await page.fill(role("beta0"), "-1");
  await page.dispatchEvent(role("beta0"), "change");
  await page.waitForSelector('#nb-slot [data-role="input-error"]:not([hidden])');
  assert.deepEqual(errors, []);
  await context.close();
});

test("undersampling ham balances the training part and moves the prior term", async () => {
  const { page, context } = await open(env.browser, env.server.url);
  const prior = () => page.$eval('#nb-slot [data-role="ledger"] li.prior .term-value', (e) => e.textContent);
  const before = await prior();
  await page.selectOption(role("resample"), "undersample_ham");
  await page.waitForFunction((b) => document.querySelector('#nb-slot [data-role="ledger"] li.prior .term-value').textContent !== b, before);
  // Balanced classes under the ML prior: log(N_spam/N_ham) = log 1 = 0.
  assert.equal(await prior(), "+0.00");
  const help = await text(page, "resample-help");
  const m = help.match(/ham (\d+) → (\d+), spam (\d+) → (\d+)/);
  assert.ok(m, help);
  assert.equal(m[2], m[3], "ham after = spam before");
  assert.equal(m[4], m[3], "spam unchanged");
  await context.close();
});

test("editing the corpus: add a message, see the word's counts change, remove it again", async () => {
  const { page, context, errors } = await open(env.browser, env.server.url);
  await page.click('#nb-slot details.editor summary');
  await page.fill(role("lookup"), "zyzzyva");
  assert.match(await text(page, "lookup-result"), /not in the training vocabulary/);
  await page.selectOption(role("add-label"), "spam");
  await page.fill(role("add-text"), "zyzzyva zyzzyva prize");
  await page.click(role("add"));
  await page.fill(role("lookup"), "zyzzyva");
  await page.dispatchEvent(role("lookup"), "input");
  // The new message is a training message: the word occurs twice, in one spam message.
  await page.waitForFunction(() => document.querySelector('#nb-slot [data-role="lookup-result"]').textContent.includes("in spam 2 times (1 of"));
  const info = await text(page, "corpus-info");
  assert.match(info, /373 messages/);
  // It is the last message: go to the last page and remove it.
  while (!(await page.$eval(role("next"), (b) => b.disabled))) await page.click(role("next"));
  const last = page.locator('#nb-slot [data-role="messages"] li').last();
  assert.match(await last.locator(".message-text").textContent(), /zyzzyva/);
  await last.locator("button").click();
  await page.waitForFunction(() => document.querySelector('#nb-slot [data-role="corpus-info"]').textContent.includes("372 messages"));
  await page.fill(role("lookup"), "zyzzyva");
  await page.dispatchEvent(role("lookup"), "input");
  assert.match(await text(page, "lookup-result"), /not in the training vocabulary/);
  await assertNoGarbage(page);
  assert.deepEqual(errors, []);
  await context.close();
});
