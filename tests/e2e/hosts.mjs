// Hosts for the routes into a course: dist/ served as a static host that reads `_headers`
// serves it (Netlify, Cloudflare Pages), and a course site on another origin. Used by the
// e2e routes test and by the real course tools' tests (tests/notebooks/: a real MkDocs site).
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import path from "node:path";

/** `dir`/_headers (Netlify's and Cloudflare Pages' form) as [path pattern, {header: value}] rules. */
function headerRules(dir) {
  const rules = [];
  for (const line of readFileSync(path.join(dir, "_headers"), "utf8").split("\n")) {
    if (/^\S/.test(line)) rules.push([line.trim(), {}]);
    else if (line.trim()) {
      const [, name, value] = line.trim().match(/^([^:]+):\s*(.*)$/);
      rules.at(-1)[1][name.toLowerCase()] = value;
    }
  }
  return rules;
}

/** The headers the rules add to `pathname` (a pattern's `*` matches the rest of a path). */
const headersFor = (rules, pathname) => Object.assign({}, ...rules.filter(([p]) => (p.endsWith("*") ? pathname.startsWith(p.slice(0, -1)) : pathname === p)).map(([, h]) => h));

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css", ".wasm": "application/wasm", ".json": "application/json", ".svg": "image/svg+xml", ".png": "image/png", ".ico": "image/x-icon" };

/** Listens on a free port of 127.0.0.1. Resolves to { url, close }. */
async function listen(handler) {
  const server = createServer(handler);
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); }) };
}

/**
 * The folder `dir` (dist/) served as a host that reads its _headers serves it: each file with
 * its type, plus the headers _headers gives its path (a folder's index.html for a path ending
 * in /). Resolves to { url, close }.
 */
export function headersHost(dir) {
  const rules = headerRules(dir);
  return listen(async (req, res) => {
    let pathname = decodeURIComponent(new URL(req.url, "http://host").pathname);
    if (pathname.endsWith("/")) pathname += "index.html";
    const file = path.join(dir, pathname);
    try {
      if (!file.startsWith(dir + path.sep)) throw new Error(`outside ${dir}`);
      const body = await readFile(file);
      res.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream", ...headersFor(rules, pathname) });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
}

/** A server on another port that answers every path with `html`. Resolves to { url, close }. */
export function pageHost(html) {
  return listen((req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(html);
  });
}
