//! Places people ask machines in (`美国的4090`, `any H100 in europe`, `新加坡有h100吗`,
//! `us region 的 a100`): one table, each place's words in Chinese and English beside the region
//! text `/offers region=` filters on, a part of the text providers write for an offer (Vast's
//! `Texas, US`, `Spain, ES`, bare `DE`; Lambda's `us-east-1`, `europe-central-1`; RunPod's
//! `EU-RO-1`; Azure's `japaneast`), and the country codes that stand for the place as a whole
//! word of that text (Vast's `JP` is in Japan, its `DE` in Germany and in Europe).
//! `cn` and `global` are the catalog's own split of platforms, resolved by `/offers` to the
//! platforms placed there.
//! Where the user is (`I'm in Singapore`, `hi from Korea`, `我在香港`) is no place asked.
//! A city is read as its place only where providers' region texts name it (Cudo
//! `us-newyork-1`, `gb-london-1`, `se-stockholm-1`, `ca-montreal-1`; Vast `Texas, US`,
//! `California, US`, `Quebec, CA`; AutoDL `beijing-A`); a city none names ([`UNPLACED`]) is said
//! back, never read as the country it lies in.

use super::not_a_place::other_than_place;

pub use super::places::{PLACES, Place};

/// Cities people rent in that no provider's region text in the project's data names (checked
/// against /work/shared/data: SkyPilot's Lambda, RunPod, Cudo, DigitalOcean, Fluidstack,
/// Paperspace, GCP and Vast catalogs, Azure's prices, AutoDL's API samples, 2026-12-06; and the
/// catalog's `[platform.locations]`, 2026-12-06): said back, never read as the country they lie
/// in (GCP's `asia-northeast1` or Azure's `japaneast` may be Tokyo; the texts do not say so). A
/// city a catalog text names is its place's word instead (Alibaba Cloud's `Japan (Tokyo)`,
/// `Germany (Frankfurt)`, `China (Shanghai)`; a test holds the two apart).
pub const UNPLACED: &[&str] = &[
    " osaka",
    "大阪",
    " oregon",
    "俄勒冈",
    " seoul",
    "首尔",
    " mumbai",
    "孟买",
    " sydney",
    "悉尼",
    " paris",
    "巴黎",
    " amsterdam",
    "阿姆斯特丹",
    " dallas",
    "达拉斯",
    " chicago",
    "芝加哥",
    " los angeles",
    "洛杉矶",
    " seattle",
    "西雅图",
    " toronto",
    "多伦多",
    " dublin",
    "都柏林",
    " zurich",
    "苏黎世",
    " milan",
    "米兰",
    " madrid",
    "马德里",
    " warsaw",
    "华沙",
    " helsinki",
    "赫尔辛基",
    " bangkok",
    "曼谷",
    " taipei",
    "台北",
    "成都",
    "重庆",
    " chongqing",
    "张家口",
    "宁夏",
    " ningxia",
    " dubai",
    "迪拜",
    " riyadh",
    "利雅得",
    " tel aviv",
    "特拉维夫",
    " istanbul",
    "伊斯坦布尔",
    " sao paulo",
    "圣保罗",
];

/// The city no provider's region text names ([`UNPLACED`]) that `padded` asks about (not
/// where the user is), as written there without its padding.
pub fn city_unplaced(padded: &str) -> Option<&'static str> {
    let p = format!(" {padded} ");
    UNPLACED
        .iter()
        .find(|w| {
            named_there(&p, w)
                && (!w.is_ascii()
                    || p.match_indices(**w).any(|(at, _)| {
                        !p[at + w.len()..].starts_with(|c: char| c.is_ascii_alphanumeric())
                    }))
        })
        .map(|w| w.trim_start())
}

/// The city no provider's region text names ([`UNPLACED`]) said as where the person is
/// (`我在成都`, `我人在重庆`, `I'm in Dubai`): said back as [`city_unplaced`]'s are, never read
/// as its country nor passed over in silence (und_ct), as written there without its padding.
pub fn home_city_unplaced(padded: &str) -> Option<&'static str> {
    let p = format!(" {padded} ");
    UNPLACED
        .iter()
        .find(|w| {
            let name = w.trim_start();
            p.match_indices(name).any(|(at, _)| {
                let whole = !name.is_ascii()
                    || !p[at + name.len()..].starts_with(|c: char| c.is_ascii_alphanumeric());
                let before = p[..at].trim_end();
                whole
                    && where_i_am_leads().any(|lead| {
                        before.strip_suffix(&*lead).is_some_and(|b| {
                            !lead.is_ascii() || !b.ends_with(|c: char| c.is_ascii_alphanumeric())
                        })
                    })
            })
        })
        .map(|w| w.trim_start())
}

/// The place a `/platforms` word names (`us`, `eu`, `japan`, `jp`, `hk`, `美国`, `欧洲`): a
/// place's text, its short word or one of its Chinese names; `None` for the catalog's own split
/// (`cn`, `global`: needs of their own).
pub fn place_word(w: &str) -> Option<&'static str> {
    let w = w.to_lowercase();
    PLACES
        .iter()
        .filter(|p| !p.beside.is_empty())
        .find(|p| {
            p.text == w
                || p.beside.contains(&w.as_str())
                || p.said.iter().any(|s| !s.is_ascii() && *s == w)
        })
        .map(|p| p.text)
}

/// The wider place (`eu`, `asia`) a country lies in: its country code among the wider place's.
/// Every code of the place is the wider place's, so Europe is not within the Nordics though
/// they share Sweden's, nor is a place within one that holds only its Chinese name.
pub fn place_within(text: &str) -> Option<&'static str> {
    let codes: Vec<String> = place_codes(text)
        .into_iter()
        .filter(|c| c.is_ascii() && c.len() == 2)
        .collect();
    PLACES
        .iter()
        .filter(|p| p.text != text && p.codes.len() > 1)
        .find(|p| !codes.is_empty() && codes.iter().all(|c| p.codes.contains(&c.as_str())))
        .map(|p| p.text)
}

/// Nouns for the platforms or the machines a place is asked of (`欧洲的云`, `platforms in the
/// US`, `北京的机房`, `Singapore region`), ASCII ones whole words.
pub const HOSTS_IN_PLACE: &[&str] = &[
    "平台",
    "云",
    "机房",
    "节点",
    "服务商",
    "厂商",
    "算力",
    "platform",
    "platforms",
    "provider",
    "providers",
    "cloud",
    "clouds",
    "host",
    "hosts",
    "vendors",
    "datacenter",
    "datacenters",
    "data center",
    "data centers",
    "region",
    "regions",
    // The machines a place is asked of (`eu machines`, `machines in europe`, `有 us 机器`).
    "machines",
    "servers",
    "instances",
    "机器",
    "服务器",
];

/// Whether an ASCII word is a host noun of [`HOSTS_IN_PLACE`] typed with one slip
/// (`provders`, `platfroms`, `datacentre`): only nouns of eight letters or more, so a short
/// word (`hosts`, `clouds`) never takes in another English word (`ghosts`, `cloudy`); a word of
/// its own (`REAL_WORDS`) is never a slip.
pub fn host_noun_slip(word: &str) -> bool {
    word.len() >= 7
        && word.bytes().all(|b| b.is_ascii_lowercase())
        && !super::REAL_WORDS.contains(&word)
        && HOSTS_IN_PLACE.iter().any(|h| {
            h.len() >= 8
                && h.bytes().all(|b| b.is_ascii_lowercase())
                && *h != word
                && super::one_edit(h.as_bytes(), word.as_bytes())
        })
}

/// Words for a region a place's short word stands beside, either side.
const REGION_WORDS: &[&str] = &[
    "region", "regions", "region:", "区", "区域", "地区", "节点", "机房",
];

/// Words said just before a place that make it where the user is, not where the machine is.
const WHERE_I_AM: &[&str] = &[
    "from",
    "i'm in",
    "im in",
    "i am in",
    "we're in",
    "we are in",
    "i'm",
    "i am",
    "live in",
    "based in",
    "我在",
    "人在",
    "我是",
    "我喺",
    "来自",
    "住在",
    "身在",
];

/// Who can be at home somewhere: the person asking named by what they do (`a student in
/// Malaysia`) and the company, team or users they speak for (`EU company`, `美国用户`). One
/// table for both word orders: `<noun> in <place>` / `<noun>在<place>` and `<place> <noun>`.
pub(super) const PEOPLE_AT_HOME: &[&str] = &[
    "student",
    "students",
    "developer",
    "developers",
    "engineer",
    "engineers",
    "researcher",
    "researchers",
    "company",
    "startup",
    "team",
    "firm",
    "business",
    "user",
    "users",
    "公司",
    "团队",
    "用户",
];

/// Every lead that makes the place after it where the user is: [`WHERE_I_AM`]'s words, then
/// each of [`PEOPLE_AT_HOME`] with `in` (`student in`) or `在` (`公司在`).
pub(super) fn where_i_am_leads() -> impl Iterator<Item = std::borrow::Cow<'static, str>> {
    use std::borrow::Cow;
    let people = PEOPLE_AT_HOME.iter().map(|n| {
        Cow::Owned(if n.is_ascii() {
            format!("{n} in")
        } else {
            format!("{n}在")
        })
    });
    WHERE_I_AM.iter().map(|w| Cow::Borrowed(*w)).chain(people)
}

/// The region text of the place a question names (`新加坡有h100吗` → `singapore`), if any.
pub fn place_said(padded: &str) -> Option<&'static str> {
    let p = format!(" {padded} ");
    PLACES
        .iter()
        .find(|place| place.said.iter().any(|w| named_there(&p, w)))
        .map(|place| place.text)
        .or_else(|| beside_region_word(&super::place_not_wanted::untold(&p)))
}

/// Whether `word` is in `p` somewhere not said as where the user is, nor as something else
/// of the place (`美国的卡`, `US dollars`).
fn named_there(p: &str, word: &str) -> bool {
    p.match_indices(word).any(|(at, _)| {
        if other_than_place(&p[at + word.trim_end().len()..]) {
            return false;
        }
        // The name itself, after a leading `in the ` or `in ` of the phrase.
        let lead = word.len() - word.trim_start().len();
        let rest = &word[lead..];
        let skip = ["in the ", "in "]
            .iter()
            .find(|w| rest.starts_with(**w))
            .map_or(0, |w| w.len());
        let name_at = at + lead + skip;
        !said_as_home(&p[..name_at])
            && !super::place_not_wanted::place_not_wanted(p, name_at, at + word.trim_end().len())
    })
}

/// Whether a place right after `before` is said as where the user is: `before` ends with a
/// where-I-am lead (`我在`, `I'm in`, `based in`, `a student in`; `the` between, `I'm in the
/// US`), and not as where hosts are (`clouds based in canada`). The one test of home against a
/// place asked, for the place readers and the needs alike (`我在国内` is no `cn` filter).
pub fn said_as_home(before: &str) -> bool {
    let before = before.trim_end();
    let before = before.strip_suffix(" the").unwrap_or(before);
    where_i_am_leads().any(|w| {
        before.strip_suffix(&*w).is_some_and(|b| {
            // `clouds based in canada`: where the platforms are, not the user.
            let hosts = w == "based in"
                && HOSTS_IN_PLACE
                    .iter()
                    .any(|h| h.is_ascii() && b.trim_end().ends_with(h));
            !b.ends_with(|c: char| c.is_ascii_alphanumeric()) && !hosts
        })
    })
}

/// `us region 的 h100`, `region eu`, `jp 节点`: a place's short word beside a word for region;
/// or said as where the hosts are (`us based gpu clouds`, `eu-based providers`,
/// [`based_hosts_at`]).
fn beside_region_word(p: &str) -> Option<&'static str> {
    let w: Vec<&str> = p.split_whitespace().collect();
    let code = |t: &str| {
        PLACES
            .iter()
            .find(|place| place.beside.contains(&t))
            .map(|place| place.text)
    };
    let beside = w.windows(2).find_map(|pair| {
        let region = |t: &str| REGION_WORDS.contains(&t);
        match (code(pair[0]), code(pair[1])) {
            (Some(r), _) if region(pair[1]) => Some(r),
            (_, Some(r)) if region(pair[0]) => Some(r),
            _ => None,
        }
    });
    beside
        .or_else(|| {
            (0..w.len()).find_map(|i| {
                // `us-based` as one word, or `us based` / `us located` as two.
                let (place, next) = match w[i].split_once('-') {
                    Some((c, b)) if BASED.contains(&b) => (c, i + 1),
                    _ if w.get(i + 1).is_some_and(|b| BASED.contains(b)) => (w[i], i + 2),
                    _ => return None,
                };
                code(place).filter(|_| based_hosts_at(&w, next))
            })
        })
        .or_else(|| {
            // `eu gpu providers`, `us providers`, `japan gpu clouds`: a place's short word said as
            // an adjective of the host noun, a word of what they sell between at most (never
            // `india, which platform`); never `us` as the object
            // of a verb or preposition (`show us providers`, `for us`).
            (0..w.len()).find_map(|i| {
                // Only a short word that is an English pronoun too can be an object.
                let object =
                    i > 0 && OBJECT_LEADS.contains(&w[i - 1]) && PRONOUN_CODES.contains(&w[i]);
                let host = |t: &&str| {
                    HOSTS_IN_PLACE
                        .iter()
                        .any(|h| h.is_ascii() && t.trim_end_matches([',', '.', '?']) == *h)
                };
                let next = w.get(i + 1);
                let adjective = next.is_some_and(host)
                    || (next.is_some_and(|t| HOST_MODIFIERS.contains(t))
                        && w.get(i + 2).is_some_and(host))
                    || next.is_some_and(|t| zh_host_leads(t));
                code(w[i])
                    .filter(|_| !object && adjective)
                    .or_else(|| glued_zh_host(w[i]).and_then(code))
            })
        })
        .or_else(|| at_zai(p).and_then(code))
}

/// `在 eu 有机器`, `在jp有服务器`, `在 sg 的节点`: a place's short word after `在` (Chinese `in`),
/// the hosts' as ` in eu ` is, with what is there after it (`有`, `的`, a host noun); never where
/// the person is (`我在us`, [`said_as_home`]) nor `在` inside a word of time (`现在`, `正在`).
fn at_zai(p: &str) -> Option<&str> {
    p.match_indices('在').find_map(|(at, z)| {
        let before = &p[..at];
        if said_as_home(&p[..at + z.len()]) || before.ends_with(['现', '正', '实', '存']) {
            return None;
        }
        let rest = p[at + z.len()..].trim_start();
        let end = rest
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(rest.len());
        let after = rest[end..].trim_start();
        let there = after.starts_with(['有', '的']) || zh_host_leads(after);
        (end > 0 && there).then(|| &rest[..end])
    })
}

/// Whether a word starts with a Chinese host noun (`机器、能用paypal的平台`, `平台`): the place
/// said right before it is the hosts' (`有 us 机器`).
fn zh_host_leads(t: &str) -> bool {
    HOSTS_IN_PLACE
        .iter()
        .any(|h| !h.is_ascii() && t.starts_with(h))
}

/// A place's short word glued to a Chinese host noun (`有us机器的平台`, `eu平台`): the short word,
/// a run of ASCII letters with no letter before it.
fn glued_zh_host(t: &str) -> Option<&str> {
    t.char_indices().find_map(|(at, c)| {
        let starts =
            c.is_ascii_alphabetic() && !t[..at].ends_with(|b: char| b.is_ascii_alphabetic());
        if !starts {
            return None;
        }
        let len = t[at..]
            .find(|b: char| !b.is_ascii_alphabetic())
            .unwrap_or(t.len() - at);
        zh_host_leads(&t[at + len..]).then(|| &t[at..at + len])
    })
}

/// The places' short words that are English pronouns too (`show us`, `for us`).
const PRONOUN_CODES: &[&str] = &["us"];

/// Words that may stand between a place said as an adjective and its host noun (`eu gpu
/// providers`, `us cloud hosts`): what the hosts sell, never a word of another clause.
const HOST_MODIFIERS: &[&str] = &["gpu", "gpus", "cloud", "ai", "compute", "hosting", "server"];

/// Words after which `us` is the pronoun, the object of a verb or preposition (`show us`,
/// `give us`, `for us`), never the place.
const OBJECT_LEADS: &[&str] = &[
    "show",
    "give",
    "tell",
    "let",
    "help",
    "send",
    "find",
    "get",
    "recommend",
    "suggest",
    "for",
    "to",
    "with",
    "of",
    "let's",
    "ask",
    "lets",
];

/// The words that say where a company or its machines are (`based`, `located`) after a place's
/// short word (`us based`).
const BASED: &[&str] = &["based", "located", "hosted"];

/// Whether a host noun ([`HOSTS_IN_PLACE`]: providers, clouds, platforms) stands among the two
/// words from `at` (`us based gpu clouds`): the place is the hosts'. `us based company`, `we
/// are us based` say where the person is, which filters nothing (`home_place`).
fn based_hosts_at(w: &[&str], at: usize) -> bool {
    w.iter().skip(at).take(2).any(|t| {
        HOSTS_IN_PLACE
            .iter()
            .any(|h| h.is_ascii() && t.trim_end_matches([',', '.']) == *h)
    })
}

/// A datacenter's code as a provider writes it, which names no place by itself (DigitalOcean's
/// `nyc2`), with the place it lies in and where the provider says so: matched as a whole word of
/// a region text, like a country code. A code no source places is left out, so a list holding it
/// is unknown outside the places it names (`located::platform_in_place`), never guessed.
pub struct Site {
    pub code: &'static str,
    pub place: &'static str,
    pub source: &'static str,
}

/// DigitalOcean's region slugs (the API's `/v2/regions` names them "New York 1/2/3", the US
/// place's `new york`). Paperspace's `NY2` and `CA1` ("East Coast (NY2)", "West Coast (CA1)")
/// are not here: no source read names their country.
pub const SITES: &[Site] = &[
    Site {
        code: "nyc1",
        place: "us",
        source: "https://gist.github.com/coolaj86/dfa7505c6f0334450ce5fee6aa2d797f (DigitalOcean API /v2/regions: slug nyc1, name New York 1)",
    },
    Site {
        code: "nyc2",
        place: "us",
        source: "https://gist.github.com/dzt/8499a5f3ee0e3fc390891c64f737d3c6 (DigitalOcean API regions: New York 2, nyc2)",
    },
    Site {
        code: "nyc3",
        place: "us",
        source: "https://gist.github.com/dzt/8499a5f3ee0e3fc390891c64f737d3c6 (DigitalOcean API regions: New York 3, nyc3)",
    },
];

/// The country codes (and datacenter codes, [`SITES`]) that stand for the place written
/// `region=<text>` (`japan` → `jp`, `us` → `nyc2`), each to match a whole word of an offer's
/// region text; none for a text that names no place.
pub fn place_codes(text: &str) -> Vec<String> {
    let t = text.to_lowercase();
    let mut codes: Vec<String> = PLACES
        .iter()
        .find(|place| place.text == t)
        .map(|place| place.codes.iter().map(|c| c.to_string()).collect())
        .unwrap_or_default();
    codes.extend(
        SITES
            .iter()
            .filter(|s| s.place == t)
            .map(|s| s.code.to_string()),
    );
    codes
}

/// The place a sentence asks machines in (`在美国的机器`, `need servers in europe`, `香港的`,
/// `us region`): its region text (`us`, `eu`, `hk`) and the words as said (`美国`, `europe`),
/// where the user is left out (`I'm in Singapore`). The catalog's own split (`国内`, `海外`) is
/// a region of platforms, not a place: `None` for it.
pub fn place_named(text: &str) -> Option<(&'static str, &'static str)> {
    let p = format!(" {text} ");
    let said = PLACES
        .iter()
        .filter(|place| !matches!(place.text, "cn" | "global"))
        .find_map(|place| {
            let w = place.said.iter().find(|w| named_there(&p, w))?;
            let w = w.trim();
            let w = ["in the ", "in "]
                .iter()
                .find_map(|lead| w.strip_prefix(lead))
                .unwrap_or(w);
            Some((place.text, w.trim_end_matches(['的', ' '])))
        });
    said.or_else(|| {
        beside_region_word(&p)
            .filter(|t| !matches!(*t, "cn" | "global"))
            .map(|t| (t, t))
    })
}

/// A place as it is written back: an abbreviation in capitals (`EU`, `UK`), a name capitalised
/// (`/pick`'s echo and `/stock`'s home line alike).
pub fn place_written(p: &str) -> String {
    if p.is_ascii() && p.len() <= 3 {
        return p.to_uppercase();
    }
    let mut c = p.chars();
    c.next()
        .map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_as_said() {
        assert_eq!(place_said("新加坡有h100吗"), Some("singapore"));
        assert_eq!(place_said("any 4090 in the uk?"), Some("gb"));
        assert_eq!(place_said("日本节点的4090多少钱"), Some("japan"));
        assert_eq!(place_said("北美的h100有货吗"), Some("us"));
        assert_eq!(place_said("jp 节点 的 4090"), Some("japan"));
        // Where the user is: no place asked.
        assert_eq!(place_said("hi from korea. i search a6000"), None);
        assert_eq!(
            place_said("i'm in singapore, where can i get an h100"),
            None
        );
        assert_eq!(place_said("我在香港，4090哪里有货"), None);
        // The catalog's split, as before.
        assert_eq!(place_said("国内哪里有4090"), Some("cn"));
        assert_eq!(place_said("海外有没有便宜的a100"), Some("global"));
    }

    #[test]
    fn cities_providers_name_and_cities_none_names() {
        assert_eq!(place_said("new york region h100"), Some("us"));
        assert_eq!(place_said("伦敦的a100有吗"), Some("gb"));
        assert_eq!(place_said("北京的机房"), Some("cn"));
        assert_eq!(place_said("我在北京，4090哪里便宜"), None);
        assert_eq!(
            place_said("any gpu clouds based in canada?"),
            Some("canada")
        );
        assert_eq!(place_said("i'm based in canada, any cheap h100?"), None);
        assert_eq!(city_unplaced(" 4090 in osaka "), Some("osaka"));
        assert_eq!(city_unplaced(" 首尔节点的h100 "), Some("首尔"));
        assert_eq!(city_unplaced(" 我在首尔，4090哪里便宜 "), None);
        // Named by Alibaba Cloud's own list (`Germany (Frankfurt)`, `Japan (Tokyo)`): read.
        assert_eq!(city_unplaced(" 4090 in frankfurt "), None);
        assert_eq!(place_said("东京节点的h100"), Some("japan"));
        assert_eq!(city_unplaced(" comparison of parisian prices "), None);
    }

    #[test]
    fn platforms_words_name_places() {
        assert_eq!(place_word("us"), Some("us"));
        assert_eq!(place_word("欧洲"), Some("eu"));
        assert_eq!(place_word("jp"), Some("japan"));
        assert_eq!(place_word("cn"), None);
        assert_eq!(place_within("germany"), Some("eu"));
        assert_eq!(place_within("us"), None);
    }

    #[test]
    fn a_place_stands_for_its_country_codes() {
        assert!(place_codes("japan").contains(&"jp".to_string()));
        assert!(place_codes("eu").contains(&"de".to_string()));
        assert!(place_codes("ca-mtl").is_empty());
        // A datacenter's code a provider's own list names stands for its place.
        assert!(place_codes("us").contains(&"nyc2".to_string()));
    }

    #[test]
    fn a_place_named_with_its_words() {
        assert_eq!(place_named("在美国的机器"), Some(("us", "美国")));
        assert_eq!(
            place_named("need servers in europe"),
            Some(("eu", "europe"))
        );
        assert_eq!(place_named("香港的"), Some(("hk", "香港")));
        assert_eq!(place_named("us region 的 a100"), Some(("us", "us")));
        assert_eq!(place_named("亚洲的机器"), Some(("asia", "亚洲")));
        // Where the user is, and the catalog's own split, are no place asked.
        assert_eq!(place_named("i'm in singapore"), None);
        assert_eq!(place_named("国内的平台"), None);
        // A place word that is no place: a card, a currency.
        assert_eq!(place_named("只有美国的卡"), None);
        assert_eq!(place_named("i get paid in us dollars"), None);
    }

    #[test]
    fn a_place_the_hosts_are_based_in() {
        assert_eq!(place_named("us based gpu clouds"), Some(("us", "us")));
        assert_eq!(place_named("eu-based providers"), Some(("eu", "eu")));
        assert_eq!(
            place_named("japan located platforms"),
            Some(("japan", "japan"))
        );
        // Where the company asking is, and `us` the pronoun, filter nothing.
        assert_eq!(place_named("we are a us based company"), None);
        assert_eq!(place_named("help us pick a cloud"), None);
    }

    #[test]
    fn a_place_said_of_the_machines() {
        assert_eq!(place_said(" providers with eu machines "), Some("eu"));
        assert_eq!(place_said(" 有 us 机器、能用paypal的平台 "), Some("us"));
        assert_eq!(place_said(" 有us机器的平台 "), Some("us"));
        // `us` the object of a verb stays the pronoun.
        assert_eq!(place_said(" show us machines with paypal "), None);
    }
}
