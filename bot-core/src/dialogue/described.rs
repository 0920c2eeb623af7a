//! An option chosen by what the step SHOWS about it (issue 26 §4, helper und_dq): `the one
//! which only train small adpater` is LoRA, `底座壓成4位元的那個` QLoRA, `the 4-bit one` QLoRA,
//! because the step's own texts say so. What an option shows is read from the step itself, in
//! both locales: its label (`QLoRA (4-bit base)`, `QLoRA（4 位底座）`) and the clause of the
//! step's question that names it (`QLoRA also keeps the base in 4-bit`, `QLoRA 还把底座压到 4
//! 位`). A line is weighed by the content words it shares with each option's words (English
//! words whole, inflected or one slip apart; Chinese two-character runs, one character read
//! alike; figures whole), never by a table of phrases per option. The one clear best is taken
//! and said (`pick-read-as`); a tie or a weak match is asked back with the options it could
//! be (`pick-described-ask`); a line that names an option, or asks, is left to the readers.

use super::state::{Outcome, PickInput, PickState, Step};
use crate::context::Ctx;
use crate::i18n::{Lang, Localizer};
use crate::lexicon;
use crate::reply::{Msg, Part, Reply};

/// One content unit of a text.
#[derive(Debug, Clone, PartialEq)]
enum Token {
    /// An English word (lower case), not a function word.
    Latin(String),
    /// A figure (`4` of `4-bit`).
    Figure(String),
    /// A figure with the content word or character after it (`4-bit`, `4 位`): what the
    /// figure counts, so `4 位` where an option shows 4 bits is that option's.
    FigureUnit(String, String),
    /// Two Chinese characters in a row, neither a function character.
    Han([char; 2]),
    /// A range a description spans (`几小时到几天`: 时 → 天; `hours to days`): its two ends'
    /// units, the numerals left out (helper und_du). It tells options apart as no single word
    /// does (`几小时` ends one option's range and opens another's), so it weighs two units.
    Range(String, String),
}

/// Numerals that open a Chinese range's end (`几`, `两`): the unit is the character after.
const ZH_NUMERALS: &str = "几一二两三四五六七八九十百千0123456789";

/// The range whose word of joining stands at `runs[i]`: the unit before it and the unit after
/// it past the numerals (`几小时到几天`: 时, 天; `minutes to hours`: minute, hour).
fn range_at(runs: &[Run], i: usize) -> Option<Token> {
    let content = |w: &String| {
        w.chars().all(|c| c.is_ascii_alphabetic())
            && !lexicon::EN_FUNCTION_WORDS.contains(&w.as_str())
    };
    match &runs[i] {
        Run::Han('到' | '至') => {
            let Some(Run::Han(a)) = i.checked_sub(1).and_then(|j| runs.get(j)) else {
                return None;
            };
            let b = runs[i + 1..].iter().find_map(|r| match r {
                Run::Han(c) if ZH_NUMERALS.contains(*c) => None,
                Run::Han(c) => Some(Some(*c)),
                Run::Word(w) if w.chars().all(|c| c.is_ascii_digit()) => None,
                _ => Some(None),
            })??;
            (!ZH_NUMERALS.contains(*a) && !function_char(*a) && !function_char(b))
                .then(|| Token::Range(a.to_string(), b.to_string()))
        }
        Run::Word(w) if w == "to" => {
            let word = |r: Option<&Run>| match r {
                Some(Run::Word(w)) if content(w) => Some(stem(w).to_string()),
                _ => None,
            };
            let a = word(i.checked_sub(2).and_then(|j| runs.get(j)))?;
            let b = word(runs.get(i + 2))?;
            Some(Token::Range(a, b))
        }
        _ => None,
    }
}

/// What a unit weighs in telling options apart.
fn weight(t: &Token) -> usize {
    if matches!(t, Token::Range(..)) { 2 } else { 1 }
}

/// A run of a text: a word of ASCII letters and digits, a Chinese character, or a mark.
#[derive(Debug, Clone, PartialEq)]
enum Run {
    Word(String),
    Han(char),
    Mark(char),
}

fn runs(text: &str) -> Vec<Run> {
    let mut out = Vec::new();
    let mut word = String::new();
    for c in text.to_lowercase().chars() {
        if c.is_ascii_alphanumeric() || (c == '\'' && !word.is_empty()) {
            word.push(c);
            continue;
        }
        if !word.is_empty() {
            out.push(Run::Word(std::mem::take(&mut word)));
        }
        out.push(if lexicon::is_han(c) {
            Run::Han(c)
        } else {
            Run::Mark(c)
        });
    }
    if !word.is_empty() {
        out.push(Run::Word(word));
    }
    out
}

fn function_char(c: char) -> bool {
    lexicon::ZH_FUNCTION_CHARS.contains(&c)
}

/// The content units of `text` (lower case, Traditional already folded by the machine).
fn tokens(text: &str) -> Vec<Token> {
    let runs = runs(text);
    let mut out: Vec<Token> = Vec::new();
    let mut push = |t: Token| {
        if !out.contains(&t) {
            out.push(t);
        }
    };
    for (i, r) in runs.iter().enumerate() {
        if let Some(range) = range_at(&runs, i) {
            push(range);
        }
        match r {
            Run::Word(w) if w.chars().all(|c| c.is_ascii_digit()) => {
                push(Token::Figure(w.clone()));
                // What it counts: the next word or character past spaces and a hyphen.
                let unit = runs[i + 1..]
                    .iter()
                    .find(|x| !matches!(x, Run::Mark(' ' | '-')))
                    .and_then(|x| match x {
                        Run::Word(u)
                            if u.chars().all(|c| c.is_ascii_alphabetic())
                                && !lexicon::EN_FUNCTION_WORDS.contains(&u.as_str()) =>
                        {
                            Some(u.clone())
                        }
                        Run::Han(c) if !function_char(*c) => Some(c.to_string()),
                        _ => None,
                    });
                if let Some(u) = unit {
                    push(Token::FigureUnit(w.clone(), u));
                }
            }
            Run::Word(w) => {
                let x = w.trim_matches('\'');
                if x.len() >= 2 && !lexicon::EN_FUNCTION_WORDS.contains(&x) {
                    push(Token::Latin(x.to_string()));
                }
            }
            Run::Han(a) => {
                if let Some(Run::Han(b)) = runs.get(i + 1)
                    && !function_char(*a)
                    && !function_char(*b)
                {
                    push(Token::Han([*a, *b]));
                }
            }
            Run::Mark(_) => {}
        }
    }
    out
}

/// An English word without its inflection (`trains` → `train`, `updates` → `updat`).
fn stem(w: &str) -> &str {
    ["ing", "es", "ed", "s"]
        .iter()
        .find_map(|end| w.strip_suffix(end).filter(|s| s.len() >= 3))
        .unwrap_or(w)
}

/// Whether a typed unit is one an option shows: the same, inflected, or one slip apart (a
/// Latin word of four letters or more; one Chinese character read alike).
fn matches(typed: &Token, shown: &Token) -> bool {
    match (typed, shown) {
        (Token::Latin(a), Token::Latin(b)) => {
            a == b
                || stem(a) == stem(b)
                || (a.len() >= 4
                    && b.len() >= 4
                    && lexicon::slips_apart(a.as_bytes(), b.as_bytes(), 1).is_some())
        }
        (Token::Figure(a), Token::Figure(b)) => a == b,
        (Token::FigureUnit(a, u), Token::FigureUnit(b, v)) => a == b && stem(u) == stem(v),
        (Token::Range(a, b), Token::Range(c, d)) => stem(a) == stem(c) && stem(b) == stem(d),
        (Token::Han(a), Token::Han(b)) => {
            let differ: Vec<usize> = (0..2).filter(|&i| a[i] != b[i]).collect();
            match differ[..] {
                [] => true,
                [i] => lexicon::read_alike(a[i], b[i]),
                _ => false,
            }
        }
        _ => false,
    }
}

/// An option's name: its label before a bracket, lower case (`qlora` of `QLoRA (4-bit base)`).
fn name_of(label: &str) -> String {
    label
        .split(['(', '（'])
        .next()
        .unwrap_or_default()
        .trim()
        .to_lowercase()
}

/// Whether `name` stands in `text`, whole or by its first word where that is no function word
/// (`full` of `full fine-tune`; never `one` of `one run of 1 hour`); a Latin one not inside a
/// longer word (`lora` is not in `qlora`).
fn names(text: &str, name: &str) -> bool {
    let letter = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric());
    let stands = |w: &str| {
        !w.is_empty()
            && text.match_indices(w).any(|(i, _)| {
                !w.is_ascii()
                    || (!letter(text[..i].chars().next_back())
                        && !letter(text[i + w.len()..].chars().next()))
            })
    };
    let first = name.split_whitespace().next().unwrap_or_default();
    stands(name) || (!lexicon::EN_FUNCTION_WORDS.contains(&first) && stands(first))
}

/// One option as the step shows it: its choice id, label and content units.
struct Shown {
    id: String,
    label: Msg,
    names: Vec<String>,
    /// Its label and clauses as shown, lower case.
    texts: Vec<String>,
    units: Vec<Token>,
}

/// What each option of the open step shows, in both locales: its label, and each clause of the
/// step's question that names it and no other option.
fn shown(ctx: &Ctx, state: &PickState) -> Vec<Shown> {
    let l = Localizer::get();
    let question = super::ask::ask(ctx, state);
    let mut out: Vec<Shown> = question
        .choices
        .iter()
        .filter(|c| !c.id.ends_with("unsure"))
        .map(|c| {
            let labels: Vec<String> = [Lang::En, Lang::Zh]
                .iter()
                .map(|lang| l.format(*lang, &c.label).to_lowercase())
                .collect();
            Shown {
                id: c.id.clone(),
                label: c.label.clone(),
                names: labels.iter().map(|x| name_of(x)).collect(),
                units: labels.iter().flat_map(|x| tokens(x)).collect(),
                texts: labels,
            }
        })
        .collect();
    for lang in [Lang::En, Lang::Zh] {
        for part in &question.parts {
            let Part::Text(m) = part else { continue };
            let text = l.format(lang, m).to_lowercase();
            for clause in text.split(|c: char| "；;。？?！!，,".contains(c)) {
                let owners: Vec<usize> = (0..out.len())
                    .filter(|&i| out[i].names.iter().any(|n| names(clause, n)))
                    .collect();
                if let [i] = owners[..] {
                    let units = tokens(clause);
                    out[i].units.extend(units);
                    out[i].texts.push(clause.to_string());
                }
            }
        }
    }
    out
}

/// What the description reading found.
pub(super) enum Described {
    /// The one option the words fit clearly: its choice id and label.
    Taken(String, Msg),
    /// Options the words fit alike or weakly, best first: asked back.
    Asked(Vec<Msg>),
}

/// The steps whose options are one choice among labelled ones (the card step is chosen by
/// name or property, the needs step by toggles, the result and trial by yes and no).
fn labelled(step: Step) -> bool {
    matches!(
        step,
        Step::Task | Step::Model | Step::Method | Step::Context | Step::Concurrency | Step::Usage
    )
}

/// The option `text` chooses by what the step shows about it; `None` where it names an option
/// (its readers take it), asks, or shares no content word with any option.
pub(super) fn described(ctx: &Ctx, state: &PickState, text: &str) -> Option<Described> {
    if !labelled(state.step) || text.contains(['?', '？', '吗']) {
        return None;
    }
    let lower = text.to_lowercase();
    let options = shown(ctx, state);
    if options.len() < 2
        || options
            .iter()
            .any(|o| o.names.iter().any(|n| names(&lower, n)))
    {
        return None;
    }
    let typed = tokens(&lower);
    // A figure no option shows is a value said (`12 in same time`), not a description.
    let shows = |t: &Token| {
        options
            .iter()
            .any(|o| o.units.iter().any(|u| matches(t, u)))
    };
    if typed
        .iter()
        .any(|t| matches!(t, Token::Figure(_)) && !shows(t))
    {
        return None;
    }
    // A unit every option shows tells them apart in nothing (`hours` of every usage option).
    let typed: Vec<&Token> = typed
        .iter()
        .filter(|t| {
            !options
                .iter()
                .all(|o| o.units.iter().any(|u| matches(t, u)))
        })
        .collect();
    let mut scored: Vec<(usize, &Shown)> = options
        .iter()
        .map(|o| {
            let n = typed
                .iter()
                .filter(|t| o.units.iter().any(|u| matches(t, u)))
                .map(|t| weight(t))
                .sum();
            (n, o)
        })
        .filter(|(n, _)| *n > 0)
        .collect();
    scored.sort_by_key(|(n, _)| std::cmp::Reverse(*n));
    let (best, first) = scored.first()?;
    let second = scored.get(1).map_or(0, |(n, _)| *n);
    // Clear: two units or more, and more than twice the next option's.
    if *best >= 2 && second * 2 < *best {
        return Some(Described::Taken(first.id.clone(), first.label.clone()));
    }
    Some(Described::Asked(
        scored
            .iter()
            .take(4)
            .map(|(_, o)| o.label.clone())
            .collect(),
    ))
}

/// The options of the open step that `object` names: by its name alone, a name it opens
/// (`全参` of `全参微调`), or, naming none, the one its content units clearly describe (`4 位`, `the
/// 4-bit`): ids with labels, for `dialogue::refused_option`. Empty where it names none.
pub(super) fn meant(ctx: &Ctx, state: &PickState, object: &str) -> Vec<(String, Msg)> {
    let object = object.trim().to_lowercase();
    let options = shown(ctx, state);
    let named: Vec<(String, Msg)> = options
        .iter()
        .filter(|o| {
            // The name alone or its opening: a name inside more words (`lora了 全量微调`)
            // is no refused thing of its own.
            o.names
                .iter()
                .any(|n| *n == object || (object.chars().count() >= 2 && n.starts_with(&object)))
        })
        .map(|o| (o.id.clone(), o.label.clone()))
        .collect();
    if !named.is_empty() {
        return named;
    }
    match described(ctx, state, &object) {
        Some(Described::Taken(id, label)) => vec![(id, label)],
        _ => Vec::new(),
    }
}

/// Every option the open step shows (not its "not sure"): ids with labels.
pub(super) fn options(ctx: &Ctx, state: &PickState) -> Vec<(String, Msg)> {
    shown(ctx, state)
        .into_iter()
        .map(|o| (o.id, o.label))
        .collect()
}

/// The reading the machine takes before what a message tells beside an answer is read out of
/// it, for a line of one clause: a clear one (`底座压成4位` is QLoRA's bits, never four people),
/// or any where a figure with its unit is one the step's options show (`4 位` beside QLoRA's
/// `4 位底座`), unless the line says whose the figure is with a word the step does not show
/// (`4位用户` is people).
pub(super) fn first(ctx: &Ctx, state: &PickState, text: &str) -> Option<Described> {
    if text.contains(|c: char| "，,;；。".contains(c)) {
        return None;
    }
    let read = described(ctx, state, text)?;
    if matches!(read, Described::Taken(..)) {
        return Some(read);
    }
    let lower = text.to_lowercase();
    let options = shown(ctx, state);
    let typed = tokens(&lower);
    let unit_shown = typed
        .iter()
        .any(|t| matches!(t, Token::FigureUnit(..)) && options.iter().any(|o| o.units.contains(t)));
    let whose = lexicon::PEOPLE_AFTER.iter().any(|p| {
        lower.contains(p)
            && !options
                .iter()
                .any(|o| o.texts.iter().any(|x| x.contains(p)))
    });
    (unit_shown && !whose).then_some(read)
}

/// The outcome of a description reading: the option taken as its tap and said, or the
/// options it could be asked back with the step's question.
pub(super) fn outcome(
    ctx: &Ctx,
    state: &PickState,
    text: &str,
    read: Described,
    again: super::replied::Again,
) -> Outcome {
    let l = Localizer::get();
    match read {
        Described::Taken(id, label) => {
            let mut out = again(ctx, state, PickInput::Choice(id));
            if out.changed
                && let Some(first) = out.replies.first_mut()
            {
                first.prepend(super::slip::read_as(text, &l.format(ctx.lang, &label)));
            }
            out
        }
        Described::Asked(labels) => {
            let options: Vec<String> = labels.iter().map(|m| l.format(ctx.lang, m)).collect();
            let sep = if ctx.lang == Lang::Zh { "、" } else { " / " };
            Outcome {
                replies: vec![
                    Reply::text(
                        Msg::new("pick-described-ask")
                            .said("typed", text.trim())
                            .arg("options", options.join(sep)),
                    ),
                    super::ask::ask(ctx, state),
                ],
                state: Some(state.clone()),
                changed: false,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn units(t: &str) -> Vec<Token> {
        tokens(t)
    }

    #[test]
    fn content_units_leave_grammar_out() {
        assert_eq!(
            units("the one which only train small adpater"),
            vec![
                Token::Latin("train".into()),
                Token::Latin("small".into()),
                Token::Latin("adpater".into())
            ]
        );
        assert_eq!(
            units("the 4-bit one"),
            vec![
                Token::Figure("4".into()),
                Token::FigureUnit("4".into(), "bit".into()),
                Token::Latin("bit".into())
            ]
        );
        assert!(units("还把底座压到 4 位").contains(&Token::FigureUnit("4".into(), "位".into())));
        // A function word is no unit: `16 at once` counts nothing said.
        assert!(
            !units("16 at once")
                .iter()
                .any(|t| matches!(t, Token::FigureUnit(..)))
        );
        // `个小` holds a measure word; `小适`, `适陪`, `陪器` are content.
        let zh = units("训个小适陪器那种就行");
        assert!(zh.contains(&Token::Han(['适', '陪'])));
        assert!(!zh.contains(&Token::Han(['个', '小'])));
    }

    #[test]
    fn a_unit_matches_inflected_or_one_slip_apart() {
        let l = |s: &str| Token::Latin(s.into());
        assert!(matches(&l("train"), &l("trains")));
        assert!(matches(&l("adpater"), &l("adapter")));
        assert!(matches(&l("wieght"), &l("weight")));
        assert!(!matches(&l("bit"), &l("bf16")));
        assert!(matches(
            &Token::Han(['适', '陪']),
            &Token::Han(['适', '配'])
        ));
        assert!(!matches(
            &Token::Han(['适', '金']),
            &Token::Han(['适', '配'])
        ));
        assert!(!matches(
            &Token::Figure("4".into()),
            &Token::Figure("5".into())
        ));
    }

    #[test]
    fn a_name_is_a_whole_word() {
        assert!(names("lora trains a small adapter", "lora"));
        assert!(!names("qlora also keeps the base", "lora"));
        assert!(names("全参微调更新所有权重", "全参微调"));
    }
}
