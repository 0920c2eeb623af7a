//! `有没有隐藏费用`, `are there any hidden fees`: an existence asked of a fee or a cost is a
//! question about the bill, not about stock. The `有没有`/`any` that asks it is taken out
//! before the stock words are looked for, so the rest of the message (a card, a platform, a
//! job length) is read as the cost question it is.

/// Words after the marker that make it a question about money owed, not about cards.
const FEE_WORDS: &[&str] = &[
    "费", "钱", "成本", "坑", "扣", "fee", "charge", "cost", "extra", "hidden",
];

/// The markers that ask something to exist, and how many characters after them a fee word
/// may start (`有没有什么隐藏费用`, `any extra hidden charges`).
const MARKERS: &[(&str, usize)] = &[("有没有", 6), ("有无", 4), ("有啥", 4), ("any ", 16)];

/// `padded` with every existence marker that asks about a fee removed.
pub(super) fn without_fees_asked(padded: &str) -> String {
    let mut s = padded.to_string();
    for (marker, gap) in MARKERS {
        let mut from = 0;
        while let Some(at) = s[from..].find(marker).map(|i| i + from) {
            let after = at + marker.len();
            let window: String = s[after..].chars().take(*gap).collect();
            if FEE_WORDS.iter().any(|w| window.contains(w)) {
                s.replace_range(at..after, " ");
                from = at + 1;
            } else {
                from = after;
            }
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fee_asked_to_exist_loses_its_marker() {
        assert_eq!(without_fees_asked(" 有没有隐藏费用 "), "  隐藏费用 ");
        assert!(!without_fees_asked(" are there any hidden fees ").contains("any "));
        assert!(!without_fees_asked(" 有无额外收费 ").contains("有无"));
    }

    #[test]
    fn a_card_asked_to_exist_keeps_it() {
        assert_eq!(without_fees_asked(" 有没有4090 "), " 有没有4090 ");
        assert_eq!(without_fees_asked(" any 4090 free "), " any 4090 free ");
        assert_eq!(
            without_fees_asked(" 有没有空闲的a100 "),
            " 有没有空闲的a100 "
        );
    }
}
