// The journeys' default-flags lane (scripts/test-webkit.sh --journeys-defaults) counts a failed
// run as the engine's only when every failed test has the engine's known signature
// (tests/journeys/engine-signature-reporter.mjs). Here the reporter reads real node:test runs of
// a fixture whose failures are written as the journeys show them, no browser.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const reporter = fileURLToPath(new URL("../journeys/engine-signature-reporter.mjs", import.meta.url));
const fixture = fileURLToPath(new URL("fixtures/journey_failures.mjs", import.meta.url));

/** The reporter's lines for a run of the fixture with `cases` failing. */
function report(cases) {
  const r = spawnSync(process.execPath, ["--test", `--test-reporter=${reporter}`, "--test-reporter-destination=stdout", fixture], {
    // (Without the parent runner's NODE_TEST_CONTEXT: the child reports as a run of its own.)
    env: { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== "NODE_TEST_CONTEXT")), GENLAB_FIXTURE_CASES: cases.join(",") },
    encoding: "utf8",
  });
  const lines = r.stdout.trim().split("\n");
  const summary = JSON.parse(lines.at(-1).replace(/^summary /, ""));
  return { status: r.status, lines: lines.slice(0, -1), summary };
}

test("a run that passes: nothing failed", () => {
  const r = report([]);
  assert.equal(r.status, 0);
  assert.deepEqual(r.summary, { failed: 0, engine: 0, other: 0 });
});

test("an out-of-bounds trap and a hang are the engine's; the suite and the file around them are not counted again", () => {
  const r = report(["trap", "hang", "abort"]);
  assert.notEqual(r.status, 0);
  assert.deepEqual(r.summary, { failed: 3, engine: 3, other: 0 });
  assert.ok(r.lines.every((l) => l.startsWith("engine ")), r.lines.join("\n"));
  assert.match(r.lines[0], /> no error in the page: errors in webkit \[Out of bounds memory access\]$/);
});

test("a wrong sentence, a panic of the page's own and a hook that failed are the page's", () => {
  const r = report(["trap", "wrong", "panic", "hook"]);
  assert.deepEqual(r.summary, { failed: 4, engine: 1, other: 3 });
  assert.equal(r.lines.filter((l) => l.startsWith("other ")).length, 3, r.lines.join("\n"));
});
