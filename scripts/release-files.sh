#!/usr/bin/env bash
# The files of a release, from a built dist/ (scripts/dist.sh), into OUT (default release/):
#   genlab-<version>.zip   the hosted site: dist/ in a folder genlab-<version>/ (the .br and .gz
#                          twins included, for hosts that serve them), without dist/npm/ and
#                          dist/python/, which are the packages below
#   genlab.html            the single offline file
#   genlab-scorm.zip       the SCORM 1.2 package for an LMS (dist/genlab-scorm.zip)
#   genlab-<version>-py3-none-any.whl   the Python package (dist/python/*.whl)
#   genlab-<version>.tgz   the npm package (dist/npm/)
#   SHA256SUMS             `sha256sum` of each of them (check with `sha256sum -c SHA256SUMS`)
# Run by .github/workflows/release.yml on a version tag; RELEASING.md says what to do next.
#   scripts/release-files.sh [OUT]
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-release}
version=$(sed -n '/^\[package\]/,/^\[/s/^version = "\([^"]*\)"/\1/p' Cargo.toml | head -1)
[[ -n $version ]] || { echo "no version in Cargo.toml's [package]" >&2; exit 1; }
[[ -f dist/index.html && -f dist/genlab.html ]] || { echo "dist/ is not built: run scripts/dist.sh" >&2; exit 1; }
rm -rf "$out"
mkdir -p "$out"

# The site, as one folder named by its version (Python's zipfile: no zip tool needed, same
# bytes on every machine for the same files).
python3 - "$version" "$out/genlab-$version.zip" <<'EOF'
import os, sys, zipfile
version, target = sys.argv[1], sys.argv[2]
top = f"genlab-{version}"
with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
    for root, dirs, files in os.walk("dist"):
        dirs[:] = sorted(d for d in dirs if not (root == "dist" and d in ("npm", "python")))
        for name in sorted(files):
            path = os.path.join(root, name)
            rel = os.path.relpath(path, "dist")
            # The packages and the release's own files are separate downloads, not part of the site.
            if root == "dist" and (name == "genlab-scorm.zip" or name.endswith((".whl", ".tgz"))):
                continue
            info = zipfile.ZipInfo(f"{top}/{rel}", date_time=(2020, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            with open(path, "rb") as f:
                z.writestr(info, f.read(), compresslevel=9)
EOF

cp dist/genlab.html "$out/"
# Required: the npm package is built by scripts/dist.sh itself.
cp "dist/npm/genlab-$version.tgz" "$out/"
# The SCORM package and the wheel come from their own steps of scripts/dist.sh: a release
# without one of them is announced here (and in the job's summary) rather than silently short.
missing=()
if [[ -f dist/genlab-scorm.zip ]]; then cp dist/genlab-scorm.zip "$out/"; else missing+=("genlab-scorm.zip (dist/genlab-scorm.zip)"); fi
shopt -s nullglob
wheels=(dist/python/*.whl)
if ((${#wheels[@]})); then cp "${wheels[@]}" "$out/"; else missing+=("the wheel (dist/python/*.whl)"); fi
shopt -u nullglob

(cd "$out" && sha256sum -- * > SHA256SUMS)
echo "[release] $out/ for genlab $version:"
(cd "$out" && ls -l --time-style=+ -- * | awk '{printf "  %-40s %10.2f MB\n", $NF, $5 / 1e6}')
for m in "${missing[@]}"; do
  echo "::warning::this release lacks ${m}: scripts/dist.sh did not write it"
done
