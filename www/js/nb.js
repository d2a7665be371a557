// The naive Bayes panel's controller: the message box, settings and corpus loader in; the
// ledger, verdict and evaluation out. Every number is read from the Rust panel's answers.

import { SpamPanel } from "../pkg/genlab.js";
import { num, pct, signed, prob } from "./format.js";

const EXAMPLES = {
  "en-spam": "WIN a FREE prize! Reply now to claim your cash reward, offer ends today.",
  "en-ham": "Are we still meeting tomorrow at 3pm to finish the lab report?",
  phish: "Your parcel is held at customs. Pay the fee now at www.parcel-fee.example to release it.",
  "zh-spam": "恭喜您中奖了！请点击链接领取免费礼品。",
  "zh-ham": "妈，我周末回家吃饭。",
};

/** Slider position 0..1000 → α: 0 at the far left, then 10^(−3 … 1) on a log scale. */
export function sliderToAlpha(s) {
  return s <= 0 ? 0 : 10 ** (-3 + (4 * (s - 1)) / 999);
}

/** α → the nearest slider position. */
export function alphaToSlider(a) {
  if (!(a > 0)) return 0;
  return Math.min(1000, Math.max(1, Math.round(1 + (999 * (Math.log10(a) + 3)) / 4)));
}

/** α as people write it: up to 3 significant digits. */
function alphaText(a) {
  return a === 0 ? "0" : String(Number(a.toPrecision(3)));
}

/** Mounts the spam panel inside `root` (its section) and returns its controller. */
export function mountNb(root) {
  const $ = (id) => root.querySelector(`#${id}`);
  const panel = new SpamPanel();
  const text = $("nb-text");
  const slider = $("nb-alpha-slider");
  const alphaBox = $("nb-alpha");
  const ledgerList = $("nb-ledger");
  const details = $("nb-details");
  let ledger = null;
  let frame = 0;
  let metricsDirty = true;

  text.value = EXAMPLES["en-spam"];
  slider.value = String(alphaToSlider(panel.alpha()));
  alphaBox.value = alphaText(panel.alpha());

  /** Redraws in the next animation frame, once however many events arrive. */
  function schedule(metrics = false) {
    metricsDirty ||= metrics;
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      render();
    });
  }

  /** Writes the ledger, the verdict and (when settings changed) the evaluation. */
  function render() {
    ledger = panel.explain(text.value);
    writeLedger(ledger);
    if (metricsDirty) {
      metricsDirty = false;
      writeEvaluation(panel.evaluate());
      writeCorpus(panel.corpus());
      drawCurve();
    }
  }

  /** Shows or clears the message under the settings. */
  function showInputError(msg) {
    const el = $("nb-input-error");
    el.textContent = msg;
    el.hidden = msg === "";
  }

  /** One ledger row: label, signed bar, value. `scale` is the largest finite |term|. */
  function row({ label, sub, value, scale, kind, index }) {
    const li = document.createElement("li");
    li.className = `term ${kind}`;
    const name = document.createElement("span");
    name.className = "term-name";
    name.textContent = label;
    if (sub) {
      const s = document.createElement("span");
      s.className = "term-sub";
      s.textContent = sub;
      name.append(" ", s);
    }
    const track = document.createElement("span");
    track.className = "track";
    const bar = document.createElement("span");
    const infinite = value === Infinity || value === -Infinity;
    const share = infinite ? 1 : scale > 0 ? Math.min(1, Math.abs(value) / scale) : 0;
    bar.className = `bar ${value > 0 ? "to-spam" : "to-ham"}${infinite ? " veto" : ""}`;
    bar.style.width = `${(share * 50).toFixed(2)}%`;
    track.append(bar);
    const v = document.createElement("span");
    v.className = "term-value";
    v.textContent = signed(value);
    li.append(name, track, v);
    if (index !== undefined) {
      li.tabIndex = 0;
      li.dataset.index = String(index);
      li.setAttribute("aria-label", `${label}: ${signed(value)} ${value > 0 ? "toward spam" : value < 0 ? "toward ham" : ""}`);
    }
    return li;
  }

  /** The ledger list, the verdict, unknown words and veto sentences. */
  function writeLedger(l) {
    const e = l.explanation;
    const finite = [e.prior_log_ratio, e.absent_evidence ?? 0, ...e.words.map((w) => w.contribution)]
      .filter(Number.isFinite).map(Math.abs);
    const scale = Math.max(1e-9, ...finite);
    const rows = [row({ label: "prior", value: e.prior_log_ratio, scale, kind: "prior" })];
    rows[0].title = "log P(spam) − log P(ham): the evidence before reading any word";
    e.words.forEach((w, i) => {
      rows.push(row({ label: w.word, sub: w.count > 1 ? `×${w.count}` : "", value: w.contribution, scale, kind: "word", index: i }));
    });
    if (e.absent) {
      rows.push(row({
        label: "absent words",
        sub: `(${e.absent.absent_words})`,
        value: e.absent.contribution, scale, kind: "absent",
      }));
    }
    const total = e.log_odds ?? 0;
    const totalRow = row({ label: "total", sub: "= log-odds", value: total, scale: Math.max(scale, Math.abs(Number.isFinite(total) ? total : 0)), kind: "total" });
    if (e.log_odds === null) totalRow.querySelector(".term-value").textContent = "0/0";
    rows.push(totalRow);
    ledgerList.replaceChildren(...rows);

    const verdict = $("nb-verdict");
    verdict.className = "verdict";
    if (e.verdict === null) {
      verdict.classList.add("undefined");
      verdict.textContent = "No verdict: both classes are ruled out, P(spam | x) = 0/0. Raise α above 0.";
    } else {
      const spam = e.verdict === "spam";
      verdict.classList.add(spam ? "is-spam" : "is-ham");
      const certainty = e.log_odds === Infinity ? " (ham ruled out)" : e.log_odds === -Infinity ? " (spam ruled out)" : "";
      const p = pct(e.p_spam);
      const rel = p.startsWith(">") || p.startsWith("<") ? p : `= ${p}`;
      verdict.textContent = `${spam ? "Spam" : "Ham"} · P(spam | x) ${rel}${certainty} · log-odds ${signed(e.log_odds)}`;
    }
    const unknown = $("nb-unknown");
    unknown.textContent = e.unknown_words.length
      ? `Not in the vocabulary — ignored: ${e.unknown_words.slice(0, 30).join(", ")}${e.unknown_words.length > 30 ? ", …" : ""}`
      : "";
    if (l.truncated) unknown.textContent += " (Only the first 1,000,000 characters are scored.)";
    const sentences = $("nb-sentences");
    sentences.replaceChildren(...l.sentences.map((s) => {
      const li = document.createElement("li");
      li.textContent = s;
      return li;
    }));
    sentences.hidden = l.sentences.length === 0;
    if (!e.words.length && !text.value.trim()) {
      details.textContent = "Type a message: each word of the training vocabulary adds its evidence here.";
    }
  }

  /** The details box for word `i` of the current ledger. */
  function showDetails(i) {
    const e = ledger?.explanation;
    const w = e?.words[i];
    if (!w) return;
    const f = ledger.formulas[i];
    const unit = e.event_model === "multinomial" ? "occurrences" : "messages containing it";
    const lines = [
      `“${w.word}” — ${w.count} time${w.count === 1 ? "" : "s"} in this message`,
      `training ${unit}: spam ${w.spam_count} of ${e.spam_total}, ham ${w.ham_count} of ${e.ham_total}`,
      f[0], f[1],
      e.event_model === "multinomial"
        ? `evidence = ${w.count} × (log ${prob(w.p_spam)} − log ${prob(w.p_ham)}) = ${signed(w.contribution, 3)}`
        : `evidence = log ${prob(w.p_spam)} − log ${prob(w.p_ham)} = ${signed(w.contribution, 3)}`,
    ];
    details.replaceChildren(...lines.map((t) => {
      const p = document.createElement("p");
      p.textContent = t;
      return p;
    }));
  }

  /** The metrics table and confusion matrix. */
  function writeEvaluation(ev) {
    const m = ev.current;
    const show = (id, v) => { $(id).textContent = v == null ? "— (0/0: no such predictions)" : pct(v); };
    show("nb-acc", m.accuracy);
    show("nb-prec", m.precision);
    show("nb-rec", m.recall);
    show("nb-f1", m.f1);
    const c = m.confusion;
    $("nb-tn").textContent = String(c.tn);
    $("nb-fp").textContent = String(c.fp);
    $("nb-fn").textContent = String(c.fn_);
    $("nb-tp").textContent = String(c.tp);
  }

  /** The corpus summary, its credit and any notes from loading it. */
  function writeCorpus(c) {
    $("nb-corpus-info").textContent =
      `${c.name}: ${c.messages[0] + c.messages[1]} messages (${c.messages[0]} ham, ${c.messages[1]} spam), ` +
      `vocabulary ${c.vocabulary} words.`;
    $("nb-split").textContent = `Trained on ${c.split[0]} messages; tested on the other ${c.split[1]} (a stratified 80/20 split, seed ${num(panel.seed(), 0)}).`;
    $("nb-credit").textContent = `Data: ${c.credit}`;
    $("nb-corpus-notes").replaceChildren(...[...c.notes, ...c.errors].map((t) => {
      const li = document.createElement("li");
      li.textContent = t;
      return li;
    }));
  }

  /** The metrics-versus-α chart, at the device pixel ratio. */
  function drawCurve() {
    const box = $("nb-curve-box").getBoundingClientRect();
    panel.drawCurve($("nb-curve"), box.width, box.height, window.devicePixelRatio || 1);
  }

  /** Applies α from the slider or the number box; a bad value keeps the old one. */
  function setAlpha(a, from) {
    try {
      panel.setAlpha(a);
      showInputError("");
    } catch (e) {
      showInputError(e.message);
      a = panel.alpha();
    }
    if (from !== "slider") slider.value = String(alphaToSlider(a));
    if (from !== "box") alphaBox.value = alphaText(a);
    schedule(true);
  }

  /** Reads a corpus file in steps, showing progress; the old corpus stays on failure. */
  async function loadFile(file) {
    const progress = $("nb-progress");
    if (file.size > 10_000_000) {
      showInputError(`“${file.name}” is ${(file.size / 1e6).toFixed(1)} MB; the panel reads corpus files of up to 10 MB.`);
      return;
    }
    progress.hidden = false;
    progress.value = 0;
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      panel.corpusBegin(bytes, file.name);
      let done = 0;
      while (done < 1) {
        done = panel.corpusStep(262144);
        progress.value = done;
        await new Promise((r) => setTimeout(r, 0));
      }
      panel.corpusFinish();
      showInputError("");
    } catch (e) {
      panel.corpusCancel();
      showInputError(`The corpus was not loaded: ${e.message} The previous corpus is still in use.`);
    }
    progress.hidden = true;
    schedule(true);
  }

  text.addEventListener("input", () => schedule());
  root.querySelectorAll("[data-example]").forEach((b) => {
    b.addEventListener("click", () => {
      text.value = EXAMPLES[b.dataset.example];
      schedule();
    });
  });
  slider.addEventListener("input", () => setAlpha(sliderToAlpha(Number(slider.value)), "slider"));
  alphaBox.addEventListener("change", () => setAlpha(alphaBox.value.trim() === "" ? NaN : Number(alphaBox.value), "box"));
  root.querySelectorAll('input[name="nb-event"]').forEach((r) => {
    r.addEventListener("change", () => {
      try { panel.setEventModel(r.value); showInputError(""); } catch (e) { showInputError(e.message); }
      schedule(true);
    });
  });
  $("nb-prior").addEventListener("change", (ev) => {
    panel.setPrior(ev.target.value);
    schedule(true);
  });
  ledgerList.addEventListener("focusin", (ev) => {
    const li = ev.target.closest("li[data-index]");
    if (li) showDetails(Number(li.dataset.index));
  });
  ledgerList.addEventListener("mouseover", (ev) => {
    const li = ev.target.closest("li[data-index]");
    if (li) showDetails(Number(li.dataset.index));
  });
  $("nb-file").addEventListener("change", (ev) => {
    const f = ev.target.files?.[0];
    if (f) loadFile(f);
    ev.target.value = "";
  });
  const drop = $("nb-drop");
  drop.addEventListener("dragover", (ev) => { ev.preventDefault(); drop.classList.add("over"); });
  drop.addEventListener("dragleave", () => drop.classList.remove("over"));
  drop.addEventListener("drop", (ev) => {
    ev.preventDefault();
    drop.classList.remove("over");
    const f = ev.dataTransfer?.files?.[0];
    if (f) loadFile(f);
  });
  $("nb-reset").addEventListener("click", () => {
    panel.resetCorpus();
    showInputError("");
    schedule(true);
  });
  new ResizeObserver(() => { metricsDirty = true; schedule(); }).observe($("nb-curve-box"));

  render();
  return { panel, render, loadFile, setAlpha };
}
