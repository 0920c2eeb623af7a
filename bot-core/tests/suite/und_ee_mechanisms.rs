//! Wrong figures of corpus104's kinds as mechanisms (helper und_ee, issue 26; cases written
//! before the changes they test, beyond corpus104's rows): an English or pinyin word is never a
//! platform's slip; a decimal point written apart (`1. 5`, `1点5`, `2h半`) is one number; a
//! correction (`3 天, 哦不 2 天`, `autodl，啊不对 是恒源云`, `sorry 3090ti`) replaces what it
//! corrects; a model written with spaces and a minor version is found inside a sentence.

use super::readings::embedded;
use super::und_dz_mechanisms::check;
use bot_core::catalog::Catalog;
use bot_core::understand::{Reading, facts};

/// Ordinary English words, many sharing a platform name's first letters and length (`pairs`,
/// `paint`: `pai`, `paidsw`; `hair`: `hai`; `models`: `modal`; `gradients`: `gradient`).
const ENGLISH: &[&str] = &[
    "pairs",
    "paint",
    "pair",
    "plan",
    "plans",
    "paid",
    "pain",
    "pains",
    "palm",
    "panel",
    "paper",
    "papers",
    "party",
    "patch",
    "path",
    "pause",
    "pace",
    "pack",
    "page",
    "plain",
    "play",
    "hair",
    "hail",
    "half",
    "hall",
    "haiku",
    "hairs",
    "dash",
    "desk",
    "aide",
    "aids",
    "aim",
    "vase",
    "vest",
    "vastly",
    "vault",
    "cube",
    "cuddle",
    "models",
    "modest",
    "module",
    "moral",
    "medal",
    "salads",
    "salary",
    "sales",
    "salon",
    "lambs",
    "lamp",
    "lamps",
    "runway",
    "rundown",
    "thunders",
    "gradients",
    "crusade",
    "verdant",
    "verdict",
    "nebula",
    "colas",
    "collar",
    "matrix",
    "feature",
    "features",
    "hyper",
    "tensor",
    "tensors",
    "volcano",
    "spacing",
    "chain",
    "charts",
    "fluid",
    "fluids",
    "droplet",
    "ocean",
    "digital",
    "compare",
    "compute",
    "gongs",
    "autumn",
    "audit",
    "vulture",
    "vultures",
    "modern",
    "modem",
    "mortal",
];

/// Pinyin words (one or two syllables) a user types for a Chinese word: never a platform's slip
/// (`gongju` 工具 is one letter from `gongji`, `paidui` 排队 holds `pai`).
const PINYIN: &[&str] = &[
    "gongju", "gongzi", "paidui", "paiming", "haizi", "haishi", "suanle", "suanfa", "lanren",
    "lanse", "jiage", "pianyi", "xianka", "shiming", "zhifu", "daima", "moxing", "xunlian",
    "tuili", "yunxing", "haoyong", "kaoqu", "zuqi", "kuaidi", "hengxing", "qudao", "juzi", "mofa",
    "duoshao",
];

/// The catalog's platform ids, for a reading that names one.
fn platform_named(catalog: &Catalog, q: &str) -> Option<String> {
    let r = embedded(q);
    let lines = match &r {
        Reading::Unknown => Vec::new(),
        _ => r.lines(),
    };
    lines.into_iter().find(|l| {
        l.split(' ')
            .any(|w| catalog.platforms.iter().any(|p| p.id == w))
    })
}

/// No English or pinyin word, in a sentence or after `in`/`of`, becomes a platform.
#[test]
fn an_ordinary_word_is_no_platform() {
    let catalog = Catalog::embedded().unwrap();
    let mut wrong = Vec::new();
    let mut total = 0;
    for (i, w) in ENGLISH.iter().chain(PINYIN).enumerate() {
        // One frame a word, turning over the frames: a few hundred readings in all.
        let q = match i % 3 {
            0 => format!("h100 price {w}"),
            1 => format!("a100 price in {w} of 2"),
            _ => format!("4090 {w} 多少钱"),
        };
        total += 1;
        if let Some(l) = platform_named(&catalog, &q) {
            wrong.push(format!("{q} → {l}"));
        }
    }
    println!("ordinary words: {} of {total}", total - wrong.len());
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A platform's name with a real slip is still its name (asked back or read as meant).
#[test]
fn a_slip_of_a_name_is_still_found() {
    let catalog = Catalog::embedded().unwrap();
    for (q, id) in [
        ("h100 price on runpdo", "runpod"),
        ("nebious h100 price", "nebius"),
        ("4090 on jarvislab, cost for 3 hours", "jarvislabs"),
        ("autdl 4090 多少钱", "autodl"),
        ("paperspce a100 price", "paperspace"),
        ("in jarvislabs a6000 5 hour how many cost", "jarvislabs"),
        // A changed letter and a key pressed twice (corpus83's `ranpodd`).
        ("ranpodd 4090 price per hour", "runpod"),
        ("lambbda h100 price", "lambda"),
    ] {
        let l = platform_named(&catalog, q);
        assert!(l.as_deref().is_some_and(|l| l.contains(id)), "{q} → {l:?}");
    }
}

/// A decimal point written apart (`1. 5` from a keyboard's auto-space, `1点5` said aloud) is
/// one number, in a price, a cap, a length and a conversion; `2h半` is two and a half hours.
#[test]
fn a_decimal_written_apart_is_one_number() {
    let mut cases = Vec::new();
    for (whole, frac, span) in [
        ("1", "5", "1h30m"),
        ("2", "5", "2h30m"),
        ("3", "25", "3h15m"),
    ] {
        let n = format!("{whole}.{frac}");
        cases.push((
            format!("a100 降到 {whole}. {frac} 刀以下提醒我"),
            format!("/subscribe a100-80g-sxm max={n}usd/hour"),
        ));
        cases.push((
            format!("what's ${whole}. {frac}/hr per month"),
            format!("/convert {n}usd/hour to month"),
        ));
        cases.push((
            format!("{whole}. {frac} dollars per hour to cny per day"),
            format!("/convert {n}usd/hour to day cny"),
        ));
        cases.push((
            format!("autodl 4090 跑 {whole}点{frac}小时 多少钱"),
            format!("/cost autodl rtx-4090 {span}"),
        ));
        cases.push((
            format!("{whole}点{frac}刀每小时 换成 人民币"),
            format!("/convert {n}usd/hour to hour cny"),
        ));
        cases.push((
            format!("runpod 4090 for {whole}. {frac} hours, cost?"),
            format!("/cost runpod rtx-4090 {span}"),
        ));
    }
    cases.push((
        "vast 上 4090 现在有没有，0. 4 刀以下的".into(),
        "/stock rtx-4090 vast 0.4usd/hour".into(),
    ));
    for (h, span) in [("2", "2h30m"), ("4", "4h30m"), ("1", "1h30m")] {
        cases.push((
            format!("autodl 上 3090 {h}h半 大概多少"),
            format!("/cost autodl rtx-3090 {span}"),
        ));
        cases.push((
            format!("4090 跑 {h}h半 哪家便宜"),
            format!("/compare rtx-4090 {span}"),
        ));
    }
    check("decimals apart", &cases);
}

/// A numbered list's item and a clock time stay as they were: `1. 4090`, `3点5分`.
#[test]
fn a_list_item_or_a_clock_is_no_decimal() {
    let cases = vec![
        (
            "1. autodl 2. 4090 3. 5 hours, cost?".to_string(),
            "/cost autodl rtx-4090 5h".to_string(),
        ),
        (
            "autodl 4090 跑 5 小时多少钱。2. 5 块以下的有吗".into(),
            "/cost autodl rtx-4090 5h".into(),
        ),
    ];
    check("no decimal", &cases);
}

/// A correction word (`不对`, `哦不`, `啊不对 是`, `我是说`, `sorry`) replaces the value of its
/// kind it corrects: a length or an amount with its unit written apart, a platform, the card
/// most like the correction.
#[test]
fn a_correction_replaces_what_it_corrects() {
    let mut cases = Vec::new();
    for word in ["不对", "哦不", "啊不对", "我是说"] {
        cases.push((
            format!("算家云 4090 租 5 天, {word} 3 天, 多少钱"),
            "/cost suanjiayun rtx-4090 3d".into(),
        ));
        cases.push((
            format!("500 人民币，{word}，800 人民币 等于 多少 美元"),
            "/convert 800cny to usd".into(),
        ));
        cases.push((
            format!("a100 有现货吗，最好 autodl，{word} 是矩池云"),
            "/stock a100-80g-sxm matpool".into(),
        ));
        cases.push((
            format!("autodl 关机 还 收费 吗 {word} 恒源云"),
            "/platform gpushare".into(),
        ));
    }
    for word in ["sorry", "sorry i mean", "i mean"] {
        cases.push((
            format!("3070 vs 4090 fp16 tflops, {word} 3080"),
            "/gpu rtx-3080 rtx-4090".into(),
        ));
        cases.push((
            format!("4090 vs 3060 ti which is faster, {word} 3070 ti"),
            "/gpu rtx-4090 rtx-3070-ti".into(),
        ));
        cases.push((
            format!("does runpod bill per second? {word} vast"),
            "/platform vast".into(),
        ));
    }
    // A platform written in two words before the correction (`阿里云 pai`).
    for (q, e) in [
        (
            "阿里云 pai 关机 收费吗 不对 我是说 恒源云",
            "/platform gpushare",
        ),
        ("pai dsw 要实名吗 哦不 autodl", "/platform autodl"),
        (
            "tencent hai 支持支付宝吗 不对 我是说 阿里云 pai",
            "/platform aliyun-pai",
        ),
    ] {
        cases.push((q.into(), e.into()));
    }
    check("corrections", &cases);
}

/// A catalog model written with spaces and a minor version (`mistral small 3.1`, `qwen 2.5
/// 7b`) is found by `understand::facts` inside a sentence, in both locales.
#[test]
fn a_spaced_model_name_is_found_mid_sentence() {
    let catalog = Catalog::embedded().unwrap();
    let mut wrong = Vec::new();
    let mut total = 0;
    for m in &catalog.models {
        // Aliases with a space and a version with a point: the form that was missed.
        for a in m.aliases.iter().filter(|a| {
            a.contains(' ')
                && a.split(' ')
                    .any(|w| w.contains('.') && w.starts_with(|c: char| c.is_ascii_digit()))
        }) {
            for q in [
                format!("我想用4090跑 {a} 可以吗"),
                format!("can i fine tune {a} on one card for 3 hours"),
            ] {
                total += 1;
                let f = facts(&catalog, &q);
                let found = f.model.as_deref().and_then(|id| catalog.find_model(id));
                // The model itself (a variant's own id, never its base's).
                if found.is_none_or(|x| x.id != m.id) {
                    wrong.push(format!("{q} → {:?} (expected {})", f.model, m.id));
                }
            }
        }
    }
    println!("spaced models: {} of {total}", total - wrong.len());
    assert!(total >= 10 && wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A sum guessed and asked to confirm (`30 刀左右吧, right?`, `2 块对吧`, `$2 an hour,
/// right?`) is no price, cap or length: the question is asked without it.
#[test]
fn a_guessed_sum_is_no_figure() {
    let mut cases = Vec::new();
    for (n, tag) in [("30", "左右吧, right?"), ("45", "对吧？"), ("25", " 是吧")] {
        cases.push((
            format!("runpod 的 a100 跑 8h 大概 {n} 刀{tag}"),
            "/cost runpod a100-80g-sxm 8h".into(),
        ));
        cases.push((
            format!("autodl 4090 跑 10 小时 大概 {n} 块{tag}"),
            "/cost autodl rtx-4090 10h".into(),
        ));
    }
    for (n, tag) in [("2", "对吧？有没有更便宜的"), ("1.5", "是吧 哪家更便宜")] {
        cases.push((
            format!("3090 一小时大概 {n} 块{tag}"),
            "/compare rtx-3090 1h".into(),
        ));
    }
    for (n, tag) in [("3", "right?"), ("2.5", "correct?")] {
        cases.push((
            format!("lambda h100 for 6 hours, around ${n} an hour {tag}"),
            "/cost lambda h100-sxm 6h".into(),
        ));
    }
    check("guessed sums", &cases);
}

/// A question typed as a function call is read by its name and arguments.
#[test]
fn a_function_call_is_read_by_its_arguments() {
    let mut cases = Vec::new();
    for (p, g, h, card) in [
        ("vast", "4090", "6", "rtx-4090"),
        ("lambda", "h100", "3", "h100-sxm"),
        ("autodl", "3090", "10", "rtx-3090"),
    ] {
        cases.push((
            format!("cost(platform=\"{p}\", gpu=\"{g}\", hours={h})"),
            format!("/cost {p} {card} {h}h"),
        ));
    }
    for (g, d, card) in [("a100", "45", "a100-80g-sxm"), ("l40s", "14", "l40s")] {
        cases.push((
            format!("trend(gpu=\"{g}\", days={d})"),
            format!("/trend {card} days={d}"),
        ));
    }
    for (g, p, card) in [
        ("4090", "runpod", "rtx-4090"),
        ("h100", "lambda", "h100-sxm"),
    ] {
        cases.push((
            format!("offers(gpu=\"{g}\", platform=\"{p}\")"),
            format!("/offers {card} {p}"),
        ));
    }
    // A query of the user's own alerts lists them.
    for q in ["SELECT * FROM alerts", "select * from my_subscriptions;"] {
        cases.push((q.into(), "/subs".into()));
    }
    check("calls", &cases);
}

/// `¢` is a cent: `45¢/hr` is $0.45 an hour, `5¢` five cents.
#[test]
fn a_cent_sign_is_a_dollar_s_hundredth() {
    let cases = vec![
        (
            "30¢/hr per month".to_string(),
            "/convert 0.3usd/hour to month".to_string(),
        ),
        (
            "5¢ a minute, what is that per hour".into(),
            "/convert 0.05usd/minute to hour".into(),
        ),
        (
            "每小时 80¢ 换成人民币".into(),
            "/convert 0.8usd/hour to hour cny".into(),
        ),
        (
            "12¢/hr, what is that per day".into(),
            "/convert 0.12usd/hour to day".into(),
        ),
    ];
    check("cents", &cases);
}

/// No ID said the non-native ways (`no need id`, `no id needed`, `not need id`) is the need of
/// no real-name check.
#[test]
fn no_id_said_plainly_is_no_real_name() {
    let cases = vec![
        (
            "which platform accept alipay and no need id".to_string(),
            "/platforms alipay no-real-name".to_string(),
        ),
        (
            "platforms with no id needed".into(),
            "/platforms no-real-name".into(),
        ),
        (
            "which cloud no id required and accept paypal".into(),
            "/platforms no-real-name paypal".into(),
        ),
        (
            "gpu cloud where not need id".into(),
            "/platforms no-real-name".into(),
        ),
    ];
    check("no id", &cases);
}

/// A card's alert said removed (`把4090的提醒删掉`, `remove my a100 alert`) stops alerts, never
/// sets one: with a card and no number the alerts are listed, nothing removed on a guess.
#[test]
fn a_card_s_alert_removed_is_no_new_alert() {
    let mut cases = Vec::new();
    for g in ["4090", "h100", "a100"] {
        for q in [
            format!("把{g}的提醒删掉"),
            format!("{g} 的提醒 取消"),
            format!("{g}的通知关掉"),
            format!("{g}的提醒不要了"),
            format!("remove my {g} alert"),
            format!("cancel the {g} alert please"),
            format!("delete the {g} alerts"),
        ] {
            cases.push((q, "/subs".to_string()));
        }
    }
    // A number and no card: that alert.
    cases.push(("把第二个提醒删掉".into(), "/unsubscribe 2".into()));
    check("alerts removed", &cases);
}
