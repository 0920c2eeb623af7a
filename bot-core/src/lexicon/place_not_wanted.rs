//! A place said that is not where the machines must be (helper und_eg, issue 26): where the
//! team or company is (`our team is in Frankfurt and … data must stay in the EU`: the EU is
//! the filter, Frankfurt the team's city), and the place of providers the person was refused
//! by or tried (`declined by every US provider I try`). They had been the `region=` or
//! `/platforms` place filter, which answers a question the person did not ask.

/// Words said just before a place that make it where the company or the team is (`我们公司在`,
/// `our company is in`), beside `regions::where_i_am_leads`.
pub(super) const COMPANY_AT: &[&str] = &[
    "我们在",
    "company is in",
    "company's in",
    "team is in",
    "we're based in",
    "we are based in",
];

/// Nouns of the sellers a place qualifies (`US provider`, `美国的平台`).
const SELLER_NOUNS: &[&str] = &[
    "provider",
    "providers",
    "cloud",
    "clouds",
    "site",
    "sites",
    "platform",
    "platforms",
    "company",
    "companies",
    "service",
    "services",
    "平台",
    "云",
];

/// Words of a clause that tell sellers refused the person or were tried: a story, no filter.
const TRIED_OR_REFUSED: &[&str] = &[
    "declined",
    "rejected",
    "refused",
    "blocked",
    "banned",
    "i try",
    "i tried",
    "i've tried",
    "i have tried",
    "被拒",
    "拒了",
    "试过",
    "用不了",
];

/// Whether the place named at `name_at..end` of `p` is said as where the company or team is,
/// or as the sellers of a story of refusal or trying.
pub(super) fn place_not_wanted(p: &str, name_at: usize, end: usize) -> bool {
    let before = p[..name_at].trim_end();
    let before = before.strip_suffix(" the").unwrap_or(before);
    if COMPANY_AT.iter().any(|w| before.ends_with(w)) {
        return true;
    }
    let after = p[end.min(p.len())..].trim_start();
    let after = after.strip_prefix('的').unwrap_or(after).trim_start();
    let seller = SELLER_NOUNS.iter().any(|n| {
        after
            .strip_prefix(n)
            .is_some_and(|r| !n.is_ascii() || !r.starts_with(|c: char| c.is_ascii_alphanumeric()))
    });
    if !seller {
        return false;
    }
    // The clause around the place: from the last mark before it to the next one after.
    let marks = ['.', '?', '!', '。', '？', '！', ';', '；'];
    let from = p[..name_at].rfind(marks).map_or(0, |k| k + 1);
    let to = p[end.min(p.len())..]
        .find(marks)
        .map_or(p.len(), |k| end + k);
    let clause = &p[from..to];
    TRIED_OR_REFUSED.iter().any(|w| clause.contains(w))
}

/// `p` with each clause that tells of refusal or trying blanked: its `US provider` is no place
/// asked for the code-beside-a-region-word reader (`regions::beside_region_word`).
pub(super) fn untold(p: &str) -> String {
    let marks = ['.', '?', '!', '。', '？', '！', ';', '；', ','];
    p.split_inclusive(marks)
        .map(|c| {
            if TRIED_OR_REFUSED.iter().any(|w| c.contains(w)) {
                " . "
            } else {
                c
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::place_not_wanted;

    fn at(p: &str, w: &str) -> bool {
        let k = p.find(w).unwrap();
        place_not_wanted(p, k, k + w.len())
    }

    #[test]
    fn a_teams_place_and_a_refusals_sellers() {
        assert!(at(
            " our team is in frankfurt and data must stay in the eu ",
            "frankfurt"
        ));
        assert!(at(
            " my card got declined by every us provider i try. ",
            "us"
        ));
        assert!(!at(" which us providers take paypal? ", "us"));
        assert!(!at(" any h100 in frankfurt? ", "frankfurt"));
        assert_eq!(
            super::untold(" declined by us providers. which clouds? "),
            " .  which clouds? "
        );
    }
}
