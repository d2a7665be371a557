// The page's dictionaries of the core's messages (www/js/messages.js) against the codes the
// core can hand over (www/js/message-codes.json, written from genlab::message::codes by
// tests/it/message_codes.rs, which fails when the file is stale): every code has an English
// and a Chinese entry with the same parameters, the English is the core's own, and every
// entry is a code. No browser: `node --test tests/unit/`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { MESSAGES, loadMessages, messageText, errorText } from "../../www/js/messages.js";
import * as NB from "../../www/js/messages-nb.js";
import * as CAT from "../../www/js/messages-cat.js";
import * as CURVES from "../../www/js/messages-curves.js";

import { DICTS, loadLang } from "../../www/js/i18n.js";

// An English first load carries no Chinese: the words and messages in Chinese are fetched
// when Chinese is first asked for.
const chineseBefore = Object.keys(DICTS["zh-CN"]).length + Object.keys(MESSAGES["zh-CN"]).length;
// What the first panel's first load carries (in English; Chinese comes when asked for, with
// messages-zh.js), before any other panel's messages are merged in.
await loadLang("zh-CN");
const FIRST = { en: { ...MESSAGES.en }, "zh-CN": { ...MESSAGES["zh-CN"] } };
await Promise.all(["nb", "cat", "curves"].map(loadMessages));

const { codes } = JSON.parse(readFileSync(new URL("../../www/js/message-codes.json", import.meta.url), "utf8"));
const LANGS = ["en", "zh-CN"];

/** The parameter names a template uses, sorted and without repeats. */
const named = (template) => [...new Set([...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();

test("every code the core can hand over has an entry in each language, with its parameters", () => {
  assert.ok(Object.keys(codes).length > 50, "the core's list of codes was read");
  for (const [code, { params }] of Object.entries(codes)) {
    for (const lang of LANGS) {
      const template = MESSAGES[lang][code];
      assert.equal(typeof template, "string", `${lang} has no entry for ${code}`);
      assert.deepEqual(named(template), [...params].sort(), `${lang} ${code}: ${template}`);
    }
  }
});

test("the English entries are the core's English", () => {
  for (const [code, { en }] of Object.entries(codes)) assert.equal(MESSAGES.en[code], en, code);
});

test("every entry of each dictionary is a code the core can hand over", () => {
  for (const lang of LANGS) {
    const unused = Object.keys(MESSAGES[lang]).filter((code) => !(code in codes));
    assert.deepEqual(unused, [], `${lang} entries no code uses`);
  }
});

test("a message is written with its nested messages in the same language", () => {
  const m = { code: "invalid-parameter", name: "ρ", value: { code: "value.nan" }, rule: { code: "rule.rho" } };
  assert.equal(messageText("en", m), "ρ = not a number is not allowed: ρ is a number from −0.95 to 0.95.");
  assert.equal(messageText("zh-CN", m), "ρ = 非数字 不允许：ρ 是 −0.95 到 0.95 之间的数。");
  assert.equal(messageText("zh-CN", { code: "class-too-small", class: 1, count: 2 }).startsWith("类别 1 只有 2 个点"), true);
  // A thrown error carries its message as `data`; one without it is shown by its text.
  assert.equal(errorText("zh-CN", Object.assign(new Error("x"), { data: { code: "value.infinity" } })), "无穷大");
  assert.equal(errorText("en", new Error("Some sentence.")), "Some sentence.");
});

test("each panel's messages are in its own file, loaded with it, and only there", () => {
  const own = { nb: [NB, /^nb\./], cat: [CAT, /^categorical\./], curves: [CURVES, /^curves\./] };
  for (const [part, [file, pattern]] of Object.entries(own)) {
    for (const [lang, dict] of [["en", file.EN], ["zh-CN", file.ZH]]) {
      const strays = Object.keys(dict).filter((code) => !pattern.test(code));
      assert.deepEqual(strays, [], `messages-${part}.js (${lang}) holds codes of another part`);
      const first = Object.keys(FIRST[lang]).filter((code) => pattern.test(code));
      assert.deepEqual(first, [], `messages.js (${lang}) holds ${part}'s codes, which the first load then carries`);
    }
  }
});

test("the first load's dictionaries hold no Chinese until it is asked for, and then all of it", () => {
  assert.equal(chineseBefore, 0);
  assert.equal(Object.keys(DICTS["zh-CN"]).length, Object.keys(DICTS.en).length, "every word of i18n.js has its Chinese in i18n-zh.js");
});
