// jsc run.js -- file.wasm [instances] [rounds] [export: kernel, kernel8 or kernel_inline]
const [file, iters = "2000", rounds = "64", name = "kernel"] = arguments;
const bytes = read(file, "binary");
let fails = 0, traps = 0;
for (let it = 0; it < +iters; it++) {
  const inst = new WebAssembly.Instance(new WebAssembly.Module(bytes), {});
  try {
    const b = inst.exports[name](+rounds);
    if (b !== 0) {
      fails++;
      const m = new Uint32Array(inst.exports.memory.buffer, inst.exports.FIRST_BAD.value, 5);
      if (fails < 10) print(`iteration ${it}: ${b} wrong bytes; first: round ${m[0]} pixel ${m[1]} channel ${m[2]} got ${m[3]} want ${m[4]}`);
    }
  } catch (e) {
    traps++; if (traps < 10) print(`iteration ${it}: trap: ${e}`);
  }
}
print(`failures ${fails + traps} of ${iters} (wrong ${fails}, traps ${traps})`);
