//! A story around the question, chat marks, corrections and a second ask (helper und_ed, issue
//! 26; cases written before the changes they test, beyond corpus103's rows). The ask's own
//! figure must be read, never one the story, a timestamp or a retracted word carries (the
//! worst answer: a wrong figure); a second ask is left to a follow-up, never read into the first.

// One case checker for the reader-mechanism suites (und_dz's).
use super::und_dz_mechanisms::{check, owned};

/// A chat log's `[hh:mm]` before the line is furniture: never an argument.
#[test]
fn a_pasted_timestamp_is_no_argument() {
    let mut cases = Vec::new();
    for ts in ["[18:22]", "[09:05]", "[7:30]", "[23:59:10]"] {
        cases.push((format!("{ts} remove alert #3"), "/unsubscribe 3".into()));
        cases.push((
            format!("{ts} runpod 4090 for 3 hours, cost?"),
            "/cost runpod rtx-4090 3h".into(),
        ));
        cases.push((
            format!("{ts} autodl 4090 跑5小时多少钱"),
            "/cost autodl rtx-4090 5h".into(),
        ));
    }
    check("timestamps", &cases);
}

/// `½ ¼ ¾` are their values, beside a number (glued or spaced) and alone.
#[test]
fn a_vulgar_fraction_is_its_value() {
    let mut cases = Vec::new();
    for (n, f, span, rate) in [
        ("2", '½', "2h30m", "2.5"),
        ("1", '¼', "1h15m", "1.25"),
        ("3", '¾', "3h45m", "3.75"),
    ] {
        cases.push((
            format!("lambda a10 for {n}{f} hours, total?"),
            format!("/cost lambda a10 {span}"),
        ));
        cases.push((
            format!("autodl 4090 跑 {n} {f} 小时多少钱"),
            format!("/cost autodl rtx-4090 {span}"),
        ));
        cases.push((
            format!("每小时 {n}{f} 块，一天是多少"),
            format!("/convert {rate}cny/hour to day"),
        ));
    }
    cases.push((
        "runpod 4090 for ½ hour, cost?".into(),
        "/cost runpod rtx-4090 30m".into(),
    ));
    cases.push((
        "autodl 4090 跑¾小时多少钱".into(),
        "/cost autodl rtx-4090 45m".into(),
    ));
    check("fractions", &cases);
}

/// `X（划掉）Y` and `~~X~~ Y`: the correction replaces what it corrects.
#[test]
fn a_crossed_out_word_is_replaced() {
    let mut cases = Vec::new();
    for mark in ["（划掉）", "(划掉)", "（劃掉）"] {
        cases.push((
            format!("4090 跑一周{mark}两周，哪家最便宜"),
            "/compare rtx-4090 14d".into(),
        ));
        cases.push((
            format!("3090 租三天{mark}五天 哪家便宜"),
            "/compare rtx-3090 5d".into(),
        ));
        cases.push((
            format!("autodl 3090{mark}4090 跑2小时多少钱"),
            "/cost autodl rtx-4090 2h".into(),
        ));
        cases.push((
            format!("4070 ti{mark}4070 ti super 显存多大"),
            "/gpu rtx-4070-ti-super".into(),
        ));
    }
    cases.push((
        "cheapest 3090 for ~~3~~ 6 hours?".into(),
        "/compare rtx-3090 6h".into(),
    ));
    check("crossed out", &cases);
}

/// `EDIT: …` after the post: a number (with or without its unit) or `A, not B` replaces the
/// figure or word it corrects.
#[test]
fn an_edit_replaces_what_it_corrects() {
    let mut cases = owned(&[
        (
            "how has the h100 price moved over 30 days? EDIT: make that 45",
            "/trend h100-sxm days=45",
        ),
        (
            "a100 price trend for the last 20 days? edit: make it 60",
            "/trend a100-80g-sxm days=60",
        ),
        (
            "runpod 4090 for 3 hours, cost? EDIT: 5 hours",
            "/cost runpod rtx-4090 5h",
        ),
        (
            "self hosting qwen2.5 7b for 8M tokens/day vs api? EDIT: 20M",
            "/tco qwen2.5-7b bf16 20m",
        ),
        (
            "Trying to fine-tune qwen2.5-7b fully on one a100 for a demo. EDIT: lora, not full, time got short. Will it fit?",
            "/fit qwen2.5-7b lora a100-80g-sxm",
        ),
        (
            "autodl 4090 跑3小时多少钱 更正：6小时",
            "/cost autodl rtx-4090 6h",
        ),
    ]);
    for (said, fixed) in [(2, 4), (10, 12), (6, 8)] {
        cases.push((
            format!("vast 3090 {said} hours cost? EDIT: make that {fixed}"),
            format!("/cost vast rtx-3090 {fixed}h"),
        ));
    }
    check("edits", &cases);
}

/// A weekend is when the run happens, not how long, when another length is said.
#[test]
fn a_weekend_beside_a_length_is_when() {
    let mut cases = Vec::new();
    for when in ["周末", "这周末", "下周末"] {
        cases.push((
            format!("{when}想把实验跑完，autodl 4090 跑三个小时多少钱"),
            "/cost autodl rtx-4090 3h".into(),
        ));
        cases.push((
            format!("{when}要跑个评测，3090 包一天大概多少钱"),
            "/compare rtx-3090 1d".into(),
        ));
    }
    for when in ["this weekend", "on the weekend", "next weekend"] {
        cases.push((
            format!("{when} i want to run runpod 4090 for 5 hours, cost?"),
            "/cost runpod rtx-4090 5h".into(),
        ));
    }
    check("weekend", &cases);
}

/// A second question after the first (`？能跑 405b 吗`, `they accept paypal?`, `附：…`, `and
/// per day?`) is left to a follow-up: the first ask decides, with nothing of the second.
#[test]
fn a_second_question_leaves_the_first_as_read() {
    let firsts = [
        ("h800 显存多大？", "/gpu h800"),
        (
            "趋动云 a800 跑90分钟要多少钱 ",
            "/cost virtai a800-80g-sxm 1h30m",
        ),
        (
            "which site have most cheap a100 for 3 days? ",
            "/compare a100-80g-sxm 3d",
        ),
        (
            "1.2 dollar per hour is how many yuan per hour? ",
            "/convert 1.2usd/hour to hour cny",
        ),
        ("vast 上 3090 跑 6 小时多少钱？", "/cost vast rtx-3090 6h"),
    ];
    let seconds = [
        "能跑 405b 吗",
        "they accept paypal?",
        "附：能用微信付吗",
        "and per day?",
        "PS: can i pay with alipay?",
        "能跑 deepseek 满血吗",
    ];
    let mut cases = Vec::new();
    for (first, line) in firsts {
        for second in seconds {
            cases.push((format!("{first}{second}"), line.to_string()));
        }
    }
    check("second asks", &cases);
}

/// A past bill is story: the amount is neither a budget nor a price, the ask's length holds.
#[test]
fn a_past_bill_is_story() {
    let cases = owned(&[
        (
            "last month my vast Bill was $212 and I'm trying to make a Budget. What would an a100 on vast cost me for 10 Hours?",
            "/cost vast a100-80g-sxm 10h",
        ),
        (
            "my runpod bill last week was $95, ouch. how much would a 4090 on runpod cost for 6 hours?",
            "/cost runpod rtx-4090 6h",
        ),
        (
            "上个月 autodl 账单 ¥180，这次 autodl 4090 跑 20 小时多少钱",
            "/cost autodl rtx-4090 20h",
        ),
    ]);
    check("past bills", &cases);
}

/// Where the asker is is no filter; where the machines must be is the region.
#[test]
fn the_askers_place_is_no_filter() {
    let cases = owned(&[
        ("我人在国外读书，哪些平台能用 paypal", "/platforms paypal"),
        (
            "I'm in Brazil, which gpu clouds accept paypal?",
            "/platforms paypal",
        ),
        (
            "I live in Kenya. which gpu clouds take paypal",
            "/platforms paypal",
        ),
        (
            "our office is in Munich but data must stay in the EU: any h100 offers?",
            "/offers h100-sxm region=eu",
        ),
    ]);
    check("asker's place", &cases);
}

/// A card the story moves away from stays out; a card the asker owns joins a comparison.
#[test]
fn a_card_left_behind_stays_out() {
    let cases = owned(&[
        ("4090 太难抢了，5090 有货了通知我", "/subscribe rtx-5090"),
        ("3090 太难抢了，4090 有货了通知我", "/subscribe rtx-4090"),
        (
            "我手上有张 2080ti，想知道 5070ti 强多少",
            "/gpu rtx-2080-ti rtx-5070-ti",
        ),
        (
            "我手上有张 3090，想知道 4090 强多少",
            "/gpu rtx-3090 rtx-4090",
        ),
    ]);
    check("cards in a story", &cases);
}

/// An alert named by its place in the list (`first one`, `第二个`) is that number.
#[test]
fn an_alert_by_its_place_is_its_number() {
    let mut cases = Vec::new();
    for (zh, en, n) in [("一", "first", 1), ("二", "second", 2), ("三", "third", 3)] {
        cases.push((format!("取消第{zh}个提醒"), format!("/unsubscribe {n}")));
        cases.push((
            format!("把 {en} one unsubscribe 掉"),
            format!("/unsubscribe {n}"),
        ));
        cases.push((
            format!("remove the {en} alert"),
            format!("/unsubscribe {n}"),
        ));
    }
    check("alert ordinals", &cases);
}

/// A sum asked in another currency is a conversion, whatever the story around it.
#[test]
fn a_sum_in_another_currency_is_converted() {
    let mut cases = Vec::new();
    for n in [45, 100, 250] {
        cases.push((
            format!("vast 充值最低好像 5 刀起，{n} 美元等于多少人民币"),
            format!("/convert {n}usd to cny"),
        ));
        cases.push((
            format!("同学帮我付的 runpod 账单，说是 ${n}，换成人民币多少"),
            format!("/convert {n}usd to cny"),
        ));
    }
    check("conversions", &cases);
}

/// Help choosing with no card named is guidance.
#[test]
fn help_choosing_is_pick() {
    let cases = owned(&[
        ("i am total noob, which gpu cloud i should use?", "/pick"),
        ("这周末 hackathon，租 gpu 从哪里 start", "/pick"),
        ("new to this, which gpu cloud should i use", "/pick"),
        ("第一次租卡，从哪里开始", "/pick"),
        ("never rented a gpu before, where do i start?", "/pick"),
    ]);
    check("guidance", &cases);
}
