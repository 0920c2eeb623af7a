//! A period said before its amount (`包月 2000 块 折合每小时多少`, `一周 ¥500 算下来一小时多少`)
//! or shortened (`1.88元每时`, `per min`): said in the order the price reader knows
//! (`每月 2000块`, `1.88元每小时`), so the amount keeps its period. Without it the amount was
//! read with no period and the conversion had no reading at all.

/// Period words (as the spoken-form pass leaves them) and the `每…` form they become.
const PERIODS: &[(&str, &str)] = &[
    ("1个月", "每月"),
    ("1月", "每月"),
    ("每月", "每月"),
    ("每个月", "每月"),
    ("1周", "每周"),
    ("1星期", "每周"),
    ("1个星期", "每周"),
    ("每周", "每周"),
    ("1天", "每天"),
    ("每天", "每天"),
];
/// The plan words the spoken-form pass keeps beside `1个月` (`包月` → `1个月 包月`).
const PLANS: &[&str] = &["包月", "包周", "包天"];

/// Whether a word is an amount with a currency and no period of its own.
fn amount(w: &str) -> bool {
    let digits = w.trim_start_matches(['¥', '$', '￥']);
    let number: String = digits
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    let unit = &digits[number.len()..];
    !number.is_empty()
        && (w.len() > digits.len() && unit.is_empty()
            || ["块", "元", "cny", "rmb", "usd", "刀", "美元"].contains(&unit))
}

/// The text with a leading period moved after its amount's `每` form, when a shorter unit to
/// convert to follows (`…每小时`, `an hour`, `per minute`); otherwise unchanged.
pub(super) fn said_in_order(norm: &str) -> String {
    let norm = shortened(norm);
    let words: Vec<&str> = norm.split(' ').filter(|w| !w.is_empty()).collect();
    for (i, w) in words.iter().enumerate() {
        let Some((_, every)) = PERIODS.iter().find(|(p, _)| p == w) else {
            continue;
        };
        let mut j = i + 1;
        while words.get(j).is_some_and(|x| PLANS.contains(x)) {
            j += 1;
        }
        let Some(a) = words.get(j).filter(|a| amount(a)) else {
            continue;
        };
        let rest = words[j + 1..].join(" ");
        if !["小时", "hour", "分钟", "minute"]
            .iter()
            .any(|u| rest.contains(u))
        {
            continue;
        }
        let mut out: Vec<String> = words[..i].iter().map(|s| s.to_string()).collect();
        out.push(format!("{a}{every}"));
        out.push(rest);
        return out.join(" ") + " ";
    }
    norm
}

/// `每时` (not `每小时`) and `per min` in full.
fn shortened(norm: &str) -> String {
    let s = norm
        .replace("小时", "\u{0}")
        .replace("每时", "每小时")
        .replace('\u{0}', "小时");
    let s = s
        .replace("per min ", "per minute ")
        .replace("/min ", "/minute ");
    if s.ends_with("per min") { s + "ute" } else { s }
}

#[cfg(test)]
mod tests {
    use super::said_in_order;

    #[test]
    fn the_period_follows_its_amount() {
        assert_eq!(
            said_in_order("1个月 包月  2000块 折合每小时多少 "),
            "2000块每月 折合每小时多少 "
        );
        assert_eq!(
            said_in_order("1周 ¥500 算下来1小时多少"),
            "¥500每周 算下来1小时多少 "
        );
        assert_eq!(
            said_in_order("1.88元每时 = dollars per min"),
            "1.88元每小时 = dollars per minute"
        );
        // No shorter unit after it: a plan's price, left for its own rules.
        assert_eq!(
            said_in_order("1个月 包月 2000块 贵吗"),
            "1个月 包月 2000块 贵吗"
        );
        assert_eq!(said_in_order("1天 8小时 4090"), "1天 8小时 4090");
    }
}
