// Runs genlab's GDA redraws (harness/, a debug build) in fresh instances under `jsc` and
// counts the instances whose digest differs from the first one's, or that trap.
//   jsc run_harness.js -- genlab_webkit_harness.wasm [instances] [frames]
const [file, iters = "50", frames = "20"] = arguments;
const module = new WebAssembly.Module(read(file, "binary"));
// wasm-bindgen's imports are never called by the drawing code: stubs that throw.
const stub = new Proxy({}, { get: (_, name) => () => { throw new Error(`import ${String(name)} called`); } });
const imports = {};
for (const i of WebAssembly.Module.imports(module)) imports[i.module] = stub;
let want, fails = 0, traps = 0;
const t0 = Date.now();
for (let it = 0; it < +iters; it++) {
  const inst = new WebAssembly.Instance(new WebAssembly.Module(read(file, "binary")), imports);
  try {
    const got = inst.exports.frames(+frames, 7) >>> 0;
    if (want === undefined) want = got;
    else if (got !== want) { fails++; print(`instance ${it}: digest ${got.toString(16)} != ${want.toString(16)}`); }
  } catch (e) {
    traps++; print(`instance ${it}: ${e}`);
  }
}
print(`digest ${want === undefined ? "-" : want.toString(16)}; failures ${fails + traps} of ${iters} (wrong ${fails}, traps ${traps}); ${((Date.now() - t0) / 1000).toFixed(1)} s`);
