//! A "from" price is a floor (the cheapest configuration a platform lists), not a price a user
//! can count on, so every ranking puts a firm quote ahead of it (issue 25: `/compare 4090 3h`
//! ranked Matpool's `from ¥1.54` first). The rule, as comparison indexes keep unverifiable
//! listings out of the figure they rank by: firm prices rank first, cheapest first; the
//! platforms priced on floors alone follow in a labelled group, cheapest first; within one
//! platform a firm quote prices the job whenever one can. Checked in the engine (`compare`,
//! live re-sorting, the /pick `Pricer`), the chat (/compare, /cost, /pick in zh and en) and
//! the /tco JSON basis. Fixture rows are ours: no shipped price is assumed.

use super::chat::{self, ask, bot_with, today};
use bot_core::availability::{FetchOutcome, StockLevel, now_unix, record_fetch};
use bot_core::billing::{self, Job, RankedOffer};
use bot_core::catalog::{Platform, PriceQuote};
use bot_core::units::TimeUnit;
use bot_core::{Catalog, ChatRef, Input, Lang, Localizer};
use rust_decimal::Decimal;

/// The embedded catalog with the RTX 4090, 3090 and L40S priced by our rows only:
/// - 4090: AutoDL firm ¥2.00, RunPod firm $0.40, Matpool "from ¥1.00" (cheapest of all),
///   Featurize "from ¥0.80" beside its own firm ¥2.50;
/// - 3090: floors alone, Matpool "from ¥1.29", Featurize "from ¥1.50";
/// - L40S: RunPod firm $0.30, Vast "from $0.05" (a floor far below it).
fn catalog() -> Catalog {
    let cat = Catalog::embedded().unwrap();
    let mut platforms: Vec<Platform> = cat.platforms.clone();
    let ours = ["rtx-4090", "rtx-3090", "l40s"];
    for p in &mut platforms {
        p.prices.retain(|q| !ours.contains(&q.gpu.as_str()));
        let rows: &[(&str, &str, &str, bool)] = match p.id.as_str() {
            "autodl" => &[("rtx-4090", "2.00", "CNY", false)],
            "runpod" => &[
                ("rtx-4090", "0.40", "USD", false),
                ("l40s", "0.30", "USD", false),
            ],
            "matpool" => &[
                ("rtx-4090", "1.00", "CNY", true),
                ("rtx-3090", "1.29", "CNY", true),
            ],
            "featurize" => &[
                ("rtx-4090", "0.80", "CNY", true),
                ("rtx-4090", "2.50", "CNY", false),
                ("rtx-3090", "1.50", "CNY", true),
            ],
            "vast" => &[("l40s", "0.05", "USD", true)],
            _ => &[],
        };
        for &(gpu, amount, currency, from) in rows {
            p.prices
                .push(chat::priced_from(gpu, amount, currency, from));
        }
    }
    chat::with_platforms(&cat, platforms)
}

/// Firm offers first, each group cheapest first (worst case), ties by platform id.
fn assert_ranked(offers: &[RankedOffer], what: &str) {
    let ids: Vec<(&str, bool)> = offers
        .iter()
        .map(|o| (o.platform_id.as_str(), o.is_floor()))
        .collect();
    for w in offers.windows(2) {
        let key = |o: &RankedOffer| (o.is_floor(), o.cost.total_cost);
        assert!(key(&w[0]) <= key(&w[1]), "{what}: {ids:?}");
    }
}

fn jobs() -> Vec<(&'static str, Job)> {
    let mut boot = Job::one_off(Decimal::from(40 * 60));
    boot.boot = Decimal::from(180);
    vec![
        ("3h", Job::one_off(Decimal::from(3 * 3600))),
        ("40m+boot", boot),
        ("daily 4h x 30", Job::daily(Decimal::from(4), 30)),
        ("always 1 month", Job::always_on(1)),
        ("45 days held", Job::one_off(Decimal::from(45 * 86_400))),
    ]
}

#[test]
fn compare_ranks_firm_quotes_ahead_of_floors_for_every_job_and_currency() {
    let cat = catalog();
    for (name, job) in jobs() {
        for cur in ["USD", "CNY"] {
            let offers = billing::compare(&cat, "rtx-4090", 1, &job, cur, today()).unwrap();
            let ids: Vec<&str> = offers.iter().map(|o| o.platform_id.as_str()).collect();
            assert_ranked(&offers, &format!("{name} {cur}"));
            // Matpool's floor is the cheapest figure of all, and still last.
            assert_eq!(ids.last(), Some(&"matpool"), "{name} {cur}: {ids:?}");
            assert!(offers.last().unwrap().is_floor(), "{name} {cur}");
            // Featurize is priced on its firm ¥2.50, never its cheaper floor.
            let f = offers
                .iter()
                .find(|o| o.platform_id == "featurize")
                .unwrap();
            assert!(!f.is_floor(), "{name} {cur}: {:?}", f.quote);
            assert_eq!(f.quote.amount, "2.50".parse::<Decimal>().unwrap());
        }
    }
    // Floors alone: every row a floor, cheapest first (¥1.29 before ¥1.50 for the same job,
    // the two platforms' rules permitting).
    let job = Job::one_off(Decimal::from(3 * 3600));
    let offers = billing::compare(&cat, "rtx-3090", 1, &job, "CNY", today()).unwrap();
    assert_eq!(offers.len(), 2);
    assert!(offers.iter().all(RankedOffer::is_floor));
    assert_ranked(&offers, "3090");
    // `/cost` on one platform takes the same choice.
    let fz = cat.platform("featurize").unwrap();
    let o = billing::platform_cost(&cat, fz, "rtx-4090", 1, &job, "CNY", today()).unwrap();
    assert!(!o.is_floor() && o.quote.amount == "2.50".parse::<Decimal>().unwrap());
}

/// The /pick card step prices each card with `Pricer`: its figure and flag are `compare`'s
/// first row, so a card with any firm price is priced firm, and one with floors alone is
/// marked.
#[test]
fn the_pick_pricer_takes_the_first_row_of_compare_floor_flag_included() {
    let cat = catalog();
    for (name, job) in jobs() {
        for cur in ["USD", "CNY"] {
            let mut pricer = billing::Pricer::new(&cat, &job, cur);
            for gpu in ["rtx-4090", "rtx-3090", "l40s"] {
                let first = billing::compare(&cat, gpu, 1, &job, cur, today())
                    .unwrap()
                    .into_iter()
                    .next()
                    .unwrap();
                let marked = pricer.cheapest_total_marked(gpu, 1);
                assert_eq!(
                    marked,
                    Some((first.cost.total_cost, first.is_floor())),
                    "{name} {cur} {gpu}"
                );
            }
        }
    }
}

/// A fresh live price is a firm quote: it outranks the catalog's floor for its platform, and
/// takes its place among the firm prices by its total.
#[test]
fn a_fresh_live_price_is_firm_and_the_floors_stay_last() {
    let (bot, _d) = bot_with(catalog());
    let now = now_unix();
    // Vast sells the L40S "from $0.05" in the catalog; live, it is $0.25.
    record_fetch(
        &bot.store,
        "vast",
        FetchOutcome::Offers(vec![super::live_prices::offer(
            "vast",
            "l40s",
            25,
            StockLevel::Available,
            now,
        )]),
        now,
    )
    .unwrap();
    let live = bot_core::availability::live_quotes(&bot.store, "l40s", 1, now).unwrap();
    let job = Job::one_off(Decimal::from(3 * 3600));
    let cat = catalog();
    let listed = billing::compare(&cat, "l40s", 1, &job, "USD", today()).unwrap();
    assert_eq!(listed.last().map(|o| o.platform_id.as_str()), Some("vast"));
    assert!(listed.last().unwrap().is_floor());
    let (ranked, used) =
        billing::with_live_prices(&cat, listed, "l40s", 1, &job, "USD", today(), &live);
    assert_eq!(used.len(), 1);
    assert_ranked(&ranked, "live");
    assert_eq!(ranked[0].platform_id, "vast", "{ranked:?}");
    assert!(!ranked[0].is_floor());
    let en = ask(&bot, "en", "/compare l40s 3h");
    assert!(!en.contains("“from” price"), "{en}");
}

/// A plain-text table's rows in order (a row: a rank, then cells two spaces apart), cells
/// trimmed.
fn rows(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .filter(|l| {
            l.split_whitespace()
                .next()
                .is_some_and(|w| w.parse::<u32>().is_ok())
        })
        .map(|l| {
            l.split("  ")
                .filter(|c| !c.trim().is_empty())
                .map(|c| c.trim().to_string())
                .collect::<Vec<_>>()
        })
        .filter(|r| r.len() >= 4)
        .collect()
}

#[test]
fn compare_in_the_chat_puts_floors_last_labelled_in_both_languages() {
    let (bot, _d) = bot_with(catalog());
    for (locale, line, from_word, group) in [
        ("en", "/compare 4090 3h", "from ", "Row 4 is a “from” price"),
        ("zh", "/compare 4090 3小时", " 起", "第 4 行是“起价”"),
        (
            "en",
            "/compare 4090 daily 4h currency=cny",
            "from ",
            "Row 4 is a “from” price",
        ),
        ("zh", "/compare 4090 40分钟", " 起", "第 4 行是“起价”"),
    ] {
        let text = ask(&bot, locale, line);
        let table = rows(&text);
        assert_eq!(table.len(), 4, "{locale} {line}: {text}");
        let last = table.last().unwrap().join(" | ");
        assert!(
            last.contains("矩池云") || last.contains("Matpool"),
            "{text}"
        );
        // The floor's list price and its total both keep the word.
        assert_eq!(
            last.matches(from_word.trim()).count(),
            2,
            "{locale}: {last}"
        );
        for r in &table[..3] {
            let r = r.join(" | ");
            assert!(!r.contains(from_word.trim()), "{locale}: {r}");
        }
        // Featurize's row is its firm ¥2.50.
        assert!(text.contains("¥2.50/"), "{text}");
        assert!(text.contains(group), "{locale}: {text}");
    }
    // Floors alone: said so, no "firm prices rank first".
    let en = ask(&bot, "en", "/compare 3090 3h");
    assert!(
        en.contains("Rows 1–2 are “from” prices") && en.contains("No platform gives a firm price"),
        "{en}"
    );
    let zh = ask(&bot, "zh", "/compare 3090 3h");
    assert!(
        zh.contains("第 1–2 行是“起价”") && zh.contains("没有平台给出"),
        "{zh}"
    );
}

#[test]
fn cost_on_a_floor_says_its_total_is_a_floor() {
    let (bot, _d) = bot_with(catalog());
    let en = ask(&bot, "en", "/cost matpool 3090 3h");
    let total = en
        .lines()
        .find(|l| l.starts_with("Total:"))
        .unwrap_or_default();
    assert!(total.starts_with("Total: from "), "{en}");
    assert!(
        en.contains("is a floor") && !en.contains("real total lies between"),
        "{en}"
    );
    let zh = ask(&bot, "zh", "/cost 矩池云 3090 3小时");
    assert!(zh.contains("只是下限") && zh.contains(" 起"), "{zh}");
    // A firm price keeps the plain total.
    let en = ask(&bot, "en", "/cost featurize 4090 3h");
    assert!(
        en.contains("¥2.50/hour") && !en.contains("is a floor"),
        "{en}"
    );
}

/// [`catalog`] with every other card unpriced, so the /pick card step shows ours.
fn only_ours() -> Catalog {
    let cat = catalog();
    let mut platforms: Vec<Platform> = cat.platforms.clone();
    for p in &mut platforms {
        p.prices
            .retain(|q| ["rtx-4090", "rtx-3090", "l40s"].contains(&q.gpu.as_str()));
    }
    chat::with_platforms(&cat, platforms)
}

/// `/pick` to the result for the RTX 4090 (no barriers): the floor platform is not among the
/// top three, which are the three firm prices; the card step ranks the 3090 (floors alone,
/// labelled) after the firm-priced cards of its speed tier, however low its floor.
#[test]
fn pick_ranks_firm_prices_first_at_the_card_step_and_the_result() {
    let (bot, _d) = bot_with(only_ours());
    for locale in ["en", "zh"] {
        let who = ChatRef::terminal(Some(locale));
        let lang = Lang::from_locale(Some(locale));
        let mut card_step = Vec::new();
        let mut last = String::new();
        for (tap, input) in [
            (false, "/pick"),
            (true, "t:serve"),
            (true, "m:qwen2.5-7b"),
            (true, "q:int4"),
            (true, "c:4096"),
            (true, "n:1"),
            (true, "u:3h"),
            (false, "4090"),
            (true, "b:done"),
        ] {
            let input = match tap {
                true => Input::Choice(input.into()),
                false => Input::Text(input.into()),
            };
            let a = bot.handle(&who, input);
            if card_step.is_empty() {
                card_step = a
                    .replies
                    .iter()
                    .flat_map(|r| r.choices.iter())
                    .filter(|c| c.id.starts_with("g:"))
                    .map(|c| Localizer::get().format(lang, &c.label))
                    .collect();
            }
            last = a
                .replies
                .iter()
                .map(|r| Localizer::get().render_plain(lang, r))
                .collect::<Vec<_>>()
                .join("\n");
        }
        let at = |card: &str| card_step.iter().position(|l| l.contains(card));
        let floor = if locale == "en" {
            "(a “from” price"
        } else {
            "（按“起”价算"
        };
        let (Some(l4090), Some(l3090)) = (at("4090"), at("3090")) else {
            panic!("{locale}: {card_step:?}");
        };
        assert!(l4090 < l3090, "{locale}: {card_step:?}");
        assert!(card_step[l3090].contains(floor), "{locale}: {card_step:?}");
        assert!(!card_step[l4090].contains(floor), "{locale}: {card_step:?}");
        let result = rows(&last);
        assert!(!result.is_empty(), "{locale}: {last}");
        for r in result.iter().take(3) {
            let r = r.join(" | ");
            assert!(
                !r.contains("Matpool") && !r.contains("矩池云"),
                "{locale}: {last}"
            );
        }
    }
}

/// `tco --json`'s basis: the firm quote the price came from (platform, listed price, tier,
/// instance, date, source), "from" only for a card with floors alone; none for a setup that
/// does not fit, which carries no price or cost either.
#[test]
fn tco_json_carries_the_price_basis_and_no_fit_carries_no_cost() {
    use bot_core::answer::tco::{catalog_price, tco_json};
    use bot_core::tco::TcoQuery;
    use bot_core::vram::{ModelRef, Quant};
    let cat = catalog();
    let model = ModelRef::Known(cat.model("qwen2.5-7b").unwrap());
    for (gpu, platform, from, price) in [
        ("rtx-4090", "autodl", false, "2.00"),
        ("rtx-3090", "matpool", true, "1.29"),
    ] {
        let g = cat.gpu(gpu).unwrap();
        let (per_hour, basis) = catalog_price(&cat, g, 1, "USD").unwrap();
        let q = TcoQuery {
            model,
            quant: Quant::Int4,
            gpu: g,
            cards: 1,
            price_per_hour: per_hour,
            tokens_per_day: 2e7,
            api_price_per_mtok: None,
            plan_per_day: None,
            cpu_moe: None,
        };
        let v = serde_json::to_value(tco_json(&cat, &q, "USD", &basis).unwrap()).unwrap();
        let b = &v["price_basis"];
        assert_eq!(b["kind"], "catalog", "{v}");
        assert_eq!(b["platform_id"], platform, "{v}");
        assert_eq!(b["from"], from, "{v}");
        let listed: f64 = price.parse().unwrap();
        assert_eq!(b["list_price"].as_f64(), Some(listed), "{v}");
        assert_eq!(b["price_currency"], "CNY");
        assert_eq!(b["tier"], "on_demand");
        assert_eq!(b["per"], "hour");
        assert_eq!(b["instance_cards"], 1);
        assert_eq!(b["as_of"], "2026-11-20");
        assert!(b["source"].as_str().unwrap().starts_with("https://"), "{v}");
        assert!(v["price_per_hour"].as_f64().unwrap() > 0.0, "{v}");
    }
    // 70B in BF16 on one 4090: no fit, so no price, basis or cost.
    let big = ModelRef::Known(cat.model("qwen2.5-72b").unwrap());
    let g = cat.gpu("rtx-4090").unwrap();
    let (per_hour, basis) = catalog_price(&cat, g, 1, "USD").unwrap();
    let q = TcoQuery {
        model: big,
        quant: Quant::Bf16,
        gpu: g,
        cards: 1,
        price_per_hour: per_hour,
        tokens_per_day: 2e7,
        api_price_per_mtok: Some(Decimal::new(3, 1)),
        plan_per_day: None,
        cpu_moe: None,
    };
    let v = serde_json::to_value(tco_json(&cat, &q, "USD", &basis).unwrap()).unwrap();
    assert_eq!(v["verdict"], "no_fit", "{v}");
    for (key, x) in v.as_object().unwrap() {
        let priced = key == "price_per_hour" || key == "price_basis" || key.contains("cost");
        assert!(!priced || x.is_null(), "{key}: {v}");
    }
}

/// A promotion chosen as a card's cheapest hour is labelled: in /fit's price column and in
/// /tco, which also names the platform whose price it is.
#[test]
fn a_promotion_chosen_as_the_cheapest_hour_is_labelled() {
    let cat = catalog();
    let mut platforms: Vec<Platform> = cat.platforms.clone();
    for p in &mut platforms {
        if p.id == "gongji" {
            let mut q = chat::priced_from("rtx-4090", "1.50", "CNY", false);
            q.tier = "promo".into();
            p.prices.push(q);
        }
    }
    let cat = chat::with_platforms(&cat, platforms);
    let (bot, _d) = bot_with(cat);
    for (locale, promo, named) in [
        (
            "en",
            "promotion",
            "That price is Gongji Compute's (promotion).",
        ),
        ("zh", "限时优惠", "这是共绩算力的价格（限时优惠）。"),
    ] {
        let fit = ask(&bot, locale, "/fit qwen2.5-7b int4");
        let row = fit
            .lines()
            .find(|l| l.contains("4090") && l.contains('/'))
            .unwrap_or_default();
        assert!(row.contains(promo), "{locale}: {fit}");
        let tco = ask(&bot, locale, "/tco qwen2.5-7b int4 4090 20m");
        assert!(tco.contains(named), "{locale}: {tco}");
        // A firm on-demand card price (AutoDL's RTX 3060 list price, among the six rows shown
        // since its full list of 2026-10-04) carries no tier word.
        let firm = fit
            .lines()
            .find(|l| l.contains("3060") && l.contains('/'))
            .unwrap_or_default();
        assert!(!firm.is_empty() && !firm.contains(promo), "{locale}: {fit}");
    }
}

/// Around the clock /tco takes a firm prepaid plan when it is cheaper than 24 hourly prices,
/// and its JSON names that plan; a "from" plan is never put in place of a price.
#[test]
fn tco_json_names_the_prepaid_plan_it_used_and_never_a_floor_plan() {
    use bot_core::answer::tco::{catalog_price, tco_json, with_plan};
    use bot_core::tco::TcoQuery;
    use bot_core::vram::{ModelRef, Quant};
    for from in [false, true] {
        let cat = catalog();
        let mut platforms: Vec<Platform> = cat.platforms.clone();
        for p in &mut platforms {
            if p.id == "ucompshare" {
                p.prices.retain(|q| q.gpu != "rtx-4090");
                let mut q =
                    PriceQuote::user("900".parse().unwrap(), TimeUnit::Month, "CNY", "month");
                q.gpu = "rtx-4090".into();
                q.cards = 1;
                q.as_of = "2026-11-18".into();
                q.undated = false;
                q.from = from;
                q.source = "https://example.com/plans".into();
                p.prices.push(q);
            }
        }
        let cat = chat::with_platforms(&cat, platforms);
        let g = cat.gpu("rtx-4090").unwrap();
        let (per_hour, basis) = catalog_price(&cat, g, 1, "CNY").unwrap();
        let q = TcoQuery {
            model: ModelRef::Known(cat.model("qwen2.5-7b").unwrap()),
            quant: Quant::Int4,
            gpu: g,
            cards: 1,
            price_per_hour: per_hour,
            tokens_per_day: 2e7,
            api_price_per_mtok: None,
            plan_per_day: None,
            cpu_moe: None,
        };
        let (q, line) = with_plan(&cat, Lang::En, q, &basis, "CNY");
        let v = serde_json::to_value(tco_json(&cat, &q, "CNY", &basis).unwrap()).unwrap();
        let plan = &v["price_basis"]["prepaid_plan"];
        if from {
            assert!(line.is_none() && q.plan_per_day.is_none(), "{v}");
            assert!(plan.is_null(), "{v}");
        } else {
            assert!(line.is_some(), "{v}");
            assert_eq!(plan["platform_id"], "ucompshare", "{v}");
            assert_eq!(plan["unit"], "month", "{v}");
            assert_eq!(plan["list_price"].as_f64(), Some(900.0), "{v}");
            assert_eq!(plan["as_of"], "2026-11-18", "{v}");
            // 900 a 730-hour month, per day of 24 hours.
            let day = plan["per_day"].as_f64().unwrap();
            assert!((day - 900.0 * 24.0 / 730.0).abs() < 1e-6, "{v}");
            assert!((v["always_on_cost_per_day"].as_f64().unwrap() - day).abs() < 1e-6);
        }
        // The hourly basis is AutoDL's firm ¥2.00 either way.
        assert_eq!(v["price_basis"]["platform_id"], "autodl", "{v}");
    }
}

/// The /pick result for a card with floors alone: every row says "from" on its total, and
/// the answer names the rows and the rule, in both languages.
#[test]
fn pick_result_on_floors_alone_says_so() {
    let (bot, _d) = bot_with(only_ours());
    for (locale, from_word, group) in [
        ("en", "from ", "Rows 1–2 are “from” prices"),
        ("zh", " 起", "第 1–2 行是“起价”"),
    ] {
        let who = ChatRef::terminal(Some(locale));
        let lang = Lang::from_locale(Some(locale));
        let steps = [
            (false, "/pick"),
            (true, "t:serve"),
            (true, "m:qwen2.5-7b"),
            (true, "q:int4"),
            (true, "c:4096"),
            (true, "n:1"),
            (true, "u:3h"),
            (false, "3090"),
            (true, "b:done"),
        ];
        let last = chat::walk(&bot, &who, &steps)
            .iter()
            .map(|r| Localizer::get().render_plain(lang, r))
            .collect::<Vec<_>>()
            .join("\n");
        let result = rows(&last);
        assert_eq!(result.len(), 2, "{locale}: {last}");
        for r in &result {
            assert!(r.join(" | ").contains(from_word.trim()), "{locale}: {last}");
        }
        assert!(last.contains(group), "{locale}: {last}");
    }
}
