// The notebook widget: an anywidget module (Jupyter, JupyterLab, VS Code, Colab, and static
// MyST/Jupyter Book pages). scripts/dist.sh joins it with every module, the stylesheet and the
// .wasm into one file, dist/genlab-widget.mjs, because anywidget loads a single module.
//
// The model's traits (all strings but `projector`): `panel` ("gda", "nb", "cat"), `lang`
// ("en", "zh-CN"), `state` (the panel's part of a link's query string, as <genlab-panel>'s
// attribute), `controls` ("-seed,-tools"), `theme` ("dark", "light" or ""), `projector`
// (bool). `state` goes both ways: Python sets it and the panel follows; a student changes the
// panel and `state` follows (model.set + save_changes). The panel lives in a shadow root with
// its own copy of genlab's stylesheet, so the notebook's look and the panel's do not mix.

import { loadCore, mount, parseState, stateQuery } from "./genlab.js";

/** `controls` ("-seed,-tools") as mount()'s list of controls to hide. */
const hidden = (value) => String(value || "").split(",").map((s) => s.trim()).filter((n) => n.startsWith("-")).map((n) => n.slice(1));

/** The widget's stylesheet: genlab's, with the page-wide rules moved onto the shadow host. */
function shadowStyles() {
  const style = document.createElement("style");
  style.textContent = String(import.meta.genlabCss || "").replaceAll(":root", ":host");
  return style;
}

/** anywidget's render: one panel in `el`, its state kept in step with the model; returns the cleanup. */
async function render({ model, el }) {
  await loadCore();
  const panel = ["gda", "nb", "cat"].includes(model.get("panel")) ? model.get("panel") : "gda";
  const toState = (q) => parseState(String(q || "")).state[panel];
  const toQuery = (s) => stateQuery({ ...parseState("").state, [panel]: s });
  const host = document.createElement("div");
  host.className = "genlab-widget";
  const root = host.attachShadow({ mode: "open" });
  const slot = document.createElement("div");
  root.append(shadowStyles(), slot);
  el.append(host);
  let last = null;
  let handle = null;
  handle = await mount(slot, {
    panel,
    lang: model.get("lang") === "zh-CN" ? "zh-CN" : "en",
    state: toState(model.get("state")),
    controls: hidden(model.get("controls")),
    theme: model.get("theme") || null,
    styles: false,
    onChange: () => {
      if (!handle) return;
      last = toQuery(handle.getState());
      model.set("state", last);
      model.save_changes();
    },
  });
  last = toQuery(handle.getState());
  handle.setProjector(Boolean(model.get("projector")));
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
  for (const [name, fn] of Object.entries(listeners)) model.on(name, fn);
  return () => {
    for (const [name, fn] of Object.entries(listeners)) model.off(name, fn);
    handle.destroy();
    host.remove();
  };
}

export default { render };
