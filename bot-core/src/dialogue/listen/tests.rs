//! `dialogue::listen`'s own tests.

use super::*;

#[test]
fn an_amount_with_its_currency_is_a_budget() {
    let d = |n: i64| Some((Decimal::from(n), None));
    let got = |t: &str| priced_amount(t).map(|(b, _)| (b, None::<&str>));
    assert_eq!(got("max 200 yuan"), d(200));
    assert_eq!(got("50刀吧"), d(50));
    assert_eq!(got("顶多300块"), d(300));
    assert_eq!(got("3 hours"), None);
    assert_eq!(got("2块一小时"), None);
    assert_eq!(got("花了30块"), None);
    assert_eq!(got("qwen2.5 7b"), None);
}

#[test]
fn money_is_never_a_context_length() {
    let c = Catalog::embedded().unwrap();
    for t in ["预算 2k吧", "budget 4k", "$2k", "2k块", "8k rmb"] {
        assert_eq!(context_said(&c, Step::Method, t, false), None, "{t}");
    }
    assert_eq!(context_said(&c, Step::Method, "2k吧", false), Some(2048));
    assert!(context_said(&c, Step::Method, "上下文8k 预算50", false).is_some());
}

#[test]
fn a_cards_number_is_never_a_context_length() {
    let c = Catalog::embedded().unwrap();
    for t in ["4090", "3090", "4090吧"] {
        assert_eq!(context_said(&c, Step::Method, t, false), None, "{t}");
    }
    // Said with a context word, the number is the context.
    assert_eq!(
        context_said(&c, Step::Method, "4096 tokens", false),
        Some(4096)
    );
}

#[test]
fn statements_are_not_questions() {
    assert!(!is_question("it runs 3 hours, budget 40"));
    assert!(!is_question(
        "想用lora微调下qwen2.5 7b 跑3个小时 只有支付宝 不想实名 预算50"
    ));
    assert!(is_question("4090多少钱一小时"));
    assert!(is_question("H100 哪家有货"));
    // A request said without a question's cue: an alert, a conversion, a price history.
    assert!(is_question("4090 到货了提醒我"));
    assert!(is_question("notify me when an h100 is under $2"));
    assert!(is_question("$2.5/hr 换算成人民币"));
    assert!(!is_question("只有支付宝 不想实名 预算50"));
    assert!(!is_question("lora微调qwen2.5-7b 跑3个小时"));
    // A yes-or-no question without 吗, and listings asked for.
    assert!(is_question("有没有5090的offer 最好低于3块一小时"));
    assert!(is_question("能不能用一张3090全参微调qwen2.5 1.5b"));
    assert!(is_question("show me 4090 offers under $2"));
    assert!(!is_question("只能用支付宝 预算每小时3块"));
    // An English question starts with its verb; the verb inside a statement asks nothing.
    assert!(is_question("is there an h100 on runpod"));
    assert!(is_question("ok, can i pay with alipay"));
    assert!(is_question("any 4090 left"));
    assert!(!is_question("my budget is $30"));
    assert!(!is_question("i can spend 50 a week"));
    assert!(!is_question("the job is 3 hours, qlora"));
    let c = Catalog::embedded().unwrap();
    let f = understand::facts(&c, "it runs 3 hours, budget 40");
    assert_eq!(f.seconds, Some(Decimal::from(10_800)), "{f:?}");
    assert_eq!(f.budget, Some(Decimal::from(40)), "{f:?}");
}

#[test]
fn a_correction_after_a_comma_asks_nothing() {
    // pick_ae's `sorry, is 6 hour not 3`: the correction's subject left out, no question.
    assert!(!is_question("sorry, is 6 hour not 3"));
    assert!(!is_question("oops, is 8k not 4k"));
    // Asked with its mark, or without a correction before it, the verb still asks.
    assert!(is_question("sorry, is 6 hours enough?"));
    assert!(is_question("ok, is there an h100"));
    assert!(is_question("is there an h100"));
}
