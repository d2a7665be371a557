// The email figures of scripts/bench.sh, in the real page (index.html) in headless Chromium:
//
// - mailbox: the SpamAssassin public corpus as one .mbox (www/bench-data/spamassassin.mbox,
//   tools/bench/prepare_email.py) handed to the spam panel as a dropped file is
//   (controller.loadMbox: read in chunks with the progress bar, parsed, de-duplicated,
//   split, trained on), then the panel's next frame (held-out evaluation, metrics-versus-α
//   curve, ledger) drawn; timed from the hand-over to the end of that frame, a fresh page
//   each run. Long tasks (≥ 50 ms, the Long Tasks API) during the run are counted with the
//   longest one's duration; none means every task was under 50 ms.
// - html_100k: a pasted 100 KB HTML email (www/bench-data/email-html-100k.eml) scored:
//   controller.panel.explain(raw) (parse, decode, HTML to text, tokens, ledger, to JS),
//   and the real page's keystroke path (the box's input event to the next frame drawn).
//
//   node tools/bench/email.mjs [--www www] [--runs 5]     (prints the JSON)
// scripts/bench.sh calls emailBench() from run.mjs.

import path from "node:path";
import { fileURLToPath } from "node:url";
import { launchChromium, serve } from "./browser.mjs";

const stats = (ms) => {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
  return { n: s.length, median: at(0.5), p95: at(0.95), min: s[0], max: s[s.length - 1] };
};

/** One mailbox run in a fresh page. */
async function mailboxRun(browser, base) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(base);
    await page.waitForSelector("html[data-ready=true]", { state: "attached", timeout: 60_000 });
    return await page.evaluate(async () => {
      const blob = await (await fetch("bench-data/spamassassin.mbox")).blob();
      const file = new File([blob], "spamassassin.mbox", { type: "application/mbox" });
      const nb = window.genlab.nb;
      // Let the page settle after the fetch before the clock starts.
      await new Promise((r) => setTimeout(r, 200));
      const long = [];
      const observer = new PerformanceObserver((list) => { for (const e of list.getEntries()) long.push(e.duration); });
      observer.observe({ type: "longtask" });
      const start = performance.now();
      await nb.loadMbox(file);
      // The panel redraws in the next animation frame (evaluation, curve, ledger): its end.
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      const ms = performance.now() - start;
      await new Promise((r) => setTimeout(r, 100));
      observer.disconnect();
      const c = nb.panel.corpus();
      const m = nb.panel.evaluate().current;
      const error = document.querySelector('#nb-slot [data-role="input-error"]');
      return {
        ms, long_tasks: long.length, longest_task: long.length ? Math.max(...long) : 0,
        messages: c.messages, skipped: c.bad_lines, accuracy: m.accuracy, precision: m.precision, recall: m.recall, f1: m.f1,
        error: error && !error.hidden ? error.textContent : null,
        memory_mib: performance.memory ? performance.memory.usedJSHeapSize / 2 ** 20 : null,
      };
    });
  } finally {
    await context.close();
  }
}

/** The 100 KB HTML email scored, `samples` times after a warm-up. */
async function htmlRun(browser, base, samples = 30) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(base);
    await page.waitForSelector("html[data-ready=true]", { state: "attached", timeout: 60_000 });
    return await page.evaluate(async (samples) => {
      const raw = await (await fetch("bench-data/email-html-100k.eml")).text();
      const nb = window.genlab.nb;
      const explain = [];
      for (let i = 0; i < samples + 3; i++) {
        const t = performance.now();
        const l = nb.panel.explain(raw);
        if (i >= 3) explain.push(performance.now() - t);
        if (!l.email) throw new Error("the 100 KB email was not read as an email");
      }
      // The page's path: a new text in the box, its input event, the next frame drawn.
      const box = document.querySelector('#nb-slot [data-role="text"]');
      const typed = [];
      for (let i = 0; i < samples + 3; i++) {
        const text = `${raw}\nword${i}`;
        const t = performance.now();
        box.value = text;
        box.dispatchEvent(new Event("input", { bubbles: true }));
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        if (i >= 3) typed.push(performance.now() - t);
      }
      const body = document.querySelector('#nb-slot [data-role="email-body"]').textContent;
      return { bytes: raw.length, explain, typed, body_chars: body.length, debris: ["=3D", "<html", "&nbsp;"].filter((d) => body.includes(d)) };
    }, samples);
  } finally {
    await context.close();
  }
}

/** Every email figure, in `browser` against the site at `base`. */
export async function emailBench(browser, base, { runs = 5 } = {}) {
  const mailbox = [];
  for (let i = 0; i < runs; i++) mailbox.push(await mailboxRun(browser, base));
  const html = await htmlRun(browser, base);
  return {
    mailbox: { ...stats(mailbox.map((r) => r.ms)), runs: mailbox, longest_task: Math.max(...mailbox.map((r) => r.longest_task)), long_tasks: mailbox.reduce((n, r) => n + r.long_tasks, 0) },
    html_100k: { bytes: html.bytes, explain: stats(html.explain), typed: stats(html.typed), body_chars: html.body_chars, debris: html.debris },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opt = (name, dflt) => (args.includes(name) ? args[args.indexOf(name) + 1] : dflt);
  const here = path.dirname(fileURLToPath(import.meta.url));
  const www = path.resolve(here, "../..", opt("--www", "www"));
  const server = await serve(www);
  const browser = await launchChromium();
  try {
    console.log(JSON.stringify(await emailBench(browser, server.url, { runs: Number(opt("--runs", 5)) }), null, 1));
  } finally {
    await browser.close();
    await server.close();
  }
}
