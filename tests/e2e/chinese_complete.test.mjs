// In Chinese, no English is left on the page: every visible text node, aria-label, title,
// placeholder and option text of the whole page and of each embedded panel, in the default
// state and in others (α = 0, Bernoulli, QDA, preset data, the logistic overlay and heat
// map, pseudo-counts, the corpus editor and the CSV boxes open, an error shown), holds no
// Latin word outside a short, explicit allowlist.
//
// Before: the example buttons ("prize spam", "meeting", "parcel phishing"), the whole
// categorical worked example (attributes, values, class, "name", "判定：plays basketball =
// no"), "TN FP / FN TP" and the QDA conic's kind stayed English.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, open } from "./lib.mjs";

const env = setup();

// Latin words a Chinese page may show, and why:
const ALLOWED = new Set([
  // the product, file formats, units, encodings
  "genlab", "PNG", "CSV", "TAB", "UTF", "MB", "KB", "mm", "cm", "LMS", "SCORM",
  // email formats and charsets (.eml, .mbox, HTML email, GBK), and the header-token syntax
  // the ledger shows and a mailbox may use (subject:word, from-domain:…, X-Label: spam)
  "HTML", "GBK", "eml", "mbox", "zip", "subject", "from-domain", "Label",
  // the models' and metrics' usual abbreviations in Chinese texts, and formula words
  "GDA", "QDA", "LR", "F1", "log", "ln", "exp", "max",
  // the labels a corpus file must use (the format is ham/spam, a TAB, the text)
  "ham", "spam",
  // dataset credits: licences and authors' names (a credit names its source as published)
  "CC0", "CC", "BY", "Gorman", "Williams", "Fraser", "Horst", "Hill", "Palmer", "LTER",
  "Anderson", "Fisher", "UCI", "Iris", "Station", "Antarctica",
  "WDBC", "Street", "Wolberg", "Mangasarian", "Alpaydin", "Kaynak",
  // the learning curves' lesson cites its sources by their authors' names
  "Ng", "Jordan", "Efron",
  // header lines a mailbox carries, named as they are written, and their literal values
  // (the spam panel's choice of where a message's class comes from)
  "X-Label", "X-Spam-Status", "X-Gmail-Labels", "SpamAssassin", "Gmail", "Spam", "Yes", "No",
  // keyboard keys
  "Shift",
  // a keyword of the categorical table's CSV syntax: the "(values)" line
  "values",
]);

/** Every piece of text a reader meets under `root`, with where it is. */
function collect(rootSelector) {
  const root = document.querySelector(rootSelector) || document.body;
  // Text marked as another language (the button that switches to English) is that language's.
  const otherLanguage = (el) => {
    const l = el.closest("[lang]");
    return l && l !== document.documentElement && l.lang !== "zh-CN";
  };
  const out = [];
  const visible = (el) => {
    if (!el || el.closest("[hidden], [aria-hidden=true], [translate=no], textarea, script, style")) return false;
    if (otherLanguage(el)) return false;
    const s = getComputedStyle(el);
    // Screen-reader-only text (clipped to 1 px) is read aloud: it counts.
    return s.display !== "none" && s.visibility !== "hidden" && (el.getClientRects().length > 0 || el.closest(".sr-only"));
  };
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (n.textContent.trim() && visible(el) && !el.closest("math")) out.push([el.tagName.toLowerCase() + (el.className ? `.${String(el.className).split(" ")[0]}` : ""), n.textContent]);
  }
  for (const el of root.querySelectorAll("[aria-label], [title], [placeholder], option")) {
    if (el.closest("[translate=no]") || otherLanguage(el)) continue;
    if (el.tagName === "OPTION") {
      if (!el.closest("[hidden]")) out.push(["option", el.textContent]);
      continue;
    }
    for (const a of ["aria-label", "title", "placeholder"]) {
      const v = el.getAttribute(a);
      if (v && !el.closest("[hidden]")) out.push([`${el.tagName.toLowerCase()}[${a}]`, v]);
    }
  }
  for (const m of root.querySelectorAll("math mtext")) out.push(["mtext", m.textContent]);
  // The words the user typed (the message box) may be quoted back in a sentence: theirs.
  const typed = [...document.querySelectorAll("textarea")].map((t) => t.value).join(" ");
  return { texts: out, typed: typed.toLowerCase().match(/[a-z]+/g) || [] };
}

/** The Latin words of `texts` that are not allowed (a word: two or more Latin letters). */
function latinWords({ texts, typed }) {
  const bad = [];
  const user = new Set(typed);
  for (const [where, text] of texts) {
    // A word: Latin letters not glued to a subscript (λ_FP, N_c and p_cw are formula symbols).
    for (const w of text.match(/(?<![_A-Za-z0-9])[A-Za-z][A-Za-z0-9_]*(?:[-'][A-Za-z]+)*/g) || []) {
      if (w.length < 2 || w.includes("_") || /^[A-Za-z][0-9]*$/.test(w) || ALLOWED.has(w) || user.has(w.toLowerCase())) continue;
      bad.push(`${w}  ← ${where}: ${text.trim().slice(0, 120)}`);
    }
  }
  return bad;
}

// [name, query, action before collecting].
const STATES = [
  ["default", "", null],
  ["α = 0", "&a=0", null],
  ["Bernoulli, smoothed prior, costs, oversampling", "&ev=bernoulli&prior=smoothed&cost=10&rs=oversample_spam", null],
  ["QDA with the overlay and the heat map", "&cov=per-class&lr=1&heat=1&phi=0.3&l01=2", null],
  ["Gaussian naive Bayes", "&cov=diagonal-per-class", null],
  ["preset data", "&src=penguins-adelie-gentoo", null],
  ["iris", "&src=iris-versicolor-virginica&cov=per-class", null],
  ["categorical λ = 0, a class ruled out", "&cl=0", null],
  ["pseudo-counts, the editor and the CSV boxes open", "&bayes=1,2,1,1", async (page) => {
    await page.$$eval("details", (ds) => ds.forEach((d) => { d.open = true; }));
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  }],
  ["an error shown in each panel", "", async (page) => {
    for (const [sel, v] of [['#nb-slot [data-role="alpha"]', "20"], ['#gda-slot [data-role="loss01"]', "5000"], ['#cat-slot [data-role="lambda"]', "20"]]) {
      await page.fill(sel, v);
      await page.dispatchEvent(sel, "change");
    }
    await page.waitForFunction(() => [...document.querySelectorAll('[data-role="input-error"]')].filter((e) => !e.hidden).length === 3);
  }],
  ["learning curves on WDBC with λ = 0, finished, the numbers open", "&lcp=wdbc&lcl=0&lcn=20&lcs=6", async (page) => {
    if (!(await page.$(".genlab-curves"))) throw new Error("no learning-curves panel here");
    await page.locator(".genlab-curves").scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelector(".genlab-curves").dataset.run === "done", null, { timeout: 120000 });
    await page.$eval('.genlab-curves [data-role="numbers-box"]', (d) => { d.open = true; });
  }],
  ["learning curves on the spam panel's corpus, Bernoulli naive Bayes, finished, the numbers open", "&lcp=userbern&lcn=10&lcs=5", async (page) => {
    if (!(await page.$(".genlab-curves"))) throw new Error("no learning-curves panel here");
    if (!(await page.$("#nb-slot .genlab-nb"))) throw new Error("no spam panel here");
    await page.locator(".genlab-curves").scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelector(".genlab-curves").dataset.run === "done", null, { timeout: 120000 });
    await page.$eval('.genlab-curves [data-role="numbers-box"]', (d) => { d.open = true; });
  }],
  ["a link with English categorical values and points typed in", "&cq=no|blue|medium|yes", async (page) => {
    await page.$eval('#gda-slot [data-role="csv"]', (el) => { el.closest("details").open = true; });
    await page.fill('#gda-slot [data-role="csv"]', "1，2，0");
    await page.click('#gda-slot [data-role="csv-apply"]');
    await page.waitForSelector('#gda-slot [data-role="input-error"]:not([hidden])');
  }],
];

for (const target of ["", "&embed=gda", "&embed=nb", "&embed=cat", "&embed=curves"]) {
  test(`zh-CN shows no English word${target ? ` (${target.slice(1)})` : " (whole page)"}`, async () => {
    const { page, context, errors } = await open(env.browser, `${env.server.url}?lang=zh-CN${target}`);
    try {
      const found = [];
      for (const [name, query, action] of STATES) {
        if (target && query.includes("cq=") && target !== "&embed=cat") continue;
        await page.goto(`${env.server.url}?lang=zh-CN${target}${query}`);
        await page.waitForSelector("html[data-ready=true]");
        if (action) {
          try {
            await action(page);
          } catch {
            continue; // a control of another panel (an embed shows one)
          }
        }
        for (const w of latinWords(await page.evaluate(collect, "body"))) found.push(`[${name}] ${w}`);
      }
      assert.deepEqual([...new Set(found)], [], `English words on the Chinese page:\n${[...new Set(found)].join("\n")}`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

test("a categorical link written in English shows the same person in Chinese, and links stay in English values", async () => {
  const { page, context, errors } = await open(env.browser, `${env.server.url}?lang=zh-CN&cq=no|blue|medium|yes`);
  try {
    const query = await page.$$eval('#cat-slot [data-role="query"] select', (ss) => ss.map((s) => s.value));
    assert.deepEqual(query, ["否", "蓝", "中", "是"]);
    // The verdict line names the class column in Chinese.
    assert.match(await page.textContent('#cat-slot [data-role="verdict"]'), /^判定：打篮球 = /);
    // Switching the language keeps the person and the link (its values are the English ones).
    await page.click("#lang");
    await page.waitForFunction(() => document.documentElement.lang === "en");
    assert.deepEqual(await page.$$eval('#cat-slot [data-role="query"] select', (ss) => ss.map((s) => s.value)), ["no", "blue", "medium", "yes"]);
    assert.match(page.url(), /cq=no%7Cblue%7Cmedium%7Cyes/);
    await page.click("#lang");
    await page.waitForFunction(() => document.documentElement.lang === "zh-CN");
    await page.selectOption('#cat-slot [data-role="query"] select >> nth=1', "绿");
    await page.waitForFunction(() => /cq=no%7Cgreen%7Cmedium%7Cyes/.test(location.search));
    // The default query writes no cq in either language.
    await page.goto(`${env.server.url}?lang=zh-CN`);
    await page.waitForSelector("html[data-ready=true]");
    assert.deepEqual(await page.evaluate(() => window.genlab_panels.cat.getState().query), ["yes", "green", "short", "no"]);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
