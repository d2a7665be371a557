// The genlab wheel in the real notebook tools, not stand-ins: `pip install` of dist/python's wheel
// into a fresh venv (its dependency, anywidget, resolved by pip), then JupyterLab and Notebook 7
// (servers on 127.0.0.1, a known token, update and news checks off) driven by Debian's Chromium
// through playwright-core, cells run one by one as a lecturer runs them; marimo with
// mo.ui.anywidget; nbclient executing a notebook with two panels headless; and a real MkDocs
// site with the element snippet.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { headersHost } from "../e2e/hosts.mjs";
import { panelsDrawn, serve } from "../e2e/lib.mjs";
import { freshVenv, freePort, launch, panelLook, panelUntil, repo, startServer, wheelFile } from "./lib.mjs";

const TOKEN = "genlab-notebook-test";
const doc = readFileSync(path.join(repo, "docs", "lecturers.md"), "utf8");
/** A snippet of docs/lecturers.md, as the lecturer copies it. */
const snippet = (name) => doc.match(new RegExp(`<!-- snippet: ${name} -->\\n(\`{3,})\\w*\\n([\\s\\S]*?)\\n\\1\\n`))[2];
/**
 * The size docs/lecturers.md gives in `pattern`'s ([\d.]+), in MB, checked against the measured
 * bytes: within half a unit of its last digit, and 1 % more. An exact match of the rounded
 * figure flipped between 0.88 and 0.89 MB when a build moved the wheel a few hundred bytes across
 * 885,000 bytes, while the sentence stayed true.
 */
function docSays(pattern, bytes, what) {
  const said = doc.match(pattern);
  assert.ok(said, `docs/lecturers.md gives ${what}`);
  const real = bytes / 1e6;
  const decimals = (said[1].split(".")[1] ?? "").length;
  const slack = 0.5 * 10 ** -decimals + 0.01 * real;
  assert.ok(Math.abs(Number(said[1]) - real) <= slack, `docs/lecturers.md says ${what} is ${said[1]} MB, measured ${real.toFixed(3)} MB`);
}
let env;
let browser;
before(async () => {
  const wheel = statSync(wheelFile()).size;
  assert.ok(wheel <= 2e6, `the wheel is ${wheel} bytes, over 2 MB`);
  console.log(`# wheel ${path.basename(wheelFile())}: ${(wheel / 1e6).toFixed(2)} MB`);
  docSays(/([\d.]+) MB, pure Python/, wheel, "the wheel's size");
  env = freshVenv();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  if (env) rmSync(env.root, { recursive: true, force: true });
});

/**
 * A page in a fresh context with the widget's uncaught errors recorded: those whose stack runs
 * through the widget's module (a blob: URL, as anywidget and the widget's loader import it) or
 * names genlab. The host's own are listed in the test's output, not failed on (Notebook 7.6
 * throws "Cannot read properties of undefined (reading 'schema')" on its own at times).
 */
async function newPage() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => {
    const text = `${e}\n${e.stack ?? ""}`;
    if (/blob:|genlab/i.test(text)) errors.push(text);
    else console.log(`# the host's own uncaught error: ${String(e).slice(0, 200)}`);
  });
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
    // What a failure prints: the page's console (not its debug lines) and the kernel messages
    // the page sent and received (execution, status, widget updates), with their times.
    const frames = [];
    const t0 = Date.now();
    page.on("console", (m) => { if (m.type() !== "debug") frames.push(`${Date.now() - t0} console ${m.type()} ${m.text().slice(0, 300)}`); });
    // And each time a panel's host is put into or taken out of the page (a view rendered again).
    await page.exposeFunction("genlabTestMark", (what) => frames.push(`${Date.now() - t0} page ${what}`));
    await page.addInitScript(() => {
      new MutationObserver((records) => {
        for (const r of records) {
          for (const n of r.addedNodes) if (n.classList?.contains("genlab-widget")) window.genlabTestMark("panel host added");
          for (const n of r.removedNodes) if (n.classList?.contains("genlab-widget")) window.genlabTestMark("panel host removed");
        }
      }).observe(document, { childList: true, subtree: true });
    });
    page.on("websocket", (ws) => {
      const log = (dir) => (f) => {
        const s = typeof f.payload === "string" ? f.payload : Buffer.from(f.payload).toString("latin1");
        const m = s.match(/"msg_type":\s*"(comm_msg|execute_request|status)"/);
        if (!m) return;
        const st = s.match(/"state":\s*\{[^{}]{0,200}\}/);
        const me = s.match(/"method":\s*"(\w+)"/);
        const es = s.match(/"execution_state":\s*"(\w+)"/);
        frames.push(`${Date.now() - t0} ${dir} ${m[1]} ${me?.[1] ?? ""} ${es?.[1] ?? ""} ${st?.[0].slice(0, 120) ?? ""}`);
      };
      ws.on("framesent", log("->"));
      ws.on("framereceived", log("<-"));
    });
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
    const moved = await panelUntil(output, (look) => look.value === "25", { timeoutMs: 30000 }).catch(async (e) => {
      await page.screenshot({ path: path.join(process.env.GENLAB_SHOTS || env.root, "jupyterlab-fail.png") });
      console.log(await page.evaluate(() => [...document.querySelectorAll(".jp-Cell")].map((c) => c.innerText.slice(0, 200)).join("\n---\n")));
      console.log(frames.join("\n"));
      throw e;
    });
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
    // Its HTML export (no widget state) shows the panel's sentence, not an empty cell.
    execFileSync(env.bin("jupyter"), ["nbconvert", "--to", "html", "lesson.ipynb"], { cwd: env.work, env: env.env, stdio: "ignore" });
    const exported = readFileSync(path.join(env.work, "lesson.html"), "utf8");
    assert.match(exported, /<p class="genlab-fallback"><b>genlab<\/b> panel <code>gda<\/code>[^<]*<code>seed=3&amp;n0=\d+<\/code>\): it is interactive in a running notebook/);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await server.stop();
  }
});

test("Notebook 7: what a student types in the spam filter comes back in panel.state", async () => {
  const { server, url } = await jupyter("notebook");
  const { context, page, errors } = await newPage();
  try {
    await page.goto(`${url}/notebooks/spam.ipynb?token=${TOKEN}`);
    await ready(page, 2);
    await run(page, 0);
    const output = cell(page, 0).locator(".jp-OutputArea-output");
    const drawn = await panelUntil(output, (look) => look.colours > 5, { role: "text" });
    assert.match(drawn.h2, /朴素贝叶斯/, "the panel in Chinese, as the cell asked");
    await page.screenshot({ path: path.join(process.env.GENLAB_SHOTS || env.root, "notebook7.png") });
    // The student types a message with the keyboard, key by key.
    const message = output.locator('.genlab-widget >> [data-role="text"]');
    await message.fill("");
    await message.click();
    await page.keyboard.type("WIN cash now", { delay: 20 });
    assert.equal((await panelLook(output, "text")).value, "WIN cash now", "every key reached the panel, none the notebook");
    assert.equal(await page.evaluate(() => window.jupyterapp.shell.currentWidget.content.widgets.length), 2, "no key made a cell");
    await run(page, 1);
    const text = await printed(page, 1, /state:/);
    const state = new URLSearchParams(text.replace(/^state:\s*/, ""));
    assert.equal(state.get("t"), "WIN cash now", text);
    assert.equal(state.get("a"), "0", text);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await server.stop();
  }
});

test("nbclient runs the lecturers' notebook snippet and a second panel headless; the saved .ipynb carries each panel's compressed module", async () => {
  const cells = [snippet("notebook"), 'gda = Panel(panel="gda", state="seed=3&n0=40")\ngda', 'print(gda.state, "|", lesson.state)'];
  const script = `
import json, sys
import nbclient, nbformat
nb = nbformat.v4.new_notebook()
nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
nb.cells = [nbformat.v4.new_code_cell(c) for c in json.loads(sys.argv[1])]
nbclient.NotebookClient(nb, timeout=180, kernel_name="python3").execute()
nbformat.write(nb, "two-panels.ipynb")
`;
  execFileSync(env.bin("python"), ["-c", script, JSON.stringify(cells)], { cwd: env.work, env: env.env, stdio: "inherit" });
  const file = path.join(env.work, "two-panels.ipynb");
  const size = statSync(file).size;
  console.log(`# nbclient's two-panels.ipynb (two panels, widget state stored): ${(size / 1e6).toFixed(2)} MB`);
  const nb = JSON.parse(readFileSync(file, "utf8"));
  const printedState = nb.cells[2].outputs.map((o) => [o.text].flat().join("")).join("");
  assert.equal(printedState.trim(), "seed=3&n0=40 | a=0");
  const models = Object.values(nb.metadata.widgets["application/vnd.jupyter.widget-state+json"].state).filter((m) => m.model_name === "AnyModel");
  assert.equal(models.length, 2);
  assert.deepEqual(models.map((m) => `${m.state.panel} ${m.state.lang} ${m.state.controls}`).sort(), ["gda en ", "nb zh-CN -corpus"]);
  // Each panel's _esm is the loader with the gzip-compressed module (1.2 MB; docs/lecturers.md says it).
  for (const m of models) {
    assert.ok(m.state._esm.length < 1.5e6, `_esm ${m.state._esm.length} characters`);
    docSays(/([\d.]+) MB a panel/, m.state._esm.length, "a panel's size");
  }
  docSays(/two panels: a ([\d.]+) MB `\.ipynb`/, size, "the two panels' notebook size");
  // Each output carries the widget view and a sentence for a viewer that cannot run widgets.
  for (const i of [0, 1]) {
    const data = nb.cells[i].outputs[0].data;
    assert.ok(data["application/vnd.jupyter.widget-view+json"]);
    assert.match([data["text/html"]].flat().join(""), /genlab.*interactive in a running notebook/s);
  }
});

test("marimo: mo.ui.anywidget(Panel(...)) renders the panel and its value follows a student's change", async () => {
  const body = snippet("marimo").split("\n").map((l) => (l ? `    ${l}` : l)).join("\n");
  writeFileSync(path.join(env.work, "marimo_lesson.py"), `import marimo

app = marimo.App(width="full")


@app.cell
def _():
${body}
    return lesson, mo


@app.cell
def _(lesson, mo):
    mo.plain_text("state: " + lesson.value["state"])
    return


if __name__ == "__main__":
    app.run()
`);
  const port = await freePort();
  const server = await startServer(env.bin("marimo"), ["run", "marimo_lesson.py", "--headless", "--host", "127.0.0.1",
    "--port", String(port), "--no-token", "--no-sandbox", "--no-check"], { env: env.env, cwd: env.work, probe: `http://127.0.0.1:${port}/` });
  const { context, page, errors } = await newPage();
  try {
    await page.goto(`http://127.0.0.1:${port}/`);
    const drawn = await panelUntil(page.locator("body"), (look) => look.colours > 20);
    assert.match(drawn.h2, /Gaussian discriminant analysis/i);
    assert.equal(drawn.value, "40");
    // The cell that reads the widget's value shows the state the cell gave.
    await page.getByText(/^state: seed=3(&n0=40)?$/).first().waitFor({ timeout: 60000 });
    await page.locator(".genlab-widget").first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(process.env.GENLAB_SHOTS || env.root, "marimo.png") });
    // A student clicks the n₀ slider three quarters along; marimo re-runs the reading cell.
    const slider = page.locator('.genlab-widget >> [data-role="n0"]').first();
    const box = await slider.boundingBox();
    await slider.click({ position: { x: box.width * 0.75, y: box.height / 2 } });
    const n0 = (await panelLook(page.locator("body"))).value;
    assert.ok(Number(n0) > 300 && Number(n0) < 450, `the slider's n₀ ${n0}`);
    await page.getByText(new RegExp(`^state: seed=3&n0=${n0}$`)).first().waitFor({ timeout: 60000 });
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await server.stop();
  }
});

// MkDocs, the real one (from the wheels, `mkdocs build`): a course site's page with the
// element snippet of docs/lecturers.md, the site on one origin and genlab's bundle (dist/) on
// another, as a course site that loads genlab from where it is hosted. With the headers
// dist/_headers gives, the panel draws in the built page; from a host that sends no CORS
// header, the page keeps the snippet's own sentence and link (a course page left empty and
// silent was what a lecturer found).
for (const cors of [true, false]) {
  test(`MkDocs: a site built with the element snippet ${cors ? "draws the panel from genlab's bundle on another origin served with dist/_headers" : "keeps the snippet's sentence when the bundle's host sends no CORS header"}`, async () => {
    const dist = path.join(repo, "dist");
    const bundle = cors ? await headersHost(dist) : await serve(dist);
    const project = path.join(env.root, `mkdocs-${cors ? "cors" : "plain"}`);
    mkdirSync(path.join(project, "docs"), { recursive: true });
    // The default theme with its highlighting script off (it would come from a CDN).
    writeFileSync(path.join(project, "mkdocs.yml"), "site_name: Lecture 5\ntheme:\n  name: mkdocs\n  highlightjs: false\n");
    writeFileSync(path.join(project, "docs", "index.md"), `# Naive Bayes\n\nType a message and watch every word's evidence.\n\n${snippet("element").replaceAll("https://your.host/genlab/", bundle.url)}\n\nAfter the panel, the lecture goes on.\n`);
    execFileSync(env.bin("mkdocs"), ["build", "--quiet"], { cwd: project, env: env.env });
    const site = await serve(path.join(project, "site"));
    const { context, page, errors } = await newPage();
    const consoleErrors = [];
    page.on("console", (m) => { if (m.type() === "error") consoleErrors.push(m.text()); });
    try {
      await page.goto(site.url);
      const panel = page.locator("genlab-panel");
      if (cors) {
        await page.waitForFunction(() => document.querySelector("genlab-panel")?.handle, null, { timeout: 60000 });
        const drawn = await panelsDrawn(page, "genlab-panel");
        assert.ok(drawn.nbLedgerRows > 0 && drawn.nbVerdict.length > 0, JSON.stringify(drawn));
        assert.match(await panel.locator("h2").first().textContent(), /朴素贝叶斯/);
        assert.equal(await page.getByText("If this sentence stays").count(), 0, "the snippet's sentence is gone");
        // The theme's own rules do not reach into the panel: its controls stay inside its box
        // (the theme's Bootstrap gives `.row` negative margins, and genlab's field rows were
        // `.row`: the prior's select stuck out 12 px to the left) and its legends keep the
        // panel's type (Bootstrap's legend is 1.5rem).
        const look = await panel.evaluate((el) => {
          const box = el.querySelector(".panel").getBoundingClientRect();
          const out = [...el.querySelectorAll("label, fieldset, select, textarea, button, input")].filter((c) => {
            const r = c.getBoundingClientRect();
            return r.width > 0 && (r.left < box.left - 0.5 || r.right > box.right + 0.5);
          }).map((c) => `${c.tagName.toLowerCase()}[data-control=${c.closest("[data-control]")?.dataset.control ?? ""}]`);
          const legend = el.querySelector("legend");
          return { out, legend: getComputedStyle(legend).fontSize, body: getComputedStyle(legend.parentElement).fontSize };
        });
        assert.deepEqual(look.out, [], "controls outside the panel's box");
        assert.equal(look.legend, look.body, "a legend in the panel's type");
        await panel.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(process.env.GENLAB_SHOTS || env.root, "mkdocs.png") });
        assert.deepEqual(consoleErrors, []);
      } else {
        await page.waitForLoadState("load");
        await page.waitForTimeout(1000);
        assert.equal(await page.evaluate(() => customElements.get("genlab-panel")), undefined);
        const shown = await panel.evaluate((el) => ({ text: el.innerText, height: el.getBoundingClientRect().height, link: el.querySelector("a")?.href ?? "" }));
        assert.match(shown.text, /If this sentence stays, its script could not be loaded/);
        assert.ok(shown.height > 10, `the sentence is ${shown.height} px tall`);
        assert.ok(shown.link.startsWith(bundle.url), `the link opens the lab on its own page: ${shown.link}`);
        assert.ok(consoleErrors.some((e) => /Access-Control-Allow-Origin/.test(e)), consoleErrors.join("\n"));
      }
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await site.close();
      await bundle.close();
    }
  });
}
