//! Answers: each command's reply, built from the engines' results in the user's language.
//!
//! The floor above the engines (billing, vram, tco, trial, catalog) and below [`crate::bot`],
//! which dispatches to these modules. Engines never import an answer; the CLI prints these
//! same replies, so the chat and the scripts say the same thing.

pub mod alerts;
pub mod asides;
pub mod billing;
pub mod catalog;
pub mod common;
pub mod data_loss;
pub mod error;
pub mod fit;
mod fit_alloc_conf;
mod fit_assumptions;
mod fit_base;
mod fit_beams;
pub mod fit_diffusion;
mod fit_gc;
mod fit_held;
pub mod fit_memory;
mod fit_method;
mod fit_model_note;
mod fit_more_cards;
mod fit_options;
mod fit_parsed;
mod fit_render;
mod fit_rl;
mod fit_short;
mod fit_tuner;
mod fit_vram;
mod fit_words;
pub mod gpu_compare;
pub mod memory_card;
mod memory_floor;
pub mod missing;
pub mod offer_table;
pub mod offers;
pub mod platform_filter;
pub mod stock;
pub mod stock_home;
pub mod stock_needs;
pub mod tco;
mod tco_basis;
mod tco_card;
mod tco_line;
mod tokens;
pub mod trend;
mod trend_short;
pub mod trial;
pub mod unheard;
pub mod view;
