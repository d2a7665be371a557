// Takes the screenshots a developer looks at before calling a visual change done:
//   node tests/e2e/screenshots.mjs [outdir] [name-regex]   (default tests/e2e/artifacts, all)
import { mkdirSync } from "node:fs";
import path from "node:path";
import { launch, open, serve, repo } from "./lib.mjs";

const only = process.argv[3] ? new RegExp(process.argv[3]) : null;

const out = path.resolve(process.argv[2] || path.join(repo, "tests/e2e/artifacts"));
mkdirSync(out, { recursive: true });
const shots = [];
for (const lang of ["en", "zh-CN"]) {
  const q = lang === "en" ? "" : "?lang=zh-CN";
  const p = lang === "en" ? "" : "&";
  shots.push(
    { name: `${lang}-phone-360-dpr3`, width: 360, height: 740, dpr: 3, query: q },
    { name: `${lang}-phone-360-dpr3-nb`, width: 360, height: 740, dpr: 3, query: q, anchor: "#nb-slot" },
    { name: `${lang}-desktop-1280-dpr2`, width: 1280, height: 800, dpr: 2, query: q },
    { name: `${lang}-desktop-1280-dpr2-nb`, width: 1280, height: 800, dpr: 2, query: q, anchor: "#nb-slot" },
    { name: `${lang}-desktop-1280-dpr1-full`, width: 1280, height: 800, dpr: 1, query: q, full: true },
    { name: `${lang}-projector-1920`, width: 1920, height: 1080, dpr: 1, query: `${q || "?"}${p}projector=1` },
    { name: `${lang}-projector-1920-nb`, width: 1920, height: 1080, dpr: 1, query: `${q || "?"}${p}projector=1`, anchor: "#nb-slot" },
  );
}
shots.push(
  { name: "nb-spam-alpha0", width: 1440, height: 900, dpr: 1, anchor: "#nb-slot", example: "en-spam", alpha: 0 },
  { name: "nb-ham-alpha1", width: 1440, height: 900, dpr: 1, anchor: "#nb-slot", example: "zh-ham", alpha: 1 },
  { name: "nb-ham-alpha0", width: 1440, height: 900, dpr: 1, anchor: "#nb-slot", example: "en-ham", alpha: 0 },
  { name: "nb-spam-alpha1", width: 1440, height: 900, dpr: 1, anchor: "#nb-slot", example: "en-spam", alpha: 1 },
  { name: "nb-bernoulli", width: 1440, height: 900, dpr: 2, anchor: "#nb-slot", example: "phish", alpha: 1, bernoulli: true },
  { name: "nb-cost10", width: 1440, height: 900, dpr: 2, query: "?cost=10&t=free%20tickets%20for%20the%20concert%20tonight", anchor: "#nb-slot" },
  { name: "nb-cost10-zh", width: 1440, height: 900, dpr: 1, query: "?lang=zh-CN&cost=10&rs=undersample_ham&ev=bernoulli&bayes=1,3,1,1", anchor: "#nb-slot", full: true },
  { name: "readme-gda", width: 1280, height: 760, dpr: 1, query: "?heat=1&lr=1" },
  { name: "readme-nb", width: 1280, height: 760, dpr: 1, query: "?a=0", anchor: "#nb-slot" },
  { name: "readme-phone-zh", width: 360, height: 740, dpr: 2, query: "?lang=zh-CN&cov=per-class" },
  { name: "gda-iris", width: 1280, height: 800, dpr: 2, query: "?src=iris-versicolor-virginica" },
  { name: "gda-iris-lda", width: 1280, height: 800, dpr: 2, query: "?src=iris-versicolor-virginica", full: true },
  { name: "gda-iris-qda", width: 1280, height: 800, dpr: 2, query: "?src=iris-versicolor-virginica&cov=per-class", full: true },
  { name: "gda-outliers-lr", width: 1280, height: 800, dpr: 2, query: "?lr=1", click: '#gda-slot [data-role="outliers"]' },
  { name: "gda-heat-dpr2", width: 1280, height: 800, dpr: 2, query: "?heat=1&cov=per-class&lr=1" },
  { name: "gda-bayes-rule", width: 1280, height: 800, dpr: 1, query: "?l10=5&phi=0.3&heat=1" },
  { name: "gda-gnb", width: 1280, height: 800, dpr: 1, query: "?cov=diagonal-per-class&heat=1" },
);
// The categorical naive Bayes panel: the green-eyed query at λ = 0 (class "yes" wiped out by
// one zero count) and at λ = 1 (Laplace cures it), desktop and phone, both languages.
for (const lang of ["en", "zh-CN"]) {
  for (const lambda of [0, 1]) {
    const q = `?${lang === "en" ? "" : "lang=zh-CN&"}cl=${lambda}`;
    shots.push(
      { name: `cat-${lang}-lambda${lambda}-desktop-1280-dpr2`, width: 1280, height: 800, dpr: 2, query: q, anchor: "#cat-slot .cat-query" },
      { name: `cat-${lang}-lambda${lambda}-phone-360-dpr3`, width: 360, height: 740, dpr: 3, query: q, anchor: '#cat-slot [data-role="verdict"]' },
    );
  }
}
shots.push(
  { name: "cat-en-table-phone-360-dpr3", width: 360, height: 740, dpr: 3, query: "?cl=0", anchor: "#cat-slot .cat-data" },
  { name: "cat-en-counts-desktop-1280-dpr2", width: 1280, height: 800, dpr: 2, query: "?cl=0", anchor: "#cat-slot .cat-counts" },
  { name: "cat-en-projector-1920", width: 1920, height: 1080, dpr: 1, query: "?projector=1&cl=0", anchor: "#cat-slot .cat-query" },
  { name: "cat-en-both-wiped-out-1280", width: 1280, height: 800, dpr: 1, query: "?cl=0&cq=yes%7Cgreen%7Cmedium%7Cno", anchor: "#cat-slot .cat-query" },
);
const server = await serve();
const browser = await launch();
try {
  for (const s of shots.filter((x) => !only || only.test(x.name))) {
    const { page, context, errors } = await open(browser, server.url + (s.query || ""), s);
    if (s.click) {
      await page.click(s.click);
      await page.evaluate(() => window.scrollTo(0, 0));
    }
    if (s.example) await page.click(`[data-example="${s.example}"]`);
    if (s.bernoulli) await page.check('#nb-slot [data-role="event"][value="bernoulli"]');
    if (s.alpha !== undefined) await page.fill('#nb-slot [data-role="alpha"]', String(s.alpha)).then(() => page.press('#nb-slot [data-role="alpha"]', "Enter"));
    if (s.anchor) await page.$eval(s.anchor, (el) => el.scrollIntoView());
    await page.waitForTimeout(100);
    await page.screenshot({ path: path.join(out, `${s.name}.png`), fullPage: s.full ?? false });
    if (errors.length) console.log(`${s.name}: console errors:\n  ${errors.join("\n  ")}`);
    await context.close();
    console.log(`${s.name}.png`);
  }
} finally {
  await browser.close();
  server.close();
}
