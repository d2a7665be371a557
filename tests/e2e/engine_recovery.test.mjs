// A panel survives its engine failing (js/recovery.js). Faults are injected through the
// test hook `globalThis.genlabFaults`: kind "trap" corrupts the lab object's handle so that
// the wasm code itself traps on its next call (a genuine WebAssembly.RuntimeError raised by
// the engine inside wasm: an out-of-bounds load), kind "throw" throws a RuntimeError from
// JavaScript without entering wasm (simulated); and the naive Bayes module's panels panic for
// real inside Rust on their Nth explain() when told to (`panicOnCall`, src/web/fault.rs: the
// panic hook's report, then an `unreachable` trap). Each way the panel must come back on a
// fresh instance within a second, with the same state and one line that says so; a second
// failure within ten seconds says "reload the page" instead.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { setup, open, repo } from "./lib.mjs";

const env = setup();

const RECOVERED = "The engine behind this panel failed; it was restarted and your settings restored.";
const RECOVERED_ZH = "此面板的计算引擎出错，已重新启动，您的设置已恢复。";
const RELOAD = "The engine behind this panel failed and was not restarted: reload the page to go on.";

const frame = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));

/** The panel's part of the link (the page's own stateQuery of its getState). */
const link = (page, name) => page.evaluate(async (name) => {
  const g = await import(new URL("js/genlab.js", location.href).href);
  const ctl = window.genlab_panels[name].controller;
  return g.stateQuery({ ...g.parseState("").state, [name]: ctl.getState() });
}, name);

/**
 * Whether two links say the same: the same keys and values, numbers equal to 1e-12. The
 * history's own setState moves a class's points by the distance to the stored mean and the
 * mean is then their average again, so a restored mean can differ from the stored one in its
 * last bits (Back and Forward do the same: 1.4000000000000008 comes back as
 * 1.4000000000000001); the link is otherwise the same string.
 */
function sameLink(a, b) {
  const pa = [...new URLSearchParams(a)];
  const pb = [...new URLSearchParams(b)];
  if (pa.length !== pb.length) return false;
  return pa.every(([k, v], i) => {
    const [k2, v2] = pb[i];
    if (k !== k2) return false;
    const xs = v.split(",");
    const ys = v2.split(",");
    return xs.length === ys.length && xs.every((x, j) => x === ys[j]
      || (Number.isFinite(Number(x)) && Math.abs(Number(x) - Number(ys[j])) <= 1e-12 * Math.max(1, Math.abs(Number(x)))));
  });
}

/** The panel's engine notice ("" when there is none) and its engine record. */
const engine = (page, slot) => page.evaluate((slot) => {
  const section = document.querySelector(`#${slot} section.panel`);
  const p = section.querySelector('[data-role="engine-notice"]');
  const e = section.genlabEngine;
  return { notice: p && !p.hidden ? p.textContent : "", state: e.state, recoveries: e.recoveries, ms: e.lastRecoveryMs, inert: section.inert };
}, slot);

/** Where mean k's handle is on the page (CSS pixels). */
const handleAt = (page, k) => page.evaluate((k) => {
  const p = window.genlab_panels.gda.controller.panel;
  const r = document.querySelector('#gda-slot [data-role="canvas"]').getBoundingClientRect();
  const h = p.handles();
  const [x, y] = p.dataToPixels(h[2 * k], h[2 * k + 1]);
  return { x: r.left + x / devicePixelRatio, y: r.top + y / devicePixelRatio };
}, k);

/** Corrupts the handle of a panel's lab object (as memory corruption would): its next call
 * traps inside wasm, an out-of-bounds load (a genuine RuntimeError, with or without the hook). */
const corrupt = (page, name) => page.evaluate((name) => { window.genlab_panels[name].controller.panel.__wbg_ptr = 0xfffffff0; }, name);

/**
 * Arms a failure of panel `name` in the event `type` of the control `selector` (its first one
 * where the control's value is `value`, when given): "trap" corrupts the lab's handle (see
 * corrupt), "panic" makes its next explain() panic inside Rust (panicOnCall). The failing call
 * is then one made after that event, whatever else the panel has pending: armed at once, the
 * failure met whichever call came next, and a redraw still waiting for its animation frame
 * (the last keys', or a resize's) could fail first, under load; the control's event then
 * reached a panel that was down (inert while it recovers) and was lost.
 */
const armOn = (page, name, selector, type, kind, value = null) => page.evaluate(([name, selector, type, kind, value]) => {
  const control = document.querySelector(selector);
  const fire = () => {
    if (value !== null && control.value !== value) return;
    control.removeEventListener(type, fire, true);
    const panel = window.genlab_panels[name].controller.panel;
    if (kind === "trap") panel.__wbg_ptr = 0xfffffff0;
    else panel.panicOnCall(1);
  };
  control.addEventListener(type, fire, true);
}, [name, selector, type, kind, value]);

/** Arms the test hook: the call after the next `after` calls of `method` fails. */
const arm = (page, flavour, fault) => page.evaluate(([flavour, fault]) => {
  globalThis.genlabFaults = { ...globalThis.genlabFaults, [flavour]: fault };
}, [flavour, fault]);

/** Grabs mean 1 and drags it 40 px to the left in 4 steps; leaves the button down. */
async function startDrag(page) {
  await page.$eval('#gda-slot [data-role="canvas"]', (c) => c.scrollIntoView({ block: "center" }));
  await frame(page);
  const h = await handleAt(page, 1);
  await page.mouse.move(h.x, h.y);
  await page.mouse.down();
  await page.mouse.move(h.x - 40, h.y + 10, { steps: 4 });
  await frame(page);
  return h;
}

test("a trap inside wasm mid-drag: the GDA panel is back within 1 s on a fresh instance, same state, one line", async () => {
  const { page, context, errors } = await open(env.browser, `${env.server.url}?embed=gda&seed=5&n0=30`);
  const h = await startDrag(page);
  const beforeLink = await link(page, "gda");
  const memoryBefore = await page.evaluate(async () => (await import(new URL("js/genlab.js", location.href).href)).loadCore().then((e) => { window.memoryBefore = e.memory; return e.memory.buffer.byteLength; }));
  assert.ok(memoryBefore > 0);
  await corrupt(page, "gda");
  const t0 = Date.now();
  await page.mouse.move(h.x - 44, h.y + 12);
  // (The wait allows for a loaded machine; the recovery's own time is asserted below.)
  await page.waitForFunction(() => document.querySelector('#gda-slot [data-role="engine-notice"]')?.textContent, null, { timeout: 3000 });
  const wall = Date.now() - t0;
  await page.mouse.up();
  await frame(page);
  const e = await engine(page, "gda-slot");
  assert.equal(e.notice, RECOVERED);
  assert.equal(e.state, "up");
  assert.equal(e.recoveries, 1);
  assert.equal(e.inert, false);
  // From the failure to the restored, redrawn panel and its notice, timed in the page.
  assert.ok(e.ms < 1000, `recovered in ${e.ms} ms (wall ${wall} ms)`);
  console.log(`gda recovery: ${e.ms.toFixed(1)} ms in the page, ${wall} ms wall`);
  // The settings are those of the last good moment: the link is the same.
  const afterLink = await link(page, "gda");
  assert.ok(sameLink(afterLink, beforeLink), `${afterLink} ≠ ${beforeLink}`);
  assert.match(beforeLink, /m1=/);
  // A fresh instance: another memory than the one the page started with.
  assert.equal(await page.evaluate(() => document.querySelector("#gda-slot section.panel").genlabEngine.memory !== window.memoryBefore
    && document.querySelector("#gda-slot section.panel").genlabEngine.memory instanceof WebAssembly.Memory), true);
  // And it works: the figure is drawn, and a new drag moves the mean.
  const drawn = await page.evaluate(() => {
    const c = document.querySelector('#gda-slot [data-role="canvas"]');
    const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
    const seen = new Set();
    for (let i = 0; i < d.length; i += 4 * 7) seen.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
    return seen.size;
  });
  assert.ok(drawn > 20, `the figure has ${drawn} colours`);
  const h2 = await handleAt(page, 1);
  await page.mouse.move(h2.x, h2.y);
  await page.mouse.down();
  await page.mouse.move(h2.x + 30, h2.y, { steps: 3 });
  await page.mouse.up();
  await frame(page);
  assert.ok(!sameLink(await link(page, "gda"), beforeLink));
  // The one console error is the injected trap's (genuine: raised inside wasm), in whichever
  // call came first after the corruption: the drag's move, or the link's read of the state.
  assert.equal(errors.length, 1, errors.join("\n"));
  assert.match(errors[0], /engine failed in (dragTo|state|summary|draw|resize)\(\)/);
  assert.match(errors[0], /RuntimeError: memory access out of bounds/);
  await context.close();
});

test("a second failure within ten seconds says 'reload the page' and does not loop", async () => {
  const { page, context, errors } = await open(env.browser, `${env.server.url}?embed=gda&seed=5`);
  const h = await startDrag(page);
  await arm(page, "gda", { method: "dragTo", after: 0, kind: "trap" });
  await page.mouse.move(h.x - 44, h.y + 12);
  await page.waitForFunction(() => document.querySelector("#gda-slot section.panel").genlabEngine.state === "up"
    && document.querySelector("#gda-slot section.panel").genlabEngine.recoveries === 1, null, { timeout: 3000 });
  await page.mouse.up();
  // The second, simulated (a RuntimeError thrown in JavaScript): the summary of the next drawing.
  await arm(page, "gda", { method: "summary", after: 0, kind: "throw" });
  await page.evaluate(() => new Promise((r) => setTimeout(() => { setTimeout(r, 50); window.genlab_panels.gda.controller.render(); })));
  const e = await engine(page, "gda-slot");
  assert.equal(e.notice, RELOAD);
  assert.equal(e.state, "dead");
  assert.equal(e.inert, true);
  // It stays down: no third attempt, no stream of errors from the calls refused meanwhile.
  await page.mouse.move(h.x, h.y);
  await page.mouse.down();
  await page.mouse.move(h.x + 20, h.y, { steps: 3 });
  await page.mouse.up();
  await page.waitForTimeout(300);
  assert.equal((await engine(page, "gda-slot")).recoveries, 1);
  assert.equal(errors.length, 2, errors.join("\n"));
  assert.ok(errors.every((m) => /engine failed in (dragTo|summary)/.test(m)), errors.join("\n"));
  await context.close();
});

test("a trap while typing: the spam panel is back with the message as typed, the notice in Chinese", async () => {
  const { page, context, errors } = await open(env.browser, `${env.server.url}?embed=nb&lang=zh-CN`);
  const box = '#nb-slot [data-role="text"]';
  await page.fill(box, "");
  await page.type(box, "free money now");
  await frame(page);
  const beforeState = await page.evaluate(() => window.genlab_panels.nb.controller.getState());
  // The next explanation of the message traps inside wasm, while the user types on (the
  // handle corrupted by the key's own input event).
  await armOn(page, "nb", box, "input", "trap");
  const t0 = Date.now();
  await page.type(box, "!");
  await page.waitForFunction(() => document.querySelector('#nb-slot [data-role="engine-notice"]')?.textContent, null, { timeout: 3000 });
  const wall = Date.now() - t0;
  await page.type(box, "!");
  await frame(page);
  const e = await engine(page, "nb-slot");
  assert.equal(e.notice, RECOVERED_ZH);
  assert.equal(e.recoveries, 1);
  console.log(`nb recovery: ${e.ms.toFixed(1)} ms in the page, ${wall} ms wall`);
  assert.ok(e.ms < 1000, `recovered in ${e.ms} ms (wall ${wall} ms)`);
  // Every setting as before; the message holds every keystroke, the one that met the trap too.
  const afterState = await page.evaluate(() => window.genlab_panels.nb.controller.getState());
  assert.deepEqual(afterState, { ...beforeState, text: "free money now!!" });
  // The ledger and the verdict are written again from the fresh instance.
  const rows = await page.$$eval('#nb-slot [data-role="ledger"] li, #nb-slot [data-role="ledger"] tr', (r) => r.length);
  assert.ok(rows > 0);
  // Switching the language rewrites the notice (its key is kept).
  await page.evaluate(() => window.genlab_panels.nb.setLang("en"));
  assert.equal((await engine(page, "nb-slot")).notice, RECOVERED);
  assert.equal(errors.length, 1, errors.join("\n"));
  assert.match(errors[0], /engine failed in \w+\(\)/);
  assert.match(errors[0], /RuntimeError/);
  await context.close();
});

/** The two console errors one injected Rust panic makes, and nothing else: the panic hook's
 * report (src/web/fault.rs's message, where it panicked), then recovery.js's line with the
 * engine's RuntimeError that the panic became (panic = "abort": an `unreachable` trap). */
function assertOnlyTheInjectedPanic(errors) {
  assert.equal(errors.length, 2, errors.join("\n"));
  assert.match(errors[0], /^panicked at src\/web\/fault\.rs:\d+:\d+:\ninjected panic in explain\(\) \(genlab's recovery test\)/);
  assert.match(errors[1], /^genlab: the engine failed in explain\(\); the panel restarts it\. RuntimeError: unreachable/);
}

test("a real Rust panic inside wasm in the categorical panel: back within 1 s with its settings and one line", async () => {
  const { page, context, errors } = await open(env.browser, `${env.server.url}?embed=cat&cl=0.5`);
  const before = await page.evaluate(() => window.genlab_panels.cat.controller.getState());
  assert.equal(before.prior, "ml");
  // Armed in the wasm module itself (CatPanel.panicOnCall, src/web/fault.rs) when the student's
  // choice arrives: the next explain() panics inside Rust, through the panic hook; the page is
  // not told.
  await armOn(page, "cat", '#cat-slot [data-role="prior"]', "change", "panic");
  // The student picks the uniform prior: the setter succeeds, and the drawing it schedules
  // (explain) panics.
  const t0 = Date.now();
  await page.selectOption('#cat-slot [data-role="prior"]', "uniform");
  await page.waitForFunction(() => document.querySelector('#cat-slot [data-role="engine-notice"]')?.textContent, null, { timeout: 3000 });
  const wall = Date.now() - t0;
  await frame(page);
  const e = await engine(page, "cat-slot");
  assert.equal(e.notice, RECOVERED);
  assert.equal(e.state, "up");
  assert.equal(e.recoveries, 1);
  assert.equal(e.inert, false);
  console.log(`cat recovery after a real panic: ${e.ms.toFixed(1)} ms in the page, ${wall} ms wall`);
  assert.ok(e.ms < 1000, `recovered in ${e.ms} ms (wall ${wall} ms)`);
  // The same settings, the student's choice included (it was made before the panic).
  const after = await page.evaluate(() => window.genlab_panels.cat.controller.getState());
  assert.deepEqual(after, { ...before, prior: "uniform" });
  assert.equal(await page.$eval('#cat-slot [data-role="prior"]', (s) => s.value), "uniform");
  // Drawn again from the fresh instance: the verdict is the one a page opened on the same link
  // shows.
  const verdict = () => page.$eval('#cat-slot [data-role="verdict"]', (v) => v.textContent);
  const recovered = await verdict();
  assert.ok(recovered.length > 0);
  const fresh = await open(env.browser, `${env.server.url}?embed=cat&${await link(page, "cat")}`);
  assert.deepEqual(await fresh.page.evaluate(() => window.genlab_panels.cat.controller.getState()), after);
  assert.equal(await fresh.page.$eval('#cat-slot [data-role="verdict"]', (v) => v.textContent), recovered);
  assert.deepEqual(fresh.errors, []);
  await fresh.context.close();
  // And it answers on: another prior, no new failure (the fresh instance is not armed).
  await page.selectOption('#cat-slot [data-role="prior"]', "smoothed");
  await frame(page);
  await frame(page);
  assert.equal((await page.evaluate(() => window.genlab_panels.cat.controller.getState())).prior, "smoothed");
  assert.equal((await engine(page, "cat-slot")).recoveries, 1);
  assertOnlyTheInjectedPanic(errors);
  await context.close();
});

test("a real Rust panic while typing: the spam panel is back with the message, and the keys typed on land in it", async () => {
  const { page, context, errors } = await open(env.browser, `${env.server.url}?embed=nb`);
  const box = '#nb-slot [data-role="text"]';
  await page.fill(box, "");
  await page.type(box, "cheap pills");
  await frame(page);
  const before = await page.evaluate(() => window.genlab_panels.nb.controller.getState());
  // The explanation after the "o" panics (SpamPanel.panicOnCall, armed by that key's input
  // event): mid-word. (Counted in explanations instead, it depended on the frames: the panel
  // explains once a frame, and keys 60 ms apart can share one on a loaded machine.)
  await armOn(page, "nb", box, "input", "panic", "cheap pills no");
  await page.type(box, " no", { delay: 60 });
  await page.waitForFunction(() => document.querySelector('#nb-slot [data-role="engine-notice"]')?.textContent, null, { timeout: 3000 });
  // The student types on, without clicking back into the box: the keys land in it.
  await page.keyboard.type("w!");
  await frame(page);
  const e = await engine(page, "nb-slot");
  assert.equal(e.notice, RECOVERED);
  assert.equal(e.recoveries, 1);
  assert.ok(e.ms < 1000, `recovered in ${e.ms} ms`);
  assert.deepEqual(await page.evaluate(() => window.genlab_panels.nb.controller.getState()), { ...before, text: "cheap pills now!" });
  const rows = await page.$$eval('#nb-slot [data-role="ledger"] li, #nb-slot [data-role="ledger"] tr', (r) => r.length);
  assert.ok(rows > 0);
  assertOnlyTheInjectedPanic(errors);
  await context.close();
});

const RESTARTED = "The learning curves' computation stopped responding; it was restarted.";
const WORKER_RELOAD = "The learning curves' computation stopped responding again: choose fewer sizes or splits, or reload the page.";

/** Opens the learning curves alone with `faults` armed before the page's first run. */
const openCurves = (faults) => open(env.browser, `${env.server.url}?embed=curves`, {
  setup: (page) => page.addInitScript((f) => { globalThis.genlabFaults = f; }, faults),
});

test("a learning-curves worker that hangs mid-run is terminated and its run restarted, once", async () => {
  const { page, context, errors } = await openCurves({ curves: { worker: "hang" }, curvesDeadlineMs: 3000 });
  const slot = "#curves-slot section.panel";
  await page.waitForFunction((slot) => document.querySelector(slot).dataset.run === "done", slot, { timeout: 30000 });
  const notice = await page.$eval(`${slot} [data-role="engine-notice"]`, (p) => p.textContent);
  assert.equal(notice, RESTARTED);
  // The restarted run finished, and its status says so (no "computing…" left behind).
  assert.doesNotMatch(await page.$eval(`${slot} [data-role="status"]`, (p) => p.textContent), /…/);
  assert.equal(errors.length, 1, errors.join("\n"));
  assert.match(errors[0], /worker was silent for 3000 ms/);
  await context.close();
});

test("a learning-curves worker that traps inside wasm is replaced; the second stall says what to do", async () => {
  const { page, context, errors } = await openCurves({ curves: { worker: "trap" }, curvesDeadlineMs: 3000 });
  const slot = "#curves-slot section.panel";
  await page.waitForFunction((slot) => document.querySelector(slot).dataset.run === "done", slot, { timeout: 30000 });
  assert.equal(await page.$eval(`${slot} [data-role="engine-notice"]`, (p) => p.textContent), RESTARTED);
  assert.equal(errors.length, 1, errors.join("\n"));
  assert.match(errors[0], /worker failed/);
  // Twice in a row (the run and its restart both hang): no third worker, a sentence instead.
  await page.evaluate(() => { globalThis.genlabFaults = { curves: { worker: "hang", times: 2 }, curvesDeadlineMs: 3000 }; });
  await page.evaluate(() => window.genlab_panels.curves.setState({ seed: 99 }));
  await page.waitForFunction((slot) => document.querySelector(slot).dataset.run === "error", slot, { timeout: 30000 });
  assert.equal(await page.$eval(`${slot} [data-role="engine-notice"]`, (p) => p.textContent), WORKER_RELOAD);
  assert.equal(errors.length, 3, errors.join("\n"));
  await context.close();
});

test("a first instantiation that fails (out of memory, simulated) is tried once more: the page starts", async () => {
  const { page, context, errors } = await open(env.browser, `${env.server.url}?embed=gda`, {
    setup: (page) => page.addInitScript(() => { globalThis.genlabFaults = { load: { gda: 1 } }; }),
  });
  // The panel is there and answers.
  assert.equal(await page.evaluate(() => globalThis.genlabFaults.load.gda), 0, "the injected failure was met");
  assert.ok(await page.evaluate(() => window.genlab_panels.gda.controller.panel.classes()) === 2);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a fresh instance that cannot be made (out of memory, simulated) says 'reload the page' at once", async () => {
  const { page, context, errors } = await open(env.browser, `${env.server.url}?embed=gda&seed=5`);
  await arm(page, "gda", { method: "draw", after: 0, kind: "trap", instantiate: true });
  await page.evaluate(() => new Promise((r) => setTimeout(() => { setTimeout(r, 50); window.genlab_panels.gda.controller.render(); })));
  await page.waitForFunction(() => document.querySelector("#gda-slot section.panel").genlabEngine.state === "dead", null, { timeout: 3000 });
  const e = await engine(page, "gda-slot");
  assert.equal(e.notice, RELOAD);
  assert.equal(e.recoveries, 0);
  assert.equal(errors.length, 2, errors.join("\n"));
  assert.match(errors[0], /engine failed in draw\(\)/);
  assert.match(errors[1], /could not be started again.*Out of memory/s);
  await context.close();
});

test("the single offline file recovers too: its bundle runs the glue's source again for a fresh instance", async () => {
  const file = path.join(repo, "dist", "genlab.html");
  assert.ok(existsSync(file), "dist/ is not built: run scripts/dist.sh (scripts/test.sh does)");
  const { page, context, errors } = await open(env.browser, `${pathToFileURL(file).href}?embed=gda&seed=5&n0=30`);
  const h = await startDrag(page);
  const before = await page.evaluate(() => window.genlab_panels.gda.controller.getState());
  await corrupt(page, "gda");
  await page.mouse.move(h.x - 44, h.y + 12);
  await page.waitForFunction(() => document.querySelector("#gda-slot section.panel").genlabEngine.state === "up"
    && document.querySelector("#gda-slot section.panel").genlabEngine.recoveries === 1, null, { timeout: 3000 });
  await page.mouse.up();
  assert.equal((await engine(page, "gda-slot")).notice, RECOVERED);
  const after = await page.evaluate(() => window.genlab_panels.gda.controller.getState());
  assert.deepEqual(Object.keys(after), Object.keys(before));
  assert.equal(JSON.stringify(after.models), JSON.stringify(before.models));
  for (const [k, m] of before.means.entries()) for (const [i, v] of m.entries()) assert.ok(Math.abs(after.means[k][i] - v) <= 1e-12, `mean ${k}`);
  assert.equal(errors.length, 1, errors.join("\n"));
  await context.close();
});

test("what the state does not hold: an edited categorical table comes back; a spam corpus of one's own is said to be lost", async () => {
  const { page, context, errors } = await open(env.browser, `${env.server.url}?embed=cat`);
  // A cell edited (the first row's first attribute set to its other value), through the lab.
  const edited = await page.evaluate(() => {
    const ctl = window.genlab_panels.cat.controller;
    const table = ctl.panel.table();
    const values = table.attributes[0].values;
    const now = table.rows[0][0] ?? table.rows[0].values?.[0];
    const pristine = ctl.panel.csv();
    ctl.panel.setCell(0, 0, values.find((v) => v !== now) ?? values[0]);
    ctl.render();
    return { pristine, csv: ctl.panel.csv() };
  }).then(({ pristine, csv }) => {
    assert.notEqual(csv, pristine, "the cell was edited");
    return csv;
  });
  const beforeState = await page.evaluate(() => window.genlab_panels.cat.controller.getState());
  await corrupt(page, "cat");
  await page.evaluate(() => new Promise((r) => setTimeout(() => { setTimeout(r, 0); window.genlab_panels.cat.controller.render(); })));
  await page.waitForFunction(() => document.querySelector("#cat-slot section.panel").genlabEngine.recoveries === 1, null, { timeout: 3000 });
  assert.equal((await engine(page, "cat-slot")).notice, RECOVERED);
  assert.equal(await page.evaluate(() => window.genlab_panels.cat.controller.panel.csv()), edited);
  assert.deepEqual(await page.evaluate(() => window.genlab_panels.cat.controller.getState()), beforeState);
  assert.equal(errors.length, 1, errors.join("\n"));
  await context.close();

  const nb = await open(env.browser, `${env.server.url}?embed=nb`);
  await nb.page.evaluate(() => {
    const ctl = window.genlab_panels.nb.controller;
    ctl.panel.addMessage("spam", "win cash prizes now");
    ctl.render();
  });
  await corrupt(nb.page, "nb");
  await nb.page.evaluate(() => new Promise((r) => setTimeout(() => { setTimeout(r, 0); window.genlab_panels.nb.controller.render(); })));
  await nb.page.waitForFunction(() => document.querySelector("#nb-slot section.panel").genlabEngine.recoveries === 1, null, { timeout: 3000 });
  assert.equal((await engine(nb.page, "nb-slot")).notice, "The engine behind this panel failed; it was restarted with your settings, but on the built-in corpus: load your own corpus again.");
  assert.equal(nb.errors.length, 1, nb.errors.join("\n"));
  await nb.context.close();
});

test("the learning curves' figure (simulated failure while drawing): redrawn from a fresh instance, the curves kept", async () => {
  const { page, context, errors } = await open(env.browser, `${env.server.url}?embed=curves`);
  const slot = "#curves-slot section.panel";
  await page.waitForFunction((slot) => document.querySelector(slot).dataset.run === "done", slot, { timeout: 30000 });
  const status = await page.$eval(`${slot} [data-role="status"]`, (p) => p.textContent);
  await arm(page, "curves", { method: "drawLearningCurves", after: 0, kind: "throw" });
  await page.evaluate(() => new Promise((r) => setTimeout(() => { setTimeout(r, 0); window.genlab_panels.curves.controller.render(); })));
  await page.waitForFunction(() => document.querySelector("#curves-slot section.panel").genlabEngine.recoveries === 1, null, { timeout: 3000 });
  assert.equal((await engine(page, "curves-slot")).notice, RECOVERED);
  // The same curves (the run is not repeated), drawn again: the figure has its colours.
  assert.equal(await page.$eval(`${slot} [data-role="status"]`, (p) => p.textContent), status);
  const colours = await page.$eval(`${slot} [data-role="canvas"]`, (c) => {
    const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
    const seen = new Set();
    for (let i = 0; i < d.length; i += 4 * 7) seen.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
    return seen.size;
  });
  assert.ok(colours > 10, `${colours} colours`);
  assert.equal(errors.length, 1, errors.join("\n"));
  assert.match(errors[0], /engine failed in drawLearningCurves\(\)/);
  await context.close();
});
