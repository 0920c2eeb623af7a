//! The reader's side of a typed reading: each command's own request struct
//! ([`crate::commands::Request`]), built from what a question names. Nothing here writes a
//! line to be parsed again; the echo line is rendered from the struct by the command.
//! `tests.rs` checks that every rendered line of the corpora parses back to the same struct.

pub use crate::commands::Request;
pub use crate::lexicon::{Cards, Money, Usage, task_word, volume_word};

use crate::answer::billing::{ConvertRequest, JobRequest};
use crate::billing::PriceUnit;
use crate::commands::{
    fit::FitArgs, gpu::GpuArgs, offers::OffersArgs, platform::PlatformArgs,
    platforms::PlatformsArgs, stock::StockArgs, subscribe::SubscribeArgs, tco::TcoArgs,
    trend::TrendArgs,
};
use crate::lexicon::Need;
use crate::vram::{Quant, Task};

fn hour() -> PriceUnit {
    PriceUnit::Time(crate::units::TimeUnit::Hour)
}

/// A price read as a ceiling per card-hour: its unit is said.
fn per_hour(m: &Money) -> Money {
    Money {
        per: Some(m.per.unwrap_or_else(hour)),
        ..m.clone()
    }
}

pub(super) fn fit(
    model: &str,
    quant: Option<Quant>,
    task: Option<Task>,
    options: Vec<(String, String)>,
    gpu: Option<&Cards>,
) -> Request {
    Request::Fit(FitArgs {
        model: model.to_string(),
        quant,
        task,
        gpu: gpu.map(|g| g.gpu.clone()),
        cards: gpu.map(|g| g.count).filter(|n| *n != 1),
        options,
        memory: None,
        method_assumed: false,
        named: None,
    })
}

/// A job on one platform; `None` only for a usage no bill can hold.
pub(super) fn cost(platform: &str, gpu: &Cards, usage: &Usage) -> Option<Request> {
    JobRequest::of(
        vec![platform.to_string(), gpu.gpu.clone()],
        usage,
        gpu.count,
    )
    .ok()
    .map(Request::Cost)
}

/// A job at the user's own price.
pub(super) fn cost_at(price: &Money, usage: &Usage) -> Option<Request> {
    JobRequest::of(vec![price.rate_word(hour())], usage, 1)
        .ok()
        .map(Request::Cost)
}

/// A job at the user's own price on `cards` cards at once.
pub(super) fn cost_at_cards(price: &Money, usage: &Usage, cards: u32) -> Option<Request> {
    JobRequest::of(vec![price.rate_word(hour())], usage, cards)
        .ok()
        .map(Request::Cost)
}

pub(super) fn compare(gpu: &Cards, usage: &Usage) -> Option<Request> {
    compare_on(gpu, usage, &[])
}

/// Several cards ranked in one `/compare` (`4090和3090哪个便宜`), when each is asked one at a time.
pub(super) fn compare_cards(gpus: &[Cards], usage: &Usage) -> Option<Request> {
    let count = gpus.first()?.count;
    if gpus.iter().any(|g| g.count != count) {
        return None;
    }
    let names = gpus.iter().map(|g| g.gpu.clone()).collect();
    JobRequest::of(names, usage, count)
        .ok()
        .map(Request::Compare)
}

/// One card's price where the question asks it: ranked everywhere (no platform named), billed
/// on the one platform named, or ranked on the platforms named.
pub(super) fn priced(gpu: &Cards, usage: &Usage, platforms: &[String]) -> Option<Request> {
    match platforms {
        [] => compare(gpu, usage),
        [p] => cost(p, gpu, usage),
        ps => compare_on(gpu, usage, ps),
    }
}

/// `/compare` on the platforms a question names (`autodl和恒源云哪个便宜`): only theirs ranked.
pub(super) fn compare_on(gpu: &Cards, usage: &Usage, platforms: &[String]) -> Option<Request> {
    let mut req = JobRequest::of(vec![gpu.gpu.clone()], usage, gpu.count).ok()?;
    req.platforms = platforms.to_vec();
    Some(Request::Compare(req))
}

pub(super) fn stock_args(gpu: &str, platform: Option<&String>, max: Option<&Money>) -> StockArgs {
    StockArgs {
        gpu: gpu.to_string(),
        platform: platform.cloned(),
        max: max.map(per_hour),
        needs: Vec::new(),
        home: None,
    }
}

/// An alert on `gpu`; a count of cards said with it (`8卡h100到货提醒我`) is the least the
/// alert waits for.
pub(super) fn subscribe(gpu: &Cards, platform: Option<&String>, max: Option<&Money>) -> Request {
    Request::Subscribe(SubscribeArgs {
        stock: stock_args(&gpu.gpu, platform, max),
        cards: Some(gpu.count).filter(|n| *n > 1),
        family_named: false,
    })
}

/// Stored offers: a card with at least its count in one machine (`cards>=8`), at least
/// `min_vram` GB per card, a price cap per card-hour, spot only when said. A cap without a
/// currency stays bare and a filter without one leaves the currency to the chat
/// (`OffersArgs::resolved`).
pub(super) fn offers(
    gpu: Option<&Cards>,
    platform: Option<&String>,
    min_vram: Option<f64>,
    max: Option<&Money>,
    spot: bool,
) -> Request {
    let count = gpu.map(|g| g.count).filter(|n| *n > 1);
    let filter = crate::availability::OfferFilter {
        gpu: gpu.map(|g| g.gpu.clone()),
        provider: platform.cloned(),
        min_cards: count,
        kind: spot.then_some(crate::availability::OfferKind::Spot),
        min_vram_gb: min_vram,
        max_price: max.map(|m| m.amount),
        currency: max.and_then(|m| m.currency.clone()).unwrap_or_default(),
        ..Default::default()
    };
    Request::Offers(OffersArgs {
        filter,
        bare_cap: max.is_some_and(|m| m.currency.is_none()),
        home: None,
    })
}

pub(super) fn convert(price: &Money, to: PriceUnit, currency: Option<String>) -> Request {
    Request::Convert(ConvertRequest {
        price: price.clone(),
        to: Some(to),
        currency,
        fx_rate: None,
        tokens_per_second: None,
    })
}

pub(super) fn gpus(ids: Vec<String>) -> Request {
    Request::Gpu(GpuArgs { gpus: ids })
}

pub(super) fn platform(id: &str) -> Request {
    Request::Platform(PlatformArgs {
        platform: id.to_string(),
    })
}

pub(super) fn platforms(needs: Vec<Need>) -> Request {
    Request::Platforms(PlatformsArgs {
        needs,
        place: None,
        home: None,
    })
}

pub(super) fn trend(gpu: &str, days: Option<u32>) -> Request {
    let mut t = TrendArgs::of(gpu);
    if let Some(d) = days.filter(|d| *d >= 1) {
        t.days = d;
    }
    Request::Trend(t)
}

pub(super) fn tco(
    model: Option<&String>,
    quant: Quant,
    gpu: Option<&Cards>,
    volume: Option<u64>,
    api: Option<&Money>,
    price: Option<&Money>,
) -> Request {
    Request::Tco(TcoArgs {
        model: model.cloned(),
        // The format is said with the model it applies to.
        quant: model.map(|_| quant),
        gpu: gpu.map(|g| g.gpu.clone()),
        cards: gpu.map(|g| g.count).filter(|n| *n != 1),
        tokens: volume.map(|v| v as f64),
        // A bare amount is what `/tco` reads per 1M tokens.
        api: api.map(|a| Money {
            per: None,
            ..a.clone()
        }),
        // The user's own rent (`4090 ¥2/h`) is the one `/tco` uses, never the list price.
        price: price.cloned(),
        // A question's reading does not carry llama.cpp's expert offload; `/tco … cpu-moe` does.
        cpu_moe: None,
        platform: None,
    })
}
