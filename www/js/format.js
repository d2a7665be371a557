// Number formatting shared by the panels. Nothing non-finite ever reaches the page.
//
// The rules, one place for the whole page:
// - a minus is a true minus sign (U+2212), never a hyphen, exponents included;
// - very large or very small numbers are written 1.28×10⁻¹⁶, never 1.28e-16;
// - a probability is never rounded to a certainty it does not have: a value that would
//   print as 100.0 % (or 0.0 %, 1.000, 0.000) is "> 99.9 %" ("< 0.1 %", "> 0.999",
//   "< 0.001") unless it is exact: a ratio of counts (accuracy, φ), or a posterior whose
//   log-odds is infinite (a veto). A posterior from a finite log-odds is never exact, even
//   when it is 1 in floating point (log-odds +337.8 gives p = 1.0 to the last bit).

const MINUS = "\u2212";
const SUPERSCRIPT = { "-": "\u207b", 0: "\u2070", 1: "\u00b9", 2: "\u00b2", 3: "\u00b3", 4: "\u2074", 5: "\u2075", 6: "\u2076", 7: "\u2077", 8: "\u2078", 9: "\u2079" };

/** `x` as 1.28×10⁻¹⁶ with `digits` decimals in the mantissa. */
export function sci(x, digits = 2) {
  if (typeof x !== "number" || !Number.isFinite(x)) return "—";
  const [mantissa, exponent] = x.toExponential(digits).split("e");
  const power = String(Number(exponent)).replace(/[-0-9]/g, (c) => SUPERSCRIPT[c]);
  return `${mantissa.replace("-", MINUS)}\u00d710${power}`;
}

/** A finite number with `digits` decimals and a true minus sign; "—" for anything else. */
export function num(x, digits = 3) {
  if (typeof x !== "number" || !Number.isFinite(x)) return "—";
  if (Math.abs(x) >= 1e5 || (x !== 0 && Math.abs(x) < 10 ** -digits)) return sci(x, 2);
  const s = x.toFixed(digits);
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

/** Whether a probability `p` is exact: options `{logOdds}` (the log-odds it came from: exact
 * only when infinite) or `{exact}`; with neither, a ratio of counts, exact. */
function isExact(opts) {
  if (opts && "logOdds" in opts) return !Number.isFinite(opts.logOdds);
  return !opts || opts.exact !== false;
}

/**
 * A probability as a percentage with one decimal, or "—". `opts`: `{logOdds}` for a
 * posterior (see the rules at the top), `{exact: false}` for any other probability that is
 * not a ratio of counts.
 */
export function pct(p, opts) {
  if (typeof p !== "number" || !Number.isFinite(p)) return "—";
  const exact = isExact(opts);
  // Rounding must not claim certainty the model does not have: 0.99996 is "> 99.9 %".
  if (p > 0.999 && !(p === 1 && exact)) return "> 99.9 %";
  if (p < 0.001 && !(p === 0 && exact)) return "< 0.1 %";
  return `${(100 * p).toFixed(1)} %`;
}

/** A percentage as a relation: "= 87.5 %", "> 99.9 %", "< 0.1 %" (same options as pct). */
export function pctRelation(p, opts) {
  const s = pct(p, opts);
  return s.startsWith(">") || s.startsWith("<") ? s : `= ${s}`;
}

/** A probability with three decimals ("0.731"), by the same rule as pct: "> 0.999". */
export function p3(p, opts) {
  if (typeof p !== "number" || !Number.isFinite(p)) return "—";
  const exact = isExact(opts);
  if (p > 0.9995 && !(p === 1 && exact)) return "> 0.999";
  if (p < 0.0005 && !(p === 0 && exact)) return "< 0.001";
  return p.toFixed(3);
}

/** A signed log-odds term: "+1.23", "−0.45", "+∞" or "−∞" (never "Infinity" or "NaN"). */
export function signed(x, digits = 2) {
  if (x === Infinity) return "+\u221e";
  if (x === -Infinity) return "\u2212\u221e";
  if (typeof x !== "number" || Number.isNaN(x)) return "—";
  return (x < 0 ? MINUS : "+") + num(Math.abs(x), digits);
}

/** A probability with enough digits to tell small ones apart: "0.0123", "3.40×10⁻⁵"; by the
 * same rule as pct, "> 0.9999" for one that is not exactly 1 (same options). */
export function prob(p, opts) {
  if (typeof p !== "number" || !Number.isFinite(p)) return "—";
  if (p > 0.99995 && !(p === 1 && isExact(opts))) return "> 0.9999";
  if (p === 0 || p === 1) return String(p);
  return p >= 1e-3 ? p.toFixed(4) : sci(p, 2);
}
