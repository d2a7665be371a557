// End-to-end tests of the GDA panel's 3-D view in headless Chromium: the switch shows it,
// it draws both class colours (pixels read from its canvas), dragging it and the arrow keys
// turn it and the link follows, a link with angles reopens it at those angles, Back and
// Forward walk through turns of the view as through the other settings, the prior slider
// raises one surface, the Chinese page names the surfaces in Chinese, unequal losses are
// explained beside the view in both languages, and the view's own module (loaded when the
// view is first shown) comes only then, and when it cannot come the view says so in words.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, open } from "./lib.mjs";

const env = setup();

const CANVAS = '#gda-slot [data-role="v3-canvas"]';

/** Pixels of the 3-D canvas that are a tint of `rgb` over the light background. */
function tinted(page, rgb) {
  return page.evaluate(([sel, rgb]) => {
    const c = document.querySelector(sel);
    const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
    const want = rgb.map((v) => 255 - v);
    const nw = Math.hypot(...want);
    let n = 0;
    for (let i = 0; i < d.length; i += 4) {
      const t = [255 - d[i], 255 - d[i + 1], 255 - d[i + 2]];
      const nt = Math.hypot(...t);
      if (nt > 40 && (t[0] * want[0] + t[1] * want[1] + t[2] * want[2]) / (nt * nw) > 0.97) n++;
    }
    return n;
  }, [CANVAS, rgb]);
}

/** A hash of the 3-D canvas' pixels. */
function pictureHash(page) {
  return page.evaluate((sel) => {
    const c = document.querySelector(sel);
    const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
    let h = 0;
    for (let i = 0; i < d.length; i += 4) h = (h * 31 + d[i] + 7 * d[i + 1] + 13 * d[i + 2]) | 0;
    return h;
  }, CANVAS);
}

test("the switch shows the view, which draws both class colours and lists the surfaces", async () => {
  const { page, context, errors } = await open(env.browser, env.server.url);
  assert.equal(await page.isHidden('#gda-slot [data-role="v3-view"]'), true);
  await page.check('#gda-slot [data-role="v3"]');
  await page.waitForSelector('#gda-slot [data-role="v3-list"] li');
  assert.ok(await tinted(page, [0x00, 0x72, 0xb2]) > 1000, "blue surface pixels");
  assert.ok(await tinted(page, [0xd5, 0x5e, 0x00]) > 1000, "vermillion surface pixels");
  const items = await page.$$eval('#gda-slot [data-role="v3-list"] li', (li) => li.map((x) => x.textContent));
  assert.equal(items.length, 2);
  assert.match(items[0], /p\(x \| y = 0\)·p\(y = 0\), prior 0\.60/);
  assert.match(items[1], /p\(x \| y = 1\)·p\(y = 1\), prior 0\.40/);
  assert.match(await page.getAttribute(CANVAS, "aria-label"), /arrow keys/);
  await page.waitForFunction(() => location.search.includes("v3=1"));
  assert.deepEqual(errors, []);
  await context.close();
});

test("the view's module comes when the view is first shown; when it cannot, the view says so and the 2-D figure goes on", async () => {
  const fetched = [];
  const { page, context, errors } = await open(env.browser, env.server.url, {
    setup: async (p) => {
      p.on("request", (r) => fetched.push(new URL(r.url()).pathname));
      await p.route("**/pkg-surface/**", (route) => route.abort());
    },
  });
  assert.ok(fetched.some((p) => p.endsWith("/pkg-gda/genlab_bg.wasm")), "requests were watched from the start");
  assert.deepEqual(fetched.filter((p) => p.includes("pkg-surface") || p.includes("i18n-surface")), [], "nothing of the view before it is shown");
  await page.check('#gda-slot [data-role="v3"]');
  const failed = '#gda-slot [data-role="v3-list"] li.input-error';
  await page.waitForSelector(failed);
  assert.match(await page.textContent(failed), /^The 3-D view could not be loaded \(.+\)\. The 2-D figure works as before; reload the page to try again\.$/);
  assert.ok(fetched.some((p) => p.endsWith("/pkg-surface/genlab.js") || p.endsWith("/pkg-surface/genlab_bg.wasm")), "the view's module was asked for");
  assert.equal(await page.getAttribute('#gda-slot [data-role="v3-view"]', "aria-busy"), null);
  // The 2-D panel still answers: a new sample redraws its figure and the link follows.
  const before = await page.evaluate(() => location.search);
  await page.click('#gda-slot [data-role="resample"]');
  await page.waitForFunction((b) => location.search !== b && /[?&]seed=\d+/.test(location.search), before);
  // The page's own errors: only the refused requests (no script error).
  assert.ok(errors.every((e) => /Failed to load resource|net::ERR_FAILED/.test(e)), errors.join("\n"));
  await context.close();
});

test("dragging and the arrow keys turn the view, and the link keeps the angles", async () => {
  const { page, context, errors } = await open(env.browser, `${env.server.url}?v3=1`);
  await page.waitForSelector('#gda-slot [data-role="v3-list"] li');
  const before = await pictureHash(page);
  // The view is below the 2-D figure: scrolled to, as a user would.
  await page.locator(CANVAS).scrollIntoViewIfNeeded();
  const box = await page.locator(CANVAS).boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 50, box.y + box.height / 2 + 10, { steps: 5 });
  await page.mouse.up();
  // 50 px right is 0.5 rad (28.6°) less yaw; 10 px down 0.1 rad (5.7°) more pitch.
  await page.waitForFunction(() => /yaw=6\.4/.test(location.search) && /pitch=30\.7/.test(location.search));
  await page.waitForFunction(([sel, h]) => {
    const c = document.querySelector(sel);
    const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
    let x = 0;
    for (let i = 0; i < d.length; i += 4) x = (x * 31 + d[i] + 7 * d[i + 1] + 13 * d[i + 2]) | 0;
    return x !== h;
  }, [CANVAS, before]);
  await page.focus(CANVAS);
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowUp");
  await page.waitForFunction(() => /yaw=1\.4/.test(location.search) && /pitch=33\.7/.test(location.search));
  assert.deepEqual(errors, []);
  await context.close();
});

test("a link with angles reopens the view at them, and the same link draws the same picture", async () => {
  const url = `${env.server.url}?v3=1&yaw=-120&pitch=60`;
  const first = await open(env.browser, url);
  await first.page.waitForSelector('#gda-slot [data-role="v3-list"] li');
  const state = await first.page.evaluate(() => window.genlab.gda.getState().surface);
  assert.deepEqual(state, { shown: true, yaw: -120, pitch: 60 });
  assert.match(await first.page.getAttribute(CANVAS, "aria-label"), /−120° round and 60° up|-120° round and 60° up/);
  const h1 = await pictureHash(first.page);
  await first.context.close();
  const second = await open(env.browser, url);
  await second.page.waitForSelector('#gda-slot [data-role="v3-list"] li');
  assert.equal(await pictureHash(second.page), h1);
  // An angle out of range is refused with a notice, and the view keeps its default.
  await second.context.close();
  const bad = await open(env.browser, `${env.server.url}?v3=1&pitch=120`);
  await bad.page.waitForSelector('#gda-slot [data-role="v3-list"] li');
  assert.equal((await bad.page.evaluate(() => window.genlab.gda.getState().surface)).pitch, 25);
  assert.match(await bad.page.textContent("body"), /pitch is a number of degrees from 3 to 85/);
  await bad.context.close();
});

test("the prior slider raises class 1's surface, and the Chinese page names the surfaces in Chinese", async () => {
  const { page, context, errors } = await open(env.browser, `${env.server.url}?v3=1&phi=0.5&lang=zh-CN`);
  await page.waitForSelector('#gda-slot [data-role="v3-list"] li');
  const peak = async () => Number((await page.textContent('#gda-slot [data-role="v3-list"] li:nth-child(2)')).match(/峰值 ([0-9.]+)/)[1]);
  const low = await peak();
  await page.$eval('#gda-slot [data-role="prior"]', (el) => { el.value = "0.9"; el.dispatchEvent(new Event("input", { bubbles: true })); });
  await page.waitForFunction((low) => Number(document.querySelector('#gda-slot [data-role="v3-list"] li:nth-child(2)').textContent.match(/峰值 ([0-9.]+)/)[1]) > low, low);
  // φ′ from 0.5 to 0.9: class 1's peak × 1.8 (to the three decimals shown).
  assert.ok(Math.abs((await peak()) / low - 1.8) < 0.05, `${low} → ${await peak()}`);
  const text = await page.textContent('#gda-slot .surface-view');
  assert.ok(!/\b(prior|peak|Drag|surface)\b/.test(text), `English words in: ${text}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test("Back and Forward bring the view's earlier angles back, picture and link alike", async () => {
  const { page, context, errors } = await open(env.browser, `${env.server.url}?v3=1`);
  await page.waitForSelector('#gda-slot [data-role="v3-list"] li');
  const first = await pictureHash(page);
  const angles = () => page.evaluate(() => window.genlab.gda.getState().surface);
  await page.focus(CANVAS);
  await page.keyboard.press("Shift+ArrowRight");
  // Shift: 3 × 5° round, a history entry of its own once the URL is written.
  await page.waitForFunction(() => /yaw=50/.test(location.search));
  // The URL is written at once, the picture in the next animation frame: waited for.
  const hashIs = ([sel, h, same]) => {
    const c = document.querySelector(sel);
    const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
    let x = 0;
    for (let i = 0; i < d.length; i += 4) x = (x * 31 + d[i] + 7 * d[i + 1] + 13 * d[i + 2]) | 0;
    return (x === h) === same;
  };
  await page.waitForFunction(hashIs, [CANVAS, first, false]);
  const turned = await pictureHash(page);
  await page.goBack();
  await page.waitForFunction(() => !/yaw=/.test(location.search));
  await page.waitForFunction(hashIs, [CANVAS, first, true]);
  assert.deepEqual(await angles(), { shown: true, yaw: 35, pitch: 25 });
  await page.goForward();
  await page.waitForFunction(() => /yaw=50/.test(location.search));
  await page.waitForFunction(hashIs, [CANVAS, turned, true]);
  assert.deepEqual(await angles(), { shown: true, yaw: 50, pitch: 25 });
  assert.deepEqual(errors, []);
  await context.close();
});

test("unequal losses: the numbers say which floor line is the decision boundary, in English and Chinese", async () => {
  const en = await open(env.browser, `${env.server.url}?v3=1&l10=5`);
  await en.page.waitForSelector('#gda-slot [data-role="v3-list"] li.surface-losses');
  const note = await en.page.textContent('#gda-slot [data-role="v3-list"] li.surface-losses');
  assert.match(note, /λ₀₁ = 1\.00, λ₁₀ = 5\.00: the decision boundary \(solid, as in the 2-D figure\)/);
  assert.match(await en.page.getAttribute(CANVAS, "aria-label"), /dashed line/);
  // Equal losses again: the note goes.
  await en.page.fill('#gda-slot [data-role="loss10"]', "1");
  await en.page.dispatchEvent('#gda-slot [data-role="loss10"]', "change");
  await en.page.waitForFunction(() => !document.querySelector('#gda-slot [data-role="v3-list"] li.surface-losses'));
  assert.deepEqual(en.errors, []);
  await en.context.close();
  const zh = await open(env.browser, `${env.server.url}?v3=1&l10=5&lang=zh-CN`);
  await zh.page.waitForSelector('#gda-slot [data-role="v3-list"] li.surface-losses');
  const zhNote = await zh.page.textContent('#gda-slot [data-role="v3-list"] li.surface-losses');
  assert.match(zhNote, /决策边界（实线，与二维图相同）/);
  assert.ok(!/\b(Losses|decision|boundary|dashed)\b/.test(zhNote), zhNote);
  await zh.context.close();
});
