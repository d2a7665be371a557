// Writes a .zip in the browser, the counterpart of js/zip.js (which reads them), in a module of
// its own so that the naive Bayes panel, which reads mailboxes, does not load it. The SCORM
// package (js/lms-package.js, and tools/dist/build.mjs in Node, which has the same
// CompressionStream) is one file and its manifest, so a small writer is enough:
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
