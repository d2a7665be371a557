// "Quiz me": the part without a page (tested in node, tests/unit/quiz_core.test.mjs). A quiz
// question is `panel.kind.seed` (the link's `quiz` key; src/state/page.rs checks it): the seed
// draws the situation, written as the panel's part of a link (so the panel's own link parser
// checks it and setState applies it), and the prediction's parameters. Which kind comes next
// follows a Leitner schedule over the kinds' boxes, kept on the device; whether an answer
// counts as right is a stated tolerance in the task's own units.

/** The kinds a quiz asks, by panel, in the order a new student meets them. */
export const QUIZ_KINDS = {
  gda: ["boundary", "posterior", "movement", "threshold", "shape"],
  nb: ["bet", "word", "alpha0"],
  cat: ["verdict"],
  curves: ["crossover"],
};

/** The largest seed a link carries (9 digits). */
export const MAX_SEED = 999_999_999;

/** Reads `panel.kind.seed`; null unless the kind is one the panel asks and the seed is 1–9 digits. */
export function parseQuestion(value) {
  const parts = String(value ?? "").split(".");
  if (parts.length !== 3) return null;
  const [panel, kind, digits] = parts;
  if (!QUIZ_KINDS[panel]?.includes(kind) || !/^[0-9]{1,9}$/.test(digits)) return null;
  return { panel, kind, seed: Number(digits) };
}

/** The question's link value. */
export function questionValue({ panel, kind, seed }) {
  return `${panel}.${kind}.${seed}`;
}

/** A small seeded generator (mulberry32): numbers in [0, 1), the same for the same seed. */
export function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round = (x, step) => Math.round(x / step) * step;
// Numbers as a link writes them: no float noise (0.30000000000000004).
const num = (x) => String(Number(x.toFixed(6)));
const pick = (rand, list) => list[Math.floor(rand() * list.length)];

/**
 * The situation of question `{panel, kind, seed}`: `{ query, params }`, the panel's part of a
 * link (parsed by the page's own parser, then the panel's setState) and the prediction's
 * parameters (as a lesson's `predict:` line gives them).
 */
export function situation({ panel, kind, seed }) {
  const rand = seeded(seed);
  if (panel === "gda") return gdaSituation(kind, rand);
  if (panel === "nb") return nbSituation(kind, rand);
  if (panel === "cat") return catSituation(rand);
  return curvesSituation(rand);
}

/**
 * Two generated classes with new means, spreads, sizes and sample seed, inside the panel's
 * usual window; the shared-Σ model, except for "shape" and a movement back from QDA to GDA
 * (QDA, each class its own Σ).
 */
function gdaSituation(kind, rand) {
  const spread = () => ({ sx: round(0.6 + 0.8 * rand(), 0.05), sy: round(0.6 + 0.8 * rand(), 0.05), r: round(-0.6 + 1.2 * rand(), 0.05) });
  const c0 = spread();
  const c1 = kind === "shape" ? spread() : c0;
  const m0 = [round(-2 + 2 * rand(), 0.1), round(-1.5 + 2 * rand(), 0.1)];
  const angle = 2 * Math.PI * rand();
  const d = 1.6 + 1.4 * rand();
  const clamp = (x) => Math.min(3, Math.max(-3, x));
  const m1 = [round(clamp(m0[0] + d * Math.cos(angle)), 0.1), round(clamp(m0[1] + d * Math.sin(angle)), 0.1)];
  const q = new URLSearchParams({
    src: "generated",
    seed: String(1 + Math.floor(rand() * 99_999)),
    n0: String(30 + Math.floor(rand() * 50)),
    n1: String(30 + Math.floor(rand() * 50)),
    sx0: num(c0.sx), sy0: num(c0.sy), r0: num(c0.r),
    sx1: num(c1.sx), sy1: num(c1.sy), r1: num(c1.r),
    m0: `${num(m0[0])},${num(m0[1])}`,
    m1: `${num(m1[0])},${num(m1[1])}`,
  });
  if (kind === "shape") q.set("cov", "per-class");
  const params = {};
  if (kind === "posterior" || kind === "threshold") {
    // Half the questions with a prior the data did not give (the prior slides the line).
    if (rand() < 0.5) q.set("phi", num(pick(rand, [0.25, 0.35, 0.65, 0.75])));
  }
  if (kind === "threshold") {
    const [a, b] = pick(rand, [[1, 2], [2, 1], [1, 3], [3, 1], [1, 4], [4, 1], [2, 3], [3, 2], [1, 9]]);
    q.set("l01", num(a));
    q.set("l10", num(b));
  }
  if (kind === "posterior") {
    // A point near the line of the means, between them and a little off it, where the
    // answer is neither obvious nor certain.
    const t = 0.2 + 0.6 * rand();
    const off = (rand() - 0.5) * 1.6;
    const len = Math.hypot(m1[0] - m0[0], m1[1] - m0[1]);
    const across = [-(m1[1] - m0[1]) / len, (m1[0] - m0[0]) / len];
    params.at = [0, 1].map((i) => Number(round(m0[i] + t * (m1[i] - m0[i]) + off * across[i], 0.1).toFixed(1)));
  }
  if (kind === "movement") {
    const change = pick(rand, ["prior", "mean0", "mean1", "losses", "tilt", "model"]);
    if (change === "model") {
      // GDA → QDA or back, class 1 with a spread of its own (drawn after everything else,
      // so the other changes keep their draws).
      const own = spread();
      q.set("sx1", num(own.sx));
      q.set("sy1", num(own.sy));
      q.set("r1", num(own.r));
      params.model = rand() < 0.5 ? "qda" : "gda";
      if (params.model === "gda") q.set("cov", "per-class");
    } else if (change === "prior") params.prior = pick(rand, [0.2, 0.3, 0.7, 0.8]);
    // Σ tilts: both clouds drawn with a correlation at least 0.4 from the one they have.
    else if (change === "tilt") params.tilt = pick(rand, [-0.6, -0.3, 0, 0.3, 0.6].filter((r) => Math.abs(r - c0.r) >= 0.4));
    else if (change === "losses") params.losses = pick(rand, [[1, 3], [3, 1], [2, 2], [1, 5], [5, 1]]);
    else {
      const m = change === "mean0" ? m0 : m1;
      const a = 2 * Math.PI * rand();
      const step = 0.8 + 0.8 * rand();
      params[change] = [round(clamp(m[0] + step * Math.cos(a)), 0.1), round(clamp(m[1] + step * Math.sin(a)), 0.1)].map((x) => Number(x.toFixed(1)));
    }
  }
  return { query: q.toString(), params };
}

// Short messages made of these clauses (written for genlab; the teaching corpus is not
// quoted): one or two that sound like offers and one or two that sound like friends.
const OFFERS = [
  "Claim your free gift now",
  "Reply WIN to enter the prize draw",
  "Limited offer ends tonight",
  "Call now to collect your cash reward",
  "Click the link to unlock your bonus",
  "Text STOP to opt out",
  "Exclusive deal just for you",
  "Your account needs urgent verification",
];
const FRIENDS = [
  "Are we still on for lunch tomorrow",
  "See you at the library at 3",
  "Can you send me the notes from class",
  "Running late, save me a seat",
  "Thanks for dinner last night",
  "The lecture moved to room 4",
  "Mum says hi and call her back",
  "Bring your umbrella, it will rain",
];

/** A short message of two or three clauses and a smoothing α. */
function nbSituation(kind, rand) {
  const from = (list, k) => {
    const left = [...list];
    return Array.from({ length: k }, () => left.splice(Math.floor(rand() * left.length), 1)[0]);
  };
  const offers = from(OFFERS, 1 + Math.floor(rand() * 2));
  const friends = from(FRIENDS, rand() < 0.5 ? 1 : 2);
  const clauses = [...offers, ...friends];
  // In a seeded order.
  for (let i = clauses.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [clauses[i], clauses[j]] = [clauses[j], clauses[i]];
  }
  const alpha = pick(rand, kind === "alpha0" ? [0.5, 1, 2] : [0.1, 0.5, 1, 2]);
  const q = new URLSearchParams({ t: `${clauses.join(". ")}.`, a: num(alpha) });
  const params = kind === "word" ? { toward: rand() < 0.5 ? "spam" : "ham" } : {};
  return { query: q.toString(), params };
}

/** The built-in categorical table's attributes, each its values in order, as a link writes
 * them (English): height over 170 cm, eye colour, hair length, wears glasses
 * (genlab::nb::categorical::EXAMPLE_CSV). */
export const CAT_VALUES = [["yes", "no"], ["blue", "brown", "green"], ["short", "medium", "long"], ["yes", "no"]];

/**
 * A fresh query on the built-in table (each attribute one of its values) and a λ, 0 a third
 * of the time (where a query value a class never has in training vetoes it). At λ = 0 green
 * eyes (no "yes" row has them) with medium hair (no "no" row has it) would rule out both
 * classes and leave no verdict: then the hair is drawn again from the other two.
 */
function catSituation(rand) {
  const lambda = pick(rand, [0, 0, 0.5, 1, 1, 2]);
  const query = CAT_VALUES.map((values) => pick(rand, values));
  if (lambda === 0 && query[1] === "green" && query[2] === "medium") query[2] = pick(rand, ["short", "long"]);
  const q = new URLSearchParams({ cl: num(lambda), cq: query.join("|") });
  return { query: q.toString(), params: {} };
}

/** A pairing and a seed for its splits (and its generated cloud). */
function curvesSituation(rand) {
  const pairing = pick(rand, ["true", "unequal", "bimodal", "heavy", "wdbc", "digits01", "textmn", "textbern"]);
  const q = new URLSearchParams({ lcp: pairing, lcseed: String(1 + Math.floor(rand() * 99_999)), lcn: "50" });
  return { query: q.toString(), params: {} };
}

/**
 * Whether a recorded prediction (js/predict-record.js's entry) counts as right in a quiz,
 * and the rule, by the rule's id (quiz.js words it): a skip never does.
 */
export function countedRight(entry) {
  const s = entry?.score ?? {};
  const rule = RULES[entry?.kind] ?? "exact";
  if (!entry || entry.skipped) return { right: false, rule };
  switch (entry.kind) {
    case "boundary":
      return { right: s.agreement >= 0.9, rule };
    case "posterior":
      // k classes: the class picked (its own score); two: the log-odds gap.
      return { right: s.right != null ? s.right === 1 : s.logit_gap <= 0.5, rule: s.right != null ? "exact" : rule };
    case "bet":
      return { right: s.logit_gap <= 0.5, rule };
    case "threshold":
      return { right: s.gap <= 0.05, rule };
    case "word":
      return { right: s.rank === 1, rule };
    case "alpha0":
      return { right: s.missed === 0 && s.extra === 0 && Boolean(s.verdict_right), rule };
    case "crossover":
      return { right: s.right_kind === 1 && (s.decades == null || s.decades <= 0.3), rule };
    default:
      return { right: s.right === 1, rule };
  }
}

const RULES = { boundary: "agree90", posterior: "logit05", bet: "logit05", threshold: "gap005", word: "top", alpha0: "alpha0", crossover: "decades03" };

/** The Leitner boxes: a kind answered right moves up a box (at most the last), a kind missed
 * or skipped goes back to the first; a kind in box b waits INTERVAL[b] questions. */
export const INTERVAL = [0, 1, 3, 6];
const TOP_BOX = INTERVAL.length - 1;

/** A panel's tally as the device keeps it: `{ asked, right, kinds: { kind: { box, last, asked, right } } }`. */
export function emptyTally() {
  return { asked: 0, right: 0, kinds: {} };
}

/**
 * The kind to ask next on `panel` with `tally`: among the kinds due (waited their box's
 * interval; never asked: due), the lowest box, then the longest waiting, then the panel's
 * order; the kind just asked only when no other is due. None due: the one due soonest.
 */
export function nextKind(panel, tally) {
  const kinds = QUIZ_KINDS[panel] ?? [];
  const q = tally?.asked ?? 0;
  const info = kinds.map((kind, order) => {
    const k = tally?.kinds?.[kind];
    const box = k?.box ?? 1;
    const last = k?.last ?? -Infinity;
    return { kind, order, box, last, dueAt: last + INTERVAL[box] };
  });
  const lastAsked = info.reduce((a, b) => (b.last > a.last ? b : a), { last: -Infinity }).kind;
  const byPriority = (a, b) => a.box - b.box || a.last - b.last || a.order - b.order;
  const due = info.filter((k) => k.dueAt <= q).sort(byPriority);
  const fresh = due.filter((k) => k.kind !== lastAsked);
  if (fresh.length) return fresh[0].kind;
  if (due.length) return due[0].kind;
  return [...info].sort((a, b) => a.dueAt - b.dueAt || byPriority(a, b))[0]?.kind ?? null;
}

/** The tally after question `kind` was answered (`right`: counted right). A new object. */
export function scored(tally, kind, right) {
  const t = { asked: tally.asked + 1, right: tally.right + (right ? 1 : 0), kinds: { ...tally.kinds } };
  const k = t.kinds[kind] ?? { box: 1, last: -1, asked: 0, right: 0 };
  t.kinds[kind] = {
    box: right ? Math.min(TOP_BOX, k.box + 1) : 1,
    last: tally.asked,
    asked: k.asked + 1,
    right: k.right + (right ? 1 : 0),
  };
  return t;
}

/** A tally read back from storage: what is not a well-formed tally is a new one. */
export function readTally(text) {
  try {
    const t = JSON.parse(text);
    const whole = (x) => Number.isInteger(x) && x >= 0;
    if (!t || !whole(t.asked) || !whole(t.right) || t.right > t.asked || typeof t.kinds !== "object" || t.kinds === null) return emptyTally();
    const kinds = {};
    for (const [kind, k] of Object.entries(t.kinds)) {
      if (k && Number.isInteger(k.box) && k.box >= 1 && k.box <= TOP_BOX && Number.isInteger(k.last) && k.last >= -1 && whole(k.asked) && whole(k.right) && k.right <= k.asked) kinds[kind] = { box: k.box, last: k.last, asked: k.asked, right: k.right };
    }
    return { asked: t.asked, right: t.right, kinds };
  } catch {
    return emptyTally();
  }
}

/** A new seed for a question, from the browser's generator where there is one. */
export function freshSeed(random = Math.random) {
  return 1 + Math.floor(random() * MAX_SEED);
}
