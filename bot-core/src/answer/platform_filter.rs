//! `/platforms alipay 免实名 per-second cn`: the barriers as filters. Platforms known to meet
//! every need come first; those where a needed fact is unknown come in a separate, labelled
//! group naming what is unknown; those known to fail a need are left out (and counted).

use super::catalog::View;
use super::common::{duration_or_unknown, fmt};
use crate::catalog::{Platform, RealName};
use crate::fact::Fact;
use crate::i18n::Lang;
use crate::reply::{Msg, Reply, Table};

pub use crate::lexicon::{Need, parse_needs};

impl Need {
    /// Whether `p` meets the need: `Some(true/false)` when the catalog knows, `None` when the
    /// fact is unknown.
    pub fn met_by(&self, p: &Platform) -> Option<bool> {
        let b = &p.barriers;
        match self {
            // An empty list is "unknown" in the catalog; a known list without it is a no.
            Need::Pay(m) => {
                (!b.payment_methods.is_empty()).then(|| b.payment_methods.iter().any(|x| x == m))
            }
            Need::NoRealName => match b.real_name_verification {
                Fact::Known(RealName::NotRequired) => Some(true),
                Fact::Known(RealName::Required) => Some(false),
                // Needed only for some services: whether renting needs it is not said.
                Fact::Known(RealName::SomeServices) | Fact::Unknown => None,
            },
            Need::PerSecond => p
                .billing
                .increment
                .known()
                .and_then(|i| crate::units::parse_duration(i).ok())
                .map(|s| s <= rust_decimal::Decimal::ONE),
            // Known only when the catalog says what a stopped instance keeps costing; one that
            // cannot be stopped has no free stopped state.
            Need::StoppedFree => p
                .billing
                .stopped_billing
                .known()
                .map(|l| l.as_slice() == [crate::catalog::StoppedCharge::Nothing]),
            Need::Region(r) => Some(p.region == *r),
            Need::Place(place) => in_place(p, place),
            // Some other method taken: known only when the catalog lists the methods.
            Need::Without(m) => {
                (!b.payment_methods.is_empty()).then(|| b.payment_methods.iter().any(|x| x != m))
            }
        }
    }
}

/// Whether `p` has machines in `place`: the lexicon's one test (`/pick` makes it too).
fn in_place(p: &Platform, place: &str) -> Option<bool> {
    crate::lexicon::platform_in_place(p, place)
}

/// What a filter found: platforms known to meet every need; those with an unknown fact and
/// the needs it could not check; how many are known to fail one (left out).
pub type Filtered<'a> = (
    Vec<&'a Platform>,
    Vec<(&'a Platform, Vec<&'static str>)>,
    usize,
);

/// The platforms that meet `needs` ([`Filtered`]), catalog order within each group.
pub fn filter<'a>(platforms: &'a [Platform], needs: &[Need]) -> Filtered<'a> {
    let mut known = Vec::new();
    let mut unsure = Vec::new();
    let mut failed = 0;
    for p in platforms {
        let checks: Vec<(&Need, Option<bool>)> = needs.iter().map(|n| (n, n.met_by(p))).collect();
        if checks.iter().any(|(_, m)| *m == Some(false)) {
            failed += 1;
        } else if checks.iter().all(|(_, m)| *m == Some(true)) {
            known.push(p);
        } else {
            let unknown = checks
                .iter()
                .filter(|(_, m)| m.is_none())
                .map(|(n, _)| n.key())
                .collect();
            unsure.push((p, unknown));
        }
    }
    (known, unsure, failed)
}

pub(crate) fn need_names(lang: Lang, keys: &[&str]) -> String {
    let sep = fmt(lang, &Msg::new("advice-list-sep"));
    keys.iter()
        .map(|k| fmt(lang, &Msg::new("platforms-need").arg("need", *k)))
        .collect::<Vec<_>>()
        .join(&sep)
}

fn row(v: &View<'_>, p: &Platform, extra: Option<String>) -> Vec<String> {
    let zh = v.lang == Lang::Zh;
    let mut r = vec![
        p.id.clone(),
        p.display_name(zh).to_string(),
        fmt(
            v.lang,
            &Msg::new("region-name").arg("region", p.region.as_str()),
        ),
        duration_or_unknown(v.lang, &p.billing.increment),
    ];
    r.extend(extra);
    r
}

/// `/platforms <needs…>`: the two groups and the count left out.
pub fn filtered_list(v: &View<'_>, needs: &[Need]) -> Reply {
    filtered_list_home(v, needs, None)
}

/// [`filtered_list`] for a person in a place (`home`: the lexicon's place text and the words
/// said): within each group (known to meet the needs, not verified), the platforms with
/// machines there first, then those of unknown location, then those known to be elsewhere
/// (stable), and the line that says so; none left out (und_ct).
pub fn filtered_list_home(
    v: &View<'_>,
    needs: &[Need],
    home: Option<(&'static str, &'static str)>,
) -> Reply {
    let keys: Vec<&str> = needs.iter().map(Need::key).collect();
    let (mut known, mut unsure, failed) = filter(&v.catalog.platforms, needs);
    let mut r = Reply::text(
        Msg::new("platforms-filtered-title")
            .arg("needs", need_names(v.lang, &keys))
            .arg("count", known.len()),
    );
    if let Some((place, said)) = home {
        let at = |p: &Platform| crate::lexicon::platform_standing(p, place);
        known.sort_by_key(|p| at(p));
        unsure.sort_by_key(|(p, _)| at(p));
        let mut groups = [0usize; 3];
        for p in known.iter().copied().chain(unsure.iter().map(|(p, _)| *p)) {
            groups[usize::from(at(p))] += 1;
        }
        r.push(home_line("platforms-home", said, groups));
    }
    let header = || {
        vec![
            Msg::new("col-id"),
            Msg::new("col-platform"),
            Msg::new("col-region"),
            Msg::new("col-increment"),
        ]
    };
    if known.is_empty() {
        r.push(Msg::new("platforms-filtered-none"));
    } else {
        r = r.with_table(Table {
            header: header(),
            rows: known.iter().map(|p| row(v, p, None)).collect(),
            lead: vec![1, 2, 3],
        });
    }
    if !unsure.is_empty() {
        r.push(Msg::new("platforms-filtered-unknown").arg("count", unsure.len()));
        let mut h = header();
        h.push(Msg::new("col-unknown"));
        r = r.with_table(Table {
            header: h,
            rows: unsure
                .iter()
                .map(|(p, k)| row(v, p, Some(need_names(v.lang, k))))
                .collect(),
            lead: vec![1, 2, 3],
        });
    }
    if failed > 0 {
        r.push(Msg::new("platforms-filtered-left-out").arg("count", failed));
    }
    let r = r.with(Msg::new("hint-platform-detail"));
    // On a phone: each group's names on one line; the rows are behind Details.
    let zh = v.lang == Lang::Zh;
    let join = |names: Vec<&str>| names.join(if zh { "、" } else { ", " });
    let mut short = crate::phone::Short::titled(&r);
    if !known.is_empty() {
        short = short.raw(join(known.iter().map(|p| p.display_name(zh)).collect()));
    }
    if !unsure.is_empty() {
        short = short
            .line(Msg::new("platforms-filtered-unknown").arg("count", unsure.len()))
            .raw(join(
                unsure.iter().map(|(p, _)| p.display_name(zh)).collect(),
            ));
    }
    short.line(Msg::new("hint-platform-detail")).over(v.lang, r)
}

/// The line that says how an answer was ordered for a person in `said` (`offers-home`,
/// `platforms-home`): how many rows stand in each group, none left out.
pub(super) fn home_line(id: &str, said: &str, groups: [usize; 3]) -> Msg {
    Msg::new(id)
        .arg("place", crate::lexicon::place_written(said))
        .arg("there", groups[0])
        .arg("unknown", groups[1])
        .arg("elsewhere", groups[2])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;

    #[test]
    fn filters_combine_and_group_known_unknown_and_failed() {
        let cat = Catalog::embedded().unwrap();
        let needs = parse_needs("支付宝 cn").unwrap();
        assert_eq!(needs, [Need::Pay("alipay"), Need::Region("cn")]);
        let (known, unsure, failed) = filter(&cat.platforms, &needs);
        assert_eq!(known.len() + unsure.len() + failed, cat.platforms.len());
        for p in &known {
            assert_eq!(p.region, "cn");
            assert!(p.barriers.payment_methods.iter().any(|m| m == "alipay"));
        }
        for (p, unknown) in &unsure {
            assert_eq!(p.region, "cn", "{}", p.id);
            assert_eq!(unknown, &["alipay"], "{}", p.id);
            assert!(p.barriers.payment_methods.is_empty(), "{}", p.id);
        }
        // Every platform outside China is known to fail `cn`, so none is listed.
        assert!(failed >= cat.platforms.iter().filter(|p| p.region != "cn").count());
    }

    #[test]
    fn a_known_failure_is_left_out_and_an_unknown_fact_is_not_a_pass() {
        let mut cat = Catalog::embedded().unwrap();
        let mut p = cat.platforms[0].clone();
        p.barriers.real_name_verification = Fact::Known(RealName::Required);
        p.barriers.payment_methods = vec!["alipay".into()];
        let mut q = p.clone();
        q.id = "other".into();
        q.barriers.real_name_verification = Fact::Unknown;
        let mut s = p.clone();
        s.id = "third".into();
        s.barriers.real_name_verification = Fact::Known(RealName::NotRequired);
        cat.platforms = vec![p, q, s];
        let needs = parse_needs("no-real-name alipay").unwrap();
        let (known, unsure, failed) = filter(&cat.platforms, &needs);
        assert_eq!(
            known.iter().map(|p| p.id.as_str()).collect::<Vec<_>>(),
            ["third"]
        );
        assert_eq!(unsure.len(), 1);
        assert_eq!(unsure[0].1, ["no_real_name"]);
        assert_eq!(failed, 1);
    }

    #[test]
    fn stopped_free_lists_only_platforms_known_to_bill_nothing_while_stopped() {
        use crate::catalog::StoppedCharge;
        let cat = Catalog::embedded().unwrap();
        assert_eq!(parse_needs("stopped-free").unwrap(), [Need::StoppedFree]);
        assert_eq!(parse_needs("关机不收费").unwrap(), [Need::StoppedFree]);
        let (known, unsure, failed) = filter(&cat.platforms, &[Need::StoppedFree]);
        assert!(!known.is_empty() && !unsure.is_empty() && failed > 0);
        for p in &known {
            let l = p.billing.stopped_billing.known().unwrap();
            assert_eq!(l.as_slice(), [StoppedCharge::Nothing], "{}", p.id);
        }
        // An unknown rule is never a pass: it is labelled unknown.
        for (p, k) in &unsure {
            assert!(p.billing.stopped_billing.known().is_none(), "{}", p.id);
            assert_eq!(k, &["stopped_free"]);
        }
        let billed = cat.platforms.iter().filter(|p| {
            p.billing
                .stopped_billing
                .known()
                .is_some_and(|l| l.as_slice() != [StoppedCharge::Nothing])
        });
        assert_eq!(billed.count(), failed);
    }

    #[test]
    fn unknown_words_are_named() {
        assert_eq!(parse_needs("alipay bogus"), Err("bogus".to_string()));
        assert_eq!(parse_needs("按秒 按秒").unwrap(), [Need::PerSecond]);
    }
}
