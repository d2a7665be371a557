// A small W3C WebDriver client (classic, over HTTP with fetch) and the three drivers it
// starts: chromedriver (Debian's Chromium), geckodriver (Firefox ESR) and WebKitGTK's
// WebKitWebDriver (MiniBrowser, under an Xvfb display of our own). Playwright cannot drive
// Debian's WebKit; classic WebDriver drives all three engines the same way.
//
// Every process started here is started in its own process group and killed by that id
// when it is stopped, on failure too (and on exit, should a test crash before its `after`).

import { spawn } from "node:child_process";
import { createServer } from "node:net";

export const ENGINES = ["chromium", "firefox", "webkit"];

/** The engines to run: GENLAB_ENGINES=chromium,firefox,webkit (the default: all three). */
export function enginesFromEnv() {
  const raw = process.env.GENLAB_ENGINES?.trim();
  if (!raw) return ENGINES;
  const list = raw.split(",").map((s) => s.trim()).filter(Boolean);
  const bad = list.filter((e) => !ENGINES.includes(e));
  if (bad.length) throw new Error(`GENLAB_ENGINES: unknown engine ${bad.join(", ")} (use ${ENGINES.join(", ")})`);
  return list;
}

// Ports: GENLAB_JOURNEY_PORTS=first-last (default 19200-19299), so that parallel runs of
// other suites on the same machine do not collide with ours.
const [PORT_LO, PORT_HI] = (process.env.GENLAB_JOURNEY_PORTS || "19200-19299").split("-").map(Number);
let nextPort = PORT_LO + (process.pid % (PORT_HI - PORT_LO + 1));

/** Whether `port` can be listened on at 127.0.0.1 now. */
function portFree(port) {
  return new Promise((resolve) => {
    const s = createServer();
    s.once("error", () => resolve(false));
    s.listen(port, "127.0.0.1", () => s.close(() => resolve(true)));
  });
}

/** A free port in the range (each call moves on, so two calls never return the same one). */
export async function freePort() {
  for (let i = 0; i <= PORT_HI - PORT_LO; i++) {
    const port = nextPort;
    nextPort = nextPort >= PORT_HI ? PORT_LO : nextPort + 1;
    if (await portFree(port)) return port;
  }
  throw new Error(`no free port in ${PORT_LO}-${PORT_HI}`);
}

const live = new Set();
process.on("exit", () => {
  for (const pid of live) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
});

/** Starts `cmd` in a process group of its own; returns the child (its pid is the group's id). */
function startGroup(cmd, args, opts = {}) {
  const child = spawn(cmd, args, { detached: true, stdio: ["ignore", "ignore", "pipe"], ...opts });
  live.add(child.pid);
  let stderr = "";
  child.stderr?.on("data", (d) => { stderr = (stderr + d).slice(-4000); });
  child.stderrTail = () => stderr;
  child.exited = new Promise((resolve) => child.once("exit", (code, signal) => { live.delete(child.pid); resolve({ code, signal }); }));
  return child;
}

/** Ends a process group started here: TERM, then KILL if it has not gone within 5 s. */
async function stopGroup(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // gone
    }
  }, 5000);
  await child.exited;
  clearTimeout(timer);
  // The group may outlive its leader (a browser the driver started): end the rest too.
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    // nothing left
  }
}

/** Starts Xvfb on a display it picks itself (-displayfd); resolves to { child, display }. */
async function startXvfb() {
  const child = spawn("Xvfb", ["-displayfd", "3", "-screen", "0", "1920x1200x24", "-nolisten", "tcp"], {
    detached: true,
    stdio: ["ignore", "ignore", "pipe", "pipe"],
  });
  live.add(child.pid);
  child.exited = new Promise((resolve) => child.once("exit", (code, signal) => { live.delete(child.pid); resolve({ code, signal }); }));
  let errText = "";
  child.stderr.on("data", (d) => { errText = (errText + d).slice(-2000); });
  const display = await new Promise((resolve, reject) => {
    let out = "";
    child.stdio[3].on("data", (d) => {
      out += d;
      if (out.includes("\n")) resolve(`:${out.trim()}`);
    });
    child.once("exit", () => reject(new Error(`Xvfb exited before it was ready: ${errText}`)));
  });
  return { child, display };
}

const WEBKIT_ENV = {
  WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS: "1",
  WEBKIT_DISABLE_DMABUF_RENDERER: "1",
  LIBGL_ALWAYS_SOFTWARE: "1",
  // JavaScriptCore 2.50.6's baseline wasm tier (BBQ) now and then leaves the page's main
  // thread spinning in JIT code after a page load: 3 hung pages in about 2,100 reopened
  // links with the defaults, none in about 2,200 with BBQ off (tests/webkit_reproducer/
  // README.md, "A hung page"). A hung page fails a journey with a timeout (and, we think,
  // was behind the "Could not parse script result" once seen from WebKitWebDriver), so the
  // journeys run with BBQ off; JSC_useBBQJIT=true in the environment puts the default back.
  JSC_useBBQJIT: "false",
};

const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/**
 * Starts the driver of `engine` and waits until its /status says ready. `dpr` 2 makes the
 * page's device pixel ratio 2 (Chromium's scale factor flag; GDK_SCALE for WebKitGTK).
 * Returns { engine, url, capabilities, stop() }.
 */
export async function startDriver(engine, { dpr = 1 } = {}) {
  const port = await freePort();
  let child;
  let xvfb = null;
  let capabilities;
  if (engine === "chromium") {
    child = startGroup(process.env.CHROMEDRIVER || "/usr/bin/chromedriver", [`--port=${port}`]);
    const args = [...CHROMIUM_ARGS];
    if (dpr !== 1) args.push(`--force-device-scale-factor=${dpr}`);
    capabilities = { browserName: "chrome", "goog:chromeOptions": { binary: process.env.CHROMIUM || "/usr/bin/chromium", args } };
  } else if (engine === "firefox") {
    const ws = await freePort();
    child = startGroup(process.env.GECKODRIVER || "geckodriver", ["--port", String(port), "--websocket-port", String(ws)]);
    const prefs = dpr !== 1 ? { "layout.css.devPixelsPerPx": String(dpr) } : {};
    capabilities = { browserName: "firefox", "moz:firefoxOptions": { args: ["-headless"], prefs } };
  } else if (engine === "webkit") {
    xvfb = await startXvfb();
    const env = { ...WEBKIT_ENV, ...process.env, DISPLAY: xvfb.display };
    if (dpr !== 1) env.GDK_SCALE = String(dpr);
    child = startGroup(process.env.WEBKITWEBDRIVER || "/usr/bin/WebKitWebDriver", [`--port=${port}`], { env });
    capabilities = {};
  } else {
    throw new Error(`unknown engine ${engine}`);
  }
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopGroup(child);
    if (xvfb) await stopGroup(xvfb.child);
  };
  try {
    const deadline = Date.now() + 30000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${engine} driver exited: ${child.stderrTail()}`);
      try {
        const r = await fetch(`${url}/status`);
        const body = await r.json();
        if (body.value?.ready) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`${engine} driver not ready after 30 s: ${child.stderrTail()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } catch (e) {
    await stop();
    throw e;
  }
  return { engine, url, capabilities, stop };
}

const ELEMENT = "element-6066-11e4-a52e-4f735466cecf";
const COMMAND_TIMEOUT = 120_000;

/** A WebDriver error with the command that failed. */
class WebDriverError extends Error {}

/** One browser session on a started driver. */
export class Session {
  constructor(driver, id) {
    this.driver = driver;
    this.engine = driver.engine;
    this.id = id;
  }

  /** Opens a session (a fresh profile: no cache, no storage) with a window of width × height. */
  static async open(driver, { width = 1280, height = 800 } = {}) {
    const value = await command(driver.url, "POST", "/session", {
      capabilities: { alwaysMatch: driver.capabilities },
    });
    const s = new Session(driver, value.sessionId);
    try {
      await s.cmd("POST", "/timeouts", { script: 60000, pageLoad: 60000, implicit: 0 });
      await s.setViewport(width, height);
    } catch (e) {
      await s.close();
      throw e;
    }
    return s;
  }

  /** Sends a command of this session. */
  cmd(method, path, body) {
    return command(this.driver.url, method, `/session/${this.id}${path}`, body);
  }

  /** Sizes the window so that the page's viewport is width × height CSS pixels (as near as the engine allows). */
  async setViewport(width, height) {
    await this.cmd("POST", "/window/rect", { width, height });
    const inner = await this.execute(() => [innerWidth, innerHeight]);
    if (inner[0] === width && inner[1] === height) return;
    // Window chrome (MiniBrowser's toolbar, a scroll bar) takes part of the window: add it back.
    const rect = await this.cmd("GET", "/window/rect");
    await this.cmd("POST", "/window/rect", { width: rect.width + width - inner[0], height: rect.height + height - inner[1] });
  }

  /** Loads `url` and waits for its load event (the driver's page-load strategy "normal"). */
  navigate(url) {
    return this.cmd("POST", "/url", { url });
  }

  /** The current URL. */
  currentUrl() {
    return this.cmd("GET", "/url");
  }

  /**
   * Runs `fn(...args)` in the page and returns its (JSON) value; a promise it returns is
   * awaited. The function's source is sent, so it sees only its arguments.
   */
  async execute(fn, ...args) {
    const script = `const done = arguments[arguments.length - 1];
      Promise.resolve().then(() => (${fn}).apply(null, Array.prototype.slice.call(arguments, 0, -1)))
        .then((value) => done({ value: value === undefined ? null : value }), (e) => done({ thrown: String(e && e.stack || e) }));`;
    const out = await this.cmd("POST", "/execute/async", { script, args });
    if (out && "thrown" in out) throw new Error(`in the page (${this.engine}): ${out.thrown}`);
    return out?.value;
  }

  /**
   * Waits in the page until `fn(...args)` returns a truthy value (checked at once, on every
   * DOM change and on each animation frame, with a 100 ms timer for changes nothing
   * announces) and returns it; fails after `timeout` ms with `what`.
   */
  async waitFor(what, fn, args = [], timeout = 30000) {
    const waiter = (src, argv, limit) => new Promise((resolve) => {
      const started = performance.now();
      let observer = null;
      let timer = 0;
      let frame = 0;
      const finish = (v) => {
        observer?.disconnect();
        clearInterval(timer);
        cancelAnimationFrame(frame);
        resolve(v);
      };
      const check = () => {
        let v;
        try {
          v = src(...argv);
        } catch (e) {
          v = false;
          void e;
        }
        if (v) finish({ ok: true, value: v });
        else if (performance.now() - started > limit) finish({ ok: false });
        else return false;
        return true;
      };
      if (check()) return;
      observer = new MutationObserver(check);
      observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      timer = setInterval(check, 100);
      const onFrame = () => {
        if (!check()) frame = requestAnimationFrame(onFrame);
      };
      frame = requestAnimationFrame(onFrame);
    });
    // The predicate is spliced in as source: the page's CSP forbids eval, a driver's script is exempt.
    const script = `const done = arguments[arguments.length - 1];
      (${waiter})(${fn}, arguments[0], arguments[1]).then(done, (e) => done({ ok: false, thrown: String(e) }));`;
    const out = await this.cmd("POST", "/execute/async", { script, args: [args, timeout] });
    if (!out?.ok) throw new Error(`${this.engine}: timed out after ${timeout} ms waiting for ${what}${out?.thrown ? `: ${out.thrown}` : ""}`);
    return out.value;
  }

  /** The element matching a CSS selector (a reference for the commands below). */
  async find(css) {
    const el = await this.cmd("POST", "/element", { using: "css selector", value: css });
    return el[ELEMENT];
  }

  /** Clicks an element as a user would (scrolled into view, at its centre). */
  async click(css) {
    const id = await this.find(css);
    await this.cmd("POST", `/element/${id}/click`, {});
  }

  /** Empties a text field. */
  async clear(css) {
    const id = await this.find(css);
    await this.cmd("POST", `/element/${id}/clear`, {});
  }

  /** Types `text` into an element, key by key (Keys.ENTER is "\uE007"). */
  async type(css, text) {
    const id = await this.find(css);
    await this.cmd("POST", `/element/${id}/value`, { text });
  }

  /** Performs W3C input actions (then releases every key and button, unless `release` is
   * false: a drag may then go on in the next call). */
  async actions(sources, { release = true } = {}) {
    await this.cmd("POST", "/actions", { actions: sources });
    if (release) await this.cmd("DELETE", "/actions");
  }

  /** A screenshot of the viewport, as PNG bytes. */
  async screenshot() {
    return Buffer.from(await this.cmd("GET", "/screenshot"), "base64");
  }

  /** Ends the session (never throws: it runs in cleanup). */
  async close() {
    try {
      await this.cmd("DELETE", "");
    } catch {
      // the driver is being stopped anyway
    }
  }
}

/** One WebDriver command; returns the response's `value` or throws its error. */
async function command(base, method, path, body) {
  let r;
  try {
    r = await fetch(`${base}${path}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json; charset=utf-8" },
      body: body === undefined ? undefined : JSON.stringify(body),
      // A driver that stops answering fails the test instead of hanging the run (the page's
      // own waits are bounded by the session's 60 s script and page-load timeouts).
      signal: AbortSignal.timeout(COMMAND_TIMEOUT),
    });
  } catch (e) {
    // Said in words: the abort's DOMException loses its message on its way to the test
    // runner's reporter (the default-flags lane reads it: a hung page is the engine's).
    if (e?.name === "TimeoutError") throw new WebDriverError(`${method} ${path}: timed out: no answer from the driver within ${COMMAND_TIMEOUT / 1000} s`);
    throw e;
  }
  const text = await r.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    throw new WebDriverError(`${method} ${path}: HTTP ${r.status}: ${text.slice(0, 300)}`);
  }
  if (!r.ok || (json.value && json.value.error)) {
    const v = json.value || {};
    throw new WebDriverError(`${method} ${path}: ${v.error || r.status}: ${v.message || text.slice(0, 300)}`);
  }
  return json.value;
}

/**
 * A driver and a session for the tests of one engine, started once: `await env.ready()`
 * in `before`, `env.session` in the tests, `await env.stop()` in `after` (session deleted,
 * driver killed, whatever happened).
 */
export function engineEnv(engine, opts = {}) {
  const env = {
    engine,
    driver: null,
    session: null,
    /** Starts the driver and, unless `opts.lazy` (the tests open their own), a session. */
    async ready() {
      env.driver = await startDriver(engine, opts);
      if (!opts.lazy) env.session = await Session.open(env.driver, opts);
      return env;
    },
    /** A new session on the same driver (a fresh profile), closing the old one. */
    async freshSession(o = opts) {
      await env.session?.close();
      env.session = null;
      env.session = await Session.open(env.driver, o);
      return env.session;
    },
    async stop() {
      await env.session?.close();
      await env.driver?.stop();
    },
  };
  return env;
}
