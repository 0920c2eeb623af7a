//! What a question's rules read: the padded normalized text, what it names and a price, with
//! the small questions every rule asks of them.

use super::Reading;
use super::aside::{Aside, SetAside};
use super::entities::Entities;
use super::request::{Money, Request, Usage};
use super::text::has;
use crate::catalog::Catalog;
use rust_decimal::Decimal;

/// What the rules read from: the padded normalized text, the entities and a price if any.
pub(super) struct Question<'a> {
    pub catalog: &'a Catalog,
    pub padded: &'a str,
    pub e: &'a Entities,
    pub price: Option<&'a Money>,
    /// The named platforms the rule that read the question set aside, with why
    /// ([`super::set_aside`]): recorded only by a rule that returns its reading.
    pub aside: std::cell::RefCell<Vec<SetAside>>,
}

impl Question<'_> {
    /// Records that the reading leaves the named `platform` out for `why`.
    pub(super) fn set_aside(&self, platform: &str, why: Aside) {
        self.aside.borrow_mut().push(SetAside {
            platform: platform.to_string(),
            why,
        });
    }
    /// Records that the reading leaves every platform named out for `why`.
    pub(super) fn set_aside_all(&self, why: Aside) {
        for p in &self.e.platforms {
            self.set_aside(p, why);
        }
    }
    pub(super) fn has(&self, words: &[&str]) -> bool {
        has(self.padded, words)
    }
    /// Whether a ceiling is said by a word that says one wherever it stands (the lexicon's one
    /// table of ceiling words, `lexicon::ceiling_said`).
    pub(super) fn ceiling_said(&self) -> bool {
        crate::lexicon::ceiling_said(self.padded)
    }
    pub(super) fn nothing_to_size(&self) -> bool {
        self.e.models.is_empty() && self.e.sizes.is_empty()
    }
    /// Nothing named to answer for: no card, platform, model or size, price or length.
    pub(super) fn nothing_named(&self) -> bool {
        self.e.gpus.is_empty()
            && self.e.platforms.is_empty()
            && self.nothing_to_size()
            && self.price.is_none()
            && self.e.usage.is_none()
    }
    pub(super) fn hourly_cap(&self) -> Option<Money> {
        self.price
            .filter(|p| p.per.is_none_or(|u| u.key() == "hour"))
            .cloned()
    }
    /// The window a price history is asked over: a span said in days (`最近一周`, `past 3
    /// months`), a week in words (`last week`); a month (read as always on) or nothing is the
    /// default window.
    pub(super) fn days(&self) -> Option<u32> {
        let day = Decimal::from(86_400);
        // A month of a price history is the 30 days `/trend` shows by default (`三个月` is
        // 90 days, not 3 × 730 hours).
        let month = Decimal::from(730 * 3600);
        let year = month * Decimal::from(12);
        // `下个月要租两周的4090。它最近一个月价格波动大吗`: the span right after a word of the
        // recent past is the window; the rental's length said elsewhere is not.
        let recent = recent_span(self.padded).map(Usage::Once);
        match recent.as_ref().or(self.e.usage.as_ref()) {
            Some(Usage::Once(s)) if *s >= year && (*s % year).is_zero() => {
                u32::try_from(*s / year * Decimal::from(365))
                    .ok()
                    .map(|d| d.min(crate::answer::trend::MAX_DAYS))
            }
            Some(Usage::Once(s)) if *s >= month && (*s % month).is_zero() => {
                u32::try_from(*s / month * Decimal::from(30))
                    .ok()
                    .map(|d| d.min(crate::answer::trend::MAX_DAYS))
            }
            Some(Usage::Once(s)) if *s >= day => u32::try_from((*s / day).round())
                .ok()
                .map(|d| d.min(crate::answer::trend::MAX_DAYS)),
            Some(_) => None,
            None => self
                .has(&["week", "一周", "这周", "本周", "1周"])
                .then_some(7),
        }
    }
    /// The use said; with none, the period of a price said by the month, week or day (`每个月租金
    /// 2000 的 4090` is a month's rent, always on: it was priced for one hour), else an hour.
    pub(super) fn usage(&self) -> Usage {
        if let Some(u) = &self.e.usage {
            return u.clone();
        }
        match self.price.and_then(|p| p.per).map(|u| u.key()) {
            Some("month") => Usage::Always,
            Some("week") => Usage::Once(Decimal::from(7 * 86_400)),
            Some("day") => Usage::Once(Decimal::from(86_400)),
            _ => Usage::Once(Decimal::from(3600)),
        }
    }
}

pub(super) fn one(r: Request) -> Option<Reading> {
    Some(Reading::Command(r))
}

/// The reading for the model said, or one request per model asked back where a family and size
/// name several ([`Entities::models_asked`]): the ambiguity every model-taking reading honours.
pub(super) fn per_model(
    e: &Entities,
    model: Option<&String>,
    make: impl Fn(Option<&String>) -> Request,
) -> Option<Reading> {
    match e.models_asked() {
        Some(ms) => Some(Reading::Ask(ms.iter().map(|m| make(Some(m))).collect())),
        None => one(make(model)),
    }
}

/// The span said right after a word of the recent past (`最近1个月`, `past 2 weeks`, `过去3天`), in
/// seconds.
pub(super) fn recent_span(padded: &str) -> Option<Decimal> {
    ["最近", "过去", "近", "past ", "last "]
        .iter()
        .find_map(|w| {
            padded.match_indices(w).find_map(|(at, _)| {
                let toks = super::text::tokens(&padded[at + w.len()..]);
                let toks: Vec<String> = toks.into_iter().take(3).collect();
                let taken = vec![false; toks.len()];
                super::span::span_at(&toks, &taken, 0).map(|(secs, _)| secs)
            })
        })
}
