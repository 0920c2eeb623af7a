//! Lists asked in more ways (`所有平台列表`, `all platforms`, `能查的模型都有哪些`): the whole
//! platform list when nothing but the list is said, and a list noun before its `哪些`.

/// Words a request for the whole platform list is made of; anything else said (a region, a
/// payment method, a card) is read by the platform rules.
const LIST_ONLY: &[&str] = &[
    "所有",
    "全部",
    "平台",
    "列表",
    "清单",
    "一下",
    "给我",
    "看看",
    "列出",
    "列",
    "的",
    "都",
    "有哪些",
    "哪些",
    "你们",
    "支持",
    "platforms",
    "platform",
    "providers",
    "clouds",
    "all",
    "the",
    "full",
    "list",
    "of",
    "show",
    "me",
    "give",
    "please",
    "your",
    "every",
    "whole",
    "a",
];

/// Whether the message asks for every platform and nothing more.
pub(super) fn all_platforms(padded: &str) -> bool {
    let platform = ["平台", "platform", "provider", "cloud"]
        .iter()
        .any(|w| padded.contains(w));
    let all = [
        "所有", "全部", "列表", "清单", "哪些", "all ", "list", "every ",
    ]
    .iter()
    .any(|w| padded.contains(w));
    if !platform || !all {
        return false;
    }
    let mut rest = format!(" {padded} ");
    // Longer words first, so `platforms` is not left as `s`.
    let mut words = LIST_ONLY.to_vec();
    words.sort_by_key(|w| std::cmp::Reverse(w.len()));
    for w in words {
        if w.is_ascii() {
            rest = rest.replace(&format!(" {w} "), "  ");
            rest = rest.replace(&format!(" {w} "), "  ");
        } else {
            rest = rest.replace(w, " ");
        }
    }
    rest.trim().is_empty()
}

/// `the full list of gpus`: a whole list, never full fine-tuning (`full` alone is that task).
pub(super) fn full_list(norm: &str) -> String {
    norm.replace("full list", "list")
        .replace("whole list", "list")
}

/// A list noun right before its `哪些` (`模型都有哪些`, `模型有哪些`), or before the bot's knowing
/// it in English (`models you know?`, `models that you support`), as `你知道的模型` reads.
pub(super) fn noun_then_which(padded: &str, nouns: &[&str]) -> bool {
    let known = |n: &str| {
        ["you", "that you", "do you"].iter().any(|who| {
            ["know", "support", "cover", "have"]
                .iter()
                .any(|v| padded.contains(&format!("{n} {who} {v}")))
        })
    };
    nouns.iter().any(|n| {
        known(n)
            || ["都有哪些", "有哪些", "都有啥", "有啥"]
                .iter()
                .any(|w| padded.contains(&format!("{n}{w}")))
    })
}

#[cfg(test)]
mod tests {
    use super::all_platforms;

    #[test]
    fn only_the_list_is_asked() {
        assert!(all_platforms("所有平台列表 "));
        assert!(all_platforms("all platforms "));
        assert!(all_platforms("show me the full list of platforms "));
        assert!(!all_platforms("所有支持支付宝的平台 "));
        assert!(!all_platforms("all platforms with h100 "));
        assert!(!all_platforms("平台 "));
        assert!(all_platforms("都有哪些平台 "));
        assert!(!all_platforms("国内有哪些平台 "));
    }

    #[test]
    fn a_noun_before_the_bot_knowing_it_is_its_list() {
        use super::noun_then_which;
        assert!(noun_then_which(" models you know ", &["models"]));
        assert!(noun_then_which(" gpus that you support ", &["gpus"]));
        assert!(!noun_then_which(" models you like ", &["models"]));
    }
}
