// End-to-end tests of the spam panel reading real email: a pasted raw email shows what was
// read (subject, sender domain, attachments, the decoded body, never HTML) and is scored on
// its body; header evidence is a setting in the link; a mailbox (an .mbox file, a folder in
// the SpamAssassin layout) becomes the corpus; a PNG renamed .mbox is refused and the corpus
// kept. The emails are the project's own examples (src/data/emails/), the expected texts
// read off them by hand.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { setup, open, repo } from "./lib.mjs";

const env = setup();

const role = (r) => `#nb-slot [data-role="${r}"]`;
const text = (page, r) => page.textContent(role(r));
const example = (id) => fs.readFileSync(path.join(repo, "src/data/emails", `${id}.eml`), "utf8");

/** Waits until the corpus line names `name`. */
const corpusNamed = (page, name) =>
  page.waitForFunction((n) => document.querySelector('#nb-slot [data-role="corpus-info"]').textContent.includes(n), name);

test("a pasted HTML email shows its decoded body in the ledger, never its encoding or markup", async () => {
  const { page, context, errors } = await open(env.browser, env.server.url);
  assert.equal(await page.isVisible(role("email")), false, "plain text: no email block");
  await page.fill(role("text"), example("en-spam"));
  await page.waitForSelector(`${role("email")}:not([hidden])`);
  assert.equal(await text(page, "email-subject"), "You’ve won a $500 gift card!");
  assert.equal(await text(page, "email-from"), "prize-center.example");
  await page.click(role("email-body-summary"));
  const body = await text(page, "email-body");
  assert.match(body, /Your email address has been selected to receive a FREE gift card worth \$500\./);
  for (const debris of ["=3D", "<html", "&nbsp;", "<p>", "color: red"]) assert.ok(!body.includes(debris), `${debris} in ${body}`);
  // The HTML was never rendered: no element came from it.
  assert.equal(await page.$$eval(`${role("email")} img, ${role("email")} a, ${role("email")} table`, (e) => e.length), 0);
  // The ledger's rows are the body's words, none of the encoding's.
  const words = await page.$$eval(`${role("ledger")} li.word .term-name`, (li) => li.map((x) => x.firstChild.textContent));
  assert.ok(words.includes("prize") || words.includes("free"), words.join(","));
  assert.ok(!words.some((w) => w === "3d" || w === "html" || w === "nbsp"), words.join(","));
  assert.match(await text(page, "verdict"), /spam/i);
  // Header evidence is off by default, and says which tokens it would add.
  assert.match(await text(page, "email-headers"), /off: from-domain:prize-center\.example, subject:you/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the example emails: an attachment is listed not scored, GBK is decoded, and the ledger sums", async () => {
  const { page, context, errors } = await open(env.browser, env.server.url);
  await page.click('#nb-slot [data-email="en-ham"]');
  await page.waitForSelector(`${role("email")}:not([hidden])`);
  assert.match(await text(page, "email-attachments"), /^marking-scheme\.pdf \(application\/pdf\) — listed, never scored$/);
  await page.click('#nb-slot [data-email="zh-spam"]');
  await page.waitForFunction(() => document.querySelector('#nb-slot [data-role="email-subject"]').textContent === "恭喜您中奖了！免费领取大礼");
  assert.match(await text(page, "email-body"), /请立即点击链接领取奖品/);
  // Every row (prior, words, total) as shown: the rows add up to the total.
  const sums = await page.$$eval('#nb-slot [data-role="ledger"] li', (lis) => lis.map((li) => [li.className, Number(li.querySelector(".term-value").textContent.replace("−", "-"))]));
  const total = sums.find(([c]) => c.includes("total"))[1];
  const parts = sums.filter(([c]) => !c.includes("total")).reduce((s, [, v]) => s + v, 0);
  assert.ok(Math.abs(parts - total) < 0.01 * sums.length, `rows ${parts} vs total ${total}`);
  assert.match(page.url(), /[?&]t=/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("an .eml file dropped on the message box is read from its bytes, GBK included", async () => {
  const { page, context, errors } = await open(env.browser, env.server.url);
  // An 8-bit GBK body (no base64): only the file's bytes can say what it is. The bytes of
  // “恭喜您中奖了” in GBK, from Python's "恭喜您中奖了".encode("gbk").
  const gbk = [0xb9, 0xa7, 0xcf, 0xb2, 0xc4, 0xfa, 0xd6, 0xd0, 0xbd, 0xb1, 0xc1, 0xcb];
  await page.evaluate((gbk) => {
    const head = new TextEncoder().encode("From: prize@lucky-draw.example\nSubject: hi\nContent-Type: text/plain; charset=GBK\n\n");
    const bytes = new Uint8Array([...head, ...gbk]);
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], "prize.eml", { type: "message/rfc822" }));
    document.querySelector('#nb-slot [data-role="text"]').dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, gbk);
  await page.waitForSelector(`${role("email")}:not([hidden])`);
  assert.equal((await text(page, "email-body")).trim(), "恭喜您中奖了");
  assert.equal(await text(page, "email-from"), "lucky-draw.example");
  const words = await page.$$eval(`${role("ledger")} li.word .term-name`, (li) => li.map((x) => x.firstChild.textContent));
  assert.ok(words.includes("喜") && words.includes("奖"), words.join(","));
  // Typing in the box makes it text again: the box's text is scored, not the old file.
  await page.fill(role("text"), "WIN a FREE prize");
  await page.waitForFunction(() => document.querySelector('#nb-slot [data-role="email"]').hidden);
  assert.deepEqual(errors, []);
  await context.close();
});

test("header evidence is a setting in the link, and its rows are their own kind", async () => {
  const { page, context, errors } = await open(env.browser, env.server.url);
  await page.check(role("headers"));
  await page.waitForFunction(() => location.search.includes("hdr=1"));
  await page.fill(role("text"), example("en-spam"));
  await page.waitForSelector(`${role("email")}:not([hidden])`);
  assert.match(await text(page, "email-headers"), /^Header evidence on: from-domain:prize-center\.example/);
  // A reload keeps it.
  await page.reload();
  await page.waitForSelector("html[data-ready=true]");
  assert.equal(await page.isChecked(role("headers")), true);
  assert.deepEqual(errors, []);
  await context.close();
});

/** An mbox of the example emails plus a few more, each with its X-Label. */
function smallMbox() {
  const withLabel = (raw, label) => raw.replace(/\r?\n\r?\n/, `\nX-Label: ${label}\n\n`);
  const extra = [
    ["spam", "From: deals@shop.example\nSubject: Cheap watches\n\nCheap replica watches, buy now and save 90 percent!"],
    ["spam", "From: bank@secure-login.example\nSubject: Verify your account\n\nYour account is suspended, click the link to verify your password now."],
    ["ham", "From: tutor@uni.example\nSubject: Office hours\n\nOffice hours move to Wednesday at 2pm in room 101."],
    ["ham", "From: sam@uni.example\nSubject: Notes\n\nI uploaded my notes from the lecture on smoothing, see the shared folder."],
  ];
  const all = [
    [example("en-spam"), "spam"], [example("zh-spam"), "spam"], [example("en-ham"), "ham"], [example("zh-ham"), "ham"],
    ...extra.map(([l, m]) => [m, l]),
  ];
  return all.map(([raw, label]) => `From sender@example Mon Mar  3 08:00:00 2025\n${withLabel(raw, label)}\n`).join("\n");
}

test("a dropped .mbox becomes the corpus, read as emails", async () => {
  const { page, context, errors } = await open(env.browser, env.server.url);
  const mbox = smallMbox();
  // Dropped on the drop zone, as a person drags a file from their mail client's folder.
  await page.evaluate((content) => {
    const dt = new DataTransfer();
    dt.items.add(new File([content], "course.mbox", { type: "application/mbox" }));
    document.querySelector('#nb-slot [data-role="drop"]').dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, mbox);
  await corpusNamed(page, "course.mbox");
  // 4 spam and 4 ham, all distinct bodies (counted by hand above).
  assert.match(await text(page, "corpus-info"), /8 messages.*4 ham.*4 spam/);
  assert.match(await text(page, "corpus-notes"), /Read as emails/);
  assert.equal(await page.isVisible(role("input-error")), false);
  assert.deepEqual(errors, []);
  await context.close();
});

/**
 * A folder "mycorpus" in the SpamAssassin layout, in a fresh temporary directory: 6 emails in
 * folders named for their class, one file that is no email, and the corpus' own "cmds" note.
 * Returns its path; the caller removes its parent.
 */
function spamAssassinFolder() {
  const root = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "genlab-mail-")), "mycorpus");
  const files = {
    "easy_ham/0001.a": example("en-ham"),
    "easy_ham/0002.b": example("zh-ham"),
    "hard_ham/0003.c": "From: tutor@uni.example\nSubject: Office hours\n\nOffice hours move to Wednesday.",
    "spam_2/0004.d": example("en-spam"),
    "spam_2/0005.e": example("zh-spam"),
    "spam/0006.f": "From: deals@shop.example\nSubject: Cheap watches\n\nCheap replica watches, buy now!",
    "spam/0007.g": "not an email at all",
    "cmds": "mv a b",
  };
  for (const [p, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, p)), { recursive: true });
    fs.writeFileSync(path.join(root, p), content);
  }
  return root;
}

/** The corpus read from spamAssassinFolder(): 3 ham and 3 spam, the file that is no email listed. */
async function assertFolderCorpus(page) {
  await corpusNamed(page, "mycorpus");
  assert.match(await text(page, "corpus-info"), /6 messages.*3 ham.*3 spam/);
  // The message that is no email is listed and skipped, by its path.
  assert.match(await text(page, "corpus-notes"), /mycorpus\/spam\/0007\.g: This is not an email/);
}

test("a folder in the SpamAssassin layout becomes the corpus, its classes from folder names", async () => {
  const root = spamAssassinFolder();
  try {
    const { page, context, errors } = await open(env.browser, env.server.url);
    await page.setInputFiles(role("folder"), root);
    await assertFolderCorpus(page);
    assert.deepEqual(errors, []);
    await context.close();
  } finally {
    fs.rmSync(path.dirname(root), { recursive: true, force: true });
  }
});

test("a folder dragged from the file manager onto the drop zone becomes the corpus", async () => {
  // A real drag of a directory: Chromium's input pipeline (CDP Input.dispatchDragEvent with
  // the folder's path) hands the page the same DataTransfer a person's drag does, whose item
  // is a directory entry the panel walks with readEntries.
  const root = spamAssassinFolder();
  try {
    const { page, context, errors } = await open(env.browser, env.server.url);
    const zone = page.locator(role("drop"));
    await zone.scrollIntoViewIfNeeded();
    const b = await zone.boundingBox();
    const at = { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    const cdp = await context.newCDPSession(page);
    const data = { items: [], files: [root], dragOperationsMask: 1 };
    for (const type of ["dragEnter", "dragOver", "drop"]) await cdp.send("Input.dispatchDragEvent", { type, ...at, data });
    await assertFolderCorpus(page);
    assert.equal(await page.isVisible(role("input-error")), false);
    assert.deepEqual(errors, []);
    await context.close();
  } finally {
    fs.rmSync(path.dirname(root), { recursive: true, force: true });
  }
});

/**
 * A .zip archive of `files` ({path: content}), each deflated (zlib), in the layout of the
 * format's specification (local headers, central directory, end record). `lie` makes the
 * central directory declare `lie` bytes for every entry's unpacked size (a zip bomb's trick).
 */
function makeZip(files, { lie = null } = {}) {
  const local = [];
  const central = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const raw = Buffer.from(content);
    const data = zlib.deflateRawSync(raw);
    const nameBytes = Buffer.from(name);
    const crc = zlib.crc32(raw);
    const size = lie ?? raw.length;
    const lh = Buffer.alloc(30);
    lh.writeUInt32LE(0x04034b50, 0); lh.writeUInt16LE(20, 4); lh.writeUInt16LE(0x800, 6); lh.writeUInt16LE(8, 8);
    lh.writeUInt32LE(crc, 14); lh.writeUInt32LE(data.length, 18); lh.writeUInt32LE(size, 22); lh.writeUInt16LE(nameBytes.length, 26);
    const ch = Buffer.alloc(46);
    ch.writeUInt32LE(0x02014b50, 0); ch.writeUInt16LE(20, 4); ch.writeUInt16LE(20, 6); ch.writeUInt16LE(0x800, 8); ch.writeUInt16LE(8, 10);
    ch.writeUInt32LE(crc, 16); ch.writeUInt32LE(data.length, 20); ch.writeUInt32LE(size, 24); ch.writeUInt16LE(nameBytes.length, 28);
    ch.writeUInt32LE(offset, 42);
    local.push(lh, nameBytes, data);
    central.push(ch, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  const n = Object.keys(files).length;
  end.writeUInt32LE(0x06054b50, 0); end.writeUInt16LE(n, 8); end.writeUInt16LE(n, 10);
  end.writeUInt32LE(cd.length, 12); end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, cd, end]);
}

test("a .zip of mail folders becomes the corpus; a zip bomb is stopped and the corpus kept", async () => {
  const { page, context, errors } = await open(env.browser, env.server.url);
  const zip = makeZip({
    "mail/ham/1.eml": example("en-ham"),
    "mail/ham/2.eml": example("zh-ham"),
    "mail/spam/3.eml": example("en-spam"),
    "mail/spam/4.eml": example("zh-spam"),
    "notes.txt": "not a message",
  });
  await page.setInputFiles(role("file"), { name: "mail.zip", mimeType: "application/zip", buffer: zip });
  await corpusNamed(page, "mail.zip");
  assert.match(await text(page, "corpus-info"), /4 messages.*2 ham.*2 spam/);
  assert.match(await text(page, "corpus-notes"), /notes\.txt: its class is unknown/);
  // A bomb: 20 MB of zeros that declares 1,000 bytes. Inflation stops past 1,000 bytes.
  const before = await text(page, "corpus-info");
  const bomb = makeZip({ "mail/spam/bomb.eml": Buffer.alloc(20_000_000), "mail/ham/x.eml": "From: a@b.example\n\nhi" }, { lie: 1000 });
  assert.ok(bomb.length < 100_000, `the bomb is ${bomb.length} bytes`);
  await page.setInputFiles(role("file"), { name: "bomb.zip", mimeType: "application/zip", buffer: bomb });
  await page.waitForSelector(`${role("input-error")}:not([hidden])`);
  assert.match(await text(page, "input-error"), /“mail\/spam\/bomb\.eml” in this \.zip archive unpacks to more than it declares.*The previous corpus is still in use\./);
  assert.equal(await text(page, "corpus-info"), before);
  // An archive that declares more than the cap is refused before anything is inflated.
  const huge = makeZip({ "mail/spam/a.eml": "x", "mail/ham/b.eml": "y" }, { lie: 40_000_000 });
  await page.setInputFiles(role("file"), { name: "huge.zip", mimeType: "application/zip", buffer: huge });
  await page.waitForFunction(() => document.querySelector('#nb-slot [data-role="input-error"]').textContent.includes("unpacks to more than 64 MB"));
  assert.equal(await text(page, "corpus-info"), before);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a PNG renamed .mbox gets a sentence next to the drop zone and the corpus stays", async () => {
  const { page, context, errors } = await open(env.browser, env.server.url);
  const before = await text(page, "corpus-info");
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
  await page.setInputFiles(role("file"), { name: "inbox.mbox", mimeType: "application/mbox", buffer: png });
  await page.waitForSelector(`${role("input-error")}:not([hidden])`);
  assert.match(await text(page, "input-error"), /The corpus was not loaded: The file is a PNG image, not a mailbox.*The previous corpus is still in use\./);
  // The message sits right under the file control, inside the drop zone.
  assert.equal(await page.evaluate(() => {
    const box = document.querySelector('#nb-slot [data-role="input-error"]');
    return box.previousElementSibling?.contains(document.querySelector('#nb-slot [data-role="file"]')) && box.closest('[data-role="drop"]') !== null;
  }), true);
  assert.equal(await text(page, "corpus-info"), before);
  assert.deepEqual(errors, []);
  await context.close();
});

test("one mailbox of everything: the class read from SpamAssassin's header line, or a header the lecturer names", async () => {
  // A mailbox file whose name says no class and whose messages carry no X-Label: only
  // SpamAssassin's status line (folded onto a second line, as SpamAssassin writes it) says
  // which are spam. 3 spam, 3 ham, written here.
  const msg = (i, spam) => `From filter Mon Mar  3 08:00:00 2025\nFrom: ${spam ? `shop${i}@deals.example` : "tutor@uni.example"}\n` +
    `Subject: ${spam ? "offer" : "week"} ${i}\nX-Spam-Status: ${spam ? "Yes" : "No"}, score=${spam ? 9 : -1}.${i} required=5.0\n\ttests=NONE\n` +
    `X-Course-Class: ${spam ? "junk" : "keep"}\n\n${spam ? `Win cash now, offer ${i}, free prize.` : `The notes for week ${i} are online.`}\n`;
  const mbox = [0, 1, 2].flatMap((i) => [msg(i, true), msg(i, false)]).join("\n");
  const file = { name: "inbox.mbox", mimeType: "application/mbox", buffer: Buffer.from(mbox) };
  const { page, context, errors } = await open(env.browser, env.server.url);
  const before = await text(page, "corpus-info");
  // The default rule (folder or file name, X-Label): no message has a class; refused, kept.
  await page.setInputFiles(role("file"), file);
  await page.waitForSelector(`${role("input-error")}:not([hidden])`);
  assert.match(await text(page, "input-error"), /class is unknown/);
  assert.equal(await text(page, "corpus-info"), before);
  // SpamAssassin's line.
  await page.selectOption(role("label-rule"), "spamassassin");
  assert.equal(await page.isVisible(role("label-field")), false);
  await page.setInputFiles(role("file"), file);
  await corpusNamed(page, "inbox.mbox");
  assert.match(await text(page, "corpus-info"), /6 messages.*3 ham.*3 spam/);
  // Another header line, named by the lecturer: without a name, a sentence next to the name.
  await page.click(role("reset"));
  await page.selectOption(role("label-rule"), "field");
  assert.equal(await page.isVisible(role("label-field")), true);
  await page.setInputFiles(role("file"), file);
  await page.waitForSelector(`${role("input-error")}:not([hidden])`);
  assert.match(await text(page, "input-error"), /Name the header line that gives the class/);
  assert.equal(await page.getAttribute(role("label-field"), "aria-invalid"), "true");
  assert.equal(await page.$eval(role("input-error"), (box) => box.previousElementSibling?.contains(box.closest("[data-control]").querySelector('[data-role="label-field"]')) ?? false), true);
  assert.equal(await text(page, "corpus-info"), before);
  await page.fill(role("label-field"), "X-Course-Class");
  await page.fill(role("label-spam"), "junk");
  await page.setInputFiles(role("file"), file);
  await corpusNamed(page, "inbox.mbox");
  assert.match(await text(page, "corpus-info"), /6 messages.*3 ham.*3 spam/);
  assert.equal(await page.isVisible(role("input-error")), false);
  assert.deepEqual(errors, []);
  await context.close();
});

test("in Chinese the email block and the mailbox messages are Chinese", async () => {
  const { page, context, errors } = await open(env.browser, `${env.server.url}?lang=zh-CN`);
  await page.click('#nb-slot [data-email="zh-ham"]');
  await page.waitForSelector(`${role("email")}:not([hidden])`);
  assert.match(await page.textContent(`${role("email")} .email-title`), /已按邮件读取/);
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
  await page.setInputFiles(role("file"), { name: "inbox.mbox", mimeType: "application/mbox", buffer: png });
  await page.waitForSelector(`${role("input-error")}:not([hidden])`);
  assert.match(await text(page, "input-error"), /PNG 图像，不是邮箱/);
  // The class rule and its sentence about a header name no header can have.
  assert.match(await page.textContent(`#nb-slot label[for$="-label-rule"]`), /每封邮件的类别取自/);
  await page.selectOption(role("label-rule"), "field");
  await page.fill(role("label-field"), "X Spam");
  await page.fill(role("label-spam"), "yes");
  await page.setInputFiles(role("file"), { name: "inbox.mbox", mimeType: "application/mbox", buffer: Buffer.from(smallMbox()) });
  await page.waitForFunction(() => /不能作为邮件头名称/.test(document.querySelector('#nb-slot [data-role="input-error"]').textContent));
  assert.deepEqual(errors, []);
  await context.close();
});
