// Screenshots of the built-in lessons as a lecture shows them: the first and the last step of
// each in presenter mode on a 1920×1080 and a 1024×768 projector (projector mode on), and
// one step of each on a 360 px phone in Chinese with the dark theme, as a student follows.
//   node tests/e2e/screenshots_lessons.mjs [outdir] [name-regex]   (default tests/e2e/artifacts/lessons)
import { mkdirSync } from "node:fs";
import path from "node:path";
import { launch, serve, repo } from "./lib.mjs";

const out = path.resolve(process.argv[2] || path.join(repo, "tests/e2e/artifacts/lessons"));
const only = process.argv[3] ? new RegExp(process.argv[3]) : null;
mkdirSync(out, { recursive: true });
const LESSONS = ["gda-boundary", "gda-predict", "gda-vs-qda", "gda-vs-logistic", "nb-smoothing", "nb-predict", "nb-event-models", "bayes-decision"];
const shots = [];
for (const id of LESSONS) {
  for (const [w, h] of [[1920, 1080], [1024, 768]]) {
    for (const step of ["first", "last"]) shots.push({ name: `${id}-${step}-presenter-${w}x${h}`, id, step, width: w, height: h, present: true, query: "&projector=1" });
  }
  shots.push({ name: `${id}-last-phone-360-zh-dark`, id, step: "last", width: 360, height: 740, dpr: 2, scheme: "dark", query: "&lang=zh-CN&theme=dark" });
}

const server = await serve();
const browser = await launch();
const failures = [];
try {
  for (const s of shots) {
    if (only && !only.test(s.name)) continue;
    const context = await browser.newContext({ viewport: { width: s.width, height: s.height }, deviceScaleFactor: s.dpr || 1, colorScheme: s.scheme || "light", reducedMotion: "reduce" });
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
    await page.goto(`${server.url}?lesson=${s.id}${s.query}`);
    const ready = (n) => page.waitForFunction((n) => {
      const l = window.genlab?.lessons;
      return l && !l.busy && document.documentElement.dataset.lessonStep === String(n ?? l.step);
    }, n, { timeout: 20000 });
    await ready(1);
    const count = await page.evaluate(() => window.genlab.lessons.count);
    if (s.present) await page.click('[data-lesson="present"]');
    if (s.step === "last") {
      for (let n = 2; n <= count; n++) {
        await page.keyboard.press("PageDown");
        // In presenter mode a prediction step's first press reveals it; the next goes on.
        if ((await page.evaluate(() => window.genlab.lessons.step)) !== n) await page.keyboard.press("PageDown");
        await ready(n);
      }
    }
    // Fonts and the figure's last frame.
    await page.evaluate(() => document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))));
    const file = path.join(out, `${s.name}.png`);
    await page.screenshot({ path: file, fullPage: Boolean(s.full) });
    if (errors.length) failures.push(`${s.name}: ${errors.join(" | ")}`);
    console.log(file);
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}
if (failures.length) {
  console.error(failures.join("\n"));
  process.exit(1);
}
