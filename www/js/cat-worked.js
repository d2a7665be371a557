// The categorical panel's worked example (loaded when "Work it out" first opens): the student
// picks a cell (an attribute, one of its values, a class); js/worked.js shows its Lidstone
// estimate P(X⁽ʲ⁾ = a | c) = (N_jc(a) + λ)/(N_c + S_j λ) with the current counts and λ
// (CatPanel.workedExample: genlab::predict::categorical_example) and fades it into a blank
// checked by the model (CatPanel.checkWorked). The two typical mistakes' hints are worded
// here for this model (λ and S_j), not the catalogue's words about P(w | c).

import { showWorked } from "./worked.js";

export const WORDS = {
  en: {
    attribute: "Attribute",
    value: "Value",
    class: "Class",
    hints: {
      "smoothing-alpha-numerator-only": {
        text: "Smoothing adds λ to the denominator too: P(X⁽ʲ⁾ = a | c) = (N_jc(a) + λ)/(N_c + S_j λ). With λ in the numerator only, the S_j probabilities of this attribute in class c add up to more than 1.",
        why: "What do the smoothed probabilities of all values of this attribute add up to?",
      },
      "smoothing-denominator-count-missing": {
        text: "The denominator adds λ once for every value the attribute can take: N_c + S_j λ, with S_j the number of its declared values, so that its S_j probabilities still add up to 1.",
        why: "How many values can this attribute take, and how many λ do their numerators add together?",
      },
    },
  },
  "zh-CN": {
    attribute: "属性",
    value: "取值",
    class: "类别",
    hints: {
      "smoothing-alpha-numerator-only": {
        text: "平滑在分母上也要加 λ：P(X⁽ʲ⁾ = a | c) = (N_jc(a) + λ)/(N_c + S_j λ)。如果只在分子上加 λ，这个属性在类别 c 中的 S_j 个概率之和就会大于 1。",
        why: "这个属性所有取值的平滑概率加起来是多少？",
      },
      "smoothing-denominator-count-missing": {
        text: "分母要为属性的每一个可能取值各加一次 λ：N_c + S_j λ，其中 S_j 是声明的取值个数，这样它的 S_j 个概率之和仍为 1。",
        why: "这个属性可以取多少个值？它们的分子一共加了多少个 λ？",
      },
    },
  },
};

const words = (lang) => WORDS[lang] || WORDS.en;

/**
 * Attaches the worked example of the panel whose Rust handle is `panel` to `box`;
 * `messageOf(message)` writes one of the panel's messages (why there is no fit) in words.
 * Returns `{ refresh(), setLang(lang) }`: `refresh()` after every change of the table, λ,
 * the prior or the query redraws it with the new numbers.
 */
export function attachCatWorked({ box, panel, lang, idPrefix, messageOf }) {
  const picks = document.createElement("div");
  picks.className = "worked-pick";
  // (Styles through the CSSOM: this module's rules travel with it, not in the first load's
  // style.css; the page's CSP allows no style attributes.)
  Object.assign(picks.style, { display: "flex", flexWrap: "wrap", gap: "0.4rem 1rem", alignItems: "end" });
  const body = document.createElement("div");
  const error = Object.assign(document.createElement("p"), { className: "input-error", hidden: true });
  error.setAttribute("role", "alert");
  box.replaceChildren(picks, error, body);
  const selects = {};
  for (const name of ["attribute", "value", "class"]) {
    const label = document.createElement("label");
    label.className = "field-row";
    const span = document.createElement("span");
    const select = document.createElement("select");
    select.dataset.role = `worked-${name}`;
    Object.assign(select.style, { width: "auto", maxWidth: "100%", minHeight: "2.75rem" });
    Object.assign(label.style, { display: "flex", flexDirection: "column", maxWidth: "100%" });
    label.append(span, select);
    picks.append(label);
    selects[name] = { span, select };
  }
  let view = null;
  // The cell: attribute index, value name, class index; the query's first observed value
  // and the verdict's class to start with.
  let cell = null;

  const fill = (select, options, chosen) => {
    select.replaceChildren(...options.map(([value, text]) => Object.assign(document.createElement("option"), { value: String(value), textContent: text })));
    select.value = String(chosen);
  };

  function firstCell(table, explained) {
    const query = explained.query || [];
    const j = Math.max(0, query.findIndex((v) => v !== ""));
    const a = query[j] || table.attributes[j].values[0];
    const c = explained.explanation?.verdict_index ?? 0;
    return { attribute: j, value: a, class: c };
  }

  function refresh() {
    const table = panel.table();
    const explained = panel.explain();
    if (!cell || cell.attribute >= table.attributes.length || !table.attributes[cell.attribute].values.includes(cell.value) || cell.class >= table.class.values.length) {
      cell = firstCell(table, explained);
    }
    const w = words(lang);
    selects.attribute.span.textContent = w.attribute;
    selects.value.span.textContent = w.value;
    selects.class.span.textContent = `${w.class} (${table.class.name})`;
    fill(selects.attribute.select, table.attributes.map((a, j) => [j, a.name]), cell.attribute);
    fill(selects.value.select, table.attributes[cell.attribute].values.map((v) => [v, v]), cell.value);
    fill(selects.class.select, table.class.values.map((v, k) => [k, v]), cell.class);
    let example = null;
    try {
      example = panel.workedExample(cell.attribute, cell.value, cell.class);
      error.hidden = true;
    } catch (e) {
      // No fit (an empty table, λ = 0 with an empty class): the panel's own sentence.
      error.textContent = explained.error ? messageOf(explained.error) : e?.message || String(e);
      error.hidden = false;
    }
    body.hidden = !example;
    if (!example) return;
    const check = (blank, answer) => panel.checkWorked(cell.attribute, cell.value, cell.class, blank, answer);
    const hint = (id, l) => words(l).hints[id] || null;
    if (view) view.setExample(example);
    else view = showWorked(body, { example, lang, check: (b, a) => check(b, a), hint, idPrefix });
  }

  selects.attribute.select.addEventListener("change", () => {
    const table = panel.table();
    const j = Number(selects.attribute.select.value);
    const query = panel.explain().query || [];
    cell = { ...cell, attribute: j, value: query[j] || table.attributes[j].values[0] };
    refresh();
  });
  selects.value.select.addEventListener("change", () => { cell = { ...cell, value: selects.value.select.value }; refresh(); });
  selects.class.select.addEventListener("change", () => { cell = { ...cell, class: Number(selects.class.select.value) }; refresh(); });
  refresh();
  return {
    refresh,
    setLang(next) {
      lang = next;
      view?.setLang(lang);
      refresh();
    },
  };
}
