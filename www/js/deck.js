// Slides mode (`deck=1`): a panel framed in a slide deck such as reveal.js.
//
// - The presenter's clicker keys still move the deck while the panel has the focus:
//   PageDown and PageUp, and the arrow keys when no control uses them, are sent to the deck as
//   reveal.js postMessage calls (`{"method":"next","args":[]}`). That message, the method's name
//   and nothing else, is all that leaves the frame, with the focus handed back to the deck
//   (so the next key reaches it); the panel never reads from or reaches into its parent, and
//   it listens to no message.
// - The state outlives the frame: reveal.js unloads the frames of hidden slides and loads
//   them again from their first address. The panel keeps its link in the tab's session
//   storage under that first address and opens on it when it is loaded again.

/** reveal.js method for each key a clicker sends (always forwarded). */
const CLICKER = { PageDown: "next", PageUp: "prev" };
/** reveal.js method for each arrow key (forwarded when no control used the key). */
const ARROWS = { ArrowRight: "right", ArrowLeft: "left", ArrowDown: "down", ArrowUp: "up" };

/** Whether the focused element `el` uses arrow keys itself (a field, a list, the plot, a scroll box). */
function usesArrows(el) {
  if (!el || el === document.body || el === document.documentElement) return false;
  if (el.isContentEditable) return true;
  if (["INPUT", "SELECT", "TEXTAREA", "CANVAS"].includes(el.tagName)) return true;
  // A box that scrolls takes the focus so that arrows scroll it (util.js focusScrollables).
  return el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1;
}

/** Sends clicker keys to the deck around this frame; returns a function that stops it. */
export function forwardClickerKeys(win = window) {
  if (win.parent === win) return () => {};
  const onKey = (ev) => {
    if (ev.altKey || ev.ctrlKey || ev.metaKey || ev.isComposing) return;
    let method = CLICKER[ev.key];
    if (!method && ARROWS[ev.key] && !ev.defaultPrevented && !usesArrows(ev.target)) method = ARROWS[ev.key];
    if (!method) return;
    ev.preventDefault();
    // The deck may be on any origin; the message says only which key was pressed.
    win.parent.postMessage(JSON.stringify({ method, args: [] }), "*");
    // ... and the keys after it go to the deck: the focus left in this frame stayed there
    // when reveal.js turned to the next slide and unloaded it, and the clicker's next
    // PageUp reached a hidden frame, not the deck. (focus() is one of the few calls a frame
    // may make on a parent on another origin; a key press allows it.)
    try {
      win.parent.focus();
    } catch {
      // A browser that refuses it: the deck keeps whatever focus it had.
    }
  };
  win.addEventListener("keydown", onKey);
  return () => win.removeEventListener("keydown", onKey);
}

/** The session storage key of a frame first loaded at `firstUrl` (its path and query). */
const keyFor = (firstUrl) => `genlab-deck:${firstUrl.pathname}${firstUrl.search}`;

/** The session's storage, or null where the browser refuses it (a sandboxed frame, a setting). */
function storage() {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The state kept for a frame first loaded at `firstUrl`: `{ saved, save(query) }`, with
 * `saved` the query (no "?") it last had in this tab, or null.
 */
export function keptState(firstUrl) {
  const key = keyFor(firstUrl);
  const store = storage();
  let saved = null;
  try {
    saved = store?.getItem(key) ?? null;
  } catch {
    saved = null;
  }
  return {
    saved,
    save(query) {
      try {
        store?.setItem(key, query);
      } catch {
        // Storage full or refused: the panel works on, it only forgets across reloads.
      }
    },
  };
}
