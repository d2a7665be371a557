// A static server for the benchmark, in a process of its own: `node serve.mjs ROOT` prints
// its URL on stdout and serves ROOT until killed (see serve() in browser.mjs).

import { serve } from "./browser.mjs";

const root = process.argv[2];
if (!root) {
  console.error("usage: node serve.mjs ROOT");
  process.exit(2);
}
const { url } = await serve(root);
process.stdout.write(`${url}\n`);
