// The journeys' static server for www/: the same files, types and caching headers as the
// README's `python3 -m http.server` (Last-Modified, no Cache-Control), plus what the tests
// need and a browser over classic WebDriver cannot give them:
// - a count of the requests for each path (how many times a first load fetches the .wasm);
// - the page recorder (tests/journeys/page-recorder.js), added to each HTML page as the
//   first script after the CSP, from this origin: it keeps the page's errors and its
//   downloads where the tests can read them (no console events over classic WebDriver),
//   and /__journeys/probe.js, page code that makes one error of each kind for it to hear;
// - /__journeys/frame.html?src=…&width=…&height=…: a page holding the app in an iframe of
//   that size (MiniBrowser's window cannot be narrower than ~447 px; a phone is 360).

import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { freePort } from "./webdriver.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
export const repo = path.resolve(here, "../..");
const www = path.join(repo, "www");

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".txt": "text/plain; charset=utf-8",
};

const RECORDER = "/__journeys/recorder.js";
// Page code that makes one error of each kind, to show the recorder hears them.
const PROBE = "/__journeys/probe.js";

/** Adds the recorder to an HTML page, right after its CSP (so the CSP applies to it too). */
function withRecorder(html) {
  const tag = `<script src="${RECORDER}"></script>`;
  const csp = html.match(/<meta http-equiv="Content-Security-Policy"[^>]*>/);
  if (csp) return html.replace(csp[0], `${csp[0]}\n${tag}`);
  return html.replace(/<head>/i, `<head>\n${tag}`);
}

/** The iframe page: the app at `src` (a same-origin path) in a frame of width × height. */
function framePage(query) {
  const src = query.get("src") || "/";
  const width = Math.round(Number(query.get("width")) || 360);
  const height = Math.round(Number(query.get("height")) || 740);
  if (!src.startsWith("/") || src.startsWith("//")) throw new Error("src must be a path");
  // Attributes only (no style attribute, no script): the frame is the phone's screen.
  const esc = (s) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  return `<!doctype html><html><head><meta charset="utf-8"><title>frame</title></head>` +
    `<body><iframe id="app" src="${esc(src)}" width="${width}" height="${height}" frameborder="0" title="genlab"></iframe></body></html>`;
}

/**
 * Starts the server for `root` (www/ unless given: dist/ for the release bundle's journeys);
 * resolves to { url, count(path), counts(), reset(), setType(ext, type), close() }.
 */
export async function serve({ root = www } = {}) {
  const counts = new Map();
  const types = { ...TYPES };
  const server = createServer(async (req, res) => {
    const u = new URL(req.url, "http://localhost");
    counts.set(u.pathname, (counts.get(u.pathname) || 0) + 1);
    try {
      if (u.pathname === RECORDER || u.pathname === PROBE) {
        const body = await readFile(path.join(here, u.pathname === RECORDER ? "page-recorder.js" : "page-probe.js"));
        res.writeHead(200, { "content-type": TYPES[".js"], "content-length": body.length });
        res.end(req.method === "HEAD" ? undefined : body);
        return;
      }
      if (u.pathname === "/__journeys/frame.html") {
        const body = Buffer.from(framePage(u.searchParams));
        res.writeHead(200, { "content-type": TYPES[".html"], "content-length": body.length });
        res.end(req.method === "HEAD" ? undefined : body);
        return;
      }
      let file = path.join(root, decodeURIComponent(u.pathname));
      if (!file.startsWith(root + path.sep) && file !== root) throw Object.assign(new Error("outside the served folder"), { status: 403 });
      let info = await stat(file);
      if (info.isDirectory()) {
        file = path.join(file, "index.html");
        info = await stat(file);
      }
      const type = types[path.extname(file)] || "application/octet-stream";
      const modified = new Date(Math.floor(info.mtimeMs / 1000) * 1000);
      const since = req.headers["if-modified-since"];
      if (since && new Date(since) >= modified) {
        res.writeHead(304, { "last-modified": modified.toUTCString() });
        res.end();
        return;
      }
      let body = await readFile(file);
      if (path.extname(file) === ".html") body = Buffer.from(withRecorder(body.toString("utf8")));
      res.writeHead(200, { "content-type": type, "content-length": body.length, "last-modified": modified.toUTCString() });
      res.end(req.method === "HEAD" ? undefined : body);
    } catch (e) {
      const status = e.status || (e.code === "ENOENT" ? 404 : 500);
      res.writeHead(status, { "content-type": TYPES[".txt"] });
      res.end(`${status}`);
    }
  });
  const port = await freePort();
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    /** How many requests for `pathname` arrived since the last reset. */
    count: (pathname) => counts.get(pathname) || 0,
    /** Every path asked for since the last reset, with its count. */
    counts: () => Object.fromEntries(counts),
    reset: () => counts.clear(),
    /** Serves files ending in `ext` (".wasm") as `type` from now on (null: the usual type again). */
    setType: (ext, type) => { types[ext] = type ?? TYPES[ext]; },
    close: () => new Promise((resolve) => {
      server.closeAllConnections?.();
      server.close(() => resolve());
    }),
  };
}
