// Starts compiling the wasm core as soon as the page has been parsed, before the modules of
// the page's first panel have arrived and run: index.html loads this module ahead of main.js,
// and js/genlab.js imports the same module (one evaluation, one fetch), so the compile
// overlaps the rest of the first load instead of waiting for it. No imports, on purpose.
//
// The core is four modules (docs/performance.md, "The wasm modules"): "gda", the GDA-first
// one (pkg-gda/: the GDA panel and the shared state, which every page needs first), compiled
// at once; "nb" (pkg-nb/: the two naive Bayes panels), compiled when one of them is first
// mounted; "curves" (pkg-curves/: the learning-curves panel, whose worker loads it too);
// "lesson" (pkg-lesson/: the lesson format, when a lesson opens); "surface" (pkg-surface/: the
// GDA panel's 3-D view, when it is first shown). A page that carries the core itself carries
// the full module (pkg/), for all of them.

const urls = {
  gda: new URL("../pkg-gda/genlab_bg.wasm", import.meta.url),
  nb: new URL("../pkg-nb/genlab_bg.wasm", import.meta.url),
  curves: new URL("../pkg-curves/genlab_bg.wasm", import.meta.url),
  lesson: new URL("../pkg-lesson/genlab_bg.wasm", import.meta.url),
  surface: new URL("../pkg-surface/genlab_bg.wasm", import.meta.url),
};

/**
 * Why this browser cannot run the core, or null: "no-wasm" where there is no WebAssembly
 * (an old browser, or one where it is turned off), "wasm-refused" where the page's security
 * policy stops it ('wasm-unsafe-eval' unknown to the browser, as in Safari before 16). The
 * probe compiles the smallest valid module (its 8-byte header), which a CSP check refuses.
 * The core's WebAssembly features (bulk memory, reference types, multivalue, sign extension,
 * non-trapping float-to-int) are older in every engine than 'wasm-unsafe-eval' (Safari 16,
 * Chrome 97, Firefox 102), so a browser past both probes compiles the core.
 */
export function browserGap() {
  if (typeof WebAssembly !== "object" || typeof WebAssembly.Module !== "function") return "no-wasm";
  try {
    new WebAssembly.Module(new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]));
  } catch {
    return "wasm-refused";
  }
  return null;
}

/** An error that says which capability the browser lacks (see browserGap). */
function gapError(gap) {
  const error = new Error(`this browser cannot run WebAssembly (${gap})`);
  error.browserGap = gap;
  return error;
}

// The request index.html's <link rel="preload" as="fetch"> has already started, so that the
// browser hands that response to this fetch instead of downloading the .wasm again. A preload
// is reused only by a request of the same mode and credentials; WebKit (Safari) holds to that
// more strictly than Chromium and Firefox: with `crossorigin` on the preload and a default
// ("cors") fetch here, it sent the .wasm (797 KB) twice on every first load. A preload without
// `crossorigin` is a "no-cors" request with credentials "include"; for a same-origin .wasm
// its response is an ordinary readable one. A .wasm on another origin (a course page that
// imports genlab.js from elsewhere) has no preload and needs CORS: a default fetch.
const request = (url) => (url.origin === globalThis.location?.origin ? { mode: "no-cors", credentials: "include" } : {});

/**
 * The core's bytes when the page carries them itself, the full module only, which then serves
 * both flavours (the single offline file, dist/genlab.html, keeps them base64-encoded in a `<script type="application/octet-stream" id="genlab-wasm">`
 * data block, which is never run; the notebook widget on `import.meta.genlabWasm`), or null.
 * Both carry the module gzip-compressed (tools/dist/build.mjs: 0.4 of its size, which keeps
 * genlab.html under the 2 MB an LMS's upload often allows), unpacked here by the browser's own
 * DecompressionStream; bytes that start as a .wasm does are taken as they are.
 */
async function inlineBytes() {
  // The notebook widget (one module file, dist/genlab-widget.mjs) hands them over on import.meta.
  const carried = import.meta.genlabWasm;
  const block = globalThis.document?.getElementById("genlab-wasm");
  const base64 = typeof carried === "string" ? carried : block?.type === "application/octet-stream" ? block.textContent.trim() : null;
  if (base64 === null) return null;
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  if (typeof DecompressionStream !== "function") throw gapError("no-decompress");
  return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
}

/** Whether the page carries the (full) core itself: then there is one module for every panel. */
export function carriesCore() {
  return import.meta.genlabWasm !== undefined || globalThis.document?.getElementById("genlab-wasm")?.type === "application/octet-stream";
}

/** Compiles from the response as it streams in, or from its whole bytes where that cannot be. */
async function compile(url) {
  const gap = browserGap();
  if (gap) throw gapError(gap);
  const inline = await inlineBytes();
  if (inline) return WebAssembly.compile(inline);
  const response = await fetch(url, request(url));
  if (!response.ok) throw new Error(`could not fetch ${url.pathname}: ${response.status} ${response.statusText}`);
  // Streaming compilation refuses a .wasm not served as application/wasm (some hosts send
  // application/octet-stream): compile the same response's bytes then, never fetch it again.
  const type = (response.headers.get("content-type") || "").split(";")[0].trim().toLowerCase();
  if (typeof WebAssembly.compileStreaming === "function" && type === "application/wasm") {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

/**
 * Whether the `flavour` module's bytes are all here: carried by the page, or downloaded (the
 * browser's resource timing lists a request only once its last byte has come).
 */
export function coreArrived(flavour = "gda") {
  return carriesCore() || globalThis.performance?.getEntriesByName?.(urls[flavour].href).length > 0;
}

/**
 * The promise `cache` (a Map) holds for `key`, made by `make()` the first time: one load for
 * every caller. A promise that fails (a fetch offline after the first load) is forgotten, so
 * the next call makes it again.
 */
export function onceUnlessFailed(cache, key, make) {
  if (!cache.has(key)) {
    const made = make();
    cache.set(key, made);
    made.catch(() => { if (cache.get(key) === made) cache.delete(key); });
  }
  return cache.get(key);
}

const compiled = new Map();

/** The compiled core, "gda" or "nb" (a WebAssembly.Module), each compiled once (again after a
 * failed fetch). */
export function compiledCore(flavour = "gda") {
  if (carriesCore()) flavour = "carried";
  return onceUnlessFailed(compiled, flavour, () => compile(urls[flavour]));
}

// Started at once where the page asked for the GDA-first module early (index.html's preload)
// or carries the core; a course page (genlab.js imported, no preload) compiles the module of
// the panel it mounts, so a page of naive Bayes panels alone never fetches the GDA one.
const preloaded = globalThis.document?.querySelector?.('link[rel="preload"][href$="pkg-gda/genlab_bg.wasm"]');
if (preloaded || carriesCore()) {
  compiledCore().catch(() => {
    // Reported where the core is awaited (js/genlab.js loadCore); never an unhandled rejection here.
  });
}
