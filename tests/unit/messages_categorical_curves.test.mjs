// The categorical naive Bayes panel's and the learning curves' messages, as the core hands
// them over ({code, ...params}, shapes copied from tests/it/messages_categorical_curves.rs),
// written by the page's dictionaries: the English is the core's sentence, and the Chinese
// is the sentence the page's older patterns (www/js/i18n-cat.js, removed) built from that
// English, copied here from their builders, so the move from patterns to codes changed no
// word a Chinese reader sees. No browser: `node --test tests/unit/`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { loadMessages, messageText } from "../../www/js/messages.js";

import { loadLang } from "../../www/js/i18n.js";

await Promise.all([loadLang("zh-CN"), ...["cat", "curves"].map(loadMessages)]);

const line = (n, reason) => ({ code: "bad-line", line: n, reason });

/** [message, English, Chinese]. */
const CASES = [
  [line(3, { code: "categorical.line-width", found: 2, width: 3 }),
    "Line 3: this line has 2 field(s) but the header has 3.",
    "第 3 行：这一行有 2 个字段，但表头有 3 个"],
  [line(2, { code: "categorical.line-width-full-width", found: 1, width: 3 }),
    "Line 2: this line has 1 field(s) but the header has 3: it separates them with the full-width “，”, as a Chinese input method types it; write the half-width “,” instead.",
    "第 2 行：这一行有 1 个字段，但表头有 3 个：字段之间用的是全角的“，”（中文输入法输入的）；请改用半角的“,”。"],
  [line(2, { code: "categorical.quote-not-closed" }),
    "Line 2: a quoted field is not closed: add the missing \".",
    "第 2 行：引号字段没有闭合：请补上缺少的 \""],
  [line(3, { code: "categorical.too-long", start: "aaaaaaaaaaaaaaaaaaaa", what: { code: "categorical.what.row-name" }, max: 60 }),
    "Line 3: “aaaaaaaaaaaaaaaaaaaa…” is too long for a row name: at most 60 characters.",
    "第 3 行：“aaaaaaaaaaaaaaaaaaaa…”作为行名太长：最多 60 个字符。"],
  [{ code: "categorical.unknown-value", value: "green", attribute: "colour", place: { code: "categorical.place.line", line: 3 }, allowed: "red, blue" },
    "“green” is not a value of “colour” on line 3: the allowed values are red, blue.",
    "“green”不是“colour”的取值（第 3 行）：允许的取值为 red, blue。"],
  [{ code: "categorical.unknown-value", value: "red", attribute: "eye colour", place: { code: "categorical.place.row", row: 1 }, allowed: "blue, brown, green" },
    "“red” is not a value of “eye colour” in row 1: the allowed values are blue, brown, green.",
    "“red”不是“eye colour”的取值（第 1 行，从 0 起编号）：允许的取值为 blue, brown, green。"],
  [{ code: "categorical.unknown-value", value: "red", attribute: "eye colour", place: { code: "categorical.place.query" }, allowed: "blue, brown, green" },
    "“red” is not a value of “eye colour” in the query: the allowed values are blue, brown, green.",
    "“red”不是“eye colour”的取值（在查询中）：允许的取值为 blue, brown, green。"],
  [{ code: "categorical.header-narrow", count: 2 },
    "The header has 2 column(s); it needs at least three: a name column, one or more attributes, and the class.",
    "表头只有 2 列；至少需要三列：名称列、一个或多个属性，以及类别。"],
  [{ code: "categorical.control-char", text: "colour", what: { code: "categorical.what.column-name" } },
    "“colour” (a column name) contains a line break or another control character.",
    "“colour”（列名）含有换行符或其他控制字符。"],
  [{ code: "categorical.zero-count", class: "是", attribute: "眼睛颜色", value: "绿", lambda: "0" },
    "No “是” row has 眼睛颜色 = 绿 (count 0), so with λ = 0 P(眼睛颜色 = 绿 | 是) = 0 and class “是” is ruled out whatever the other attributes say.",
    "没有任何一行“是”的 眼睛颜色 = 绿（计数为 0），所以当 λ = 0 时 P(眼睛颜色 = 绿 | 是) = 0，无论其他属性如何，类别“是”都被排除。"],
  [{ code: "categorical.empty-class-at-zero", class: "c" },
    "No row has class “c”, so at λ = 0 every P(value | c) would be 0/0. Add a row of class “c” or use λ > 0.",
    "没有任何一行属于类别“c”，所以当 λ = 0 时每个 P(取值 | c) 都是 0/0。请添加一行类别为“c”的数据，或使用 λ > 0。"],
  [{ code: "categorical.zero-prior", class: "c", n: 2 },
    "No row has class “c”, so the maximum-likelihood prior P(c) = 0/2 = 0 rules “c” out. A smoothed prior (λ > 0) keeps it possible.",
    "没有任何一行属于类别“c”，所以最大似然先验 P(c) = 0/2 = 0 排除了“c”。平滑先验（λ > 0）能让它保持可能。"],
  [{ code: "categorical.one-left", class: "否" },
    "Only class “否” is left, so P(否 | x) = 1 whatever the other attributes say.",
    "只剩下类别“否”，所以无论其他属性如何，P(否 | x) = 1。"],
  [{ code: "categorical.query-width", found: 1, count: 4 },
    "The query has 1 value(s) but the table has 4 attributes: give one per attribute (“?” for not observed).",
    "查询有 1 个值，但表中有 4 个属性：每个属性给一个值（“?”表示未观测）。"],
  // The learning curves' "not a number" had the older patterns' Chinese; its other lines did not.
  [line(2, { code: "curves.not-number", value: "x" }), "Line 2: “x” is not a number.", "第 2 行：“x” 不是一个数。"],
  [line(2, { code: "curves.width", expected: 31, found: 3 }),
    "Line 2: expected 31 comma-separated values, found 3.",
    "第 2 行：应有 31 个用逗号分隔的值，实际有 3 个。"],
];

test("the categorical and learning-curves messages read as before in English and in Chinese", () => {
  for (const [m, en, zh] of CASES) {
    assert.equal(messageText("en", m), en);
    assert.equal(messageText("zh-CN", m), zh);
  }
});
