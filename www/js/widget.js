// The notebook widget: an anywidget module (Jupyter, JupyterLab, VS Code, Colab, and static
// MyST/Jupyter Book pages). scripts/dist.sh joins it with every module, the stylesheet and the
// .wasm into one file, dist/genlab-widget.mjs, because anywidget loads a single module.
//
// The model's traits (all strings but `projector`): `panel` ("gda", "nb", "cat"), `lang`
// ("en", "zh-CN"), `state` (the panel's part of a link's query string, as <genlab-panel>'s
// attribute), `controls` ("-seed,-tools"), `theme` ("dark", "light" or ""), `projector`
// (bool). `state` goes both ways: Python sets it and the panel follows; a student changes the
// panel and `state` follows (model.set, then save_changes where the host's model has it).
// The panel lives in a shadow root with its own copy of genlab's stylesheet, so the
// notebook's look and the panel's do not mix.

import { PANELS, loadCore, mount, parseState, stateQuery } from "./genlab.js";

/** `controls` ("-seed,-tools") as mount()'s list of controls to hide. */
const hidden = (value) => String(value || "").split(",").map((s) => s.trim()).filter((n) => n.startsWith("-")).map((n) => n.slice(1));

/** The widget's stylesheet: genlab's, with the page-wide rules moved onto the shadow host. */
function shadowStyles() {
  const style = document.createElement("style");
  style.textContent = String(import.meta.genlabCss || "").replaceAll(":root:where(.genlab-page)", ":host").replaceAll(":root", ":host");
  return style;
}

/**
 * Calls the model's `name` method where the host's model has one, and never lets it throw
 * into the panel: anywidget hosts differ in what their model implements (MyST's renderer
 * implements only get, set and on; its save_changes and off throw "not implemented yet").
 */
function optional(model, name, ...args) {
  try {
    if (typeof model?.[name] === "function") model[name](...args);
  } catch {
    // That host has nothing to do here: its model lives in the page alone.
  }
}

/** `fn` as a listener that never throws into the host's model (a failure goes to the console). */
const guarded = (fn) => () => {
  try {
    fn();
  } catch (e) {
    console.warn("genlab widget:", e);
  }
};

/**
 * anywidget's render: one panel in `el`, its state kept in step with the model; returns the
 * cleanup. Only the model's get, set and on are relied on; nothing is thrown into the host:
 * a panel that cannot start says why in `el`.
 */
async function render({ model, el }) {
  const host = document.createElement("div");
  host.className = "genlab-widget";
  let handle = null;
  try {
    handle = await start(model, host, el);
  } catch (e) {
    const p = document.createElement("p");
    p.className = "genlab-widget-error";
    p.textContent = `genlab: ${e && e.message ? e.message : String(e)}`;
    host.replaceChildren(p);
    if (!host.isConnected) el.append(host);
    return () => host.remove();
  }
  return handle.cleanup;
}

/** Mounts the panel into `host` (appended to `el`); resolves to { cleanup }. */
async function start(model, host, el) {
  await loadCore();
  const asked = model.get("panel");
  const panel = Object.hasOwn(PANELS, asked) && PANELS[asked].widget ? asked : "gda";
  const toState = (q) => parseState(String(q || "")).state[panel];
  const toQuery = (s) => stateQuery({ ...parseState("").state, [panel]: s });
  const root = host.attachShadow({ mode: "open" });
  const slot = document.createElement("div");
  root.append(shadowStyles(), slot);
  el.append(host);
  let last = null;
  let handle = null;
  let gone = false;
  const mountedState = String(model.get("state") || "");
  const mountedLang = model.get("lang");
  const mountedTheme = model.get("theme") || null;
  handle = await mount(slot, {
    panel,
    lang: mountedLang === "zh-CN" ? "zh-CN" : "en",
    state: toState(mountedState),
    controls: hidden(model.get("controls")),
    theme: mountedTheme,
    styles: false,
    onChange: () => {
      if (!handle || gone) return;
      last = toQuery(handle.getState());
      optional(model, "set", "state", last);
      optional(model, "save_changes");
    },
  });
  last = toQuery(handle.getState());
  const mountedProjector = Boolean(model.get("projector"));
  handle.setProjector(mountedProjector);
  const listeners = {
    "change:state": () => {
      const q = String(model.get("state") || "");
      if (q !== last) handle.controller.setState(toState(q));
      last = toQuery(handle.getState());
    },
    "change:lang": () => handle.setLang(model.get("lang") === "zh-CN" ? "zh-CN" : "en"),
    "change:theme": () => handle.setTheme(model.get("theme") || null),
    "change:projector": () => handle.setProjector(Boolean(model.get("projector"))),
  };
  const heard = Object.entries(listeners).map(([name, fn]) => [name, guarded(() => gone || fn())]);
  /** The panel's own cleanup runs first and always; the model's `off` only where it works. */
  const cleanup = () => {
    if (gone) return;
    gone = true;
    try {
      handle.destroy();
    } finally {
      host.remove();
      for (const [name, fn] of heard) optional(model, "off", name, fn);
    }
  };
  for (const [name, fn] of heard) optional(model, "on", name, fn);
  // A change that came while the panel was mounting (seconds on a slow machine; the kernel does
  // not wait for a view) reached no listener: apply the traits as they are now.
  const now = Object.fromEntries(heard);
  if (String(model.get("state") || "") !== mountedState) now["change:state"]();
  if (model.get("lang") !== mountedLang) now["change:lang"]();
  if ((model.get("theme") || null) !== mountedTheme) now["change:theme"]();
  if (Boolean(model.get("projector")) !== mountedProjector) now["change:projector"]();
  return { cleanup };
}

export default { render };
