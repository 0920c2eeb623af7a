//! A question's reading as typed facts, and the one command line rendered from them.
//!
//! The reader decides what each word means (with the lexicon) and keeps the result typed; the
//! echo line is written from the types in canonical tokens that every command's parser reads
//! back to the same facts (`lora`, never `finetune`; `2h30m`, never `2小时30分钟`; a card's
//! catalog id, never a number). `tests.rs` parses every rendered line of the corpora again
//! and compares.

use crate::billing::{PriceUnit, format_span};
use crate::vram::{Quant, Task};
use rust_decimal::Decimal;

/// A card and how many of them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cards {
    /// Catalog GPU id.
    pub gpu: String,
    pub count: u32,
}

impl Cards {
    /// `rtx-4090`, `2xrtx-4090`.
    pub fn word(&self) -> String {
        if self.count > 1 {
            format!("{}x{}", self.count, self.gpu)
        } else {
            self.gpu.clone()
        }
    }
}

/// An amount with its currency and unit where written.
#[derive(Debug, Clone, PartialEq)]
pub struct Money {
    pub amount: Decimal,
    pub currency: Option<String>,
    pub per: Option<PriceUnit>,
}

impl Money {
    /// `2.5cny`, `0.3usd`, `2`: the amount as the commands read it.
    pub fn amount_word(&self) -> String {
        let amount = self.amount.normalize();
        match &self.currency {
            Some(c) => format!("{amount}{}", c.to_lowercase()),
            None => amount.to_string(),
        }
    }

    /// `2.5cny/hour`; an amount without a unit is read per `default`.
    pub fn rate_word(&self, default: PriceUnit) -> String {
        format!(
            "{}/{}",
            self.amount_word(),
            self.per.unwrap_or(default).key()
        )
    }
}

/// How long, or how often, a job runs.
#[derive(Debug, Clone, PartialEq)]
pub enum Usage {
    /// One run of this many seconds.
    Once(Decimal),
    /// Every day for this many seconds.
    Daily(Decimal),
    /// Always on.
    Always,
}

impl Usage {
    pub fn word(&self) -> String {
        match self {
            Usage::Once(s) => format_span(*s),
            Usage::Daily(s) => format!("daily {}", format_span(*s)),
            Usage::Always => "always".into(),
        }
    }
}

/// What the model is: a catalog id, or a size the fit engine sizes by parameters (`72b`).
pub type ModelWord = String;

/// A filter of `/platforms` by what stands in a newcomer's way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Barrier {
    Alipay,
    Wechat,
    Card,
    NoRealName,
    PerSecond,
    Cn,
    Global,
}

impl Barrier {
    pub fn key(self) -> &'static str {
        match self {
            Barrier::Alipay => "alipay",
            Barrier::Wechat => "wechat",
            Barrier::Card => "card",
            Barrier::NoRealName => "no-real-name",
            Barrier::PerSecond => "per-second",
            Barrier::Cn => "cn",
            Barrier::Global => "global",
        }
    }
}

/// A reading: the command and its typed arguments.
#[derive(Debug, Clone, PartialEq)]
pub enum Request {
    Fit {
        model: ModelWord,
        quant: Option<Quant>,
        task: Option<Task>,
        /// Context window in tokens as written (`32k`).
        ctx: Option<String>,
        gpu: Option<Cards>,
    },
    /// A job on one platform at its list price.
    Cost {
        platform: String,
        gpu: Cards,
        usage: Usage,
    },
    /// A job at the user's own price.
    CostAt {
        price: Money,
        usage: Usage,
    },
    /// Every platform's price for a job on this card.
    Compare {
        gpu: Cards,
        usage: Usage,
    },
    /// Offers in stock, with an hourly price cap.
    Stock {
        gpu: String,
        platform: Option<String>,
        max: Option<Money>,
    },
    Convert {
        price: Money,
        to: PriceUnit,
        currency: Option<String>,
    },
    /// One card's specs and list prices, or several side by side.
    Gpu(Vec<String>),
    Platform(String),
    Platforms(Option<Barrier>),
    /// Rent vs an API; missing facts are asked by `/tco` itself.
    Tco {
        /// `None` when the question names no model (`/tco` asks for it).
        model: Option<ModelWord>,
        quant: Quant,
        gpu: Option<Cards>,
        /// Tokens per day.
        volume: Option<u64>,
        /// API price per 1M tokens.
        api: Option<Money>,
    },
    Pick,
    Subscribe {
        gpu: String,
        platform: Option<String>,
        max: Option<Money>,
    },
    Trend(String),
    Help,
}

/// `20m`, `1500k`, `1234`: a token volume in `/tco`'s decimal suffixes.
pub fn volume_word(n: u64) -> String {
    if n >= 1_000_000 && n % 1_000_000 == 0 {
        format!("{}m", n / 1_000_000)
    } else if n >= 1000 && n % 1000 == 0 {
        format!("{}k", n / 1000)
    } else {
        n.to_string()
    }
}

fn hour() -> PriceUnit {
    PriceUnit::Time(crate::units::TimeUnit::Hour)
}

impl Request {
    /// The command's name, as the first word of [`Request::line`] without its slash.
    pub fn command(&self) -> &'static str {
        match self {
            Request::Fit { .. } => "fit",
            Request::Cost { .. } | Request::CostAt { .. } => "cost",
            Request::Compare { .. } => "compare",
            Request::Stock { .. } => "stock",
            Request::Convert { .. } => "convert",
            Request::Gpu(_) => "gpu",
            Request::Platform(_) => "platform",
            Request::Platforms(_) => "platforms",
            Request::Tco { .. } => "tco",
            Request::Pick => "pick",
            Request::Subscribe { .. } => "subscribe",
            Request::Trend(_) => "trend",
            Request::Help => "help",
        }
    }

    /// The line the user could have typed, in canonical words.
    pub fn line(&self) -> String {
        let mut w: Vec<String> = vec![format!("/{}", self.command())];
        match self {
            Request::Fit {
                model,
                quant,
                task,
                ctx,
                gpu,
            } => {
                w.push(model.clone());
                w.extend(quant.map(|q| q.key().to_string()));
                w.extend(task.map(|t| task_word(t).to_string()));
                w.extend(ctx.as_ref().map(|c| format!("ctx={c}")));
                w.extend(gpu.as_ref().map(Cards::word));
            }
            Request::Cost {
                platform,
                gpu,
                usage,
            } => {
                w.extend([platform.clone(), gpu.gpu.clone(), usage.word()]);
                if gpu.count > 1 {
                    w.push(format!("cards={}", gpu.count));
                }
            }
            Request::CostAt { price, usage } => {
                w.extend([price.rate_word(hour()), usage.word()]);
            }
            Request::Compare { gpu, usage } => {
                w.extend([gpu.gpu.clone(), usage.word()]);
                if gpu.count > 1 {
                    w.push(format!("cards={}", gpu.count));
                }
            }
            Request::Stock { gpu, platform, max } => {
                w.push(gpu.clone());
                w.extend(platform.clone());
                w.extend(max.as_ref().map(|m| m.rate_word(hour())));
            }
            Request::Convert {
                price,
                to,
                currency,
            } => {
                w.extend([price.rate_word(hour()), "to".into(), to.key().into()]);
                w.extend(currency.as_ref().map(|c| c.to_lowercase()));
            }
            Request::Gpu(gpus) => w.extend(gpus.iter().cloned()),
            Request::Platform(p) => w.push(p.clone()),
            Request::Platforms(b) => w.extend(b.map(|b| b.key().to_string())),
            Request::Tco {
                model,
                quant,
                gpu,
                volume,
                api,
            } => {
                if let Some(m) = model {
                    w.extend([m.clone(), quant.key().to_string()]);
                }
                w.extend(gpu.as_ref().map(Cards::word));
                w.extend(volume.map(volume_word));
                w.extend(api.as_ref().map(Money::amount_word));
            }
            Request::Subscribe { gpu, platform, max } => {
                w.push(gpu.clone());
                w.extend(platform.clone());
                w.extend(max.as_ref().map(|m| format!("max={}", m.rate_word(hour()))));
            }
            Request::Trend(g) => w.push(g.clone()),
            Request::Pick | Request::Help => {}
        }
        w.join(" ")
    }
}

/// The one word each task is written with in a rendered line.
pub fn task_word(t: Task) -> &'static str {
    match t {
        Task::Infer => "inference",
        Task::Lora => "lora",
        Task::Qlora => "qlora",
        Task::Full => "full",
    }
}
