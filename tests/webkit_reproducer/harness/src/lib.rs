//! `frames(n, seed)`: the digest of `n` redraws of the GDA figure (tests/render_stress),
//! for run_harness.js under `jsc`. A panic (an overflow check) traps.

#[path = "../../../render_stress/mod.rs"]
mod render_stress;

/// The low 32 bits of the digest (a JS number without BigInt).
#[no_mangle]
pub extern "C" fn frames(n: u32, seed: u32) -> u32 {
    render_stress::gda_frames(n, u64::from(seed), (360, 270), 1.0) as u32
}
