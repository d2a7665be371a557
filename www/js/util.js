// Small helpers shared by the panels.

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
