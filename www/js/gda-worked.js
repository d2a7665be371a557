// GDA's worked example ("Work it out" on the GDA panel): φ, μ₀, μ₁, Σ, w and b of the
// shared-Σ maximum-likelihood fit to the points on the plot, each formula with the points'
// numbers plugged in, faded backwards into blanks the model checks (js/worked.js). The
// example and the check come from the lessons' module (pkg-lesson/: gdaWorkedExample,
// checkGdaWorked on genlab::predict::gda_example), loaded with this module; the panel hands
// over only its points (GdaPanel.pointsFlat()).

import { showWorked } from "./worked.js";

export const WORDS = {
  en: {
    intro: "GDA with one shared Σ, fitted by maximum likelihood to the {n} points on the plot, step by step. (QDA and naive Bayes fit each class its own Σ: their numbers differ from these.)",
    twoClasses: "The worked example is for two classes: choose k = 2.",
    failed: "No worked example for these points: {reason}",
  },
  "zh-CN": {
    intro: "对图上的 {n} 个点，用最大似然拟合共享一个 Σ 的 GDA，逐步计算。（QDA 和朴素贝叶斯为每个类别各拟合一个 Σ：它们的数字与这里的不同。）",
    twoClasses: "这个例题只适用于两个类别：请选择 k = 2。",
    failed: "这些点没有例题：{reason}",
  },
};

const words = (lang) => WORDS[lang] || WORDS.en;
const say = (template, params) => template.replace(/\{(\w+)\}/g, (_, k) => String(params[k]));

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

  function refresh() {
    const points = panel.pointsFlat();
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
