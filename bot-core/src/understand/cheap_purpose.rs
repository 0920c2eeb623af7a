//! A cheap word that gives the reason for what was asked to exist (`有spot的A100吗，便宜点跑个
//! 测试`, `有竞价的H200吗，便宜点跑个评测`): the question is whether the card is there (spot
//! being the cheaper kind), and `便宜点跑…` says why; no ranking is asked. The existence ask is
//! a clause of its own before it: `哪家便宜点跑4090` and `有没有便宜点跑sd的卡` still ask prices.

/// The cheap words read here, then a degree (`点`, `一点`, `些`) and a verb of running.
const CHEAP: &[&str] = &["便宜"];
const DEGREE: &[&str] = &["一点", "一些", "点", "些"];
/// Verbs of a purpose said after the degree beside the lexicon's job verbs (`lexicon::JOB_VERBS`,
/// whose Chinese ones — `跑`, `训`, `部署`, `出图`, `生成` — are read here too: this list had lacked
/// `部署`, `出图`, `生成`): using, testing, trying, playing, practising.
const PURPOSE: &[&str] = &["用", "测", "做", "试", "玩", "练"];

/// Whether `rest` starts with a verb of running: a Chinese job verb of the lexicon or a purpose.
fn run_verb_first(rest: &str) -> bool {
    crate::lexicon::JOB_VERBS
        .iter()
        .filter(|v| !v.is_ascii())
        .chain(PURPOSE)
        .any(|v| rest.starts_with(v))
}
/// Where a clause ends.
const BREAKS: &[char] = &['，', ',', '。', '？', '?', '！', '!', '；', ';', '吗', '么'];

/// `text` with each cheap word said as the reason after an existence ask blanked.
pub(super) fn without_cheap_purpose(text: &str) -> String {
    let mut out = text.to_string();
    for c in CHEAP {
        let ats: Vec<usize> = text.match_indices(c).map(|(at, _)| at).collect();
        for at in ats {
            let before = &text[..at];
            // An existence asked and closed before it (`有…吗，`).
            let asked = before
                .rfind('有')
                .is_some_and(|y| before[y..].contains(BREAKS));
            let rest = &text[at + c.len()..];
            let rest = DEGREE
                .iter()
                .find_map(|d| rest.strip_prefix(d))
                .unwrap_or(rest);
            if asked && run_verb_first(rest) {
                out.replace_range(at..at + c.len(), &" ".repeat(c.len()));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cheap_as_the_reason_is_blanked() {
        assert!(!without_cheap_purpose("有spot的a100吗，便宜点跑个测试").contains("便宜"));
        assert!(without_cheap_purpose("哪家便宜点跑4090").contains("便宜"));
        assert!(without_cheap_purpose("有没有便宜点跑sd的卡").contains("便宜"));
        assert!(without_cheap_purpose("有4090吗，要便宜的").contains("便宜"));
        // Any Chinese job verb of the lexicon's table.
        assert!(!without_cheap_purpose("有spot的a100吗，便宜点部署个服务").contains("便宜"));
        assert!(!without_cheap_purpose("有竞价的4090吗，便宜点出图").contains("便宜"));
    }
}
