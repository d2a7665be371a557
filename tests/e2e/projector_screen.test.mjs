// A lecturer's projector: at 1024×768, 1280×720 and 1920×1080 in projector mode each panel
// shows its figure and its key controls on one screen (GDA: the plot, both classes' n, σ, ρ
// sliders and the covariance menu; naive Bayes: the message, its verdict, α and the ledger;
// categorical: the query, λ, the verdict and every class's bar; learning curves: the plot,
// the data menu and the sample sizes); the 3-D view shares that screen, beside the plot where
// two plots fit; a lesson's Present mode shows the whole figure; no text is under 20 px.
// Before: the GDA plot spanned y = 287–940 at 1024×768 with n₀ at 2,070 and the covariance
// menu at 2,808; Present showed 61–70 % of the GDA plot and 47–61 % of the ledger and the
// learning curves; hints, tables and the ledger's values were 16.5–19.8 px.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, open, untilStill } from "./lib.mjs";

const env = setup();

const SIZES = [[1024, 768], [1280, 720], [1920, 1080]];

/** What each panel must show at once: its figure and its key controls. */
const KEY = {
  gda: ['[data-role="box"]', ...["n", "sdx", "sdy", "rho"].flatMap((r) => [`[data-role="${r}0"]`, `[data-role="${r}1"]`]), '[data-role="covariance"]'],
  nb: ['[data-role="text"]', '[data-role="verdict"]', '[data-role="alpha-slider"]', ".ledger-axis", '[data-role="ledger"] > li'],
  cat: ['[data-role="query"]', '[data-role="lambda-slider"]', '[data-role="verdict"]', ".cat-class .cat-bar"],
  curves: ['[data-role="box"]', '[data-role="pairing"]', '[data-role="m_min"]', '[data-role="m_max"]'],
};

/** Scrolls the page to the top of what `selectors` pick in `root` and returns the ones not
 * wholly on the screen then (selector: its box), or the whole span when it is taller. */
async function offScreen(page, root, selectors) {
  await page.evaluate(async ([root, selectors]) => {
    const boxes = selectors.flatMap((s) => [...document.querySelectorAll(`${root} ${s}`)]).map((e) => e.getBoundingClientRect());
    scrollTo(0, scrollY + Math.min(...boxes.map((b) => b.top)) - 2);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  }, [root, selectors]);
  return page.evaluate(([root, selectors]) => {
    const bad = [];
    for (const s of selectors) {
      const all = [...document.querySelectorAll(`${root} ${s}`)];
      if (!all.length) bad.push(`${s}: missing`);
      // Of a list (the ledger's rows) the first must show; every one of the others (bars, sliders).
      for (const e of s.endsWith("> li") ? all.slice(0, 1) : all) {
        const b = e.getBoundingClientRect();
        if (!b.width || !b.height) bad.push(`${s}: not laid out`);
        else if (b.top < -1 || b.bottom > innerHeight + 1 || b.left < -1 || b.right > innerWidth + 1) {
          bad.push(`${s}: ${Math.round(b.left)},${Math.round(b.top)}–${Math.round(b.right)},${Math.round(b.bottom)}`);
        }
      }
    }
    return bad;
  }, [root, selectors]);
}

for (const [width, height] of SIZES) {
  for (const lang of ["en", "zh-CN"]) {
    test(`each panel's figure and key controls share one ${width}×${height} projector screen (${lang})`, async () => {
      const { page, context, errors } = await open(env.browser, `${env.server.url}?projector=1&lang=${lang}`, { width, height });
      try {
        for (const [panel, selectors] of Object.entries(KEY)) {
          assert.deepEqual(await offScreen(page, `#${panel}-slot`, selectors), [], `${panel} at ${width}×${height}`);
        }
        // Nothing pushes the page sideways.
        assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), "no sideways scroll");
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  }

  test(`the 3-D view shares the ${width}×${height} projector screen with the plot and the sliders`, async () => {
    const { page, context, errors } = await open(env.browser, `${env.server.url}?projector=1&v3=1`, { width, height });
    try {
      await page.waitForSelector('#gda-slot [data-role="v3-view"]:not([hidden])');
      assert.deepEqual(await offScreen(page, "#gda-slot", [...KEY.gda, '[data-role="v3-box"]']), []);
      const [plot, view] = await page.evaluate(() => ['[data-role="box"]', '[data-role="v3-box"]'].map((s) => {
        const b = document.querySelector(`#gda-slot ${s}`).getBoundingClientRect();
        return { left: b.left, right: b.right, top: b.top, bottom: b.bottom, w: b.width, h: b.height };
      }));
      if (width >= 1280) {
        // Side by side: the same top, the view to the right of the plot.
        assert.ok(Math.abs(view.top - plot.top) < 2 && view.left >= plot.right, `plot ${JSON.stringify(plot)}, view ${JSON.stringify(view)}`);
      } else {
        assert.ok(view.top >= plot.bottom, `plot ${JSON.stringify(plot)}, view ${JSON.stringify(view)}`);
      }
      // Neither is a sliver: at least a third of the screen's height.
      for (const b of [plot, view]) assert.ok(b.h >= height / 3 && b.w >= 240, JSON.stringify(b));
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

/** The step's figure (selector) in a lesson's Present mode: the part of it on the screen. */
async function presented(url, size, figure) {
  const { page, context, errors } = await open(env.browser, url, size);
  try {
    await page.waitForSelector('[data-lesson="present"]');
    await page.waitForSelector(figure);
    // The step's own scroll (smooth) has come to rest: the lecturer presses Present on a page
    // that stands still (a press during that scroll left it where the old layout wanted it).
    await untilStill(page);
    await page.click('[data-lesson="present"]');
    await page.waitForFunction(() => document.documentElement.classList.contains("presenting"));
    await page.evaluate(() => new Promise((r) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(r)), 300)));
    const box = await page.evaluate((sel) => {
      const b = document.querySelector(sel).getBoundingClientRect();
      return { top: b.top, bottom: b.bottom, h: b.height, shown: (Math.min(b.bottom, innerHeight) - Math.max(b.top, 0)) / b.height };
    }, figure);
    assert.deepEqual(errors, []);
    return box;
  } finally {
    await context.close();
  }
}

const LESSONS = [
  ["gda-boundary", '#gda-slot [data-role="box"]'],
  // (Step 2: the first step asks which word pushes hardest, and keeps the ledger hidden
  // until the student answers.)
  ["nb-smoothing&step=2", '#nb-slot [data-role="ledger"]'],
  ["gda-vs-logistic&step=5", '#curves-slot [data-role="box"]'],
];

for (const [width, height] of SIZES) {
  for (const projector of [true, false]) {
    if (!projector && width !== 1280) continue;
    test(`Present shows the whole figure at ${width}×${height}${projector ? " in projector mode" : ""}`, async () => {
      for (const [lesson, figure] of LESSONS) {
        const box = await presented(`${env.server.url}?lesson=${lesson}${projector ? "&projector=1" : ""}`, { width, height }, figure);
        assert.ok(box.shown > 0.999, `${lesson}: ${Math.round(box.shown * 100)} % of ${figure} (${Math.round(box.top)}–${Math.round(box.bottom)} on a ${height} px screen)`);
        // Whole, and not shrunk to a stamp: at least a third of the screen's height.
        assert.ok(box.h >= height / 3, `${lesson}: ${figure} ${Math.round(box.h)} px high`);
      }
    });
  }
}

for (const lang of ["en", "zh-CN"]) {
  test(`projector type is at least 20 px everywhere on the page (${lang})`, async () => {
    const { page, context, errors } = await open(env.browser, `${env.server.url}?projector=1&lang=${lang}&lr=1&v3=1`, { width: 1024, height: 768 });
    try {
      // Every section open, every part laid out (content-visibility skips what is far off).
      await page.evaluate(async () => {
        for (const d of document.querySelectorAll("details")) d.open = true;
        for (let y = 0; y < document.body.scrollHeight; y += 500) {
          scrollTo(0, y);
          await new Promise((r) => requestAnimationFrame(r));
        }
      });
      const small = await page.evaluate(() => {
        const out = new Set();
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const el = n.parentElement;
          // MathML sets its own script sizes (sub- and superscripts).
          if (!n.textContent.trim() || el.closest("math, .sr-only, script, style") || !el.getClientRects().length) continue;
          const px = parseFloat(getComputedStyle(el).fontSize);
          if (px < 20) out.add(`${px} px: ${el.tagName.toLowerCase()}${el.className ? `.${[...el.classList].join(".")}` : ""} “${n.textContent.trim().slice(0, 30)}”`);
        }
        return [...out];
      });
      assert.deepEqual(small, []);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}
