// Random walks through each panel's settings, mixed with Back and Forward: at every step
// what is on screen must be what the URL says. Three checks each time:
//   1. each panel's getState() equals the state parsed from the URL (parseState);
//   2. a fresh page opened on the same URL shows the same screen: the numbers, the ledger,
//      the verdicts and every control's value (what a student reads, not only getState,
//      which could itself be wrong) — except the user's own GDA points, which a link
//      cannot carry: that fresh page must say so, not show something else silently;
//   3. after Back or Forward, the screen is the one that history entry showed.
// The walks are seeded (mulberry32), so a failure replays exactly. Waits are on events: the
// URL being written (the page writes it after a change, at once or 250 ms later for
// continuous ones), a popstate handled (a listener registered after the page's own, then a
// requestAnimationFrame), html[data-ready=true] in the fresh page. Each fresh page is a new
// tab, as a copied link opened fresh is: one tab navigated a hundred times by Playwright
// kept every old document's wasm memories (three modules a load) until instantiation failed
// ("Out of memory: Cannot allocate Wasm memory"), a limit of the test's tab, not of the page.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, open } from "./lib.mjs";

let fresh;
const env = setup({
  before: async () => { fresh = await open(env.browser, env.server.url); },
  after: async () => { await fresh?.context.close(); },
});

/** mulberry32: a small seeded generator, enough to make the walks repeatable. */
function mulberry32(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Everything a student reads or sets on the page, per panel (run in the page). */
function screen() {
  const role = (slot, r) => document.querySelector(`#${slot}-slot [data-role="${r}"]`);
  const text = (slot, r) => role(slot, r)?.textContent ?? null;
  const value = (slot, r) => role(slot, r)?.value ?? null;
  const all = (sel, f) => [...document.querySelectorAll(sel)].map(f);
  const out = {
    shell: {
      lang: document.documentElement.lang,
      projector: document.documentElement.classList.contains("projector"),
      projectorBox: document.getElementById("projector").checked,
      notices: document.getElementById("notices").hidden,
    },
  };
  if (document.getElementById("gda-slot")) {
    out.gda = {
      numbers: ["phi", "mu0", "mu1", "sigma", "w", "b", "boundary", "threshold", "risk", "reports", "logistic-numbers", "sigmas", "error", "input-error"].map((r) => text("gda", r)),
      controls: ["source", "n0", "sdx0", "sdy0", "rho0", "n1", "sdx1", "sdy1", "rho1", "seed", "covariance", "lambda", "prior", "loss01", "loss10"].map((r) => value("gda", r)),
      checks: ["logistic", "heat", "prior-on"].map((r) => role("gda", r).checked),
      outputs: all("#gda-slot output", (o) => o.textContent),
      // The whole numbers table, shown or hidden, cell by cell: a block a state hides must
      // hold what a fresh page's holds (a Back once left logistic regression's w and b
      // behind its hidden row, and the k-class table's numbers behind the two-class one).
      // (A block's own line says only whether it is hidden; the pointer's readout and the
      // live region follow the mouse and the clock, not the URL.)
      table: all('#gda-slot .numbers [data-role]:not([data-role="live"], [data-role="posterior"])', (el) => `${el.dataset.role}${el.hidden ? " (hidden)" : ""}${el.querySelector("[data-role]") ? "" : `: ${el.textContent}`}`),
      // The figure's text alternative: what it draws, in words.
      figure: role("gda", "canvas").getAttribute("aria-label"),
    };
  }
  if (document.getElementById("nb-slot")) {
    out.nb = {
      verdict: text("nb", "verdict"),
      ledger: all('#nb-slot [data-role="ledger"] li', (li) => li.textContent),
      text: value("nb", "text"),
      controls: ["alpha", "alpha-slider", "prior", "cost", "cost-slider", "resample", "beta1", "beta0", "aham", "aspam"].map((r) => value("nb", r)),
      checks: [...all('#nb-slot [data-role="event"]', (r) => `${r.value}:${r.checked}`), `bayes:${role("nb", "bayes-on").checked}`],
      // What the ledger read of an email, shown or hidden (a plain message after an email
      // once kept that email's subject and body behind the hidden box).
      email: all('#nb-slot [data-role^="email"]', (el) => `${el.dataset.role}${el.hidden ? " (hidden)" : ""}${el.querySelector("[data-role]") ? "" : `: ${el.textContent}`}`),
      metrics: ["acc", "prec", "rec", "f1", "tn", "fp", "fn", "tp", "input-error"].map((r) => text("nb", r)),
    };
  }
  if (document.getElementById("cat-slot")) {
    out.cat = {
      verdict: text("cat", "verdict"),
      classes: text("cat", "classes"),
      controls: ["lambda", "lambda-slider", "prior"].map((r) => value("cat", r)),
      query: all('#cat-slot [data-role="query"] select', (s) => s.value),
      error: text("cat", "input-error"),
    };
  }
  return out;
}

/** Loads the page's wasm module into the page once, for parseState/stateQuery, and
 * defines there the condition `settled` waits for: the URL holds the whole screen's state,
 * as the page writes it (a string predicate would need eval, which the page's CSP forbids). */
async function prepare(page) {
  await page.evaluate(async () => {
    window.__pkg = await import("/pkg-gda/genlab.js");
    window.__written = () => {
      const P = window.genlab_panels;
      const html = document.documentElement;
      const state = {
        lang: html.lang,
        projector: html.classList.contains("projector"),
        embed: null,
        gda: P.gda.getState(),
        nb: P.nb.getState(),
        cat: P.cat.getState(),
      };
      return window.__pkg.stateQuery(state) === location.search.replace(/^\?/, "");
    };
    window.__pops = 0;
    // Registered after the page's own popstate listener: it runs once that one is done.
    window.addEventListener("popstate", () => requestAnimationFrame(() => { window.__pops += 1; }));
  });
}

/** Waits until the page has written the screen into the URL (a change's own write). */
async function settled(page) {
  await page.waitForFunction(() => window.__written(), null, { timeout: 10000 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
}

/** Numbers equal to 1e-9 relative (a mean restored from a link is the dragged one up to
 * the rounding of translating its cloud); everything else exactly. */
function assertClose(actual, expected, path) {
  if (typeof expected === "number" && typeof actual === "number") {
    assert.ok(Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected)), `${path}: ${actual} ≠ ${expected}`);
    return;
  }
  if (Array.isArray(expected) || (expected && typeof expected === "object")) {
    assert.ok(actual && typeof actual === "object", `${path}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`);
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    for (const k of keys) assertClose(actual[k], expected[k], `${path}.${k}`);
    return;
  }
  assert.equal(actual, expected, path);
}

/** The screens each history entry showed, by the entry's key. */
const shown = new Map();

/** The checks: getState against the URL, the screen against a fresh page's, and (after
 * Back or Forward, `travelled`) against what the entry showed before. */
async function check(page, errors, label, travelled = false) {
  const now = await page.evaluate(() => {
    const parsed = window.__pkg.parseState(location.search);
    const P = window.genlab_panels;
    return {
      key: navigation.currentEntry.key,
      url: location.href,
      parsed: parsed.state,
      notices: parsed.notices,
      state: { gda: P.gda.getState(), nb: P.nb.getState(), cat: P.cat.getState() },
      lang: document.documentElement.lang,
      projector: document.documentElement.classList.contains("projector"),
    };
  });
  assert.deepEqual(now.notices, [], `${label}: the page wrote a link with notices: ${now.url}`);
  for (const p of ["gda", "nb", "cat"]) assertClose(now.state[p], now.parsed[p], `${label}: ${p} getState vs URL ${now.url}`);
  assert.equal(now.lang, now.parsed.lang, `${label}: lang`);
  assert.equal(now.projector, now.parsed.projector, `${label}: projector`);
  const mine = await page.evaluate(screen);
  if (travelled && shown.has(now.key)) assert.deepEqual(mine, shown.get(now.key), `${label}: the entry showed another screen before (${now.url})`);
  shown.set(now.key, structuredClone(mine));
  // The link in a new tab of the fresh context, the previous one closed.
  await fresh.page.close();
  fresh.page = await fresh.context.newPage();
  fresh.page.on("pageerror", (e) => fresh.errors.push(String(e)));
  fresh.page.on("console", (m) => { if (m.type() === "error") fresh.errors.push(m.text()); });
  await fresh.page.goto(now.url);
  try {
    await fresh.page.waitForSelector("html[data-ready=true]", { timeout: 20000 });
  } catch (e) {
    // Say what the fresh page showed instead: its boot line and its errors.
    const boot = await fresh.page.evaluate(() => document.getElementById("boot")?.textContent).catch((x) => String(x));
    throw new Error(`${label}: a fresh page at ${now.url} was not ready in 20 s; boot line “${boot}”; errors ${JSON.stringify(fresh.errors)}; ${e.message}`);
  }
  const theirs = await fresh.page.evaluate(screen);
  if (now.parsed.gda.source === "custom") {
    // The user's own points: the fresh page says it cannot show them; the rest is equal.
    assert.match(theirs.gda.numbers[13], /your own points|你自己的点/, `${label}: a link of your own points must say it cannot carry them`);
    delete mine.gda;
    delete theirs.gda;
  }
  assert.deepEqual(mine, theirs, `${label}: the screen differs from a fresh page at ${now.url}`);
  assert.deepEqual([...errors, ...fresh.errors], [], label);
}

/** Back or forward, if there is somewhere to go; waits for the popstate to be handled. */
async function travel(page, rnd) {
  const { back, forward, pops } = await page.evaluate(() => ({ back: navigation.canGoBack, forward: navigation.canGoForward, pops: window.__pops }));
  const dir = back && forward ? (rnd() < 0.6 ? "back" : "forward") : back ? "back" : forward ? "forward" : null;
  if (!dir) return null;
  await page.evaluate((d) => (d === "back" ? history.back() : history.forward()), dir);
  await page.waitForFunction((n) => window.__pops > n, pops);
  return dir;
}

/** Sets an <input> or <select> to `v` and fires what a user's change fires. */
async function setControl(page, selector, v, { input = true } = {}) {
  await page.$eval(selector, (el, [val, inp]) => {
    el.value = val;
    if (inp) el.dispatchEvent(new Event("input", { bubbles: true }));
    el.dispatchEvent(new Event("change", { bubbles: true }));
  }, [String(v), input]);
}

const pick = (rnd, list) => list[Math.floor(rnd() * list.length)];
const gdaRole = (r) => `#gda-slot [data-role="${r}"]`;
const nbRole = (r) => `#nb-slot [data-role="${r}"]`;
const catRole = (r) => `#cat-slot [data-role="${r}"]`;

/** Shell changes every walk mixes in: the language and projector mode. */
const SHELL = {
  // The switch fetches the other language's words first, then writes the page and the URL:
  // wait for the page's lang to change (the URL is written in the same task), or the check
  // would compare a page still switching with a URL not yet written (seen once under load).
  lang: async (page) => {
    const before = await page.evaluate(() => document.documentElement.lang);
    await page.click("#lang");
    await page.waitForFunction((b) => document.documentElement.lang !== b, before);
    return "lang";
  },
  projector: async (page) => { await page.click("#projector"); return "projector"; },
};

const GDA = {
  async drag(page, rnd) {
    const k = rnd() < 0.5 ? 0 : 1;
    await page.$eval(gdaRole("canvas"), (c) => c.scrollIntoView({ block: "center" }));
    const at = await page.evaluate((k) => {
      const p = window.genlab_panels.gda.controller.panel;
      const h = p.handles();
      const px = p.dataToPixels(h[2 * k], h[2 * k + 1]);
      const r = document.querySelector('#gda-slot [data-role="canvas"]').getBoundingClientRect();
      return { x: r.left + px[0] / devicePixelRatio, y: r.top + px[1] / devicePixelRatio, r: { l: r.left, t: r.top, w: r.width, h: r.height } };
    }, k);
    if (!(at.x > at.r.l + 2 && at.x < at.r.l + at.r.w - 2 && at.y > at.r.t + 2 && at.y < at.r.t + at.r.h - 2)) return "drag (handle not on screen)";
    const to = {
      x: Math.min(at.r.l + at.r.w - 60, Math.max(at.r.l + 70, at.x + (rnd() - 0.5) * 160)),
      y: Math.min(at.r.t + at.r.h - 60, Math.max(at.r.t + 20, at.y + (rnd() - 0.5) * 120)),
    };
    await page.mouse.move(at.x, at.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 4 });
    await page.mouse.up();
    return `drag μ${k}`;
  },
  async slider(page, rnd) {
    const [r, lo, hi, step] = pick(rnd, [["n0", 1, 500, 1], ["n1", 1, 500, 1], ["sdx0", 0.2, 3, 0.05], ["sdy1", 0.2, 3, 0.05], ["rho0", -0.95, 0.95, 0.05], ["rho1", -0.95, 0.95, 0.05]]);
    const v = Number((lo + step * Math.round((rnd() * (hi - lo)) / step)).toFixed(2));
    await setControl(page, gdaRole(r), v);
    return `${r} = ${v}`;
  },
  async seed(page, rnd) {
    const v = 1 + Math.floor(rnd() * 1000);
    await setControl(page, gdaRole("seed"), v, { input: false });
    return `seed = ${v}`;
  },
  async source(page, rnd) {
    const v = pick(rnd, ["generated", "penguins-adelie-chinstrap", "penguins-adelie-gentoo", "iris-versicolor-virginica"]);
    await page.selectOption(gdaRole("source"), v);
    return `source = ${v}`;
  },
  async covariance(page, rnd) {
    const v = pick(rnd, ["shared", "per-class", "diagonal-per-class", "diagonal-shared"]);
    await page.selectOption(gdaRole("covariance"), v);
    return `covariance = ${v}`;
  },
  async toggle(page, rnd) {
    const r = pick(rnd, ["logistic", "prior-on", "heat"]);
    await page.click(gdaRole(r));
    return `toggle ${r}`;
  },
  async prior(page, rnd) {
    // The override's value (its slider is live only while the override is on).
    if (!(await page.isChecked(gdaRole("prior-on")))) await page.click(gdaRole("prior-on"));
    const v = pick(rnd, ["0.1", "0.25", "0.7", "0.9"]);
    await setControl(page, gdaRole("prior"), v);
    return `prior φ = ${v}`;
  },
  async losses(page, rnd) {
    const r = rnd() < 0.5 ? "loss01" : "loss10";
    const v = pick(rnd, ["0.5", "1", "2", "5"]);
    await setControl(page, gdaRole(r), v, { input: false });
    return `${r} = ${v}`;
  },
  async edit(page, rnd) {
    const r = pick(rnd, ["outliers", "bimodal"]);
    await page.click(gdaRole(r));
    return r;
  },
  async keys(page, rnd) {
    await page.focus(gdaRole("canvas"));
    await page.keyboard.press(rnd() < 0.5 ? "1" : "2");
    const key = pick(rnd, ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"]);
    for (let i = 0; i < 3; i++) await page.keyboard.press(key);
    await page.$eval(gdaRole("canvas"), (c) => c.blur());
    return `keys ${key}×3`;
  },
  ...SHELL,
};

const NB = {
  async type(page, rnd) {
    const words = ["free", "prize", "meeting", "tomorrow", "cash", "lab", "report", "win", "免费", "回家", "offer", "now"];
    const v = Array.from({ length: 1 + Math.floor(rnd() * 6) }, () => pick(rnd, words)).join(" ");
    await page.fill(nbRole("text"), rnd() < 0.1 ? "" : v);
    return `type “${v}”`;
  },
  async example(page, rnd) {
    const v = pick(rnd, ["en-spam", "en-ham", "phish", "zh-spam", "zh-ham"]);
    await page.click(`#nb-slot [data-example="${v}"]`);
    return `example ${v}`;
  },
  async alpha(page, rnd) {
    const v = pick(rnd, ["0", "0.01", "0.5", "1", "2.5", "10"]);
    await page.fill(nbRole("alpha"), v);
    await page.press(nbRole("alpha"), "Enter");
    return `α = ${v}`;
  },
  async alphaSlider(page, rnd) {
    const v = Math.floor(rnd() * 1001);
    await setControl(page, nbRole("alpha-slider"), v);
    return `α slider = ${v}`;
  },
  async event(page, rnd) {
    const v = rnd() < 0.5 ? "bernoulli" : "multinomial";
    await page.check(`#nb-slot [data-role="event"][value="${v}"]`);
    return `event = ${v}`;
  },
  async prior(page, rnd) {
    const v = pick(rnd, ["ml", "smoothed", "uniform"]);
    await page.selectOption(nbRole("prior"), v);
    return `prior = ${v}`;
  },
  async cost(page, rnd) {
    const v = pick(rnd, ["1", "2", "10", "50"]);
    await page.fill(nbRole("cost"), v);
    await page.press(nbRole("cost"), "Enter");
    return `cost = ${v}`;
  },
  async resample(page, rnd) {
    const v = pick(rnd, ["none", "undersample_ham", "oversample_spam"]);
    await page.selectOption(nbRole("resample"), v);
    return `resample = ${v}`;
  },
  ...SHELL,
};

const CAT = {
  async lambda(page, rnd) {
    const v = pick(rnd, ["0", "0.5", "1", "2", "7"]);
    await page.fill(catRole("lambda"), v);
    await page.press(catRole("lambda"), "Enter");
    return `λ = ${v}`;
  },
  async lambdaButton(page, rnd) {
    const buttons = await page.$$("#cat-slot [data-lambda]");
    if (!buttons.length) return "no λ buttons";
    const b = pick(rnd, buttons);
    await b.click();
    return "λ button";
  },
  async prior(page, rnd) {
    const v = pick(rnd, ["ml", "smoothed", "uniform"]);
    await page.selectOption(catRole("prior"), v);
    return `prior = ${v}`;
  },
  async query(page, rnd) {
    const selects = await page.$$('#cat-slot [data-role="query"] select');
    const s = pick(rnd, selects);
    const options = await s.$$eval("option", (os) => os.map((o) => o.value));
    const v = pick(rnd, options);
    await s.selectOption(v);
    return `query → “${v}”`;
  },
  ...SHELL,
};

/** One walk: `changes` changes from `actions`, each followed at random by Back/Forward. */
async function walk(name, actions, seed, changes = 20) {
  const rnd = mulberry32(seed);
  const { page, context, errors } = await open(env.browser, env.server.url);
  await prepare(page);
  await check(page, errors, `${name}: start`);
  const names = Object.keys(actions);
  const log = [];
  for (let i = 0; i < changes; i++) {
    const what = await actions[pick(rnd, names)](page, rnd);
    log.push(what);
    await settled(page);
    await check(page, errors, `${name} step ${i + 1} (${log.join(", ")})`);
    while (rnd() < 0.4) {
      const dir = await travel(page, rnd);
      if (!dir) break;
      log.push(dir);
      await check(page, errors, `${name} step ${i + 1} (${log.join(", ")})`, true);
    }
  }
  await context.close();
}

test("a random walk through the GDA panel and history: the screen is always the URL's", async () => {
  await walk("gda", GDA, 17);
});

test("every GDA model and overlay switched on and off, then Back ×5: each entry shows what a fresh page at its URL shows", async () => {
  // The walk as reported: 11 GDA changes with logistic regression toggled, then Back 5 times;
  // the entry reached had logistic regression off, yet its w and b stayed in the numbers
  // table (where a fresh page at that URL has none). Every model and overlay is switched
  // here, on and off, and every entry is checked against a fresh page, after each change
  // and after each Back.
  const { page, context, errors } = await open(env.browser, env.server.url);
  await prepare(page);
  const steps = [
    ["logistic on", () => page.click(gdaRole("logistic"))],
    ["n0 = 50", () => setControl(page, gdaRole("n0"), 50)],
    ["Σ per class (QDA)", () => page.selectOption(gdaRole("covariance"), "per-class")],
    ["heat map on", () => page.click(gdaRole("heat"))],
    ["logistic off", () => page.click(gdaRole("logistic"))],
    ["Σ diagonal per class (Gaussian NB)", () => page.selectOption(gdaRole("covariance"), "diagonal-per-class")],
    ["prior override on", () => page.click(gdaRole("prior-on"))],
    ["logistic on", () => page.click(gdaRole("logistic"))],
    ["λ₁₀ = 5", () => setControl(page, gdaRole("loss10"), 5, { input: false })],
    ["heat map off", () => page.click(gdaRole("heat"))],
    ["Σ diagonal shared", () => page.selectOption(gdaRole("covariance"), "diagonal-shared")],
    // (k classes hide the heat map and the decision controls: last.)
    ["k = 3", () => page.selectOption(gdaRole("classes"), "3")],
  ];
  const log = [];
  for (const [what, act] of steps) {
    await act();
    log.push(what);
    await settled(page);
    await check(page, errors, `step ${log.length} (${log.join(", ")})`);
  }
  for (let i = 1; i <= 5; i++) {
    const pops = await page.evaluate(() => window.__pops);
    await page.evaluate(() => history.back());
    await page.waitForFunction((n) => window.__pops > n, pops);
    await check(page, errors, `Back ×${i} after ${log.join(", ")}`, true);
  }
  // Back ×5 lands on step 7, "prior override on": logistic regression off, Gaussian NB drawn.
  const url = await page.evaluate(() => location.search);
  assert.doesNotMatch(url, /lr=1/, url);
  assert.equal(await page.textContent(gdaRole("logistic-numbers")), "", "no w and b of logistic regression behind its hidden row");
  await context.close();
});

test("a random walk through the naive Bayes panel and history: the screen is always the URL's", async () => {
  await walk("nb", NB, 23);
});

test("an email, then a plain message, then Back and Forward: the email box holds what a fresh page's holds", async () => {
  // Same class as the GDA table's hidden rows: a box the state hides must not keep an
  // earlier state's text (here the pasted email's subject, sender and body).
  const { page, context, errors } = await open(env.browser, env.server.url);
  await prepare(page);
  await page.fill(nbRole("text"), "From: deals@shop.example\nSubject: Cheap watches\n\nCheap replica watches, buy now and save 90 percent!");
  await settled(page);
  assert.equal(await page.textContent(nbRole("email-subject")), "Cheap watches");
  await check(page, errors, "the email");
  await page.fill(nbRole("text"), "meeting tomorrow");
  await settled(page);
  await check(page, errors, "a plain message after the email");
  assert.equal(await page.textContent(nbRole("email-subject")), "");
  for (const dir of ["back", "forward"]) {
    const pops = await page.evaluate(() => window.__pops);
    await page.evaluate((d) => (d === "back" ? history.back() : history.forward()), dir);
    await page.waitForFunction((n) => window.__pops > n, pops);
    await check(page, errors, dir, true);
  }
  await context.close();
});

test("a random walk through the categorical panel and history: the screen is always the URL's", async () => {
  await walk("cat", CAT, 31);
});

test("after a drag, Back shows the undragged means and Forward the dragged ones", async () => {
  // The defect as reported: Back restored a URL without m0/m1 and the panel kept the
  // dragged means, so "Copy link" shared a state other than the one shown.
  const { page, context, errors } = await open(env.browser, env.server.url);
  await prepare(page);
  const before = await page.textContent(gdaRole("mu0"));
  await GDA.drag(page, () => 0.1);
  await page.waitForFunction(() => /m0=/.test(location.search));
  const dragged = await page.textContent(gdaRole("mu0"));
  assert.notEqual(dragged, before);
  const pops = await page.evaluate(() => window.__pops);
  await page.goBack();
  await page.waitForFunction((n) => window.__pops > n, pops);
  assert.equal(await page.evaluate(() => location.search), "");
  assert.equal(await page.textContent(gdaRole("mu0")), before);
  await check(page, errors, "after Back");
  await page.goForward();
  await page.waitForFunction((n) => window.__pops > n + 1, pops);
  assert.equal(await page.textContent(gdaRole("mu0")), dragged);
  await check(page, errors, "after Forward");
  await context.close();
});
