// A panel that survives its engine failing. A wasm trap (RuntimeError: unreachable, an
// out-of-bounds access; a Rust panic is an `unreachable` under panic = "abort") leaves the
// instance it happened in poisoned: a borrow flag stays set, the shadow stack is not
// unwound, the heap may be half-updated. The glue of wasm-bindgen's `--target web` keeps
// its instance in module scope and never instantiates twice, so a fresh instance needs a
// fresh evaluation of the glue: it is imported again under an address of its own (a
// fragment: the browser evaluates it anew but fetches no file), ahead of need once the page
// is idle (a spare, which holds no instance), and instantiated from the WebAssembly.Module
// compiled already (new memory, nothing shared).
//
// `guardPanel` wraps a panel's lab object (GdaPanel, SpamPanel, CatPanel; for the learning
// curves, the module's own functions) in ONE proxy at
// the boundary: the controller calls it as it called the object. A call that fails in the
// engine discards the object, and the panel is rebuilt on a fresh instance, given back the
// settings it last had (restored by the controller's own setState, the one the history
// uses), redrawn, and says so in one line. A second failure within FAILURE_WINDOW_MS says
// "reload the page" and stays down, instead of looping.
//
// Test hook (never set by the page): `globalThis.genlabFaults = { gda: { method: "dragTo",
// after: 2, kind: "trap" } }` makes the call after the next `after` calls of `method` fail:
// "trap" corrupts the object's handle so that the wasm code itself traps (a genuine
// RuntimeError raised inside wasm: an out-of-bounds load), "throw" throws a RuntimeError
// from JavaScript without entering wasm (simulated). `{ instantiate: true }` under the same
// name makes the fresh instantiation fail.

import { t } from "./i18n.js";
import { compiledCore } from "./wasm-compile.js";

/** A second failure within this time says "reload the page" instead of recovering again. */
export const FAILURE_WINDOW_MS = 10000;

const GLUES = { gda: "../pkg-gda/genlab.js", nb: "../pkg-nb/genlab.js", curves: "../pkg-curves/genlab.js" };

/** An address far past any memory the core grows to: a load through it traps. */
const BAD_POINTER = 0xfffffff0;

let instances = 0;

/** The glues evaluated so far (each instance's): a fresh one must be none of them. */
const evaluated = new WeakSet();
const remember = (glue) => {
  if (glue && (typeof glue === "object" || typeof glue === "function")) evaluated.add(glue);
};

/** Whether `e` is the engine failing (a trap, a panic, a poisoned object), not a refusal the
 * panel answers next to its control (those are plain Errors with a student's sentence). */
export function engineFailure(e) {
  if (typeof WebAssembly === "object" && e instanceof WebAssembly.RuntimeError) return true;
  // wasm-bindgen's own words for an object left borrowed by a trap.
  return e instanceof Error && /recursive use of an object|null pointer passed to rust|attempted to take ownership/.test(e.message);
}

/** What a call throws while its panel is down: silent (see the listeners below), and a
 * controller that shows a caught message shows nothing. */
function downError() {
  const e = new Error("");
  e.genlabEngineDown = true;
  return e;
}

let listening = false;
/** Keeps the calls refused while a panel is down out of the console: they are not errors. */
function listen() {
  if (listening || typeof addEventListener !== "function") return;
  listening = true;
  addEventListener("error", (ev) => {
    if (ev.error?.genlabEngineDown) ev.preventDefault();
  });
  addEventListener("unhandledrejection", (ev) => {
    if (ev.reason?.genlabEngineDown) ev.preventDefault();
  });
}

/** Writes the panel's one-line engine notice, `key` in `lang` (its key kept on it, so that
 * the panel's applyLabels rewrites it when the language changes). */
export function showEngineNotice(section, key, lang) {
  let p = section.querySelector(':scope > [data-role="engine-notice"]');
  if (!p) {
    p = document.createElement("p");
    p.className = "engine-notice";
    p.dataset.role = "engine-notice";
    p.setAttribute("role", "status");
    section.prepend(p);
  }
  p.dataset.i18n = key;
  p.textContent = t(lang, key);
  p.hidden = false;
}

/** A glue of `flavour` evaluated anew and never instantiated (a promise of its namespace):
 * imported under an address of its own, which the browser evaluates anew. The address differs
 * in its fragment: a module is known by its whole address, fragment included (HTML's module
 * map), so the glue is evaluated again, while its file is read without one, from the
 * browser's copy: no request to the server (under a query of its own it was fetched from the
 * server again: 11–72 ms of a recovery in Chromium, 10–116 ms in WebKit). A browser that gave
 * back a glue it has evaluated (and so a failed instance's) is asked under a query. */
function importFresh(flavour) {
  instances += 1;
  const url = new URL(GLUES[flavour], import.meta.url);
  url.hash = `instance=${instances}`;
  return import(url.href).then((g) => {
    if (!evaluated.has(g)) return g;
    url.hash = "";
    url.searchParams.set("instance", String(instances));
    return import(url.href);
  }).then((g) => {
    remember(g);
    return g;
  });
}

/** The next recovery's glue of each flavour, evaluated ahead (see spareGlue). */
const spares = new Map();

/**
 * Evaluates a glue of `flavour` ahead, once the page is idle, for the next recovery to take:
 * loading a module is the one step of a recovery that waits on the browser's loader rather
 * than on the page's own work, and on a loaded machine it was the step that stalled longest
 * (glue and instance 505 and 745 ms of the two WebKit recoveries over 1 s in 30, at a load of
 * 15–17). An evaluated glue holds no instance and no memory of its own until a recovery
 * instantiates it. Where the page is one bundle, nothing is loaded at all.
 */
function spareGlue(flavour) {
  if (import.meta.genlabFresh || !GLUES[flavour] || spares.has(flavour) || typeof setTimeout !== "function") return;
  // Only where this module sits in genlab's own layout (js/recovery.js beside pkg-*/): a
  // bundler (Vite…) renames and joins the modules, and the glue's address would be a 404 on
  // every page load of the course site.
  if (!/\/js\/recovery\.js$/.test(new URL(import.meta.url).pathname)) return;
  spares.set(flavour, null);
  const idle = globalThis.requestIdleCallback ?? ((f) => setTimeout(f, 200));
  idle(() => {
    const glue = importFresh(flavour);
    spares.set(flavour, glue);
    // A glue that could not be loaded is loaded again by the recovery itself.
    glue.catch(() => {
      if (spares.get(flavour) === glue) spares.delete(flavour);
    });
  }, { timeout: 2000 });
}

/** A fresh instance of the `flavour` module: its glue evaluated again, instantiated anew. */
async function freshGlue(flavour, fault) {
  if (fault?.instantiate) throw new RangeError("WebAssembly.instantiate(): Out of memory (injected)");
  // Where the page is one bundle (dist/, the single file, the widget), its registry runs the
  // glue's source again (tools/dist/bundle.mjs); elsewhere the spare evaluated ahead, or a
  // glue imported now.
  let glue;
  if (import.meta.genlabFresh) glue = import.meta.genlabFresh(GLUES[flavour]);
  else {
    const spare = spares.get(flavour);
    spares.delete(flavour);
    glue = spare ? spare.catch(() => importFresh(flavour)) : importFresh(flavour);
  }
  const [module, fresh] = await Promise.all([compiledCore(flavour), glue]);
  remember(fresh);
  // Instantiated at once from the compiled module, with no task to wait for between the
  // failure and the rebuilt panel; where a synchronous instance is refused on the page's
  // thread, asynchronously.
  let exports = null;
  if (typeof fresh.initSync === "function") {
    try {
      exports = fresh.initSync({ module });
    } catch {
      exports = null;
    }
  }
  exports ??= await fresh.default({ module_or_path: module });
  return { glue: fresh, exports };
}

/** The test hook's fault for this call of `name` on a `flavour` panel, or null. */
function faultFor(flavour, name, counts) {
  const f = globalThis.genlabFaults?.[flavour];
  if (!f || f.method !== name) return null;
  const n = (counts.get(name) ?? 0) + 1;
  counts.set(name, n);
  if (n <= (f.after ?? 0)) return null;
  // Once; a fault that also refuses the next instantiation keeps that part.
  if (f.instantiate) globalThis.genlabFaults[flavour] = { instantiate: true };
  else delete globalThis.genlabFaults[flavour];
  return f.kind ?? "trap";
}

/**
 * Wraps the lab object `make(glue)` builds (its class read from the glue given; the first
 * time, the glue the controller imported) so that the panel in `section` survives an engine
 * failure. `flavour`: "gda", "nb" or "curves" (which module). `snapshot()`: the controller's whole
 * state (its getState, and anything a history entry keeps beside it); `restore(snap)`: its
 * setState. `sticky`: setters whose latest call the fresh object gets again (size, theme,
 * projector: what is not in the state). `lang()`: the page's language now. `own`: data of
 * the user's own that the state does not hold, `{marks, clears, key}`: after a successful
 * call of one of `marks` (and none of `clears` since) `snapshot(true)` is asked for them too
 * (the categorical panel's edited table, as CSV), and where they cannot be given back the
 * notice is `key`, which says what was lost (the spam panel's own corpus: the fresh panel
 * shows the built-in one).
 */
export function guardPanel({ section, flavour, glue, make, snapshot, restore, sticky = [], lang, own = null }) {
  listen();
  remember(glue);
  let real = make(glue);
  let down = false;
  let dead = false;
  let freed = false;
  let failedAt = -Infinity;
  let snap = null;
  let snapping = false;
  let snapQueued = false;
  let owned = false;
  let refocus = null;
  const stickyArgs = new Map();
  const counts = new Map();
  const wrappers = new Map();
  const info = { flavour, recoveries: 0, lastRecoveryMs: null, memory: null, state: "up" };
  section.genlabEngine = info;

  /** Keeps the latest good state, once per task (the calls of one event share it). */
  function takeSnapshot() {
    snapQueued = false;
    if (down || dead || freed) return;
    snapping = true;
    try {
      snap = snapshot(owned);
    } catch {
      // A refused read keeps the older snapshot; a failing engine is caught by the call.
    } finally {
      snapping = false;
    }
  }

  const notice = (key) => showEngineNotice(section, key, lang());

  /** The engine failed under `name`: drop the object, then rebuild or give up. */
  function fail(name, error) {
    console.error(`genlab: the engine failed in ${name}(); the panel restarts it.`, error);
    const now = performance.now();
    const again = now - failedAt < FAILURE_WINDOW_MS;
    failedAt = now;
    // Never freed into a poisoned instance (its allocator may be mid-update); unregistered, so
    // that no finalizer frees it later either.
    try {
      real?.__destroy_into_raw?.();
    } catch {
      // gone already
    }
    real = null;
    down = true;
    // Inert drops the focus: the control the student was using (the message being typed) gets
    // it back once the panel is up again, so that the next keys land where the last ones did.
    const active = typeof document === "object" ? document.activeElement : null;
    refocus = active && section.contains(active) ? active : null;
    section.inert = true;
    section.classList.add("engine-down");
    if (again || !snap) {
      giveUp();
      return;
    }
    recover(now);
  }

  function giveUp() {
    dead = true;
    info.state = "dead";
    notice("engine.reload");
  }

  async function recover(started) {
    info.state = "recovering";
    const fault = globalThis.genlabFaults?.[flavour];
    try {
      const fresh = await freshGlue(flavour, fault?.instantiate ? fault : null);
      if (fault?.instantiate) delete globalThis.genlabFaults[flavour];
      // The panel was removed meanwhile: nothing to rebuild.
      if (freed) return;
      real = make(fresh.glue);
      info.memory = fresh.exports.memory;
      for (const [name, args] of stickyArgs) real[name](...args);
    } catch (e) {
      if (fault?.instantiate) delete globalThis.genlabFaults[flavour];
      console.error("genlab: the engine could not be started again.", e);
      giveUp();
      return;
    }
    down = false;
    section.inert = false;
    section.classList.remove("engine-down");
    // What the user owned is owned again only if the restore gives it back (a mark replayed).
    const lostOwn = owned && Boolean(own?.key);
    owned = false;
    try {
      restore(snap);
    } catch (e) {
      // A part refused (not the engine: that is fail()'s) leaves the rest restored.
      if (!e?.genlabEngineDown) console.error("genlab: a part of the panel's state could not be restored.", e);
    }
    if (down) return; // failed again while restoring: fail() has said what to do
    info.recoveries += 1;
    info.lastRecoveryMs = performance.now() - started;
    info.state = "up";
    notice(lostOwn ? own.key : "engine.recovered");
    spareGlue(flavour);
    // (Unless the restore rebuilt it, or the student has moved on.)
    if (refocus?.isConnected && section.contains(refocus) && !section.contains(document.activeElement)
      && (document.activeElement === document.body || document.activeElement === null)) refocus.focus({ preventScroll: true });
    refocus = null;
  }

  /** One call of `name` on the object, guarded. */
  function call(name, args) {
    if (freed && !down) return real[name](...args);
    if (down) throw downError();
    const fault = faultFor(flavour, name, counts);
    try {
      if (fault === "throw") throw new WebAssembly.RuntimeError("unreachable (injected)");
      if (fault === "trap") real.__wbg_ptr = BAD_POINTER;
      const result = real[name](...args);
      if (sticky.includes(name)) stickyArgs.set(name, args);
      if (own?.marks.includes(name)) owned = true;
      else if (own?.clears.includes(name)) owned = false;
      if (!snapping && !snapQueued) {
        snapQueued = true;
        queueMicrotask(takeSnapshot);
      }
      return result;
    } catch (e) {
      if (!engineFailure(e)) throw e;
      fail(name, e);
      throw downError();
    }
  }

  const proxy = new Proxy({}, {
    // A property written goes to the object (the tests corrupt its handle this way).
    set(_, name, value) {
      if (real) real[name] = value;
      return true;
    },
    get(_, name) {
      if (name === "free") {
        return () => {
          // Freed: the object stays, as freed objects do (its handle 0), and answers unguarded.
          freed = true;
          if (!down && real) real.free();
        };
      }
      if (!real) {
        if (typeof name === "string" && !name.startsWith("__")) return (...args) => call(name, args);
        return undefined;
      }
      const value = real[name];
      if (typeof value !== "function") return value;
      if (!wrappers.has(name)) wrappers.set(name, (...args) => call(name, args));
      return wrappers.get(name);
    },
  });
  // The first snapshot once the controller has set its state (it is built after this).
  queueMicrotask(takeSnapshot);
  spareGlue(flavour);
  return proxy;
}
