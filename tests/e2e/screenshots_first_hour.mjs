// The screenshots of a class's first hour, to look at before calling that walk done:
//   node tests/e2e/screenshots_first_hour.mjs [outdir]   (default tests/e2e/artifacts/first-hour)
// The offline file's learning curves opened from disk (dist/genlab.html: run
// scripts/dist.sh first), the projector at 1024×768, 1280×720 and 1920×1080 and a lesson in
// Present, a phone after a swipe up with a finger on the plot, the printed handout from a
// system in dark mode, and a pasted multipart spam's ledger (English and Chinese).
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { launch, open, serve, repo, untilStill } from "./lib.mjs";

const out = path.resolve(process.argv[2] || path.join(repo, "tests/e2e/artifacts/first-hour"));
mkdirSync(out, { recursive: true });
const server = await serve();
const browser = await launch();
const shot = (page, name, opts = {}) => page.screenshot({ path: path.join(out, `${name}.png`), ...opts });
const settle = (page) => page.evaluate(() => new Promise((r) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(r)), 400)));

try {
  // 1. The single file from disk: its learning curves run (their worker made from the file).
  {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${pathToFileURL(path.join(repo, "dist/genlab.html")).href}?embed=curves`);
    await page.waitForFunction(() => document.querySelector(".genlab-curves")?.dataset.run === "done", null, { timeout: 120000 });
    await shot(page, "offline-file-curves");
    await context.close();
  }
  // 2. The projector at three sizes, and a lesson's step in Present.
  for (const [width, height] of [[1024, 768], [1280, 720], [1920, 1080]]) {
    const { page, context } = await open(browser, `${server.url}?projector=1`, { width, height });
    await settle(page);
    await shot(page, `projector-${width}x${height}`);
    await context.close();
  }
  for (const [lesson, width, height] of [["gda-boundary", 1024, 768], ["nb-smoothing", 1280, 720]]) {
    const { page, context } = await open(browser, `${server.url}?lesson=${lesson}&projector=1`, { width, height });
    await page.waitForSelector('[data-lesson="present"]');
    await untilStill(page);
    await page.click('[data-lesson="present"]');
    await settle(page);
    await shot(page, `present-${lesson}-${width}x${height}`);
    await context.close();
  }
  // 3. A phone, after a swipe up that starts on an empty part of the plot.
  {
    const { page, context } = await open(browser, `${server.url}?lang=zh-CN`, { width: 360, height: 740, dpr: 2 });
    const cdp = await context.newCDPSession(page);
    const box = await page.locator("#gda-slot canvas").first().boundingBox();
    await page.evaluate(() => window.scrollTo(0, 0));
    const x = box.x + 12;
    const y = Math.min(box.y + box.height - 12, 700);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
    for (let i = 1; i <= 10; i++) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y: y - 30 * i }] });
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await settle(page);
    console.log(`phone: scrolled to ${await page.evaluate(() => scrollY)} px by the swipe on the plot`);
    await shot(page, "phone-after-swipe-on-plot-zh");
    await context.close();
  }
  // 4. The printed handout from a system in dark mode (print media, the whole page).
  {
    const context = await browser.newContext({ viewport: { width: 800, height: 1100 }, colorScheme: "dark" });
    const page = await context.newPage();
    await page.goto(server.url);
    await page.waitForSelector("html[data-ready=true]");
    await page.emulateMedia({ media: "print", colorScheme: "dark" });
    await settle(page);
    await shot(page, "print-from-dark", { fullPage: true });
    await page.pdf({ path: path.join(out, "print-from-dark.pdf") });
    await context.close();
  }
  // 5. A pasted multipart spam (a plain-text stub and an HTML part): its ledger.
  const stub = readFileSync(path.join(repo, "tests/fixtures/email/spam-english-alternative-stub.eml"), "utf8");
  for (const lang of ["en", "zh-CN"]) {
    const { page, context } = await open(browser, `${server.url}?lang=${lang}`, { width: 1280, height: 900 });
    await page.fill('#nb-slot [data-role="text"]', stub);
    await page.waitForSelector('#nb-slot [data-role="email"]:not([hidden])');
    await page.$eval('#nb-slot [data-role="ledger"]', (el) => el.scrollIntoView({ block: "center" }));
    await settle(page);
    await shot(page, `multipart-spam-ledger-${lang}`);
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}
console.log(`screenshots in ${out}`);
