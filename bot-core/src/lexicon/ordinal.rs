//! An option named by its place, as people type it when a question shows numbered choices:
//! `第一个`, `第二個`, `选2`, `2号`, `the first one`, `second one`, `first`, `the 2nd`, `option 2`,
//! `#2`, and a bare `1`/`２`; counted from the end (`the last one`, `最后一个`, `倒数第二个`, `the
//! second to last`); said with a verb of choosing (`i'd go with the second`, `I'll take #3`,
//! `我要第三个`). One reading for every step; which step may take it (a bare number is money at
//! the budget step, a size at the model step) is the step's business, so a bare number is told
//! apart from a marked place ([`Ordinal::bare`]).

/// A place in a list of choices, counted from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ordinal {
    pub n: usize,
    /// Digits alone (`2`, `２`): a place only where the step takes no number as a value.
    pub bare: bool,
    /// Counted from the end (`the last one`: 1, `倒数第二个`: 2): where it lands depends on how
    /// many choices the step shows ([`Ordinal::place_among`]).
    pub from_end: bool,
}

impl Ordinal {
    /// The place, counted from 1, among `count` choices; `None` past the first or the last.
    pub fn place_among(&self, count: usize) -> Option<usize> {
        if self.n == 0 || self.n > count {
            return None;
        }
        Some(if self.from_end {
            count + 1 - self.n
        } else {
            self.n
        })
    }
}

/// English ordinal words, first to tenth.
const EN_ORDINALS: &[&str] = &[
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
];

/// The English words of a place (`first` … `tenth`, `last`): a list step knows them when typed
/// with a slip (`second to lsat`; `dialogue::slip`).
pub fn place_words() -> impl Iterator<Item = &'static str> {
    EN_ORDINALS.iter().copied().chain(["last"])
}

/// Who chooses, said before a verb of choosing (`i take …`, `i'd go with …`, `we'll pick …`):
/// a subject and its modal, longest first; the verb after it is [`EN_CHOOSE`]'s.
const EN_CHOOSERS: &[&str] = &[
    "i will", "i would", "i'll", "ill", "i'd", "id", "let's", "lets", "let me", "we'll", "we'd",
    "we", "i",
];

/// Verbs before an English place that choose it (`take the first`, `go with option 2`), with or
/// without [`EN_CHOOSERS`] before them, longest first.
const EN_CHOOSE: &[&str] = &[
    "go with", "go for", "choose", "select", "prefer", "take", "pick", "want",
];

/// Nouns of a choice said with its number (`option 2`, `no. 2`, `#2`) or after an ordinal
/// (`the first one`, `second option`).
const EN_NOUNS: &[&str] = &["option", "choice", "number", "no.", "no", "one"];

/// Words after a place that add nothing (`the first one please`).
const EN_TAIL: &[&str] = &["please", "pls", "plz", "thanks", "thx"];

/// Chinese words before a place that choose it (`选第二个`, `就第一个吧`, `要2号`); a number
/// right after one of them is a place only after a verb of choosing (`选2`; `要2个` is a count).
const ZH_CHOOSE: &[&str] = &[
    "我选",
    "我要",
    "就选",
    "就要",
    "就用",
    "那就",
    "选择",
    "选",
    "要",
    "用",
    "就",
    // `那还是第一个` after a question (pick_al, und_ec): the choice kept, nothing more.
    "那还是",
    "还是",
    "那",
];

/// The verbs of [`ZH_CHOOSE`] after which digits alone are a place (`选2`, `我选3`).
const ZH_CHOOSE_NUMBER: &[&str] = &["我选", "就选", "选择", "选"];

/// Measure words after a Chinese place (`第一个`, `第二项`, `第一家`, `第二张`).
const ZH_MEASURES: &[char] = &[
    '个', '個', '项', '項', '号', '號', '条', '條', '种', '種', '张', '張', '款', '家',
];

/// Particles after a Chinese place that add nothing (`第一个吧`, `第二个就行`).
const ZH_TAIL: &[&str] = &[
    "就行", "就好", "好了", "吧", "啊", "呀", "啦", "了", "哈", "嘛",
];

/// `text` as the place readers read it: full-width folded, lower case, a place said by where
/// it stands written as an ordinal's words ([`super::shown_place::shown_places`]).
pub fn ordinal_text(text: &str) -> String {
    fold(text)
}

/// The place a whole message names, or `None` when it says anything more.
pub fn ordinal(text: &str) -> Option<Ordinal> {
    read(text, true)
}

/// [`ordinal`], with `第` + a number + any character (`第2各`) a place only where `whole` (a
/// message that is nothing but the place; inside a sentence `第一次，…` is no choice).
fn read(text: &str, whole: bool) -> Option<Ordinal> {
    let t = fold(text);
    let t = t.trim_matches(|c: char| c.is_whitespace() || ".!。！~…,，".contains(c));
    if t.is_empty() {
        return None;
    }
    if let Some(n) = digits(t) {
        return Some(Ordinal {
            n,
            bare: true,
            from_end: false,
        });
    }
    zh(t, whole).or_else(|| en(t)).map(|(n, from_end)| Ordinal {
        n,
        bare: false,
        from_end,
    })
}

/// Words that open a clause and add nothing to the choice after them (`ok 第二个`, `好的，第一个`).
const OPENERS: &[&str] = &[
    "ok", "okay", "yes", "yeah", "then", "and", "so", "好的", "好", "嗯", "行", "那", "然后",
];

/// Clause marks: a choice said inside a longer message stands in a clause of its own.
const CLAUSE_MARKS: &[char] = &[',', '，', ';', '；', '。', '、', '!', '！', '\n'];

/// A place named inside a longer message (`ok 第二个，然后预算50`, `the first one, and I only
/// have paypal`, `第二个 预算50`), and the message without it; `None` when no clause, or more
/// than one, names a place. Only a marked place counts: digits alone inside a sentence are a
/// value, and an ordinal word alone (`first, …`, `第一，…`) opens a sentence as often as it
/// chooses, so it is no place here (as a whole message it is, [`ordinal`]).
pub fn ordinal_in(text: &str) -> Option<(Ordinal, String)> {
    let clauses: Vec<&str> = text.split(CLAUSE_MARKS).collect();
    let mut found: Option<(usize, Ordinal, String)> = None;
    for (i, clause) in clauses.iter().enumerate() {
        let words: Vec<&str> = clause.split_whitespace().collect();
        let start = words
            .iter()
            .take_while(|w| OPENERS.contains(&w.to_lowercase().as_str()))
            .count();
        // The longest run of words from the clause's start that names a place (`the first
        // one and I only have paypal`: `the first one`); the words after it are the rest.
        let hit = (start + 1..=words.len()).rev().find_map(|end| {
            let said = words[start..end].join(" ");
            marked(&said).map(|o| (o, words[end..].join(" ")))
        });
        if let Some((o, tail)) = hit {
            if found.is_some() {
                return None;
            }
            found = Some((i, o, tail));
        }
    }
    let (at, place, tail) = found?;
    let rest: Vec<&str> = clauses
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != at)
        .map(|(_, c)| c.trim())
        .chain(std::iter::once(tail.as_str()))
        .filter(|c| !c.is_empty())
        .collect();
    Some((place, rest.join("，")))
}

/// A place that is marked as one: not digits alone, not an ordinal word alone.
fn marked(said: &str) -> Option<Ordinal> {
    let o = read(said, false).filter(|o| !o.bare)?;
    let t = fold(said);
    let t = t.trim_matches(|c: char| c.is_whitespace() || ".!。！~…".contains(c));
    let alone_en = EN_ORDINALS.contains(&t) || en_ordinal(t).is_some() || t == "last";
    let alone_zh = t
        .strip_prefix('第')
        .is_some_and(|n| zh_number(n.trim()).is_some());
    (!alone_en && !alone_zh).then_some(o)
}

/// Full-width digits and `＃` as ASCII, a typographic apostrophe (`i’d`) as `'`, a list mark
/// (`②`, `❸`) as the `#` mark it is (`#2`), lower case.
fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\u{FF10}'..='\u{FF19}' | '\u{FF03}' => {
                out.push(char::from_u32(c as u32 - 0xFEE0).unwrap_or(c));
            }
            '\u{2019}' => out.push('\''),
            _ => match super::ordinal_slips::list_mark(c) {
                Some(n) => out.push_str(&format!("#{n}")),
                None => out.push(c),
            },
        }
    }
    // `the top one`, `最上面那个`: a place said by where it stands as shown.
    super::shown_place::shown_places(&out.to_lowercase())
}

/// Digits alone, a place from 1 to 99 (a longer number is a value, never a place).
fn digits(t: &str) -> Option<usize> {
    (t.len() <= 2 && t.bytes().all(|b| b.is_ascii_digit()))
        .then(|| t.parse::<usize>().ok())
        .flatten()
        .filter(|n| *n >= 1)
}

/// [`zh_number`], for [`super::list_place`]'s ranks (`第二便宜`).
pub(super) fn small_number(t: &str) -> Option<usize> {
    zh_number(t)
}

/// A small Chinese numeral (一 to 十, 两) or digits.
fn zh_number(t: &str) -> Option<usize> {
    if let Some(n) = digits(t) {
        return Some(n);
    }
    // The one reader of Chinese numerals (`lexicon::numerals`), for one character: 一 to 十, 两.
    let c: Vec<char> = t
        .chars()
        .map(|c| if c == '兩' { '两' } else { c })
        .collect();
    if c.len() != 1 {
        return None;
    }
    super::numerals::value_of(&c)
        .filter(|n| (1..=10).contains(n))
        .and_then(|n| usize::try_from(n).ok())
}

/// Words before a Chinese place counted from the end (`倒数第二个`).
const ZH_FROM_END: &[&str] = &["倒数", "倒數"];
/// The last place said as such (`最后一个`, `最後那個`, `最后一项`).
const ZH_LAST: &[&str] = &["最后", "最後"];

/// The noun of a numbered choice said before its number (`选项3`, `選項 2`): the place.
const ZH_NOUNS: &[&str] = &["选项", "選項"];

/// `选项3`, `选项二`: a place named by the noun of a choice and its number.
fn zh_noun_place(t: &str) -> Option<usize> {
    let rest = ZH_NOUNS.iter().find_map(|w| t.strip_prefix(w))?.trim();
    let rest = rest
        .strip_suffix(|c: char| ZH_MEASURES.contains(&c))
        .unwrap_or(rest)
        .trim();
    zh_number(rest)
}

/// A Chinese place and whether it is counted from the end; with `slip`, any character after
/// `第` and a number stands for the measure word (`第2各`, [`super::ordinal_slips`]).
fn zh(t: &str, slip: bool) -> Option<(usize, bool)> {
    let mut t: &str = t;
    // Particles at the end, one or two (`第一个就行吧`).
    for _ in 0..2 {
        if let Some(rest) = ZH_TAIL.iter().find_map(|w| t.strip_suffix(w)) {
            t = rest.trim_end();
        }
    }
    // Verbs of choosing may come in a row (`那就用第一个`, `就选第二个`): each taken off, the last
    // one deciding whether digits alone are a place (`那就选2`).
    let mut verb = None;
    for _ in 0..3 {
        if let Some(n) = zh_noun_place(t) {
            return Some((n, false));
        }
        let Some(w) = ZH_CHOOSE.iter().find(|w| t.starts_with(**w)) else {
            break;
        };
        verb = Some(w);
        t = t[w.len()..].trim_start();
    }
    if let Some(rest) = ZH_LAST.iter().find_map(|w| t.strip_prefix(w)) {
        // `最后一个`, `最后那个`, `最后一项`, `最后的`: the last; `最后一次` is no place.
        let rest = rest.trim();
        let rest = rest
            .strip_prefix('一')
            .or_else(|| rest.strip_prefix('那'))
            .or_else(|| rest.strip_prefix('这'))
            .unwrap_or(rest);
        // `最后一各`: with `slip`, a character standing for the measure word too.
        let measure = |c: char| {
            ZH_MEASURES.contains(&c) || slip && super::ordinal_slips::stands_for_measure(c)
        };
        let last = rest == "的" || rest.chars().count() == 1 && rest.chars().all(measure);
        return last.then_some((1, true));
    }
    let (from_end, t) = match ZH_FROM_END.iter().find_map(|w| t.strip_prefix(w)) {
        // `倒数第二个`: the rest must be a marked place of its own.
        Some(rest) if rest.trim_start().starts_with('第') => (true, rest.trim_start()),
        Some(_) => return None,
        None => (false, t),
    };
    // `选#1`, `就#2`: `#` marks a place as `第` does.
    let (ordinal, t) = match t.strip_prefix('第').or_else(|| t.strip_prefix('#')) {
        Some(rest) => (true, rest.trim_start()),
        None => (false, t),
    };
    let (t, measure) = match t.chars().next_back() {
        Some(c) if ZH_MEASURES.contains(&c) => (t[..t.len() - c.len_utf8()].trim_end(), Some(c)),
        Some(c) if slip && ordinal && super::ordinal_slips::stands_for_measure(c) => {
            (t[..t.len() - c.len_utf8()].trim_end(), Some('个'))
        }
        _ => (t, None),
    };
    let n = zh_number(t)?;
    // `第一`, `第2个`, `选2`, `2号`: a place; `2个` alone is a count, `一` alone a numeral.
    let numbered = matches!(measure, Some('号' | '號')) && digits(t).is_some();
    let chosen = measure.is_none() && verb.is_some_and(|v| ZH_CHOOSE_NUMBER.contains(v));
    (ordinal || numbered || chosen).then_some((n, from_end))
}

/// An English place and whether it is counted from the end (`the last one`, `second to last`).
fn en(t: &str) -> Option<(usize, bool)> {
    // `first one就行`: a Chinese closing particle after an English place adds nothing either.
    let mut t = t;
    while let Some(tail) = ZH_TAIL.iter().find(|w| t.ends_with(**w)) {
        t = t[..t.len() - tail.len()].trim_end();
    }
    let mut words: Vec<&str> = t.split_whitespace().collect();
    // `#2`, `no.2`: the mark glued to the number.
    if let [one] = words.as_slice()
        && let Some(rest) = one.strip_prefix('#').or_else(|| one.strip_prefix("no."))
    {
        return digits(rest).map(|n| (n, false));
    }
    while words.last().is_some_and(|w| EN_TAIL.contains(w)) {
        words.pop();
    }
    let joined = words.join(" ");
    let mut rest = joined.as_str();
    let verb = |t: &'_ str| -> Option<usize> {
        EN_CHOOSE
            .iter()
            .find(|w| t.starts_with(&format!("{w} ")))
            .map(|w| w.len() + 1)
    };
    // A subject counts only before a verb of choosing (`i take the first`; `i first` is none).
    let chooser = EN_CHOOSERS.iter().find_map(|w| {
        let after = rest.strip_prefix(&format!("{w} "))?;
        verb(after).map(|v| w.len() + 1 + v)
    });
    if let Some(cut) = chooser.or_else(|| verb(rest)) {
        rest = &rest[cut..];
    }
    let rest = rest.strip_prefix("the ").unwrap_or(rest);
    let mut words: Vec<&str> = rest.split_whitespace().collect();
    // `the last one`, `second to last option`: the noun after a place adds nothing.
    // `number one`, `option one`: there `one` is the number, not the noun.
    let noun = words.len() > 1
        && words
            .last()
            .is_some_and(|w| EN_NOUNS.contains(w) && *w != "no" && *w != "no.")
        && words[words.len() - 2].parse::<usize>().is_err()
        && !EN_NOUNS.contains(&words[words.len() - 2]);
    if noun {
        words.pop();
    }
    match words.as_slice() {
        // `I'll take #3`: the mark glued to the number after a verb of choosing.
        [one] if one.starts_with('#') => digits(&one[1..]).map(|n| (n, false)),
        // `last`, `the last one`; `penultimate`
        ["last"] => Some((1, true)),
        ["penultimate"] => Some((2, true)),
        // `first`, `the 2nd`, `first one`
        // `fist one`: before the place's noun a word of four letters one slip from one ordinal
        // is that place too (alone, `fist` is the word itself).
        [w] => en_ordinal(w)
            .or_else(|| noun.then(|| super::ordinal_slips::short_slip(w, EN_ORDINALS))?)
            .map(|n| (n, false)),
        // `second to last`, `second last`, `2nd from last`, `second from the end`
        [w, "to" | "from", "last"] | [w, "last"] | [w, "from", "the", "end"] => {
            en_ordinal(w).map(|n| (n, true))
        }
        // `option 2`, `no. 2`, `number 2`, `#2` spaced (`# 2`)
        [noun, d] if (EN_NOUNS.contains(noun) && *noun != "one") || *noun == "#" => {
            // A number word after the noun (`number one`, `option two`); never after `no`
            // (`no one` is nobody).
            let word = || {
                (!matches!(*noun, "no" | "no." | "#"))
                    .then(|| super::cardinals::en_cardinal(d))
                    .flatten()
            };
            digits(d).or_else(word).map(|n| (n, false))
        }
        _ => None,
    }
}

/// `first`, `1st`, `2nd`, `3rd`, `4th`.
pub(super) fn en_ordinal(w: &str) -> Option<usize> {
    if let Some(i) = EN_ORDINALS.iter().position(|o| *o == w) {
        return Some(i + 1);
    }
    // `secnd`, `the frist one`: the house's slip measure over this table.
    if let Some(n) = super::ordinal_slips::ordinal_of_slip(w, EN_ORDINALS) {
        return Some(n);
    }
    let d = w
        .strip_suffix("st")
        .or_else(|| w.strip_suffix("nd"))
        .or_else(|| w.strip_suffix("rd"))
        .or_else(|| w.strip_suffix("th"))?;
    digits(d)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn place(t: &str) -> Option<(usize, bool)> {
        ordinal(t).map(|o| (o.n, o.bare))
    }

    #[test]
    fn chinese_places_in_both_scripts_and_digits() {
        assert_eq!(place("第一个"), Some((1, false)));
        assert_eq!(place("第二个"), Some((2, false)));
        assert_eq!(place("第一個"), Some((1, false)));
        assert_eq!(place("第2个"), Some((2, false)));
        assert_eq!(place("第三"), Some((3, false)));
        assert_eq!(place("选2"), Some((2, false)));
        assert_eq!(place("选第二个吧"), Some((2, false)));
        assert_eq!(place("就第一个吧"), Some((1, false)));
        assert_eq!(place("第二家"), Some((2, false)));
        assert_eq!(place("第２个"), Some((2, false)));
    }

    #[test]
    fn english_places() {
        assert_eq!(place("the first one"), Some((1, false)));
        assert_eq!(place("first"), Some((1, false)));
        assert_eq!(place("second one"), Some((2, false)));
        assert_eq!(place("the second"), Some((2, false)));
        assert_eq!(place("option 2"), Some((2, false)));
        assert_eq!(place("#2"), Some((2, false)));
        assert_eq!(place("# 3"), Some((3, false)));
        assert_eq!(place("the 2nd one please"), Some((2, false)));
        assert_eq!(place("I'll take the first one"), Some((1, false)));
        assert_eq!(place("First."), Some((1, false)));
        // A subject and its modal before the verb of choosing (pick_ab, pick_ac, und_cw).
        assert_eq!(place("i take number 2"), Some((2, false)));
        assert_eq!(place("i take the first"), Some((1, false)));
        assert_eq!(place("i'd go with number 1"), Some((1, false)));
        assert_eq!(place("we'll pick the second one"), Some((2, false)));
        assert_eq!(place("let me take option 3"), Some((3, false)));
        // A subject without a verb of choosing, or a verb with no place after it, is none.
        assert_eq!(place("i first"), None);
        assert_eq!(place("i take 2"), None);
        assert_eq!(place("i want 2 cards"), None);
        // A number word after the choice's noun (pick_ae's `ok i take number one`).
        assert_eq!(place("i take number one"), Some((1, false)));
        assert_eq!(place("option two"), Some((2, false)));
        assert_eq!(place("no one"), None);
        assert_eq!(
            ordinal_in("ok i take number one").map(|(o, r)| (o.n, o.bare, r)),
            Some((1, false, String::new()))
        );
    }

    #[test]
    fn places_said_with_a_verb_of_choosing() {
        assert_eq!(place("i'd go with the second"), Some((2, false)));
        assert_eq!(place("i’d go with the first one"), Some((1, false)));
        assert_eq!(place("I'll take #3"), Some((3, false)));
        assert_eq!(place("我要第三个"), Some((3, false)));
        assert_eq!(place("选二"), Some((2, false)));
        assert_eq!(place("就第一个吧"), Some((1, false)));
        // Verbs in a row (pick_ae's `那就用第一个`), and the noun of a choice (`选项3`).
        assert_eq!(place("那就用第一个"), Some((1, false)));
        assert_eq!(place("那就选2"), Some((2, false)));
        assert_eq!(place("选项3"), Some((3, false)));
        assert_eq!(place("選項 2"), Some((2, false)));
        assert_eq!(place("那就用2个"), None);
    }

    #[test]
    fn places_counted_from_the_end() {
        let end = |t: &str| ordinal(t).filter(|o| o.from_end).map(|o| o.n);
        assert_eq!(end("the last one"), Some(1));
        assert_eq!(end("last"), Some(1));
        assert_eq!(end("the second to last"), Some(2));
        assert_eq!(end("second last option"), Some(2));
        assert_eq!(end("最后一个"), Some(1));
        assert_eq!(end("就最后那个吧"), Some(1));
        assert_eq!(end("倒数第二个"), Some(2));
        assert_eq!(end("倒數第一個"), Some(1));
        for t in ["last time", "the last step", "最后一次", "倒数", "最后"] {
            assert_eq!(ordinal(t), None, "{t}");
        }
        let last = ordinal("the last one").unwrap();
        assert_eq!(last.place_among(4), Some(4));
        assert_eq!(ordinal("倒数第二个").unwrap().place_among(4), Some(3));
        assert_eq!(ordinal("倒数第五个").unwrap().place_among(4), None);
        assert_eq!(ordinal("第二个").unwrap().place_among(4), Some(2));
        assert_eq!(
            ordinal_in("ok the last one, budget 50").map(|(o, r)| (o.n, o.from_end, r)),
            Some((1, true, "budget 50".to_string()))
        );
    }

    #[test]
    fn bare_digits_are_told_apart() {
        assert_eq!(place("1"), Some((1, true)));
        assert_eq!(place("２"), Some((2, true)));
        assert_eq!(place(" 3 "), Some((3, true)));
    }

    #[test]
    fn counts_values_and_sentences_are_no_place() {
        for t in [
            "0",
            "4090",
            "2个",
            "两个",
            "一",
            "8k",
            "第一次",
            "first time",
            "the first step",
            "2 hours",
            "one",
            "no",
            "第一个平台便宜吗",
            "first, i want lora",
            "2张",
            "要2个",
        ] {
            assert_eq!(ordinal(t), None, "{t}");
        }
    }
    #[test]
    fn a_place_inside_a_longer_message() {
        let inside = |t: &str| ordinal_in(t).map(|(o, rest)| (o.n, rest));
        assert_eq!(
            inside("ok 第二个，然后预算50"),
            Some((2, "然后预算50".to_string()))
        );
        assert_eq!(
            inside("the first one, and I only have paypal"),
            Some((1, "and I only have paypal".to_string()))
        );
        assert_eq!(inside("第二个 预算50"), Some((2, "预算50".to_string())));
        assert_eq!(
            inside("选第一个，预算100块"),
            Some((1, "预算100块".to_string()))
        );
        assert_eq!(inside("ok 第二个"), Some((2, String::new())));
        // An ordinal word alone opens a sentence; digits inside one are a value; two places
        // are no one choice; an ordinal that is part of a longer noun is none.
        for t in [
            "first, i want qlora",
            "第一，我想用lora",
            "2, and 8k context",
            "第一个还是第二个",
            "第一次用，选个便宜的",
            "第一个平台便宜吗，预算50",
            "用第一个平台的话，预算50够吗",
        ] {
            assert_eq!(ordinal_in(t).map(|(o, _)| o.n), None, "{t}");
        }
    }
}
