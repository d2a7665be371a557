// Small things a class meets in its first hour with the lab: the Lessons menu without an
// empty error bar and closed by Escape; a refused CSV marks its text box invalid and the
// Chinese decimal-comma message keeps its hint; a singular Σ keeps φ and the means, said once.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, open } from "./lib.mjs";

const env = setup();

// Before: a pink bar with a red rule under the menu's buttons, with nothing in it; Escape
// did nothing.
test("the Lessons menu shows no empty error bar and Escape closes it", async () => {
  const { page, context, errors } = await open(env.browser, env.server.url);
  await page.click("#lessons");
  await page.waitForSelector(".lesson-menu:not([hidden]) button");
  const empty = await page.$$eval(".lesson-menu .input-error, main .input-error", (els) => els
    .filter((e) => e.getClientRects().length > 0 && e.textContent.trim() === "")
    .map((e) => e.outerHTML.slice(0, 80)));
  assert.deepEqual(empty, [], "an empty error box is drawn");
  await page.keyboard.press("Escape");
  await page.waitForSelector(".lesson-menu", { state: "hidden" });
  assert.equal(await page.evaluate(() => document.activeElement?.id), "lessons", "the focus goes back to the Lessons button");
  assert.deepEqual(errors, []);
  await context.close();
});

/** Opens the CSV section, pastes `text` and applies it. */
async function applyCsv(page, text) {
  await page.evaluate(() => { document.querySelector('#gda-slot details:has([data-role="csv"])').open = true; });
  await page.fill('#gda-slot [data-role="csv"]', text);
  await page.click('#gda-slot [data-role="csv-apply"]');
}

for (const lang of ["en", "zh-CN"]) {
  // Before: the message showed under the button and the text box never said it was invalid;
  // in Chinese the hint "write decimals with a point" was dropped.
  test(`a refused CSV marks its text box invalid and a decimal comma gets its hint (${lang})`, async () => {
    const { page, context, errors } = await open(env.browser, `${env.server.url}?lang=${lang}`);
    // Semicolons between fields and decimal commas, as a German or French spreadsheet writes.
    await applyCsv(page, "x;y;label\n1,5;2,5;0\n3,0;4,1;1\n");
    const box = '#gda-slot [data-role="csv"]';
    await page.waitForFunction((sel) => document.querySelector(sel).getAttribute("aria-invalid") === "true", box);
    const described = await page.$eval(box, (el) => (el.getAttribute("aria-describedby") || "").split(" ").map((id) => document.getElementById(id)?.textContent ?? "").join(" "));
    assert.match(described, lang === "en" ? /write decimals with a point: 1\.5/ : /小数请用小数点书写：1\.5/);
    // Corrected, the box is valid again.
    await applyCsv(page, "x;y;label\n1.5;2.5;0\n3.0;4.1;1\n0;1;0\n2;0;1\n");
    await page.waitForFunction((sel) => !document.querySelector(sel).hasAttribute("aria-invalid"), box);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// Before: φ, μ₀ and μ₁ read "—" (they are defined: only Σ⁻¹ is not), and with QDA drawn
// the singular sentence was printed twice (the shared Σ's, then class 0's).
for (const cov of ["shared", "diagonal-shared", "per-class"]) {
  test(`a singular Σ keeps φ and the means and says so once (${cov})`, async () => {
    const { page, context, errors } = await open(env.browser, `${env.server.url}?cov=${cov}`);
    // Every point on the line y = x: class 0 = (0,0), (1,1), (−1,−1); class 1 = (2,2), (3,3), (4,4).
    await applyCsv(page, "0,0,0\n1,1,0\n-1,-1,0\n2,2,1\n3,3,1\n4,4,1\n");
    const q = (r) => page.textContent(`#gda-slot [data-role="${r}"]`);
    await page.waitForFunction(() => !document.querySelector('#gda-slot [data-role="error"]').hidden);
    // By hand: φ = 3/6; μ₀ = (0, 0), μ₁ = (3, 3).
    assert.match(await q("phi"), /^0\.500/);
    assert.equal(await q("mu0"), "(0.000, 0.000)");
    assert.equal(await q("mu1"), "(3.000, 3.000)");
    assert.equal(await q("sigma"), "—");
    const said = await q("error");
    assert.equal(said.match(/singular/g)?.length, 1, `said once: ${said}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
