//! A choice's place typed with a slip (issue 26 §4, helper und_dg): an English ordinal word with
//! one letter dropped, doubled, changed or two swapped (`secnd`, `scond`, `seccond`, `frist`,
//! `thrid`), forgiven by the house's slip measure ([`super::cue_of_slip`]'s: five letters or
//! more, one edit; six or more, two letters one apart swapped) over [`super::ordinal`]'s own
//! table, never a list of typos; a numbered-list mark a phone or a pasted list writes (`②`, `❸`,
//! `⑵`, `⒉`), which marks a place as `#2` does; and a character other than a measure word after
//! `第` and a number (`第2各`, `第三哥`: the pinyin input's slip for 个), read where a whole
//! message is one place.

/// English words one edit from an ordinal and meant as themselves: never a place.
const REAL_NEAR_ORDINALS: &[&str] = &[
    "fifty", "sixty", "seventy", "eighty", "forth", "teeth", "birth", "filth", "firsts", "thirds",
    "fourths", "fifths", "sixths", "eighths", "tenths",
];

/// A word of four letters one edit from exactly one ordinal of `table` (`fist`, `secd`): read
/// only where a place's noun follows it (`fist one`), since such short slips are real words
/// alone (helper und_ec).
pub(super) fn short_slip(w: &str, table: &[&str]) -> Option<usize> {
    if w.len() != 4 || !w.bytes().all(|b| b.is_ascii_lowercase()) || table.contains(&w) {
        return None;
    }
    let near: Vec<usize> = table
        .iter()
        .enumerate()
        .filter(|(_, o)| {
            o.len().abs_diff(w.len()) <= 1 && super::one_edit(o.as_bytes(), w.as_bytes())
        })
        .map(|(i, _)| i + 1)
        .collect();
    match near.as_slice() {
        [n] => Some(*n),
        _ => None,
    }
}

/// The place (1 for `first`) an ordinal word `w` of `table` (lower case) is a slip of; `None`
/// for the word itself, a real word, a slip of two ordinals, or a word too short to forgive.
pub(super) fn ordinal_of_slip(w: &str, table: &[&str]) -> Option<usize> {
    if w.len() < 5
        || !w.bytes().all(|b| b.is_ascii_lowercase())
        || table.contains(&w)
        || REAL_NEAR_ORDINALS.contains(&w)
        || super::REAL_WORDS.contains(&w)
    {
        return None;
    }
    let t = w.as_bytes();
    let near: Vec<usize> = table
        .iter()
        .enumerate()
        .filter(|(_, o)| {
            (o.len().abs_diff(w.len()) <= 1 && super::one_edit(o.as_bytes(), t))
                || (o.len() >= 6 && super::swapped_across(o.as_bytes(), t))
        })
        .map(|(i, _)| i + 1)
        .collect();
    // One ordinal only: a slip two could be is no place.
    match near.as_slice() {
        [n] => Some(*n),
        _ => None,
    }
}

/// The number a list mark stands for: circled (`①`–`⑳`), negative circled (`❶`–`❿`, `➊`–`➓`),
/// sans-serif circled (`➀`–`➉`), parenthesized (`⑴`–`⒇`) and with a full stop (`⒈`–`⒛`).
pub(super) fn list_mark(c: char) -> Option<usize> {
    let u = c as u32;
    let from = |first: u32, count: u32| (first..first + count).contains(&u).then(|| u - first + 1);
    from(0x2460, 20)
        .or_else(|| from(0x2474, 20))
        .or_else(|| from(0x2488, 20))
        .or_else(|| from(0x2776, 10))
        .or_else(|| from(0x2780, 10))
        .or_else(|| from(0x278A, 10))
        .and_then(|n| usize::try_from(n).ok())
}

/// Whether `c`, after `第` and a number, stands where a measure word would (`第2各`, `第三哥`):
/// a Chinese character that is no numeral itself (`第二十` is a number going on) and no unit the
/// lexicon reads after a number ([`super::NOT_MEMORY_AFTER`]: time, money, cards, times), since
/// `第一次`, `第二天` count occasions and days, never a choice.
pub(super) fn stands_for_measure(c: char) -> bool {
    let mut buf = [0u8; 4];
    let unit: &str = c.encode_utf8(&mut buf);
    ('\u{4E00}'..='\u{9FFF}').contains(&c)
        && super::numerals::value_of(&[c]).is_none()
        && !super::NOT_MEMORY_AFTER.contains(&unit)
}

#[cfg(test)]
mod tests {
    use super::*;

    const EN: &[&str] = &[
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
        "tenth",
    ];

    #[test]
    fn each_kind_of_slip_is_its_ordinal() {
        for (slip, n) in [
            ("secnd", 2),
            ("scond", 2),
            ("seccond", 2),
            ("secodn", 2),
            ("frist", 1),
            ("fisrt", 1),
            ("firts", 1),
            ("thrid", 3),
            ("thirdd", 3),
            ("foruth", 4),
        ] {
            assert_eq!(ordinal_of_slip(slip, EN), Some(n), "{slip}");
        }
    }

    #[test]
    fn words_and_short_slips_are_no_place() {
        for w in [
            "first", "fifty", "sixty", "eighty", "forth", "teeth", "birth", "seconds", "thrd",
            "frst", "tired", "shirt", "frost", "Frist", "4th",
        ] {
            assert_eq!(ordinal_of_slip(w, EN), None, "{w}");
        }
    }

    #[test]
    fn list_marks_are_their_numbers() {
        assert_eq!(list_mark('①'), Some(1));
        assert_eq!(list_mark('②'), Some(2));
        assert_eq!(list_mark('⑳'), Some(20));
        assert_eq!(list_mark('❸'), Some(3));
        assert_eq!(list_mark('➋'), Some(2));
        assert_eq!(list_mark('⑵'), Some(2));
        assert_eq!(list_mark('⒉'), Some(2));
        assert_eq!(list_mark('2'), None);
        assert_eq!(list_mark('二'), None);
    }

    #[test]
    fn a_character_for_the_measure_word() {
        assert!(stands_for_measure('各'));
        assert!(stands_for_measure('哥'));
        assert!(!stands_for_measure('十'));
        assert!(!stands_for_measure('二'));
        assert!(!stands_for_measure('k'));
        assert!(!stands_for_measure('次'));
        assert!(!stands_for_measure('天'));
    }

    #[test]
    fn whole_messages_read_through_the_one_reader() {
        let place = |t: &str| super::super::ordinal(t).map(|o| (o.n, o.bare));
        assert_eq!(place("②"), Some((2, false)));
        assert_eq!(place("❸"), Some((3, false)));
        assert_eq!(place("the frist one"), Some((1, false)));
        assert_eq!(place("secnd"), Some((2, false)));
        assert_eq!(place("i'll take the thrid"), Some((3, false)));
        assert_eq!(place("第2各"), Some((2, false)));
        assert_eq!(place("第三哥吧"), Some((3, false)));
        // A full-width digit stays a bare number (the step may read it as a value).
        assert_eq!(place("２"), Some((2, true)));
        // Inside a sentence, `第` + a number + another character is no choice.
        assert_eq!(super::super::ordinal_in("第一次，先用lora"), None);
        // A slipped ordinal inside a longer message is a place as the word is.
        assert_eq!(
            super::super::ordinal_in("the secnd one, budget 50").map(|(o, r)| (o.n, r)),
            Some((2, "budget 50".to_string()))
        );
    }
}
