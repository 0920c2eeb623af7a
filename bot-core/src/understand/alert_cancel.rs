//! An alert stopped by its place in the list while a card is named in the story around it
//! (`那个 4090 的提醒太吵了，取消第二个提醒`, `把那个 4090 的提醒删掉，第一个`): that number
//! (helper und_eg, issue 26). The card names which alert the person means; the ordinal is the
//! number they see in `/subs`. It had been read as a new alert for the card (`/subscribe`).

/// The place said with a stop verb and an alert noun or ordinal (`cues::stops_alerts`):
/// `第N个`/`第N条`/`第N号` or an English place word before an alert noun, 1 to 99.
pub(super) fn cancelled_place(padded: &str) -> Option<u32> {
    if !super::cues::stops_alerts(padded) {
        return None;
    }
    ordinal_number(padded).or_else(|| super::alert_ordinal::place_said(padded))
}

/// The digits of `第N个` (`条`, `号` too), 1 to 99: never a card's number said beside it.
fn ordinal_number(padded: &str) -> Option<u32> {
    padded.match_indices('第').find_map(|(at, _)| {
        let rest = padded[at + '第'.len_utf8()..].trim_start();
        let end = rest
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len());
        let measured = ["个", "条", "号"]
            .iter()
            .any(|m| rest[end..].trim_start().starts_with(m));
        rest[..end]
            .parse::<u32>()
            .ok()
            .filter(|n| measured && (1..=99).contains(n))
    })
}

#[cfg(test)]
mod tests {
    use super::cancelled_place;

    #[test]
    fn the_place_of_a_stopped_alert_beside_a_card() {
        assert_eq!(
            cancelled_place(" 那个 4090 的提醒太吵了，取消第2个提醒 "),
            Some(2)
        );
        assert_eq!(cancelled_place(" 把那个 h100 的提醒删掉，第1个 "), Some(1));
        assert_eq!(cancelled_place(" 那个 4090 的提醒太吵了 "), None);
        assert_eq!(cancelled_place(" 4090 到货了提醒我 第1个 "), None);
        assert_eq!(cancelled_place(" 取消第120个提醒 "), None);
    }
}
