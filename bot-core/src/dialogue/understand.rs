//! Reading what people type at a step: a sentence that reveals the task, the model or the
//! usage, usage patterns (`3h`, `daily 4h`, `一直在线`), methods (`lora`, `全参`, `int4`).

use super::state::{TaskKind, Usage};
use crate::lexicon;
use crate::units::parse_duration;
use rust_decimal::Decimal;

/// The task kind a one-sentence description says in words of one sense (the lexicon's
/// `JOB_WORDS`, `lexicon::job_reading`); inference alone, a run or a service, is no kind here
/// (`said::inference_kind` settles it by the sentence's length or asks it back).
pub fn task_from_sentence(t: &str) -> Option<TaskKind> {
    // Traditional forms (`訓練`, `微調`, `推理服務`) are read as the simplified words: the
    // reader's one fold, never a second word list.
    // The lexicon's one decision, its training words (`训个`, `炼丹`, `全参微调`) included.
    let t = crate::understand::fold_traditional(t);
    match lexicon::job_reading(&t, lexicon::Settled::default()) {
        lexicon::JobReading::One(sense) => Some(task_kind(sense)),
        lexicon::JobReading::Two(_) | lexicon::JobReading::None => None,
    }
}

/// The dialogue's task for one sense of a job word.
pub(super) fn task_kind(sense: lexicon::JobSense) -> TaskKind {
    match sense {
        lexicon::JobSense::Run => TaskKind::Experiment,
        lexicon::JobSense::Tune => TaskKind::FineTune,
        lexicon::JobSense::Serve => TaskKind::Serve,
    }
}

pub(super) fn usage_in_sentence(t: &str) -> Option<Usage> {
    // `一直開著` reads as `一直开着`: the reader's one Traditional fold, before the lexicon.
    let l = crate::understand::fold_traditional(t).to_lowercase();
    if always_said(&l) {
        return Some(Usage::Always);
    }
    if let Some(u) = night_usage(&l) {
        return Some(u);
    }
    let said =
        l.split(|c: char| c.is_whitespace() || matches!(c, ',' | '，' | '。' | '跑'))
            .find_map(|w| {
                let secs = parse_duration(w).ok()?;
                // A bare number is not a duration in a sentence ("qwen 7b", "2 cards").
                (w.chars().any(|c| !c.is_ascii_digit() && c != '.') && secs >= Decimal::from(60))
                    .then(|| Usage::OneOff {
                        hours: secs / Decimal::from(3600),
                    })
            });
    // No use said: a long rental (`长期部署`) is a month held, as the question reader prices it.
    said.or_else(|| {
        l.split_whitespace()
            .any(|w| lexicon::LONG_RENTAL.iter().any(|r| w.contains(r)))
            .then_some(Usage::Always)
    })
}

/// A night said alone (the lexicon's nights): one night is a run of 8 hours, nights as a habit
/// 8 hours a day; hours said beside it are the duration reader's.
fn night_usage(l: &str) -> Option<Usage> {
    let eight = Decimal::from(8);
    if length_said(l) {
        return None;
    }
    match lexicon::night_said(l)? {
        lexicon::NightSense::One => Some(Usage::OneOff { hours: eight }),
        lexicon::NightSense::Nightly => Some(Usage::Daily { hours: eight }),
    }
}

/// Whether a sentence says the job stays on: the lexicon's one always-on table (`一直在线`,
/// `常驻`, `24小时不关机`, `nonstop`, mixed forms), or a month's package (`包月`: a month held).
/// `一直` alone is "all along" (`之前一直用colab跑推理`: a habit, not a length), so it is no
/// service.
fn always_said(l: &str) -> bool {
    lexicon::says_always_on(l) || l.split_whitespace().any(lexicon::says_month_package)
}

/// A family misspelt before its size (`lamma3.1 8b`, `lamma 3.1 8b`): the model the catalog's
/// "did you mean" names when it names exactly one, so the family is not dropped for the size
/// alone; echoed like any model, so /back changes it. Several candidates name none.
pub(super) fn model_slip(catalog: &crate::catalog::Catalog, text: &str) -> Option<String> {
    let l = crate::understand::normalize(text).to_lowercase();
    // Latin runs only: Chinese around the name (`想微调lamma3.1 8b，用…`) is not part of it.
    let words: Vec<&str> = l
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '.' || c == '-'))
        .filter(|w| !w.is_empty())
        .collect();
    let at = words.iter().position(|w| lexicon::params_b(w).is_some())?;
    let size = words[at];
    (1..=2).rev().find_map(|n| {
        let name = words.get(at.checked_sub(n)?..at)?;
        // A name starts with a word of letters (`lamma`), never a verb or format (`lora`).
        let head = name[0];
        let letters = head.bytes().take_while(u8::is_ascii_alphabetic).count();
        if letters < 4
            || head.parse::<crate::vram::Task>().is_ok()
            || head.parse::<crate::vram::Quant>().is_ok()
            || task_from_sentence(head).is_some()
        {
            return None;
        }
        let typed = format!("{}-{size}", name.join("-"));
        match catalog.model(&typed) {
            Ok(m) => Some(m.id.clone()),
            Err(nf) => match nf.suggestions.as_slice() {
                [one] => catalog.find_model(one).map(|m| m.id.clone()),
                // Several near names (`qwne2.5-14b`: qwen2.5-14b, qwen1.5-14b, qwen2.5-1.5b):
                // the one whose version and size are the numbers typed, a slip of the letters
                // only; none or two such name none.
                many => {
                    let numbers = |s: &str| -> String {
                        s.chars()
                            .filter(|c| c.is_ascii_digit() || *c == '.')
                            .collect()
                    };
                    let same: Vec<&String> = many
                        .iter()
                        .filter(|s| numbers(s) == numbers(&typed))
                        .collect();
                    match same.as_slice() {
                        [one] => catalog.find_model(one).map(|m| m.id.clone()),
                        _ => None,
                    }
                }
            },
        }
    })
}

/// A model size the user typed (`13b`), in range.
pub(super) fn params_b(t: &str) -> Option<f64> {
    lexicon::params_b(t)?.ok()
}

/// `40m`, `3h`, `daily 4h`, `每天4小时`, `always`, `一直在线`.
pub fn parse_usage(t: &str) -> Option<Usage> {
    let l = t.trim().to_lowercase();
    // The lexicon's always-on table, a mixed one (`一直online`) with its English half read.
    if lexicon::is_always_on(&l) || l == "一直" || lexicon::says_always_on(&l) {
        return Some(Usage::Always);
    }
    // A month held (`包月`): a month kept on. A long rental (`长期`) is one too where it says
    // no use of its own (`长期每天4小时` is daily).
    if lexicon::package(&l) == Some(lexicon::Package::Months(1)) {
        return Some(Usage::Always);
    }
    if let Some(rest) = lexicon::LONG_RENTAL.iter().find_map(|w| l.strip_prefix(w)) {
        return parse_usage(rest).or(Some(Usage::Always));
    }
    if let Some(u) = night_usage(&l) {
        return Some(u);
    }
    // Nights as a habit with hours of their own (`每天晚上画一个半钟头`, `every evening for 1.5
    // hours`): the night says when, the hours how long, each day's. The night's 8 hours are its
    // length alone; beside hours they had been taken instead (8 h a day) or added (10.5 h).
    let l = if lexicon::night_said(&l) == Some(lexicon::NightSense::Nightly) && length_said(&l) {
        lexicon::nights_as(&l, lexicon::NightSense::Nightly, "每天", " every day ")
            .trim()
            .to_string()
    } else {
        l
    };
    // The lexicon's one daily rhythm (`everyday`, `天天`, `每晚`; this list had been its own).
    for prefix in lexicon::daily_rhythm_words() {
        if let Some(rest) = l.strip_prefix(prefix) {
            let secs = length_of(lead_dropped(rest))?;
            let hours = secs / Decimal::from(3600);
            return (hours > Decimal::ZERO && hours <= Decimal::from(24))
                .then_some(Usage::Daily { hours });
        }
    }
    // Hours each week (`一周14个小时`, `每周10小时`): a day's share of them, as the question
    // reader sets hours a week against its days; `一周14个小时` had been one run of a week and
    // 14 hours (182 h).
    for prefix in lexicon::words_longest_first(&[lexicon::Period::Week]) {
        // `一周每天两小时`: a day's period after the week makes the week the span, not the hours'.
        if let Some(rest) = l.strip_prefix(prefix)
            && !lexicon::words_longest_first(&[lexicon::Period::Day])
                .iter()
                .any(|d| rest.contains(d))
            && let Some(secs) = length_of(lead_dropped(rest))
            && lead_dropped(rest)
                .chars()
                .any(|c| !c.is_ascii_digit() && c != '.')
        {
            let hours = secs / Decimal::from(3600);
            return (hours > Decimal::ZERO && hours <= Decimal::from(168)).then(|| Usage::Daily {
                hours: hours / Decimal::from(7),
            });
        }
    }
    if let Some(u) = whole_day_usage(&l) {
        return Some(u);
    }
    let secs = parse_duration(&l).ok()?;
    // Bare numbers mean hours in this question ("3" → 3 h), not seconds.
    let hours = if l.chars().all(|c| c.is_ascii_digit() || c == '.') {
        secs
    } else {
        secs / Decimal::from(3600)
    };
    (hours > Decimal::ZERO).then_some(Usage::OneOff { hours })
}

/// Whether a length of its own is said (hours, minutes, a half): the reader's one test.
fn length_said(l: &str) -> bool {
    crate::understand::length_in(l)
}

/// A length as typed, or as the reader's spoken forms write it (`半个小时` left after a rhythm
/// word was taken off is `30分钟`).
fn length_of(rest: &str) -> Option<Decimal> {
    parse_duration(rest)
        .or_else(|_| parse_duration(crate::understand::normalize(rest).trim()))
        .ok()
}

/// The hours after a period word without the verb or `for` before them (`画1.5小时`, `for 1.5
/// hours`): at most two characters of a verb, never a numeral.
fn lead_dropped(rest: &str) -> &str {
    let rest = rest.trim();
    let rest = rest.strip_prefix("for ").unwrap_or(rest);
    let verb: usize = rest
        .chars()
        .take_while(|c| !c.is_ascii() && !crate::lexicon::numerals::is_numeral(*c) && *c != '半')
        .take(2)
        .map(char::len_utf8)
        .sum();
    rest[verb..].trim()
}

/// All day (`全天`, `24小时`, the lexicon's `whole_day_words`) beside a span of days is that span
/// held whole (`10天 全天` = 10 days, whole months kept on), alone one day: as the question
/// reader and `/cost` read it.
fn whole_day_usage(l: &str) -> Option<Usage> {
    let w = lexicon::whole_day_words().find(|w| l.contains(w))?;
    let rest = l.replacen(w, " ", 1);
    let rest = crate::understand::normalize(rest.trim());
    let rest = rest.trim();
    if rest.is_empty() {
        return Some(Usage::OneOff {
            hours: Decimal::from(24),
        });
    }
    let secs = parse_duration(&rest.replace(' ', "")).ok()?;
    let month = Decimal::from(crate::units::HOURS_PER_MONTH * 3600);
    let day = Decimal::from(86_400);
    if secs.is_zero() {
        None
    } else if (secs % month).is_zero() {
        Some(Usage::Always)
    } else {
        (secs % day).is_zero().then(|| Usage::OneOff {
            hours: secs / Decimal::from(3600),
        })
    }
}

pub(super) fn normalize_method(t: &str, task: Option<TaskKind>) -> Option<String> {
    let l = t.trim().to_lowercase();
    // The lexicon's one meaning of each word: `full`/`全参` is a full fine-tune, `lora`...
    if let Ok(method) = l.parse::<crate::vram::Task>()
        && method != crate::vram::Task::Infer
    {
        return Some(crate::understand::task_word(method).to_string());
    }
    if task == Some(TaskKind::FineTune) {
        return None;
    }
    l.parse::<crate::vram::Quant>()
        .ok()
        .map(|q| q.key().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_reveal_the_task() {
        assert_eq!(
            task_from_sentence("LoRA fine-tune qwen2.5-7b for 3 hours"),
            Some(TaskKind::FineTune)
        );
        assert_eq!(
            task_from_sentence("我想微调 Qwen2.5-7B，大概跑 3 小时"),
            Some(TaskKind::FineTune)
        );
        assert_eq!(
            task_from_sentence("serve llama 3.1 8b as an API, always on"),
            Some(TaskKind::Serve)
        );
        assert_eq!(
            task_from_sentence("跑个 demo 试试"),
            Some(TaskKind::Experiment)
        );
        assert_eq!(task_from_sentence("banana"), None);
        for t in [
            "just want to play with an llm",
            "跑个大模型玩玩",
            "做毕设要跑个模型",
        ] {
            assert_eq!(task_from_sentence(t), Some(TaskKind::Experiment), "{t}");
        }
    }

    #[test]
    fn a_family_misspelt_before_its_size() {
        let cat = crate::catalog::Catalog::embedded().unwrap();
        for t in ["finetune lamma 3.1 8b for 2h", "想跑个lamma3.1 8b试试"] {
            assert_eq!(model_slip(&cat, t).as_deref(), Some("llama-3.1-8b"), "{t}");
        }
        // Of several near names, the one with the version and size typed (und_cp): a slip of
        // the letters only, echoed where it is taken.
        for (t, id) in [("qwne2.5 7b", "qwen2.5-7b"), ("qwne2.5 14b", "qwen2.5-14b")] {
            assert_eq!(model_slip(&cat, t).as_deref(), Some(id), "{t}");
        }
        // No name before the size, or a method word: none taken.
        for t in ["跑个8b的模型", "lora 8b"] {
            assert_eq!(model_slip(&cat, t), None, "{t}");
        }
    }

    #[test]
    fn all_along_is_no_service() {
        // `一直` alone is a habit (all along), not a length; kept on, it is a service.
        for t in [
            "我一直用autodl跑llama3.1 8b的推理",
            "一直在用kaggle，想换个平台跑个模型",
        ] {
            assert_eq!(usage_in_sentence(t), None, "{t}");
            assert_ne!(task_from_sentence(t), Some(TaskKind::Serve), "{t}");
        }
        for t in [
            "qwen2.5 7b 一直开着给大家用",
            "包月挂一个llama",
            "要全天在线",
        ] {
            assert_eq!(usage_in_sentence(t), Some(Usage::Always), "{t}");
        }
    }

    #[test]
    fn usage_forms() {
        assert_eq!(
            parse_usage("3h"),
            Some(Usage::OneOff {
                hours: Decimal::from(3)
            })
        );
        assert_eq!(
            parse_usage("40m"),
            Some(Usage::OneOff {
                hours: Decimal::from(2400) / Decimal::from(3600)
            })
        );
        assert_eq!(
            parse_usage("daily 4h"),
            Some(Usage::Daily {
                hours: Decimal::from(4)
            })
        );
        assert_eq!(
            parse_usage("每天4小时"),
            Some(Usage::Daily {
                hours: Decimal::from(4)
            })
        );
        assert_eq!(parse_usage("一直在线"), Some(Usage::Always));
        assert_eq!(
            parse_usage("2"),
            Some(Usage::OneOff {
                hours: Decimal::from(2)
            })
        );
        assert_eq!(parse_usage("daily 25h"), None);
        assert_eq!(parse_usage("soon"), None);
        assert_eq!(parse_usage("-3h"), None);
    }

    #[test]
    fn nights_and_weeks_beside_their_hours() {
        let daily = |h: &str| {
            Some(Usage::Daily {
                hours: h.parse().unwrap(),
            })
        };
        for (t, want) in [
            ("每天晚上画一个半钟头", daily("1.5")),
            ("每天晚上两个半小时", daily("2.5")),
            ("每晚半个钟头", daily("0.5")),
            ("每天三个钟", daily("3")),
            ("一周十四个小时", daily("2")),
            ("每周21小时", daily("3")),
            ("每晚", daily("8")),
        ] {
            let n = crate::understand::normalize(t);
            assert_eq!(parse_usage(&n), want, "{t} -> {n}");
        }
    }

    #[test]
    fn sizes_in_range() {
        assert_eq!(params_b("13b"), Some(13.0));
        assert_eq!(params_b("1.5B"), Some(1.5));
        assert_eq!(params_b("0b"), None);
    }
}
