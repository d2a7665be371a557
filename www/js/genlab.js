// genlab's ES-module API for course pages:
//
//   import { mount } from "./js/genlab.js";
//   const handle = await mount(document.getElementById("here"), { panel: "gda", lang: "zh-CN" });
//   handle.getState(); handle.setState({ seed: 3 }); handle.destroy();
//
// Each mounted panel has its own Rust state, so several panels on one page are independent.

import init, { parseState, stateQuery } from "../pkg/genlab.js";
import { panelTemplate } from "./templates.js";
import { compiledCore } from "./wasm-compile.js";

/**
 * Each panel's markup and controller, loaded when a panel of that kind is first mounted: a
 * page (or an embed) fetches and runs only the code of the panels it shows, and the page's
 * first panel does not wait for the others' modules. `mount` does the rest the same way.
 */
const PANELS = {
  gda: async () => ({ template: () => panelTemplate("gda"), create: (await import("./gda.js")).createGda }),
  nb: async () => ({ template: () => panelTemplate("nb"), create: (await import("./nb.js")).createNb }),
  cat: async () => {
    const [{ createCat }, { catTemplate }] = await Promise.all([import("./cat.js"), import("./cat-template.js")]);
    return { template: catTemplate, create: createCat };
  },
};

/** The accepted names, for the message that rejects any other. */
const PANEL_NAMES = Object.keys(PANELS).map((name) => `"${name}"`).join(", ").replace(/, ([^,]*)$/, " or $1");

let core = null;

/** Loads the wasm core once (later calls wait for the same load). */
export function loadCore() {
  core ??= compiledCore().then((module) => init({ module_or_path: module }));
  return core;
}

/** Reads a URL query string into `{state, notices}`; bad values become notices. */
export async function parseLink(query) {
  await loadCore();
  return parseState(query);
}

/** Writes a whole-page state back as a query string (without "?"), omitting defaults. */
export async function linkFor(state) {
  await loadCore();
  return stateQuery(state);
}

/**
 * Mounts one panel into `element`.
 * - `panel`: "gda", "nb" or "cat";
 * - `state`: that panel's settings (any subset; the rest are the defaults), as in
 *   `(await parseLink(q)).state.gda` / `.nb`;
 * - `lang`: "en" or "zh-CN";
 * - `controls`: names of controls to hide for a focused lesson — GDA: "source", "n", "sd",
 *   "rho", "seed", "numbers", "export"; naive Bayes: "examples", "alpha", "event", "prior",
 *   "eval", "corpus", "export";
 * - `panel: "cat"` (categorical naive Bayes): `state` is `{lambda, prior, query}` as in
 *   `.state.cat`; `controls`: "query", "lambda", "prior", "table", "csv", "counts";
 * - `onChange(mode)`: called after the user changes something ("push" for a discrete step,
 *   "replace" while dragging or typing);
 * - `theme`: "dark" or "light"; absent (or null) follows the system's preference
 *   (`prefers-color-scheme`), also when it changes.
 * Returns `{ getState, setState, setLang, setProjector, setTheme, destroy }`.
 */
export async function mount(element, { panel = "gda", state = null, lang = "en", controls = [], onChange, theme = null } = {}) {
  if (typeof panel !== "string" || !Object.hasOwn(PANELS, panel)) throw new Error(`Unknown panel “${String(panel).slice(0, 20)}”: use ${PANEL_NAMES}.`);
  if (lang !== "en" && lang !== "zh-CN") lang = "en";
  const [, kind] = await Promise.all([loadCore(), PANELS[panel]()]);
  const defaults = parseState("").state[panel];
  const section = document.createElement("section");
  section.className = `panel genlab-${panel}`;
  const { fragment, id } = kind.template();
  section.setAttribute("aria-labelledby", `${id}-title`);
  section.append(fragment);
  element.append(section);
  const ctl = kind.create(section, { lang, controls, onChange: onChange || (() => {}) });
  const setState = (s) => ctl.setState({ ...ctl.getState(), ...(s || {}) });
  if (state) ctl.setState({ ...defaults, ...state });
  const themed = themeFollower(section, (dark) => ctl.setTheme(dark));
  themed.set(theme);
  return {
    getState: ctl.getState,
    setState,
    setLang: ctl.setLang,
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
