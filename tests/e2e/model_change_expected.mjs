// The expected movement for a change of model (GDA ↔ QDA), which genlab judges where the
// boundary crosses the line through the means (genlab::predict::judge_model_change), derived
// here independently of the judge, for the e2e tests and the journeys: the crossing by
// bisection of z(μ₀ + t(μ₁ − μ₀)) on a grid of t (not the closed-form root), the direction
// there by central differences of z (not ∇z's formula), then the rule the page states (a turn
// over 5°; else a move over 5 % of |μ₁ − μ₀|). A boundary is [a₁₁, a₁₂, a₂₂, b₁, b₂, c] of
// xᵀAx + bᵀx + c (a line: A = 0), as the GDA panel's summary hands QDA's (`quadratic`).

const logit = (p) => Math.log(p / (1 - p));
const zOf = (q) => ([x, y]) => q[0] * x * x + 2 * q[1] * x * y + q[2] * y * y + q[3] * x + q[4] * y + q[5];
function crossingOf(z, [m0, m1]) {
  const at = (t) => [m0[0] + t * (m1[0] - m0[0]), m0[1] + t * (m1[1] - m0[1])];
  const f = (t) => z(at(t));
  const ups = [];
  // t from −60 to 60: a crossing far outside the plot (an extreme prior) is found as well.
  for (let i = 0; i < 120000; i++) {
    let [a, b] = [-60 + i * 0.001, -60 + (i + 1) * 0.001];
    // (A root on a grid point itself, as a line's at exactly t = ½, counts: f(b) = 0.)
    if (!(f(a) < 0 && f(b) >= 0)) continue;
    for (let k = 0; k < 60; k++) {
      const c = (a + b) / 2;
      if (f(c) > 0) b = c;
      else a = c;
    }
    ups.push((a + b) / 2);
  }
  const t = ups.reduce((best, u) => (Math.abs(u - 0.5) < Math.abs(best - 0.5) ? u : best));
  const p = at(t);
  const h = 1e-5;
  const g = [(z([p[0] + h, p[1]]) - z([p[0] - h, p[1]])) / (2 * h), (z([p[0], p[1] + h]) - z([p[0], p[1] - h])) / (2 * h)];
  return { t, p, g };
}
export function expectedModelMove(before, after, mu, view) {
  const [c0, c1] = [crossingOf(zOf(before), mu), crossingOf(zOf(after), mu)];
  const cross = c0.g[0] * c1.g[1] - c0.g[1] * c1.g[0];
  const dot = c0.g[0] * c1.g[0] + c0.g[1] * c1.g[1];
  const angle = (Math.atan2(Math.abs(cross), Math.abs(dot)) * 180) / Math.PI;
  const slide = c1.t - c0.t;
  let truth;
  if (angle > 5 || dot < 0) {
    // Where the two tangents g·(x − p) = 0 meet (Cramer), inside the window or not.
    const r0 = c0.g[0] * c0.p[0] + c0.g[1] * c0.p[1];
    const r1 = c1.g[0] * c1.p[0] + c1.g[1] * c1.p[1];
    const x = (r0 * c1.g[1] - r1 * c0.g[1]) / cross;
    const y = (c0.g[0] * r1 - c1.g[0] * r0) / cross;
    truth = x >= view[0] && x <= view[1] && y >= view[2] && y <= view[3] ? "turns" : "slidesTurns";
  } else truth = Math.abs(slide) <= 0.05 ? "stays" : slide < 0 ? "toward0" : "toward1";
  return { truth, angle, slide, crossings: [c0.p, c1.p] };
}
/** GDA's drawn line of the summary `s` as a boundary: its log-odds with the prior override, less the threshold. */
export const line6 = (s) => {
  const fitted = Math.log(s.n[1]) - Math.log(s.n[0]);
  const shift = s.models.prior != null ? logit(s.models.prior) - fitted : 0;
  return [0, 0, 0, s.w[0], s.w[1], s.b + shift - s.threshold];
};
