//! Damage tracking: a saved base picture, the 16-pixel tiles drawn on since, the runs of
//! changed pixels a frame copies out, and the recorded blends laid again over a new heat map.

use super::*;

/// The side of a dirty-tracking tile, in pixels.
pub(super) const TILE: u32 = 16;

/// Clean tiles a changed run is carried over in [`Raster::take_changes`].
pub(super) const GAP_TILES: usize = 4;

/// A tile's flag: drawn on since the base was saved or restored.
pub(super) const DRAWN: u8 = 1;

/// A tile's flag: put back from the base since the last [`Raster::take_changes`].
pub(super) const RESTORED: u8 = 2;

/// Blends kept to be laid again over a picture painted under them: the grid and axes
/// over the heat map, whose colours change every frame while the grid's do not.
#[derive(Debug, Clone, Default)]
pub(super) struct Recording {
    /// Pixel index, alpha (coverage already applied) and index into `paints`.
    blends: Vec<(u32, u8, u8)>,
    paints: Vec<Paint>,
    /// False when more paints were used than an index byte holds: the recording is unusable.
    complete: bool,
}

impl Raster {
    /// Keeps the picture and labels as they are now as the base, and starts tracking what
    /// is drawn over it, so that [`Raster::restore_base`] can undo just that: much less
    /// than redrawing a whole picture whose background, grid and axes stay the same.
    pub fn save_base(&mut self) {
        self.base.clone_from(&self.rgba);
        self.base_texts.clone_from(&self.texts);
        self.tiles.clear();
        self.tiles.resize(self.tiles_wide() * self.height.div_ceil(TILE) as usize, 0);
        self.tracking = true;
    }

    /// Puts back the saved base where anything has been drawn since, and its labels.
    /// Returns false (and changes nothing) when there is no base.
    pub fn restore_base(&mut self) -> bool {
        self.restore_base_except(None)
    }

    /// [`Raster::restore_base`], except inside `skip` = [x0, y0, x1, y1), which the caller
    /// is about to paint over completely (the heat map's box): copying the base there
    /// would be wasted. Those pixels stay marked as drawn on.
    pub fn restore_base_except(&mut self, skip: Option<[u32; 4]>) -> bool {
        if !self.tracking || self.base.len() != self.rgba.len() {
            return false;
        }
        let stride = 4 * self.width as usize;
        let [sx0, sy0, sx1, sy1] = skip.unwrap_or([0; 4]);
        let (tw, w, h) = (self.tiles_wide(), self.width, self.height);
        let mut tiles = std::mem::take(&mut self.tiles);
        for (ty, row) in tiles.chunks_mut(tw.max(1)).enumerate() {
            // Each run of drawn-on tiles, copied back row by row of pixels.
            let mut tx = 0;
            while tx < row.len() {
                if row[tx] & DRAWN == 0 {
                    tx += 1;
                    continue;
                }
                let start = tx;
                while tx < row.len() && row[tx] & DRAWN != 0 {
                    row[tx] = (row[tx] & !DRAWN) | RESTORED;
                    tx += 1;
                }
                let (x0, x1) = (start as u32 * TILE, (tx as u32 * TILE).min(w));
                for y in ty as u32 * TILE..((ty as u32 + 1) * TILE).min(h) {
                    // The run, less the skipped span: up to two pieces.
                    let cut = (sy0..sy1).contains(&y) && sx0 < x1 && x0 < sx1;
                    let pieces =
                        if cut { [(x0, x0.max(sx0).min(x1)), (x1.min(sx1).max(x0), x1)] } else { [(x0, x1), (0, 0)] };
                    let y = y as usize;
                    for (a, b) in pieces {
                        if a < b {
                            let (a, b) = (y * stride + 4 * a as usize, y * stride + 4 * b as usize);
                            self.rgba[a..b].copy_from_slice(&self.base[a..b]);
                        }
                    }
                }
            }
        }
        self.tiles = tiles;
        if let Some([x0, y0, x1, y1]) = skip {
            self.touch(i64::from(x0), i64::from(y0), i64::from(x1), i64::from(y1));
        }
        self.texts.clone_from(&self.base_texts);
        true
    }

    /// Starts recording every blend (dropping an earlier recording), for
    /// [`Raster::replay`]. Opaque fills ([`Raster::clear`]) are not blends and are not kept.
    pub fn start_recording(&mut self) {
        self.recorded = Recording { complete: true, ..Recording::default() };
        self.recording = true;
    }

    /// Stops recording, keeping only the blends inside `keep` = [x0, y0, x1, y1).
    pub fn stop_recording(&mut self, keep: [u32; 4]) {
        self.recording = false;
        let [x0, y0, x1, y1] = keep;
        let w = self.width;
        self.recorded.blends.retain(|&(i, _, _)| {
            let (x, y) = (i % w.max(1), i / w.max(1));
            x >= x0 && x < x1 && y >= y0 && y < y1
        });
        self.recorded.blends.shrink_to_fit();
    }

    /// Blends the recorded blends again, in the order they were made, over whatever is
    /// there now: the same as having drawn the recorded shapes over it. Returns false (and
    /// draws nothing) when there is no complete recording.
    pub fn replay(&mut self) -> bool {
        if self.recording || !self.recorded.complete {
            return false;
        }
        let rec = std::mem::take(&mut self.recorded);
        for &(i, a, k) in &rec.blends {
            if let Some(&paint) = rec.paints.get(usize::from(k)) {
                self.blend_alpha(i as usize, u32::from(a), paint);
            }
        }
        self.recorded = rec;
        true
    }

    /// Keeps a blend in the recording.
    #[inline(never)]
    pub(super) fn record(&mut self, i: usize, a: u32, paint: Paint) {
        let rec = &mut self.recorded;
        let k = match rec.paints.iter().rposition(|p| *p == paint) {
            Some(k) => k,
            None => {
                rec.paints.push(paint);
                rec.paints.len() - 1
            }
        };
        match u8::try_from(k) {
            Ok(k) => rec.blends.push((i as u32, a as u8, k)),
            Err(_) => rec.complete = false,
        }
    }

    /// Drops the saved base and stops tracking.
    pub fn forget_base(&mut self) {
        self.tracking = false;
        self.recording = false;
        self.recorded = Recording::default();
        self.base = Vec::new();
        self.base_texts.clear();
        self.tiles = Vec::new();
    }

    /// How many tiles across the image.
    pub(super) fn tiles_wide(&self) -> usize {
        self.width.div_ceil(TILE) as usize
    }

    /// The pixels that may differ from the last time this was called (put back from the
    /// base, or drawn on since it was saved or restored), as rectangles [x0, y0, x1, y1):
    /// per row of tiles, its runs of changed tiles (bridging short gaps). A caller that
    /// copies the image out after every frame needs to copy only these. `None` when
    /// nothing is tracked (all of the image may have changed).
    pub fn take_changes(&mut self) -> Option<Vec<[u32; 4]>> {
        let tw = self.tiles_wide();
        if !self.tracking || tw == 0 {
            return None;
        }
        let (w, h) = (self.width, self.height);
        let mut rects: Vec<[u32; 4]> = Vec::new();
        for (ty, row) in self.tiles.chunks_mut(tw).enumerate() {
            let (y0, y1) = (ty as u32 * TILE, ((ty as u32 + 1) * TILE).min(h));
            let mut tx = 0;
            while tx < row.len() {
                if row[tx] == 0 {
                    tx += 1;
                    continue;
                }
                // A run of changed tiles, carried over gaps of fewer than GAP_TILES clean
                // ones: a wider gap (between the two clouds) is worth a rectangle more.
                let (first, mut last) = (tx, tx);
                let mut k = tx + 1;
                while k < row.len() && k - last <= GAP_TILES {
                    if row[k] != 0 {
                        last = k;
                    }
                    k += 1;
                }
                tx = last + 1;
                let (x0, x1) = (first as u32 * TILE, ((last as u32 + 1) * TILE).min(w));
                // A run like one in the row of tiles above continues its rectangle.
                match rects.iter_mut().rev().find(|r| r[3] == y0 && r[0] == x0 && r[2] == x1) {
                    Some(r) => r[3] = y1,
                    None => rects.push([x0, y0, x1, y1]),
                }
            }
            for t in row.iter_mut() {
                *t &= !RESTORED;
            }
        }
        Some(rects)
    }

    /// Records that the pixels [x0, x1) × [y0, y1) may change (when tracking).
    #[inline]
    pub(super) fn touch(&mut self, x0: i64, y0: i64, x1: i64, y1: i64) {
        if !self.tracking {
            return;
        }
        let (w, h) = (i64::from(self.width), i64::from(self.height));
        let (x0, y0, x1, y1) = (x0.clamp(0, w), y0.clamp(0, h), x1.clamp(0, w), y1.clamp(0, h));
        if x0 < x1 && y0 < y1 {
            let tw = self.tiles_wide();
            let t = i64::from(TILE);
            for ty in y0 / t..=(y1 - 1) / t {
                let row = ty as usize * tw;
                if let Some(tiles) = self.tiles.get_mut(row + (x0 / t) as usize..=row + ((x1 - 1) / t) as usize) {
                    tiles.iter_mut().for_each(|f| *f |= DRAWN);
                }
            }
        }
    }
}
