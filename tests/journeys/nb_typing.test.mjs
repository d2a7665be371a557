// Journeys in every engine: typing a message into the naive Bayes panel changes its ledger,
// α = 0 shows the veto in words, and the link then reproduces what the panel shows.
import { test } from "node:test";
import assert from "node:assert/strict";
import { forEachEngine, openPage, assertNoPageErrors, assertNoGarbage, textOf } from "./lib.mjs";

const ENTER = "\uE007";
const BACKSPACE = "\uE003";

/** The ledger's rows as [class, term, value], and the verdict. */
const ledger = (s) => s.execute(() => ({
  verdict: document.querySelector('#nb-slot [data-role="verdict"]').textContent,
  rows: [...document.querySelectorAll('#nb-slot [data-role="ledger"] li')].map((li) => [
    li.className, li.querySelector(".term-name")?.firstChild?.textContent ?? "", li.querySelector(".term-value")?.textContent ?? ""]),
}));

forEachEngine((c) => {
  test("typing a message changes the ledger; α = 0 shows the veto; the link reproduces it", async () => {
    const s = c.session;
    await openPage(s, c.server.url);
    const box = '#nb-slot [data-role="text"]';
    const first = await ledger(s);
    await s.clear(box);
    await s.type(box, "Congratulations you WIN a free cash prize, claim now");
    await s.waitFor("the ledger to list the typed words", () => {
      const words = [...document.querySelectorAll('#nb-slot [data-role="ledger"] li.word .term-name')].map((n) => n.firstChild.textContent);
      return words.includes("prize") && words.includes("claim");
    });
    const spam = await ledger(s);
    assert.notDeepEqual(spam.rows, first.rows);
    assert.match(spam.verdict, /^Spam/);

    await s.clear(box);
    await s.type(box, "See you at the library after the lecture tomorrow");
    await s.waitFor("a ham verdict", () => /^Ham/.test(document.querySelector('#nb-slot [data-role="verdict"]').textContent));
    const words = (await ledger(s)).rows.filter(([cls]) => cls.includes("word")).map(([, w]) => w);
    assert.ok(words.includes("library") && !words.includes("prize"), words.join(","));

    // α = 0: a spam example whose words never occur in ham (as tests/e2e/nb.test.mjs).
    await s.click('[data-example="en-spam"]');
    // As a user edits the exact-value box: erase what it holds, type 0, press Enter. (WebDriver's
    // "clear" would commit an empty box, which the page answers by putting the old α back.)
    const held = await s.execute(() => document.querySelector('#nb-slot [data-role="alpha"]').value);
    await s.type('#nb-slot [data-role="alpha"]', `${BACKSPACE.repeat(held.length)}0${ENTER}`);
    await s.waitFor("the veto's sentences", () => !document.querySelector('#nb-slot [data-role="sentences"]').hidden);
    assert.match(await textOf(s, '#nb-slot [data-role="sentences"]'), /never appears in ham training messages/);
    const vetoed = await ledger(s);
    assert.match(vetoed.verdict, /ham ruled out/);
    assert.ok(vetoed.rows.some(([, , v]) => v === "+\u221e"), JSON.stringify(vetoed.rows));
    // The slider sits at its far left, which is exactly 0.
    assert.equal(await s.execute(() => document.querySelector('#nb-slot [data-role="alpha-slider"]').value), "0");
    await assertNoGarbage(s);
    await assertNoPageErrors(s);

    await s.waitFor("the link to carry α = 0", () => new URLSearchParams(location.search).get("a") === "0");
    const message = await s.execute(() => document.querySelector('#nb-slot [data-role="text"]').value);
    const link = await s.currentUrl();
    await s.navigate("about:blank");
    await openPage(s, link);
    assert.deepEqual(await ledger(s), vetoed);
    assert.equal(await s.execute(() => document.querySelector('#nb-slot [data-role="text"]').value), message);
    assert.equal(await s.execute(() => window.genlab.nb.panel.alpha()), 0);
    await assertNoPageErrors(s);
  });
});
