// End-to-end tests of the lecture shell: shareable state, back/forward, embedding,
// languages, projector mode, export.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, open } from "./lib.mjs";
import { loadLang, t } from "../../www/js/i18n.js";

// The Chinese words the tests compare with (fetched by the page when Chinese is asked for).
await loadLang("zh-CN");

const env = setup();

const text = (page, sel) => page.textContent(sel);
const gdaRole = (role) => `#gda-slot [data-role="${role}"]`;
const nbRole = (role) => `#nb-slot [data-role="${role}"]`;

/** Asserts nothing non-finite or undefined is written on the page. */
async function assertNoGarbage(page) {
  const body = await page.evaluate(() => document.body.innerText);
  for (const bad of ["NaN", "Infinity", "undefined", "null"]) assert.ok(!body.includes(bad), `page shows "${bad}"`);
}

/** Everything a student reads in the two numbers panels. */
const screenNumbers = (page) => page.evaluate(() => {
  const q = (s) => [...document.querySelectorAll(s)].map((e) => e.textContent);
  return {
    gda: q('#gda-slot [data-role="phi"], #gda-slot [data-role="mu0"], #gda-slot [data-role="mu1"], #gda-slot [data-role="sigma"], #gda-slot [data-role="w"], #gda-slot [data-role="b"]'),
    verdict: document.querySelector('#nb-slot [data-role="verdict"]').textContent,
    acc: document.querySelector('#nb-slot [data-role="acc"]').textContent,
    text: document.querySelector('#nb-slot [data-role="text"]').value,
    alpha: document.querySelector('#nb-slot [data-role="alpha"]').value,
  };
});

/** Centre of mean handle k in page coordinates. */
async function handlePos(page, k) {
  return page.evaluate((k) => {
    const p = window.genlab_panels.gda.controller.panel;
    const h = p.handles();
    const px = p.dataToPixels(h[2 * k], h[2 * k + 1]);
    const r = document.querySelector('#gda-slot [data-role="canvas"]').getBoundingClientRect();
    return { x: r.left + px[0] / devicePixelRatio, y: r.top + px[1] / devicePixelRatio };
  }, k);
}

test("a copied link reproduces the screen in a fresh page", async () => {
  const { page, context, errors } = await open(env.browser, env.server.url);
  // Change things: n₁, a drag, α, the event model, the message.
  await page.$eval(gdaRole("n1"), (el) => { el.value = "90"; el.dispatchEvent(new Event("input", { bubbles: true })); el.dispatchEvent(new Event("change", { bubbles: true })); });
  const h = await handlePos(page, 0);
  await page.mouse.move(h.x, h.y);
  await page.mouse.down();
  await page.mouse.move(h.x + 40, h.y - 30, { steps: 4 });
  await page.mouse.up();
  await page.fill(nbRole("alpha"), "0.05");
  await page.press(nbRole("alpha"), "Enter");
  await page.check('#nb-slot [data-role="event"][value="bernoulli"]');
  await page.fill(nbRole("text"), "Free entry! <b>win</b> a prize 免费");
  await page.click("#copy-link");
  await page.waitForTimeout(400);
  const url = page.url();
  assert.match(url, /n1=90/);
  const before = await screenNumbers(page);
  const fresh = await open(env.browser, url);
  const after = await screenNumbers(fresh.page);
  assert.deepEqual(after, before);
  await assertNoGarbage(fresh.page);
  assert.deepEqual([...errors, ...fresh.errors], []);
  await context.close();
  await fresh.context.close();
});

test("back and forward walk through the changes", async () => {
  const { page, context } = await open(env.browser, env.server.url);
  await page.selectOption(gdaRole("source"), "iris-versicolor-virginica");
  await page.waitForFunction(() => location.search.includes("src=iris"));
  await page.selectOption(gdaRole("source"), "penguins-adelie-gentoo");
  await page.waitForFunction(() => location.search.includes("src=penguins-adelie-gentoo"));
  await page.goBack();
  await page.waitForFunction(() => document.querySelector('#gda-slot [data-role="source"]').value === "iris-versicolor-virginica");
  // Iris versicolor vs virginica: 50 + 50 points, φ = 0.5.
  assert.match(await text(page, gdaRole("phi")), /^0\.500/);
  await page.goForward();
  await page.waitForFunction(() => document.querySelector('#gda-slot [data-role="source"]').value === "penguins-adelie-gentoo");
  await context.close();
});

test("bad link values are ignored with a notice, and the page still works", async () => {
  const { page, context, errors } = await open(env.browser, `${env.server.url}?a=-1&n0=1000000000&sx0=NaN&zoom=3&t=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E`);
  await page.waitForSelector("#notices:not([hidden])");
  const notices = await text(page, "#notices");
  assert.match(notices, /a: α is a number from 0 to 10/);
  assert.match(notices, /n0/);
  assert.match(notices, /zoom/);
  // The defaults stand in for the refused values: α = 1, n₀ = 60 (φ = 40/100).
  assert.equal(await page.$eval(nbRole("alpha"), (e) => e.value), "1");
  assert.match(await text(page, gdaRole("phi")), /^0\.400/);
  // The markup in the message is text, not an element.
  assert.equal(await page.$eval(nbRole("text"), (e) => e.value), "<img src=x onerror=alert(1)>");
  assert.equal(await page.$$eval("img", (imgs) => imgs.length), 0);
  await assertNoGarbage(page);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a history step's notices quote the rules of views not loaded yet in the page's language, and follow a language switch", async () => {
  // A GDA-only embed in Chinese has loaded neither the 3-D view's words nor the other
  // panels'; a step back to an entry with a bad pitch must still say its rule in Chinese.
  const { page, context, errors } = await open(env.browser, `${env.server.url}?embed=gda&lang=zh-CN`);
  await page.evaluate(() => {
    history.pushState(null, "", "?embed=gda&lang=zh-CN&pitch=99");
    history.pushState(null, "", "?embed=gda&lang=zh-CN");
    history.back();
  });
  await page.waitForSelector("#notices:not([hidden])");
  const zh = await text(page, "#notices li");
  assert.match(zh, /pitch/);
  assert.ok(zh.includes("三维视图的仰角是 3 到 85 之间的度数"), zh);
  // The page's own switch (shown outside an embed) rewrites the notices too.
  const { page: full, context: fullContext, errors: fullErrors } = await open(env.browser, `${env.server.url}?lang=zh-CN&pitch=99`);
  await full.waitForSelector("#notices:not([hidden])");
  assert.ok((await text(full, "#notices li")).includes("三维视图的仰角"));
  await full.click("#lang");
  await full.waitForFunction(() => document.documentElement.lang === "en");
  assert.match(await text(full, "#notices li"), /the 3-D view's pitch is a number of degrees from 3 to 85/);
  assert.deepEqual(errors, []);
  assert.deepEqual(fullErrors, []);
  await context.close();
  await fullContext.close();
});

test("?embed=gda and ?embed=nb show one panel without page chrome inside an iframe", async () => {
  const { page, context, errors } = await open(env.browser, `${env.server.url}embed-example.html`);
  const frame = page.frameLocator("iframe");
  await frame.locator("html[data-ready=true]").waitFor();
  assert.equal(await frame.locator("header").isVisible(), false);
  assert.equal(await frame.locator("#nb-slot").count(), 0);
  assert.match(await frame.locator('[data-role="credit"]').textContent(), /Iris/);
  for (const panel of ["gda", "nb"]) {
    const p2 = await context.newPage();
    await p2.setContent(`<iframe src="${env.server.url}?embed=${panel}" width="900" height="700"></iframe>`);
    const f = p2.frameLocator("iframe");
    await f.locator("html[data-ready=true]").waitFor();
    assert.equal(await f.locator(`#${panel}-slot`).count(), 1);
    assert.equal(await f.locator(`#${panel === "gda" ? "nb" : "gda"}-slot`).count(), 0);
    await p2.close();
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test("two mounted panels on one course page are independent", async () => {
  const { page, context, errors } = await open(env.browser, `${env.server.url}embed-example.html`);
  const state = await page.evaluate(() => ({ gda: window.lesson.gda.getState(), nb: window.lesson.nb.getState() }));
  assert.deepEqual(state.gda.n, [120, 80]);
  assert.equal(state.nb.alpha, 0.1);
  // The hidden controls are hidden; the Chinese panel speaks Chinese.
  assert.equal(await page.locator('#lesson-gda [data-control="seed"]').isVisible(), false);
  assert.match(await page.textContent("#lesson-nb h2"), /朴素贝叶斯/);
  await page.evaluate(() => window.lesson.gda.setState({ n: [10, 10] }));
  assert.deepEqual(await page.evaluate(() => window.lesson.gda.getState().n), [10, 10]);
  assert.equal(await page.evaluate(() => window.lesson.nb.getState().alpha), 0.1);
  await page.evaluate(() => window.lesson.nb.destroy());
  assert.equal(await page.locator("#lesson-nb section").count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test("switching to Chinese translates labels, explanations and errors", async () => {
  const { page, context, errors } = await open(env.browser, env.server.url);
  await page.click("#lang");
  await page.waitForFunction(() => document.documentElement.lang === "zh-CN");
  assert.match(await text(page, "#gda-slot h2"), /高斯判别分析/);
  assert.match(await text(page, "#nb-slot h2"), /朴素贝叶斯/);
  assert.match(page.url(), /lang=zh-CN/);
  // An α = 0 veto is explained in Chinese.
  await page.fill(nbRole("alpha"), "0");
  await page.press(nbRole("alpha"), "Enter");
  await page.waitForSelector('#nb-slot [data-role="sentences"]:not([hidden])');
  assert.match(await text(page, nbRole("sentences")), /从未出现在正常训练消息中/);
  // A degenerate GDA sample is explained in Chinese.
  for (const role of ["n0", "n1"]) {
    await page.$eval(gdaRole(role), (el) => { el.value = "1"; el.dispatchEvent(new Event("input", { bubbles: true })); });
  }
  await page.waitForSelector('#gda-slot [data-role="error"]:not([hidden])');
  assert.match(await text(page, gdaRole("error")), /奇异/);
  await assertNoGarbage(page);
  // A fresh page opened on ?lang=zh-CN starts in Chinese.
  const zh = await open(env.browser, `${env.server.url}?lang=zh-CN`);
  assert.equal(await zh.page.evaluate(() => document.documentElement.lang), "zh-CN");
  assert.match(await zh.page.textContent("#lang"), /English/);
  assert.deepEqual([...errors, ...zh.errors], []);
  await context.close();
  await zh.context.close();
});

test("the GDA panel works from the keyboard alone", async () => {
  const { page, context } = await open(env.browser, env.server.url);
  const before = await text(page, gdaRole("mu0"));
  // Tab from the top of the page to the plot, without the mouse.
  let onCanvas = false;
  for (let i = 0; i < 30 && !onCanvas; i++) {
    await page.keyboard.press("Tab");
    onCanvas = await page.evaluate(() => document.activeElement?.dataset.role === "canvas");
  }
  assert.ok(onCanvas, "the plot is reachable with Tab");
  await page.keyboard.press("1");
  await page.keyboard.press("Shift+ArrowRight");
  await page.keyboard.press("ArrowUp");
  await page.waitForFunction((b) => document.querySelector('#gda-slot [data-role="mu0"]').textContent !== b, before);
  // The focus is visible: an outline is drawn around the focused plot.
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
  assert.notEqual(outline, "none");
  // The sliders move with arrow keys too.
  await page.focus(gdaRole("n0"));
  const phi = await text(page, gdaRole("phi"));
  await page.keyboard.press("ArrowRight");
  await page.waitForFunction((b) => document.querySelector('#gda-slot [data-role="phi"]').textContent !== b, phi);
  await context.close();
});

test("the figure exports as a PNG at the device pixel ratio", async () => {
  const { page, context } = await open(env.browser, env.server.url, { width: 1280, height: 800, dpr: 2 });
  const size = await page.$eval(gdaRole("canvas"), (c) => [c.width, c.height, c.clientWidth, c.clientHeight]);
  const [download] = await Promise.all([page.waitForEvent("download"), page.click(gdaRole("export"))]);
  assert.equal(download.suggestedFilename(), "genlab-gda.png");
  const path = await download.path();
  const { readFileSync } = await import("node:fs");
  const png = readFileSync(path);
  // PNG signature, then the IHDR chunk: width and height as big-endian 32-bit integers.
  assert.deepEqual([...png.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10]);
  const w = png.readUInt32BE(16);
  const h = png.readUInt32BE(20);
  assert.deepEqual([w, h], [size[0], size[1]]);
  assert.ok(Math.abs(w - 2 * size[2]) <= 2 && Math.abs(h - 2 * size[3]) <= 2, `PNG ${w}×${h} for CSS ${size[2]}×${size[3]} at dpr 2`);
  // It decodes: the browser can draw it.
  const decoded = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    return [img.naturalWidth, img.naturalHeight];
  }, png.toString("base64"));
  assert.deepEqual(decoded, [w, h]);
  await context.close();
});

test("projector mode enlarges type and is kept in the link", async () => {
  const { page, context } = await open(env.browser, `${env.server.url}?projector=1`);
  const size = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
  assert.ok(size >= 20, `root font ${size}px`);
  assert.ok(await page.isChecked("#projector"));
  await page.uncheck("#projector");
  await page.waitForFunction(() => !location.search.includes("projector"));
  await context.close();
});

/**
 * The .js and .wasm files a fresh page at `url` fetches until it is ready (the page's own
 * `<script>` files, in `own`, aside), served without its preload links, so that each fetch is
 * one the page itself asked for.
 */
async function modulesFetched(url, own) {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  await page.route((u) => u.pathname === "/" || u.pathname.endsWith("/index.html"), async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(/<link rel="(?:modulepreload|preload)"[^>]*>/g, "");
    await route.fulfill({ response, body });
  });
  const fetched = new Set();
  page.on("request", (r) => {
    const p = new URL(r.url()).pathname.slice(1);
    if (/\.(m?js|wasm)$/.test(p)) fetched.add(p);
  });
  await page.goto(url);
  await page.waitForSelector("html[data-ready=true]", { timeout: 20000 });
  await context.close();
  // The page's own <script type="module"> files are fetched first anyway.
  return [...fetched].filter((p) => !own.includes(p)).sort();
}

test("index.html preloads exactly what the first panel needs; the other panels' modules come when mounted", async () => {
  // The preload list in index.html is kept by hand beside the imports: a module added
  // without its preload is fetched only when its importer has been parsed (a slower first
  // load), and a stale preload downloads bytes nobody uses. Both show here.
  const html = await (await fetch(env.server.url)).text();
  const preloaded = [...html.matchAll(/<link rel="(?:modulepreload|preload)" href="([^"]+)"/g)].map((m) => m[1]).sort();
  const own = [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]);
  assert.deepEqual(own, ["js/wasm-compile.js", "js/main.js"], "the page's scripts, the wasm compile first");
  // A page showing only the GDA panel (the page's first) loads the preloaded files, no more.
  assert.deepEqual(await modulesFetched(`${env.server.url}?embed=gda`, own), preloaded);
  // The whole page adds just the modules genlab.js imports when a panel is mounted (the naive
  // Bayes panels' code and the naive Bayes wasm module's glue, ../pkg-nb/genlab.js).
  // The naive Bayes and categorical panels' strings are imported by js/i18n.js, and the panels'
  // messages by js/messages.js, when those panels mount.
  const genlab = (await Promise.all(["js/genlab.js", "js/i18n.js", "js/messages.js"].map(async (f) => (await fetch(`${env.server.url}${f}`)).text()))).join("\n");
  // The lessons' module is imported only when a lesson opens, the 3-D view's module and
  // words when that view is shown, the Chinese words when Chinese is asked for (none of them here).
  const later = ["pkg-lesson/genlab.js", "pkg-surface/genlab.js", "js/i18n-surface.js", "js/i18n-zh.js", "js/messages-zh.js"];
  const lazy = [...genlab.matchAll(/import\("(\.\.?)\/([^"]+)"\)/g)].map((m) => (m[1] === "." ? `js/${m[2]}` : m[2])).filter((m) => !later.includes(m));
  // and those modules themselves, which js/wasm-compile.js fetches beside their glue (the
  // learning curves' worker starts when that panel comes into view: not here), and the modules
  // js/nb.js imports: its ledger and its corpus files (js/nb/), and js/zip.js, which the latter imports.
  const expected = [...new Set([...preloaded, ...lazy, "pkg-nb/genlab_bg.wasm", "pkg-curves/genlab_bg.wasm", "js/nb/ledger.js", "js/nb/files.js", "js/zip.js"])].sort();
  assert.ok(lazy.includes("js/nb.js") && lazy.includes("js/cat.js") && lazy.includes("pkg-nb/genlab.js") && lazy.includes("js/i18n-cat.js") && lazy.includes("js/i18n-nb.js") && lazy.includes("js/messages-nb.js"), `lazy imports: ${lazy}`);
  assert.deepEqual(await modulesFetched(env.server.url, own), expected);
});

test("a .wasm served with another MIME type still boots; a missing .wasm is said in a sentence", async () => {
  // js/wasm-compile.js compiles the .wasm as it streams in, which browsers refuse unless it
  // comes as application/wasm; the bytes are then compiled whole.
  const wrongType = await env.browser.newContext();
  const page = await wrongType.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.route("**/genlab_bg.wasm", async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), "content-type": "application/octet-stream" } });
  });
  await page.goto(env.server.url);
  await page.waitForSelector("html[data-ready=true]", { timeout: 20000 });
  assert.ok(await page.isVisible("#gda-slot canvas"));
  assert.deepEqual(errors, []);
  await wrongType.close();

  const missing = await env.browser.newContext();
  const page2 = await missing.newPage();
  const errors2 = [];
  page2.on("pageerror", (e) => errors2.push(String(e)));
  await page2.route("**/genlab_bg.wasm", (route) => route.fulfill({ status: 404, body: "not here" }));
  await page2.goto(env.server.url);
  await page2.waitForFunction(() => document.getElementById("boot").classList.contains("input-error"), null, { timeout: 20000 });
  const said = await page2.textContent("#boot");
  assert.match(said, /^genlab could not start: could not fetch \/pkg-gda\/genlab_bg\.wasm: 404/);
  assert.equal(await page2.locator("#gda-slot section").count(), 0);
  assert.deepEqual(errors2, []);
  await missing.close();
});

/**
 * Opens the page at `query` with its .wasm held back, once its first panel's markup waits
 * laid out; `release()` lets the .wasm through.
 */
async function openWithWasmHeld(query) {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route("**/pkg-gda/genlab_bg.wasm", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${env.server.url}${query}`);
  await page.waitForSelector("#gda-slot section.panel-preparing", { state: "attached" });
  return { page, context, errors, release };
}

test("while the .wasm is on its way the first panel's markup waits laid out and out of sight; the core then fills that very markup", async () => {
  const { page, context, errors, release } = await openWithWasmHeld("");
  const waiting = await page.evaluate(() => {
    const section = document.querySelector("#gda-slot section");
    section.dataset.mark = "laid out ahead";
    const box = section.querySelector('[data-role="box"]').getBoundingClientRect();
    return { visibility: getComputedStyle(section).visibility, inert: section.inert, width: box.width, boot: document.getElementById("boot").textContent, shown: document.getElementById("boot").hidden };
  });
  assert.deepEqual({ ...waiting, width: waiting.width > 100 }, { visibility: "hidden", inert: true, width: true, boot: "Loading the WebAssembly core…", shown: false });
  release();
  await page.waitForSelector("html[data-ready=true]", { timeout: 20000 });
  const after = await page.evaluate(() => {
    const sections = document.querySelectorAll("#gda-slot section");
    return { count: sections.length, mark: sections[0].dataset.mark, visibility: getComputedStyle(sections[0]).visibility, inert: sections[0].inert, preparing: document.querySelectorAll(".panel-preparing").length };
  });
  assert.deepEqual(after, { count: 1, mark: "laid out ahead", visibility: "visible", inert: false, preparing: 0 });
  assert.ok(await page.isVisible("#gda-slot canvas"));
  assert.deepEqual(errors, []);
  await context.close();

  // A Chinese projector link in dark colours looks like that while it loads: the shell, the
  // loading sentence and the waiting panel's words (read from the address without the core).
  const { page: page2, context: zh, errors: errors2, release: release2 } = await openWithWasmHeld("?lang=zh-CN&theme=dark&projector=1");
  const loading = await page2.evaluate(() => ({
    lang: document.documentElement.lang,
    classes: ["theme-dark", "projector"].filter((c) => document.documentElement.classList.contains(c)),
    boot: document.getElementById("boot").textContent,
    copy: document.getElementById("copy-link").textContent,
    title: document.querySelector("#gda-slot h2").textContent,
  }));
  assert.deepEqual(loading, { lang: "zh-CN", classes: ["theme-dark", "projector"], boot: t("zh-CN", "boot.loading"), copy: t("zh-CN", "shell.copy"), title: t("zh-CN", "gda.title") });
  release2();
  await page2.waitForSelector("html[data-ready=true]", { timeout: 20000 });
  assert.equal(await page2.textContent("#gda-slot h2"), t("zh-CN", "gda.title"));
  assert.deepEqual(errors2, []);
  await zh.close();
});

test("on a 360 px phone nothing widens the page: wide formulas and tables scroll in their own boxes", async () => {
  for (const query of ["", "?lang=zh-CN"]) {
    const { page, context, errors } = await open(env.browser, env.server.url + query, { width: 360, height: 740, dpr: 3 });
    const widths = await page.evaluate(() => {
      // The formulas shown (the spam panel keeps its Bernoulli form hidden until chosen).
      const formulas = [...document.querySelectorAll("#nb-slot .formula, #cat-slot .formula")].filter((f) => !f.hidden);
      return {
        page: document.documentElement.scrollWidth,
        view: window.innerWidth,
        formulas: formulas.map((f) => ({ box: f.clientWidth, content: f.scrollWidth })),
      };
    });
    assert.ok(widths.page <= widths.view, `${query || "en"}: the page is ${widths.page} px wide in a ${widths.view} px viewport`);
    // The spam panel's and the categorical panel's display formulas are wider than a phone:
    // each must be reachable by scrolling its own box, not cut off by the page's edge.
    assert.equal(widths.formulas.length, 2);
    for (const { box, content } of widths.formulas) {
      assert.ok(box <= widths.view, `${query || "en"}: a formula box is ${box} px wide`);
      assert.ok(content > box, `${query || "en"}: expected a formula to need its scroll box at 360 px`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  }
});

// A panel of the registry that index.html does not list (as a newly added panel's would be
// until someone writes its line): the page makes its slot, in the registry's place, and its
// nav link, named in the page's language. Here index.html is served without the learning
// curves' slot and link.
test("a panel the page's markup does not list gets its slot and nav link from the registry", async () => {
  const setup = (page) => page.route(/\/(index\.html)?(\?.*)?$/, async (route) => {
    const response = await route.fetch();
    const body = (await response.text())
      .replace('<div id="curves-slot"></div>', "")
      .replace(/\s*<a href="#curves-slot"[^>]*>[^<]*<\/a>/, "");
    assert.ok(!body.includes("curves-slot"), "the served page lists no curves slot");
    await route.fulfill({ response, body });
  });
  const { page, context, errors } = await open(env.browser, `${env.server.url}?lang=zh-CN`, { setup });
  // Its slot, after the categorical panel's and before the print link, holds the panel.
  const order = await page.evaluate(() => [...document.querySelector("main").children].map((e) => e.id).filter(Boolean));
  assert.deepEqual(order.slice(0, 5), ["gda-slot", "nb-slot", "cat-slot", "curves-slot", "print-link"]);
  await page.waitForSelector('#curves-slot [data-role="pairing"]');
  // Its link, named in Chinese, then in English after the switch.
  assert.equal(await page.textContent('header nav a[href="#curves-slot"]'), t("zh-CN", "lc.nav"));
  await page.click("#lang");
  await page.waitForFunction(() => document.documentElement.lang === "en");
  assert.equal(await page.textContent('header nav a[href="#curves-slot"]'), t("en", "lc.nav"));
  assert.deepEqual(errors, []);
  await context.close();
});
