// The genlab wheel in the real notebook tools, not stand-ins: `pip install` of dist/python's wheel
// into a fresh venv (its dependency, anywidget, resolved by pip), then JupyterLab and Notebook 7
// (servers on 127.0.0.1, a known token, update and news checks off) driven by Debian's Chromium
// through playwright-core, cells run one by one as a lecturer runs them; marimo with
// mo.ui.anywidget; and nbclient executing a notebook with two panels headless.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { freshVenv, freePort, launch, panelLook, panelUntil, startServer, wheelFile } from "./lib.mjs";

const TOKEN = "genlab-notebook-test";
let env;
let browser;
before(async () => {
  const wheel = statSync(wheelFile()).size;
  assert.ok(wheel <= 2e6, `the wheel is ${wheel} bytes, over 2 MB`);
  console.log(`# wheel ${path.basename(wheelFile())}: ${(wheel / 1e6).toFixed(2)} MB`);
  env = freshVenv();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  if (env) rmSync(env.root, { recursive: true, force: true });
});

/** A page in a fresh context with its uncaught errors recorded. */
async function newPage() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  return { context, page, errors };
}

/** A Jupyter server (`lab` or `notebook`) from the fresh venv on 127.0.0.1 with a known token. */
async function jupyter(app) {
  const port = await freePort();
  const server = await startServer(env.bin("jupyter"), [app, "--no-browser", "--ip=127.0.0.1", `--port=${port}`,
    `--IdentityProvider.token=${TOKEN}`, `--ServerApp.root_dir=${env.work}`, "--ServerApp.port_retries=0",
    "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate", "--LabApp.extension_manager=readonly",
    // window.jupyterapp, to wait until the notebook's kernel is idle before the first cell runs.
    "--expose-app-in-browser",
    ...(process.getuid?.() === 0 ? ["--allow-root"] : [])], {
    env: env.env, cwd: env.work, probe: `http://127.0.0.1:${port}/api/status?token=${TOKEN}`,
  });
  return { server, url: `http://127.0.0.1:${port}` };
}

/** Cell `i` of the open notebook. */
const cell = (page, i) => page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-Cell").nth(i);

/** Waits until the open notebook shows its `cells` cells and its kernel is idle. */
async function ready(page, cells) {
  await page.waitForFunction((cells) => {
    const nb = window.jupyterapp?.shell?.currentWidget;
    return nb?.content?.widgets?.length === cells && nb.sessionContext?.session?.kernel?.status === "idle";
  }, cells, { timeout: 90000 });
}

/** Runs cell `i` as a lecturer does: click into it, Shift+Enter. */
async function run(page, i) {
  await cell(page, i).locator(".cm-content").click();
  await page.keyboard.press("Shift+Enter");
}

/** The text cell `i` printed, once it matches `pattern`. */
async function printed(page, i, pattern) {
  const out = cell(page, i).locator(".jp-OutputArea-output");
  await out.filter({ hasText: pattern }).first().waitFor({ timeout: 60000 });
  return (await out.first().textContent()).trim();
}

test("JupyterLab: the panel draws, a student's slider comes back in panel.state, and panel.state set in Python moves it", async () => {
  const { server, url } = await jupyter("lab");
  const { context, page, errors } = await newPage();
  try {
    await page.goto(`${url}/lab/tree/lesson.ipynb?reset&token=${TOKEN}`);
    await ready(page, 3);
    await run(page, 0);
    const output = cell(page, 0).locator(".jp-OutputArea-output");
    const drawn = await panelUntil(output, (look) => look.colours > 20);
    assert.match(drawn.h2, /Gaussian discriminant analysis/i);
    assert.ok(drawn.colours > 20, `the GDA figure has ${drawn.colours} colours (a blank canvas has 1)`);
    assert.equal(drawn.value, "40", "n0 from the state the cell gave");
    await page.screenshot({ path: path.join(process.env.GENLAB_SHOTS || env.root, "jupyterlab.png") });

    // A student clicks the n₀ slider three quarters along (n₀ jumps to about 375); the next
    // cell prints what Python holds.
    const slider = output.locator('.genlab-widget >> [data-role="n0"]');
    const box = await slider.boundingBox();
    await slider.click({ position: { x: box.width * 0.75, y: box.height / 2 } });
    const n0 = (await panelLook(output)).value;
    assert.ok(Number(n0) > 300 && Number(n0) < 450, `the slider's n₀ ${n0}`);
    await run(page, 1);
    const text = await printed(page, 1, /state:/);
    assert.match(text, /^state: /);
    assert.match(text, new RegExp(`(^|[ &])n0=${n0}(&|$)`), text);
    assert.match(text, /(^|[ &])seed=3(&|$)/, text);

    // Python sets the state; the panel follows (n₀ = 25, a new sample from seed 5).
    await run(page, 2);
    const moved = await panelUntil(output, (look) => look.value === "25", { timeoutMs: 30000 });
    assert.equal(moved.value, "25");
    assert.ok(moved.colours > 20);

    // Saved as JupyterLab saves by default (no widget state): the notebook stays small.
    await cell(page, 2).locator(".cm-content").click();
    await page.keyboard.press("Escape");
    await page.keyboard.press("Control+s");
    await page.waitForFunction(() => !document.querySelector(".jp-mod-dirty"), null, { timeout: 20000 });
    const saved = JSON.parse(readFileSync(path.join(env.work, "lesson.ipynb"), "utf8"));
    assert.equal(saved.metadata.widgets, undefined, "JupyterLab saves no widget state unless asked");
    console.log(`# JupyterLab's saved lesson.ipynb (one panel, default settings): ${statSync(path.join(env.work, "lesson.ipynb")).size} bytes`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await server.stop();
  }
});
