// The formulas inside the page's sentences are the same in English and Chinese: a sentence
// that writes P(…) in one language writes as many P(…) in the other (the Chinese of a
// sentence must not drop the probabilities its English states). Every dictionary of words
// and of the core's messages, no browser: `node --test tests/unit/`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { DICTS, loadLang } from "../../www/js/i18n.js";
import { MESSAGES, loadMessages } from "../../www/js/messages.js";
import * as NBW from "../../www/js/i18n-nb.js";
import * as CATW from "../../www/js/i18n-cat.js";
import * as CURVESW from "../../www/js/i18n-curves.js";
import * as SURFACEW from "../../www/js/i18n-surface.js";
import * as CLASSESW from "../../www/js/gda-classes.js";

await loadLang("zh-CN");
await Promise.all(["nb", "cat", "curves"].map(loadMessages));

const TABLES = [
  ["i18n.js", DICTS.en, DICTS["zh-CN"]],
  ["i18n-nb.js", NBW.EN_NB, NBW.ZH_NB],
  ["i18n-cat.js", CATW.EN_CAT, CATW.ZH_CAT],
  ["i18n-curves.js", CURVESW.EN_CURVES, CURVESW.ZH_CURVES],
  ["i18n-surface.js", SURFACEW.EN_SURFACE, SURFACEW.ZH_SURFACE],
  ["gda-classes.js", CLASSESW.EN_CLASSES, CLASSESW.ZH_CLASSES],
  ["messages", MESSAGES.en, MESSAGES["zh-CN"]],
];

/** The probabilities a sentence writes, "P(" one each, and its inequalities. */
const formulas = (s) => ({ p: (String(s).match(/P\(/g) || []).length, cmp: (String(s).match(/[<>≤≥]/g) || []).length });

test("every sentence writes as many P(…) and inequalities in Chinese as in English", () => {
  const wrong = [];
  for (const [file, en, zh] of TABLES) {
    for (const key of Object.keys(en)) {
      if (!(key in zh)) continue;
      const a = formulas(en[key]);
      const b = formulas(zh[key]);
      if (a.p !== b.p || a.cmp !== b.cmp) wrong.push(`${file} ${key}: EN ${JSON.stringify(a)}, ZH ${JSON.stringify(b)}`);
    }
  }
  assert.deepEqual(wrong, []);
});
