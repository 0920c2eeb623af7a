//! The lexicon: how people write durations, money, counts and the names of things, in English
//! and Chinese, read in one place for every command, the `/pick` dialogue and the CLI.
//!
//! One meaning for each suffix, per kind of quantity:
//!
//! | kind | written | meaning |
//! |---|---|---|
//! | duration | `s`/`秒`, `m`/`min`/`分钟`, `h`/`小时`, `d`/`天`, `w`/`周`, `mo`/`月`, `y`/`年` | seconds … years; a month is 730 h ([`crate::units`]) |
//! | price unit | `/s`, `/min`, `/h`, `/day`, `/week`, `/month`, `/mtok` | per time unit; `mtok` = per 1,000,000 tokens (`m` alone is a minute) |
//! | token volume | `k`/`千` = 10³, `m` = 10⁶, `b` = 10⁹, `万` = 10⁴, `亿` = 10⁸ | decimal, as APIs price tokens |
//! | context window | `k` = 1024, `m` = 1024², `万` = 10⁴ | binary, as model configs size windows (32k = 32,768) |
//! | model size | `b` = 10⁹ parameters | `13b`, `1.5B` |
//! | cards | `2`, `x2`, `×2`, `2x`, `2张`, `2卡`, `2 cards`, `2x4090` | a count of cards |
//! | storage | `gb`, `tb` (= 1000 GB) | decimal GB, as platforms bill disks |
//! | card memory | `16gb`, `16g`, `16gib` (a `/fit` line with no model) | a card's memory as the catalog reads a marketed size: GiB of memory chips |
//! | money | `$`, `usd`, `美元`, `刀`; `¥`, `￥`, `cny`, `rmb`, `元`, `块` | USD, CNY |
//! | task | `full`, `全参`, `全量` / `lora`, `finetune`, `微调`, `sft`, forum `炼(丹)`, `练个`, `调个` / `qlora` / `推理`, `部署`, `起个服务` | full fine-tune / LoRA / QLoRA / inference ([`TASK_WORDS`]); FP32 is `fp32`, never `full` |
//!
//! The types these words name live with their engines (durations in [`crate::units`], price
//! units in [`crate::billing`], quantizations in [`crate::vram`]); engines never parse user text.

mod adverbs;
mod advice_rent;
mod alert_slang;
mod alias_words;
mod alike;
mod always_on;
mod api_units;
mod asking;
mod assent;
mod at_peak;
mod audience;
mod barrier_negated;
mod batch_job;
mod bill_currency;
mod budget;
mod budget_change;
mod buy_or_rent;
mod card_failed;
mod card_memory_words;
mod card_switch;
mod cardinals;
mod ceiling;
mod choose;
pub(crate) mod clock_words;
mod code_glued;
mod count;
mod count_bound;
mod courtesy;
mod credential;
mod cue_words;
mod currency;
mod deadline;
mod difference;
mod each_period;
mod edit;
mod emoji_words;
mod extremes;
mod floor_words;
mod foreign;
mod formats;
mod function_words;
mod goal_words;
mod going_to_try;
mod grad_accum;
mod guess;
mod haste;
mod headcount;
mod headcount_words;
mod hedge;
mod home_place;
mod homophones;
mod image_names;
mod image_options;
mod inexact;
mod job_flags;
mod job_senses;
mod job_verbs;
mod laptop;
mod lead_bytes;
mod leaving;
mod letter_digits;
mod located;
mod mixed;
mod model_spoken;
mod moe_offload;
mod money;
mod name_size;
mod name_slot;
mod need_hard;
mod needs;
mod negation;
mod nights;
mod not_a_place;
mod noun_slips;
pub(crate) mod numerals;
mod other_time;
mod pinyin_words;
mod restart_words;
mod restated;
mod size_alone;
mod tag_quant;
mod typed_forms;
mod unit_anagrams;
mod yue_steps;
// Closed classes of function words a line that stops /pick is read by (dialogue::stop_shape).
mod list_place;
mod media_made;
mod options;
mod ordinal;
mod ordinal_slips;
mod params_said;
mod passes;
mod people;
mod place;
mod place_not_wanted;
mod places;
mod price_gap;
mod price_motion;
mod price_rank;
mod price_window;
mod rate_marks;
mod rather;
mod refuse;
mod regions;
mod rent_ease;
mod rent_manner;
mod rent_price;
mod rental_noun;
mod reported;
mod said_numbers;
mod said_range;
mod schedule;
mod seasons;
mod senses;
mod seq_length;
mod services;
mod sharding_words;
mod shown_place;
mod slash_rate;
mod slot_slips;
mod small_degree;
mod span_total;
mod squash;
mod step_named;
pub(crate) mod stopping;
mod sums;
mod switches;
mod tag_ask;
mod taken_back;
mod team_words;
mod than_card;
mod time_point;
mod timing;
mod told_before;
mod try_words;
mod unable;
mod unit_spellings;
mod unsure;
mod values;
mod vowel_drops;
mod watch;
mod weekdays;
mod who_has;
mod whole_span;
mod words;
mod written_apart;
mod your_pick;
mod zh_slips;
// Corpus98's slips (und_dt): characters out of order, stretched letters, homophones.
mod echo_lead;
mod else_asked;
mod guide_plea;
mod han_order;
mod latin_slips;
pub use alert_slang::alert_slang_said;
pub use credential::phone_phrase;
pub use echo_lead::{ECHO_CORRECTIONS, ECHO_LEADS};
pub use else_asked::ELSE_ASKED;
pub use guide_plea::{COMPUTED_ASKS, GUIDE_PLEAS};
pub use han_order::order_slips_read;
pub use latin_slips::{HOMOPHONE_PHRASES, homophones_read, stretched_read};
pub use price_motion::price_motion_said;

pub use adverbs::{always_of_a_verb, whenever_as_always};
pub use advice_rent::{RENT_GPU, advice_on_renting};
pub use alias_words::ordinary_word_at;
pub use alike::read_alike;
pub use always_on::{
    BILL_OF_PERIOD, DAY_HOURS, EVERY_HOUR, HOURLY_BILLING, LONG_RENTAL, PACKAGES, Package,
    STAYS_ON, WHOLE_DAY, always_on_as_always, always_on_phrases_as_word, always_on_words,
    day_kept_on, is_always_on, is_long_rental, is_whole_day, names_bill_period, package,
    says_always_on, says_month_package, whole_day_words,
};
pub use api_units::{
    EACH_REQUEST_WORDS, INPUT_PRICE_WORDS, OUTPUT_PRICE_WORDS, REQUEST_WORDS, TOKEN_CUES,
    TOKEN_NOUNS, TokenCue, glued_per_tokens, per_thousand_at, per_tokens_after, per_tokens_before,
    speaks_of_tokens, token_cue_said, tokens_unit_at,
};
pub use asking::{QUESTION_CUES, size_asked};
pub use assent::{
    Assent, assent, assent_words, closing, declined, go_on, reply_words, result_named, show_alone,
    shown, yes_before,
};
pub use at_peak::{alone_said, count_lead_dropped, numeral_range, peak_count, tens_and_some};
pub use barrier_negated::barrier_negated;
pub use batch_job::{BATCH_WORDS, batch_job};
pub use bill_currency::bill_currency_asked;
pub use budget::{
    BUDGET_WORDS, MONEY_AT_HAND, MONEY_CAN_DO, SPEND_ASKED, SPEND_VERBS, at_hand_words,
    budget_noun_at, budget_noun_said, budget_nouns_in, budget_period_words, budget_short,
    money_can_do, spend_bounds,
};
pub use budget_change::{BUDGET_AFTER, BUDGET_SET_WORDS};
pub use buy_or_rent::{BUY_WORDS, RENT_WORDS, buying_weighed};
pub use card_failed::{card_failed_at, card_out_at};
pub use card_memory_words::{CARD_NAME_TAILS, OTHER_MEMORY, RENT_INSTEAD};
pub use card_switch::{card_blew_up_at, switch_asked};
pub use cardinals::number_word;
pub use ceiling::{
    Bound, CEILINGS, Ceiling, LENGTH_BEFORE, PER_HOUR, RUN_VERBS, Side as CeilingSide,
    at_most_before, ceiling_after, ceiling_said, ceiling_words, run_length_at, run_verb_ends,
};
pub use choose::{
    CHOOSE_VERBS, SUITS_ME, approval_mark, cheapest_chosen, choice_handed_over, help_choosing,
    proposed, suits_me,
};
pub use code_glued::codes_spaced;
pub use count::{
    CARD_MEASURES, CJK_MULTIPLIERS, COUNT_WANTED, DATA_SET_WORDS, MACHINE_NOUNS, ModelSize,
    WINDOW_WORDS, card_count, card_measure_len, card_memory_gb, card_plural, cards_and_name,
    context_tokens, data_set_word, is_machine_noun, machine_said, model_size, params_b,
    take_card_prefix, thousands_as_k, token_count,
};
pub use count_bound::{CountBound, count_bound};
pub use courtesy::without_courtesy;
pub use cue_words::{CUE_WORDS, REAL_WORDS, SHORT_CUES, cue_of_slip};
pub use currency::{
    CURRENCIES, Currency, MONEY_WORDS, PRICE_CURRENCY_WORDS, UNRATED_PARTS, UNRATED_WORDS,
    counts_no_money, currency_after_unit_word, currency_code, currency_of_slip,
    names_before as currency_names_before, usdt_written,
};
pub use deadline::{DEADLINE_TIME_WORDS, DEADLINE_TIME_ZH, DEADLINE_WORDS, WEEKDAYS};
pub use difference::{
    COMPARED_WORDS, DIFFERENCE_WORDS, comparison_asked, difference_asked, lengths_weighed,
    methods_weighed,
};
pub use each_period::{
    ALSO_A_LENGTH, EACH_PERIOD, Period, daily_rhythm_at, daily_rhythm_before, daily_rhythm_words,
    first_period, period_words, rate_words, says, stands_at, starts_with, words_longest_first,
};
pub use edit::{
    map_words, method_typos, one_edit, round_by_swap, same_letters, slips_apart, swapped,
    swapped_across,
};
pub use emoji_words::{EMOJI_WORDS, emoji_as_words};
pub use extremes::{
    DEGREE_WORDS, EXTREME_WORDS, High, PROPERTY_NOUNS, Property, extreme_said, extreme_words,
};
pub use floor_words::{ABOVE_BEFORE, FLOOR_AFTER, FLOOR_BEFORE};
pub use foreign::in_english;
pub use formats::{
    PUBLISHED_FORMAT_PHRASES, SPACED_FORMATS, formats_joined, published_format_said,
};
pub use function_words::{EN_FUNCTION_WORDS, ZH_FUNCTION_CHARS};
pub use goal_words::{Goal, done_said, goal_said, memory_asked, only_trying, skip_said};
pub use going_to_try::{GOING_WORDS, going_to_try};
pub use grad_accum::{grad_accum_steps, is_grad_accum_key, said_grad_accum};
pub use guess::{ENOUGH_ASKED, GUESS_CUES, QUOTED_CUES};
pub use haste::{HASTE_WORDS, followed_past_haste};
pub use headcount::{Headcount, headcounts};
pub use hedge::{answer_hedged, hedges_dropped};
pub use home_place::{ANY_PLACE, any_place, home_nearby, place_of_home};
pub use homophones::homophone_slips_fixed;
/// [`read_alike`] with an input method's fuzzy pairs folded (`速`/`束`, s/sh).
pub use homophones::read_alike as read_alike_fuzzy;
pub use image_names::{family_words, image_to_video_said};
pub use image_options::{memory_mode_said, rank_said, resolution_word, setting_asked, side_said};
pub use inexact::{
    COUNTED_NOUNS, TILL_TOMORROW, VAGUE_AMOUNTS, VAGUE_MONEY_AFTER, VAGUE_MONEY_BEFORE,
    counted_noun,
};
pub use job_flags::{
    CARD_HOUR_UNITS, CONTEXT_FLAGS, GPU_HOUR_UNITS, TENSOR_PARALLEL_WORDS, card_hour_unit,
    gpu_hour_unit,
};
pub use job_senses::{JOB_WORDS, JobReading, JobSense, Settled, inference_said, job_reading};
pub use job_verbs::{JOB_VERBS, is_job_verb, job_verb_said};
pub use laptop::laptop_said_at;
pub(crate) use lead_bytes::LeadBytes;
pub use leaving::{LEAVE_WORDS, goodbye};
pub use letter_digits::zero_typed_as_o;
pub use list_place::{place_in, place_rank_said, relative_said};
pub use located::{placed, platform_in_place, platform_standing};
pub use media_made::{Made, medium_made};
pub use mixed::{english_in_chinese_frame, glued_mixed, is_han};
pub use model_spoken::model_numbers_in_digits;
pub use moe_offload::{
    cpu_moe_layers, is_cpu_moe_key, is_cpu_moe_word, is_ubatch_key, said_cpu_moe,
};
pub use money::{
    LEADING_SYMBOLS, PER_CARD_WORDS, PriceText, SUB_UNITS, bare_amounts, parse_amount,
    parse_currency, parse_dur, parse_price, parse_size_gb,
};
pub use name_size::{MODEL_FAMILIES, model_size_in_name};
pub use name_slot::{card_only_after, card_slot, platform_slot};
pub use need_hard::need_hard_after;
pub use needs::{
    COMPANY_PAYMENTS, INVOICE_WORDS, NEED_PHRASES, NEED_SPELLINGS, Need, STOPPED_BILLED_WORDS,
    STOPPED_WORDS, card_payment_at, need_denied_before, need_negated_after, need_of_slip,
    need_said, need_typos, need_word, parse_needs, payment_held_before, phrase_is_topic_only,
    region_refused, stopped_billing_asked, stopped_said,
};
pub use negation::{negated_after, negated_at, said_not_negated};
pub use nights::{NightSense, night_phrases, night_said, nights_as};
pub use noun_slips::noun_of_slip;
pub use options::{connective, option, pixels, split_options};
pub use ordinal::{Ordinal, ordinal, ordinal_in, ordinal_text, place_words};
pub use other_time::{OTHER_TIME_NOUNS, other_time_at};
pub use params_said::params_written;
pub use passes::{PASS_PERIODS, PERIOD_AMOUNT_BETWEEN, pass_period};
pub use people::{GROUP_OF, PEOPLE_AFTER, STUDENT_PRICE};
pub use pinyin_words::{pinyin_syllables, pinyin_word};
pub use place::{followed, here_asked, place_asked, place_judged, which_place_at};
pub use price_gap::{PRICE_GAP_WORDS, price_gap_asked};
pub use price_rank::{PRICE_RANK_WORDS, price_rank_said};
pub use price_window::price_window_said;
pub use rate_marks::{
    CHARGE_VERBS, MARKS_AFTER, PRICE_NOUNS, RATE_MARKS, charge_verb_stripped, ends_with_rate_mark,
    price_noun_stripped,
};
pub use rather::rather_as_adverb;
pub use refuse::{apart_words, exclude_words, price_refused_at, refuse_words};
pub use regions::{
    HOSTS_IN_PLACE, PLACES, Place, SITES, Site, UNPLACED, city_unplaced, home_city_unplaced,
    host_noun_slip, place_codes, place_named, place_said, place_within, place_word, place_written,
    said_as_home,
};
pub use rent_ease::ease_as_can;
pub use rent_manner::need_of_renting;
pub use rent_price::rent_priced;
pub use rental_noun::rental_named;
pub use reported::reported_recommendations;
pub use restart_words::{RESTART_FILLERS, RESTART_MORE};
pub use restated::restated_answer;
pub use said_numbers::{
    CLOCK_AFTER, CONTRACTIONS_BARE, GROUP_APOSTROPHES, GROUP_MARKS_OF_TWO, GROUP_SPACES,
    LARGE_NUMBER_WORDS, LENGTH_BEFORE_CLOCK, ZH_CHAT_SPELLINGS,
};
pub use said_range::{hedge_after_dropped, range_said};
pub use schedule::{Schedule, clock_span, day_set, schedule, unsized_at};
pub use seasons::{SEASON_WORDS, season_said};
pub use senses::{Sense, Senses};
pub use seq_length::{length_said, token_count_form};
pub use services::{SERVICE_NOUNS, ServiceKind, service_of, service_said};
pub use size_alone::size_alone;
pub use slash_rate::slash_rate_folded;
pub use slot_slips::slot_slips;
pub use small_degree::{NoFigure, no_figure};
pub use span_total::total_span_dropped;
pub use step_named::{StepNamed, step_to_change};
pub use sums::{SUM_AFTER, SUM_BEFORE};
pub use switches::{CHECKPOINTING_TERMS, switched_off, trainer_said};
pub use tag_ask::tags_dropped;
pub use tag_quant::tag_quant_apart;
pub use taken_back::{
    CORRECTION_LEADS, TAKEN_BACK_AFTER, TAKEN_BACK_BEFORE, refused_value_at, unit_key,
};
pub use team_words::{APPROXIMATELY, team_told_as_me};
pub use than_card::compared_names;
pub use time_point::{TillRead, till_point};
pub use timing::{TIMING_WORDS, easy_when, now_or_wait, timing_asked};
pub use told_before::{
    ABBREVIATIONS, DONE_BEFORE, NOW_OPENS, POINTS_BACK, SPENT_BEFORE, abbreviation_before,
    done_before, now_opens_at, points_back, spent_before,
};
pub use typed_forms::{budget_slips_read, greeting_dropped, keycaps_as_digits};
pub use unable::{unable_after, unable_before};
pub use unit_anagrams::unit_anagrams_read;
pub use unit_spellings::{Form, UNIT_SPELLINGS, unit_slips_read};
pub use unsure::{ASIDES, HANDED, UNSURE, card_unknown_to_writer};
pub use values::{Cards, Money, Usage, task_word, volume_word};
pub use vowel_drops::{DROPPED_WORDS, dropped, dropped_forms, undropped};
pub use watch::watch_told_as_alert;
pub use weekdays::weekdays_as_rhythm;
pub use who_has::WHO_HAS;
pub use whole_span::whole_span_said;
pub use words::{
    MEMORY_BARE_MAX, MEMORY_HELD_BEFORE, MEMORY_NEED_WORDS, MEMORY_SIZE_LINKS, MEMORY_UNITS,
    MEMORY_WORDS, MEMORY_WORDS_LINKED, NOT_MEMORY_AFTER, QUANT_CHOICES, QUANT_WORDS, TASK_CHOICES,
    TASK_WORDS, TRY_WORDS, attention, billing_start, checkpoint_quant, engine_named, full_alone,
    is_device_map, is_dora_word, is_fsdp, is_generic_tune, is_offload, kv_dtype, memory_said,
    method_unsaid, names_16bit_repo, offload_sharding, on_off, optimizer, quant_in_checkpoint_name,
    sharding, task_in, tasks_in, training_method_word, training_word,
};
pub use written_apart::{WRITTEN_APART, written_apart};
pub use your_pick::bot_choice_asked;
pub use yue_steps::yue_as_mandarin;
pub use zh_slips::{DOMAIN_ZH, look_alike, look_alike_read, pinyin_read};

/// Durations: `90s`, `40m`, `1h30m`, `40分钟`, `3个小时`, `2d`, `1mo`. The grammar itself is in
/// [`crate::units`], because catalog files write billing increments the same way.
pub use crate::units::parse_duration as duration;

/// Marks that end a clause, in both scripts: one list for every reader that reads a quantity,
/// a period or a count within its own clause (`headcount`, `small_degree`,
/// `dialogue::period_owner`).
pub const CLAUSE_MARKS: &[char] = &['，', ',', '、', ';', '；', '。', '!', '！', '?', '？', '\n'];
