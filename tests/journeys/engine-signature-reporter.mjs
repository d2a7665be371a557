// A node:test reporter for the journeys' default-flags lane in WebKit (scripts/test-webkit.sh
// --journeys-defaults N): it sorts each failed test by its error into the engine's and the
// rest. JavaScriptCore 2.50.6, with its defaults, now and then computes wrong integers while it
// moves a wasm function up a tier in the background (tests/webkit_reproducer/README.md). In the
// release page that shows as an out-of-bounds trap (recovery.js then logs it and the test's
// "no error in the page" fails), a bounds-check or overflow panic, or a hung page (the
// journey's waits and WebDriver commands time out). Those are the engine's known signatures;
// any other failure is the page's.
//
//   node --test --test-reporter=spec --test-reporter-destination=stdout \
//     --test-reporter=./tests/journeys/engine-signature-reporter.mjs --test-reporter-destination=FILE tests/journeys/
//
// writes one line per failed test to FILE, `engine <file> > <test>: <error>` or
// `other …`, then `summary {"failed":F,"engine":E,"other":O}`. A suite or file that failed
// only because a test in it failed is not counted again.

/** The engine's failures as a failed test's error shows them (WebKit's and Chromium's words). */
export const ENGINE_SIGNATURE = new RegExp([
  // The wrong integer in a bounds-checked access or a checked product.
  "Out of bounds memory access",
  "memory access out of bounds",
  "index out of bounds",
  "attempt to (?:multiply|add|subtract|negate|shift left|shift right) with overflow",
  // A hung page: the journey's own waits, WebDriver's timeouts, the client's abort after 120 s,
  // and what WebKitWebDriver answers when the page gives it no script result at all.
  "timed out after \\d+ ms waiting for",
  "script timeout",
  ": timeout:",
  ": timed out: no answer from the driver",
  "Could not parse script result",
].join("|"));

/** The text of a failed test's error, its causes (and an assertion's actual value) included;
 * `head`: the first line of the innermost error's message, for the log. */
function errorText(error) {
  const parts = [];
  let head = "";
  for (let e = error, depth = 0; e && depth < 5; e = e.cause, depth++) {
    if (typeof e !== "object") {
      parts.push(String(e));
      head = String(e);
      break;
    }
    parts.push(String(e.stack || e.message || JSON.stringify(e)));
    if ("actual" in e) {
      try {
        parts.push(JSON.stringify(e.actual));
      } catch {
        parts.push(String(e.actual));
      }
    }
    head = String(e.message ?? e).split("\n")[0];
  }
  return { text: parts.join("\n"), head };
}

/** Whether a failure only repeats another's: a suite or file failed by its tests, a test
 * cancelled because its suite's hook failed (counted in them already). */
function onlyRepeats(error) {
  return ["subtestsFailed", "cancelledByParent"].includes(error?.failureType);
}

export default async function* engineSignatureReporter(source) {
  let engine = 0;
  let other = 0;
  for await (const event of source) {
    if (event.type !== "test:fail") continue;
    const { name, file, details } = event.data;
    if (onlyRepeats(details?.error)) continue;
    const { text, head } = errorText(details?.error);
    const kind = ENGINE_SIGNATURE.test(text) ? "engine" : "other";
    if (kind === "engine") engine += 1;
    else other += 1;
    const match = kind === "engine" ? ` [${text.match(ENGINE_SIGNATURE)[0]}]` : "";
    yield `${kind} ${file ? file.replace(/^.*\/tests\//, "tests/") : "?"} > ${name}: ${head.slice(0, 300)}${match}\n`;
  }
  yield `summary ${JSON.stringify({ failed: engine + other, engine, other })}\n`;
}
