// Starts compiling the wasm core as soon as the page has been parsed, before the modules of
// the page's first panel have arrived and run: index.html loads this module ahead of main.js,
// and js/genlab.js imports the same module (one evaluation, one fetch), so the compile
// overlaps the rest of the first load instead of waiting for it. No imports, on purpose.

const url = new URL("../pkg/genlab_bg.wasm", import.meta.url);

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

/** Compiles from the response as it streams in, or from the whole bytes where that fails. */
async function compile() {
  const gap = browserGap();
  if (gap) throw gapError(gap);
  if (typeof WebAssembly.compileStreaming === "function") {
    try {
      return await WebAssembly.compileStreaming(fetch(url));
    } catch {
      // A server that sends another MIME type than application/wasm: compile the bytes below.
    }
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not fetch ${url.pathname}: ${response.status} ${response.statusText}`);
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
