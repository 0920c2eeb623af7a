//! The catalog: GPUs, platforms, models and FX rates, each entry with `source` and `as_of`.
//!
//! - [`types`]: the entries as the data files write them;
//! - [`load`]: the embedded files or a `--catalog-dir` override, parsed and validated;
//! - `validate`: strict checks naming file, entry and field;
//! - `instance`: cloud instance types (`g5.xlarge`) and the cards they hold;
//! - [`lookup`]: forgiving names (`4090`, `RTX4090`, `GeForce RTX 4090`) and "did you mean".

mod card_family;
pub mod choice;
mod date;
mod error;
mod found;
mod index;
mod instance;
mod instance_data;
mod load;
mod lookup;
mod model_near;
mod name_size;
mod platform;
mod quote;
mod types;
mod validate;
mod variant;
pub mod warn;

pub use card_family::card_names;
pub use date::{parse_date, today};
pub use error::CatalogError;
pub use index::{Catalog, HourlyPrice};
pub use instance::InstanceRead;
pub use instance_data::{CLOUDS, EMBEDDED_INSTANCES, InstanceFamily};
pub use load::{
    EMBEDDED_FX, EMBEDDED_GPUS, EMBEDDED_MODELS, EMBEDDED_PLATFORMS, embedded_base_models,
};
pub use lookup::{
    BRAND_WORDS, EntryKind, FamilySize, NAME_WORDS_MAX, NotFound, SuggestedName, normalize,
};
pub use name_size::{NameSize, size_word, split_at_size};
pub use platform::{
    Barriers, BillingRules, BillingStart, Cite, CredibilityNote, DataScope, InstanceState,
    Locations, LookedFor, PAYMENT_METHODS, PLATFORM_FIELDS, PRICE_TIERS, Platform, RealName,
    RealNameDocuments, RetentionRule, StoppedCharge,
};
pub use quote::PriceQuote;
pub use types::{
    CapacityBasis, CardLink, FxRate, Gpu, Model, OwnCodeBias, RecurrentKind, RecurrentLayers,
    STALE_AFTER_DAYS, Text, VisionTower, note_in,
};
pub use validate::{ACCUMULATIONS, CURRENCIES, REGIONS, VENDORS};
pub use variant::ModelVariant;
