// The genlab wheel in JupyterLite, as a pure wheel in Pyodide: a JupyterLite site built by
// `jupyter lite build` (tools/jupyterlite/site.py) with the Pyodide runtime from npm in the site's
// own folder, the pure wheels Pyodide loads beside it, and the genlab wheel from dist/python (with
// its dependencies) offered to piplite; served from a temporary folder on 127.0.0.1 and driven by
// Debian's Chromium through playwright-core. A notebook runs `%pip install genlab`, draws a panel,
// reads a student's slider back in Python from p.state and moves the panel by setting p.state.
// No request may leave the site: the kernel, Pyodide and every wheel come from 127.0.0.1.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { serve } from "../e2e/lib.mjs";
import { launch, panelLook, panelUntil, repo, wheelFile } from "./lib.mjs";

const lite = path.join(repo, "tools", "jupyterlite");
const notebook = path.join(repo, "tests", "notebooks", "jupyterlite", "lesson.ipynb");
const doc = readFileSync(path.join(repo, "docs", "lecturers.md"), "utf8");
const version = readFileSync(path.join(repo, "Cargo.toml"), "utf8").match(/^version = "([^"]+)"/m)[1];
let root;
let server;
let browser;
before(async () => {
  root = mkdtempSync(path.join(tmpdir(), "genlab-lite-"));
  const t0 = Date.now();
  execFileSync(path.join(lite, ".venv", "bin", "python"), [path.join(lite, "site.py"), "build", "--wheel", wheelFile(),
    "--notebook", notebook, "--out", path.join(root, "site")],
  { stdio: ["ignore", "ignore", "inherit"] });
  console.log(`# jupyter lite build: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  server = await serve(path.join(root, "site"));
  browser = await launch();
});
after(async () => {
  await browser?.close();
  server?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

test("JupyterLite: %pip install genlab in Pyodide, the panel draws, a student's slider comes back in p.state, and p.state set in Python moves it", async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const t0 = Date.now();
  const log = [];
  const errors = [];
  const outside = [];
  const failed = [];
  const fetched = new Set();
  page.on("console", (m) => { if (m.type() !== "debug") log.push(`${Date.now() - t0} console ${m.type()} ${m.text().slice(0, 300)}`); });
  page.on("pageerror", (e) => {
    const text = `${e}\n${e.stack ?? ""}`;
    if (/blob:|genlab|anywidget/i.test(text)) errors.push(text);
    else log.push(`${Date.now() - t0} the host's own uncaught error: ${text.slice(0, 1500)}`);
  });
  // Every request of the page, its workers (the kernel runs in one) and its service worker.
  context.on("request", (r) => {
    const url = r.url();
    if (/^(blob|data):/.test(url)) return;
    if (!url.startsWith(server.url)) outside.push(url);
    else fetched.add(new URL(url).pathname);
  });
  context.on("response", (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`); });
  const cell = (i) => page.locator(".jp-Notebook .jp-Cell").nth(i);
  const run = async (i) => {
    await cell(i).locator(".cm-content").click();
    await page.keyboard.press("Shift+Enter");
  };
  const printed = async (i, pattern) => {
    const out = cell(i).locator(".jp-OutputArea-output");
    await out.filter({ hasText: pattern }).first().waitFor({ timeout: 120000 });
    return (await out.first().textContent()).trim();
  };
  try {
    // The notebook's first cell is docs/lecturers.md's JupyterLite snippet, as the lecturer copies it.
    const snippet = doc.match(/<!-- snippet: jupyterlite -->\n(`{3,})\w*\n([\s\S]*?)\n\1\n/)[2];
    assert.equal(JSON.parse(readFileSync(notebook, "utf8")).cells[0].source, snippet);
    await page.goto(`${server.url}lab/index.html?path=lesson.ipynb`);
    await cell(4).waitFor({ timeout: 60000 });
    // The kernel says idle once Pyodide, micropip, piplite, IPython and the kernel are loaded (now
    // and then it says so early, while it starts: a cell run then waits for the kernel, so the
    // first cell's own end is what is waited for and timed).
    await page.waitForFunction(() => document.querySelector(".jp-Notebook-ExecutionIndicator")?.dataset.status === "idle",
      null, { timeout: 180000 });

    await run(0);
    await cell(0).locator(".jp-InputPrompt", { hasText: "[1]" }).waitFor({ timeout: 180000 });
    const installed = Date.now() - t0;
    await run(1);
    const about = await printed(1, /^genlab /);
    assert.match(about, new RegExp(`^genlab ${version.replace(/\./g, "\\.")} synced:`), "the genlab wheel of this build");
    for (const trait of ["controls", "lang", "panel", "projector", "state", "theme"]) {
      assert.match(about, new RegExp(`\\b${trait}\\b`), `${trait} is synced: ${about}`);
    }
    assert.ok(fetched.has(`/pypi/${path.basename(wheelFile())}`), "piplite took the wheel from the site's own index");

    await run(2);
    const output = cell(2).locator(".jp-OutputArea-output");
    const drawn = await panelUntil(output, (look) => look.colours > 20);
    const drawnAt = Date.now() - t0;
    assert.match(drawn.h2, /Gaussian discriminant analysis/i);
    assert.ok(drawn.colours > 20, `the GDA figure has ${drawn.colours} colours (a blank canvas has 1)`);
    assert.equal(drawn.value, "40", "n0 from the state the cell gave");
    await page.screenshot({ path: path.join(process.env.GENLAB_SHOTS || root, "jupyterlite.png") });

    // A student clicks the n₀ slider three quarters along (n₀ jumps to about 375); the next cell
    // prints what Python holds.
    const slider = output.locator('.genlab-widget >> [data-role="n0"]');
    const box = await slider.boundingBox();
    await slider.click({ position: { x: box.width * 0.75, y: box.height / 2 } });
    const n0 = (await panelLook(output)).value;
    assert.ok(Number(n0) > 300 && Number(n0) < 450, `the slider's n₀ ${n0}`);
    await run(3);
    const text = await printed(3, /state:/);
    assert.match(text, new RegExp(`(^|[ &])n0=${n0}(&|$)`), text);
    assert.match(text, /(^|[ &])seed=3(&|$)/, text);

    // Python sets the state; the panel follows (n₀ = 25, a new sample from seed 5).
    await run(4);
    const moved = await panelUntil(output, (look) => look.value === "25", { timeoutMs: 30000 });
    assert.ok(moved.colours > 20);

    // Pyodide itself came from the site (the npm package's runtime), not from a CDN.
    for (const file of ["pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json", "micropip-0.11.1-py3-none-any.whl"]) {
      assert.ok(fetched.has(`/static/pyodide/${file}`), `${file} from the site's static/pyodide`);
    }
    assert.deepEqual(outside, [], "no request left the site");
    assert.deepEqual(failed.filter((f) => /\.(whl|m?js|wasm|zip|json)(\?|$)/.test(f) && !/\/api\/|\/lab\/api\//.test(f)), [],
      "every file the kernel asked for was there");
    assert.deepEqual(errors, []);
    console.log(`# JupyterLite: %pip install genlab done ${(installed / 1000).toFixed(1)} s after the page opened, panel drawn after ${(drawnAt / 1000).toFixed(1)} s`);
  } catch (e) {
    await page.screenshot({ path: path.join(process.env.GENLAB_SHOTS || root, "jupyterlite-fail.png") }).catch(() => {});
    console.log(log.join("\n"));
    console.log(await page.evaluate(() => [...document.querySelectorAll(".jp-Cell")].map((c) => c.innerText.slice(0, 400)).join("\n---\n")).catch(() => ""));
    console.log(`# failed responses:\n${failed.join("\n")}\n# outside the site:\n${outside.join("\n")}`);
    throw e;
  } finally {
    await context.close();
  }
});
