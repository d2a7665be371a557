// "Quiz me" without a page (www/js/quiz-core.js): the question's link value, the seeded
// situations, the Leitner schedule and what counts as right. Expected values are worked out
// by hand below (the schedule's sequence step by step) or by an independent implementation
// (the generator's first numbers: mulberry32 written again in Python's integers, see the
// comment at the test). No browser: `node --test tests/unit/`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { QUIZ_KINDS, CAT_VALUES, parseQuestion, questionValue, seeded, situation, countedRight, nextKind, scored, emptyTally, readTally, INTERVAL } from "../../www/js/quiz-core.js";

test("a question's link value: panel.kind.seed with a kind the panel asks and 1–9 digits (as src/state/page.rs checks it)", () => {
  // The same good and bad values as the native test tests/it/state.rs (quiz_question_in_a_link).
  for (const good of ["gda.boundary.1", "gda.shape.123456789", "nb.alpha0.42", "curves.crossover.7", "gda.threshold.000", "cat.verdict.9"]) {
    const q = parseQuestion(good);
    assert.ok(q, good);
    assert.equal(questionValue(q), good.replace(/\.0+(\d)/, ".$1"));
  }
  for (const bad of ["gda.bet.1", "nb.boundary.1", "gda.boundary", "gda.boundary.", "gda.boundary.1234567890", "gda.boundary.-1", "gda.boundary.1.2", "cat.boundary.1", "cat.bet.1", "nb.verdict.1", "cat.verdict", "", null, undefined]) {
    assert.equal(parseQuestion(bad), null, String(bad));
  }
  assert.deepEqual(parseQuestion("nb.word.77"), { panel: "nb", kind: "word", seed: 77 });
});

test("the seeded generator gives mulberry32's numbers", () => {
  // From a Python transcription of mulberry32 on unbounded integers masked to 32 bits
  // (written for this test, run once): seed 1 → 0.6270739405881613, 0.002735721180215478,
  // 0.5274470399599522; seed 42 → 0.6011037519201636, 0.44829055899754167,
  // 0.8524657934904099; seed 999999999 → 0.8934107443783432, 0.06520688440650702, 0.8886369008105248.
  const expected = {
    1: [0.6270739405881613, 0.002735721180215478, 0.5274470399599522],
    42: [0.6011037519201636, 0.44829055899754167, 0.8524657934904099],
    999999999: [0.8934107443783432, 0.06520688440650702, 0.8886369008105248],
  };
  for (const [seed, numbers] of Object.entries(expected)) {
    const g = seeded(Number(seed));
    assert.deepEqual([g(), g(), g()], numbers, seed);
  }
});

// The built-in categorical table, read from the Rust source's CSV (not from quiz-core.js):
// its declared values per attribute and its rows (values, class).
const CAT_CSV = (() => {
  const src = readFileSync(new URL("../../src/nb/categorical/mod.rs", import.meta.url), "utf8");
  const body = src.split('pub const EXAMPLE_CSV: &str = "\\\n')[1].split('";')[0];
  const lines = body.split("\n").filter((l) => l && !l.startsWith("#"));
  const values = lines[1].split(",").slice(1, -1).map((v) => v.split("|"));
  const rows = lines.slice(2).map((l) => l.split(",")).map((c) => ({ x: c.slice(1, -1), y: c[c.length - 1] }));
  return { values, rows };
})();
const catSeen = { lambdas: new Set(), vetoes: new Set(), queries: new Set() };

/** A categorical situation: λ in the set {0, 0.5, 1, 2}, each query value one of the table's
 * declared values, the prior left to the link's default, and at λ = 0 never a query every
 * class has a zero count for (no verdict: 0 / 0), counted from the CSV's rows. */
function checkCat(s, q, seed) {
  assert.deepEqual([...q.keys()].sort(), ["cl", "cq"]);
  const lambda = q.get("cl");
  assert.ok(["0", "0.5", "1", "2"].includes(lambda), lambda);
  const query = q.get("cq").split("|");
  assert.equal(query.length, CAT_CSV.values.length);
  query.forEach((v, j) => assert.ok(CAT_CSV.values[j].includes(v), `${seed}: ${v}`));
  catSeen.lambdas.add(lambda);
  catSeen.queries.add(q.get("cq"));
  if (lambda !== "0") return;
  const vetoed = [...new Set(CAT_CSV.rows.map((r) => r.y))].filter((c) =>
    query.some((v, j) => !CAT_CSV.rows.some((r) => r.y === c && r.x[j] === v)));
  assert.ok(vetoed.length < 2, `seed ${seed}: ${q.get("cq")} at λ = 0 vetoes every class`);
  for (const c of vetoed) catSeen.vetoes.add(c);
}

// The link parser's ranges (src/limits.rs), written out here for the check below.
const within = (x, lo, hi) => Number.isFinite(x) && x >= lo && x <= hi;

test("every situation is the same for the same seed and lies within what a link allows, over 2,000 seeds per kind", () => {
  for (const [panel, kinds] of Object.entries(QUIZ_KINDS)) {
    for (const kind of kinds) {
      for (let seed = 1; seed <= 2_000; seed++) {
        const s = situation({ panel, kind, seed });
        assert.deepEqual(situation({ panel, kind, seed }), s);
        const q = new URLSearchParams(s.query);
        if (panel === "gda") {
          assert.equal(q.get("src"), "generated");
          for (const c of [0, 1]) {
            assert.ok(within(Number(q.get(`n${c}`)), 1, 500));
            assert.ok(within(Number(q.get(`sx${c}`)), 0.2, 3) && within(Number(q.get(`sy${c}`)), 0.2, 3));
            assert.ok(within(Number(q.get(`r${c}`)), -0.95, 0.95));
            const m = q.get(`m${c}`).split(",").map(Number);
            assert.equal(m.length, 2);
            assert.ok(m.every((x) => within(x, -3, 3)), `${kind} ${seed} m${c}=${m}`);
          }
          // The two means never coincide (at least 1.6 apart before the window clamps them;
          // after it, at least a step of the grid).
          const [a, b] = [0, 1].map((c) => q.get(`m${c}`).split(",").map(Number));
          assert.ok(Math.hypot(a[0] - b[0], a[1] - b[1]) >= 0.1, `${kind} ${seed}`);
          // QDA for the shape, and for a movement from QDA back to GDA.
          const fromQda = kind === "shape" || (kind === "movement" && s.params.model === "gda");
          assert.equal(q.get("cov"), fromQda ? "per-class" : null);
          if (q.has("phi")) assert.ok(within(Number(q.get("phi")), 0.01, 0.99));
          if (kind === "threshold") assert.ok(within(Number(q.get("l01")), 0.01, 1000) && within(Number(q.get("l10")), 0.01, 1000));
          else assert.ok(!q.has("l01") && !q.has("l10"));
          if (kind === "posterior") assert.ok(s.params.at.length === 2 && s.params.at.every(Number.isFinite));
          if (kind === "movement") {
            const given = ["prior", "mean0", "mean1", "losses", "tilt", "model"].filter((k) => s.params[k] != null);
            assert.equal(given.length, 1, JSON.stringify(s.params));
            const v = s.params[given[0]];
            if (given[0] === "model") assert.ok(v === "qda" || v === "gda", v);
            if (given[0] === "prior") assert.ok(v > 0 && v < 1);
            if (given[0] === "losses") assert.ok(v.every((x) => x > 0));
            if (given[0].startsWith("mean")) assert.ok(v.every((x) => within(x, -3, 3)));
            if (given[0] === "tilt") assert.ok(within(v, -0.95, 0.95) && Math.abs(v - Number(q.get("r0"))) >= 0.4, `${v} from ${q.get("r0")}`);
          }
        } else if (panel === "nb") {
          const t = q.get("t");
          assert.ok(t.length > 20 && t.length <= 2000);
          assert.ok([0.1, 0.5, 1, 2].includes(Number(q.get("a"))));
          if (kind === "alpha0") assert.ok(Number(q.get("a")) > 0);
          if (kind === "word") assert.ok(["spam", "ham"].includes(s.params.toward));
        } else if (panel === "cat") {
          checkCat(s, q, seed);
        } else {
          assert.ok(["true", "unequal", "bimodal", "heavy", "wdbc", "digits01", "textmn", "textbern"].includes(q.get("lcp")));
          assert.ok(within(Number(q.get("lcseed")), 1, 99_999));
        }
      }
    }
  }
  // The values the situations draw from are the table's.
  assert.deepEqual(CAT_VALUES, CAT_CSV.values);
  // Every λ of the set, and λ = 0 with a veto of each class, turn up.
  assert.deepEqual([...catSeen.lambdas].sort(), ["0", "0.5", "1", "2"]);
  assert.ok(catSeen.vetoes.has("yes") && catSeen.vetoes.has("no"), [...catSeen.vetoes].join());
  assert.ok(catSeen.queries.size > 30, `${catSeen.queries.size} queries`);
  // Different seeds, different situations (not one fixed picture).
  assert.notEqual(situation({ panel: "gda", kind: "boundary", seed: 1 }).query, situation({ panel: "gda", kind: "boundary", seed: 2 }).query);
  assert.notEqual(situation({ panel: "nb", kind: "bet", seed: 1 }).query, situation({ panel: "nb", kind: "bet", seed: 2 }).query);
});

test("what counts as right: each kind's stated tolerance, on both sides of it; a skip never", () => {
  const e = (kind, score, skipped = false) => ({ kind, score, skipped });
  const right = (entry) => countedRight(entry).right;
  assert.equal(right(e("boundary", { agreement: 0.9, angle_deg: 30 })), true);
  assert.equal(right(e("boundary", { agreement: 0.8999, angle_deg: 1 })), false);
  assert.equal(right(e("posterior", { logit_gap: 0.5 })), true);
  assert.equal(right(e("posterior", { logit_gap: 0.51 })), false);
  assert.equal(right(e("posterior", { right: 1 })), true);
  assert.equal(right(e("posterior", { right: 0, logit_gap: 0 })), false);
  assert.equal(right(e("bet", { logit_gap: 0.49 })), true);
  assert.equal(right(e("bet", { logit_gap: 2 })), false);
  assert.equal(right(e("threshold", { gap: 0.05 })), true);
  assert.equal(right(e("threshold", { gap: 0.051 })), false);
  assert.equal(right(e("word", { rank: 1 })), true);
  assert.equal(right(e("word", { rank: 2 })), false);
  assert.equal(right(e("alpha0", { missed: 0, extra: 0, verdict_right: true })), true);
  assert.equal(right(e("alpha0", { missed: 0, extra: 1, verdict_right: true })), false);
  assert.equal(right(e("alpha0", { missed: 0, extra: 0, verdict_right: false })), false);
  assert.equal(right(e("crossover", { right_kind: 1, decades: 0.3 })), true);
  assert.equal(right(e("crossover", { right_kind: 1 })), true);
  assert.equal(right(e("crossover", { right_kind: 1, decades: 0.31 })), false);
  assert.equal(right(e("crossover", { right_kind: 0 })), false);
  assert.equal(right(e("movement", { right: 1 })), true);
  assert.equal(right(e("shape", { right: 0 })), false);
  assert.equal(right(e("boundary", {}, true)), false);
  assert.equal(right(e("movement", {}, true)), false);
  assert.equal(countedRight(e("boundary", { agreement: 1 })).rule, "agree90");
});

test("the Leitner schedule: new kinds in order, a missed kind back sooner than a right one", () => {
  // Worked by hand (boxes wait INTERVAL = 0, 1, 3, 6 questions; lowest box first, then the
  // longest waiting, then the panel's order; not the kind just asked while another is due):
  // q0 boundary (right → box 2), q1 posterior (wrong → box 1), q2 movement (right), q3
  // threshold (right), q4 shape (wrong), q5: posterior is due again (box 1 since q1) and
  // comes before boundary (box 2, due since q3): posterior.
  assert.deepEqual(INTERVAL, [0, 1, 3, 6]);
  let t = emptyTally();
  const asked = [];
  for (const right of [true, false, true, true, false]) {
    const kind = nextKind("gda", t);
    asked.push(kind);
    t = scored(t, kind, right);
  }
  asked.push(nextKind("gda", t));
  assert.deepEqual(asked, ["boundary", "posterior", "movement", "threshold", "shape", "posterior"]);
  assert.equal(t.asked, 5);
  assert.equal(t.right, 3);
  assert.deepEqual(t.kinds.posterior, { box: 1, last: 1, asked: 1, right: 0 });
  assert.deepEqual(t.kinds.boundary, { box: 2, last: 0, asked: 1, right: 1 });
  // The same answers with posterior right at q1: at q5 posterior (box 2 since q1, due at
  // q4) and boundary (box 2 since q0, due at q3): boundary waited longer.
  t = emptyTally();
  for (const right of [true, true, true, true, false]) t = scored(t, nextKind("gda", t), right);
  assert.equal(nextKind("gda", t), "boundary");
  // Right again and again: the box stops at the last one.
  let u = emptyTally();
  for (let i = 0; i < 5; i++) u = scored(u, "bet", true);
  assert.equal(u.kinds.bet.box, 3);
  // One kind only: asked every time.
  assert.equal(nextKind("curves", scored(emptyTally(), "crossover", true)), "crossover");
  // The spam panel's first three: in order.
  let v = emptyTally();
  const nb = [];
  for (let i = 0; i < 3; i++) {
    const kind = nextKind("nb", v);
    nb.push(kind);
    v = scored(v, kind, true);
  }
  assert.deepEqual(nb, ["bet", "word", "alpha0"]);
});

test("a tally read back from storage: a broken or forged one is a new one, nothing throws", () => {
  const t = scored(scored(emptyTally(), "bet", true), "word", false);
  assert.deepEqual(readTally(JSON.stringify(t)), t);
  for (const bad of ["", "null", "{", "[]", '{"asked":1,"right":2,"kinds":{}}', '{"asked":-1,"right":0,"kinds":{}}', '{"asked":1.5,"right":0,"kinds":{}}', '{"asked":1,"right":0}']) {
    assert.deepEqual(readTally(bad), emptyTally(), bad);
  }
  // A malformed kind is dropped, the rest kept.
  const mixed = { asked: 2, right: 1, kinds: { bet: { box: 2, last: 0, asked: 1, right: 1 }, word: { box: 9, last: 1, asked: 1, right: 0 } } };
  assert.deepEqual(readTally(JSON.stringify(mixed)), { asked: 2, right: 1, kinds: { bet: { box: 2, last: 0, asked: 1, right: 1 } } });
});
