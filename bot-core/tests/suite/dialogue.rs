//! The /pick dialogue as users live it: every step, both languages, back, cancel, bad answers,
//! a restart in the middle, and two people in one group.

use bot_core::reply::Reply;
use bot_core::store::{Store, TypedTable, db_path, tables};
use bot_core::{Bot, Catalog, ChatRef, Input, Lang, Localizer};
use std::path::Path;
use std::sync::Arc;

fn bot_at(dir: &Path) -> Bot {
    let store = Arc::new(Store::open(&db_path(dir)).unwrap());
    let mut bot = Bot::new(Arc::new(Catalog::embedded().unwrap()), store);
    bot.today = bot_core::catalog::parse_date("2026-11-30");
    bot
}

fn user(chat: &str, id: &str, locale: &str) -> ChatRef {
    ChatRef {
        platform: "test".into(),
        chat: chat.into(),
        user: id.into(),
        locale: Some(locale.into()),
        thread: None,
    }
}

struct Turn {
    text: String,
    choices: Vec<String>,
}

fn render(bot: &Bot, who: &ChatRef, replies: &[Reply]) -> Turn {
    let lang = bot.lang_for(who);
    let l = Localizer::get();
    let mut text = String::new();
    let mut choices = Vec::new();
    for r in replies {
        text.push_str(&l.render_plain(lang, r));
        text.push('\n');
        for c in &r.choices {
            // Every label must format in the user's language.
            l.try_format(lang, &c.label).unwrap();
            choices.push(c.id.clone());
        }
        for part in &r.parts {
            if let bot_core::reply::Part::Text(m) = part {
                l.try_format(lang, m).unwrap_or_else(|e| panic!("{e}"));
            }
        }
    }
    Turn { text, choices }
}

fn say(bot: &Bot, who: &ChatRef, text: &str) -> Turn {
    let replies = bot.handle(who, Input::Text(text.into())).replies;
    render(bot, who, &replies)
}

fn tap(bot: &Bot, who: &ChatRef, id: &str) -> Turn {
    let replies = bot.handle(who, Input::Choice(id.into())).replies;
    render(bot, who, &replies)
}

/// The stored dialogue state: the record inside its versioned row (`{"v": 2, "r": …}`).
fn state(bot: &Bot, who: &ChatRef) -> Option<serde_json::Value> {
    let raw: TypedTable<serde_json::Value> = TypedTable::new(tables::DIALOGUE.name());
    let row = bot.store.get(&raw, &who.dialogue_key()).unwrap()?;
    assert_eq!(row["v"], 2, "{row}");
    Some(row["r"].clone())
}

/// Drives a fine-tune dialogue to the trial plan and returns each turn's text.
fn fine_tune_to_trial(bot: &Bot, who: &ChatRef) -> Vec<String> {
    let mut texts = Vec::new();
    let t = say(bot, who, "/pick");
    assert_eq!(t.choices, vec!["t:exp", "t:tune", "t:serve"]);
    texts.push(t.text);
    let t = tap(bot, who, "t:tune");
    assert!(
        t.choices.contains(&"m:qwen2.5-7b".to_string()),
        "{:?}",
        t.choices
    );
    texts.push(t.text);
    let t = tap(bot, who, "m:qwen2.5-7b");
    assert_eq!(t.choices[0], "q:lora");
    texts.push(t.text);
    let t = tap(bot, who, "q:lora");
    texts.push(t.text);
    let t = tap(bot, who, "c:4096");
    texts.push(t.text);
    let t = tap(bot, who, "u:3h");
    let card = t
        .choices
        .iter()
        .find(|c| c.starts_with("g:"))
        .expect("some card fits a 7B LoRA")
        .clone();
    assert!(
        card.len() <= 60,
        "choice ids stay under Telegram's 64-byte callback limit"
    );
    texts.push(t.text);
    let t = tap(bot, who, &card);
    assert!(t.choices.contains(&"b:done".to_string()));
    texts.push(t.text);
    let t = tap(bot, who, "b:web");
    texts.push(t.text);
    let t = tap(bot, who, "b:done");
    assert_eq!(t.choices, vec!["r:trial"]);
    texts.push(t.text);
    let t = tap(bot, who, "r:trial");
    // Done, and "alert me when the card is in stock" (a subscription for the chosen card).
    assert_eq!(t.choices.len(), 2, "{:?}", t.choices);
    assert_eq!(t.choices[0], "x:done");
    assert!(t.choices[1].starts_with("a:"), "{:?}", t.choices);
    texts.push(t.text);
    texts
}

#[test]
fn an_english_user_taps_through_to_the_trial_plan() {
    let dir = tempfile::tempdir().unwrap();
    let bot = bot_at(dir.path());
    let who = user("c1", "u1", "en-GB");
    let texts = fine_tune_to_trial(&bot, &who);
    assert!(texts[0].contains("Step 1 of 9") && texts[0].contains("one sentence"));
    let usage_turn = &texts[5];
    assert!(
        usage_turn.contains("hourly and per-second billing come close"),
        "{usage_turn}"
    );
    assert!(usage_turn.contains("needs about") && usage_turn.contains("GiB"));
    let result = &texts[8];
    assert!(result.contains("Where to rent"), "{result}");
    assert!(result.contains("Job cost") && result.contains("Per useful hour"));
    assert!(result.contains("Stock: unknown"));
    let plan = &texts[9];
    // A top-up amount only where the platform documents its minimum; else the trial's cost
    // and a word that the minimum is not known.
    assert!(
        plan.contains("Top up only about") || plan.contains("minimum top-up is not documented"),
        "{plan}"
    );
    assert!(plan.contains("/trial"));
    assert!(plan.contains("switch platform"));
    let end = tap(&bot, &who, "x:done");
    assert!(end.text.contains("Done."));
    assert!(
        state(&bot, &who).is_none(),
        "a finished dialogue leaves no state"
    );
}

#[test]
fn a_chinese_user_gets_the_same_dialogue_in_chinese() {
    let dir = tempfile::tempdir().unwrap();
    let bot = bot_at(dir.path());
    let who = user("c1", "u2", "zh-Hans");
    let texts = fine_tune_to_trial(&bot, &who);
    assert!(texts[0].contains("第 1 步") && texts[0].contains("写成一句话"));
    assert!(
        texts[8].contains("去哪租") && texts[8].contains("任务总价"),
        "{}",
        texts[8]
    );
    assert!(
        texts[9].contains("只充大约") || texts[9].contains("最低充值额没有公开资料"),
        "{}",
        texts[9]
    );
    assert!(!texts.concat().contains("Step "));
}

fn number_after(text: &str, marker: &str) -> Option<f64> {
    let rest = &text[text.find(marker)? + marker.len()..];
    let end = rest
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
        .unwrap_or(rest.len());
    rest[..end]
        .trim_end_matches('.')
        .replace(',', "")
        .parse()
        .ok()
}

/// A zh answer prices in CNY while a platform may state its minimum in USD: the amount to top
/// up is never less than that minimum, converted at the catalog's rate.
fn never_below_the_minimum_top_up(plan: &str) {
    let (Some(topup), Some(min)) = (
        number_after(plan, "只充大约 ¥"),
        number_after(plan, "最低充值额是 $"),
    ) else {
        return;
    };
    let rate: f64 = Catalog::embedded()
        .unwrap()
        .fx_rate("USD", "CNY")
        .unwrap()
        .0
        .to_string()
        .parse()
        .unwrap();
    assert!(
        topup + 0.01 >= min * rate,
        "top up ¥{topup} < ${min}: {plan}"
    );
}

#[test]
fn a_trial_never_tops_up_less_than_a_usd_minimum_in_a_cny_answer() {
    // RunPod documents a $10 minimum; the zh trial plan for it must not say "top up ¥4".
    let dir = tempfile::tempdir().unwrap();
    let bot = bot_at(dir.path());
    let who = user("c9", "u9", "zh-Hans");
    let texts = fine_tune_to_trial(&bot, &who);
    let plan = &texts[9];
    if plan.contains("RunPod") {
        assert!(plan.contains("最低充值额是 $10.00"), "{plan}");
    }
    never_below_the_minimum_top_up(plan);
}

#[test]
fn back_returns_to_the_previous_question_and_cancel_clears() {
    let dir = tempfile::tempdir().unwrap();
    let bot = bot_at(dir.path());
    let who = user("c1", "u1", "en");
    let t = say(&bot, &who, "/back");
    assert!(t.text.contains("no /pick conversation"));
    say(&bot, &who, "/pick");
    let t = say(&bot, &who, "/back");
    assert!(t.text.contains("first step"));
    tap(&bot, &who, "t:serve");
    tap(&bot, &who, "m:qwen2.5-7b");
    let t = say(&bot, &who, "/back");
    assert!(t.text.contains("Which model?"), "{}", t.text);
    let t = say(&bot, &who, "/back");
    assert!(t.text.contains("What kind of work"), "{}", t.text);
    let t = say(&bot, &who, "/cancel");
    assert!(t.text.contains("Stopped."));
    assert!(state(&bot, &who).is_none());
    let t = tap(&bot, &who, "t:exp");
    assert!(t.text.contains("conversation that has ended"));
}

#[test]
fn a_bad_answer_at_any_step_gets_a_hint_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let bot = bot_at(dir.path());
    let who = user("c1", "u1", "en");
    say(&bot, &who, "/pick");
    let path = ["t:exp", "m:qwen2.5-7b", "q:bf16", "c:4096", "u:1h"];
    let mut steps_checked = 0;
    for next in path
        .iter()
        .map(|s| Some(s.to_string()))
        .chain([None, None, None, None])
    {
        let before = state(&bot, &who).expect("dialogue running");
        for junk in ["banana", "<b>x</b>", "z:nope", "999999999999999999999b"] {
            let t = if junk.contains(':') {
                tap(&bot, &who, junk)
            } else {
                say(&bot, &who, junk)
            };
            assert!(
                t.text.contains("couldn't use that answer"),
                "{junk}: {}",
                t.text
            );
            assert_eq!(
                state(&bot, &who).unwrap(),
                before,
                "{junk} changed the state"
            );
        }
        steps_checked += 1;
        // Advance: the scripted answer, or the first choice offered (card, barriers done, trial).
        let choice = match next {
            Some(c) => c,
            None => {
                let step = before["step"].as_str().unwrap().to_string();
                match step.as_str() {
                    "card" => {
                        let t = say(&bot, &who, "ok");
                        assert!(t.text.contains("What do you need"), "{}", t.text);
                        continue;
                    }
                    "barriers" => "b:done".into(),
                    "result" => "r:trial".into(),
                    _ => "x:done".into(),
                }
            }
        };
        tap(&bot, &who, &choice);
    }
    assert_eq!(steps_checked, 9);
    assert!(state(&bot, &who).is_none());
}

#[test]
fn typed_answers_work_as_well_as_buttons() {
    let dir = tempfile::tempdir().unwrap();
    let bot = bot_at(dir.path());
    let who = user("c1", "u1", "zh-CN");
    say(&bot, &who, "/pick");
    // The sentence names the model and a daily duration: both are echoed and not asked.
    let t = say(&bot, &who, "我想微调 Qwen/Qwen2.5-7B-Instruct，每天跑4小时");
    assert!(t.text.contains("模型：Qwen2.5-7B"), "{}", t.text);
    assert!(t.text.contains("每天 4 小时"), "{}", t.text);
    assert!(
        t.text.contains("打算怎么训"),
        "the method is asked next: {}",
        t.text
    );
    assert!(!t.text.contains("跑哪个模型"), "{}", t.text);
    say(&bot, &who, "qlora");
    let t = say(&bot, &who, "16k");
    // The usage step is skipped: the card is asked next.
    assert!(t.text.contains("放得下的卡"), "{}", t.text);
    let s = state(&bot, &who).unwrap();
    assert_eq!(s["method"], "qlora");
    assert_eq!(s["context"], 16384);
    // QLoRA of a 7B at 16k tokens does not fit one 4090: refused with the reason, nothing
    // changes, and a card that holds it is taken.
    let t = say(&bot, &who, "4090");
    assert!(t.text.contains("放不下这个任务"), "{}", t.text);
    assert!(state(&bot, &who).unwrap()["gpu"].is_null());
    let t = say(&bot, &who, "h100");
    assert!(t.text.contains("上手需要什么条件"), "{}", t.text);
    say(&bot, &who, "支付宝");
    say(&bot, &who, "预算 30");
    let s = state(&bot, &who).unwrap();
    assert_eq!(s["needs"]["payments"][0], "alipay");
    assert!(
        s["gpu"].as_str().unwrap().starts_with("h100"),
        "{}",
        s["gpu"]
    );
    let t = say(&bot, &who, "完成");
    assert!(t.text.contains("去哪租"), "{}", t.text);
}

#[test]
fn a_restart_in_the_middle_continues_where_it_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let who = user("c9", "u9", "en");
    {
        let bot = bot_at(dir.path());
        say(&bot, &who, "/pick");
        tap(&bot, &who, "t:exp");
        tap(&bot, &who, "m:llama-3.1-8b");
    } // the process "exits": store closed
    let bot = bot_at(dir.path());
    let t = tap(&bot, &who, "q:int8");
    assert!(t.text.contains("How long are the sequences"), "{}", t.text);
    let s = state(&bot, &who).unwrap();
    assert_eq!(s["model"], "llama-3.1-8b");
    assert_eq!(s["method"], "int8");
}

#[test]
fn two_people_in_one_group_each_have_their_own_dialogue() {
    let dir = tempfile::tempdir().unwrap();
    let bot = bot_at(dir.path());
    let alice = user("group-1", "alice", "en");
    let bob = user("group-1", "bob", "zh");
    say(&bot, &alice, "/pick");
    say(&bot, &bob, "/pick");
    tap(&bot, &alice, "t:serve");
    tap(&bot, &alice, "m:qwen2.5-32b");
    let t = tap(&bot, &bob, "t:exp");
    assert!(t.text.contains("跑哪个模型"));
    assert_eq!(state(&bot, &alice).unwrap()["step"], "method");
    assert_eq!(state(&bot, &bob).unwrap()["step"], "model");
    say(&bot, &bob, "/cancel");
    assert!(
        state(&bot, &alice).is_some(),
        "Bob's cancel leaves Alice's dialogue alone"
    );
    assert_eq!(bot.lang_for(&bob), Lang::Zh);
}

#[test]
fn not_sure_offers_models_by_size_and_a_tight_budget_offers_a_lower_tier() {
    let dir = tempfile::tempdir().unwrap();
    let bot = bot_at(dir.path());
    let who = user("c1", "u1", "en");
    say(&bot, &who, "/pick");
    tap(&bot, &who, "t:serve");
    let t = tap(&bot, &who, "m:unsure");
    assert!(t.text.contains("Pick by size"), "{}", t.text);
    assert!(
        t.choices.contains(&"m:qwen2.5-1.5b".to_string())
            && t.choices.contains(&"m:llama-3.3-70b".to_string())
    );
    tap(&bot, &who, "m:qwen2.5-7b");
    tap(&bot, &who, "q:bf16");
    tap(&bot, &who, "c:4096");
    // A service is asked how many conversations it serves at once.
    tap(&bot, &who, "n:1");
    tap(&bot, &who, "u:3h");
    // Choose a flagship card on purpose, then a budget no platform can meet.
    let t = say(&bot, &who, "h100");
    assert!(t.text.contains("What do you need"), "{}", t.text);
    say(&bot, &who, "budget 0.01");
    let t = tap(&bot, &who, "b:done");
    // A bare budget is read in the chat's currency (USD when it chose none) and shown so.
    assert!(t.text.contains("over your budget of $0.01"), "{}", t.text);
    assert!(t.text.contains("Drop one tier:"), "{}", t.text);
}

#[test]
fn every_step_is_one_message_so_chats_can_edit_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let bot = bot_at(dir.path());
    let who = user("c1", "u1", "en");
    let mut replies = bot.handle(&who, Input::Text("/pick".into())).replies;
    for id in ["t:exp", "m:qwen2.5-7b", "q:bf16", "c:4096", "u:1h"] {
        assert_eq!(replies.len(), 1);
        replies = bot.handle(&who, Input::Choice(id.into())).replies;
    }
    // The usage answer brings billing advice and the card question together.
    assert_eq!(replies.len(), 1);
    let text = Localizer::get().render_plain(Lang::En, &replies[0]);
    assert!(
        text.contains("per-second billing usually wins") && text.contains("Cards that fit"),
        "{text}"
    );
    assert!(replies[0].choices.iter().any(|c| c.id.starts_with("g:")));
}

/// What a person would type at each step is accepted, in both languages: family and size
/// (`qwen 7b`, `千问2.5 7B`), methods, contexts, durations written out, `2张4090`, the
/// barrier button's own words (`不需要实名`) and `不要实名`, budgets with a currency.
#[test]
fn typed_answers_people_write_are_accepted_at_every_step_in_both_languages() {
    for (locale, lines) in [
        (
            "zh-CN",
            [
                ("做实验", "task", "experiment"),
                ("千问2.5 7B", "model", "qwen2.5-7b"),
                ("int4", "method", "int4"),
                ("32k上下文", "context", "32768"),
                ("三个小时", "usage", "3"),
                ("2张4090", "cards", "2"),
                ("不需要实名", "nrn", "true"),
                ("不要实名", "nrn", "false"),
                // A budget in the chat's own currency (one in yuan is converted: pick_listens_more).
                ("预算30刀", "budget", "30"),
            ],
        ),
        (
            "en",
            [
                ("Short experiment", "task", "experiment"),
                ("qwen 7b", "model", "qwen2.5-7b"),
                ("awq", "method", "awq"),
                ("8k tokens", "context", "8192"),
                ("3 hours", "usage", "3"),
                ("2x 4090", "cards", "2"),
                ("No real-name verification", "nrn", "true"),
                ("no kyc", "nrn", "false"),
                ("under $20", "budget", "20"),
            ],
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let bot = bot_at(dir.path());
        let who = user("c1", "u1", locale);
        say(&bot, &who, "/pick");
        for (typed, key, want) in lines {
            let t = say(&bot, &who, typed);
            assert!(
                !t.text.contains("couldn't use") && !t.text.contains("没法用"),
                "{locale} {typed}: {}",
                t.text
            );
            let s = state(&bot, &who).unwrap();
            let got = match key {
                "usage" => s["usage"]["one_off"]["hours"].to_string(),
                "nrn" => s["needs"]["no_real_name"].to_string(),
                "budget" => s["needs"]["budget"].to_string(),
                k => s[k].to_string(),
            };
            assert_eq!(got.trim_matches('"'), want, "{locale} {typed} → {key}: {s}");
        }
    }
}

/// The step-1 sentence's model, method and duration are echoed in both languages, and those
/// steps are skipped; /back still returns to the first question.
#[test]
fn the_first_sentence_is_echoed_and_its_answers_are_not_asked_again() {
    let dir = tempfile::tempdir().unwrap();
    let bot = bot_at(dir.path());
    let who = user("c1", "u1", "en");
    say(&bot, &who, "/pick");
    let t = say(&bot, &who, "LoRA fine-tune qwen2.5-7b for 3 hours");
    assert!(
        t.text.contains("Understood from your sentence"),
        "{}",
        t.text
    );
    assert!(t.text.contains("task: fine-tuning"), "{}", t.text);
    assert!(t.text.contains("model: Qwen2.5-7B"), "{}", t.text);
    assert!(t.text.contains("method: LoRA"), "{}", t.text);
    assert!(t.text.contains("one run of 3 h"), "{}", t.text);
    // Model, method and usage skipped: the context is asked next.
    assert!(t.text.contains("How long are the sequences"), "{}", t.text);
    let s = state(&bot, &who).unwrap();
    assert_eq!(s["step"], "context");
    assert_eq!(s["method"], "lora");
    let t = tap(&bot, &who, "c:4096");
    assert!(t.text.contains("Cards that fit"), "{}", t.text);
    // Back goes to the steps actually asked.
    say(&bot, &who, "/back");
    assert_eq!(state(&bot, &who).unwrap()["step"], "context");
    say(&bot, &who, "/back");
    assert_eq!(state(&bot, &who).unwrap()["step"], "task");

    let who = user("c2", "u2", "zh-CN");
    say(&bot, &who, "/pick");
    let t = say(&bot, &who, "想部署千问2.5 14B 做个在线服务，一直在线");
    assert!(t.text.contains("任务：推理服务"), "{}", t.text);
    assert!(t.text.contains("模型：Qwen2.5-14B"), "{}", t.text);
    assert!(t.text.contains("一直在线"), "{}", t.text);
    assert!(!t.text.contains("跑哪个模型"), "{}", t.text);
    let s = state(&bot, &who).unwrap();
    assert_eq!(s["step"], "method");
    assert_eq!(s["usage"], "always");
}

/// Durations as people write them at the usage step, in both languages.
#[test]
fn durations_written_out_are_read_at_the_usage_step() {
    for (locale, typed, kind, hours) in [
        ("zh-CN", "40分钟", "one_off", "0.6666"),
        ("zh-CN", "半小时", "one_off", "0.5"),
        ("zh-CN", "三个小时", "one_off", "3"),
        ("zh-CN", "每天4小时", "daily", "4"),
        ("en", "40 minutes", "one_off", "0.6666"),
        ("en", "3 hours", "one_off", "3"),
        ("en", "2 hours a day", "daily", "2"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let bot = bot_at(dir.path());
        let who = user("c1", "u1", locale);
        say(&bot, &who, "/pick");
        for id in ["t:exp", "m:qwen2.5-7b", "q:bf16", "c:4096"] {
            tap(&bot, &who, id);
        }
        assert_eq!(state(&bot, &who).unwrap()["step"], "usage");
        let t = say(&bot, &who, typed);
        assert!(
            !t.text.contains("couldn't use") && !t.text.contains("没法用"),
            "{typed}: {}",
            t.text
        );
        let s = state(&bot, &who).unwrap();
        let got = s["usage"][kind]["hours"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        assert!(got.starts_with(hours), "{typed}: {s}");
    }
}

/// Taps the first choice of each turn ("Done" at the barrier step) from a sentence until the
/// trial plan, and returns it.
fn first_choices_to_trial(bot: &Bot, who: &ChatRef, sentence: &str) -> String {
    say(bot, who, "/pick");
    let mut t = say(bot, who, sentence);
    for _ in 0..12 {
        if t.choices.first().is_some_and(|c| c == "x:done") {
            return t.text;
        }
        // The barrier step toggles needs until "Done"; the result offers the plan.
        let next = ["b:done", "r:trial"]
            .iter()
            .find(|c| t.choices.iter().any(|x| x == *c))
            .map(|c| c.to_string())
            .unwrap_or_else(|| t.choices.first().expect("a step offers a choice").clone());
        t = tap(bot, who, &next);
    }
    panic!("no trial plan after 12 taps: {}", t.text)
}

#[test]
fn the_trial_cost_said_is_what_the_trial_costs_not_a_rounded_top_up() {
    // Where a platform documents no minimum top-up, the plan says what the short trial costs;
    // that figure must be the cost /cost gives for the same platform, card and hours, not the
    // cost rounded up to a whole unit ("about $1.00" for a $0.10 run).
    let catalog = Catalog::embedded().unwrap();
    let sentences = [
        (
            "en",
            "I want to serve qwen2.5-14b as an api for my team, always on",
        ),
        ("en", "lora fine-tune qwen2.5-7b for 3 hours"),
        ("zh", "想用lora微调下qwen2.5 7b 跑3个小时"),
    ];
    let mut checked = 0;
    for (i, (lang, sentence)) in sentences.iter().enumerate() {
        let dir = tempfile::tempdir().unwrap();
        let bot = bot_at(dir.path());
        let who = user(&format!("c{i}"), &format!("u{i}"), lang);
        let plan = first_choices_to_trial(&bot, &who, sentence);
        let (head, tail, amount_at, hours_at, cur) = if *lang == "zh" {
            ("在 ", " 试跑一次 ", "约需 ¥", "试跑一次 ", "¥")
        } else {
            (
                "trial run on ",
                " costs about ",
                "costs about $",
                "One ",
                "$",
            )
        };
        let Some(at) = plan.find(tail) else {
            continue; // the platform documents its minimum: a top-up amount, checked above
        };
        let said = number_after(&plan, amount_at).unwrap_or_else(|| panic!("no amount: {plan}"));
        let hours = number_after(&plan, hours_at).unwrap_or_else(|| panic!("no hours: {plan}"));
        let name_from = plan[..at].rfind(head).expect("platform named") + head.len();
        let name = plan[name_from..at].trim();
        let platform = catalog
            .platforms
            .iter()
            .find(|p| p.display_name(true) == name || p.display_name(false) == name)
            .unwrap_or_else(|| panic!("platform {name:?} in {plan}"));
        // The card and count the dialogue chose, from its stored state.
        let st = state(&bot, &who).expect("the dialogue is still open at its plan");
        let gpu = st["gpu"].as_str().expect("a card chosen").to_string();
        let cards = st["cards"].as_u64().expect("a card count chosen");
        let cost = say(
            &bot,
            &who,
            &format!(
                "/cost {} {cards}x{gpu} {}m",
                platform.id,
                (hours * 60.0).round()
            ),
        );
        let total_marker = if *lang == "zh" {
            "合计："
        } else {
            "Total: "
        };
        let total = number_after(&cost.text, &format!("{total_marker}{cur}"))
            .unwrap_or_else(|| panic!("no total: {}", cost.text));
        assert!(
            (said - total).abs() <= 0.011 + total * 0.02,
            "the plan says {said}, /cost says {total}\n{plan}\n{}",
            cost.text
        );
        checked += 1;
    }
    assert!(
        checked > 0,
        "no plan said a trial cost; the test checked nothing"
    );
}

/// A dialogue stored by an older build kept a budget's period in two fields
/// (`budget_monthly`, `budget_days`); it reads as the one period they meant, and a row that
/// said none keeps none.
#[test]
fn an_older_rows_budget_period_reads_as_the_one_it_meant() {
    use bot_core::dialogue::BudgetPer;
    use bot_core::store::Versioned;
    let row = |needs: &str| {
        let json = format!(
            r#"{{"v":1,"r":{{"step":"barriers","task":"fine_tune","model":"qwen2.5-7b","params_b":null,"method":"lora","context":4096,"usage":null,"gpu":null,"cards":null,"needs":{needs}}}}}"#
        );
        serde_json::from_str::<Versioned<bot_core::dialogue::PickState>>(&json)
            .unwrap_or_else(|e| panic!("{json}: {e}"))
            .0
            .needs
    };
    let base = r#""web_terminal":false,"images":false,"no_real_name":true,"payments":["alipay"],"budget":"50""#;
    for (old, per) in [
        (r#","budget_monthly":true"#, Some(BudgetPer::Month)),
        (
            r#","budget_monthly":false,"budget_days":7"#,
            Some(BudgetPer::Week),
        ),
        (r#","budget_days":1"#, Some(BudgetPer::Day)),
        (r#","budget_monthly":false,"budget_days":null"#, None),
        ("", None),
    ] {
        let needs = row(&format!("{{{base}{old}}}"));
        assert_eq!(needs.budget_per, per, "{old}");
        assert!(
            needs.no_real_name && needs.payments == ["alipay"],
            "{old}: the rest kept"
        );
    }
    // Written back, the row carries the one field.
    let mut s = bot_core::dialogue::PickState::new();
    s.needs.budget_per = Some(BudgetPer::Week);
    let json = serde_json::to_string(&Versioned(s)).unwrap();
    assert!(
        json.contains(r#""budget_per":"week""#) && !json.contains("budget_days"),
        "{json}"
    );
}
