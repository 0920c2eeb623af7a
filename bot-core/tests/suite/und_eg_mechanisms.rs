//! Price movement, alert cues, needs read whole, where the machines must be, and `offer` as a
//! stock word (helper und_eg, issue 26; cases written before the changes they test, beyond
//! corpus102's and corpus103's rows). A movement question is a trend over the window said,
//! never today's price; an alert cue with a card is a subscription; a negated need never
//! becomes its opposite filter; where the asker is never filters.

// One case checker for the reader-mechanism suites (und_dz's).
use super::und_dz_mechanisms::check;

/// The cards each generated case is tried with: the word typed and the catalog id.
const CARDS: &[(&str, &str)] = &[
    ("4090", "rtx-4090"),
    ("h100", "h100-sxm"),
    ("a100", "a100-80g-sxm"),
    ("3090", "rtx-3090"),
    ("l40s", "l40s"),
];

/// A word of price movement with a card is `/trend`, with the days of the window said and the
/// house's default (30, not written) where none is.
#[test]
fn a_price_movement_is_a_trend() {
    let mut cases = Vec::new();
    for (w, id) in CARDS {
        let plain = format!("/trend {id}");
        for q in [
            format!("{w} 近来价格有往下吗"),
            format!("{w} 近來價格有往下嗎"),
            format!("{w} 价格走势咋样"),
            format!("{w} 最近价格是往上还是往下"),
            format!("is {w} trending up?"),
            format!("is the {w} price trending down"),
            format!("best hour of the day to rent a {w}?"),
            format!("what time of day is the {w} cheapest to rent"),
            format!("has {w} got cheaper since last month"),
            format!("how has the {w} rental price moved this past month?"),
            format!("what time in day the {w} is most cheap?"),
            format!("二手 {w} 越来越便宜了，租的话 {w} 价格近期走势咋样"),
        ] {
            cases.push((q, plain.clone()));
        }
        for (q, days) in [
            (format!("最近一周 {w} 降价了没"), 7),
            (format!("过去两周 {w} 价格走势怎么样"), 14),
            (format!("{w} 过去一年价格怎么走的"), 365),
            (format!("{w} 近三个月价格涨了还是跌了"), 90),
            (format!("show {w} price chart for 90 days"), 90),
            (
                format!("has the {w} price gone down over the last 2 weeks?"),
                14,
            ),
            (
                format!("在纠结是买二手还是一直租，想看看租金的变化，{w} 过去一年价格怎么走的"),
                365,
            ),
            (format!("{w} price going up or down this week?"), 7),
        ] {
            cases.push((q, format!("/trend {id} days={days}")));
        }
    }
    check("movement", &cases);
}

/// An alert cue beside a card (`dd我`, `喊我`, `ping me`, `let me know when … shows up`,
/// `lmk`) asks for a subscription, in both locales and with a platform named.
#[test]
fn an_alert_cue_with_a_card_subscribes() {
    let mut cases = Vec::new();
    for (w, id) in CARDS {
        let sub = format!("/subscribe {id}");
        for q in [
            format!("蹲一个 {w}，有了dd我"),
            format!("{w} 有货了喊我"),
            format!("{w} 有货了叫我一声"),
            format!("{w} 上架了 call 我一下"),
            format!("ping me when {w} is back"),
            format!("pa-notify me when {w} is back"),
            format!("let me know when a {w} shows up"),
            format!("{w} in stock? lmk"),
        ] {
            cases.push((q, sub.clone()));
        }
        cases.push((
            format!("runpod {w} 有货 lmk"),
            format!("/subscribe {id} runpod"),
        ));
        cases.push((
            format!("when {w} is come on vast let me know"),
            format!("/subscribe {id} vast"),
        ));
    }
    check("alert cues", &cases);
}

/// A cancel word with an ordinal stays `/unsubscribe N`, whatever card the story names.
#[test]
fn a_cancelled_ordinal_stays_unsubscribe() {
    let mut cases = Vec::new();
    for (w, _) in CARDS {
        for (ord, n) in [("第一个", 1), ("第二个", 2), ("第三个", 3)] {
            cases.push((
                format!("那个 {w} 的提醒太吵了，取消{ord}提醒"),
                format!("/unsubscribe {n}"),
            ));
            cases.push((
                format!("把那个 {w} 的提醒删掉，{ord}"),
                format!("/unsubscribe {n}"),
            ));
        }
    }
    check("cancel ordinal", &cases);
}

/// A need read whole: `no need id verify` is no real-name check, `don't need a credit card`
/// is a platform that does without one; never the method as a filter.
#[test]
fn a_negated_need_is_read_whole() {
    let cases: Vec<(String, String)> = [
        ("which cloud no need id verify?", "/platforms no-real-name"),
        ("which site no need id", "/platforms no-real-name"),
        (
            "which site accept crypto and no need id",
            "/platforms crypto no-real-name",
        ),
        (
            "which platform accept paypal and no need id verify",
            "/platforms paypal no-real-name",
        ),
        (
            "platforms where i don't need a credit card",
            "/platforms no-card",
        ),
        (
            "platforms where i don`t need a credit card",
            "/platforms no-card",
        ),
        (
            "gpu clouds that don't need a credit card",
            "/platforms no-card",
        ),
        ("不想实名的平台有哪些", "/platforms no-real-name"),
        (
            "不想实名，支持支付宝的平台",
            "/platforms no-real-name alipay",
        ),
        ("只有 PayPal，哪些平台能用", "/platforms paypal"),
        ("只有支付宝 哪个平台可以", "/platforms alipay"),
        (
            "which cloud no need id verify, in europe, can?",
            "/platforms no-real-name eu",
        ),
    ]
    .iter()
    .map(|(q, e)| (q.to_string(), e.to_string()))
    .collect();
    check("needs whole", &cases);
}

/// Where the asker is (a country they live in, `every US provider` they tried) is no filter;
/// where the machines must be (`data must stay in the EU`) is, as the wider place said.
#[test]
fn the_askers_place_is_no_filter() {
    let mut cases: Vec<(String, String)> = Vec::new();
    for (pay, need) in [
        ("paypal", "paypal"),
        ("crypto", "crypto"),
        ("alipay", "alipay"),
    ] {
        cases.push((
            format!("I'm in Brazil and my cards keep getting declined by every US provider I try. Which gpu clouds accept {pay}?"),
            format!("/platforms {need}"),
        ));
        cases.push((
            format!("every US provider declined my card, which clouds take {pay}"),
            format!("/platforms {need}"),
        ));
    }
    for (w, id) in CARDS {
        for city in ["Frankfurt", "Munich", "Berlin"] {
            cases.push((
                format!("our team is in {city} and the client contract says data must stay in the EU: any on-demand {w} offers there?"),
                format!("/offers {id} region=eu on-demand"),
            ));
        }
    }
    check("asker's place", &cases);
}

/// `offer`/`offers`: a cheap one of a card asked to exist is the offers cheapest first; a
/// memory floor asked as offers is `/offers vram>=N` even beside the job it is for; a card's
/// offer asked plainly or under a cap stays the house's `/stock` (older corpora's labels).
#[test]
fn offer_is_a_stock_word() {
    let mut cases = Vec::new();
    for (w, id) in CARDS {
        cases.push((
            format!("vast上{w}有没有便宜的offer"),
            format!("/offers {id} vast"),
        ));
        cases.push((format!("有没有便宜的 {w} offer"), format!("/offers {id}")));
        cases.push((format!("有没有 {w} 的 offer"), format!("/stock {id}")));
        cases.push((
            format!("any offers for {w} under $0.4"),
            format!("/stock {id} 0.4usd/hour"),
        ));
    }
    for v in [48, 80, 96] {
        cases.push((
            format!("显存 {v}g 以上的卡现在有哪些 offer"),
            format!("/offers vram>={v}"),
        ));
        cases.push((
            format!("要跑 70b 的推理，显存 {v}g 以上的卡现在有哪些 offer"),
            format!("/offers vram>={v}"),
        ));
        cases.push((
            format!("any offers with {v}gb vram or more?"),
            format!("/offers vram>={v}"),
        ));
    }
    check("offer", &cases);
}

/// The moment or a wait asked with a window of past prices: the window's days, whatever
/// reader took the moment; buying weighed beside a price's movement is the movement.
#[test]
fn a_window_beside_the_moment_gives_the_days() {
    let mut cases = Vec::new();
    for (w, id) in CARDS {
        for (q, days) in [
            (
                format!("想等降价再租 {w}，上次一小时要十几块，过去两周价格走势怎么样"),
                Some(14),
            ),
            (
                format!("pls show {w} price chart for 90 days, is now a good time to rent?"),
                Some(90),
            ),
            (
                format!("is now a good time to rent a {w}? show the last 60 days"),
                Some(60),
            ),
            (format!("should i wait for {w} prices to drop"), None),
            (
                format!(
                    "how has the {w} rental price moved this past month? thinking of buying one instead of renting"
                ),
                None,
            ),
        ] {
            let line = match days {
                Some(d) => format!("/trend {id} days={d}"),
                None => format!("/trend {id}"),
            };
            cases.push((q, line));
        }
    }
    check("window beside the moment", &cases);
}

/// A phone number lacked (`没有国内手机号`) is no filter the catalog can check (it holds no
/// phone-verification fact): never read as the no-real-name need; the need said beside it stays.
#[test]
fn a_phone_lacked_is_no_filter() {
    let mut cases = Vec::new();
    for (pay, need) in [
        ("paypal", "paypal"),
        ("usdt", "crypto"),
        ("支付宝", "alipay"),
    ] {
        cases.push((
            format!("我人在国外读书，没有国内手机号，哪些平台能用 {pay}"),
            format!("/platforms {need}"),
        ));
        cases.push((
            format!("没有大陆手机号，支持{pay}的平台有哪些"),
            format!("/platforms {need}"),
        ));
        cases.push((
            format!("i have no chinese phone number, which platforms accept {pay}?"),
            format!("/platforms {need}"),
        ));
    }
    check("phone lacked", &cases);
}
