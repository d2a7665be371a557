// Lessons (www/js/lesson.js, src/lesson): a lecture recorded by doing, saved as a file and
// as one link, played from a clicker; and every built-in lesson played to its end in both
// languages with each step's panel showing exactly the step's state.
//
// What "the step's state" is comes from the format's documentation (docs/lecturers.md,
// "Lessons"): the step's `state:` read by the link reader (parseState) from the defaults. The
// panel's state after the step is read back from the panel (getState) and written by the same
// link writer; the two links must be equal, numbers compared to 9 decimal places (a
// dragged mean is stored as the data's shift, so it comes back within a few ulps).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { setup, open, repo } from "./lib.mjs";

const env = setup();

const BUILTIN = ["gda-boundary", "gda-predict", "gda-vs-qda", "gda-vs-logistic", "nb-smoothing", "nb-predict", "nb-event-models", "bayes-decision"];

/** Waits until the lesson shows step `n` (1-based) and its transition has ended. */
async function atStep(page, n) {
  await page.waitForFunction((n) => {
    const l = window.genlab?.lessons;
    return l && l.step === n && document.documentElement.dataset.lessonStep === String(n) && !l.busy;
  }, n, { timeout: 10000 });
}

/**
 * The current step's panel state as a link and the step's own state as a link (both through
 * the page's link writer), with numbers cut to 9 significant digits.
 */
async function stepStates(page) {
  return page.evaluate(async () => {
    const { parseState, stateQuery } = await import("/pkg-lesson/genlab.js");
    const l = window.genlab.lessons;
    const step = l.lesson.steps[l.step - 1];
    const base = parseState("").state;
    const round = (q) => q.replace(/-?\d+(\.\d+)?(e[-+]?\d+)?/g, (x) => String(Number(Number(x).toFixed(9)) + 0));
    const shown = window.genlab_panels[step.panel].getState();
    return {
      panel: step.panel,
      shown: round(stateQuery({ ...base, [step.panel]: shown })),
      expected: round(stateQuery({ ...base, [step.panel]: parseState(step.state).state[step.panel] })),
    };
  });
}

/** Whether an element is displayed (it and its ancestors not display: none). */
const displayed = (page, selector) => page.evaluate((s) => {
  const e = document.querySelector(s);
  return !!e && e.getClientRects().length > 0;
}, selector);

for (const lang of ["en", "zh-CN"]) {
  test(`every built-in lesson plays to its end in ${lang}, each step's panel in the step's state, no console error`, async () => {
    for (const id of BUILTIN) {
      const { page, context, errors } = await open(env.browser, `${env.server.url}?lesson=${id}&lang=${lang}`);
      try {
        await atStep(page, 1);
        const count = await page.evaluate(() => window.genlab.lessons.count);
        assert.ok(count >= 3, `${id}: ${count} steps`);
        for (let n = 1; n <= count; n++) {
          if (n > 1) {
            await page.keyboard.press("PageDown");
            await atStep(page, n);
          }
          const s = await stepStates(page);
          assert.equal(s.shown, s.expected, `${id} step ${n} (${s.panel})`);
          // Only the step's panel is shown, with its caption in the page's language.
          for (const p of await page.evaluate(() => Object.keys(window.genlab))) assert.equal(await displayed(page, `#${p}-slot`), p === s.panel, `${id} step ${n}: ${p} shown?`);
          const caption = await page.evaluate(() => ({ text: document.querySelector(".lesson-caption").textContent, lang: document.querySelector(".lesson-caption").lang }));
          assert.equal(caption.lang, lang);
          assert.ok(caption.text.length > 10, `${id} step ${n}: caption “${caption.text}”`);
          if (lang === "zh-CN") {
            assert.match(caption.text, /[\u4e00-\u9fff]/, `${id} step ${n}: a Chinese caption`);
            // No English word in the lesson's bar but a formula, code, a quoted word of the
            // (English) corpus, a model's acronym or a key's name.
            const bar = await page.evaluate(() => {
              const copy = document.querySelector(".lesson-bar").cloneNode(true);
              for (const n of copy.querySelectorAll(".math, code")) n.remove();
              return copy.textContent.replace(/“[^”]*”/g, "");
            });
            const english = (bar.match(/[A-Za-z]{2,}/g) || []).filter((w) => !["GDA", "QDA", "PageDown", "PageUp", "Esc"].includes(w));
            assert.deepEqual(english, [], `${id} step ${n}: English words in the Chinese lesson bar`);
          }
          assert.match(await page.evaluate(() => location.search), n === 1 ? new RegExp(`lesson=${id}(&|$)`) : new RegExp(`lesson=${id}&step=${n}(&|$)`));
        }
        // The end: Next is disabled and PageDown stays on the last step.
        assert.equal(await page.evaluate(() => document.querySelector('[data-lesson="next"]').disabled), true);
        await page.keyboard.press("PageDown");
        assert.equal(await page.evaluate(() => window.genlab.lessons.step), count);
        assert.deepEqual(errors, [], `${id} (${lang}): console errors`);
      } finally {
        await context.close();
      }
    }
  });
}

test("record three steps across two panels, save as a file and a link, open both, play with the clicker keys", async () => {
  const { page, context, errors } = await open(env.browser, env.server.url);
  try {
    // The menu and the recorder are loaded on demand.
    assert.equal(await page.evaluate(() => !!window.genlab.lessons), false, "no lesson code before it is asked for");
    await page.click("#lessons");
    await page.click('.lesson-menu button[data-w="lessons.new"]');
    await page.fill('[data-role="lesson-title-en"]', "Three steps");
    await page.fill('[data-role="lesson-title-zh"]', "三步");

    // Step 1: the GDA panel with a covariance per class, the seed hidden.
    await page.selectOption('#gda-slot [data-role="covariance"]', "per-class");
    await page.selectOption('[data-role="lesson-panel"]', "gda");
    await page.fill('[data-role="lesson-caption-en"]', "Each class its *own* $Σ$.");
    await page.fill('[data-role="lesson-caption-zh"]', "每类有*自己的* $Σ$。");
    await page.fill('[data-role="lesson-hide"]', "seed");
    await page.fill('[data-role="lesson-notes"]', "Ask first.\nThen show.");
    await page.click('[data-role="lesson-record"]');
    // Step 2: the heat map on, with a highlight of mean 1.
    await page.check('#gda-slot [data-role="heat"]');
    await page.fill('[data-role="lesson-caption-en"]', "The posterior as a heat map.");
    await page.fill('[data-role="lesson-caption-zh"]', "后验概率的热图。");
    await page.fill('[data-role="lesson-highlight"]', "mean 1");
    await page.fill('[data-role="lesson-hide"]', "");
    await page.click('[data-role="lesson-record"]');
    // Step 3: naive Bayes, Bernoulli, α hidden.
    await page.check('#nb-slot [data-role="event"][value="bernoulli"]');
    await page.selectOption('[data-role="lesson-panel"]', "nb");
    await page.fill('[data-role="lesson-caption-en"]', "Presence only.");
    await page.fill('[data-role="lesson-caption-zh"]', "只看出现与否。");
    await page.fill('[data-role="lesson-hide"]', "alpha, nosuch");
    await page.click('[data-role="lesson-record"]');
    // The unknown control is named next to the form, in words.
    assert.match(await page.textContent('[data-role="lesson-problems"]'), /“nosuch”/);
    assert.equal(await page.locator('[data-role="lesson-steps"] > li').count(), 3);

    // Reorder and back: move step 3 up, then down again.
    await page.click('[data-role="lesson-steps"] > li:nth-child(3) [data-step-action="up"]');
    assert.match(await page.textContent('[data-role="lesson-steps"] > li:nth-child(2)'), /Presence only/);
    await page.click('[data-role="lesson-steps"] > li:nth-child(2) [data-step-action="down"]');
    assert.match(await page.textContent('[data-role="lesson-steps"] > li:nth-child(3)'), /Presence only/);

    // Save as a file.
    const [download] = await Promise.all([page.waitForEvent("download"), page.click('[data-role="lesson-save"]')]);
    const file = readFileSync(await download.path(), "utf8");
    assert.equal(download.suggestedFilename(), "three-steps.lesson.txt");
    assert.equal((file.match(/^## step/gm) || []).length, 3);
    assert.match(file, /^title\.zh: 三步$/m);
    assert.match(file, /^panel: gda\nstate: cov=per-class\nhide: seed\ncaption\.en: Each class its \*own\* \$Σ\$\.$/m);
    assert.match(file, /^state: cov=per-class&heat=1\nhighlight: mean 1$/m);
    assert.match(file, /^panel: nb\nstate: ev=bernoulli\nhide: alpha\n/m);
    assert.match(file, /^notes: Ask first\.\nnotes: Then show\.$/m);

    // And as one link.
    await page.click('[data-role="lesson-link"]');
    await page.waitForFunction(() => document.querySelector('[data-role="lesson-link-status"]').dataset.link);
    const link = await page.evaluate(() => document.querySelector('[data-role="lesson-link-status"]').dataset.link);
    assert.match(link, /\?lesson=(~|%7E)[A-Za-z0-9_-]+$/);

    // The link plays the same lesson, from the clicker.
    const played = await open(env.browser, link);
    try {
      const p = played.page;
      await atStep(p, 1);
      assert.equal(await p.evaluate(() => window.genlab.lessons.count), 3);
      assert.equal(await p.textContent(".lesson-title"), "Three steps");
      let s = await stepStates(p);
      assert.equal(s.shown, s.expected);
      assert.match(s.shown, /cov=per-class/);
      assert.equal(await displayed(p, '#gda-slot [data-control="seed"]'), false, "seed hidden at step 1");
      await p.keyboard.press("PageDown");
      await atStep(p, 2);
      s = await stepStates(p);
      assert.equal(s.shown, s.expected);
      assert.match(s.shown, /heat=1/);
      assert.equal(await displayed(p, '#gda-slot [data-control="seed"]'), true, "seed shown again at step 2");
      await p.keyboard.press("PageDown");
      await atStep(p, 3);
      s = await stepStates(p);
      assert.equal(s.panel, "nb");
      assert.equal(s.shown, s.expected);
      assert.equal(await displayed(p, "#gda-slot"), false);
      assert.equal(await displayed(p, '#nb-slot [data-control="alpha"]'), false, "α hidden at step 3");
      assert.equal(await displayed(p, '#nb-slot [data-control="event"]'), true);
      assert.match(await p.evaluate(() => location.search), /&step=3&/);
      await p.keyboard.press("PageUp");
      await atStep(p, 2);
      assert.equal(await p.locator(".lesson-hidden").count(), 0, "step 3's hidden α is shown again");
      assert.equal(await displayed(p, "#gda-slot"), true);
      assert.equal(await displayed(p, "#nb-slot"), false);
      // Back in the history is the step before, too.
      await p.goBack();
      await atStep(p, 3);

      // Presenter mode: the chrome goes, B blanks the whole screen and brings it back.
      await p.click('[data-lesson="present"]');
      assert.equal(await p.evaluate(() => document.documentElement.classList.contains("presenting")), true);
      assert.equal(await displayed(p, "header.chrome"), false);
      await p.keyboard.press("b");
      const blank = await p.evaluate(() => {
        const e = document.elementFromPoint(innerWidth / 2, innerHeight / 2);
        return { cls: e.className, bg: getComputedStyle(e).backgroundColor };
      });
      assert.deepEqual(blank, { cls: "lesson-blank", bg: "rgb(0, 0, 0)" });
      const shot = await p.screenshot({ clip: { x: 0, y: 0, width: 200, height: 200 } });
      assert.ok(shot.length < 2000, `a black screen compresses to little (${shot.length} bytes)`);
      // While blank, the clicker does not move the lesson on.
      await p.keyboard.press("PageDown");
      assert.equal(await p.evaluate(() => window.genlab.lessons.step), 3);
      await p.keyboard.press("b");
      assert.equal(await displayed(p, ".lesson-blank"), false);
      await p.keyboard.press("ArrowLeft");
      await atStep(p, 2);
      assert.deepEqual(played.errors, []);
    } finally {
      await played.context.close();
    }

    // The file opens the same lesson.
    const again = await open(env.browser, env.server.url);
    try {
      const p = again.page;
      await p.click("#lessons");
      await p.waitForSelector(".lesson-menu:not([hidden])");
      await p.setInputFiles('.lesson-menu input[type="file"]', { name: "three-steps.lesson.txt", mimeType: "text/plain", buffer: Buffer.from(file) });
      await atStep(p, 1);
      assert.equal(await p.evaluate(() => window.genlab.lessons.count), 3);
      assert.equal(await p.evaluate(() => window.genlab.lessons.errors.length), 0);
      await p.keyboard.press("PageDown");
      await atStep(p, 2);
      await p.keyboard.press("PageDown");
      await atStep(p, 3);
      const s = await stepStates(p);
      assert.equal(s.shown, s.expected);
      // A file that is not text is refused in words.
      await p.click("#lessons");
      await p.setInputFiles('.lesson-menu input[type="file"]', { name: "x.png", mimeType: "image/png", buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]) });
      await p.waitForFunction(() => document.querySelector(".lesson-menu .input-error").textContent.length > 0);
      assert.match(await p.textContent(".lesson-menu .input-error"), /not a lesson/);
      assert.deepEqual(again.errors, []);
    } finally {
      await again.context.close();
    }
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test("a lesson with a bad value names the step and the value, and the other steps play", async () => {
  const text = "title.en: Typos\n\n## step one\npanel: gda\nstate: phi=7&cov=per-class\ncaption.en: First.\ncaption.zh: 第一步。\n\n## step two\npanel: spam\n\n## step three\npanel: nb\nstate: a=0\ncaption.en: Third.\ncaption.zh: 第三步。\n";
  const { page, context, errors } = await open(env.browser, env.server.url);
  try {
    await page.click("#lessons");
    await page.setInputFiles('.lesson-menu input[type="file"]', { name: "typos.lesson.txt", mimeType: "text/plain", buffer: Buffer.from(text) });
    await atStep(page, 1);
    assert.equal(await page.evaluate(() => window.genlab.lessons.count), 2, "the step without a known panel is left out");
    const listed = await page.evaluate(() => [...document.querySelectorAll(".lesson-errors li")].map((li) => li.textContent));
    assert.equal(listed.length, 2);
    assert.match(listed[0], /^Line 5, step 1 \(“one”\): in the state, “phi=7”: .*0\.01 to 0\.99/);
    assert.match(listed[1], /^Line 10, step 2 \(“two”\): the panel “spam”/);
    // The good value of the bad step is applied.
    assert.match((await stepStates(page)).shown, /cov=per-class/);
    await page.keyboard.press("PageDown");
    await atStep(page, 2);
    assert.equal((await stepStates(page)).shown, "a=0");
    // In Chinese too.
    // (The switch fetches the Chinese words once, then changes the page: wait for it.)
    await page.click("#lang");
    await page.waitForFunction(() => document.documentElement.lang === "zh-CN");
    assert.match(await page.textContent(".lesson-errors li"), /^第 5 行，第 1 步（“one”）：/);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test("a step glides where that teaches, and under prefers-reduced-motion changes at once", async () => {
  for (const motion of ["no-preference", "reduce"]) {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: motion });
    const page = await context.newPage();
    await page.goto(`${env.server.url}?lesson=gda-boundary`);
    await page.waitForSelector("html[data-ready=true]");
    await atStep(page, 1);
    // Step 2 moves the means only: a glide, unless motion is reduced.
    await page.keyboard.press("PageDown");
    await atStep(page, 2);
    const stats = await page.evaluate(() => ({ ...window.genlab.lessons.stats }));
    if (motion === "reduce") assert.deepEqual({ animated: stats.animated, frames: stats.frames }, { animated: false, frames: 1 });
    else {
      assert.equal(stats.animated, true);
      assert.ok(stats.frames >= 3 && stats.ms >= 380, `${stats.frames} frames in ${stats.ms} ms`);
    }
    // Step 5 switches the heat map on: never a glide.
    for (const n of [3, 4, 5]) {
      await page.keyboard.press("PageDown");
      await atStep(page, n);
    }
    assert.equal(await page.evaluate(() => window.genlab.lessons.stats.animated), false);
    await context.close();
  }
});

/** Where `selector`'s box is against the window: inside it (with its 4 px outline)? */
const inView = (page, selector) => page.evaluate((s) => {
  const r = document.querySelector(s).getBoundingClientRect();
  return r.top >= 0 && r.bottom <= document.documentElement.clientHeight && r.left >= 0 && r.right <= document.documentElement.clientWidth;
}, selector);

test("a table cell is highlighted in both languages, and what a step highlights is scrolled into view on a phone and a projector", async () => {
  // docs/lecturers.md "Lessons": `highlight: cell fp` outlines that cell of the panel's
  // table, and it is scrolled into view when it is outside the window; a step without a
  // highlight brings its caption back into view. bayes-decision: step 4 highlights the
  // costs control, step 5 the confusion matrix's false positives; step 1 nothing.
  for (const [width, height, lang, motion] of [[360, 740, "zh-CN", "no-preference"], [1024, 768, "en", "no-preference"], [360, 740, "en", "reduce"]]) {
    const context = await env.browser.newContext({ viewport: { width, height }, reducedMotion: motion });
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
    try {
      await page.goto(`${env.server.url}?lesson=bayes-decision&step=4&lang=${lang}`);
      await atStep(page, 4);
      const at = `${width}×${height} ${lang} ${motion}`;
      const settled = (selector) => motion === "reduce"
        ? inView(page, selector)
        : page.waitForFunction((s) => {
          const r = document.querySelector(s).getBoundingClientRect();
          return r.top >= 0 && r.bottom <= document.documentElement.clientHeight;
        }, selector, { timeout: 5000 }).then(() => true);
      assert.ok(await settled('#nb-slot .lesson-highlight[data-control="costs"]'), `${at}: the costs control in view`);
      await page.keyboard.press("PageDown");
      await atStep(page, 5);
      const cells = await page.evaluate(() => [...document.querySelectorAll("#nb-slot .lesson-highlight")].map((n) => `${n.tagName} ${n.dataset.role}`));
      assert.deepEqual(cells, ["TD fp"], at);
      // Under reduced motion the window is already there when the step is shown (no smooth
      // scroll); otherwise it gets there.
      assert.ok(await settled('#nb-slot td[data-role="fp"]'), `${at}: the false-positive cell in view`);
      assert.ok(await page.evaluate(() => window.scrollY > 0), `${at}: the page scrolled`);
      const shown = await page.evaluate(() => ({
        text: document.querySelector('#nb-slot td[data-role="fp"]').textContent,
        outline: getComputedStyle(document.querySelector('#nb-slot td[data-role="fp"]')).outlineStyle,
        caption: document.querySelector(".lesson-caption").textContent,
      }));
      assert.match(shown.text, /^\d+$/);
      assert.equal(shown.outline, "solid");
      assert.match(shown.caption, lang === "zh-CN" ? /假阳性/ : /false positives/);
      // Back to the first step (no highlight): its caption is in view again.
      await page.evaluate(() => window.genlab.lessons.go(0));
      await atStep(page, 1);
      assert.ok(await settled(".lesson-caption"), `${at}: the caption in view at step 1`);
      assert.equal(await page.locator(".lesson-highlight").count(), 0);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }
  // The GDA panel's numbers, from a lesson file; a cell it lacks is named with its step.
  const text = "title.en: Cells\n\n## step\npanel: gda\nstate: phi=0.8\nhighlight: cell threshold\ncaption.en: The threshold.\ncaption.zh: 阈值。\n\n## step\npanel: gda\nhighlight: cell fp\ncaption.en: No such cell here.\ncaption.zh: 这里没有这个单元格。\n";
  for (const lang of ["en", "zh-CN"]) {
    const { page, context, errors } = await open(env.browser, `${env.server.url}?lang=${lang}`, { width: 1024, height: 768 });
    try {
      await page.click("#lessons");
      await page.setInputFiles('.lesson-menu input[type="file"]', { name: "cells.lesson.txt", mimeType: "text/plain", buffer: Buffer.from(text) });
      await atStep(page, 1);
      assert.deepEqual(await page.evaluate(() => [...document.querySelectorAll("#gda-slot .lesson-highlight")].map((n) => n.dataset.role)), ["threshold"]);
      await page.waitForFunction(() => {
        const r = document.querySelector('#gda-slot td[data-role="threshold"]').getBoundingClientRect();
        return r.top >= 0 && r.bottom <= innerHeight;
      }, null, { timeout: 5000 });
      assert.equal(await page.evaluate(() => window.genlab.lessons.count), 2);
      assert.match(await page.textContent(".lesson-errors li"), lang === "zh-CN"
        ? /^第 12 行，第 2 步：“cell fp”不是这个面板的“mean C”、“word W”、“cell NAME”或“control NAME”，已忽略。$/
        : /^Line 12, step 2: “cell fp” is not “mean C”, “word W”, “cell NAME” or “control NAME” of this panel; it was ignored\.$/);
      await page.keyboard.press("PageDown");
      await atStep(page, 2);
      assert.equal(await page.locator(".lesson-highlight").count(), 0);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  }
});

test("the presenter window shows the notes and the next step, and drives the lesson", async () => {
  const { page, context, errors } = await open(env.browser, `${env.server.url}?lesson=gda-boundary`);
  try {
    await atStep(page, 1);
    const [popup] = await Promise.all([context.waitForEvent("page"), page.click('[data-lesson="presenter-window"]')]);
    popup.on("pageerror", (e) => errors.push(String(e)));
    await popup.waitForSelector("html[data-ready=true]");
    await popup.waitForFunction(() => document.querySelector(".presenter-notes")?.textContent.includes("Before showing anything"));
    assert.match(await popup.textContent(".presenter-next"), /Move a mean/);
    assert.match(await popup.textContent(".presenter .lesson-counter"), /Step 1 of 5/);
    // Its Next button moves the lesson window on, and it follows.
    await popup.click(".presenter .buttons button:nth-child(2)");
    await atStep(page, 2);
    await popup.waitForFunction(() => /Step 2 of 5/.test(document.querySelector(".presenter .lesson-counter").textContent));
    assert.match(await popup.textContent(".presenter-notes"), /Drag the mean yourself/);
    // The lesson window's clicker keeps it in step too.
    await page.keyboard.press("PageDown");
    await atStep(page, 3);
    await popup.waitForFunction(() => /Step 3 of 5/.test(document.querySelector(".presenter .lesson-counter").textContent));
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test("a page without a lesson loads no lesson code", async () => {
  const { page, context } = await open(env.browser, env.server.url);
  try {
    const loaded = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname));
    assert.ok(!loaded.some((p) => p.endsWith("/js/lesson.js")), loaded.join(" "));
  } finally {
    await context.close();
  }
});

test("the lessons' format is documented where lecturers read it, and its example plays as it says", async () => {
  const doc = readFileSync(path.join(repo, "docs", "lecturers.md"), "utf8");
  const section = doc.slice(doc.indexOf("## Lessons"), doc.indexOf("## The single file"));
  for (const field of ["title.en", "title.zh", "## step", "panel:", "state:", "hide:", "highlight:", "predict:", "caption.en:", "caption.zh:", "notes:"]) {
    assert.ok(section.includes(field), `docs/lecturers.md "Lessons" names ${field}`);
  }
  const example = section.match(/<!-- snippet: lesson-file -->\n```text\n([\s\S]*?)\n```/)[1];
  const { page, context, errors } = await open(env.browser, env.server.url);
  try {
    await page.click("#lessons");
    await page.setInputFiles('.lesson-menu input[type="file"]', { name: "gda.lesson.txt", mimeType: "text/plain", buffer: Buffer.from(example) });
    await atStep(page, 1);
    assert.equal(await page.evaluate(() => window.genlab.lessons.count), 2);
    assert.equal(await page.evaluate(() => window.genlab.lessons.errors.length), 0);
    assert.equal(await displayed(page, '#gda-slot [data-control="seed"]'), false);
    assert.equal(await page.textContent(".lesson-caption strong, .lesson-caption em"), "round");
    await page.keyboard.press("PageDown");
    await atStep(page, 2);
    assert.equal(await page.textContent(".lesson-caption strong"), "slides");
    assert.match((await stepStates(page)).shown, /phi=0\.85/);
    assert.equal(await page.locator('#gda-slot .lesson-highlight[data-control="decision"]').count(), 1);
    // The page writes a file it read back unchanged.
    const written = await page.evaluate(async () => (await import("/pkg-lesson/genlab.js")).writeLesson(window.genlab.lessons.lesson));
    assert.equal(written, `${example}\n`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
