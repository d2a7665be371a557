// The learning curves' Web Worker: runs genlab::curves off the page's main thread. It
// imports the learning curves' wasm module (pkg-curves/), steps a run a few splits at a time, posts the curves after
// each slice (about 40 ms of work), and yields between slices so that a new "run" or a
// "cancel" message stops the run in progress at once.
//
// In:  {type: "run", id, state, dataUrl | null, corpus | null, module | null}   (state: a link's `curves` part;
//      corpus: the spam panel's bags of word ids {labels, offsets, ids, words}, for "usermn"/"userbern";
//      module: the page's compiled pkg-curves WebAssembly.Module, or null to fetch the .wasm here)
//      {type: "cancel"}
// Out: {type: "progress" | "done", id, summary, ms, seen}   {type: "error", id, message}
//      {type: "crash", id, message}: the engine failed (a trap: this instance is poisoned; the
//      page terminates this worker and starts a new one)
// Test hook: a run's `fault` ("hang" or "trap", set only by the tests through the page's
// globalThis.genlabFaults) makes it hang, or trap inside wasm, after its first slice.

import init, { CurvesRun } from "../pkg-curves/genlab.js";

/** The module, instantiated once: from the WebAssembly.Module the page hands over with its
 * runs (compiled already for its own drawing: the .wasm is fetched once), else fetched here. */
let ready = null;
function load(module) {
  ready ??= init({ module_or_path: module ?? new URL("../pkg-curves/genlab_bg.wasm", import.meta.url) });
  return ready;
}
/** The data files fetched so far, by address (each fetched once per worker). */
const files = new Map();
/** The run that may go on: a newer message makes every older run stop at its next slice. */
let current = 0;
/** The newest run this worker has been told of: every message carries it, so the page can
 * check that a replaced run posts at most the one slice it was in the middle of. */
let seen = 0;

/** Resolves after the worker has had a chance to read its queued messages. */
function yieldToMessages() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(0);
  });
}

async function fileText(url) {
  if (!files.has(url)) {
    const text = fetch(url).then((r) => {
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      return r.text();
    });
    files.set(url, text);
    text.catch(() => files.delete(url));
  }
  return files.get(url);
}

async function run({ id, state, dataUrl, corpus, module, fault }) {
  current = id;
  let handle = null;
  try {
    await load(module);
    const csv = dataUrl ? await fileText(dataUrl) : "";
    if (current !== id) return;
    handle = corpus ? CurvesRun.withCorpus(state, corpus.labels, corpus.offsets, corpus.ids, corpus.words) : new CurvesRun(state, csv);
    const start = performance.now();
    let finished = false;
    while (!finished) {
      const slice = performance.now();
      do finished = handle.step(1);
      while (!finished && performance.now() - slice < 40);
      const ms = performance.now() - start;
      postMessage({ type: finished ? "done" : "progress", id, summary: handle.summary(), ms, seen });
      if (!finished) await yieldToMessages();
      if (fault === "hang") for (;;);
      // A corrupted handle: the next step's load is out of bounds, a genuine trap.
      if (fault === "trap") handle.__wbg_ptr = 0xfffffff0;
      if (current !== id) return;
    }
  } catch (e) {
    const crash = e instanceof WebAssembly.RuntimeError;
    if (crash) handle = null; // never freed into a poisoned instance
    if (current === id) postMessage({ type: crash ? "crash" : "error", id, message: e && e.message ? e.message : String(e), data: e?.data ?? null });
  } finally {
    handle?.free();
  }
}

onmessage = (ev) => {
  const msg = ev.data;
  if (msg.type === "run") {
    seen = Math.max(seen, msg.id);
    run(msg);
  } else if (msg.type === "cancel") current = -1;
};
