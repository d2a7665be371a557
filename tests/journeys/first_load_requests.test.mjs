// Journeys in every engine: a first load (a fresh profile: nothing cached) downloads each
// .wasm module once (this page shows every panel: the GDA-first module for its first panel,
// the naive Bayes one when those panels mount), and every other file at most once. The server counts what arrives, so a
// preload the engine does not reuse shows as a second request (it did in WebKit).
import { test } from "node:test";
import assert from "node:assert/strict";
import { forEachEngine, openPage, assertNoPageErrors } from "./lib.mjs";

forEachEngine((c) => {
  test("a first load requests each .wasm exactly once, and no file twice", async () => {
    const s = await c.env.freshSession();
    c.server.reset();
    await openPage(s, c.server.url);
    // Every panel is mounted: all of the page's modules have been asked for by now.
    const twice = Object.entries(c.server.counts()).filter(([, n]) => n > 1);
    assert.equal(c.server.count("/pkg-gda/genlab_bg.wasm"), 1, `requests for the GDA-first .wasm in ${c.engine}`);
    assert.equal(c.server.count("/pkg-nb/genlab_bg.wasm"), 1, `requests for the naive Bayes .wasm in ${c.engine}`);
    assert.equal(c.server.count("/pkg/genlab_bg.wasm"), 0, `requests for the full .wasm in ${c.engine}`);
    assert.deepEqual(twice, [], `files requested more than once in ${c.engine}`);
    await assertNoPageErrors(s);
  });

  test("a .wasm served as application/octet-stream boots from the same single download", async () => {
    // Streaming compilation refuses that type (WebAssembly Web API, compileStreaming step
    // "mimeType's essence is not application/wasm"); the bytes are compiled whole instead.
    const s = await c.env.freshSession();
    c.server.setType(".wasm", "application/octet-stream");
    try {
      c.server.reset();
      await openPage(s, c.server.url);
      assert.equal(c.server.count("/pkg-gda/genlab_bg.wasm"), 1, `requests for the GDA-first .wasm in ${c.engine}`);
      assert.equal(c.server.count("/pkg-nb/genlab_bg.wasm"), 1, `requests for the naive Bayes .wasm in ${c.engine}`);
      await assertNoPageErrors(s);
    } finally {
      c.server.setType(".wasm", null);
    }
  });
}, { lazy: true });
