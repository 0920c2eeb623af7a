//! Plain questions into typed readings: `4090能跑qwen2.5-32b吗` → `/fit qwen2.5-32b rtx-4090`,
//! `autodl 4090 跑40分钟多少钱` → `/cost autodl rtx-4090 40m`, `cheapest A100?` →
//! `/compare a100-80g-sxm 1h`.
//!
//! Deterministic and offline. [`text`] makes the question plain (half-width, Chinese numerals,
//! spoken durations and amounts); [`entities`] finds what it names with the catalog and the
//! lexicon; [`price`] finds a price; [`intent`] chooses the command from cue words
//! ([`words`]). The result is a typed [`Request`] whose [`Request::line`] is the command line
//! the user could have typed, in canonical words the command's own parser reads back to the
//! same facts, so the answer can start with "I read this as: …". When two readings are
//! possible they are asked back; nothing is guessed. [`facts`] gives `/pick` the same entities.
//!
//! Work is bounded: the text is cut at [`MAX_CHARS`], every pass is one walk, a word costs a
//! constant number of catalog look-ups, and "did you mean" scans a few words at most.

mod alert_family;
mod alert_terms;
mod arch_family;
mod asks;
mod at_hand;
mod bare_asked;
mod bare_number;
mod bare_rate;
mod card_and_place;
mod card_count;
mod card_memory;
mod card_now;
mod card_or_hours;
mod ceiling_told;
mod cheap_purpose;
mod cheaper_when;
mod clock_range;
mod community_quants;
mod count_after_family;
mod count_apart;
mod cues;
mod currency_asked;
mod cut_down;
mod daily_days;
mod day_part;
mod day_sense;
mod deadline_said;
mod diffusion_names;
mod diffusion_options;
mod distill_base;
mod dropped;
mod each_own;
mod engine_kept;
mod entities;
mod extras_said;
mod facts;
mod family_after;
mod family_ask;
mod family_fit;
mod family_model;
mod family_sizes;
mod fee_asked;
mod follow_apply;
mod not_carried;
// The whole reading of one normalized question (its readers in order).
mod whole;
/// A model's sibling of another size (`qwen2.5-7b` and `14b`), for /pick's size corrections.
pub(crate) use follow_apply::sized as model_of_size;
use whole::{read_normalized, read_normalized_named};
mod aside;
mod cards_asked;
mod cards_there;
mod decimal_marks;
mod follow_more;
mod follow_on;
mod follow_relative;
mod follow_up;
mod guess_count;
mod guided;
mod half_day;
mod han_spaces;
mod headcount;
mod home_ranked;
mod image_batch;
mod image_job;
mod images_rate;
mod intent;
mod keyboard_folds;
mod kind_guided;
mod lists;
mod lists_more;
mod living_money;
mod machines;
mod memory_as_card;
mod memory_before;
mod memory_floor;
mod memory_models;
mod memory_small;
mod method_named;
mod method_unsaid;
mod missing;
mod month_count;
mod month_left_on;
mod needs_said;
mod newcomer_platform;
mod night;
mod no_more;
mod normalized;
mod numbers_en;
mod numbers_said;
pub(crate) use crate::lexicon::numerals;
mod one_node;
mod outcome_guided;
mod own_card;
mod own_figures;
mod paid;
mod pass_held;
mod pasted_flags;
mod pasted_json;
mod pasted_text;
mod per_user;
mod period;
mod period_first;
mod place_judged;
mod plan_or_hourly;
mod platform_slips;
mod platforms_placed;
mod price;
mod price_here;
mod price_range;
mod price_rank;
mod price_row;
mod quant_asked;
mod quant_pair;
mod quant_width;
mod question;
mod quoted;
mod rate_asked;
mod request;
mod season_asked;
mod second_ask;
mod seen_price;
mod self_host_fit;
mod senses;
mod senses_said;
mod service_cheapest;
mod serving;
mod set_aside;
mod sign_words;
mod sold_out;
mod spaced_units;
// `显存24`, `16 vram`: a bare number beside a memory word is its size.
mod common_cards;
mod memory_bare;
mod span;
mod spellings;
mod spoken_cards;
mod spoken_zh;
mod stock_or_spec;
mod stock_rules;
mod stock_short;
mod stock_unnamed;
mod tco_prices;
mod window_said;
// The command grammar reads arguments through the same spoken-form pass (`commands::grammar`).
mod beam_words;
mod best_place;
pub(crate) mod text;
mod text_en;
mod typo;
mod unheard;
mod vllm_flags;
mod words;
mod words_alerts;
mod words_guidance;
mod words_platforms;
mod words_price;
mod words_stock;
mod written_dates;
mod written_numbers;
mod written_rates;
// Fresh18's misses (und-l), each mechanism its own module.
mod card_hour;
mod card_hours;
mod cheap_there;
mod cheaper_than;
mod cheapest_where;
mod choice_handed;
mod day_hours;
mod guide_needs;
mod lang_said;
mod laptop_card;
mod rent_or_buy;
mod spent_said;
mod student_price;
// Fresh17's misses, each mechanism its own module.
mod access_asked;
mod alert_cues;
mod alert_forms;
mod alert_news;
mod api_bare;
mod api_in_out;
mod api_yuan;
mod asked_now;
mod at_once;
mod background;
mod bare_ceiling;
mod bare_pair;
mod barrier_guided;
mod batch_said;
mod better_place;
mod bill_currency;
mod bill_words;
mod budget_guide;
mod budget_job;
mod budget_said;
mod cap_currency;
mod card_number;
mod card_qualifier;
mod cards_aside;
mod cards_bounded;
mod counter_words;
mod counts_side;
mod diffusion_family;
mod few_hours;
mod few_word_kinds;
mod few_words;
mod first_told;
mod fit_count;
mod gguf_type;
mod glued_family;
mod glued_units;
mod glued_words;
mod guide_more;
mod half_year;
mod ime_slips;
mod job_facts;
mod jobs_each;
mod left_after;
mod left_for;
mod length_words;
mod memory_asked;
mod memory_beside;
mod model_named;
mod model_near;
mod offer_noun;
mod offers_said;
mod offers_words;
mod options_said;
mod past_day;
mod past_span;
mod pay_asked;
mod pay_ease;
mod pay_either;
mod per_day;
mod per_thousand;
mod pick_terse;
mod price_moved;
mod purpose_named;
mod refused;
mod region_asked;
mod region_card;
mod region_named;
mod rental_listed;
mod rented_use;
mod requests_volume;
mod said_few;
mod said_options;
mod sizes_before;
mod sizes_weighed;
mod span_unread;
mod spec_asked;
mod spelled_names;
mod spoken_forms;
mod stages;
mod stock_have;
mod stock_now;
mod stopped_billed;
mod story_aside;
mod taken_back;
mod top_up_asked;
mod trend_intent;
mod trend_job;
mod trend_window;
mod trial_plan;
mod typed_forms;
mod typed_marks;
mod unknown_model;
mod unknown_platform;
mod unknown_unit;
mod usage_said;
mod usual_time;
mod volume_period;
mod volume_unit;
mod wan_numbers;
mod week_share;
mod weighed;
mod which_cheaper;
mod whole_day_span;
// Corpus44's misses (und_ab).
mod budget_month;
mod budget_recommend;
mod cheaper_alike;
mod hyphen_units;
mod pair_job;
mod price_ahead;
mod rule_in_passing;
mod session_drop;
mod stock_card;
mod storage_unsized;
mod usdt_said;
// Corpus91's misses (und_cy).
mod cap_unread;
mod cards_cheaper;
mod team_size;
mod timing_asked;
mod vague_job;
mod wait_asked;
// Corpus46's misses (und_ad).
mod needs_capped;
mod ollama_tag;
mod page_price;
// Corpus48's misses, sections 3-6 (und_ag).
mod alike_cheaper;
mod lowest_wait;
mod size_guided;
mod size_said;
mod sized_variant;
mod spot_both;
// Corpus56's misses (und_am).
mod options_typed;
mod quarter_months;
mod unit_named;
// Corpus58's misses (und_ap).
mod unknown_named;
// Corpus97's misses (und_ds).
mod run_together;
mod slips_said;
// Corpus98's misses (und_dt).
mod bare_rate_job;
mod echo_corrected;
mod japanese_forms;
mod plea_clause;
mod pointed_back;
// Corpus103's misses (und_ed).
mod alert_cancel;
mod alert_ordinal;
mod alert_removed;
mod call_forms;
mod chat_marks;
mod correction_kinds;
mod first_ask;
mod guessed_figure;
mod name_words;
mod point_apart;
mod story_clause;
mod story_time;

#[cfg(test)]
mod own_tests;
#[cfg(test)]
mod tests;

pub use asks::{asks_for_action, is_known_command};
pub use at_hand::{amount_word, currency_word};
pub(crate) use at_once::{at_once_count, at_once_opens, at_once_said};
pub use card_or_hours::card_or_hours;
pub use facts::{Facts, facts};
pub use few_word_kinds::region_not_carried;
pub(crate) use night::length_said as length_in;
/// A price range (`2到3块`, `$1-2/hr`) written as a cap at its top, for `/pick`'s cap reader.
pub(crate) use price_range::plain as price_ranges_capped;
pub use region_named::region_beside_named;
/// A Traditional character in its Simplified form, for readers that look before `normalize`.
pub(crate) use spellings::simplified;

/// A task word typed with a slip written as the word: an input method's (`微条`, `推里`, the
/// table the reader's cue words use) or a letter's (`fine tunning`, the reader's English cue
/// measure). For `/pick`'s typed answers.
pub fn input_slips(text: &str) -> String {
    text_en::task_spellings(&ime_slips::plain(text))
}
pub use missing::{Missing, missing};
pub use not_carried::NotCarried;
pub use request::{Cards, Money, Request, Usage, task_word, volume_word};
pub use second_ask::second_ask;
pub use senses_said::senses_said;
pub use slips_said::slips_said;
pub use storage_unsized::storage_unsized;
pub use text::{MAX_CHARS, normalize};
pub use usdt_said::usdt_said;

/// `text` with its Traditional characters as their simplified forms (`訓練` → `训练`), the one
/// fold [`normalize`] applies, alone: for a reader that matches the lexicon's words in the text
/// as typed (`/pick`'s task step).
pub fn fold_traditional(text: &str) -> String {
    text.chars().map(spellings::simplified).collect()
}
pub use unheard::{Unheard, unheard, unheard_after_reading};

use crate::catalog::Catalog;

/// How a question was read.
// One reading per message, matched on by value: boxing the request would buy nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq)]
pub enum Reading {
    /// One command, e.g. `/fit qwen2.5-32b int4 rtx-4090`.
    Command(Request),
    /// Two or more plausible commands: ask the user which.
    Ask(Vec<Request>),
    /// Nothing the bot can act on.
    Unknown,
}

impl Reading {
    /// The command line (or lines to ask back) this reading renders to.
    pub fn lines(&self) -> Vec<String> {
        match self {
            Reading::Command(r) => vec![r.line()],
            Reading::Ask(rs) => rs.iter().map(Request::line).collect(),
            Reading::Unknown => Vec::new(),
        }
    }
}

/// What reading one question cost: characters of the message read, words, catalog look-ups.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Work {
    pub chars: usize,
    pub words: usize,
    pub lookups: usize,
}

/// Reads one plain question.
pub fn read(catalog: &Catalog, text: &str) -> Reading {
    read_with_work(catalog, text).0
}

/// Reads one plain question and says what it cost (the work bound's test reads this).
pub fn read_with_work(catalog: &Catalog, text: &str) -> (Reading, Work) {
    let (reading, work, _) = read_all(catalog, text);
    (reading, work)
}

/// Reads one plain question, with what it named that its one command cannot carry, each with
/// the command that uses it (`Bot::on_question` says them beside the answer; und_cx).
pub fn read_not_carried(catalog: &Catalog, text: &str) -> (Reading, Vec<NotCarried>) {
    let (reading, _, not_carried) = read_all(catalog, text);
    (reading, not_carried)
}

fn read_all(catalog: &Catalog, text: &str) -> (Reading, Work, Vec<NotCarried>) {
    // Every reader sees what `normalize` reads, the first MAX_CHARS characters: the stages
    // that read the raw text (clock ranges, spans, backgrounds) walked all of a 100 KB message,
    // some of them at every position.
    let text = text
        .char_indices()
        .nth(MAX_CHARS)
        .map_or(text, |(at, _)| &text[..at]);
    // `￥1。5/时`, `$0。5/hr`: a decimal point typed as another mark is the point for the stages
    // that read the raw text too (a sentence split at `。` read `5/时` as the price).
    // `prıce`, `🔟天`: another keyboard's stand-in is its character for every stage (und_eb).
    // `1. 5 刀`, `1点5小时`, `2h半`: a decimal written apart is one number (und_ee).
    // `cost(platform="runpod", hours=4)`: a call written as the words it asks (und_ee).
    let folded = call_forms::plain(&point_apart::joined(&keyboard_folds::folded(text)));
    let pointed = decimal_marks::pointed(&folded);
    // Entities, escapes, pasted fields, identifiers and numbers written every way, as plain
    // words and figures, before any stage reads them (und_dz).
    let pointed = written_rates::plain(&written_dates::ranges(&written_numbers::plain(
        &pasted_text::plain(&pointed),
    )));
    // Chat marks (a timestamp, `½`, a correction) and a weekend said as when (und_ed).
    let pointed = story_time::plain(&chat_marks::plain(&pointed));
    let text = pointed.as_str();
    // `I read this as: /cost … 1h 但我要的是3个小时`: the echo quoted, then corrected (und_dt).
    if let Some((line, fix)) = echo_corrected::split(text) {
        let (quoted, work, not_carried) = read_all(catalog, &line);
        if let Reading::Command(last) = &quoted {
            if fix.is_empty() {
                return (quoted, work, not_carried);
            }
            if let Some(r) = follow_up_of(catalog, &fix, last) {
                return (r, work, Vec::new());
            }
        }
    }
    // `…多少钱？能用微信付吗`: a second question after the first is left to a follow-up (und_ed).
    if let Some(head) = first_ask::head(text) {
        let first = read_all(catalog, &head);
        if matches!(first.0, Reading::Command(_)) {
            return first;
        }
    }
    let (reading, work, not_carried) = read_once(catalog, text);
    // A story's card or words before the ask: the ask read alone (und_ed).
    let ask = story_clause::ask_after_story(catalog, text, &reading, |t| read_all(catalog, t).0);
    if let Some(r) = ask.or_else(|| story_clause::held_weighed(catalog, text, &reading)) {
        return (r, work, Vec::new());
    }
    // `…a 7B fine-tune. Walk me through it?`: a plea to be guided in one sentence (und_dt).
    if reading != Reading::Command(Request::Pick) && plea_clause::plea_decides(catalog, text) {
        return (Reading::Command(Request::Pick), work, Vec::new());
    }
    if !model_near::lacks_model(&reading) {
        return (reading, work, not_carried);
    }
    // A model's name typed with a slip over words (`mistal nemo`): read again with the
    // catalog's nearest model written in; several asked back, each read.
    let again: Vec<(Reading, Work, Vec<NotCarried>)> = model_near::texts_unslipped(catalog, text)
        .iter()
        .map(|t| read_once(catalog, t))
        .filter(|(r, _, _)| !model_near::lacks_model(r))
        .collect();
    match <[_; 1]>::try_from(again) {
        Ok([one]) => one,
        Err(many) if many.len() > 1 => {
            let rs: Vec<Request> = many
                .into_iter()
                .filter_map(|(r, _, _)| match r {
                    Reading::Command(r) => Some(r),
                    _ => None,
                })
                .collect();
            (Reading::Ask(rs), work, not_carried)
        }
        Err(_) => (reading, work, not_carried),
    }
}

fn read_once(catalog: &Catalog, text: &str) -> (Reading, Work, Vec<NotCarried>) {
    let said = text;
    // `g5.xlarge`, `ND H100 v5`: a cloud instance type is the card it holds (catalog data).
    let cards = catalog.instance_cards(text);
    let text = cards.as_str();
    // `I used SDXL on my 3060 before. Does FLUX.1-dev fit on an L4?`: the question's own names.
    let part = background::question_part(catalog, text);
    let text = part.as_deref().unwrap_or(text);
    let norm = normalize(text);
    let (reading, mut work, aside, named, things) =
        read_normalized_named(catalog, norm.clone(), true);
    let reading = stages::asked_back(catalog, text, &norm, reading);
    // A platform named that no reading carries and no reader set aside: carried, or asked.
    // Two asks in one message: the second set aside with what it names (`dropped::kept`).
    let page = matches!(
        reading,
        Reading::Command(Request::Gpu(_) | Request::Platform(_) | Request::Platforms(_))
    );
    let two_asks = page && second_ask::first_of_two(catalog, &format!(" {norm} ")).is_some();
    let reading = set_aside::guarded(catalog, &things, &named, &aside, two_asks, reading);
    // Where the person said they are: a stock answer ranked by it (und_cl).
    let reading = home_ranked::with_home(&norm, reading);
    // A machine's count of cards in the direction its words say (`不超过2张` → `cards<=2`).
    let reading = cards_bounded::bounded(&norm, reading);
    // A currency asked of a bill (`… in usd`, `用美元算`): the bill's `currency=`.
    let reading = bill_currency::carried(&norm, reading);
    // A model's name with a slip (`qwen2.5 14n`): the catalog's one nearest, or asked back.
    let reading = model_near::nearest(catalog, reading);
    // A whole span said and not read: the one-hour bill asked back, never given in silence.
    let reading = span_unread::guarded(&norm, reading);
    // What the one command read cannot carry, said beside it with the command that does.
    let not_carried = not_carried::not_carried(catalog, &things, &aside, &reading);
    // What was read of the message: its first MAX_CHARS characters at most.
    work.chars = said.chars().take(MAX_CHARS).count();
    (reading, work, not_carried)
}

/// Readings asked back once each; two that are the same (a platform named by its name and its
/// alias, `腾讯云hai`) are no choice: that one reading.
fn one_of_each(reading: Reading) -> Reading {
    match reading {
        Reading::Ask(rs) if rs.len() > 1 => {
            let mut once: Vec<Request> = Vec::new();
            for r in rs {
                if !once.contains(&r) {
                    once.push(r);
                }
            }
            match <[Request; 1]>::try_from(once) {
                Ok([r]) => Reading::Command(r),
                Err(once) => Reading::Ask(once),
            }
        }
        other => other,
    }
}

/// Reads one message after the chat's last reading (`last`, the request the bot answered
/// before, kept by the frontend): a follow-up (`那h100呢`, `换成qlora呢`, `and on runpod?`) is
/// that request with its slot changed; a question of its own is read as [`read`] reads it.
pub fn read_after(catalog: &Catalog, text: &str, last: Option<&Request>) -> Reading {
    last.and_then(|last| follow_up_of(catalog, text, last))
        .unwrap_or_else(|| read(catalog, text))
}

/// The message read as a follow-up of `last` (its change put in, or its readings asked back);
/// `None` when it is no follow-up of it, to be read alone.
pub fn follow_up_of(catalog: &Catalog, text: &str, last: &Request) -> Option<Reading> {
    // A card or a currency the bot does not know, a length or a count no bill can use, is
    // said back, never read past into the last request (`换成4060ti跑5小时呢` is no 4090's bill).
    if unheard::unheard_after_reading(catalog, text).is_some() {
        return None;
    }
    let norm = normalize(&catalog.instance_cards(text));
    let (plain, ..) = read_normalized(catalog, norm.clone(), true);
    if follow_more::fit_without_model(&norm, &plain, last) {
        return None;
    }
    if let Some(r) = follow_more::before(catalog, &norm, &plain, last) {
        return Some(r);
    }
    follow_on::applied(catalog, &norm, &plain, last)
        .or_else(|| follow_more::priced_after_fit(catalog, &norm, &plain, last))
        .or_else(|| match plain {
            // Nothing read alone: the last request's card may be what it left unsaid.
            Reading::Unknown => follow_on::carried(catalog, &norm, last, false),
            // `can it run llama 3.1 70b` after a price of the h100: on the h100.
            Reading::Command(Request::Fit(f)) if f.gpu.is_none() => {
                follow_on::carried(catalog, &norm, last, true)
            }
            _ => None,
        })
        // `最多2张的呢` after offers: the count bounded as a question's is.
        .map(|r| cards_bounded::bounded(&norm, r))
}

/// `英文`, `in english`, `用中文`: a message that only asks for another language, for the
/// last answer again in it.
pub fn language_asked(text: &str) -> Option<crate::i18n::Lang> {
    follow_on::language_asked(&normalize(text))
}
