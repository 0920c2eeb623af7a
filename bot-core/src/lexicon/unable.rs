//! A need denied as inability (`不能实名`, `没法实名`, `无法实名认证`, `做不了实名`, `i can't do
//! kyc`, `cannot do real-name verification`, `unable to do kyc`; `不能用微信` likewise): the person
//! cannot do it, so a platform that requires it is of no use, as with `不想实名`. Only the
//! inability's modal before the need; the question form that holds it (`能不能实名`, `can't
//! you…`) asks and denies nothing.

/// Modals of inability, whole (an English one starts the text or follows a non-letter).
const UNABLE: &[&str] = &[
    "不能",
    "不能做",
    "不能去",
    "没法",
    "没法做",
    "没办法",
    "没办法做",
    "无法",
    "无法做",
    "做不了",
    "办不了",
    "弄不了",
    "不可以",
    "不方便",
    "不方便做",
    "不方便去",
    "can't",
    "cant",
    "cannot",
    "can not",
    "can't do",
    "cant do",
    "cannot do",
    "can not do",
    "can't pass",
    "cannot pass",
    "unable",
    "unable to",
    "unable to do",
    "not able to",
    "not able to do",
    "couldn't",
    "could not",
];

/// Question forms that hold a modal of inability and deny nothing (`能不能`, `可不可以`).
const ASKED: &[&str] = &["能不能", "可不可以", "方不方便"];

/// Words between a denial and the need that only say whose or which it is (`没法做大陆的实名`,
/// `can not do chinese realname`, `unable to do the realname check`): the need all the same.
const QUALIFIERS: &[&str] = &[
    "大陆的",
    "大陆",
    "国内的",
    "国内",
    "中国的",
    "中国",
    " chinese",
    " china",
    " mainland",
    " the",
];

/// `before` without the qualifiers right before the need ([`QUALIFIERS`]).
pub(super) fn qualifiers_dropped(before: &str) -> String {
    let mut b = before.trim_end().to_lowercase();
    for _ in 0..3 {
        let cut = QUALIFIERS.iter().find_map(|q| {
            let r = b.strip_suffix(q.trim_start())?;
            // An English word whole (`the`, never the end of `breathe`).
            (!q.is_ascii() || !r.ends_with(|c: char| c.is_ascii_alphanumeric())).then_some(r)
        });
        match cut {
            Some(r) => b = r.trim_end().to_string(),
            None => break,
        }
    }
    b
}

/// Whether the text right before a need (`before`, up to it) ends with a modal of inability.
pub fn unable_before(before: &str) -> bool {
    let b = qualifiers_dropped(before);
    UNABLE.iter().any(|w| {
        b.ends_with(w)
            && !ASKED.iter().any(|a| b.ends_with(a))
            && (!w.is_ascii()
                || !b[..b.len() - w.len()].ends_with(|c: char| c.is_ascii_alphanumeric()))
    })
}

/// What names the check beside the need's word (`实名认证`, `kyc verification`), said before
/// the inability that follows it.
const CHECK_NOUNS: &[&str] = &["认证", "验证", "审核", " verification", " check"];
/// Inability said after the need (`实名做不了`, `实名认证搞不定`, `kyc is impossible for me`).
const UNABLE_AFTER: &[&str] = &[
    "做不了",
    "做不到",
    "办不了",
    "弄不了",
    "搞不定",
    "过不了",
    "通过不了",
    "没法做",
    "没办法做",
    " is impossible",
    " impossible",
    " not possible",
];

/// Whether the text right after a need (`after`, from its end) says it cannot be done.
pub fn unable_after(after: &str) -> bool {
    let a = after.trim_start().to_lowercase();
    let a = CHECK_NOUNS
        .iter()
        .find_map(|n| a.strip_prefix(n.trim_start()))
        .unwrap_or(&a)
        .trim_start_matches([' ', '我', '都', '也', '是']);
    UNABLE_AFTER.iter().any(|w| a.starts_with(w.trim_start()))
}

#[cfg(test)]
mod tests {
    use super::{unable_after, unable_before};

    #[test]
    fn inability_after_a_need_denies_it() {
        for a in [
            "认证做不了",
            "做不了",
            "认证我搞不定",
            " verification is impossible",
        ] {
            assert!(unable_after(a), "{a}");
        }
        for a in ["认证", "", "认证要多久", "能做", "认证不了解"] {
            assert!(!unable_after(a), "{a}");
        }
    }

    #[test]
    fn inability_before_a_need_denies_it() {
        for b in [
            "不能",
            "跑3个小时，没法",
            "无法",
            "做不了",
            "i can't do ",
            "we cannot do ",
            "unable to do ",
            "i can't ",
        ] {
            assert!(unable_before(b), "{b}");
        }
        for b in ["能不能", "可不可以", "只能", "我能", "i can ", "scan't", ""] {
            assert!(!unable_before(b), "{b}");
        }
    }
}
