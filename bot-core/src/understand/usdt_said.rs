//! An amount in USDT (`低于2u`, `0.8u一小时`, `5 usdt`): the lexicon reads it as US dollars
//! (USDT is pegged 1:1 to the dollar, `lexicon::usdt_written`), and the answer says so beside
//! the reading (`answer/asides.rs`), so a figure in dollars is never taken for one in yuan.

use super::Reading;

/// Whether a question read as a command said an amount in USDT (`2u`, `5 usdt`; full-width
/// `２ｕ` too).
pub fn usdt_said(text: &str, reading: &Reading) -> bool {
    let t = text
        .chars()
        .map(|c| match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            _ => c,
        })
        .collect::<String>()
        .to_lowercase();
    matches!(reading, Reading::Command(_))
        && (t.contains("usdt") || crate::lexicon::usdt_written(&t) != t)
}

#[cfg(test)]
mod tests {
    use super::usdt_said;
    use crate::catalog::Catalog;

    #[test]
    fn usdt_is_said_where_an_amount_was_in_it() {
        let catalog = Catalog::embedded().unwrap();
        let said = |t: &str| usdt_said(t, &super::super::read(&catalog, t));
        assert!(said("h100低于2u提醒我"));
        assert!(said("0.8u一小时折合多少rmb"));
        assert!(said("ｈ１００低于２ｕ提醒我"));
        assert!(!said("h100低于2美元提醒我"));
        assert!(!said("a 4u server with 4090s, how much an hour"));
    }
}
