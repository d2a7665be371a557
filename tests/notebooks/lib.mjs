// The notebook tests' helpers: a fresh venv with the genlab wheel from dist/python and the real
// tools (JupyterLab, Notebook 7, marimo, nbclient) from the wheels scripts/ensure-tools.sh
// notebooks downloaded (no network at test time), servers on 127.0.0.1 with a known token and
// update and news checks off, and what a panel inside a page shows.

import { spawn, execFileSync } from "node:child_process";
import { createServer } from "node:net";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { repo } from "../e2e/lib.mjs";

export { repo, launch } from "../e2e/lib.mjs";

export const fixtures = path.join(repo, "tests", "notebooks", "fixtures");
const wheels = path.join(repo, "tools", "notebooks", "wheels");

/** The one wheel scripts/dist.sh wrote into dist/python. */
export function wheelFile() {
  const dir = path.join(repo, "dist", "python");
  const found = readdirSync(dir).filter((f) => /^genlab-[^-]+-py3-none-any\.whl$/.test(f));
  if (found.length !== 1) throw new Error(`dist/python holds ${found.length} genlab wheels: run scripts/dist.sh`);
  return path.join(dir, found[0]);
}

/**
 * A fresh venv in a new temporary folder with `pip install genlab` (the wheel, its dependency
 * resolved from the wheels folder) and the pinned tools; returns its folders. Jupyter's config,
 * data and runtime folders are inside it too, so no setting of the machine's user leaks in.
 */
export function freshVenv() {
  const root = mkdtempSync(path.join(tmpdir(), "genlab-nb-"));
  // GENLAB_NOTEBOOK_VENV (when writing a test only): a venv made earlier by this function, reused
  // with the wheel reinstalled, to save the minutes a fresh one costs. scripts/test.sh never sets it.
  const venv = process.env.GENLAB_NOTEBOOK_VENV || path.join(root, "venv");
  if (!process.env.GENLAB_NOTEBOOK_VENV) execFileSync("python3", ["-m", "venv", venv], { stdio: "inherit" });
  const pip = path.join(venv, "bin", "pip");
  execFileSync(pip, ["install", "-q", "--no-index", "--find-links", wheels, "--force-reinstall", "--no-deps", wheelFile()], { stdio: "inherit" });
  execFileSync(pip, ["install", "-q", "--no-index", "--find-links", wheels, wheelFile(),
    "-r", path.join(repo, "tools", "notebooks", "requirements.txt")], { stdio: "inherit" });
  // JupyterLab's update check and its news ("Would you like to get notified…") are off, as
  // settings overrides every JupyterLab and Notebook 7 read at start.
  const settings = path.join(venv, "share", "jupyter", "lab", "settings");
  mkdirSync(settings, { recursive: true });
  writeFileSync(path.join(settings, "overrides.json"), JSON.stringify({
    "@jupyterlab/apputils-extension:notification": { checkForUpdates: false, fetchNews: "false" },
  }));
  const work = path.join(root, "work");
  mkdirSync(work);
  for (const f of readdirSync(fixtures)) cpSync(path.join(fixtures, f), path.join(work, f));
  const env = {
    ...process.env,
    PATH: `${path.join(venv, "bin")}:${process.env.PATH}`,
    VIRTUAL_ENV: venv,
    JUPYTER_CONFIG_DIR: path.join(root, "jupyter-config"),
    JUPYTER_DATA_DIR: path.join(root, "jupyter-data"),
    JUPYTER_RUNTIME_DIR: path.join(root, "jupyter-runtime"),
    JUPYTER_PLATFORM_DIRS: "1",
    IPYTHONDIR: path.join(root, "ipython"),
    MARIMO_SKIP_UPDATE_CHECK: "1",
    XDG_CONFIG_HOME: path.join(root, "xdg-config"),
    XDG_CACHE_HOME: path.join(root, "xdg-cache"),
    XDG_STATE_HOME: path.join(root, "xdg-state"),
    HOME: root,
  };
  return { root, venv, work, env, bin: (name) => path.join(venv, "bin", name) };
}

/** A free TCP port on 127.0.0.1. */
export async function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

/**
 * Starts `cmd args` (a server) and waits until `probe` answers 200; returns it with stop(),
 * which ends that process alone and waits for it. Its output is kept for a failure's message.
 */
export async function startServer(cmd, args, { env, cwd, probe, timeoutMs = 90000 }) {
  const proc = spawn(cmd, args, { env, cwd, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  proc.stdout.on("data", (d) => { log += d; });
  proc.stderr.on("data", (d) => { log += d; });
  const exited = new Promise((resolve) => proc.on("exit", resolve));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${cmd} exited (${proc.exitCode}):\n${log}`);
    try {
      const r = await fetch(probe);
      if (r.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      proc.kill();
      throw new Error(`${cmd} did not answer ${probe} in ${timeoutMs} ms:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    log: () => log,
    async stop() {
      if (proc.exitCode === null) proc.kill("SIGTERM");
      const timer = setTimeout(() => proc.exitCode === null && proc.kill("SIGKILL"), 10000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * What the genlab panel inside `scope` (a locator of the cell's output) shows: the number of
 * distinct colours on its figure (a blank canvas has one), its heading and a control's value.
 */
export async function panelLook(scope, role = "n0") {
  const host = scope.locator(".genlab-widget").first();
  await host.waitFor({ timeout: 120000 });
  return host.evaluate((el, role) => {
    const root = el.shadowRoot;
    const canvas = root.querySelector('[data-role="canvas"], [data-role="curve"]');
    let colours = 0;
    if (canvas && canvas.width && canvas.height) {
      const d = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
      const seen = new Set();
      for (let k = 0; k < d.length; k += 28) seen.add((d[k] << 16) | (d[k + 1] << 8) | d[k + 2]);
      colours = seen.size;
    }
    const box = canvas?.getBoundingClientRect();
    return {
      h2: root.querySelector("h2")?.textContent ?? "",
      colours,
      canvasWidth: box ? Math.round(box.width) : 0,
      value: root.querySelector(`[data-role="${role}"]`)?.value ?? null,
    };
  }, role);
}

/** Polls panelLook(scope, role) until `ok(look)`; returns that look (throws after `timeoutMs`). */
export async function panelUntil(scope, ok, { role = "n0", timeoutMs = 120000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let look = null;
  for (;;) {
    look = await panelLook(scope, role);
    if (ok(look)) return look;
    if (Date.now() > deadline) throw new Error(`the panel never got there: ${JSON.stringify(look)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
