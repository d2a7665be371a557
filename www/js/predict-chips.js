// The words of a message as choices for a prediction on the spam panel (the strongest word:
// one, js/predict-word.js; the α = 0 vetoes: any number, js/predict-alpha0.js): a fieldset of
// native radio buttons or checkboxes, each in a chip 2.75rem high (a finger's width), so the
// keyboard (Tab, the arrow keys in a radio group, Space), touch and screen readers work as
// they do with any form. The words are the user's: written as textContent, never translated.
// Nothing about a word's evidence is here: only the words, in order of first appearance.

/** Chips offered at most (a long message offers its first words; the caller says so). */
export const MAX_CHIPS = 60;

/**
 * Builds the choices for `words` (distinct, in order): `multiple` makes checkboxes, else
 * radio buttons named `name`. Returns `{ fieldset, legend, note, inputs, picked(), disable() }`;
 * `picked()` is the list of chosen words, `note` says how many of how many words are offered.
 */
export function wordChoices({ words, multiple = false, name, role }) {
  const fieldset = document.createElement("fieldset");
  fieldset.dataset.role = role;
  fieldset.style.border = "0";
  fieldset.style.padding = "0";
  fieldset.style.margin = "0";
  fieldset.style.minWidth = "0";
  const legend = document.createElement("legend");
  legend.style.padding = "0";
  const row = document.createElement("div");
  row.className = "examples";
  const offered = words.slice(0, MAX_CHIPS);
  const inputs = offered.map((word) => {
    const label = document.createElement("label");
    label.translate = false;
    Object.assign(label.style, {
      display: "inline-flex", alignItems: "center", gap: "0.35rem", minHeight: "2.75rem",
      padding: "0 0.7rem", border: "1px solid var(--control-border)", borderRadius: "1.4rem",
      background: "var(--control-bg)", cursor: "pointer", maxWidth: "100%", overflowWrap: "anywhere",
    });
    const input = document.createElement("input");
    input.type = multiple ? "checkbox" : "radio";
    input.name = name;
    input.value = word;
    input.style.margin = "0";
    const text = document.createElement("span");
    text.textContent = word;
    label.append(input, text);
    row.append(label);
    return input;
  });
  const note = document.createElement("p");
  note.className = "hint";
  note.hidden = offered.length === words.length;
  fieldset.append(legend, row, note);
  return {
    fieldset,
    legend,
    note,
    inputs,
    offered: offered.length,
    picked: () => inputs.filter((i) => i.checked).map((i) => i.value),
    disable: () => inputs.forEach((i) => { i.disabled = true; }),
  };
}
