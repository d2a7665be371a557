// genlab's ES-module API for course pages:
//
//   import { mount } from "./js/genlab.js";
//   const handle = await mount(document.getElementById("here"), { panel: "gda", lang: "zh-CN" });
//   handle.getState(); handle.setState({ seed: 3 }); handle.destroy();
//
// Each mounted panel has its own Rust state, so several panels on one page are independent.
//
// Importing this module also defines the custom element <genlab-panel> (built on mount()):
//
//   <script type="module" src=".../genlab.js"> (and its closing tag), then
//   <genlab-panel panel="gda" lang="zh-CN" state="seed=3&n0=40" controls="-seed,-tools"></genlab-panel>

// The GDA-first module's glue (5 KB of JavaScript; its .wasm is fetched only when loadCore runs).
import * as gdaGlue from "../pkg-gda/genlab.js";
import { GDA } from "./gda-template.js";
import { carriesCore, compiledCore, onceUnlessFailed } from "./wasm-compile.js";
import { applyLabels, loadLang } from "./i18n.js";

/**
 * The panels, in the page's order: the one list the page (main.js), the lessons
 * (js/lesson/), mount() and the notebook widget read. Each record:
 * - `core`: the wasm module it runs on (a key of GLUES);
 * - `create()`, `markup()`: its controller's create function and its `*-template.js` markup,
 *   imported when a panel of that kind is first mounted (a page, or an embed, fetches only
 *   the code of the panels it shows);
 * - `strings()`: loads the words it has beyond i18n.js's (absent: none);
 * - `name`: the i18n.js key of its name (the page's navigation, the lesson editor);
 * - `widget`: whether the notebook widget offers it;
 * - `glides(a, b, num)`: the numbers of its state that a lesson glides from state `a` to `b`,
 *   each declared as `num(get, set, log)` (`log`: on a log scale); the controller draws the
 *   frames (its `beginGlide`, else its `glideFrame(state)`, else its `setState`).
 * The URL keys of each panel are the core's (src/state/, one key table per panel): `parseState("").state[name]`.
 */
export const PANELS = {
  gda: {
    core: "gda",
    create: () => import("./gda.js").then((m) => m.createGda),
    markup: async () => GDA,
    name: "nav.gda",
    widget: true,
    glides(a, b, num) {
      if (a.means && b.means && a.more_means.length === b.more_means.length) {
        for (let c = 0; c < 2; c++) for (let d = 0; d < 2; d++) num((s) => s.means[c][d], (s, v) => { s.means[c][d] = v; });
        for (let c = 0; c < a.more_means.length; c++) for (let d = 0; d < 2; d++) num((s) => s.more_means[c][d], (s, v) => { s.more_means[c][d] = v; });
      }
      for (let c = 0; c < 2; c++) {
        for (let d = 0; d < 2; d++) num((s) => s.sd[c][d], (s, v) => { s.sd[c][d] = v; });
        num((s) => s.rho[c], (s, v) => { s.rho[c] = v; });
      }
      num((s) => s.models.prior ?? 0.5, (s, v) => { s.models.prior = v; });
      num((s) => s.models.loss01, (s, v) => { s.models.loss01 = v; }, true);
      num((s) => s.models.loss10, (s, v) => { s.models.loss10 = v; }, true);
    },
  },
  nb: {
    core: "nb",
    create: () => import("./nb.js").then((m) => m.createNb),
    markup: () => import("./nb-template.js").then((m) => m.NB),
    strings: () => Promise.all([import("./i18n.js").then((i18n) => i18n.loadNbStrings()), import("./messages.js").then((m) => m.loadMessages("nb"))]),
    name: "nav.nb",
    widget: true,
    glides(a, b, num) {
      num((s) => s.alpha, (s, v) => { s.alpha = v; });
      num((s) => s.cost, (s, v) => { s.cost = v; }, true);
    },
  },
  cat: {
    core: "nb",
    create: () => import("./cat.js").then((m) => m.createCat),
    markup: () => import("./cat-template.js").then((m) => m.CAT),
    strings: () => Promise.all([import("./i18n.js").then((i18n) => i18n.loadCatStrings()), import("./messages.js").then((m) => m.loadMessages("cat"))]),
    name: "cat.nav",
    widget: true,
    glides(a, b, num) {
      num((s) => s.lambda, (s, v) => { s.lambda = v; });
    },
  },
  curves: {
    core: "curves",
    create: () => import("./curves.js").then((m) => m.createCurves),
    markup: () => import("./curves-template.js").then((m) => m.CURVES),
    // The spam panel's messages too: a text pairing names that panel's corpus by its message.
    strings: () => Promise.all([import("./i18n.js").then((i18n) => i18n.loadCurvesStrings()), import("./messages.js").then((m) => Promise.all([m.loadMessages("curves"), m.loadMessages("nb")]))]),
    name: "lc.nav",
    widget: false,
    glides() {},
  },
};

/** The accepted names, for the message that rejects any other. */
const PANEL_NAMES = Object.keys(PANELS).map((name) => `"${name}"`).join(", ").replace(/, ([^,]*)$/, " or $1");

/** A panel's code: `{ create, markup }` (and its words loaded), imported once per kind. */
function panelCode(name) {
  const panel = PANELS[name];
  return Promise.all([panel.create(), panel.markup(), panel.strings?.()]).then(([create, markup]) => ({ create, markup }));
}

/**
 * Instantiates a glue's module (a WebAssembly.Module compiled already). An instantiation
 * that fails (its memory refused: out of memory on a phone with many tabs) is tried once
 * more, at once, before the failure is reported: the glue lets go of a failed attempt.
 * (`globalThis.genlabFaults.load = {gda: 1}`, set only by the tests, makes the first fail.)
 */
async function instantiate(glue, module, flavour) {
  try {
    const faults = globalThis.genlabFaults?.load;
    if (faults?.[flavour] > 0) {
      faults[flavour] -= 1;
      throw new RangeError("WebAssembly.instantiate(): Out of memory: Cannot allocate Wasm memory for new instance (injected)");
    }
    return await glue.default({ module_or_path: module });
  } catch (e) {
    console.warn(`genlab: the ${flavour} module could not be instantiated (${e && e.message}); trying once more.`);
    return glue.default({ module_or_path: module });
  }
}

/**
 * The wasm modules (wasm-compile.js compiles each from its own .wasm) by name, each its glue's
 * import: "gda" the GDA-first module (the GDA panel and the state functions, imported above),
 * "nb" the spam and categorical panels', "curves" the learning curves' (its worker loads the
 * same file for the runs), "lesson" the lesson format and the built-in lessons, "surface" the
 * GDA panel's 3-D view. Each import is written out: the bundler follows literal imports only.
 */
const GLUES = {
  gda: async () => gdaGlue,
  nb: () => import("../pkg-nb/genlab.js"),
  curves: () => import("../pkg-curves/genlab.js"),
  lesson: () => import("../pkg-lesson/genlab.js"),
  surface: () => import("../pkg-surface/genlab.js"),
};

// Each module's load, by name: a promise of `{ glue, exports }`.
const loads = new Map();
// The glue whose state functions (parseState, stateQuery, version: in every module) the page
// uses: the first module loaded, so a page of naive Bayes panels alone loads one module.
let shared = null;

/**
 * Loads wasm module `flavour` (a key of GLUES) once (later calls wait for the same load; a
 * failed load is forgotten, so the next call tries again); resolves to `{ glue, exports }`.
 * Where the page carries the core itself (the single file, the notebook widget: the full
 * module) every glue name is that one module, and every load is the GDA-first one's.
 */
function loadModule(flavour) {
  return onceUnlessFailed(loads, flavour, () => (flavour !== "gda" && carriesCore()
    ? loadModule("gda")
    : Promise.all([compiledCore(flavour), GLUES[flavour]()]).then(async ([module, glue]) => {
      const exports = await instantiate(glue, module, flavour);
      shared ??= glue;
      return { glue, exports };
    })));
}

/** Loads the GDA-first module once (the GDA panel and the state functions); resolves to its exports. */
export function loadCore() {
  return loadModule("gda").then((m) => m.exports);
}

/** Loads the naive Bayes module once (js/nb.js and js/cat.js import from its glue); resolves to its exports. */
export function loadNbCore() {
  return loadModule("nb").then((m) => m.exports);
}

/** Loads the learning curves' module once; resolves to its exports. */
export function loadCurvesCore() {
  return loadModule("curves").then((m) => m.exports);
}

/** Loads the GDA panel's 3-D view once (pkg-surface/); resolves to its glue, whose GdaSurface
 * draws a GdaPanel's surfaceModel(). */
export function loadSurfaceCore() {
  return loadModule("surface").then((m) => m.glue);
}

/** Loads the lessons' module once (js/lesson/: the lesson format and the built-in lessons, a
 * small module with no panel in it); resolves to its exports. */
export function loadLessonCore() {
  return loadModule("lesson").then((m) => m.exports);
}

/** Whichever panel's module is loaded (or loading) already, else the GDA-first one. */
function anyCore() {
  return Object.values(PANELS).map((p) => loads.get(p.core)).find(Boolean) ?? loadModule("gda");
}

/**
 * Reads a URL query string into `{state, notices}` (bad values become notices), once a module
 * is loaded (`await parseLink(query)` waits for one).
 */
export function parseState(query) {
  return (shared ?? gdaGlue).parseState(query);
}

/** Writes a whole-page state back as a query string (without "?"), once a module is loaded. */
export function stateQuery(state) {
  return (shared ?? gdaGlue).stateQuery(state);
}

/** genlab's version, once a module is loaded. */
export function version() {
  return (shared ?? gdaGlue).version();
}

/** Reads a URL query string into `{state, notices}`; bad values become notices. */
export async function parseLink(query) {
  await anyCore();
  return parseState(query);
}

/** Writes a whole-page state back as a query string (without "?"), omitting defaults. */
export async function linkFor(state) {
  await anyCore();
  return stateQuery(state);
}

/**
 * Links the stylesheet that sits beside this module (../style.css) into `doc`, unless the page
 * has it already: linked, or inlined with a `data-genlab-style` attribute (dist/genlab.html).
 * So a course page needs no stylesheet link of its own.
 */
function linkStylesheet(doc) {
  const href = new URL("../style.css", import.meta.url).href;
  if (doc.querySelector("[data-genlab-style]")) return;
  if ([...doc.querySelectorAll('link[rel="stylesheet"]')].some((l) => l.href === href)) return;
  const link = doc.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  link.dataset.genlabStyle = "";
  doc.head.append(link);
}

/**
 * Mounts one panel into `element`.
 * - `panel`: a key of PANELS (the panel's id);
 * - `state`: that panel's settings (any subset; the rest are the defaults), as in
 *   `(await parseLink(q)).state.gda` / `.nb`;
 * - `lang`: "en" or "zh-CN";
 * - `controls`: names of controls to hide for a focused lesson — GDA: "source", "n", "sd",
 *   "rho", "seed", "numbers", "export"; naive Bayes: "examples", "alpha", "event", "prior",
 *   "eval", "corpus", "export";
 * - `panel: "cat"` (categorical naive Bayes): `state` is `{lambda, prior, query}` as in
 *   `.state.cat`; `controls`: "query", "lambda", "prior", "table", "csv", "counts";
 * - `panel: "curves"` (learning curves): `state` is `{pairing, m_min, m_max, sizes, splits,
 *   lambda, alpha, seed}` as in `.state.curves`; `controls`: "pairing", "m", "sizes",
 *   "splits", "lambda", "alpha", "seed", "export";
 * - `onChange(mode)`: called after the user changes something ("push" for a discrete step,
 *   "replace" while dragging or typing);
 * - `theme`: "dark" or "light"; absent (or null) follows the system's preference
 *   (`prefers-color-scheme`), also when it changes.
 * Children of `element` marked `data-genlab-fallback` (a sentence for a page whose module
 * cannot load) are removed when the panel is put in.
 * Links genlab's stylesheet into the page when the page has not (see linkStylesheet), unless
 * `styles` is false (the caller styles the panel, as the notebook widget does in its shadow root).
 * Returns `{ getState, setState, setLang, setProjector, setTheme, destroy }`.
 */
export async function mount(element, { panel = "gda", state = null, lang = "en", controls = [], onChange, theme = null, styles = true } = {}) {
  if (typeof panel !== "string" || !Object.hasOwn(PANELS, panel)) throw new Error(`Unknown panel “${String(panel).slice(0, 20)}”: use ${PANEL_NAMES}.`);
  if (lang !== "en" && lang !== "zh-CN") lang = "en";
  if (styles) linkStylesheet(element.ownerDocument);
  let section = prepared.get(element) ?? null;
  prepared.delete(element);
  if (section && (panel !== "gda" || section.parentNode !== element)) {
    section.remove();
    section = null;
  }
  // The panel's wasm module and its own code, at once.
  const [, kind] = await Promise.all([loadModule(PANELS[panel].core), panelCode(panel), loadLang(lang)]);
  const defaults = parseState("").state[panel];
  // What the page shows where the panel could not load (its module blocked, no script) goes now.
  for (const fallback of element.querySelectorAll(":scope > [data-genlab-fallback]")) fallback.remove();
  if (!section) {
    section = panelSection(panel, kind.markup);
    element.append(section);
  }
  // The state goes in at creation: the panel fits and draws once, with it.
  const ctl = kind.create(section, { lang, controls, onChange: onChange || (() => {}), state: state ? { ...defaults, ...state } : null });
  section.classList.remove("panel-preparing");
  section.inert = false;
  const setState = (s) => ctl.setState({ ...ctl.getState(), ...(s || {}) });
  const themed = themeFollower(section, (dark) => ctl.setTheme(dark));
  themed.set(theme);
  return {
    getState: ctl.getState,
    setState,
    // Chinese words arrive once, when first asked for (js/i18n.js loadLang).
    setLang: (next) => loadLang(next).then(() => ctl.setLang(next)),
    setProjector: ctl.setProjector,
    setTheme: themed.set,
    destroy() {
      themed.stop();
      ctl.destroy();
      section.remove();
    },
    controller: ctl,
  };
}

let sections = 0;
/**
 * A panel's `<section>` built from its markup (the `*-template.js` modules' fixed strings,
 * never user text), `{{id}}` in it replaced by a prefix unique on the page, so that several
 * panels on one page keep their labels and controls apart.
 */
function panelSection(panel, markup) {
  sections += 1;
  const id = `genlab-${panel}-${sections}`;
  const template = document.createElement("template");
  template.innerHTML = markup.replaceAll("{{id}}", id);
  const section = document.createElement("section");
  section.className = `panel genlab-${panel}`;
  section.setAttribute("aria-labelledby", `${id}-title`);
  section.append(template.content);
  return section;
}

// Markup laid out ahead of mount() (see prepare), by the element it is in.
const prepared = new WeakMap();

/**
 * Puts the GDA panel's markup and words (in `lang`, "en" or "zh-CN") into `element` before
 * the core has arrived, out of sight and out of reach (`.panel-preparing`, inert), and loads
 * the panel's code: on a slow network the .wasm is the last file to arrive, and the browser
 * lays this markup out while it comes, so the first drawing does not wait for that layout
 * (docs/performance.md). A mount() of a GDA panel into the same element then fills this
 * markup and shows it; a mount() of another panel drops it. The page does this for its first
 * panel while the .wasm is still coming; a course page need not.
 */
export function prepare(element, { lang = "en" } = {}) {
  if (prepared.has(element)) return;
  const section = panelSection("gda", GDA);
  // Its words too (in the link's language), which are most of what there is to lay out.
  applyLabels(section, lang === "zh-CN" ? lang : "en");
  section.classList.add("panel-preparing");
  section.inert = true;
  element.append(section);
  prepared.set(element, section);
  panelCode("gda").catch(() => {});
}

/**
 * Keeps `element`'s colours and its figures' (`apply(dark)`) in step with a theme: "dark",
 * "light", or null to follow the system's `prefers-color-scheme` as it changes. A printout
 * is always light: ink on paper, whatever the screen shows. Returns `{ set(theme), stop() }`.
 */
export function themeFollower(element, apply) {
  const system = matchMedia("(prefers-color-scheme: dark)");
  const printing = matchMedia("print");
  let theme = null;
  // Panels start light: nothing to redraw (on the first load) unless the theme is dark.
  let shown = false;
  const update = () => {
    const dark = !printing.matches && (theme === "dark" || (theme !== "light" && system.matches));
    if (dark !== shown) {
      shown = dark;
      apply(dark);
    }
  };
  // A print starts with "beforeprint": the figures are redrawn light before the page is laid out.
  const beforePrint = () => {
    if (shown) {
      shown = false;
      apply(false);
    }
  };
  system.addEventListener("change", update);
  printing.addEventListener("change", update);
  window.addEventListener("beforeprint", beforePrint);
  window.addEventListener("afterprint", update);
  return {
    set(next) {
      theme = next === "dark" || next === "light" ? next : null;
      element.classList.toggle("theme-dark", theme === "dark");
      element.classList.toggle("theme-light", theme === "light");
      update();
    },
    stop() {
      system.removeEventListener("change", update);
      printing.removeEventListener("change", update);
      window.removeEventListener("beforeprint", beforePrint);
      window.removeEventListener("afterprint", update);
    },
  };
}

/** A panel's state as a link's query string (its own keys only, defaults left out). */
function panelQuery(panel, state) {
  return stateQuery({ ...parseState("").state, [panel]: state });
}

/** `controls="-seed,-tools"` as mount()'s list of controls to hide: ["seed", "tools"]. */
function hiddenControls(value) {
  const names = (value || "").split(",").map((s) => s.trim()).filter(Boolean);
  for (const name of names.filter((n) => !n.startsWith("-"))) {
    console.warn(`<genlab-panel controls>: “${name.slice(0, 40)}” ignored; name a control to hide with a minus, e.g. “-${name.slice(0, 40)}”.`);
  }
  return names.filter((n) => n.startsWith("-")).map((n) => n.slice(1));
}

/**
 * `<genlab-panel>`: one panel, set by its attributes — `panel` (a key of PANELS), `lang`
 * ("en", "zh-CN"), `state` (the panel's part of a link's query string, e.g. "seed=3&n0=40";
 * absent keys are defaults), `controls` ("-seed,-tools": controls to hide), `projector`
 * (present: on), `theme` ("dark", "light"; otherwise the system's). The `state` attribute
 * follows the panel as it changes, and a `change` event carries `detail.state` (that query
 * string), `detail.panel` and `detail.mode` ("push" or "replace", as mount()'s onChange).
 * Removing the element frees the panel's memory; the panel's own input events stop here, so
 * a `change` heard on the element is always this one. What the element holds in the page's
 * markup is its fallback (a sentence for a page where this module cannot load): it is
 * replaced by the panel as soon as the element is defined.
 */
export class GenlabPanelElement extends HTMLElement {
  static observedAttributes = ["panel", "lang", "state", "controls", "projector", "theme"];
  #handle = null;
  #panel = null;
  #reflected = null;
  #builds = 0;

  constructor() {
    super();
    // Registered before any listener a page adds, so a page never hears an inner input's change.
    this.addEventListener("change", (ev) => {
      if (ev.target !== this) ev.stopImmediatePropagation();
    });
  }

  /** The mounted panel's handle (mount()'s), or null while it loads. */
  get handle() {
    return this.#handle;
  }

  /** The panel's state as a query string (what the `state` attribute holds). */
  get state() {
    return this.#handle ? panelQuery(this.#panel, this.#handle.getState()) : this.getAttribute("state") || "";
  }

  connectedCallback() {
    if (!this.#handle) this.#build();
  }

  disconnectedCallback() {
    // A move (removed and inserted again in the same task) keeps the panel.
    queueMicrotask(() => {
      if (!this.isConnected) this.#teardown();
    });
  }

  attributeChangedCallback(name, old, value) {
    if (!this.#handle || old === value) return;
    if (name === "panel" || name === "controls") this.#build();
    else if (name === "state" && value !== this.#reflected) this.#applyState();
    else if (name === "lang") this.#handle.setLang(this.#lang());
    else if (name === "projector") this.#handle.setProjector(this.hasAttribute("projector"));
    else if (name === "theme") this.#handle.setTheme(value);
  }

  /** The `lang` attribute as one of the two languages. */
  #lang() {
    return this.getAttribute("lang") === "zh-CN" ? "zh-CN" : "en";
  }

  /** Applies the whole `state` attribute (absent keys: defaults); bad values are listed. */
  #applyState() {
    const { state, notices } = parseState(this.getAttribute("state") || "");
    if (notices.length) console.warn("<genlab-panel state>: ignored", notices);
    this.#handle.controller.setState(state[this.#panel]);
    this.#reflected = this.getAttribute("state");
  }

  /** Frees the panel (its Rust state and listeners) and empties the element. */
  #teardown() {
    this.#builds++;
    this.#handle?.destroy();
    this.#handle = null;
    this.replaceChildren();
  }

  /** Mounts (or mounts again) the panel the attributes describe. */
  async #build() {
    this.#teardown();
    const build = this.#builds;
    const panel = this.getAttribute("panel") || "gda";
    const controls = this.getAttribute("controls");
    let handle;
    try {
      handle = await mount(this, {
        panel,
        lang: this.#lang(),
        controls: hiddenControls(controls),
        theme: this.getAttribute("theme"),
        onChange: (mode) => this.#changed(mode),
      });
    } catch (e) {
      if (build !== this.#builds) return;
      const p = document.createElement("p");
      p.className = "input-error";
      p.textContent = `genlab: ${e && e.message ? e.message : String(e)}`;
      this.replaceChildren(p);
      return;
    }
    // Removed, or rebuilt, while the core or the panel's code was loading.
    if (build !== this.#builds || !this.isConnected) {
      handle.destroy();
      return;
    }
    // `panel` or `controls` changed during the load: mount what they say now.
    if ((this.getAttribute("panel") || "gda") !== panel || this.getAttribute("controls") !== controls) {
      handle.destroy();
      this.#build();
      return;
    }
    this.#handle = handle;
    this.#panel = panel;
    // Attributes read again: any of them may have changed during the load.
    this.#applyState();
    handle.setLang(this.#lang());
    handle.setProjector(this.hasAttribute("projector"));
    handle.setTheme(this.getAttribute("theme"));
    this.dispatchEvent(new CustomEvent("ready", { detail: { panel } }));
  }

  /** Reflects the panel's new state into `state` and tells the page (a `change` event). */
  #changed(mode) {
    if (!this.#handle) return;
    const state = panelQuery(this.#panel, this.#handle.getState());
    this.#reflected = state;
    this.setAttribute("state", state);
    this.dispatchEvent(new CustomEvent("change", { bubbles: true, detail: { panel: this.#panel, state, mode } }));
  }
}

if (globalThis.customElements && !customElements.get("genlab-panel")) customElements.define("genlab-panel", GenlabPanelElement);
