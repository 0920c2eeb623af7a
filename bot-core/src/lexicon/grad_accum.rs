//! The words for gradient accumulation (`vram::grad_accum`): `accum=N` on a `/fit` line
//! (`grad_accum=N`, the trainers' `gradient_accumulation_steps=N`, `梯度累积=N`), and the
//! phrases a sentence says it with ("gradient accumulation 8", "梯度累积 8 步").

/// A `key` that sets the micro-batches per optimizer step.
pub fn is_grad_accum_key(key: &str) -> bool {
    matches!(
        key,
        "accum"
            | "grad_accum"
            | "grad-accum"
            | "gradient_accumulation"
            | "gradient_accumulation_steps"
            | "gradient-accumulation-steps"
            | "ga"
            | "梯度累积"
            | "梯度累加"
            | "梯度累计"
    )
}

/// The micro-batches per step a value says: a whole number from 1 to
/// `vram::grad_accum::MAX_GRAD_ACCUM`, or `off`/`none`/`no` (no accumulation: 1). `None` for
/// anything else.
pub fn grad_accum_steps(value: &str) -> Option<u32> {
    let v = value.trim().to_lowercase();
    let digits = v.trim_end_matches(['步', '次']);
    // A count first: `0` is no count of micro-batches, not "off".
    if let Ok(n) = digits.parse::<u32>() {
        return (1..=crate::vram::grad_accum::MAX_GRAD_ACCUM)
            .contains(&n)
            .then_some(n);
    }
    (super::on_off(&v) == Some(false) || matches!(v.as_str(), "none" | "不用" | "无")).then_some(1)
}

/// Phrases before an accumulation count in a sentence, longest first.
const SAID: &[&str] = &[
    "gradient_accumulation_steps",
    "gradient-accumulation-steps",
    "gradient accumulation steps",
    "gradient accumulation of",
    "gradient accumulation",
    "grad accumulation",
    "grad_accum",
    "grad accum",
    "accumulation steps",
    "梯度累积步数",
    "梯度累积",
    "梯度累加",
    "梯度累计",
];

/// The accumulation count a sentence says, not negated ("gradient accumulation 8",
/// "--gradient_accumulation_steps 16", "梯度累积 4 步", "梯度累积=2"); `Some(1)` for "no
/// gradient accumulation" / "不用梯度累积"; `None` when none is said. `padded`: the lowered
/// sentence the reader works on.
pub fn said_grad_accum(padded: &str) -> Option<u32> {
    for w in SAID {
        for (at, m) in padded.match_indices(w) {
            let rest =
                padded[at + m.len()..].trim_start_matches([' ', '=', ':', '：', '为', '是', '设']);
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            if digits.is_empty() {
                // The phrase alone, negated: one micro-batch per step.
                if super::negated_at(padded, at) {
                    return Some(1);
                }
                continue;
            }
            if !super::negated_at(padded, at) {
                return grad_accum_steps(&digits);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_read_as_step_counts() {
        assert_eq!(grad_accum_steps("8"), Some(8));
        assert_eq!(grad_accum_steps("1"), Some(1));
        assert_eq!(grad_accum_steps("4步"), Some(4));
        assert_eq!(grad_accum_steps("off"), Some(1));
        assert_eq!(grad_accum_steps("0"), None);
        assert_eq!(grad_accum_steps("lots"), None);
        assert_eq!(grad_accum_steps("100000"), None);
        assert!(is_grad_accum_key("accum") && is_grad_accum_key("梯度累积"));
        assert!(!is_grad_accum_key("batch"));
    }
}
