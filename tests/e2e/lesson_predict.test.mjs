// Prediction steps in lessons (docs/lecturers.md, "Lessons" and "Predictions"): a step's
// `predict:` line starts the panel's prediction once the step's state is drawn; a student
// commits or skips when they like and Next is never blocked; in presenter mode the forward key
// first reveals (as Skip does, no score), then goes on, and nothing of the answer shows before
// the reveal; a kind the panel cannot start plays the step without it and says so once; a bad
// `predict:` line is named with its line and reason and the step still plays; the recorder
// writes a prediction as the step's `predict:` line, which the format's reader reads back.
//
// Expected texts are the lessons' own words (www/js/lesson/strings.js) and the format's
// (src/lesson: a step's fields in the writer's order).
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { gdaBoundaryPixels as boundaryPixels, open, repo, setup } from "./lib.mjs";

const env = setup();
const shots = path.join(repo, "tests/e2e/artifacts");

/** Waits until the lesson shows step `n` (1-based) and its transition has ended. */
async function atStep(page, n) {
  await page.waitForFunction((n) => {
    const l = window.genlab?.lessons;
    return l && l.step === n && document.documentElement.dataset.lessonStep === String(n) && !l.busy;
  }, n, { timeout: 15000 });
}

/** The lesson's prediction state: "hidden", "revealed" or null, once it has settled. */
const prediction = (page) => page.evaluate(() => window.genlab.lessons.prediction);
const waitPrediction = (page, state) => page.waitForFunction((s) => window.genlab.lessons.prediction === s, state, { timeout: 15000 });

/** What of the GDA answer the page says in words: w, b, the line, the text alternative. */
const gdaWords = (page) => page.evaluate(() => {
  const q = (r) => document.querySelector(`#gda-slot [data-role="${r}"]`);
  return { cells: ["w", "b", "boundary"].map((r) => q(r).textContent), aria: q("canvas").getAttribute("aria-label"), live: [...document.querySelectorAll("#gda-slot [aria-live]")].map((e) => e.textContent).join(" | ") };
});

/** Whether the spam panel's verdict or ledger shows. */
const nbShown = (page) => page.evaluate(() => {
  const q = (s) => document.querySelector(`#nb-slot ${s}`);
  const shown = (el) => Boolean(el && el.offsetParent !== null && !el.closest("[hidden]"));
  return { verdict: shown(q('[data-role="verdict"]')), ledger: shown(q(".nb-ledger")) };
});

const LESSON = `title.en: Predictions
title.zh: 预测

## step line
panel: gda
predict: boundary
caption.en: Where will the boundary be?
caption.zh: 边界会在哪里？

## step bet
panel: nb
state: t=Claim%20your%20FREE%20cash%20now!
predict: bet
caption.en: Bet on this message.
caption.zh: 为这条短信下注。

## step later
panel: gda
state: cov=per-class
predict: boundary
caption.en: A conic this time.
caption.zh: 这次是二次曲线。

## step typo
panel: gda
state: phi=0.3
predict: movement prior=2
caption.en: A typo in the prediction.
caption.zh: 预测里有个笔误。
`;

/** Opens the lesson text `text` from a file through the menu. */
async function openLesson(page, text) {
  await page.click("#lessons");
  await page.setInputFiles('.lesson-menu input[type="file"]', { name: "predict.lesson.txt", mimeType: "text/plain", buffer: Buffer.from(text) });
  await atStep(page, 1);
}

for (const lang of ["en", "zh-CN"]) {
  test(`a student commits, skips and moves on without committing; a bad predict: line is named and its step plays (${lang})`, async () => {
    const { page, context, errors } = await open(env.browser, `${env.server.url}?lang=${lang}`, { width: 1280, height: 800 });
    try {
      await openLesson(page, LESSON);
      assert.equal(await page.evaluate(() => window.genlab.lessons.count), 4, "every step plays");
      // The bad line: line 27, step 4, its reason, in the page's language.
      const listed = await page.$$eval(".lesson-errors li", (li) => li.map((n) => n.textContent));
      assert.deepEqual(listed, [lang === "en"
        ? "Line 27, step 4 (“typo”): the prediction “movement prior=2” was left out (in “prior”): the prior must lie strictly between 0 and 1; the step plays without it."
        : "第 27 行，第 4 步（“typo”）：预测“movement prior=2”已略去（在“prior”中）：先验必须严格介于 0 和 1 之间；这一步照常播放，不做预测。"]);

      // Step 1: the boundary is hidden until the student commits.
      await waitPrediction(page, "hidden");
      assert.equal(await boundaryPixels(page), 0, "no boundary pixels before the commit");
      assert.deepEqual((await gdaWords(page)).cells, ["—", "—", "—"]);
      assert.equal(await page.evaluate(() => document.querySelector('[data-lesson="next"]').disabled), false, "Next is never blocked");
      await page.click('#gda-slot [data-role="predict-commit"]');
      await page.waitForSelector('#gda-slot [data-role="predict-score"]');
      await waitPrediction(page, "revealed");
      assert.ok(await boundaryPixels(page) > 50, "the boundary after the commit");
      const scored = await page.evaluate(() => window.genlab_panels.gda.controller.prediction()?.verdict());
      assert.ok(scored && Number.isFinite(scored.angle_deg), "a scored commit");
      assert.equal(await page.evaluate(() => window.genlab.lessons.step), 1, "the reveal does not move the lesson");

      // Step 2: the bet hides the ledger; Skip reveals it without a score.
      await page.click('[data-lesson="next"]');
      await atStep(page, 2);
      await waitPrediction(page, "hidden");
      assert.deepEqual(await nbShown(page), { verdict: false, ledger: false });
      await page.click('#nb-slot [data-role="bet-skip"]');
      await waitPrediction(page, "revealed");
      assert.deepEqual(await nbShown(page), { verdict: true, ledger: true });

      // Back to step 1: a fresh prediction; Next without committing goes on (never blocked),
      // and the unrevealed prediction is closed, its boundary drawn again.
      await page.click('[data-lesson="back"]');
      await atStep(page, 1);
      await waitPrediction(page, "hidden");
      await page.click('[data-lesson="next"]');
      await atStep(page, 2);
      await waitPrediction(page, "hidden");
      assert.equal(await page.locator('#gda-slot [data-role="predict"]:not([hidden]) [data-role="predict-commit"]').count(), 0, "step 1's prediction is closed");

      // Step 3: a prediction the GDA panel does not start here (a boundary line asked of QDA;
      // a kind it does not implement is the same null) plays without it, said once under the caption.
      await page.click('[data-lesson="next"]');
      await atStep(page, 3);
      assert.equal(await prediction(page), null);
      const note = page.locator('[data-lesson="predict-note"]');
      assert.ok(await note.isVisible());
      assert.equal(await note.textContent(), lang === "en"
        ? "This step's prediction (“boundary”) cannot start on this panel here; the step plays without it."
        : "这一步的预测（“boundary”）在此面板上无法开始；这一步照常播放，不做预测。");
      assert.ok(await boundaryPixels(page) > 50, "the step plays: its boundary is drawn");
      assert.match(JSON.stringify(await page.evaluate(() => window.genlab_panels.gda.controller.getState())), /per-class/);
      await page.waitForTimeout(300);
      assert.equal(await page.locator('[data-lesson="predict-note"]').count(), 1, "said once");

      // Step 4: the bad line's step plays its state, without a prediction, its error first.
      await page.click('[data-lesson="next"]');
      await atStep(page, 4);
      assert.equal(await prediction(page), null);
      assert.equal(await note.isVisible(), false);
      assert.match(JSON.stringify(await page.evaluate(() => window.genlab_panels.gda.controller.getState())), /"prior":0\.3\b/);
      assert.equal(await page.getAttribute(".lesson-errors li", "class"), "current");
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

test("presenter mode at 1024×768: PageDown shows the question with the answer hidden, then reveals as Skip does, then goes on", async () => {
  const { page, context, errors } = await open(env.browser, `${env.server.url}?lesson=gda-predict`, { width: 1024, height: 768 });
  try {
    await atStep(page, 1);
    await page.click('[data-lesson="present"]');
    await page.waitForFunction(() => window.genlab.lessons.presenting);
    // The first step of the lesson: its prediction under way, nothing of the answer.
    await waitPrediction(page, "hidden");
    const noTrace = async (at) => {
      assert.equal(await boundaryPixels(page), 0, `${at}: no boundary pixels`);
      const w = await gdaWords(page);
      assert.deepEqual(w.cells, ["—", "—", "—"], at);
      assert.doesNotMatch(w.aria, /x₁|x₂/, `${at}: text alternative ${w.aria}`);
      assert.doesNotMatch(w.live, /x₁|x₂/, `${at}: live regions ${w.live}`);
      assert.equal(await page.locator("#gda-slot .lesson-highlight").count(), 0, `${at}: no highlight`);
    };
    await noTrace("step 1");
    await page.screenshot({ path: path.join(shots, "lesson-predict-presenter-1024.png") });
    // PageDown: the reveal, as Skip (no score), on the same step.
    let records = 0;
    await page.exposeFunction("countRecord", () => { records += 1; });
    await page.evaluate(() => document.addEventListener("genlab-prediction", (e) => window.countRecord(e.detail.skipped)));
    await page.keyboard.press("PageDown");
    await waitPrediction(page, "revealed");
    assert.equal(await page.evaluate(() => window.genlab.lessons.step), 1, "the reveal stays on the step");
    assert.ok(await boundaryPixels(page) > 50, "the boundary after the reveal");
    assert.equal(await page.evaluate(() => window.genlab_panels.gda.controller.prediction()?.verdict() ?? null), null, "no score");
    await page.screenshot({ path: path.join(shots, "lesson-predict-presenter-1024-revealed.png") });
    // PageDown again: the next step, a prediction again, hidden; then reveal, then on.
    await page.keyboard.press("PageDown");
    await atStep(page, 2);
    await waitPrediction(page, "hidden");
    await noTrace("step 2");
    await page.keyboard.press("ArrowRight");
    await waitPrediction(page, "revealed");
    assert.equal(await page.evaluate(() => window.genlab.lessons.step), 2);
    await page.keyboard.press("PageDown");
    await atStep(page, 3);
    // Step 3 has no prediction, and its highlight (the w cell) shows at once.
    assert.equal(await prediction(page), null);
    assert.equal(await page.locator('#gda-slot td.lesson-highlight[data-role="w"]').count(), 1);
    // Step 4 asks; step 5's highlight waits for nothing, step 4's none: PageDown twice reveals and goes on.
    await page.keyboard.press("PageDown");
    await atStep(page, 4);
    await waitPrediction(page, "hidden");
    await noTrace("step 4");
    await page.keyboard.press("PageDown");
    await waitPrediction(page, "revealed");
    await page.keyboard.press("PageDown");
    await atStep(page, 5);
    // PageUp goes back to a question, hidden again.
    await page.keyboard.press("PageUp");
    await atStep(page, 4);
    await waitPrediction(page, "hidden");
    assert.equal(records, 3, "one record a reveal");
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test("a phone in Chinese: the naive Bayes lesson's first bet hides the ledger until the student commits", async () => {
  const { page, context, errors } = await open(env.browser, `${env.server.url}?lesson=nb-predict&lang=zh-CN`, { width: 360, height: 740 });
  try {
    await atStep(page, 1);
    await waitPrediction(page, "hidden");
    assert.deepEqual(await nbShown(page), { verdict: false, ledger: false });
    await page.locator('#nb-slot [data-role="bet-p"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, "lesson-predict-phone-zh.png") });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(shots, "lesson-predict-phone-zh-top.png") });
    await page.$eval('#nb-slot [data-role="bet-p"]', (s) => { s.value = "0.9"; s.dispatchEvent(new Event("input", { bubbles: true })); });
    await page.click('#nb-slot [data-role="bet-commit"]');
    await waitPrediction(page, "revealed");
    assert.deepEqual(await nbShown(page), { verdict: true, ledger: true });
    assert.match(await page.textContent('#nb-slot [data-role="bet-score"]'), /0\.90/);
    await page.screenshot({ path: path.join(shots, "lesson-predict-phone-zh-revealed.png") });
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
  // The GDA lesson's first question on the same phone: the ghost line, no boundary.
  const gda = await open(env.browser, `${env.server.url}?lesson=gda-predict&lang=zh-CN`, { width: 360, height: 740 });
  try {
    await atStep(gda.page, 1);
    await waitPrediction(gda.page, "hidden");
    assert.equal(await boundaryPixels(gda.page), 0);
    assert.equal(await gda.page.textContent('#gda-slot [data-role="predict-commit"]'), "提交");
    await gda.page.locator('#gda-slot [data-role="canvas"]').scrollIntoViewIfNeeded();
    await gda.page.screenshot({ path: path.join(shots, "lesson-predict-phone-zh-gda.png") });
    assert.deepEqual(gda.errors, []);
  } finally {
    await gda.context.close();
  }
});

test("the recorder records a prediction as the step's predict: line, read back by the format's reader", async () => {
  const { page, context, errors } = await open(env.browser, env.server.url);
  try {
    await page.click("#lessons");
    await page.click('.lesson-menu button[data-w="lessons.new"]');
    await page.selectOption('[data-role="lesson-panel"]', "gda");
    // The kinds offered are the GDA panel's, and "none".
    const kinds = await page.$$eval('[data-role="lesson-predict"] option', (o) => o.map((n) => n.value));
    assert.deepEqual(kinds, ["", "boundary", "shape", "movement", "posterior", "threshold"]);
    await page.selectOption('[data-role="lesson-predict"]', "movement");
    await page.fill('[data-role="lesson-predict-params"]', "prior=0.3");
    await page.fill('[data-role="lesson-caption-en"]', "Which way will it move?");
    await page.click('[data-role="lesson-record"]');
    // A bad parameter: named, and the step recorded without the prediction.
    await page.selectOption('[data-role="lesson-predict"]', "posterior");
    await page.fill('[data-role="lesson-predict-params"]', "at=1");
    await page.click('[data-role="lesson-record"]');
    assert.equal(await page.textContent('[data-role="lesson-problems"] li'),
      "the prediction “posterior at=1” was left out (in “at”): the value is not two finite numbers “x,y”; the step plays without it.");
    // Naive Bayes: its kinds; word toward ham.
    await page.selectOption('[data-role="lesson-panel"]', "nb");
    assert.deepEqual(await page.$$eval('[data-role="lesson-predict"] option', (o) => o.map((n) => n.value)), ["", "bet", "word", "alpha0"]);
    await page.selectOption('[data-role="lesson-predict"]', "word");
    await page.fill('[data-role="lesson-predict-params"]', "toward=ham");
    await page.click('[data-role="lesson-record"]');
    const out = await page.evaluate(async () => {
      const { parseLesson } = await import("/pkg-lesson/genlab.js");
      const ed = window.genlab.lessons.editor;
      const text = ed.text();
      return { text, steps: ed.lesson.steps.map((s) => s.predict), back: parseLesson(text) };
    });
    assert.deepEqual(out.steps, [{ kind: "movement", params: { prior: 0.3 } }, null, { kind: "word", params: { toward: "ham" } }]);
    assert.match(out.text, /\n## step\npanel: gda\n(state: [^\n]*\n)?predict: movement prior=0\.3\ncaption\.en: Which way will it move\?\n/);
    assert.match(out.text, /\npredict: word toward=ham\n/);
    assert.deepEqual(out.back.errors, []);
    assert.deepEqual(out.back.lesson.steps.map((s) => s.predict), out.steps);
    // Editing the first step shows its prediction in the form.
    await page.click('[data-role="lesson-steps"] > li:first-child [data-step-action="editStep"]');
    assert.equal(await page.inputValue('[data-role="lesson-predict"]'), "movement");
    assert.equal(await page.inputValue('[data-role="lesson-predict-params"]'), "prior=0.3");
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test("the presenter window's forward button reads Reveal on a hidden prediction, reveals, then goes on", async () => {
  const { page, context, errors } = await open(env.browser, `${env.server.url}?lesson=gda-predict`, { width: 1024, height: 768 });
  try {
    await atStep(page, 1);
    await page.click('[data-lesson="present"]');
    await waitPrediction(page, "hidden");
    const [popup] = await Promise.all([context.waitForEvent("page"), page.click('[data-lesson="presenter-window"]')]);
    popup.on("pageerror", (e) => errors.push(String(e)));
    await popup.waitForSelector("html[data-ready=true]");
    const fwd = ".presenter .buttons button:nth-child(2)";
    await popup.waitForFunction((s) => document.querySelector(s)?.textContent === "Reveal ▶", fwd);
    await popup.click(fwd);
    await waitPrediction(page, "revealed");
    assert.equal(await page.evaluate(() => window.genlab.lessons.step), 1);
    await popup.waitForFunction((s) => document.querySelector(s)?.textContent === "Next ▶", fwd);
    await popup.click(fwd);
    await atStep(page, 2);
    await popup.waitForFunction((s) => document.querySelector(s)?.textContent === "Reveal ▶", fwd);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
