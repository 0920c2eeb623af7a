//! The instance families as `instances.toml` writes them, and every name they go by; read
//! apart from the catalog's index (which holds them) so the two import nothing of each other.

use super::error::CatalogError;
use serde::Deserialize;
use std::collections::BTreeMap;

pub const EMBEDDED_INSTANCES: &str = include_str!("../../catalog/instances.toml");

/// Clouds whose instance types the catalog lists.
pub const CLOUDS: &[&str] = &["aws", "gcp", "azure"];

/// One instance family: its card, and the cards each of its types holds.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InstanceFamily {
    pub cloud: String,
    /// As the cloud writes it (`G5`, `ND H100 v5`).
    pub name: String,
    /// The catalog id of the card every type of the family holds.
    pub gpu: String,
    /// The family said without a size (`g5`, `ND H100 v5`).
    #[serde(default)]
    pub names: Vec<String>,
    /// Each type's full name and its card count.
    pub types: BTreeMap<String, u32>,
    pub source: String,
    pub as_of: String,
}

#[derive(Deserialize)]
struct InstanceFile {
    family: Vec<InstanceFamily>,
}

/// The parts of a name people may write with any separator, or none (`g5.xlarge`, `g5 xlarge`;
/// `ND H100 v5`, `NDH100v5`; `Standard_NC24ads_A100_v4`): lower-case letter-and-digit runs.
pub(super) fn segments(name: &str) -> Vec<String> {
    name.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|s| !s.is_empty())
        .map(str::to_ascii_lowercase)
        .collect()
}

/// One name the text may hold: its segments, the family and the type (if a type's name).
#[derive(Debug, Clone)]
pub(super) struct InstanceName {
    pub(super) segments: Vec<String>,
    pub(super) family: usize,
    pub(super) type_name: Option<String>,
}

pub(super) fn parse(text: &str) -> Result<Vec<InstanceFamily>, CatalogError> {
    toml::from_str::<InstanceFile>(text)
        .map(|f| f.family)
        .map_err(|e| CatalogError::Parse {
            file: "instances.toml".to_string(),
            message: e.to_string(),
        })
}

/// Every name of every family, longest first (a type before its family said alone). An Azure
/// type is also written without `Standard_`, as people do.
pub(super) fn names(families: &[InstanceFamily]) -> Vec<InstanceName> {
    let mut out = Vec::new();
    for (i, f) in families.iter().enumerate() {
        for t in f.types.keys() {
            let segs = segments(t);
            if segs.len() > 1 && segs[0] == "standard" {
                out.push(InstanceName {
                    segments: segs[1..].to_vec(),
                    family: i,
                    type_name: Some(t.clone()),
                });
            }
            out.push(InstanceName {
                segments: segs,
                family: i,
                type_name: Some(t.clone()),
            });
        }
        for n in &f.names {
            out.push(InstanceName {
                segments: segments(n),
                family: i,
                type_name: None,
            });
        }
    }
    out.sort_by_key(|n| std::cmp::Reverse(n.segments.concat().len()));
    out
}
