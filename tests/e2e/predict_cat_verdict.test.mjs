// Predict, then reveal, on the categorical naive Bayes panel (js/predict-cat.js): "Predict the
// verdict…" hides the verdict, every class's factors, product, log-sum and posterior, the
// count tables, the worked example and the live region (nothing of them in the section's
// text, aria-labels or live regions); the student picks a class (radio group: pointer, touch
// or keys) and commits; the reveal shows the panel's verdict again and one sentence with the
// model's class and posterior and the posterior of the pick, plus the veto sentence when
// λ = 0 rules the pick out. "Quiz me" draws a query and λ from a seed (?quiz=cat.verdict.N
// asks the same question, answer hidden, tallied after the commit); a lesson's
// `predict: verdict` step starts it. At 1280 px and 360 px, in English and Chinese; axe-clean.
//
// Expected numbers are derived here without genlab's Rust: `lidstone()` counts the built-in
// table's rows (read from the CSV in src/nb/categorical/mod.rs) and takes
// P(x_j = a | c) = (n_cv + λ)/(n_c + S_j λ) with the maximum-likelihood prior n_c/N (the
// panel's default "ml"), normalised over the classes. Worked by hand for the first query
// (height yes, green eyes, short hair, no glasses) at λ = 1 (as tests/e2e/cat.test.mjs):
// yes: 5/12 · 5/7 · 1/8 · 4/8 · 5/7 = 125/9408; no: 7/12 · 3/9 · 4/10 · 4/10 · 4/9 = 28/2025;
// P(yes | x) = 0.49003, P(no | x) = 0.50997: the model picks "no", p = 0.5100.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { setup, open, repo } from "./lib.mjs";
import { WORDS } from "../../www/js/predict-cat.js";
import { situation } from "../../www/js/quiz-core.js";

const env = setup();
const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const shots = path.join(repo, "tests/e2e/artifacts");
const role = (r) => `#cat-slot [data-role="${r}"]`;

// The built-in table (English), counted by hand below.
const CSV = (() => {
  const src = readFileSync(path.join(repo, "src/nb/categorical/mod.rs"), "utf8");
  const body = src.split('pub const EXAMPLE_CSV: &str = "\\\n')[1].split('";')[0];
  const lines = body.split("\n").filter((l) => l && !l.startsWith("#"));
  const head = lines[0].split(",");
  const values = lines[1].split(",").slice(1);
  return {
    attributes: head.slice(1, -1),
    values: values.slice(0, -1).map((v) => v.split("|")),
    classes: values[values.length - 1].split("|"),
    rows: lines.slice(2).map((l) => l.split(",")).map((c) => ({ x: c.slice(1, -1), y: c[c.length - 1] })),
  };
})();

/** The posterior of every class for `query` (English values) at λ, by Lidstone counting. */
function lidstone(query, lambda) {
  const n = CSV.rows.length;
  const joint = CSV.classes.map((c) => {
    const rows = CSV.rows.filter((r) => r.y === c);
    let p = rows.length / n;
    query.forEach((v, j) => {
      const count = rows.filter((r) => r.x[j] === v).length;
      p *= (count + lambda) / (rows.length + CSV.values[j].length * lambda);
    });
    return p;
  });
  const z = joint.reduce((a, b) => a + b, 0);
  return joint.map((p) => p / z);
}

/** Everything the cat panel says: its text, aria-labels and live regions. */
const said = (page) => page.evaluate(() => {
  const slot = document.querySelector("#cat-slot");
  return {
    text: slot.textContent,
    attrs: [...slot.querySelectorAll("[aria-label]")].map((e) => e.getAttribute("aria-label")).join(" | "),
    live: [...slot.querySelectorAll("[aria-live]")].map((e) => e.textContent).join(" | "),
  };
});

/** Asserts nothing of the answer is in the section: no posterior of `ps` in any form the panel
 * writes (0.4900, 49.0 %), no "P(c | x)", no log-sum, no class card, no count table. */
async function assertNoTrace(page, ps) {
  // The panel's own read-out waits 0.9 s before the live region speaks: past it.
  await page.waitForTimeout(1100);
  const s = await said(page);
  for (const p of ps) {
    const forms = [p.toFixed(4), `${(100 * p).toFixed(1)} %`].filter((f) => !["0.0000", "1.0000", "0.0 %", "100.0 %"].includes(f));
    for (const form of forms) for (const [where, text] of Object.entries(s)) assert.ok(!text.includes(form), `${where} holds ${form}`);
  }
  for (const [where, text] of Object.entries(s)) {
    assert.doesNotMatch(text, / \| x\)/, `${where}: no P(c | x)`);
    assert.doesNotMatch(text, /−∞|\u2212 \d|Verdict: |判定：/, `${where}: no verdict, no log-sum`);
  }
  assert.equal(await page.$$eval("#cat-slot .cat-class, #cat-slot .cat-count-table, #cat-slot [data-role=worked-details]", (e) => e.length), 0);
  assert.equal(await page.isVisible(role("predict-result")), false);
}

const view = (page) => page.evaluate(() => window.genlab.cat.panel.explain());
const classNames = (page) => page.evaluate(() => window.genlab.cat.panel.table().class.values);
const record = (page) => page.evaluate(async () => (await import("./js/predict-record.js")).predictionRecord());
const startHidden = (page) => page.waitForFunction(() => window.genlab.cat.prediction()?.hidden() === true);

test("pointer at 1280 px (en): pick, commit; the numbers are the panel's and the hand-counted posterior", async () => {
  const { page, context, errors } = await open(env.browser, env.server.url, { width: 1280, height: 800 });
  const ps = lidstone(["yes", "green", "short", "no"], 1);
  assert.ok(Math.abs(ps[0] - 125 / 9408 / (125 / 9408 + 28 / 2025)) < 1e-12, "the counting is the hand-worked one");
  await page.click(role("predict"));
  await startHidden(page);
  await assertNoTrace(page, ps);
  assert.match(await page.textContent(role("predict-live")), /^Prediction started/);
  // Commit without a pick: asked to pick first, nothing revealed.
  await page.click(role("predict-commit"));
  assert.equal(await page.textContent(role("predict-problem")), WORDS.en.pickFirst);
  await assertNoTrace(page, ps);
  // "yes", the wrong class (P(yes | x) = 0.49003 < 0.5).
  await page.click(role("predict-class-0"));
  assert.equal(await page.textContent(role("predict-live")), "You picked yes.");
  await page.click(role("predict-commit"));
  await page.waitForSelector(role("predict-score"));
  const v = await view(page);
  const e = v.explanation;
  assert.equal(e.verdict, "no");
  for (const [c, p] of ps.entries()) assert.ok(Math.abs(e.classes[c].posterior - p) < 1e-12, `${c}: ${e.classes[c].posterior} against ${p}`);
  assert.equal(await page.textContent(role("predict-score")), "Not this time: the model picks no, P(no | x) = 0.5100; you picked yes, P(yes | x) = 0.4900.");
  assert.equal(await page.$$eval(role("predict-veto"), (x) => x.length), 0, "no veto at λ = 1");
  // The panel's own verdict and cards are back.
  assert.match(await page.textContent(role("verdict")), /^Verdict: plays basketball = no · P\(no \| x\) = 51\.0 %$/);
  assert.equal(await page.$$eval("#cat-slot .cat-class", (x) => x.length), 2);
  assert.ok((await page.textContent(role("predict-live"))).startsWith("Not this time"), "the result is announced");
  const rec = await record(page);
  assert.equal(rec.length, 1);
  assert.deepEqual({ ...rec[0], time: null }, { time: null, panel: "cat", kind: "verdict", skipped: false, answer: "yes", truth: { class: "no", p: e.classes[1].posterior }, score: { right: 0, p_picked: e.classes[0].posterior }, hints: [], lang: "en" });
  await page.click(role("predict-done"));
  assert.equal(await page.evaluate(() => window.genlab.cat.prediction()), null);
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.role), "predict");
  assert.deepEqual(errors, []);
  await context.close();
});

test("touch at 360 px (zh-CN): λ = 0 vetoes the picked class by a value it never has; the veto is said", async () => {
  const { page, context, errors } = await open(env.browser, `${env.server.url}?lang=zh-CN&cl=0`, { width: 360, height: 740, dpr: 2, touch: true });
  const ps = lidstone(["yes", "green", "short", "no"], 0);
  // No "yes" row has green eyes: P(yes | x) = 0 exactly, P(no | x) = 1.
  assert.deepEqual(ps, [0, 1]);
  await page.$eval("#cat-slot", (el) => el.scrollIntoView());
  await page.tap(role("predict"));
  await startHidden(page);
  await assertNoTrace(page, ps);
  mkdirSync(shots, { recursive: true });
  await page.locator(role("predict-classes")).scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shots, "cat-verdict-360-zh-before.png") });
  const names = await classNames(page);
  // Commit and Skip stand apart, as under the GDA figure (they touched here: 0 px).
  const [c, k] = await Promise.all(["predict-commit", "predict-skip"].map((r) => page.locator(role(r)).boundingBox()));
  assert.ok(k.x - (c.x + c.width) >= 8, `${k.x - (c.x + c.width)} px between Commit and Skip`);
  await page.tap(role("predict-class-0"));
  await page.tap(role("predict-commit"));
  await page.waitForSelector(role("predict-score"));
  const e = (await view(page)).explanation;
  assert.equal(e.verdict_index, 1);
  assert.equal(e.classes[0].posterior, 0);
  assert.equal(await page.textContent(role("predict-score")), `这次不对：模型选择${names[1]}，P(${names[1]} | x) = 1；你选了${names[0]}，P(${names[0]} | x) = 0。`);
  const attr = e.classes[0].zero_factors.find((z) => z.kind === "attribute");
  assert.equal(await page.textContent(role("predict-veto")), `λ = 0 时，训练表里没有哪一行既属于“${names[0]}”又有 ${attr.attribute} = ${attr.value}：这个 0 计数使因子 P(${attr.attribute} = ${attr.value} | ${names[0]}) = 0，不论其他属性如何，它都否决了${names[0]}。`);
  assert.equal(await page.textContent(role("predict-commit")), "提交");
  await page.locator(role("predict-result")).scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shots, "cat-verdict-360-zh-after.png") });
  const rec = await record(page);
  assert.deepEqual(rec[0].score, { right: 0, p_picked: 0 });
  assert.equal(rec[0].lang, "zh-CN");
  assert.deepEqual(errors, []);
  await context.close();
});

test("keyboard at 1280 px (en): arrows pick, Tab to Commit; a right pick; no veto sentence when the pick is not ruled out", async () => {
  const query = ["no", "blue", "long", "yes"];
  const { page, context, errors } = await open(env.browser, `${env.server.url}?cl=0.5&cq=${query.join("%7C")}`, { width: 1280, height: 800 });
  const ps = lidstone(query, 0.5);
  const truth = ps[1] > ps[0] ? 1 : 0;
  await page.focus(role("predict"));
  await page.keyboard.press("Enter");
  await startHidden(page);
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.role), "predict-class-0", "the first class has the focus");
  await assertNoTrace(page, ps);
  await page.keyboard.press("Space");
  for (let i = 0; i < truth; i++) await page.keyboard.press("ArrowDown");
  assert.equal(await page.evaluate(() => window.genlab.cat.prediction().value()), truth);
  await assertNoTrace(page, ps);
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.role), "predict-commit");
  await page.keyboard.press("Enter");
  await page.waitForSelector(role("predict-score"));
  const e = (await view(page)).explanation;
  assert.equal(e.verdict_index, truth);
  for (const [c, p] of ps.entries()) assert.ok(Math.abs(e.classes[c].posterior - p) < 1e-12);
  const n = CSV.classes;
  assert.equal(await page.textContent(role("predict-score")), `Right: the model picks ${n[truth]}, P(${n[truth]} | x) = ${ps[truth].toFixed(4)}; you picked ${n[truth]} too.`);
  assert.equal(await page.textContent(role("predict-sentence")), WORDS.en.sentence);
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.role), "predict-done", "Done has the focus");
  await page.keyboard.press("Enter");
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.role), "predict");
  assert.deepEqual(errors, []);
  await context.close();
});

test("a quiz link opened fresh asks the same question, hides the answer, and tallies after the commit; Next and End", async () => {
  // A seed whose situation is λ = 0 and a veto, found from quiz-core.js's own draw.
  let seed = 1;
  while (new URLSearchParams(situation({ panel: "cat", kind: "verdict", seed }).query).get("cl") !== "0") seed++;
  const sit = new URLSearchParams(situation({ panel: "cat", kind: "verdict", seed }).query);
  const query = sit.get("cq").split("|");
  const ps = lidstone(query, 0);
  const { page, context, errors } = await open(env.browser, `${env.server.url}?quiz=cat.verdict.${seed}`, { width: 1024, height: 768 });
  await page.waitForSelector(role("predict-commit"));
  assert.deepEqual(Object.fromEntries(new URLSearchParams(await page.evaluate(() => location.search))), { quiz: `cat.verdict.${seed}` }, "the link holds the question only");
  const st = await page.evaluate(() => window.genlab.cat.getState());
  assert.deepEqual([st.lambda, st.query], [0, query]);
  assert.equal(await page.evaluate(() => window.genlab.cat.prediction().question().hidden()), true);
  await assertNoTrace(page, ps);
  assert.match(await page.textContent(role("quiz-tally")), /^Nothing answered yet/);
  const truth = ps[1] > ps[0] ? 1 : 0;
  await page.click(role(`predict-class-${truth}`));
  await page.click(role("predict-commit"));
  await page.waitForSelector(`${role("quiz-outcome")}:not([hidden])`);
  assert.match(await page.textContent(role("quiz-outcome")), /^Counted right: the model's own answer\.$/);
  assert.match(await page.textContent(role("quiz-tally")), /1 of 1 right/);
  assert.equal((await view(page)).explanation.verdict_index, truth);
  await page.screenshot({ path: path.join(shots, "cat-verdict-1024-after.png") });
  // Next: a fresh seed, asked hidden again.
  await page.click(role("predict-done"));
  await page.click(role("quiz-next"));
  await page.waitForFunction((v) => { const q = new URLSearchParams(location.search).get("quiz"); return /^cat\.verdict\.\d+$/.test(q ?? "") && q !== v; }, `cat.verdict.${seed}`);
  assert.equal(await page.evaluate(() => window.genlab.cat.prediction().question()?.hidden()), true);
  await page.click(role("quiz-end"));
  await page.waitForFunction(() => !new URLSearchParams(location.search).has("quiz"));
  assert.ok(await page.isVisible(role("predict")));
  assert.equal(await page.$$eval("#cat-slot .cat-class", (x) => x.length), 2, "the panel shows its cards again");
  assert.deepEqual(errors, []);
  await context.close();
});

test("Quiz me on a table of the student's own: asked on the built-in table (as its link is), said so, and the student's table back at End", async () => {
  const { page, context, errors } = await open(env.browser, env.server.url, { width: 1280, height: 800 });
  const builtIn = await page.evaluate(() => window.genlab.cat.panel.csv());
  // The student's table: Lea plays basketball after all (one row's class changed).
  const own = builtIn.replace("Lea,yes,blue,long,no,no", "Lea,yes,blue,long,no,yes");
  assert.notEqual(own, builtIn);
  await page.evaluate((text) => window.genlab.cat.loadCsv(text), own);
  await page.click(role("quiz"));
  await page.waitForSelector(role("predict-commit"));
  assert.equal(await page.evaluate(() => window.genlab.cat.panel.csv()), builtIn, "the question is asked on the built-in table");
  assert.equal(await page.textContent(role("quiz-note")), "Quiz questions are asked on the built-in table (a question's link names its values); your own table comes back when you end the quiz.");
  // The model's answer is the hand count's on the built-in table, for the seed the link names.
  const seed = Number(new URLSearchParams(await page.evaluate(() => location.search)).get("quiz").split(".")[2]);
  const sit = new URLSearchParams(situation({ panel: "cat", kind: "verdict", seed }).query);
  const ps = lidstone(sit.get("cq").split("|"), Number(sit.get("cl")));
  const truth = ps[1] > ps[0] ? 1 : 0;
  await page.click(role(`predict-class-${truth}`));
  await page.click(role("predict-commit"));
  await page.waitForSelector(`${role("quiz-outcome")}:not([hidden])`);
  assert.match(await page.textContent(role("quiz-outcome")), /^Counted right/);
  await page.click(role("predict-done"));
  await page.click(role("quiz-end"));
  await page.waitForFunction(() => !new URLSearchParams(location.search).has("quiz"));
  assert.equal(await page.evaluate(() => window.genlab.cat.panel.csv()), own, "the student's table is back");
  // The built-in table (nothing kept aside): no note.
  await page.click(role("reset"));
  await page.click(role("quiz"));
  await page.waitForSelector(role("predict-commit"));
  assert.equal(await page.isVisible(role("quiz-note")), false);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a tie (uniform prior, nothing observed: each class ½ by hand): picking the second class is wrong, and the tie rule is said", async () => {
  const { page, context, errors } = await open(env.browser, `${env.server.url}?cprior=uniform&cq=${encodeURIComponent("|||")}`, { width: 1280, height: 800 });
  await page.evaluate(() => window.genlab.cat.startPrediction("verdict"));
  await startHidden(page);
  const [first, second] = await classNames(page);
  await page.click(role("predict-class-1"));
  await page.click(role("predict-commit"));
  await page.waitForSelector(role("predict-score"));
  const e = (await view(page)).explanation;
  assert.deepEqual(e.classes.map((c) => c.posterior), [0.5, 0.5]);
  assert.equal(e.verdict_index, 0, "on a tie the class listed first");
  assert.equal(await page.textContent(role("predict-score")), `Not this time: the model picks ${first}, P(${first} | x) = 0.5000; you picked ${second}, P(${second} | x) = 0.5000.`);
  assert.equal(await page.textContent(role("predict-tie")), WORDS.en.tie.replace("{truth}", first));
  // A right pick on the same tie: no tie sentence.
  await page.click(role("predict-done"));
  await page.evaluate(() => window.genlab.cat.startPrediction("verdict"));
  await startHidden(page);
  await page.click(role("predict-class-0"));
  await page.click(role("predict-commit"));
  await page.waitForSelector(role("predict-score"));
  assert.equal(await page.$(role("predict-tie")), null);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a lesson's predict: verdict step starts the prediction on the categorical panel", async () => {
  const lesson = `title.en: Verdicts\ntitle.zh: 判定\n\n## step zero\npanel: cat\nstate: cl=0\npredict: verdict\ncaption.en: Which class wins at λ = 0?\ncaption.zh: λ = 0 时哪个类别胜出？\n`;
  const { page, context, errors } = await open(env.browser, env.server.url, { width: 1280, height: 800 });
  await page.click("#lessons");
  await page.setInputFiles('.lesson-menu input[type="file"]', { name: "v.lesson.txt", mimeType: "text/plain", buffer: Buffer.from(lesson) });
  await page.waitForFunction(() => window.genlab?.lessons?.prediction === "hidden", null, { timeout: 15000 });
  await assertNoTrace(page, lidstone(["yes", "green", "short", "no"], 0));
  await page.click(role("predict-skip"));
  await page.waitForFunction(() => window.genlab.lessons.prediction === "revealed");
  assert.equal(await page.textContent(role("predict-score")), "Skipped: the model picks no, P(no | x) = 1; shown without a score.");
  assert.deepEqual(errors, []);
  await context.close();
});

test("axe: the prediction is clean while asking and after the reveal (360 px phone, zh-CN)", async () => {
  const context = await env.browser.newContext({ viewport: { width: 360, height: 740 }, bypassCSP: true });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(`${env.server.url}?lang=zh-CN`);
  await page.waitForSelector("html[data-ready=true]", { timeout: 20000 });
  const audit = async () => {
    await page.addScriptTag({ path: AXE });
    return page.evaluate(async () => {
      const r = await window.axe.run({ include: ["#cat-slot"] }, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21aa"] }, resultTypes: ["violations"] });
      return r.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
    });
  };
  await page.click(role("predict"));
  await startHidden(page);
  const found = (await audit()).map((v) => `asking: ${v}`);
  await page.click(role("predict-class-1"));
  await page.click(role("predict-commit"));
  await page.waitForSelector(role("predict-score"));
  found.push(...(await audit()).map((v) => `revealed: ${v}`));
  assert.deepEqual(found, []);
  assert.deepEqual(errors, []);
  await context.close();
});
