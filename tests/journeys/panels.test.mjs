// Journeys in every engine (GENLAB_ENGINES, default chromium, firefox, webkit): each panel
// loads and reports ready, with its numbers, in English and in Chinese, and nothing reaches
// the console.
import { test } from "node:test";
import assert from "node:assert/strict";
import { forEachEngine, openPage, assertNoPageErrors, assertNoGarbage, textOf } from "./lib.mjs";
import { t, loadCatStrings, loadLang, loadNbStrings } from "../../www/js/i18n.js";
// The categorical panel's words load with that panel (as the page does when it mounts it).
await Promise.all([loadLang("zh-CN"), loadNbStrings(), loadCatStrings()]);

forEachEngine((c) => {
  test("each panel loads, reports ready and shows its numbers", async () => {
    const s = c.session;
    await openPage(s, c.server.url);
    const mounted = await s.execute(() => ["gda", "nb", "cat"].map((p) => !!document.querySelector(`#${p}-slot section.genlab-${p}`)));
    assert.deepEqual(mounted, [true, true, true]);
    // SampleSpec::default(): 60 class-0 and 40 class-1 points, so φ = 40/100 (as tests/e2e/gda.test.mjs).
    assert.match(await textOf(s, '#gda-slot [data-role="phi"]'), /^0\.400/);
    for (const role of ["mu0", "mu1", "sigma", "w", "b", "boundary"]) {
      assert.notEqual((await textOf(s, `#gda-slot [data-role="${role}"]`)).trim(), "—", role);
    }
    // The spam panel's held-out accuracy and the categorical panel's verdict are filled in.
    assert.match(await textOf(s, '#nb-slot [data-role="acc"]'), /\d/);
    assert.notEqual((await textOf(s, '#cat-slot [data-role="verdict"]')).trim(), "");
    // Each figure has been drawn: a canvas with a backing store and some non-background ink.
    const inked = await s.execute(() => [...document.querySelectorAll("canvas")].filter((cv) => cv.width > 0 && cv.height > 0 && cv.offsetParent).map((cv) => {
      const ctx = cv.getContext("2d");
      const d = ctx.getImageData(0, 0, cv.width, cv.height).data;
      const first = d.slice(0, 4).join();
      for (let i = 0; i < d.length; i += 4 * 97) if (d.slice(i, i + 4).join() !== first) return true;
      return false;
    }));
    assert.ok(inked.length >= 2 && inked.every(Boolean), `figures drawn: ${inked}`);
    await assertNoGarbage(s);
    await assertNoPageErrors(s);
  });

  test("?lang=zh-CN renders the page in Chinese", async () => {
    const s = c.session;
    await openPage(s, `${c.server.url}?lang=zh-CN`);
    assert.equal(await s.execute(() => document.documentElement.lang), "zh-CN");
    // The words come from www/js/i18n.js's Chinese table.
    assert.equal(await textOf(s, '#gda-slot h2'), t("zh-CN", "gda.title"));
    assert.equal(await textOf(s, '#nb-slot h2'), t("zh-CN", "nb.title"));
    assert.equal(await textOf(s, '#cat-slot h2'), t("zh-CN", "cat.title"));
    assert.equal(await textOf(s, '#gda-slot [data-role="export"]'), t("zh-CN", "export.png"));
    // Most of the page's letters are Chinese (the formulas and numbers aside).
    const share = await s.execute(() => {
      const text = document.body.innerText;
      const han = (text.match(/\p{Script=Han}/gu) || []).length;
      const latin = (text.match(/\p{Script=Latin}/gu) || []).length;
      return han / (han + latin);
    });
    assert.ok(share > 0.5, `Han share of the letters: ${share}`);
    await assertNoGarbage(s);
    await assertNoPageErrors(s);
  });

  test("the page recorder hears what would reach the console (so the checks above can fail)", async () => {
    const s = c.session;
    await openPage(s, c.server.url);
    await assertNoPageErrors(s);
    // One of each kind, from page code of this origin (tests/journeys/page-probe.js: a
    // console.error, an uncaught error, an unhandled rejection), and an inline script, which
    // the page's CSP (script-src 'self') refuses.
    await s.execute(() => {
      const probe = document.createElement("script");
      probe.src = "/__journeys/probe.js";
      const inline = document.createElement("script");
      inline.textContent = "window.__inlineRan = true;";
      document.head.append(probe, inline);
    });
    const kinds = ["console.error: probe", "uncaught Error: probe", "unhandled rejection: Error: probe", "CSP script-src"];
    const heard = await s.waitFor("the four planted errors", (kinds) => {
      const errors = window.__journeys.errors;
      return kinds.every((k) => errors.some((e) => e.startsWith(k))) && errors;
    }, [kinds]);
    assert.equal(heard.length, 4, heard.join(" | "));
    assert.equal(await s.execute(() => window.__inlineRan ?? false), false, "the inline script must not run");
  });
});
