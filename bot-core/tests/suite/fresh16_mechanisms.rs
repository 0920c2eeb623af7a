//! The misses of `questions_fresh16.tsv` as mechanisms, on cases of my own (none in a batch).

use bot_core::Catalog;

use super::understand::share_by_line;

#[test]
fn fresh16_mechanisms_on_cases_of_their_own() {
    let catalog = Catalog::embedded().unwrap();
    let cases = "\
# A1. a number and its unit said apart by spaces: the minutes after hours and the jiao kept
autodl 4090 跑了 3 个小时 15 分钟 多少钱\t/cost autodl rtx-4090 3h15m
vast 3090 跑 1 小时 30 分 多少钱\t/cost vast rtx-3090 1h30m
用了 autodl 3090 5 小时 花了 7 块 5\t/trial autodl rtx-3090 5h 7.5cny
autodl 4090 跑 2 小时 多少钱\t/cost autodl rtx-4090 2h
# C. the chat's currency asked or set in words
switch to yuan\t/currency cny
换成人民币\t/currency cny
what currency are you using\t/currency
prices in usd please\t/currency usd
以后都用美金吧\t/currency usd
现在的币种是啥\t/currency
# a price asked in a currency is a price, not the chat's currency
4090 多少美元\t/gpu rtx-4090
# C. a period said before its amount, or shortened (`每时`, `per min`)
包月2000块 折合每小时多少\t/convert 2000cny/month to hour
每个月 3000 元 合每小时多少\t/convert 3000cny/month to hour
一个星期 ¥700 折合一小时多少\t/convert 700cny/week to hour
2.5元每时 合每分钟多少\t/convert 2.5cny/hour to minute
# C. the whole lists and the help asked in more ways
给我列一下所有平台\t/platforms
show me the full list of platforms\t/platforms
都有哪些平台\t/platforms
国内有哪些gpu租赁平台\t/platforms cn
the full list of gpus\t/gpus
what cards do you have data on\t/gpus
你们的模型都有哪些\t/models
how do i use this bot\t/help
不会用 求说明书\t/help
";
    let (total, right) = share_by_line(&catalog, "fresh16 mechanisms", cases);
    assert_eq!(right, total, "{right} of {total}");
}
