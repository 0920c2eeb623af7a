//! A card per person: `我们组三个人 每人一张4090`, `3 of us, each on a 4090` — the job is on every
//! person's cards at once, so the card count is the people times each one's cards (a bill for
//! one card would be a third of the real one).

use crate::catalog::Catalog;

/// Words that say each person has their own cards.
const EACH: &[&str] = &[
    "每人",
    "每个人",
    "人手",
    "一人一",
    "each of us",
    "each person",
    "per person",
    "each one",
    "each",
];

/// The number of people when the sentence gives each of them cards (`3个人`, `3人`,
/// `3 people`, `3 of us`, `we are 3`), else `None`.
pub(super) fn people_each(toks: &[String]) -> Option<u32> {
    let text = format!(" {} ", toks.join(" "));
    if !EACH.iter().any(|w| text.contains(w)) {
        return None;
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    let people = words.iter().enumerate().find_map(|(k, w)| {
        // `3个人` may be one word or two (`3 个人`).
        let (digits, rest) = split_number(w);
        let n: u32 = digits.parse().ok()?;
        let after = if rest.is_empty() {
            words.get(k + 1).copied().unwrap_or("")
        } else {
            rest
        };
        let said = PEOPLE.iter().any(|u| after.starts_with(u)) && !after.starts_with("人民币");
        let we_are = k >= 2
            && matches!(
                (words[k - 2], words[k - 1]),
                ("we", "are")
                    | ("we're", _)
                    | ("team", "of")
                    | ("group", "of")
                    | ("class", "of")
                    | ("cohort", "of")
                    | ("workshop", "of")
                    | ("lab", "of")
            );
        (said || we_are).then_some(n)
    })?;
    // A class of 30, each on a card, is 30 cards (the most a job is priced on).
    (2..=64).contains(&people).then_some(people)
}

/// Whether `people` each have their own cards: up to 16 as said (a group); more (a class, `30个
/// 学生每人用2小时4090`) only for a bill with no model served and no single card said (`包月租一张
/// 4090，平均每人`, `is one T4 enough for the class` share one card).
pub(super) fn each_on_own(toks: &[String], people: u32, model: bool) -> bool {
    if people <= 16 {
        return true;
    }
    // `每人一张`, `one L4 each`: a card per person, not one card shared by them all.
    let text = own_card_said(&format!(" {} ", toks.join(" ")));
    let single = [
        " 1 张",
        " 1 台",
        "一张",
        "一台",
        "1张",
        " one ",
        " a single ",
        " single ",
    ]
    .iter()
    .any(|w| text.contains(w));
    !model && !single
}

/// `text` without the words that give each person one card (`每人一张`, `一人一张`, `one L4
/// each`), so that `一张` / `one` left in it is a single card shared.
fn own_card_said(text: &str) -> String {
    let mut t = text.to_string();
    for each in ["每人", "每个人", "人手", "一人"] {
        for one in ["一张", " 一张", " 1 张", "1张", "一台", " 一台"] {
            t = t.replace(&format!("{each}{one}"), " ");
        }
    }
    let words: Vec<&str> = t.split_whitespace().collect();
    let kept: Vec<&str> = words
        .iter()
        .enumerate()
        .filter(|(k, w)| {
            // `one` with `each` at most two words after it.
            !(**w == "one" && words[k + 1..].iter().take(3).any(|x| x.starts_with("each")))
        })
        .map(|(_, w)| *w)
        .collect();
    format!(" {} ", kept.join(" "))
}

/// Nouns that count people after a number (`3个人`, `30个学生`, `20 students`, `12 trainees`).
const PEOPLE: &[&str] = &[
    "个人",
    "人",
    "位",
    "名",
    "个学生",
    "学生",
    "个同学",
    "同学",
    "个学员",
    "学员",
    "个员工",
    "员工",
    "个同事",
    "同事",
    "people",
    "persons",
    "students",
    "learners",
    "trainees",
    "interns",
    "attendees",
    "participants",
    "employees",
    "colleagues",
    "kids",
    "of",
];

/// Whether people are counted in `padded` as others (`30个学生`, `a class of 30 students`): a
/// student named with a count is someone the asker pays for, never the asker's own student
/// price tier. A number that names a card (`4090 学生价`) is never a count of people, and a
/// student price word (`学生价`, `学生优惠`) is never the noun counted.
pub(super) fn others_counted(catalog: &Catalog, padded: &str) -> bool {
    let words: Vec<&str> = padded.split_whitespace().collect();
    let counted = words.iter().enumerate().any(|(k, w)| {
        let (digits, rest) = split_number(w);
        let after = if rest.is_empty() {
            words.get(k + 1).copied().unwrap_or("")
        } else {
            rest
        };
        !digits.is_empty()
            && catalog.find_gpu(digits).is_none()
            && !crate::lexicon::STUDENT_PRICE
                .iter()
                .any(|p| after.starts_with(p))
            && ["个学生", "名学生", "学生", "students", "个同学", "同学"]
                .iter()
                .any(|u| after.starts_with(u))
    });
    counted || padded.contains("class of") || padded.contains("上课")
}

fn split_number(w: &str) -> (&str, &str) {
    let end = w.find(|c: char| !c.is_ascii_digit()).unwrap_or(w.len());
    (&w[..end], &w[end..])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn people_each_with_their_own_cards() {
        assert_eq!(
            people_each(&toks("我们组 3个人 每人1张 4090 跑一周")),
            Some(3)
        );
        assert_eq!(people_each(&toks("我们组 3 个人 每人 1张 4090")), Some(3));
        assert_eq!(
            people_each(&toks("3 of us each on a 4090 for a week")),
            Some(3)
        );
        assert_eq!(
            people_each(&toks("we are 4 students each need a 3090")),
            Some(4)
        );
        // No per-person word, or no headcount: nothing to multiply.
        assert_eq!(people_each(&toks("我们组 3个人 租 1张 4090")), None);
        assert_eq!(people_each(&toks("每人 1张 4090")), None);
        // An amount in yuan is not a headcount.
        assert_eq!(people_each(&toks("每人 预算 50人民币")), None);
    }

    /// A card's number before a student price is the card; people counted stay counted.
    #[test]
    fn a_card_number_is_never_a_count_of_students() {
        let c = Catalog::embedded().unwrap();
        for card in [
            " autodl 4090 学生价 一小时 ",
            " 3090学生优惠 多少 ",
            " 5090 students price ",
        ] {
            assert!(!others_counted(&c, card), "{card}");
        }
        for people in [
            " 30个学生 用 4090 ",
            " 20 students on a 3090 ",
            " 12学生 每人一张 ",
        ] {
            assert!(others_counted(&c, people), "{people}");
        }
    }
}
