// Takes the screenshots a developer looks at before calling a visual change done:
//   node tests/e2e/screenshots.mjs [outdir]   (default tests/e2e/artifacts)
import { mkdirSync } from "node:fs";
import path from "node:path";
import { launch, open, serve, repo } from "./lib.mjs";

const out = path.resolve(process.argv[2] || path.join(repo, "tests/e2e/artifacts"));
mkdirSync(out, { recursive: true });
const shots = [
  { name: "desktop-dpr1", width: 1280, height: 800, dpr: 1 },
  { name: "desktop-full", width: 1280, height: 800, dpr: 1, full: true },
  { name: "nb-desktop", width: 1440, height: 900, dpr: 1, anchor: "#nb-slot" },
  { name: "nb-phone", width: 360, height: 740, dpr: 3, anchor: "#nb-slot" },
  { name: "nb-spam-alpha0", width: 1440, height: 900, dpr: 1, anchor: "#nb-slot", example: "en-spam", alpha: 0 },
  { name: "nb-ham-alpha1", width: 1440, height: 900, dpr: 1, anchor: "#nb-slot", example: "zh-ham", alpha: 1 },
  { name: "nb-ham-alpha0", width: 1440, height: 900, dpr: 1, anchor: "#nb-slot", example: "en-ham", alpha: 0 },
  { name: "nb-bernoulli", width: 1440, height: 900, dpr: 2, anchor: "#nb-slot", example: "phish", alpha: 1, bernoulli: true },
  { name: "desktop-dpr2", width: 1280, height: 800, dpr: 2 },
  { name: "phone-360-dpr3", width: 360, height: 740, dpr: 3 },
  { name: "projector-1920", width: 1920, height: 1080, dpr: 1 },
];
const server = await serve();
const browser = await launch();
try {
  for (const s of shots) {
    const { page, context, errors } = await open(browser, server.url + (s.query || ""), s);
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
