// The learning-curves panel's messages (its settings, data files and runs), in English and Chinese: loaded with that panel
// (js/genlab.js PANELS, messages.js loadMessages), so a first visit to another panel does not
// wait for them. Codes of src/message/codes.rs; tests/unit/ checks them with the rest.

export const EN = {
  "curves.not-text-pairing": "The pairing “{pairing}” does not read text.",
  "curves.settings-unreadable": "The settings could not be read ({detail}).",
  "curves.summary-unreadable": "The curves could not be read ({detail}).",
  "curves.no-spam-panel": "This pairing runs on the spam panel's corpus, and there is no spam panel on this page.",
  "curves.data-mismatch": "The data do not suit the pairing “{pairing}”.",
  "curves.diagnosis": "the diagnosis “{value}” is neither malignant nor benign.",
  "curves.digit": "the digit “{value}” is not 0 to 9.",
  "curves.width": "expected {expected} comma-separated values, found {found}.",
  "curves.not-number": "“{value}” is not a number.",
};

export const ZH = {
  "curves.not-text-pairing": "数据与模型“{pairing}”不读取文本。",
  "curves.settings-unreadable": "无法读取设置（{detail}）。",
  "curves.summary-unreadable": "无法读取曲线（{detail}）。",
  "curves.no-spam-panel": "这个组合读取垃圾邮件面板中的语料，而本页没有垃圾邮件面板。",
  "curves.data-mismatch": "数据与“{pairing}”这一组合不相符。",
  "curves.diagnosis": "诊断“{value}”既不是 malignant（恶性）也不是 benign（良性）。",
  "curves.digit": "数字“{value}”不是 0 到 9 之一。",
  "curves.width": "应有 {expected} 个用逗号分隔的值，实际有 {found} 个。",
  "curves.not-number": "“{value}” 不是一个数。",
};
