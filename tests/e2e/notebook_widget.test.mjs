// dist/genlab-widget.mjs, the anywidget module, rendered as a notebook front end renders it:
// `render({ model, el })` with a model object that follows anywidget's contract (get, set, on,
// off, save_changes). State goes both ways; two widgets are independent; the notebook page is
// left unstyled (the panel's stylesheet lives in its shadow root); the cleanup frees the panel.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { setup, repo } from "./lib.mjs";

const dist = path.join(repo, "dist");
const doc = readFileSync(path.join(repo, "docs", "lecturers.md"), "utf8");
/** A snippet of docs/lecturers.md ("Use genlab in your course"). */
const snippet = (name) => doc.match(new RegExp(`<!-- snippet: ${name} -->\\n(\`{3,})\\w*\\n([\\s\\S]*?)\\n\\1\\n`))[2];

/** The traits the page's Python recipe gives: each trait's default, then the call's arguments. */
function pythonTraits(py) {
  const traits = {};
  for (const [, name, kind, value] of py.matchAll(/^\s+(\w+) = traitlets\.(Unicode|Bool)\(([^)]*)\)\.tag\(sync=True\)$/gm)) {
    traits[name] = kind === "Bool" ? value === "True" : JSON.parse(value);
  }
  const call = py.match(/^\w+ = Genlab\((.*)\)$/m)[1];
  for (const [, name, value] of call.matchAll(/(\w+)="([^"]*)"/g)) traits[name] = value;
  return traits;
}
before(async () => {
  assert.ok(existsSync(path.join(dist, "genlab-widget.mjs")), "dist/ is not built: run scripts/dist.sh (scripts/test.sh does)");
});
const env = setup({ dir: dist });

/** A notebook-like page (no stylesheet of genlab's) with `window.widgets` rendered from `models`. */
async function notebook(models) {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const url = `${env.server.url}notebook/lesson.html`;
  await context.route(url, (route) => route.fulfill({ contentType: "text/html", body: '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>notebook</title></head><body><h1>Lesson</h1></body></html>' }));
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  await page.goto(url);
  await page.evaluate(async (models) => {
    /** A model as anywidget gives one to render(): traits, change events, save_changes. */
    const fakeModel = (traits) => {
      const data = { ...traits };
      const handlers = new Map();
      return {
        saved: 0,
        get: (key) => data[key],
        set(key, value) {
          if (data[key] === value) return;
          data[key] = value;
          for (const fn of handlers.get(`change:${key}`) ?? []) fn();
        },
        on: (event, fn) => handlers.set(event, [...(handlers.get(event) ?? []), fn]),
        off: (event, fn) => handlers.set(event, (handlers.get(event) ?? []).filter((f) => f !== fn)),
        save_changes() { this.saved++; },
        listeners: () => [...handlers.values()].reduce((n, list) => n + list.length, 0),
      };
    };
    const widget = (await import("/genlab-widget.mjs")).default;
    window.widgets = [];
    for (const traits of models) {
      const model = fakeModel(traits);
      const el = document.createElement("div");
      document.body.append(el);
      const cleanup = await widget.render({ model, el });
      window.widgets.push({ model, el, cleanup });
    }
  }, models);
  return { context, page, errors };
}

/** Widget i's panel: its state, heading, a control's visibility and the figure's colours. */
const look = (page, i) => page.evaluate((i) => {
  const { el } = window.widgets[i];
  const root = el.querySelector(".genlab-widget").shadowRoot;
  const canvas = root.querySelector('[data-role="canvas"]');
  let colours = 0;
  if (canvas) {
    const d = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
    const seen = new Set();
    for (let k = 0; k < d.length; k += 28) seen.add((d[k] << 16) | (d[k + 1] << 8) | d[k + 2]);
    colours = seen.size;
  }
  const seed = root.querySelector('[data-control="seed"]');
  return {
    h2: root.querySelector("h2").textContent,
    seedShown: seed ? seed.getClientRects().length > 0 : null,
    colours,
    font: getComputedStyle(root.querySelector("h2")).fontFamily,
  };
}, i);

test("a widget renders its model's panel, language, state and hidden controls, and leaves the notebook's styles alone", async () => {
  const { context, page, errors } = await notebook([{ panel: "gda", lang: "zh-CN", state: "seed=3&n0=40", controls: "-seed", theme: "", projector: false }]);
  const seen = await look(page, 0);
  assert.match(seen.h2, /高斯判别分析/);
  assert.equal(seen.seedShown, false);
  assert.ok(seen.colours > 20, `figure colours ${seen.colours}`);
  assert.match(seen.font, /system-ui/);
  const notebookStyles = await page.evaluate(() => ({
    sheets: document.querySelectorAll('link[rel="stylesheet"], style').length,
    margin: getComputedStyle(document.body).marginTop,
    font: getComputedStyle(document.querySelector("h1")).fontSize,
  }));
  assert.deepEqual(notebookStyles, { sheets: 0, margin: "8px", font: "32px" });
  const state = await page.evaluate(() => window.widgets[0].el.querySelector(".genlab-widget").shadowRoot && window.widgets[0].model.get("state"));
  assert.equal(state, "seed=3&n0=40");
  assert.deepEqual(errors, []);
  await context.close();
});

test("state round-trips: the model sets the panel, and a student's change sets the model and saves it", async () => {
  const { context, page, errors } = await notebook([{ panel: "gda", state: "", lang: "en" }, { panel: "nb", state: "a=0.5", lang: "en" }]);
  // Python → panel: the whole state (absent keys are defaults).
  const fromModel = await page.evaluate(async () => {
    const { model, el } = window.widgets[0];
    model.set("state", "seed=5&n1=90");
    const ctl = el.querySelector(".genlab-widget").shadowRoot.querySelector("section");
    return { section: ctl.className, saved: model.saved };
  });
  assert.equal(fromModel.section, "panel genlab-gda");
  assert.equal(fromModel.saved, 0, "a change from the model is not sent back");
  // The panel's own state, read back through the widget's model after a student's change.
  await page.locator('.genlab-widget >> [data-role="n0"]').first().evaluate((el) => { el.value = "25"; el.dispatchEvent(new Event("input", { bubbles: true })); el.dispatchEvent(new Event("change", { bubbles: true })); });
  const after = await page.evaluate(() => ({ state: window.widgets[0].model.get("state"), saved: window.widgets[0].model.saved, other: window.widgets[1].model.get("state"), otherSaved: window.widgets[1].model.saved }));
  assert.match(after.state, /(^|&)seed=5(&|$)/);
  assert.match(after.state, /(^|&)n0=25(&|$)/);
  assert.match(after.state, /(^|&)n1=90(&|$)/);
  assert.ok(after.saved >= 1);
  // The other widget is untouched.
  assert.equal(after.other, "a=0.5");
  assert.equal(after.otherSaved, 0);
  // The keyboard works inside the widget's shadow root: a mean moved with 1 and an arrow key.
  await page.locator('.genlab-widget >> [data-role="canvas"]').first().focus();
  await page.keyboard.press("1");
  await page.keyboard.press("ArrowRight");
  await page.waitForFunction(() => /(^|&)m0=/.test(window.widgets[0].model.get("state")));
  // Language from the model.
  await page.evaluate(() => window.widgets[1].model.set("lang", "zh-CN"));
  assert.match((await look(page, 1)).h2, /朴素贝叶斯/);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the cleanup anywidget calls frees the panel and stops listening to the model", async () => {
  const { context, page, errors } = await notebook([{ panel: "nb", state: "", lang: "en" }]);
  const result = await page.evaluate(() => {
    const { model, el, cleanup } = window.widgets[0];
    const before = model.listeners();
    cleanup();
    return { before, after: model.listeners(), left: el.childElementCount };
  });
  assert.ok(result.before >= 1);
  assert.equal(result.after, 0);
  assert.equal(result.left, 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the lecturers' page's notebook and MyST recipes render the panels they describe", async () => {
  const py = pythonTraits(snippet("notebook-file"));
  assert.deepEqual(Object.keys(py).sort(), ["controls", "lang", "panel", "projector", "state", "theme"]);
  const myst = JSON.parse(snippet("myst").split("\n").slice(1, -1).join("\n"));
  const { context, page, errors } = await notebook([py, myst]);
  const nb = await page.evaluate(() => window.widgets[0].el.querySelector(".genlab-widget").shadowRoot.querySelector("section").className);
  assert.equal(nb, `panel genlab-${py.panel}`);
  assert.match((await look(page, 0)).h2, /朴素贝叶斯/);
  const gda = await look(page, 1);
  assert.equal(gda.seedShown, false);
  assert.ok(gda.colours > 20);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a change the model gets while the panel is mounting is not lost", async () => {
  // A notebook's kernel does not wait for a view: `panel.state = …` may arrive after the widget
  // read the state to mount with and before it listens (seen in a real JupyterLab under load).
  const { context, page, errors } = await notebook([]);
  const seen = await page.evaluate(async () => {
    const data = { panel: "gda", lang: "en", state: "seed=3", controls: "", theme: "", projector: false };
    const handlers = new Map();
    let sent = false;
    const model = {
      get(key) {
        // The kernel's change lands just after the widget first reads the state (at the widget's
        // next await, while it mounts).
        if (key === "state" && !sent) {
          sent = true;
          queueMicrotask(() => model.set("state", "seed=5&n0=25"));
        }
        return data[key];
      },
      set(key, value) {
        if (data[key] === value) return;
        data[key] = value;
        for (const fn of handlers.get(`change:${key}`) ?? []) fn();
      },
      on: (event, fn) => handlers.set(event, [...(handlers.get(event) ?? []), fn]),
      off() {},
      save_changes() {},
    };
    const widget = (await import("/genlab-widget.mjs")).default;
    const el = document.createElement("div");
    document.body.append(el);
    await widget.render({ model, el });
    if (!sent) throw new Error("the widget never read the state");
    const root = el.querySelector(".genlab-widget").shadowRoot;
    return { n0: root.querySelector('[data-role="n0"]').value, seed: root.querySelector('[data-role="seed"]').value };
  });
  assert.deepEqual(seen, { n0: "25", seed: "5" });
  assert.deepEqual(errors, []);
  await context.close();
});
