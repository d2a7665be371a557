// Small helpers shared by the panels.

/**
 * What a panel undoes when it is destroyed: `on()` adds an event listener, `add()` any other
 * cleanup (an observer's disconnect), `run()` undoes them all, once.
 */
export function cleanupList() {
  const fns = [];
  return {
    on(target, type, fn, opts) {
      target.addEventListener(type, fn, opts);
      fns.push(() => target.removeEventListener(type, fn, opts));
    },
    add(fn) {
      fns.push(fn);
    },
    run() {
      fns.splice(0).forEach((f) => f());
    },
  };
}

/** Hides every element marked `data-control="<name>"` for each name in `names`. */
export function hideControls(root, names) {
  for (const name of names || []) {
    for (const el of root.querySelectorAll(`[data-control="${CSS.escape(name)}"]`)) el.hidden = true;
  }
}

/** Saves a canvas as a PNG file at its backing-store size (CSS size × device pixel ratio). */
export function downloadCanvas(canvas, filename) {
  canvas.toBlob((blob) => {
    if (!blob) return;
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = filename;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }, "image/png");
}
