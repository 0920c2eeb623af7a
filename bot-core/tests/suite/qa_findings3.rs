//! QA findings routed to fix-b (session 7): each checked on the mechanism, with cases of our
//! own in both languages.

use crate::chat::{say, world};

fn first_line(s: &str) -> &str {
    s.lines().next().unwrap_or("")
}

/// `4090跑30秒多少钱`, `for 30 seconds` were priced as one hour: the reader skipped spans
/// under a minute (so `按1秒计费` is not a length) and the default hour took their place. A
/// run under a minute is the length said back and billed as the platform's minimum makes it;
/// a billing step stays a billing fact.
#[test]
fn a_run_under_a_minute_is_that_run_never_an_hour() {
    let w = world();
    for (locale, line, span) in [
        ("zh-CN", "4090跑30秒多少钱", "30s"),
        ("zh-CN", "4090跑45秒多少钱", "45s"),
        ("zh-CN", "autodl 4090 跑20秒钟要多少钱", "20s"),
        ("zh-CN", "a100 跑 50 秒多少钱", "50s"),
        ("en-US", "how much is a 4090 for 30 seconds", "30s"),
        ("en-US", "price of an h100 on runpod for 15 seconds", "15s"),
        ("en-US", "a100 for 40s, how much", "40s"),
        ("en-US", "4090 for 1 second", "1s"),
    ] {
        let got = say(&w, locale, line);
        let first = first_line(&got);
        assert!(
            (first.contains("/compare") || first.contains("/cost")) && first.ends_with(span),
            "{line}\n{got}"
        );
        // The bill says the short job and what the platform's minimum makes of it.
        assert!(
            got.contains(&format!("{span} of work"))
                || got.contains(&format!("任务时长 {}秒", &span[..span.len() - 1])),
            "{line}\n{got}"
        );
    }
    // A billing step is no length: the question is priced as before, never as seconds.
    for (locale, line) in [
        ("zh-CN", "autodl 4090 按1秒计费吗"),
        ("zh-CN", "4090 每10秒计费吗 跑2小时多少钱"),
        ("en-US", "is the 4090 on vast billed per 1 second"),
        ("en-US", "does runpod have 10 second billing for an h100"),
    ] {
        let got = say(&w, locale, line);
        let first = first_line(&got);
        assert!(
            !first.ends_with('s') || first.ends_with("ms"),
            "{line}: a billing step read as the job's length\n{got}"
        );
    }
    // A longer length said beside a billing step is the job's.
    let got = say(&w, "zh-CN", "autodl 4090 按1秒计费 跑2小时多少钱");
    assert!(first_line(&got).ends_with("/cost autodl rtx-4090 2h"), "{got}");
    // Zero seconds is said back like zero hours.
    let got = say(&w, "zh-CN", "4090跑0秒多少钱");
    assert!(!got.contains("/compare") && got.contains("0秒"), "{got}");
}
