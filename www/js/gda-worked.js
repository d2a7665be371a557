// GDA's worked example ("Work it out" on the GDA panel): φ, μ₀, μ₁, Σ, w and b of the
// shared-Σ maximum-likelihood fit to the points on the plot, each formula with the points'
// numbers plugged in, faded backwards into blanks the model checks (js/worked.js). The
// example and the check come from the lessons' module (pkg-lesson/: gdaWorkedExample,
// checkGdaWorked on genlab::predict::gda_example), loaded with this module; the panel hands
// over only its points (GdaPanel.pointsFlat()).

import { showWorked } from "./worked.js";
import { fill as say } from "./i18n.js";

export const WORDS = {
  en: {
    intro: "GDA with one shared Σ, fitted by maximum likelihood to the {n} points on the plot, step by step. (QDA and naive Bayes fit each class its own Σ: their numbers differ from these.)",
    twoClasses: "The worked example is for two classes: choose k = 2.",
    failed: "No worked example for these points: {reason}",
    title: "Work it out: GDA's fit by hand",
    done: "Done",
    noCore: "The worked example could not load: {reason}",
  },
  "zh-CN": {
    intro: "对图上的 {n} 个点，用最大似然拟合共享一个 Σ 的 GDA，逐步计算。（QDA 和朴素贝叶斯为每个类别各拟合一个 Σ：它们的数字与这里的不同。）",
    twoClasses: "这个例题只适用于两个类别：请选择 k = 2。",
    failed: "这些点没有例题：{reason}",
    title: "动手算：手工拟合 GDA",
    done: "完成",
    noCore: "例题无法加载：{reason}",
  },
};

const words = (lang) => WORDS[lang] || WORDS.en;

/**
 * Attaches GDA's worked example of the panel whose Rust handle is `panel` to `box`. Resolves
 * to `{ refresh(), setLang(lang) }` (`refresh()` after every change of the points), or
 * rejects when the lessons' module cannot load.
 */
export async function attachGdaWorked({ box, panel, lang, idPrefix = "gda-worked" }) {
  const g = await import("./genlab.js");
  await g.loadLessonCore();
  const core = await import("../pkg-lesson/genlab.js");
  const intro = Object.assign(document.createElement("p"), { className: "hint" });
  const error = Object.assign(document.createElement("p"), { className: "input-error", hidden: true });
  const body = document.createElement("div");
  box.replaceChildren(intro, error, body);
  let view = null;

  // The points (and language) the example was last written for: the panel draws on every
  // pointer move, and an unchanged example is not written again (an answer being typed and
  // a result being read stay as they are).
  let written = "";
  function refresh() {
    const points = panel.pointsFlat();
    const key = `${lang}|${points.join(",")}`;
    if (key === written) return;
    written = key;
    const w = words(lang);
    intro.textContent = say(w.intro, { n: points.length / 3 });
    let example = null;
    const classes = panel.summary().classes;
    try {
      if (classes !== 2) throw new Error(w.twoClasses);
      example = core.gdaWorkedExample(points);
      error.hidden = true;
    } catch (e) {
      error.textContent = classes !== 2 ? w.twoClasses : say(w.failed, { reason: e?.message || String(e) });
      error.hidden = false;
    }
    body.hidden = !example;
    intro.hidden = !example;
    if (!example) return;
    // An answer is checked against the example it was typed beside: these points.
    checkNow = (blank, answer) => core.checkGdaWorked(points, blank, answer);
    if (view) view.setExample(example);
    else view = showWorked(body, { example, lang, check: (b, a) => checkNow(b, a), idPrefix });
  }
  let checkNow = null;

  refresh();
  return {
    refresh,
    setLang(next) {
      lang = next;
      view?.setLang(lang);
      refresh();
    },
  };
}

/**
 * Opens GDA's worked example on the panel (`ctx` as js/predict-gda.js hands it: { section,
 * panel, lang, onEnd }) under its "Predict…" button, which it hides while open, as a
 * prediction does. Resolves to a handle `{ kind: "worked", hidden(), draw(), verdict(),
 * setLang(lang), destroy() }` (gda.js calls `draw()` on every drawing: the example follows
 * the points), or null when the lessons' module cannot load (said under the button).
 */
export async function startGdaWorked({ section, panel, lang, onEnd }) {
  const button = section.querySelector('button[data-role="predict"]');
  const buttonRow = button.closest("p") || button;
  const block = document.createElement("div");
  block.dataset.role = "gda-worked";
  block.className = "predict";
  const title = document.createElement("h3");
  const box = document.createElement("div");
  box.dataset.role = "worked";
  const actions = Object.assign(document.createElement("p"), { className: "actions" });
  const done = Object.assign(document.createElement("button"), { type: "button" });
  done.dataset.role = "gda-worked-done";
  actions.append(done);
  block.append(title, box, actions);
  buttonRow.after(block);
  buttonRow.hidden = true;
  const write = () => {
    title.textContent = words(lang).title;
    done.textContent = words(lang).done;
    block.setAttribute("lang", lang);
  };
  write();
  let view;
  try {
    view = await attachGdaWorked({ box, panel, lang, idPrefix: `${section.id || "gda"}-worked` });
  } catch (e) {
    block.remove();
    buttonRow.hidden = false;
    const p = Object.assign(document.createElement("p"), { className: "input-error", textContent: say(words(lang).noCore, { reason: e?.message || String(e) }) });
    p.setAttribute("role", "alert");
    buttonRow.after(p);
    setTimeout(() => p.remove(), 8000);
    onEnd();
    return null;
  }
  let open = true;
  function destroy() {
    if (!open) return;
    open = false;
    block.remove();
    buttonRow.hidden = false;
    onEnd();
    button.focus({ preventScroll: true });
  }
  done.addEventListener("click", destroy);
  title.tabIndex = -1;
  title.focus({ preventScroll: true });
  return {
    kind: "worked",
    hidden: () => false,
    draw: () => { if (open) view.refresh(); },
    verdict: () => null,
    setLang(next) {
      lang = next;
      write();
      view.setLang(lang);
    },
    destroy,
  };
}
