//! The bot's echo quoted back with a correction (`I read this as: /cost autodl rtx-4090 1h 但我
//! 要的是3个小时`, `我理解为：/cost autodl rtx-3090 1h 不对，要8个小时`): the quoted command line
//! is the last reading, and what follows it changes that reading as a follow-up does
//! ([`super::follow_up_of`]), so the corrected slot wins and the rest of the line stays. The
//! echo quoted alone is its command. The leads are the lexicon's (`lexicon::ECHO_LEADS`).

use crate::lexicon::{CORRECTION_LEADS, ECHO_CORRECTIONS, ECHO_LEADS, TAKEN_BACK_AFTER};

/// The quoted command line and what follows it (the correction, its lead words taken off), where
/// `text` starts with the echo's lead and a command.
pub(super) fn split(text: &str) -> Option<(String, String)> {
    let t = text.trim().to_lowercase();
    let lead = ECHO_LEADS.iter().find(|l| t.starts_with(**l))?;
    let rest = t[lead.len()..].trim_start_matches([':', '：', ' ']);
    if !rest.starts_with('/') {
        return None;
    }
    // The line is the command's ASCII words; the correction starts at the first word that is
    // not (Chinese) or that opens a correction (`but`, `sorry`).
    let opens = |w: &str| {
        ECHO_CORRECTIONS
            .iter()
            .chain(TAKEN_BACK_AFTER)
            .chain(CORRECTION_LEADS)
            .any(|c| c.split_whitespace().next() == Some(w))
    };
    let mut end = rest.len();
    let mut at = 0;
    for w in rest.split_inclusive(' ') {
        let word = w.trim_end_matches(' ').trim_end_matches([',', '，']);
        if at > 0 && (!word.is_ascii() || opens(word)) {
            end = at + word.find(|c: char| !c.is_ascii()).unwrap_or(0);
            break;
        }
        if let Some(k) = word.find(|c: char| !c.is_ascii()) {
            end = at + k;
            break;
        }
        at += w.len();
    }
    let line = rest[..end].trim().to_string();
    Some((line, without_leads(&rest[end..])))
}

/// `s` without the words that open a correction before its value.
fn without_leads(s: &str) -> String {
    let mut s = s.trim_matches([' ', ',', '，', ':', '：', '.']).to_string();
    loop {
        let lead = (ECHO_CORRECTIONS.iter().chain(TAKEN_BACK_AFTER))
            .chain(CORRECTION_LEADS)
            .filter(|l| s.starts_with(l.trim()))
            .max_by_key(|l| l.trim().len());
        match lead {
            Some(l) => {
                s = s[l.trim().len()..]
                    .trim_start_matches([' ', ',', '，', ':', '：'])
                    .to_string()
            }
            None => return s,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::split;

    #[test]
    fn the_echo_and_its_correction_are_told_apart() {
        let pair = |a: &str, b: &str| Some((a.to_string(), b.to_string()));
        assert_eq!(
            split("I read this as: /cost autodl rtx-4090 1h 但我要的是3个小时"),
            pair("/cost autodl rtx-4090 1h", "3个小时")
        );
        assert_eq!(
            split("我理解为：/cost autodl rtx-3090 1h 不对，要8个小时"),
            pair("/cost autodl rtx-3090 1h", "8个小时")
        );
        assert_eq!(
            split("I read this as: /cost runpod rtx-4090 1h but I wanted 5 hours"),
            pair("/cost runpod rtx-4090 1h", "5 hours")
        );
        assert_eq!(
            split("I read this as: /gpu h200-sxm"),
            pair("/gpu h200-sxm", "")
        );
        assert_eq!(split("I read this as a question, 4090 price?"), None);
        assert_eq!(split("/cost autodl 4090 3h"), None);
    }

    /// The leads are the echo's own words in both locales (`understood-as`).
    #[test]
    fn the_leads_are_the_locales_echo() {
        for ftl in [
            include_str!("../../../locales/en-US/understand.ftl"),
            include_str!("../../../locales/zh-CN/understand.ftl"),
        ] {
            let line = ftl
                .lines()
                .find_map(|l| l.strip_prefix("understood-as = "))
                .unwrap()
                .to_lowercase();
            assert!(
                crate::lexicon::ECHO_LEADS
                    .iter()
                    .any(|l| line.starts_with(l)),
                "{line}"
            );
        }
    }
}
