//! fresh25's and fresh26's leftovers and two answers the bot lacked, as mechanisms on cases of
//! my own (helper und-w, issue 26; none in a batch; written before the change they tested): an
//! alert on a card's family takes the form the typed command takes and says so; a memory size
//! with no model is `/fit 16gb`, the models that fit it by the fit engine; quantized with no
//! width is asked at 4 and 8 bits; a family's ask-back reaches its small sizes; a cut-down card
//! is read beside the card it was cut from; a region moved to ranks its platforms; a card quoted
//! beside another is context; a sum in a currency with no rate is `/convert`, which says so.
//!
//! Second round (helper und_w, corpus41's misses): people who each have a card (N cards for a
//! bill, one card for a fit), a price quoted from another cloud as a reference, a rate's period
//! said as `月付`/`年付`/`weekly plan`, a per-second or per-minute price asked per hour, a card
//! kept in a /tco after the API price, N cards on one node, stock said outright, a memory fact
//! checked, the card run on now as context, frames said as a count, guidance over platforms.

use bot_core::reply::{Arg, Msg, Part, Reply};
use bot_core::understand::{Reading, read};
use bot_core::{Catalog, ChatRef, Input};

use super::chat::{message_ids, text, world};
use super::fresh19_share::{own_cases_read_right, own_labels_canonical};

const OWN: &str = include_str!("../data/questions_und_w_own.tsv");

#[test]
fn und_w_mechanisms_on_cases_of_their_own() {
    own_cases_read_right("und_w_own", OWN);
}

#[test]
fn und_w_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}

/// The ids of an answer's messages, its text, and the command lines it offers to tap.
fn answered(
    w: &super::chat::World,
    me: &ChatRef,
    line: &str,
) -> (Vec<String>, String, Vec<String>) {
    let replies = w.bot.handle(me, Input::Text(line.into())).replies;
    let offered = replies
        .iter()
        .flat_map(|r| &r.choices)
        .filter_map(|c| c.id.split_once("/subscribe ").map(|(_, l)| l.to_string()))
        .collect();
    (
        message_ids(&replies),
        text(&replies, w.bot.lang_for(me)),
        offered,
    )
}

/// One grammar for an alert on a card's family: the question and the typed line set the same
/// alert (the default form), and both answers say which form is watched and offer the same
/// others with the same terms, in both languages.
#[test]
fn a_family_alert_asked_and_typed_agree() {
    for (locale, asked, typed, default) in [
        (
            "zh",
            "H100 低于 $2 通知我",
            "/subscribe h100 max=2usd",
            "h100-sxm",
        ),
        (
            "en",
            "notify me when an a800 is under 5 yuan an hour",
            "/subscribe a800 max=5cny",
            "a800-80g-sxm",
        ),
        (
            "zh",
            "runpod 有 h200 了告诉我",
            "/subscribe h200 runpod",
            "h200-sxm",
        ),
        (
            "en",
            "ping me when a v100 is back",
            "/subscribe v100",
            "v100-16g",
        ),
    ] {
        let (w, v) = (world(), world());
        let card = bot_core::Catalog::embedded().unwrap();
        let name = card.find_gpu(default).unwrap().display_name(locale == "zh");
        let me = ChatRef::terminal(Some(locale));
        let (q_ids, q_text, q_offered) = answered(&w, &me, asked);
        let (t_ids, t_text, t_offered) = answered(&v, &me, typed);
        for (ids, t) in [(&q_ids, &q_text), (&t_ids, &t_text)] {
            for id in ["alerts-subscribed", "alerts-family-others"] {
                assert!(ids.iter().any(|i| i == id), "{asked} / {typed}: {id}\n{t}");
            }
            assert!(t.contains(name), "{locale}: {name}\n{t}");
        }
        assert!(!q_offered.is_empty(), "{asked}: {q_text}");
        assert_eq!(q_offered, t_offered, "{asked} / {typed}");
        let first = |l: &String| l.split(' ').next().unwrap_or_default().to_string();
        assert!(
            q_offered.iter().all(|l| first(l) != default),
            "{q_offered:?}"
        );
    }
}

/// The messages of an answer with one id.
fn msgs<'r>(replies: &'r [Reply], id: &str) -> Vec<&'r Msg> {
    replies
        .iter()
        .flat_map(|r| &r.parts)
        .filter_map(|p| match p {
            Part::Text(m) if m.id == id => Some(m),
            _ => None,
        })
        .collect()
}

/// A message's argument as text.
fn arg(m: &Msg, name: &str) -> String {
    m.args
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| match v {
            Arg::Str(s) => s.clone(),
            other => format!("{other:?}"),
        })
        .unwrap_or_default()
}

/// Each model a memory answer names, its own `/fit` (the button offered) run on `card`: it fits
/// with the GiB left the answer said. How many were checked.
fn named_models_fit_on(
    w: &super::chat::World,
    me: &ChatRef,
    replies: &[Reply],
    card: &str,
) -> usize {
    let named = msgs(replies, "fit-memory-method");
    let taps: Vec<String> = replies
        .iter()
        .flat_map(|r| &r.choices)
        .filter_map(|c| c.id.split_once("/fit ").map(|(_, l)| format!("/fit {l}")))
        .collect();
    assert_eq!(named.len(), taps.len(), "a button for each model named");
    for (m, tap) in named.iter().zip(&taps) {
        let on = w
            .bot
            .handle(me, Input::Text(format!("{tap} {card}")))
            .replies;
        let v = msgs(&on, "fit-verdict");
        let v = v.first().unwrap_or_else(|| panic!("{tap} {card}"));
        assert_eq!(arg(v, "verdict"), "fits", "{tap} on {card}");
        assert_eq!(arg(v, "margin"), arg(m, "left"), "{tap} on {card}");
    }
    named.len()
}

/// `/fit 24gb`: each model named is one the fit engine holds on a catalog card of exactly that
/// memory (its own `/fit`, tapped and run there, fits with the same GiB left), in both
/// languages; the question and the typed line give the same lines.
#[test]
fn a_memory_size_names_what_the_fit_engine_holds_there() {
    let cat = Catalog::embedded().unwrap();
    let w = world();
    let mut checked = 0;
    for gb in [16u32, 24, 40, 48, 80] {
        // The card of that size that leaves a job the least: what `/fit Ngb` is read as.
        let Some(card) = cat
            .gpus
            .iter()
            .filter(|g| g.vram_gb == f64::from(gb))
            .min_by(|a, b| a.usable_gib().total_cmp(&b.usable_gib()))
        else {
            continue;
        };
        for locale in ["en", "zh"] {
            let me = ChatRef::terminal(Some(locale));
            let replies = w
                .bot
                .handle(&me, Input::Text(format!("/fit {gb}gb")))
                .replies;
            assert!(
                !msgs(&replies, "fit-memory-method").is_empty(),
                "{gb}: {}",
                text(&replies, w.bot.lang_for(&me))
            );
            assert!(msgs(&replies, "fit-memory-basis").len() == 1);
            checked += named_models_fit_on(&w, &me, &replies, &card.id);
        }
    }
    assert!(
        checked >= 8,
        "{checked} models checked on a card of their memory"
    );
    // Asked in words, the same lines as typed.
    let me = ChatRef::terminal(Some("zh"));
    let typed = w.bot.handle(&me, Input::Text("/fit 16gb".into())).replies;
    let asked = w
        .bot
        .handle(&me, Input::Text("16g显存能跑什么模型".into()))
        .replies;
    let lines = |r: &[Reply]| -> Vec<String> {
        msgs(r, "fit-memory-method")
            .iter()
            .map(|m| arg(m, "model"))
            .collect()
    };
    assert_eq!(lines(&typed), lines(&asked));
    assert_eq!(lines(&typed).len(), 4, "four methods when none is said");
}

/// A model said to be quantized with no width is asked at int4 and int8, never sized in 16 bits;
/// a width said is taken as said.
#[test]
fn quantized_without_a_width_is_asked_at_four_and_eight_bits() {
    let c = Catalog::embedded().unwrap();
    for q in [
        "deepseek r1 distill 32b 量化后 4090 能跑吗",
        "can phi-4 run quantized on a 3060",
        "llama 3.1 8b 量化 要多少显存",
    ] {
        let r = read(&c, q);
        let lines = r.lines();
        assert!(matches!(r, Reading::Ask(_)), "{q}: {lines:?}");
        assert!(lines.iter().any(|l| l.contains(" int4")), "{q}: {lines:?}");
        assert!(lines.iter().any(|l| l.contains(" int8")), "{q}: {lines:?}");
    }
    for (q, width) in [
        ("qwen2.5 14b int8 量化 4090 能跑吗", " int8"),
        ("llama 3.1 8b 不量化 4090", " bf16"),
    ] {
        let lines = read(&c, q).lines();
        assert_eq!(lines.len(), 1, "{q}: {lines:?}");
        assert!(lines[0].contains(width), "{q}: {lines:?}");
    }
}

/// A family named without a size is asked back with one model per size class, so a 5–10B model
/// is always among the choices of a family that has one.
#[test]
fn a_family_without_a_size_offers_its_small_models() {
    let c = Catalog::embedded().unwrap();
    for q in [
        "跑 qwen 要什么卡",
        "llama 要多少显存",
        "how much vram does gemma need",
    ] {
        let lines = read(&c, q).lines();
        assert!(lines.len() > 1 && lines.len() <= 6, "{q}: {lines:?}");
        let small = lines.iter().any(|l| {
            let id = l.split(' ').nth(1).unwrap_or_default();
            c.find_model(id)
                .is_some_and(|m| (5.0..10.0).contains(&m.params_b))
        });
        assert!(small, "{q}: {lines:?}");
    }
}

/// Every card the catalog knows as another's cut-down form, asked what was cut, is read beside
/// that card; a card with no such base is read alone.
#[test]
fn a_cut_down_card_is_read_beside_its_base() {
    let c = Catalog::embedded().unwrap();
    let cut: Vec<_> = c.gpus.iter().filter(|g| g.cut_down_of.is_some()).collect();
    assert!(cut.len() >= 4, "{}", cut.len());
    for g in cut {
        let base = g.cut_down_of.as_deref().unwrap();
        let name = g.aliases.first().unwrap_or(&g.id);
        for q in [
            format!("{name} 阉割了多少"),
            format!("what did nvidia cut in the {name}"),
        ] {
            let lines = read(&c, &q).lines();
            assert_eq!(lines, vec![format!("/gpu {} {base}", g.id)], "{q}");
        }
    }
    assert_eq!(read(&c, "4090 阉割了多少").lines(), vec!["/gpu rtx-4090"]);
    // The loader refuses a base of another architecture or form factor.
    let file = |name: &str| std::fs::read_to_string(format!("catalog/{name}")).unwrap();
    for (from, to) in [
        ("cut_down_of = \"rtx-4090\"", "cut_down_of = \"rtx-3090\""),
        ("cut_down_of = \"h100-sxm\"", "cut_down_of = \"h100-pcie\""),
    ] {
        let gpus = file("gpus.toml").replacen(from, to, 1);
        let err = Catalog::from_sources(
            &gpus,
            &file("platforms.toml"),
            &file("models.toml"),
            &file("fx.toml"),
        )
        .unwrap_err()
        .to_string();
        assert!(err.contains("cut_down_of"), "{err}");
    }
}

/// A region asked which platform for a card ranks only that region's platforms that list it.
#[test]
fn a_region_asked_ranks_its_own_platforms() {
    let c = Catalog::embedded().unwrap();
    for (q, card) in [
        (
            "以前用 runpod，现在想换到国内平台跑 4090，推荐哪个",
            "rtx-4090",
        ),
        ("国内平台 a100 选哪家", "a100-80g-sxm"),
        (
            "moving from lambda to a chinese platform for an rtx 3090, which one",
            "rtx-3090",
        ),
    ] {
        let lines = read(&c, q).lines();
        let [line] = lines.as_slice() else {
            panic!("{q}: {lines:?}");
        };
        let words: Vec<&str> = line.split(' ').collect();
        assert_eq!(words[..2], ["/compare", card], "{q}: {line}");
        let platforms: Vec<_> = words.iter().filter_map(|w| c.find_platform(w)).collect();
        assert!(!platforms.is_empty(), "{q}: {line}");
        for p in platforms {
            assert_eq!(p.region, "cn", "{q}: {line}");
            assert!(p.prices_for(card).next().is_some(), "{q}: {line}");
        }
    }
}

/// A sum in a currency the bot holds no rate for, asked in another, is read as `/convert` and
/// answered that the rate is missing, in both languages, with no figure guessed.
#[test]
fn a_sum_without_a_rate_is_converted_and_the_missing_rate_said() {
    let w = world();
    for (locale, q, line) in [
        ("zh", "5000日元是多少人民币", "/convert 5000jpy to cny"),
        (
            "en",
            "how much is 20000 yen in usd",
            "/convert 20000jpy to usd",
        ),
    ] {
        let me = ChatRef::terminal(Some(locale));
        let replies = w.bot.handle(&me, Input::Text(q.into())).replies;
        let t = text(&replies, w.bot.lang_for(&me));
        assert!(t.contains(line), "{q}: {t}");
        let ids = message_ids(&replies);
        assert!(
            ids.iter().any(|i| i == "billing-error-no-fx"),
            "{q}: {ids:?}\n{t}"
        );
        assert!(
            !t.contains('¥') && !t.contains('$'),
            "{q}: no figure guessed\n{t}"
        );
    }
}

/// `/fit rtx-4090` (a card, no model) and `我有了4090，告诉我能跑什么`: the models that fit that
/// card, sized on its own capacity (not the tightest card of its size), each named model's own
/// `/fit` on the card fitting with the same GiB left.
#[test]
fn a_card_with_no_model_names_what_fits_on_that_card() {
    let cat = Catalog::embedded().unwrap();
    let w = world();
    for (q, line) in [
        ("我有了4090，告诉我能跑什么", "/fit rtx-4090"),
        ("what can I run on a 3090", "/fit rtx-3090"),
        ("l40s 能跑哪些模型", "/fit l40s"),
    ] {
        assert_eq!(read(&cat, q).lines(), vec![line.to_string()], "{q}");
    }
    for id in ["rtx-4090", "rtx-3090", "l40s"] {
        let me = ChatRef::terminal(Some("en"));
        let replies = w.bot.handle(&me, Input::Text(format!("/fit {id}"))).replies;
        assert_eq!(msgs(&replies, "fit-memory-read-on").len(), 1, "{id}");
        assert!(named_models_fit_on(&w, &me, &replies, id) > 0, "{id}");
    }
}

fn line(q: &str) -> Vec<String> {
    read(&Catalog::embedded().unwrap(), q).lines()
}

/// A head count with "each" multiplies a bill's cards but never a fit's: each person's job is
/// on one card (or on the cards each has), and the people are no batch served at once.
#[test]
fn each_persons_fit_is_on_their_own_cards() {
    for (q, want) in [
        (
            "8 students each want to run qwen2.5-7b on an a10, does it fit",
            "/fit qwen2.5-7b a10",
        ),
        (
            "我们组 3 个人 每人两张 4090 lora 微调 qwen2.5-14b 够吗",
            "/fit qwen2.5-14b lora 2xrtx-4090",
        ),
    ] {
        assert_eq!(line(q), vec![want.to_string()], "{q}");
    }
    // The same people in a bill: every card is paid for.
    assert_eq!(
        line("我们组 3 个人 每人两张 4090 用一天 多少钱"),
        vec!["/compare rtx-4090 1d cards=6".to_string()]
    );
}

/// A price said as paid on another cloud, beside a card asked here, is never the job's price:
/// whatever the count, the reading prices the card here (`/compare`), never a bill at the
/// user's figure (a whole machine's price multiplied by its cards again).
#[test]
fn a_price_paid_elsewhere_is_never_costed_as_the_job() {
    use bot_core::understand::{Reading, Request};
    let catalog = Catalog::embedded().unwrap();
    for q in [
        "lambda gives me 8x a100 for $14/h, what would 8 a100 cost here",
        "在阿里云 4 张 a10 一小时 40 块，你们这边多少",
        "coreweave bills $4.25/h per h100, price here?",
    ] {
        match read(&catalog, q) {
            Reading::Command(Request::Compare(_)) => {}
            other => panic!("{q}: {:?}", other.lines()),
        }
    }
}
