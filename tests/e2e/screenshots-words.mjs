// Screenshots of the Chinese page (each panel, phone and desktop) and of refused inputs on a
// 360 px phone, for a person to look at:
//   node tests/e2e/screenshots-words.mjs [outdir]   (default tests/e2e/artifacts/words)
import { mkdirSync } from "node:fs";
import path from "node:path";
import { launch, open, serve, repo } from "./lib.mjs";

const out = path.resolve(process.argv[2] || path.join(repo, "tests/e2e/artifacts/words"));
mkdirSync(out, { recursive: true });
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const server = await serve();
const browser = await launch();
try {
  for (const [label, size] of [["phone", { width: 360, height: 740, dpr: 2 }], ["desktop", { width: 1280, height: 800, dpr: 1 }]]) {
    for (const panel of ["gda", "nb", "cat"]) {
      const { page, context } = await open(browser, `${server.url}?lang=zh-CN&embed=${panel}&cov=per-class`, size);
      await page.screenshot({ path: path.join(out, `zh-${label}-${panel}.png`), fullPage: true });
      await context.close();
    }
  }
  const cases = [
    ["nb-corpus-png", "en", async (page) => page.setInputFiles('#nb-slot [data-role="file"]', { name: "photo.png", mimeType: "image/png", buffer: PNG }), '#nb-slot [data-role="file"]'],
    ["nb-corpus-png", "zh-CN", async (page) => page.setInputFiles('#nb-slot [data-role="file"]', { name: "photo.png", mimeType: "image/png", buffer: PNG }), '#nb-slot [data-role="file"]'],
    ["nb-alpha", "zh-CN", async (page) => { await page.fill('#nb-slot [data-role="alpha"]', "20"); await page.dispatchEvent('#nb-slot [data-role="alpha"]', "change"); }, '#nb-slot [data-role="alpha"]'],
    ["gda-fullwidth-csv", "zh-CN", async (page) => {
      await page.$eval('#gda-slot [data-role="csv"]', (el) => { el.closest("details").open = true; });
      await page.fill('#gda-slot [data-role="csv"]', "1，2，0");
      await page.click('#gda-slot [data-role="csv-apply"]');
    }, '#gda-slot [data-role="csv-apply"]'],
    ["gda-loss", "en", async (page) => { await page.fill('#gda-slot [data-role="loss01"]', "5000"); await page.dispatchEvent('#gda-slot [data-role="loss01"]', "change"); }, '#gda-slot [data-role="loss01"]'],
    ["cat-csv", "en", async (page) => {
      await page.$eval('#cat-slot [data-role="csv"]', (el) => { el.closest("details").open = true; });
      await page.fill('#cat-slot [data-role="csv"]', "name,a,b,class\nr1,x,y,p\nr2,x,q\n");
      await page.click('#cat-slot [data-role="csv-apply"]');
    }, '#cat-slot [data-role="csv-apply"]'],
  ];
  for (const [name, lang, action, control] of cases) {
    const { page, context } = await open(browser, `${server.url}?lang=${lang}`, { width: 360, height: 740, dpr: 2 });
    await page.$eval(control, (el) => el.scrollIntoView({ block: "center" }));
    await action(page);
    await page.waitForSelector('[data-role$="error"]:not([hidden])');
    await page.screenshot({ path: path.join(out, `error-phone-${name}-${lang}.png`) });
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}
console.log(`screenshots in ${out}`);
