"""A JupyterLite site that runs the genlab wheel in Pyodide from this machine's own files alone.

    python tools/jupyterlite/site.py fetch
        (scripts/ensure-tools.sh notebooks) downloads, as pure wheels from the Python package
        index, what Pyodide's kernel loads from Pyodide's own package set (micropip, IPython, jedi
        and their dependencies, at the versions Pyodide's lock file names) into wheels/pyodide/,
        and genlab's dependencies that Pyodide does not carry (piplite-requirements.txt) into
        wheels/piplite/.
    python tools/jupyterlite/site.py build --wheel GENLAB.whl --notebook NB.ipynb --out DIR
        lays out a JupyterLite source folder and runs `jupyter lite build` into DIR: the Pyodide
        runtime from the npm package `pyodide` (node_modules/pyodide) in static/pyodide/, where
        the kernel looks first (jupyterlite-pyodide-kernel's "well-known" local Pyodide), with the
        wheels/pyodide/ wheels beside it; the genlab wheel and wheels/piplite/ offered to piplite
        (`%pip install genlab`); the notebook in the site's files; PyPI fallback and news off.

Pyodide's own builds of those pure packages are not byte-identical to the index's wheels, so the
site's copy of pyodide-lock.json carries the SHA-256 of the wheels it serves (Pyodide checks them).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
PYODIDE = HERE / "node_modules" / "pyodide"
WHEELS = HERE / "wheels"
# What the kernel (jupyterlite-pyodide-kernel 0.8.6's worker) and genlab's dependencies load
# from Pyodide's package set; their dependencies are read from the lock file.
LOCK_ROOTS = ["micropip", "ipython", "jedi", "traitlets", "typing-extensions"]
# Pure wheels for the Python inside Pyodide 314 (3.14), whatever Python runs this script.
PURE = ["--only-binary=:all:", "--python-version", "3.14", "--implementation", "py",
        "--platform", "any", "--abi", "none"]


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def lock() -> dict:
    return json.loads((PYODIDE / "pyodide-lock.json").read_text())


def fetch() -> None:
    packages = {canonical(k): v for k, v in lock()["packages"].items()}
    wanted: list[str] = []

    def add(name: str) -> None:
        name = canonical(name)
        if name in wanted:
            return
        wanted.append(name)
        for dep in packages[name]["depends"]:
            add(dep)

    for root in LOCK_ROOTS:
        add(root)
    pip = [sys.executable, "-m", "pip", "download", "-q", "--no-deps", *PURE]
    shutil.rmtree(WHEELS, ignore_errors=True)
    pins = [f"{n}=={packages[n]['version']}" for n in wanted]
    subprocess.run([*pip, "-d", str(WHEELS / "pyodide"), *pins], check=True)
    for n in wanted:
        if not (WHEELS / "pyodide" / packages[n]["file_name"]).exists():
            sys.exit(f"the index's wheel of {n} is not named {packages[n]['file_name']}, as Pyodide's lock file says")
    subprocess.run([*pip, "-d", str(WHEELS / "piplite"), "-r", str(HERE / "piplite-requirements.txt")], check=True)


def build(wheel: Path, notebook: Path, out: Path) -> None:
    with tempfile.TemporaryDirectory(prefix="genlab-lite-src-") as tmp:
        src = Path(tmp)
        static = src / "static" / "pyodide"
        static.mkdir(parents=True)
        for f in PYODIDE.iterdir():
            if f.is_file() and not f.name.endswith((".map", ".d.ts", ".html", ".md")):
                shutil.copy2(f, static / f.name)
        for f in (WHEELS / "pyodide").glob("*.whl"):
            shutil.copy2(f, static / f.name)
        data = lock()
        for entry in data["packages"].values():
            served = static / entry["file_name"]
            if served.exists():
                entry["sha256"] = hashlib.sha256(served.read_bytes()).hexdigest()
        (static / "pyodide-lock.json").write_text(json.dumps(data))
        pypi = src / "pypi"
        pypi.mkdir()
        shutil.copy2(wheel, pypi / wheel.name)
        for f in (WHEELS / "piplite").glob("*.whl"):
            shutil.copy2(f, pypi / f.name)
        files = src / "files"
        files.mkdir()
        shutil.copy2(notebook, files / notebook.name)
        (src / "jupyter-lite.json").write_text(json.dumps({
            "jupyter-lite-schema-version": 0,
            "jupyter-config-data": {
                "litePluginSettings": {
                    "@jupyterlite/pyodide-kernel-extension:kernel": {"disablePyPIFallback": True},
                },
                "settingsOverrides": {
                    "@jupyterlab/apputils-extension:notification": {"checkForUpdates": False, "fetchNews": "false"},
                },
            },
        }, indent=1))
        jupyter = Path(sys.executable).parent / "jupyter"
        subprocess.run([str(jupyter), "lite", "build", "--lite-dir", str(src), "--output-dir", str(out)],
                       cwd=src, check=True, stdout=subprocess.DEVNULL)
    config = json.loads((out / "jupyter-lite.json").read_text())["jupyter-config-data"]
    url = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"].get("pyodideUrl")
    if url != "./static/pyodide/pyodide.mjs":
        sys.exit(f"the site's kernel would load Pyodide from {url!r}, not from the site")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("fetch")
    b = sub.add_parser("build")
    b.add_argument("--wheel", type=Path, required=True)
    b.add_argument("--notebook", type=Path, required=True)
    b.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    if args.command == "fetch":
        fetch()
    else:
        build(args.wheel.resolve(), args.notebook.resolve(), args.out.resolve())


if __name__ == "__main__":
    main()
