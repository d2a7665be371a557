// A hung page in WebKit: reopens genlab's page N times in one MiniBrowser session (about:blank,
// then a link), the way the journeys reopen a link, until a command fails; then prints the
// hung web process's threads and program counter (gdb) to a file. Needs www/pkg built
// (scripts/build-wasm.sh) and the WebKit tools (scripts/ensure-tools.sh test).
//   node tests/webkit_reproducer/reopen_loop.mjs 2000               the engine's defaults
//   JSC_useBBQJIT=false node tests/webkit_reproducer/reopen_loop.mjs 2000
// The journeys' driver sets JSC_useBBQJIT=false unless the environment says otherwise, so the
// first form sets it back to the default explicitly.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { startDriver, Session } from "../journeys/webdriver.mjs";
import { serve } from "../journeys/server.mjs";
import { openPage } from "../journeys/lib.mjs";

process.env.JSC_useBBQJIT ??= "true";
const n = Number(process.argv[2] || 500);
const server = await serve();
const driver = await startDriver("webkit");
const session = await Session.open(driver);
const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(0);
let failedAt = -1;
try {
  await openPage(session, server.url);
  for (let i = 0; i < n && failedAt < 0; i++) {
    try {
      await session.navigate("about:blank");
      await openPage(session, `${server.url}?a=0&seed=${i + 1}`);
      await session.execute(() => document.title);
      if (i % 100 === 0) console.log(`reopened ${i + 1} links in ${seconds()} s`);
    } catch (e) {
      failedAt = i;
      console.log(`link ${i + 1} failed after ${seconds()} s: ${e.message.slice(0, 200)}`);
      const pids = execFileSync("pgrep", ["-f", "WebKitWebProcess"]).toString().trim().split("\n");
      for (const pid of pids) {
        const out = `/tmp/webkit-hang-${pid}.txt`;
        const gdb = execFileSync("timeout", ["60", "gdb", "-p", pid, "-batch", "-ex", "info threads",
          "-ex", "thread apply all bt 8", "-ex", "p/x $pc"], { maxBuffer: 1 << 24 }).toString();
        writeFileSync(out, gdb);
        console.log(`web process ${pid}: threads and program counter in ${out}`);
      }
    }
  }
} finally {
  console.log(`JSC_useBBQJIT=${process.env.JSC_useBBQJIT}: ${failedAt < 0 ? `no failure in ${n} links` : `failed at link ${failedAt + 1}`} (${seconds()} s)`);
  await session.close();
  await driver.stop();
  await server.close();
}
