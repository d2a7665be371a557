// The α = 0 prediction on a 360 px phone, by keyboard, pointer and touch in both languages
// (the tests and how their numbers are derived by hand: predict_alpha0_run.mjs).
import { setup } from "./lib.mjs";
import { alphaZeroTests } from "./predict_alpha0_run.mjs";

alphaZeroTests(setup(), [{ width: 360, height: 740 }]);
