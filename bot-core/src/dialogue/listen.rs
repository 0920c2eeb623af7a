//! A `/pick` that listens: whatever step it is at, a message that states facts (the model,
//! the method, how long, a card, real-name, payment, budget) is kept and echoed, and the steps
//! it answered are not asked; a question asked in the middle is answered with a line saying
//! where `/pick` stands and how to leave it.

use super::state::{PickState, Step, TaskKind, Usage};
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
        s.model = None;
        s.params_b = Some(b);
        skip(s, Step::Model);
        echo.push(Msg::new("pick-understood-model").arg("name", format!("{b}B")));
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
    if let Some((gpu, cards)) = &f.gpu
        && (s.model.is_some() || s.params_b.is_some())
        && super::card::refuse_card(ctx, s, gpu, *cards).is_none()
    {
        s.gpu = Some(gpu.clone());
        s.cards = Some(*cards);
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
        let b = super::barriers::budget_text(ctx, &s.needs, b);
        echo.push(Msg::new("pick-understood-budget").arg("budget", b));
        if s.needs.budget_currency.is_none() {
            // A bare `预算50` is the chat's currency, not the reader's language: said, as
            // every answer that reads a bare amount says it.
            echo.push(bare_note(ctx));
        }
    }
    let barriers = f.no_real_name || !f.payments.is_empty() || f.budget.is_some();
    if barriers {
        skip(s, Step::Barriers);
    }
    echo
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
    let l = text.to_lowercase();
    let cues = [
        "?",
        "？",
        "吗",
        "多少",
        "多久",
        "哪",
        "怎么",
        "什么",
        "几",
        "how ",
        "what",
        "which",
        "where",
        "can ",
        "is ",
        "does ",
        "do ",
        "any ",
        "cheapest",
        "最便宜",
        "有货",
        "走势",
    ];
    l.starts_with('/') || cues.iter().any(|c| l.contains(c)) || understand::asks_for_action(text)
}

/// A question asked in the middle of `/pick`: how it reads (one command, or readings to ask
/// back), if it reads as anything but `/pick` itself.
pub fn question_inside(ctx: &Ctx, text: &str) -> Option<Reading> {
    if !is_question(text) {
        return None;
    }
    match understand::read(ctx.catalog, text) {
        // `/pick` inside `/pick` is the dialogue itself, already open.
        Reading::Command(Request::Pick) | Reading::Unknown => None,
        r => Some(r),
    }
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
    if is_question(text) && !asks_for_pick(ctx, text) {
        return None;
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
    let context = context_said(state, text);
    if !f.any() && context.is_none() {
        return None;
    }
    let mut s = state.clone();
    let mut echo = apply_facts(ctx, &mut s, &f);
    if let Some(tokens) = context {
        s.context = Some(tokens);
        skip(&mut s, Step::Context);
        echo.push(Msg::new("pick-understood-context").arg("tokens", tokens.to_string()));
    }
    if echo.is_empty() {
        return None;
    }
    let mut r = Reply::text(Msg::new("pick-noted"));
    for m in echo {
        r.push(m);
    }
    // The step this message answered moves on; the barriers step stays for more toggles.
    if s.skip.contains(&s.step) && s.step != Step::Barriers {
        s.history.push(s.step);
        s = super::flow::advanced(s);
    }
    Some((s, r))
}

/// A context length said at a step that asks something else (`大概2000个token`, `2k吧` at the
/// method step): the context fact. A count with nothing else (`2k吧`) is the context only
/// before the budget is asked (where it is the budget) and while the answer can still size
/// the card; one that names tokens (`8k上下文`) is the context at those steps too.
fn context_said(s: &PickState, text: &str) -> Option<u32> {
    if !matches!(
        s.step,
        Step::Task | Step::Model | Step::Method | Step::Concurrency | Step::Usage | Step::Card
    ) {
        return None;
    }
    let norm = understand::normalize(text);
    let count = super::flow::first_count(&norm)?;
    let tokens =
        crate::lexicon::context_tokens(&count).filter(|t| (128..=10_000_000).contains(t))?;
    let named = ["token", "上下文", "context", "ctx"]
        .iter()
        .any(|w| norm.contains(w));
    // Nothing but the count and filler (`大概`, `吧`, `about`, `~`).
    let rest = norm.replacen(&count, "", 1);
    let filler = rest.split_whitespace().all(|w| {
        ["about", "around", "maybe", "roughly", "~"].contains(&w)
            || w.chars().all(|c| "大概约左右吧个的差不多啊呢~".contains(c))
    });
    (named || filler).then_some(tokens as u32)
}

/// The line saying which currency a budget written without one was read in.
pub(super) fn bare_note(ctx: &Ctx) -> Msg {
    Msg::new("bare-number-currency").arg("currency", ctx.bare_currency.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;

    #[test]
    fn statements_are_not_questions() {
        assert!(!is_question("it runs 3 hours, budget 40"));
        assert!(!is_question(
            "想用lora微调下qwen2.5 7b 跑3个小时 只有支付宝 不想实名 预算50"
        ));
        assert!(is_question("4090多少钱一小时"));
        assert!(is_question("H100 哪家有货"));
        // A request said without a question's cue: an alert, a conversion, a price history.
        assert!(is_question("4090 到货了提醒我"));
        assert!(is_question("notify me when an h100 is under $2"));
        assert!(is_question("$2.5/hr 换算成人民币"));
        assert!(!is_question("只有支付宝 不想实名 预算50"));
        assert!(!is_question("lora微调qwen2.5-7b 跑3个小时"));
        let c = Catalog::embedded().unwrap();
        let f = understand::facts(&c, "it runs 3 hours, budget 40");
        assert_eq!(f.seconds, Some(Decimal::from(10_800)), "{f:?}");
        assert_eq!(f.budget, Some(Decimal::from(40)), "{f:?}");
    }
}
