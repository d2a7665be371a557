import { launch, serve } from "./lib.mjs";
import { webkit, firefox } from "playwright-core";
const server = await serve(); const browser = await launch();
const cases = [
  ["penguins3-1280", "?embed=gda&src=penguins-three-species", 1280, 800, 1],
  ["iris3-qda-1280", "?embed=gda&src=iris-three-species&cov=per-class", 1280, 800, 1],
  ["k5-pairs-1024-proj", "?embed=gda&k=5&pairs=1&projector=1", 1024, 768, 1],
  ["k5-360-zh-dark", "?embed=gda&k=5&lang=zh-CN&theme=dark", 360, 740, 2],
  ["k3-1920-proj", "?src=penguins-three-species&projector=1", 1920, 1080, 1],
];
for (const [name, q, w, h, dpr] of cases) {
  const context = await browser.newContext({ viewport: { width: w, height: h }, deviceScaleFactor: dpr });
  const page = await context.newPage();
  const errors = []; page.on("pageerror", (e) => errors.push(String(e))); page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  await page.goto(server.url + q);
  await page.waitForSelector("html[data-ready=true]", { timeout: 30000 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/shots-main/${name}.png`, fullPage: name.includes("360") });
  console.log(name, errors);
  await context.close();
}
await browser.close(); server.close();
