//! Words a question says that the bot cannot use and must not pass over: a card the catalog
//! does not know (`4060ti`, `rtx 4050`) and a currency it has no rate for (`rupees`, `日元`).
//! Reading the rest of the sentence without them answers another question (another card's
//! prices, a figure in dollars for someone who asked in yen), so the answer names the word
//! instead, with what it could have meant.

use super::text::{normalize, tokens};
use super::{Reading, read};
use crate::catalog::Catalog;

/// What a question says that no answer can honour.
#[derive(Debug, Clone, PartialEq)]
pub enum Unheard {
    /// A card's name the catalog does not know; `near`: catalog ids of cards close to it,
    /// `lines`: the question read again with each of them (typed, to choose from).
    Card {
        word: String,
        near: Vec<String>,
        lines: Vec<String>,
    },
    /// A currency without an exchange rate; `lines`: the question read in the chat's own.
    Currency { word: String, lines: Vec<String> },
    /// A length said that no bill can use (zero, or beyond 100 years): said back, never
    /// replaced by the default hour.
    Span { word: String },
    /// A number before a word that is no unit the reader knows, where a length would stand
    /// (`3 sprints`, `3 ghanto`): said back, never priced as the default hour; `lines`: the
    /// question with the number as hours and as days, to tap.
    Unit { word: String, lines: Vec<String> },
    /// A ceiling word whose amount could not be read (`低于几块`, `under a few bucks`) beside an
    /// alert, a stock ask or offers: said back, never dropped (the alert would fire at any
    /// price); `lines`: the reading without a cap, to tap.
    Cap { word: String, lines: Vec<String> },
    /// A ceiling on an alert's count of cards (`最多2张的4090到货提醒我`): an alert waits for
    /// a floor only, so it is said back, never turned into one; `lines`: the alert on any
    /// machine and today's offers with at most `count` cards, to tap.
    CountCeiling { count: u32, lines: Vec<String> },
    /// A count of cards below one (`-1张4090`): said back, never read as one card.
    Count { word: String },
    /// A follow-up without its question (`那A100呢`): the bot keeps no earlier question, so it
    /// asks for the whole one; `lines`: what the words alone ask, to tap.
    FollowUp { lines: Vec<String> },
    /// A model the catalog does not size (`xtts`, `whisper`); `lines`: the question read
    /// without it (the card's specs), to tap.
    Model { word: String, lines: Vec<String> },
    /// An image or video model the diffusion data does not size yet (`cogvideox-5b`), of
    /// `family`: said, never sized as a language model from its name; `lines`: the cards named.
    Media {
        word: String,
        family: String,
        lines: Vec<String>,
    },
    /// A quantization format the fit has no size for (`UD-Q2_K_XL`, `exl2 4.65bpw`, `2-bit`):
    /// said back, never sized as another; `lines`: the question read with a format at least
    /// as large, where one is known.
    Quant { word: String, lines: Vec<String> },
    /// A cloud the catalog does not hold (`sagemaker`, `aws`); `lines`: the question read
    /// without it, to tap.
    Platform { word: String, lines: Vec<String> },
    /// A city no provider's region text names (`osaka`, `成都`): said back, never read as
    /// the country it lies in nor passed over; `lines`: the question read without it, to tap.
    /// `home`: said as where the person is (`我在成都`), not asked of machines.
    Place {
        word: String,
        lines: Vec<String>,
        home: bool,
    },
    /// A laptop card the catalog has no entry of (`3060笔记本`): `card` is the desktop card's
    /// id, never answered in its place; `lines`: the question read without the card (a memory
    /// size said kept), to tap.
    Laptop { card: String, lines: Vec<String> },
    /// How long a budget lasts on a card (`50块钱能用多久4090`): no command answers it, so it
    /// is said, with the hourly prices it divides by (`lines`).
    Budget { lines: Vec<String> },
}

/// Words asking how long an amount lasts.
const HOW_LONG: &[&str] = &[
    "how long can",
    "how long will",
    "how long would",
    "how long does",
    "how many hours",
    "能用多久",
    "能跑多久",
    "能租多久",
    "可以用多久",
    "可以跑多久",
    "用多久",
    "跑多久",
    "租多久",
    "能用几个小时",
    "能用几小时",
    "能跑几个小时",
    "能用多少小时",
    "能跑多少小时",
];

/// Words after a number that make it a length of time, an amount or a volume, never a card.
const NOT_A_CARD_AFTER: &[&str] = &[
    "万", "亿", "千", "tok", "million", "billion", "thousand", "hour", "hr", "min", "day", "week",
    "month", "year", "小时", "分钟", "天", "周", "个月", "月", "年", "块", "元", "刀", "美元",
    "dollar", "usd", "cny", "yuan", "gb", "mb", "个", "字", "w", "k",
];

const BRANDS: &[&str] = &["rtx", "gtx", "rx", "geforce"];
const SUFFIXES: &[&str] = &["ti", "super", "xt", "xtx", "d"];

/// The first card name or unsupported currency the question says, if any.
pub fn unheard(catalog: &Catalog, text: &str) -> Option<Unheard> {
    unheard_with(catalog, text, true)
}

/// [`unheard`] in a chat with a last reading: a follow-up is that reading's to read, so only
/// what no reading can honour (a card or currency unknown, a length or count unusable, a
/// budget's "how long") is said.
pub fn unheard_after_reading(catalog: &Catalog, text: &str) -> Option<Unheard> {
    unheard_with(catalog, text, false)
}

fn unheard_with(catalog: &Catalog, text: &str, follow_ups: bool) -> Option<Unheard> {
    let norm = normalize(text);
    let toks = tokens(&norm);
    // A sum in that currency asked in another (`5000日元是多少人民币`) is `/convert`'s, whose
    // answer says which rate it holds and which it lacks.
    let converted = || {
        matches!(
            read(catalog, text),
            Reading::Command(super::Request::Convert(_))
        )
    };
    if let Some(word) = currency_word(&norm, &toks).filter(|_| !converted()) {
        let lines = match read(catalog, &strip(&norm, &word)) {
            Reading::Command(r) => vec![r.line()],
            _ => Vec::new(),
        };
        return Some(Unheard::Currency { word, lines });
    }
    if let Some(word) = super::span::unusable_span(&toks) {
        return Some(Unheard::Span { word });
    }
    if let Some((word, lines)) = super::unknown_unit::unknown_unit(catalog, &norm, &toks) {
        return Some(Unheard::Unit { word, lines });
    }
    // A ceiling word of any kind: the reading is read once for both checks below.
    let padded = format!(" {norm} ");
    let ceiling = crate::lexicon::ceiling_said(&padded);
    let bound_word = crate::lexicon::CEILINGS
        .iter()
        .any(|c| padded.contains(c.word.trim()));
    if ceiling || bound_word {
        let reading = read(catalog, text);
        if let Some(word) = super::cap_unread::unread_cap(&norm, &reading).filter(|_| ceiling) {
            return Some(Unheard::Cap {
                word,
                lines: reading.lines(),
            });
        }
        // An alert's cards bounded from above: said back, never set as a floor.
        if let Some((count, lines)) = super::cards_bounded::alert_ceiling(&norm, &reading) {
            return Some(Unheard::CountCeiling { count, lines });
        }
    }
    let is_card = |w: &str| catalog.find_gpu(w.trim_end_matches('s')).is_some();
    if let Some(word) = super::card_count::negative_said(&toks, is_card) {
        return Some(Unheard::Count { word });
    }
    if follow_ups && let Some(lines) = super::follow_up::fragment_lines(catalog, &norm) {
        return Some(Unheard::FollowUp { lines });
    }
    if let Some(u) = budget(catalog, &norm, &toks) {
        return Some(u);
    }
    if let Some((word, above)) = super::community_quants::unknown_format(&norm) {
        let lines = above
            .and_then(
                |q| match read(catalog, &norm.replacen(&word, &format!(" {q} "), 1)) {
                    Reading::Command(r @ super::Request::Fit(_)) => Some(vec![r.line()]),
                    _ => None,
                },
            )
            .unwrap_or_default();
        return Some(Unheard::Quant { word, lines });
    }
    if let Some((word, family, lines)) = super::unknown_model::unsized_media(catalog, &norm) {
        return Some(Unheard::Media {
            word,
            family,
            lines,
        });
    }
    if let Some((word, lines)) = super::unknown_model::unknown_model(catalog, &norm) {
        return Some(Unheard::Model { word, lines });
    }
    if let Some((word, lines)) = super::unknown_platform::unknown_platform(catalog, &norm) {
        return Some(Unheard::Platform { word, lines });
    }
    place_or_card(catalog, text, &norm, &toks)
}

/// The last things [`unheard_with`] looks for: a city it cannot place, a laptop card, a card it
/// does not know (with near cards of the same line).
fn place_or_card(catalog: &Catalog, text: &str, norm: &str, toks: &[String]) -> Option<Unheard> {
    let padded = format!(" {norm} ");
    let city = crate::lexicon::city_unplaced(&padded).map(|c| (c, false));
    let home = || crate::lexicon::home_city_unplaced(&padded).map(|c| (c, true));
    if let Some((city, home)) = city.or_else(home) {
        let without = norm.replace(&format!("in {city}"), " ").replace(city, " ");
        let lines = match read(catalog, &without) {
            Reading::Command(r) => vec![r.line()],
            _ => Vec::new(),
        };
        return Some(Unheard::Place {
            word: city.to_string(),
            lines,
            home,
        });
    }
    if let Some(card) = super::laptop_card::laptop_unknown(catalog, toks) {
        let lines = match read(catalog, text) {
            Reading::Command(r) => vec![r.line()],
            _ => Vec::new(),
        };
        return Some(Unheard::Laptop { card, lines });
    }
    let word = unknown_card(catalog, toks)?;
    // A card of another line is no near card (`p40` is no `a40`, a `2080 ti` no `3080 ti`):
    // only names starting as the word does are offered.
    let near: Vec<String> = catalog
        .gpu(&word)
        .err()
        .map(|nf| nf.suggestions)
        .unwrap_or_default()
        .into_iter()
        .filter(|id| same_line(&word, id))
        .collect();
    let mut lines: Vec<String> = near
        .iter()
        .filter_map(
            |id| match read(catalog, &norm.replacen(&word, &format!(" {id} "), 1)) {
                Reading::Command(r) if norm.contains(&word) => Some(r.line()),
                _ => None,
            },
        )
        .collect();
    // `phi-4 能在4060上跑吗`: the model's own need, sized on no card, offered first (the near
    // cards are only guesses).
    if norm.contains(&word)
        && let Reading::Command(r @ super::Request::Fit(_)) =
            read(catalog, &norm.replacen(&word, " ", 1))
        && !lines.contains(&r.line())
    {
        lines.insert(0, r.line());
    }
    Some(Unheard::Card { word, near, lines })
}

/// Whether catalog card `id` starts as the unknown `word` does (its first letter or digit,
/// a brand aside): `h10` may be a slip for `h100`, a `p40` is never an `a40`.
fn same_line(word: &str, id: &str) -> bool {
    let first = |s: &str| {
        let s = s.trim_start_matches("rtx").trim_start_matches("gtx");
        s.trim_start_matches([' ', '-']).chars().next()
    };
    first(word).is_some() && first(word) == first(id)
}

/// An amount of money and "how long" about one card: the card's hourly prices to divide by.
fn budget(catalog: &Catalog, norm: &str, toks: &[String]) -> Option<Unheard> {
    let padded = format!(" {norm} ");
    if !HOW_LONG.iter().any(|w| padded.contains(w)) {
        return None;
    }
    let (money, _) = super::price::find_price(norm)?;
    if money.per.is_some() {
        return None;
    }
    let e = super::entities::entities(catalog, toks);
    let [g] = e.gpus.as_slice() else {
        return None;
    };
    let hour = super::request::Usage::Once(rust_decimal::Decimal::from(3600));
    let lines = super::request::compare_on(g, &hour, &e.platforms)
        .map(|r| vec![r.line()])
        .unwrap_or_default();
    Some(Unheard::Budget { lines })
}

fn currency_word(norm: &str, toks: &[String]) -> Option<String> {
    toks.iter()
        // Currencies the exchange table has no rate for: the lexicon's class
        // (`lexicon::CURRENCIES`), as a word of its own, inside a Chinese run, or as a sign.
        .find(|t| crate::lexicon::UNRATED_WORDS.contains(&t.as_str()))
        .cloned()
        .or_else(|| {
            crate::lexicon::UNRATED_PARTS
                .iter()
                .find(|p| norm.contains(*p))
                .map(|p| p.to_string())
        })
}

/// The question without the currency word and the words that tie it in (`in rupees`, `多少日元`
/// → `多少钱`), for the reading offered in the chat's currency instead.
fn strip(norm: &str, word: &str) -> String {
    let s = norm
        .replace(&format!("in {word}"), " ")
        .replace(word, " 钱 ");
    s.replace("多少 钱 ", "多少钱 ")
}

/// A word shaped like a card's model number (`4060ti`, `rtx 4050`, `h300`) that no catalog
/// card answers to, with its brand and suffix words joined as it was written.
pub(super) fn unknown_card(catalog: &Catalog, toks: &[String]) -> Option<String> {
    for (k, t) in toks.iter().enumerate() {
        let next = toks.get(k + 1).map(String::as_str);
        if next.is_some_and(|n| NOT_A_CARD_AFTER.iter().any(|u| n.starts_with(u))) {
            continue;
        }
        let branded = k > 0 && BRANDS.contains(&toks[k - 1].as_str());
        if !card_shape(t, branded) {
            continue;
        }
        let mut word = if branded {
            format!("{} {t}", toks[k - 1])
        } else {
            t.clone()
        };
        if let Some(s) = next.filter(|n| SUFFIXES.contains(n)) {
            word = format!("{word} {s}");
        }
        // `a100s`, `h20s`: a plural of a card the reader knows (it forgives the `s` too).
        let singular = word
            .strip_suffix('s')
            .filter(|w| w.ends_with(|c: char| c.is_ascii_digit()));
        let known = |w: &str| catalog.find_gpu(w).is_some() || names_a_card(catalog, w);
        if !known(&word) && !singular.is_some_and(known) {
            return Some(word);
        }
    }
    None
}

/// Whether a catalog card's id or name starts with the word (`v100`, `a100`: a family the
/// reader narrows itself), so only a number no card has is said to be unknown. A GeForce
/// number is no family of its `Ti` or `SUPER` (`5060` is not the 5060 Ti: another product).
fn names_a_card(catalog: &Catalog, word: &str) -> bool {
    let w = crate::catalog::normalize(word);
    let bare = w.strip_prefix("rtx").unwrap_or(&w);
    let heads = |n: &str, w: &str| {
        n.strip_prefix(w)
            .is_some_and(|rest| !rest.starts_with("ti") && !rest.starts_with("super"))
    };
    catalog.gpus.iter().any(|g| {
        [g.id.as_str(), g.name.as_str()].iter().any(|n| {
            let n = crate::catalog::normalize(n);
            heads(&n, &w)
                || n.strip_prefix("rtx").is_some_and(|n| heads(n, bare))
                || n.strip_prefix("geforcertx").is_some_and(|n| heads(n, bare))
                || n.strip_prefix("nvidia").is_some_and(|n| heads(n, bare))
        })
    })
}

/// Whether `t` is shaped like a card's model number: four digits as GeForce and Radeon cards
/// are numbered (`4060`, `4050ti`, `7900xtx`; unbranded only `x0y0` with y ≥ 5, so `2000` or
/// `1024` is never a card), or a data-centre letter with two or three digits (`h300`, `a16`).
pub(super) fn card_shape(t: &str, branded: bool) -> bool {
    let t = t.strip_prefix("rtx").or(t.strip_prefix("gtx")).unwrap_or(t);
    let digits: String = t.chars().take_while(char::is_ascii_digit).collect();
    let rest = &t[digits.len()..];
    if digits.len() == 4 {
        let d: Vec<u32> = digits.chars().filter_map(|c| c.to_digit(10)).collect();
        // GeForce `x0y0` (y ≥ 5), or a Radeon number with its `xt`/`xtx` (`7900xtx`).
        let numbered =
            (d[0] > 0 && d[1] == 0 && d[2] >= 5 && d[3] == 0) || matches!(rest, "xt" | "xtx");
        // `4090s` is a plural, not a suffix.
        let suffix = rest.is_empty() || SUFFIXES.contains(&rest);
        return (branded || numbered) && suffix;
    }
    // `p95`, `p99`: latency percentiles, no Pascal card.
    if matches!(t, "p50" | "p90" | "p95" | "p99") {
        return false;
    }
    // AMD Instinct cards and Grace superchips (`mi355x`, `mi250`, `gb300`): the prefix, three
    // digits and a form letter at most.
    if let Some(body) = ["mi", "gb", "gh"].iter().find_map(|p| t.strip_prefix(p)) {
        let n = body.chars().take_while(char::is_ascii_digit).count();
        return n == 3 && matches!(&body[n..], "" | "x" | "a" | "s");
    }
    let mut cs = t.chars();
    // Kepler, Maxwell and Pascal cards people still own (`k80`, `m40`, `p40`, `p100`) too.
    if !cs.next().is_some_and(|c| "abhlvkmp".contains(c)) {
        return false;
    }
    let body = cs.as_str();
    let n: String = body.chars().take_while(char::is_ascii_digit).collect();
    let tail = &body[n.len()..];
    (2..=3).contains(&n.len()) && (tail.is_empty() || tail == "s")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_shapes() {
        for t in [
            "4060ti", "4050", "rtx4050", "7900xtx", "h300", "a16", "b100", "l50s", "p40", "k80",
            "m40", "p100", "mi355x", "mi250", "gb300",
        ] {
            assert!(card_shape(t, false), "{t}");
        }
        for t in [
            "2000", "1024", "2048", "qwen2", "72b", "h1", "t5", "x100", "5000", "4090s", "p99",
            "mini", "mi3", "gbx",
        ] {
            assert!(!card_shape(t, false), "{t}");
        }
        assert!(card_shape("5000", true));
    }
}
