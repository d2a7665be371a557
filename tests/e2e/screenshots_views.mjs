// Screenshots of the views a lecture meets beyond the everyday desktop: projector mode at
// 1024×768, 1280×720 and 1920×1080 (each panel), phones in both languages, the dark theme
// (each panel, desktop and phone) and every page of the printed handout (as PNG, through
// pdftoppm).
//   node tests/e2e/screenshots_views.mjs [outdir] [name-regex]   (default tests/e2e/artifacts/views)
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { launch, serve, repo } from "./lib.mjs";

const out = path.resolve(process.argv[2] || path.join(repo, "tests/e2e/artifacts/views"));
const only = process.argv[3] ? new RegExp(process.argv[3]) : null;
mkdirSync(out, { recursive: true });
const MESSAGE = encodeURIComponent("WIN a FREE prize, reply now to claim your cash before the meeting");
const PANELS = { gda: "#gda-slot", nb: "#nb-slot", cat: "#cat-slot" };
const shots = [];
for (const [w, h] of [[1024, 768], [1280, 720], [1920, 1080]]) {
  for (const panel of Object.keys(PANELS)) shots.push({ name: `projector-${w}x${h}-${panel}`, width: w, height: h, query: `?projector=1&lr=1&t=${MESSAGE}`, anchor: PANELS[panel] });
}
for (const lang of ["en", "zh-CN"]) {
  for (const panel of Object.keys(PANELS)) shots.push({ name: `phone-360-${lang}-${panel}`, width: 360, height: 740, dpr: 2, query: `?lang=${lang}&t=${MESSAGE}`, anchor: PANELS[panel], full: panel === "gda" });
}
for (const panel of Object.keys(PANELS)) {
  shots.push({ name: `dark-desktop-${panel}`, width: 1280, height: 800, scheme: "dark", query: `?lr=1&t=${MESSAGE}`, anchor: PANELS[panel] });
  shots.push({ name: `dark-phone-${panel}`, width: 360, height: 740, dpr: 2, scheme: "dark", query: `?lang=zh-CN&t=${MESSAGE}`, anchor: PANELS[panel] });
}
shots.push({ name: "dark-heat-projector-1024", width: 1024, height: 768, scheme: "dark", query: "?theme=dark&heat=1&projector=1" });
shots.push({ name: "coincident-means-projector-1024", width: 1024, height: 768, query: "?projector=1&m0=0,0&m1=0,0" });
const prints = [
  { name: "print-page", query: `?t=${MESSAGE}` },
  { name: "print-page-zh-dark", query: `?lang=zh-CN&theme=dark&t=${MESSAGE}` },
  { name: "print-embed-gda", query: "?embed=gda&lr=1" },
  { name: "print-embed-nb", query: `?embed=nb&t=${MESSAGE}` },
  { name: "print-embed-cat", query: "?embed=cat" },
];

const server = await serve();
const browser = await launch();
const openAt = async (s) => {
  const context = await browser.newContext({ viewport: { width: s.width || 1280, height: s.height || 800 }, deviceScaleFactor: s.dpr || 1, colorScheme: s.scheme || "light" });
  const page = await context.newPage();
  const errors = [];
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(server.url + (s.query || ""));
  await page.waitForSelector("html[data-ready=true]", { timeout: 20000 });
  return { page, context, errors };
};
try {
  for (const s of shots.filter((x) => !only || only.test(x.name))) {
    const { page, context, errors } = await openAt(s);
    if (s.anchor) await page.$eval(s.anchor, (el) => el.scrollIntoView());
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: path.join(out, `${s.name}.png`), fullPage: s.full ?? false });
    if (errors.length) console.log(`${s.name}: console errors:\n  ${errors.join("\n  ")}`);
    await context.close();
    console.log(`${s.name}.png`);
  }
  for (const s of prints.filter((x) => !only || only.test(x.name))) {
    const { page, context, errors } = await openAt(s);
    const pdf = path.join(out, `${s.name}.pdf`);
    writeFileSync(pdf, await page.pdf({ format: "A4" }));
    execFileSync("pdftoppm", ["-r", "80", "-png", pdf, path.join(out, s.name)]);
    if (errors.length) console.log(`${s.name}: console errors:\n  ${errors.join("\n  ")}`);
    await context.close();
    console.log(`${s.name}-*.png`);
  }
} finally {
  await browser.close();
  server.close();
}
