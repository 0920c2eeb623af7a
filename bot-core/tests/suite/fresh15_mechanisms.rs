//! The misses of `questions_fresh15.tsv` as mechanisms, on cases of my own (none in a batch).

use bot_core::Catalog;

use super::understand::share_by_line;

#[test]
fn fresh15_mechanisms_on_cases_of_their_own() {
    let cases = "\
# A. a bare number after a card, `for` or a run verb: its meaning asked back, never the default hour
lambda a100 for 6, price?\task:/cost lambda a100-80g-sxm 6h
vast 4090 for 20 how much\task:/cost vast rtx-4090 20h
autodl a100 4 多少钱\task:/cost autodl a100-80g-sxm 4h
runpod a100 4 how much\task:/cost runpod a100-80g-sxm 1h cards=4
恒源云 跑3090 2个 多少钱\task:/cost gpushare rtx-3090 2h
恒源云 跑3090 2个 多少钱\task:/cost gpushare rtx-3090 1h cards=2
vast 3090 rent 10 total?\task:/cost vast rtx-3090 10d
how much is runpod h100 for 12\task:/cost runpod h100-sxm 12h
autodl 4090 跑 3 个 多少钱\task:/cost autodl rtx-4090 1h cards=3
runpod 4090 跑 2.5 多少钱\task:/cost runpod rtx-4090 2h30m
# a unit or a name after the number keeps it read
runpod h100 8 hours how much\t/cost runpod h100-sxm 8h
autodl 4090 3个小时 多少钱\t/cost autodl rtx-4090 3h
# B. minutes after hours, in numerals or digits, with 零 or 又
autodl 4090 三小时二十分 多少钱\t/cost autodl rtx-4090 3h20m
矩池云 3090 跑两个小时零五分 多少钱\t/cost matpool rtx-3090 2h5m
vast a100 1小时又45分钟 多少钱\t/cost vast a100-80g-sxm 1h45m
4090 一个钟头十五分 哪家便宜\t/compare rtx-4090 1h15m
矩池云 a100 两小时十五 多少钱\t/cost matpool a100-80g-sxm 2h15m
# amounts in hundreds and thousands
两千块一个月 合多少一小时\t/convert 2000cny/month to hour
一千五百元一个月 每小时多少\t/convert 1500cny/month to hour
# E. an alert's card count and bare ceiling (a family alone takes its default form, und-w;
# these were asked back before)
a100到货了通知我 要8张\t/subscribe a100-80g-sxm cards=8
lambda上h100有4张空闲的时候提醒我\t/subscribe h100-sxm lambda cards=4
alert me when vast has 2 h100 free\t/subscribe h100-sxm vast cards=2
tell me when an l40s is under 1.2\t/subscribe l40s max=1.2/hour
4090低于2就提醒我\t/subscribe rtx-4090 max=2/hour
when h100 drops below 2 on lambda let me know\t/subscribe h100-sxm lambda max=2/hour
remind me when 4x h100 available on runpod\t/subscribe h100-sxm runpod cards=4
4090 到货提醒 至少2张\t/subscribe rtx-4090 cards=2
# F. people served said every way
can one a10 host qwen2.5-7b for 25 ppl at once\t/fit qwen2.5-7b a10 batch=25
部署qwen3-8b 给30个同事同时用 l40s够吗\t/fit qwen3-8b l40s batch=30
can a t4 serve phi-3-mini to 15 students at once\t/fit phi-3-mini t4 batch=15
# G. two asks, a yes-or-no fit first: the fit
can an h100 run llama-3.1-70b int4 and whats the price for 10 hours on runpod\t/fit llama-3.1-70b int4 h100-sxm
3090能不能跑qwen2.5-14b int4 顺便问下autodl跑5小时多少钱\t/fit qwen2.5-14b int4 rtx-3090
# I. guidance with a budget or a payment limit, a model to run and no card
want to run qwen2.5-32b for a day, only have 30 dollars, which platform should i use\t/pick
想用lora微调qwen2.5-7b 只能用支付宝 去哪租\t/pick
i need to finetune a 13b model, i don't have a credit card, where can i rent\t/pick
# J. requests with no reading before
三千块一个月 折合每小时多少\t/convert 3000cny/month to hour
第三个提醒不要了\t/unsubscribe 3
what should i ask you\t/help
我能问你什么\t/help
what models do you support\t/models
这个bot收录了哪些大模型\t/models
都有哪些显卡\t/gpus
what gpus do you know about\t/gpus
帮我看看能用的模型列表\t/models
第一个提醒删了吧\t/unsubscribe 1
国内有哪些gpu租赁平台\t/platforms cn
# K. a family without a size: its catalog models asked back
kimi 要几张h200\task:/fit kimi-k2 h200-sxm
gpt-oss 4090 能跑吗\task:/fit gpt-oss-20b rtx-4090
deepseek-r1-distill 3060 够吗\task:/fit deepseek-r1-distill-qwen-7b rtx-3060
llama 3 on an a10 with qlora\task:/fit llama-3-8b qlora a10
# relabelled (lead, session 37): Gemma-4-12B (mem_eh) is the 12B class's newest, offered first
gemma 能在l4上跑吗\task:/fit gemma-4-12b l4
gemma3 4090能跑吗\task:/fit gemma-3-12b rtx-4090
qwen3 一张4090够吗\task:/fit qwen3-8b rtx-4090
mistral 要多少显存\task:/fit mistral-7b-v0.3
# L. a card's memory asked only where the verdict differs
v100 能跑 qwen2.5-14b 吗\task:/fit qwen2.5-14b v100-32g
v100 跑 llama-3.1-8b lora 够吗\task:/fit llama-3.1-8b lora v100-16g
# the same verdict on every size: the default kept, its memory said in the line
# a V100 with no size is asked back where 16G and 32G print different answers (corpus49's A100
# convention, session 30, any card sold in two memory sizes): a full fine-tune of 7B takes a different count of each
v100 跑 qwen2.5-7b 全参微调 够吗\task:/fit qwen2.5-7b full v100-16g
v100 跑 qwen2.5-3b 推理够吗\t/fit qwen2.5-3b v100-16g
# tight on one size and comfortable on the other is a different verdict too
a100 能跑 llama-3.1-70b 吗\task:/fit llama-3.1-70b a100-40g-sxm
a100 跑 qwen2.5-7b 够吗\t/fit qwen2.5-7b a100-80g-sxm
a100 40g 跑 qwen2.5-32b bf16\t/fit qwen2.5-32b bf16 a100-40g-sxm
# an API price said bare, a card's own hourly price: kept in /tco
qwen2.5-7b 4090 每天1000万token api价格0.3\t/tco qwen2.5-7b bf16 rtx-4090 10m 0.3
llama-3.1-8b on l4, 5M tokens a day, api price 0.2\t/tco llama-3.1-8b bf16 l4 5m 0.2
4090 ¥2/h 每天1000万token qwen2.5-7b 自建划算吗\t/tco qwen2.5-7b bf16 rtx-4090 10m price=2cny/hour
";
    let (total, right) = share_by_line("fresh15 mechanisms", cases);
    assert_eq!(right, total, "{right} of {total}");
}

/// `questions_fresh15.tsv` (216), written apart from the reader by a helper who never read
/// it: untuned 170/216, 181/216 with eleven equally right readings relabelled (listed in its
/// header); after this batch's mechanisms (und-f, one more relabel) 205/216 (94.9 %), the 11
/// left being und-e's groups (weekly and daily usage, /offers filters, amounts paid).
#[test]
fn fresh15_share() {
    let (total, right) = share_by_line("fresh15", include_str!("../data/questions_fresh15.tsv"));
    assert!(total >= 200, "fresh15: {total} questions");
    assert!(right >= 205, "fresh15: {right} of {total}");
}

/// Two asks, a fit first: the fit is answered and the price is offered as a choice on the
/// fit's card, in both languages; one ask offers nothing more.
#[test]
fn a_second_ask_is_noted_and_offered() {
    use super::chat::{text, who, world};
    use bot_core::Input;
    use bot_core::understand::{read, second_ask};
    let catalog = Catalog::embedded().unwrap();
    for (q, also) in [
        (
            "can a 3090 run qwen3-14b int4 and how much for 5 hours on vast",
            "/cost vast rtx-3090 5h",
        ),
        (
            "3090能不能跑qwen2.5-14b int4 顺便问下autodl跑5小时多少钱",
            "/cost autodl rtx-3090 5h",
        ),
        (
            "两张4090能跑qwen2.5-32b吗 另外一天多少钱",
            "/compare rtx-4090 1d cards=2",
        ),
    ] {
        assert_eq!(
            second_ask(&catalog, q, &read(&catalog, q))
                .map(|r| r.line())
                .as_deref(),
            Some(also),
            "{q}"
        );
    }
    assert_eq!(
        second_ask(
            &catalog,
            "4090能跑qwen2.5-7b吗",
            &read(&catalog, "4090能跑qwen2.5-7b吗")
        ),
        None
    );
    assert_eq!(
        second_ask(
            &catalog,
            "autodl 4090 跑3小时多少钱",
            &read(&catalog, "autodl 4090 跑3小时多少钱")
        ),
        None
    );
    let w = world();
    let offered = |locale: &str, q: &str| {
        let a = w.bot.handle(&who(locale), Input::Text(q.into()));
        let ids: Vec<String> = a
            .replies
            .iter()
            .flat_map(|r| r.choices.iter().map(|c| c.id.clone()))
            .collect();
        (text(&a.replies, a.lang), ids)
    };
    let (en, ids) = offered(
        "en",
        "can an h100 run llama-3.1-70b int4 and whats the price for 10 hours on runpod",
    );
    assert!(en.contains("/fit llama-3.1-70b int4 h100-sxm"), "{en}");
    assert!(en.contains("You also asked a second question"), "{en}");
    assert!(
        ids.iter().any(|i| i.contains("/cost runpod h100-sxm 10h")),
        "{ids:?}"
    );
    let (zh, ids) = offered(
        "zh",
        "3090能不能跑qwen2.5-14b int4 顺便问下autodl跑5小时多少钱",
    );
    assert!(zh.contains("你还问了第二个问题"), "{zh}");
    assert!(
        ids.iter().any(|i| i.contains("/cost autodl rtx-3090 5h")),
        "{ids:?}"
    );
}

/// A bare ceiling in an alert is read in the chat's currency and the answer says which.
#[test]
fn a_bare_alert_ceiling_says_its_currency() {
    let w = super::chat::world();
    let en = super::chat::say(&w, "en", "tell me when an l40s is under 1.2");
    assert!(en.contains("/subscribe l40s max=1.2/hour"), "{en}");
    assert!(en.contains("USD"), "{en}");
}
