// A message longer than a link carries (2,000 characters, src/state/nb.rs MAX_TEXT_IN_LINK):
// the link says so where it is copied and where it is opened, and the opened page never
// shows the cut message's verdict as the whole message's. Before: "Copy link" said "Link
// copied" and the opened page showed the first 2,000 characters and their verdict (a
// 9,368-character spam read "Ham"; its link reopened as "Spam · 90.8 %") without a word.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, open } from "./lib.mjs";

const env = setup();

// 9,368 characters, the length of the email this was found with: 1,873 × "word " (5) + "end".
const MESSAGE = "meeting ".repeat(250) + "word ".repeat(1473) + "end";

const box = '#nb-slot [data-role="text"]';

// "Copy link" writes its status once the clipboard has answered (a promise): wait for it.
async function copyLink(page) {
  await page.click("#copy-link");
  await page.waitForFunction(() => document.getElementById("copy-status").textContent !== "");
  return page.textContent("#copy-status");
}
const note = '#nb-slot [data-role="cut-note"]';

for (const lang of ["en", "zh-CN"]) {
  test(`a link that cuts the message says so when copied and when opened (${lang})`, async () => {
    assert.equal(MESSAGE.length, 9368);
    const q = lang === "zh-CN" ? "?lang=zh-CN" : "";
    const { page, context, errors } = await open(env.browser, `${env.server.url}${q}`);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: env.server.url });
    await page.fill(box, MESSAGE);
    // The box itself holds the whole message: no note there.
    assert.equal(await page.isVisible(note), false);
    const status = await copyLink(page);
    // Where it is copied: how much the link keeps, of how much, and the file route.
    for (const n of ["2,000", "9,368", "7,368", ".eml"]) assert.ok(status.includes(n), `copy status names ${n}: ${status}`);
    const url = page.url();
    assert.ok(new URL(url).searchParams.get("tn") === "9368", url);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(copied, url);

    // Where it is opened: a notice at the top, and a note beside the verdict.
    const fresh = await open(env.browser, url);
    assert.equal((await fresh.page.inputValue(box)).length, 2000);
    assert.equal(await fresh.page.isVisible("#notices"), true);
    const notice = await fresh.page.textContent("#notices ul");
    for (const n of ["2,000", "9,368", "7,368"]) assert.ok(notice.includes(n), `notice names ${n}: ${notice}`);
    assert.equal(await fresh.page.isVisible(note), true);
    const said = await fresh.page.textContent(note);
    for (const n of ["2,000", "9,368", "7,368"]) assert.ok(said.includes(n), `note beside the verdict names ${n}: ${said}`);
    // The note sits right under the verdict it qualifies.
    assert.equal(await fresh.page.$eval(note, (el) => el.previousElementSibling.dataset.role), "verdict");
    // Copied again from there, unchanged, the link still says the message was cut.
    await fresh.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: env.server.url });
    assert.ok((await copyLink(fresh.page)).includes("9,368"));
    // Once the student edits the message, it is their own message: no note.
    await fresh.page.fill(box, "hello there");
    await fresh.page.waitForFunction((sel) => document.querySelector(sel).hidden, note);
    assert.deepEqual(fresh.errors, []);
    await fresh.context.close();

    // Back and Forward in the page it was typed in: the history entry keeps the whole message.
    await page.click('#nb-slot [data-example="en-ham"]');
    await page.waitForFunction((m) => document.querySelector('#nb-slot [data-role="text"]').value !== m, MESSAGE);
    await page.goBack();
    await page.waitForFunction((m) => document.querySelector('#nb-slot [data-role="text"]').value === m, MESSAGE);
    assert.equal(await page.isVisible(note), false);
    assert.equal(await page.isVisible("#notices"), false);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test("a message the link carries whole opens without a note", async () => {
  const { page, context, errors } = await open(env.browser, `${env.server.url}?t=${encodeURIComponent("x".repeat(2000))}`);
  assert.equal((await page.inputValue(box)).length, 2000);
  assert.equal(await page.isVisible(note), false);
  assert.equal(await page.isVisible("#notices"), false);
  assert.deepEqual(errors, []);
  await context.close();
});

// The same class: the GDA panel's own points live in the page's history, never in a link.
// Before, "Copy link" said "Link copied" and only the opened page said the points were missing.
test("a link copied with your own points says it does not carry them", async () => {
  const { page, context, errors } = await open(env.browser, env.server.url);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: env.server.url });
  await page.evaluate(() => { document.querySelector('#gda-slot details:has([data-role="csv"])').open = true; });
  await page.fill('#gda-slot [data-role="csv"]', "0,0,0\n1,0.5,0\n0.5,1,0\n3,3,1\n4,3.5,1\n3.5,4,1\n");
  await page.click('#gda-slot [data-role="csv-apply"]');
  await page.waitForFunction(() => /src=custom/.test(location.search));
  assert.match(await copyLink(page), /without your own points/);
  // Opened, the link shows generated data (as the copy status said) and says why.
  const fresh = await open(env.browser, page.url());
  assert.equal(await fresh.page.inputValue('#gda-slot [data-role="source"]'), "generated");
  assert.match(await fresh.page.textContent("#gda-slot"), /your own points, which a link cannot carry/);
  await fresh.context.close();
  assert.deepEqual(errors, []);
  await context.close();
});
