// The slow-network first load (issue #19 item 6): dist/ served by a local server that honours
// Accept-Encoding (the .br twin when the browser accepts br, else .gz, else the file), loaded
// cold in Debian's Chromium with Lighthouse's mobile throttling applied over CDP (latency
// 562.5 ms, 188,743 B/s down, 86,400 B/s up, CPU ×4), each load in a fresh context, in turn
// with the bare page of tools/bench/baseline/ measured the same way in the same run.
//
//   node tools/bench/slow.mjs [--dist dist] [--runs 8] [--out target/bench]   (the measurement)
//   node tools/bench/slow.mjs --serve ROOT                                    (the server alone)
//
// Figures per load: navigation start → the first animation frame after the first canvas
// drawing call (the first panel drawn, as in browser.mjs firstLoad), and the bytes that
// crossed the network before that frame: the sum of CDP Network.loadingFinished
// encodedDataLength (headers and brotli body as transferred) of every response finished by
// then, by file. Writes <out>/slow.json; run.mjs reads it into the benchmark table.

import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "../..");
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};

/** Lighthouse's mobile preset ("slow 4G"), as the CDP calls take it. */
export const THROTTLE = { latency: 562.5, downloadThroughput: 188_743, uploadThroughput: 86_400, cpu: 4 };
/** The bare page's path on the measuring server (tools/bench/baseline/ beside the site). */
const BASELINE = "/__baseline/";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".svg": "image/svg+xml",
};

/** Which twin to send for an Accept-Encoding header: br first, then gzip, as hosts do. */
function encodings(accept) {
  const names = String(accept || "").split(",").map((s) => s.split(";")[0].trim());
  return [names.includes("br") && ["br", ".br"], names.includes("gzip") && ["gzip", ".gz"]].filter(Boolean);
}

/** Serves `root` (and tools/bench/baseline/ under /__baseline/) with precompressed twins. */
async function serveEncoded(root) {
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url, "http://x");
      const inBaseline = url.pathname.startsWith(BASELINE);
      const base = inBaseline ? path.join(here, "baseline") : root;
      const rel = decodeURIComponent(inBaseline ? url.pathname.slice(BASELINE.length) : url.pathname);
      let file = path.join(base, rel);
      if (!file.startsWith(base)) throw new Error("outside");
      if ((await stat(file)).isDirectory()) file = path.join(file, "index.html");
      const headers = { "content-type": TYPES[path.extname(file)] || "application/octet-stream", "cache-control": "no-store", vary: "Accept-Encoding" };
      let body = null;
      for (const [name, ext] of encodings(req.headers["accept-encoding"])) {
        if (existsSync(file + ext)) {
          body = await readFile(file + ext);
          headers["content-encoding"] = name;
          break;
        }
      }
      body ??= await readFile(file);
      headers["content-length"] = body.length;
      res.writeHead(200, headers);
      res.end(body);
    } catch {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not found");
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${server.address().port}/`;
}

function stats(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
  return { n: s.length, median: at(0.5), p95: at(0.95), min: s[0], max: s[s.length - 1] };
}

/** One cold, throttled load of `url` in a fresh context, to its first panel frame. */
async function coldLoad(browser, url, waitReady) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
  try {
    await context.addInitScript(() => {
      const proto = CanvasRenderingContext2D.prototype;
      for (const name of ["fillRect", "fill", "stroke", "fillText", "drawImage", "putImageData"]) {
        const original = proto[name];
        proto[name] = function (...a) {
          if (window.__firstDraw === undefined) {
            window.__firstDraw = performance.now();
            requestAnimationFrame(() => { window.__firstPanelFrame = performance.now(); });
          }
          return original.apply(this, a);
        };
      }
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const requests = new Map();
    let navStart = null;
    cdp.on("Network.requestWillBeSent", (e) => {
      if (navStart === null && e.type === "Document") navStart = e.timestamp;
      requests.set(e.requestId, { url: e.request.url, sent: e.timestamp });
    });
    cdp.on("Network.responseReceived", (e) => {
      const r = requests.get(e.requestId);
      if (r) Object.assign(r, { encoding: e.response.headers["content-encoding"] || e.response.headers["Content-Encoding"] || "", response: e.timestamp });
    });
    cdp.on("Network.loadingFinished", (e) => {
      const r = requests.get(e.requestId);
      if (r) Object.assign(r, { done: e.timestamp, bytes: e.encodedDataLength });
    });
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: THROTTLE.latency, downloadThroughput: THROTTLE.downloadThroughput, uploadThroughput: THROTTLE.uploadThroughput });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLE.cpu });
    await page.goto(url, { timeout: 120_000 });
    await page.waitForFunction(() => window.__firstPanelFrame !== undefined, null, { timeout: 120_000, polling: 100 });
    const frame = await page.evaluate(() => window.__firstPanelFrame);
    // The page goes on to mount its other panels: wait for that (data-ready), to report what
    // comes after the first panel.
    if (waitReady) await page.waitForSelector("html[data-ready=true]", { state: "attached", timeout: 120_000 });
    const ready = waitReady ? await page.evaluate(() => performance.now()) : null;
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    const origin = new URL(url).origin;
    const files = [...requests.values()].filter((r) => r.bytes !== undefined).map((r) => ({
      file: r.url.startsWith(origin) ? new URL(r.url).pathname.replace(/^\/(assets-[0-9a-f]+\/)?/, "") || "index.html" : r.url,
      bytes: r.bytes,
      encoding: r.encoding,
      sent_ms: (r.sent - navStart) * 1000,
      response_ms: (r.response - navStart) * 1000,
      finished_ms: (r.done - navStart) * 1000,
      before_first_panel: (r.done - navStart) * 1000 <= frame,
    }));
    const before = files.filter((f) => f.before_first_panel);
    return { frame, ready, bytes: before.reduce((s, f) => s + f.bytes, 0), bytes_all: files.reduce((s, f) => s + f.bytes, 0), files };
  } finally {
    await context.close();
  }
}

/** The measurement: `runs` cold loads of dist/index.html and of the bare page, alternating. */
export async function slowLoad(browser, { dist = path.join(repo, "dist"), runs = 8 } = {}) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), "--serve", dist], { stdio: ["ignore", "pipe", "inherit"] });
  try {
    const base = await new Promise((resolve, reject) => {
      child.stdout.once("data", (d) => resolve(String(d).trim()));
      child.once("exit", (code) => reject(new Error(`the encoding server exited (${code})`)));
    });
    const page = [];
    const floor = [];
    // The machine is shared: its load average beside the figures (1-minute, at start and end).
    const load = [loadavg()[0]];
    for (let i = 0; i < runs; i++) {
      const order = i % 2 ? ["baseline", "page"] : ["page", "baseline"];
      for (const which of order) {
        const t = await coldLoad(browser, which === "page" ? base : `${base}${BASELINE.slice(1)}`, which === "page");
        (which === "page" ? page : floor).push(t);
      }
    }
    // The single file, which no server compresses for a lecturer's USB stick but a host would.
    const single = (ext) => { const f = path.join(dist, `genlab.html${ext}`); return existsSync(f) ? readFileSync(f).length : null; };
    const byFile = {};
    for (const t of page) for (const f of t.files.filter((x) => x.before_first_panel)) (byFile[f.file] ??= []).push(f.bytes);
    const later = {};
    for (const t of page) for (const f of t.files.filter((x) => !x.before_first_panel)) (later[f.file] ??= []).push(f.bytes);
    load.push(loadavg()[0]);
    return {
      throttle: THROTTLE,
      runs,
      load_average: load.map((x) => Number(x.toFixed(2))),
      drawn: stats(page.map((t) => t.frame)),
      bytes: stats(page.map((t) => t.bytes)),
      bytes_all: stats(page.map((t) => t.bytes_all)),
      baseline_drawn: stats(floor.map((t) => t.frame)),
      baseline_bytes: stats(floor.map((t) => t.bytes)),
      files_before: Object.fromEntries(Object.entries(byFile).map(([k, v]) => [k, { median: stats(v).median, loads: v.length }])),
      files_after: Object.fromEntries(Object.entries(later).map(([k, v]) => [k, { median: stats(v).median, loads: v.length }])),
      encodings: [...new Set(page.flatMap((t) => t.files.map((f) => f.encoding)))],
      single_file: { raw: single(""), br: single(".br"), gzip: single(".gz") },
      // Each load's last file before its first frame: when it was asked for and when it ended.
      loads: page.map((t) => {
        const last = t.files.filter((f) => f.before_first_panel).sort((a, b) => b.finished_ms - a.finished_ms)[0];
        return { frame: t.frame, bytes: t.bytes, last: last && { file: last.file, sent_ms: Math.round(last.sent_ms), finished_ms: Math.round(last.finished_ms) } };
      }),
      // One load's files in the order they finished: the first load's critical path.
      timeline: page[0].files.sort((a, b) => a.finished_ms - b.finished_ms).map((f) => ({ file: f.file, bytes: f.bytes, sent_ms: Math.round(f.sent_ms), response_ms: Math.round(f.response_ms), finished_ms: Math.round(f.finished_ms) })),
      first_frame_ms: Math.round(page[0].frame),
      baseline_loads: floor.map((t) => ({ frame: t.frame, bytes: t.bytes })),
    };
  } finally {
    child.kill();
  }
}

/** The table's rows (also printed by the standalone command). */
export function slowRows(S, { ms, kb }) {
  const files = Object.entries(S.files_before).sort((a, b) => b[1].median - a[1].median);
  return [
    ["Slow network: navigation → first panel drawn (dist/, brotli, Lighthouse mobile)", ms(S.drawn.median), ms(S.drawn.p95), "≤ 2.5 s", S.drawn.median <= 2500,
      `${S.drawn.n} cold loads; latency ${S.throttle.latency} ms, ${S.throttle.downloadThroughput} B/s down, ${S.throttle.uploadThroughput} B/s up, CPU ×${S.throttle.cpu}; ${(S.drawn.median / S.baseline_drawn.median).toFixed(2)}× the baseline below`],
    ["  bytes before the first panel (as transferred)", kb(S.bytes.median), kb(S.bytes.p95), "≤ 250 KB", S.bytes.median <= 250_000,
      `${files.map(([k, v]) => `${k} ${kb(v.median)}`).join(", ")}; every panel mounted: ${kb(S.bytes_all.median)}; encodings ${S.encodings.filter(Boolean).join("/") || "none"}`],
    ["  baseline: the bare page, same throttling", ms(S.baseline_drawn.median), ms(S.baseline_drawn.p95), "", "", `${kb(S.baseline_bytes.median)} transferred`],
    ["  the single file dist/genlab.html", S.single_file.raw ? kb(S.single_file.raw) : "–", "", "", "",
      S.single_file.raw ? `brotli ${kb(S.single_file.br)}, gzip ${kb(S.single_file.gzip)}` : "not built"],
  ];
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain && args.includes("--serve")) {
  process.stdout.write(`${await serveEncoded(path.resolve(opt("--serve")))}\n`);
} else if (isMain) {
  const { launchChromium } = await import("./browser.mjs");
  const browser = await launchChromium();
  try {
    const S = await slowLoad(browser, { dist: path.resolve(repo, opt("--dist", "dist")), runs: Number(opt("--runs", 8)) });
    const out = path.resolve(repo, opt("--out", "target/bench"));
    mkdirSync(out, { recursive: true });
    writeFileSync(path.join(out, "slow.json"), `${JSON.stringify(S, null, 1)}\n`);
    const ms = (v) => (v == null ? "–" : `${Math.round(v)} ms`);
    const kb = (v) => (v == null ? "–" : `${(v / 1000).toFixed(1)} KB`);
    const rows = slowRows(S, { ms, kb });
    for (const r of rows) console.log(`${r[0]}: ${r[1]} (p95 ${r[2]}) ${r[3]} ${r[4] === "" ? "" : r[4] ? "pass" : "FAIL"} — ${r[5]}`);
    const verdicts = rows.filter((r) => r[4] !== "");
    console.log(`load average (1 min) ${S.load_average.join(" → ")} on ${(await import("node:os")).availableParallelism()} cores`);
    console.log(`budgets: ${verdicts.every((r) => r[4]) ? "both met" : `${verdicts.filter((r) => !r[4]).length} of ${verdicts.length} missed`} (first panel ≤ 2.5 s, bytes before it ≤ 250 KB; medians of ${S.runs} cold loads)`);
    // A missed budget is the command's failure too (scripts/bench.sh reports it in the table).
    if (!verdicts.every((r) => r[4])) process.exitCode = 1;
  } finally {
    await browser.close();
  }
}
