// Writes the npm package `genlab` from a built dist/ (after tools/dist/build.mjs) and packs it:
//   dist/npm/package/           the package as the tarball unpacks it (`package/`)
//   dist/npm/genlab-<version>.tgz   `npm pack` of it (what is published, and a release asset)
// Run by scripts/dist.sh. The hand-written parts (declarations, the Custom Elements Manifest,
// the README) are in npm/ at the top of the repository; the code is dist/'s, minified:
//   genlab.js               the element <genlab-panel> and mount() (re-exports js/genlab.js),
//                           the same address as a hosted copy's genlab.js
//   js/, pkg-*/, style.css, data/   the modules genlab.js loads, the wasm modules with their
//                           glue, the stylesheet and the learning curves' two data sets, laid out
//                           as in www/: every file is found next to the module that asks for it
//                           (`new URL("../pkg-gda/genlab_bg.wasm", import.meta.url)`), from a
//                           CDN's raw files and in a bundler's build alike
//   genlab-widget.mjs       the notebook widget (anywidget), everything inside
//   genlab.html             the single offline file
// The version is Cargo.toml's, so the crate, the wheel and this package have one version.

import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { importClosure } from "./bundle.mjs";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const www = path.join(repo, "www");
const dist = path.join(repo, "dist");
const out = path.join(dist, "npm");
const pkgDir = path.join(out, "package");

/** Cargo.toml's [package] version and licence. */
function cargoPackage() {
  const toml = readFileSync(path.join(repo, "Cargo.toml"), "utf8");
  const section = toml.split(/^\[/m).find((s) => s.startsWith("package]"));
  const field = (name) => section.match(new RegExp(`^${name}\\s*=\\s*"([^"]*)"`, "m"))?.[1];
  const version = field("version");
  if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version ?? "")) throw new Error(`Cargo.toml's version "${version}" is not a semver version`);
  return { version, license: field("license"), description: field("description") };
}

/** The wasm modules genlab.js may load, each a pkg-* folder (the full pkg/ is inside the one-file builds only). */
const CORES = ["pkg-gda", "pkg-nb", "pkg-curves", "pkg-lesson", "pkg-surface"];
/** Modules started as workers (new Worker(new URL(...))), which the import closure does not follow. */
const WORKERS = ["js/curves-worker.js"];

/** The modules js/genlab.js imports, statically or with import(), and the workers, as www/ paths. */
function moduleSet() {
  const modules = new Map();
  for (const dir of ["js", "js/nb", ...CORES]) {
    for (const name of readdirSync(path.join(www, dir))) if (name.endsWith(".js")) modules.set(`${dir}/${name}`, readFileSync(path.join(www, dir, name), "utf8"));
  }
  return new Set([...importClosure(modules, ["js/genlab.js", ...WORKERS]).all].sort());
}

const { version, license, description } = cargoPackage();
const { folder } = JSON.parse(readFileSync(path.join(dist, "sizes.json"), "utf8"));
const assets = path.join(dist, folder);

rmSync(out, { recursive: true, force: true });
mkdirSync(pkgDir, { recursive: true });
const copy = (from, to = from) => {
  mkdirSync(path.dirname(path.join(pkgDir, to)), { recursive: true });
  cpSync(from.startsWith("/") ? from : path.join(assets, from), path.join(pkgDir, to));
};
const modules = moduleSet();
for (const id of modules) copy(id);
for (const core of CORES) {
  if (!modules.has(`${core}/genlab.js`)) throw new Error(`js/genlab.js no longer loads ${core}/: update tools/dist/npm.mjs`);
  copy(`${core}/genlab_bg.wasm`);
}
copy("style.css");
for (const name of readdirSync(path.join(assets, "data"))) if (name.endsWith(".csv")) copy(`data/${name}`);
copy(path.join(dist, "genlab-widget.mjs"), "genlab-widget.mjs");
copy(path.join(dist, "genlab.html"), "genlab.html");
for (const name of ["genlab.d.ts", "genlab-widget.d.mts", "custom-elements.json"]) copy(path.join(repo, "npm", name), name);
// The README's CDN address pinned to this version (npm shows the README of each version).
writeFileSync(path.join(pkgDir, "README.md"), readFileSync(path.join(repo, "npm", "README.md"), "utf8").replaceAll("genlab@VERSION/", `genlab@${version}/`));
writeFileSync(path.join(pkgDir, "genlab.js"), `// <genlab-panel> and mount(): importing this module defines the element.\nexport * from "./js/genlab.js";\n`);

const wasm = CORES.map((core) => `./${core}/genlab_bg.wasm`);
const manifest = {
  name: "genlab",
  version,
  description,
  license,
  keywords: ["machine-learning", "teaching", "gaussian-discriminant-analysis", "naive-bayes", "webassembly", "web-component", "anywidget"],
  type: "module",
  types: "./genlab.d.ts",
  exports: {
    ".": { types: "./genlab.d.ts", default: "./genlab.js" },
    "./widget": { types: "./genlab-widget.d.mts", default: "./genlab-widget.mjs" },
    "./genlab.html": "./genlab.html",
    "./style.css": "./style.css",
    "./custom-elements.json": "./custom-elements.json",
    "./package.json": "./package.json",
    ...Object.fromEntries(wasm.map((w) => [w, w])),
  },
  customElements: "custom-elements.json",
  files: ["genlab.js", "genlab.d.ts", "genlab-widget.mjs", "genlab-widget.d.mts", "genlab.html", "custom-elements.json", "style.css", "js/", ...CORES.map((c) => `${c}/`), "data/"],
};
writeFileSync(path.join(pkgDir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);

// Every file the package lists is there, and nothing else is (npm pack would drop it silently).
const walk = (dir, prefix = "") => readdirSync(dir).flatMap((name) => (statSync(path.join(dir, name)).isDirectory() ? walk(path.join(dir, name), `${prefix}${name}/`) : [`${prefix}${name}`]));
const present = walk(pkgDir);
const listed = (rel) => ["package.json", "README.md"].includes(rel) || manifest.files.some((f) => (f.endsWith("/") ? rel.startsWith(f) : rel === f));
const stray = present.filter((rel) => !listed(rel));
if (stray.length) throw new Error(`files in dist/npm/package/ that package.json does not list: ${stray.join(", ")}`);
for (const w of wasm) if (!present.includes(w.slice(2))) throw new Error(`${w} is missing`);

const packed = execFileSync("npm", ["pack", "--json", "--pack-destination", out], { cwd: pkgDir, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
const [{ filename, size, unpackedSize, entryCount }] = JSON.parse(packed);
const mb = (n) => `${(n / 1e6).toFixed(2)} MB`;
console.log(`[npm] dist/npm/${filename}: ${mb(size)} (unpacked ${mb(unpackedSize)}, ${entryCount} files)`);
