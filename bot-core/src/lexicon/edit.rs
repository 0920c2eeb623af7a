//! How far a typed word is from a word the bot knows: one insertion, deletion, substitution or
//! swap of neighbours (`pirce`, `/fti`, `lroa`). The reader's cue words and the command names
//! use the same measure, so a typo is forgiven alike in a question and in a command.

/// Whether `a` and `b` differ by one insertion, deletion, substitution or swap of neighbours.
pub fn one_edit(a: &[u8], b: &[u8]) -> bool {
    let p = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let (ra, rb) = (&a[p..], &b[p..]);
    match ra.len().cmp(&rb.len()) {
        std::cmp::Ordering::Equal => {
            !ra.is_empty()
                && (ra[1..] == rb[1..]
                    || (ra.len() >= 2 && ra[0] == rb[1] && ra[1] == rb[0] && ra[2..] == rb[2..]))
        }
        std::cmp::Ordering::Greater => ra[1..] == *rb,
        std::cmp::Ordering::Less => *ra == rb[1..],
    }
}

/// Whether `typed`, a round number (`3900`, `4900`), is a card's `number` (`3090`, `4090`) with
/// two neighbouring digits swapped: the one slip that makes a card's number look like a sum, so
/// a round number is read as a card only by it (`2000`, `1500` stay sums or counts).
pub fn round_by_swap(typed: &str, number: &str) -> bool {
    typed.ends_with("00")
        && typed.bytes().all(|b| b.is_ascii_digit())
        && swapped(typed.as_bytes(), number.as_bytes())
}

/// Whether `a` is `b` with exactly two neighbouring letters swapped (and nothing else changed):
/// the one slip short words are forgiven (`lroa`, `vsat`), where a changed letter makes other words.
pub fn swapped(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let diff: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).collect();
    diff.len() == 2
        && diff[1] == diff[0] + 1
        && a[diff[0]] == b[diff[1]]
        && a[diff[1]] == b[diff[0]]
}

/// Whether `a` is `b` with two letters one apart swapped (`nofity` of `notify`, `alret` is a
/// neighbours' swap): the one two-letter slip a long cue word is forgiven, where the letters
/// are all there and only two traded places; shorter words make other words this way.
pub fn swapped_across(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let diff: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).collect();
    diff.len() == 2
        && diff[1] == diff[0] + 2
        && a[diff[0]] == b[diff[1]]
        && a[diff[1]] == b[diff[0]]
}

/// How many slips (a letter inserted, dropped or changed, or two neighbours swapped) turn `a`
/// into `b` (optimal string alignment), or `None` past `max`. Two slips are what the reader
/// asks back where a name fits (`vsta`, `cdou`, `lamb`); never what it reads without asking.
pub fn slips_apart(a: &[u8], b: &[u8], max: usize) -> Option<usize> {
    if a.len().abs_diff(b.len()) > max {
        return None;
    }
    let (n, m) = (a.len(), b.len());
    let mut d = vec![vec![0usize; m + 1]; n + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=n {
        for j in 1..=m {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = v;
        }
    }
    Some(d[n][m]).filter(|&k| k <= max)
}

/// Whether `a` holds the same letters as `b` in another order (`vsta`, `vats` of `vast`): the only
/// slips a short name is asked back for, where a changed letter makes other words (`cuda`, `sale`).
pub fn same_letters(a: &[u8], b: &[u8]) -> bool {
    let sorted = |w: &[u8]| {
        let mut v = w.to_vec();
        v.sort_unstable();
        v
    };
    a != b && sorted(a) == sorted(b)
}

/// A method word typed with two neighbouring letters swapped (`lroa`, `qlroa`), alone or glued
/// to Chinese (`能不能lroa一下`), written as the method; any other run of letters as typed, so
/// `lore`, `flora` or `oral` stay. One rule for `/pick`'s steps and the reader.
pub fn method_typos(t: &str) -> String {
    map_words(
        t,
        |c| c.is_ascii_alphabetic(),
        |word| {
            let l = word.to_ascii_lowercase();
            ["qlora", "lora"]
                .into_iter()
                .find(|m| swapped(l.as_bytes(), m.as_bytes()))
                .map_or_else(|| word.to_string(), str::to_string)
        },
    )
}

/// `t` with each run of characters `in_word` accepts written as `f` gives it; every other
/// character kept where it stands (the one word walk of the readers that rewrite words).
pub fn map_words(t: &str, in_word: impl Fn(char) -> bool, f: impl Fn(&str) -> String) -> String {
    let mut out = String::with_capacity(t.len());
    let mut word = String::new();
    for c in t.chars() {
        if in_word(c) {
            word.push(c);
        } else {
            if !word.is_empty() {
                out.push_str(&f(&word));
                word.clear();
            }
            out.push(c);
        }
    }
    if !word.is_empty() {
        out.push_str(&f(&word));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{method_typos, one_edit, same_letters, slips_apart, swapped_across};

    #[test]
    fn swapped_method_letters_are_the_method() {
        assert_eq!(method_typos("用lroa 跑3个小时"), "用lora 跑3个小时");
        assert_eq!(method_typos("qlroa llama"), "qlora llama");
        assert_eq!(method_typos("能不能LROA一下"), "能不能lora一下");
        assert_eq!(method_typos("lore flora oral"), "lore flora oral");
    }

    #[test]
    fn one_edit_of_each_kind() {
        for (a, b) in [
            ("fit", "fti"),
            ("cost", "cots"),
            ("compare", "comapre"),
            ("gpu", "gpuu"),
        ] {
            assert!(one_edit(a.as_bytes(), b.as_bytes()), "{a} {b}");
        }
        for (a, b) in [("fit", "fit"), ("cost", "cast2"), ("trend", "tried")] {
            assert!(!one_edit(a.as_bytes(), b.as_bytes()), "{a} {b}");
        }
    }

    #[test]
    fn slips_apart_counts_each_kind() {
        let apart = |a: &str, b: &str| slips_apart(a.as_bytes(), b.as_bytes(), 2);
        assert_eq!(apart("vats", "vast"), Some(1));
        assert_eq!(apart("vsta", "vast"), Some(2));
        assert_eq!(apart("cdou", "cudo"), Some(2));
        assert_eq!(apart("lamb", "lambda"), Some(2));
        assert_eq!(apart("cost", "vast"), Some(2));
        assert_eq!(apart("cost", "cudo"), None);
        assert_eq!(apart("run", "runpod"), None);
        assert_eq!(apart("vast", "vast"), Some(0));
    }

    #[test]
    fn two_letters_one_apart_swapped() {
        assert!(swapped_across(b"nofity", b"notify"));
        assert!(swapped_across(b"subsircbe", b"subscribe"));
        assert!(!swapped_across(b"notfiy", b"notify"));
        assert!(!swapped_across(b"notify", b"notify"));
        assert!(!swapped_across(b"nofitx", b"notify"));
    }

    #[test]
    fn same_letters_in_another_order() {
        assert!(same_letters(b"vsta", b"vast"));
        assert!(same_letters(b"vats", b"vast"));
        assert!(!same_letters(b"vast", b"vast"));
        assert!(!same_letters(b"cuda", b"cudo"));
        assert!(!same_letters(b"cost", b"vast"));
    }
}
