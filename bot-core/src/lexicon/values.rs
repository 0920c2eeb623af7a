//! Values a reading and a command line share, each with the one word a command line writes it
//! with: cards with their count, money with its currency and unit, how long a job runs, a
//! token volume, a task.

use crate::billing::{PriceUnit, format_span};
use crate::vram::Task;
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

/// An amount with its currency and unit where written: the lexicon's one price type.
pub type Money = super::PriceText;

impl super::PriceText {
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

/// The one word each task is written with in a rendered line.
pub fn task_word(t: Task) -> &'static str {
    match t {
        Task::Infer => "inference",
        Task::Lora => "lora",
        Task::Qlora => "qlora",
        Task::Full => "full",
    }
}
