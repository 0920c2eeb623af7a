//! Which command a question asks for, from its cue words and what it names. Each rule returns
//! a typed [`Request`]; a rule that sees two readings returns both to be asked back.

use super::Reading;
use super::cues;
pub(super) use super::needs_said::meeting_needs;
use super::needs_said::needs_said;
use super::price::convert_request;
pub(super) use super::question::{Question, one, per_model};
use super::request::{self as make, Cards, Request, Usage};
use super::set_aside::Aside;
use super::text::has;
use super::trend_intent::trend;
use super::words::*;
use crate::answer::alerts::Unsubscribe;
use crate::billing::PriceUnit;
use crate::lexicon::NEED_PHRASES;
use crate::vram::{Quant, Task};
use rust_decimal::Decimal;

/// The rules, most specific first.
pub(super) fn decide(q: &Question) -> Reading {
    let rules: &[fn(&Question) -> Option<Reading>] = &[
        alerts_kept,
        super::stock_rules::alert,
        super::memory_floor::memory_floor,
        super::memory_floor::cap_alone,
        super::stock_rules::capped_job,
        super::paid::paid,
        tco,
        priced_job,
        convert,
        // A need named with a list of platforms (`which gpu clouds take alipay`) is the
        // filtered list, even in a newcomer's words.
        barriers,
        platform_fact,
        super::newcomer_platform::newcomer_platform,
        guidance,
        super::image_job::guided,
        help,
        super::cheapest_where::cheapest_where,
        trend,
        super::stock_rules::stock,
        super::image_job::cards_weighed,
        specs,
        super::image_job::suited,
        cost_or_compare,
        platforms_weighed,
        fit,
        alone,
    ];
    rules.iter().find_map(|r| r(q)).unwrap_or(Reading::Unknown)
}

/// The chat's alerts: listed (`我的提醒`, `my alerts`), or stopped (`stop all alerts`,
/// `取消全部提醒`, `取消第2个提醒`); a stop that names neither all nor a number lists them, each
/// with its number, so nothing is removed on a guess.
fn alerts_kept(q: &Question) -> Option<Reading> {
    // `取消第2个提醒`: a stop word and an alert word apart.
    // A verb that ends and an alert noun apart (`stop all my alerts`, `提醒都关了`); with a
    // card named only the phrases (`4090 到货了提醒我，别的取消` sets one).
    // `别再给我发通知了`: no more alerts wanted at all, with no number said, is every one.
    if let Some(n) = super::alert_cancel::cancelled_place(q.padded) {
        return one(Request::Unsubscribe(Unsubscribe::One(n)));
    }
    let told_no_more = super::no_more::no_more_told(q.padded);
    let no_more = q.e.gpus.is_empty() && told_no_more;
    // `不要再发4090的通知了`: no more of one card's alerts. No command stops a card's alerts
    // alone, so they are listed, each with its number, and nothing is removed on a guess.
    if told_no_more && !q.e.gpus.is_empty() && !q.has(ALL_WORDS) {
        return one(Request::Subs);
    }
    // `把4090的提醒删掉`, `remove my a100 alert`: a card's alert removed is a stop (und_ee).
    let stop = q.has(ALERT_STOP_WORDS)
        || super::alert_removed::removed(q.padded)
        || (q.e.gpus.is_empty() && (cues::stops_alerts(q.padded) || no_more));
    if stop {
        if q.has(ALL_WORDS) {
            return one(Request::Unsubscribe(Unsubscribe::All));
        }
        return one(match alert_number(q.padded) {
            Some(id) if q.e.gpus.is_empty() => Request::Unsubscribe(Unsubscribe::One(id)),
            _ if no_more => Request::Unsubscribe(Unsubscribe::All),
            _ => Request::Subs,
        });
    }
    (q.has(ALERT_LIST_WORDS) || (q.e.gpus.is_empty() && cues::lists_alerts(q.padded)))
        .then_some(Reading::Command(Request::Subs))
}

/// The alert's number said in a stop: the first run of digits (`#3`, `第2个`, `alert 3`,
/// `unsubscribe 第3个`), 1 to 99.
pub(super) fn alert_number(padded: &str) -> Option<u32> {
    padded
        .split(|c: char| !c.is_ascii_digit())
        .find(|d| !d.is_empty())
        .and_then(|d| d.parse::<u32>().ok())
        .filter(|n| (1..=99).contains(n))
        .or_else(|| super::alert_ordinal::place_said(padded))
}

/// Rent vs an API: the model, and what else is said (card, daily volume, API price); `/tco`
/// asks for what is missing.
pub(super) fn tco(q: &Question) -> Option<Reading> {
    let asked = has(&format!(" {}", q.padded), TCO_WORDS);
    // A daily volume of tokens, or a price per million tokens, is a fact only the rent-vs-API
    // answer uses: whatever else the sentence says (`用4090部署…划算吗`), that is the question.
    let per_token = q
        .price
        .is_some_and(|p| p.per == Some(PriceUnit::MillionTokens));
    if !(asked || q.e.volume.is_some() || per_token) || super::self_host_fit::fit_not_tco(q) {
        return None;
    }
    if super::self_host_fit::own_rental_bill(q, per_token) {
        return None;
    }
    // Self-hosting said with nothing to size and where to rent asked (`想自己部署个客服模型，
    // 不懂技术，租哪家好`): no sum can be made, guidance is asked. It had been a bare `/tco`,
    // answered with its usage under the echo and refused typed (corpus98).
    if q.nothing_to_size() && q.e.volume.is_none() && super::guided::guidance_asked(q) {
        return Some(Reading::Command(Request::Pick));
    }
    // `tco qwen2.5-7b 4090 10m`: in a rent-vs-API question a count with `m` is millions of
    // tokens a day (read as ten minutes anywhere else).
    let volume = q.e.volume.or_else(|| {
        q.padded.split_whitespace().find_map(|w| {
            let n = w.strip_suffix('m')?;
            let v: f64 = n.parse().ok().filter(|v: &f64| *v > 0.0)?;
            Some((v * 1e6) as u64)
        })
    });
    let model = q.e.models.first().or(q.e.sizes.first());
    let api = q
        .price
        .filter(|p| p.per.is_none() || p.per == Some(PriceUnit::MillionTokens))
        .cloned();
    // A price per unit of time is the card's rent, said by the user.
    let rent = q
        .price
        .filter(|p| matches!(p.per, Some(PriceUnit::Time(_))));
    // A family size with several generations (`llama 70b`): each asked back, as `/fit` does.
    per_model(q.e, model, |model| {
        make::tco(
            model,
            // Unless named: the format the model is published in where it has one (gpt-oss's
            // MXFP4, as /fit's default), else BF16, the default /fit uses for a model that fits.
            q.e.quant
                .or_else(|| {
                    let m = q.catalog.find_model(model?)?;
                    crate::advice::native_quant(m)
                })
                .unwrap_or(Quant::Bf16),
            q.e.gpus.first(),
            volume,
            api.as_ref(),
            rent,
        )
    })
}

/// `¥2.5/小时跑40分钟多少钱`: a job at the user's own price (a platform named means its list
/// price, read below).
fn priced_job(q: &Question) -> Option<Reading> {
    let p = q.price?;
    let Some(PriceUnit::Time(_)) = p.per else {
        return None;
    };
    let usage = q.e.usage.clone()?;
    if !q.e.platforms.is_empty() || !q.e.models.is_empty() {
        return None;
    }
    if q.has(STOCK_WORDS) || q.has(ALERT_WORDS) {
        return None;
    }
    // `$0.5 per hour, how much for a month`: `for` and one whole calendar unit after a price
    // is the unit to convert to, not a job (a verb, `跑`/`run`, makes it one).
    let calendar = match usage {
        Usage::Always => true,
        // A day, a week, a month or a year (`3块一小时 一年多少钱`).
        Usage::Once(s) => {
            [86_400u32, 604_800, 730 * 3600, 8760 * 3600].contains(&u32::try_from(s).unwrap_or(0))
        }
        Usage::Daily(_) => false,
    };
    // `3刀/h 跑一个月是多少人民币`: a calendar unit's sum asked in another currency is the
    // conversion (the bill has no currency of its own to answer in).
    if calendar && super::price::other_currency(q.padded, p).is_some() {
        return None;
    }
    // `$0.44 per hour is how much a month running 24/7`: one's own price always on with no
    // card is that price per month (`/convert`), whatever the verb; a card named (`4090
    // 一小时2块 跑一个月`) makes it a job on that card. A shorter length run stays a job.
    if matches!(usage, Usage::Always) && q.e.gpus.is_empty() {
        return None;
    }
    if calendar
        && !q.has(
            &RUN_WORDS
                .iter()
                .copied()
                .filter(|w| *w != "for ")
                .collect::<Vec<_>>(),
        )
    {
        return None;
    }
    // `$1.2/h, 45 minutes, total?`: a length that is no unit to convert to (not one hour or
    // minute or a calendar unit) with a sum asked is the job, without a verb.
    let one_unit =
        matches!(usage, Usage::Once(s) if s == Decimal::from(3600) || s == Decimal::from(60));
    // A price multiplied by a length (`$0.44 an hour times 72 hours`, `¥2/小时 乘以 10小时`) is
    // a sum asked too.
    let summed = q.has(COST_WORDS)
        || q.has(&["total", "一共", "总共", "altogether", "in all"])
        || q.has(&[" times ", " x ", "乘以", "乘上", "multiplied by"]);
    let job_summed = summed && !calendar && !one_unit && !q.has(CONVERT_WORDS);
    if !(q.has(RUN_WORDS) || job_summed) {
        return None;
    }
    make::cost_at(p, &usage).map(Reading::Command)
}

fn convert(q: &Question) -> Option<Reading> {
    let p = q.price?;
    let asked = p.per.is_some() && q.has(CONVERT_WORDS);
    // `I have $30 …, where?`: a sum beside a place asked is a budget, read by the guidance
    // rules and `budget_job`, never an amount with nothing to convert it to.
    if !asked && p.per.is_none() && crate::lexicon::place_asked(q.padded) {
        return None;
    }
    if !asked && (!q.e.gpus.is_empty() || !q.nothing_to_size() || !q.e.platforms.is_empty()) {
        return None;
    }
    let request = convert_request(q.padded, p).or_else(|| {
        // `$0.5/h running 24/7, how much`: always on is the 730-hour month.
        let on = matches!(q.e.usage, Some(Usage::Always)) && p.per.is_some();
        let month = PriceUnit::Time(crate::units::TimeUnit::Month);
        on.then(|| make::convert(p, month, None))
    });
    Some(request.map_or(Reading::Unknown, Reading::Command))
}

/// "帮我选个平台", "我是学生 想微调个模型 不知道用什么卡": `/pick`.
/// A model with a wish to know where to rent it (`想用lora微调下qwen2.5 7b，不知道在哪租卡`) is
/// guidance too, unless a price or a fit is asked: `/pick` keeps the model from the sentence.
fn guidance(q: &Question) -> Option<Reading> {
    let where_to_rent = crate::lexicon::place_asked(q.padded) || super::best_place::asked(q.padded);
    // `想租卡 求带`: a wish to rent with nothing named at all (no card, model, platform, price
    // or length) can only be guided.
    let bare_wish = cues::wishes_to_rent(q.padded)
        && q.e.platforms.is_empty()
        && q.e.usage.is_none()
        && q.price.is_none();
    // `跑到每秒50个token要什么卡`: a speed wanted and the card asked, nothing sized: a pick.
    let speed = q.has(&[
        "什么卡",
        "啥卡",
        "哪张卡",
        "which gpu",
        "what gpu",
        "which card",
    ]) && super::span::speed_said(&super::text::tokens(q.padded));
    if !(asks_pick(q.padded) || where_to_rent || bare_wish || speed) || !q.e.gpus.is_empty() {
        return None;
    }
    let place = (q.has(PLACE_PICK_WORDS)
        || super::words_guidance::place_recommended(q.padded)
        || where_to_rent)
        && !q.has(COST_WORDS);
    (q.nothing_to_size() || place).then_some(Reading::Command(Request::Pick))
}

/// "哪个平台不用实名", "which platforms bill per second": the list, filtered. A platform named
/// is a question about that platform's facts.
fn barriers(q: &Question) -> Option<Reading> {
    if !crate::lexicon::need_said(q.padded) {
        return None;
    }
    let needs = needs_said(q.padded);
    let phrases: Vec<&str> = NEED_PHRASES.iter().map(|(w, _)| *w).collect();
    // `featurize 和 autodl 哪个不需要实名`: which of the platforms named meets a need is the
    // list filtered by it, the named ones among its rows (a price weighed is a ranking).
    if q.e.platforms.len() >= 2
        && q.e.gpus.is_empty()
        && !needs.is_empty()
        && q.has(super::words_platforms::WHICH_OF_WORDS)
        && !q.has(CHEAP_WORDS)
        && !q.has(COST_WORDS)
    {
        return one(make::platforms(needs));
    }
    if let Some(p) = asked_platform(q, &phrases) {
        return one(make::platform(&p));
    }
    // `平台` with a need is the list (`有没有海外平台可以用支付宝`), unless guidance is asked
    // (`不想实名 帮我推荐个平台`).
    // `有没有能用usdt付款的`, `any that take paypal?`: a need asked to exist, nothing else named.
    let exists = (q.padded.contains('有') && q.has(EXISTS_ENDS)) || q.has(&["有没有", "any "]);
    // `支持微信支付而且免实名的`: needs alone, nothing else said, are the list's filters.
    // `i dont have credit card`, `我没有信用卡`: a way to pay lacked, said alone, is the list of
    // the platforms that take another one.
    // Where to rent asked beside it (`no credit card, where can I rent a GPU?`) is guidance.
    // A need said as how the renting is done (`where can i rent without a credit card`) is the
    // need asked, wherever the place is asked.
    let manner = !needs.is_empty() && crate::lexicon::need_of_renting(q.padded);
    let lack_alone = matches!(needs.as_slice(), [crate::lexicon::Need::Without(_)])
        && !crate::lexicon::place_asked(q.padded)
        && !super::best_place::asked(q.padded);
    let needs_alone =
        (needs.len() >= 2 || q.padded.trim_end().ends_with('的') || lack_alone || manner)
            && q.nothing_to_size()
            && q.e.usage.is_none()
            && q.price.is_none();
    // `who bills per second?`, `who takes alipay`: a question opened by `who` asks which
    // platforms.
    let who = q.padded.trim_start().starts_with("who ");
    let listed = q.has(PLATFORM_LIST_WORDS)
        || who
        || super::rental_listed::rental_listed(q)
        || (super::pay_asked::payment_asked(q, &needs) && !asks_pick(q.padded))
        || ((q.padded.contains("平台") || (exists && q.nothing_to_size()) || needs_alone)
            && !asks_pick(q.padded));
    let advice = q.has(super::words_guidance::SHOULD_PICK_WORDS);
    (q.e.platforms.is_empty() && q.e.gpus.is_empty() && listed && !advice)
        .then(|| Reading::Command(make::platforms(needs)))
}

/// Two or more platforms weighed without a card or a price (`autodl和恒源云哪个好`), or asked
/// whether they are any good (`晨涧云 星海智算 靠谱吗`): each one's facts, asked back.
fn platforms_weighed(q: &Question) -> Option<Reading> {
    let e = q.e;
    if e.platforms.len() < 2 || !e.gpus.is_empty() || !q.nothing_to_size() || e.usage.is_some() {
        return None;
    }
    let weighed = q.has(WHICH_BETTER_WORDS) || q.has(QUALITY_WORDS);
    if q.has(CHEAP_WORDS) || q.has(COST_WORDS) || !weighed {
        return None;
    }
    Some(Reading::Ask(
        e.platforms.iter().map(|p| make::platform(p)).collect(),
    ))
}

/// `autodl 学生认证有优惠吗`, `runpod 关机还收费吗`: one platform's facts.
fn platform_fact(q: &Question) -> Option<Reading> {
    let fact = q.has(PLATFORM_FACT_WORDS) || super::session_drop::drop_asked(q);
    if !(q.e.gpus.is_empty() && q.nothing_to_size() && fact) {
        return None;
    }
    let p = asked_platform(q, PLATFORM_FACT_WORDS)?;
    one(make::platform(&p))
}

/// The one platform a question about facts is about: the only one named, or of several not
/// set against each other (`A和B`, `A还是B`), the one named right before what is asked.
fn asked_platform(q: &Question, cues: &[&str]) -> Option<String> {
    match q.e.platforms.as_slice() {
        [p] => Some(p.clone()),
        [] => None,
        _ if q.has(AGAINST_WORDS) || q.has(WHICH_BETTER_WORDS) => None,
        ps => cues::platform_asked(q.catalog, q.padded, ps, cues),
    }
}

fn help(q: &Question) -> Option<Reading> {
    let asked = q.has(HELP_WORDS) || greeting_only(q.padded) || cues::asks_capability(q.padded);
    // `please help me to select a platform`: help with a choice is guidance, never this.
    let asked = asked && !crate::lexicon::help_choosing(q.padded);
    // A platform named (`runpod 的 comfyui 模板怎么用`): its how-to is its facts, not the help.
    (asked && q.e.models.is_empty() && q.e.gpus.is_empty() && q.e.platforms.is_empty())
        .then_some(Reading::Command(Request::Help))
}

/// A message that only greets (`hi`, `你好！`, `hello there`, `在吗`): what the bot can do.
fn greeting_only(padded: &str) -> bool {
    let words: String = padded
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || crate::lexicon::is_han(c) {
                c
            } else {
                ' '
            }
        })
        .collect();
    // Spoken fillers before the greeting (`嗯 那个 在吗`, `um so hi`) greet the same.
    const FILLERS: &[&str] = &[
        "嗯", "呃", "额", "那个", "这个", "就是", "um", "uh", "so", "like", "well", "hmm", "er",
    ];
    let words = words
        .split_whitespace()
        .skip_while(|w| FILLERS.contains(w))
        .collect::<Vec<_>>()
        .join(" ");
    !words.is_empty() && GREETINGS.contains(&words.as_str())
}

/// "how much vram does an l40s have", "4090和4090D有什么区别": one card, or several side by side.
fn specs(q: &Question) -> Option<Reading> {
    // A task with no model (`5090 vs 4090 for llm inference`, `a6000和a100哪个适合微调`) is
    // the cards weighed side by side; with a model it is a fit.
    if !q.has(SPECS_WORDS) || !q.nothing_to_size() || q.e.gpus.is_empty() {
        return None;
    }
    // `a10 vs t4 哪个便宜`: which card is cheaper is a price, whatever word joins them.
    if super::cards_cheaper::cheaper_of_cards(q) || super::cards_cheaper::cards_priced(q) {
        return None;
    }
    // `4090 vs 5090 price and specs`: the price and the specs both asked, both offered.
    if super::cards_cheaper::cards_priced_and_specs(q) {
        let specs = make::gpus(q.e.gpus.iter().map(|c| c.gpu.clone()).collect());
        return match make::compare_cards(&q.e.gpus, &q.usage()) {
            Some(priced) => Some(Reading::Ask(vec![priced, specs])),
            None => one(specs),
        };
    }
    if q.e.task.is_some() && q.e.gpus.len() < 2 {
        return None;
    }
    // A specs question names a platform too ("autodl 上的 4090 显存多大"): still the card.
    if q.e.gpus.len() == 1 && q.e.usage.is_some() {
        return None;
    }
    if q.e.gpus.len() > 1 && (q.e.usage.is_some() || !q.e.platforms.is_empty()) {
        return None;
    }
    // `runpod vs lambda for h100, which is cheaper`: platforms weighed on price, not specs.
    if !q.e.platforms.is_empty() && (q.has(CHEAP_WORDS) || q.has(PRICE_WORDS)) {
        return None;
    }
    // The specs are the card's wherever it is rented (`autodl 上的 4090 显存多大`).
    q.set_aside_all(Aside::SpecsThere);
    one(make::gpus(q.e.gpus.iter().map(|c| c.gpu.clone()).collect()))
}

/// A job's price: on one platform (`/cost`), or everywhere (`/compare`).
fn cost_or_compare(q: &Question) -> Option<Reading> {
    let e = q.e;
    let costly = q.has(COST_WORDS)
        || q.has(super::words_guidance::PRICE_JUDGED)
        || (e.usage.is_some() && !e.platforms.is_empty());
    let cheap = q.has(CHEAP_WORDS);
    // A model with a job's length and a price or the cheapest asked (`3090 跑 qwen2.5-7b 一小时
    // 多少钱`, `cheapest 5090 for a 3 hour flux lora run`) is the job's price; with memory a fit.
    let priced_run =
        (costly || cheap) && e.usage.is_some() && !crate::lexicon::memory_said(q.padded);
    if !(costly || cheap) || !(q.nothing_to_size() || priced_run) {
        return None;
    }
    // `一张l40s够不够 另外大概多少钱一个月`: a model whose fit is asked before the price is the
    // fit (the first ask is the reading).
    if !q.nothing_to_size() && cues::fit_asked_first(q.padded, COST_WORDS) {
        return None;
    }
    // `4090 三千块一个月贵吗`: a price by the month (or day) with no length said is judged
    // over its own period (`Question::usage`).
    let usage = q.usage();
    let compare = |g: &Cards| make::compare(g, &usage);
    // Platforms weighed against each other restrict the ranking to them; with none named, a
    // need said (`billed per second`, `支持支付宝`) restricts it to the platforms known to meet it.
    // Two or more platforms named are the ranking's rows; one named is weighed against the
    // rest (`is runpod cheaper for a100`), so every platform is ranked.
    // A need no platform listing the card is known to meet goes into the request, for
    // `/compare` to say so over every platform (never dropped silently).
    let compare_named = |g: &Cards| match e.platforms.as_slice() {
        ps if ps.len() > 1 => make::compare_on(g, &usage, ps),
        _ => {
            let meeting = meeting_needs(q, &g.gpu);
            let mut r = make::compare_on(g, &usage, &meeting)?;
            if let Request::Compare(j) = &mut r
                && meeting.is_empty()
            {
                j.needs = needs_said(q.padded);
            }
            Some(r)
        }
    };
    let cost = |p: &String, g: &Cards| make::cost(p, g, &usage);
    let all = |rs: Option<Vec<Request>>| rs.map(Reading::Ask);
    match (e.platforms.as_slice(), e.gpus.as_slice()) {
        // "A和B哪个便宜" between platforms: every platform's price, ranked.
        // `lambda vs runpod h100 price`: platforms set against each other on their price are
        // ranked too, and so are they with a job's length (`vast vs runpod for a 4090, 2
        // hours`); with neither, each one's bill is asked back.
        // `is runpod cheaper for a100`, `vast is cheapest for 3090, true?`: one platform
        // weighed against the rest is the ranking, where it stands.
        (ps, [g])
            if (cheap && (ps.len() != 1 || cues::weighs_against_others(q.padded)))
                || (ps.len() > 1
                    && q.has(AGAINST_WORDS)
                    && (q.has(PRICE_WORDS) || e.usage.is_some())) =>
        {
            let r = compare_named(g)?;
            // One platform weighed against the rest is ranked among them, never billed alone.
            if let [p] = ps {
                q.set_aside(p, Aside::Beaten);
            }
            Some(Reading::Command(r))
        }
        ([p], [g]) => cost(p, g).map(Reading::Command),
        ([], [g]) => compare_named(g).map(Reading::Command),
        (ps, [g]) if ps.len() > 1 => all(ps.iter().map(|p| cost(p, g)).collect()),
        // "4090和3090哪个便宜" with no job: which one is cheaper is a price asked, so both cards
        // are ranked by what an hour really costs (hidden costs in), as issue 26 lists `A和B哪个
        // 便宜` under compare; a list price side by side would leave them out.
        // `l4 vs t4 price`, `3090 4090 租金`: a price word beside two cards is the same ask.
        ([], gs)
            if super::cards_cheaper::cheaper_of_cards(q)
                || super::cards_cheaper::cards_priced(q) =>
        {
            make::compare_cards(gs, &usage)
                .map(Reading::Command)
                .or_else(|| one(make::gpus(gs.iter().map(|c| c.gpu.clone()).collect())))
        }
        // One card's memory sizes priced (`v100 多少钱 16g还是32g`) with no job: the sizes side by
        // side, each with its lowest list price (the differences marked); with a job's length,
        // each card's prices, asked back.
        ([], gs) if gs.len() > 1 && e.usage.is_none() => {
            one(make::gpus(gs.iter().map(|c| c.gpu.clone()).collect()))
        }
        ([], gs) if gs.len() > 1 => all(gs.iter().map(compare).collect()),
        // "autodl or runpod for a 40 minute job" names no card: the card every named
        // platform lists, compared (several such cards are asked back).
        (ps, []) if ps.len() > 1 && (cheap || e.usage.is_some()) => {
            match super::common_cards::common_cards(q.catalog, ps).as_slice() {
                [] => None,
                [g] => compare_named(g).map(Reading::Command),
                gs => all(gs.iter().map(compare_named).collect()),
            }
        }
        _ => None,
    }
}

/// A model (or a bare size) and what it should run on: `/fit`.
fn fit(q: &Question) -> Option<Reading> {
    let e = q.e;
    // The serving engine said in the sentence (`vllm 部署`), after the entities' options.
    let mut options = e.fit_options();
    options.extend(cues::engine(q.padded).map(|en| ("engine".to_string(), en)));
    // One family's two sizes weighed (`qwen3 8b 还是 14b`): the larger decides.
    let weighed = super::sizes_weighed::larger(q);
    let model = weighed.as_ref().or(e.models.first()).or(e.sizes.first())?;
    let base = |model: &String, gpu: Option<Cards>| {
        make::fit(
            model,
            e.quant,
            e.task.filter(|t| *t != Task::Infer),
            options.clone(),
            gpu.as_ref(),
        )
    };
    // A method or a format named twice over (`lora还是全参`, `int4 or awq`): each, asked back.
    let gpu = match e.gpus.as_slice() {
        [g] => Some(g.clone()),
        _ => None,
    };
    if e.tasks.len() > 1 || e.quants.len() > 1 {
        let tasks: Vec<Option<Task>> = match e.tasks.as_slice() {
            [] => vec![None],
            ts => ts
                .iter()
                .map(|t| Some(*t).filter(|t| *t != Task::Infer))
                .collect(),
        };
        let quants: Vec<Option<Quant>> = match e.quants.as_slice() {
            [] => vec![None],
            qs => qs.iter().copied().map(Some).collect(),
        };
        let mut asks = Vec::new();
        for task in &tasks {
            for quant in &quants {
                asks.push(make::fit(
                    model,
                    *quant,
                    *task,
                    options.clone(),
                    gpu.as_ref(),
                ));
            }
        }
        return Some(Reading::Ask(asks));
    }
    if e.models_asked().is_some() {
        // `qwen 32b`: Qwen2.5-32B or Qwen3-32B; ask, do not pick one.
        return per_model(e, Some(model), |m| base(m.unwrap_or(model), gpu.clone()));
    }
    match e.gpus.as_slice() {
        [] => one(base(model, None)),
        [g] => one(base(model, Some(g.clone()))),
        // `放 4090 还是 A100 40G，哪个能放下`: which of the cards holds it is the fit on no card,
        // whose answer lists every card that holds the model, both named among them.
        gs if super::fit_count::which_holds(q.padded, gs) => one(base(model, None)),
        gs => Some(Reading::Ask(
            gs.iter().map(|g| base(model, Some(g.clone()))).collect(),
        )),
    }
}

/// A card alone (its specs and list prices), a platform alone (its facts), or a card on a
/// platform (an hour of it there).
fn alone(q: &Question) -> Option<Reading> {
    let e = q.e;
    // A card and how long (`a 4090 for 45 mins`, `4090包周`, `4090跑通宵`) with nothing to size:
    // what that time costs, everywhere (a platform named is the /cost rule's).
    // `每个月租金 2000 的 4090`: a card's price by the month (week, day) is a month of it.
    let by_period = q
        .price
        .and_then(|p| p.per)
        .is_some_and(|u| matches!(u.key(), "month" | "week" | "day"));
    if let [g] = e.gpus.as_slice()
        && e.platforms.is_empty()
        && (e.usage.is_some() || by_period)
        && q.nothing_to_size()
        && !q.has(SPECS_WORDS)
    {
        return make::compare(g, &q.usage()).map(Reading::Command);
    }
    // Two cards or more with nothing else asked of them (`5090值不值得租 跟4090比`): side by
    // side, the rows that differ marked.
    if e.gpus.len() > 1 && e.platforms.is_empty() && e.usage.is_none() && q.nothing_to_size() {
        return one(make::gpus(e.gpus.iter().map(|c| c.gpu.clone()).collect()));
    }
    if q.has(FIT_WORDS) && !e.gpus.is_empty() {
        // "Can a 4090 run it?" without a model: nothing to size.
        return Some(Reading::Unknown);
    }
    // A budget to spend on a card (`预算5000块 租4090能用多久`): its hourly prices, ranked.
    if let [g] = e.gpus.as_slice()
        && e.platforms.is_empty()
        && cues::spends_budget(q.padded)
    {
        return make::compare(g, &q.usage()).map(Reading::Command);
    }
    if let [g] = e.gpus.as_slice()
        && (e.platforms.is_empty() || q.has(SPECS_WORDS))
    {
        // The specs are the card's wherever it is rented (`autodl 上的 4090 显存多大`).
        q.set_aside_all(Aside::SpecsThere);
        return one(make::gpus(vec![g.gpu.clone()]));
    }
    if let [p] = e.platforms.as_slice() {
        return match e.gpus.as_slice() {
            [g] => make::cost(p, g, &q.usage()).map(Reading::Command),
            [] => one(make::platform(p)),
            gs => super::cards_there::cards_there(q, gs, p),
        };
    }
    None
}
