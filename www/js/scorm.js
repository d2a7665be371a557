// The SCORM 1.2 handshake of the single file (dist/genlab.html) when an LMS runs it as the SCO
// of genlab's package (js/lms-package.js): the LMS's API object is looked for as the SCORM 1.2
// Run-Time Environment describes (the window's parents, up to 7 levels, then its opener's),
// then LMSInitialize(""), cmi.core.lesson_status set to "completed", LMSCommit(""), and
// LMSFinish("") once when the page goes away. "completed": the lab has no test to pass or
// fail, and a student who opened it has done what it asks, so the LMS's gradebook shows it done
// (and does not report an "incomplete" attempt forever); a status already "passed" or
// "completed" is left as it is. Without an LMS (the file from a USB stick, a hosted copy)
// nothing happens at all: no call, no error, no console message. The page imports this
// module only where it carries its core itself (the single file).

/** The API object in `win` or the frames above it, or null (a frame of another origin stops the search). */
function findIn(win) {
  for (let tries = 0; win && tries <= 7; tries++) {
    try {
      if (win.API && typeof win.API.LMSInitialize === "function") return win.API;
      if (win.parent === win) return null;
      win = win.parent;
    } catch {
      // Another origin's frame: its properties cannot be read, so no API can be used there.
      return null;
    }
  }
  return null;
}

/** The LMS's SCORM 1.2 API object, or null where there is none. */
export function findApi(win = window) {
  let api = null;
  if (win.parent && win.parent !== win) api = findIn(win.parent);
  if (!api) {
    try {
      if (win.opener) api = findIn(win.opener);
    } catch {
      api = null;
    }
  }
  return api;
}

const isTrue = (v) => v === true || v === "true";

/** Runs the handshake; true where an LMS took LMSInitialize. Never throws. */
export function scormStart(win = window) {
  let api = null;
  try {
    api = findApi(win);
    if (!api || !isTrue(api.LMSInitialize(""))) return false;
    const status = String(api.LMSGetValue("cmi.core.lesson_status") || "");
    if (status !== "completed" && status !== "passed") {
      api.LMSSetValue("cmi.core.lesson_status", "completed");
      api.LMSCommit("");
    }
  } catch {
    return false;
  }
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    try {
      api.LMSFinish("");
    } catch {
      // The LMS's frame is going away too: nothing more to tell it.
    }
  };
  win.addEventListener("pagehide", finish);
  win.addEventListener("beforeunload", finish);
  return true;
}
