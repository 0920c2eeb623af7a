//! English number words read as one number before what they count (`two and a half hours`,
//! `seventy two b`, `one hundred fifty million tokens`, `a hundred twenty eight k context`,
//! `four bit`, `batch size sixteen`), written in digits the way the lexicon reads them (`2.5
//! hours` after the half pass, `72b`, `150 million`, `128k`, `4bit`, `batch 16`). A number is
//! read whole: `one hundred fifty million` was `one hundred 50 million`, a volume of 50
//! million, a third of what was said. One walk over words.

/// Tens from twenty.
const TENS: &[&str] = &[
    "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
];
/// What a number word counts: time, cards, money (`two cards`, `three gpus`, `two dollars
/// per hour`, `forty cents`), tokens (`five million tokens`).
const UNITS: &[&str] = &[
    "and", "hour", "hours", "hr", "hrs", "minute", "minutes", "min", "mins", "day", "days", "week",
    "weeks", "month", "months", "year", "years", "card", "cards", "gpu", "gpus", "x", "dollar",
    "dollars", "buck", "bucks", "usd", "yuan", "rmb", "cent", "cents", "million", "thousand",
];

/// A number word below twenty (`dozen` is twelve), from the lexicon's one table of English
/// number words (`lexicon::number_word`): this reader had its own list without `dozen`, so
/// `a dozen hours` was no length and the default hour was billed (corpus98).
fn small(w: &str) -> Option<u64> {
    if w == "zero" {
        return Some(0);
    }
    if !w.is_ascii() || w.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    crate::lexicon::number_word(w)
        .filter(|n| *n < 20)
        .map(u64::from)
}

/// `forty`, `forty-five`, `twenty four` (two words): a number below a hundred, the words used.
fn below_hundred(words: &[&str]) -> Option<(u64, usize)> {
    let w = *words.first()?;
    if let Some(n) = small(w) {
        return Some((n, 1));
    }
    let tens = |t: &str| {
        TENS.iter()
            .position(|x| *x == t)
            .map(|p| (p as u64 + 2) * 10)
    };
    if let Some((t, d)) = w.split_once('-') {
        return Some((tens(t)? + small(d).filter(|d| (1..10).contains(d))?, 1));
    }
    let t = tens(w)?;
    match words
        .get(1)
        .and_then(|d| small(d))
        .filter(|d| (1..10).contains(d))
    {
        Some(d) => Some((t + d, 2)),
        None => Some((t, 1)),
    }
}

/// The number said at the start of `words` (`one hundred and fifty`, `a hundred twenty
/// eight`, `thirty two`, `seven`): its value and the words it takes.
fn number_at(words: &[&str]) -> Option<(u64, usize)> {
    let first = *words.first()?;
    // `a hundred`, `one hundred`, `hundred`: hundreds first.
    let (hundreds, at) = match (first, words.get(1).copied()) {
        ("hundred", _) => (Some(100), 1),
        ("a", Some("hundred")) => (Some(100), 2),
        (w, Some("hundred")) => match small(w).filter(|d| (1..10).contains(d)) {
            Some(d) => (Some(d * 100), 2),
            None => (None, 0),
        },
        _ => (None, 0),
    };
    let Some(h) = hundreds else {
        return below_hundred(words);
    };
    // `a hundred and twenty`: `and` only before the rest of the number.
    let rest_at = at + usize::from(words.get(at) == Some(&"and"));
    match below_hundred(&words[rest_at.min(words.len())..]) {
        Some((n, used)) if n > 0 => Some((h + n, rest_at + used)),
        _ => Some((h, at)),
    }
}

/// Whether the words before `k` ask for a batch (`batch`, `bs`, `batch size`, `a batch of`,
/// `a batch size of`).
fn after_batch(words: &[&str], k: usize) -> bool {
    let w = |j: usize| k.checked_sub(j).and_then(|j| words.get(j)).copied();
    matches!(w(1), Some("batch" | "bs" | "batchsize"))
        || (matches!(w(1), Some("size" | "of")) && w(2) == Some("batch"))
        || (w(1) == Some("of") && w(2) == Some("size") && w(3) == Some("batch"))
}

/// English number words before a unit or a half (`two and a half hours`, `three days`, `six
/// months`) in digits, so the span reader adds them up like `2.5 hours`; a model's size (`seventy
/// two b`), a context (`thirty two k`), a width (`four bit`, `eight-bit`) and a batch (`batch
/// size sixteen`) as the lexicon writes them. One walk over words.
pub(super) fn english_numbers(s: &str) -> String {
    let words: Vec<&str> = s.split(' ').collect();
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    let mut k = 0;
    while k < words.len() {
        let w = words[k];
        // `two point five dollars`, `zero point eight`: a decimal as dictation writes it, one
        // number (only the last word was kept: `two point five` read as 5).
        if let Some((number, used)) = spelled_decimal(&words[k..]) {
            out.push(number);
            k += used;
            continue;
        }
        // `a dollar fifty`, `two dollars twenty`: dollars and the cents said after them, one
        // amount (the cents were dropped: `a dollar fifty` read as $1).
        if let Some((amount, used)) = dollars_and_cents(&words[k..]) {
            out.push(amount);
            k += used;
            continue;
        }
        // `half a million tokens`: a volume, never half precision.
        if let ["half", "a", "million" | "mil", ..] = &words[k..] {
            out.push("500k".into());
            k += 3;
            continue;
        }
        // `90 cents/hr`, `forty cents`: a US dollar amount, the unit kept after it.
        if let Some((amount, used)) = cents(&words[k..]) {
            out.push(amount);
            k += used;
            continue;
        }
        // `one thousand rmb`, `a thousand dollars`: a sum in thousands, before its currency.
        if let Some((n, used)) = thousands(&words[k..]) {
            out.push(n.to_string());
            k += used;
            continue;
        }
        // `eight-bit`: the width written onto its number.
        if let Some(n) = w.strip_suffix("-bit").and_then(|n| below_hundred(&[n])) {
            out.push(format!("{}bit", n.0));
            k += 1;
            continue;
        }
        let Some((n, used)) = number_at(&words[k..]) else {
            out.push(w.to_string());
            k += 1;
            continue;
        };
        let after = words.get(k + used).copied().unwrap_or("");
        let tokens_after = words
            .get(k + used + 1)
            .is_some_and(|t| t.starts_with("token"));
        // `on two of them`, `is eight of those enough`: a count pointing back to the card
        // (`count_apart`, with the same words before it); `i need four of them` counts runs.
        let back = after == "of"
            && k.checked_sub(1).is_some_and(|p| {
                matches!(
                    words[p],
                    "on" | "across"
                        | "over"
                        | "onto"
                        | "with"
                        | "using"
                        | "use"
                        | "rent"
                        | "is"
                        | "are"
                        | "would"
                        | "will"
                        | "could"
                )
            })
            && words
                .get(k + used + 1)
                .is_some_and(|t| matches!(*t, "them" | "those" | "these" | "em" | "'em"));
        let (written, skip) = match after {
            _ if back => (n.to_string(), 0),
            // `one hundred fifty billion tokens` counts tokens; `seventy billion` is a size.
            "billion" if tokens_after => (n.to_string(), 0),
            "b" | "billion" => (format!("{n}b"), 1),
            "k" => (format!("{n}k"), 1),
            "bit" | "bits" => (format!("{n}bit"), 1),
            _ if UNITS.contains(&after) || after_batch(&words, k) => (n.to_string(), 0),
            _ => {
                out.push(w.to_string());
                k += 1;
                continue;
            }
        };
        out.push(written);
        k += used + skip;
    }
    out.join(" ")
}

/// `one thousand`, `a thousand`, `ten thousand five hundred`, `2 thousand` at the start of
/// `words` when a currency word follows (`… rmb`, `… bucks`): the sum and the words it takes.
/// Before anything else `thousand` stays a word (`five thousand tokens` is a volume).
fn thousands(words: &[&str]) -> Option<(u64, usize)> {
    let first = *words.first()?;
    let (n, used) = match first {
        "a" => (1, 1),
        d if !d.is_empty() && d.len() <= 3 && d.bytes().all(|b| b.is_ascii_digit()) => {
            (d.parse().ok()?, 1)
        }
        _ => number_at(words)?,
    };
    if n == 0 || words.get(used) != Some(&"thousand") {
        return None;
    }
    let mut at = used + 1;
    let mut total = n * 1000;
    let rest_at = at + usize::from(words.get(at) == Some(&"and"));
    if let Some((r, u)) =
        number_at(&words[rest_at.min(words.len())..]).filter(|(r, _)| (1..1000).contains(r))
    {
        total += r;
        at = rest_at + u;
    }
    let next = words
        .get(at)?
        .trim_end_matches(|c: char| c.is_ascii_punctuation());
    (crate::lexicon::MONEY_WORDS.contains(&next) || next == "buck").then_some((total, at))
}

/// `a dollar fifty`, `two dollars twenty`, `3 bucks 50` at the start of `words` (the cents a
/// number below a hundred with no unit of its own after it): the amount and the words used.
fn dollars_and_cents(words: &[&str]) -> Option<(String, usize)> {
    let digits = |w: &str| !w.is_empty() && w.len() <= 3 && w.bytes().all(|b| b.is_ascii_digit());
    let (d, used) = match words.first()? {
        &"a" | &"one" => (1, 1),
        w if digits(w) => (w.parse().ok()?, 1),
        _ => number_at(words).filter(|(n, _)| *n > 0)?,
    };
    let unit = words.get(used)?;
    if !["dollar", "dollars", "buck", "bucks"].contains(unit) {
        return None;
    }
    let cents_word = *words.get(used + 1)?;
    let (c, c_used) = match below_hundred(&words[used + 1..]) {
        Some(found) => found,
        None if digits(cents_word) && cents_word.len() <= 2 => (cents_word.parse().ok()?, 1),
        None => return None,
    };
    let end = used + 1 + c_used;
    let next = words.get(end).copied().unwrap_or("");
    let counts_else = UNITS.contains(&next) && !["and"].contains(&next) || next == "of";
    (c > 0 && c < 100 && !counts_else).then(|| (format!("${d}.{c:02}"), end))
}

/// `30 cents`, `forty cents/hr` at the start of `words`: the dollar amount and the words used.
fn cents(words: &[&str]) -> Option<(String, usize)> {
    let next = words.get(1)?;
    let per = next.strip_prefix("cents").or(next.strip_prefix("cent"))?;
    if !(per.is_empty() || per.starts_with('/')) {
        return None;
    }
    let w = words[0];
    let c: u64 = match below_hundred(&[w]) {
        Some((n, _)) => n,
        None if !w.is_empty() && w.len() <= 3 && w.bytes().all(|b| b.is_ascii_digit()) => {
            w.parse().ok()?
        }
        None => return None,
    };
    Some((format!("${}.{:02}{per}", c / 100, c % 100), 2))
}

/// `two point five`, `one point two five`, `zero point oh eight`, `3 point 5` at the start of
/// `words`: the decimal in digits and the words used. The whole part is a number below a
/// thousand, each word after `point` one digit (`point twenty five` is no dictated decimal).
fn spelled_decimal(words: &[&str]) -> Option<(String, usize)> {
    let digits = |w: &str| !w.is_empty() && w.len() <= 3 && w.bytes().all(|b| b.is_ascii_digit());
    let (whole, used) = match words.first()? {
        w if digits(w) => (w.parse::<u64>().ok()?, 1),
        _ => number_at(words)?,
    };
    if words.get(used) != Some(&"point") {
        return None;
    }
    let mut fraction = String::new();
    for w in &words[used + 1..] {
        match *w {
            "oh" => fraction.push('0'),
            w => match small(w).filter(|d| *d < 10) {
                Some(d) => fraction.push(char::from(b'0' + d as u8)),
                None if w.len() == 1 && digits(w) => fraction.push_str(w),
                None => break,
            },
        }
    }
    (!fraction.is_empty()).then(|| {
        let n = fraction.len();
        (format!("{whole}.{fraction}"), used + 1 + n)
    })
}

#[cfg(test)]
mod tests {
    use super::english_numbers as en;

    /// A dictated decimal is one number, never its last word (`two point five` was 5).
    #[test]
    fn a_dictated_decimal_is_one_number() {
        assert_eq!(en("two point five dollars"), "2.5 dollars");
        assert_eq!(en("one point two five usd"), "1.25 usd");
        assert_eq!(en("zero point oh eight an hour"), "0.08 an hour");
        assert_eq!(en("3 point 5 hours"), "3.5 hours");
        // `point` with no digit word after it is a word.
        assert_eq!(en("two point of view"), "two point of view");
    }

    #[test]
    fn a_number_is_read_whole_before_what_it_counts() {
        assert_eq!(en("two and a half hours"), "2 and a half hours");
        assert_eq!(en("fit on two of them"), "fit on 2 of them");
        assert_eq!(en("one of the best"), "one of the best");
        assert_eq!(en("seventy two b model"), "72b model");
        assert_eq!(en("seventy billion"), "70b");
        assert_eq!(en("twenty four hours"), "24 hours");
        // `dozen` is twelve, from the lexicon's one table (this reader's own list lacked it).
        assert_eq!(en("a dozen hours"), "a 12 hours");
        assert_eq!(en("a dozen gpus"), "a 12 gpus");
        assert_eq!(en("forty-five minutes"), "45 minutes");
        assert_eq!(en("forty cents/hr"), "$0.40/hr");
        assert_eq!(en("30 cents"), "$0.30");
        assert_eq!(
            en("caps at a dollar fifty an hour"),
            "caps at $1.50 an hour"
        );
        assert_eq!(en("under two dollars twenty"), "under $2.20");
        assert_eq!(en("half a million tokens a day"), "500k tokens a day");
        // Cents counted in another unit are not cents: `a dollar for fifty hours` stays.
        assert_eq!(en("2 dollars 50 hours"), "2 dollars 50 hours");
        assert_eq!(en("one hundred fifty million tokens"), "150 million tokens");
        assert_eq!(
            en("a hundred and twenty million tokens"),
            "120 million tokens"
        );
        assert_eq!(en("a hundred twenty eight k context"), "128k context");
        assert_eq!(en("thirty two k context"), "32k context");
        assert_eq!(en("in four bit"), "in 4bit");
        assert_eq!(en("eight-bit on a t4"), "8bit on a t4");
        assert_eq!(en("batch size sixteen"), "batch size 16");
        assert_eq!(en("a batch of eight"), "a batch of 8");
        assert_eq!(en("a batch size of thirty two"), "a batch size of 32");
        assert_eq!(en("two billion tokens"), "2 billion tokens");
        // No count: a pronoun, an article, a number with nothing after it.
        assert_eq!(en("which one is cheaper"), "which one is cheaper");
        assert_eq!(en("a 4090"), "a 4090");
        assert_eq!(en("forty ninety"), "forty ninety");
    }
}
