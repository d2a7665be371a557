// Screenshots of the page in one engine over WebDriver (default WebKit, the one Playwright
// cannot drive here), to look at: each panel in English, Chinese, a 360 px phone (an iframe
// of that width: MiniBrowser's window cannot be narrower than ~447 px) and dpr 2.
//   node tests/journeys/screenshots.mjs [engine] [outdir]   (default webkit, tests/e2e/artifacts/<engine>)
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { engineEnv } from "./webdriver.mjs";
import { serve, repo } from "./server.mjs";
import { openPage, pageErrors } from "./lib.mjs";

const engine = process.argv[2] || "webkit";
const out = path.resolve(process.argv[3] || path.join(repo, "tests/e2e/artifacts", engine));
mkdirSync(out, { recursive: true });

/** Scrolls the top of `css` (in the frame `frame`, or the page) to the top of the view. */
const scrollTo = (s, css, frame = null) => s.execute((css, frame) => {
  const doc = frame ? document.getElementById(frame).contentDocument : document;
  doc.querySelector(css).scrollIntoView({ block: "start" });
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}, css, frame);

/** Saves a screenshot (of the element `el`, else the viewport) as `name`.png and says so. */
async function shot(s, name, el = null) {
  const png = el
    ? Buffer.from(await s.cmd("GET", `/element/${await s.find(el)}/screenshot`), "base64")
    : await s.screenshot();
  const file = path.join(out, `${name}.png`);
  writeFileSync(file, png);
  console.log(`${file} ${png.readUInt32BE(16)}×${png.readUInt32BE(20)}`);
}

const server = await serve();
const report = [];
try {
  for (const dpr of [1, 2]) {
    const env = engineEnv(engine, { dpr, width: 1280, height: 800 });
    try {
      await env.ready();
      const s = env.session;
      if (dpr === 1) {
        await openPage(s, server.url);
        for (const p of ["gda", "nb", "cat"]) {
          await scrollTo(s, `#${p}-slot`);
          await shot(s, `en-1280-${p}`);
        }
        await openPage(s, `${server.url}?lang=zh-CN`);
        for (const p of ["gda", "nb", "cat"]) {
          await scrollTo(s, `#${p}-slot`);
          await shot(s, `zh-1280-${p}`);
        }
        report.push(["dpr 1", await pageErrors(s)]);
        // A 360 px phone: the page in an iframe of that size, in both languages.
        for (const lang of ["en", "zh-CN"]) {
          await s.navigate(`${server.url}__journeys/frame.html?width=360&height=740&src=${encodeURIComponent(`/?lang=${lang}`)}`);
          await s.waitFor("the framed page's panels", () => document.getElementById("app").contentDocument?.documentElement.dataset.ready === "true");
          for (const p of ["gda", "nb", "cat"]) {
            await scrollTo(s, `#${p}-slot`, "app");
            await shot(s, `${lang}-phone-360-${p}`, "#app");
          }
          report.push([`phone ${lang}`, await s.execute(() => document.getElementById("app").contentWindow.__journeys.errors)]);
        }
      } else {
        await openPage(s, server.url);
        const ratio = await s.execute(() => devicePixelRatio);
        console.log(`devicePixelRatio ${ratio}`);
        for (const p of ["gda", "nb"]) {
          await scrollTo(s, `#${p}-slot`);
          await shot(s, `en-dpr${ratio}-${p}`);
        }
        report.push([`dpr ${ratio}`, await pageErrors(s)]);
      }
    } finally {
      await env.stop();
    }
  }
} finally {
  await server.close();
}
for (const [what, errors] of report) console.log(`${what}: ${errors.length ? errors.join("; ") : "no errors"}`);
