//! Verbs that say a job is run (`跑`, `训练`, `部署`, `run`, `training`, `self-hosting`): the
//! one table the question reader reads a job said by (guidance with a job, a bill rather than a
//! rate, a fit's verdict apart from its bare verb). Three readers had kept lists of their own
//! that disagreed (`running` a job to one, `serve` inside `server` a job to another).

/// The verbs, Chinese ones found inside a run of Chinese (`想跑个`, `用了3小时`), English ones
/// in the forms people write, each a whole word (`run` is no part of `runpod`, `serve` none of
/// `server`).
pub const JOB_VERBS: &[&str] = &[
    "跑",
    "训",
    "部署",
    "出图",
    "生成",
    // `用了3小时`: a job done, its length a bill.
    "用了",
    "run",
    "runs",
    "running",
    "train",
    "trains",
    "training",
    "trained",
    "deploy",
    "deploys",
    "deploying",
    "deployed",
    "host",
    "hosting",
    "hosted",
    "serve",
    "serving",
    "generate",
    "generating",
];

/// Whether `word` (trimmed) is one of [`JOB_VERBS`] itself.
pub fn is_job_verb(word: &str) -> bool {
    JOB_VERBS.contains(&word.trim())
}

/// Whether `text` says a job by one of [`JOB_VERBS`].
pub fn job_verb_said(text: &str) -> bool {
    JOB_VERBS.iter().any(|v| {
        if !v.is_ascii() {
            return text.contains(v);
        }
        text.match_indices(v).any(|(at, _)| {
            let before = text[..at].chars().next_back();
            let after = text[at + v.len()..].chars().next();
            !before.is_some_and(|c| c.is_ascii_alphanumeric())
                && !after.is_some_and(|c| c.is_ascii_alphanumeric())
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_job_said_by_its_verb_in_any_form() {
        for s in [
            "想跑个sd出图",
            "用了3小时",
            "running it on a 4090",
            "self-hosting qwen",
            "train a lora",
            "want to deploy a bot",
        ] {
            assert!(job_verb_said(s), "{s}");
        }
        for s in [
            "runpod 4090 多少钱",
            "need a server with 80gb",
            "localhost price",
            "strain on the budget",
        ] {
            assert!(!job_verb_said(s), "{s}");
        }
        assert!(is_job_verb("run ") && is_job_verb("跑") && !is_job_verb("能跑"));
    }
}
