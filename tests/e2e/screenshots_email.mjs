// Screenshots of the spam panel reading email (the email block at 1280, phone 360, Chinese,
// dark, projector; a mailbox loading and loaded; a PNG renamed .mbox):
//   node tests/e2e/screenshots_email.mjs [outdir]     (default /tmp/shots-email)
// The mailbox shots need www/bench-data/spamassassin.mbox (tools/bench/prepare_email.py).
import fs from "node:fs";
import path from "node:path";
import { launch, open, serve, repo } from "./lib.mjs";
const out = process.argv[2] || "/tmp/shots-email";
fs.mkdirSync(out, { recursive: true });
const server = await serve();
const browser = await launch();
const mail = (id) => fs.readFileSync(path.join(repo, "src/data/emails", `${id}.eml`), "utf8");
const shots = [
  { name: "en-1280-html-spam", w: 1280, h: 800, q: "", ex: "en-spam", open: true },
  { name: "en-1280-ham-attach", w: 1280, h: 800, q: "?hdr=1", ex: "en-ham" },
  { name: "zh-1280-gbk", w: 1280, h: 800, q: "?lang=zh-CN", ex: "zh-spam", open: true },
  { name: "en-phone-360", w: 360, h: 740, q: "", ex: "en-spam", open: true, dpr: 2 },
  { name: "zh-phone-360", w: 360, h: 740, q: "?lang=zh-CN", ex: "zh-ham", dpr: 2 },
  { name: "en-dark-1280", w: 1280, h: 800, q: "?theme=dark", ex: "en-spam", open: true },
  { name: "en-projector-1920", w: 1920, h: 1080, q: "?projector=1", ex: "en-spam", open: true },
  { name: "en-projector-1024", w: 1024, h: 768, q: "?projector=1", ex: "zh-spam" },
];
for (const s of shots) {
  const { page, context } = await open(browser, server.url + s.q, { width: s.w, height: s.h, dpr: s.dpr ?? 1 });
  await page.click(`#nb-slot [data-email="${s.ex}"]`);
  await page.waitForSelector('#nb-slot [data-role="email"]:not([hidden])');
  if (s.open) await page.click('#nb-slot [data-role="email-body-summary"]');
  await page.$eval('#nb-slot [data-role="email"]', (el) => el.scrollIntoView({ block: "start" }));
  await page.screenshot({ path: `${out}/${s.name}.png` });
  await context.close();
}
// Mailbox loading: progress mid-way, then loaded (SpamAssassin mbox, if prepared).
const mbox = path.join(repo, "www/bench-data/spamassassin.mbox");
for (const [name, q, w, h] of [["mailbox-en-1280", "", 1280, 800], ["mailbox-zh-360", "?lang=zh-CN", 360, 740], ["mailbox-dark-1280", "?theme=dark", 1280, 800]]) {
  const { page, context } = await open(browser, server.url + q, { width: w, height: h });
  await page.$eval('#nb-slot [data-role="drop"]', (el) => el.scrollIntoView({ block: "center" }));
  await page.setInputFiles('#nb-slot [data-role="file"]', mbox);
  await page.waitForFunction(() => { const p = document.querySelector('#nb-slot [data-role="progress"]'); return !p.hidden && p.value > 0.3; });
  await page.screenshot({ path: `${out}/${name}-progress.png` });
  await page.waitForFunction(() => document.querySelector('#nb-slot [data-role="corpus-info"]').textContent.includes("spamassassin"), null, { timeout: 60000 });
  await page.$eval('#nb-slot [data-role="corpus-info"]', (el) => el.scrollIntoView({ block: "start" }));
  await page.screenshot({ path: `${out}/${name}-loaded.png` });
  await context.close();
}
// A PNG renamed .mbox, Chinese.
{
  const { page, context } = await open(browser, server.url + "?lang=zh-CN", { width: 1280, height: 800 });
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
  await page.setInputFiles('#nb-slot [data-role="file"]', { name: "inbox.mbox", mimeType: "application/mbox", buffer: png });
  await page.waitForSelector('#nb-slot [data-role="input-error"]:not([hidden])');
  await page.$eval('#nb-slot [data-role="drop"]', (el) => el.scrollIntoView({ block: "center" }));
  await page.screenshot({ path: `${out}/png-as-mbox-zh.png` });
  await context.close();
}
await browser.close();
server.close();
