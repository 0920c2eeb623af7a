//! Catalog answers (`/gpu`, `/gpus`, `/platform`, `/platforms`): one GPU, the GPU list, one platform, the platform list.
//! Several cards side by side are in [`super::gpu_compare`].

use super::common::{
    duration_or_unknown, list_or_unknown, money_or_unknown, not_found_reply, quote_date,
    quote_text, tier_label, unknown_text, yes_no,
};
pub use super::gpu_compare::gpu_side_by_side;
use crate::catalog::warn::{retention_text, source_msg};
use crate::catalog::{Gpu, Platform, note_in};
use crate::fact::Fact;
use crate::i18n::Lang;
use crate::reply::{Msg, Reply, Table};

pub use super::view::{View, fmt_num};

/// The card's memory as fits use it: the driver's total (or the marketed size read as GiB of
/// chips, said to be derived) and what is left after the CUDA context.
fn capacity_line(gpu: &crate::catalog::Gpu) -> Msg {
    let (gib, basis) = gpu.capacity();
    let shown = if (gib - gib.round()).abs() < 0.05 {
        format!("{:.0}", gib.round())
    } else {
        format!("{gib:.1}")
    };
    // What a job can use: CUDA's total where a reading is on file (the driver keeps the rest).
    let usable = gpu.usable_gib() - crate::vram::CUDA_CONTEXT_GIB;
    let m = Msg::new("gpu-capacity")
        .arg("gib", shown)
        .arg("usable", format!("{usable:.1}"))
        .arg("cuda", format!("{:.2}", gpu.usable_gib()))
        .arg("gb", fmt_num(gpu.vram_gb))
        // The driver's tool and the runtime's context are the vendor's (nvidia-smi / CUDA,
        // rocminfo and rocm-smi / HIP).
        .arg("vendor", gpu.vendor.as_str());
    match basis {
        crate::catalog::CapacityBasis::Driver if gpu.cuda_total_gib.is_some() => m
            .arg("basis", "cuda")
            .arg("mib", gpu.memory_mib.unwrap_or(0))
            .arg("as_of", gpu.memory_as_of.clone().unwrap_or_default()),
        crate::catalog::CapacityBasis::Driver => m
            .arg("basis", "driver")
            .arg("mib", gpu.memory_mib.unwrap_or(0))
            .arg("as_of", gpu.memory_as_of.clone().unwrap_or_default()),
        crate::catalog::CapacityBasis::MarketedAsGib => {
            m.arg("basis", "derived").arg("mib", 0u32).arg("as_of", "")
        }
    }
}

pub fn gpu_detail(v: &View<'_>, name: &str) -> Reply {
    // `/gpu g5.xlarge`: a cloud instance type answers with the card it holds, saying so.
    if v.catalog.find_gpu(name).is_none()
        && let Some(read) = v.catalog.instance(name)
        && v.catalog.find_gpu(read.gpu).is_some()
    {
        let mut r = gpu_detail(v, read.gpu);
        r.insert(1, crate::reply::Part::Text(instance_line(&read)));
        return r;
    }
    let gpu = match v.catalog.gpu(name) {
        Ok(g) => g,
        Err(nf) => {
            // `/gpu 4090 4090d`: two (or more) cards, each a whole name, side by side.
            let words: Vec<&str> = name.split_whitespace().collect();
            let words = super::common::join_card_names(v.catalog, &words);
            let cards: Vec<&Gpu> = words.iter().filter_map(|w| v.catalog.find_gpu(w)).collect();
            if words.len() > 1 && cards.len() == words.len() {
                return gpu_side_by_side(v, &cards);
            }
            return not_found_reply(&nf);
        }
    };
    let mut r = Reply::text(
        Msg::new("gpu-title")
            .arg("name", gpu.display_name(v.lang == Lang::Zh))
            .arg("id", &gpu.id),
    );
    r.push(
        Msg::new("gpu-vram")
            .arg("gb", fmt_num(gpu.vram_gb))
            .arg("mem", gpu.mem_type.clone().unwrap_or_default()),
    );
    r.push(capacity_line(gpu));
    r.push(
        Msg::new("gpu-bandwidth").arg(
            "gbps",
            gpu.bandwidth_gbps()
                .map_or_else(|| "unknown".to_string(), fmt_num),
        ),
    );
    r.push(
        Msg::new("gpu-tflops")
            .arg(
                "tflops",
                gpu.tflops().map_or_else(|| "unknown".to_string(), fmt_num),
            )
            .arg("accumulate", gpu.fp16_accumulate.as_str()),
    );
    let zh = v.lang == Lang::Zh;
    r.push(Msg::new("gpu-interconnect").arg("text", gpu.interconnect_text(zh)));
    if !gpu.aliases.is_empty() {
        r.push(
            Msg::new("gpu-aliases").arg(
                "names",
                gpu.aliases
                    .iter()
                    .take(6)
                    .cloned()
                    .collect::<Vec<_>>()
                    .join(", "),
            ),
        );
    }
    if let Some(n) = note_in(zh, &gpu.note_zh, &gpu.note_en) {
        r.push(Msg::new("note").arg("text", n));
    }
    r.push(source_msg(&gpu.source, &gpu.as_of, false));
    let rows = price_rows(v, gpu);
    if rows.is_empty() {
        r.push(Msg::new("gpu-no-prices"));
        return r;
    }
    // On a phone: the card, its memory, and the three cheapest pay-as-you-go hours.
    let short = crate::phone::Short::titled(&r).part(r.parts[1].clone());
    let table = Table {
        header: vec![
            Msg::new("col-platform"),
            Msg::new("col-list-price"),
            Msg::new("col-tier"),
            Msg::new("col-as-of"),
        ],
        rows: rows.iter().map(|(row, _)| row.clone()).collect(),
        lead: vec![0, 1, 2],
    };
    let mut cheapest: Vec<&(Vec<String>, Option<rust_decimal::Decimal>)> =
        rows.iter().filter(|(_, usd)| usd.is_some()).collect();
    cheapest.sort_by_key(|(_, usd)| *usd);
    let top = Table {
        rows: cheapest.iter().map(|(row, _)| row.clone()).collect(),
        ..table.clone()
    };
    r.push(Msg::new("gpu-prices-title"));
    r = r.with_table(table);
    r.push(Msg::new("gpu-prices-footer"));
    short
        .line(Msg::new("gpu-prices-cheapest"))
        .top(v.lang, &top)
        .over(v.lang, r)
}

/// Each quote's row, with its pay-as-you-go hour of one card in USD (none for spot, member and
/// prepaid tiers, or a currency without a rate), which orders the phone's cheapest three.
fn price_rows(v: &View<'_>, gpu: &Gpu) -> Vec<(Vec<String>, Option<rust_decimal::Decimal>)> {
    let zh = v.lang == Lang::Zh;
    let mut rows = Vec::new();
    for (p, q) in v.catalog.quotes_for(&gpu.id) {
        let date = quote_date(v.today, q);
        let usd = q
            .per_card_hour()
            // The price any user can pay: not spot, not a member's.
            .filter(|_| crate::billing::Tiers::Standard.admits(&q.tier))
            .and_then(|h| {
                if q.currency.eq_ignore_ascii_case("USD") {
                    Some(h)
                } else {
                    v.catalog.fx_rate(&q.currency, "USD").map(|(r, _)| h * r)
                }
            });
        let row = vec![
            p.display_name(zh).to_string(),
            quote_text(v.lang, q),
            tier_label(v.lang, &q.tier),
            date,
        ];
        rows.push((row, usd));
    }
    rows
}

pub fn gpu_list(v: &View<'_>) -> Reply {
    let mut gpus: Vec<&Gpu> = v.catalog.gpus.iter().collect();
    gpus.sort_by(|a, b| b.tier.cmp(&a.tier).then(b.vram_gb.total_cmp(&a.vram_gb)));
    let rows = gpus
        .iter()
        .map(|g| {
            vec![
                // The name, which /gpu takes as well as the id.
                g.display_name(v.lang == Lang::Zh).to_string(),
                format!("{} GB", fmt_num(g.vram_gb)),
                g.bandwidth_gbps()
                    .map_or_else(|| unknown_text(v.lang), |b| format!("{} GB/s", fmt_num(b))),
                g.tflops().map_or_else(|| unknown_text(v.lang), fmt_num),
            ]
        })
        .collect();
    Reply::text(Msg::new("gpus-title").arg("count", gpus.len()))
        .with_table(Table {
            header: vec![
                Msg::new("col-gpu"),
                Msg::new("col-vram"),
                Msg::new("col-bandwidth"),
                Msg::new("col-tflops"),
            ],
            rows,
            lead: vec![0, 1],
        })
        .with(Msg::new("hint-gpu-detail"))
}

/// `/models`: every model the fit engine knows, largest first, with total and active sizes.
pub fn model_list(v: &View<'_>) -> Reply {
    let mut models: Vec<_> = v.catalog.models.iter().collect();
    models.sort_by(|a, b| {
        b.params_b
            .total_cmp(&a.params_b)
            .then_with(|| a.id.cmp(&b.id))
    });
    let rows = models
        .iter()
        .map(|m| {
            let size = if m.is_moe() {
                format!("{}B / {}B", fmt_num(m.params_b), fmt_num(m.active_params_b))
            } else {
                format!("{}B", fmt_num(m.params_b))
            };
            vec![m.id.clone(), size, format!("{}k", m.max_context / 1024)]
        })
        .collect();
    Reply::text(Msg::new("models-title").arg("count", models.len()))
        .with_table(Table {
            header: vec![
                Msg::new("col-model"),
                Msg::new("col-params"),
                Msg::new("col-max-context"),
            ],
            rows,
            lead: vec![0, 1],
        })
        .with(Msg::new("hint-models"))
}

pub fn platform_detail(v: &View<'_>, name: &str) -> Reply {
    let p = match v.catalog.platform(name) {
        Ok(p) => p,
        Err(nf) => return not_found_reply(&nf),
    };
    let lang = v.lang;
    let zh = lang == Lang::Zh;
    let mut r = Reply::text(
        Msg::new("platform-title")
            .arg("name", p.display_name(zh))
            .arg("id", &p.id)
            .arg("region", p.region.as_str())
            .arg("currency", &p.currency),
    );
    if let Some(w) = &p.website {
        r.push(Msg::new("platform-website").arg("url", w));
    }
    if let Some(n) = note_in(zh, &p.note_zh, &p.note_en) {
        r.push(Msg::new("note").arg("text", n));
    }
    // On a phone: the title, the one-line note, each data-deletion rule in a few words,
    // and the first three list prices; billing rules, barriers and sources behind Details.
    let mut short = crate::phone::Short::titled(&r);
    if let Some(n) = note_in(zh, &p.note_zh, &p.note_en) {
        short = short.line(Msg::new("note").arg("text", n));
    }
    for rule in &p.retention {
        short = short
            .line(Msg::new("platform-retention-short").arg("rule", retention_text(lang, rule)));
    }
    push_billing(&mut r, p, lang);
    push_barriers(&mut r, p, lang);
    push_retention(&mut r, p, lang);
    if let Some(table) = platform_prices(v, p, &mut r) {
        short = short
            .line(Msg::new("platform-prices-title"))
            .top(lang, &table);
    }
    for c in &p.credibility {
        r.push(
            Msg::new("platform-credibility")
                .arg("date", &c.date)
                .arg("note", if zh { &c.note_zh } else { &c.note_en })
                .arg("source", crate::catalog::warn::source_domain(&c.source)),
        );
    }
    short.over(lang, r)
}

/// How the platform bills: units, increment, minimum, what is billed when, storage, egress.
fn push_billing(r: &mut Reply, p: &Platform, lang: Lang) {
    let zh = lang == Lang::Zh;
    let b = &p.billing;
    r.push(Msg::new("platform-billing-title"));
    let units: Vec<&str> = b.units.iter().map(|u| u.key()).collect();
    r.push(Msg::new("platform-units").arg(
        "units",
        list_or_unknown(lang, "billing-unit", "unit", &units),
    ));
    r.push(Msg::new("platform-increment").arg("value", duration_or_unknown(lang, &b.increment)));
    r.push(Msg::new("platform-minimum").arg("value", duration_or_unknown(lang, &b.minimum_charge)));
    r.push(Msg::new("platform-starts").arg(
        "value",
        match b.starts_at {
            Fact::Known(crate::catalog::BillingStart::Boot) => "boot",
            Fact::Known(crate::catalog::BillingStart::Job) => "job",
            Fact::Unknown => "unknown",
        },
    ));
    // As `/cost` counts them: a field left open follows when the meter starts.
    let startup = |f| crate::catalog::BillingStart::startup_billed(f, &b.starts_at);
    r.push(Msg::new("platform-boot-billed").arg("value", yes_no(&startup(&b.boot_billed))));
    r.push(Msg::new("platform-pull-billed").arg("value", yes_no(&startup(&b.image_pull_billed))));
    let stopped: Vec<&str> = b
        .stopped_billing
        .known()
        .map(|l| l.iter().map(|s| s.key()).collect())
        .unwrap_or_default();
    r.push(Msg::new("platform-stopped-billing").arg(
        "value",
        list_or_unknown(lang, "stopped-charge", "what", &stopped),
    ));
    r.push(Msg::new("platform-storage-price").arg(
        "value",
        money_or_unknown(lang, &b.storage_price_per_gb_month, &p.currency),
    ));
    r.push(Msg::new("platform-egress-price").arg(
        "value",
        money_or_unknown(lang, &b.egress_price_per_gb, &p.currency),
    ));
    r.push(
        Msg::new("platform-idle").arg(
            "value",
            b.idle_auto_shutdown
                .known()
                .map_or_else(|| "unknown".to_string(), |t| t.get(zh).to_string()),
        ),
    );
    if !b.commitment.is_empty() {
        let c: Vec<&str> = b.commitment.iter().map(|u| u.key()).collect();
        r.push(
            Msg::new("platform-commitment")
                .arg("units", list_or_unknown(lang, "price-tier", "tier", &c)),
        );
    }
    if let Some(n) = note_in(zh, &b.note_zh, &b.note_en) {
        r.push(Msg::new("note").arg("text", n));
    }
    push_sources(r, p, "billing.", &b.source, &b.as_of, b.third_party);
}

/// What stands between a new user and a running card: images, terminals, real name, payment.
fn push_barriers(r: &mut Reply, p: &Platform, lang: Lang) {
    let zh = lang == Lang::Zh;
    r.push(Msg::new("platform-barriers-title"));
    let br = &p.barriers;
    r.push(Msg::new("platform-images").arg("value", yes_no(&br.prebuilt_images)));
    r.push(Msg::new("platform-web-terminal").arg("value", yes_no(&br.web_terminal)));
    r.push(Msg::new("platform-jupyter").arg("value", yes_no(&br.jupyter)));
    r.push(Msg::new("platform-ssh").arg("value", yes_no(&br.ssh)));
    r.push(
        Msg::new("platform-real-name")
            .arg(
                "value",
                br.real_name_verification
                    .known()
                    .map_or("unknown", |x| x.key()),
            )
            .arg(
                "documents",
                br.real_name_documents
                    .known()
                    .map_or("unknown", |x| x.key()),
            ),
    );
    let pay: Vec<&str> = br.payment_methods.iter().map(String::as_str).collect();
    r.push(Msg::new("platform-payment").arg(
        "value",
        list_or_unknown(lang, "payment-method", "method", &pay),
    ));
    r.push(
        Msg::new("platform-min-topup")
            .arg("value", money_or_unknown(lang, &br.min_topup, &p.currency)),
    );
    if let Some(t) = br.signup_steps.known() {
        r.push(Msg::new("platform-signup").arg("text", t.get(zh)));
    }
    if let Some(n) = note_in(zh, &br.note_zh, &br.note_en) {
        r.push(Msg::new("note").arg("text", n));
    }
    push_sources(r, p, "barriers.", &br.source, &br.as_of, br.third_party);
}

/// What happens to data after a stop, each rule with its source.
fn push_retention(r: &mut Reply, p: &Platform, lang: Lang) {
    let zh = lang == Lang::Zh;
    if p.retention.is_empty() {
        r.push(Msg::new("platform-retention-unknown"));
    } else {
        r.push(Msg::new("platform-retention-title"));
        for rule in &p.retention {
            r.push(
                Msg::new("platform-retention-line")
                    .arg("rule", retention_text(lang, rule))
                    .arg("note", if zh { &rule.note_zh } else { &rule.note_en })
                    .arg(
                        "source",
                        crate::i18n::Localizer::get().format(
                            lang,
                            &source_msg(&rule.source, &rule.as_of, rule.third_party),
                        ),
                    ),
            );
        }
    }
}

/// The section's source line, then one per distinct field citation under `prefix`.
fn push_sources(r: &mut Reply, p: &Platform, prefix: &str, source: &str, as_of: &str, third: bool) {
    let mut seen = vec![(
        crate::catalog::warn::source_domain(source).to_string(),
        as_of.to_string(),
        third,
    )];
    r.push(source_msg(source, as_of, third));
    for c in &p.cite {
        if !c.fields.iter().any(|f| f.starts_with(prefix)) {
            continue;
        }
        let key = (
            crate::catalog::warn::source_domain(&c.source).to_string(),
            c.as_of.clone(),
            c.third_party,
        );
        if !seen.contains(&key) {
            r.push(source_msg(&c.source, &c.as_of, c.third_party));
            seen.push(key);
        }
    }
}

/// Pushes the platform's list prices, and returns their table (none when it has none).
fn platform_prices(v: &View<'_>, p: &Platform, r: &mut Reply) -> Option<Table> {
    if p.prices.is_empty() {
        r.push(Msg::new("platform-no-prices"));
        return None;
    }
    let zh = v.lang == Lang::Zh;
    r.push(Msg::new("platform-prices-title"));
    let rows = p
        .prices
        .iter()
        .map(|q| {
            let date = quote_date(v.today, q);
            vec![
                // The card's name, never its catalog id.
                v.catalog
                    .find_gpu(&q.gpu)
                    .map_or_else(|| q.gpu.clone(), |g| g.display_name(zh).to_string()),
                quote_text(v.lang, q),
                tier_label(v.lang, &q.tier),
                date,
            ]
        })
        .collect();
    let table = Table {
        header: vec![
            Msg::new("col-gpu"),
            Msg::new("col-list-price"),
            Msg::new("col-tier"),
            Msg::new("col-as-of"),
        ],
        rows,
        lead: vec![0, 1, 2],
    };
    r.parts.push(crate::reply::Part::Table(table.clone()));
    r.push(Msg::new("gpu-prices-footer"));
    Some(table)
}

pub fn platform_list(v: &View<'_>) -> Reply {
    let zh = v.lang == Lang::Zh;
    let rows = v
        .catalog
        .platforms
        .iter()
        .map(|p| {
            vec![
                p.id.clone(),
                p.display_name(zh).to_string(),
                super::common::fmt(
                    v.lang,
                    &Msg::new("region-name").arg("region", p.region.as_str()),
                ),
                super::common::fmt(
                    v.lang,
                    &Msg::new("currency-name").arg("currency", p.currency.as_str()),
                ),
                duration_or_unknown(v.lang, &p.billing.increment),
                // `platforms with no minimum top-up?` is answered by this column.
                money_or_unknown(v.lang, &p.barriers.min_topup, &p.currency),
            ]
        })
        .collect();
    let whole = Reply::text(Msg::new("platforms-title").arg("count", v.catalog.platforms.len()))
        .with_table(Table {
            header: vec![
                Msg::new("col-id"),
                Msg::new("col-platform"),
                Msg::new("col-region"),
                Msg::new("col-currency"),
                Msg::new("col-increment"),
                Msg::new("col-min-topup"),
            ],
            rows,
            lead: vec![1, 2, 4],
        })
        .with(Msg::new("hint-platform-detail"));
    // On a phone: the names by region, one line each (the table is behind Details).
    let mut short = crate::phone::Short::titled(&whole);
    for region in ["cn", "global"] {
        let names: Vec<&str> = v
            .catalog
            .platforms
            .iter()
            .filter(|p| p.region.as_str() == region)
            .map(|p| p.display_name(zh))
            .collect();
        if !names.is_empty() {
            short = short.line(
                Msg::new("platforms-region-line")
                    .arg("region", region)
                    .arg("count", names.len())
                    .arg("names", names.join(if zh { "、" } else { ", " })),
            );
        }
    }
    short
        .line(Msg::new("hint-platform-detail"))
        .over(v.lang, whole)
}

/// `Read from the AWS instance g5.12xlarge (family G5): 4 × this card. Source: …`: which
/// instance a `/gpu` answer was read from, with the count its type holds where known.
fn instance_line(read: &crate::catalog::InstanceRead<'_>) -> Msg {
    Msg::new("gpu-from-instance")
        .arg("cloud", read.cloud)
        .arg("instance", read.type_name.unwrap_or(read.family))
        .arg("family", read.family)
        .arg(
            "kind",
            if read.type_name.is_some() {
                "type"
            } else {
                "family"
            },
        )
        .arg("count", read.count.unwrap_or(0))
        .arg(
            "source",
            crate::catalog::warn::source_domain(read.source).to_string(),
        )
        .arg("as_of", read.as_of)
}
