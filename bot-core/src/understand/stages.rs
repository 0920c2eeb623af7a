//! The reader's passes, stage by stage, in the order they run: the one place that says what
//! runs before what. Each entry is a mechanism of its own module, named by what it reads; a
//! new mechanism is a line in the stage it belongs to, placed before the passes that would
//! misread its words.
//!
//! Stages, as `read_normalized` and `read_whole` call them:
//! 1. [`words`]: words written plainly before anything reads the message (before two asks
//!    are told apart);
//! 2. [`spans`]: lengths, days and lists written as the span and list passes read them;
//! 3. [`entities_said`]: the entities with what the sentence around them settles;
//! 4. [`FIRST`], then the user's own figures, then [`RULES`], then the general rules: asks
//!    the general rules would misread, tried before them (first match wins);
//! 5. [`completed`]: a reading completed with the facts said that its rule dropped;
//! 6. [`asked_back`]: the whole reading asked back where the question left it open.

use super::Reading;
use super::entities::Entities;
use super::question::Question;
use super::set_aside::{self, Aside, SetAside};
use super::{
    alert_cues, alert_family, alert_news, api_yuan, asked_now, bare_ceiling, bare_pair,
    barrier_guided, batch_said, bill_words, budget_job, budget_said, cap_currency, card_and_place,
    card_hour, cards_aside, cheap_there, cheaper_than, choice_handed, counter_words, counts_side,
    day_hours, distill_base, few_hours, few_word_kinds, few_words, follow_up, gguf_type,
    glued_units, guide_more, guide_needs, half_day, half_year, ime_slips, job_facts, jobs_each,
    lang_said, left_for, length_words, lists_more, memory_asked, memory_beside, model_named,
    offers_said, offers_words, options_said, past_day, pay_either, per_day, per_thousand, per_user,
    period_first, pick_terse, plan_or_hourly, price_moved, price_range, refused, rent_or_buy,
    rented_use, said_few, said_options, sold_out, spec_asked, spelled_names, spoken_forms,
    stock_now, stopped_billed, student_price, top_up_asked, trend_job, trial_plan, typed_forms,
    usage_said, volume_unit, weighed,
};
use super::{
    cut_down, machines, memory_models, own_card, past_span, pay_ease, purpose_named, quant_width,
    quoted, region_asked, seen_price, stock_short, usual_time, window_said,
};
use crate::catalog::Catalog;

type Words = fn(&Catalog, &str) -> String;
type Rule = fn(&Question) -> Option<Reading>;
type Completion = fn(&Question, Reading) -> Reading;

/// Stage 1, in order.
const WORDS: &[(Words, Option<Aside>)] = &[
    // `72b……不对，是32b`, `not the 4090, the 3090`: a value taken back, before any is read.
    (super::taken_back::plain, None),
    // `30 刀左右吧, right?`, `2 块对吧`: a sum guessed and asked to confirm is no figure (und_ee).
    (|_, t| super::guessed_figure::plain(t), None),
    // `A10哪里能rent到`, `daily一千万token`, `LoRA-train`: glued words read apart.
    (|_, t| super::glued_words::plain(t), None),
    // `notify when 4090 < $0.3/hr`: a sign before an amount as the ceiling word.
    (|_, t| super::sign_words::plain(t), None),
    // `以前用 colab，现在想换到国内`: the place used before said as the one left.
    (region_asked::used_before, None),
    // `"2x A100 80GB"` quoted beside another card: context, taken out.
    (quoted::plain, None),
    // `an 8-hour run`, `a 4-card box`, `two nodes of 8x`, `24 gigs`, `hbm`: lengths, counts and
    // sizes written as the later passes read them.
    (super::hyphen_units::plain, None),
    // `a 13 billion parameter model`, `7B参数的模型`: the bare size, no specs asked.
    (super::size_said::plain, None),
    // `魔改4090 48G和原版4090`: the stock card beside a modded one, by its id.
    (super::stock_card::plain, None),
    // `I reckon … needs two A6000s, is one not enough?`: the count asked, not the one guessed.
    (super::guess_count::plain, None),
    // `ddl 前三天`, `deadline next week`: when the job must end, no length nor window.
    (super::deadline_said::plain, None),
    // `"rtx 4090 | 24 gb | $0.34/hr" per day?`: a pasted price-table row is a listing seen.
    (super::price_row::plain, None),
    // `{"gpu_name": …, "num_gpus": 2}`: a pasted offer's card count is a card floor.
    (|_, t| super::pasted_json::plain(t), None),
    // `r1 蒸馏 32b`: `蒸馏` is distill before any pass reads `r1`.
    (|_, t| weighed::distill(t), None),
    // `UD-IQ1_S`, `1.58bit`, `exl2 4.0bpw`: community quant names as the fit's formats.
    (super::community_quants::plain, None),
    // `8b or 70b on an h100, llama 3.1`: a family said after two weighed sizes goes before them.
    (super::sizes_before::plain, None),
    // `r1 distill 的qwen 14b`: the distill named by its base, before `r1` is read alone.
    (distill_base::plain, None),
    (spoken_forms::plain, None),
    // `qwen 2 张 4090 跑 32b`: a count after a family word, the size said later beside it.
    (super::count_after_family::plain, None),
    // `72b的千问`, `千问的72b`: the family and its size as `family_model` reads them.
    (super::family_after::plain, None),
    (typed_forms::plain, None),
    // `subscribe h200 8 cards max=2.5`: a command's options typed in a sentence, as words.
    (|_, t| super::options_typed::plain(t), None),
    // `过去一个季度`: counted quarters as months, before the spans are read.
    (|_, t| super::quarter_months::plain(t), None),
    // `l40s $/hr history 60d`: a unit with no amount beside a history is the price.
    (|_, t| super::unit_named::plain(t), None),
    // `1-2块一小时`, `$1-2/h`: a price range is its upper end, before a price is read.
    (|_, t| price_range::plain(t), None),
    // `batch开8`, `批大小16`: the batch, before a number beside a card reads as its count.
    (|_, t| batch_said::plain(t), None),
    // `显存24的卡`, `48显存`, `vram 16`: a bare number beside a memory word is that size (after
    // the batch is written `batch N`, which owns its number).
    (|_, t| super::memory_bare::plain(t), None),
    (|c, t| bare_ceiling::plain(c, t), None),
    (|_, t| ime_slips::plain(t), None),
    (|_, t| alert_news::plain(t), None),
    // `can you inform when …`, `set notification for …`: the alert class's forms.
    (|_, t| super::alert_forms::plain(t), None),
    // `who is having b200`, `which cloud have l20`: have in any form after a holder.
    (|_, t| super::stock_have::plain(t), None),
    (weighed::corrected, None),
    (|_, t| counter_words::plain(t), None),
    (|_, t| per_thousand::plain(t), None),
    (refused::plain, Some(Aside::Refused)),
    (left_for::plain, Some(Aside::LeftFor)),
    // `T4 多少钱，colab 那个太慢了`: the place found wanting is left, not asked.
    (super::left_after::plain, Some(Aside::Wanting)),
    (weighed::plain, None),
];

/// Stage 2, in order (after two asks are told apart).
const SPANS: &[Words] = &[
    // `qwen2.5:14b-instruct-q4_K_M`: an ollama tag's size and quantization written apart.
    |_, t| super::ollama_tag::plain(t),
    // `自己的3060跑不动…租个4090`: the card already had is context, taken out first.
    own_card::asked_part,
    // `100 a100 hours`, `30 个 4090 小时`: hours on the card, never a count of cards.
    super::card_hours::plain,
    glued_units::plain,
    // `40 gpu-hours`, `-c 16384`, `--max_seq_length 4096`: a total's length, a flag's window.
    |_, t| super::pasted_flags::plain(t),
    // `开百万上下文`: a million with no number before a window is one million.
    |_, t| window_said::million_alone(t),
    |_, t| budget_said::day_cantonese(t),
    // `sdxl出图一小时500张`: images an hour, a throughput, never the rental's hour.
    |_, t| super::images_rate::plain(t),
    length_words::plain,
    budget_said::budget_dropped,
    // `我一个月生活费1500，租4090跑一天`: living money beside a card, no length nor rate.
    super::living_money::plain,
    // `一个月预算500块，500 cny 是多少 usd`: the budget before a plain sum, taken out.
    budget_said::budget_before_sum,
    |_, t| card_hour::hourly(t),
    |_, t| per_day::per_day(t),
    period_first::said_in_order,
    |_, t| lists_more::full_list(t),
    |_, t| plan_or_hourly::weighed(t),
    spelled_names::joined,
];

/// Stage 4's first rules, tried before the user's own figures (a purchase price read as the
/// user's own rent, guidance as a fit, a student price as `/pick`, a language as nothing).
pub(super) const FIRST: &[Rule] = &[
    lang_said::lang_said,
    // `4090 spot 和 on-demand 差多少`: two billing kinds of one card, never two things weighed.
    super::spot_both::spot_both,
    // `4090每小时最低多少`, `wait for h100 prices to drop`.
    super::lowest_wait::lowest_hourly,
    // `比4090便宜但也是24g显存的卡`, `跟A100差不多但便宜点的 有推荐吗`: another card wished for.
    super::alike_cheaper::alike_cheaper,
    // `现在租还是等等`, `is now a good time to rent an l4`, `什么时候好抢`: the moment to rent,
    // its history (before the stock cue `现在租` and the hour's price).
    super::timing_asked::timing_asked,
    // `等两个月H20会便宜吗`, `should I wait for h100 prices to drop`: the trend, never a rental
    // as long as the wait.
    super::wait_asked::wait_asked,
    // `每月预算3000，租哪家`, `$1500 a month budget in rmb`: a budget, never a rate per hour.
    super::budget_month::budget_month,
    // `预算不多 想跑qwen3 8b 推荐一下`: a recommendation on a short budget, even with a model.
    super::budget_recommend::budget_recommend,
    // `recommend a provider for running a 70b model`, `预算100块 微调个7b 怎么搞`,
    // `想找个便宜的平台做毕设`: guidance beside a bare size or a budget, never a fit.
    super::size_guided::size_guided,
    // `哪家良心？想跑一晚上lora`, `想微调个7b 哪家性价比之王`: which platform is good, no card.
    super::place_judged::place_judged,
    // `anything like an A100 80GB but cheaper?`: other cards by memory, not the named card.
    super::cheaper_alike::cheaper_alike,
    // `on vast, which bills per second, how much is an A100 for 90 minutes`: the bill asked.
    super::rule_in_passing::rule_in_passing,
    // `哪些平台关机不收费`: the list of those that bill nothing while stopped, not guidance.
    stopped_billed::stopped_free_listed,
    // `saw vast has 4090 for $0.29, still there?`: the stock, the price seen as context.
    seen_price::seen_price,
    // `autodl 页面上写 4090 1.98/小时，实际跑3小时多少钱`: that platform's bill for the card.
    super::page_price::page_price,
    // `need: no KYC + alipay + under ¥2/h, which platforms`: the platforms with those needs.
    super::needs_capped::needs_capped,
    // `costs me $3.67/h on GCP, what's an A100 here`: that price a reference, the card here.
    super::price_here::price_here,
    // `周末租4090会不会便宜点`: a time's price asked, before a cheaper price is weighed.
    past_day::at_a_time,
    // `does a100 get cheaper over christmas`, `春节期间4090好租吗`: a time of the year's price or
    // stock is its history (or a named platform's stock), never today's hour.
    super::season_asked::season_asked,
    // `l40s 最低价 atm?`, `least expensive h100 anywhere?`: one card's ranking, never its specs
    // nor its stock (after the times and seasons a lowest price is asked of).
    // `vast上3090有没有便宜的offer`, `要跑 70b…显存 80g 以上的卡有哪些 offer`: the offers.
    super::offer_noun::offers_by_noun,
    super::price_rank::price_ranked,
    memory_models::models_for_memory,
    region_asked::region_asked,
    weighed::plain_sum,
    weighed::spend_per_hour,
    weighed::cost_elsewhere,
    weighed::moving_on,
    // `vast keeps dying on me, any better provider?`: another place asked, not that one's page.
    super::better_place::better_place,
    said_few::convert_beside_card,
    // `runpod lists $0.00031/s, what's that per hour?`: the rate per hour, no job.
    super::rate_asked::rate_asked,
    // `$0.79 an hour running nonstop, what's that per week`: the rate per week, no job.
    super::rate_asked::rate_per_calendar,
    // `1.88 per hour to per month`: a bare amount's rate in the other period asked.
    super::bare_rate::bare_rate_converted,
    // `I pay 0,69 an hour, what's 5 hours of that`: a job at a bare rate (und_dt).
    super::bare_rate_job::bare_rate_billed,
    // `runpod lists $0.69/hr. what's that per month if I leave it on`: the rate per month.
    super::month_left_on::month_left_on,
    rented_use::rented_use,
    rent_or_buy::rent_or_buy,
    student_price::student_price,
    // `does coreweave need a sales call to get H100s`: the platform's way in, not a bill.
    super::access_asked::access_asked,
    // `A跟B哪个好？先说说A怎么收费`: the platform to hear about first.
    super::first_told::first_told,
    guide_needs::guide_needs,
    // `想做个AI客服上线，要什么配置`, `国内哪家GPU云最稳`: a choice for a product, `/pick`.
    super::outcome_guided::outcome_guided,
    // `哪家付款最方便`, `which cloud is easiest to pay with alipay`: the list with each one's
    // payment methods, filtered by the needs said (before a place sought is guidance).
    pay_ease::pay_ease,
    // `只有支付宝，想租卡练手，去哪家比较好`: guidance with a barrier, never the list alone.
    barrier_guided::barrier_guided,
    choice_handed::choice_handed,
    choice_handed::place_for_job,
    choice_handed::which_good_alone,
    cheaper_than::cheaper_than,
    // `比autodl便宜的4090`: the platform to beat, every platform priced.
    cheaper_than::card_cheaper_than,
    // `8 H100s on one node under $2.5 a gpu-hour`: a machine of eight, the cap per card.
    super::one_node::one_node,
    // `rtx pro 6000 有 96gb 是真的吗`: a memory fact checked, its specs.
    super::stock_or_spec::memory_checked,
    // `any rtx pro 6000 to rent?`, `is there that much stock?`: the stock.
    super::stock_or_spec::stock_said,
    // `runpod 上现在有什么卡`: the platform's offers now.
    super::stock_or_spec::platform_cards_now,
];

/// Stage 4's rules after the user's own figures, before the general ones.
pub(super) const RULES: &[Rule] = &[
    // `show 4090s on vast sorted cheapest first`: that platform's offers, never a ranking.
    offers_words::platform_listed,
    // `cheapest 4090 on vast`: that platform's offers, after a listing asked (`show … sorted`).
    super::lowest_wait::cheapest_there,
    // `no idea what gpu I need for …, help`, `预算100块，想跑个大模型玩玩`: guidance, no card.
    super::vague_job::vague_job,
    // `做个embedding服务，最便宜的卡是哪个`: nothing to rank, guidance.
    super::service_cheapest::service_cheapest,
    // `cheapest way to fine tune llama 3.1 8b with $30`: a sum's guidance, a model or not.
    super::budget_guide::budget_guide,
    stopped_billed::stopped_billed,
    // `4卡4090的机器哪里有` beside a model: the machine's offers, the model its job.
    super::machines::machine_sought,
    // `哪里有4090可以跑flux lora`: the job a card is for, beside its stock, price or specs.
    purpose_named::purpose_named,
    top_up_asked::top_up_asked,
    trend_job::trend_for_job,
    cheap_there::cheap_there,
    sold_out::elsewhere,
    card_and_place::card_and_place,
    weighed::platforms_weighed,
    // `3090 vs 4090, which is cheaper for 5 hours`: both cards ranked for that job.
    super::pair_job::pair_job,
    weighed::cards_cheaper,
    weighed::wish_to_run,
    past_day::past_day,
    past_day::when_cheaper,
    // `l40s这半年的价格`, `几点最好租`: a past span or an hour of the day, never a rental.
    past_span::past_span,
    past_span::hour_of_day,
    // `4090一般星期几便宜`, `when is the h100 usually cheapest`: the rhythm, never a ranking.
    usual_time::usual_time,
    said_few::guidance_in_few_words,
    said_few::same_money,
    price_moved::price_moved,
    pick_terse::pick_terse,
    pick_terse::choose_between,
    // `help me plan a small trial`: guidance, never help.
    trial_plan::trial_plan,
    spec_asked::spec_asked,
    spec_asked::feature_asked,
    half_year::half_year,
    memory_asked::memory_asked,
    few_word_kinds::sum_lasts,
    few_word_kinds::year_trend,
    few_word_kinds::now_anywhere,
    // `h100 where`, `b200 anyone has it`: the stock, never the card's specs.
    stock_short::stock_short,
    few_word_kinds::bare_price,
    few_word_kinds::offers_listed,
    few_word_kinds::platforms_asked,
    few_word_kinds::sum_per_hour,
    budget_said::first_ask,
    budget_said::trend_period,
    length_words::quotes_listed,
    budget_said::budget_how_long,
    budget_said::openers,
    volume_unit::asked,
    alert_cues::alerts_listed,
    alert_cues::alert_said,
    // `所有4090的offer列一下`: one card's offers listed, the platform and kind kept.
    offers_words::card_offers_listed,
    offers_words::offers_asked,
    stock_now::stock_now,
    said_options::live_offers,
    said_options::prices_lately,
    said_options::platform_list,
    said_options::paid_with_only,
    few_words::few_words,
    asked_now::asked_now,
    offers_said::machines_any_card,
    guide_more::which_card,
    jobs_each::cards_on_platform,
    // `四卡a100`, `8x h100`: a machine's size alone, its offers (the count kept).
    machines::machine_alone,
    // Last, when no rule read more: `platforms in the US`, `欧洲的云`, `北京的机房`, the
    // platforms in that place; `预算约300`, `budget roughly $40`, guidance that keeps the budget.
    super::platforms_placed::platforms_in_place,
    super::size_guided::budget_alone,
];

/// Stage 5, in order.
const COMPLETIONS: &[Completion] = &[
    |q, r| job_facts::with_job_facts(q.padded, r),
    // `每天8小时，跑两周`: the days a daily job runs (`days=`), never the default month.
    super::daily_days::with_days,
    |q, r| bill_words::with_data(q.padded, r),
    |q, r| api_yuan::with_api_yuan(q.padded, r),
    |q, r| per_user::with_users(q.padded, r),
    |q, r| offers_said::with_region(q.padded, r),
    // `美国区的h100有哪些`: a region beside one card's specs asks that region's offers.
    super::region_card::with_region_offers,
    // `list providers in europe that take paypal`: a list of platforms keeps the place said.
    super::platforms_placed::with_place,
    |q, r| pay_either::with_either(q.padded, !q.e.platforms.is_empty(), r),
    // `5090 有货吗 runpod 或 vast 都行`: platforms as alternatives filter nothing.
    pay_either::platforms_either,
    |q, r| options_said::with_options(q.padded, r),
    |q, r| offers_words::with_order(q.padded, r),
    |q, r| offers_words::with_live(q.padded, r),
    |q, r| offers_words::with_kind(q.padded, r),
    counts_side::with_counts,
    |q, r| said_options::with_options(q.catalog, q.padded, r),
    budget_said::tco_asked_fits,
    few_word_kinds::notify_said,
    few_word_kinds::region_priced,
    few_word_kinds::year_window,
    few_word_kinds::real_name_asked,
    jobs_each::each_model,
    // `10 students each fine-tune … on a T4`: each one's fit on one card.
    super::each_own::fit_on_own,
    budget_job::with_budget,
    |q, r| cap_currency::with_currency(q.padded, r),
    bare_pair::asked,
    stock_now::stock_needs,
    said_few::without_spend,
];

/// Stage 1: the message with its words written plainly.
/// The platforms a pass with a reason takes out of the text are set aside for it. Also the
/// platforms `text` names (for the guard, `set_aside::guarded`): each text's platforms are
/// found once, not once before and once after every pass that changes it.
pub(super) fn words(catalog: &Catalog, text: &str) -> (String, Vec<SetAside>, Vec<String>) {
    let named_in = set_aside::named(catalog, text);
    let mut aside = Vec::new();
    // The last text whose platforms were found, and those platforms.
    let mut seen = (text.to_string(), named_in.clone());
    let t = WORDS.iter().fold(text.to_string(), |t, (pass, why)| {
        let out = pass(catalog, &t);
        if let Some(why) = why
            && out != t
        {
            if seen.0 != t {
                seen = (t.clone(), set_aside::named(catalog, &t));
            }
            let after = set_aside::named(catalog, &out);
            aside.extend(set_aside::taken_from(&seen.1, &after, *why));
            seen = (out.clone(), after);
        }
        out
    });
    (t, aside, named_in)
}

/// Stage 2: the text with its lengths, days and lists written as the later passes read them.
pub(super) fn spans(catalog: &Catalog, text: &str) -> String {
    SPANS
        .iter()
        .fold(text.to_string(), |t, pass| pass(catalog, &t))
}

/// Stage 3: the entities with what the sentence settled: a GGUF type, the card asked about,
/// the exact model, the usage said in words, a volume's unit, a served batch, a memory size
/// beside a card, a day's hours.
/// `price`: the price said, whose unit may settle a count's (`$0.05/M, 5M a day`: tokens).
pub(super) fn entities_said(
    catalog: &Catalog,
    norm: &str,
    toks: &[String],
    e: &mut Entities,
    price: Option<&super::request::Money>,
) {
    let token_priced =
        price.is_some_and(|p| p.per == Some(crate::billing::PriceUnit::MillionTokens));
    let padded = format!(" {norm} ");
    gguf_type::type_named(norm, &mut e.quants, &mut e.quant);
    cards_aside::keep_asked(catalog, &padded, &mut e.gpus);
    model_named::exact_kept(&padded, &mut e.models);
    let taken: Vec<bool> = toks
        .iter()
        .map(|t| super::week_share::taken_word(catalog, e, t))
        .collect();
    usage_said::usage_said(&padded, toks, &taken, &mut e.usage);
    volume_unit::settle(toks, &padded, e, token_priced);
    super::requests_volume::settle(toks, e);
    super::at_once::served_batch(toks, &padded, e);
    // `三人小公司`, `a team of 4`: the company's size is no batch, unless used at once.
    super::team_size::team_not_batch(&padded, e);
    memory_beside::memory_beside(catalog, toks, &mut e.gpus);
    // `v100，v100 32g 带宽多少`: a card named bare and with its size is the sized one.
    super::sized_variant::bare_dropped(catalog, toks, &padded, &mut e.gpus);
    // A bare `m` a day's minutes where the sentence leaves it no count of tokens.
    let m_minutes = e.volume.is_none()
        && matches!(
            volume_unit::m_unit(&padded),
            volume_unit::MUnit::Minutes | volume_unit::MUnit::Neither
        );
    day_hours::per_day(norm, &mut e.usage, m_minutes);
    // `每天8小时 一周5天`: the day's hours on five days of seven.
    super::period::week_days(toks, &taken, &mut e.usage);
}

/// The first rule of `rules` that reads the question.
pub(super) fn first_of(rules: &[Rule], q: &Question) -> Option<Reading> {
    rules.iter().find_map(|rule| rule(q))
}

/// Stage 5: `r` with the facts said that its rule dropped.
pub(super) fn completed(q: &Question, r: Reading) -> Reading {
    COMPLETIONS.iter().fold(r, |r, complete| complete(q, r))
}

/// Stage 6: the whole reading of `text` (normalized `norm`) asked back where the question
/// left it open, or settled where a word said settles it.
pub(super) fn asked_back(catalog: &Catalog, text: &str, norm: &str, r: Reading) -> Reading {
    // `那A100呢`: a change to a question the bot does not keep.
    let r = follow_up::asked_back(text, norm, r);
    // An alert on a card named by its family (`A100`): the default form, the others offered.
    let r = alert_family::defaulted(catalog, norm, r);
    // `4090D 阉割了多少`: a cut-down card beside the card it was cut from.
    let r = cut_down::beside_base(catalog, norm, r);
    // `量化后` with no width: the fit asked at 4 and at 8 bits.
    let r = quant_width::asked_back(norm, r);
    // `i think 2 h100 are enough …, or do i need 4?`: the guess's count and the other, asked.
    let r = super::guess_count::asked_back(catalog, norm, r);
    // `半天`: 4 h or 12 h, where the bill differs.
    let r = half_day::asked_back(catalog, text, r);
    // `从8点跑到8点`, `from 9 to 9`: 12 h or 24 h, where the bill differs.
    let r = super::clock_range::asked_back(catalog, text, r);
    // `20m a day` beside a run and a cost weighed; a package beside a shorter length.
    let r = super::senses_said::stage(catalog, text, r);
    // `a100 一天 两周`: a day's run or each day of the two weeks, where the bill differs.
    let r = super::day_sense::asked_back(catalog, text, r);
    // `a few hours` with the lengths it may mean; a budget asked how long it lasts is none.
    let r = if budget_said::budget_lasts(text) {
        r
    } else {
        few_hours::asked_back(catalog, text, r)
    };
    // A resolution is no misspelt card.
    let r = said_options::resolution_no_card(catalog, text, r);
    // `what's in stock`: no card, so which one is asked, the commonest offered.
    let r = super::stock_unnamed::asked_back(catalog, text, r);
    let r = super::one_of_each(r);
    // `llama4 scout`: a word said that names one of the models asked back settles it.
    weighed::settled(norm, r)
}
