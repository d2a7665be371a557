// Lessons (src/lesson): a lecture as a sequence of panel states, played from a clicker and
// recorded by doing. Imported only when the link has a lesson or the user opens the lessons,
// so a first load without one never fetches it (main.js). The entry of js/lesson/:
// player.js (playing, presenter mode, the menu), editor.js (recording), presenter.js (the
// presenter's second window), glide.js (the numbers that glide between steps), strings.js
// (the words), shared.js (captions, the link form); the styles are in style.css.

import { startLessons } from "./lesson/player.js";
import { presenterWindow } from "./lesson/presenter.js";
import { tr, errorText } from "./lesson/strings.js";
import { compressLesson, decompressLesson, captionNodes } from "./lesson/shared.js";

export { startLessons, presenterWindow, tr, errorText, compressLesson, decompressLesson, captionNodes };
