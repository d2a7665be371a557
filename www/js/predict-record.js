// This visit's predictions, for the student's record: every prediction kind calls
// `recordPrediction` once, when it reveals (a commit or a skip). The list lives in this
// module (one per page, shared by every panel on it) and nowhere else: nothing is stored
// or sent (the student saves it as a file: js/predict-record-view.js, docs/record.md).
// Each change is announced as a `genlab-prediction` event on `document`, so the record's
// own view can follow it without knowing the kinds.
//
// An entry: { time (ISO 8601), panel ("gda", "nb", "cat", "curves"), kind (the
// prediction's name: "boundary", "bet", …), skipped (true: revealed without a score),
// answer (the student's, in the task's units), truth (the model's), score ({ name: number }
// in the task's units, empty when skipped), hints (ids of the misconceptions that fired),
// lang }.

const entries = [];

/** Adds one prediction to this visit's record (see the module's comment for the shape). */
export function recordPrediction({ panel, kind, skipped = false, answer = null, truth = null, score = {}, hints = [], lang = "en" }) {
  const entry = { time: new Date().toISOString(), panel, kind, skipped: Boolean(skipped), answer, truth, score: { ...score }, hints: [...hints], lang };
  entries.push(entry);
  if (typeof document !== "undefined") {
    document.dispatchEvent(new CustomEvent("genlab-prediction", { detail: entry }));
    // The record's view: "Your predictions (N)" in genlab's own page footer, from now on.
    import("./predict-record-view.js").then((m) => m.showRecordControl()).catch(() => {});
  }
  return entry;
}

/** This visit's predictions so far, oldest first (copies). */
export function predictionRecord() {
  return entries.map((e) => ({ ...e, score: { ...e.score }, hints: [...e.hints] }));
}
