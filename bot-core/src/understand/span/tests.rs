use super::super::text::{normalize, tokens};
use super::*;

#[test]
fn token_volumes_in_both_languages() {
    let v = |t: &str| find_volume(&tokens(&normalize(t)));
    assert_eq!(v("每天2000万token"), Some(20_000_000));
    assert_eq!(v("每天一千万token"), Some(10_000_000));
    assert_eq!(v("1亿 tokens"), Some(100_000_000));
    assert_eq!(v("20m tokens a day"), Some(20_000_000));
    assert_eq!(v("5M tokens a day"), Some(5_000_000));
    assert_eq!(v("100 million tokens per day"), Some(100_000_000));
    // A decimal count written apart from its multiplier.
    assert_eq!(v("2.5 million tokens a day"), Some(2_500_000));
    assert_eq!(v("每天 4.5 亿 token"), Some(450_000_000));
    assert_eq!(v("一个月 4.5 亿 token"), Some(15_000_000));
    assert_eq!(v("4090 20m"), None);
    // Said per day without the word `token`: a large count is the daily volume.
    assert_eq!(v("自建llama3.1 8b 每天五百万 划算么"), Some(5_000_000));
    assert_eq!(v("一天一千万 哪个便宜"), Some(10_000_000));
    assert_eq!(v("5 million a day"), Some(5_000_000));
    assert_eq!(v("3000万每天"), Some(30_000_000));
    // A duration per day, a card, a small count: no volume.
    assert_eq!(v("每天8小时"), None);
    assert_eq!(v("每天4090"), None);
    assert_eq!(v("一天2张卡"), None);
    // `30m` after `daily` may be minutes: a suffix is a volume only with `token`.
    assert_eq!(v("4090 daily 30m"), None);
}

#[test]
fn durations_add_up_and_halves_count() {
    let u = |t: &str| {
        let toks = tokens(&normalize(t));
        find_usage(&toks, &vec![false; toks.len()])
    };
    let h = |x: i64| Some(Usage::Once(Decimal::from(x)));
    assert_eq!(u("跑两个半小时"), h(9000));
    assert_eq!(u("跑2小时30分钟"), h(9000));
    assert_eq!(u("半小时"), h(1800));
    assert_eq!(u("90 minutes"), h(5400));
    assert_eq!(u("一晚上"), h(8 * 3600));
    assert_eq!(u("一天"), h(86400));
    // A count of things is no length (`m` is minutes only as one).
    assert_eq!(u("embed 10M documents with qwen3-embedding-8b"), None);
    assert_eq!(u("summarize 5m articles, about 40m"), h(2400));
    // A measure word before an English unit; `a couple` is two.
    assert_eq!(u("跑8个hrs吧"), h(8 * 3600));
    assert_eq!(u("需要3个days"), h(3 * 86400));
    assert_eq!(u("租2个4090"), None);
    assert_eq!(u("for couple of hours"), h(7200));
    assert_eq!(u("a couple days on an a100"), h(2 * 86400));
    assert_eq!(u("一直在线"), Some(Usage::Always));
    assert_eq!(u("4090包月"), Some(Usage::Always));
    assert_eq!(u("4090一个月多少钱"), Some(Usage::Always));
    assert_eq!(u("an a100 for one month"), Some(Usage::Always));
    assert!(matches!(u("4090两个月"), Some(Usage::Once(_))));
    assert_eq!(u("每天4小时"), Some(Usage::Daily(Decimal::from(4 * 3600))));
    // A daily span wins over the spans that say how long it repeats.
    assert_eq!(
        u("一周7天每天8小时"),
        Some(Usage::Daily(Decimal::from(8 * 3600)))
    );
    assert_eq!(u("一个半钟"), h(5400));
    // Hours in a day are the day's use; all of them, always on.
    assert_eq!(u("一天8小时"), Some(Usage::Daily(Decimal::from(8 * 3600))));
    assert_eq!(u("一天24小时跑4090 一个月多少钱"), Some(Usage::Always));
    assert_eq!(u("跑1天"), h(86400));
    assert_eq!(
        u("8 hours a day for a month"),
        Some(Usage::Daily(Decimal::from(8 * 3600)))
    );
    assert_eq!(u("1h 30min"), h(5400));
    assert_eq!(u("一年"), h(8760 * 3600));
    // A year written as a date is no span.
    assert_eq!(u("2025年的价格"), None);
    // Under a minute is a length too; a billing step is not.
    assert_eq!(u("4090跑30秒多少钱"), h(30));
    assert_eq!(u("for 45 seconds"), h(45));
    assert_eq!(u("跑 20 秒钟"), h(20));
    assert_eq!(u("按1秒计费吗"), None);
    assert_eq!(u("billed per 1 second"), None);
    assert_eq!(u("is it 10 second billing"), None);
    assert_eq!(u("按1秒计费 跑30秒"), h(30));
    assert_eq!(u("最低30秒 跑2小时"), h(7200));
    assert_eq!(u("跑45秒 按秒计费"), h(45));
    assert_eq!(u("4090 for 30s"), h(30));
}
