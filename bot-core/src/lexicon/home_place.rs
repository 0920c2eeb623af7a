//! Where the person or the company is (`我人在美国`, `人在US`, `based in Germany`, `we're an EU
//! company`, `我在海外`, `国外用户`), read from the one place table ([`super::PLACES`]): no place
//! asked for machines, but one a reader that says it back may keep as a preference (latency,
//! where the data lives, who can pay or invoice), and the words that widen it again
//! (`不限地区`, `anywhere`).

use super::lead_bytes::LeadBytes;
use super::not_a_place::other_than_place;
use super::regions::{PEOPLE_AT_HOME, PLACES, where_i_am_leads};
use std::sync::LazyLock;

use super::place_not_wanted::COMPANY_AT;

/// The place at the start of `rest`, as said there: a place's name (its phrase without the
/// padding and `in (the)`), or, with `short`, its short word (`US`, `EU`, `UK`, `de`) as a whole
/// word. Most specific place first, as [`PLACES`] is ordered.
fn place_at_start(rest: &str, short: bool) -> Option<(&'static str, &'static str)> {
    // Most positions of a message start no place's name or short word: skipped in one lookup
    // (`place_of_home` tries every position).
    if !PLACE_LEADS.may_start(rest) {
        return None;
    }
    let whole = |w: &str| {
        rest.strip_prefix(w)
            .is_some_and(|r| !w.is_ascii() || !r.starts_with(|c: char| c.is_ascii_alphanumeric()))
            && !other_than_place(&rest[w.len()..])
    };
    PLACE_WORDS.iter().find_map(|place| {
        // A name that is also the short word (`us`) needs `short` as the code does.
        let named = place
            .named
            .iter()
            .find_map(|&(w, also_short)| (whole(w) && (short || !also_short)).then_some(w));
        let code = || place.beside.iter().copied().find(|w| short && whole(w));
        named.or_else(code).map(|w| (place.text, w))
    })
}

/// A place's names as [`place_at_start`] reads them: without the padding and `in (the)`.
fn trimmed_name(w: &'static str) -> &'static str {
    let w = w.trim().trim_end_matches(['的', ' ']);
    ["in the ", "in "]
        .iter()
        .find_map(|lead| w.strip_prefix(lead))
        .unwrap_or(w)
}

/// One place of [`PLACES`] with its names trimmed once, each marked when it is also one of its
/// short words: `place_of_home` tries every position of a message, and trimming every name at
/// each had been a tenth of a `/pick` step's time (helper perf_ci). Same order as [`PLACES`].
struct PlaceWords {
    text: &'static str,
    named: Vec<(&'static str, bool)>,
    beside: &'static [&'static str],
}

static PLACE_WORDS: LazyLock<Vec<PlaceWords>> = LazyLock::new(|| {
    PLACES
        .iter()
        .map(|place| PlaceWords {
            text: place.text,
            named: place
                .said
                .iter()
                .map(|w| {
                    let w = trimmed_name(w);
                    (w, place.beside.contains(&w))
                })
                .collect(),
            beside: place.beside,
        })
        .collect()
});

/// The bytes a place's name or short word can start with, as [`place_at_start`] trims them,
/// built from [`PLACES`] itself.
static PLACE_LEADS: LazyLock<LeadBytes> = LazyLock::new(|| {
    LeadBytes::of(PLACE_WORDS.iter().flat_map(|place| {
        place
            .named
            .iter()
            .map(|&(w, _)| w)
            .chain(place.beside.iter().copied())
    }))
});

/// Where the person or the company is (`我人在美国`, `人在US`, `based in Germany`, `our company
/// is in Singapore`, `we're an EU company`, `我在海外`, `国外用户`): the place's region text and
/// its words as said, the catalog's own split (`cn`, `global`) included. Not a place asked for
/// machines ([`place_named`] leaves it out); a reader that keeps it says it back as assumed.
/// A city no provider's text names (`成都`) is none: it is not read as its country.
pub fn place_of_home(text: &str) -> Option<(&'static str, &'static str)> {
    let p = format!(" {text} ");
    let leads = where_i_am_leads().chain(COMPANY_AT.iter().map(|w| (*w).into()));
    let after_lead = leads.into_iter().find_map(|lead| {
        p.match_indices(&*lead).find_map(|(at, _)| {
            if lead.is_ascii() && p[..at].ends_with(|c: char| c.is_ascii_alphanumeric()) {
                return None;
            }
            let rest = p[at + lead.len()..].trim_start();
            let rest = rest.strip_prefix("the ").unwrap_or(rest);
            // A short word (`US`) only after `in`/`在`: `from us` is the pronoun.
            let short = lead.ends_with(" in") || lead.ends_with('在');
            place_at_start(rest, short)
        })
    });
    after_lead.or_else(|| {
        // `an EU company`, `国外用户`: a place's name or short word right before a home noun.
        p.char_indices().find_map(|(at, c)| {
            let starts_word = !c.is_ascii_alphanumeric()
                || !p[..at].ends_with(|c: char| c.is_ascii_alphanumeric());
            if !starts_word {
                return None;
            }
            let (text, said) = place_at_start(&p[at..], true)?;
            let after = p[at + said.len()..].trim_start();
            // Nouns right after a place (`EU company`, `国外用户`) make it home too.
            PEOPLE_AT_HOME
                .iter()
                .any(|n| {
                    after.strip_prefix(n).is_some_and(|r| {
                        !n.is_ascii() || !r.starts_with(|c: char| c.is_ascii_alphanumeric())
                    })
                })
                .then_some((text, said))
        })
    })
}

/// Words of nearness to the person (`servers nearby`, `close to me`, `离我近`): with where the
/// person is said, that place is where the machines are asked.
const NEARBY: &[&str] = &[
    "nearby",
    "near me",
    "near us",
    "close to me",
    "close to us",
    "closer to me",
    "closer to us",
    "nearest",
    "附近",
    "离我近",
    "离我们近",
    "离我比较近",
    "就近",
];

/// The place where the person is ([`place_of_home`]) when machines near them are asked (`I'm in
/// Japan … servers nearby`, `我人在日本，想找离我近的平台`): that place is the filter, as if
/// named as the machines' (never the catalog's split, `cn`/`global`, which is no place).
pub fn home_nearby(text: &str) -> Option<&'static str> {
    let t = text.to_lowercase();
    if !NEARBY.iter().any(|w| t.contains(w)) {
        return None;
    }
    place_of_home(&t)
        .map(|(place, _)| place)
        .filter(|p| !matches!(*p, "cn" | "global"))
}

/// Words that widen a place said back to every place (`不限地区`, `anywhere`).
pub const ANY_PLACE: &[&str] = &[
    "不限地区",
    "地区不限",
    "不限地点",
    "地点不限",
    "哪里都行",
    "哪都行",
    "在哪都行",
    "哪里都可以",
    "在哪都可以",
    "地区无所谓",
    "anywhere",
    "any region",
    "any location",
    "any place",
    "location doesn't matter",
    "region doesn't matter",
];

/// Whether `text` widens the place to every place ([`ANY_PLACE`]).
pub fn any_place(text: &str) -> bool {
    let t = text.to_lowercase();
    ANY_PLACE.iter().any(|w| t.contains(w))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn where_the_person_or_company_is() {
        assert_eq!(place_of_home("我人在美国，想部署"), Some(("us", "美国")));
        assert_eq!(place_of_home("人在us 只能credit card"), Some(("us", "us")));
        assert_eq!(
            place_of_home("based in germany, need"),
            Some(("germany", "germany"))
        );
        assert_eq!(
            place_of_home("our company is in singapore"),
            Some(("singapore", "singapore"))
        );
        assert_eq!(place_of_home("i live in the us"), Some(("us", "us")));
        assert_eq!(
            place_of_home("we're an eu company and pay"),
            Some(("eu", "eu"))
        );
        assert_eq!(place_of_home("we're a uk startup"), Some(("gb", "uk")));
        assert_eq!(place_of_home("我在海外"), Some(("global", "海外")));
        assert_eq!(place_of_home("国外用户 lora"), Some(("global", "国外")));
        // A mainland city a provider's list names (Alibaba Cloud's `China (Shenzhen)`) is the
        // mainland split; a city none names, a platform, a pronoun, a card: no place.
        assert_eq!(place_of_home("我们公司在深圳"), Some(("cn", "深圳")));
        assert_eq!(place_of_home("我们公司在成都"), None);
        assert_eq!(
            place_of_home("our company is in malaysia"),
            Some(("malaysia", "malaysia"))
        );
        assert_eq!(place_of_home("我在autodl租4090"), None);
        assert_eq!(place_of_home("a quote from us"), None);
        assert_eq!(place_of_home("人在美国的卡"), None);
        assert!(any_place("不限地区") && any_place("anywhere is fine"));
        assert_eq!(
            home_nearby("i'm in japan, any servers nearby"),
            Some("japan")
        );
        assert_eq!(home_nearby("我人在日本，想找离我近的平台"), Some("japan"));
        assert_eq!(
            home_nearby("i'm in japan, which platforms take paypal"),
            None
        );
        assert_eq!(home_nearby("servers nearby please"), None);
        // A short word after `在` with what is there after it: the hosts' place, not home's.
        use super::super::place_said;
        assert_eq!(place_said("支持 paypal 而且在 eu 有机器的平台"), Some("eu"));
        assert_eq!(place_said("哪些平台在jp有服务器"), Some("japan"));
        assert_eq!(place_said("我在us 想租卡"), None);
        assert_eq!(place_said("现在 us 的卡"), None);
    }
}
