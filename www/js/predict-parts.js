// The parts every prediction shows under its question (the GDA boundary's, js/predict.js;
// the spam bet's, js/predict-spam.js): Commit, Skip and Done (hidden until the reveal) in a
// row of actions, the result (hidden until the reveal) and a polite live region. Each part's
// data-role is `${kind}-commit`, `${kind}-result`…; the caller places them and writes their words.

export function predictionParts(kind) {
  const button = () => Object.assign(document.createElement("button"), { type: "button" });
  const actions = Object.assign(document.createElement("p"), { className: "actions" });
  const [commit, skip, done] = ["commit", "skip", "done"].map((name) => {
    const b = button();
    b.dataset.role = `${kind}-${name}`;
    return b;
  });
  done.hidden = true;
  actions.append(commit, skip, done);
  const result = document.createElement("div");
  result.dataset.role = `${kind}-result`;
  result.hidden = true;
  const live = Object.assign(document.createElement("p"), { className: "sr-only" });
  live.setAttribute("aria-live", "polite");
  live.dataset.role = `${kind}-live`;
  return { actions, commit, skip, done, result, live };
}
