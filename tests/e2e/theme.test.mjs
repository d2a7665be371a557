// Dark mode: the page follows prefers-color-scheme: dark, and a link's theme=dark|light
// overrides it, for the page and for the figures (their background pixels). Every visible
// text keeps a WCAG contrast of at least 4.5:1 against what it is drawn on, in both themes.
// The link keeps the theme; mount() takes one too.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup } from "./lib.mjs";

const env = setup();

/** Opens `query` with the system preferring `scheme`. */
async function openIn(scheme, query, { width = 1280, height = 800 } = {}) {
  const context = await env.browser.newContext({ viewport: { width, height }, colorScheme: scheme });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  await page.goto(`${env.server.url}${query}`);
  await page.waitForSelector("html[data-ready=true]", { timeout: 20000 });
  return { page, context, errors };
}

/** WCAG relative luminance of "rgb(r, g, b)" or [r, g, b]. */
function luminance(c) {
  const [r, g, b] = Array.isArray(c) ? c : c.match(/[\d.]+/g).map(Number);
  const lin = (v) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The page's background, the GDA figure's corner pixel and the NB chart's corner pixel. */
const colours = (page) => page.evaluate(() => {
  const corner = (sel) => {
    const c = document.querySelector(sel);
    return [...c.getContext("2d").getImageData(2, 2, 1, 1).data].slice(0, 3);
  };
  return {
    page: getComputedStyle(document.documentElement).backgroundColor,
    text: getComputedStyle(document.querySelector("h1")).color,
    gda: corner('#gda-slot [data-role="canvas"]'),
    nb: corner('#nb-slot [data-role="curve"]'),
  };
});

const isDark = (c) => luminance(c.page) < 0.03 && luminance(c.gda) < 0.03 && luminance(c.nb) < 0.03 && luminance(c.text) > 0.5;
const isLight = (c) => luminance(c.page) > 0.9 && luminance(c.gda) > 0.9 && luminance(c.nb) > 0.9 && luminance(c.text) < 0.1;

test("the page and its figures follow a dark system preference", async () => {
  const { page, context, errors } = await openIn("dark", "");
  try {
    const c = await colours(page);
    assert.ok(isDark(c), JSON.stringify(c));
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test("a change of the system's preference while the page is open redraws the figures", async () => {
  const { page, context, errors } = await openIn("light", "");
  try {
    assert.ok(isLight(await colours(page)));
    await page.emulateMedia({ colorScheme: "dark" });
    // The figures redraw on the media query's change event, in a later task.
    await page.waitForFunction(() => {
      const px = document.querySelector('#gda-slot [data-role="canvas"]').getContext("2d").getImageData(2, 2, 1, 1).data;
      return px[0] < 60;
    });
    assert.ok(isDark(await colours(page)), JSON.stringify(await colours(page)));
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test("theme=dark makes a light system's page dark, and the link keeps it", async () => {
  const { page, context, errors } = await openIn("light", "?theme=dark");
  try {
    assert.ok(isDark(await colours(page)), JSON.stringify(await colours(page)));
    // A change writes the URL again: the theme stays in it.
    await page.click('#gda-slot [data-role="resample"]');
    await page.waitForFunction(() => location.search.includes("seed="));
    assert.match(await page.evaluate(() => location.search), /(^\?|&)theme=dark(&|$)/);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test("theme=light overrides a dark system preference", async () => {
  const { page, context, errors } = await openIn("dark", "?theme=light");
  try {
    assert.ok(isLight(await colours(page)), JSON.stringify(await colours(page)));
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test("a bad theme in a link is a notice and the system's preference holds", async () => {
  const { page, context, errors } = await openIn("dark", "?theme=blue");
  try {
    assert.ok(isDark(await colours(page)));
    assert.match(await page.textContent("#notices"), /theme/);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test("mount() takes a theme, and setTheme changes it", async () => {
  const { page, context, errors } = await openIn("light", "?embed=cat");
  try {
    const result = await page.evaluate(async () => {
      const { mount } = await import("./js/genlab.js");
      const host = document.createElement("div");
      document.body.append(host);
      const handle = await mount(host, { panel: "gda", theme: "dark" });
      const section = host.querySelector("section");
      const pixel = () => [...host.querySelector("canvas").getContext("2d").getImageData(2, 2, 1, 1).data].slice(0, 3);
      const dark = { bg: getComputedStyle(section).backgroundColor, px: pixel() };
      handle.setTheme("light");
      const light = { bg: getComputedStyle(section).backgroundColor, px: pixel() };
      handle.destroy();
      return { dark, light };
    });
    assert.ok(luminance(result.dark.bg) < 0.03 && luminance(result.dark.px) < 0.03, JSON.stringify(result));
    assert.ok(luminance(result.light.bg) > 0.9 && luminance(result.light.px) > 0.9, JSON.stringify(result));
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

/** Runs in the page: visible text whose colour has less than 4.5:1 against its background. */
function lowContrast() {
  const lum = (rgb) => {
    const lin = (v) => {
      const s = v / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(rgb[0]) + 0.7152 * lin(rgb[1]) + 0.0722 * lin(rgb[2]);
  };
  const parse = (c) => {
    const v = c.match(/[\d.]+/g)?.map(Number) ?? [0, 0, 0, 0];
    return { rgb: v.slice(0, 3), a: v.length > 3 ? v[3] : 1 };
  };
  // The colour behind an element: its own and its ancestors' backgrounds blended, top down.
  const behind = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const bg = parse(getComputedStyle(e).backgroundColor);
      if (bg.a > 0) layers.push(bg);
      if (bg.a >= 1) break;
    }
    let rgb = [255, 255, 255];
    for (const l of layers.reverse()) rgb = rgb.map((v, i) => l.a * l.rgb[i] + (1 - l.a) * v);
    return rgb;
  };
  const out = [];
  const own = (el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim() !== "");
  for (const el of document.querySelectorAll("body *")) {
    if (!own(el) || el.closest(".sr-only, [hidden], script, style, [aria-hidden=true]")) continue;
    const cs = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    if (cs.visibility === "hidden" || r.width < 2 || r.height < 2) continue;
    const fg = parse(cs.color);
    const bg = behind(el);
    const rgb = fg.rgb.map((v, i) => fg.a * v + (1 - fg.a) * bg[i]);
    const [a, b] = [lum(rgb), lum(bg)];
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    // Text inside a disabled control is exempt (WCAG 1.4.3: "part of an inactive component").
    if (ratio < 4.5 && !el.closest(":disabled, fieldset:disabled")) out.push(`${el.tagName.toLowerCase()}.${el.className} “${el.textContent.trim().slice(0, 30)}”: ${ratio.toFixed(2)}:1`);
  }
  return out;
}

for (const scheme of ["dark", "light"]) {
  for (const lang of ["en", "zh-CN"]) {
    for (const projector of [false, true]) {
      test(`every text has contrast ≥ 4.5:1 in the ${scheme} theme, ${lang}${projector ? ", projector" : ""}`, async () => {
        const q = `?lang=${lang}&lr=1${projector ? "&projector=1" : ""}&t=${encodeURIComponent("WIN a FREE prize now, see you at the meeting")}`;
        const { page, context, errors } = await openIn(scheme, q);
        try {
          await page.evaluate(() => { for (const d of document.querySelectorAll("details")) d.open = true; });
          assert.deepEqual(await page.evaluate(lowContrast), []);
          assert.deepEqual(errors, []);
        } finally {
          await context.close();
        }
      });
    }
  }
}

test("the contrast walk finds faint text (the check itself)", async () => {
  const { page, context } = await openIn("light", "?embed=cat");
  try {
    await page.evaluate(() => {
      const p = document.createElement("p");
      // #777 on white: 4.48:1, the well-known just-failing grey (WCAG 2.1 contrast formula).
      p.textContent = "faint";
      p.style.color = "#777";
      p.style.background = "#fff";
      document.querySelector("main").append(p);
    });
    const found = await page.evaluate(lowContrast);
    assert.deepEqual(found, ["p. “faint”: 4.48:1"]);
  } finally {
    await context.close();
  }
});
