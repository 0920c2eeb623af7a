//! Lengths and kinds said in words, written plainly before a question is read, and quotes listed: a whole month
//! (`for whole month` → 1 month), a length said with `nonstop` (`two weeks … nonstop` is 14
//! days, not always on), hours and minutes said `two hours fifteen`, `full precision` (the
//! published format, no full fine-tune), `从零训` (training from scratch), `2 piece 4090`
//! (two cards), and a card's quotes listed (`列出所有4090报价`, `4卡以上的3090报价` →
//! `/offers`).

use super::Reading;
use super::question::Question;
use super::request::{self as make, Cards};
use super::words::CHEAP_WORDS;
use crate::catalog::Catalog;

/// Words said for another, longest first where one holds another.
const SAID: &[(&str, &str)] = &[
    ("for a whole month", "for 1 month"),
    ("for the whole month", "for 1 month"),
    ("for whole month", "for 1 month"),
    ("for a full month", "for 1 month"),
    // The published format (the lexicon's phrase), never `full` the full fine-tune.
    ("full precision", " unquantized "),
    ("full-precision", " unquantized "),
    ("full precison", " unquantized "),
    // Half and single precision named in Chinese: the formats they are (`half` is FP16 in English).
    ("半精度", " fp16 "),
    ("单精度", " fp32 "),
    ("从零开始训练", "预训练"),
    ("从零训练", "预训练"),
    ("从零开始训", "预训练"),
    ("从零训", "预训练"),
    ("from scratch", " pretrain "),
    // Cantonese money: `蚊` is yuan (`十五蚊`), `低過` below (a cap), `俾咗` paid.
    ("蚊", "块"),
    ("低过", "低于"),
    ("俾了", "付了"),
];
/// Words of a length said beside `nonstop`.
const LENGTHS: &[&str] = &["week", "day", "month", "hour", "周", "天", "小时", "个月"];
/// Words that list a card's quotes.
const LISTED: &[&str] = &[
    "报价",
    "列出",
    "list all",
    "all offers",
    "all quotes",
    "quotes",
];

/// `norm` with its lengths and kinds written plainly.
pub(super) fn plain(catalog: &Catalog, norm: &str) -> String {
    // Cantonese money first, and the text read again, so `兩蚊` is `2块` like `两块`.
    let mut s = if norm.contains('蚊') || norm.contains("低过") {
        super::normalize(&norm.replace('蚊', "块").replace("低过", "低于"))
    } else {
        norm.to_string()
    };
    for (w, by) in SAID {
        s = s.replace(w, by);
    }
    // `fp 16`, `16 bit`, `16位`: a format written apart, as its one word (the lexicon's).
    let mut s = crate::lexicon::formats_joined(&s);
    if LENGTHS.iter().any(|w| s.contains(w)) {
        for w in [" nonstop", " non-stop", " non stop", "不停"] {
            s = s.replace(w, " ");
        }
    }
    second_sized(catalog, &hours_then_minutes(&pieces(catalog, &s)))
}

/// Words that set one card against another (`a100 40g pcie跟80g sxm`).
const AGAINST: &[&str] = &["跟", "和", "与", " vs ", "还是", " and ", " or "];

/// `a100 40g pcie跟80g sxm`: a second size set against a sized card is that card's family in
/// the second size and form (`… 跟 a100-80g-sxm`), where the catalog has it.
fn second_sized(catalog: &Catalog, s: &str) -> String {
    let Some((family, first)) = family_sized(s) else {
        return s.to_string();
    };
    for w in AGAINST {
        let Some(at) = s[first..].find(w).map(|a| a + first + w.len()) else {
            continue;
        };
        let rest = s[at..].trim_start();
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        if digits == 0 || !rest[digits..].starts_with('g') {
            continue;
        }
        let start = s.len() - rest.len();
        let after = rest[digits..]
            .trim_start_matches("gb")
            .trim_start_matches('g');
        let form = after.split_whitespace().next().unwrap_or("");
        let named = |id: String| {
            catalog
                .find_gpu(&id)
                .filter(|g| g.id == id)
                .map(|g| g.id.clone())
        };
        let with_form = named(format!("{family}-{}g-{form}", &rest[..digits]));
        let (id, end) = match with_form {
            Some(id) => (id, s.len() - after.trim_start().len() + form.len()),
            None => return s.to_string(),
        };
        return format!("{} {id} {}", &s[..start], &s[end..]);
    }
    s.to_string()
}

/// The family word before the first size said (`a100` of `a100 40g`) and where the size ends.
fn family_sized(s: &str) -> Option<(String, usize)> {
    let words: Vec<&str> = s.split(' ').collect();
    let mut at = 0;
    for pair in words.windows(2) {
        at += pair[0].len() + 1;
        let family = pair[0].starts_with(|c: char| c.is_ascii_alphabetic())
            && pair[0].ends_with(|c: char| c.is_ascii_digit());
        let size = pair[1]
            .strip_suffix("gb")
            .or_else(|| pair[1].strip_suffix('g'));
        if family && size.is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())) {
            return Some((pair[0].to_string(), at + pair[1].len()));
        }
    }
    None
}

/// `2 piece 4090`, `3 pcs 3090`, `2 piece of 4090`: that many cards (`2x 4090`); `4 gpu 4090`,
/// `8 gpus h100` too, where a card the catalog knows follows (`2 gpus for llama` keeps its
/// words).
fn pieces(catalog: &Catalog, s: &str) -> String {
    let mut out = s.to_string();
    for w in [
        " pieces of ",
        " piece of ",
        " pcs of ",
        " pieces ",
        " piece ",
        " pcs ",
        " pc ",
    ] {
        while let Some(at) = out.find(w) {
            let counted = out[..at].ends_with(|c: char| c.is_ascii_digit());
            out.replace_range(at..at + w.len(), if counted { "x " } else { " \u{0} " });
        }
        out = out.replace(" \u{0} ", w);
    }
    gpus_counted(catalog, &out)
}

/// `machine with 4 gpu 4090`, `8 gpus h100 machine`: a count, `gpu(s)`, then a card of the
/// catalog is that many of the card (`4x 4090`).
fn gpus_counted(catalog: &Catalog, s: &str) -> String {
    let mut words: Vec<String> = s.split(' ').map(String::from).collect();
    let mut changed = false;
    let mut i = 1;
    while i + 1 < words.len() {
        let counted = !words[i - 1].is_empty() && words[i - 1].bytes().all(|b| b.is_ascii_digit());
        let card = words[i + 1].trim_end_matches(|c: char| c.is_ascii_punctuation());
        if counted
            && matches!(words[i].as_str(), "gpu" | "gpus")
            && card.bytes().any(|b| b.is_ascii_digit())
            && catalog.find_gpu(card).is_some()
        {
            words[i - 1].push('x');
            words.remove(i);
            changed = true;
        }
        i += 1;
    }
    if changed {
        words.join(" ")
    } else {
        s.to_string()
    }
}

/// Minutes said in words after hours (`two hours fifteen`).
const MINUTE_WORDS: &[(&str, u32)] = &[
    ("five", 5),
    ("ten", 10),
    ("fifteen", 15),
    ("twenty", 20),
    ("twenty-five", 25),
    ("thirty", 30),
    ("forty", 40),
    ("forty-five", 45),
    ("fifty", 50),
];

/// The hours said at word `i` (`2 hours`, `2h`) and how many words said them.
fn hours_at(words: &[&str], i: usize) -> Option<(u32, usize)> {
    let w = words[i];
    if let Some(h) = w.strip_suffix('h').and_then(|n| n.parse::<u32>().ok()) {
        return (1..=72).contains(&h).then_some((h, 1));
    }
    let h = w.parse::<u32>().ok().filter(|h| (1..=72).contains(h))?;
    let unit = words
        .get(i + 1)
        .is_some_and(|w| ["hours", "hour", "hrs", "hr"].contains(w));
    unit.then_some((h, 2))
}

/// `2 hours 15`, `two hours fifteen`: hours and minutes (`2h15m`), where nothing follows the
/// minutes but the end or a word that is no unit.
fn hours_then_minutes(s: &str) -> String {
    let words: Vec<&str> = s.split(' ').collect();
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    let mut i = 0;
    while i < words.len() {
        let said = hours_at(&words, i).and_then(|(h, n)| {
            let w = words.get(i + n)?.trim_end_matches(['?', ',', '.']);
            let m = w.parse::<u32>().ok().or_else(|| {
                MINUTE_WORDS
                    .iter()
                    .find(|(word, _)| *word == w)
                    .map(|(_, m)| *m)
            })?;
            let after = words.get(i + n + 1).copied().unwrap_or("");
            let unit = [
                "min", "gb", "g", "cards", "gpus", "x", "张", "卡", "h", "hour",
            ]
            .iter()
            .any(|u| after.starts_with(u));
            ((1..=59).contains(&m) && !unit).then_some((h, m, n + 1))
        });
        if let Some((h, m, n)) = said {
            out.push(format!("{h}h{m}m"));
            i += n;
        } else {
            out.push(words[i].to_string());
            i += 1;
        }
    }
    out.join(" ")
}

/// `列出所有4090报价`, `国内的a100报价`, `4卡以上的3090报价`: the card's offers (a count said is
/// the least in one machine; a region is put in after); the cheapest of them is a ranking.
pub(super) fn quotes_listed(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    let ranked = q.has(CHEAP_WORDS) || q.has(&["哪家", "多少钱", "how much", "which"]);
    if !q.nothing_to_size() || q.e.usage.is_some() || ranked || !q.has(LISTED) {
        return None;
    }
    let platform = match q.e.platforms.as_slice() {
        [p] => Some(p),
        _ => None,
    };
    let cards = Cards {
        gpu: g.gpu.clone(),
        count: g.count,
    };
    let r = make::offers(Some(&cards), platform, None, q.hourly_cap().as_ref(), false);
    Some(super::offers_words::with_order(
        q.padded,
        Reading::Command(r),
    ))
}
