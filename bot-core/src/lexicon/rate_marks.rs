//! How a rate's unit is said before its amount: `按秒收0.0004刀`, `按天收费 60元`,
//! `per second they charge $0.0002`, `billed per minute at $0.03`. The mark (`按`, `每`,
//! `per`) says the unit that follows is what the amount is charged by; a verb of charging may
//! stand between the unit and the amount.

/// Marks that make the unit after them the one a price is charged by, longest first.
pub const RATE_MARKS: &[&str] = &["按照", "按", "每", "per", "by the"];

/// Marks after an amount that make the unit after them its rate (`$2/h`, `2块每小时`, `$300 a
/// month`); `every` and `each` say "each" as `per` does (`2400 yuan every month` had kept no
/// period, and the conversion had no reading), as the period table says (`lexicon::EACH_PERIOD`).
pub const MARKS_AFTER: &[&str] = &["/", "per ", "per", "每", "every ", "each ", "an ", "a "];

/// Verbs of charging said between a rate's unit and its amount, longest first where one ends
/// another (`收费` before `收`).
pub const CHARGE_VERBS: &[&str] = &[
    "they charge",
    "it charges",
    "charges",
    "charge",
    "costs",
    "at",
    "收费",
    "计费",
    "计价",
    "收取",
    "收",
    "算",
    "要",
    "花",
    "付",
    "是",
];

/// `before` with a verb of charging at its end taken off (an English one as a whole word), and
/// trimmed; `before` itself when none ends it.
pub fn charge_verb_stripped(before: &str) -> &str {
    CHARGE_VERBS
        .iter()
        .find_map(|w| {
            let b = before.strip_suffix(w)?;
            (!w.is_ascii() || !b.ends_with(|c: char| c.is_ascii_alphanumeric())).then_some(b)
        })
        .map_or(before, str::trim_end)
}

/// Nouns of a price said between a rate's unit and its amount (`per second price 0.0001 usd`,
/// `每秒价格0.0002美元`, `每小时单价3块`), longest first where one ends another.
pub const PRICE_NOUNS: &[&str] = &[
    "price is",
    "rate is",
    "price",
    "rate",
    "的价格",
    "的价钱",
    "价格",
    "价钱",
    "单价",
];

/// `before` with a price noun at its end taken off (an English one as a whole word), and
/// trimmed; `before` itself when none ends it.
pub fn price_noun_stripped(before: &str) -> &str {
    let before = before.trim_end();
    PRICE_NOUNS
        .iter()
        .find_map(|w| {
            let b = before.strip_suffix(w)?;
            (!w.is_ascii() || !b.ends_with(|c: char| c.is_ascii_alphanumeric())).then_some(b)
        })
        .map_or(before, str::trim_end)
}

/// Whether `before` (what precedes a unit word) ends with a rate's mark, an English one as a
/// whole word: the unit after it is the one charged by.
pub fn ends_with_rate_mark(before: &str) -> bool {
    let b = before.trim_end();
    RATE_MARKS.iter().any(|m| {
        b.strip_suffix(m)
            .is_some_and(|r| !m.is_ascii() || !r.ends_with(|c: char| c.is_ascii_alphanumeric()))
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_price_noun_before_an_amount_is_taken_off() {
        use super::price_noun_stripped as p;
        assert_eq!(p("per second price"), "per second");
        assert_eq!(p("每秒价格"), "每秒");
        assert_eq!(p("per hour price is "), "per hour");
        // A word that only ends in one is kept (`surprice`).
        assert_eq!(p("surprice"), "surprice");
    }
}
