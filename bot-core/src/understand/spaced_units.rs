//! A number and its unit said apart by spaces (`2 小时 10 分`, `4 块 6`), as some people type
//! and voice input writes: joined (`2小时10分`, `4块6`) before the spoken-form passes read
//! them, which only see the pieces side by side. Without it the second piece was lost and a
//! figure said with confidence was wrong (`2 小时 10 分 花了 4 块 6` → 2h and 4 yuan).

/// Units a number is joined to when a space stands between them.
const UNITS: [&str; 11] = [
    "个半",
    "个小时",
    "个钟",
    "个月",
    "小时",
    "钟头",
    "分钟",
    "分",
    "块",
    "元",
    "毛",
];

/// Joins `N unit` and the minutes after hours (`N 小时 M 分`) or the jiao after yuan
/// (`N 块 M`). One walk over the words.
pub(super) fn join(s: &str) -> String {
    if !s.contains(' ') {
        return s.to_string();
    }
    let words: Vec<&str> = s.split(' ').collect();
    let number = |w: &str| {
        !w.is_empty() && w.chars().all(|c| c.is_ascii_digit() || c == '.') && !w.starts_with('.')
    };
    let unit_start = |w: &str| UNITS.iter().any(|u| w.starts_with(u));
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < words.len() {
        let w = words[i];
        if i > 0 {
            // Glued to the word before when this word continues its amount.
            let before = out.trim_end_matches(' ');
            let after_number = before.ends_with(|c: char| c.is_ascii_digit());
            let glue = (after_number && unit_start(w)) || continues(before, &words[i..], number);
            if !glue {
                out.push(' ');
            }
        }
        out.push_str(w);
        i += 1;
    }
    out
}

/// A number after an hour (`2小时 10 分`) when its minute unit follows, or one or two digits
/// after a yuan (`4块 6`) that no other unit claims (`2块 3张` is two yuan and three cards).
fn continues(before: &str, rest: &[&str], number: impl Fn(&str) -> bool) -> bool {
    let w = rest[0];
    if !number(w) {
        return false;
    }
    let next = rest.get(1).copied().unwrap_or("");
    let hour = before.ends_with("小时") || before.ends_with("钟头");
    if hour && (next.starts_with('分') || w.ends_with('分')) {
        return true;
    }
    let yuan = (before.ends_with('块') || before.ends_with('元'))
        && before
            .trim_end_matches(['块', '元'])
            .ends_with(|c: char| c.is_ascii_digit());
    yuan && (1..=2).contains(&w.len())
        && !w.contains('.')
        && !next.starts_with(|c: char| "小分个天周月张卡秒钟hmd".contains(c) || c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::join;

    #[test]
    fn pieces_said_apart_are_joined() {
        assert_eq!(
            join("跑了 2 小时 10 分 花了 4 块 6"),
            "跑了 2小时10分 花了 4块6"
        );
        assert_eq!(join("用了 3 个小时 5 分钟"), "用了 3个小时5分钟");
        assert_eq!(join("a100 1.5 元"), "a100 1.5元");
        // A second number that is not the same amount's part stays apart.
        assert_eq!(join("2 块 3 张 4090"), "2块 3 张 4090");
        assert_eq!(join("2 块 3090"), "2块 3090");
        assert_eq!(join("跑 2 小时 3 张卡"), "跑 2小时 3 张卡");
        assert_eq!(join("h100 跑 2 哪家便宜"), "h100 跑 2 哪家便宜");
        // A half, a southern hour and a month said apart from their number.
        assert_eq!(join("4090 跑 5 个半小时"), "4090 跑 5个半小时");
        assert_eq!(join("a100 3 个钟 多少钱"), "a100 3个钟 多少钱");
        assert_eq!(join("包 2 个月 4090"), "包 2个月 4090");
        // A count of cards is no unit.
        assert_eq!(join("租 2 个 4090"), "租 2 个 4090");
    }
}
