//! A count of months just said (`2个月`, `3个月的`), so `包月` after it adds the monthly plan,
//! not a third month (`两个月 包月` is two months held); and a count of weeks or days beside a
//! package of that length (`包周两周`, `3天 包天`), which is that count, not one more package.

/// Whether `out` ends with a count of months (`2个月`, `3个月的`).
pub(super) fn ends_with_months(out: &str) -> bool {
    let t = out.trim_end().trim_end_matches('的').trim_end();
    let Some(head) = t.strip_suffix("个月").or_else(|| t.strip_suffix('月')) else {
        return false;
    };
    head.ends_with(|c: char| c.is_ascii_digit())
}

/// The units a package word spans (`包周` → weeks), longer spellings first.
fn units(package: &str) -> &'static [&'static str] {
    match package {
        "1周" => &[
            "个星期",
            "个礼拜",
            "星期",
            "礼拜",
            "周",
            "weeks",
            "week",
            "w",
        ],
        "1天" => &["days", "day", "天", "日", "d"],
        _ => &[],
    }
}

/// Whether a package of one week or day (`to`, as the text writes it) is beside a count of
/// its own unit: just before (`2周 包周`) in `out`, or just after (`包周两周`) in `rest`. The
/// count says how many; the package word adds none.
pub(super) fn counted_package(out: &str, rest: &str, to: &str) -> bool {
    let units = units(to);
    if units.is_empty() {
        return false;
    }
    let before = out.trim_end().trim_end_matches('的').trim_end();
    let said_before = units.iter().any(|u| {
        before
            .strip_suffix(u)
            .is_some_and(|h| h.trim_end().ends_with(|c: char| c.is_ascii_digit()))
    });
    let after = rest.trim_start();
    let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let said_after = digits > 0 && {
        let unit = after[digits..].trim_start();
        units.iter().any(|u| unit.starts_with(u))
    };
    said_before || said_after
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_package_beside_its_own_count_adds_nothing() {
        assert!(counted_package("4090 ", "2周多少钱", "1周"));
        assert!(counted_package("4090 3个星期 ", " 多少", "1周"));
        assert!(counted_package("", " 3 weeks", "1周"));
        assert!(counted_package("a100 ", "5天", "1天"));
        // Another unit, or no count: the package is its one week.
        assert!(!counted_package("4090 ", "3小时", "1周"));
        assert!(!counted_package("4090 ", " 多少钱", "1周"));
        assert!(!counted_package("4090 2个月 ", "", "1周"));
    }
}
