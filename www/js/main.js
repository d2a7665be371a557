// Entry point: load the wasm core, then mount each panel present on the page.

import init, { version } from "../pkg/genlab.js";
import { mountGda } from "./gda.js";
import { mountNb } from "./nb.js";

/** Boots the page; a failure is shown in words, never as a blank page. */
async function main() {
  const boot = document.getElementById("boot");
  try {
    await init();
    document.getElementById("version").textContent = version();
    const gda = document.getElementById("gda");
    const nb = document.getElementById("nb");
    window.genlab = {
      gda: gda ? mountGda(gda) : null,
      nb: nb ? mountNb(nb) : null,
    };
    boot.hidden = true;
    document.documentElement.dataset.ready = "true";
  } catch (e) {
    boot.textContent = `genlab could not start: ${e && e.message ? e.message : e}`;
    boot.classList.add("input-error");
  }
}

main();
