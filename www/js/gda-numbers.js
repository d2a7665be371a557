// The GDA panel's numbers (js/gda.js's): the table of the fit (two classes or k), the
// comparison models, the Bayes rule and the training table, the figure's words and text
// alternative, the live regions, and the posterior under the pointer — all written from the
// model's summary at draw time, never kept.

import { num, vec, mat, term, pct, p3 } from "./format.js";
import { t, addWords } from "./i18n.js";
import { messageText } from "./messages.js";
import { focusScrollables, fillAround } from "./util.js";

const SUB = ["₀", "₁", "₂", "₃", "₄"];
const AXES = { generated: ["x1", "x2"] };

/** js/gda-classes.js once loaded (the numbers and words of k > 2 classes), shared by every
 * GDA panel of the page. */
let classes = null;
let classesLoading = null;
/** Loads js/gda-classes.js and merges its words, once (again after a failed fetch). */
function loadClasses() {
  classesLoading ??= import("./gda-classes.js").then((m) => {
    addWords({ en: m.EN_CLASSES, "zh-CN": m.ZH_CLASSES });
    classes = m;
  }, (e) => {
    classesLoading = null;
    throw e;
  });
  return classesLoading;
}

/**
 * The numbers writer of a GDA panel's `section` (made before anything is written into its
 * table: it keeps the markup's cells). `$` finds a control by role; `panel` is the lab;
 * `view` tells what the controller holds now: `settled()` (no drag or glide under way: the
 * page's boxes may be measured), `gliding()`, `snapped()` and `unsnap()` (a drag's snap of
 * one mean onto another), `pointer()` (`{ pointer, cursor, cursorShown }`). Returns
 * `{ writeNumbers, writePointer, figureText, posteriorsText, setLang, stop }`.
 */
export function gdaNumbers({ section, $, canvas, panel, lang, view }) {
  let liveTimer = 0;
  // The last state written: one of k > 2 classes is written again when js/gda-classes.js arrives.
  let latest = null;
  // Each cell of the numbers table as the markup holds it before any fit is written, and
  // each row shown only for some states, hidden or not as the markup has it: what a fresh
  // page at any URL keeps in the blocks its state hides.
  const pristine = new Map([...section.querySelectorAll(".numbers td[data-role], .numbers span[data-role]")].map((c) => [c, c.textContent]));
  const pristineRows = new Map([...section.querySelectorAll('.numbers tr[data-role^="row-"]')].map((r) => [r, r.hidden]));
  /** Shows or hides a block of the numbers table (a row, or the two- or k-class table). A
   * hidden block goes back to the markup's cells, so no number of an earlier state stays
   * behind it: a state restored by history then holds exactly what a fresh page at its
   * URL holds (logistic regression toggled off no longer keeps its w and b). */
  function reveal(block, shown) {
    block.hidden = !shown;
    if (shown) return;
    for (const cell of block.querySelectorAll("[data-role]")) {
      if (pristine.has(cell)) cell.textContent = pristine.get(cell);
      if (pristineRows.has(cell)) cell.hidden = pristineRows.get(cell);
    }
  }

  /** The words drawn inside the figure, in the page's language. */
  function figureText(s) {
    const axisKey = (name) => `gda.axis.${name}`;
    const generated = s.source === "generated";
    return {
      classes: generated || s.class_names[0] === "class 0" ? s.class_names.map((_, c) => t(lang, `gda.figure.class${c}`))
        : s.class_names.map((n) => { const k = `gda.className.${n}`; const v = t(lang, k); return v === k ? n : v; }),
      regions: t(lang, "gda.figure.regions"),
      pairwise: t(lang, "gda.figure.pairwise"),
      axes: generated || s.axis_names[0] === "x₁" ? AXES.generated.map((a) => t(lang, `gda.axis.${a}`)) : s.axis_names.map((a) => t(lang, axisKey(a))),
      fitted: t(lang, "gda.figure.fitted"),
      truth: t(lang, "gda.figure.truth"),
      boundary: t(lang, s.threshold !== 0 || s.models.prior !== null ? "gda.figure.bayes" : "gda.figure.boundary"),
      logistic: t(lang, "gda.figure.logistic"),
      half: t(lang, "gda.figure.half"),
    };
  }

  /** The numbers panel, read from the model at draw time. */
  function writeNumbers(s) {
    latest = s;
    const err = $("error");
    const message = s.error ? messageText(lang, s.error) : "";
    err.textContent = message;
    err.hidden = !s.error;
    reveal($("classes-numbers"), s.classes > 2);
    reveal($("two-numbers"), s.classes <= 2);
    // Coincident means, said beside the figure too, where the missing boundary is (and the
    // snap of a drag that put one mean on the other, while they still coincide).
    const coincide = s.classes <= 2 && !s.error && s.coincident;
    const note = $("coincide-note");
    note.hidden = !coincide;
    if (!coincide) view.unsnap();
    const snapped = view.snapped();
    const snapText = snapped ? `${t(lang, "gda.snapped", { a: `μ${SUB[snapped.k]}`, b: `μ${SUB[snapped.j]}` })} ` : "";
    // The sentence of the model drawn: "the prior alone decides" only under one shared Σ.
    note.textContent = coincide ? `${snapText}${t(lang, s.prior_alone ? "gda.coincident" : "gda.coincidentSpread")}` : "";
    if (s.classes > 2) {
      writeClassNumbers(s, message);
      return;
    }
    $("phi").textContent = s.phi == null ? "—" : `${num(s.phi)}  (${t(lang, "gda.phiNote", { k: s.n[1], m: s.n[0] + s.n[1] })})`;
    $("mu0").textContent = vec(s.mu?.[0]);
    $("mu1").textContent = vec(s.mu?.[1]);
    $("sigma").textContent = mat(s.sigma);
    $("w").textContent = vec(s.w);
    $("b").textContent = num(s.b);
    // Coincident means: w is 0 (not rounding noise), and there is no line to write; a
    // model with a Σ per class still separates the classes by their spread.
    const eq = s.coincident ? t(lang, s.prior_alone ? "gda.coincident" : "gda.coincidentSpread")
      : s.w ? `${num(s.w[0])} x₁ ${term(s.w[1], "x₂")} ${term(s.b, "")} = 0` : "—";
    const line = s.w && !s.coincident && !s.boundary_visible ? `${eq} ${t(lang, "gda.outside")}` : eq;
    // w, b and the line are the shared-Σ fit's with φ̂; say so when the figure draws another
    // model or prior (the pointer's p(y = 1 | x) is the drawn one's).
    const drawn = drawnModel(s);
    // Unequal losses alone keep the model and its φ̂ but move the drawn boundary off this
    // line (p = ½, the dashed reference) to the parallel one where wᵀx + b = log(λ₁₀/λ₀₁).
    const movedByLosses = !drawn && s.threshold !== 0 && s.w && !s.coincident;
    $("boundary").textContent = drawn ? `${line}\n${t(lang, "gda.rowsOfGda", { drawn })}`
      : movedByLosses ? `${line}\n${t(lang, "gda.rowsThreshold", { t: num(s.threshold) })}` : line;
    writeModelNumbers(s);
    // While a student predicts the boundary (predict.js), nothing here says where it is:
    // w, b, the line and logistic regression's rows are hidden and emptied.
    const hide = view.predicting();
    for (const role of ["w", "b", "boundary", "logistic-numbers"]) {
      const cell = $(role);
      if (hide) cell.textContent = "—";
      // (Logistic regression's row is otherwise shown or not by writeModelNumbers.)
      if (hide || role !== "logistic-numbers") cell.closest("tr").hidden = hide;
    }
    // Measuring the boxes lays the page out: not on every frame of a drag (its end redraws).
    if (view.settled()) {
      focusScrollables(section, ".numbers, .formula, .reports", (box) => t(lang, box.matches(".formula") ? "a11y.formula" : "gda.numbers"));
    }
    const credit = $("credit");
    // A citation keeps its own language (authors, titles), marked as such.
    if (s.credit) fillAround(credit, t(lang, "gda.credit", { credit: "{credit}" }), "credit", s.credit, "en");
    else credit.textContent = "";
    credit.hidden = !s.credit;
    const names = figureText(s).classes;
    // The figure's text alternative: what it shows, following the state (the fitted means,
    // φ, and the boundary as an equation, or why there is none).
    // (The drawn model's: a conic for QDA, else the line of the numbers table.)
    // A prior override or unequal losses slide the shared-Σ line without turning it: the drawn
    // boundary is parallel to the fitted-φ line of the table, not that line.
    // (φ′ equal to φ̂ moves nothing: then the line is the table's own.)
    const overridden = s.models.prior !== null && s.models.prior !== undefined && s.models.prior !== s.phi;
    const moved = !s.conic && !s.coincident && s.w && (s.threshold !== 0 || overridden);
    const drawnEq = moved ? t(lang, "gda.boundaryMoved", { eq }) : eq;
    const boundary = s.conic ? t(lang, "gda.ariaConic", { kind: t(lang, `gda.conicKind.${s.conic}`) })
      : s.coincident ? ` ${eq}`
      : moved ? t(lang, "gda.ariaLine", { eq: drawnEq })
      : s.w ? t(lang, s.boundary_visible ? "gda.ariaLine" : "gda.ariaLineOutside", { eq }) : "";
    canvas.setAttribute("aria-label", s.error
      ? t(lang, "gda.ariaError", { error: message })
      : t(lang, "gda.aria", { c0: names[0], c1: names[1], m0: vec(s.mu[0], 2), m1: vec(s.mu[1], 2), phi: num(s.phi, 2) }) + (hide ? "" : boundary));
    // The live region reads the drawn boundary too (a conic for QDA and naive Bayes), but not
    // while a student predicts it.
    if (hide) clearTimeout(liveTimer);
    else announce(s, message, s.conic ? t(lang, `gda.conicKind.${s.conic}`) : drawnEq);
  }

  /** Names the training table's confusion column: TN FP / FN TP for two classes, rows and
   * columns of the k × k matrix for more (kept as data-i18n so a language switch follows). */
  function confusionHeader(key) {
    const th = $("confusion-head");
    th.dataset.i18n = key;
    th.textContent = t(lang, key);
  }

  /** The numbers of k > 2 classes, by js/gda-classes.js (loaded with its words the first time
   * a state of more than two classes is drawn; that state is written again once it is here). */
  function writeClassNumbers(s, message) {
    if (classes) {
      classes.writeClassNumbers({ $, lang, canvas, reveal, figureText, confusionHeader, announce }, s, message);
      // Its tables scroll on a phone, as the two classes' do: they take the focus then.
      if (view.settled()) focusScrollables(section, ".numbers, .reports", () => t(lang, "gda.numbers"));
      return;
    }
    loadClasses().then(() => {
      if (latest === s) {
        writeNumbers(s);
        writePointer();
      }
    }, () => {
      // Offline after the first load, say: the table is not left empty without a word (the
      // next drawing fetches the module again).
      if (latest !== s) return;
      $("classes-numbers").hidden = true;
      const err = $("error");
      err.textContent = [message, t(lang, "gda.classesNotLoaded")].filter(Boolean).join(" ");
      err.hidden = false;
    });
  }

  /** The model the figure draws, named, when it is not the shared-Σ fit with its fitted φ
   * (QDA, Gaussian NB, or a prior override); else "". */
  function drawnModel(s) {
    const cov = s.models.covariance;
    const model = t(lang, `gda.model.${cov === "shared" ? "gda" : cov === "per-class" ? "qda" : "gnb"}`);
    if (s.models.prior !== null && s.models.prior !== undefined) return t(lang, "gda.drawnPrior", { model, phi: num(s.models.prior) });
    return cov === "shared" ? "" : model;
  }

  /** The comparison model's Σs, logistic regression, the Bayes rule and the training table. */
  function writeModelNumbers(s) {
    const sigmasRow = $("row-sigmas");
    reveal(sigmasRow, Boolean(s.sigmas));
    if (s.sigmas) {
      $("sigmas").textContent = `${mat(s.sigmas[0])}\n\n${mat(s.sigmas[1])}${s.conic ? `\n${t(lang, "gda.conic", { kind: t(lang, `gda.conicKind.${s.conic}`) })}` : ""}`;
      $("sigmas-label").textContent = t(lang, s.models.covariance === "per-class" ? "gda.sigmasQda" : "gda.sigmasGnb");
    }
    const modelError = s.model_error ? messageText(lang, s.model_error) : "";
    const lr = s.logistic;
    reveal($("row-logistic"), Boolean(lr));
    if (lr) {
      $("logistic-numbers").textContent = lr.error
        ? messageText(lang, lr.error)
        : `w = ${vec(lr.w)}\nb = ${num(lr.b)}${lr.ridge ? `\n${t(lang, "gda.separable", { lambda: num(lr.lambda, 4) })}` : ""}`;
    }
    $("threshold").textContent = t(lang, "gda.thresholdValue", { t: num(s.threshold), p: num(s.posterior_threshold) });
    $("risk").textContent = s.risk ? t(lang, "gda.risk", { incurred: num(s.risk[0]), expected: num(s.risk[1]) }) : "—";
    confusionHeader("gda.confusion");
    $("reports").replaceChildren(...s.reports.map((r) => {
      const tr = document.createElement("tr");
      const c = r.confusion;
      for (const cell of [t(lang, `gda.model.${r.id}`), pct(r.accuracy), r.log_likelihood == null ? "—" : num(r.log_likelihood, 2), `${c.tn} ${c.fp} / ${c.fn_} ${c.tp}`]) {
        const td = document.createElement("td");
        td.textContent = cell;
        tr.append(td);
      }
      return tr;
    }));
    // The drawn model's refusal, unless it is the sentence already there (a singular Σ
    // refuses the shared fit and a model built on it alike: said once).
    if (modelError && !$("error").textContent.includes(modelError)) {
      const err = $("error");
      err.textContent = err.textContent ? `${err.textContent} ${modelError}` : modelError;
      err.hidden = false;
    }
  }

  /** Reads the fit to screen readers once things settle (not on every drag step): `sentence`
   * makes the k-class reading, else φ and the boundary `eq` of two classes. */
  function announce(s, message, eq, sentence = null) {
    if (view.gliding()) return;
    clearTimeout(liveTimer);
    liveTimer = setTimeout(() => {
      $("live").textContent = s.error ? message : sentence ? sentence() : t(lang, "gda.live", { phi: num(s.phi, 2), eq });
    }, 700);
  }

  /** The posterior under the pointer (or, without one, at the keyboard cursor), or a hint. */
  function writePointer() {
    const { pointer, cursor, cursorShown } = view.pointer();
    const out = $("pointer");
    const cell = $("posterior");
    if (panel.classes() > 2) {
      // k classes: every class's posterior p(y = c | x) (written once js/gda-classes.js is
      // here: writeClassNumbers writes the pointer again then).
      if (!classes) {
        out.textContent = "";
        cell.textContent = "—";
        return;
      }
      let at = pointer ? panel.posteriorsAt(pointer.x, pointer.y) : null;
      if (!at && cursor && cursorShown) {
        const p = panel.posteriorsAtData(cursor[0], cursor[1]);
        if (p) at = { x: cursor[0], y: cursor[1], p: Array.from(p) };
      }
      out.textContent = at ? posteriorsText(at) : t(lang, "gda.pointerHintK");
      cell.textContent = "—";
      return;
    }
    let at = pointer ? panel.posteriorAt(pointer.x, pointer.y) : null;
    if (!at && cursor && cursorShown) {
      const p = panel.posteriorAtData(cursor[0], cursor[1]);
      if (p !== undefined && p !== null) at = { x: cursor[0], y: cursor[1], p };
    }
    if (!at) {
      out.textContent = t(lang, "gda.pointerHint");
      cell.textContent = "—";
      return;
    }
    // The posterior σ(wᵀx + b) of a finite log-odds: never exactly 0 or 1 (format.js).
    const text = t(lang, "gda.at", { x: vec([at.x, at.y], 2), p: p3(at.p, { exact: false }), pct: pct(at.p, { exact: false }) });
    out.textContent = text;
    cell.textContent = text;
  }

  /** "at x = (…): p(y = 0 | x) = …, p(y = 1 | x) = …, …" for k classes ("" until
   * js/gda-classes.js is here: the numbers of k classes load it). */
  function posteriorsText(at) {
    return classes ? classes.posteriorsText(lang, at) : "";
  }

  return {
    writeNumbers,
    writePointer,
    figureText,
    posteriorsText,
    /** The language of the words written from now on. */
    setLang(next) {
      lang = next;
    },
    /** Cancels a reading still waiting for the live region. */
    stop() {
      clearTimeout(liveTimer);
    },
  };
}
