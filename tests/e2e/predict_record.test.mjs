// The student's record: after two predictions (the GDA boundary and the spam bet) the page's
// footer offers "Your predictions (2)" (appearing there, it moves nothing above it); its dialog lists them and saves them as JSON and as
// CSV (genlab-record-YYYY-MM-DD.*), read back here from the downloads and checked against
// each prediction's own verdict (the numbers the page showed with the reveal). Each revealed
// prediction offers "Save my record" too, also in a panel mounted as an element (no genlab
// page around it). Nothing is requested from the network by a save. Keyboard only for the
// record's controls, in English and Chinese.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs/promises";
import { setup, open } from "./lib.mjs";
import { WORDS } from "../../www/js/predict-record-view.js";

const env = setup();

/** The local date as the file's name carries it. */
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

/** Presses the record dialog's button `role` by keyboard and reads the download. */
async function saveBy(page, role) {
  await page.focus(`dialog [data-role="${role}"]`);
  const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
  return { name: download.suggestedFilename(), text: await fs.readFile(await download.path(), "utf8") };
}

/** A minimal RFC 4180 reader (quoted fields with doubled quotes and line breaks). */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") { row.push(field); field = ""; } else if (c === "\r" && text[i + 1] === "\n") { row.push(field); rows.push(row); row = []; field = ""; i++; } else field += c;
  }
  return rows;
}

for (const lang of ["en", "zh-CN"]) {
  test(`two predictions, then "Your predictions (2)" saves them as JSON and CSV (${lang})`, async () => {
    const { page, context, errors } = await open(env.browser, `${env.server.url}${lang === "en" ? "" : "?lang=zh-CN"}`, { width: 1280, height: 800 });
    const requests = [];
    page.on("request", (r) => requests.push(r.url()));
    assert.equal(await page.$('[data-role="record-open"]'), null, "no record control before a prediction");
    // 1. The boundary: start, two arrow keys on a handle, commit.
    await page.click('#gda-slot [data-role="predict"]');
    await page.click('#gda-slot [data-role="predict-kind-boundary"]');
    await page.waitForSelector('#gda-slot [data-role="ghost-handle-0"]');
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await page.click('#gda-slot [data-role="predict-commit"]');
    await page.waitForSelector('#gda-slot [data-role="predict-score"]');
    const boundary = await page.evaluate(() => window.genlab_panels.gda.controller.prediction().verdict());
    // The record's control in the footer, and "Save my record" under the result.
    await page.waitForSelector('[data-role="record-open"]');
    assert.ok(await page.$('footer [data-role="record-open"]'), "in the footer");
    assert.equal(await page.textContent('[data-role="record-open"]'), WORDS[lang].control.replace("{n}", "1"));
    assert.ok(await page.isVisible('#gda-slot [data-role="predict-save"]'));
    // 2. The spam bet at 0.7 (twenty steps right from 0.5).
    await page.$eval("#nb-slot", (el) => el.scrollIntoView());
    await page.click('#nb-slot [data-role="bet"]');
    await page.waitForSelector('#nb-slot [data-role="bet-p"]');
    for (let i = 0; i < 20; i++) await page.keyboard.press("ArrowRight");
    await page.click('#nb-slot [data-role="bet-commit"]');
    await page.waitForSelector('#nb-slot [data-role="bet-score"]');
    const bet = await page.evaluate(() => window.genlab_panels.nb.controller.bet().verdict());
    assert.equal(await page.textContent('[data-role="record-open"]'), WORDS[lang].control.replace("{n}", "2"));
    // The footer's control, by keyboard: a dialog with an item per prediction.
    await page.focus('[data-role="record-open"]');
    await page.keyboard.press("Enter");
    await page.waitForSelector('dialog[data-role="record"]');
    assert.equal(await page.$$eval('dialog [data-role="record-list"] > li', (li) => li.length), 2);
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.role), "record-json");
    const before = requests.length;
    const json = await saveBy(page, "record-json");
    assert.equal(json.name, `genlab-record-${today()}.json`);
    const data = JSON.parse(json.text);
    assert.equal(data.format, "genlab-record");
    assert.equal(data.version, 1);
    assert.deepEqual(data.entries.map((e) => [e.panel, e.kind, e.skipped, e.lang]), [["gda", "boundary", false, lang], ["nb", "bet", false, lang]]);
    const [b, s] = data.entries;
    assert.deepEqual(b.score, { angle_deg: boundary.angle_deg, agreement: boundary.agreement });
    assert.deepEqual(b.answer, { w: boundary.guess_w, b: boundary.guess_b });
    assert.deepEqual(b.truth, { w: boundary.w, b: boundary.b });
    assert.deepEqual(b.hints, boundary.hints.map((h) => h.id));
    assert.equal(s.answer, 0.7);
    assert.equal(s.truth, bet.p);
    assert.deepEqual(s.score, { logit_gap: bet.gap });
    const csv = await saveBy(page, "record-csv");
    assert.equal(csv.name, `genlab-record-${today()}.csv`);
    const rows = parseCsv(csv.text);
    assert.deepEqual(rows[0], ["time", "panel", "kind", "skipped", "answer", "truth", "hints", "lang", "score.angle_deg", "score.agreement", "score.logit_gap"]);
    assert.equal(rows.length, 3);
    const at = (r, k) => r[rows[0].indexOf(k)];
    assert.deepEqual(JSON.parse(at(rows[1], "answer")), b.answer);
    // Every digit: the numbers read back exactly.
    assert.equal(Number(at(rows[1], "score.agreement")), boundary.agreement);
    assert.equal(Number(at(rows[2], "truth")), bet.p);
    assert.equal(Number(at(rows[2], "score.logit_gap")), bet.gap);
    assert.equal(at(rows[2], "score.angle_deg"), "");
    assert.equal(at(rows[1], "hints"), b.hints.join(";"));
    // Nothing went over the network to save (blob: downloads only).
    assert.deepEqual(requests.slice(before).filter((u) => !u.startsWith("blob:")), []);
    await page.keyboard.press("Escape");
    // Escape closes the dialog at once; its "close" event, which removes it, is a task the
    // browser queues after that: under load it had not run yet when the test looked.
    assert.equal(await page.$eval('dialog[data-role="record"]', (d) => d.open).catch(() => false), false, "closed");
    await page.waitForSelector("dialog", { state: "detached" });
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.role), "record-open", "the focus is back on the control");
    // Under a result, "Save my record" opens the same dialog.
    await page.click('#nb-slot [data-role="bet-save"]');
    await page.waitForSelector('dialog[data-role="record"]');
    assert.equal(await page.$$eval('dialog [data-role="record-list"] > li', (li) => li.length), 2);
    assert.equal(await page.textContent('#nb-slot [data-role="bet-save"]'), lang === "en" ? "Save my record" : "保存我的记录");
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test("a panel mounted as an element: the revealed bet offers Save my record, which saves the record", async () => {
  const context = await env.browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(`${env.server.url}element-example.html`);
  await page.waitForFunction(() => [...document.querySelectorAll("genlab-panel")].every((el) => el.handle));
  // The Chinese spam panel of the example page; its bet, skipped.
  const nb = "#lesson-nb";
  await page.$eval(nb, (el) => el.scrollIntoView());
  await page.click(`${nb} [data-role="bet"]`);
  await page.click(`${nb} [data-role="bet-skip"]`);
  await page.waitForSelector(`${nb} [data-role="bet-save"]`);
  assert.equal(await page.textContent(`${nb} [data-role="bet-save"]`), "保存我的记录");
  assert.equal(await page.$('[data-role="record-open"]'), null, "no page footer to put the control in");
  await page.focus(`${nb} [data-role="bet-save"]`);
  await page.keyboard.press("Enter");
  await page.waitForSelector('dialog[data-role="record"]');
  assert.equal(await page.getAttribute('dialog[data-role="record"]', "lang"), "zh-CN");
  const csv = await saveBy(page, "record-csv");
  const rows = parseCsv(csv.text);
  assert.deepEqual(rows.slice(1).map((r) => r.slice(1, 4)), [["nb", "bet", "true"]]);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the record's control appears without moving the panels (a 360 px phone, Chinese)", async () => {
  const { page, context, errors } = await open(env.browser, `${env.server.url}?lang=zh-CN`, { width: 360, height: 740 });
  // Where the figure is in the page (not in the viewport: a browser without scroll anchoring
  // would show the page moved by as much as the figure moved in it).
  const at = () => page.$eval('#gda-slot [data-role="canvas"]', (c) => c.getBoundingClientRect().top + scrollY);
  await page.click('#gda-slot [data-role="predict"]');
  await page.click('#gda-slot [data-role="predict-kind-boundary"]');
  await page.waitForSelector('#gda-slot [data-role="ghost-handle-0"]');
  const before = await at();
  await page.click('#gda-slot [data-role="predict-commit"]');
  await page.waitForSelector('[data-role="record-open"]');
  assert.equal(await at(), before, "the figure has not moved in the page");
  assert.equal(await page.textContent('[data-role="record-open"]'), "你的预测（1）");
  assert.deepEqual(errors, []);
  await context.close();
});
