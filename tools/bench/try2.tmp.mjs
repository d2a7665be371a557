import { serve, launchChromium } from "./browser.mjs";
const srv = await serve("/work/main/www");
const b = await launchChromium();
for (let i = 0; i < 3; i++) {
  const context = await b.newContext();
  const page = await context.newPage();
  await page.goto(srv.url);
  await page.waitForSelector("html[data-ready=true]");
  const r = await page.evaluate(() => ({ now: performance.now(), res: performance.getEntriesByType("resource").map(e => [e.name.split("/").pop(), Math.round(e.startTime), Math.round(e.responseEnd)]), nav: (({domInteractive, domContentLoadedEventEnd, loadEventEnd}) => ({domInteractive, domContentLoadedEventEnd, loadEventEnd}))(performance.getEntriesByType("navigation")[0]) }));
  console.log(JSON.stringify(r));
  await context.close();
}
await b.close(); await srv.close();
