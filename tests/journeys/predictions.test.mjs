// Journeys in every engine: one prediction committed per panel that has one, judged by the
// exact model in that engine's wasm. The GDA boundary: a ghost handle dragged with W3C
// pointer actions, then Commit; the spam panel's bet: the slider moved by keys, then Commit.
// Both land in this visit's record (js/predict-record.js).
//
// The expected numbers are derived here, not by the judge's code (genlab::predict):
// the angle between two lines with normals a and b is atan2(|a × b|, |a · b|) in degrees,
// with the student's normal taken at right angles to the segment between the two handles
// (the handles are read back in data units); the bet's gap is |logit p̂ − log-odds| with the
// log-odds the ledger adds up (prior + each word's evidence), clamped to ±ln((1 − 10⁻⁶)/10⁻⁶).
import { test } from "node:test";
import assert from "node:assert/strict";
import { forEachEngine, openPage, assertNoPageErrors, assertNoGarbage } from "./lib.mjs";
import { expectedModelMove, line6 } from "../e2e/model_change_expected.mjs";

const ARROW_RIGHT = "\uE014";

/**
 * Listens for the record's `genlab-prediction` events from now on. (Read through the event,
 * not by importing js/predict-record.js: Firefox runs a WebDriver script's import() in a
 * module map of its own, so the import would find a second, empty record.)
 */
const listen = (s) => s.execute(() => {
  window.__predictions = [];
  document.addEventListener("genlab-prediction", (e) => {
    const { panel, kind, skipped, score } = e.detail;
    window.__predictions.push(JSON.parse(JSON.stringify({ panel, kind, skipped, score })));
  });
});
const record = (s) => s.execute(() => window.__predictions);

forEachEngine((c) => {
  test("the GDA boundary predicted by a pointer drag and the spam bet by keys: each judged and recorded", async () => {
    const s = c.session;
    await openPage(s, c.server.url);
    await listen(s);

    // GDA: "Predict…", then the boundary; it hides, two handles appear.
    await s.click('#gda-slot button[data-role="predict"]');
    await s.waitFor("the chooser", () => document.querySelector('#gda-slot [data-role="predict-kind-boundary"]'));
    await s.click('#gda-slot [data-role="predict-kind-boundary"]');
    await s.waitFor("the ghost's handles", () => document.querySelector('#gda-slot [data-role="ghost-handle-1"]'));
    assert.equal(await s.execute(() => window.genlab_panels.gda.controller.prediction().hidden()), true);
    const h = await s.execute(() => {
      const g = document.querySelector('#gda-slot [data-role="ghost-handle-1"] circle');
      g.scrollIntoView({ block: "center" });
      const r = g.getBoundingClientRect();
      return { x: Math.round(r.left + r.width / 2), y: Math.round(r.top + r.height / 2) };
    });
    // Handle 2 dragged up and to the left in steps, as a hand does: the line tilts.
    const steps = [1, 2, 3, 4].map((i) => ({ type: "pointerMove", duration: 50, origin: "viewport", x: h.x - 8 * i, y: h.y - 12 * i }));
    await s.actions([{
      type: "pointer", id: "mouse", parameters: { pointerType: "mouse" },
      actions: [{ type: "pointerMove", duration: 0, origin: "viewport", x: h.x, y: h.y }, { type: "pointerDown", button: 0 }, ...steps, { type: "pointerUp", button: 0 }],
    }]);
    const handles = await s.execute(() => window.genlab_panels.gda.controller.prediction().handles());
    assert.ok(handles[1][1] > handles[0][1], `the second handle went up: ${JSON.stringify(handles)}`);
    await s.click('#gda-slot [data-role="predict-commit"]');
    await s.waitFor("the score", () => document.querySelector('#gda-slot [data-role="predict-score"]'));
    const v = await s.execute(() => window.genlab_panels.gda.controller.prediction().verdict());
    const fit = await s.execute(() => { const x = window.genlab_panels.gda.controller.panel.summary(); return { w: Array.from(x.w), b: x.b }; });
    assert.deepEqual({ w: v.w, b: v.b }, fit, "the judge's rule is the fit the panel shows");
    const d = [handles[1][0] - handles[0][0], handles[1][1] - handles[0][1]];
    const normal = [-d[1], d[0]];
    const angle = (Math.atan2(Math.abs(normal[0] * fit.w[1] - normal[1] * fit.w[0]), Math.abs(normal[0] * fit.w[0] + normal[1] * fit.w[1])) * 180) / Math.PI;
    assert.ok(Math.abs(v.angle_deg - angle) < 1e-9, `angle ${v.angle_deg} against ${angle}`);
    assert.ok(v.agreement >= 0 && v.agreement <= 1, `agreement ${v.agreement}`);
    const score = await s.execute(() => document.querySelector('#gda-slot [data-role="predict-score"]').textContent);
    assert.ok(score.includes(`${angle.toFixed(1)}°`), score);
    assert.equal(await s.execute(() => window.genlab_panels.gda.controller.prediction().hidden()), false, "the boundary is revealed");
    await s.click('#gda-slot [data-role="predict-done"]');

    // Spam: the bet hides the verdict; eight steps of 0.01 up from 0.5 by keys.
    await s.click('#nb-slot button[data-role="bet"]');
    await s.waitFor("the bet's slider", () => document.querySelector('#nb-slot [data-role="bet-p"]'));
    assert.equal(await s.execute(() => Boolean(document.querySelector('#nb-slot [data-role="verdict"]').closest("[hidden]"))), true, "the verdict is hidden");
    await s.type('#nb-slot [data-role="bet-p"]', ARROW_RIGHT.repeat(8));
    assert.equal(await s.execute(() => document.querySelector('#nb-slot [data-role="bet-p"]').value), "0.58");
    await s.click('#nb-slot [data-role="bet-commit"]');
    await s.waitFor("the bet's score", () => document.querySelector('#nb-slot [data-role="bet-score"]'));
    const z = await s.execute(() => window.genlab_panels.nb.controller.panel.explain(document.querySelector('#nb-slot [data-role="text"]').value).explanation.log_odds);
    const edge = Math.log((1 - 1e-6) / 1e-6);
    const gap = Math.abs(Math.log(0.58 / 0.42) - Math.min(edge, Math.max(-edge, z)));
    const bet = await s.execute(() => window.genlab_panels.nb.controller.bet().verdict());
    assert.ok(Math.abs(bet.gap - gap) < 1e-9, `gap ${bet.gap} against ${gap}`);
    await s.click('#nb-slot [data-role="bet-done"]');

    const kept = await record(s);
    assert.deepEqual(kept.map(({ panel, kind, skipped }) => [panel, kind, skipped]), [["gda", "boundary", false], ["nb", "bet", false]]);
    assert.ok(Math.abs(kept[0].score.angle_deg - angle) < 1e-9 && Math.abs(kept[1].score.logit_gap - gap) < 1e-9, JSON.stringify(kept));
    await assertNoGarbage(s);
    await assertNoPageErrors(s);
  });
});

forEachEngine((c) => {
  test("a quiz link: the learning curves' crossing asked without its answer, committed by keys, counted and kept on the device", async () => {
    const s = c.session;
    // A question of the curves (its seed draws the pairing and the splits' seed); a fresh
    // device: the tally starts empty.
    await openPage(s, `${c.server.url}?quiz=curves.crossover.5`);
    await s.execute(() => localStorage.removeItem("genlab-quiz"));
    await listen(s);
    await s.waitFor("the question", () => document.querySelector('#curves-slot [data-role="crossover-commit"]'));
    assert.equal(await s.execute(() => new URLSearchParams(location.search).get("quiz")), "curves.crossover.5");
    assert.equal(await s.execute(() => window.genlab.curves.prediction().question().hidden()), true, "the curves are hidden");
    // The marker moved by keys, then Commit: judged once the curves have run.
    await s.type('#curves-slot [data-role="crossover-handle"]', ARROW_RIGHT.repeat(3));
    await s.click('#curves-slot [data-role="crossover-commit"]');
    await s.waitFor("the quiz's outcome", () => document.querySelector('#curves-slot [data-role="quiz-outcome"]:not([hidden])'), [], 120000);
    const [entry] = await record(s);
    assert.deepEqual([entry.panel, entry.kind, entry.skipped], ["curves", "crossover", false]);
    // Counted right by the rule the quiz states: the right kind of answer, within 0.3 decades.
    const right = entry.score.right_kind === 1 && (entry.score.decades == null || entry.score.decades <= 0.3);
    const kept = await s.execute(() => JSON.parse(localStorage.getItem("genlab-quiz")).curves);
    assert.deepEqual(kept, { asked: 1, right: right ? 1 : 0, kinds: { crossover: { box: right ? 2 : 1, last: 0, asked: 1, right: right ? 1 : 0 } } });
    await assertNoGarbage(s);
    await assertNoPageErrors(s);
  });
});

forEachEngine((c) => {
  test("which way it moves, for a change of model (GDA → QDA): judged where the boundary crosses the line of the means, rings drawn", async () => {
    const s = c.session;
    // The GDA-vs-QDA lesson's clouds: class 0 tight, class 1 wide.
    await openPage(s, `${c.server.url}?sx0=0.5&sy0=0.5&r0=0&sx1=2&sy1=1.6&r1=0&m0=-0.5,0&m1=1.5,0.5`);
    await listen(s);
    const summary = () => s.execute(() => JSON.parse(JSON.stringify(window.genlab_panels.gda.controller.panel.summary())));
    const before = await summary();
    const view = await s.execute(() => Array.from(window.genlab_panels.gda.controller.panel.viewRect()));
    await s.execute(() => window.genlab_panels.gda.controller.startPrediction("movement", { model: "qda" }));
    await s.waitFor("the five answers", () => document.querySelector('#gda-slot [data-role="predict-move-turns"]'));
    await s.click('#gda-slot [data-role="predict-move-turns"]');
    await s.click('#gda-slot [data-role="predict-commit"]');
    await s.waitFor("the verdict", () => document.querySelector('#gda-slot [data-role="predict-score"]'));
    const after = await summary();
    assert.equal(after.models.covariance, "per-class");
    const want = expectedModelMove(line6(before), after.quadratic, before.mu, view);
    const v = await s.execute(() => window.genlab_panels.gda.controller.prediction().verdict());
    assert.equal(v.truth, want.truth);
    assert.ok(Math.abs(v.angle - want.angle) < 1e-3 && Math.abs(v.slide - want.slide) < 1e-6, JSON.stringify([v, want]));
    const rings = await s.execute(() => [...document.querySelectorAll('#gda-slot [data-role^="predict-crossing-"]')].map((r) => r.getAttribute("visibility")));
    assert.deepEqual(rings, ["visible", "visible"]);
    const [entry] = await record(s);
    assert.deepEqual([entry.panel, entry.kind, entry.skipped, entry.score.right], ["gda", "movement", false, want.truth === "turns" ? 1 : 0]);
    await assertNoGarbage(s);
    await assertNoPageErrors(s);
  });
});

forEachEngine((c) => {
  test("the categorical panel's verdict predicted with a click: judged by the panel's model and recorded", async () => {
    const s = c.session;
    await openPage(s, c.server.url);
    await listen(s);
    await s.execute(() => document.querySelector("#cat-slot").scrollIntoView());
    await s.click('#cat-slot button[data-role="predict"]');
    await s.waitFor("the classes to pick from", () => document.querySelector('#cat-slot [data-role="predict-class-0"]'));
    // The built-in query (height yes, green eyes, short hair, no glasses) at λ = 1, counted by
    // hand (tests/e2e/predict_cat_verdict.test.mjs): yes 125/9408, no 28/2025, so the model
    // picks "no" with P(no | x) = 0.50997; "yes" (class 0) is picked here: wrong, 0.49003.
    const yes = 125 / 9408;
    const no = 28 / 2025;
    await s.click('#cat-slot [data-role="predict-class-0"]');
    await s.click('#cat-slot [data-role="predict-commit"]');
    await s.waitFor("the verdict's score", () => document.querySelector('#cat-slot [data-role="predict-score"]'));
    const [entry] = await record(s);
    assert.deepEqual([entry.panel, entry.kind, entry.skipped, entry.score.right], ["cat", "verdict", false, 0]);
    assert.ok(Math.abs(entry.score.p_picked - yes / (yes + no)) < 1e-12, `P(yes | x) ${entry.score.p_picked}`);
    await assertNoGarbage(s);
    await assertNoPageErrors(s);
  });
});
