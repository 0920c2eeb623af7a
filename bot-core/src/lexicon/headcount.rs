//! A count of people read by the SHAPE of its phrase, not by a list of phrases: a numeral
//! (digits, Chinese numerals, English number words, with a range or an approximate tail:
//! `20来`, `十来`, `二十几`, `三四`, `5-10`, `a dozen`), then a person noun (`个人`, `位`, `同事`,
//! `users`, `colleagues`, `-person`, `of us`) or a group before it (`实验室`, `我们`, `a team
//! of`), a hedge around it (`大概`, `左右`, `about`, `or so`), and a scope in its clause: people
//! at one time (`同时`, `高峰`, `at once`, `at a time`, `peak`). People with no such scope are
//! how many use a service (`实验室大概20个人用`, `a team of 8`), which is no concurrency: twenty
//! users are rarely twenty conversations at once. One person is one stream. A numeral with
//! neither a person noun nor a group is a count of people only beside a scope word (`同时最多三
//! 四个`, `at most 3 at a time`); with any other unit after it (`3个epoch`, `2张`, `8 hours`) it
//! is none.

/// One count of people said in a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Headcount {
    /// The count, or the two ends of a range said (`三四个` 3–4, `十几个` 11–19).
    pub lo: u32,
    pub hi: u32,
    /// Said with a hedge (`大概`, `左右`, `十来`, `about`, `or so`).
    pub hedged: bool,
    /// People at one time: a scope word in its clause (`同时`, `高峰`, `at once`), or one
    /// person (one stream).
    pub at_once: bool,
    /// Said as who uses a service rather than as a number answered: with a group (`实验室`,
    /// `我们`, `a team of`) or a verb of using or serving (`用`, `use it`, `给`, `for`).
    pub described: bool,
    /// Byte range of the numeral in the text read.
    pub start: usize,
    pub end: usize,
}

use super::headcount_words::{
    BARE_MAX, BARE_TAIL, BOUND_BEFORE, CLAUSE_WORDS, GROUP_EN, GROUP_ZH, HEDGE_AFTER, HEDGE_BEFORE,
    HYPHEN_EN, LINKS, MEASURE_BARE, MEASURE_PERSON, PERSON_EN, PERSON_ZH, SCOPE, SERVE_BEFORE,
    UNITS_EN, USE_AFTER,
};

/// Every count of people said in `text` (Simplified Chinese, any case), in order.
pub fn headcounts(text: &str) -> Vec<Headcount> {
    let low = text.to_ascii_lowercase();
    let mut out = Vec::new();
    for (from, to) in clauses(&low) {
        let clause = &low[from..to];
        let mut found: Vec<(Headcount, bool)> = Vec::new();
        for n in numerals(clause) {
            if let Some((h, bare)) = counted(clause, n) {
                found.push((h, bare));
            }
        }
        let scopes = scope_spans(clause);
        // The scope belongs to the count nearest to it; a bare count needs one.
        let nearest = scopes.first().and_then(|_| {
            (0..found.len()).min_by_key(|&i| {
                let h = &found[i].0;
                scopes
                    .iter()
                    .map(|&(a, b)| {
                        if b <= h.start {
                            h.start - b
                        } else {
                            a.saturating_sub(h.end)
                        }
                    })
                    .min()
                    .unwrap_or(usize::MAX)
            })
        });
        for (i, (mut h, bare)) in found.into_iter().enumerate() {
            h.at_once = h.at_once || nearest == Some(i);
            if bare && (!h.at_once || h.hi > BARE_MAX) {
                continue;
            }
            h.start += from;
            h.end += from;
            out.push(h);
        }
    }
    out
}

/// The byte ranges of the clauses of `low`.
fn clauses(low: &str) -> Vec<(usize, usize)> {
    let mut cuts = vec![0];
    for (i, c) in low.char_indices() {
        let point = c == '.' && !low[i + 1..].starts_with(|d: char| d.is_ascii_digit());
        if super::CLAUSE_MARKS.contains(&c) || point {
            cuts.push(i);
            cuts.push(i + c.len_utf8());
        }
    }
    for w in CLAUSE_WORDS {
        for (i, _) in low.match_indices(w) {
            cuts.push(i);
            cuts.push(i + w.len());
        }
    }
    cuts.push(low.len());
    cuts.sort_unstable();
    cuts.dedup();
    cuts.windows(2)
        .map(|w| (w[0], w[1]))
        .filter(|(a, b)| !low[*a..*b].trim().is_empty())
        .collect()
}

/// A numeral said: its byte range, its ends, and whether a hedge was glued to it (`十来`).
#[derive(Debug, Clone, Copy)]
struct Numeral {
    start: usize,
    end: usize,
    lo: u32,
    hi: u32,
    hedged: bool,
}

/// Every numeral of a clause: digits (with a range or a tail), Chinese numerals, English words.
fn numerals(c: &str) -> Vec<Numeral> {
    let mut out = digits(c);
    out.extend(chinese(c));
    out.extend(english(c));
    out.sort_by_key(|n| n.start);
    out
}

/// `20`, `20来`, `20多`, `5-10`, `5到10`, `5 to 10`, `5 or 6`.
fn digits(c: &str) -> Vec<Numeral> {
    let mut out = Vec::new();
    let mut next = 0;
    for (a, b) in super::numerals::digit_runs(c) {
        if a < next
            || c[b..].starts_with('.') && c[b + 1..].starts_with(|d: char| d.is_ascii_digit())
        {
            continue;
        }
        let Ok(v) = c[a..b].parse::<u32>() else {
            continue;
        };
        let mut n = Numeral {
            start: a,
            end: b,
            lo: v,
            hi: v,
            hedged: false,
        };
        let rest = &c[b..];
        let mark = ["-", "~", "～", "到", "至", " to ", " or ", "或", " - "]
            .iter()
            .find(|m| rest.trim_start_matches(' ').starts_with(**m) || rest.starts_with(**m));
        if let Some(m) = mark {
            let lead = if rest.starts_with(m) {
                0
            } else {
                rest.len() - rest.trim_start_matches(' ').len()
            };
            let after = &rest[lead + m.len()..];
            let gap = after.len() - after.trim_start().len();
            let hi_at = b + lead + m.len() + gap;
            let len = c[hi_at..]
                .find(|d: char| !d.is_ascii_digit())
                .unwrap_or(c.len() - hi_at);
            if let Ok(hi) = c[hi_at..hi_at + len].parse::<u32>()
                && len > 0
                && hi > v
            {
                n.hi = hi;
                n.end = hi_at + len;
            }
        }
        approximate_tail(c, &mut n);
        next = n.end;
        out.push(n);
    }
    out
}

/// `来` (about), `多`/`余`/`几` after tens (`二十多` 21–29) glued after a numeral.
fn approximate_tail(c: &str, n: &mut Numeral) {
    let rest = &c[n.end..];
    if let Some(r) = rest.strip_prefix('来') {
        n.hedged = true;
        n.end = c.len() - r.len();
    } else if let Some(r) = rest.strip_prefix(['多', '余', '几'])
        && n.lo == n.hi
        && n.lo >= 10
        && n.lo % 10 == 0
    {
        n.lo += 1;
        n.hi += 9;
        n.end = c.len() - r.len();
    }
}

/// Chinese numerals (`三`, `二十`, `十几`, `三四`, `十来`); never after `第` or `几`.
fn chinese(c: &str) -> Vec<Numeral> {
    let chars: Vec<(usize, char)> = c.char_indices().collect();
    let mut out = Vec::new();
    let mut k = 0;
    while k < chars.len() {
        if !super::numerals::is_numeral(chars[k].1) {
            k += 1;
            continue;
        }
        let s = k;
        while k < chars.len() && super::numerals::is_numeral(chars[k].1) {
            k += 1;
        }
        let run: Vec<char> = chars[s..k].iter().map(|(_, ch)| *ch).collect();
        let before = s.checked_sub(1).map(|p| chars[p].1);
        if matches!(before, Some('第' | '几' | '万' | '唯')) {
            continue;
        }
        let start = chars[s].0;
        let end = chars.get(k).map_or(c.len(), |x| x.0);
        // `十几` 11–19, `二十几` 21–29.
        let some = run.last() == Some(&'十') && c[end..].starts_with('几');
        let value = if some {
            super::numerals::value_of(&run).map(|v| (v + 1, v + 9))
        } else {
            super::numerals::value_of(&run)
                .map(|v| (v, v))
                .or_else(|| super::numerals::range_of(&run))
        };
        let Some((lo, hi)) = value else {
            continue;
        };
        let (Ok(lo), Ok(hi)) = (u32::try_from(lo), u32::try_from(hi)) else {
            continue;
        };
        let mut n = Numeral {
            start,
            end: end + if some { '几'.len_utf8() } else { 0 },
            lo,
            hi,
            hedged: false,
        };
        if !some {
            approximate_tail(c, &mut n);
        }
        out.push(n);
    }
    out
}

/// English number words as whole words (`one`, `eight`, `a dozen`, `a couple of`).
fn english(c: &str) -> Vec<Numeral> {
    let mut out = Vec::new();
    let b = c.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_alphabetic() || i > 0 && b[i - 1].is_ascii_alphanumeric() {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < b.len() && b[j].is_ascii_alphabetic() {
            j += 1;
        }
        let w = &c[i..j];
        let v = if w == "couple" && c[..i].ends_with("a ") {
            Some(2)
        } else {
            super::number_word(w).filter(|_| w != "hundred" || c[..i].ends_with("a "))
        };
        if let Some(v) = v {
            let mut end = j;
            if w == "couple" && c[j..].starts_with(" of") {
                end = j + 3;
            }
            out.push(Numeral {
                start: i,
                end,
                lo: v,
                hi: v,
                hedged: false,
            });
        }
        i = j;
    }
    out
}

/// A numeral as a count of people, if its clause says so: `(count, bare)`, bare when only a
/// scope word can make it one.
fn counted(c: &str, n: Numeral) -> Option<(Headcount, bool)> {
    if n.lo == 0 || n.hi > 100_000 {
        return None;
    }
    let mut hedged = n.hedged;
    let mut after = c[n.end..].trim_start();
    if let Some(h) = HEDGE_AFTER.iter().find(|h| after.starts_with(**h)) {
        hedged = true;
        after = after[h.len()..].trim_start();
    }
    let (kind, tail) = noun_after(after)?;
    let tail = tail.trim_start();
    hedged |= HEDGE_AFTER.iter().any(|h| tail.starts_with(h));
    let (before, hedge_before) = stripped_before(&c[..n.start]);
    hedged |= hedge_before;
    let group = GROUP_ZH.iter().any(|g| before.ends_with(g))
        || super::GROUP_OF
            .iter()
            .chain(GROUP_EN)
            .any(|g| ends_with_word(&before, g));
    let bare = match kind {
        Noun::Person => false,
        _ if group => false,
        // A bare count's measure word is followed by the end of its clause or a word of its
        // kind (`同时三四个`, `5个左右吧`, `4 at once`), never by another noun (`3个epoch`).
        Noun::Bare if tail_of_count(tail) => true,
        _ => return None,
    };
    let used = USE_AFTER.iter().any(|w| tail.starts_with(w))
        || SERVE_BEFORE.iter().any(|w| ends_with_word(&before, w));
    let h = Headcount {
        lo: n.lo,
        hi: n.hi,
        hedged,
        at_once: kind == Noun::Person && n.hi == 1,
        described: group || used,
        start: n.start,
        end: n.end,
    };
    Some((h, bare))
}

/// Whether what follows a bare count may close it: nothing, a scope, a bound or a hedge.
fn tail_of_count(tail: &str) -> bool {
    tail.is_empty()
        || BARE_TAIL
            .iter()
            .chain(SCOPE)
            .chain(BOUND_BEFORE)
            .chain(HEDGE_AFTER)
            .any(|w| tail.starts_with(w))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Noun {
    /// A person noun (`个人`, `位`, `users`).
    Person,
    /// A measure word of a bare count (`个`, `路`), or nothing after it.
    Bare,
    /// An English word that counts nothing of its own (`a team of 8 will use it`).
    Other,
}

/// What follows a count: a person noun, a bare measure (or nothing), another English word, or
/// (`None`) another unit (`张`, `小时`, `hours`, `人民币`).
fn noun_after(after: &str) -> Option<(Noun, &str)> {
    if after.is_empty() {
        return Some((Noun::Bare, after));
    }
    if after.starts_with("人民币") {
        return None;
    }
    for m in MEASURE_PERSON {
        if let Some(r) = after.strip_prefix(m) {
            return Some((Noun::Person, r));
        }
    }
    let measured = MEASURE_BARE.iter().find_map(|m| after.strip_prefix(m));
    if let Some(r) = person_zh(measured.unwrap_or(after)) {
        return Some((Noun::Person, r));
    }
    if let Some(r) = measured {
        return Some((Noun::Bare, r));
    }
    let word_ends = |r: &str| !r.starts_with(|c: char| c.is_ascii_alphabetic());
    for w in HYPHEN_EN {
        if let Some(r) = after.strip_prefix(w.trim_start())
            && word_ends(r)
        {
            return Some((Noun::Person, r));
        }
    }
    for p in PERSON_EN {
        if let Some(r) = after.strip_prefix(p)
            && word_ends(r)
        {
            return Some((Noun::Person, r));
        }
    }
    // An English count with a scope word, a bound or a hedge after it (`4 at once`, `3 max`).
    let closes = SCOPE.iter().chain(BOUND_BEFORE).chain(HEDGE_AFTER);
    if closes.clone().any(|w| w.is_ascii() && after.starts_with(w)) {
        return Some((Noun::Bare, after));
    }
    let word: String = after
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '%')
        .collect();
    (!word.is_empty() && !UNITS_EN.contains(&word.as_str())).then_some((Noun::Other, after))
}

/// `s` after the Chinese person noun it starts with.
fn person_zh(s: &str) -> Option<&str> {
    PERSON_ZH.iter().find_map(|p| s.strip_prefix(p))
}

/// What precedes a count, with hedges, bounds and links taken off its end; and whether a hedge
/// was among them.
fn stripped_before(before: &str) -> (String, bool) {
    let mut b = before.trim_end().to_string();
    let mut hedged = false;
    loop {
        let hedge = HEDGE_BEFORE
            .iter()
            .chain(super::APPROXIMATELY)
            .find(|w| ends_with_word(&b, w));
        let other = BOUND_BEFORE
            .iter()
            .chain(LINKS)
            .find(|w| ends_with_word(&b, w));
        let Some(w) = hedge.or(other) else {
            break;
        };
        hedged |= hedge.is_some();
        b.truncate(b.len() - w.len());
        b = b.trim_end().to_string();
    }
    (b, hedged)
}

/// Whether `s` ends with `w`, a whole word where `w` is Latin.
fn ends_with_word(s: &str, w: &str) -> bool {
    s.ends_with(w)
        && (!w.starts_with(|c: char| c.is_ascii_alphanumeric())
            || !s[..s.len() - w.len()].ends_with(|c: char| c.is_ascii_alphanumeric()))
}

/// The byte ranges of the scope words of a clause (Latin ones as whole words).
fn scope_spans(c: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for w in SCOPE {
        for (i, _) in c.match_indices(w) {
            let end = i + w.len();
            let latin = w.is_ascii();
            let whole = !latin
                || !c[..i].ends_with(|x: char| x.is_ascii_alphanumeric())
                    && !c[end..].starts_with(|x: char| x.is_ascii_alphanumeric());
            if whole {
                out.push((i, end));
            }
        }
    }
    out.sort_unstable();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(t: &str) -> Option<(u32, u32, bool, bool)> {
        match headcounts(t)[..] {
            [h] => Some((h.lo, h.hi, h.hedged, h.at_once)),
            _ => None,
        }
    }

    #[test]
    fn people_who_use_it_are_no_concurrency() {
        assert_eq!(one("实验室大概20个人用"), Some((20, 20, true, false)));
        assert_eq!(one("全组十来个人用"), Some((10, 10, true, false)));
        assert_eq!(one("就我们三个"), Some((3, 3, false, false)));
        assert_eq!(one("团队大概二十几个人"), Some((21, 29, true, false)));
        assert_eq!(one("a team of 8 will use it"), Some((8, 8, false, false)));
        assert_eq!(one("for a dozen colleagues"), Some((12, 12, false, false)));
        assert_eq!(one("we're a 5-person startup"), Some((5, 5, false, false)));
        assert_eq!(one("给实验室20来个人部署"), Some((20, 20, true, false)));
        assert_eq!(one("there are 4 of us"), Some((4, 4, false, false)));
        assert_eq!(
            one("给三个同事用的llama 3.1 8b"),
            Some((3, 3, false, false))
        );
        assert_eq!(one("团队10人用"), Some((10, 10, false, false)));
    }

    #[test]
    fn people_at_one_time_and_one_person() {
        assert_eq!(one("高峰大概8个人同时问"), Some((8, 8, true, true)));
        assert_eq!(one("peak应该5个左右"), Some((5, 5, true, true)));
        assert_eq!(one("at most about 6 at a time"), Some((6, 6, true, true)));
        assert_eq!(one("同时最多三四个"), Some((3, 4, false, true)));
        assert_eq!(one("高峰期同时大概五六个"), Some((5, 6, true, true)));
        assert_eq!(
            one("maybe 10 peoples use it in same time"),
            Some((10, 10, true, true))
        );
        assert_eq!(one("3 at the same time max"), Some((3, 3, false, true)));
        assert_eq!(one("5-10 people at once"), Some((5, 10, false, true)));
        assert_eq!(one("十几个人同时问吧"), Some((11, 19, false, true)));
        assert_eq!(one("改成高峰16个"), Some((16, 16, false, true)));
        assert_eq!(one("并发8"), Some((8, 8, false, true)));
        // One person is one stream, with or without a scope word.
        assert_eq!(one("only 1 person"), Some((1, 1, false, true)));
        assert_eq!(one("only one person"), Some((1, 1, false, true)));
        assert_eq!(one("一般就一个人在用"), Some((1, 1, false, true)));
        assert_eq!(one("one user at a time"), Some((1, 1, false, true)));
    }

    #[test]
    fn who_uses_it_or_a_number_answered() {
        let described = |t: &str| headcounts(t).first().map(|h| h.described);
        for t in [
            "实验室大概20个人用",
            "就我们三个",
            "a team of 8 will use it",
            "给三个同事用的",
            "for a dozen colleagues",
            "4 people will use it",
        ] {
            assert_eq!(described(t), Some(true), "{t}");
        }
        for t in ["4个人", "两三个人吧", "5 users", "20 people"] {
            assert_eq!(described(t), Some(false), "{t}");
        }
    }

    #[test]
    fn more_shapes_of_the_same_phrase() {
        assert_eq!(one("部门三十来号人"), Some((30, 30, true, false)));
        assert_eq!(one("三十多个人"), Some((31, 39, false, false)));
        assert_eq!(one("50ish users"), Some((50, 50, true, false)));
        assert_eq!(one("a class of 30 students"), Some((30, 30, false, false)));
        assert_eq!(
            one("there'll be around 20 of us"),
            Some((20, 20, true, false))
        );
        assert_eq!(
            one("two people at most at the same time"),
            Some((2, 2, false, true))
        );
        assert_eq!(one("两三个人同时用"), Some((2, 3, false, true)));
        assert_eq!(one("一个班四十人"), Some((40, 40, false, false)));
    }

    #[test]
    fn a_scope_belongs_to_its_clause() {
        let h = headcounts("serve llama 3.1 8b for 30 users, about 6 at the same time, 4k");
        let said: Vec<(u32, bool)> = h.iter().map(|h| (h.hi, h.at_once)).collect();
        assert_eq!(said, vec![(30, false), (6, true)]);
        let h = headcounts("团队20个人，但同时就3个");
        let said: Vec<(u32, bool)> = h.iter().map(|h| (h.hi, h.at_once)).collect();
        assert_eq!(said, vec![(20, false), (3, true)]);
    }

    #[test]
    fn numbers_that_count_no_people() {
        for t in [
            "我们实验室有2张3090，想部署qwen2.5-7b给大家用，awq",
            "微调qwen2.5 7b，lora，3个epoch，大概4个小时",
            "8 hours a day, the whole team uses it",
            "4",
            "4个",
            "预算300人民币",
            "2张4090",
            "8 cards",
            "qwen2.5-14b in awq, 8k context",
            "4090同时跑两个任务",
            "几十个人",
            "几个人同时用",
            "第一个",
            "一直开着",
            "一次跑3小时",
            "the first one",
        ] {
            assert_eq!(headcounts(t), vec![], "{t}");
        }
    }
}
