// Reads the files of a .zip (a mailbox in folders, zipped) in the browser, without a library
// and without adding to the .wasm: the central directory is read here, each entry inflated by
// the browser's own DecompressionStream("deflate-raw"). Only "stored" and "deflate" entries;
// no ZIP64, no encryption (each refused with a reason).
//
// Hostile archives: the number of entries and the sum of the sizes they declare are capped
// before anything is inflated, and while inflating, an entry that grows past the size it
// declared, or past what is left of the cap, is stopped at once (a zip bomb costs at most the
// cap's worth of work, never its own).

/** Caps: entries, and bytes once inflated (those of a mailbox: genlab::limits). */
export const ZIP_LIMITS = { entries: 50_000, bytes: 64_000_000 };

/** A refused archive: `key` names the sentence (i18n "nb.zip.<key>"), `params` fill it. */
export class ZipError extends Error {
  constructor(key, params = {}) {
    super(`zip: ${key}`);
    this.key = key;
    this.params = params;
  }
}

const u16 = (v, at) => v.getUint16(at, true);
const u32 = (v, at) => v.getUint32(at, true);

/**
 * The files of the archive `file` (a Blob): `[{name, method, compressed, size, offset}]`,
 * folders left out, in the central directory's order.
 */
export async function zipEntries(file) {
  const tailLength = Math.min(file.size, 22 + 65535);
  const tail = new DataView(await file.slice(file.size - tailLength).arrayBuffer());
  let end = -1;
  for (let i = tail.byteLength - 22; i >= 0; i--) {
    if (u32(tail, i) === 0x06054b50) { end = i; break; }
  }
  if (end < 0) throw new ZipError("bad");
  const count = u16(tail, end + 10);
  const cdSize = u32(tail, end + 12);
  const cdOffset = u32(tail, end + 16);
  if (count === 0xffff || cdOffset === 0xffffffff) throw new ZipError("zip64");
  if (count > ZIP_LIMITS.entries) throw new ZipError("entries", { n: count, max: ZIP_LIMITS.entries });
  if (cdOffset + cdSize > file.size) throw new ZipError("bad");
  const cd = new DataView(await file.slice(cdOffset, cdOffset + cdSize).arrayBuffer());
  const names = new TextDecoder("utf-8");
  const entries = [];
  let total = 0;
  for (let at = 0, k = 0; k < count; k++) {
    if (at + 46 > cd.byteLength || u32(cd, at) !== 0x02014b50) throw new ZipError("bad");
    const flags = u16(cd, at + 8);
    const method = u16(cd, at + 10);
    const compressed = u32(cd, at + 20);
    const size = u32(cd, at + 24);
    const nameLength = u16(cd, at + 28);
    const skip = nameLength + u16(cd, at + 30) + u16(cd, at + 32);
    const offset = u32(cd, at + 42);
    const name = names.decode(new Uint8Array(cd.buffer, cd.byteOffset + at + 46, Math.min(nameLength, cd.byteLength - at - 46)));
    at += 46 + skip;
    if (name.endsWith("/")) continue;
    if (compressed === 0xffffffff || size === 0xffffffff || offset === 0xffffffff) throw new ZipError("zip64");
    if (flags & 1) throw new ZipError("encrypted", { name });
    if (method !== 0 && method !== 8) throw new ZipError("method", { name });
    total += size;
    if (total > ZIP_LIMITS.bytes) throw new ZipError("tooBig", { mb: (ZIP_LIMITS.bytes / 1e6).toFixed(0) });
    entries.push({ name, method, compressed, size, offset });
  }
  return entries;
}

/**
 * The bytes of `entry` of `file`. `budget.left` is what is left of the inflated-bytes cap
 * (decreased here). Inflation stops as soon as the entry grows past its declared size or the
 * budget: a zip bomb is refused after at most that much work.
 */
export async function zipRead(file, entry, budget) {
  const head = new DataView(await file.slice(entry.offset, entry.offset + 30).arrayBuffer());
  if (head.byteLength < 30 || u32(head, 0) !== 0x04034b50) throw new ZipError("bad");
  const start = entry.offset + 30 + u16(head, 26) + u16(head, 28);
  const data = file.slice(start, start + entry.compressed);
  const limit = Math.min(entry.size, budget.left);
  if (entry.method === 0) {
    if (entry.compressed !== entry.size || entry.size > budget.left) throw new ZipError("bomb", { name: entry.name, mb: (ZIP_LIMITS.bytes / 1e6).toFixed(0) });
    budget.left -= entry.size;
    return new Uint8Array(await data.arrayBuffer());
  }
  const out = new Uint8Array(limit);
  let length = 0;
  const reader = data.stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (length + value.length > limit) {
        await reader.cancel();
        throw new ZipError("bomb", { name: entry.name, mb: (ZIP_LIMITS.bytes / 1e6).toFixed(0) });
      }
      out.set(value, length);
      length += value.length;
    }
  } catch (e) {
    if (e instanceof ZipError) throw e;
    throw new ZipError("bad");
  }
  budget.left -= length;
  return out.subarray(0, length);
}
