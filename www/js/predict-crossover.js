// Predict, then reveal, on the learning-curves panel: before the curves show, the student
// moves a marker along the figure's m axis (log scale) to where the generative model's and
// logistic regression's curves will cross (m*), or ticks "They do not cross". The figure
// shows its axes only until then (curves.js setCurvesHidden: no curve, band, asymptote or
// crossover line, no lesson, table or crossover attribute). "Commit" waits for the run of the
// current settings to finish (it computes in the panel's worker meanwhile), judges the
// prediction with the exact rule (judgeCrossover: genlab::predict::judge_crossover on the
// finished run's summary, whose m* is the last change of order of the mean curves, where the
// splits tell them apart, interpolated linearly in log m between the two sampled sizes around
// it) and shows the curves; "Skip" shows them without a score. Loaded on the first press of
// "Predict the crossing". The words are this module's own (both languages); the
// misconceptions' hints, by id, from js/predict-hints.js.

import { endPrediction, predictionBlock, predictionParts, resultLines, writeHints } from "./predict-parts.js";
import { recordPrediction } from "./predict-record.js";
import { fill as say } from "./i18n.js";

/** This module's words; {x}-style slots are filled by `say`. */
export const WORDS = {
  en: {
    intro: "Where will the two curves cross? Drag the marker along the m axis (or focus it and use the arrow keys: a step is 0.05 of a decade, with Shift or Page Up/Down 0.25), or choose “They do not cross”, then press Commit. The curves are hidden until then.",
    handle: "Your crossing m̂ on the m axis",
    valueText: "m ≈ {m}",
    moved: "Your crossing: m ≈ {m}.",
    none: "They do not cross",
    noneOn: "Your prediction: the curves do not cross.",
    readout: "Your prediction: m ≈ {m}",
    readoutNone: "Your prediction: they do not cross",
    mark: "m̂ ≈ {m}",
    commit: "Commit",
    skip: "Skip",
    done: "Done",
    started: "Prediction started: the curves are hidden. Move the marker to where they will cross, or choose “They do not cross”, then commit.",
    waiting: "Computing the curves…",
    score: "You put the crossing at m ≈ {guess}; the curves cross at m* ≈ {truth}. The gap |log₁₀ m̂ − log₁₀ m*| is {gap} decades (one decade is a factor of 10 in m).",
    close: "Very close: within a factor of about 1.26 of m* (a tenth of a decade).",
    near: "Close: within a factor of about 3.2 of m* (half a decade).",
    far: "Far off: more than half a decade from m*. Look at which model is ahead at the smallest m and which at the largest: the curves cross where the lead changes hands for the last time.",
    crossMissed: "You said the curves do not cross; they do, at m* ≈ {truth}.",
    crossLeader: "After it {leader} is ahead wherever the splits tell the two apart.",
    noCrossWrong: "You put the crossing at m ≈ {guess}, but the curves do not cross between m = {lo} and m = {hi}.",
    noCrossRight: "Right: the curves do not cross between m = {lo} and m = {hi}.",
    noCrossLeader: "{leader} is ahead wherever the splits tell the two apart.",
    wrong: "Wrong: they cross.",
    wrongNone: "Wrong: they do not cross.",
    skipped: "Skipped: the curves are shown, without a score.",
    revealed: "The curves are shown, with your marker beside the crossover line.",
    revealedCross: "The curves are shown, with the crossover line.",
    revealedMarker: "The curves are shown, with your marker; they do not cross.",
    revealedPlain: "The curves are shown; they do not cross.",
    failed: "The curves could not be computed, so nothing was scored: {reason}",
    why: "Why? ",
  },
  "zh-CN": {
    intro: "两条曲线会在哪里相交？沿 m 轴拖动标记（或聚焦标记后用方向键：每步 0.05 个数量级，按住 Shift 或用 Page Up/Down 每步 0.25），或选择“它们不相交”，然后按“提交”。在此之前曲线是隐藏的。",
    handle: "你在 m 轴上预测的交点 m̂",
    valueText: "m ≈ {m}",
    moved: "你预测的交点：m ≈ {m}。",
    none: "它们不相交",
    noneOn: "你的预测：两条曲线不相交。",
    readout: "你的预测：m ≈ {m}",
    readoutNone: "你的预测：它们不相交",
    mark: "m̂ ≈ {m}",
    commit: "提交",
    skip: "跳过",
    done: "完成",
    started: "预测开始：曲线已隐藏。把标记移到它们相交的位置，或选择“它们不相交”，然后提交。",
    waiting: "正在计算曲线…",
    score: "你预测交点在 m ≈ {guess}；曲线在 m* ≈ {truth} 处相交。差距 |log₁₀ m̂ − log₁₀ m*| 为 {gap} 个数量级（一个数量级即 m 相差 10 倍）。",
    close: "非常接近：与 m* 相差不到约 1.26 倍（十分之一个数量级）。",
    near: "接近：与 m* 相差不到约 3.2 倍（半个数量级）。",
    far: "相差很远：与 m* 相差超过半个数量级。看看在最小的 m 处哪个模型领先、在最大的 m 处哪个领先：曲线在领先者最后一次易位的地方相交。",
    crossMissed: "你认为两条曲线不相交；其实它们在 m* ≈ {truth} 处相交。",
    crossLeader: "此后只要这些划分能分出高下，{leader}都领先。",
    noCrossWrong: "你预测交点在 m ≈ {guess}，但在 m = {lo} 到 m = {hi} 之间两条曲线并不相交。",
    noCrossRight: "正确：在 m = {lo} 到 m = {hi} 之间两条曲线不相交。",
    noCrossLeader: "只要这些划分能分出高下，{leader}都领先。",
    wrong: "错误：它们相交。",
    wrongNone: "错误：它们不相交。",
    skipped: "已跳过：显示了曲线，不计分。",
    revealed: "曲线已显示，你的标记在交点线旁边。",
    revealedCross: "曲线已显示，并标出了交点线。",
    revealedMarker: "曲线已显示，并标出了你的标记；它们不相交。",
    revealedPlain: "曲线已显示；它们不相交。",
    failed: "无法计算曲线，因此没有评分：{reason}",
    why: "为什么？",
  },
};

const words = (lang) => WORDS[lang] || WORDS.en;

/** A keyboard step on the log axis, in decades (Shift, Page Up/Down: the large one). */
export const STEP = 0.05;
export const BIG_STEP = 0.25;

/** The one-sentence verdict on a gap of `d` decades: within 0.1 (a factor of 10^0.1 ≈ 1.26),
 * within 0.5 (10^0.5 ≈ 3.16), or beyond. */
export function gapKey(d) {
  return d <= 0.1 ? "close" : d <= 0.5 ? "near" : "far";
}

/** An m as the prediction shows it: a whole number (m is a count of examples). */
export const showM = (m) => String(Math.round(m));

/**
 * Starts a crossover prediction on the learning-curves panel in `section`. `curves` is the
 * controller's side: `axisRange()` ([smallest m, largest m] of the run), `whenDone()` (a
 * promise of the finished run's summary), `setHidden(on)`, `frame()` (where the plot sits,
 * as drawLearningCurves returns it), `judge(summary, mHat | undefined)`, `names()` (the two models' names).
 * Returns `{ hidden(), verdict(), guess(), draw(), setLang(lang), destroy() }`; `onEnd()` runs
 * when the student closes the prediction.
 */
export function startCrossoverPrediction({ section, curves, lang, button, onEnd = () => {} }) {
  const box = section.querySelector('[data-role="box"]');
  const canvas = section.querySelector('[data-role="canvas"]');
  const buttonRow = button.closest("p") || button;
  let hidden = true;
  let waiting = false;
  let destroyed = false;
  let verdict = null;
  /** The run's summary at the reveal (for the sentences' names and range). */
  let revealed = null;
  // The marker, in log₁₀ m: the middle of the axis (no hint of where the curves cross).
  const [lo0, hi0] = curves.axisRange();
  let lm = (Math.log10(lo0) + Math.log10(hi0)) / 2;

  const block = predictionBlock({ role: "crossover" });
  const intro = document.createElement("p");
  intro.className = "hint";
  const noneLabel = document.createElement("label");
  noneLabel.className = "field-row";
  const none = document.createElement("input");
  none.type = "checkbox";
  none.dataset.role = "crossover-none";
  const noneText = document.createElement("span");
  noneLabel.append(none, " ", noneText);
  const readout = document.createElement("p");
  readout.dataset.role = "crossover-value";
  const { actions, commit, skip, result, live, writeActionWords, showRevealed, announceRevealed } = predictionParts("crossover", { reveal, end: destroy });
  block.append(intro, noneLabel, readout, result, actions, live);
  buttonRow.after(block);
  button.disabled = true;
  buttonRow.hidden = true;

  // The marker over the plot: a strip the size of the plotting area (a horizontal drag moves
  // the marker, a vertical one scrolls the page: touch-action pan-y), a vertical line, its
  // label and a handle on the m axis (the slider the keyboard and screen readers use).
  const overlay = document.createElement("div");
  overlay.dataset.role = "crossover-overlay";
  Object.assign(overlay.style, { position: "absolute", touchAction: "pan-y", cursor: "ew-resize" });
  const line = document.createElement("div");
  Object.assign(line.style, { position: "absolute", top: "0", bottom: "0", width: "0", borderLeft: "3px solid var(--focus, #1a1aff)", marginLeft: "-1.5px", pointerEvents: "none" });
  const mark = document.createElement("span");
  mark.setAttribute("aria-hidden", "true");
  mark.dataset.role = "crossover-mark";
  Object.assign(mark.style, { position: "absolute", bottom: "1.6rem", padding: "0 0.25rem", font: "600 0.8rem/1.3 sans-serif", color: "var(--focus, #1a1aff)", background: "var(--paper, #fff)", whiteSpace: "nowrap", pointerEvents: "none" });
  const handle = document.createElement("div");
  handle.dataset.role = "crossover-handle";
  handle.tabIndex = 0;
  handle.setAttribute("role", "slider");
  handle.setAttribute("aria-orientation", "horizontal");
  Object.assign(handle.style, { position: "absolute", bottom: "-22px", width: "44px", height: "44px", marginLeft: "-22px", display: "grid", placeItems: "center", touchAction: "none", cursor: "grab" });
  const knob = document.createElement("span");
  Object.assign(knob.style, { width: "18px", height: "18px", borderRadius: "50%", background: "var(--paper, #fff)", border: "3px solid var(--focus, #1a1aff)", boxSizing: "border-box", pointerEvents: "none" });
  handle.append(knob);
  overlay.append(line, mark, handle);
  box.append(overlay);

  /** The allowed range in log₁₀ m (the run's smallest and largest sizes). */
  const range = () => {
    const [lo, hi] = curves.axisRange();
    return [Math.log10(lo), Math.log10(hi)];
  };
  const clamp = (v) => {
    const [a, b] = range();
    return Math.min(b, Math.max(a, v));
  };
  const mHat = () => 10 ** lm;

  /** Places the overlay over the plotting area and the marker at m̂ (after each draw). */
  function draw() {
    const f = curves.frame();
    const rect = canvas.getBoundingClientRect();
    if (!f || !(rect.width > 0) || !(f.right > f.left)) return;
    const scale = canvas.width / rect.width;
    const [l, t, r, b] = [f.left, f.top, f.right, f.bottom].map((v) => v / scale);
    Object.assign(overlay.style, { left: `${l}px`, top: `${t}px`, width: `${r - l}px`, height: `${b - t}px` });
    lm = clamp(lm);
    const x = ((lm - f.x0) / (f.x1 - f.x0)) * (r - l);
    for (const el of [line, handle]) el.style.left = `${x.toFixed(1)}px`;
    const w = words(lang);
    mark.textContent = say(w.mark, { m: showM(mHat()) });
    // The label on the side of the line with room for it.
    const right = x < (r - l) / 2;
    Object.assign(mark.style, right ? { left: `${(x + 6).toFixed(1)}px`, right: "" } : { left: "", right: `${(r - l - x + 6).toFixed(1)}px` });
    const off = none.checked;
    for (const el of [line, mark]) el.style.visibility = off ? "hidden" : "visible";
    handle.style.visibility = off ? "hidden" : "visible";
    const [a, c] = range();
    handle.setAttribute("aria-valuemin", showM(10 ** a));
    handle.setAttribute("aria-valuemax", showM(10 ** c));
    handle.setAttribute("aria-valuenow", showM(mHat()));
    handle.setAttribute("aria-valuetext", say(w.valueText, { m: showM(mHat()) }));
    handle.setAttribute("aria-label", w.handle);
    readout.textContent = off ? w.readoutNone : say(w.readout, { m: showM(mHat()) });
  }

  const announce = () => {
    live.textContent = none.checked ? words(lang).noneOn : say(words(lang).moved, { m: showM(mHat()) });
  };

  /** The marker to the pointer's x (client pixels). */
  function moveTo(clientX) {
    const f = curves.frame();
    const o = overlay.getBoundingClientRect();
    if (!f || !(o.width > 0)) return;
    lm = clamp(f.x0 + ((clientX - o.left) / o.width) * (f.x1 - f.x0));
    draw();
  }
  let dragging = false;
  // A finger that lands on the plot, off the handle, may be scrolling the page (the strip
  // lets vertical pans through, and the browser then cancels the pointer): the marker moves
  // with its first sideways move, or to where it was lifted after a tap, never on a scroll.
  let pending = null;
  let last = null;
  overlay.addEventListener("pointerdown", (ev) => {
    if (!hidden || none.checked || ev.button > 0) return;
    dragging = true;
    overlay.setPointerCapture?.(ev.pointerId);
    if (ev.pointerType === "touch" && !handle.contains(ev.target)) {
      pending = [ev.clientX, ev.clientY];
      last = pending;
      return;
    }
    ev.preventDefault();
    moveTo(ev.clientX);
    handle.focus({ preventScroll: true });
  });
  overlay.addEventListener("pointermove", (ev) => {
    if (!dragging) return;
    if (pending) {
      last = [ev.clientX, ev.clientY];
      const [dx, dy] = [ev.clientX - pending[0], ev.clientY - pending[1]];
      // Sideways by more than 8 px, more than up or down: a drag of the marker.
      if (!(Math.abs(dx) > 8 && Math.abs(dx) > Math.abs(dy))) return;
      pending = null;
    }
    moveTo(ev.clientX);
  });
  overlay.addEventListener("pointerup", () => {
    if (!dragging) return;
    // A tap (the finger hardly moved) puts the marker there.
    if (pending && Math.hypot(last[0] - pending[0], last[1] - pending[1]) <= 8) moveTo(pending[0]);
    const moved = !pending || Math.hypot(last[0] - pending[0], last[1] - pending[1]) <= 8;
    pending = null;
    dragging = false;
    if (moved) announce();
  });
  overlay.addEventListener("pointercancel", () => {
    // A scroll: the marker stays where it was (or where a drag had taken it).
    const moved = !pending;
    pending = null;
    if (!dragging) return;
    dragging = false;
    if (moved) announce();
  });
  // touch-action does not stop a finger on the handle from scrolling the page in every browser.
  handle.addEventListener("touchstart", (ev) => { if (hidden) ev.preventDefault(); }, { passive: false });
  handle.addEventListener("keydown", (ev) => {
    if (!hidden || none.checked) return;
    const big = ev.shiftKey ? BIG_STEP : STEP;
    const [a, b] = range();
    const to = {
      ArrowLeft: lm - big, ArrowDown: lm - big, ArrowRight: lm + big, ArrowUp: lm + big,
      PageDown: lm - BIG_STEP, PageUp: lm + BIG_STEP, Home: a, End: b,
    }[ev.key];
    if (to === undefined) return;
    ev.preventDefault();
    lm = clamp(to);
    draw();
    announce();
  });
  none.addEventListener("change", () => {
    draw();
    announce();
  });

  function writeResult() {
    const w = words(lang);
    const zh = lang === "zh-CN";
    const { p, lines: out } = resultLines();
    if (verdict?.error) {
      p(say(w.failed, { reason: verdict.error }), "crossover-score").className = "input-error";
    } else if (!verdict) {
      p(w.skipped, "crossover-score");
    } else {
      const names = curves.names();
      const pts = revealed?.curves[0].points ?? [];
      const ends = { lo: pts.length ? pts[0].m : "", hi: pts.length ? pts[pts.length - 1].m : "" };
      const guess = verdict.guess == null ? null : showM(verdict.guess);
      if (verdict.m_star != null && guess != null) {
        p(say(w.score, { guess, truth: showM(verdict.m_star), gap: verdict.decades.toFixed(2) }), "crossover-score");
        p(w[gapKey(verdict.decades)], "crossover-sentence");
      } else if (verdict.m_star != null) {
        const lead = verdict.leader_after == null ? "" : `${zh ? "" : " "}${say(w.crossLeader, { leader: names[verdict.leader_after] })}`;
        p(`${w.wrong}${zh ? "" : " "}${say(w.crossMissed, { truth: showM(verdict.m_star) })}${lead}`, "crossover-score");
      } else {
        const leader = revealed?.leader_small ?? revealed?.leader_large;
        const lead = leader == null ? "" : `${zh ? "" : " "}${say(w.noCrossLeader, { leader: names[leader] })}`;
        if (guess != null) p(`${w.wrongNone}${zh ? "" : " "}${say(w.noCrossWrong, { guess, ...ends })}${lead}`, "crossover-score");
        else p(`${say(w.noCrossRight, ends)}${lead}`, "crossover-score");
      }
      writeHints(p, verdict.hints, lang, w.why, "crossover");
    }
    if (!verdict?.error && revealed) {
      // What the figure shows now: the crossover line where the run crosses, the marker unless
      // the student said they do not cross.
      const cross = revealed.crossover != null;
      const marker = !none.checked;
      p(cross ? (marker ? w.revealed : w.revealedCross) : (marker ? w.revealedMarker : w.revealedPlain));
    }
    result.replaceChildren(...out);
    result.hidden = false;
  }

  /** Shows the curves; with `judge`, scores the prediction on the finished run first. */
  async function reveal(judge) {
    if (!hidden || waiting) return;
    waiting = true;
    commit.disabled = true;
    skip.disabled = true;
    none.disabled = true;
    result.hidden = false;
    result.replaceChildren(Object.assign(document.createElement("p"), { className: "hint", textContent: words(lang).waiting }));
    const guess = none.checked ? undefined : mHat();
    let s = null;
    try {
      s = await curves.whenDone();
    } catch (e) {
      verdict = { error: e?.message || String(e) };
    }
    waiting = false;
    if (destroyed || !hidden) return;
    if (judge && s) {
      try {
        verdict = { ...curves.judge(s, guess), guess: guess ?? null };
      } catch (e) {
        verdict = { error: e?.message || String(e) };
      }
    }
    revealed = s;
    hidden = false;
    curves.setHidden(false);
    handle.tabIndex = -1;
    handle.removeAttribute("aria-valuetext");
    overlay.style.pointerEvents = "none";
    overlay.style.cursor = "";
    // Beside the curves now: thinner and lighter, so that they show through it.
    Object.assign(line.style, { borderLeftWidth: "2px", marginLeft: "-1px", opacity: "0.7" });
    showRevealed(intro, noneLabel);
    draw();
    writeResult();
    const scored = Boolean(verdict && !verdict.error);
    recordPrediction({
      panel: "curves",
      kind: "crossover",
      skipped: !scored,
      answer: scored ? (guess ?? "none") : null,
      truth: scored ? (verdict.m_star ?? "none") : null,
      score: scored ? { right_kind: verdict.right_kind ? 1 : 0, ...(verdict.decades != null ? { decades: verdict.decades } : {}) } : {},
      hints: scored ? verdict.hints.map((h) => h.id) : [],
      lang,
    });
    announceRevealed();
  }

  function writeWords() {
    const w = words(lang);
    block.setAttribute("lang", lang);
    intro.textContent = w.intro;
    noneText.textContent = w.none;
    writeActionWords(w);
    draw();
    if (!hidden) writeResult();
  }

  function destroy() {
    if (destroyed) return;
    destroyed = true;
    hidden = false;
    overlay.remove();
    endPrediction({ block, button, row: buttonRow, onEnd, redraw: () => curves.setHidden(false) });
  }

  curves.setHidden(true);
  writeWords();
  live.textContent = words(lang).started;
  handle.focus({ preventScroll: true });
  // The run of the current settings goes on (or starts) in the worker, hidden.
  curves.whenDone().catch(() => {});

  return {
    hidden: () => hidden,
    verdict: () => verdict,
    /** m̂ (null for "they do not cross"). */
    guess: () => (none.checked ? null : mHat()),
    draw,
    setLang(next) {
      lang = next;
      writeWords();
    },
    destroy,
  };
}
