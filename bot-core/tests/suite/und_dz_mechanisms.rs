//! Numbers written every way, and text pasted or typed in a hurry (helper und_dz, issue 26;
//! cases written before the changes they test, beyond corpus101's rows). A duration, an amount
//! or a price must read as its value or be asked back with it; never another number (the
//! worst answer: a wrong figure), never the default hour.

use super::readings::embedded;
use bot_core::understand::Reading;

pub(super) fn right(question: &str, expected: &str) -> bool {
    let reading = embedded(question);
    let lines = reading.lines();
    match reading {
        Reading::Command(_) => lines.first().is_some_and(|l| l == expected),
        Reading::Ask(_) => lines.iter().any(|l| l == expected),
        Reading::Unknown => false,
    }
}

/// Each case read right, else the misses listed (the count printed first, the figure the
/// commit messages quote).
pub(super) fn check(name: &str, cases: &[(String, String)]) {
    let wrong: Vec<String> = cases
        .iter()
        .filter(|(q, e)| !right(q, e))
        .map(|(q, e)| format!("{q} → {:?} (expected {e})", embedded(q).lines()))
        .collect();
    println!("{name}: {} of {}", cases.len() - wrong.len(), cases.len());
    assert!(wrong.is_empty(), "{name}:\n{}", wrong.join("\n"));
}

pub(super) fn owned(cases: &[(&str, &str)]) -> Vec<(String, String)> {
    cases
        .iter()
        .map(|(q, e)| (q.to_string(), e.to_string()))
        .collect()
}

/// A date range is the days between its ends, in both locales and for several spans.
#[test]
fn a_date_range_is_its_days() {
    let mut cases = Vec::new();
    for (from, to) in [(10, 13), (3, 8), (20, 27), (1, 2)] {
        let d = to - from;
        cases.push((
            format!("矩池云 3090 从12月{from}号租到12月{to}号 多少钱"),
            format!("/cost matpool rtx-3090 {d}d"),
        ));
        cases.push((
            format!("autodl 4090 从3月{from}日用到3月{to}日 要多少钱"),
            format!("/cost autodl rtx-4090 {d}d"),
        ));
        cases.push((
            format!("runpod a100 from dec {from} to dec {to}, cost?"),
            format!("/cost runpod a100-80g-sxm {d}d"),
        ));
        cases.push((
            format!("how much is vast h100 from march {from} to march {to}"),
            format!("/cost vast h100-sxm {d}d"),
        ));
    }
    check("date ranges", &cases);
}

/// An ISO 8601 duration (`PT2H30M`) is its length, in either case.
#[test]
fn an_iso_duration_is_its_length() {
    let mut cases = Vec::new();
    for (iso, line) in [
        ("PT2H30M", "2h30m"),
        ("PT45M", "45m"),
        ("PT3H", "3h"),
        ("pt1h15m", "1h15m"),
        ("P2D", "2d"),
        ("P1DT12H", "1d12h"),
    ] {
        cases.push((
            format!("runpod 4090 {iso} cost?"),
            format!("/cost runpod rtx-4090 {line}"),
        ));
        cases.push((
            format!("autodl 4090 租 {iso} 多少钱"),
            format!("/cost autodl rtx-4090 {line}"),
        ));
    }
    check("iso durations", &cases);
}

/// Financial numerals (`叁`, `贰佰`, `伍佰万`) and `〇` are the digits they stand for.
#[test]
fn financial_numerals_and_ling_are_digits() {
    let mut cases = Vec::new();
    for (big, n) in [
        ("壹", 1),
        ("贰", 2),
        ("叁", 3),
        ("肆", 4),
        ("伍", 5),
        ("陆", 6),
        ("柒", 7),
        ("捌", 8),
        ("玖", 9),
    ] {
        cases.push((
            format!("智星云 4090 租{big}小时 多少钱"),
            format!("/cost zhixingyun rtx-4090 {n}h"),
        ));
    }
    cases.extend(owned(&[
        ("贰佰块一周 每小时多少", "/convert 200cny/week to hour"),
        ("叁佰元一周 合每小时多少", "/convert 300cny/week to hour"),
        (
            "每天伍佰万token qwen3 14b 自建还是调api",
            "/tco qwen3-14b bf16 5m",
        ),
        (
            "每天叁仟万token qwen2.5-7b 自建划算吗",
            "/tco qwen2.5-7b bf16 30m",
        ),
        (
            "h200 低于二〇元每小时 通知我",
            "/subscribe h200-sxm max=20cny/hour",
        ),
        (
            "4090 低于三〇元每小时 提醒我",
            "/subscribe rtx-4090 max=30cny/hour",
        ),
        (
            "每月三〇〇〇元 合每小时多少",
            "/convert 3000cny/month to hour",
        ),
        (
            "一〇〇〇块一个月 合每小时多少",
            "/convert 1000cny/month to hour",
        ),
    ]));
    check("financial numerals", &cases);
}

/// A compound duration is the sum of its parts (`1周零3天` is 10 days, never the week alone).
#[test]
fn a_compound_duration_is_its_sum() {
    let mut cases = Vec::new();
    for (weeks, days) in [(1, 3), (2, 1), (1, 5), (3, 2)] {
        let total = weeks * 7 + days;
        cases.push((
            format!("h20 租{weeks}周零{days}天 哪家便宜"),
            format!("/compare h20 {total}d"),
        ));
        cases.push((
            format!("a100 {weeks}周又{days}天 哪家最便宜"),
            format!("/compare a100-80g-sxm {total}d"),
        ));
        cases.push((
            format!("cheapest h20 for {weeks} week and {days} days"),
            format!("/compare h20 {total}d"),
        ));
    }
    check("compound durations", &cases);
}

/// A volume given as a rate or grouped by 万 is its tokens a day.
#[test]
fn a_volume_as_a_rate_is_tokens_a_day() {
    let mut cases = Vec::new();
    for (requests, each, total) in [
        ("1.5k", 2000, "3m"),
        ("2000", 500, "1m"),
        ("3k", 1000, "3m"),
    ] {
        cases.push((
            format!("每天{requests}个请求 每个大概{each} token，自己部署qwen2.5-7b还是用api"),
            format!("/tco qwen2.5-7b bf16 {total}"),
        ));
        cases.push((
            format!(
                "{requests} requests a day, about {each} tokens each, self-host qwen2.5-7b or api?"
            ),
            format!("/tco qwen2.5-7b bf16 {total}"),
        ));
    }
    cases.extend(owned(&[
        (
            "每天 1,0000 次调用 每次500 token 用qwen2.5-14b 自建划算吗",
            "/tco qwen2.5-14b bf16 5m",
        ),
        (
            "每天 2,0000 次调用 每次100 token 用qwen2.5-14b 自建划算吗",
            "/tco qwen2.5-14b bf16 2m",
        ),
        (
            "每秒大概100个token，全天不停，用qwen2.5-7b int4 自建还是api",
            "/tco qwen2.5-7b int4 8640k",
        ),
        (
            "每秒50个token 24小时不停 qwen2.5-7b 自建还是调api",
            "/tco qwen2.5-7b bf16 4320k",
        ),
        (
            "glm4 9b 每天一万二token 自己部署值不值",
            "/tco glm-4-9b bf16 12k",
        ),
        (
            "glm4 9b 每天三万五token 自己部署值不值",
            "/tco glm-4-9b bf16 35k",
        ),
    ]));
    check("volumes as rates", &cases);
}

/// A whole node's price in an alert with its card count is the price per GPU-hour `/subscribe`'s
/// `max=` holds (README: `[max=price per GPU-hour]`).
#[test]
fn a_node_price_is_per_card_hour() {
    let mut cases = Vec::new();
    for (cards, node, each) in [(8, 16, "2"), (4, 10, "2.5"), (2, 3, "1.5")] {
        cases.push((
            format!("{cards}卡h100整机每小时低于{node}刀通知我"),
            format!("/subscribe h100-sxm max={each}usd/hour cards={cards}"),
        ));
        cases.push((
            format!("{cards}卡4090整机每小时低于{node}块提醒我"),
            format!("/subscribe rtx-4090 max={each}cny/hour cards={cards}"),
        ));
    }
    check("node prices", &cases);
}

/// HTML entities and URL escapes are their characters before the question is read.
#[test]
fn entities_and_escapes_are_decoded() {
    check(
        "entities",
        &owned(&[
            (
                "when l40s on vast &lt; 0.7 usd, notify",
                "/subscribe l40s vast max=0.7usd/hour",
            ),
            (
                "notify me when 4090 &lt; $0.4/hr",
                "/subscribe rtx-4090 max=0.4usd/hour",
            ),
            (
                "featurize%20a100%20跑90分钟",
                "/cost featurize a100-80g-sxm 1h30m",
            ),
            ("autodl%204090%20跑3小时", "/cost autodl rtx-4090 3h"),
            ("l20%20fp16算力多少", "/gpu l20"),
            (
                "runpod &amp; vast 4090 3h which cheaper",
                "/compare rtx-4090 runpod vast 3h",
            ),
        ]),
    );
}

/// A per-second price asked as an hour is a conversion, not a job's bill.
#[test]
fn a_rate_asked_per_hour_is_a_conversion() {
    check(
        "conversions",
        &owned(&[
            (
                "0.0003 dollar each second mean how much for one hour",
                "/convert 0.0003usd/second to hour",
            ),
            (
                "0.0005 dollar per second means how much per hour",
                "/convert 0.0005usd/second to hour",
            ),
            (
                "每秒0.0002美元 一小时多少人民币",
                "/convert 0.0002usd/second to hour cny",
            ),
        ]),
    );
}

/// camelCase and snake_case identifiers are their words.
#[test]
fn run_together_identifiers_are_words() {
    check(
        "identifiers",
        &owned(&[
            (
                "doesItFit: llama-3.1-8b lora on a t4",
                "/fit llama-3.1-8b lora t4",
            ),
            ("cheapest_4090_per_hour?", "/compare rtx-4090 1h"),
            ("cheapestA100PerHour?", "/compare a100-80g-sxm 1h"),
            ("h100_price_history 30d", "/trend h100-sxm"),
            ("4090_price_trend", "/trend rtx-4090"),
            ("l4PriceChart 3 weeks", "/trend l4 days=21"),
            ("autodlBillingRules?", "/platform autodl"),
            ("runpod_billing_rules", "/platform runpod"),
        ]),
    );
}

/// Vowels dropped from common words (chat shorthand) read as the words; a name keeps its letters.
#[test]
fn vowel_dropped_words_are_read() {
    check(
        "vowel drops",
        &owned(&[
            ("hlp me pck a gpu cld pls", "/pick"),
            ("whch prvdrs tk crypto", "/platforms crypto"),
            ("wht alrts do i hv set up", "/subs"),
            ("5090 prc trnd pls", "/trend rtx-5090"),
            ("4090 prc trnd", "/trend rtx-4090"),
            (
                "1.1 usd/hr, wht's tht per dy",
                "/convert 1.1usd/hour to day",
            ),
            ("2 usd/hr wht's tht per dy", "/convert 2usd/hour to day"),
            // Names with few vowels are untouched.
            ("h100 prc trnd", "/trend h100-sxm"),
            ("l40s vs l4", "/gpu l40s l4"),
        ]),
    );
}

/// Letters spaced out for emphasis are one word.
#[test]
fn spaced_letters_are_one_word() {
    check(
        "spaced letters",
        &owned(&[
            (
                "gpu clouds that don't need a c r e d i t card",
                "/platforms no-card",
            ),
            ("c h e a p e s t 4090", "/compare rtx-4090 1h"),
            ("which platforms take c r y p t o", "/platforms crypto"),
        ]),
    );
}

/// Pasted JSON and command-line flags are read by their fields.
#[test]
fn pasted_fields_are_read() {
    check(
        "pasted fields",
        &owned(&[
            (
                "{\"platform\":\"autodl\",\"gpu\":\"4090\",\"hours\":6} 这样要多少钱",
                "/cost autodl rtx-4090 6h",
            ),
            (
                "{\"platform\": \"runpod\", \"gpu\": \"a100\", \"hours\": 3} cost?",
                "/cost runpod a100-80g-sxm 3h",
            ),
            (
                "--model llama-3.1-8b --ctx 128k --batch 4 how much vram?",
                "/fit llama-3.1-8b ctx=128k batch=4",
            ),
            ("offers --gpu 4090 --count 4", "/offers rtx-4090 cards>=4"),
            ("offers --gpu h100 --count 8", "/offers h100-sxm cards>=8"),
        ]),
    );
}

/// Lengths, spans and stories said in words.
#[test]
fn stories_and_spans_are_read() {
    check(
        "stories",
        &owned(&[
            ("5090过去半年价格", "/trend rtx-5090 days=180"),
            ("4090过去三个月价格走势", "/trend rtx-4090 days=90"),
            ("l4 price chart 3 weeks", "/trend l4 days=21"),
            ("跑一晚上a800哪家便宜", "/compare a800-80g-sxm 8h"),
            (
                "项目下个月才开始，3090 到 8毛以下 告诉我",
                "/subscribe rtx-3090 max=0.8cny/hour",
            ),
            ("b200 come back, you message me please", "/subscribe b200"),
            ("list on-demand h200 offers", "/offers h200-sxm on-demand"),
            (
                "数据不能出欧盟，欧洲有没有h100的机器",
                "/offers h100-sxm region=eu",
            ),
        ]),
    );
}

/// The vowel-drop table: every shorthand reads as its word in a question (words × drops), and
/// none is the name of a card, model or platform in the catalog.
#[test]
fn every_vowel_drop_reads_as_its_word_and_names_nothing() {
    let catalog = bot_core::catalog::Catalog::embedded().unwrap();
    let forms = bot_core::lexicon::dropped_forms();
    assert!(forms.len() >= 40, "{} forms", forms.len());
    let mut wrong = Vec::new();
    for (form, word) in &forms {
        if catalog.find_gpu(form).is_some()
            || catalog.find_platform(form).is_some()
            || catalog.find_model(form).is_some()
        {
            wrong.push(format!("{form} names a catalog entry"));
        }
        for frame in ["h100 {} pls", "{} autodl 4090?"] {
            let said = embedded(&frame.replace("{}", word)).lines();
            let typed = embedded(&frame.replace("{}", form)).lines();
            if said != typed {
                wrong.push(format!("{form}: {typed:?} ≠ {word}: {said:?}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
