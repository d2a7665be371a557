// Journeys in every engine for the release bundle (issue #19's acceptance): dist/ as a plain
// static server sends it (no compression, no special headers) draws every panel, and its
// course-page example with two <genlab-panel> elements works: each element's attributes,
// an attribute change, and a student's change reflected with `change` events carrying it.
// dist/ is built by scripts/dist.sh (scripts/test.sh runs it before the tests).
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { forEachEngine, openPage, assertNoPageErrors, assertNoGarbage, textOf } from "./lib.mjs";
import { repo } from "./server.mjs";
import { loadLang, loadNbStrings, t } from "../../www/js/i18n.js";

await Promise.all([loadLang("zh-CN"), loadNbStrings()]);
import { ZH_CAT } from "../../www/js/i18n-cat.js";

const dist = path.join(repo, "dist");
let folder = null;
before(() => {
  assert.ok(existsSync(path.join(dist, "sizes.json")), "dist/ is not built: run scripts/dist.sh");
  folder = JSON.parse(readFileSync(path.join(dist, "sizes.json"), "utf8")).folder;
});

/** Every visible canvas with a backing store has some ink that is not its first pixel's colour. */
const inkedCanvases = () => [...document.querySelectorAll("canvas")].filter((cv) => cv.width > 0 && cv.height > 0 && cv.offsetParent).map((cv) => {
  const d = cv.getContext("2d").getImageData(0, 0, cv.width, cv.height).data;
  const first = d.slice(0, 4).join();
  for (let i = 0; i < d.length; i += 4 * 97) if (d.slice(i, i + 4).join() !== first) return true;
  return false;
});

forEachEngine((c) => {
  test("dist/ from a plain static server draws every panel from its hashed assets", async () => {
    const s = c.session;
    c.server.reset();
    await openPage(s, c.server.url);
    const mounted = await s.execute(() => ["gda", "nb", "cat"].map((p) => !!document.querySelector(`#${p}-slot section.genlab-${p}`)));
    assert.deepEqual(mounted, [true, true, true]);
    assert.match(await textOf(s, '#gda-slot [data-role="phi"]'), /^0\.400/);
    assert.match(await textOf(s, '#nb-slot [data-role="acc"]'), /\d/);
    assert.notEqual((await textOf(s, '#cat-slot [data-role="verdict"]')).trim(), "");
    const inked = await s.execute(inkedCanvases);
    assert.ok(inked.length >= 2 && inked.every(Boolean), `figures drawn: ${inked}`);
    // Each wasm module came once (the GDA-first one for the first panel, the naive Bayes one for
    // those panels), from the content-named folder; nothing was asked of www/'s paths.
    assert.equal(c.server.count(`/${folder}/pkg-gda/genlab_bg.wasm`), 1, `requests for the GDA-first .wasm in ${c.engine}`);
    assert.equal(c.server.count(`/${folder}/pkg-nb/genlab_bg.wasm`), 1, `requests for the naive Bayes .wasm in ${c.engine}`);
    const outside = Object.keys(c.server.counts()).filter((p) => !p.startsWith(`/${folder}/`) && !p.startsWith("/__journeys/") && p !== "/");
    assert.deepEqual(outside, [], `paths outside ${folder}/`);
    // index.html carries its first panel's modules; the others come from later/ and run in
    // its registry: switched to Chinese, the panels loaded later speak it (their words were
    // merged into the page's one i18n.js), and the 3-D view loads its module on demand.
    await s.click("#lang");
    await s.waitFor("the page in Chinese", () => document.documentElement.lang === "zh-CN");
    assert.equal(await textOf(s, "#cat-slot h2"), ZH_CAT["cat.title"]);
    assert.equal(await textOf(s, "#nb-slot h2"), t("zh-CN", "nb.title"));
    await s.click('#gda-slot [data-role="v3"]');
    await s.waitFor("the 3-D view's list", () => document.querySelectorAll('#gda-slot [data-role="v3-list"] li').length === 2);
    assert.match(await textOf(s, '#gda-slot [data-role="v3-list"] li'), /先验 0\.60/);
    assert.equal(c.server.count(`/${folder}/pkg-surface/genlab_bg.wasm`), 1, `requests for the 3-D view's .wasm in ${c.engine}`);
    assert.equal(Object.keys(c.server.counts()).filter((p) => p.startsWith(`/${folder}/js/`)).length, 0, "no module fetched outside later/");
    await assertNoGarbage(s);
    await assertNoPageErrors(s);
  });

  test("dist/'s course-page example: two <genlab-panel> elements, an attribute change and a student's change", async () => {
    const s = c.session;
    await s.navigate(`${c.server.url}element-example.html`);
    await s.waitFor("both elements mounted", () => [...document.querySelectorAll("genlab-panel")].every((el) => el.handle));
    const states = await s.execute(() => ["lesson-gda", "lesson-nb"].map((id) => document.getElementById(id).handle.getState()));
    assert.deepEqual(states[0].n, [120, 80]);
    assert.equal(states[1].alpha, 0.1);
    // Each element its own language: the NB lesson is in Chinese, the GDA one in English.
    assert.equal(await textOf(s, "#lesson-nb h2"), t("zh-CN", "nb.title"));
    assert.equal(await textOf(s, "#lesson-gda h2"), t("en", "gda.title"));
    // An attribute change sets the state; the other element is left as it was.
    await s.execute(() => document.getElementById("lesson-gda").setAttribute("state", "n0=50&n1=70"));
    await s.waitFor("the attribute's state applied", () => {
      const n = document.getElementById("lesson-gda").handle.getState().n;
      return n[0] === 50 && n[1] === 70;
    });
    assert.equal(await s.execute(() => document.getElementById("lesson-nb").handle.getState().alpha), 0.1);
    // A student's change: reflected into the state attribute, announced by `change` events.
    await s.execute(() => {
      window.heard = [];
      document.addEventListener("change", (e) => { if (e.target.localName === "genlab-panel") window.heard.push({ id: e.target.id, detail: e.detail ?? null }); });
      const input = document.querySelector('#lesson-gda [data-role="n1"]');
      input.value = "90";
      input.dispatchEvent(new Event("input", { bubbles: true }));
      input.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await s.waitFor("the change reflected", () => /(^|&)n1=90(&|$)/.test(document.getElementById("lesson-gda").getAttribute("state") || ""));
    // The input event (mode "replace") and the change event (mode "push") each announce the
    // state; only the element's own events reach the page, the last one the attribute's state.
    const heard = await s.execute(() => window.heard);
    assert.ok(heard.length >= 1, "no change event");
    for (const h of heard) assert.deepEqual([h.id, h.detail?.panel], ["lesson-gda", "gda"], JSON.stringify(h));
    assert.equal(heard.at(-1).detail.state, await s.execute(() => document.getElementById("lesson-gda").getAttribute("state")));
    assert.match(heard.at(-1).detail.state, /(^|&)n0=50(&|$)/);
    const inked = await s.execute(inkedCanvases);
    assert.ok(inked.length >= 1 && inked.every(Boolean), `figures drawn: ${inked}`);
    await assertNoPageErrors(s);
  });

  test("the single file from disk computes its learning curves (its worker made from the file itself)", async () => {
    const s = c.session;
    // From file:// a worker script file is refused (origin null) and the file's CSP allows
    // only blob: workers: the curves finish only with a worker the file's script makes.
    await openPage(s, `${pathToFileURL(path.join(dist, "genlab.html")).href}?embed=curves`);
    const run = await s.waitFor("the curves' run ended", () => {
      const section = document.querySelector(".genlab-curves");
      return ["done", "error"].includes(section?.dataset.run) && { run: section.dataset.run, status: section.querySelector('[data-role="status"]').textContent };
    }, [], 55000);
    assert.equal(run.run, "done", `${c.engine}: the curves panel says “${run.status}”`);
    const splits = await s.execute(() => [window.genlab.curves.summary().splits_done, window.genlab.curves.getState().splits]);
    assert.equal(splits[0], splits[1], `${c.engine}: every split computed`);
  });
}, { root: dist });
