// The strongest-word prediction on a 360 px phone, by keyboard, pointer and touch in both
// languages (the tests and how their numbers are derived by hand: predict_word_run.mjs).
import { setup } from "./lib.mjs";
import { strongestWordTests } from "./predict_word_run.mjs";

strongestWordTests(setup(), [{ width: 360, height: 740 }]);
