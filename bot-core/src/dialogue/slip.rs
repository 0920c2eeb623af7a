//! A typed answer with a slip, read over the step's own vocabulary (issue 26 §4, helper und_dl):
//! where every reader of a step found nothing, a word one slip from exactly one word the step
//! understands is read as that word, and the line is read again. The vocabulary is the step's
//! own: its options' labels in both locales and the lexicon tables its readers accept (job
//! verbs, method names, window and people words, always-on words, need words, the property
//! words of [`crate::lexicon::extreme_words`]), never a list of typos.
//!
//! - Latin: one slip (a letter inserted, dropped, changed or two neighbours swapped;
//!   [`lexicon::slips_apart`]) for words of 4-7 letters, two for 8 or more; a word of three
//!   letters only by two neighbours swapped (`yse`, `aqw`); never a shorter word, a number, or
//!   a word the lexicon knows as itself (the house's
//!   `REAL_WORDS`, its cue words, number and ordinal words, any step's lexicon words).
//! - Chinese: one character replaced by one that reads alike ([`lexicon::read_alike`], Unihan
//!   readings), the rest of the word as the step's; the slipped character no character of the
//!   step's words (so it reads nothing else the step knows); after a number, a character that
//!   reads like a measure word where one stands (`5各小时` = 5个小时).
//!
//! Two words equally near, or a reading the step then cannot take, is no reading: the line is
//! asked back as before. A reading taken is a guess and is said (`pick-read-as`).

use super::state::{Outcome, PickInput, PickState, Step};
use crate::context::Ctx;
use crate::i18n::{Lang, Localizer};
use crate::lexicon;
use crate::reply::{Msg, Part, Reply};

/// The step's words: Latin ones (lower case) and Chinese ones (runs of two to four characters).
struct Vocabulary {
    latin: Vec<String>,
    cjk: Vec<Vec<char>>,
    /// The whole phrases, lower case (`no need`): a short word's slip is read inside one.
    phrases: Vec<String>,
}

/// The lexicon words a step's readers accept, beside its labels.
fn lexicon_words(step: Step) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = lexicon::extreme_words().map(|(w, ..)| w).collect();
    // A property said as a noun and a degree (`saves the most memroy`): its words too.
    out.extend(lexicon::PROPERTY_NOUNS.iter().map(|(w, _)| *w));
    out.extend(lexicon::DEGREE_WORDS.iter().map(|(w, _)| *w));
    match step {
        Step::Task => out.extend(lexicon::JOB_VERBS),
        Step::Method => out.extend(lexicon::QUANT_WORDS.iter().map(|(w, _)| *w)),
        Step::Context => {
            out.extend(lexicon::WINDOW_WORDS);
            out.extend(lexicon::TOKEN_NOUNS);
        }
        Step::Concurrency => out.extend(lexicon::PEOPLE_AFTER),
        Step::Usage => {
            out.extend(lexicon::STAYS_ON);
            out.extend(lexicon::EVERY_HOUR);
            // `3 dyas`, `5 housr`: the unit words a length is said in.
            out.extend(lexicon::clock_words::NOT_A_TIME_AFTER);
        }
        Step::Barriers => {
            // `没友`, `nothng`: the no and done words the step reads as a whole answer.
            out.extend(lexicon::reply_words());
            out.extend(lexicon::HANDED);
            out.extend(lexicon::NEED_SPELLINGS);
            out.extend(lexicon::NEED_PHRASES.iter().map(|(w, _)| *w));
            // `发漂`: the invoice the needs step keeps is one of its words too.
            out.extend(lexicon::INVOICE_WORDS);
            // `预酸8000`, `nothng`, `都可一`: the budget, the no-needs and the yes words it reads.
            out.extend(lexicon::BUDGET_WORDS);
            out.extend(lexicon::assent_words());
            out.extend(lexicon::UNSURE);
        }
        // `trial plna`, `finsh`, `结速`: the yes, no and closing words these steps read.
        Step::Result | Step::Trial => {
            out.extend(lexicon::reply_words());
            out.extend(super::flow::ACCEPT_WORDS);
            out.extend(super::said::THANKS_WORDS);
        }
        _ => {}
    }
    // `默任的就行`, `defualt is fine`: the default's and not-knowing words, at every step with a
    // default (the needs step has them above).
    if !matches!(
        step,
        Step::Card | Step::Result | Step::Trial | Step::Barriers
    ) {
        out.extend(lexicon::HANDED);
        out.extend(lexicon::UNSURE);
    }
    // `second to lsat`: every step with a list takes a place said in words.
    if !matches!(step, Step::Card | Step::Result | Step::Trial) {
        out.extend(lexicon::place_words());
    }
    out
}

/// The result's button (`result::show_result`'s `r:trial`) and the trial plan's (`plan`'s finish
/// and alert): their labels' message ids, the words those steps go on by.
const RESULT_WAY_ON: &str = "pick-see-trial";
const TRIAL_WAYS_ON: &[&str] = &["pick-done", "pick-alert-me"];

/// Every step's lexicon words: a typed word among them is meant as itself.
fn any_step_word(w: &str) -> bool {
    use Step::*;
    [Task, Method, Context, Concurrency, Usage, Barriers]
        .into_iter()
        .any(|s| {
            lexicon_words(s)
                .iter()
                .any(|x| x.split_whitespace().any(|p| p == w))
        })
}

fn vocabulary(ctx: &Ctx, state: &PickState) -> Vocabulary {
    let l = Localizer::get();
    let mut phrases: Vec<String> = lexicon_words(state.step)
        .into_iter()
        .map(str::to_string)
        .collect();
    // The card step's labels are card names and prices (its reader matches names itself); the
    // result's and the trial plan's are their ways on (`Trial plan`, `Finish`), read from
    // their buttons without building the result again.
    let labels: Vec<Msg> = match state.step {
        Step::Card => Vec::new(),
        Step::Result => vec![Msg::new(RESULT_WAY_ON)],
        Step::Trial => TRIAL_WAYS_ON.iter().map(|id| Msg::new(id)).collect(),
        _ => super::ask::ask(ctx, state)
            .choices
            .into_iter()
            .map(|c| c.label)
            .collect(),
    };
    for label in labels {
        for lang in [Lang::En, Lang::Zh] {
            phrases.push(l.format(lang, &label).to_lowercase());
        }
    }
    let mut v = Vocabulary {
        latin: Vec::new(),
        cjk: Vec::new(),
        phrases: phrases.iter().map(|p| p.to_lowercase()).collect(),
    };
    for p in &phrases {
        for w in p.split(|c: char| !c.is_ascii_alphabetic()) {
            // Words of three letters too, read only by a swap (`phrase_slip::short_swap`).
            if w.len() >= 3 && !v.latin.iter().any(|x| x == w) {
                v.latin.push(w.to_string());
            }
        }
        let chars: Vec<char> = p.chars().collect();
        for run in chars.split(|c| !crate::lexicon::is_han(*c)) {
            for n in 2..=run.len().min(4) {
                for win in run.windows(n) {
                    if !v.cjk.iter().any(|x| x == win) {
                        v.cjk.push(win.to_vec());
                    }
                }
            }
        }
    }
    v
}

/// A Latin word the lexicon knows as itself: never read as a slip of another.
fn known(w: &str) -> bool {
    lexicon::REAL_WORDS.contains(&w)
        || lexicon::CUE_WORDS.contains(&w)
        || lexicon::number_word(w).is_some()
        || lexicon::ordinal(w).is_some()
        || any_step_word(w)
}

/// The one vocabulary word `w` is a slip of: `Err` when two are equally near.
fn latin_slip<'a>(w: &str, vocab: &'a [String]) -> Result<Option<&'a str>, ()> {
    if w.len() == 3 && !known(w) {
        return Ok(super::phrase_slip::short_swap(w, vocab));
    }
    if w.len() < 4 || vocab.iter().any(|v| v == w) || known(w) {
        return Ok(None);
    }
    let near: Vec<(usize, &str)> = vocab
        .iter()
        .filter(|v| v.len() >= 4)
        .filter_map(|v| {
            let max = if w.len().min(v.len()) >= 8 { 2 } else { 1 };
            lexicon::slips_apart(w.as_bytes(), v.as_bytes(), max).map(|d| (d, v.as_str()))
        })
        .collect();
    let Some(best) = near.iter().map(|(d, _)| *d).min() else {
        return Ok(None);
    };
    let tied: Vec<&str> = near
        .iter()
        .filter(|(d, _)| *d == best)
        .map(|(_, v)| *v)
        .collect();
    match tied[..] {
        [v] => Ok(Some(v)),
        // `hous` is as near `hour` as `hours`: one word in two numbers reads the same (the
        // longer said back, `3 hours`).
        [v, ref rest @ ..] if rest.iter().all(|r| inflected(v, r)) => {
            Ok(tied.iter().max_by_key(|w| w.len()).copied())
        }
        // `cheapes` is as near `cheaper` as `cheapest`: a word cut short at its end is the one
        // it begins, where only one begins so.
        // `neeed` is as near `needs` as `need`: a letter typed again beside itself is a
        // stutter of the word it leaves. `doen` is as near `done` as `doesn` (of `doesn't`): two
        // letters typed in each other's place are the word they swap back to.
        _ => match tied
            .iter()
            .filter(|v| {
                v.starts_with(w) || stuttered(w, v) || lexicon::swapped(w.as_bytes(), v.as_bytes())
            })
            .collect::<Vec<_>>()[..]
        {
            [v] => Ok(Some(v)),
            _ => Err(()),
        },
    }
}

/// Whether `typed` is `word` with one of its letters typed twice (`neeed`, `donne`).
fn stuttered(typed: &str, word: &str) -> bool {
    let t = typed.as_bytes();
    t.len() == word.len() + 1
        && (1..t.len())
            .any(|i| t[i] == t[i - 1] && [&t[..i], &t[i + 1..]].concat() == word.as_bytes())
}

/// Whether `a` and `b` are one word in the singular and the plural (`person`, `persons`): the
/// step's word, said in another number, which is no slip to say.
fn inflected(a: &str, b: &str) -> bool {
    let (short, long) = if a.len() < b.len() { (a, b) } else { (b, a) };
    long.strip_prefix(short)
        .is_some_and(|end| end == "s" || end == "es")
}

/// The text with each Latin slip written as its word; `None` when a word is equally near two.
/// `slipped` is set where a word was a slip (not only another number of the step's word).
fn latin_fixed(text: &str, vocab: &Vocabulary, slipped: &mut bool) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    let mut word = String::new();
    // A word typed alone is a whole answer: a tie is read to the one the step takes alone.
    let alone = text.split_whitespace().count() == 1;
    let mut flush = |word: &mut String, out: &mut String| -> Option<()> {
        let l = word.to_ascii_lowercase();
        let found = latin_slip(&l, &vocab.latin).or_else(|()| {
            let whole = alone.then(|| super::phrase_slip::whole_answer(&l, &vocab.phrases));
            whole.flatten().map(Some).ok_or(())
        });
        match found.ok()? {
            Some(v) => {
                *slipped |= !inflected(&l, v);
                out.push_str(v);
            }
            None => out.push_str(word),
        }
        word.clear();
        Some(())
    };
    for c in text.chars() {
        if c.is_ascii_alphabetic() {
            word.push(c);
        } else {
            flush(&mut word, &mut out)?;
            out.push(c);
        }
    }
    flush(&mut word, &mut out)?;
    Some(out)
}

/// The text with each Chinese slip written as the step's character; `None` when a character
/// could be two.
fn cjk_fixed(text: &str, vocab: &Vocabulary) -> Option<String> {
    let exact = cjk_fixed_by(text, vocab, lexicon::read_alike)?;
    if exact != text {
        return Some(exact);
    }
    // `结速` for 结束: an input method's fuzzy pair (s/sh, z/zh, c/ch, -n/-ng), only where no
    // character reads exactly alike.
    cjk_fixed_by(text, vocab, lexicon::read_alike_fuzzy)
}

fn cjk_fixed_by(text: &str, vocab: &Vocabulary, alike: fn(char, char) -> bool) -> Option<String> {
    let mut chars: Vec<char> = text.chars().collect();
    let own: Vec<char> = vocab.cjk.iter().flatten().copied().collect();
    let slipped = |c: char| crate::lexicon::is_han(c) && !own.contains(&c);
    // A character of the step's words typed where another reads alike (`不许要`, `许` of `也许`):
    // a slip too where the word typed is inside none of the step's words.
    let unknown = |win: &[char]| {
        !vocab
            .cjk
            .iter()
            .any(|w| w.windows(win.len()).any(|x| x == win))
    };
    let mut fixes: Vec<(usize, char)> = Vec::new();
    for word in &vocab.cjk {
        let n = word.len();
        for i in 0..chars.len().saturating_sub(n - 1) {
            let win = &chars[i..i + n];
            // The one place the window differs from the word, if exactly one (no list built
            // per window: this runs for every word at every position).
            let mut differ = (0..n).filter(|&p| win[p] != word[p]);
            if let (Some(p), None) = (differ.next(), differ.next())
                && (slipped(win[p]) || crate::lexicon::is_han(win[p]) && unknown(win))
                && alike(win[p], word[p])
                && !fixes.contains(&(i + p, word[p]))
            {
                fixes.push((i + p, word[p]));
            }
        }
    }
    // A unit word typed as another word of the same syllables after a number (`5个消失` =
    // 5个小时, the pinyin input's whole-word slip): every character read alike, none the step's.
    for word in vocab.cjk.iter().filter(|w| w.len() == 2) {
        for i in 1..chars.len().saturating_sub(1) {
            let win = &chars[i..i + 2];
            if after_number(&chars[..i])
                && (0..2).all(|p| win[p] != word[p] && slipped(win[p]))
                && (0..2).all(|p| lexicon::read_alike(win[p], word[p]))
            {
                fixes.extend([(i, word[0]), (i + 1, word[1])]);
            }
        }
    }
    // A measure word's slip after a number (`5各小时`): the one measure the character reads as.
    let measures: Vec<char> = std::iter::once('个')
        .chain(lexicon::CARD_MEASURES.iter().filter_map(|m| {
            let mut cs = m.chars();
            cs.next()
                .filter(|c| crate::lexicon::is_han(*c) && cs.next().is_none())
        }))
        .collect();
    for i in 1..chars.len().saturating_sub(1) {
        let (before, c, after) = (chars[i - 1], chars[i], chars[i + 1]);
        let number = before.is_ascii_digit() || lexicon::numerals::value_of(&[before]).is_some();
        if number
            && slipped(c)
            && crate::lexicon::is_han(after)
            && lexicon::numerals::value_of(&[c]).is_none()
        {
            if let [m] = measures
                .iter()
                .filter(|m| alike(c, **m))
                .collect::<Vec<_>>()[..]
            {
                fixes.push((i, *m));
            }
        }
    }
    for &(at, c) in &fixes {
        if fixes.iter().any(|&(a, d)| a == at && d != c) {
            return None;
        }
        chars[at] = c;
    }
    Some(chars.into_iter().collect())
}

/// Whether `before` ends in a number, or a number and its measure `个` (`5`, `五`, `5个`).
fn after_number(before: &[char]) -> bool {
    let number = |c: char| c.is_ascii_digit() || lexicon::numerals::value_of(&[c]).is_some();
    match before {
        [.., n, '个' | '個'] => number(*n),
        [.., n] => number(*n),
        [] => false,
    }
}

/// `text` with the step's slips written as its words, and whether any was a slip to say (a
/// word said in the other number is not); `None` when there is none or a slip could be two
/// words.
pub(super) fn corrected(ctx: &Ctx, state: &PickState, text: &str) -> Option<(String, bool)> {
    let vocab = vocabulary(ctx, state);
    let mut slipped = false;
    let latin = latin_fixed(text, &vocab, &mut slipped)?;
    // `20 hrous`: a unit word's letters out of order after its number (`lexicon::unit_anagrams`).
    let ordered = lexicon::unit_anagrams_read(&latin);
    slipped |= ordered != latin;
    let latin = ordered;
    let fixed = cjk_fixed(&latin, &vocab)?;
    slipped |= fixed != latin;
    // `no ned`: a word of three letters, read only inside one of the step's whole phrases.
    if fixed == text
        && let Some(p) = super::phrase_slip::fixed(text, &vocab.phrases)
    {
        return Some((p, true));
    }
    (fixed != text).then_some((fixed, slipped))
}

/// `(I read “…” as “…”)`, in the user's words and the reading taken.
pub(super) fn read_as(typed: &str, answer: &str) -> Part {
    Part::Text(
        Msg::new("pick-read-as")
            .said("typed", typed.trim())
            .said("answer", answer.trim()),
    )
}

/// Says `typed` was read as `answer` at the head of `reply`; where the reading read the line
/// again (`the longset one` → `the longest one` → `128k tokens`), one note from the words typed
/// to the last reading.
fn say_read_as(reply: &mut Reply, typed: &str, answer: &str) {
    if let Some(Part::Text(m)) = reply.parts.first_mut()
        && m.id == "pick-read-as"
    {
        m.args.retain(|(k, _)| k != "typed");
        *m = m.clone().said("typed", typed.trim());
        return;
    }
    reply.prepend(read_as(typed, answer));
}

/// A line no reader of the step took, read by a property of the step's options or over the
/// step's own words with its slips; `None` leaves it to be asked back as before.
/// `again` is the machine (`step::step`), passed in so this module does not import it.
pub(super) fn reread(
    ctx: &Ctx,
    state: &PickState,
    text: &str,
    again: super::replied::Again,
) -> Option<Outcome> {
    if let Some(by) = super::property::by_property(ctx, state, text) {
        return Some(by_property_outcome(ctx, state, text, by, again));
    }
    slip_read(ctx, state, text, again)
}

/// An option read by a property (or a rank over it, `dialogue::ranked`): taken as its tap and
/// said as read, or asked back naming the options level on it.
pub(super) fn by_property_outcome(
    ctx: &Ctx,
    state: &PickState,
    text: &str,
    by: super::property::ByProperty,
    again: super::replied::Again,
) -> Outcome {
    use super::property::ByProperty;
    match by {
        ByProperty::Taken(id, label) => {
            let mut out = again(ctx, state, PickInput::Choice(id));
            if out.changed
                && let Some(first) = out.replies.first_mut()
            {
                let label = Localizer::get().format(ctx.lang, &label);
                say_read_as(first, text, &label);
            }
            out
        }
        ByProperty::Cannot(p, tied) => {
            let why = if tied.is_empty() { "absent" } else { "tied" };
            // The options level on it, named (`H200 SXM / H200 NVL`).
            let l = Localizer::get();
            let sep = if ctx.lang == Lang::Zh { "、" } else { " / " };
            let options: Vec<String> = tied.iter().map(|m| l.format(ctx.lang, m)).collect();
            Outcome {
                replies: vec![
                    Reply::text(
                        Msg::new("pick-property-absent")
                            .arg("property", p.key())
                            .arg("why", why)
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

/// The line read again with the step's slips written as its words, where the step takes it.
fn slip_read(
    ctx: &Ctx,
    state: &PickState,
    text: &str,
    again: super::replied::Again,
) -> Option<Outcome> {
    let (fixed, slipped) = corrected(ctx, state, text)?;
    let mut out = again(ctx, state, PickInput::Text(fixed.clone()));
    // A reading that ends the dialogue is taken only where ending is the step's way on (the
    // trial plan's `finsh`), never a leave read out of a slip.
    let ended = out.state.is_none() && state.step != Step::Trial;
    if !out.changed || ended || super::chosen::asks_back(&out) {
        return None;
    }
    if slipped {
        say_read_as(out.replies.first_mut()?, text, &fixed);
    }
    Some(out)
}

/// A typed line as every step reads it: Traditional folded, a slash rate in words (`6h/day`,
/// `lexicon::slash_rate_folded`), a payment word's read-alike slip as the word, another
/// thing's time (`deadline in 10 days`) taken out (`other_length`).
pub(super) fn folded(step: Step, text: &str) -> String {
    // A greeting, keycaps, Cantonese, `一天` before hours (`heard_as`).
    let t = super::heard_as::heard(&crate::understand::fold_traditional(text));
    // `qwen2.5:14b-instruct-q4_K_M`: the tag's model and format apart (`lexicon::tag_quant`).
    let t = lexicon::tag_quant_apart(&t).unwrap_or(t);
    let t = super::other_length::blanked(&pay_words_folded(&lexicon::slash_rate_folded(&t)));
    // After the first step, a figure said again is the answer (`heard_as::restated`).
    super::heard_as::restated(step, t)
}

/// `text` with a Chinese need word typed with one character read alike (`支付包` for 支付宝,
/// `微信支仆`, `不要石名`) written as the word, wherever the message says it (a first sentence
/// included): the house's read-alike measure (`lexicon::read_alike`) over the need phrases of
/// three characters or more, one character only; the need is echoed as read, so the reading is
/// said.
pub(super) fn pay_words_folded(text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    // Every need's phrases, the real name's too (`不要石名`: und_dy, a slip beside another need
    // that the line's other reading would leave unread); a numeral is never the slip (`十名`).
    for (w, _) in lexicon::NEED_PHRASES {
        if !w.chars().all(lexicon::is_han) {
            continue;
        }
        let word: Vec<char> = w.chars().collect();
        if word.len() < 3 || chars.len() < word.len() {
            continue;
        }
        for at in 0..=chars.len() - word.len() {
            let win = &chars[at..at + word.len()];
            let off: Vec<usize> = (0..word.len()).filter(|&i| win[i] != word[i]).collect();
            if let [i] = off[..]
                && win[i].len_utf8() > 1
                && !word.contains(&win[i])
                && lexicon::numerals::value_of(&[win[i]]).is_none()
                && lexicon::read_alike(win[i], word[i])
            {
                chars[at + i] = word[i];
            }
        }
    }
    chars.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn latin(t: &str, v: &Vocabulary) -> Option<String> {
        latin_fixed(t, v, &mut false)
    }

    fn vocab(latin: &[&str], cjk: &[&str]) -> Vocabulary {
        Vocabulary {
            latin: latin.iter().map(|s| s.to_string()).collect(),
            cjk: cjk.iter().map(|s| s.chars().collect()).collect(),
            phrases: Vec::new(),
        }
    }

    #[test]
    fn a_latin_slip_is_its_one_nearest_word() {
        let v = vocab(&["always", "hours", "hour", "cheapest", "terminal"], &[]);
        assert_eq!(latin("alwyas on", &v).as_deref(), Some("always on"));
        assert_eq!(latin("the cheapst", &v).as_deref(), Some("the cheapest"));
        assert_eq!(latin("web termnal", &v).as_deref(), Some("web terminal"));
        // Two words equally near: no reading; one word's two numbers are one reading (und_ec).
        assert_eq!(latin("3 hous", &v).as_deref(), Some("3 hours"));
        // Short words, numbers and words the lexicon knows stay.
        assert_eq!(latin("our 4090", &v).as_deref(), Some("our 4090"));
        assert_eq!(latin("four", &v).as_deref(), Some("four"));
        assert_eq!(latin("house", &v).as_deref(), Some("house"));
        // A tie broken by a swap of two neighbouring letters (`doen`: `done`, not `doesn`).
        let v = vocab(&["done", "doesn", "does"], &[]);
        assert_eq!(latin("doen", &v).as_deref(), Some("done"));
        assert_eq!(latin("ndoe", &v).as_deref(), Some("ndoe"));
    }

    #[test]
    fn another_number_of_the_word_is_no_slip_to_say() {
        let v = vocab(&["persons", "always"], &[]);
        let mut slipped = false;
        assert_eq!(
            latin_fixed("1 person", &v, &mut slipped).as_deref(),
            Some("1 persons")
        );
        assert!(!slipped);
        assert_eq!(
            latin_fixed("alwys", &v, &mut slipped).as_deref(),
            Some("always")
        );
        assert!(slipped);
        assert!(inflected("hour", "hours") && !inflected("hour", "house"));
    }

    #[test]
    fn two_slips_only_in_long_words() {
        let v = vocab(&["terminal", "always"], &[]);
        assert_eq!(latin("trminl", &v).as_deref(), Some("trminl"));
        assert_eq!(latin("termnl", &v).as_deref(), Some("termnl"));
        assert_eq!(latin("teminall", &v).as_deref(), Some("terminal"));
        assert_eq!(latin("alwys", &v).as_deref(), Some("always"));
        assert_eq!(latin("alwyys", &v).as_deref(), Some("always"));
        assert_eq!(latin("alwyz", &v).as_deref(), Some("alwyz"));
    }

    #[test]
    fn a_chinese_slip_reads_alike() {
        let v = vocab(&[], &["支付宝", "一直在线", "小时"]);
        assert_eq!(cjk_fixed("只能支付保", &v).as_deref(), Some("只能支付宝"));
        assert_eq!(cjk_fixed("一直再线", &v).as_deref(), Some("一直在线"));
        assert_eq!(
            cjk_fixed("大概跑5各小时", &v).as_deref(),
            Some("大概跑5个小时")
        );
        assert_eq!(cjk_fixed("跑三各小时", &v).as_deref(), Some("跑三个小时"));
        // Another reading, a character of the step's own words, a day after a number: kept.
        assert_eq!(cjk_fixed("支付金", &v).as_deref(), Some("支付金"));
        assert_eq!(cjk_fixed("一直在小", &v).as_deref(), Some("一直在小"));
        assert_eq!(cjk_fixed("跑3天", &v).as_deref(), Some("跑3天"));
        // An input method's fuzzy pair (s/sh) only where nothing reads exactly alike.
        let v = vocab(&[], &["结束", "有货时提醒我"]);
        assert_eq!(cjk_fixed("结速", &v).as_deref(), Some("结束"));
        assert_eq!(cjk_fixed("结数", &v).as_deref(), Some("结束"));
    }

    #[test]
    fn a_tie_goes_to_the_word_cut_short_or_stuttered() {
        let v = vocab(&["cheapest", "cheaper", "need", "needs"], &[]);
        assert_eq!(latin("cheapes one", &v).as_deref(), Some("cheapest one"));
        assert_eq!(latin("no neeed", &v).as_deref(), Some("no need"));
        assert!(stuttered("donne", "done") && !stuttered("dnoe", "done"));
    }

    #[test]
    fn a_whole_unit_word_of_the_same_syllables_after_a_number() {
        let v = vocab(&[], &["小时", "每天"]);
        for (typed, read) in [
            ("5个消失", "5个小时"),
            ("5消失", "5小时"),
            ("每天五个消失吧", "每天五个小时吧"),
        ] {
            assert_eq!(cjk_fixed(typed, &v).as_deref(), Some(read), "{typed}");
        }
        // Not after a number: the word is meant as itself.
        assert_eq!(cjk_fixed("消失了", &v).as_deref(), Some("消失了"));
        assert_eq!(cjk_fixed("数据消失", &v).as_deref(), Some("数据消失"));
    }
}
