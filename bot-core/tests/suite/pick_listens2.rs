//! A /pick that listens, round two (issue 26, session 9), on cases of our own in both
//! languages: inference asked as a run or a service; moves said in words (`返回`, `随便`,
//! `skip`, thanks); facts said beside a step's own answer kept; a typed duration said back; a
//! sum already paid kept and set against the result; after the plan, a price asked without a
//! question mark answered and a change ranked again. Never "I couldn't use that answer" for
//! something understood.

use super::chat::{message_ids, text, who, world};
use bot_core::{ChatRef, Input};

fn say(w: &super::chat::World, me: &ChatRef, line: &str) -> (Vec<String>, String) {
    let replies = w.bot.handle(me, Input::Text(line.into())).replies;
    (message_ids(&replies), text(&replies, w.bot.lang_for(me)))
}

fn tap(w: &super::chat::World, me: &ChatRef, id: &str) -> (Vec<String>, String) {
    let replies = w.bot.handle(me, Input::Choice(id.into())).replies;
    (message_ids(&replies), text(&replies, w.bot.lang_for(me)))
}

fn has(ids: &[String], id: &str) -> bool {
    ids.iter().any(|i| i == id)
}

/// Lines said one after another from a fresh `/pick`; the last answer.
fn walk(w: &super::chat::World, me: &ChatRef, lines: &[&str]) -> (Vec<String>, String) {
    say(w, me, "/cancel");
    let mut last = say(w, me, "/pick");
    for l in lines {
        last = say(w, me, l);
    }
    last
}

#[test]
fn inference_at_the_first_step_is_asked_as_a_run_or_a_service() {
    let w = world();
    for (locale, line) in [
        ("zh", "推理"),
        ("zh", "跑推理"),
        ("en", "inference"),
        ("en", "llm inference please"),
    ] {
        let me = who(locale);
        let (ids, t) = walk(&w, &me, &[line]);
        assert!(has(&ids, "pick-infer-which"), "{line}: {t}");
        assert!(!has(&ids, "pick-invalid"), "{line}: {t}");
        // The step's own choices: the service tapped, the model is next.
        let (ids, t) = tap(&w, &me, "t:serve");
        assert!(has(&ids, "pick-ask-model"), "{line} → service: {t}");
    }
    // A model said with it is kept while the kind is asked; the tap then skips the model step.
    let me = who("zh");
    let (ids, t) = walk(&w, &me, &["推理 qwen2.5 7b"]);
    assert!(
        has(&ids, "pick-understood-model") && has(&ids, "pick-infer-which"),
        "{t}"
    );
    let (ids, t) = tap(&w, &me, "t:exp");
    assert!(!has(&ids, "pick-ask-model"), "{t}");
    assert!(has(&ids, "pick-ask-method-quant"), "{t}");
    // A guidance question that starts /pick with inference asks the same.
    let me = who("zh");
    say(&w, &me, "/cancel");
    let (ids, t) = say(&w, &me, "我想跑推理 不知道选哪家");
    assert!(has(&ids, "pick-infer-which"), "{t}");
    // Playing with a model is a short run.
    let me = who("en");
    let (ids, t) = walk(&w, &me, &["just want to play with an llm"]);
    assert!(
        has(&ids, "pick-ask-model") && !has(&ids, "pick-invalid"),
        "{t}"
    );
    // How long it runs says which: hours are a run, always on a service.
    for (locale, line, kind) in [
        (
            "en",
            "run inference on llama 8b for 2 hours",
            "short experiment",
        ),
        ("zh", "推理 qwen2.5 7b 跑两个小时", "短时实验"),
        ("en", "inference, always on", "inference service"),
        ("zh", "推理 一直在线", "推理服务"),
    ] {
        let me = who(locale);
        let (ids, t) = walk(&w, &me, &[line]);
        assert!(!has(&ids, "pick-infer-which"), "{line}: {t}");
        assert!(has(&ids, "pick-understood-task"), "{line}: {t}");
        assert!(t.contains(kind), "{line}: {kind}: {t}");
    }
}

#[test]
fn moves_said_in_words_are_taken_never_refused() {
    let w = world();
    for locale in ["zh", "en"] {
        let me = who(locale);
        // No preference at the task step: asked in other words, not refused.
        for unsure in ["随便", "不知道", "whatever", "not sure"] {
            let (ids, t) = walk(&w, &me, &[unsure]);
            assert!(has(&ids, "pick-unsure-task"), "{unsure}: {t}");
            assert!(!has(&ids, "pick-invalid"), "{unsure}: {t}");
        }
        // At the model step: the help by size; at the context step: the default, said.
        let (ids, t) = walk(&w, &me, &["demo", "都行"]);
        assert!(has(&ids, "pick-ask-model-unsure"), "{t}");
        let (ids, t) = walk(&w, &me, &["demo", "qwen 7b", "bf16", "skip"]);
        assert!(has(&ids, "pick-took-default"), "{t}");
        assert!(has(&ids, "pick-ask-usage"), "{t}");
        // A service's default use is always on.
        let (_, t) = walk(
            &w,
            &me,
            &[
                "serve qwen2.5 7b for my team",
                "skip",
                "skip",
                "skip",
                "skip",
            ],
        );
        assert!(
            t.to_lowercase().contains("always on") || t.contains("一直在线"),
            "{t}"
        );
        // At the barriers step: none, and the result.
        let (ids, t) = walk(
            &w,
            &me,
            &["demo", "qwen 7b", "bf16", "8k", "3h", "ok", "无所谓"],
        );
        assert!(has(&ids, "pick-result-title"), "{t}");
        // Back in words is /back.
        for back in ["返回", "back", "上一步"] {
            let (ids, t) = walk(&w, &me, &["demo", "qwen 7b", back]);
            assert!(has(&ids, "pick-ask-model"), "{back}: {t}");
            assert!(!has(&ids, "pick-invalid"), "{back}: {t}");
        }
        // Thanks in the middle leave /pick where it is; after the plan they end it.
        let (ids, t) = walk(&w, &me, &["demo", "thanks"]);
        assert!(
            has(&ids, "pick-still-open") && !has(&ids, "pick-invalid"),
            "{t}"
        );
        let (ids, t) = walk(
            &w,
            &me,
            &[
                "demo", "qwen 7b", "bf16", "8k", "3h", "ok", "ok", "ok", "谢谢",
            ],
        );
        assert!(has(&ids, "pick-finished"), "{t}");
    }
}

#[test]
fn facts_said_beside_a_steps_answer_are_kept_and_their_steps_not_asked() {
    let w = world();
    // The method with the model: noted, the method step skipped.
    for (locale, line) in [("zh", "qwen2.5 72b awq"), ("en", "qwen2.5-72b, awq please")] {
        let me = who(locale);
        let (ids, t) = walk(&w, &me, &["demo", line]);
        assert!(has(&ids, "pick-understood-method"), "{line}: {t}");
        assert!(!has(&ids, "pick-ask-method-quant"), "{line}: {t}");
        assert!(has(&ids, "pick-ask-context"), "{line}: {t}");
    }
    // A context length beside the model (its count, not the model's size).
    let me = who("en");
    let (ids, t) = walk(&w, &me, &["demo", "qwen 7b, 8k context"]);
    assert!(has(&ids, "pick-understood-context"), "{t}");
    assert!(t.contains("8192"), "{t}");
    // The same at the context step itself: 8k, never the 7 of 7b.
    let (ids, t) = walk(&w, &me, &["demo", "qwen 7b", "bf16", "qwen 7b, 8k context"]);
    assert!(has(&ids, "pick-ask-usage"), "{t}");
    // A duration beside the context: the usage step is not asked.
    let me = who("zh");
    let (ids, t) = walk(&w, &me, &["demo", "qwen 7b", "bf16", "32k 跑5个小时"]);
    assert!(has(&ids, "pick-understood-usage") && t.contains('5'), "{t}");
    assert!(!has(&ids, "pick-ask-usage"), "{t}");
    // A card beside the model.
    let (ids, t) = walk(&w, &me, &["demo", "llama 8b 用两张4090"]);
    assert!(has(&ids, "pick-understood-gpu"), "{t}");
}

#[test]
fn a_typed_duration_is_said_back_as_the_hours_it_was_read_as() {
    let w = world();
    for (locale, line, hours) in [
        ("zh", "两个半小时", "2.5"),
        ("zh", "90分钟", "1.5"),
        ("en", "90 minutes", "1.5"),
        ("en", "two and a half hours", "2.5"),
    ] {
        let me = who(locale);
        let (ids, t) = walk(&w, &me, &["demo", "qwen 7b", "bf16", "8k", line]);
        assert!(has(&ids, "pick-understood-usage"), "{line}: {t}");
        assert!(t.contains(hours), "{line}: {hours}: {t}");
    }
    // `半天` is 4 h to some and 12 h to others: asked with both, never one of them taken
    // (session 10; it had been said back as 12 h).
    for (locale, line) in [("zh", "半天"), ("en", "half a day")] {
        let me = who(locale);
        let (ids, t) = walk(&w, &me, &["demo", "qwen 7b", "bf16", "8k", line]);
        assert!(has(&ids, "pick-ask-half-day"), "{line}: {t}");
        assert!(!has(&ids, "pick-understood-usage"), "{line}: {t}");
        assert!(has(&ids, "pick-ask-usage"), "{line}: {t}");
        let (ids, t) = tap(&w, &me, "u:12h");
        assert!(has(&ids, "pick-advice-hours"), "{line} → 12 h: {t}");
    }
}

#[test]
fn a_sum_already_paid_is_kept_and_set_against_the_cheapest_option() {
    let w = world();
    for (locale, first, paid) in [
        (
            "zh",
            "/pick 上次在autodl花了50块跑了3小时lora微调qwen 7b 想找更便宜的",
            "¥50",
        ),
        (
            "en",
            "/pick I paid $40 for a 3 hour lora fine-tune of qwen 7b last time",
            "$40",
        ),
    ] {
        let me = who(locale);
        say(&w, &me, "/cancel");
        let (ids, t) = say(&w, &me, first);
        assert!(has(&ids, "pick-understood-paid"), "{first}: {t}");
        assert!(t.contains(paid), "{first}: {t}");
        // Not the budget.
        assert!(!has(&ids, "pick-understood-budget"), "{first}: {t}");
        let mut last = (Vec::new(), String::new());
        for l in ["ok", "ok", "ok"] {
            last = say(&w, &me, l);
        }
        let (ids, t) = last;
        assert!(has(&ids, "pick-result-title"), "{t}");
        assert!(has(&ids, "pick-paid-vs-cheapest"), "{t}");
        assert!(t.contains(paid), "{t}");
    }
    // A run already paid, said in the middle without a job to size: recorded by /trial and
    // /pick said to wait, never dropped or taken as this job's duration.
    let me = who("en");
    let (ids, t) = walk(&w, &me, &["demo", "I paid $4 for 2 hours on runpod 4090"]);
    assert!(t.contains("/trial"), "{t}");
    assert!(has(&ids, "pick-still-open"), "{t}");
    assert!(!has(&ids, "pick-understood-usage"), "{t}");
}

#[test]
fn after_the_plan_a_question_is_answered_and_a_change_ranks_again() {
    let w = world();
    let to_plan = ["demo", "qwen 7b", "bf16", "8k", "3h", "ok", "ok", "ok"];
    for (locale, q) in [
        ("zh", "h100价格"),
        ("zh", "autodl 4090 3h"),
        ("en", "4090 price"),
        ("en", "runpod a100 2h"),
    ] {
        let me = who(locale);
        let mut lines = to_plan.to_vec();
        lines.push(q);
        let (ids, t) = walk(&w, &me, &lines);
        assert!(has(&ids, "understood-as"), "{q}: {t}");
        assert!(has(&ids, "pick-still-open"), "{q}: {t}");
        // Not the plan again, and the plan's card is not changed by the question.
        assert!(!has(&ids, "pick-trial-record"), "{q}: {t}");
        assert!(!has(&ids, "pick-invalid"), "{q}: {t}");
    }
    for (locale, change) in [("zh", "换成a100"), ("en", "switch to an a100")] {
        let me = who(locale);
        let mut lines = to_plan.to_vec();
        lines.push(change);
        let (ids, t) = walk(&w, &me, &lines);
        assert!(has(&ids, "pick-understood-gpu"), "{change}: {t}");
        assert!(has(&ids, "pick-result-title"), "{change}: {t}");
        assert!(t.contains("A100"), "{change}: {t}");
    }
    // The cheapest option asked for at the card step is the first one offered.
    let me = who("zh");
    let (ids, t) = walk(
        &w,
        &me,
        &["demo", "qwen 7b", "bf16", "8k", "3h", "最便宜的"],
    );
    assert!(has(&ids, "pick-ask-barriers"), "{t}");
}

#[test]
fn a_method_said_by_what_it_is_for_is_taken_and_said_back() {
    let w = world();
    for (locale, line, method) in [
        ("zh", "越省显存越好", "AWQ"),
        ("zh", "原始精度", "BF16"),
        ("en", "least memory possible", "AWQ"),
        ("en", "no quantization please", "BF16"),
    ] {
        let me = who(locale);
        let (ids, t) = walk(&w, &me, &["demo", "qwen 7b", line]);
        assert!(has(&ids, "pick-understood-method"), "{line}: {t}");
        assert!(t.contains(method), "{line}: {method}: {t}");
        assert!(has(&ids, "pick-ask-context"), "{line}: {t}");
    }
    // A fine-tune that wants the least memory is QLoRA.
    let me = who("zh");
    let (_, t) = walk(&w, &me, &["微调", "qwen 7b", "越省显存越好"]);
    assert!(t.contains("QLoRA"), "{t}");
}
