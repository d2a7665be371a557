// The release a lecturer downloads: .github/workflows/release.yml parses and runs the scripts
// it should, and scripts/release-files.sh, run on the built dist/, writes the files RELEASING.md
// lists with true SHA-256 sums; the site zip, unzipped and served, is the working lab.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { launch, open, panelsDrawn, repo, serve } from "./lib.mjs";

const run = promisify(execFile);
const version = readFileSync(path.join(repo, "Cargo.toml"), "utf8").match(/^\[package\][^[]*?^version\s*=\s*"([^"]+)"/m)[1];
let scratch;
let out;
let log;

before(async () => {
  assert.ok(existsSync(path.join(repo, "dist", "npm", `genlab-${version}.tgz`)), "dist/ is not built: run scripts/dist.sh (scripts/test.sh does)");
  scratch = mkdtempSync(path.join(tmpdir(), "genlab-release-"));
  out = path.join(scratch, "release");
  const { stdout, stderr } = await run("bash", [path.join(repo, "scripts", "release-files.sh"), out], { cwd: repo });
  log = stdout + stderr;
});
after(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

test("the workflow parses, runs on a version tag, checks the tag against Cargo.toml, builds and attaches", () => {
  const YAML = createRequire(import.meta.url)(path.join(repo, "tools", "npm-check", "node_modules", "yaml"));
  const doc = YAML.parseDocument(readFileSync(path.join(repo, ".github", "workflows", "release.yml"), "utf8"));
  assert.deepEqual(doc.errors, []);
  const wf = doc.toJS();
  assert.deepEqual(Object.keys(wf.on), ["push"]);
  assert.ok(wf.on.push.tags.every((t) => t.startsWith("v")), "only version tags");
  assert.equal(wf.permissions.contents, "write");
  const runs = wf.jobs.release.steps.map((s) => s.run ?? "").join("\n");
  const order = ["$GITHUB_REF_NAME\" != \"v$version\"", "bash scripts/dist.sh", "bash scripts/release-files.sh release", "gh release"].map((s) => runs.indexOf(s));
  assert.ok(order.every((i) => i >= 0) && order.every((i, k) => k === 0 || i > order[k - 1]), `the steps in order: ${order}`);
  assert.doesNotMatch(readFileSync(path.join(repo, ".github", "workflows", "release.yml"), "utf8"), /secrets\.|NPM_TOKEN|PYPI|publish\s/i, "the workflow publishes nothing to a registry");
});

test("release-files.sh writes the release's files and their true SHA-256 sums", () => {
  const files = readdirSync(out).sort();
  for (const name of [`genlab-${version}.zip`, `genlab-${version}.tgz`, "genlab.html", "SHA256SUMS"]) assert.ok(files.includes(name), `${name} in ${files}`);
  // The SCORM package and the wheel where scripts/dist.sh wrote them; a warning names each one that is not.
  const scorm = existsSync(path.join(repo, "dist", "genlab-scorm.zip"));
  assert.equal(files.includes("genlab-scorm.zip"), scorm);
  if (!scorm) assert.match(log, /::warning::this release lacks genlab-scorm\.zip/);
  const wheels = existsSync(path.join(repo, "dist", "python")) ? readdirSync(path.join(repo, "dist", "python")).filter((f) => f.endsWith(".whl")) : [];
  assert.deepEqual(files.filter((f) => f.endsWith(".whl")), wheels);
  if (!wheels.length) assert.match(log, /::warning::this release lacks the wheel/);
  const sums = readFileSync(path.join(out, "SHA256SUMS"), "utf8").trim().split("\n").map((l) => l.split(/\s+\*?/));
  assert.deepEqual(sums.map(([, name]) => name).sort(), files.filter((f) => f !== "SHA256SUMS"));
  for (const [sum, name] of sums) assert.equal(sum, createHash("sha256").update(readFileSync(path.join(out, name))).digest("hex"), name);
  assert.deepEqual(readFileSync(path.join(out, "genlab.html")), readFileSync(path.join(repo, "dist", "genlab.html")));
});

test("the site zip: one folder genlab-<version>/ holding dist/ but the packages, and it is the working lab", async () => {
  const { stdout } = await run("unzip", ["-Z1", path.join(out, `genlab-${version}.zip`)], { maxBuffer: 1 << 24 });
  const entries = stdout.trim().split("\n");
  assert.ok(entries.every((e) => e.startsWith(`genlab-${version}/`)), "one top folder");
  const rel = new Set(entries.map((e) => e.slice(`genlab-${version}/`.length)));
  for (const f of ["index.html", "genlab.js", "genlab.html", "genlab-widget.mjs", "_headers", "index.html.br", "index.html.gz"]) assert.ok(rel.has(f), f);
  assert.deepEqual([...rel].filter((f) => /^(npm|python)\//.test(f) || /\.(tgz|whl)$/.test(f) || f === "genlab-scorm.zip"), []);
  await run("unzip", ["-q", path.join(out, `genlab-${version}.zip`), "-d", scratch]);
  const site = await serve(path.join(scratch, `genlab-${version}`));
  const browser = await launch();
  try {
    const { page, errors } = await open(browser, `${site.url}?embed=gda`);
    assert.ok((await panelsDrawn(page)).gda > 20, "the GDA panel draws from the unzipped site");
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    site.close();
  }
});
