//! Strict validation of a parsed catalog: every number positive and finite where it must be,
//! every date a real `YYYY-MM-DD`, every enum-like string one the schema names, every duration
//! readable, every note in both languages. An error names the file, the entry and the field.

use super::date::parse_date;
use super::error::CatalogError;
use super::index::Catalog;
use super::platform::{
    PAYMENT_METHODS, PLATFORM_FIELDS, PRICE_TIERS, Platform, RealName, StoppedCharge,
};
use crate::fact::Fact;
use crate::units::{TimeUnit, parse_duration};
use rust_decimal::Decimal;

/// Currencies the billing engine can convert.
pub const CURRENCIES: [&str; 2] = ["CNY", "USD"];

/// Who makes a card: each names its own driver and memory context in `/gpu`.
pub const VENDORS: [&str; 3] = ["nvidia", "amd", "intel"];

/// The precision a card's dense FP16/BF16 figure accumulates in.
pub const ACCUMULATIONS: [&str; 2] = ["fp32", "fp16"];

/// Where a platform sells: mainland China or outside it (each answer names the two).
pub const REGIONS: [&str; 2] = ["cn", "global"];

pub(super) struct Check<'a> {
    pub(super) file: &'a str,
    pub(super) entry: String,
}

impl Check<'_> {
    pub(super) fn fail(&self, field: &str, message: impl std::fmt::Display) -> CatalogError {
        CatalogError::Invalid(format!(
            "{}: {}: field `{field}`: {message}",
            self.file, self.entry
        ))
    }

    fn positive(&self, field: &str, x: f64) -> Result<(), CatalogError> {
        if x.is_finite() && x > 0.0 {
            Ok(())
        } else {
            Err(self.fail(field, format!("must be a positive finite number, not {x}")))
        }
    }

    fn non_negative(&self, field: &str, x: f64) -> Result<(), CatalogError> {
        if x.is_finite() && x >= 0.0 {
            Ok(())
        } else {
            Err(self.fail(field, format!("must be a finite number ≥ 0, not {x}")))
        }
    }

    fn money(&self, field: &str, x: &Fact<Decimal>, zero_ok: bool) -> Result<(), CatalogError> {
        match x {
            Fact::Known(d) if *d < Decimal::ZERO || (!zero_ok && d.is_zero()) => Err(self.fail(
                field,
                format!("must be {}, not {d}", if zero_ok { "≥ 0" } else { "> 0" }),
            )),
            _ => Ok(()),
        }
    }

    fn date(&self, field: &str, d: &str) -> Result<(), CatalogError> {
        parse_date(d)
            .map(|_| ())
            .ok_or_else(|| self.fail(field, format!("`{d}` is not a real YYYY-MM-DD date")))
    }

    pub(super) fn text(&self, field: &str, t: &str) -> Result<(), CatalogError> {
        if t.trim().is_empty() {
            Err(self.fail(field, "must not be empty"))
        } else {
            Ok(())
        }
    }

    pub(super) fn provenance(
        &self,
        prefix: &str,
        source: &str,
        as_of: &str,
    ) -> Result<(), CatalogError> {
        self.text(&format!("{prefix}source"), source)?;
        self.date(&format!("{prefix}as_of"), as_of)
    }

    fn one_of(&self, field: &str, value: &str, allowed: &[&str]) -> Result<(), CatalogError> {
        if allowed.contains(&value) {
            Ok(())
        } else {
            Err(self.fail(
                field,
                format!(
                    "unknown value `{value}` (expected one of {})",
                    allowed.join(", ")
                ),
            ))
        }
    }

    fn duration(&self, field: &str, f: &Fact<String>) -> Result<(), CatalogError> {
        match f {
            Fact::Known(t) => parse_duration(t)
                .map(|_| ())
                .map_err(|e| self.fail(field, format!("`{t}` is not a duration ({e})"))),
            Fact::Unknown => Ok(()),
        }
    }

    /// `note_zh` and `note_en`: both or neither, never empty.
    fn note(
        &self,
        prefix: &str,
        zh: &Option<String>,
        en: &Option<String>,
    ) -> Result<(), CatalogError> {
        match (zh, en) {
            (None, None) => Ok(()),
            (Some(z), Some(e)) => {
                self.text(&format!("{prefix}note_zh"), z)?;
                self.text(&format!("{prefix}note_en"), e)
            }
            (None, Some(_)) => Err(self.fail(
                &format!("{prefix}note_zh"),
                "missing (note_en has no Chinese)",
            )),
            (Some(_), None) => Err(self.fail(
                &format!("{prefix}note_en"),
                "missing (note_zh has no English)",
            )),
        }
    }
}

/// The `checkpoint_quant` values a model may carry: the published formats the estimate sizes
/// as they ship (FP8 per `fp8_scope`, MXFP4 experts with the rest 16-bit, INT4 routed experts
/// in groups of 32 with the rest 16-bit).
pub const CHECKPOINT_QUANTS: [&str; 3] = ["fp8", "mxfp4", "int4-g32"];

pub(super) fn validate(c: &Catalog) -> Result<(), CatalogError> {
    for g in &c.gpus {
        let k = Check {
            file: "gpus.toml",
            entry: format!("gpu `{}`", g.id),
        };
        k.text("id", &g.id)?;
        k.one_of("vendor", &g.vendor, &VENDORS)?;
        k.positive("vram_gb", g.vram_gb)?;
        gpu_memory(&k, g)?;
        if let Fact::Known(x) = g.mem_bandwidth_gbps {
            k.positive("mem_bandwidth_gbps", x)?;
        }
        if let Fact::Known(x) = g.fp16_tflops {
            k.positive("fp16_tflops", x)?;
        }
        k.one_of("fp16_accumulate", &g.fp16_accumulate, &ACCUMULATIONS)?;
        if let Fact::Known(n) = g.nvlink_gbps {
            k.non_negative("nvlink_gbps", n)?;
        }
        if let Some(f) = &g.form_factor {
            k.one_of("form_factor", f, &["pcie", "sxm", "oam", "nvl", "laptop"])?;
        }
        if let Some(l) = &g.card_link {
            k.one_of("card_link", l, &super::types::CardLink::KEYS)?;
        }
        if !(1..=6).contains(&g.tier) {
            return Err(k.fail("tier", format!("must be 1..6, not {}", g.tier)));
        }
        k.text("interconnect", &g.interconnect)?;
        k.provenance("", &g.source, &g.as_of)?;
        k.note("", &g.note_zh, &g.note_en)?;
        if let Some(base) = &g.cut_down_of {
            cut_down(c, &k, g, base)?;
        }
    }
    for p in &c.platforms {
        platform(c, p)?;
    }
    for m in &c.models {
        model(c, m)?;
    }
    for r in &c.fx {
        let k = Check {
            file: "fx.toml",
            entry: format!("rate {}/{}", r.base, r.quote),
        };
        k.one_of("base", &r.base, &CURRENCIES)?;
        k.one_of("quote", &r.quote, &CURRENCIES)?;
        if r.rate <= Decimal::ZERO {
            return Err(k.fail("rate", format!("must be > 0, not {}", r.rate)));
        }
        k.provenance("", &r.source, &r.as_of)?;
    }
    Ok(())
}

/// One model entry's own checks (its fields against each other, its provenance).
fn model(c: &Catalog, m: &super::types::Model) -> Result<(), CatalogError> {
    let k = Check {
        file: "models.toml",
        entry: format!("model `{}`", m.id),
    };
    k.positive("params_b", m.params_b)?;
    k.positive("active_params_b", m.active_params_b)?;
    // Only formats the estimate sizes a published checkpoint in (`vram::Quant` keys).
    if let Some(q) = &m.checkpoint_quant {
        k.one_of("checkpoint_quant", q, &CHECKPOINT_QUANTS)?;
    }
    if let Some(scope) = &m.nvfp4_scope {
        k.one_of("nvfp4_scope", scope, &["mlp"])?;
    }
    // A bias the model's own code builds: one kind sized (`vram::alibi_bias`), sourced.
    if let Some(b) = &m.own_code_bias {
        k.one_of("own_code_bias.kind", &b.kind, &["alibi"])?;
        k.provenance("own_code_bias.", &b.source, &b.as_of)?;
    }
    // A declared method names the published checkpoint only beside its stored format.
    if let Some(q) = &m.checkpoint_declared {
        k.one_of("checkpoint_declared", q, &CHECKPOINT_QUANTS)?;
        if m.checkpoint_quant.is_none() {
            return Err(k.fail("checkpoint_declared", "needs checkpoint_quant"));
        }
    }
    if m.active_params_b > m.params_b {
        return Err(k.fail("active_params_b", "is larger than params_b"));
    }
    if let Some(next) = &m.superseded_by {
        if *next == m.id || !c.models.iter().any(|o| o.id == *next) {
            return Err(k.fail("superseded_by", format!("`{next}` is no other model")));
        }
    }
    for (field, v) in [
        ("layers", m.layers),
        ("hidden", m.hidden),
        ("heads", m.heads),
        ("kv_heads", m.kv_heads),
        ("head_dim", m.head_dim),
        ("vocab", m.vocab),
        ("max_context", m.max_context),
    ] {
        if v == 0 {
            return Err(k.fail(field, "must be positive"));
        }
    }
    if m.experts > 0 && (m.experts_per_token == 0 || m.experts_per_token > m.experts) {
        return Err(k.fail("experts_per_token", "must be 1..experts for a MoE model"));
    }
    if m.experts == 0 && m.intermediate == 0 {
        return Err(k.fail("intermediate", "must be positive for a dense model"));
    }
    vision(&k, m)?;
    if m.sliding_layers > 0 && (m.sliding_window == 0 || m.sliding_layers >= m.layers) {
        return Err(k.fail(
            "sliding_layers",
            "needs a sliding_window and at least one full-attention layer",
        ));
    }
    if (m.global_kv_heads > 0) != (m.global_head_dim > 0)
        || (m.global_kv_heads > 0 && m.sliding_layers == 0)
    {
        return Err(k.fail(
            "global_kv_heads",
            "global_kv_heads and global_head_dim go together, with sliding_layers",
        ));
    }
    recurrent(&k, m)?;
    k.provenance("", &m.source, &m.as_of)?;
    k.note("", &m.note_zh, &m.note_en)?;
    Ok(())
}

fn platform(c: &Catalog, p: &Platform) -> Result<(), CatalogError> {
    let k = Check {
        file: "platforms.toml",
        entry: format!("platform `{}`", p.id),
    };
    k.text("id", &p.id)?;
    k.one_of("region", &p.region, &REGIONS)?;
    k.one_of("currency", &p.currency, &CURRENCIES)?;
    k.provenance("", &p.source, &p.as_of)?;
    k.note("", &p.note_zh, &p.note_en)?;

    billing(&k, p)?;
    barriers(&k, p)?;
    prices(c, p)?;
    records(&k, p)
}

/// `[platform.billing]`: durations readable and positive, money non-negative, the
/// stopped-billing list coherent with `stopped_storage_billed`.
fn billing(k: &Check, p: &Platform) -> Result<(), CatalogError> {
    let b = &p.billing;
    k.duration("billing.increment", &b.increment)?;
    k.duration("billing.minimum_charge", &b.minimum_charge)?;
    if let Fact::Known(t) = &b.increment
        && parse_duration(t).is_ok_and(|d| d <= Decimal::ZERO)
    {
        return Err(k.fail("billing.increment", "must be longer than zero"));
    }
    k.money(
        "billing.storage_price_per_gb_month",
        &b.storage_price_per_gb_month,
        true,
    )?;
    k.money("billing.egress_price_per_gb", &b.egress_price_per_gb, true)?;
    if let Fact::Known(list) = &b.stopped_billing {
        if list.is_empty() {
            return Err(k.fail(
                "billing.stopped_billing",
                "an empty list; write \"unknown\"",
            ));
        }
        let alone = [StoppedCharge::Nothing, StoppedCharge::CannotStop];
        if list.len() > 1 && list.iter().any(|s| alone.contains(s)) {
            return Err(k.fail(
                "billing.stopped_billing",
                "`nothing`/`cannot_stop` cannot be combined with other charges",
            ));
        }
        let storage = list.iter().any(|s| {
            matches!(
                s,
                StoppedCharge::Disk | StoppedCharge::Storage | StoppedCharge::Compute
            )
        });
        let agrees = match b.stopped_storage_billed {
            Fact::Known(true) => storage,
            Fact::Known(false) => !storage,
            Fact::Unknown => !storage && !list.contains(&StoppedCharge::Nothing),
        };
        if !agrees {
            return Err(k.fail(
                "billing.stopped_storage_billed",
                "disagrees with billing.stopped_billing",
            ));
        }
    }
    if let Fact::Known(t) = &b.idle_auto_shutdown {
        k.text("billing.idle_auto_shutdown.zh", &t.zh)?;
        k.text("billing.idle_auto_shutdown.en", &t.en)?;
    }
    k.provenance("billing.", &b.source, &b.as_of)?;
    k.note("billing.", &b.note_zh, &b.note_en)?;

    Ok(())
}

/// `[platform.barriers]`: payment methods the schema names, a real-name rule that agrees
/// with its documents, texts in both languages.
fn barriers(k: &Check, p: &Platform) -> Result<(), CatalogError> {
    let br = &p.barriers;
    for m in &br.payment_methods {
        k.one_of("barriers.payment_methods", m, &PAYMENT_METHODS)?;
    }
    k.money("barriers.min_topup", &br.min_topup, true)?;
    if let (Fact::Known(_), Fact::Known(RealName::NotRequired)) =
        (br.real_name_documents, br.real_name_verification)
    {
        return Err(k.fail(
            "barriers.real_name_documents",
            "given although no real-name check is required",
        ));
    }
    if let Fact::Known(t) = &br.signup_steps {
        k.text("barriers.signup_steps.zh", &t.zh)?;
        k.text("barriers.signup_steps.en", &t.en)?;
    }
    k.provenance("barriers.", &br.source, &br.as_of)?;
    k.note("barriers.", &br.note_zh, &br.note_en)?;

    Ok(())
}

/// Each `[[platform.price]]`: a known card, a positive amount for at least one card, a
/// tier and currency the schema names, a prepaid tier priced per its own unit, provenance.
fn prices(c: &Catalog, p: &Platform) -> Result<(), CatalogError> {
    for (i, q) in p.prices.iter().enumerate() {
        let k = Check {
            file: "platforms.toml",
            entry: format!("platform `{}` price #{} ({})", p.id, i + 1, q.gpu),
        };
        match c.gpus.iter().find(|g| g.id == q.gpu) {
            None => return Err(k.fail("gpu", format!("unknown GPU id `{}`", q.gpu))),
            // A laptop GPU is owned, not rented: a price for one is another card misnamed.
            Some(g) if g.is_laptop() => {
                return Err(k.fail("gpu", format!("`{}` is a laptop GPU, never rented", q.gpu)));
            }
            Some(_) => {}
        }
        if q.amount <= Decimal::ZERO {
            return Err(k.fail("amount", format!("must be > 0, not {}", q.amount)));
        }
        if q.cards == 0 {
            return Err(k.fail("cards", "must be at least 1"));
        }
        k.one_of("currency", &q.currency, &CURRENCIES)?;
        k.one_of("tier", &q.tier, &PRICE_TIERS)?;
        if let Some(l) = &q.card_link {
            k.one_of("card_link", l, &["nvlink", "pcie"])?;
        }
        let prepaid = match q.tier.as_str() {
            "day" => Some(TimeUnit::Day),
            "week" => Some(TimeUnit::Week),
            "month" => Some(TimeUnit::Month),
            _ => None,
        };
        if let Some(u) = prepaid
            && q.per != u
        {
            return Err(k.fail(
                "per",
                format!("a `{}` tier is priced per {}", q.tier, u.key()),
            ));
        }
        if q.per == TimeUnit::Year {
            return Err(k.fail("per", "yearly quotes are not supported"));
        }
        k.provenance("", &q.source, &q.as_of)?;
        k.note("", &q.note_zh, &q.note_en)?;
    }
    Ok(())
}

/// Retention rules, credibility notes, citations and the record of where facts were looked
/// for: each dated, sourced and in both languages.
fn records(k: &Check, p: &Platform) -> Result<(), CatalogError> {
    for (i, r) in p.retention.iter().enumerate() {
        let prefix = format!("retention[{i}].");
        k.duration(&format!("{prefix}after"), &r.after)?;
        if r.scope_zh.is_some() != r.scope_en.is_some() {
            return Err(k.fail(
                &format!("{prefix}scope_zh"),
                "scope_zh and scope_en go together",
            ));
        }
        k.text(&format!("{prefix}note_zh"), &r.note_zh)?;
        k.text(&format!("{prefix}note_en"), &r.note_en)?;
        k.provenance(&prefix, &r.source, &r.as_of)?;
    }
    for (i, n) in p.credibility.iter().enumerate() {
        let prefix = format!("credibility[{i}].");
        k.date(&format!("{prefix}date"), &n.date)?;
        k.text(&format!("{prefix}source"), &n.source)?;
        k.text(&format!("{prefix}note_zh"), &n.note_zh)?;
        k.text(&format!("{prefix}note_en"), &n.note_en)?;
    }
    for (i, cite) in p.cite.iter().enumerate() {
        let prefix = format!("cite[{i}].");
        for f in &cite.fields {
            k.one_of(&format!("{prefix}fields"), f, &PLATFORM_FIELDS)?;
        }
        k.provenance(&prefix, &cite.source, &cite.as_of)?;
    }
    if let Some(l) = &p.locations {
        if l.regions.iter().any(|r| r.trim().is_empty()) || l.regions.is_empty() {
            return Err(k.fail("locations.regions", "must list region texts"));
        }
        k.provenance("locations.", &l.source, &l.as_of)?;
    }
    for (i, l) in p.looked_for.iter().enumerate() {
        let prefix = format!("looked_for[{i}].");
        for f in &l.fields {
            k.one_of(&format!("{prefix}fields"), f, &PLATFORM_FIELDS)?;
        }
        if l.looked_in.iter().all(|w| w.trim().is_empty()) {
            return Err(k.fail(
                &format!("{prefix}looked_in"),
                "must say where it was looked for",
            ));
        }
        k.date(&format!("{prefix}as_of"), &l.as_of)?;
    }
    Ok(())
}

/// A vision tower's sizes are positive and its largest image holds one merged patch at least
/// (the estimate divides by them: `vram::infer`).
/// A hybrid model's recurrent layers (`Model::recurrent`): state layers and attention layers
/// within the model's layers, and every state dimension.
fn recurrent(k: &Check, m: &super::types::Model) -> Result<(), CatalogError> {
    let Some(r) = m.recurrent else {
        return Ok(());
    };
    let dims = [
        r.layers,
        r.attention_layers,
        r.heads,
        r.groups,
        r.key_dim,
        r.value_dim,
        r.conv_kernel,
    ];
    if dims.contains(&0) || r.layers + r.attention_layers > m.layers {
        return Err(k.fail(
            "recurrent",
            "needs state layers and attention layers within layers, and every state dimension",
        ));
    }
    Ok(())
}

fn vision(k: &Check, m: &super::types::Model) -> Result<(), CatalogError> {
    let Some(v) = &m.vision else {
        return Ok(());
    };
    let sides = [
        v.depth,
        v.hidden,
        v.intermediate,
        v.patch,
        v.temporal_patch,
        v.merge,
    ];
    if sides.contains(&0) || v.max_pixels < (v.patch as u64 * v.merge as u64).pow(2) {
        return Err(k.fail(
            "vision",
            "needs positive sizes and at least one merged patch",
        ));
    }
    Ok(())
}

/// A card's memory readings: the driver's total near the marketed size, and CUDA's total just
/// below it, each with where it was read.
fn gpu_memory(k: &Check, g: &super::Gpu) -> Result<(), CatalogError> {
    // A driver reading carries where it was read, and stays near the marketed size (a
    // reading off by more than 10 % is a typo or another card).
    match (g.memory_mib, &g.memory_source, &g.memory_as_of) {
        (None, None, None) => {}
        (Some(mib), Some(src), Some(d)) => {
            k.provenance("memory_", src, d)?;
            let gib = f64::from(mib) / 1024.0;
            if (gib / g.vram_gb - 1.0).abs() > 0.10 {
                return Err(k.fail(
                    "memory_mib",
                    format!("{mib} MiB is not near {} GB", g.vram_gb),
                ));
            }
        }
        _ => {
            return Err(k.fail(
                "memory_mib",
                "memory_mib, memory_source and memory_as_of go together",
            ));
        }
    }
    // A compute capability decides what the bf16 notes say, so it carries where it was read
    // and parses as major.minor.
    match (&g.compute_capability, &g.compute_capability_source) {
        (None, None) => {}
        (Some(cc), Some(_)) => {
            let ok = cc
                .split_once('.')
                .is_some_and(|(a, b)| a.parse::<u32>().is_ok() && b.parse::<u32>().is_ok());
            if !ok {
                return Err(k.fail("compute_capability", format!("{cc} is not major.minor")));
            }
        }
        _ => {
            return Err(k.fail(
                "compute_capability",
                "compute_capability and compute_capability_source go together",
            ));
        }
    }
    // CUDA's total sits below the driver's own total (its reservation), within 5 %.
    match (g.cuda_total_gib, &g.cuda_total_source, &g.cuda_total_as_of) {
        (None, None, None) => {}
        (Some(gib), Some(src), Some(d)) => {
            k.provenance("cuda_total_", src, d)?;
            let Some(mib) = g.memory_mib else {
                return Err(k.fail("cuda_total_gib", "needs memory_mib beside it"));
            };
            let smi = f64::from(mib) / 1024.0;
            if !(gib > 0.95 * smi && gib <= smi) {
                return Err(k.fail(
                    "cuda_total_gib",
                    format!("{gib} GiB is not just below the {smi:.2} GiB nvidia-smi shows"),
                ));
            }
        }
        _ => {
            return Err(k.fail(
                "cuda_total_gib",
                "cuda_total_gib, cuda_total_source and cuda_total_as_of go together",
            ));
        }
    }
    Ok(())
}

/// A card's `cut_down_of`: another catalog card of the same vendor, architecture, memory and
/// form factor, named in the card's own `source` or `source_note` (the claim is the source's,
/// never a guess from names alike).
fn cut_down(c: &Catalog, k: &Check, g: &super::Gpu, base: &str) -> Result<(), CatalogError> {
    let Some(b) = c.gpus.iter().find(|o| o.id == base && o.id != g.id) else {
        return Err(k.fail("cut_down_of", format!("`{base}` is no other card")));
    };
    let same = g.vendor == b.vendor
        && g.arch == b.arch
        && g.vram_gb == b.vram_gb
        && g.form_factor == b.form_factor;
    if !same {
        return Err(k.fail(
            "cut_down_of",
            format!("`{base}` differs in vendor, architecture, memory or form factor"),
        ));
    }
    let cited = format!(
        "{} {}",
        g.source,
        g.source_note.as_deref().unwrap_or_default()
    )
    .to_lowercase();
    if !super::card_names(b).any(|n| n.chars().any(|ch| ch.is_ascii_digit()) && cited.contains(&n))
    {
        return Err(k.fail(
            "cut_down_of",
            format!("the card's source does not name `{base}`"),
        ));
    }
    Ok(())
}
