//! A `/pick` that listens: whatever step it is at, a message that states facts (the model,
//! the method, how long, a card, real-name, payment, budget) is kept and echoed, and the steps
//! it answered are not asked; a question asked in the middle is answered with a line saying
//! where `/pick` stands and how to leave it.

use super::state::{PickState, Step, TaskKind, Usage};
use crate::catalog::Catalog;
use crate::context::Ctx;
use crate::reply::{Msg, Reply};
use crate::understand::{self, Facts, Reading, Request};
use rust_decimal::Decimal;

/// Applies what `f` states to `s`; returns the echo lines, empty when nothing was new.
pub(super) fn apply_facts(ctx: &Ctx, s: &mut PickState, f: &Facts) -> Vec<Msg> {
    let mut echo = Vec::new();
    if let Some(m) = &f.model {
        s.model = Some(m.clone());
        s.params_b = None;
        s.unsure_model = false;
        skip(s, Step::Model);
        let name = ctx
            .catalog
            .model(m)
            .map_or_else(|_| m.clone(), |m| m.name.clone());
        echo.push(Msg::new("pick-understood-model").arg("name", name));
    } else if let Some(b) = f.params_b {
        // A size said after a model (`不对，是14b`) corrects the size of that model's family
        // where the catalog has it; else it is the size alone.
        let sibling = s
            .model
            .as_deref()
            .map(|m| crate::understand::model_of_size(ctx.catalog, m, &format!("{b}b")))
            .and_then(|id| ctx.catalog.model(&id).ok());
        skip(s, Step::Model);
        if let Some(m) = sibling {
            s.model = Some(m.id.clone());
            s.params_b = None;
            echo.push(Msg::new("pick-understood-model").arg("name", m.name.clone()));
        } else {
            s.model = None;
            s.params_b = Some(b);
            echo.push(Msg::new("pick-understood-model").arg("name", format!("{b}B")));
        }
    }
    let method = match s.task {
        Some(TaskKind::FineTune) => f.training.map(str::to_string),
        _ => f.quant.clone(),
    };
    if let Some(m) = method {
        let label = crate::i18n::Localizer::get()
            .format(ctx.lang, &Msg::new("pick-method").arg("method", m.as_str()));
        s.method = Some(m);
        skip(s, Step::Method);
        echo.push(Msg::new("pick-understood-method").arg("method", label));
    }
    if let Some(u) = usage_of(f) {
        s.usage = Some(u);
        skip(s, Step::Usage);
        echo.push(usage_msg(u));
    }
    // A card said that cannot hold the job as sized so far: said, never dropped in silence.
    if let Some((gpu, cards)) = &f.gpu
        && (s.model.is_some() || s.params_b.is_some())
        && super::card::refuse_card(ctx, s, gpu, *cards).is_some()
    {
        s.gpu_unfit = Some(gpu.clone());
        // Said with the sizing it was judged by (the method and context said, never a BF16
        // that was not), and the count said (`两张3090`): a reading the user did not mean shows.
        echo.push(super::card::unfit_msg(
            ctx,
            s,
            "pick-understood-gpu-unfit",
            gpu,
            *cards,
        ));
        // The card it replaces is not rented in silence: the card step lists those that do.
        super::card::reopen_card_step(s);
    } else if let Some((gpu, cards)) = &f.gpu
        && if s.model.is_some() || s.params_b.is_some() {
            super::card::refuse_card(ctx, s, gpu, *cards).is_none()
        } else {
            // `一张4090` before the job is sized (at the task step): kept and said, and judged
            // by every later answer that sizes the job (`card::recheck_kept`), never asked again.
            s.media.is_none()
        }
    {
        s.gpu = Some(gpu.clone());
        s.cards = Some(*cards);
        s.gpu_unfit = None;
        skip(s, Step::Card);
        let name = ctx.catalog.gpu(gpu).map_or_else(
            |_| gpu.clone(),
            |g| {
                g.display_name(ctx.lang == crate::i18n::Lang::Zh)
                    .to_string()
            },
        );
        echo.push(
            Msg::new("pick-understood-gpu")
                .arg("name", name)
                .arg("cards", *cards),
        );
    }
    echo.extend(apply_needs(ctx, s, f));
    echo
}

/// Real-name, payment and budget: set as said (never toggled by a sentence).
pub(super) fn apply_needs(ctx: &Ctx, s: &mut PickState, f: &Facts) -> Vec<Msg> {
    let mut echo = Vec::new();
    if f.no_real_name {
        s.needs.no_real_name = true;
        echo.push(Msg::new("pick-understood-nrn"));
    }
    for p in &f.payments {
        // A way the person has (`我有信用卡`) is no barrier: said, and no platform left out
        // for it; only a payment they lack or the only one they have is a need.
        if f.held.contains(p) {
            echo.push(Msg::new("pick-understood-pay").arg("method", *p));
            echo.push(Msg::new("pick-pay-held").arg("method", *p));
            continue;
        }
        if !s.needs.payments.iter().any(|x| x == p) {
            s.needs.payments.push(p.to_string());
        }
        echo.push(Msg::new("pick-understood-pay").arg("method", *p));
    }
    for p in &f.lacks {
        s.needs.payments.retain(|x| x != p);
        echo.push(Msg::new("pick-understood-no-pay").arg("method", *p));
    }
    // Kept in the currency it was said in; the verdict converts it (`barriers::over_budget`).
    if let Some(b) = f.budget.filter(|b| *b > Decimal::ZERO) {
        s.needs.budget = Some(b);
        s.needs.budget_currency = f.budget_currency.map(str::to_string);
        // Said with the period it is held against (a month's budget changed to 500 stays a
        // month's, and says so). A bare `预算50` is in the currency the dialogue prices in:
        // said, as every answer that reads a bare amount says it; at the barriers step its
        // question says it, below the budget.
        let said = super::barriers::budget_said(ctx, &s.needs);
        let keep = if s.step == Step::Barriers {
            1
        } else {
            said.len()
        };
        echo.extend(said.into_iter().take(keep));
    }
    if let Some(r) = f.region {
        s.needs.region = Some(r.to_string());
        echo.push(
            Msg::new("pick-understood-region")
                .arg("region", r)
                .arg("place", "none"),
        );
    }
    // A place: the candidates are filtered by each platform's sourced region list, and the
    // place is said back as the user wrote it.
    if let Some(t) = f.place_text {
        s.needs.place = Some(t.to_string());
        echo.push(
            Msg::new("pick-understood-region")
                .arg("region", "place")
                .arg("place", crate::lexicon::place_written(f.place.unwrap_or(t))),
        );
    }
    // Said as where the person is: what was assumed, and how to widen it.
    if f.home && (f.region.is_some() || f.place_text.is_some()) {
        echo.push(Msg::new("pick-understood-home"));
    }
    if f.any_place {
        s.needs.place = None;
        s.needs.region = None;
        echo.push(Msg::new("pick-understood-anywhere"));
    }
    if f.invoice {
        s.needs.invoice = true;
        echo.push(Msg::new("pick-understood-invoice"));
    }
    let barriers =
        f.no_real_name || f.payments.iter().any(|p| !f.held.contains(p)) || f.budget.is_some();
    if barriers {
        needs_said(s);
    }
    echo
}

/// The house rule for the barriers step (docs/pick-transcripts.md, the pick_conversations
/// headers): once a need is said (a payment, a real-name refusal, a budget with or without its
/// period), the step is not asked; the needs are said back and the result follows the card.
pub(super) fn needs_said(s: &mut PickState) {
    skip(s, Step::Barriers);
}

fn usage_of(f: &Facts) -> Option<Usage> {
    if f.always {
        return Some(Usage::Always);
    }
    let hours = f.seconds? / Decimal::from(3600);
    Some(if f.daily {
        Usage::Daily { hours }
    } else {
        Usage::OneOff { hours }
    })
}

pub(super) fn usage_msg(u: Usage) -> Msg {
    let hours = |h: Decimal| h.round_dp(2).normalize().to_string();
    match u {
        Usage::OneOff { hours: h } => Msg::new("pick-understood-usage")
            .arg("kind", "oneoff")
            .arg("hours", hours(h)),
        Usage::Daily { hours: h } => Msg::new("pick-understood-usage")
            .arg("kind", "daily")
            .arg("hours", hours(h)),
        Usage::Always => Msg::new("pick-understood-usage").arg("kind", "always"),
    }
}

/// A step answered by a sentence is not asked (unless it is the step being asked now, which
/// the caller moves past).
fn skip(s: &mut PickState, step: Step) {
    if !s.skip.contains(&step) {
        s.skip.push(step);
    }
}

/// Whether a message asks something (`4090多少钱一小时`, `H100 哪家有货`, `how much…?`)
/// rather than stating facts.
pub fn is_question(text: &str) -> bool {
    // `fine, the cheapest one then`, `最短的就够了`: an option chosen by a property asks nothing.
    if super::property::only_chooses(text) {
        return false;
    }
    // Widening a place asks nothing, though `anywhere` holds `where` and `any region` opens
    // like a question (`lexicon::ANY_PLACE`): it stands as a plain noun, so `anywhere is fine`
    // does not start with `is`.
    let l = crate::lexicon::ANY_PLACE
        .iter()
        .fold(text.to_lowercase(), |t, w| t.replace(w, "place"));
    // `嗎`, `哪裡`: the cues in Simplified characters too.
    let simple: String = l.chars().map(understand::simplified).collect();
    l.starts_with('/')
        || crate::lexicon::QUESTION_CUES
            .iter()
            .any(|c| l.contains(c) || simple.contains(c))
        || crate::lexicon::size_asked(&simple)
        || asks_yes_or_no(&l)
        || understand::asks_for_action(text)
}

/// A question in English that starts with its verb (`is there an h100`, `can i pay with
/// alipay`, `any 4090 left`), at the start of the message or of a clause after a comma; the
/// same words inside a statement (`my budget is $30`, `i can spend 50`) ask nothing, nor does
/// a clause right after a word that takes back what was said (`sorry, is 6 hour not 3`: the
/// correction's subject left out, the lexicon's `TAKEN_BACK_AFTER`) unless a `?` asks it.
fn asks_yes_or_no(l: &str) -> bool {
    const VERBS: [&str; 9] = [
        "can ", "could ", "is ", "are ", "does ", "do ", "any ", "will ", "should ",
    ];
    let asked = l.contains('?') || l.contains('？');
    let clauses: Vec<&str> = l.split([',', ';', '.']).map(str::trim).collect();
    clauses.iter().enumerate().any(|(i, clause)| {
        let corrects = i > 0 && crate::lexicon::TAKEN_BACK_AFTER.contains(&clauses[i - 1]);
        // `can not do chinese realname`: an inability stated, no question without a `?`.
        let unable = clause.starts_with("can not ") && !asked;
        VERBS.iter().any(|v| clause.starts_with(v)) && (asked || !corrects) && !unable
    })
}

/// A question asked in the middle of `/pick`: how it reads (one command, or readings to ask
/// back), if it reads as anything but `/pick` itself.
pub fn question_inside(ctx: &Ctx, state: &PickState, text: &str) -> Option<Reading> {
    // `换成a100`, `switch to qlora`: a change to this dialogue's answers, never a follow-up
    // to a question the bot does not keep.
    // `forget it, too pricey`: leaving, read by the step, never a question.
    if is_change(ctx, text)
        || super::stop_shape::leaving(ctx.catalog, text).is_some()
        || super::correct::is_correction(ctx, text)
        // `let's price the 4090 anyway` at the card step: a card proposed is chosen.
        || (state.step == Step::Card
            && crate::lexicon::proposed(text)
            && understand::facts(ctx.catalog, text).gpu.is_some())
    {
        return None;
    }
    let reading = understand::read(ctx.catalog, text);
    let asked = is_question(text)
        // `花了30块跑了2小时`: a run already paid is recorded (`/trial`), never dropped or
        // taken as this job's duration.
        || matches!(&reading, Reading::Command(Request::Trial(_)))
        // Once the result is shown, a command said without a question's cue (`autodl 4090
        // 3h`) is asked too; a change (`换成a100`) is the dialogue's.
        || (matches!(state.step, Step::Result | Step::Trial)
            && matches!(&reading, Reading::Command(_)));
    if !asked {
        return None;
    }
    match reading {
        // `/pick` inside `/pick` is the dialogue itself, already open.
        Reading::Command(Request::Pick) | Reading::Unknown => None,
        r => Some(r),
    }
}

/// A question that names another model than the one this dialogue has (`4090能跑qwen2.5 14b
/// 的lora吗` while sizing Qwen2.5-7B): asked, never a change to the dialogue unless it says so
/// (`换成14b`).
pub(super) fn asks_of_another_model(ctx: &Ctx, state: &PickState, text: &str) -> bool {
    let Some(chosen) = state.model.as_deref() else {
        return false;
    };
    if !is_question(text) || is_change(ctx, text) {
        return false;
    }
    let f = understand::facts(ctx.catalog, text);
    f.model.as_deref().is_some_and(|m| m != chosen)
}

/// A change said with the facts it changes (`换成a100`): the dialogue's, never a follow-up
/// to a question the bot does not keep.
pub fn is_change(ctx: &Ctx, text: &str) -> bool {
    says_change(text) && understand::facts(ctx.catalog, text).any()
}

/// `换成a100`, `改用qlora`, `switch to an a100`: a change to an answer already given.
pub(super) fn says_change(text: &str) -> bool {
    let l = understand::normalize(text);
    [
        "换成",
        "换个",
        "换用",
        "改成",
        "改用",
        "改为",
        "instead",
        "switch to",
        "change to",
        "make it",
    ]
    .iter()
    .any(|w| l.contains(w))
}

/// Whether a message inside `/pick` reads as a wish for guidance (`帮我选个平台`): `/pick`
/// itself, which is already open.
pub(super) fn asks_for_pick(ctx: &Ctx, text: &str) -> bool {
    matches!(
        understand::read(ctx.catalog, text),
        Reading::Command(Request::Pick)
    )
}

/// "/pick is still open at step N of M: answer its question, /back, or /cancel to leave."
pub fn still_open(s: &PickState) -> Reply {
    let (n, total) = super::flow::step_number(s);
    Reply::text(Msg::new("pick-still-open").arg("n", n).arg("total", total))
}

/// A message that is no answer to the step but states facts: kept, echoed, and the step moves
/// on when the message answered it. `None` when it states nothing (or asks something).
pub(super) fn listen(ctx: &Ctx, state: &PickState, text: &str) -> Option<(PickState, Reply)> {
    // A wish for guidance states its facts (`一个月预算500块 能租什么卡`: the budget).
    if is_question(text) && !asks_for_pick(ctx, text) && !is_change(ctx, text) {
        return invoice_asked(ctx, state, text);
    }
    let mut f = understand::facts(ctx.catalog, text);
    // At the barriers step an amount alone is the budget it asks for (`2k吧`, `300`).
    if state.step == Step::Barriers && f.budget.is_none() {
        let norm = understand::normalize(text);
        f.budget = understand::amount_word(norm.trim());
        f.budget_currency = f
            .budget
            .and_then(|_| understand::currency_word(norm.trim()));
    }
    // At any step an amount written with its currency (`max 200 yuan`, `50刀吧`) is the budget.
    if f.budget.is_none()
        && let Some((b, cur)) = priced_amount(text)
    {
        f.budget = Some(b);
        f.budget_currency = cur;
    }
    let context =
        context_said(ctx.catalog, state.step, text, false).or_else(|| bare_window(state.step, &f));
    if !f.any() && context.is_none() && super::paid::paid_in(text).is_none() {
        return None;
    }
    let mut s = state.clone();
    let mut echo = apply_facts(ctx, &mut s, &f);
    if let Some(tokens) = context {
        s.context = Some(tokens);
        skip(&mut s, Step::Context);
        echo.push(Msg::new("pick-understood-context").arg("tokens", tokens.to_string()));
    }
    echo.extend(super::paid::apply(ctx, &mut s, text));
    // A card kept from before that the facts now said size out of it is dropped, and said.
    echo.extend(super::card::recheck_kept(ctx, state, &mut s));
    // `预算一两百块`: the end of the range taken, said.
    echo.extend(super::ranged::said(state, &s, text));
    if echo.is_empty() {
        return None;
    }
    let mut r = Reply::text(Msg::new("pick-noted"));
    for m in echo {
        r.push(m);
    }
    // A change after the plan is shown ranks again: the result for the new facts first.
    if s.step == Step::Trial {
        s.step = Step::Result;
        if s.history.last() == Some(&Step::Result) {
            s.history.pop();
        }
    }
    // The step this message answered moves on; the barriers step stays for more toggles.
    if s.skip.contains(&s.step) && s.step != Step::Barriers {
        s.history.push(s.step);
        s = super::flow::advanced(s);
    }
    Some((s, r))
}

/// An invoice asked about mid-way (`公司能开发票吗`, `can they give us an invoice?`): the need
/// it says, kept and said as the first sentence's would be (no platform's record says whether it
/// issues one, so it is said to be asked, never a filter); `None` when the question asks
/// nothing of an invoice or the need is kept already.
fn invoice_asked(ctx: &Ctx, state: &PickState, text: &str) -> Option<(PickState, Reply)> {
    if state.needs.invoice || !understand::facts(ctx.catalog, text).invoice {
        return None;
    }
    let mut s = state.clone();
    s.needs.invoice = true;
    let mut r = Reply::text(Msg::new("pick-noted"));
    r.push(Msg::new("pick-understood-invoice"));
    Some((s, r))
}

/// An amount with its currency beside it (`200 yuan`, `50刀`, `$30`) in a message that is no
/// price per hour nor a sum already paid: the budget's amount and currency.
fn priced_amount(text: &str) -> Option<(Decimal, Option<&'static str>)> {
    let norm = understand::normalize(text);
    let per_hour = [
        "/h",
        "每小时",
        "一小时",
        "an hour",
        "per hour",
        "/hr",
        "花了",
        "paid",
        "spent",
    ];
    if per_hour.iter().any(|w| norm.contains(w)) {
        return None;
    }
    let words: Vec<&str> = norm.split_whitespace().collect();
    words.iter().enumerate().find_map(|(i, w)| {
        // `顶多300块吧`: the amount from its first digit or currency mark, the particles after
        // it dropped.
        let start = w.find(|c: char| c.is_ascii_digit() || c == '$' || c == '¥')?;
        let w = &w[start..].trim_end_matches(['吧', '啊', '呢', '的']);
        let amount = understand::amount_word(w)?;
        let next = words
            .get(i + 1)
            .filter(|n| !n.chars().any(|c| c.is_ascii_digit()));
        let cur = understand::currency_word(w)
            .or_else(|| next.and_then(|n| understand::currency_word(n)))?;
        Some((amount, Some(cur)))
    })
}

/// What a message that answered `step` says besides: the facts of other steps, applied to
/// `next` (the state after the answer) and echoed; the steps they answer are then not asked
/// (`qwen2.5 72b awq` at the model step keeps the method; `2张4090 跑3小时` at the card step
/// keeps the duration). The step's own fact was its answer and is not said twice.
pub(super) fn extras(ctx: &Ctx, step: Step, next: &mut PickState, text: &str) -> Vec<Msg> {
    if super::flow::is_accept(text) {
        return Vec::new();
    }
    let mut f = understand::facts(ctx.catalog, text);
    match step {
        // The first step's sentence already keeps its model, method, duration and needs.
        Step::Task => {
            f.model = None;
            f.params_b = None;
            f.quant = None;
            f.training = None;
            f.seconds = None;
            f.always = false;
            f.daily = false;
            f.no_real_name = false;
            f.payments.clear();
            // What the user lacks (`没有信用卡`) is not in its echo: said here.
            f.budget = None;
        }
        Step::Model => {
            f.model = None;
            f.params_b = None;
        }
        Step::Method => {
            f.quant = None;
            f.training = None;
        }
        Step::Usage => {
            f.seconds = None;
            f.always = false;
            f.daily = false;
        }
        Step::Card => f.gpu = None,
        Step::Context | Step::Concurrency => {}
        // Toggles and the last steps take single words; a sentence there goes to `listen`.
        Step::Barriers | Step::Result | Step::Trial => return Vec::new(),
    }
    let mut echo = if f.any() {
        apply_facts(ctx, next, &f)
    } else {
        Vec::new()
    };
    if !matches!(step, Step::Context | Step::Concurrency)
        && next.context.is_none()
        && let Some(tokens) = context_said(ctx.catalog, step, text, true)
            .or_else(|| context_clause(ctx.catalog, step, text))
            .or_else(|| bare_window(step, &f))
    {
        next.context = Some(tokens);
        skip(next, Step::Context);
        echo.push(Msg::new("pick-understood-context").arg("tokens", tokens.to_string()));
    }
    if next.skip.contains(&next.step) && next.step != Step::Barriers {
        *next = super::flow::advanced(next.clone());
    }
    echo
}

/// A window read among the sentence's other facts as a plain question reads it (`qwen2.5 7b
/// 4k 3小时`, `lora 3小时 8k`: the bare `k` count beside the size or the duration, kept as one
/// set off by commas is), at the steps where a context said aside is kept.
fn bare_window(step: Step, f: &understand::Facts) -> Option<u32> {
    matches!(
        step,
        Step::Task | Step::Model | Step::Method | Step::Concurrency | Step::Usage | Step::Card
    )
    .then_some(f.context?)
}

/// A clause of a sentence that is a context length alone (`微调qwen2.5 7b，lora，3个小时，4k`):
/// written in k or as a power of two from 1024 (`4k`, `8192`), the way a context is said, so a
/// bare amount (`500`) or a count of cards is never one; money is the budget's.
fn context_clause(catalog: &Catalog, step: Step, text: &str) -> Option<u32> {
    let clauses: Vec<&str> = text
        .split([',', '，', ';', '；', '、', '。'])
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect();
    if clauses.len() < 2 {
        return None;
    }
    clauses.iter().find_map(|c| {
        let count = super::flow::first_count(&super::flow::context_text(c))?;
        let tokens = context_said(catalog, step, c, false)?;
        (count.ends_with('k') || (tokens >= 1024 && tokens.is_power_of_two())).then_some(tokens)
    })
}

/// A context length said at a step that asks something else (`大概2000个token`, `2k吧` at the
/// method step): the context fact. A count with nothing else (`2k吧`) is the context only
/// before the budget is asked (where it is the budget) and while the answer can still size
/// the card; one that names tokens (`8k上下文`) is the context at those steps too.
fn context_said(catalog: &Catalog, step: Step, text: &str, named_only: bool) -> Option<u32> {
    if !matches!(
        step,
        Step::Task | Step::Model | Step::Method | Step::Concurrency | Step::Usage | Step::Card
    ) {
        return None;
    }
    let norm = super::flow::context_text(text);
    const NAMES: [&str; 5] = super::flow::CONTEXT_WORDS;
    let named = NAMES.iter().any(|w| norm.contains(w));
    // `预算 2k吧`, `$2k`: money, never a context length (the budget reads it).
    if !named && super::flow::says_money(&norm) {
        return None;
    }
    // With a context word, the count beside it (`qwen 7b, 8k context`: 8k, not the 7 of 7b).
    let count =
        super::flow::named_count(&norm, &NAMES).or_else(|| super::flow::first_count(&norm))?;
    // `4090` at the method step is the card (noted by the facts), never 4090 tokens.
    if !named && super::flow::card_number(catalog, &count) {
        return None;
    }
    let tokens =
        crate::lexicon::context_tokens(&count).filter(|t| (128..=10_000_000).contains(t))?;
    // Nothing but the count and filler (`大概`, `吧`, `about`, `~`).
    let rest = norm.replacen(&count, "", 1);
    let filler = rest.split_whitespace().all(|w| {
        ["about", "around", "maybe", "roughly", "~"].contains(&w)
            || w.chars().all(|c| "大概约左右吧个的差不多啊呢~".contains(c))
    });
    (named || (filler && !named_only)).then_some(tokens as u32)
}

#[cfg(test)]
mod tests;
