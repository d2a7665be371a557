// The student's record as a file (docs/record.md has the format): this visit's predictions
// (js/predict-record.js) as JSON or as CSV. Pure functions, no page: the record view
// (js/predict-record-view.js) saves what they write, and a node test checks their text.

/** The format's name and version, written in the JSON file. */
export const FORMAT = "genlab-record";
export const VERSION = 1;

/** The CSV's fixed columns, before the score columns (`score.<name>`, one per score name
 * in the record, in the order they first appear). */
export const COLUMNS = ["time", "panel", "kind", "skipped", "answer", "truth", "hints", "lang"];

/** `genlab-record-YYYY-MM-DD.<ext>` for the local date of `date`. */
export function recordFileName(date, ext) {
  const two = (n) => String(n).padStart(2, "0");
  return `genlab-record-${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}.${ext}`;
}

/** The record as JSON text: `{format, version, saved, entries}` (entries as recorded). */
export function recordJson(entries, saved = new Date()) {
  return `${JSON.stringify({ format: FORMAT, version: VERSION, saved: saved.toISOString(), entries }, null, 2)}\n`;
}

/** One value as a CSV field's text: numbers with every digit of their shortest round trip
 * (JavaScript's String), strings as they are, true/false, null as empty, anything else (the
 * boundary's {w, b}) as compact JSON. */
function text(v) {
  if (v === null || v === undefined) return "";
  if (typeof v === "number") return Number.isFinite(v) ? String(v) : "";
  if (typeof v === "string") return v;
  if (typeof v === "boolean") return v ? "true" : "false";
  return JSON.stringify(v);
}

/** A field quoted as RFC 4180 asks: in double quotes, with its quotes doubled, when it holds a
 * comma, a quote, a CR or an LF (or starts or ends with a space). */
export function csvField(s) {
  return /[",\r\n]|^ | $/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** The record as CSV text: a header row, then a row per entry; lines end in CRLF (RFC 4180);
 * the hints' ids joined by ";". */
export function recordCsv(entries) {
  const scores = [];
  for (const e of entries) for (const k of Object.keys(e.score || {})) if (!scores.includes(k)) scores.push(k);
  const head = [...COLUMNS, ...scores.map((k) => `score.${k}`)];
  const rows = entries.map((e) => [
    text(e.time), text(e.panel), text(e.kind), text(Boolean(e.skipped)), text(e.answer), text(e.truth),
    (e.hints || []).join(";"), text(e.lang), ...scores.map((k) => text(e.score?.[k])),
  ]);
  return [head, ...rows].map((r) => r.map(csvField).join(",")).map((l) => `${l}\r\n`).join("");
}
