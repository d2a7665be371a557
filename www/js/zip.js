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

// Writing: the SCORM package (js/lms-package.js, and tools/dist/build.mjs in Node, which has
// the same CompressionStream) is one file and its manifest, so a small writer is enough:
// each entry deflated by the browser's CompressionStream("deflate-raw") and kept stored where
// that does not make it smaller; no ZIP64 (entries and the archive under 4 GB), UTF-8 names.

let crcTable = null;
/** The CRC-32 (ISO-HDLC, as zip uses) of `bytes`. */
export function crc32(bytes) {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = crcTable[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * A zip archive (a Blob, type application/zip) of `files`, `[{name, data}]` with `data` a
 * string (written as UTF-8) or a Uint8Array, in that order. `date` (a Date) stamps every entry.
 */
export async function zipWrite(files, date = new Date()) {
  const encoder = new TextEncoder();
  const dosTime = (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1);
  const dosDate = (Math.max(date.getFullYear() - 1980, 0) << 9) | ((date.getMonth() + 1) << 5) | date.getDate();
  const parts = [];
  const central = [];
  let offset = 0;
  for (const { name, data } of files) {
    const raw = typeof data === "string" ? encoder.encode(data) : data;
    const deflated = new Uint8Array(await new Response(new Blob([raw]).stream().pipeThrough(new CompressionStream("deflate-raw"))).arrayBuffer());
    const stored = deflated.length >= raw.length;
    const body = stored ? raw : deflated;
    const nameBytes = encoder.encode(name);
    const crc = crc32(raw);
    // The fields local and central headers share, from "version needed" to the name's length.
    const common = (v, at) => {
      v.setUint16(at, 20, true); // version needed: 2.0 (deflate)
      v.setUint16(at + 2, 0x0800, true); // bit 11: the name is UTF-8
      v.setUint16(at + 4, stored ? 0 : 8, true);
      v.setUint16(at + 6, dosTime, true);
      v.setUint16(at + 8, dosDate, true);
      v.setUint32(at + 10, crc, true);
      v.setUint32(at + 14, body.length, true);
      v.setUint32(at + 18, raw.length, true);
      v.setUint16(at + 22, nameBytes.length, true);
    };
    const local = new Uint8Array(30 + nameBytes.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    common(lv, 4);
    local.set(nameBytes, 30);
    const entry = new Uint8Array(46 + nameBytes.length);
    const cv = new DataView(entry.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true); // made by: version 2.0, MS-DOS attributes
    common(cv, 6);
    cv.setUint32(42, offset, true);
    entry.set(nameBytes, 46);
    parts.push(local, body);
    central.push(entry);
    offset += local.length + body.length;
  }
  const cdSize = central.reduce((sum, e) => sum + e.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, files.length, true);
  ev.setUint16(10, files.length, true);
  ev.setUint32(12, cdSize, true);
  ev.setUint32(16, offset, true);
  return new Blob([...parts, ...central, end], { type: "application/zip" });
}
