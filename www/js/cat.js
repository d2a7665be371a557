// The categorical naive Bayes panel's controller: the training table, the query, λ and the
// prior in; the verdict, each class's factors with their formulas, product, log-sum and
// posterior, and every count out. Every number is read from the Rust panel's answers, and
// table text (names, values) only ever reaches the page as textContent.

import * as glue from "../pkg-nb/genlab.js";
import { textFileProblem } from "../pkg-nb/genlab.js";
import { num, pct, pctRelation, prob } from "./format.js";
import { t, applyLabels } from "./i18n.js";
import { guardPanel } from "./recovery.js";
import { messageText, errorText } from "./messages.js";
import { cleanupList, hideControls, showMessageAt, lastControl, focusScrollables, sentence, loadPart } from "./util.js";

const MINUS = "\u2212";
/** Largest table file read, in bytes (genlab::nb::categorical::MAX_CSV_BYTES). */
const MAX_CSV_BYTES = 1_000_000;
/** The slider's right end; the number box goes up to 10. */
const SLIDER_MAX = 3;
/** Rows shown in the editor at once (a table may hold 1000; all of them are counted). */
const PAGE = 50;

/** λ as people write it: up to 3 significant digits. */
function lambdaText(l) {
  return l === 0 ? "0" : String(Number(l.toPrecision(3)));
}

/** A log-probability: "−1.234", or "−∞" for log 0. */
function logText(x) {
  return x === -Infinity ? `${MINUS}\u221e` : num(x, 3);
}

/** A further term of a sum of log-probabilities: "− 1.234", "− ∞", "+ 0.000". */
function logTerm(x) {
  if (x === -Infinity) return `${MINUS} \u221e`;
  return x < 0 ? `${MINUS} ${num(-x, 3)}` : `+ ${num(x, 3)}`;
}

/** Creates an element with a class and text (textContent only). */
function el(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

/**
 * Builds the categorical panel inside `section` (which already holds the panel's markup).
 * Options: `lang`, `controls` (names of controls to hide: "query", "lambda", "prior",
 * "table", "csv", "counts"), `onChange(mode)`.
 */
export function createCat(section, { lang = "en", controls = [], onChange = () => {}, state = null } = {}) {
  const $ = (role) => section.querySelector(`[data-role="${role}"]`);
  // The lab, behind the guard that rebuilds it on a fresh wasm instance if the engine fails
  // (recovery.js): the settings come back through setState, as the history's do.
  const panel = guardPanel({
    section, flavour: "nb", glue, lang: () => lang,
    make: (g) => new g.CatPanel(),
    // An edited table is not in the state: its CSV goes with the snapshot and is read back.
    snapshot: (owned) => ({ state: getState(), csv: owned ? panel.csv() : null }),
    restore: (snap) => {
      if (snap.csv !== null) panel.loadCsv(snap.csv);
      buildTable();
      setState(snap.state);
    },
    sticky: ["setLang"],
    own: { marks: ["setCell", "addRow", "removeRow", "loadCsv"], clears: ["reset"] },
  });
  // The worked example in the page's language (the same counts; links keep English values).
  panel.setLang(lang);
  const slider = $("lambda-slider");
  const lambdaBox = $("lambda");
  let table = panel.table();
  let pageStart = 0;
  let view = null;
  let frame = 0;
  let liveTimer = 0;
  let destroyed = false;
  // The worked example (js/cat-worked.js) once "Work it out" has opened, or null.
  let worked = null;
  // While a quiz is open: the student's own table ({ own: its CSV, or null for the built-in
  // one; edited: whether the quiz's table was edited since }), or null. A quiz asks on the
  // built-in table, as its link does (its query names that table's values); the student's is
  // read back when the quiz ends, unless they edited the quiz's table meanwhile.
  let keptTable = null;
  // A prediction under way (js/predict-cat.js, or a quiz of it: js/quiz.js), or null. While
  // its answer is hidden the panel writes nothing of it (concealed()).
  let predicting = null;
  const concealed = () => Boolean(predicting?.hidden());
  // "Work it out" while its details are out of the page (a prediction's answer is hidden).
  const workedDetails = $("worked-details");
  const workedMark = document.createComment("worked");
  const cleanups = cleanupList();
  const { on } = cleanups;
  // The control behind the latest user event: its error is shown right under it.
  const recent = lastControl(section, on);

  /** Redraws in the next animation frame, once however many events arrive. */
  function schedule() {
    if (frame || destroyed) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      render();
    });
  }

  /** Shows or clears a message (`role` "input-error" or "table-error"). */
  function showError(role, msg, anchor = recent.last()) {
    showMessageAt($(role), msg, { anchor, lang });
  }

  /** A row's label for screen readers: "row 3 (Dara)". */
  function rowLabel(i, name) {
    return name ? t(lang, "cat.rowNamed", { n: i + 1, name }) : t(lang, "cat.row", { n: i + 1 });
  }

  /** A <select> of `values`, with `blank` as a first option when given. */
  function selectOf(values, current, blank) {
    const s = document.createElement("select");
    if (blank !== undefined) s.append(new Option(blank, ""));
    for (const v of values) s.append(new Option(v, v));
    s.value = current;
    return s;
  }

  /** A copy of `proto` (a select of a column's values) showing `value`. */
  function cloneSelect(proto, value, col) {
    const s = proto.cloneNode(true);
    s.value = value;
    s.dataset.col = String(col);
    return s;
  }

  /** The editable training table: one row of inputs and selects per training row, a page
   * of `PAGE` rows at a time; `show` is a row index to bring into the page. */
  function buildTable(show) {
    table = panel.table();
    const total = table.rows.length;
    if (show !== undefined) pageStart = Math.floor(show / PAGE) * PAGE;
    pageStart = Math.max(0, Math.min(pageStart, Math.floor(Math.max(0, total - 1) / PAGE) * PAGE));
    const end = Math.min(total, pageStart + PAGE);
    $("pager").hidden = total <= PAGE;
    $("page-info").textContent = t(lang, "cat.pageInfo", { from: total ? pageStart + 1 : 0, to: end, n: total });
    $("prev").disabled = pageStart === 0;
    $("next").disabled = end >= total;
    const protos = [...table.attributes.map((a) => selectOf(a.values, a.values[0])), selectOf(table.class.values, table.class.values[0])];
    const head = document.createElement("tr");
    head.append(el("th", "num", "#"), el("th", "", table.id_column || t(lang, "cat.name")));
    for (const a of table.attributes) head.append(el("th", "", a.name));
    head.append(el("th", "cat-class-col", table.class.name));
    const removeHead = el("th");
    removeHead.append(el("span", "sr-only", t(lang, "cat.removeCol")));
    head.append(removeHead);
    for (const th of head.children) th.scope = "col";
    $("thead").replaceChildren(head);

    const rows = table.rows.slice(pageStart, end).map((r, k) => {
      const i = pageStart + k;
      const tr = document.createElement("tr");
      tr.dataset.row = String(i);
      const th = el("th", "num", String(i + 1));
      th.scope = "row";
      const name = document.createElement("input");
      name.type = "text";
      name.value = r.name;
      name.maxLength = 60;
      name.dataset.col = "0";
      name.placeholder = String(i + 1);
      const nameCell = el("td");
      nameCell.append(name);
      tr.append(th, nameCell);
      r.values.forEach((v, j) => {
        const td = el("td");
        td.append(cloneSelect(protos[j], v, j + 1));
        tr.append(td);
      });
      const cls = cloneSelect(protos[r.values.length], r.class, r.values.length + 1);
      const classCell = el("td", "cat-class-col");
      classCell.append(cls);
      const remove = el("button", "cat-remove", "\u2715");
      remove.type = "button";
      remove.dataset.remove = String(i);
      const removeCell = el("td");
      removeCell.append(remove);
      tr.append(classCell, removeCell);
      labelRow(tr, i, r.name);
      return tr;
    });
    $("tbody").replaceChildren(...rows);
    buildQuery();
    if ($("csv-details").open) $("csv").value = panel.csv();
  }

  /** Labels a table row's controls for screen readers: "row 3 (Dara): eye colour". */
  function labelRow(tr, i, name) {
    const label = rowLabel(i, name);
    const columns = [table.id_column || t(lang, "cat.name"), ...table.attributes.map((a) => a.name), table.class.name];
    for (const c of tr.querySelectorAll("[data-col]")) {
      c.setAttribute("aria-label", t(lang, "cat.cellLabel", { row: label, column: columns[Number(c.dataset.col)] }));
    }
    const remove = tr.querySelector("button[data-remove]");
    remove.setAttribute("aria-label", t(lang, "cat.removeRow", { row: label }));
    remove.title = t(lang, "cat.removeRow", { row: label });
  }

  /** The query's selects, one per attribute, each with "not observed" first. */
  function buildQuery() {
    const query = panel.query();
    const fields = table.attributes.map((a, j) => {
      const label = el("label", "cat-query-field");
      label.append(el("span", "", a.name));
      const s = selectOf(a.values, query[j] ?? "", t(lang, "cat.notObserved"));
      s.dataset.attr = String(j);
      label.append(s);
      return label;
    });
    $("query").replaceChildren(...fields);
  }

  /** Marks the table cells that hold the query's value (the rows its counts count). */
  function markMatches() {
    const query = panel.query();
    for (const s of $("tbody").querySelectorAll("select[data-col]")) {
      const j = Number(s.dataset.col) - 1;
      s.parentElement.classList.toggle("match", j < query.length && query[j] !== "" && s.value === query[j]);
    }
  }

  /** One class's breakdown: factors with formulas, product, log-sum, posterior bar. */
  function classCard(e, c, k) {
    const card = el("section", "cat-class");
    const wiped = c.log_joint === -Infinity;
    card.classList.toggle("wiped", wiped);
    card.classList.toggle("winner", e.verdict_index === k);
    const h = el("h4");
    h.append(el("span", "cat-class-name", `${e.class_column} = ${c.class}`));
    // Exact only when every other class is wiped out (log 0); otherwise the posterior of
    // finite scores is never exactly 0 or 1, however it rounds (format.js).
    const exact = { exact: e.classes.every((o, j) => j === k || o.log_joint === -Infinity) || c.log_joint === -Infinity };
    const postText = c.posterior === null ? t(lang, "cat.undefinedShort") : pct(c.posterior, exact);
    h.append(" ", el("span", "cat-post-text", postText));
    card.append(h);

    const bar = el("div", "cat-bar");
    bar.setAttribute("role", "img");
    bar.setAttribute("aria-label", t(lang, "cat.barLabel", { c: c.class, p: postText }));
    const fill = el("span", c.posterior === null ? "undefined" : "");
    fill.style.width = `${c.posterior === null ? 100 : (100 * c.posterior).toFixed(2)}%`;
    bar.append(fill);
    card.append(bar);

    const list = el("ul", "cat-factors");
    const factor = (formula, zero, zeroText, kind) => {
      const li = el("li", kind);
      li.append(el("code", "", formula));
      if (zero) {
        li.classList.add("zero");
        li.append(el("span", "zero-tag", zeroText));
      }
      return li;
    };
    list.append(factor(c.prior.formula, c.prior.log_probability === -Infinity, t(lang, "cat.zeroPrior", { c: c.class }), "cat-f-prior"));
    for (const term of c.terms) {
      list.append(factor(term.formula, term.log_probability === -Infinity, t(lang, "cat.zeroTag", { c: c.class }), "cat-f-term"));
    }
    card.append(list);

    const product = el("p", "cat-product");
    product.append(el("span", "cat-what", t(lang, "cat.product")), " ", el("code", "", c.product_formula));
    card.append(product);

    const logs = [c.prior.log_probability, ...c.terms.map((x) => x.log_probability)];
    const sum = logs.map((x, i) => (i === 0 ? logText(x) : logTerm(x))).join(" ");
    const logsum = el("p", "cat-logsum");
    logsum.append(el("span", "cat-what", t(lang, "cat.logsum")), " ",
      el("code", "", `log P(${c.class}) + \u03a3 log P(x | ${c.class}) = ${sum} = ${logText(c.log_joint)}`));
    card.append(logsum);

    const post = el("p", "cat-posterior");
    post.append(el("span", "cat-what", t(lang, "cat.posterior")), " ");
    if (c.posterior === null) post.append(el("code", "", `P(${c.class} | x) = 0 / 0`), " ", t(lang, "cat.undefinedLong"));
    else post.append(el("code", "", `P(${c.class} | x) = ${prob(c.posterior, exact)} (${pct(c.posterior, exact).replace(" %", "\u00a0%")})`));
    card.append(post);
    return card;
  }

  /** The verdict as one sentence. */
  function verdictText(v) {
    if (v.error !== null) return t(lang, "cat.noModel");
    const e = v.explanation;
    if (e.verdict === null) return t(lang, "cat.noVerdict");
    const k = e.verdict_index;
    const c = e.classes[k];
    const exact = { exact: e.classes.every((o, j) => j === k || o.log_joint === -Infinity) };
    return t(lang, "cat.verdict", { column: e.class_column, label: e.verdict, p: pctRelation(c.posterior, exact) });
  }

  /** The count tables: the class counts, then one table per attribute. */
  function writeCounts(v) {
    const box = $("counts");
    if (v.error !== null) {
      box.replaceChildren(el("p", "hint", t(lang, "cat.noCounts")));
      return;
    }
    const query = panel.query();
    const tables = [];
    const classTable = el("table", "cat-count-table");
    classTable.append(el("caption", "", `${v.class_column} ${t(lang, "cat.classCaption", { n: v.rows })}`));
    const ch = document.createElement("tr");
    ch.append(el("th", "", t(lang, "cat.classHead")), el("th", "", "N_c / N"), el("th", "", "P(c)"));
    for (const th of ch.children) th.scope = "col";
    classTable.append(el("thead"));
    classTable.tHead.append(ch);
    const cb = el("tbody");
    for (const pterm of v.priors) {
      const tr = document.createElement("tr");
      const th = el("th", "", pterm.class);
      th.scope = "row";
      const count = el("td", pterm.count === 0 ? "zero-count" : "", `${pterm.count} / ${v.rows}`);
      const p = el("td", "", prob(pterm.probability));
      p.title = pterm.formula;
      tr.append(th, count, p);
      cb.append(tr);
    }
    classTable.append(cb);
    tables.push(classTable);

    v.tables.forEach((a, j) => {
      const tbl = el("table", "cat-count-table");
      const cap = el("caption", "", a.attribute);
      cap.append(" ", el("span", "hint", `S = ${a.values.length}`));
      tbl.append(cap);
      const hr = document.createElement("tr");
      hr.append(el("th", "", t(lang, "cat.valueHead")));
      for (const col of a.classes) hr.append(el("th", "", col.class));
      for (const th of hr.children) th.scope = "col";
      tbl.append(el("thead"));
      tbl.tHead.append(hr);
      const body = el("tbody");
      a.values.forEach((value, i) => {
        const tr = document.createElement("tr");
        if (query[j] === value) tr.className = "queried";
        const th = el("th", "", value);
        th.scope = "row";
        tr.append(th);
        for (const col of a.classes) {
          const td = el("td", col.counts[i] === 0 ? "zero-count" : "", `${col.counts[i]}/${col.class_count} \u2192 ${prob(col.probabilities[i])}`);
          td.title = col.formulas[i];
          tr.append(td);
        }
        body.append(tr);
      });
      tbl.append(body);
      tables.push(tbl);
    });
    // Each table scrolls sideways on its own when many classes do not fit a phone.
    box.replaceChildren(...tables.map((tbl) => {
      const wrap = el("div", "cat-count-wrap");
      wrap.append(tbl);
      return wrap;
    }));
  }

  /** While a prediction hides the answer: no verdict, no sentence, no class's breakdown, no
   * count table, nothing in the live region, and the worked example out of the page. */
  function conceal() {
    clearTimeout(liveTimer);
    $("live").textContent = "";
    const verdict = $("verdict");
    verdict.className = "verdict undefined";
    verdict.textContent = t(lang, "cat.hiddenVerdict");
    $("sentences").replaceChildren();
    $("sentences").hidden = true;
    $("classes").replaceChildren();
    $("counts").replaceChildren(el("p", "hint", t(lang, "cat.hiddenCounts")));
    if (workedDetails.isConnected) workedDetails.replaceWith(workedMark);
    $("table-info").textContent = t(lang, "cat.tableInfo", { n: table.rows.length, k: table.class.values.length, m: table.attributes.length });
    markMatches();
  }

  /** Writes the verdict, the sentences, each class's breakdown and the count tables. */
  function render() {
    if (destroyed) return;
    if (concealed()) {
      conceal();
      return;
    }
    if (workedMark.isConnected) workedMark.replaceWith(workedDetails);
    view = panel.explain();
    const verdict = $("verdict");
    const e = view.explanation;
    verdict.className = `verdict ${view.error !== null || e.verdict === null ? "undefined" : "decided"}`;
    const sentence = verdictText(view);
    verdict.textContent = sentence;
    clearTimeout(liveTimer);
    liveTimer = setTimeout(() => { $("live").textContent = sentence; }, 900);

    const sentences = view.error !== null ? [view.error] : e.sentences;
    $("sentences").replaceChildren(...sentences.map((s) => el("li", "", messageText(lang, s))));
    $("sentences").hidden = sentences.length === 0;
    $("classes").replaceChildren(...(e ? e.classes.map((c, k) => classCard(e, c, k)) : []));
    $("table-info").textContent = t(lang, "cat.tableInfo", { n: view.rows, k: view.classes.length, m: table.attributes.length });
    writeCounts(view);
    worked?.refresh();
    markMatches();
    focusScrollables(section, ".formula, .cat-table-wrap, .cat-count-wrap", (box) =>
      box.matches(".formula") ? t(lang, "a11y.formula")
        : box.matches(".cat-table-wrap") ? t(lang, "cat.training")
          : `${t(lang, "cat.counts")}: ${box.querySelector("caption")?.textContent ?? ""}`);
  }

  /** Shows λ in the slider and the number box. */
  function showLambda(l, from) {
    if (from !== "slider") slider.value = String(Math.min(SLIDER_MAX, l));
    if (from !== "box") lambdaBox.value = lambdaText(l);
  }

  /** Applies λ from the slider, the number box or a button; a bad value keeps the old one. */
  function setLambda(l, from) {
    try {
      panel.setLambda(l);
      showError("input-error", "");
    } catch (err) {
      showError("input-error", errorText(lang, err));
      l = panel.lambda();
      from = "";
    }
    showLambda(l, from);
    schedule();
  }

  /** Applies an edit of the table; on error the table is redrawn as the model holds it. */
  function editTable(fn, { rebuild = false } = {}) {
    if (keptTable) keptTable.edited = true;
    try {
      fn();
      showError("table-error", "");
    } catch (err) {
      showError("table-error", errorText(lang, err));
      rebuild = true;
    }
    if (rebuild) buildTable();
    render();
    onChange("push");
  }

  on(slider, "input", () => { setLambda(Number(slider.value), "slider"); onChange("replace"); });
  on(slider, "change", () => onChange("push"));
  on(lambdaBox, "change", () => {
    setLambda(lambdaBox.value.trim() === "" ? NaN : Number(lambdaBox.value), "box");
    onChange("push");
  });
  section.querySelectorAll("[data-lambda]").forEach((b) => {
    on(b, "click", () => { setLambda(Number(b.dataset.lambda), ""); onChange("push"); });
  });
  on($("prior"), "change", (ev) => {
    try { panel.setPrior(ev.target.value); showError("input-error", ""); } catch (err) { showError("input-error", errorText(lang, err)); }
    schedule();
    onChange("push");
  });
  on($("query"), "change", () => {
    const values = [...$("query").querySelectorAll("select")].map((s) => s.value);
    try { panel.setQuery(values); showError("input-error", ""); } catch (err) { showError("input-error", errorText(lang, err)); }
    schedule();
    onChange("push");
  });
  on($("tbody"), "change", (ev) => {
    const target = ev.target;
    const tr = target.closest("tr[data-row]");
    if (!tr || target.dataset.col === undefined) return;
    const row = Number(tr.dataset.row);
    const col = Number(target.dataset.col);
    editTable(() => panel.setCell(row, col, target.value));
    // A new name: relabel the row in place (rebuilding would take the focus away).
    if (col === 0) labelRow(tr, row, panel.table().rows[row]?.name ?? "");
  });
  on($("tbody"), "click", (ev) => {
    const b = ev.target.closest("button[data-remove]");
    if (!b) return;
    const i = Number(b.dataset.remove);
    editTable(() => panel.removeRow(i), { rebuild: true });
    const next = $("tbody").querySelector(`button[data-remove="${Math.min(i, table.rows.length - 1)}"]`)
      ?? [...$("tbody").querySelectorAll("button[data-remove]")].pop();
    (next || $("add-row")).focus();
  });
  on($("add-row"), "click", () => {
    let index = -1;
    editTable(() => { index = panel.addRow(); });
    buildTable(index >= 0 ? index : undefined);
    markMatches();
    const wrap = $("table-wrap");
    const first = $("tbody").querySelector(`tr[data-row="${index}"] select`);
    if (first) {
      first.focus();
      wrap.scrollTop = wrap.scrollHeight;
    }
  });
  on($("prev"), "click", () => { pageStart -= PAGE; buildTable(); markMatches(); });
  on($("next"), "click", () => { pageStart += PAGE; buildTable(); markMatches(); });
  on($("reset"), "click", () => {
    pageStart = 0;
    editTable(() => panel.reset(), { rebuild: true });
    showError("input-error", "");
  });
  on($("csv-details"), "toggle", () => { if ($("csv-details").open) $("csv").value = panel.csv(); });
  /** Reads CSV text into the table; a refused text keeps the table and says why. */
  const loadCsv = (text) => {
    try {
      panel.loadCsv(text);
      if (keptTable) keptTable.edited = true;
      showError("table-error", "");
      showError("input-error", "");
    } catch (err) {
      showError("table-error", t(lang, "cat.notLoaded", { msg: sentence(errorText(lang, err), lang) }));
      return;
    }
    buildTable(0);
    render();
    onChange("push");
  };
  on($("csv-apply"), "click", () => loadCsv($("csv").value));
  // "Work it out": the worked example loads when it first opens (js/cat-worked.js).
  on($("worked-details"), "toggle", async () => {
    if (!$("worked-details").open || worked) return;
    const part = await loadPart(() => import("./cat-worked.js"), $("worked-details"), lang);
    // Not loaded: closed again, so the next opening fetches it again.
    if (!part) $("worked-details").open = false;
    if (!part || destroyed || worked) return;
    worked = part.attachCatWorked({ box: $("worked"), panel, lang, idPrefix: `${section.id || "cat"}-worked`, messageOf: (m) => messageText(lang, m) });
  });
  on($("csv-file"), "change", async (ev) => {
    const f = ev.target.files?.[0];
    ev.target.value = "";
    if (!f) return;
    if (f.size > MAX_CSV_BYTES) {
      showError("table-error", t(lang, "cat.tooBig", { name: f.name, mb: (f.size / 1e6).toFixed(1) }));
      return;
    }
    const bytes = new Uint8Array(await f.arrayBuffer());
    // An image, a binary or an empty file is refused by content, saying which it is.
    const problem = textFileProblem(bytes, "table");
    if (problem) {
      showError("table-error", t(lang, "cat.notLoaded", { msg: sentence(messageText(lang, problem), lang) }), ev.target);
      return;
    }
    const text = new TextDecoder().decode(bytes);
    $("csv").value = text;
    loadCsv(text);
  });

  /** The panel's settings, as the URL stores them. */
  function getState() {
    // The query as a link carries it: the English example's values in both languages.
    return { lambda: panel.lambda(), prior: panel.prior(), query: panel.linkQuery() };
  }

  /** Shows the settings `s` (a parsed URL state's `cat` part); a part that does not fit
   * the table is refused with its reason, and the rest still applies. */
  function setState(s) {
    recent.forget();
    const problems = [];
    const attempt = (fn) => { try { fn(); } catch (err) { problems.push(sentence(errorText(lang, err), lang)); } };
    attempt(() => panel.setLambda(s.lambda));
    attempt(() => panel.setPrior(s.prior));
    attempt(() => panel.setQuery(s.query));
    showError("input-error", problems.join(" "));
    $("prior").value = panel.prior();
    showLambda(panel.lambda(), "");
    buildQuery();
    render();
  }

  /** Switches the panel's words to `next`. */
  function setLang(next) {
    lang = next;
    panel.setLang(lang);
    applyLabels(section, lang);
    buildTable();
    worked?.setLang(lang);
    predicting?.setLang(lang);
    render();
  }

  // Predict, then reveal: "verdict" (js/predict-cat.js, loaded on the first press) or "quiz"
  // (js/quiz.js: a fresh query and λ, then the verdict again). startPrediction(kind, params)
  // does what the buttons do (a lesson's `predict: verdict` step calls it too); it resolves
  // to the prediction's handle, or null when none started (the kind says why under its button,
  // as loadPart does when its module did not load).
  const KINDS = { verdict: async () => (await loadPart(() => import("./predict-cat.js"), $("predict"), lang))?.startCatVerdict };
  // The kind's module, loaded: `(params, onEnd) → handle | null`, which starts it at once (a
  // quiz applies its situation and asks in the same task), or null for no such kind.
  async function starter(kind) {
    const start = await KINDS[kind]?.();
    return start && ((params, onEnd) => start({ section, panel, render, lang, button: $("predict"), onEnd }));
  }
  function quizApply(s) {
    if (keptTable === null) {
      const own = panel.csv();
      panel.reset();
      keptTable = { own: own === panel.csv() ? null : own, edited: false };
      if (keptTable.own !== null) buildTable(0);
    }
    setState(s);
  }
  function quizEnded() {
    const kept = keptTable;
    keptTable = null;
    if (kept?.own != null && !kept.edited) {
      panel.loadCsv(kept.own);
      buildTable(0);
      onChange("push");
    }
  }
  async function startPrediction(kind = "verdict", params = {}) {
    if ((!KINDS[kind] && kind !== "quiz") || predicting || destroyed) return null;
    const ended = () => { predicting = null; };
    const row = $("predict").closest("p");
    const note = (l) => (keptTable?.own != null ? t(l, "cat.quizTable") : "");
    const onEnd = () => { quizEnded(); ended(); };
    const quiz = kind === "quiz" && (await loadPart(() => import("./quiz.js"), $("quiz"), lang));
    const begin = kind === "quiz"
      ? quiz && (() => quiz.openQuiz({ panel: "cat", section, lang, value: params?.value, hide: row, after: row, apply: quizApply, render, starter, hold: (h) => { predicting = h; }, note, onEnd }))
      : await starter(kind);
    if (!begin || destroyed || predicting) return null;
    if (kind === "quiz") return begin();
    predicting = begin(params, ended);
    // In the same task: the answer written so far goes before any frame shows it.
    render();
    return predicting;
  }
  on($("predict"), "click", () => startPrediction("verdict"));
  on($("quiz"), "click", () => startPrediction("quiz"));

  /** Projector mode: only the stylesheet changes (no canvas here). */
  function setProjector() {}

  /** The theme: only the stylesheet changes (no canvas here). */
  function setTheme() {}

  /** Removes the panel and frees its memory. */
  function destroy() {
    destroyed = true;
    predicting?.destroy?.();
    cancelAnimationFrame(frame);
    clearTimeout(liveTimer);
    cleanups.run();
    panel.free();
    section.replaceChildren();
  }

  applyLabels(section, lang);
  hideControls(section, controls);
  $("prior").value = panel.prior();
  showLambda(panel.lambda(), "");
  buildTable();
  // A state given at creation is the first drawing (mount() passes the link's).
  if (state) setState(state);
  else render();
  return { panel, render, getState, setState, setLang, setProjector, setTheme, destroy, setLambda, loadCsv, prediction: () => predicting, startPrediction };
}
