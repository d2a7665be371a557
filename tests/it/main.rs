//! The native integration tests of the core, one crate (`cargo test --test it`): one link
//! instead of one per file. Each module is named for the behaviour it holds; `common` has
//! the shared builders and tolerances. Browser tests are the `web_*.rs` crates beside this
//! folder (`wasm-pack test`).
#![cfg(not(target_arch = "wasm32"))]

mod common;

mod curves_engine;
mod curves_models;
mod curves_text;
mod data_presets;
mod data_three_species;
mod gda_claims;
mod gda_classes;
mod gda_classes_sklearn;
mod gda_coincident_means;
mod gda_compare;
mod gda_density;
mod gda_fit;
mod gda_geometry;
mod gda_gnb;
mod gda_lab;
mod gda_lab_classes;
mod gda_lab_models;
mod gda_logistic;
mod gda_points_csv;
mod gda_posterior_map;
mod gda_qda;
mod gda_regions;
mod gda_risk;
mod gda_sample;
mod gda_state_restore;
mod input_messages;
mod lesson;
mod lesson_claims;
mod nb_categorical;
mod nb_claims;
mod nb_corpus;
mod nb_costs;
mod nb_email;
mod nb_email_ledger;
mod nb_email_spamassassin;
mod nb_explain;
mod nb_imbalance_editing;
mod nb_lab;
mod nb_mailbox;
mod nb_mailbox_label_rules;
mod nb_model;
mod nb_sklearn;
mod nb_smoothing;
mod nb_sms;
mod nb_tokenize;
mod plot_classes;
mod plot_curves;
mod plot_figure;
mod plot_gda;
mod plot_labels;
mod plot_nb;
mod plot_palette;
mod plot_raster;
mod plot_raster_frames;
mod plot_surface;
mod prop_gda;
mod prop_lesson;
mod prop_nb;
mod prop_state;
mod regression_corpus;
mod regression_email;
mod regression_gda;
mod regression_smoothing;
mod regression_state;
mod regression_tokenize;
mod state;
mod state_cat;
mod state_classes;
mod state_curves;
mod state_surface;
