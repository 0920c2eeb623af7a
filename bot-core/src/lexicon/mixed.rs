//! An English content word standing inside a Chinese cue frame (`在哪 rent`, `有 stock 了`,
//! `哪家最 cheap`, `到货了 notify 我`) means what the Chinese word of its class means there. The
//! Chinese cues are whole phrases (`在哪租`, `有货了`, `最便宜`); a mixed message (a fifth of
//! traffic) splits them with the English word, so the word is put in the frame as its Chinese
//! class word, and the spaces that join it to the Chinese beside it are dropped, before any cue
//! is matched. An English word between English or digits only is left as it is: an English
//! sentence keeps its own cues.

/// English words (longest first where one starts another), the Chinese word of their class, and
/// whether the word glued with no space to a digit or a Chinese character (`a10哪里能rent到`,
/// `daily1000万token`) is that word wherever it stands (read in stage 1 by
/// `understand::glued_words`). The one table of English words inside Chinese.
const CLASSES: &[(&str, &str, bool)] = &[
    // Renting.
    ("rent", "租", true),
    ("rented", "租", false),
    ("renting", "租", false),
    // Being in stock.
    ("in stock", "有货", false),
    ("stock", "货", false),
    ("available", "有货", false),
    ("available again", "有货", false),
    ("back in stock", "有货", false),
    // Arriving again (`L20 restock 了告诉我`): the Chinese arrival `补货`, an alert beside a word
    // to tell as `补货了告诉我` is; a bare `告诉我` stays no alert.
    ("restock", "补货", false),
    ("restocked", "补货", false),
    ("restocks", "补货", false),
    // Cheapness (`cheaper` is left out: `有没有 cheaper 的` beside a price paid asks for the
    // ranking, where `有没有更便宜的` reads as a stock ask).
    ("cheapest", "最便宜", false),
    ("cheap", "便宜", false),
    // Being told.
    ("notify", "通知", false),
    // Each day (`daily 跑 8 小时`, `daily五百万token`): the Chinese `每天`.
    ("daily", "每天", true),
    ("remind", "提醒", false),
    // The platforms asked among (`哪些platform支持alipay`): `平台`, so a list cue hears it.
    ("platforms", "平台", false),
    ("platform", "平台", false),
];

/// The Chinese a rent verb completes a frame after: a where-word or a can-word (`在哪 rent`,
/// `哪里能 rent`). After another word (`该 rent 哪个 gpu`) the English verb is left to the
/// English reading, where which card to rent for a model named is its fit.
const RENT_FRAME_ENDS: &[&str] = &["哪", "哪里", "哪儿", "能", "可以"];

/// A Chinese character (a CJK ideograph, its extension A or a compatibility form): the one
/// test every reader uses for "Chinese here".
pub fn is_han(c: char) -> bool {
    matches!(c as u32, 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF)
}

/// The text with every [`CLASSES`] word that has Chinese right before or right after it (spaces
/// aside) written as its Chinese class word, joined to that Chinese. Text with no Chinese is
/// returned as it is. One walk over the text.
pub fn english_in_chinese_frame(text: &str) -> String {
    if !text.chars().any(is_han) {
        return text.to_string();
    }
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let word_start =
            chars[i].is_ascii_alphabetic() && (i == 0 || !chars[i - 1].is_ascii_alphanumeric());
        if let Some((len, zh)) = word_start.then(|| class_word_at(&chars, i)).flatten() {
            let before = chars[..i].iter().rev().find(|c| **c != ' ');
            let after = chars[i + len..].iter().find(|c| **c != ' ');
            let han_before = before.is_some_and(|c| is_han(*c));
            let han_after = after.is_some_and(|c| is_han(*c));
            let rent_off_frame = zh == "租" && han_before && !rent_frame_before(&out);
            if (han_before || han_after) && !rent_off_frame {
                if han_before {
                    out.truncate(out.trim_end_matches(' ').len());
                }
                out.push_str(zh);
                i += len;
                if han_after {
                    while chars.get(i) == Some(&' ') {
                        i += 1;
                    }
                }
                continue;
            }
        }
        out.push(chars[i]);
        i += 1;
    }
    out
}

/// Whether the text before a rent verb ends with one of [`RENT_FRAME_ENDS`].
fn rent_frame_before(before: &str) -> bool {
    let before = before.trim_end_matches(' ');
    RENT_FRAME_ENDS.iter().any(|w| before.ends_with(w))
}

/// The [`CLASSES`] words read glued to a digit or a Chinese character, with their Chinese word.
pub fn glued_mixed() -> impl Iterator<Item = (&'static str, &'static str)> {
    CLASSES
        .iter()
        .filter(|(_, _, glued)| *glued)
        .map(|(en, zh, _)| (*en, *zh))
}

/// The length and Chinese word of the longest [`CLASSES`] word starting at `i` as a whole word.
fn class_word_at(chars: &[char], i: usize) -> Option<(usize, &'static str)> {
    CLASSES
        .iter()
        .filter(|(en, _, _)| {
            let n = en.chars().count();
            chars.len() >= i + n
                && chars[i..i + n].iter().copied().eq(en.chars())
                && !chars.get(i + n).is_some_and(char::is_ascii_alphanumeric)
        })
        .map(|(en, zh, _)| (en.chars().count(), *zh))
        .max_by_key(|(n, _)| *n)
}

#[cfg(test)]
mod tests {
    use super::english_in_chinese_frame as frame;

    #[test]
    fn a_word_in_a_chinese_frame_takes_its_class_word() {
        assert_eq!(frame("h20 哪里能 rent"), "h20 哪里能租");
        assert_eq!(frame("h200 有 stock 了 通知我"), "h200 有货了 通知我");
        assert_eq!(frame("a100 哪家最 cheap"), "a100 哪家最便宜");
        assert_eq!(frame("h20 到货了 notify 我"), "h20 到货了通知我");
        assert_eq!(frame("4090 rent 一天"), "4090 租一天");
        assert_eq!(frame("l4 restocked 了告诉我"), "l4 补货了告诉我");
        assert_eq!(frame("a40 available again 就通知"), "a40 有货就通知");
    }

    #[test]
    fn english_beside_english_or_no_chinese_stays() {
        assert_eq!(
            frame("where can i rent an h800"),
            "where can i rent an h800"
        );
        assert_eq!(frame("rent 4090 便宜吗"), "rent 4090 便宜吗");
        assert_eq!(frame("该 rent 哪个 gpu"), "该 rent 哪个 gpu");
        assert_eq!(frame("stockholm 的 4090"), "stockholm 的 4090");
        assert_eq!(
            frame("is it in stock on runpod"),
            "is it in stock on runpod"
        );
    }
}
