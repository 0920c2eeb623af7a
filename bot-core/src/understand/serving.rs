//! A service's concurrency: `部署一个api服务 给20个人用`, `serve llama 3 8b to 100 users`,
//! `50个用户同时访问`. People served at once are sequences in flight together, which is what
//! `/fit`'s `batch=` sizes (the KV cache grows with it); a service with a batch is sized on
//! vLLM by the fit engine (issue 24 §5). Dropping the number would size one user's service.

/// Words that make a sentence about a service (a headcount elsewhere is a team).
/// Verbs and outcomes of serving (`部署`, `deploy`, `users`, `并发`), read beside the lexicon's
/// service nouns (`lexicon::SERVICE_NOUNS`, every kind): a people count beside either is a
/// service's users.
const SERVING_WORDS: &[&str] = &[
    "部署",
    "上线",
    "在线",
    "并发",
    "同时",
    "serve",
    "serving",
    "host",
    "hosting",
    "deploy",
    "concurrent",
    "users",
    "用户",
];

/// The number of people a service is for, when the sentence is about a service.
pub(super) fn users(toks: &[String]) -> Option<u32> {
    let text = format!(" {} ", toks.join(" "));
    if !SERVING_WORDS.iter().any(|w| text.contains(w)) && !crate::lexicon::service_said(&text) {
        return None;
    }
    toks.iter().enumerate().find_map(|(k, t)| {
        let end = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
        let n: u32 = t[..end].parse().ok()?;
        let after = if end < t.len() {
            &t[end..]
        } else {
            toks.get(k + 1).map(String::as_str).unwrap_or("")
        };
        let said = crate::lexicon::PEOPLE_AFTER
            .iter()
            .any(|w| after.starts_with(w))
            && !after.starts_with("人民币");
        (said && (1..=crate::vram::MAX_BATCH).contains(&n)).then_some(n)
    })
}

#[cfg(test)]
mod tests {
    use super::super::text::{normalize, tokens};
    use super::users;

    fn u(s: &str) -> Option<u32> {
        users(&tokens(&normalize(s)))
    }

    #[test]
    fn people_served_at_once_are_the_batch() {
        assert_eq!(
            u("我想部署一个qwen2.5-72b的api服务 给20个人用 要几张卡"),
            Some(20)
        );
        assert_eq!(
            u("what gpu should I rent to serve llama 3 8b to 100 users"),
            Some(100)
        );
        assert_eq!(u("公司内部部署deepseek 大概三十个人同时用"), Some(30));
        assert_eq!(u("host mistral 7b for 12 concurrent users"), Some(12));
        assert_eq!(u("做个客服机器人 50个用户 用qwen2.5-7b"), Some(50));
        assert_eq!(u("serving glm-4 9b, about 8 people at once"), Some(8));
        assert_eq!(
            u("can one a10 host qwen2.5-7b for 25 ppl at once"),
            Some(25)
        );
        assert_eq!(u("部署一个qwen3-8b 给30个同事同时用"), Some(30));
    }

    #[test]
    fn a_team_or_a_price_is_no_service() {
        // A team renting cards, no service: not a batch.
        assert_eq!(u("我们组3个人 每人一张4090 跑一周"), None);
        assert_eq!(u("3 people want to finetune llama 3 8b"), None);
        // A service with no headcount.
        assert_eq!(u("部署qwen2.5-7b api服务 预算500人民币"), None);
        assert_eq!(u("serve llama 3 8b on a 4090"), None);
    }
}
