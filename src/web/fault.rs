//! Fault injection for the recovery tests (www/js/recovery.js, tests/e2e/engine_recovery and
//! tests/journeys/engine_recovery): a real Rust panic inside the wasm code, on demand, so that
//! the page meets what a bug would give it: the panic hook's report in the console, then the
//! engine's `RuntimeError` ("unreachable", panic = "abort") thrown out of the call.
//!
//! Only in the naive Bayes module (pkg-nb, and the full module that holds every panel), never
//! in the GDA-first module every first load waits on. Nothing in the page arms it; a test does,
//! through `CatPanel.panicOnCall(n)` or `SpamPanel.panicOnCall(n)`. The count lives in the
//! instance's memory, so a fresh instance (the one recovery builds) starts disarmed.

use std::sync::atomic::{AtomicU32, Ordering};

/// Calls of a checked method left until the injected panic (1: the next one); 0: none armed.
static PANIC_IN: AtomicU32 = AtomicU32::new(0);

/// Arms the panic: the `calls`-th checked call from now panics (0 disarms).
pub(crate) fn arm(calls: u32) {
    PANIC_IN.store(calls, Ordering::Relaxed);
}

/// Called first by each checked method (the panels' `explain`): panics on the armed call.
pub(crate) fn check(method: &str) {
    match PANIC_IN.load(Ordering::Relaxed) {
        0 => {}
        1 => {
            PANIC_IN.store(0, Ordering::Relaxed);
            panic!("injected panic in {method}() (genlab's recovery test)");
        }
        n => PANIC_IN.store(n - 1, Ordering::Relaxed),
    }
}
