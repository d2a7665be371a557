// What the GDA panel says of k > 2 classes follows the data's k: a CSV with labels 0, 1, 2
// sets "Classes k" to 3 and the figure's description names the three classes; the live
// region reads the k-class model drawn (its priors, means and rule), never two-class φ and
// a boundary line; in both languages. The references are the CSV's own points (three per
// class, their means computed by hand) and the three-species preset's class names.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, open } from "./lib.mjs";

const env = setup();

const role = (r) => `#gda-slot [data-role="${r}"]`;
// Class means by hand: (1/3, 1/3), (16/3, 16/3), (1/3, 26/3); priors 3/9 each.
const CSV = "x,y,label\n0,0,0\n1,0,0\n0,1,0\n5,5,1\n6,5,1\n5,6,1\n0,9,2\n1,9,2\n0,8,2\n";
const live = (page) => page.waitForFunction(() => /π₂/.test(document.querySelector('#gda-slot [data-role="live"]').textContent), null, { timeout: 5000 })
  .then(() => page.textContent(role("live")));

for (const [lang, three, liveK, cls2] of [
  ["en", /^GDA plot of 3 classes: class 0, class 1, class 2;/, /^3 classes; priors π₀ 0\.33, π₁ 0\.33, π₂ 0\.33; means μ₀ \(0\.33, 0\.33\), μ₁ \(5\.33, 5\.33\), μ₂ \(0\.33, 8\.67\); decision: /, "Gentoo"],
  ["zh-CN", /^3 个类别的 GDA 图：类别 0, 类别 1, 类别 2；/, /^3 个类别；先验 π₀ 0\.33, π₁ 0\.33, π₂ 0\.33；均值 μ₀ \(0\.33, 0\.33\), μ₁ \(5\.33, 5\.33\), μ₂ \(0\.33, 8\.67\)；决策：/, "巴布亚企鹅"],
]) {
  test(`a three-label CSV sets k to 3 and every text speaks of three classes (${lang})`, async () => {
    const { page, context, errors } = await open(env.browser, `${env.server.url}?lang=${lang}`);
    await page.$eval("#gda-slot details", (d) => { d.open = true; });
    await page.fill(role("csv"), CSV);
    await page.click(role("csv-apply"));
    assert.equal(await page.$eval(role("classes"), (s) => s.value), "3");
    assert.match(await page.$eval(role("canvas"), (c) => c.getAttribute("aria-label")), three);
    const said = await live(page);
    assert.match(said, liveK);
    assert.doesNotMatch(said, /φ|= 0/);
    // The three-species preset: k = 3 in the control, its own names, a quadratic rule.
    await page.selectOption(role("source"), "penguins-three-species");
    await page.selectOption(role("covariance"), "per-class");
    assert.equal(await page.$eval(role("classes"), (s) => s.value), "3");
    const curved = lang === "en" ? "quadratic scores, curved boundaries." : "二次得分，边界为曲线。";
    await page.waitForFunction((end) => document.querySelector('#gda-slot [data-role="live"]').textContent.endsWith(end), curved, { timeout: 5000 });
    const penguins = await page.textContent(role("live"));
    assert.match(penguins, /^3 /);
    assert.doesNotMatch(penguins, /φ|0\.33, 8\.67/);
    assert.match(await page.$eval(role("canvas"), (c) => c.getAttribute("aria-label")), new RegExp(cls2));
    assert.deepEqual(errors, []);
    await context.close();
  });
}
