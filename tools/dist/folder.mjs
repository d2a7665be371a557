// The name of a release's asset folder: a hash of every asset's path and bytes, so any
// change to any asset gives the release a folder of its own (dist/ and its tests use it).

import { createHash } from "node:crypto";

/** `assets-` and 12 hex digits of SHA-256 over `[relative path, bytes]` pairs, in path order. */
export function assetFolder(assets) {
  const hash = createHash("sha256");
  for (const [rel, bytes] of [...assets].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    hash.update(`${rel}\0${bytes.length}\0`).update(bytes);
  }
  return `assets-${hash.digest("hex").slice(0, 12)}`;
}
