// The worked example's text (www/js/worked.js): how many decimals a value is shown with so
// that typing it back is accepted, how a typed answer is read, how the tolerance is written.
// Expected values worked by hand.
import { test } from "node:test";
import assert from "node:assert/strict";
import { decimalsFor, givesAway, parseAnswer, quantityText, toleranceText } from "../../www/js/worked.js";

test("a value shown with decimalsFor(tol) decimals is within tol of itself when typed back", () => {
  // tol = 10⁻³ × 1/3 (the Lidstone 3/9 of the categorical example): 3.33×10⁻⁴ → 5 decimals,
  // and 0.33333 is 3.3×10⁻⁶ from 1/3.
  assert.equal(decimalsFor(1e-3 / 3), 5);
  assert.equal(decimalsFor(1e-3), 4);
  assert.equal(decimalsFor(0.5), 2);
  assert.equal(decimalsFor(1e-12), 8);
  for (const [value, tol] of [[1 / 3, 1e-3 / 3], [-12.3456789, 0.0123], [0.0001234, 1e-6]]) {
    const shown = Number(quantityText(value, decimalsFor(tol)).replace("\u2212", "-"));
    assert.ok(Math.abs(shown - value) <= tol, `${value} shown as ${shown}`);
  }
});

test("counts are written as whole numbers; vectors and matrices component by component", () => {
  assert.equal(quantityText(7, 5), "7");
  assert.equal(quantityText(0.5, 3), "0.500");
  assert.equal(quantityText([1.25, -2], 2), "(1.25, \u22122)");
  assert.equal(quantityText([[1, 0.5], [0.5, 2]], 1), "[1, 0.5; 0.5, 2]");
});

test("an answer is a number or a fraction; anything else is refused", () => {
  assert.equal(parseAnswer(" 0.25 "), 0.25);
  assert.equal(parseAnswer("\u22121.5"), -1.5);
  assert.equal(parseAnswer(".5"), 0.5);
  assert.equal(parseAnswer("3 / 9"), 1 / 3);
  assert.equal(parseAnswer("2e-3"), 0.002);
  for (const bad of ["", "abc", "1/0", "1/2/3", "0,5", "--1", "Infinity", "NaN", "1/"]) assert.equal(parseAnswer(bad), null, bad);
});

test("the tolerance is written with two significant digits, without trailing zeros", () => {
  assert.equal(toleranceText(1e-3 / 3), "0.00033");
  assert.equal(toleranceText(0.0125), "0.013");
  assert.equal(toleranceText(1e-3), "0.001");
});

test("a later step's number that is an earlier blank's answer, or made from it, is not shown", () => {
  // GDA's steps (genlab::predict::gda_example): w is worked from Σ⁻¹ and μ₁ − μ₀, b from w,
  // μ₀ + μ₁ and φ; the means from sums written Σ_{y=c} x, which are not Σ.
  const blanks = new Set(["Σ", "w"]);
  assert.deepEqual(["Σ⁻¹", "w", "μ₁ − μ₀", "μ₀ + μ₁", "φ", "Σ_{y=0} x", "S", "m"].filter((x) => givesAway(x, blanks)), ["Σ⁻¹", "w"]);
  assert.deepEqual(["μ₁ − μ₀", "μ₀ + μ₁", "Σ_{y=1} x", "m₁"].filter((x) => givesAway(x, new Set(["μ₁"]))), ["μ₁ − μ₀", "μ₀ + μ₁"]);
  // The spam panel's log-odds terms do not give P(w | c) away by name.
  assert.equal(givesAway("2 × ln P(win|spam)/P(win|ham)", new Set(["P(w | c)"])), false);
});
