// The control: the same reproducer in V8 (node run_node.mjs file.wasm [instances] [rounds]).
import { readFileSync } from "node:fs";
const [file, iters = "400", rounds = "64", name = "kernel"] = process.argv.slice(2);
const bytes = readFileSync(file);
let fails = 0;
for (let it = 0; it < +iters; it++) {
  const inst = new WebAssembly.Instance(new WebAssembly.Module(bytes), {});
  try {
    if (inst.exports[name](+rounds) !== 0) fails++;
  } catch (e) {
    fails++;
    console.log(`instance ${it}: ${e}`);
  }
}
console.log(`failures ${fails} of ${iters}`);
