//! A misspelt name (`autdl`, `4009`, `qwne2.5-7b`) is never dropped silently: the question is
//! read again with each of the catalog's candidates, and the readings that work are asked back.

use super::entities::Entities;
use super::platform_slips;
use super::{Reading, read_normalized};
use crate::catalog::Catalog;
use crate::lexicon;

/// Words of five letters or more that are English, not a misspelt platform (`model` is not
/// `modal`).
const NOT_NAMES: &[&str] = &[
    "model",
    "models",
    "cheapest",
    "price",
    "prices",
    "about",
    "which",
    "where",
    "there",
    "their",
    "hello",
    "thanks",
    "please",
    "right",
    "specs",
    "stock",
    "hours",
    "minutes",
    "month",
    "months",
    "token",
    "tokens",
    "train",
    "serve",
    "quant",
    "cards",
    "would",
    "could",
    "should",
    "enough",
    "anywhere",
    "available",
    "today",
    "running",
    "under",
    "cheap",
    "cheaper",
    "compare",
    "memory",
    "context",
    "week",
    "weeks",
    "daily",
    "always",
    "price",
    "what's",
    "pricing",
];

/// English words that are a platform's name with a slip (`vats`: vast with two letters swapped):
/// asked back as the platform only where a platform's name fits (`does vats bill`, `vats 4090
/// price`), never elsewhere (`vats of cash`).
const WORDS_LIKE_NAMES: &[&str] = &["vats"];

/// Words after a number that make it a volume, a length or an amount (`2000万token`, `1000
/// hours`, `2500个小时`, `3000 budget`), never a misspelt card number.
const NOT_A_CARD_AFTER: &[&str] = &[
    "万",
    "亿",
    "千",
    "tok",
    "million",
    "billion",
    "thousand",
    "hour",
    "hr",
    "min",
    "day",
    "week",
    "month",
    "year",
    "小时",
    "分钟",
    "天",
    "周",
    "个月",
    "月",
    "年",
    "块",
    "元",
    "刀",
    "美元",
    "dollar",
    "usd",
    "cny",
    "yuan",
    "gb",
    "g ",
    "个小时",
    "个月",
    "个星期",
    "budget",
    "预算",
];

/// Whether a card's name carries a number one insertion, deletion, substitution or swap away
/// from `typed` (`4009` → RTX 4090), so a bare number far from every card is not asked as one.
fn one_key_from_number(name: &str, typed: &str) -> bool {
    name.split(|c: char| !c.is_ascii_digit())
        .filter(|run| run.len() >= 3)
        .any(|run| lexicon::one_edit(run.as_bytes(), typed.as_bytes()))
}

/// Whether the cards `names` are one key from `typed` by one card number only (`4900`: the 4090
/// and its variants), not several (`3000`: 3060, 3070, 3080).
fn one_number(names: &[String], typed: &str) -> bool {
    let mut numbers = names.iter().flat_map(|n| {
        n.split(|c: char| !c.is_ascii_digit())
            .filter(|run| run.len() >= 3 && lexicon::one_edit(run.as_bytes(), typed.as_bytes()))
            .map(str::to_string)
            .collect::<Vec<_>>()
    });
    let first = numbers.next();
    numbers.all(|n| Some(&n) == first.as_ref())
}

/// `qwen2.5 72b awq 409 4`: three digits not ending in 0, in a fit of a named model with no
/// card, may be a card's four-digit number with one digit dropped (asked back, never guessed);
/// a sum (`350`, `预算500`) or a count ends in 0 or is read before this.
fn short_card(t: &str, e: &Entities) -> bool {
    t.len() == 3
        && t.bytes().all(|b| b.is_ascii_digit())
        && !t.ends_with('0')
        && e.gpus.is_empty()
        && !(e.models.is_empty() && e.sizes.is_empty())
}

/// `3900能lora微调…`, `can a 4900 run …`: a round number where a card is missing, in a fit of a
/// named model (or size) with no card and no budget word right before it, may be a card's number
/// with two digits swapped (`lexicon::round_by_swap` keeps only those candidates): asked back,
/// as `4009` is, never dropped in silence.
/// So is one before what only a card has (`4900 显存多大`, `5900 补货通知我`,
/// `lexicon::card_only_after`).
fn swap_slot(toks: &[String], k: usize, e: &Entities) -> bool {
    toks[k].len() == 4
        && e.gpus.is_empty()
        && (!(e.models.is_empty() && e.sizes.is_empty()) || lexicon::card_only_after(toks, k))
        && !(k > 0 && lexicon::budget_noun_said(&toks[k - 1]))
}

/// Four characters that may be a card's number misspelt, but not a token count's form
/// (`4096`, `3072`: `lexicon::token_count_form`), which is one key from `4090`, `3070`.
fn card4(t: &str) -> bool {
    t.len() == 4 && !lexicon::token_count_form(t)
}

/// Whether the word at `k` is never read as a misspelt card: a volume, a length or an amount
/// after it ([`NOT_A_CARD_AFTER`]); or a laptop word beside it (`3050移动版`, `2060 mobile`): a
/// laptop card the catalog lacks is said unknown, never a near card's laptop part guessed
/// (`3050` is one key from `3080`).
fn no_card_guessed(toks: &[String], k: usize) -> bool {
    toks.get(k + 1)
        .is_some_and(|n| NOT_A_CARD_AFTER.iter().any(|s| n.starts_with(s)))
        || lexicon::laptop_said_at(toks, k, k + 1)
}

/// Words looked up for "did you mean" in one question.
const MAX_SCANS: usize = 4;

/// The first word that names nothing but is shaped like a card (`4009`, `a10o`), a model
/// (`qwne2.5-7b`) or a platform (`autdl`), read again with each of the catalog's candidates;
/// the readings that work are asked back.
pub(super) fn typo_reading(
    catalog: &Catalog,
    original: &str,
    toks: &[String],
    e: &Entities,
) -> Option<Reading> {
    use crate::catalog::EntryKind;
    // Each candidate word costs a scan of the catalog: a few per question, however long.
    let mut scans = 0;
    let mut swaps = 0;
    for &k in &e.unused {
        if scans >= MAX_SCANS {
            break;
        }
        let t = toks[k].as_str();
        if !t.is_ascii()
            || t.len() < 3
            || t.parse::<crate::vram::Quant>().is_ok()
            || t.parse::<crate::vram::Task>().is_ok()
            // `48gb`: a memory size, no misspelt card.
            || super::memory_floor::gb_of(t).is_some()
            // `480p`, `1024x1024`: a resolution, never a card one key away (`480p` was a 4080).
            || lexicon::resolution_word(t).is_some()
        {
            continue;
        }
        // `2000万token`, `20 million tokens`: a volume; `1000 hours`, `1000小时`, `1000块`: a
        // length of time or an amount; none is a misspelt card number.
        if no_card_guessed(toks, k) {
            continue;
        }
        let has_digit = t.bytes().any(|b| b.is_ascii_digit());
        let starts_alpha = t.bytes().next().is_some_and(|b| b.is_ascii_alphabetic());
        let size_or_time = lexicon::params_b(t).is_some()
            || lexicon::card_count(t).is_some_and(|n| n <= 64)
            || (t.ends_with(['k', 'm', 'h', 's', 'd']) && !starts_alpha);
        let nf = if has_digit && !size_or_time && (t.contains('-') || t.contains('.')) {
            if starts_alpha {
                scans += 1;
                catalog.model(t).err()
            } else {
                None
            }
        } else if has_digit
            && !size_or_time
            && (starts_alpha || card4(t) || short_card(t, e) || card_here(catalog, toks, k))
        {
            let round = t.bytes().all(|b| b.is_ascii_digit()) && t.ends_with("00");
            if round && !card_here(catalog, toks, k) && !swap_slot(toks, k, e) {
                // `2000`, `1500`: a round number is a sum, a budget or a count, never a card
                // number misspelt (those the catalog names exactly were read before this).
                continue;
            }
            scans += 1;
            catalog.gpu(t).err().map(|mut nf| {
                if round && !card_here(catalog, toks, k) {
                    // `3900`, `4900`: round only by two digits swapped, the one slip kept.
                    nf.suggestions.retain(|s| {
                        s.split(|c: char| !c.is_ascii_digit())
                            .any(|run| lexicon::round_by_swap(t, run))
                    });
                }
                if t.bytes().all(|b| b.is_ascii_digit()) {
                    // A bare number is a card only one keystroke from that card's number.
                    nf.suggestions.retain(|s| one_key_from_number(s, t));
                    // Where only its place makes it a card (`autodl 3000 多少钱`), a number one
                    // key from several cards' numbers (3060, 3070, 3080) is no slip of one.
                    let by_place_only = !(short_card(t, e) || card4(t) && !t.ends_with("00"));
                    if by_place_only && !one_number(&nf.suggestions, t) {
                        nf.suggestions.clear();
                    }
                }
                nf
            })
        } else if !has_digit
            && (4..=12).contains(&t.len())
            && t.bytes().all(|b| b.is_ascii_lowercase() || b == b'.')
            && !NOT_NAMES.contains(&t)
            // Days of the week (`cyber monday` is no `modal`), months and holidays: the lexicon's.
            && !lexicon::WEEKDAYS.contains(&t)
            && !lexicon::season_said(&format!(" {t} "))
        {
            match platform_word(catalog, original, toks, k, &mut swaps, &mut scans) {
                Slip::Asked(r) => return Some(*r),
                Slip::Skip => continue,
                Slip::Looked(nf) => nf,
            }
        } else {
            None
        };
        let Some(nf) = nf else { continue };
        let ids: Vec<String> = nf
            .suggestions
            .iter()
            .take(3)
            .filter_map(|name| match nf.kind {
                EntryKind::Gpu => catalog.find_gpu(name).map(|g| g.id.clone()),
                EntryKind::Platform => nf.suggested(name).map(|n| n.id.clone()),
                EntryKind::Model => catalog.find_model(name).map(|m| m.id.clone()),
            })
            .collect();
        // A shipped name the catalog lacks (`b300`, `phi-4-mini`) is kept, never a look-alike.
        if let Some(r) = kept_whole(catalog, original, t, &ids, &nf.kind) {
            return Some(r);
        }
        if let Some(r) = asked_with(catalog, original, t, &ids) {
            return Some(r);
        }
    }
    // `横源云关机收费吗`: a Chinese name one character off a platform's.
    toks.iter()
        .find_map(|run| platform_slips::chinese_slip(catalog, run))
        .and_then(|(typed, name)| asked_with(catalog, original, &typed, &[name]))
}

/// A card's slip asked with one card (`can a 3900 run llama 3.1 8b`: the 3090) offered beside
/// the question read without it (`plain`, the same fit with no card): two choices, so no later
/// word settles the one left as meant.
pub(super) fn with_unslipped(r: Reading, plain: &Reading) -> Reading {
    match (r, plain) {
        (Reading::Ask(mut rs), Reading::Command(p @ super::Request::Fit(plain_fit)))
            if plain_fit.gpu.is_none()
                && matches!(rs.as_slice(), [super::Request::Fit(f)] if f.gpu.is_some()) =>
        {
            rs.push(p.clone());
            Reading::Ask(rs)
        }
        (r, _) => r,
    }
}

/// What [`typo_reading`] does with one letters-only word: a reading asked back, the word
/// skipped, or the catalog's platform lookup (its near names) to ask with.
enum Slip {
    Asked(Box<Reading>),
    Skip,
    Looked(Option<crate::catalog::NotFound>),
}

/// A letters-only word (`autdl`, `vats`, `cdou`) read as a platform's slip: where a platform's
/// name fits, an English word that is a name's slip, or two slips of one name, is asked back too.
fn platform_word(
    catalog: &Catalog,
    original: &str,
    toks: &[String],
    k: usize,
    swaps: &mut usize,
    scans: &mut usize,
) -> Slip {
    let t = toks[k].as_str();
    // Where a platform's name fits (`does vats bill`, `cdou h100 price`, `on vsta`), an
    // English word that is a name's slip, or two slips of one name, is asked back too.
    let slot = lexicon::platform_slot(toks, k, |w| catalog.find_gpu(w).is_some());
    if WORDS_LIKE_NAMES.contains(&t) && !slot {
        return Slip::Skip;
    }
    // `in pairs of 2`, `a lot of`: a word beside `of` is a noun phrase's, never a platform's
    // name typed with a slip (und_ee).
    if [k.checked_sub(1), Some(k + 1)]
        .into_iter()
        .flatten()
        .any(|i| toks.get(i).is_some_and(|w| w == "of"))
    {
        return Slip::Skip;
    }
    if t.len() == 4 {
        // Four letters: two swapped only, and a cheap check with a budget of its own.
        if *swaps >= MAX_SCANS {
            return Slip::Skip;
        }
        *swaps += 1;
        let ids = platform_slips::four_letters_swapped(catalog, t);
        if let Some(r) = asked_with(catalog, original, t, &ids) {
            return Slip::Asked(Box::new(r));
        }
        if let Some(r) = slot
            .then(|| two_slips_asked(catalog, original, t))
            .flatten()
        {
            return Slip::Asked(Box::new(r));
        }
        return Slip::Skip;
    }
    if let Some(r) = read_as_meant(catalog, original, t) {
        return Slip::Asked(Box::new(r));
    }
    if let Some(r) = slot
        .then(|| two_slips_asked(catalog, original, t))
        .flatten()
    {
        return Slip::Asked(Box::new(r));
    }
    *scans += 1;
    Slip::Looked(catalog.platform(t).err().map(|mut nf| {
        // A misspelling keeps the length of a name people type (`nebious` for
        // `nebius`), never of the display name (`Nebius AI Cloud`); `cloud` is not
        // CloudRift.
        let names = nf.names.clone();
        nf.suggestions.retain(|s| {
            names
                .iter()
                .any(|n| &n.name == s && platform_slips::near_by_typed_name(catalog, &n.id, t))
        });
        nf
    }))
}

/// `vsta`, `cdou`, `lamb` where a platform's name fits: the one platform two slips away
/// ([`platform_slips::two_slips`]), asked back (never read as meant).
fn two_slips_asked(catalog: &Catalog, original: &str, t: &str) -> Option<Reading> {
    let id = platform_slips::two_slips(catalog, t)?;
    asked_with(catalog, original, t, &[id])
}

/// Whether the number at `k` stands where a card's number fits (`vast 4900 price`, `runpod
/// 309`): right after a platform's name, before a price word or at the end
/// ([`lexicon::card_slot`]); a slip of a card's number there is asked back, never dropped.
fn card_here(catalog: &Catalog, toks: &[String], k: usize) -> bool {
    toks[k].bytes().all(|b| b.is_ascii_digit())
        && (3..=4).contains(&toks[k].len())
        && lexicon::card_slot(toks, k, |w| catalog.find_platform(w).is_some())
}

/// `runpdo`, `lamda`: a slip of one platform, no doubt ([`platform_slips::sure_slip`]): the
/// question read with it, as meant, where that reading works.
fn read_as_meant(catalog: &Catalog, original: &str, t: &str) -> Option<Reading> {
    let id = platform_slips::sure_slip(catalog, t)?;
    match asked_with(catalog, original, t, &[id])? {
        Reading::Ask(mut ls) => ls.pop().map(Reading::Command),
        r => Some(r),
    }
}

/// The question read with `t` written as its first look-alike, given back under `t` itself
/// where `t` is a whole name the catalog lacks ([`super::unknown_named`]).
fn kept_whole(
    catalog: &Catalog,
    original: &str,
    t: &str,
    ids: &[String],
    kind: &crate::catalog::EntryKind,
) -> Option<Reading> {
    use crate::catalog::EntryKind;
    let id = ids.first()?;
    let at = original.find(t)?;
    let fixed = format!("{}{id}{}", &original[..at], &original[at + t.len()..]);
    let (read_with, ..) = read_normalized(catalog, fixed, false);
    match kind {
        EntryKind::Gpu => super::unknown_named::card_kept(t, id, &read_with),
        EntryKind::Model => super::unknown_named::model_kept(catalog, t, ids, &read_with),
        EntryKind::Platform => None,
    }
}

/// The question read again with `t` written as each of `ids`: the readings that work, asked
/// back.
fn asked_with(catalog: &Catalog, original: &str, t: &str, ids: &[String]) -> Option<Reading> {
    let at = original.find(t)?;
    let mut lines: Vec<super::Request> = Vec::new();
    for id in ids {
        let fixed = format!("{}{id}{}", &original[..at], &original[at + t.len()..]);
        if let (Reading::Command(l), ..) = read_normalized(catalog, fixed, false)
            && !lines.contains(&l)
        {
            lines.push(l);
        }
    }
    (!lines.is_empty()).then_some(Reading::Ask(lines))
}
