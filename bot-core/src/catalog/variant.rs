//! `[[variant]]` entries of `models.toml`: a model that shares another entry's architecture
//! (DeepSeek-V3.1 is DeepSeek-V3's shape, QwQ-32B is Qwen2.5-32B's). The shape is written once
//! and a variant names it with `of`, so a correction to the shape reaches every model that has
//! it; the variant carries its own names, provenance and whatever its config.json changes
//! (context window, a published total that includes a vision tower).

use serde::{Deserialize, Serialize};

use super::error::CatalogError;
use super::types::{Model, VisionTower};

/// A model with the architecture of the `[[model]]` entry `of`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModelVariant {
    pub id: String,
    pub name: String,
    /// The `[[model]]` id whose shape this model has.
    pub of: String,
    #[serde(default)]
    pub family: Option<String>,
    #[serde(default)]
    pub hf_ids: Vec<String>,
    #[serde(default)]
    pub aliases: Vec<String>,
    /// Only where this model's config.json differs from the shape's.
    #[serde(default)]
    pub max_context: Option<u32>,
    #[serde(default)]
    pub params_b: Option<f64>,
    #[serde(default)]
    pub active_params_b: Option<f64>,
    /// This model's own checkpoint format (`Model::checkpoint_quant`); the shape's is not
    /// inherited: a variant's checkpoint can differ (Kimi-K2.5 is INT4 where K2 is FP8).
    #[serde(default)]
    pub checkpoint_quant: Option<String>,
    /// This checkpoint's 4-bit group size (`Model::int4_group_size`); not inherited either.
    #[serde(default)]
    pub int4_group_size: Option<u32>,
    /// The image encoder this model adds to the shape's decoder (`Model::vision`).
    #[serde(default)]
    pub vision: Option<VisionTower>,
    /// A text-only model of a multimodal shape (Mistral-Small-24B-2501 of Mistral-Small-3.1's):
    /// the shape's image encoder is not inherited.
    #[serde(default)]
    pub text_only: bool,
    pub source: String,
    pub as_of: String,
    #[serde(default)]
    pub note_zh: Option<String>,
    #[serde(default)]
    pub note_en: Option<String>,
    #[serde(default)]
    pub source_note: Option<String>,
}

impl ModelVariant {
    /// The full model: the shape of `base` under this variant's names and provenance.
    fn resolve(&self, base: &Model) -> Model {
        let mut m = base.clone();
        m.id = self.id.clone();
        m.name = self.name.clone();
        if let Some(f) = &self.family {
            m.family = f.clone();
        }
        m.hf_ids = self.hf_ids.clone();
        m.aliases = self.aliases.clone();
        if let Some(c) = self.max_context {
            m.max_context = c;
        }
        if let Some(p) = self.params_b {
            m.params_b = p;
        }
        if let Some(a) = self.active_params_b {
            m.active_params_b = a;
        } else if !base.is_moe() {
            m.active_params_b = m.params_b;
        }
        m.checkpoint_quant = self.checkpoint_quant.clone();
        m.checkpoint_declared = None;
        m.int4_group_size = self.int4_group_size;
        m.vision = if self.text_only {
            None
        } else {
            self.vision.or(base.vision)
        };
        m.source = self.source.clone();
        m.as_of = self.as_of.clone();
        m.note_zh = self.note_zh.clone();
        m.note_en = self.note_en.clone();
        let shape = format!(
            "Architecture of catalog entry `{}` ({}).",
            base.id, base.source
        );
        m.source_note = Some(match &self.source_note {
            Some(n) => format!("{n} {shape}"),
            None => shape,
        });
        m
    }
}

/// Appends every variant, resolved against the `[[model]]` entries (never against another
/// variant: one level keeps the provenance readable). An unknown `of` is an error naming it.
pub(super) fn resolve_all(
    models: &mut Vec<Model>,
    variants: &[ModelVariant],
) -> Result<(), CatalogError> {
    let bases = models.len();
    for v in variants {
        let Some(base) = models[..bases].iter().find(|m| m.id == v.of) else {
            return Err(CatalogError::Invalid(format!(
                "models.toml: variant `{}`: `of` names no [[model]] `{}`",
                v.id, v.of
            )));
        };
        let resolved = v.resolve(base);
        models.push(resolved);
    }
    Ok(())
}
