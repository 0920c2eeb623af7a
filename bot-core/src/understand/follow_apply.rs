//! A follow-up's [`Change`] (what its words name, read by [`super::follow_on`]) put into the
//! last request's slots, the same struct the command's parser builds, so the echo line is that
//! command's. A change the command has no slot for (a platform after `/fit`, a model after
//! `/cost`) is `None`: the follow-up is asked back.

use super::request::{self as make, Cards, Money, Request, Usage};
use crate::answer::billing::JobRequest;
use crate::billing::{PriceUnit, Tiers};
use crate::catalog::Catalog;
use crate::commands::fit::FitArgs;
use crate::commands::tco::TcoArgs;
use crate::vram::{Quant, Task};

/// What a follow-up's words change; `None` / `false` leaves the slot as it was.
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct Change {
    pub gpu: Option<String>,
    /// Cards said with a count (`2张`, `4 cards`, `2x h100`, `单卡`).
    pub count: Option<u32>,
    pub model: Option<String>,
    /// A size without a family (`72b呢`): the last model's sibling of that size.
    pub size: Option<String>,
    pub quant: Option<Quant>,
    pub task: Option<Task>,
    pub context: Option<String>,
    pub batch: Option<u32>,
    pub platform: Option<String>,
    pub usage: Option<Usage>,
    /// `用美元`, `in rmb`: the currency the answer is shown in.
    pub currency: Option<String>,
    pub price: Option<Money>,
    /// Tokens per day, for `/tco`.
    pub volume: Option<u64>,
    pub spot: bool,
    /// `便宜点的呢`, `anything cheaper`: the cheapest choices instead of the one named.
    pub cheaper: bool,
    /// A number said alone (`3呢`): each of its readings is asked back, never one chosen.
    pub bare: bool,
}

impl Change {
    pub(super) fn is_empty(&self) -> bool {
        *self == Change::default()
    }
}

/// The last request with the change in it; `None` when a slot the change names is not one of
/// the command's.
pub(super) fn apply(catalog: &Catalog, last: &Request, c: &Change) -> Option<Request> {
    match last {
        Request::Fit(a) => fit(catalog, a.clone(), c).map(Request::Fit),
        Request::Cost(j) => job(j.clone(), c, false),
        Request::Compare(j) => job(j.clone(), c, true),
        Request::Tco(t) => tco(catalog, t.clone(), c).map(Request::Tco),
        Request::Stock(s) => {
            only(
                c,
                &[
                    Slot::Gpu,
                    Slot::Platform,
                    Slot::Price,
                    Slot::Spot,
                    Slot::Count,
                ],
            )?;
            let gpu = Cards {
                gpu: c.gpu.clone().unwrap_or_else(|| s.gpu.clone()),
                count: c.count.unwrap_or(1),
            };
            let platform = c.platform.clone().or_else(|| s.platform.clone());
            let max = c.price.clone().or_else(|| s.max.clone());
            // A card count or spot is `/offers`' filter, as a question with them reads.
            if c.spot || gpu.count > 1 {
                return Some(make::offers(
                    Some(&gpu),
                    platform.as_ref(),
                    None,
                    max.as_ref(),
                    c.spot,
                ));
            }
            Some(Request::Stock(make::stock_args(
                &gpu.gpu,
                platform.as_ref(),
                max.as_ref(),
            )))
        }
        Request::Subscribe(s) => {
            only(c, &[Slot::Gpu, Slot::Platform, Slot::Price, Slot::Count])?;
            let gpu = Cards {
                gpu: c.gpu.clone().unwrap_or_else(|| s.stock.gpu.clone()),
                count: c.count.or(s.cards).unwrap_or(1),
            };
            let platform = c.platform.clone().or_else(|| s.stock.platform.clone());
            let max = c.price.clone().or_else(|| s.stock.max.clone());
            Some(make::subscribe(&gpu, platform.as_ref(), max.as_ref()))
        }
        Request::Offers(o) => {
            only(
                c,
                &[
                    Slot::Gpu,
                    Slot::Platform,
                    Slot::Price,
                    Slot::Spot,
                    Slot::Count,
                ],
            )?;
            let mut o = o.clone();
            if let Some(g) = &c.gpu {
                o.filter.gpu = Some(g.clone());
            }
            if let Some(p) = &c.platform {
                o.filter.provider = Some(p.clone());
            }
            if let Some(n) = c.count {
                // Said as a floor here; a ceiling word beside it is read after
                // (`cards_bounded`), and the last one's ceiling goes with its count.
                o.filter.min_cards = Some(n).filter(|n| *n > 1);
                o.filter.max_cards = None;
            }
            if let Some(m) = &c.price {
                o.filter.max_price = Some(m.amount);
                o.filter.currency = m.currency.clone().unwrap_or_default();
                o.bare_cap = m.currency.is_none();
            }
            if c.spot {
                o.filter.kind = Some(crate::availability::OfferKind::Spot);
            }
            Some(Request::Offers(o))
        }
        // `/gpu 4090` then `h100呢`: that card's specs; of two side by side, which one is unsaid.
        Request::Gpu(g) if g.gpus.len() == 1 => {
            only(c, &[Slot::Gpu])?;
            Some(make::gpus(vec![c.gpu.clone()?]))
        }
        Request::Platform(_) => {
            only(c, &[Slot::Platform])?;
            Some(make::platform(c.platform.as_ref()?))
        }
        Request::Trend(t) => {
            only(c, &[Slot::Gpu])?;
            let mut t = t.clone();
            t.gpu = c.gpu.clone()?;
            Some(Request::Trend(t))
        }
        Request::Convert(v) => {
            only(c, &[Slot::Currency])?;
            let mut v = v.clone();
            v.currency = c.currency.clone();
            Some(Request::Convert(v))
        }
        _ => None,
    }
}

/// The slots a command takes, to check a change against.
#[derive(Clone, Copy, PartialEq)]
enum Slot {
    Gpu,
    Count,
    Model,
    Size,
    Quant,
    Task,
    Context,
    Batch,
    Platform,
    Usage,
    Currency,
    Price,
    Volume,
    Spot,
    Cheaper,
}

/// `Some(())` when every slot the change names is one of `allowed`.
fn only(c: &Change, allowed: &[Slot]) -> Option<()> {
    let named = [
        (Slot::Gpu, c.gpu.is_some()),
        (Slot::Count, c.count.is_some()),
        (Slot::Model, c.model.is_some()),
        (Slot::Size, c.size.is_some()),
        (Slot::Quant, c.quant.is_some()),
        (Slot::Task, c.task.is_some()),
        (Slot::Context, c.context.is_some()),
        (Slot::Batch, c.batch.is_some()),
        (Slot::Platform, c.platform.is_some()),
        (Slot::Usage, c.usage.is_some()),
        (Slot::Currency, c.currency.is_some()),
        (Slot::Price, c.price.is_some()),
        (Slot::Volume, c.volume.is_some()),
        (Slot::Spot, c.spot),
        (Slot::Cheaper, c.cheaper),
    ];
    named
        .iter()
        .all(|(s, said)| !said || allowed.contains(s))
        .then_some(())
}

/// The last model's sibling of another size (`qwen2.5-14b` and `72b` → `qwen2.5-72b`), when
/// the catalog has it; else the size alone, which `/fit` sizes as a dense model.
pub(crate) fn sized(catalog: &Catalog, model: &str, size: &str) -> String {
    let parts: Vec<&str> = model.split('-').collect();
    let is_size = |p: &str| {
        p.strip_suffix('b')
            .is_some_and(|n| !n.is_empty() && n.parse::<f64>().is_ok())
    };
    (0..parts.len())
        .filter(|i| is_size(parts[*i]))
        .find_map(|i| {
            let mut p = parts.clone();
            p[i] = size;
            let id = p.join("-");
            catalog.models.iter().any(|m| m.id == id).then_some(id)
        })
        .unwrap_or_else(|| size.to_string())
}

/// A `key=value` option set or replaced.
fn set_option(options: &mut Vec<(String, String)>, key: &str, value: String) {
    match options.iter_mut().find(|(k, _)| k == key) {
        Some(o) => o.1 = value,
        None => options.push((key.to_string(), value)),
    }
}

fn fit(catalog: &Catalog, mut a: FitArgs, c: &Change) -> Option<FitArgs> {
    use Slot::*;
    only(
        c,
        &[
            Gpu, Count, Model, Size, Quant, Task, Context, Batch, Cheaper,
        ],
    )?;
    // A cheaper card than the one just named: the cheapest that fit, none named.
    if c.cheaper && (c.gpu.is_some() || c.count.is_some()) {
        return None;
    }
    let language = |m: &str| catalog.find_model(m).is_some();
    let was = language(&a.model);
    if let Some(m) = &c.model {
        a.model = m.clone();
    } else if let Some(s) = &c.size {
        a.model = sized(catalog, &a.model, s);
    }
    // An image model after a language model (or back): the format, method and options
    // said for the one are none of the other's.
    if language(&a.model) != was {
        a.quant = None;
        a.task = None;
        a.options.clear();
    }
    if let Some(g) = &c.gpu {
        a.gpu = Some(g.clone());
    }
    if let Some(n) = c.count {
        // A count with no card asked about has nothing to count.
        a.gpu.as_ref()?;
        a.cards = Some(n).filter(|n| *n != 1);
    }
    if c.cheaper {
        a.gpu.as_ref()?;
        a.gpu = None;
        a.cards = None;
    }
    a.quant = c.quant.or(a.quant);
    // A method said after (`那全参呢`) is said; the assumption stays only while unchanged.
    a.method_assumed &= c
        .task
        .is_none_or(|t| t == crate::vram::Task::Lora && a.task == Some(t));
    a.task = c.task.or(a.task);
    if let Some(ctx) = &c.context {
        set_option(&mut a.options, "ctx", ctx.to_lowercase());
    }
    if let Some(b) = c.batch {
        set_option(&mut a.options, "batch", b.to_string());
    }
    Some(a)
}

/// `/cost` (on one platform) and `/compare` (every platform) share a job; a platform named
/// after `/compare` prices it there, `cheaper` after `/cost` ranks every platform.
fn job(mut j: JobRequest, c: &Change, compare: bool) -> Option<Request> {
    use Slot::*;
    only(
        c,
        &[Gpu, Count, Platform, Usage, Currency, Spot, Cheaper, Price],
    )?;
    if c.cheaper && c.platform.is_some() {
        return None;
    }
    let own_price = !compare && j.names.len() == 1;
    if own_price {
        // A job at the user's own price: only the price, the length and the count change.
        if c.gpu.is_some() || c.platform.is_some() || c.cheaper {
            return None;
        }
        if let Some(p) = &c.price {
            let hour = PriceUnit::Time(crate::units::TimeUnit::Hour);
            j.names = vec![p.rate_word(hour)];
        }
    } else {
        if c.price.is_some() {
            return None;
        }
        let gpu_at = usize::from(!compare);
        if let Some(g) = &c.gpu {
            *j.names.get_mut(gpu_at)? = g.clone();
        }
    }
    if let Some(n) = c.count {
        j.cards = n;
    }
    if let Some(u) = &c.usage {
        j = with_usage(j, u)?;
    }
    if let Some(cur) = &c.currency {
        j.currency = Some(cur.clone());
    }
    if c.spot {
        j.job.tiers = Tiers::WithSpot;
    }
    match (&c.platform, compare, c.cheaper) {
        (Some(p), true, _) => {
            // `/compare 4090 1h` then `runpod呢`: the same job on RunPod.
            j.names = vec![p.clone(), j.names.first()?.clone()];
            j.platforms.clear();
            j.needs.clear();
            Some(Request::Cost(j))
        }
        (Some(p), false, _) => {
            *j.names.first_mut()? = p.clone();
            Some(Request::Cost(j))
        }
        (None, false, true) => {
            j.names = vec![j.names.get(1)?.clone()];
            Some(Request::Compare(j))
        }
        (None, true, _) => Some(Request::Compare(j)),
        (None, false, false) => Some(Request::Cost(j)),
    }
}

/// The job's length changed, its own figures (storage, traffic, idle, a boot said) kept.
fn with_usage(j: JobRequest, u: &Usage) -> Option<JobRequest> {
    let fresh = JobRequest::of(j.names.clone(), u, j.cards).ok()?;
    let old = &j.job;
    let mut job = fresh.job;
    job.storage_gb = old.storage_gb;
    job.stored = old.stored;
    job.egress_gb = old.egress_gb;
    job.ingress_gb = old.ingress_gb;
    job.idle = old.idle;
    job.tiers = old.tiers;
    if !old.boot_assumed {
        job.boot = old.boot;
        job.boot_assumed = false;
    }
    if !old.pull_assumed {
        job.pull = old.pull;
        job.pull_assumed = false;
    }
    Some(JobRequest { job, ..j })
}

fn tco(catalog: &Catalog, mut t: TcoArgs, c: &Change) -> Option<TcoArgs> {
    use Slot::*;
    only(c, &[Gpu, Count, Model, Size, Quant, Volume])?;
    let published = |m: Option<&str>| {
        m.and_then(|m| catalog.find_model(m))
            .and_then(crate::advice::native_quant)
            .unwrap_or(crate::vram::Quant::Bf16)
    };
    let was = published(t.model.as_deref());
    if let Some(m) = &c.model {
        t.model = Some(m.clone());
    } else if let Some(s) = &c.size {
        t.model = Some(sized(catalog, t.model.as_deref()?, s));
    }
    // Another model keeps a format the user named; the default one is the new model's own
    // published format, as a question naming that model reads it.
    if c.quant.is_none() && t.quant == Some(was) {
        t.quant = Some(published(t.model.as_deref()));
    }
    if let Some(q) = c.quant {
        t.model.as_ref()?;
        t.quant = Some(q);
    }
    if let Some(g) = &c.gpu {
        t.gpu = Some(g.clone());
    }
    if let Some(n) = c.count {
        t.gpu.as_ref()?;
        t.cards = Some(n).filter(|n| *n != 1);
    }
    if let Some(v) = c.volume {
        t.tokens = Some(v as f64);
    }
    Some(t)
}
