// The example course page: two independent panels mounted with the module API.
import { mount } from "./genlab.js";

const gda = await mount(document.getElementById("lesson-gda"), { panel: "gda", controls: ["seed"], state: { n: [120, 80] } });
const nb = await mount(document.getElementById("lesson-nb"), { panel: "nb", lang: "zh-CN", controls: ["corpus"], state: { alpha: 0.1 } });
window.lesson = { gda, nb };
document.documentElement.dataset.ready = "true";
