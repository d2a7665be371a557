// Starts compiling the wasm core as soon as the page has been parsed, before the modules of
// the page's first panel have arrived and run: index.html loads this module ahead of main.js,
// and js/genlab.js imports the same module (one evaluation, one fetch), so the compile
// overlaps the rest of the first load instead of waiting for it. No imports, on purpose.

const url = new URL("../pkg/genlab_bg.wasm", import.meta.url);

// The request index.html's <link rel="preload" as="fetch"> has already started, so that the
// browser hands that response to this fetch instead of downloading the .wasm again. A preload
// is reused only by a request of the same mode and credentials; WebKit (Safari) holds to that
// more strictly than Chromium and Firefox: with `crossorigin` on the preload and a default
// ("cors") fetch here, it sent the 761 KB twice on every first load. A preload without
// `crossorigin` is a "no-cors" request with credentials "include"; for a same-origin .wasm
// its response is an ordinary readable one. A .wasm on another origin (a course page that
// imports genlab.js from elsewhere) has no preload and needs CORS: a default fetch.
const sameOrigin = url.origin === globalThis.location?.origin;
const request = sameOrigin ? { mode: "no-cors", credentials: "include" } : {};

/** Compiles from the response as it streams in, or from its whole bytes where that cannot be. */
async function compile() {
  const response = await fetch(url, request);
  if (!response.ok) throw new Error(`could not fetch ${url.pathname}: ${response.status} ${response.statusText}`);
  // Streaming compilation refuses a .wasm not served as application/wasm (some hosts send
  // application/octet-stream): compile the same response's bytes then, never fetch it again.
  const type = (response.headers.get("content-type") || "").split(";")[0].trim().toLowerCase();
  if (typeof WebAssembly.compileStreaming === "function" && type === "application/wasm") {
    return WebAssembly.compileStreaming(response);
  }
  return WebAssembly.compile(await response.arrayBuffer());
}

let compiled = null;

/** The compiled core (a WebAssembly.Module), compiled once. */
export function compiledCore() {
  compiled ??= compile();
  return compiled;
}

compiledCore().catch(() => {
  // Reported where the core is awaited (js/genlab.js loadCore); never an unhandled rejection here.
});
