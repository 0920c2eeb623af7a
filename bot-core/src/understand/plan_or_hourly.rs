//! A plan weighed against paying by the hour (`包月划算还是按量划算`, `monthly plan or pay as
//! you go`) for a usage said: the ranking for that usage, whose answer sets each platform's
//! hourly bill beside its plan. It was read as rent-vs-API (`划算还是` is that question's
//! word too) or the plan alone as always on, dropping the hours said.

/// Plan nouns; the packages themselves (`包月`, `包周`, `按月`, `monthly` …) are the lexicon's
/// (`lexicon::PACKAGES`).
const PLAN_NOUNS: &[&str] = &["monthly plan", "weekly plan", "subscription"];

/// The package's own length the spoken-form pass writes before it (`包月` → `1个月 包月`), taken
/// out with it.
const OWN_LENGTHS: &[&str] = &["1个月 ", "1周 ", "1天 "];

/// Every plan word, longest first: a package with its own length before it, the plan nouns,
/// then each package word.
fn plans() -> Vec<String> {
    let packages = crate::lexicon::PACKAGES.iter().map(|(w, _)| *w);
    let mut out: Vec<String> = packages
        .clone()
        .flat_map(|w| OWN_LENGTHS.iter().map(move |l| format!("{l}{w}")))
        .chain(PLAN_NOUNS.iter().map(|w| w.to_string()))
        .chain(packages.map(str::to_string))
        .collect();
    out.sort_by_key(|w| std::cmp::Reverse(w.chars().count()));
    out
}
use crate::lexicon::HOURLY_BILLING as HOURLY;
/// Words that make it a rent-vs-API question after all.
const API: &[&str] = &["api", "token", "自建", "自己部署"];

/// The text with the plan and the hourly options said as one ranking ask, when both are
/// weighed; otherwise unchanged.
pub(super) fn weighed(norm: &str) -> String {
    let has = |ws: &[&str]| ws.iter().any(|w| norm.contains(w));
    let plans = plans();
    if !plans.iter().any(|w| norm.contains(w.as_str())) || !has(HOURLY) || has(API) {
        return norm.to_string();
    }
    let mut out = norm.to_string();
    for w in plans
        .iter()
        .map(String::as_str)
        .chain(HOURLY.iter().copied())
    {
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
