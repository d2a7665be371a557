// The parts of the page loaded on demand (dynamic import() on a control's first use) failing
// to load, as offline after the first load: the control says so right after its row (one
// sentence, js/util.js loadPart), nothing else changes (no prediction block, no menu, the
// link and the panel's prediction as before, the button enabled), and once the network is back
// the same control works and the sentence goes. The module is refused with page.route's
// abort, then let through; Chromium fetches a failed dynamic import again on the next
// import(). The sentences are the ones js/i18n.js and js/i18n-zh.js hold (read here as text,
// so a change of wording shows up as a change of this test).
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, open } from "./lib.mjs";

const env = setup();

const SAID = {
  en: "This part of genlab did not load (is the network down?). Press again to try once more.",
  "zh-CN": "genlab 的这一部分未能加载（网络断开了吗？）。请再按一次重试。",
};

/** Opens `query` with the module at `glob` refused until `unblock()` is called. */
async function openBlocked(query, glob) {
  let blocked = true;
  const opened = await open(env.browser, `${env.server.url}${query}`, {
    setup: (p) => p.route(glob, (r) => (blocked ? r.abort() : r.continue())),
  });
  return { ...opened, unblock: () => { blocked = false; } };
}

/** The failure sentences on the page: [text, the element before it, whether shown]. */
const failures = (page) => page.$$eval('[data-role="part-failed"]', (els) => els.map((el) => ({
  text: el.textContent,
  role: el.getAttribute("role"),
  after: el.previousElementSibling,
  shown: el.isConnected && !el.hidden && el.offsetParent !== null,
})));

/** Waits for exactly one shown failure sentence right after the element `selector` finds; returns its text. */
async function saidAfter(page, selector) {
  await page.waitForSelector('[data-role="part-failed"]', { state: "visible", timeout: 5000 });
  const f = await page.$$eval('[data-role="part-failed"]', (els, sel) => els.map((el) => ({
    text: el.textContent, role: el.getAttribute("role"), rightAfter: el.previousElementSibling === document.querySelector(sel),
  })), selector);
  assert.equal(f.length, 1, JSON.stringify(f));
  assert.equal(f[0].role, "alert");
  assert.ok(f[0].rightAfter, `the sentence is right after ${selector}`);
  return f[0].text;
}

/** No failure sentence left on the page. */
async function noneSaid(page) {
  assert.deepEqual(await failures(page), []);
}

/** The errors other than the browser's own lines about the refused fetches. */
const pageErrors = (errors) => errors.filter((e) => !e.startsWith("Failed to load resource"));

test("GDA: Predict… whose chooser did not load says so under the button, opens nothing, and opens the chooser when pressed again", async () => {
  const { page, context, errors, unblock } = await openBlocked("", "**/js/predict-gda.js");
  const url = page.url();
  await page.click('#gda-slot [data-role="predict"]');
  assert.equal(await saidAfter(page, '#gda-slot [data-control="predict"]'), SAID.en);
  assert.equal(await page.$('#gda-slot [data-role="predict-menu"]'), null);
  assert.equal(await page.$("#gda-slot .predict"), null);
  assert.equal(await page.isVisible('#gda-slot [data-role="predict"]'), true);
  assert.equal(await page.isEnabled('#gda-slot [data-role="predict"]'), true);
  assert.equal(await page.evaluate(() => window.genlab.gda.prediction()), null);
  assert.equal(page.url(), url);
  unblock();
  await page.click('#gda-slot [data-role="predict"]');
  await page.waitForSelector('#gda-slot [data-role="predict-menu"]');
  await noneSaid(page);
  assert.deepEqual(pageErrors(errors), []);
  await context.close();
});

test("GDA (Chinese): a kind whose module did not load says so under Predict… in Chinese, leaves the boundary shown, and starts when picked again", async () => {
  const { page, context, errors, unblock } = await openBlocked("?lang=zh-CN", "**/js/predict.js");
  const url = page.url();
  await page.click('#gda-slot [data-role="predict"]');
  await page.click('#gda-slot [data-role="predict-kind-boundary"]');
  assert.equal(await saidAfter(page, '#gda-slot [data-control="predict"]'), SAID["zh-CN"]);
  // The chooser closed, no block opened, the answer not hidden, the focus back on the button.
  assert.equal(await page.$('#gda-slot [data-role="predict-menu"]'), null);
  assert.equal(await page.$("#gda-slot .predict"), null);
  assert.equal(await page.evaluate(() => window.genlab.gda.prediction()), null);
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.role), "predict");
  assert.equal(await page.isVisible('#gda-slot [data-role="pointer"]'), true);
  assert.equal(page.url(), url);
  // The sentence follows the page's language (the same key, in English after the switch).
  await page.click("#lang");
  await page.waitForFunction((s) => document.querySelector('[data-role="part-failed"]').textContent === s, SAID.en);
  await page.click("#lang");
  await page.waitForFunction((s) => document.querySelector('[data-role="part-failed"]').textContent === s, SAID["zh-CN"]);
  unblock();
  await page.click('#gda-slot [data-role="predict"]');
  // The chooser (its module loaded before) clears the sentence as it opens.
  await page.waitForSelector('#gda-slot [data-role="predict-menu"]');
  await noneSaid(page);
  await page.click('#gda-slot [data-role="predict-kind-boundary"]');
  await page.waitForSelector('#gda-slot [data-role="ghost-handle-0"]');
  await noneSaid(page);
  assert.deepEqual(pageErrors(errors), []);
  await context.close();
});

test("GDA: the 3-D switch whose view did not load goes back off, says so after it, and shows the view when switched on again", async () => {
  const { page, context, errors, unblock } = await openBlocked("", "**/js/gda3d.js");
  const url = page.url();
  // A click, not check(): the switch may be off again before check() looks at it.
  await page.click('#gda-slot [data-role="v3"]');
  assert.equal(await saidAfter(page, '#gda-slot [data-control="export"]'), SAID.en);
  assert.equal(await page.isChecked('#gda-slot [data-role="v3"]'), false);
  assert.equal(await page.evaluate(() => window.genlab.gda.getState().surface.shown), false);
  assert.equal(page.url(), url);
  unblock();
  await page.check('#gda-slot [data-role="v3"]');
  await page.waitForSelector('#gda-slot [data-role="v3-view"]', { state: "visible" });
  await noneSaid(page);
  await page.waitForFunction(() => new URL(location.href).searchParams.has("v3"));
  assert.deepEqual(pageErrors(errors), []);
  await context.close();
});

test("naive Bayes: the bet whose module did not load says so under the buttons, opens no block, and opens it when pressed again", async () => {
  const { page, context, errors, unblock } = await openBlocked("", "**/js/predict-spam.js");
  await page.waitForSelector('#nb-slot [data-role="bet"]');
  const url = page.url();
  await page.click('#nb-slot [data-role="bet"]');
  assert.equal(await saidAfter(page, '#nb-slot [data-control="bet"]'), SAID.en);
  assert.equal(await page.$("#nb-slot .predict"), null);
  assert.equal(await page.isEnabled('#nb-slot [data-role="bet"]'), true);
  assert.equal(await page.evaluate(() => window.genlab.nb.prediction()), null);
  assert.equal(page.url(), url);
  unblock();
  await page.click('#nb-slot [data-role="bet"]');
  await page.waitForSelector('#nb-slot div.predict[data-role="bet"]');
  await noneSaid(page);
  assert.deepEqual(pageErrors(errors), []);
  await context.close();
});

test("naive Bayes: Quiz me whose module did not load says so, opens no quiz, and opens it when pressed again", async () => {
  const { page, context, errors, unblock } = await openBlocked("", "**/js/quiz.js");
  await page.waitForSelector('#nb-slot [data-role="quiz"]');
  const url = page.url();
  await page.click('#nb-slot [data-role="quiz"]');
  assert.equal(await saidAfter(page, '#nb-slot [data-control="bet"]'), SAID.en);
  assert.equal(await page.$("#nb-slot .predict"), null);
  assert.equal(await page.evaluate(() => window.genlab.nb.prediction()), null);
  assert.equal(page.url(), url);
  unblock();
  await page.click('#nb-slot [data-role="quiz"]');
  await page.waitForSelector('#nb-slot [data-role="quiz-bar"]');
  await noneSaid(page);
  assert.deepEqual(pageErrors(errors), []);
  await context.close();
});

test("categorical: Work it out whose module did not load closes again, says so after it, and opens the worked example when opened again", async () => {
  const { page, context, errors, unblock } = await openBlocked("", "**/js/cat-worked.js");
  const details = '#cat-slot [data-role="worked-details"]';
  await page.waitForSelector(details);
  await page.$eval(details, (d) => d.scrollIntoView({ block: "center" }));
  await page.click(`${details} > summary`);
  assert.equal(await saidAfter(page, details), SAID.en);
  assert.equal(await page.$eval(details, (d) => d.open), false);
  unblock();
  await page.click(`${details} > summary`);
  await page.waitForSelector('#cat-slot [data-role="worked-value-lidstone"]');
  await noneSaid(page);
  assert.deepEqual(pageErrors(errors), []);
  await context.close();
});

test("Lessons whose module did not load says so after the button, opens no menu, and opens it when pressed again", async () => {
  const { page, context, errors, unblock } = await openBlocked("", "**/js/lesson.js");
  const url = page.url();
  await page.click("#lessons");
  assert.equal(await saidAfter(page, "#lessons"), SAID.en);
  assert.equal(await page.isVisible(".lesson-menu"), false);
  assert.equal(page.url(), url);
  unblock();
  await page.click("#lessons");
  await page.waitForSelector(".lesson-menu", { state: "visible" });
  await noneSaid(page);
  assert.deepEqual(pageErrors(errors), []);
  await context.close();
});
