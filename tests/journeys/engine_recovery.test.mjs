// Journeys in every engine: a panel survives its engine failing (www/js/recovery.js). The
// GDA panel's lab object has its handle corrupted mid-drag, so that its next call traps
// inside wasm (an out-of-bounds load: a genuine WebAssembly.RuntimeError raised by the
// engine); the panel must be back within a second on a fresh instance, with the same state
// and the one line that says so. The spam panel meets the same while a message is typed, and
// then a real Rust panic inside wasm (SpamPanel.panicOnCall, src/web/fault.rs): the panic
// hook's report, then the engine's `unreachable` trap, as a bug would give it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { forEachEngine, openPage, pageErrors, assertNoGarbage } from "./lib.mjs";

const RECOVERED = "The engine behind this panel failed; it was restarted and your settings restored.";

/** The panel's state as its getState gives it (what the link is written from). (A page's
 * module cannot be imported from a WebDriver script in Firefox: it gets a module graph of its
 * own, with no instance.) */
const stateOf = (s, name) => s.execute((name) => window.genlab_panels[name].controller.getState(), name);

/** The same state: equal values, numbers to 1e-12 (the history's setState may change a
 * restored mean in its last bits: see tests/e2e/engine_recovery.test.mjs). */
function sameState(a, b) {
  if (typeof a === "number" && typeof b === "number") return a === b || Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(a));
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return a === b;
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => sameState(a[k], b[k]));
}

/** The panel's engine record and notice. */
const engine = (s, slot) => s.execute((slot) => {
  const section = document.querySelector(`#${slot} section.panel`);
  const p = section.querySelector('[data-role="engine-notice"]');
  const e = section.genlabEngine;
  return { notice: p && !p.hidden ? p.textContent : "", state: e.state, recoveries: e.recoveries, ms: e.lastRecoveryMs, fresh: Boolean(e.memory && e.memory.buffer.byteLength > 0) };
}, slot);

/** The errors the recorder kept, but for the one the failure itself logs. */
const otherErrors = async (s) => (await pageErrors(s)).filter((m) => !/^console\.error: genlab: the engine failed in \w+\(\); the panel restarts it\. RuntimeError/.test(m));

/**
 * Arms the failure when the next key reaches the spam panel's message box (in its input
 * event), so that the failing call is one made after that key is in the box: "trap" corrupts
 * the lab's handle (its next call traps inside wasm), "panic" makes its next explain() panic
 * inside Rust. Armed at once instead, the failure met whichever call came next: under load
 * the panel's redraw for the keys typed before could still be waiting for its animation frame
 * (the last key was 22–93 ms earlier here: one frame or a few), and then the engine failed
 * before the next key was sent; that key reached a panel that was down (inert while it
 * recovers, by design) and was lost, and the keys typed after the recovery were waited for in
 * vain: the box read "cheap pillsnow!" (once in 42 Chromium runs; every time when armed with
 * a redraw pending and a frame let pass before the key).
 */
const armOnNextKey = (s, kind) => s.execute((kind) => {
  const box = document.querySelector('#nb-slot [data-role="text"]');
  box.addEventListener("input", () => {
    if (kind === "trap") window.genlab.nb.panel.__wbg_ptr = 0xfffffff0;
    else window.genlab_panels.nb.controller.panel.panicOnCall(1);
  }, { once: true, capture: true });
}, kind);

/** The requests for a module's glue so far: a recovery evaluates the glue again from the
 * browser's copy, and fetches no file (recovery.js freshGlue; under a query of its own the glue
 * was fetched again on a session's first recovery, 10–116 ms of it). */
const glueRequests = (c, flavour) => c.server.count(`/pkg-${flavour}/genlab.js`);

/** The engine's words for the trap a Rust panic ends in (panic = "abort": `unreachable`). */
const UNREACHABLE = { chromium: "unreachable", firefox: "unreachable executed", webkit: "Unreachable code should not be executed" };

forEachEngine((c) => {
  test("a trap inside wasm mid-drag: the GDA panel is back within 1 s with the same state and one line", async () => {
    const s = c.session;
    await openPage(s, `${c.server.url}?embed=gda&seed=5&n0=30`);
    const h = await s.execute(() => {
      const canvas = document.querySelector('#gda-slot [data-role="canvas"]');
      canvas.scrollIntoView({ block: "center" });
      const p = window.genlab.gda.panel;
      const hs = p.handles();
      const px = p.dataToPixels(hs[2], hs[3]);
      const r = canvas.getBoundingClientRect();
      return { x: Math.round(r.left + px[0] / devicePixelRatio), y: Math.round(r.top + px[1] / devicePixelRatio) };
    });
    const move = (x, y) => ({ type: "pointerMove", duration: 50, origin: "viewport", x, y });
    const mouse = (actions) => [{ type: "pointer", id: "mouse", parameters: { pointerType: "mouse" }, actions }];
    const initial = await stateOf(s, "gda");
    // Grab μ₁ and drag it; the button stays down.
    await s.actions(mouse([move(h.x, h.y), { type: "pointerDown", button: 0 }, move(h.x - 15, h.y + 5), move(h.x - 30, h.y + 10)]), { release: false });
    // (Means not moved are not in the state: null until the drag.)
    await s.waitFor("the drag to move μ₁", () => window.genlab.gda.getState().means !== null);
    const before = await stateOf(s, "gda");
    assert.ok(!sameState(before, initial), "the drag moved μ₁");
    const requests = glueRequests(c, "gda");
    // The handle is corrupted: the next call (the drag's next move) traps inside wasm.
    await s.execute(() => { window.genlab.gda.panel.__wbg_ptr = 0xfffffff0; });
    await s.actions(mouse([move(h.x - 34, h.y + 12)]), { release: false });
    const t0 = Date.now();
    await s.waitFor("the recovery notice", () => document.querySelector('#gda-slot [data-role="engine-notice"]')?.textContent, [], 5000);
    const wall = Date.now() - t0;
    await s.actions(mouse([{ type: "pointerUp", button: 0 }]));
    const e = await engine(s, "gda-slot");
    console.log(`${c.engine}: gda recovery ${e.ms?.toFixed(1)} ms in the page (notice seen ${wall} ms after the move returned)`);
    assert.equal(e.notice, RECOVERED);
    assert.equal(e.state, "up");
    assert.equal(e.recoveries, 1);
    assert.equal(e.fresh, true);
    assert.ok(e.ms < 1000, `recovered in ${e.ms} ms`);
    assert.equal(glueRequests(c, "gda") - requests, 0, "requests for the glue during the recovery");
    const after = await stateOf(s, "gda");
    assert.ok(sameState(after, before), `${JSON.stringify(after)} ≠ ${JSON.stringify(before)}`);
    // The fresh panel answers: its numbers are written, and nothing else failed.
    await assertNoGarbage(s);
    assert.deepEqual(await otherErrors(s), [], `errors in ${c.engine}`);
    assert.equal((await pageErrors(s)).length, 1, (await pageErrors(s)).join("\n"));
  });

  test("a trap while typing: the spam panel is back with every keystroke", async () => {
    const s = c.session;
    await openPage(s, `${c.server.url}?embed=nb`);
    const box = await s.execute(() => {
      const t = document.querySelector('#nb-slot [data-role="text"]');
      t.scrollIntoView({ block: "center" });
      t.value = "";
      t.dispatchEvent(new Event("input", { bubbles: true }));
      t.focus();
      return true;
    });
    assert.ok(box);
    const keys = (text) => [{ type: "key", id: "kb", actions: [...text].flatMap((ch) => [{ type: "keyDown", value: ch }, { type: "keyUp", value: ch }]) }];
    await s.actions(keys("free money"));
    await s.waitFor("the text", () => window.genlab.nb.getState().text === "free money");
    const before = await s.execute(() => window.genlab.nb.getState());
    const requests = glueRequests(c, "nb");
    // The handle is corrupted by the key's own input event (see armOnNextKey).
    await armOnNextKey(s, "trap");
    await s.actions(keys("x"));
    await s.waitFor("the recovery notice", () => document.querySelector('#nb-slot [data-role="engine-notice"]')?.textContent, [], 5000);
    const e = await engine(s, "nb-slot");
    console.log(`${c.engine}: nb recovery ${e.ms?.toFixed(1)} ms in the page`);
    assert.equal(e.notice, RECOVERED);
    assert.equal(e.recoveries, 1);
    assert.ok(e.ms < 1000);
    assert.equal(glueRequests(c, "nb") - requests, 0, "requests for the glue during the recovery");
    assert.deepEqual(await s.execute(() => window.genlab.nb.getState()), { ...before, text: "free moneyx" });
    await assertNoGarbage(s);
    assert.deepEqual(await otherErrors(s), [], `errors in ${c.engine}`);
  });

  test("a real Rust panic while typing: the spam panel is back with the message, and the keys typed on land in it", async () => {
    const s = c.session;
    await openPage(s, `${c.server.url}?embed=nb`);
    await s.execute(() => {
      const t = document.querySelector('#nb-slot [data-role="text"]');
      t.scrollIntoView({ block: "center" });
      t.value = "";
      t.dispatchEvent(new Event("input", { bubbles: true }));
      t.focus();
    });
    const keys = (text) => [{ type: "key", id: "kb", actions: [...text].flatMap((ch) => [{ type: "keyDown", value: ch }, { type: "keyUp", value: ch }]) }];
    await s.actions(keys("cheap pills"));
    await s.waitFor("the text", () => window.genlab.nb.getState().text === "cheap pills");
    const before = await s.execute(() => window.genlab.nb.getState());
    // The next explanation panics inside Rust: one that runs after the next key is in the box
    // (armed by that key's own input event, see armOnNextKey).
    await armOnNextKey(s, "panic");
    await s.actions(keys(" "));
    await s.waitFor("the recovery notice", () => document.querySelector('#nb-slot [data-role="engine-notice"]')?.textContent, [], 5000);
    // The student types on without clicking back into the box: the keys land in it.
    await s.actions(keys("now!"));
    await s.waitFor("every keystroke", () => window.genlab.nb.getState().text === "cheap pills now!", [], 5000).catch(async (e) => {
      const seen = await s.execute(() => ({ text: window.genlab.nb.getState().text, focus: document.activeElement?.outerHTML.slice(0, 80) }));
      throw new Error(`${e.message}: ${JSON.stringify(seen)}`);
    });
    const e = await engine(s, "nb-slot");
    console.log(`${c.engine}: nb recovery after a real panic ${e.ms?.toFixed(1)} ms in the page`);
    assert.equal(e.notice, RECOVERED);
    assert.equal(e.state, "up");
    assert.equal(e.recoveries, 1);
    assert.equal(e.fresh, true);
    assert.ok(e.ms < 1000, `recovered in ${e.ms} ms`);
    assert.deepEqual(await s.execute(() => window.genlab.nb.getState()), { ...before, text: "cheap pills now!" });
    await assertNoGarbage(s);
    // Exactly the injected panic, twice seen: the hook's report, and recovery's line with the trap.
    const errors = await pageErrors(s);
    assert.equal(errors.length, 2, errors.join("\n"));
    assert.match(errors[0], /^console\.error: panicked at src\/web\/fault\.rs:\d+:\d+:\ninjected panic in explain\(\) \(genlab's recovery test\)/);
    assert.ok(errors[1] === `console.error: genlab: the engine failed in explain(); the panel restarts it. RuntimeError: ${UNREACHABLE[c.engine]}`
      // (WebKit names the call it was in.)
      || errors[1] === `console.error: genlab: the engine failed in explain(); the panel restarts it. RuntimeError: ${UNREACHABLE[c.engine]} (evaluating 'wasm.spampanel_explain(this.__wbg_ptr, ptr0, len0)')`, errors[1]);
  });
});
