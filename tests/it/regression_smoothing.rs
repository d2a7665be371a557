#![cfg(not(target_arch = "wasm32"))]
//! Pseudo-counts whose sum overflows, found by the browser test `web_hostile`
//! (`describePriors(1e308, 1e308, 1e308, 1e308)`, issue #7): the symmetric Beta(10³⁰⁸, 10³⁰⁸)
//! was described with mean 10³⁰⁸/∞ = 0 instead of ½, and a sentence saying it is “worth inf
//! pseudo-message(s)”. Such priors are now refused with a sentence.

use genlab::nb::{describe_beta_prior, describe_class_prior};
use genlab::Error;

#[test]
fn a_prior_whose_strength_overflows_is_refused() {
    for (a, b) in [(1e308, 1e308), (f64::MAX, f64::MAX), (f64::MAX, 1e292)] {
        for result in [describe_beta_prior(a, b), describe_class_prior(a, b)] {
            match result {
                Err(e @ Error::InvalidParameter { .. }) => {
                    let sentence = e.to_string();
                    assert!(sentence.contains("finite") && !sentence.contains("inf "), "{sentence}");
                }
                other => panic!("({a}, {b}): {other:?}"),
            }
        }
    }
}

#[test]
fn the_largest_priors_that_add_up_keep_their_mean() {
    let d = describe_beta_prior(8e307, 8e307).unwrap();
    assert_eq!(d.mean, Some(0.5));
    assert!(d.strength.is_finite() && !d.sentence.contains("inf"));
    let d = describe_class_prior(f64::MAX, 0.0).unwrap();
    assert_eq!(d.mean, Some(0.0));
}
