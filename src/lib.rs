//! # genlab
//!
//! An in-browser laboratory for generative classifiers: Gaussian Discriminant Analysis and
//! naive Bayes, computed in Rust and drawn with plotters, compiled to WebAssembly.
//!
//! The core ([`stats`], [`gda`], [`nb`], [`data`], [`plot`], [`predict`]) is pure Rust and tests
//! natively; only `web` (built for `wasm32` alone) touches the browser.

pub mod curves;
pub mod data;
pub mod error;
pub mod gda;
pub mod lesson;
pub mod limits;
pub mod message;
pub mod nb;
pub mod plot;
pub mod predict;
pub mod state;
pub mod stats;

#[cfg(target_arch = "wasm32")]
pub mod web;

pub use error::{Error, Result};
