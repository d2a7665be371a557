#![no_std]

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    core::arch::wasm32::unreachable()
}

/// The first wrong byte seen: round, pixel, channel, got, want (for the harness).
#[no_mangle]
pub static mut FIRST_BAD: [u32; 5] = [0; 5];

static mut IMG: [u8; 4 * 64 * 64] = [0; 4 * 64 * 64];

#[inline(always)]
fn lanes(d: u32) -> u64 {
    let d = u64::from(d);
    (d & 0x00FF_00FF) | ((d & 0xFF00_FF00) << 24)
}

#[inline(always)]
fn blend_pixel(p: &mut [u8; 4], src: u64, na: u64) {
    let x = src + lanes(u32::from_le_bytes(*p)) * na;
    let x = x + 0x0080_0080_0080_0080;
    let x = ((x + ((x >> 8) & 0x00FF_00FF_00FF_00FF)) >> 8) & 0x00FF_00FF_00FF_00FF;
    *p = ((x as u32) | ((x >> 24) as u32 & 0xFF00_FF00)).to_le_bytes();
}

/// Blends one row of the image; returns the wrong bytes.
// The row's state passed as plain values, as the inlined original had them in locals.
#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn row<const K: u32>(img: &mut [u8], r: u32, y: i64, w: i64, src: u64, na: u64, rgb: [u8; 3], a: u32) -> u32 {
    let mut bad = 0;
    let x0 = -3i64;
    let from = 3i64;
    let start = (y * w + x0 + from) as usize;
    for i in start..start + w as usize {
        let px: &mut [u8; 4] = (&mut img[4 * i..4 * i + 4]).try_into().unwrap();
        let old = *px;
        blend_pixel(px, src, na);
        for k in 0..3 {
            let want = (u32::from(rgb[k]) * a + u32::from(old[k]) * (255 - a) + 127) / 255;
            if u32::from(px[k]) != want {
                if bad == 0 {
                    unsafe { FIRST_BAD = [r, i as u32, k as u32, u32::from(px[k]), want] };
                }
                bad += 1;
            }
        }
    }
    bad
}

/// Blends `rounds` times a colour over a 64×64 image; returns the number of bytes whose
/// SWAR blend differs from the per-byte formula (0 when the engine is right). `K` makes
/// copies: each is compiled and tiered up on its own, so one instance tries the race more
/// than once.
#[inline(never)]
fn blend_rounds<const K: u32>(rounds: u32) -> u32 {
    let img = unsafe { &mut *core::ptr::addr_of_mut!(IMG) };
    let (w, h) = (64i64, 64i64);
    let mut bad = 0u32;
    for r in 0..rounds {
        let a = (r % 255) + 1;
        let rgb = [(r * 7) as u8, (r * 13) as u8, (r * 29) as u8];
        let paint = lanes(u32::from_le_bytes([rgb[0], rgb[1], rgb[2], 255]));
        let src = paint * u64::from(a);
        let na = u64::from(255 - a);
        for y in 0..h {
            bad += row::<K>(img, r, y, w, src, na, rgb, a);
        }
    }
    bad
}

/// One copy of [`blend_rounds`].
#[no_mangle]
pub extern "C" fn kernel(rounds: u32) -> u32 {
    blend_rounds::<0>(rounds)
}

/// Eight copies of [`blend_rounds`], one after the other: the wrong bytes of all.
#[no_mangle]
pub extern "C" fn kernel8(rounds: u32) -> u32 {
    blend_rounds::<0>(rounds)
        + blend_rounds::<1>(rounds)
        + blend_rounds::<2>(rounds)
        + blend_rounds::<3>(rounds)
        + blend_rounds::<4>(rounds)
        + blend_rounds::<5>(rounds)
        + blend_rounds::<6>(rounds)
        + blend_rounds::<7>(rounds)
}

/// The first variant: [`kernel`] with the row loop inlined (no wrong-byte bookkeeping).
#[no_mangle]
pub extern "C" fn kernel_inline(rounds: u32) -> u32 {
    let img = unsafe { &mut *core::ptr::addr_of_mut!(IMG) };
    let (w, h) = (64i64, 64i64);
    let mut bad = 0u32;
    for r in 0..rounds {
        let a = (r % 255) + 1;
        let rgb = [(r * 7) as u8, (r * 13) as u8, (r * 29) as u8];
        let paint = lanes(u32::from_le_bytes([rgb[0], rgb[1], rgb[2], 255]));
        let src = paint * u64::from(a);
        let na = u64::from(255 - a);
        for y in 0..h {
            let x0 = -3i64;
            let from = 3i64;
            let start = (y * w + x0 + from) as usize;
            for i in start..start + w as usize {
                let px: &mut [u8; 4] = (&mut img[4 * i..4 * i + 4]).try_into().unwrap();
                let old = *px;
                blend_pixel(px, src, na);
                for k in 0..3 {
                    let want = (u32::from(rgb[k]) * a + u32::from(old[k]) * (255 - a) + 127) / 255;
                    if u32::from(px[k]) != want {
                        if bad == 0 {
                            unsafe { FIRST_BAD = [r, i as u32, k as u32, u32::from(px[k]), want] };
                        }
                        bad += 1;
                    }
                }
            }
        }
    }
    bad
}
