// Number formatting shared by the panels. Nothing non-finite ever reaches the page.

const MINUS = "\u2212";

/** A finite number with `digits` decimals and a true minus sign; "—" for anything else. */
export function num(x, digits = 3) {
  if (typeof x !== "number" || !Number.isFinite(x)) return "—";
  const s = Math.abs(x) >= 1e5 || (x !== 0 && Math.abs(x) < 10 ** -digits)
    ? x.toExponential(2)
    : x.toFixed(digits);
  const clean = /^-0(\.0+)?$/.test(s) ? s.slice(1) : s;
  return clean.replace("-", MINUS);
}

/** "(a, b)" for a 2-vector. */
export function vec(v, digits = 3) {
  return Array.isArray(v) ? `(${num(v[0], digits)}, ${num(v[1], digits)})` : "—";
}

/** "[[a, b], [c, d]]" for a 2×2 matrix, one row per line. */
export function mat(m, digits = 3) {
  return Array.isArray(m) ? `[${num(m[0][0], digits)}, ${num(m[0][1], digits)}]\n[${num(m[1][0], digits)}, ${num(m[1][1], digits)}]` : "—";
}

/** A signed term "+ 1.23 x₁" / "− 1.23 x₁" for writing equations. */
export function term(x, name, digits = 3) {
  if (typeof x !== "number" || !Number.isFinite(x)) return "";
  const sign = x < 0 ? MINUS : "+";
  return `${sign} ${num(Math.abs(x), digits)}${name ? " " + name : ""}`;
}

/** A probability as a percentage with one decimal, or "—". */
export function pct(p) {
  if (typeof p !== "number" || !Number.isFinite(p)) return "—";
  // Rounding must not claim certainty the model does not have: 0.99996 is "> 99.9 %".
  if (p > 0.999 && p < 1) return "> 99.9 %";
  if (p > 0 && p < 0.001) return "< 0.1 %";
  return `${(100 * p).toFixed(1)} %`;
}

/** A signed log-odds term: "+1.23", "−0.45", "+∞" or "−∞" (never "Infinity" or "NaN"). */
export function signed(x, digits = 2) {
  if (x === Infinity) return "+\u221e";
  if (x === -Infinity) return "\u2212\u221e";
  if (typeof x !== "number" || Number.isNaN(x)) return "—";
  return (x < 0 ? MINUS : "+") + num(Math.abs(x), digits);
}

/** A probability with enough digits to tell small ones apart: "0.0123", "3.4e−5". */
export function prob(p) {
  if (typeof p !== "number" || !Number.isFinite(p)) return "—";
  if (p === 0 || p === 1) return String(p);
  return p >= 1e-3 ? p.toFixed(4) : p.toExponential(2).replace("-", MINUS);
}
