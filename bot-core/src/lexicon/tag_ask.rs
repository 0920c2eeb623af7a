//! A yes-or-no tag after a question (`lambda has h100 right now or nah`, `… or not`): it only
//! marks the sentence as asked, as a `?` does, and names no second option. Read as a choice
//! (`A or B`), the tag had turned a stock question into the card's price (corpus87).

/// Tags dropped wherever they stand as whole words: `nah`/`nope` name nothing to choose.
const TAGS_ANYWHERE: &[&str] = &["or nah", "or nope", "or naw"];
/// Tags dropped only where they end the message (`or not` inside a sentence may join two
/// options: `4090 or not an a100`).
const TAGS_AT_END: &[&str] = &["or not", "or no"];

/// `text` (lowercase, marks already spaces) with each yes-or-no tag dropped.
pub fn tags_dropped(text: &str) -> String {
    if !text.contains(" or ") {
        return text.to_string();
    }
    let mut out = format!(" {text} ");
    let mut dropped = false;
    for tag in TAGS_ANYWHERE {
        let word = format!(" {tag} ");
        while let Some(i) = out.find(&word) {
            out.replace_range(i..i + word.len(), " ");
            dropped = true;
        }
    }
    let trimmed = out.trim_end().to_string();
    for tag in TAGS_AT_END {
        if let Some(head) = trimmed.strip_suffix(tag)
            && head.ends_with(' ')
        {
            out = head.to_string();
            dropped = true;
            break;
        }
    }
    if dropped {
        out.trim().to_string()
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::tags_dropped;

    #[test]
    fn a_yes_or_no_tag_is_dropped_and_a_choice_kept() {
        assert_eq!(
            tags_dropped("lambda has h100 right now or nah"),
            "lambda has h100 right now"
        );
        assert_eq!(
            tags_dropped("runpod got a100 or nah  need one"),
            "runpod got a100  need one"
        );
        assert_eq!(
            tags_dropped("is the 4090 worth it or not"),
            "is the 4090 worth it"
        );
        assert_eq!(tags_dropped("4090 or not an a100"), "4090 or not an a100");
        assert_eq!(tags_dropped("vast or runpod"), "vast or runpod");
        assert_eq!(tags_dropped("banana or nahh"), "banana or nahh");
    }
}
