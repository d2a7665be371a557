// Interactions timed in the real page (index.html, the release build), not in a bench page:
// what a student's keystroke costs from the event to the frame that shows the new ledger
// and verdict, DOM and layout included. `interactions` runs inside the page; run.mjs passes
// it to Playwright (Chromium) and, as source text, to WebDriver's execute/async (Firefox).

/**
 * Runs in index.html once it is ready (html[data-ready=true]). Puts the message `url` holds
 * into the spam panel's box, then times `samples` interactions of each kind in `kinds`
 * (after `warmup` untimed ones):
 * - "type": one keystroke at the end of the box (an `insertText` edit, the browser's own
 *   editing path and `input` event), alternating with one Backspace, so the text stays the
 *   same length;
 * - "alpha": the smoothing slider moved by one step (an `input` event);
 * - "event": the event-model switch flipped (a `change` event);
 * - "hover": the pointer onto the next ledger word (its details box).
 *
 * Each sample is the main thread's busy time for the interaction: the event's own handling,
 * plus the frame that follows, from the frame's first animation-frame callback (registered
 * before the event, so it runs before the panel's) to the end of that frame's style, layout
 * and paint (a message posted from an animation-frame callback registered after the event
 * is delivered once the frame is done). The wait for the frame itself (up to one vsync) is
 * not work and is reported apart (`wall`). The 10,000-word message costs what it costs
 * whatever the frame rate; the wait does not depend on it.
 *
 * Returns `{ chars, words, <kind>: { busy: [ms…], wall: [ms…], redrawn } }` (`redrawn`: how
 * many samples changed the ledger or the verdict on screen), or throws.
 */
export async function interactions({ url, kinds = ["type"], samples = 40, warmup = 5 }) {
  const $ = (sel) => document.querySelector(`#nb-slot ${sel}`);
  const box = $('[data-role="text"]');
  const verdict = $('[data-role="verdict"]');
  const ledger = $('[data-role="ledger"]');
  if (!box || !verdict || !ledger) throw new Error("the spam panel is not on this page");
  const message = await (await fetch(url)).text();
  const frameDone = () => new Promise((resolve) => {
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => resolve(performance.now());
      ch.port2.postMessage(0);
    });
  });

  /** Times `act(i)` as described above; counts the samples that changed what the ledger or verdict show. */
  async function time(act, n) {
    const busy = [];
    const wall = [];
    let redrawn = 0;
    for (let i = 0; i < n; i++) {
      let frameStart = 0;
      requestAnimationFrame(() => { frameStart = performance.now(); });
      let changed = false;
      const seen = new MutationObserver(() => { changed = true; });
      seen.observe(ledger, { childList: true, subtree: true, characterData: true, attributes: true });
      seen.observe(verdict, { childList: true, characterData: true, subtree: true });
      const t0 = performance.now();
      act(i);
      const t1 = performance.now();
      const t2 = await frameDone();
      seen.disconnect();
      if (changed) redrawn += 1;
      busy.push(t1 - t0 + (t2 - frameStart));
      wall.push(t2 - t0);
    }
    return { busy, wall, redrawn };
  }

  // The message arrives as a paste would: one value and one input event.
  box.focus();
  box.value = message;
  box.setSelectionRange(message.length, message.length);
  box.dispatchEvent(new Event("input", { bubbles: true }));
  await frameDone();
  await frameDone();

  const slider = $('[data-role="alpha-slider"]');
  const events = [...document.querySelectorAll('#nb-slot [data-role="event"]')];
  const acts = {
    type: function type(i) {
      // The caret stays at the end (set once above), as when a student keeps typing.
      if (i % 2 === 0) document.execCommand("insertText", false, "s");
      else document.execCommand("delete");
    },
    space: function space(i) {
      if (i % 2 === 0) document.execCommand("insertText", false, " ");
      else document.execCommand("delete");
    },
    alpha: function alpha(i) {
      slider.value = String(Number(slider.value) + (i % 2 === 0 ? 1 : -1));
      slider.dispatchEvent(new Event("input", { bubbles: true }));
    },
    event: function event(i) {
      const next = events[(i + 1) % events.length];
      next.checked = true;
      next.dispatchEvent(new Event("change", { bubbles: true }));
    },
    hover: function hover(i) {
      const words = ledger.querySelectorAll("li.word");
      words[i % words.length].dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
    },
  };
  const out = { chars: box.value.length, words: box.value.split(/\s+/).filter(Boolean).length, verdict: verdict.textContent };
  for (const kind of kinds) {
    const act = acts[kind];
    if (!act) throw new Error(`unknown interaction ${kind}`);
    await time(act, warmup);
    out[kind] = await time(act, samples);
    if (kind === "event") {
      // Back to the model the page started with.
      events[0].checked = true;
      events[0].dispatchEvent(new Event("change", { bubbles: true }));
      await frameDone();
    }
  }
  out.verdict_after = verdict.textContent;
  out.rows = ledger.querySelectorAll("li").length;
  return out;
}
