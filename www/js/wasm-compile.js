// Starts compiling the wasm core as soon as the page has been parsed, before the modules of
// the page's first panel have arrived and run: index.html loads this module ahead of main.js,
// and js/genlab.js imports the same module (one evaluation, one fetch), so the compile
// overlaps the rest of the first load instead of waiting for it. No imports, on purpose.

const url = new URL("../pkg/genlab_bg.wasm", import.meta.url);

/** Compiles from the response as it streams in, or from the whole bytes where that fails. */
async function compile() {
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
