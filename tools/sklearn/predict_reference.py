"""Independent reference values for genlab::predict (tests/it/predict_scores.rs).

line_agreement is computed here by a different method from the Rust code's polygon
clipping: exact rational integration over x. For a fixed x the set of y in [y_min, y_max]
on which two rules "decide 1 where w.x + b > 0" agree is a union of intervals whose ends
are linear in x, so its length is piecewise linear in x, with breaks only where a line
meets y = y_min or y = y_max, where the two lines cross, and where a vertical line stands.
Between breaks the midpoint rule is exact, and every number is a fractions.Fraction of
the (exactly representable) binary inputs, so the expected values are exact to the last
bit of their rounding to float.

Writes tests/fixtures/predict/line_agreement.csv (named cases, then 200 random pairs from
random.Random(20261128)); prints the few closed-form values of angle_deg, logit_gap and
crossover_gap the tests also check. Standard library only:

    python3 tools/sklearn/predict_reference.py
"""

import csv
import math
import os
import random
from fractions import Fraction as F

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "tests", "fixtures", "predict", "line_agreement.csv")


def decides_one(rule, x, y):
    (w0, w1), b = rule
    return w0 * x + w1 * y + b > 0


def interval_one(rule, x, y0, y1):
    """The y-interval (lo, hi) of [y0, y1] where the rule says 1, at this x (open ends do
    not matter for length)."""
    (w0, w1), b = rule
    if w1 == 0:
        return (y0, y1) if w0 * x + b > 0 else (y0, y0)
    e = -(w0 * x + b) / w1
    if w1 > 0:  # y > e
        return (max(y0, min(e, y1)), y1)
    return (y0, min(y1, max(e, y0)))  # y < e


def length_agree(a, b, x, y0, y1):
    la, ha = interval_one(a, x, y0, y1)
    lb, hb = interval_one(b, x, y0, y1)
    both_one = max(F(0), min(ha, hb) - max(la, lb))
    len_a, len_b = ha - la, hb - lb
    # |not A and not B| = total - |A| - |B| + |A and B|
    both_zero = (y1 - y0) - len_a - len_b + both_one
    return both_one + both_zero


def breaks(rule, y0, y1):
    (w0, w1), b = rule
    out = []
    if w0 != 0:
        if w1 == 0:
            out.append(-b / w0)
        else:
            for y in (y0, y1):
                out.append((-b - w1 * y) / w0)
    return out


def agreement(view, a, b):
    x0, x1, y0, y1 = (F(v) for v in view)
    a = ((F(a[0][0]), F(a[0][1])), F(a[1]))
    b = ((F(b[0][0]), F(b[0][1])), F(b[1]))
    xs = {x0, x1}
    xs.update(breaks(a, y0, y1))
    xs.update(breaks(b, y0, y1))
    (p0, p1), pb = a
    (q0, q1), qb = b
    det = p0 * q1 - p1 * q0
    if det != 0:  # the crossing of the two lines
        xs.add((-pb * q1 + qb * p1) / det)
    xs = sorted(x for x in xs if x0 <= x <= x1)
    area = F(0)
    for s, t in zip(xs, xs[1:]):
        area += (t - s) * length_agree(a, b, (s + t) / 2, y0, y1)
    return area / ((x1 - x0) * (y1 - y0))


def dy(rng, lo, hi, den=256):
    """A random dyadic number in [lo, hi] (exact as a float)."""
    return rng.randint(int(lo * den), int(hi * den)) / den


NAMED = [
    # (label, view, a, b)
    ("identical", (-1.0, 1.0, -1.0, 1.0), ((1.0, 2.0), 0.5), ((1.0, 2.0), 0.5)),
    ("opposite", (-1.0, 1.0, -1.0, 1.0), ((1.0, 2.0), 0.5), ((-1.0, -2.0), -0.5)),
    ("perpendicular-through-centre", (0.0, 4.0, 0.0, 2.0), ((1.0, 0.0), -2.0), ((0.0, 1.0), -1.0)),
    ("tilted-perpendicular-through-centre", (-3.0, 5.0, 2.0, 6.0), ((1.0, 1.0), -5.0), ((1.0, -1.0), 3.0)),
    ("both-outside-same-side", (0.0, 4.0, 0.0, 2.0), ((1.0, 0.0), -10.0), ((0.0, 1.0), -5.0)),
    ("both-outside-opposite-sides", (0.0, 4.0, 0.0, 2.0), ((1.0, 0.0), -10.0), ((0.0, 1.0), 5.0)),
    ("w0-b-positive-vs-negative", (0.0, 4.0, 0.0, 2.0), ((0.0, 0.0), 1.0), ((0.0, 0.0), -1.0)),
    ("w0-b-zero-vs-negative", (0.0, 4.0, 0.0, 2.0), ((0.0, 0.0), 0.0), ((0.0, 0.0), -3.0)),
    ("w0-b-zero-vs-positive", (0.0, 4.0, 0.0, 2.0), ((0.0, 0.0), 0.0), ((0.0, 0.0), 3.0)),
    ("w0-b-zero-vs-line", (0.0, 4.0, 0.0, 2.0), ((0.0, 0.0), 0.0), ((1.0, 0.0), -1.0)),
    ("w0-b-positive-vs-line", (0.0, 4.0, 0.0, 2.0), ((0.0, 0.0), 2.5), ((1.0, 0.0), -1.0)),
    ("far-from-origin", (1e6 - 2.0, 1e6 + 2.0, -1e6 - 1.0, -1e6 + 1.0), ((1.0, 2.0), 999999.5), ((-3.0, 1.0), 3999999.75)),
    # Normals and bounds that are not short binary fractions: w.x rounds, and a sum that
    # does not compensate loses about 1e-10 of 2e6 against a view 0.2 wide.
    ("far-from-origin-inexact", (1e6 + 0.1, 1e6 + 0.3, 1e6 + 0.7, 1e6 + 0.9),
     ((0.1, 0.7), -(0.1 * (1e6 + 0.2) + 0.7 * (1e6 + 0.8))), ((1 / 3, -0.3), -(1 / 3 * (1e6 + 0.17) - 0.3 * (1e6 + 0.85)))),
    ("far-from-origin-small-angle", (1e6 - 1.0, 1e6 + 1.0, 1e6 - 1.0, 1e6 + 1.0), ((1.0, 1.0), -2e6), ((1.0, 1.0 + 2.0**-20), -2e6 - 2.0**-20 * 1e6 + 0.125)),
]


def main():
    rng = random.Random(20261128)
    rows = [(label, view, a, b) for label, view, a, b in NAMED]
    for i in range(200):
        kind = rng.random()
        far = kind < 0.15
        if far:  # a view far from the origin, sizes and normals with all 53 bits
            cx, cy = rng.choice([1e6, -1e6, 3e7]), rng.choice([1e6, -2e6, 0.0])
            hx, hy = rng.uniform(0.05, 8), rng.uniform(0.05, 8)
        else:
            cx, cy = dy(rng, -20, 20, 64), dy(rng, -20, 20, 64)
            hx, hy = dy(rng, 0.25, 16, 64), dy(rng, 0.25, 16, 64)
        view = (cx - hx, cx + hx, cy - hy, cy + hy)
        rules = []
        for _ in range(2):
            r = rng.random()
            if r < 0.06:  # w = 0: b decides
                rules.append(((0.0, 0.0), rng.choice([-1.5, 0.0, 2.0])))
                continue
            w = (rng.uniform(-4, 4), rng.uniform(-4, 4)) if far else (dy(rng, -4, 4), dy(rng, -4, 4))
            if r < 0.14:  # vertical or horizontal lines
                w = (w[0], 0.0) if r < 0.10 else (0.0, w[1])
            if w == (0.0, 0.0):
                w = (1.0, 0.0)
            # a point the line passes through: mostly inside the view, sometimes outside
            spread = 0.9 if rng.random() < 0.8 else 3.0
            px = cx + dy(rng, -spread, spread, 64) * hx
            py = cy + dy(rng, -spread, spread, 64) * hy
            b = -(w[0] * px + w[1] * py)  # rounded as a float: the exact float is the input
            rules.append((w, b))
        rows.append((f"random-{i}", view, rules[0], rules[1]))
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w", newline="") as f:
        out = csv.writer(f, lineterminator="\n")
        out.writerow(["label", "x_min", "x_max", "y_min", "y_max", "a_w1", "a_w2", "a_b", "b_w1", "b_w2", "b_b", "agreement"])
        for label, view, a, b in rows:
            exact = agreement(view, a, b)
            out.writerow([label, *map(repr, view), repr(a[0][0]), repr(a[0][1]), repr(a[1]),
                          repr(b[0][0]), repr(b[0][1]), repr(b[1]), repr(float(exact))])
    print(f"wrote {len(rows)} rows to {os.path.relpath(OUT)}")
    for label, view, a, b in NAMED:
        print(f"{label}: {agreement(view, a, b)} = {float(agreement(view, a, b))!r}")
    # The closed forms the tests check.
    clamp = lambda p: min(max(p, 1e-6), 1 - 1e-6)
    logit = lambda p: math.log(clamp(p) / (1 - clamp(p)))
    print("logit_gap(0, 1) =", repr(abs(logit(0.0) - logit(1.0))), "= 2 ln((1 - 1e-6)/1e-6)")
    print("logit_gap(0.5, 0.9) =", repr(abs(logit(0.5) - logit(0.9))), "= ln 9")
    print("logit_gap(0.2, 0.8) =", repr(abs(logit(0.2) - logit(0.8))), "= 2 ln 4")
    print("angle_deg((1, 0), (1, 1)) =", repr(math.degrees(math.atan2(1, 1))))
    print("angle_deg((1, 2), (-2, -3.9)) =",
          repr(math.degrees(math.atan2(abs(1 * -3.9 - 2 * -2), abs(1 * -2 + 2 * -3.9)))))
    print("crossover_gap(30, 300) =", repr(abs(math.log10(30) - math.log10(300))))


if __name__ == "__main__":
    main()
