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
  return typeof p === "number" && Number.isFinite(p) ? `${(100 * p).toFixed(1)} %` : "—";
}
