// A lesson's glides (js/lesson/): the numbers that teach when they move (a mean, σ, ρ, the
// prior, the losses, α, λ: each panel's `glides` in js/genlab.js's PANELS) go from one step's
// values to the next's over GLIDE_MS, one state a frame. The panel's controller draws each
// frame by its cheapest path (`beginGlide` — the GDA panel's drag path —, else `glideFrame`,
// else `setState`); the last frame sets the step's whole state.

import { PANELS } from "../genlab.js";

/** How long a gliding transition lasts, in ms. */
const GLIDE_MS = 400;

/**
 * The numbers of panel `name`'s state that glide from `a` to `b` (those that differ, finite),
 * as `{ x, y, set, log }`: from, to, the setter on a state object, on a log scale.
 */
export function glidePaths(name, a, b) {
  const paths = [];
  PANELS[name].glides(a, b, (get, set, log = false) => {
    const x = get(a);
    const y = get(b);
    if (typeof x === "number" && typeof y === "number" && Number.isFinite(x) && Number.isFinite(y) && x !== y) paths.push({ x, y, set, log: log && x > 0 && y > 0 });
  });
  return paths;
}

/** Whether `a` and `b` differ only in numbers that glide (so a glide is the whole change). */
export function onlyGlides(name, a, b) {
  const strip = (s) => {
    const c = structuredClone(s);
    for (const p of glidePaths(name, a, b)) p.set(c, 0);
    return JSON.stringify(c);
  };
  return strip(a) === strip(b);
}

/**
 * The player's glides, one at a time; `stats` records the last transition's frames (for the
 * benchmark and the tests). Returns `{ run(handle, from, target, paths, { numbers }), finish() }`:
 * `run` resolves when the glide has set `target` (`numbers`: false when the step hides the
 * panel's numbers, which a frame then leaves as they are); `finish` ends a glide at once.
 */
export function glider(stats) {
  let glide = null;

  function run(handle, from, target, paths, { numbers }) {
    return new Promise((resolve) => {
      const ctl = handle.controller;
      const draw = ctl.beginGlide ? ctl.beginGlide(from, target, { numbers })
        : { frame: (s) => (ctl.glideFrame ? ctl.glideFrame(s) : ctl.setState(s)), end() {} };
      const start = performance.now();
      let frames = 0;
      // Each frame's own work (the state computed, set and drawn), for the benchmark.
      const work = [];
      const frame = (now) => {
        const u = Math.min(1, (now - start) / GLIDE_MS);
        frames++;
        if (u >= 1) {
          draw.end();
          ctl.setState(target);
          Object.assign(stats, { frames, ms: now - start, work, animated: true, transitions: stats.transitions + 1 });
          glide = null;
          resolve();
          return;
        }
        const t0 = performance.now();
        const e = u < 0.5 ? 2 * u * u : 1 - (-2 * u + 2) ** 2 / 2;
        const s = structuredClone(target);
        for (const p of paths) p.set(s, p.log ? Math.exp(Math.log(p.x) + (Math.log(p.y) - Math.log(p.x)) * e) : p.x + (p.y - p.x) * e);
        draw.frame(s);
        work.push(performance.now() - t0);
        glide.raf = requestAnimationFrame(frame);
      };
      glide = { raf: requestAnimationFrame(frame), ctl, target, resolve, draw };
    });
  }

  /** Ends a glide at once (a key pressed during it): the target state, now. */
  function finish() {
    if (!glide) return;
    cancelAnimationFrame(glide.raf);
    glide.draw.end();
    glide.ctl.setState(glide.target);
    const { resolve } = glide;
    glide = null;
    resolve();
  }

  return { run, finish };
}
