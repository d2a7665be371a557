// The GDA panel's controls for k > 2 classes in a real browser: classes 2 to 4 have the
// sliders classes 0 and 1 have (n, σx, σy, ρ), a change of k keeps the clouds of the
// classes that stay, points of every class can be added by pointer and read from CSV, a
// label out of range is refused with the range in the sentence (both languages), and the
// intro no longer speaks of two classes. The references are the values the test sets and
// the points the panel reports (pointsFlat), never figures of our own code.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, open } from "./lib.mjs";

const env = setup();

const role = (r) => `#gda-slot [data-role="${r}"]`;
const panel = (page, expr) => page.evaluate(`((p) => ${expr})(window.genlab_panels.gda.controller.panel)`);
/** Points per class, counted from the panel's points. */
const counts = (page) => panel(page, `(() => { const f = p.pointsFlat(); const n = [0, 0, 0, 0, 0];
  for (let i = 2; i < f.length; i += 3) n[f[i]] += 1; return n; })()`);
/** Sets a slider (or select) as a user does: the value, then its input and change events. */
async function set(page, r, value) {
  await page.$eval(role(r), (el, v) => {
    el.value = String(v);
    el.dispatchEvent(new Event("input", { bubbles: true }));
    el.dispatchEvent(new Event("change", { bubbles: true }));
  }, value);
}

test("classes 2 to 4 have their own sliders and a change of k keeps every cloud that stays", async () => {
  const { page, context, errors } = await open(env.browser, `${env.server.url}?k=3`);
  const shown = (c) => page.$eval(`#gda-slot fieldset.class.c${c}`, (f) => !f.hidden && f.offsetParent !== null);
  assert.deepEqual([await shown(2), await shown(3), await shown(4)], [true, false, false]);
  await set(page, "n2", 77);
  await set(page, "sdx2", 0.5);
  await set(page, "rho2", -0.6);
  await set(page, "n1", 33);
  let c = await panel(page, "p.clouds()");
  assert.equal(c.clouds[2].n, 77);
  assert.equal(c.clouds[2].sd[0], 0.5);
  assert.equal(c.clouds[2].rho, -0.6);
  assert.deepEqual((await counts(page)).slice(0, 3), [c.clouds[0].n, 33, 77]);
  const link = new URL(page.url()).searchParams;
  assert.equal(link.get("n2"), "77");
  // k = 4: classes 0 to 2 keep their clouds, class 3 comes with its sliders.
  await set(page, "classes", 4);
  assert.equal(await shown(3), true);
  c = await panel(page, "p.clouds()");
  assert.equal(c.clouds.length, 4);
  assert.deepEqual([c.clouds[1].n, c.clouds[2].n, c.clouds[2].sd[0], c.clouds[2].rho], [33, 77, 0.5, -0.6]);
  assert.equal(await page.$eval(role("n2"), (s) => s.value), "77");
  await set(page, "n3", 12);
  assert.equal((await counts(page))[3], 12);
  // Back to k = 3: class 3 goes, the others stay as they were.
  await set(page, "classes", 3);
  c = await panel(page, "p.clouds()");
  assert.deepEqual(c.clouds.map((d) => d.n), [c.clouds[0].n, 33, 77]);
  assert.equal(await shown(3), false);
  assert.deepEqual(errors, []);
  await context.close();
});

test("points of every class are added by pointer and read from CSV; a bad label names the range", async () => {
  const { page, context, errors } = await open(env.browser, `${env.server.url}?k=4`);
  const before = await counts(page);
  await page.check(`#gda-slot [data-role="mode"][value="add3"]`);
  // The radio may have scrolled the page: the canvas back into view, then its box.
  const box = await page.$eval(role("canvas"), (el) => {
    el.scrollIntoView({ block: "center" });
    const r = el.getBoundingClientRect();
    return [r.left, r.top, r.width, r.height];
  });
  await page.mouse.click(box[0] + box[2] / 2, box[1] + box[3] / 2);
  const after = await counts(page);
  assert.equal(after[3], before[3] + 1);
  assert.deepEqual([after[0], after[1], after[2]], [before[0], before[1], before[2]]);
  // CSV with three classes.
  await page.$eval(`#gda-slot details`, (d) => { d.open = true; });
  await page.fill(role("csv"), "x,y,label\n0,0,0\n1,0,0\n0,1,0\n5,5,1\n6,5,1\n5,6,1\n0,9,2\n1,9,2\n0,8,2\n");
  await page.click(role("csv-apply"));
  assert.equal(await panel(page, "p.classes()"), 3);
  assert.deepEqual((await counts(page)).slice(0, 3), [3, 3, 3]);
  await page.fill(role("csv"), "x,y,label\n0,0,0\n1,0,7\n");
  await page.click(role("csv-apply"));
  const message = await page.textContent(role("input-error"));
  assert.match(message, /the label is “7”, but it must be a class from 0 to 4/);
  assert.equal(await panel(page, "p.classes()"), 3, "the refused text changed nothing");
  assert.deepEqual(errors, []);
  await context.close();

  const zh = await open(env.browser, `${env.server.url}?k=3&lang=zh-CN`);
  await zh.page.$eval(`#gda-slot details`, (d) => { d.open = true; });
  await zh.page.fill(role("csv"), "x,y,label\n0,0,0\n1,0,7\n");
  await zh.page.click(role("csv-apply"));
  const zhMessage = await zh.page.textContent(role("input-error"));
  assert.match(zhMessage, /0 到 4/);
  assert.doesNotMatch(zhMessage, /label|must/);
  assert.deepEqual(zh.errors, []);
  await zh.context.close();
});

test("the intro speaks of k classes once there are more than two, in both languages", async () => {
  for (const [lang, two] of [["en", /^Two classes/], ["zh-CN", /^两个类别/]]) {
    const q = lang === "en" ? "" : "&lang=zh-CN";
    const { page, context, errors } = await open(env.browser, `${env.server.url}?k=2${q}`);
    assert.match(await page.textContent("#gda-slot .lede"), two);
    await set(page, "classes", 3);
    const lede = await page.textContent("#gda-slot .lede");
    assert.doesNotMatch(lede, two);
    assert.match(lede, /k/);
    await set(page, "classes", 2);
    assert.match(await page.textContent("#gda-slot .lede"), two);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test("the pointer readout gives every class's posterior for k > 2", async () => {
  const { page, context, errors } = await open(env.browser, `${env.server.url}?src=iris-three-species`);
  const box = await page.$eval(role("canvas"), (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; });
  await page.mouse.move(box[0] + box[2] * 0.5, box[1] + box[3] * 0.5);
  await page.waitForFunction((sel) => /p\(y = 2 \| x\)/.test(document.querySelector(sel).textContent), role("pointer"), { timeout: 5000 });
  const text = await page.textContent(role("pointer"));
  // "0.123", or "> 0.999" / "< 0.001" at the ends (format.js p3).
  const ps = [...text.matchAll(/p\(y = (\d) \| x\) = ([<>] )?([0-9.]+)/g)].map((m) => [Number(m[1]), m[2]?.trim() ?? "=", Number(m[3])]);
  assert.deepEqual(ps.map((p) => p[0]), [0, 1, 2], text);
  // The same numbers as the panel's model at that point, to the three digits shown.
  const exact = await panel(page, `p.posteriorsAt(${box[2] * 0.5}, ${box[3] * 0.5}).p`);
  assert.ok(Math.abs(exact.reduce((a, b) => a + b, 0) - 1) < 1e-12, `${exact} sum to 1`);
  for (const [c, op, v] of ps) {
    if (op === ">") assert.ok(exact[c] > 0.999, `class ${c}: > ${v} vs ${exact[c]}`);
    else if (op === "<") assert.ok(exact[c] < 0.001, `class ${c}: < ${v} vs ${exact[c]}`);
    else assert.ok(Math.abs(v - exact[c]) <= 0.0005 + 1e-12, `class ${c}: ${v} vs ${exact[c]}`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test("the numbers of k classes (loaded on demand) failing to load are said, not left blank, and come at the next change once they load", async () => {
  let block = true;
  const { page, context, errors } = await open(env.browser, `${env.server.url}?k=3`, {
    setup: (p) => p.route("**/js/gda-classes.js", (r) => (block ? r.abort() : r.continue())),
  });
  await page.waitForFunction(() => !document.querySelector('#gda-slot [data-role="error"]').hidden);
  assert.equal(await page.textContent('#gda-slot [data-role="error"]'), "The numbers of more than two classes did not load (is the network down?); they are fetched again when the figure next changes.");
  assert.equal(await page.isVisible('#gda-slot [data-role="classes-numbers"]'), false, "no table of empty cells");
  block = false;
  await page.fill('#gda-slot [data-control="seed"] input, #gda-slot [data-role="seed"]', "8");
  await page.press('#gda-slot [data-role="seed"]', "Enter");
  await page.waitForFunction(() => document.querySelector('#gda-slot [data-role="k-priors"]').textContent.length > 0);
  assert.equal(await page.isVisible('#gda-slot [data-role="error"]'), false);
  assert.equal(await page.isVisible('#gda-slot [data-role="classes-numbers"]'), true);
  // (The aborted fetches are the only errors: the browser's own lines about them.)
  assert.deepEqual(errors.filter((e) => !e.startsWith("Failed to load resource")), []);
  await context.close();
});
