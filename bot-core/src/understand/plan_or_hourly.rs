//! A plan weighed against paying by the hour (`包月划算还是按量划算`, `monthly plan or pay as
//! you go`) for a usage said: the ranking for that usage, whose answer sets each platform's
//! hourly bill beside its plan. It was read as rent-vs-API (`划算还是` is that question's
//! word too) or the plan alone as always on, dropping the hours said.

/// Plan words, as the spoken-form pass leaves them (`包月` → `1个月 包月`), longest first.
const PLANS: &[&str] = &[
    "1个月 包月",
    "1周 包周",
    "1天 包天",
    "包月",
    "包周",
    "包天",
    "包年",
    "monthly plan",
    "weekly plan",
    "subscription",
    "monthly",
];
const HOURLY: &[&str] = &[
    "按量付费",
    "按量计费",
    "按量",
    "按小时",
    "按时计费",
    "按时",
    "pay as you go",
    "pay-as-you-go",
    "on-demand",
    "on demand",
    "hourly billing",
    "by the hour",
    // ` hourly` is written ` per hour ` by the spoken-form pass.
    "pay per hour",
    "or per hour",
    "per hour or",
    // At the start of a message ` hourly` has no space before it and stays as typed.
    "hourly or",
];
/// Words that make it a rent-vs-API question after all.
const API: &[&str] = &["api", "token", "自建", "自己部署"];

/// The text with the plan and the hourly options said as one ranking ask, when both are
/// weighed; otherwise unchanged.
pub(super) fn weighed(norm: &str) -> String {
    let has = |ws: &[&str]| ws.iter().any(|w| norm.contains(w));
    if !has(PLANS) || !has(HOURLY) || has(API) {
        return norm.to_string();
    }
    let mut out = norm.to_string();
    for w in PLANS.iter().chain(HOURLY) {
        out = out.replace(w, " ");
    }
    for w in [
        "划算还是",
        "还是",
        "更划算",
        "划算",
        " or ",
        " vs ",
        "better",
    ] {
        out = out.replace(w, " ");
    }
    out + " 哪家划算 "
}

#[cfg(test)]
mod tests {
    use super::weighed;

    #[test]
    fn a_plan_against_the_hour_is_a_ranking() {
        assert_eq!(
            weighed("每天用4个小时4090 1个月 包月 划算还是按量划算")
                .split_whitespace()
                .collect::<Vec<_>>(),
            ["每天用4个小时4090", "哪家划算"]
        );
        assert_eq!(weighed("4090 包月 还是 api"), "4090 包月 还是 api");
        assert_eq!(weighed("4090 1个月 包月 划算吗"), "4090 1个月 包月 划算吗");
    }
}
