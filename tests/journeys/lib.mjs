// What the journey files share: one server for the file, and per engine (GENLAB_ENGINES) a
// driver and a session started before its tests and ended after them, whatever happened.

import { describe, before, after } from "node:test";
import assert from "node:assert/strict";
import { enginesFromEnv, engineEnv } from "./webdriver.mjs";
import { serve } from "./server.mjs";

/**
 * Declares `body(ctx)` once per engine, as `describe(engine)`: ctx.server is the file's
 * server (of www/, or of `root`), ctx.env the engine's driver and session (ctx.session the
 * current session).
 */
export function forEachEngine(body, { root, ...opts } = {}) {
  const ctx = { server: null };
  before(async () => {
    ctx.server = await serve(root ? { root } : {});
  });
  after(async () => {
    await ctx.server?.close();
  });
  for (const engine of enginesFromEnv()) {
    describe(engine, () => {
      const env = engineEnv(engine, opts);
      const c = {
        env,
        engine,
        get server() { return ctx.server; },
        get session() { return env.session; },
      };
      before(async () => {
        const t0 = performance.now();
        await env.ready();
        c.startup = performance.now() - t0;
      });
      after(async () => {
        await env.stop();
      });
      body(c);
    });
  }
}

/** Opens `url` in the session and waits for the panels to report ready. */
export async function openPage(session, url) {
  await session.navigate(url);
  await session.waitFor("html[data-ready=true]", () => document.documentElement.dataset.ready === "true" ||
    // A boot failure is shown in #boot: stop waiting and report it.
    (document.getElementById("boot")?.classList.contains("input-error") && `boot failed: ${document.getElementById("boot").textContent}`));
  const failed = await session.execute(() => (document.documentElement.dataset.ready === "true" ? null : document.getElementById("boot").textContent));
  assert.equal(failed, null, `the page did not start in ${session.engine}`);
}

/** The errors the page recorder kept (tests/journeys/page-recorder.js). */
export function pageErrors(session) {
  return session.execute(() => (window.__journeys ? window.__journeys.errors : ["the page recorder is missing"]));
}

/** Asserts that no error reached the page's console (or its error events) so far. */
export async function assertNoPageErrors(session) {
  assert.deepEqual(await pageErrors(session), [], `errors in ${session.engine}`);
}

/** Asserts nothing non-finite or undefined is written anywhere on the page. */
export async function assertNoGarbage(session) {
  const text = await session.execute(() => document.body.innerText);
  for (const bad of ["NaN", "Infinity", "undefined", "null"]) assert.ok(!text.includes(bad), `${session.engine}: page shows "${bad}"`);
}

/** The text of the element matching `css` (null when there is none). */
export function textOf(session, css) {
  return session.execute((sel) => document.querySelector(sel)?.textContent ?? null, css);
}
