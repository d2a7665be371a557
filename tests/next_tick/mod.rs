//! A pause until the browser's next macrotask, for the wasm browser tests (`mod next_tick;`).
//!
//! wasm-bindgen-test-runner runs a test's synchronous code without returning to the event
//! loop, and its WebDriver polls time out when the page stays busy for a long stretch (a
//! debug build on a loaded machine gets there); long tests await this between their heavy
//! parts.

/// Resolves on a `setTimeout(0)`.
pub async fn next_tick() {
    let tick = js_sys::Promise::new(&mut |resolve, _reject| {
        web_sys::window().expect("a window").set_timeout_with_callback(&resolve).expect("a timeout");
    });
    wasm_bindgen_futures::JsFuture::from(tick).await.expect("a timeout resolves");
}
