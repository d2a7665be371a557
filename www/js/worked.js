// A worked example from the live numbers, faded backwards into blanks the student fills.
// The example comes from the core (genlab::predict::gda_example, nb_example,
// categorical_example, handed over by a panel as `{steps: [{blank, symbol, formula, inputs:
// [{symbol, value}], value, tolerance}], fading: [blank…]}`): each step shows its formula,
// the numbers plugged in and the model's own value. Level 0 is the whole worked example;
// level k blanks the first k steps of `fading` (the last step first). A blank is checked by
// the model (the panel's `check(blank, answer)`: genlab::predict::WorkedExample::check,
// within the step's stated tolerance) and a wrong answer that matches a typical mistake gets
// that mistake's hint. Loaded on demand by the panels that offer one; its words are its own.

import { num } from "./format.js";
import { HINTS } from "./predict-hints.js";
import { fill as say } from "./i18n.js";

/** This module's words; {x}-style slots are filled by `say`. */
export const WORDS = {
  en: {
    levels: "How much to fill in",
    level0: "Worked example",
    levelK: "{k} blank",
    levelKs: "{k} blanks",
    with: "with",
    answer: "Your answer for {symbol}",
    component: "component {i} of {symbol}",
    check: "Check",
    right: "Right: {symbol} = {value}.",
    wrong: "Not yet: {symbol} is not {answer}. Work it from the numbers above, step by step.",
    tolerance: "Answers within ±{tol} of the model's value are accepted.",
    bad: "Type a number or a fraction, such as 0.25 or 3/12.",
    why: "Why? ",
    failed: "This answer could not be checked: {reason}",
  },
  "zh-CN": {
    levels: "要填写多少",
    level0: "完整例题",
    levelK: "{k} 处空白",
    levelKs: "{k} 处空白",
    with: "其中",
    answer: "你对 {symbol} 的答案",
    component: "{symbol} 的第 {i} 个分量",
    check: "检查",
    right: "正确：{symbol} = {value}。",
    wrong: "还不对：{symbol} 不是 {answer}。请根据上面的数字一步一步地算。",
    tolerance: "与模型的值相差不超过 ±{tol} 的答案都算正确。",
    bad: "请输入一个数或分数，例如 0.25 或 3/12。",
    why: "为什么？",
    failed: "无法检查这个答案：{reason}",
  },
};

const words = (lang) => WORDS[lang] || WORDS.en;
/** Sets CSS properties through the CSSOM: this module's few rules travel with it rather than
 * in style.css, which every first load fetches (the page's CSP allows no style attributes). */
const styled = (el, props) => Object.assign(el.style, props);
const TOUCH = { minHeight: "2.75rem", display: "inline-flex", alignItems: "center", gap: "0.3rem" };

/** Decimals enough that a value typed back as shown is inside the tolerance `tol`. */
export function decimalsFor(tol) {
  return Math.min(8, Math.max(2, Math.ceil(-Math.log10(tol)) + 1));
}

/** A quantity (a number, [a, b] or [[a, b], [c, d]]) as text with `d` decimals (a count,
 * a whole number, without). */
export function quantityText(q, d) {
  const one = (x) => num(x, Number.isInteger(x) && Math.abs(x) < 1e5 ? 0 : d);
  if (typeof q === "number") return one(q);
  if (Array.isArray(q[0])) return `[${q.map((row) => row.map(one).join(", ")).join("; ")}]`;
  return `(${q.map(one).join(", ")})`;
}

/** The tolerance as text: two significant digits. */
export function toleranceText(tol) {
  return num(Number(tol.toPrecision(2)), decimalsFor(tol) + 1).replace(/0+$/, "").replace(/\.$/, "");
}

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** A typed number or fraction ("3/9"), or null: a true minus sign is a minus, spaces
 * around the number and the slash are dropped. */
export function parseAnswer(text) {
  const t = String(text).trim().replace(/\u2212/g, "-");
  const parts = t.split("/").map((x) => x.trim());
  if (parts.length > 2 || !parts.every((x) => NUMBER.test(x))) return null;
  const x = parts.length === 2 ? Number(parts[0]) / Number(parts[1]) : Number(parts[0]);
  return Number.isFinite(x) ? x : null;
}

/** Whether the input named `symbol` is one of `hidden` (symbols of blanks) or made from one:
 * its terms, split at spaces, signs and brackets, with an inverse's ⁻¹ taken off
 * ("Σ⁻¹" is made from "Σ", "μ₁ − μ₀" from "μ₀" and "μ₁"; "Σ_{y=0} x", a sum, from neither). */
export function givesAway(symbol, hidden) {
  return String(symbol).split(/[\s+\u2212()×/]+/).some((t) => hidden.has(t.replace(/\u207b\u00b9$/, "")));
}

/** How many numbers a quantity holds: 1, 2 or 4. */
const size = (q) => (typeof q === "number" ? 1 : Array.isArray(q[0]) ? 4 : 2);

/** The numbers typed, shaped as the quantity `like` is. */
function shaped(xs, like) {
  if (typeof like === "number") return xs[0];
  return Array.isArray(like[0]) ? [[xs[0], xs[1]], [xs[2], xs[3]]] : [xs[0], xs[1]];
}

/**
 * Shows a worked example in `box`. `check(blank, answer)` returns `{correct, hint}` (or
 * throws with a reason); `hint(id, lang)` returns `{text, why}` for a misconception id, or
 * null for the catalogue's (js/predict-hints.js: a panel whose model words a mistake
 * differently passes its own). Returns `{ setExample(example), setLang(lang), setHint(hint),
 * level(), setLevel(k) }`.
 */
export function showWorked(box, { example, lang = "en", check, hint = null, idPrefix = "worked" }) {
  let level = 0;
  const catalogue = (id, l) => {
    const h = HINTS[id];
    return h ? { text: l === "zh-CN" ? h.zh : h.en, why: l === "zh-CN" ? h.why_zh : h.why_en } : null;
  };
  // A panel's own wording of a mistake first, the catalogue's where it has none.
  const hintOf = (id, l) => (hint && hint(id, l)) || catalogue(id, l);
  // What the student typed per blank, kept across redraws (the numbers behind it change).
  const typed = new Map();

  function levelPicker() {
    const w = words(lang);
    const set = document.createElement("fieldset");
    set.className = "worked-levels";
    styled(set, { display: "flex", flexWrap: "wrap", gap: "0 1rem", border: "0", padding: "0", margin: "0.4rem 0" });
    const legend = document.createElement("legend");
    legend.textContent = w.levels;
    set.append(legend);
    for (let k = 0; k <= example.fading.length; k++) {
      const label = document.createElement("label");
      const radio = Object.assign(document.createElement("input"), { type: "radio", name: `${idPrefix}-level`, value: String(k), checked: k === level });
      radio.dataset.role = `worked-level-${k}`;
      radio.addEventListener("change", () => { if (radio.checked) setLevel(k); });
      styled(label, TOUCH);
      label.append(radio, k === 0 ? w.level0 : say(k === 1 ? w.levelK : w.levelKs, { k }));
      set.append(label);
    }
    return set;
  }

  function stepView(step, blanked, hiddenSymbols) {
    const w = words(lang);
    const d = decimalsFor(step.tolerance);
    const li = document.createElement("li");
    li.dataset.role = `worked-step-${step.blank}`;
    const formula = document.createElement("p");
    formula.className = "worked-formula";
    styled(formula, { fontWeight: "600", overflowWrap: "anywhere", margin: "0.2rem 0" });
    formula.textContent = `${step.symbol} = ${step.formula}`;
    const inputs = document.createElement("p");
    inputs.className = "hint";
    styled(inputs, { overflowWrap: "anywhere", margin: "0.2rem 0" });
    // A number that is the answer to an earlier blank (or made from it: Σ⁻¹ from Σ, μ₁ − μ₀
    // from the means) is not shown: it would give that blank away.
    inputs.textContent = `${w.with} ${step.inputs.map((i) => `${i.symbol} = ${givesAway(i.symbol, hiddenSymbols) ? "?" : quantityText(i.value, d)}`).join(lang === "zh-CN" ? "，" : ", ")}`;
    li.append(formula, inputs);
    if (!blanked) {
      const value = document.createElement("p");
      value.className = "worked-value";
      styled(value, { margin: "0.2rem 0 0.6rem" });
      value.dataset.role = `worked-value-${step.blank}`;
      value.textContent = `${step.symbol} = ${quantityText(step.value, d)}`;
      li.append(value);
      return li;
    }
    const form = document.createElement("form");
    form.className = "worked-blank";
    form.noValidate = true;
    const n = size(step.value);
    const fields = [];
    const row = document.createElement("p");
    row.className = "worked-fields";
    styled(row, { display: "flex", flexWrap: "wrap", alignItems: "center", gap: "0.4rem", margin: "0.2rem 0" });
    const lead = document.createElement("span");
    lead.textContent = `${step.symbol} = `;
    row.append(lead);
    const before = typed.get(step.blank) || [];
    // A vector's two fields side by side, a matrix's four as its two rows.
    const cells = document.createElement("span");
    styled(cells, n === 4 ? { display: "inline-grid", gridTemplateColumns: "auto auto", gap: "0.3rem" } : { display: "inline-flex", gap: "0.3rem", flexWrap: "wrap" });
    row.append(cells);
    for (let i = 0; i < n; i++) {
      const f = Object.assign(document.createElement("input"), { type: "text", inputMode: "decimal", autocomplete: "off", spellcheck: false, value: before[i] ?? "" });
      f.dataset.role = `worked-answer-${step.blank}-${i}`;
      f.size = 9;
      styled(f, { width: "7em", minHeight: "2.75rem", boxSizing: "border-box" });
      f.setAttribute("aria-label", n === 1 ? say(w.answer, { symbol: step.symbol }) : say(w.component, { symbol: step.symbol, i: i + 1 }));
      f.addEventListener("input", () => { typed.set(step.blank, fields.map((x) => x.value)); });
      fields.push(f);
      cells.append(f);
    }
    const button = Object.assign(document.createElement("button"), { type: "submit", textContent: w.check });
    button.dataset.role = `worked-check-${step.blank}`;
    styled(button, { minHeight: "2.75rem" });
    row.append(" ", button);
    const tol = document.createElement("p");
    tol.className = "hint";
    tol.textContent = say(w.tolerance, { tol: toleranceText(step.tolerance) });
    const result = document.createElement("div");
    result.dataset.role = `worked-result-${step.blank}`;
    result.setAttribute("aria-live", "polite");
    form.append(row, tol, result);
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const xs = fields.map((f) => parseAnswer(f.value));
      const bad = xs.findIndex((x) => x === null);
      const lines = [];
      const line = (text, cls) => {
        const p = document.createElement("p");
        p.textContent = text;
        if (cls) p.className = cls;
        lines.push(p);
      };
      fields.forEach((f, i) => f.setAttribute("aria-invalid", String(i === bad)));
      if (bad >= 0) {
        line(w.bad, "input-error");
        fields[bad].focus();
      } else {
        const answer = shaped(xs, step.value);
        try {
          const c = check(step.blank, answer);
          if (c.correct) {
            line(say(w.right, { symbol: step.symbol, value: quantityText(step.value, d) }), "worked-right");
          } else {
            line(say(w.wrong, { symbol: step.symbol, answer: quantityText(answer, d) }), "worked-wrong");
            const h = c.hint ? hintOf(c.hint, lang) : null;
            if (h) {
              line(h.text, "explain");
              line(`${w.why}${h.why}`, "hint");
            }
          }
        } catch (e) {
          line(say(w.failed, { reason: e?.message || String(e) }), "input-error");
        }
      }
      result.replaceChildren(...lines);
    });
    li.append(form);
    return li;
  }

  function draw() {
    const blanks = new Set(example.fading.slice(0, level));
    const list = document.createElement("ol");
    list.className = "worked-steps";
    styled(list, { paddingLeft: "1.4rem", margin: "0.4rem 0" });
    // The symbols of the blanks met so far, in solving order.
    const hidden = new Set();
    for (const step of example.steps) {
      list.append(stepView(step, blanks.has(step.blank), hidden));
      if (blanks.has(step.blank)) hidden.add(step.symbol);
    }
    box.replaceChildren(levelPicker(), list);
    box.setAttribute("lang", lang);
  }

  function setLevel(k) {
    level = Math.max(0, Math.min(example.fading.length, k));
    draw();
    box.querySelector(`[data-role="worked-level-${level}"]`)?.focus({ preventScroll: true });
  }

  draw();
  return {
    setExample(next) {
      // The panel redraws on many events (a pointer over the ledger, say): the same example
      // is not written again, so an answer being typed keeps its focus and its result.
      if (JSON.stringify(next) === JSON.stringify(example)) return;
      example = next;
      level = Math.min(level, example.fading.length);
      draw();
    },
    setLang(next) {
      lang = next;
      draw();
    },
    /** Another wording of the mistakes (`hint(id, lang)`, or null: the catalogue's). */
    setHint(next) {
      hint = next;
    },
    level: () => level,
    setLevel,
  };
}
