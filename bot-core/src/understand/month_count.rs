//! A count of months just said (`2个月`, `3个月的`), so `包月` after it adds the monthly plan,
//! not a third month (`两个月 包月` is two months held).

/// Whether `out` ends with a count of months (`2个月`, `3个月的`).
pub(super) fn ends_with_months(out: &str) -> bool {
    let t = out.trim_end().trim_end_matches('的').trim_end();
    let Some(head) = t.strip_suffix("个月").or_else(|| t.strip_suffix('月')) else {
        return false;
    };
    head.ends_with(|c: char| c.is_ascii_digit())
}
