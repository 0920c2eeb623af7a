//! `/convert`, `/cost`, `/compare` through the bot, in both languages.

use bot_core::answer::billing::parse_job_request;
use bot_core::billing::{BillingError, Pattern};
use bot_core::reply::Part;
use bot_core::{Bot, Catalog, ChatRef, Input, Lang, Localizer, Reply, Store};
use rust_decimal::Decimal;
use std::sync::Arc;

fn d(s: &str) -> Decimal {
    s.parse().unwrap()
}

struct Env {
    bot: Bot,
    _dir: tempfile::TempDir,
}

fn env() -> Env {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("t.redb")).unwrap();
    let mut bot = Bot::new(Arc::new(Catalog::embedded().unwrap()), Arc::new(store));
    bot.today = bot_core::catalog::parse_date("2026-11-30");
    Env { bot, _dir: dir }
}

fn ask(e: &Env, locale: &str, line: &str) -> (Reply, String) {
    let who = ChatRef::terminal(Some(locale));
    let replies = e.bot.handle(&who, Input::Text(line.to_string())).replies;
    assert_eq!(replies.len(), 1, "{line}");
    let r = replies.into_iter().next().unwrap();
    let lang = Lang::from_locale(Some(locale));
    // Every message must format cleanly (no missing id or argument) in this language.
    for p in &r.parts {
        if let Part::Text(m) = p {
            Localizer::get()
                .try_format(lang, m)
                .unwrap_or_else(|err| panic!("{line}: {err}"));
        }
    }
    let text = Localizer::get().render_plain(lang, &r);
    (r, text)
}

#[test]
fn convert_answers_in_both_languages_with_month_and_rate() {
    let e = env();
    let (_, en) = ask(&e, "en", "/convert 0.0007 usd/s to hour");
    // 0.0007 × 3600 = 2.52
    assert!(en.contains("$0.0007/second = $2.52/hour"), "{en}");
    let (_, zh) = ask(&e, "zh", "/convert ¥2/小时 换成 月");
    // 2 × 730 = 1460
    assert!(zh.contains("¥2.00/小时 = ¥1460.00/月"), "{zh}");
    assert!(zh.contains("730 小时"), "{zh}");
    let (_, en) = ask(&e, "en", "/convert $0.69/hr to hour cny fx=7");
    // 0.69 × 7 = 4.83, the user's rate shown.
    assert!(en.contains("¥4.83/hour"), "{en}");
    assert!(en.contains("1 USD = 7 CNY"), "{en}");
    let (_, en) = ask(&e, "en", "/convert 1 usd/h to cny");
    let cat = Catalog::embedded().unwrap();
    let row = &cat.fx[0];
    assert!(en.contains(&row.as_of), "the rate's date is shown: {en}");
}

/// A target may follow the price without "to": the same answer as with it, whatever the
/// spacing; a line that has no readable target is still refused as before.
#[test]
fn convert_reads_a_target_after_the_price_without_to() {
    let e = env();
    for (without, with) in [
        (
            "/convert 2.5usd/h cny/day fx=7.2",
            "/convert 2.5usd/h to cny/day fx=7.2",
        ),
        (
            "/convert 2.5 usd/h day fx=7.2",
            "/convert 2.5 usd/h to day fx=7.2",
        ),
        (
            "/convert 0.9 eur/hour month usd fx=1.1",
            "/convert 0.9 eur/hour to month usd fx=1.1",
        ),
    ] {
        let (_, a) = ask(&e, "en", without);
        let (_, b) = ask(&e, "en", with);
        assert!(!a.contains("unknown unit"), "{without}: {a}");
        assert_eq!(a, b, "{without}");
    }
    let (r, en) = ask(&e, "en", "/convert 2 usd/h fortnight");
    assert!(en.contains("\"fortnight\""), "{en}");
    assert!(r.message_ids().contains(&"usage-convert"), "{en}");
}

#[test]
fn convert_errors_say_what_was_wrong() {
    let e = env();
    let (r, en) = ask(&e, "en", "/convert 2 usd/fortnight to hour");
    assert!(en.contains("\"fortnight\""), "{en}");
    assert!(r.message_ids().contains(&"usage-convert"));
    let (_, zh) = ask(&e, "zh", "/convert -2 usd/h to s");
    assert!(zh.contains("不能是负数"), "{zh}");
    let (_, en) = ask(&e, "en", "/convert 2 usd/h to mtok");
    assert!(en.contains("tps="), "{en}");
    let (_, en) = ask(&e, "en", "/convert 2 usd/h to hour eur");
    assert!(en.contains("no exchange rate from USD to EUR"), "{en}");
}

#[test]
fn cost_shows_breakdown_assumptions_and_sources() {
    let e = env();
    let (r, en) = ask(
        &e,
        "en",
        "/cost runpod 4090 40m boot=3m pull=2m storage=50gb currency=usd",
    );
    // RunPod community 4090 $0.34/h, per second, boot and pull assumed billed, its minimum
    // charge unpublished: the worst case bills one unit of the price (1 h), said as assumed.
    assert!(en.contains("Compute: $0.34"), "{en}");
    assert!(en.contains("Billed time: 1h for 40m"), "{en}");
    assert!(
        en.contains("a minimum charge of 1h a session (assumed"),
        "{en}"
    );
    assert!(en.contains("assumed, not verified"), "{en}");
    assert!(
        en.contains("docs.runpod.io"),
        "the rule's source is shown: {en}"
    );
    assert!(en.contains("730 hours"), "storage uses a month: {en}");
    assert!(r.message_ids().contains(&"billing-stale-note"));
    let (_, zh) = ask(&e, "zh", "/cost runpod 4090 40分钟 boot=3m");
    assert!(zh.contains("计费时长") && zh.contains("汇率"), "{zh}");
}

#[test]
fn cost_storage_with_unknown_price_is_not_shown_as_zero() {
    let e = env();
    let (r, _) = ask(&e, "en", "/cost autodl 4090 1h storage=50gb");
    assert!(r.message_ids().contains(&"billing-storage-unknown"));
    assert!(!r.message_ids().contains(&"billing-storage"));
}

#[test]
fn cost_names_did_you_mean_for_unknown_names() {
    let e = env();
    let (_, en) = ask(&e, "en", "/cost autodl 4909 40m");
    assert!(
        en.contains("4909") && en.contains("GeForce RTX 4090"),
        "{en}"
    );
    let (_, en) = ask(&e, "en", "/cost runpood 4090 40m");
    assert!(en.contains("runpood") && en.contains("RunPod"), "{en}");
    let (_, en) = ask(&e, "en", "/cost runpod 4090 40m colour=blue");
    assert!(en.contains("\"colour\""), "{en}");
    let (_, en) = ask(&e, "en", "/cost runpod 4090 40 lightyears");
    assert!(en.contains("lightyears"), "{en}");
    let (_, en) = ask(&e, "en", "/cost runpod 4090 40m storage=5bananas");
    assert!(en.contains("bananas"), "{en}");
    let (_, en) = ask(&e, "en", "/cost runpod 4090 99999999999999999999999999h");
    assert!(en.contains("100 years"), "{en}");
}

#[test]
fn compare_ranks_and_labels_stale_prices() {
    let e = env();
    let (r, en) = ask(&e, "en", "/compare 4090 40m");
    assert!(en.contains("cheapest first"), "{en}");
    // The whole answer (a phone's first message shows the top three as lines).
    let table = r
        .whole()
        .iter()
        .find_map(|p| match p {
            Part::Table(t) => Some(t),
            _ => None,
        })
        .unwrap();
    assert!(table.rows.len() >= 3);
    // Sorted by the total column, the worst case of a range ("$0.1933", "$0.12–$0.1933"),
    // firm prices first and "from" floors ("from $0.68–$0.70") after them.
    let totals: Vec<(bool, Decimal)> = table
        .rows
        .iter()
        .map(|row| {
            let floor = row[5].starts_with("from ");
            let worst = row[5].rsplit('–').next().unwrap();
            (
                floor,
                d(worst.trim_start_matches("from ").trim_start_matches('$')),
            )
        })
        .collect();
    assert!(totals.windows(2).all(|w| w[0] <= w[1]), "{totals:?}");
    assert!(table.rows.iter().any(|row| row[7].ends_with('*')));
    let (_, zh) = ask(&e, "zh", "/compare 4090 每天 4h");
    // Durations read as Chinese (issue 27).
    assert!(zh.contains("每天 4小时，共 30 天"), "{zh}");
    let (_, zh) = ask(&e, "zh", "/compare h100 always");
    assert!(
        zh.contains("常开 1 个月") && zh.contains("730 小时"),
        "{zh}"
    );
}

#[test]
fn job_requests_parse_forgivingly() {
    let r = parse_job_request("autodl rtx 4090 1.5h boot=3m idle=10分钟 storage=50gb").unwrap();
    assert_eq!(r.names, ["autodl", "rtx", "4090"]);
    assert_eq!(r.job.work, d("5400"));
    assert_eq!((r.job.boot, r.job.idle), (d("180"), d("600")));
    assert_eq!(r.job.storage_gb, d("50"));
    let r = parse_job_request("4090 3 hours").unwrap();
    assert_eq!(
        (r.names.as_slice(), r.job.work),
        (&["4090".to_string()][..], d("10800"))
    );
    let r = parse_job_request("4090 daily 4h days=20").unwrap();
    assert_eq!(
        r.job.pattern,
        Pattern::Daily {
            hours: d("4"),
            days: 20
        }
    );
    let r = parse_job_request("4090 每天2小时").unwrap();
    assert_eq!(
        r.job.pattern,
        Pattern::Daily {
            hours: d("2"),
            days: 30
        }
    );
    let r = parse_job_request("h100 sxm always months=3 cards=8").unwrap();
    assert_eq!(r.job.pattern, Pattern::AlwaysOn { months: 3 });
    assert_eq!(r.cards, 8);
    assert_eq!(
        parse_job_request("4090 1h cards=0").unwrap_err(),
        BillingError::NotPositive { what: "cards" }
    );
    assert!(matches!(
        parse_job_request("4090 1h cards=99999999999"),
        Err(BillingError::TooLarge { what: "cards" })
    ));
}

#[test]
fn every_billing_message_exists_in_both_languages() {
    let l = Localizer::get();
    let en: Vec<String> = l
        .ids(Lang::En)
        .into_iter()
        .filter(|i| i.starts_with("billing-"))
        .collect();
    let zh: Vec<String> = l
        .ids(Lang::Zh)
        .into_iter()
        .filter(|i| i.starts_with("billing-"))
        .collect();
    assert_eq!(en, zh);
    assert!(en.len() > 40);
}

/// A card count written before the card, as `/fit` takes it, prices that many cards in `/compare`
/// and `/cost`, instead of looking up a GPU called "8x h100"; `cards=` written too wins, and a
/// name with digits (`4090`, `a100`) is never a count.
#[test]
fn a_count_before_the_card_is_the_number_of_cards() {
    for (args, names, cards) in [
        ("8x h100 1h", vec!["h100"], 8),
        ("2× 4090 3h", vec!["4090"], 2),
        ("2x4090 3h", vec!["4090"], 2),
        ("runpod 4xa100 2h", vec!["runpod", "a100"], 4),
        ("8x h100 1h cards=2", vec!["h100"], 2),
        ("4090 3h", vec!["4090"], 1),
        ("rtx 4090 always", vec!["rtx", "4090"], 1),
    ] {
        let r = parse_job_request(args).unwrap();
        assert_eq!(
            (r.names.clone(), r.cards),
            (
                names.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
                cards
            ),
            "{args}"
        );
    }
    let e = env();
    let (_, glued) = ask(&e, "en-US", "/compare 8x h100 1h");
    let (_, option) = ask(&e, "en-US", "/compare h100 1h cards=8");
    assert!(glued.contains("×8"), "{glued}");
    assert_eq!(glued, option);
    let (_, zh) = ask(&e, "zh-CN", "/cost runpod 2x4090 3h");
    assert!(zh.contains("×2"), "{zh}");
}

/// A duration left out (`gpuscout compare --gpu h100` without `--work`) is named as missing, in
/// both languages, never quoted as an empty `""`; a wrong one is still quoted.
#[test]
fn a_missing_duration_is_named_not_quoted_empty() {
    use bot_core::answer::billing::error_msg;
    let missing = parse_job_request("").unwrap_err();
    let wrong = parse_job_request("4090 abc").unwrap_err();
    for lang in [Lang::En, Lang::Zh] {
        let m = Localizer::get().format(lang, &error_msg(lang, &missing));
        assert!(!m.contains("\"\"") && !m.contains("“”"), "{m}");
        assert!(m.contains("Missing") || m.contains("缺少"), "{m}");
        let w = Localizer::get().format(lang, &error_msg(lang, &wrong));
        assert!(w.contains("abc"), "{w}");
    }
}
