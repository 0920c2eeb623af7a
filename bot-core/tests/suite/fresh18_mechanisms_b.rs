//! The misses of `questions_fresh18.tsv` in und-l's half (session 10), as mechanisms, on cases
//! of my own (none in a batch), both languages, with questions that must NOT trigger each.

use bot_core::Catalog;
use bot_core::understand::read;

use super::understand::share_by_line;

#[test]
fn fresh18_mechanisms_on_cases_of_their_own() {
    let catalog = Catalog::embedded().unwrap();
    let cases = "\
# a language asked for in words: /lang (a language as the question's topic is no switch)
换成英文回复吧\t/lang en
can you speak chinese\t/lang zh
以后都用中文\t/lang zh
set language to english\t/lang en
请用英语和我说话\t/lang en
english please\t/lang en
我看不懂英文 说中文\t/lang zh
pls reply in chinese from now on\t/lang zh
# help asked in slang
这玩意咋用\t/help
how does this bot work\t/help
# buy or rent: renting priced for the use said; with none, the usual patterns offered
should i buy a used 3090 or rent one, i train about 4 hours a day\t/compare rtx-3090 daily 4h
买4090划算还是租划算 每天用8小时\t/compare rtx-4090 daily 8h
入手一张二手4090 还是继续租 一天大概跑3个小时\t/compare rtx-4090 daily 3h
二手4090一万二 还是租 每天跑5小时\t/compare rtx-4090 daily 5h
is it smarter to buy an a6000 or rent\task:/compare rtx-a6000 daily 8h
买3090还是租\task:/compare rtx-3090 always
4090 租一天多少钱\t/compare rtx-4090 1d
# hours a day said with the day first are regular use, never one day's job
4090 一天跑3个小时 一个月多少钱\t/compare rtx-4090 daily 3h
4090 a day about 3 hours, monthly cost\t/compare rtx-4090 daily 3h
autodl 3090 每天大概就跑2小时 一个月多少\t/cost autodl rtx-3090 daily 2h
h100 租1天 多少钱\t/compare h100-sxm 1d
# a price per GPU-hour is per hour
1.8 usd per gpu hour in rmb per month\t/convert 1.8usd/hour to month cny
$2/gpu/hr to cny\t/convert 2usd/hour to hour cny
每卡每小时2块5 折合美元\t/convert 2.5cny/hour to hour usd
# a bill that was paid: /trial (a bill asked about is no record)
runpod a100 ran for 2 hours, the total came to $3.80\t/trial runpod a100-80g-sxm 2h 3.8usd
autodl 4090 跑了3小时 账单是6块5\t/trial autodl rtx-4090 3h 6.5cny
昨天在autodl租4090跑了2小时 结算了4块8\t/trial autodl rtx-4090 2h 4.8cny
autodl 4090 跑3小时 账单怎么算\t/cost autodl rtx-4090 3h
lambda h100 ran 3 hours, got charged $9\t/trial lambda h100-sxm 3h 9usd
vast 4090跑了45分钟 扣了我1.2刀\t/trial vast rtx-4090 45m 1.2usd
# a student price of one platform: its facts
does runpod have a student discount\t/platform runpod
autodl 学生有优惠吗\t/platform autodl
featurize student discount?\t/platform featurize
# guidance: where to start, choose for me, a job with a need and a budget
完全小白 想租卡跑点东西 从哪开始\t/pick
new to this, where do i even start renting a gpu\t/pick
want to lora llama 3.1 8b for 3 hours, paypal only, under $10\t/pick
帮我选个卡 跑sdxl 预算每月100\t/pick
need a gpu for my thesis, only have wechat pay\t/pick
where do i start if i want to finetune mistral 7b\t/pick
学生党 预算少 租什么卡好\t/pick
# … not when a card is named, or only whether a model runs is asked
qwen2.5-7b lora 微调 3090 够吗 只有支付宝\t/fit qwen2.5-7b lora rtx-3090
llama 3.1 8b 要多少显存\t/fit llama-3.1-8b
# platforms by region in words
foreign gpu clouds that take paypal\t/platforms global paypal
international providers with per-second billing\t/platforms global per-second
non-chinese platforms with crypto\t/platforms global crypto
# a platform named by its name and its alias is one choice, not two
腾讯云hai a10 2小时多少钱\t/cost tencent-hai a10 2h
";
    let (total, right) = share_by_line("fresh18_mechanisms_b", cases);
    assert_eq!(right, total, "{right} of {total}");
    for q in ["比autodl便宜的有吗", "anything cheaper than runpod?"] {
        assert_eq!(
            read(&catalog, q),
            bot_core::understand::Reading::Unknown,
            "{q}"
        );
    }
    // Negatives that must not read as the mechanism above.
    for (q, not) in [
        ("英文怎么说显卡", "/lang"),
        ("4090 用英文怎么说", "/lang"),
        ("帮我选一下 4090 还是 3090 跑 sdxl", "/pick"),
        ("a100 4小时 多少钱 我付了", "/trial"),
        ("4090 租一天多少钱", "daily"),
        ("every day 2 h100 cards, how much", "daily 2h"),
        ("which chinese platforms take paypal", "/lang"),
        ("autodl 比 runpod 便宜吗", "/lang"),
    ] {
        let lines = read(&catalog, q).lines();
        assert!(!lines.iter().any(|l| l.contains(not)), "{q}: {lines:?}");
    }
}

/// `3090五千块`: a Chinese numeral right after a card's digits is a number of its own (it had
/// been read as ¥30,905,000); a multiplier after digits stays one number (`2千`).
#[test]
fn a_chinese_numeral_after_digits_is_a_number_of_its_own() {
    use bot_core::understand::normalize;
    assert!(normalize("二手3090五千块").contains("3090 5000块"));
    assert!(normalize("4090两千块钱").contains("4090 2000块"));
    assert!(normalize("预算2千块").contains("2000块"));
    assert!(normalize("4090一小时").contains("4090 1小时"));
}

/// `switch to chinese`: the answer is already in the language set, and it stays set.
#[test]
fn a_language_said_in_words_is_set_and_answered_in() {
    use super::chat::{who, world};
    use bot_core::{Input, Lang};
    let w = world();
    let en = who("en");
    let (a, read) = w
        .bot
        .handle_after(&en, Input::Text("switch to chinese please".into()), None);
    assert_eq!(a.lang, Lang::Zh);
    assert!(
        super::chat::text(&a.replies, a.lang).starts_with("我理解为：/lang zh"),
        "{:?}",
        a.replies
    );
    // No reading to follow up: `英文` next is not `/lang zh` again in English.
    assert_eq!(read, None);
    let next = w.bot.handle(&en, Input::Text("/gpu 4090".into()));
    assert_eq!(next.lang, Lang::Zh, "set for good");
    let (_, typed) = w
        .bot
        .handle_after(&en, Input::Text("/lang en".into()), None);
    assert_eq!(typed, None, "a typed /lang is no reading either");
}
