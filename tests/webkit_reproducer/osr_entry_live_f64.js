// jsc osr_entry_live_f64.js -- osr_entry_live_f64.wasm  (wat2wasm osr_entry_live_f64.wat first)
// An f64 on the operand stack across a loop header, the loop run long enough for IPInt to
// tier up to BBQ by loop OSR entry. Expected 2.718281828459045 each time.
const bytes = read(arguments[0], "binary");
for (let it = 0; it < 3; it++) {
  const inst = new WebAssembly.Instance(new WebAssembly.Module(bytes), {});
  print(inst.exports.test(1000000));
}
