//! Data-loss warnings and short source lines built from catalog facts, as Fluent messages
//! (the words live in `locales/*/catalog.ftl`; nothing here formats text for a language).

use super::platform::{DataScope, InstanceState, Platform, RetentionRule};
use crate::i18n::{Lang, Localizer};
use crate::reply::Msg;
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;

/// `autodl.com` from `https://www.autodl.com/docs/price/`: the host of the first URL or
/// domain in a citation (`github.com/x/y @ abc` → `github.com`); a citation without one is
/// kept whole.
pub fn source_domain(source: &str) -> &str {
    for token in
        source.split(|c: char| c.is_whitespace() || matches!(c, ';' | ',' | '(' | ')' | '\'' | '"'))
    {
        let rest = token
            .strip_prefix("https://")
            .or_else(|| token.strip_prefix("http://"))
            .unwrap_or(token);
        let host = rest.split(['/', '?', '#']).next().unwrap_or(rest);
        let host = host.strip_prefix("www.").unwrap_or(host);
        let labels: Vec<&str> = host.split('.').collect();
        let domain_like = labels.len() >= 2
            && labels
                .iter()
                .all(|l| !l.is_empty() && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
            && labels
                .last()
                .is_some_and(|tld| tld.len() >= 2 && tld.chars().all(|c| c.is_ascii_alphabetic()));
        if domain_like {
            return host;
        }
    }
    source.trim()
}

/// `source-short`: "autodl.com（2026-09-29，第三方转述）".
pub fn source_msg(source: &str, as_of: &str, third_party: bool) -> Msg {
    Msg::new("source-short")
        .arg("source", source_domain(source))
        .arg("as_of", as_of)
        .arg(
            "via",
            if third_party {
                "third_party"
            } else {
                "official"
            },
        )
}

/// A duration as a number and a unit key (`15`, `day`), for the `duration` and
/// `retention-rule` messages.
pub fn duration_parts(seconds: Decimal) -> (f64, &'static str) {
    let secs = seconds.to_u64().unwrap_or(0);
    let (n, unit) = if secs == 0 {
        (0, "second")
    } else if secs % 86_400 == 0 {
        (secs / 86_400, "day")
    } else if secs % 3600 == 0 {
        (secs / 3600, "hour")
    } else if secs % 60 == 0 {
        (secs / 60, "minute")
    } else {
        (secs, "second")
    };
    (n as f64, unit)
}

/// `duration`: "15 天" / "15 days".
pub fn duration_msg(seconds: Decimal) -> Msg {
    let (n, unit) = duration_parts(seconds);
    Msg::new("duration").arg("n", n).arg("unit", unit)
}

/// The headline of one rule in a language: "关机满 15 天 → 实例和全部数据被删除".
pub fn retention_text(lang: Lang, r: &RetentionRule) -> String {
    let (when, after) = match r.after_seconds() {
        None => ("unknown", String::new()),
        Some(s) if s.is_zero() => ("instant", String::new()),
        Some(s) => ("after", Localizer::get().format(lang, &duration_msg(s))),
    };
    let rule = Localizer::get().format(
        lang,
        &Msg::new("retention-rule")
            .arg("state", r.state.key())
            .arg("when", when)
            .arg("after", after)
            .arg("deletes", r.deletes.key()),
    );
    let scope = if lang == Lang::Zh {
        &r.scope_zh
    } else {
        &r.scope_en
    };
    match scope {
        Some(s) => Localizer::get().format(
            lang,
            &Msg::new("retention-scoped")
                .arg("scope", s.as_str())
                .arg("rule", rule),
        ),
        None => rule,
    }
}

/// The rules that lose data when an instance is left stopped or idle between sessions (what
/// long or intermittent use runs into), most urgent first.
pub fn idle_data_loss_rules(p: &Platform) -> Vec<&RetentionRule> {
    let mut rules: Vec<&RetentionRule> = p
        .retention
        .iter()
        .filter(|r| {
            matches!(
                r.state,
                InstanceState::Stopped | InstanceState::NotStarted | InstanceState::Arrears
            ) && !matches!(r.deletes, DataScope::SystemDisk)
        })
        .collect();
    // Rules for every instance first, then those for some kinds only; soonest first.
    rules.sort_by_key(|r| {
        (
            r.scope_en.is_some(),
            r.after_seconds().unwrap_or(Decimal::MAX),
        )
    });
    rules
}

/// One warning line per idle data-loss rule of a platform (`data-loss-warning`), at most
/// `limit`, most urgent first, for the /cost, /pick and trial answers.
pub fn data_loss_warnings(p: &Platform, lang: Lang, limit: usize) -> Vec<Msg> {
    let zh = lang == Lang::Zh;
    idle_data_loss_rules(p)
        .into_iter()
        .take(limit)
        .map(|r| {
            Msg::new("data-loss-warning")
                .arg("platform", p.display_name(zh))
                .arg("rule", retention_text(lang, r))
        })
        .collect()
}
