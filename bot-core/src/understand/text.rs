//! The text of a question made plain before anything is read from it: half-width, lower
//! case, Chinese numerals before a counter as digits, and the ways people say a duration or an
//! amount written the one way the lexicon reads (`两个半小时` → `2.5小时`, `7块2` → `7.2块`).
//!
//! Every pass here is one walk over the text, and the text is cut at [`MAX_CHARS`] first: a
//! 91 KB paste is read as its first lines, in time linear in what is read.

use super::numbers_en::english_numbers;
use super::spellings::{CANTONESE, HOMOPHONES, respell, simplified};
use super::spoken_zh::{digit, numeral_value};
use super::text_en::{cue_spellings, invisible, sentence_marks, times_sign};
use crate::lexicon::is_han;

/// The most characters of one message the reader looks at. A question is a sentence or two;
/// a long paste is read as its start (and the answer's "I read this as" line says what).
pub const MAX_CHARS: usize = 600;

/// Full-width to half-width, ideographic space to space, lower case, Chinese numerals before a
/// counter or unit (`两张` → `2张`, `一个月` → `1个月`), and spoken durations and amounts in
/// the lexicon's words. Reads at most [`MAX_CHARS`] characters.
pub fn normalize(text: &str) -> String {
    // Readers normalize one question many times; the pipeline is pure (`normalized`).
    if let Some(done) = super::normalized::recalled(text) {
        return done;
    }
    // Invisible characters a copy from a chat app or web page carries (zero-width space and
    // joiners, BOM, direction marks) split a word in two (`4090\u{200b}能跑` was no card).
    let raw: String = super::point_apart::joined(&super::keyboard_folds::folded(text))
        .chars()
        .filter(|c| !invisible(*c))
        .take(MAX_CHARS)
        .collect();
    // `*5 hrs`, `1. 算家云 2. 4090`, `for 2:30`, `20 000 000`, `50 lakh`, `Y1.6`, `dont'`: marks
    // that change a figure, read before `*` and `:` mean anything else (und_dx).
    let raw: Vec<char> = super::typed_marks::read(&raw).chars().collect();
    // `0。5元`, `$0..9/hr`: a decimal point typed as another mark, before `。` is a full stop.
    let raw = super::han_spaces::joined(super::decimal_marks::points(raw));
    let half: String = raw
        .iter()
        .enumerate()
        .map(|(i, &c)| match c {
            '\u{3000}' | '，' | '。' | '、' | '；' | '：' | '？' | '！' => ' ',
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            // `H100×8`, `4090*2`: a count written with a times sign is the lexicon's `x`.
            '×' => 'x',
            // `*` only between a number and a name or number (`4090*2`, `8*h100`); elsewhere
            // it is Markdown (`**h100** on *runpod*`).
            '*' if times_sign(&raw, i) => 'x',
            '*' => ' ',
            _ => simplified(c),
        })
        .collect::<String>()
        .to_lowercase();
    // `3 hs`, `40mn`, `2 horas`: a unit's slip after its number is the unit's word (the
    // lexicon's one table), before any reader looks for a length.
    let half = crate::lexicon::unit_slips_read(&half);
    // `万相2.1`, `混元视频`: an image or video family's Chinese name is its word, before numerals.
    // `creditcard`, `over the time`: written as the lexicon's tables write them.
    let half = crate::lexicon::written_apart(&crate::lexicon::zero_typed_as_o(
        &crate::lexicon::emoji_as_words(&half),
    ));
    // `yitian多少`, `最使宜`: a domain word's raw pinyin or a look-alike character, the word
    // (the lexicon's; said beside the answer by `slips_said`).
    let half = crate::lexicon::look_alike_read(&crate::lexicon::pinyin_read(&half).0).0;
    // `势走图`, `虚拟币`, `paypaaal`, `bills buy the second`: a domain word's characters out of
    // order or one dropped, stretched letters, a function word's homophone (und_dt; said too).
    let half = crate::lexicon::order_slips_read(&half).0;
    let half = crate::lexicon::homophones_read(&crate::lexicon::stretched_read(&half).0).0;
    // `crytpo`, `alipy`, `支持paypl的`: a need word with one slip is the need word.
    let half = crate::lexicon::need_typos(&half);
    // `低于2u`, `0.8u一小时`: `u` after an amount is USDT, read as US dollars (the lexicon's).
    let half = crate::lexicon::usdt_written(&crate::lexicon::family_words(&replace_all(
        &half,
        super::spellings::MONEY_SPELLINGS,
    )));
    // `usd1.45 per hr`: a currency code glued to its amount, written apart (the lexicon's).
    let half = crate::lexicon::codes_spaced(&half);
    let half = super::spaced_units::join(&sentence_marks(&decimal_commas(&half)));
    // `千问二点五七b`, `llama三点一八b`: a model's version and size said in words, in digits
    // before any numeral pass reads them as a clock or a count (the lexicon's, und_dg).
    let half = crate::lexicon::model_numbers_in_digits(&half);
    // Numerals first, so a spoken amount in words (`两块五`) is in digits when it is read;
    // `一万五`, `2w一个月` (after `w` is read as 万) the place down, before the numerals.
    // A card said digit by digit (`三零九零一小时`) before any numeral can run into it.
    let half = super::spoken_cards::lettered(&super::spoken_cards::card_digits(
        &super::spoken_cards::lettered_en(&half),
    ));
    let half = super::numbers_said::wan_and_k(&super::numbers_said::approximate(&half));
    let half = super::wan_numbers::wan_tail(&half);
    let half = super::spoken_zh::minutes_after_hours(&super::spoken_zh::large_amounts(&half));
    // `预算五k`: a thousand read once the numeral is in digits, as `预算5k` is.
    let out = super::numbers_said::wan_and_k(&chinese_numerals(&half));
    let out = super::spoken_zh::spoken_amounts(&out);
    // `在哪 rent`, `有 stock 了`: an English word in a Chinese frame as its Chinese class word.
    let out = crate::lexicon::english_in_chinese_frame(&respell(&crate::lexicon::in_english(&out)));
    let out = crate::lexicon::team_told_as_me(&crate::lexicon::whenever_as_always(&out));
    let out = crate::lexicon::watch_told_as_alert(&out);
    // `比较好找`: `比较` before an adjective is the adverb, written `较` before any cue; a grade of
    // ease after a where-word (`哪家好租到`) the can-word of renting, before that.
    let out = crate::lexicon::rather_as_adverb(&crate::lexicon::ease_as_can(&out));
    // `eight thousand context`, `ctx about 4 thousand`: a window's thousands as its `k`.
    let out = crate::lexicon::thousands_as_k(
        &english_numbers(&cue_spellings(&super::run_together::spaced(&out))),
        false,
    );
    // `per weak`, `in stick`, `how much cram does`: a real word in a domain word's slot.
    let out = crate::lexicon::slot_slips(&out).0;
    // `预算约300`, `roughly 6 hrs`: a hedge before a number is dropped here, once, for every
    // reader (the lexicon's one table), numbers in words already in digits.
    let out = crate::lexicon::hedges_dropped(&out);
    // `… right now or nah`: a yes-or-no tag marks the question, naming no option.
    let out = crate::lexicon::tags_dropped(&out);
    let out = ranges(&super::clock_range::as_lengths(&out));
    let out = hours_then_minutes(&out);
    let out = replace_all(&replace_all(&out, CANTONESE), HOMOPHONES);
    // `还有哪家便宜`: what else asked, never stock had (und_dt).
    let out = replace_all(&out, crate::lexicon::ELSE_ASKED);
    // `周末…会不会便宜`: a time asked about, marked before `周末` is read as two days.
    let out = super::cheaper_when::marked(&crate::lexicon::reported_recommendations(&out));
    // `工作日开10小时`: five days a week, read before a day-part's hours are made daily.
    let out = crate::lexicon::weekdays_as_rhythm(&out);
    // The lexicon's always-on phrases last, where the spoken table had read them.
    let out = crate::lexicon::always_on_as_always(&replace_all(
        &super::night::one_night_as_hours(&super::night::night_beside_hours(
            &super::day_part::as_daily(&super::pass_held::held(&out)),
        )),
        SPOKEN,
    ));
    super::normalized::remember(text, out)
}

/// A comma between a digit and one or two digits is a decimal comma (`2,5刀` is 2.5, as in
/// most of Europe and from many phones' keypads), never a separator to drop (it was read as
/// 5); before three digits it groups thousands (`1,000`), which the lexicon reads.
fn decimal_commas(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let digit = |i: usize| chars.get(i).is_some_and(char::is_ascii_digit);
    chars
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let decimals = (i + 1..).take_while(|&k| digit(k)).count();
            if c == ',' && i > 0 && digit(i - 1) && (1..=2).contains(&decimals) {
                '.'
            } else {
                c
            }
        })
        .collect()
}

/// A range of durations (`2-3小时`, `2~3 hours`, `三四个小时` → `3-4`): the longer end, the bill
/// that does not fall short. One walk.
fn ranges(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let lower_start = i == 0 || !(chars[i - 1].is_ascii_alphanumeric() || chars[i - 1] == '.');
        if lower_start && c.is_ascii_digit() {
            // `a-b` then a duration unit: keep b.
            let a_end = (i..chars.len())
                .find(|&k| !chars[k].is_ascii_digit())
                .unwrap_or(chars.len());
            if matches!(chars.get(a_end), Some('-' | '~' | '～' | '到'))
                && chars.get(a_end + 1).is_some_and(|d| d.is_ascii_digit())
            {
                let b_end = (a_end + 1..chars.len())
                    .find(|&k| !chars[k].is_ascii_digit())
                    .unwrap_or(chars.len());
                let rest: String = chars[b_end..].iter().take(4).collect();
                let unit = [
                    "小时",
                    "个小时",
                    "分钟",
                    "天",
                    "h",
                    " h",
                    "hour",
                    " hour",
                    "min",
                    " min",
                    "day",
                    " day",
                ]
                .iter()
                .any(|u| rest.starts_with(u));
                if unit {
                    out.extend(&chars[a_end + 1..b_end]);
                    i = b_end;
                    continue;
                }
            }
        }
        out.push(c);
        i += 1;
    }
    out
}

/// `2h30`, `2小时30`: the minutes after the hours said without their unit (`2h30m`). One walk.
fn hours_then_minutes(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len() + 4);
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        out.push(c);
        i += 1;
        let hour = (c == 'h' && i > 1 && chars[i - 2].is_ascii_digit())
            || (c == '时' && i > 1 && chars[i - 2] == '小');
        // `每小时1-2块` is a rate, not a length.
        if !hour || (c == '时' && i > 2 && chars[i - 3] == '每') {
            continue;
        }
        let digits = chars[i..].iter().take_while(|d| d.is_ascii_digit()).count();
        // One or two digits that end the word: minutes (`2h30 多少钱`, `2小时30 `); never the
        // low end of a range (`1小时1-2块`).
        let ends = chars
            .get(i + digits)
            .is_none_or(|a| !(a.is_alphanumeric() || matches!(*a, '.' | '-' | '~')));
        if (1..=2).contains(&digits) && ends {
            out.extend(&chars[i..i + digits]);
            out.push_str(if c == 'h' { "m" } else { "分钟" });
            i += digits;
        }
    }
    out
}

/// Phrases read after numerals: a half (`2个半小时` → `2.5小时`, `半小时`), a duration
/// without a number (`一晚上`, `包月`), always on. The first match in the table wins.
const SPOKEN: &[(&str, &str)] = &[
    ("个半小时", ".5小时"),
    ("小时半", ".5小时"),
    ("天半", ".5天"),
    ("个半月", ".5个月"),
    // A year as a period (`全年`, `一整年`, `the past year`): one year, as `1年` and `a year`
    // are read (the price history over it, or a year's rent); it was no length at all.
    ("全年", "1年"),
    ("1整年", "1年"),
    ("整年", "1年"),
    (" past year", " past 1 year"),
    (" last year", " last 1 year"),
    (" whole year", " 1 year"),
    (" full year", " 1 year"),
    (" entire year", " 1 year"),
    (" hours and a half", ".5 hours"),
    (" hour and a half", ".5 hours"),
    ("half an hour", " 30 minutes "),
    ("half hour", " 30 minutes "),
    ("a quarter of an hour", " 15 minutes "),
    ("quarter of an hour", " 15 minutes "),
    ("quarter hour", " 15 minutes "),
    ("a fortnight", " 14 days "),
    // `1.2 usd hourly`: a price per hour.
    (" hourly", " per hour "),
    ("fortnight", " 14 days "),
    ("1刻钟", "15分钟"),
    ("一刻钟", "15分钟"),
    ("3刻钟", "45分钟"),
    ("三刻钟", "45分钟"),
    ("3/4小时", "45分钟"),
    ("3/4 小时", "45分钟"),
    ("3/4 hour", " 45 minutes "),
    (" and a half hours", ".5 hours"),
    // The hour's short forms and the day's (`two and a half hrs` had been read as 1 h).
    (" and a half hrs", ".5 hours"),
    (" and a half hr", ".5 hours"),
    (" and a half days", ".5 days"),
    ("an hour and a half", "1.5 hours"),
    // The day's as the hour's (`it'll take about a day and a half`: one run of 36 h).
    ("a day and a half", "1.5 days"),
    (" days and a half", ".5 days"),
    (" day and a half", ".5 days"),
    ("4 bit", "4bit"),
    ("8 bit", "8bit"),
    // `4比特` is `4bit`; bitcoin (`比特币`, a payment need) stays as said.
    ("比特币", "比特币"),
    ("比特", "bit"),
    // `钟` for an hour, as said in the south (`一个钟`, `一个半钟`, `两个钟头`).
    ("个半钟头", ".5小时"),
    ("个半钟", ".5小时"),
    ("个钟头", "个小时"),
    ("个钟", "个小时"),
    ("钟头", "小时"),
    // `一钟 1.8 蚊`, `¥2.5 每钟`: 钟 alone after 一 or 每 is an hour too (Cantonese).
    ("每钟", "每小时"),
    ("一钟", "一小时"),
    // A week said 礼拜 or 星期 with its counter; renting by the week or the day.
    // `每日` is 每天 (`换算成人民币每日`, `每日8小时`).
    ("每日", "每天"),
    ("个礼拜", "周"),
    ("礼拜", "周"),
    ("个星期", "周"),
    ("按周", "1周 "),
    ("按天", "1天 "),
    ("半个小时", "30分钟"),
    ("半小时", "30分钟"),
    // A night's length is read from the lexicon's nights, before this table.
    // A day or a weekend said without a number: its span.
    // A weekend before any week: `a whole weekend` holds `a whole week`.
    ("a whole weekend", " 2 days "),
    ("an entire weekend", " 2 days "),
    ("a full weekend", " 2 days "),
    ("the whole weekend", " 2 days "),
    ("the entire weekend", " 2 days "),
    ("the weekend", " 2 days "),
    ("a weekend", " 2 days "),
    ("weekends", " 2 days "),
    ("weekend", " 2 days "),
    // `a full month`, `an entire week`: the unit, whole (never `full` the fine-tune).
    ("a full month", " a month "),
    ("a whole month", " a month "),
    ("an entire month", " a month "),
    ("the whole month", " a month "),
    ("a full week", " a week "),
    ("a whole week", " a week "),
    ("an entire week", " a week "),
    ("an entire day", " 1 day "),
    ("a whole day", " 1 day "),
    ("whole day", " 1 day "),
    ("all day", " 1 day "),
    ("full day", " 1 day "),
    ("周末", "2天"),
    // Each whole span written apart from what precedes it: `4090d一整天` must not read
    // `4090d1天`, a card name with a digit glued on and the day lost to the 1-hour default.
    ("一整天", " 1天"),
    ("1整天", " 1天"),
    // A whole week said (`一整周`, `整个星期`): its span, 7 days (it fell to the 1-hour default).
    ("一整周", " 1周"),
    ("1整周", " 1周"),
    ("整周", " 1周"),
    ("一整个星期", " 1周"),
    ("1整个星期", " 1周"),
    ("整个星期", " 1周"),
    ("一整个礼拜", " 1周"),
    ("1整个礼拜", " 1周"),
    // `4090 日均 8M`: a daily average is per day (`日` alone after a card read it as days).
    ("日均", " 每天 "),
    ("日用", " 每天用 "),
    // Renting by the month: a month's span, with the word kept so a priced job reads it as
    // always on (a monthly plan weighed against 730 hourly prices, `/compare 4090 包月`),
    // while `/convert … 包月` still reads a month as its target.
    ("包月", "1个月 包月 "),
    ("按月", "1个月 包月 "),
    ("月租", "1个月 包月 "),
    ("包天", "1天"),
    ("包周", "1周"),
    // A year held is twelve months of the monthly plan (`/compare 4090 always months=12`).
    ("包年", "12个月 包月 "),
    ("按年", "12个月 包月 "),
    // `俩3090`, `a pair of 3090s`: two; `仨4090`: three.
    ("俩", "2个"),
    ("仨", "3个"),
    ("a pair of ", "2 "),
    ("a couple of ", "2 "),
    ("a couple ", "2 "),
    ("couple of ", "2 "),
    // `满血版`, `full version`: the whole model (not a distilled one), never a full fine-tune.
    ("满血版", " "),
    ("满血", " "),
    ("full version", " version"),
    ("full-size model", " model"),
    ("半个月", "15天"),
    // `half a month`, `half month`: the 15 days `半个月` is (it had been refused).
    ("half a month", " 15 days "),
    ("half-month", " 15 days "),
    ("half month", " 15 days "),
    ("半年", "6个月"),
    ("半天", "12小时"),
    // The always-on phrases are the lexicon's (`lexicon::ALWAYS_ON`), read in `normalize`.
    // `keep an L4 running all month`, `整月开着`: on for the whole month, the month's bill (it had
    // been an hour's price).
    ("all month long", " always "),
    ("all month", " always "),
    ("the whole month", " always "),
    ("the entire month", " always "),
    ("整月", " always "),
    ("一整个月", " always "),
];

/// One pass over `s`, each phrase replaced where it starts (the first in `table` wins).
fn replace_all(s: &str, table: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(s.len());
    let lead = crate::lexicon::LeadBytes::of(table.iter().map(|(f, _)| *f));
    let mut i = 0;
    while i < s.len() {
        let rest = &s[i..];
        // A half after a count (`2个半小时` → `2.5小时`) needs its numeral: `跑个半小时` is
        // half an hour (`个` is only the measure word), read by the next phrase that matches.
        let counted = out.ends_with(|c: char| c.is_ascii_digit());
        // `三个月租金`: the months are counted, `租金` is the rent (never a monthly plan); in
        // `每月租金` the month is the rent's period, said before it.
        let months = counted || out.ends_with('个') || rest.starts_with("月租金");
        let tried = if lead.may_start(rest) { table } else { &[] };
        if let Some((from, to)) = tried.iter().find(|(f, t)| {
            rest.starts_with(f) && (counted || !t.starts_with('.')) && !(months && *f == "月租")
        }) {
            // `两个月 包月`: the months are said; `包月` adds the plan, not a third month.
            let to = if to.starts_with("1个月 ") && super::month_count::ends_with_months(&out) {
                " 包月 "
            } else if super::month_count::counted_package(&out, &rest[from.len()..], to) {
                // `包周两周`: the weeks said are the length, the package adds no week.
                " "
            } else {
                to
            };
            // `4090包月` → `4090 1个月`, never `40901个月`.
            if to.starts_with(|c: char| c.is_ascii_digit())
                && out.ends_with(|c: char| c.is_ascii_alphanumeric())
            {
                out.push(' ');
            }
            out.push_str(to);
            i += from.len();
            continue;
        }
        let c = rest.chars().next().unwrap_or(' ');
        out.push(c);
        i += c.len_utf8();
    }
    out
}

/// Counters and units after which a Chinese numeral is a number: a count, a length, an amount
/// (`五分钱`, `三角`), a count of tokens, and a unit glued on (`三十二k` a context, `八bit`/`四比特`
/// a width).
const FOLLOWERS: &[&str] = &[
    "张", "块", "卡", "个", "小时", "分钟", "天", "周", "月", "年", "星期", "台", "刀", "元",
    "美元", "千万", "百万", "万", "亿", "千", "秒", "毛", "分钱", "角", "k", "bit", "比特",
];

/// Chinese numerals followed by a counter or a unit become digits, so `一直在线` stays.
/// One walk: each position is looked at once, with a bounded look-ahead for the follower.
fn chinese_numerals(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < chars.len() {
        // `2块五`: one numeral after an amount's yuan is its jiao (`两块五` is 2.5 yuan,
        // `两块八一小时` 2.8 yuan an hour): one numeral only, whatever follows it.
        let jiao = (out.ends_with('块')
            || out.ends_with('元')
            || out.ends_with('毛')
            || out.ends_with('角'))
            && out
                .trim_end_matches(['块', '元', '毛', '角'])
                .ends_with(|c: char| c.is_ascii_digit())
            && digit(chars[i]).is_some_and(|d| d > 0);
        // A run starts with a digit or `十` (`千问` is no number): digits and `十` before a
        // follower (`八千` is `8千`, the thousand a follower), else with hundreds and thousands
        // inside it (`一百二十八k`, at most 12 characters) when a follower comes after them.
        let numeral = |c: char| digit(c).is_some() || c == '十';
        let mut j = i;
        while j < chars.len() && numeral(chars[j]) && !(jiao && j > i) {
            j += 1;
        }
        let mut long = j;
        while j > i
            && !jiao
            && long < chars.len()
            && long - i < 12
            && (numeral(chars[long])
                || (matches!(chars[long], '百' | '千')
                    && !starts_with_at(&chars, long, "千万")
                    && !starts_with_at(&chars, long, "百万")))
        {
            long += 1;
        }
        let read = [j, long].into_iter().find_map(|end| {
            let v = numeral_value(&chars[i..end])?;
            (end > i && (jiao || FOLLOWERS.iter().any(|f| starts_with_at(&chars, end, f))))
                .then_some((v, end))
        });
        if let Some((v, end)) = read {
            // `a100一小时` → `a100 1小时`, not `a1001小时`.
            if out.ends_with(|c: char| c.is_ascii_alphanumeric()) {
                out.push(' ');
            }
            out.push_str(&v.to_string());
            i = end;
            continue;
        }
        // Not a number: copy the run as it is (one step past it, so the walk is linear).
        let end = j.max(i + 1);
        out.extend(&chars[i..end]);
        i = end;
    }
    out
}

fn starts_with_at(chars: &[char], at: usize, word: &str) -> bool {
    word.chars()
        .enumerate()
        .all(|(k, w)| chars.get(at + k) == Some(&w))
}

/// Splits into ASCII words and CJK runs: `4090能跑qwen2.5-32b吗` → `4090`, `能跑`,
/// `qwen2.5-32b`, `吗`.
pub(super) fn tokens(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut cur_cjk = false;
    for c in s.chars() {
        let word = c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | '/' | '¥' | '$');
        let cjk = is_han(c);
        if !(word || cjk) {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            continue;
        }
        if !cur.is_empty() && cjk != cur_cjk {
            out.push(std::mem::take(&mut cur));
        }
        cur_cjk = cjk;
        cur.push(c);
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// Whether `w` is in `text` as a word of its own: no letter or digit right before it, no
/// letter right after (`有没有ecc`, `用tgi部署`; `migrate` holds no `mig`, `settgings` no `tgi`).
pub(super) fn word_in(text: &str, w: &str) -> bool {
    text.match_indices(w).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + w.len()..].chars().next();
        before.is_none_or(|c| !c.is_ascii_alphanumeric())
            && after.is_none_or(|c| !c.is_ascii_alphabetic())
    })
}

pub(super) fn has(text: &str, words: &[&str]) -> bool {
    words.iter().any(|w| text.contains(w))
}

#[cfg(test)]
mod tests;
