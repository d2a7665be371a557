// "Quiz me" on the GDA, spam and learning-curves panels (js/quiz.js, js/quiz-core.js): a fresh
// situation drawn from a seed, one prediction, the reveal, whether it counts as right and a
// tally kept on the device; a question's link (`quiz=panel.kind.seed`) opened fresh asks the
// same question and does not answer it (not in the URL, the figure's pixels or text
// alternative, the live regions, the numbers table or the ledger); back and forward walk the
// questions; "End quiz" gives the panel back its own link. By keyboard, pointer and touch, at
// 360 px and 1280 px, in English and Chinese.
//
// The expected situation is computed here from quiz-core.js's `situation` and the page's own
// link parser (the state the panel must then hold), the counted-right rule from the kind's
// recorded score against the tolerance the quiz states (agreement ≥ 0.9 for the boundary,
// |logit p̂ − logit p| ≤ 0.5 for the verdict: tests/unit/quiz_core.test.mjs checks the rule
// by hand on both sides).
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { gdaBoundaryPixels as boundaryPixels, open, setup } from "./lib.mjs";
import { situation } from "../../www/js/quiz-core.js";

const env = setup();

const gda = (r) => `#gda-slot [data-role="${r}"]`;
const predictButton = '#gda-slot button[data-role="predict"]';
const nb = (r) => `#nb-slot [data-role="${r}"]`;
const curves = (r) => `#curves-slot [data-role="${r}"]`;
const params = (page) => page.evaluate(() => Object.fromEntries(new URLSearchParams(location.search)));

/** Asserts nothing on the page gives the GDA boundary away while the question is open. */
async function assertBoundaryHidden(page) {
  assert.equal(await boundaryPixels(page), 0, "no boundary pixels");
  const w = await page.evaluate(() => {
    const q = (r) => document.querySelector(`#gda-slot [data-role="${r}"]`);
    return {
      aria: q("canvas").getAttribute("aria-label"),
      live: [...document.querySelectorAll("#gda-slot [aria-live]")].map((e) => e.textContent).join(" | "),
      cells: ["w", "b", "boundary"].map((r) => q(r).textContent),
      quiz: `${q("quiz-head").textContent} ${q("quiz-bar").textContent}`,
    };
  });
  assert.deepEqual(w.cells, ["—", "—", "—"]);
  for (const text of [w.aria, w.live, w.quiz]) assert.doesNotMatch(text, /x₁|x₂/, text);
}

/** Asserts two lists of means are equal to 1e-9 (the panel's means come from its shifted sample). */
function assertMeans(actual, expected) {
  assert.equal(actual.length, expected.length);
  actual.forEach((m, c) => m.forEach((x, i) => assert.ok(Math.abs(x - expected[c][i]) < 1e-9, `mean ${c}: ${m} against ${expected[c]}`)));
}

/** The GDA panel's state as the page's own parser reads question `q`'s situation. */
const expectedGda = (page, q) => page.evaluate(async (query) => (await import("/js/genlab.js")).parseState(query).state.gda, situation(q).query);

for (const size of [{ width: 1280, height: 800 }, { width: 360, height: 740 }]) {
  for (const lang of ["en", "zh-CN"]) {
    test(`GDA: Quiz me asks a boundary in a fresh situation, scores it, keeps the tally, walks back and forward, ends (${size.width} px, ${lang})`, async () => {
      const base = `${env.server.url}${lang === "en" ? "" : "?lang=zh-CN"}`;
      const { page, context, errors } = await open(env.browser, base, size);
      await page.$eval("#gda-slot", (el) => el.scrollIntoView());
      // By keyboard: Predict…, then the chooser's "Quiz me".
      await page.focus(predictButton);
      await page.keyboard.press("Enter");
      await page.waitForSelector(gda("predict-kind-quiz"));
      await page.focus(gda("predict-kind-quiz"));
      await page.keyboard.press("Enter");
      await page.waitForFunction(() => new URLSearchParams(location.search).has("quiz"));
      // A new device: the schedule's first kind.
      const first = await params(page);
      const m = /^gda\.boundary\.(\d+)$/.exec(first.quiz ?? "");
      assert.ok(m, `quiz link ${first.quiz}`);
      // The link holds the question only: none of the panel's own settings.
      for (const key of ["src", "seed", "m0", "m1", "n0", "sx0"]) assert.equal(first[key], undefined, key);
      const q1 = { panel: "gda", kind: "boundary", seed: Number(m[1]) };
      const state = await page.evaluate(() => window.genlab.gda.getState());
      const expected = await expectedGda(page, q1);
      assertMeans(state.means, expected.means);
      assert.deepEqual([state.seed, state.n, state.sd, state.rho], [expected.seed, expected.n, expected.sd, expected.rho]);
      await assertBoundaryHidden(page);
      assert.ok((await page.textContent(gda("quiz-situation"))).includes(m[1]), "the seed is named");
      assert.ok(await page.isVisible(gda("predict-commit")));
      assert.equal(await page.isVisible(predictButton), false, "Predict… is out of sight during the quiz");
      // Commit the ghost line as it starts: the model scores it.
      await page.click(gda("predict-commit"));
      await page.waitForSelector(`${gda("quiz-outcome")}:not([hidden])`);
      const v = await page.evaluate(() => window.genlab.gda.prediction().question().verdict());
      const right = v.agreement >= 0.9;
      const outcome = await page.textContent(gda("quiz-outcome"));
      const counted = lang === "en" ? /^Counted right/ : /^记为答对/;
      assert.equal(counted.test(outcome), right, `${outcome} (agreement ${v.agreement})`);
      const tally = await page.textContent(gda("quiz-tally"));
      assert.ok(tally.includes(lang === "en" ? `${right ? 1 : 0} of 1 right` : `答对 ${right ? 1 : 0}/1`), tally);
      const kept = await page.evaluate(() => JSON.parse(localStorage.getItem("genlab-quiz")).gda);
      assert.deepEqual(kept, { asked: 1, right: right ? 1 : 0, kinds: { boundary: { box: right ? 2 : 1, last: 0, asked: 1, right: right ? 1 : 0 } } });
      assert.ok(await boundaryPixels(page) > 0, "the boundary is revealed");
      // Done: the quiz stays, its next question ready and focused.
      await page.click(gda("predict-done"));
      await page.waitForFunction(() => document.activeElement?.dataset.role === "quiz-next");
      await page.keyboard.press("Enter");
      // The second question: the schedule's next kind (the posterior at a point), a new seed,
      // a new history entry.
      await page.waitForFunction(() => /^gda\.posterior\.\d+$/.test(new URLSearchParams(location.search).get("quiz") ?? ""));
      const second = (await params(page)).quiz;
      await page.waitForSelector(gda("predict-p"));
      assert.ok((await page.textContent(gda("quiz-question"))).includes("2"));
      // Back: the first question again (its situation drawn from its seed), asked, not answered.
      await page.goBack();
      await page.waitForFunction((v) => new URLSearchParams(location.search).get("quiz") === v, first.quiz);
      await page.waitForSelector(gda("predict-commit"));
      await assertBoundaryHidden(page);
      assertMeans((await page.evaluate(() => window.genlab.gda.getState())).means, expected.means);
      await page.goForward();
      await page.waitForFunction((v) => new URLSearchParams(location.search).get("quiz") === v, second);
      await page.waitForSelector(gda("predict-p"));
      // End quiz: the panel's own link again, Predict… back.
      await page.click(gda("quiz-end"));
      await page.waitForFunction(() => !new URLSearchParams(location.search).has("quiz"));
      assert.equal(await page.$(gda("quiz-bar")), null);
      assert.equal(await page.$(gda("quiz-head")), null);
      assert.ok(await page.isVisible(predictButton));
      assert.ok((await params(page)).m0, "the link holds the panel's state again");
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}

test("a GDA quiz link opened fresh asks the same question and does not answer it; the tally carries over", async () => {
  const q = { panel: "gda", kind: "boundary", seed: 48213 };
  const url = `${env.server.url}?quiz=gda.boundary.48213`;
  const { page, context, errors } = await open(env.browser, url, { width: 1024, height: 768 });
  await page.waitForSelector(gda("predict-commit"));
  assert.equal((await params(page)).quiz, "gda.boundary.48213");
  assert.deepEqual(Object.keys(await params(page)), ["quiz"], "the link is not rewritten with the answer's settings");
  const expected = await expectedGda(page, q);
  assertMeans((await page.evaluate(() => window.genlab.gda.getState())).means, expected.means);
  await assertBoundaryHidden(page);
  const before = await page.evaluate(() => document.body.innerText);
  // Skip: revealed without a score, counted not right, the kind comes back sooner.
  await page.click(gda("predict-skip"));
  await page.waitForSelector(`${gda("quiz-outcome")}:not([hidden])`);
  // What the numbers table shows once revealed (w, b, the line) was nowhere in the page's text before.
  const revealed = await page.evaluate(() => ["w", "b", "boundary"].map((r) => document.querySelector(`#gda-slot [data-role="${r}"]`).textContent.trim()));
  for (const text of revealed) {
    assert.ok(text.length > 3 && text !== "—", text);
    assert.ok(!before.includes(text), `"${text}" was on the page before the reveal`);
  }
  assert.match(await page.textContent(gda("quiz-outcome")), /^Skipped/);
  // Opened again (the same device): the tally carries over.
  await page.reload();
  await page.waitForSelector("html[data-ready=true]");
  await page.waitForSelector(gda("predict-commit"));
  assert.match(await page.textContent(gda("quiz-tally")), /0 of 1 right/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the spam panel: Quiz me by touch on a 360 px phone in Chinese: a fresh message, the ledger hidden until the bet", async () => {
  const { page, context, errors } = await open(env.browser, `${env.server.url}?lang=zh-CN`, { width: 360, height: 740, touch: true });
  await page.$eval("#nb-slot", (el) => el.scrollIntoView());
  await page.tap(nb("quiz"));
  await page.waitForSelector(nb("bet-p"));
  const link = await params(page);
  const m = /^nb\.bet\.(\d+)$/.exec(link.quiz ?? "");
  assert.ok(m, link.quiz);
  assert.equal(link.t, undefined, "the message is not in the link: its seed draws it");
  const expected = new URLSearchParams(situation({ panel: "nb", kind: "bet", seed: Number(m[1]) }).query);
  assert.equal(await page.inputValue(nb("text")), expected.get("t"));
  const shown = await page.evaluate(() => {
    const q = (s) => document.querySelector(`#nb-slot ${s}`);
    const on = (el) => Boolean(el && el.offsetParent !== null && !el.closest("[hidden]"));
    return { verdict: on(q('[data-role="verdict"]')), ledger: on(q(".nb-ledger")), quiz: q('[data-role="quiz-head"]').textContent };
  });
  assert.deepEqual([shown.verdict, shown.ledger], [false, false]);
  assert.match(shown.quiz, /第 1 题/);
  await page.tap(nb("bet-commit"));
  await page.waitForSelector(`${nb("quiz-outcome")}:not([hidden])`);
  const v = await page.evaluate(() => window.genlab.nb.prediction().question().verdict());
  assert.equal(/^记为答对/.test(await page.textContent(nb("quiz-outcome"))), v.gap <= 0.5);
  // Next and End stand apart, as under the GDA figure (they touched on this panel: 0 px).
  const [a, b] = await Promise.all(["quiz-next", "quiz-end"].map((r) => page.locator(nb(r)).boundingBox()));
  assert.ok(b.x - (a.x + a.width) >= 8, `${b.x - (a.x + a.width)} px between Next and End`);
  // The next question: the schedule's second kind on this panel.
  await page.tap(nb("quiz-next"));
  await page.waitForFunction(() => /^nb\.word\.\d+$/.test(new URLSearchParams(location.search).get("quiz") ?? ""));
  await page.tap(nb("quiz-end"));
  await page.waitForFunction(() => !new URLSearchParams(location.search).has("quiz"));
  assert.ok(await page.isVisible(nb("bet")));
  assert.deepEqual(errors, []);
  await context.close();
});

test("the learning curves: Quiz me asks where the curves of a drawn pairing cross, the curves hidden", async () => {
  const { page, context, errors } = await open(env.browser, env.server.url, { width: 1280, height: 800 });
  await page.$eval("#curves-slot", (el) => el.scrollIntoView());
  await page.click(curves("quiz"));
  await page.waitForFunction(() => new URLSearchParams(location.search).has("quiz"));
  const link = await params(page);
  const m = /^curves\.crossover\.(\d+)$/.exec(link.quiz ?? "");
  assert.ok(m, link.quiz);
  const expected = new URLSearchParams(situation({ panel: "curves", kind: "crossover", seed: Number(m[1]) }).query);
  const s = await page.evaluate(() => window.genlab.curves.getState());
  assert.equal(s.pairing, expected.get("lcp"));
  assert.equal(String(s.seed), expected.get("lcseed"));
  assert.ok(await page.evaluate(() => window.genlab.curves.prediction().question().hidden()), "the curves are hidden");
  await page.click(curves("quiz-end"));
  await page.waitForFunction(() => !new URLSearchParams(location.search).has("quiz"));
  assert.deepEqual(errors, []);
  await context.close();
});

for (const [label, viewport, query, scheme] of [["phone zh, dark", { width: 360, height: 740 }, "?lang=zh-CN", "dark"], ["projector en, light", { width: 1024, height: 768 }, "?projector=1", "light"]]) {
  test(`axe: the quizzes are clean while a question is open and after its reveal (${label})`, async () => {
    const axe = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
    const context = await env.browser.newContext({ viewport, colorScheme: scheme, bypassCSP: true });
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.goto(`${env.server.url}${query}`);
    await page.waitForSelector("html[data-ready=true]", { timeout: 20000 });
    const audit = async () => {
      await page.addScriptTag({ path: axe });
      return page.evaluate(async () => {
        const r = await window.axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21aa"] }, resultTypes: ["violations"] });
        return r.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
      });
    };
    await page.click(predictButton);
    await page.click(gda("predict-kind-quiz"));
    await page.waitForSelector(gda("predict-commit"));
    await page.$eval("#nb-slot", (el) => el.scrollIntoView());
    await page.click(nb("quiz"));
    await page.waitForSelector(nb("bet-commit"));
    const found = (await audit()).map((v) => `asking: ${v}`);
    await page.click(gda("predict-commit"));
    await page.click(nb("bet-commit"));
    await page.waitForSelector(`${nb("quiz-outcome")}:not([hidden])`);
    await page.waitForSelector(`${gda("quiz-outcome")}:not([hidden])`);
    found.push(...(await audit()).map((v) => `revealed: ${v}`));
    assert.deepEqual(found, []);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test("every kind of question starts from its drawn situations (five seeds each, asked in turn on one page per panel)", async () => {
  for (const [panel, kinds] of [["gda", ["boundary", "posterior", "movement", "threshold", "shape"]], ["nb", ["bet", "word", "alpha0"]]]) {
    const { page, context, errors } = await open(env.browser, `${env.server.url}?quiz=${panel}.${kinds[0]}.1`, { width: 1280, height: 800 });
    for (const kind of kinds) {
      for (const seed of [1, 2, 3, 4, 5]) {
        const value = `${panel}.${kind}.${seed}`;
        const asked = await page.evaluate(async ([panel, value]) => {
          const quiz = window.genlab[panel].prediction();
          await quiz.ask(value);
          return { value: quiz.value(), open: Boolean(quiz.question()), hidden: Boolean(quiz.question()?.hidden()), url: new URLSearchParams(location.search).get("quiz") };
        }, [panel, value]);
        assert.deepEqual(asked, { value, open: true, hidden: kind !== "movement", url: value }, value);
      }
    }
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test("Back from a quiz's first question: the quiz ends and the panel is as it was before it", async () => {
  const { page, context, errors } = await open(env.browser, `${env.server.url}?seed=11`, { width: 1280, height: 800 });
  const before = await page.evaluate(() => window.genlab.gda.getState());
  await page.click(predictButton);
  await page.click(gda("predict-kind-quiz"));
  await page.waitForFunction(() => new URLSearchParams(location.search).has("quiz"));
  await page.waitForSelector(gda("predict-commit"));
  await page.goBack();
  await page.waitForFunction(() => !new URLSearchParams(location.search).has("quiz"));
  await page.waitForFunction(() => !document.querySelector('#gda-slot [data-role="quiz-bar"]'));
  assert.equal(await page.$(gda("predict-commit")), null, "the question is closed");
  const after = await page.evaluate(() => window.genlab.gda.getState());
  assert.deepEqual([after.seed, after.means, after.n], [before.seed, before.means, before.n]);
  assert.equal((await params(page)).seed, "11");
  assert.ok(await page.isVisible(predictButton));
  assert.deepEqual(errors, []);
  await context.close();
});
