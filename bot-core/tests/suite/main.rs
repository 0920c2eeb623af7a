//! bot-core's integration tests, in one binary.
//! Every file here was its own test binary, and each linked the whole dependency tree again
//! (issue 29: 60 links in `cargo test --workspace`). One binary per crate, one module per file:
//! `cargo test -p bot-core --test suite <module>::` runs one of them.

mod advice;
mod alert_data;
mod alerts;
mod availability;
mod bare_currency;
mod billing_chat;
mod billing_engine;
mod card_words;
mod catalog;
mod catalog2;
mod chat;
mod currency;
mod dialogue;
mod did_you_mean_names;
mod fit_cards;
mod fit_diffusion;
mod fit_edge;
mod fit_kbit;
mod fit_kv;
mod fit_mechanisms;
mod fit_reference;
mod fit_sharding;
mod fit_size_shapes;
mod fit_stories;
mod fit_tp;
mod fit_training;
mod fit_verdicts;
mod fit_vllm_profile;
mod live_prices;
mod messages;
mod model_family_size;
mod models_current;
mod monthly_plans;
mod native_formats;
mod offer_index;
mod offers;
mod pick_barriers;
mod pick_listens;
mod prices;
mod prices_data;
mod prices_stories;
mod props;
mod questions;
mod ratelimit;
mod store_atomic;
mod store_damage;
mod store_group;
mod store_records;
mod trend;
mod trial;
mod typed_readings;
mod understand;
mod zh_answers;
