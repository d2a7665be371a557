// Journeys in every engine: "Download figure (PNG)" saves a PNG of the figure. The page's
// download is caught in the page by the recorder (tests/journeys/page-recorder.js; WebDriver
// cannot reach a browser's downloads) and its bytes are read back from the blob URL.
import { test } from "node:test";
import assert from "node:assert/strict";
import { forEachEngine, openPage, assertNoPageErrors } from "./lib.mjs";

/** The download the page started, read back: its name, header bytes, size, and how many of its pixels differ from the canvas's. */
const readDownload = (s, canvasSel) => s.execute(async (sel) => {
  const { name, href, blob } = window.__journeys.downloads.at(-1);
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const view = new DataView(bytes.buffer);
  const canvas = document.querySelector(sel);
  // Decode it as the browser would show it, and compare with the canvas, pixel by pixel.
  const img = new Image();
  img.src = href;
  await img.decode();
  const copy = document.createElement("canvas");
  copy.width = img.naturalWidth;
  copy.height = img.naturalHeight;
  const cx = copy.getContext("2d");
  cx.drawImage(img, 0, 0);
  const got = cx.getImageData(0, 0, copy.width, copy.height).data;
  const want = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
  let differ = got.length === want.length ? 0 : -1;
  for (let i = 0; differ >= 0 && i < got.length; i += 4) {
    if (got[i] !== want[i] || got[i + 1] !== want[i + 1] || got[i + 2] !== want[i + 2] || got[i + 3] !== want[i + 3]) differ++;
  }
  return {
    name,
    type: blob.type,
    signature: [...bytes.subarray(0, 8)],
    chunk: String.fromCharCode(...bytes.subarray(12, 16)),
    ihdr: [view.getUint32(16), view.getUint32(20)],
    canvas: [canvas.width, canvas.height],
    decoded: [img.naturalWidth, img.naturalHeight],
    differ,
  };
}, canvasSel);

// The PNG signature (PNG specification, section 5.2), then the IHDR chunk: width and
// height as big-endian 32-bit integers at bytes 16 and 20.
const PNG_SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

forEachEngine((c) => {
  test("each panel's figure downloads as a PNG of the figure", async () => {
    const s = c.session;
    await openPage(s, c.server.url);
    const panels = [
      ["#gda-slot", '#gda-slot [data-role="canvas"]', "genlab-gda.png"],
      ["#nb-slot", '#nb-slot [data-role="curve"]', "genlab-naive-bayes.png"],
    ];
    for (const [slot, canvas, file] of panels) {
      const n = await s.execute(() => window.__journeys.downloads.length);
      await s.click(`${slot} [data-role="export"]`);
      await s.waitFor(`the ${file} download`, (n) => window.__journeys.downloads.length > n, [n]);
      const png = await readDownload(s, canvas);
      assert.equal(png.name, file);
      assert.equal(png.type, "image/png");
      assert.deepEqual(png.signature, PNG_SIGNATURE, file);
      assert.equal(png.chunk, "IHDR");
      assert.deepEqual(png.ihdr, png.canvas, `${file}: the canvas's backing store`);
      assert.deepEqual(png.decoded, png.canvas);
      assert.ok(png.canvas[0] > 100 && png.canvas[1] > 100, `${file} ${png.canvas}`);
      assert.equal(png.differ, 0, `${file}: pixels that differ from the figure on screen`);
    }
    await assertNoPageErrors(s);
  });
});
