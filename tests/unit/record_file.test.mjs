// The student's record as a file (www/js/record-file.js, docs/record.md): the CSV and JSON
// texts of a fixed record, written out here by hand (RFC 4180: fields with a comma, a quote,
// CR or LF in double quotes, quotes doubled, lines ending in CRLF; numbers with every digit of
// their shortest round trip; hints joined by ";"), and the file's name. No browser:
// `node --test tests/unit/`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { recordCsv, recordJson, recordFileName, csvField } from "../../www/js/record-file.js";

const T = "2026-11-29T08:00:00.000Z";
const ENTRIES = [
  { time: T, panel: "gda", kind: "boundary", skipped: false, answer: { w: [1.5, -0.25], b: 0.1 }, truth: { w: [1.6261186976563309, 0.9298059260969406], b: -0.6592297173679289 }, score: { angle_deg: 12.5, agreement: 0.9876543210987654 }, hints: ["boundary-perpendicular-bisector", "prior-turns-boundary"], lang: "en" },
  { time: T, panel: "nb", kind: "bet", skipped: false, answer: 0.7, truth: 0.12345678901234568, score: { logit_gap: 2.0794415416798357 }, hints: [], lang: "zh-CN" },
  { time: T, panel: "curves", kind: "crossover", skipped: true, answer: null, truth: null, score: {}, hints: [], lang: "en" },
  { time: T, panel: "curves", kind: "crossover", skipped: false, answer: 'say "hi", then\r\nbye', truth: "none", score: { right_kind: 0, decades: 1e-7 }, hints: ["generative-always-fewer-examples"], lang: "en" },
];

test("the CSV: a header, one row per entry, RFC 4180 quoting, full precision, CRLF", () => {
  const expected = [
    "time,panel,kind,skipped,answer,truth,hints,lang,score.angle_deg,score.agreement,score.logit_gap,score.right_kind,score.decades",
    '2026-11-29T08:00:00.000Z,gda,boundary,false,"{""w"":[1.5,-0.25],""b"":0.1}","{""w"":[1.6261186976563309,0.9298059260969406],""b"":-0.6592297173679289}",boundary-perpendicular-bisector;prior-turns-boundary,en,12.5,0.9876543210987654,,,',
    "2026-11-29T08:00:00.000Z,nb,bet,false,0.7,0.12345678901234568,,zh-CN,,,2.0794415416798357,,",
    "2026-11-29T08:00:00.000Z,curves,crossover,true,,,,en,,,,,",
    '2026-11-29T08:00:00.000Z,curves,crossover,false,"say ""hi"", then\r\nbye",none,generative-always-fewer-examples,en,,,,0,1e-7',
  ].map((l) => `${l}\r\n`).join("");
  assert.equal(recordCsv(ENTRIES), expected);
});

test("a field is quoted only when it must be", () => {
  assert.equal(csvField("plain"), "plain");
  assert.equal(csvField("a,b"), '"a,b"');
  assert.equal(csvField('a"b'), '"a""b"');
  assert.equal(csvField("a\nb"), '"a\nb"');
  assert.equal(csvField("a\rb"), '"a\rb"');
  assert.equal(csvField(" lead"), '" lead"');
  assert.equal(csvField(""), "");
});

test("an empty record is the header alone", () => {
  assert.equal(recordCsv([]), "time,panel,kind,skipped,answer,truth,hints,lang\r\n");
});

test("the JSON: format, version, when it was saved, the entries as recorded", () => {
  const saved = new Date("2026-11-29T08:30:00.000Z");
  const one = [ENTRIES[1]];
  const expected = `{
  "format": "genlab-record",
  "version": 1,
  "saved": "2026-11-29T08:30:00.000Z",
  "entries": [
    {
      "time": "2026-11-29T08:00:00.000Z",
      "panel": "nb",
      "kind": "bet",
      "skipped": false,
      "answer": 0.7,
      "truth": 0.12345678901234568,
      "score": {
        "logit_gap": 2.0794415416798357
      },
      "hints": [],
      "lang": "zh-CN"
    }
  ]
}
`;
  assert.equal(recordJson(one, saved), expected);
  // Every entry reads back as it was, quotes and line breaks included.
  assert.deepEqual(JSON.parse(recordJson(ENTRIES, saved)).entries, ENTRIES);
});

test("the file's name carries the local date", () => {
  assert.equal(recordFileName(new Date(2026, 0, 5, 23, 59), "csv"), "genlab-record-2026-01-05.csv");
  assert.equal(recordFileName(new Date(2026, 10, 29, 0, 0), "json"), "genlab-record-2026-11-29.json");
});
