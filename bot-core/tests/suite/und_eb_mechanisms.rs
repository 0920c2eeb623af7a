//! Wrong figures first (helper und_eb, issue 26; cases written before the changes they test,
//! beyond corpus102's rows): a duration's unit spelled the way people abbreviate it (`3 hs`,
//! `40 mn`), a number grouped by dots or full-width commas (`5.000.000`, `5，000，000`), a
//! card's number with two digits swapped asked with a word between it and the memory asked
//! (`4900 有多少显存`), a memory size that picks one variant (`v100 32g`). Each must read as its
//! value or be asked back; never the default hour, never the number's first group, never
//! another card's facts.

use super::readings::embedded;
use bot_core::understand::Reading;
// One case checker for the reader-mechanism suites (und_dz's).
use super::und_dz_mechanisms::{check, right};

/// A length in minutes as the echo line writes it (`1d12h`, `1h30m`, `40m`).
fn length(minutes: u32) -> String {
    let (d, h, m) = (minutes / 1440, minutes % 1440 / 60, minutes % 60);
    let mut out = String::new();
    for (n, u) in [(d, "d"), (h, "h"), (m, "m")] {
        if n > 0 {
            out.push_str(&format!("{n}{u}"));
        }
    }
    out
}

/// The spellings people type for each unit, the slips among them (`hs`: Spanish; `mn`:
/// French; `horas`, `heures`, `minutos`: the word of their own language) and the minutes one
/// unit is. Written here apart from the lexicon's table, so the test is no copy of it.
const UNITS: &[(&[&str], u32)] = &[
    (
        &[
            "h",
            "hr",
            "hrs",
            "hs",
            "hour",
            "hours",
            "horas",
            "heures",
            "小时",
            "小時",
            "个钟",
            "个钟头",
            "钟头",
        ],
        60,
    ),
    (
        &[
            "min", "mins", "mn", "mns", "minute", "minutes", "minutos", "分钟", "分鐘",
        ],
        1,
    ),
    (&["day", "days", "dias", "天"], 1440),
    (&["wk", "wks", "week", "weeks", "周", "个星期"], 10080),
];

/// Every unit spelling, spaced and glued to its number, in an English and a Chinese frame: the
/// length said, never the default hour.
#[test]
fn every_unit_spelling_is_its_length() {
    let mut cases = Vec::new();
    for (spellings, per) in UNITS {
        let n = if *per == 1 { 40 } else { 3 };
        let len = length(n * per);
        for unit in *spellings {
            let han = !unit.is_ascii();
            if han {
                cases.push((
                    format!("autodl 4090 跑{n}{unit}要多少钱"),
                    format!("/cost autodl rtx-4090 {len}"),
                ));
                cases.push((
                    format!("vast 上 3090 用 {n} {unit} 多少钱"),
                    format!("/cost vast rtx-3090 {len}"),
                ));
            } else {
                cases.push((
                    format!("runpod 4090 for {n} {unit}, how much?"),
                    format!("/cost runpod rtx-4090 {len}"),
                ));
                cases.push((
                    format!("jarvislabs a6000 for {n}{unit} cost?"),
                    format!("/cost jarvislabs rtx-a6000 {len}"),
                ));
                cases.push((
                    format!("autodl 4090 跑 {n} {unit} 多少钱"),
                    format!("/cost autodl rtx-4090 {len}"),
                ));
            }
        }
    }
    check("unit spellings", &cases);
}

/// Other numbers with the slips, and cards whose names start with a unit's letter (`h100`,
/// `h20`, `h800`, `d`-less `a10`): the card is kept, the number is the length.
#[test]
fn a_unit_slip_eats_no_card_name() {
    let mut cases = Vec::new();
    for (card, id) in [
        ("h100", "h100-sxm"),
        ("h20", "h20"),
        ("h800", "h800"),
        ("a10", "a10"),
    ] {
        for (said, len) in [
            ("2 hs", "2h"),
            ("5hs", "5h"),
            ("45 mn", "45m"),
            ("90 mn", "1h30m"),
        ] {
            cases.push((
                format!("how much for modal {card} for {said}"),
                format!("/cost modal {id} {len}"),
            ));
            cases.push((
                format!("autodl {card} 跑 {said} 要多少"),
                format!("/cost autodl {id} {len}"),
            ));
        }
    }
    check("unit slips beside cards", &cases);
}

/// A number grouped by dots (the European way) or by full-width commas is one number in any
/// volume: tokens a day, and a month's tokens over 30 days (the house's rule for /tco).
#[test]
fn a_grouped_number_is_one_number() {
    let mut cases = Vec::new();
    for (groups, day, month) in [
        (["5", "000", "000"], "5m", None),
        (["20", "000", "000"], "20m", None),
        (["60", "000", "000"], "60m", Some("2m")),
        (["300", "000", "000"], "300m", Some("10m")),
    ] {
        for mark in [".", "，"] {
            let n = groups.join(mark);
            cases.push((
                format!("we do {n} tokens each day with qwen3 8b, rent gpu is cheaper than api?"),
                format!("/tco qwen3-8b bf16 {day}"),
            ));
            cases.push((
                format!("每天{n} token，自建llama3.1 8b划得来吗"),
                format!("/tco llama-3.1-8b bf16 {day}"),
            ));
            if let Some(m) = month {
                cases.push((
                    format!("{n} token per month, qwen2.5 14b host myself or api better?"),
                    format!("/tco qwen2.5-14b bf16 {m}"),
                ));
                cases.push((
                    format!("每个月 {n} token，自己部署 qwen2.5 14b 还是调 api"),
                    format!("/tco qwen2.5-14b bf16 {m}"),
                ));
            }
        }
    }
    check("grouped numbers", &cases);
}

/// An API price said in dollars keeps its currency in the echo line, so the line means the
/// same amount in a chat whose `/currency` is CNY (README: a bare number is read in the chat's
/// currency); yuan stays yuan.
#[test]
fn an_api_price_keeps_its_currency() {
    let mut cases = Vec::new();
    for (said, line) in [
        ("0.2 dollars", "0.2usd"),
        ("$0.5", "0.5usd"),
        ("0.3 usd", "0.3usd"),
    ] {
        cases.push((
            format!("at {said} per million tokens, is renting a 4090 for qwen2.5 7b worth it, ~10m tokens daily"),
            format!("/tco qwen2.5-7b bf16 rtx-4090 10m {line}"),
        ));
    }
    for (said, line) in [("2 块", "2cny"), ("0.5美元", "0.5usd")] {
        cases.push((
            format!("api 每百万 token {said}, qwen2.5 32b 自建 每天 1 千万 token 值吗"),
            format!("/tco qwen2.5-32b bf16 10m {line}"),
        ));
    }
    check("api prices", &cases);
}

/// A round number with two neighbouring digits of a card's swapped, asked what only a card has
/// with a question word between (`4900 有多少显存`): asked back with the card, never answered
/// as another card's facts.
#[test]
fn a_swapped_card_number_is_asked_back() {
    let mut cases = Vec::new();
    for (typed, id) in [("4900", "rtx-4090"), ("5900", "rtx-5090")] {
        for frame in ["{n} 有多少显存", "{n}的显存多大", "{n} 的规格是什么"] {
            cases.push((frame.replace("{n}", typed), format!("/gpu {id}")));
        }
    }
    let wrong: Vec<String> = cases
        .iter()
        .filter(|(q, e)| !matches!(embedded(q), Reading::Ask(_)) || !right(q, e))
        .map(|(q, e)| format!("{q} → {:?} (expected ask:{e})", embedded(q).lines()))
        .collect();
    println!(
        "swapped card numbers: {} of {}",
        cases.len() - wrong.len(),
        cases.len()
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A memory size said beside a card sold in several sizes picks that size, also after the card
/// was named bare earlier in the message.
#[test]
fn a_memory_size_picks_the_variant() {
    let cases: Vec<(String, String)> = [
        ("v100 32g 带宽多少", "/gpu v100-32g"),
        ("我手上是v100，v100 32g 带宽多少", "/gpu v100-32g"),
        (
            "i can rent a v100, what's the bandwidth of v100 32gb",
            "/gpu v100-32g",
        ),
        (
            "手上有4060ti，4060ti 16g 的带宽多少",
            "/gpu rtx-4060-ti-16g",
        ),
        (
            "the v100 i found, v100 16g memory bandwidth?",
            "/gpu v100-16g",
        ),
        // Set against each other, both are meant.
        ("4090 和 4090 48g 有什么区别", "/gpu rtx-4090 rtx-4090-48g"),
        ("v100 vs v100 32g", "/gpu v100-16g v100-32g"),
    ]
    .iter()
    .map(|(q, e)| (q.to_string(), e.to_string()))
    .collect();
    check("memory sizes", &cases);
}

/// Keys other keyboards put where a letter or digit was meant: the Turkish dotless `ı` for
/// `i`, a keycap emoji for its digit (`4️⃣`, `🔟`). Each reads as the plain sentence does, and
/// the plain sentence is read.
#[test]
fn keyboard_stand_ins_read_as_their_characters() {
    let plain = [
        "h100 price going down this week?",
        "which platform is cheapest for a 4090",
        "is this price ok for runpod 4090",
        "5090 近10天的价格走势",
        "2张4090能跑qwen2.5 72b int4吗",
        "runpod 4090 for 4 hours, how much",
        "autodl 3090 跑 5 个钟 多少钱",
    ];
    let typed = [
        "h100 prıce goıng down thıs week?",
        "whıch platform ıs cheapest for a 4090",
        "ıs thıs prıce ok for runpod 4090",
        "5090 近🔟天的价格走势",
        "2\u{fe0f}\u{20e3}张4090能跑qwen2.5 72b int4吗",
        "runpod 4090 for 4\u{fe0f}\u{20e3} hours, how much",
        "autodl 3090 跑 5\u{fe0f}\u{20e3} 个钟 多少钱",
    ];
    let mut wrong = Vec::new();
    for (p, t) in plain.iter().zip(typed) {
        let (want, got) = (embedded(p).lines(), embedded(t).lines());
        if want.is_empty() || want != got {
            wrong.push(format!("{t} → {got:?} (plain: {want:?})"));
        }
    }
    println!(
        "keyboard stand-ins: {} of {}",
        plain.len() - wrong.len(),
        plain.len()
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Offers from live data only, with the card's name between `live` and the offers noun
/// (`show me live 4090 offers only`): the live flag, in the offers list.
#[test]
fn live_offers_with_a_card_between() {
    let mut cases = Vec::new();
    for (card, id) in [
        ("4090", "rtx-4090"),
        ("h100", "h100-sxm"),
        ("a6000", "rtx-a6000"),
    ] {
        cases.push((
            format!("show me live {card} offers only"),
            format!("/offers {id} live"),
        ));
        cases.push((
            format!("list live {card} offers please"),
            format!("/offers {id} live"),
        ));
    }
    check("live offers", &cases);
}
