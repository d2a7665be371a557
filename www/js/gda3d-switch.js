// The GDA panel's switch for its 3-D view, which is all of the view a first visit carries:
// the view's code (gda3d.js) and its wasm module come when it is first shown, by the switch
// or by a link or lesson step that shows it. Until then this keeps what the page sets (the
// link's angles, language, projector, theme, the latest draw) and hands it over.

import { applyLabels } from "./i18n.js";
import { loadPart } from "./util.js";

const SWITCH = `<label class="check surface-switch"><input type="checkbox" data-role="v3"> <span data-i18n="gda3d.toggle"></span></label>`;
const HIDDEN = { shown: false, yaw: 35, pitch: 25 };

/** The switch in the GDA panel in `section`, with gda3d.js's `attachSurface` API. */
export function attachSurfaceSwitch(section, panel, { lang = "en", onChange = () => {} } = {}) {
  const actions = section.querySelector('[data-control="export"]');
  actions.insertAdjacentHTML("beforeend", SWITCH);
  applyLabels(actions, lang);
  const toggle = section.querySelector('[data-role="v3"]');
  let view = null;
  let loading = null;
  let destroyed = false;
  const kept = { state: HIDDEN, lang, projector: false, dark: false, draw: [] };

  // Not loaded (offline after the first load): the switch goes back off, said after it, and
  // the next switching on fetches the view again.
  function load() {
    loading ??= loadPart(() => import("./gda3d.js"), toggle, kept.lang).then((part) => {
      if (!part) {
        loading = null;
        toggle.checked = false;
        kept.state = { ...kept.state, shown: false };
        return false;
      }
      if (destroyed) return false;
      view = part.attachSurface(section, panel, { lang: kept.lang, onChange });
      view.setProjector(kept.projector);
      view.setTheme(kept.dark);
      view.setState(kept.state);
      view.draw(...kept.draw);
      return true;
    });
    return loading;
  }
  // A prediction holding the view closed flips it `quiet`: no history entry.
  const flip = (ev) => {
    kept.state = { ...(view ? view.state() : kept.state), shown: toggle.checked };
    load().then((shown) => {
      if (!shown) return;
      view.setState(kept.state);
      if (!ev?.detail?.quiet) onChange("push");
    });
  };
  toggle.addEventListener("change", flip);

  return {
    draw(...args) {
      if (view) view.draw(...args);
      else kept.draw = args;
    },
    state: () => (view ? view.state() : kept.state),
    setState(s) {
      kept.state = s ?? HIDDEN;
      if (view) view.setState(kept.state);
      else {
        toggle.checked = Boolean(kept.state.shown);
        if (kept.state.shown) load();
      }
    },
    setLang(next) {
      kept.lang = next;
      applyLabels(actions, next);
      view?.setLang(next);
    },
    setProjector(on) {
      kept.projector = Boolean(on);
      view?.setProjector(kept.projector);
    },
    setTheme(dark) {
      kept.dark = Boolean(dark);
      view?.setTheme(kept.dark);
    },
    destroy() {
      destroyed = true;
      toggle.removeEventListener("change", flip);
      view?.destroy();
    },
  };
}
