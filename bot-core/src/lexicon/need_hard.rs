//! A way to pay said to be hard or impossible for the person (`bank transfer is very hard in my
//! country`, `信用卡很难办`, `paypal doesn't work for me`): a lack, as `没有`/`don't have` before it
//! is, so the platforms listed take another way; never the method asked for.

/// Said right after a need phrase (after an optional `is`/`are`).
const HARD_AFTER: &[&str] = &[
    "is very hard",
    "is really hard",
    "is hard",
    "is very difficult",
    "is difficult",
    "is impossible",
    "doesn't work",
    "does not work",
    "not possible",
    "很难",
    "太难",
    "办不了",
    "用不了",
    "不方便",
    "搞不定",
];

/// Whether the need phrase ending at byte `end` of `text` is said to be hard for the person.
pub fn need_hard_after(text: &str, end: usize) -> bool {
    let rest = text[end.min(text.len())..].trim_start();
    HARD_AFTER.iter().any(|w| rest.starts_with(w))
}

#[cfg(test)]
mod tests {
    use super::need_hard_after;

    #[test]
    fn a_way_to_pay_said_hard_is_lacked() {
        let t = "which accept usdt? bank transfer is very hard in my country";
        assert!(need_hard_after(t, t.find("transfer").unwrap() + 8));
        let t = "信用卡很难办 哪些平台能用";
        assert!(need_hard_after(
            t,
            t.find("信用卡").unwrap() + "信用卡".len()
        ));
        let t = "which platforms take paypal";
        assert!(!need_hard_after(t, t.len()));
    }
}
