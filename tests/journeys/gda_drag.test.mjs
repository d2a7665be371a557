// Journeys in every engine: a GDA class mean dragged with W3C pointer actions moves the
// fitted numbers, and the link the page then shows reproduces that state when opened afresh.
import { test } from "node:test";
import assert from "node:assert/strict";
import { forEachEngine, openPage, assertNoPageErrors, assertNoGarbage } from "./lib.mjs";

/** The GDA panel's fitted numbers as shown. */
const fitted = (s) => s.execute(() => Object.fromEntries(["phi", "mu0", "mu1", "sigma", "w", "b", "boundary"]
  .map((r) => [r, document.querySelector(`#gda-slot [data-role="${r}"]`).textContent])));

/** Scrolls the GDA figure into view and returns mean `k`'s handle in viewport CSS pixels. */
const handleAt = (s, k) => s.execute((k) => {
  const canvas = document.querySelector('#gda-slot [data-role="canvas"]');
  canvas.scrollIntoView({ block: "center" });
  const p = window.genlab.gda.panel;
  const h = p.handles();
  const px = p.dataToPixels(h[2 * k], h[2 * k + 1]);
  const r = canvas.getBoundingClientRect();
  return { x: r.left + px[0] / devicePixelRatio, y: r.top + px[1] / devicePixelRatio, inside: px[0] > 0 && px[1] > 0 };
}, k);

forEachEngine((c) => {
  test("dragging μ₀ with the pointer changes the fit, and the link reproduces it", async () => {
    const s = c.session;
    await openPage(s, c.server.url);
    const before = await fitted(s);
    const h = await handleAt(s, 0);
    assert.ok(h.inside, JSON.stringify(h));
    const x = Math.round(h.x);
    const y = Math.round(h.y);
    // A mouse drag in steps, as a hand does: down on the handle, four moves, up.
    const steps = [1, 2, 3, 4].map((i) => ({ type: "pointerMove", duration: 50, origin: "viewport", x: x - 15 * i, y: y + 10 * i }));
    await s.actions([{
      type: "pointer", id: "mouse", parameters: { pointerType: "mouse" },
      actions: [
        { type: "pointerMove", duration: 0, origin: "viewport", x, y },
        { type: "pointerDown", button: 0 },
        ...steps,
        { type: "pointerUp", button: 0 },
      ],
    }]);
    await s.waitFor("μ₀ to change", (old) => document.querySelector('#gda-slot [data-role="mu0"]').textContent !== old, [before.mu0]);
    // The drag ends with the refit: the link holds the new mean.
    await s.waitFor("the link to carry m0", () => new URLSearchParams(location.search).has("m0"));
    const after = await fitted(s);
    assert.equal(after.mu1, before.mu1, "μ₁ stays where it was");
    // Dragging a generating mean translates that class's sample: the within-class scatter Σ stays.
    assert.equal(after.sigma, before.sigma);
    for (const k of ["mu0", "w", "b", "boundary"]) assert.notEqual(after[k], before[k], k);
    // Dragged left and down on the screen: μ₀'s x falls, its y falls (y grows upwards).
    const coords = (v) => v.slice(1, -1).split(", ").map((n) => Number(n.replace("\u2212", "-")));
    const [bx, by] = coords(before.mu0);
    const [ax, ay] = coords(after.mu0);
    assert.ok(ax < bx && ay < by, `μ₀ moved from ${before.mu0} to ${after.mu0}`);
    await assertNoGarbage(s);
    await assertNoPageErrors(s);

    const link = await s.currentUrl();
    // Opened afresh (a new document, no history entry of its own): the same numbers.
    await s.navigate("about:blank");
    await openPage(s, link);
    assert.deepEqual(await fitted(s), after);
    assert.equal(await s.currentUrl(), link);
    await assertNoPageErrors(s);
  });
});
