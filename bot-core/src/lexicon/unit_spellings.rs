//! The spellings people type for a duration's unit, in one table (helper und_eb, issue 26): the
//! ones every reader already reads (`Form::Read`) and the slips (`Form::Slip`: `hs` the Spanish
//! abbreviation, `mn` the French one, `horas`/`heures`/`minutos` a word of the writer's own
//! language, `3hour`/`3day` a singular glued to its number), which [`unit_slips_read`] writes as
//! the unit's plain English word after their number before any reader runs. A slip left as typed
//! was no unit, so the length was lost and the run billed as the default hour (`3 hs` → 1h): a
//! wrong figure said with confidence.

use crate::units::TimeUnit;

/// Whether the readers read a spelling as typed, or it is written as its unit's word first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    Read,
    Slip,
    /// A Chinese counter and unit (`3个钟`) read by the spoken-form pass, not by the unit
    /// parser (`understand::spoken_zh`); the suite's generated test reads it.
    Spoken,
}

/// Every spelling of a duration's unit the reader knows, with its unit and form. A slip that
/// could be a card's or model's name (`h`, `m`, `d`, `w`: `h100`, `m40`, `7b`, `2w` = 万) is never
/// one here: only a whole word right after a number is a unit.
pub const UNIT_SPELLINGS: &[(&str, TimeUnit, Form)] = &[
    ("h", TimeUnit::Hour, Form::Read),
    ("hr", TimeUnit::Hour, Form::Read),
    ("hrs", TimeUnit::Hour, Form::Read),
    ("hours", TimeUnit::Hour, Form::Read),
    ("小时", TimeUnit::Hour, Form::Read),
    ("小時", TimeUnit::Hour, Form::Read),
    ("个小时", TimeUnit::Hour, Form::Read),
    ("个钟", TimeUnit::Hour, Form::Spoken),
    ("个钟头", TimeUnit::Hour, Form::Spoken),
    ("钟头", TimeUnit::Hour, Form::Read),
    ("hs", TimeUnit::Hour, Form::Slip),
    ("hour", TimeUnit::Hour, Form::Slip),
    ("hora", TimeUnit::Hour, Form::Slip),
    ("horas", TimeUnit::Hour, Form::Slip),
    ("heure", TimeUnit::Hour, Form::Slip),
    ("heures", TimeUnit::Hour, Form::Slip),
    ("hrz", TimeUnit::Hour, Form::Slip),
    ("hors", TimeUnit::Hour, Form::Slip),
    ("hous", TimeUnit::Hour, Form::Slip),
    ("min", TimeUnit::Minute, Form::Read),
    ("mins", TimeUnit::Minute, Form::Read),
    ("minutes", TimeUnit::Minute, Form::Read),
    ("分钟", TimeUnit::Minute, Form::Read),
    ("分鐘", TimeUnit::Minute, Form::Read),
    ("mn", TimeUnit::Minute, Form::Slip),
    ("mns", TimeUnit::Minute, Form::Slip),
    ("minute", TimeUnit::Minute, Form::Slip),
    ("minuto", TimeUnit::Minute, Form::Slip),
    ("minutos", TimeUnit::Minute, Form::Slip),
    ("minuts", TimeUnit::Minute, Form::Slip),
    ("mints", TimeUnit::Minute, Form::Slip),
    ("d", TimeUnit::Day, Form::Read),
    ("days", TimeUnit::Day, Form::Read),
    ("天", TimeUnit::Day, Form::Read),
    ("day", TimeUnit::Day, Form::Slip),
    ("dia", TimeUnit::Day, Form::Slip),
    ("dias", TimeUnit::Day, Form::Slip),
    ("días", TimeUnit::Day, Form::Slip),
    ("jours", TimeUnit::Day, Form::Slip),
    ("dayz", TimeUnit::Day, Form::Slip),
    ("weeks", TimeUnit::Week, Form::Read),
    ("周", TimeUnit::Week, Form::Read),
    ("个星期", TimeUnit::Week, Form::Read),
    ("week", TimeUnit::Week, Form::Slip),
    ("wk", TimeUnit::Week, Form::Slip),
    ("wks", TimeUnit::Week, Form::Slip),
    ("semana", TimeUnit::Week, Form::Slip),
    ("semanas", TimeUnit::Week, Form::Slip),
    ("semaines", TimeUnit::Week, Form::Slip),
];

/// The word a slip of `unit` is written as: one every reader reads, spaced or glued.
pub fn unit_word(unit: TimeUnit) -> &'static str {
    match unit {
        TimeUnit::Second => "seconds",
        TimeUnit::Minute => "min",
        TimeUnit::Hour => "hours",
        TimeUnit::Day => "days",
        TimeUnit::Week => "weeks",
        TimeUnit::Month => "months",
        TimeUnit::Year => "years",
    }
}

/// The slip spelled `word`, if it is one. A letter alone after a space is never one: `4090 d`
/// is the 4090D, `1.5 dólares` no day.
fn slip(word: &str) -> Option<TimeUnit> {
    UNIT_SPELLINGS
        .iter()
        .find(|(s, _, f)| *f == Form::Slip && *s == word)
        .map(|(_, u, _)| *u)
}

/// The text (lower case) with every slip of [`UNIT_SPELLINGS`] that follows a number, glued
/// (`3hs`, `40mn`) or after one space (`3 hs`), written `N <unit word>` (`3 hours`, `40 min`).
/// The number starts a word (`h100`, `a6000` end no number here) and the slip ends one.
pub fn unit_slips_read(text: &str) -> String {
    let c: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < c.len() {
        let starts = c[i].is_ascii_digit()
            // A Chinese character glues no word to the number (`跑3hs`); a letter or digit does.
            && (i == 0
                || !((c[i - 1].is_alphanumeric() && !super::is_han(c[i - 1]))
                    || matches!(c[i - 1], '.' | ',' | '-')));
        if starts && let Some((number, unit, end)) = slip_after_number(&c, i) {
            out.push_str(&number);
            out.push(' ');
            out.push_str(unit_word(unit));
            i = end;
            continue;
        }
        out.push(c[i]);
        i += 1;
    }
    out
}

/// The number at `i`, and the slip after it with where it ends.
fn slip_after_number(c: &[char], i: usize) -> Option<(String, TimeUnit, usize)> {
    let point = |k: usize| c[k] == '.' && c.get(k + 1).is_some_and(char::is_ascii_digit);
    let end = (i..c.len())
        .find(|&k| !(c[k].is_ascii_digit() || point(k)))
        .unwrap_or(c.len());
    let number: String = c[i..end].iter().collect();
    let at = if c.get(end) == Some(&' ') {
        end + 1
    } else {
        end
    };
    let word_end = (at..c.len())
        .find(|&k| !c[k].is_alphabetic() || super::is_han(c[k]))
        .unwrap_or(c.len());
    let word: String = c[at..word_end].iter().collect();
    slip(&word).map(|u| (number, u, word_end))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every spelling reads as its unit: as typed where the readers read it, as its word where
    /// it is a slip; and no spelling stands twice.
    #[test]
    fn every_spelling_is_its_unit() {
        for (s, unit, form) in UNIT_SPELLINGS {
            let read = match form {
                Form::Read => TimeUnit::parse(s),
                Form::Slip | Form::Spoken => TimeUnit::parse(unit_word(*unit)),
            };
            assert_eq!(read, Some(*unit), "{s}");
            assert_eq!(TimeUnit::parse(unit_word(*unit)), Some(*unit), "{s}");
            let twice = UNIT_SPELLINGS.iter().filter(|(t, ..)| t == s).count();
            assert_eq!(twice, 1, "{s} twice");
        }
    }

    #[test]
    fn a_slip_after_a_number_is_its_unit_word() {
        for (typed, read) in [
            ("vast 4090 for 3 hs", "vast 4090 for 3 hours"),
            ("for 40mn cost", "for 40 min cost"),
            ("跑 1.5 horas 多少", "跑 1.5 hours 多少"),
            ("跑3hs多少", "跑3 hours多少"),
            ("3wk", "3 weeks"),
            ("2 días", "2 days"),
        ] {
            assert_eq!(unit_slips_read(typed), read);
        }
        // A card's or model's name, a unit read as typed, a word that only starts like a slip.
        for kept in [
            "h100 hs", "a6000 mn", "3 hours", "40 min", "7b", "3 hsbc", "v2.5 hs", "3d", "3 dogs",
        ] {
            assert_eq!(unit_slips_read(kept), kept);
        }
    }
}
