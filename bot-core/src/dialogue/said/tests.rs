use super::*;

#[test]
fn thanks_and_no_need_without_a_comma_leave() {
    for t in ["不用了谢谢", "thanks bye", "no thanks", "不用了 谢谢"] {
        assert_eq!(said(t), Some(Said::Quit), "{t}");
    }
    assert_eq!(said("好的谢谢，不用了"), Some(Said::Quit));
    assert_eq!(said("thirty"), None);
    assert_eq!(said("thanks 4k"), None);
}

#[test]
fn handing_over_in_other_words() {
    for t in [
        "你決定",
        "不太懂，能跑就行",
        "whatever you think is best",
        "i don't understand, anything is ok",
    ] {
        assert_eq!(said(t), Some(Said::Unsure), "{t}");
    }
}

#[test]
fn moves_in_words() {
    assert_eq!(said("返回"), Some(Said::Back));
    assert_eq!(said(" Back "), Some(Said::Back));
    assert_eq!(said("随便吧"), Some(Said::Unsure));
    assert_eq!(said("不知道"), Some(Said::Unsure));
    assert_eq!(said("Not sure."), Some(Said::Unsure));
    assert_eq!(said("谢谢！"), Some(Said::Thanks));
    assert_eq!(said("I'll be back in 3 hours"), None);
    assert_eq!(said("随便一个7b模型"), None);
}

#[test]
fn thanks_and_no_need_is_leaving() {
    for t in [
        "谢谢，不用了",
        "thanks, no need",
        "多謝，唔使喇",
        "好的谢谢，不用了",
    ] {
        assert_eq!(said(t), Some(Said::Quit), "{t}");
    }
    // A bare no alone is no move here (asked about, or the step's own no), and thanks
    // beside a fact is no leaving.
    assert_eq!(said("不用了"), None);
    assert_eq!(said("no need"), None);
    assert_eq!(said("谢谢，用lora"), None);
}

#[test]
fn not_going_on_and_goodbye_are_leaving() {
    for t in [
        "i not want continue, bye",
        "I don't want to continue",
        "不想继续了，拜拜",
        "bye",
        "再见",
    ] {
        assert_eq!(said(t), Some(Said::Quit), "{t}");
    }
    // A wish to go on is no leaving; `i'm done` at the needs step is done choosing, not leaving.
    assert_eq!(said("i want to continue"), None);
    assert_ne!(said("i'm done"), Some(Said::Quit));
}

#[test]
fn no_preference_in_more_words() {
    for t in [
        "🤔不太懂这个，听你的",
        "just use the default",
        "默认的就行",
        "不确定该用哪个好",
        "not sure which one to pick",
        "idk what format",
        "随便用吧🙏",
        // Handed over as a wish for advice (und_cp), a numeral in it read in digits.
        "你推荐一个吧",
        "you recommend",
        "whatever is fine",
        // The lexicon's HANDED and ASIDES (pick_conversations_w).
        "你看着办",
        "你看着办吧",
        "no idea tbh",
        "honestly no idea tbh",
        "说实话不清楚",
    ] {
        assert_eq!(said_in(t, &|_| false), Some(Said::Unsure), "{t}");
    }
    // A question after not knowing, or a fact beside it, is no move.
    for t in [
        "不知道哪家有货",
        "not sure what the price is",
        "就这个",
        "is that",
    ] {
        assert_eq!(said_in(t, &|_| false), None, "{t}");
    }
    assert_eq!(said_in("不知道用啥卡 4090行吗", &|_| true), None);
}

#[test]
fn a_word_asked_about_is_no_answer() {
    assert!(asks_meaning("what's QLoRA?"));
    assert!(asks_meaning("What is AWQ"));
    assert!(asks_meaning("qlora是什么意思"));
    assert!(asks_meaning("什么是 lora"));
    assert!(asks_meaning("lora和qlora有什么区别"));
    assert!(asks_meaning("what does q4_k_m mean?"));
    assert!(!asks_meaning("qlora"));
    assert!(!asks_meaning("ok qlora then"));
    assert!(!asks_meaning("用qlora 跑3小时"));
    assert!(!asks_meaning("i mean qlora"));
}

#[test]
fn moves_said_twice_or_in_clauses() {
    assert_eq!(said("算了"), Some(Said::Quit));
    assert_eq!(said("算了算了"), Some(Said::Quit));
    assert_eq!(said("算了，不弄了"), Some(Said::Quit));
    assert_eq!(said("不知道 随便"), Some(Said::Unsure));
    assert_eq!(said("idk, up to you"), Some(Said::Unsure));
    assert_eq!(said("重来吧"), Some(Said::Restart));
    assert_eq!(said("ok, start over"), Some(Said::Restart));
    assert_eq!(said("唉，算了"), Some(Said::Quit));
    assert_eq!(said("let's start over"), Some(Said::Restart));
    assert_eq!(said("那还是重新来吧"), Some(Said::Restart));
    assert_eq!(said("ok"), None);
    assert_eq!(said("返回上一步"), Some(Said::Back));
    assert_eq!(said("随便你定吧"), Some(Said::Unsure));
    assert_eq!(said("算了不弄了吧"), Some(Said::Quit));
    assert_eq!(said("返回3小时"), None);
    assert_eq!(said("Start over!"), Some(Said::Restart));
    // Two moves of different kinds, or a move beside a fact, are no one move.
    assert_eq!(said("随便, 返回"), None);
    assert_eq!(said("算了 qwen2.5 7b"), None);
    assert_eq!(said("不知道 3小时"), None);
    // A reason after leaving, when it states nothing.
    let none = |_: &str| false;
    assert_eq!(said_in("不搞了，太贵了", &none), Some(Said::Quit));
    assert_eq!(
        said_in("never mind, too expensive", &none),
        Some(Said::Quit)
    );
    assert_eq!(said_in("算了，用lora吧", &|c| c.contains("lora")), None);
    assert_eq!(said_in("太贵了，算了", &none), None);
}

#[test]
fn inference_needs_how_long() {
    assert_eq!(inference_kind("推理", false, false), Some(None));
    assert_eq!(inference_kind("llm inference", false, false), Some(None));
    assert_eq!(
        inference_kind("推理 跑2小时", true, false),
        Some(Some(TaskKind::Experiment))
    );
    assert_eq!(
        inference_kind("inference, always on", false, true),
        Some(Some(TaskKind::Serve))
    );
    assert_eq!(inference_kind("lora", false, false), None);
}
