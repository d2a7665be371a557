// English and Simplified Chinese for the categorical naive Bayes panel (keys "cat.…"), and
// the Chinese of the sentences its Rust core writes (genlab::nb::categorical and
// genlab::web::CatPanel). i18n.js merges these into its dictionaries and templates.

export const EN_CAT = {
  "cat.title": "Categorical naive Bayes: count, smooth, multiply",
  "cat.lede": "Each training row has categorical attributes and a class. Naive Bayes counts how often each value occurs with each class, turns the counts into smoothed probabilities, and multiplies them with the prior. Pick a query, then move λ to 0 to see one zero count wipe out a class, and back to 1 (Laplace) to cure it.",
  "cat.query": "Query x: the person to classify",
  "cat.notObserved": "— not observed —",
  "cat.lambda": "Smoothing λ",
  "cat.lambdaExact": "λ, exact value",
  "cat.lambda0": "λ = 0 (maximum likelihood)",
  "cat.lambda1": "λ = 1 (Laplace)",
  "cat.lambdaHelp": "Linear from 0 to 3 (type up to 10 in the box). The far left is exactly 0: no smoothing, and a count of 0 makes a probability of 0.",
  "cat.prior": "Prior",
  "cat.prior.ml": "maximum likelihood N_c / N",
  "cat.prior.smoothed": "smoothed (N_c+λ)/(N+Kλ)",
  "cat.prior.uniform": "uniform 1 / K",
  "cat.verdict": "Verdict: {column} = {label} · P({label} | x) {p}",
  "cat.noVerdict": "No verdict: every class is ruled out, so P(c | x) = 0/0. Raise λ above 0.",
  "cat.noModel": "No model: the table cannot be counted as it is (see below).",
  "cat.undefinedShort": "0/0",
  "cat.undefinedLong": "is not a number: every class is ruled out.",
  "cat.barLabel": "P({c} | x) = {p}",
  "cat.zeroTag": "count 0 → factor 0: rules “{c}” out",
  "cat.zeroPrior": "no row of “{c}” → prior 0: rules “{c}” out",
  "cat.product": "product",
  "cat.logsum": "log-sum",
  "cat.posterior": "posterior",
  "cat.training": "Training rows",
  "cat.tableInfo": "{n} rows, {k} classes, {m} attributes. Cells holding the query's value are marked: those are the rows each count counts.",
  "cat.name": "name",
  "cat.row": "row {n}",
  "cat.rowNamed": "row {n} ({name})",
  "cat.cellLabel": "{row}: {column}",
  "cat.removeCol": "remove",
  "cat.removeRow": "Remove {row}",
  "cat.addRow": "Add a row",
  "cat.prev": "← previous rows",
  "cat.next": "next rows →",
  "cat.pageInfo": "rows {from}–{to} of {n}",
  "cat.reset": "Back to the example",
  "cat.csv": "Edit as CSV, or load a file",
  "cat.csvHelp": "First column: a name; last column: the class; between them the attributes. An optional second line “(values),a|b|c,…” declares each column's values.",
  "cat.csvApply": "Use this table",
  "cat.csvFile": "Load a CSV file of training rows",
  "cat.notLoaded": "The table was not loaded: {msg} The previous table is still in use.",
  "cat.tooBig": "“{name}” is {mb} MB; the panel reads tables of up to 1 MB.",
  "cat.counts": "Every count and smoothed probability",
  "cat.countsHelp": "Each cell: count / class size → P_λ(value | class); point at a cell for its formula. The query's values are marked ▸ and a count of 0 is shaded.",
  "cat.noCounts": "Nothing to count until the table can be fitted.",
  "cat.classCaption": "(class, N = {n})",
  "cat.classHead": "class",
  "cat.valueHead": "value",
};

export const ZH_CAT = {
  "cat.title": "分类属性朴素贝叶斯：计数、平滑、相乘",
  "cat.lede": "每一行训练数据有若干分类属性和一个类别。朴素贝叶斯统计每个取值与每个类别同时出现的次数，把计数变成平滑后的概率，再与先验相乘。选择一个查询，把 λ 调到 0，看一个零计数如何排除整个类别；再调回 1（拉普拉斯平滑），看它如何被修复。",
  "cat.query": "查询 x：要分类的人",
  "cat.notObserved": "— 未观测 —",
  "cat.lambda": "平滑参数 λ",
  "cat.lambdaExact": "λ 的精确值",
  "cat.lambda0": "λ = 0（最大似然）",
  "cat.lambda1": "λ = 1（拉普拉斯）",
  "cat.lambdaHelp": "线性刻度，从 0 到 3（在输入框中最多可填 10）。最左端正好是 0：不平滑，计数为 0 的概率就是 0。",
  "cat.prior": "先验",
  "cat.prior.ml": "最大似然 N_c / N",
  "cat.prior.smoothed": "平滑 (N_c+λ)/(N+Kλ)",
  "cat.prior.uniform": "均匀 1 / K",
  "cat.verdict": "判定：{column} = {label} · P({label} | x) {p}",
  "cat.noVerdict": "无法判定：所有类别都被排除，P(c | x) = 0/0。请把 λ 调到大于 0。",
  "cat.noModel": "没有模型：这张表目前无法计数（原因见下）。",
  "cat.undefinedShort": "0/0",
  "cat.undefinedLong": "不是一个数：所有类别都被排除。",
  "cat.barLabel": "P({c} | x) = {p}",
  "cat.zeroTag": "计数 0 → 因子为 0：排除“{c}”",
  "cat.zeroPrior": "没有“{c}”的行 → 先验为 0：排除“{c}”",
  "cat.product": "乘积",
  "cat.logsum": "对数和",
  "cat.posterior": "后验",
  "cat.training": "训练数据",
  "cat.tableInfo": "{n} 行，{k} 个类别，{m} 个属性。取值与查询相同的单元格已标出：每个计数数的就是这些行。",
  "cat.name": "名称",
  "cat.row": "第 {n} 行",
  "cat.rowNamed": "第 {n} 行（{name}）",
  "cat.cellLabel": "{row}：{column}",
  "cat.removeCol": "删除",
  "cat.removeRow": "删除{row}",
  "cat.addRow": "添加一行",
  "cat.prev": "← 上一页",
  "cat.next": "下一页 →",
  "cat.pageInfo": "第 {from}–{to} 行，共 {n} 行",
  "cat.reset": "恢复示例",
  "cat.csv": "以 CSV 编辑，或加载文件",
  "cat.csvHelp": "第一列：名称；最后一列：类别；中间各列是属性。可选的第二行“(values),a|b|c,…”声明每列的取值。",
  "cat.csvApply": "使用这张表",
  "cat.csvFile": "加载训练数据的 CSV 文件",
  "cat.notLoaded": "表格未加载：{msg} 仍在使用之前的表格。",
  "cat.tooBig": "“{name}”有 {mb} MB；本面板最多读取 1 MB 的表格。",
  "cat.counts": "每个计数和平滑后的概率",
  "cat.countsHelp": "每个单元格：计数 / 类别大小 → P_λ(取值 | 类别)；指向单元格可看公式。查询的取值标有 ▸，计数为 0 的单元格有底色。",
  "cat.noCounts": "表格能够拟合之后才有计数。",
  "cat.classCaption": "（类别，N = {n}）",
  "cat.classHead": "类别",
  "cat.valueHead": "取值",
};


const WHAT_ZH = {
  "the first column's title": "第一列的标题",
  "a column name": "列名",
  "a value": "取值",
  "a row name": "行名",
};

/** Where an unknown value was found (" in row 3", " in the query", " on line 5"), in Chinese. */
function placeZh(place) {
  let m;
  if ((m = place.match(/^ in row (\d+)$/))) return `（第 ${m[1]} 行，从 0 起编号）`;
  if ((m = place.match(/^ on line (\d+)$/))) return `（第 ${m[1]} 行）`;
  if (place === " in the query") return "（在查询中）";
  return place;
}

/** The reason of a CSV line that could not be read, in Chinese. */
function lineReasonZh(reason) {
  let m;
  if ((m = reason.match(/^this line has (\d+) field\(s\) but the header has (\d+): it separates them with the full-width “，”.*$/s))) return `这一行有 ${m[1]} 个字段，但表头有 ${m[2]} 个：字段之间用的是全角的“，”（中文输入法输入的）；请改用半角的“,”。`;
  if ((m = reason.match(/^this line has (\d+) field\(s\) but the header has (\d+)\.?$/))) return `这一行有 ${m[1]} 个字段，但表头有 ${m[2]} 个`;
  if (reason.startsWith("a quoted field is not closed")) return "引号字段没有闭合：请补上缺少的 \"";
  if (reason.startsWith("text after a closing quote")) return "闭合引号之后还有文字：请把整个字段放进引号里";
  if (reason.startsWith("a \" inside an unquoted field")) return "未加引号的字段中有 \"：请给整个字段加上引号，并把其中的 \" 写两次";
  return zhCat(reason);
}

/** Sentences of the categorical core, by template: [pattern, Chinese builder]. Names and
 * values caught by the patterns are kept as they are. */
export const CAT_TEMPLATES_ZH = [
  [/^Line (\d+): (this line has \d+ field\(s\) but the header has \d+(?:: it separates them with the full-width “，”.*)?\.?|a quoted field is not closed.*|text after a closing quote.*|a " inside an unquoted field.*|Row \d+ has \d+ attribute value.*|“.*” is too long for .*|“.*” \(.*\) contains a line break.*|The table has \d+ rows, the most.*)$/s,
    (m) => `第 ${m[1]} 行：${lineReasonZh(m[2])}`],
  [/^No “(.+?)” row has (.+?) = (.+?) \(count 0\), so with λ = (\S+) P\(.*\) = 0 and class “.*” is ruled out whatever the other attributes say\.$/s,
    (m) => `没有任何一行“${m[1]}”的 ${m[2]} = ${m[3]}（计数为 0），所以当 λ = ${m[4]} 时 P(${m[2]} = ${m[3]} | ${m[1]}) = 0，无论其他属性如何，类别“${m[1]}”都被排除。`],
  [/^No row has class “(.+?)”, so the maximum-likelihood prior P\(.*\) = 0\/(\d+) = 0 rules .* out\. .*$/s,
    (m) => `没有任何一行属于类别“${m[1]}”，所以最大似然先验 P(${m[1]}) = 0/${m[2]} = 0 排除了“${m[1]}”。平滑先验（λ > 0）能让它保持可能。`],
  [/^No row has class “(.+?)”, so at λ = 0 every P\(value \| .*\) would be 0\/0\. .*$/s,
    (m) => `没有任何一行属于类别“${m[1]}”，所以当 λ = 0 时每个 P(取值 | ${m[1]}) 都是 0/0。请添加一行类别为“${m[1]}”的数据，或使用 λ > 0。`],
  [/^Every class is ruled out: .*$/s,
    () => "所有类别都被排除：对每个类别 P(c) · Π P(x | c) = 0，所以 P(c | x) = 0/0，模型无法判定。任何 λ > 0 都能解决这个问题。"],
  [/^Only class “(.+?)” is left, so P\(.*\) = 1 whatever the other attributes say\.$/s,
    (m) => `只剩下类别“${m[1]}”，所以无论其他属性如何，P(${m[1]} | x) = 1。`],
  [/^The table has no rows, so there is nothing to count: .*$/s, () => "表中没有任何行，没有可计数的内容：请至少添加一行。"],
  [/^“(.*)” is not a value of “(.*?)”(.*?): the allowed values are (.*)\.$/s,
    (m) => `“${m[1]}”不是“${m[2]}”的取值${placeZh(m[3])}：允许的取值为 ${m[4]}。`],
  [/^The table has no attribute: .*$/s, () => "表中没有属性列：请在名称列和类别列之间至少放一个属性列。"],
  [/^The table has (\d+) attributes; the panel handles up to (\d+)\.$/s, (m) => `表中有 ${m[1]} 个属性；本面板最多处理 ${m[2]} 个。`],
  [/^The class column “(.*)” has (\d+) value\(s\): .*$/s, (m) => `类别列“${m[1]}”只有 ${m[2]} 个取值：分类器至少需要两个类别。`],
  [/^The attribute “(.*)” has no values: .*$/s, (m) => `属性“${m[1]}”没有取值：请至少声明一个。`],
  [/^The column “(.*)” has (\d+) values; the panel handles up to (\d+)\.$/s, (m) => `列“${m[1]}”有 ${m[2]} 个取值；本面板最多处理 ${m[3]} 个。`],
  [/^“\?” cannot be a value of “(.*)”: .*$/s, (m) => `“?”不能作为“${m[1]}”的取值：它在查询中表示“未观测”。`],
  [/^The value “(.*)” is declared twice for “(.*)”\.$/s, (m) => `取值“${m[1]}”在“${m[2]}”中声明了两次。`],
  [/^Two columns are called “(.*)”: .*$/s, (m) => `有两列都叫“${m[1]}”：每一列都需要自己的名称。`],
  [/^The table has (\d+) rows, the most the panel handles\.$/s, (m) => `表中已有 ${m[1]} 行，这是本面板的上限。`],
  [/^Row (\d+) has (\d+) attribute value\(s\) but the table has (\d+) attributes \((.*)\)\.$/s,
    (m) => `第 ${m[1]} 行有 ${m[2]} 个属性值，但表中有 ${m[3]} 个属性（${m[4]}）。`],
  [/^The table text is ([\d.]+) MB; .*$/s, (m) => `表格文本有 ${m[1]} MB；本面板最多读取 1 MB 的表格。`],
  [/^The table is empty: .*$/s, () => "表格是空的：第一行必须给出各列的名称（名称列、各属性，然后是类别）。"],
  [/^The header has (\d+) column\(s\); .*$/s, (m) => `表头只有 ${m[1]} 列；至少需要三列：名称列、一个或多个属性，以及类别。`],
  [/^Found an empty (column name|value): .*$/s, (m) => `发现空的${m[1] === "value" ? "取值" : "列名"}：每个列名和每个取值都需要有文字。`],
  [/^“(.*)…” is too long for (.+): at most (\d+) characters\.$/s, (m) => `“${m[1]}…”作为${WHAT_ZH[m[2]] ?? m[2]}太长：最多 ${m[3]} 个字符。`],
  [/^“(.*)” \((.+?)\) contains a line break or another control character\.$/s, (m) => `“${m[1]}”（${WHAT_ZH[m[2]] ?? m[2]}）含有换行符或其他控制字符。`],
  [/^The value “(.*)” contains “\|”, .*$/s, (m) => `取值“${m[1]}”含有“|”，它用于分隔声明的取值；请换一个字符。`],
  [/^The query has (\d+) value\(s\) but the table has (\d+) attributes: .*$/s, (m) => `查询有 ${m[1]} 个值，但表中有 ${m[2]} 个属性：每个属性给一个值（“?”表示未观测）。`],
  [/^The query could not be read: .*$/s, () => "无法读取查询：请给出一个取值列表，每个属性一个。"],
];

/** A categorical core sentence in Chinese, or the sentence unchanged. */
function zhCat(text) {
  for (const [re, build] of CAT_TEMPLATES_ZH) {
    const m = text.match(re);
    if (m) return build(m);
  }
  return text;
}
