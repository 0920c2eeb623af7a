//! The whole reading of one normalized question: the words stage, the readers in order over
//! the question's entities and price (`intent::Question`), the asks back after them, and what
//! the question named for the guards (`dropped::Named`). Split from `understand/mod.rs` (und_cx)
//! to keep each file and function within the house's bounds.

use super::{Reading, Request, Work};
use super::{
    alert_terms, arch_family, bare_asked, beam_words, card_memory, cards_aside, cards_asked,
    count_apart, cues, currency_asked, diffusion_family, diffusion_options, dropped, engine_kept,
    entities, extras_said, family_ask, family_fit, fit_count, guided, intent, job_facts,
    kind_guided, lists, machines, memory_as_card, memory_before, method_unsaid, own_figures,
    pasted_flags, period, price, quant_asked, quant_pair, second_ask, set_aside, stages,
    tco_prices, text, typo, unheard, vllm_flags,
};
use crate::catalog::Catalog;

/// The reading, its work, and the named platforms its readers set aside ([`set_aside`]).
pub(super) fn read_normalized(
    catalog: &Catalog,
    original: String,
    fix_typos: bool,
) -> (Reading, Work, Vec<set_aside::SetAside>) {
    let (reading, work, aside, ..) = read_normalized_named(catalog, original, fix_typos);
    (reading, work, aside)
}

/// [`read_normalized`], with the platforms `original` names (found once by the words stage,
/// for the guard) and what the question named as its reader found it ([`dropped::Named`]; none
/// where the first of two asks is the reading: the second is offered on its own).
pub(super) fn read_normalized_named(
    catalog: &Catalog,
    original: String,
    fix_typos: bool,
) -> (
    Reading,
    Work,
    Vec<set_aside::SetAside>,
    Vec<String>,
    dropped::Named,
) {
    // The engine named, as typed: the word passes may spell `ollama` into `llama`.
    let said = format!(" {original} ");
    let (original, mut aside, named) = stages::words(catalog, &original);
    // Two asks joined by `另外`, `btw`: the first read alone, before any of its words (a price
    // cap, a platform) is taken out of the text or bent by the second's.
    let two = second_ask::first_of_two(catalog, &format!(" {original} "));
    let (reading, work, by_rule, things) = read_whole(catalog, original.clone(), fix_typos);
    aside.extend(by_rule);
    let (reading, things) = match two {
        Some((first, second)) if !second_ask::whole_completes(&first, &reading) => {
            aside.extend(second);
            (first, dropped::Named::default())
        }
        _ => (reading, things),
    };
    // `qwen3 32b 4090 2`: the bare number after a fit's card is its count, read again so.
    let (reading, things) = match fit_count::counted(catalog, &original, &reading) {
        Some(said) => {
            let (r, _, by_rule, things) = read_whole(catalog, said, fix_typos);
            aside.extend(by_rule);
            (r, things)
        }
        None => (reading, things),
    };
    // The engine named, on every `/fit` however it was reached.
    (
        engine_kept::with_engine(&said, reading),
        work,
        aside,
        named,
        things,
    )
}

pub(super) fn read_whole(
    catalog: &Catalog,
    original: String,
    fix_typos: bool,
) -> (Reading, Work, Vec<set_aside::SetAside>, dropped::Named) {
    let mut norm = stages::spans(catalog, &original);
    // A whole number the catalog names as a card (`3090`) is the card, never an amount.
    let card = |n: &str| !n.contains('.') && catalog.find_gpu(n).is_some();
    let price = price::find_price_not_card(&norm, &card).map(|(p, span)| {
        norm.replace_range(span, " ");
        p
    });
    let toks = text::tokens(&job_facts::without_option_values(&norm));
    let mut e = entities::entities(catalog, &toks);
    memory_before::memory_before(catalog, &toks, &mut e.gpus);
    // `不量化`, `unquantized`: the format the model is published in (BF16 unless its
    // checkpoint is FP8 or MXFP4), said as that format.
    cards_asked::cards_not_asked(catalog, &norm, &mut e);
    cards_asked::count_said_apart(&toks, &mut e.gpus);
    count_apart::count_apart(&norm, &mut e.gpus);
    quant_pair::one_format(&norm, &mut e.quants, &mut e.quant);
    quant_asked::drop_asked(&toks, &mut e.quants, &mut e.quant);
    stages::entities_said(catalog, &norm, &toks, &mut e, price.as_ref());
    if e.quants.is_empty() && cues::unquantized(&format!(" {norm} ")) {
        let native = e
            .models
            .first()
            .and_then(|m| catalog.find_model(m))
            .and_then(crate::advice::native_quant);
        let q = native.unwrap_or(crate::vram::Quant::Bf16);
        e.quant = Some(q);
        e.quants.push(q);
    }
    let work = Work {
        chars: original.chars().count(),
        words: toks.len(),
        lookups: e.lookups,
    };
    let padded = format!("{norm} ");
    let q = intent::Question {
        catalog,
        padded: &padded,
        e: &e,
        price: price.as_ref(),
        aside: Default::default(),
    };
    // What the question names, once, for the guards that check the reading carries it.
    let things = dropped::Named::of(&q, &original);
    let plain = if e.conflict {
        Reading::Unknown
    } else {
        by_rules(&q, &original, &toks)
    };
    // `gpt-oss 要多少显存`, `deepseek r1 distill 用3090跑`, `wan 用 4090 能跑吗`: a family
    // without a size (or an image or video family without its version), its models asked back.
    if let Some(r) = family_fit::family_fit(catalog, &toks, &e, &padded, &plain)
        .or_else(|| diffusion_family::family_asked(&toks, &e, &padded, &plain))
    {
        return (
            memory_as_card::with_memory(&q, r),
            work,
            q.aside.take(),
            things,
        );
    }
    // `hopper 显存多大`: an architecture for a card, its cards asked back.
    if let Some(r) = arch_family::asked(catalog, &norm, e.gpus.is_empty()) {
        return (r, work, q.aside.take(), things);
    }
    if let Some(r) = bare_asked::asked(catalog, &e, &plain, &norm) {
        return (r, work, q.aside.take(), things);
    }
    // A misspelt name (`autdl`, `4009`) is never dropped silently: the readings with the
    // catalog's candidates are asked back, unless the word changed nothing (`24gb`).
    // A sum converted with no card named (`每月2000 折合每小时`) is no misspelt card.
    let sum = matches!(plain, Reading::Command(Request::Convert(_))) && e.gpus.is_empty();
    let unknown = unknown_card_read_past(catalog, &plain, &e, &toks);
    let wanting_before = cards_aside::all_after_fallback(catalog, &padded, &e.gpus);
    if fix_typos
        && !sum
        && !unknown
        && !wanting_before
        && let Some(r) = typo::typo_reading(catalog, &original, &toks, &e)
    {
        let same = matches!((&r, &plain), (Reading::Ask(rs), Reading::Command(c)) if rs.iter().all(|x| x == c));
        if !same {
            return (
                typo::with_unslipped(r, &plain),
                work,
                q.aside.take(),
                things,
            );
        }
    }
    // `v100 跑 …`: a card sold with two memory sizes, asked back where the verdict differs.
    let aside = q.aside.take();
    (
        card_memory::memory_asked(catalog, &padded, plain),
        work,
        aside,
        things,
    )
}

/// The readers in order over the question (its own figures first: the general rules would
/// answer a list price, convert a budget or drop a family), and the options said beside the
/// command they chose.
fn by_rules(q: &intent::Question, original: &str, toks: &[String]) -> Reading {
    // The user's own figures first (`own_figures`, `family_ask`): the general rules
    // would answer a list price, convert a budget, or drop a family.
    let r = stages::first_of(stages::FIRST, q)
        .or_else(|| family_ask::tco_family(q))
        .or_else(|| family_fit::tco_family(q))
        .or_else(|| own_figures::own_figures(q))
        .or_else(|| stages::first_of(stages::RULES, q))
        .or_else(|| lists::catalog_list(q))
        .or_else(|| currency_asked::currency_asked(q))
        .or_else(|| machines::machine_asked(q))
        .or_else(|| guided::guided(q))
        // `never interrupts, secure cloud or similar`: a kind of capacity alone is guidance.
        .unwrap_or_else(|| kind_guided::or_guided(q, intent::decide(q)));
    let count = q.e.gpus.first().map_or(1, |c| c.count);
    let r = tco_prices::with_prices(q.padded, original, q.price, r);
    let r = extras_said::with_extras(q.padded, memory_as_card::with_memory(q, r));
    let r = diffusion_options::with_diffusion_options(q.padded, r);
    let r = method_unsaid::with_method(toks, vllm_flags::with_flags(&format!(" {}", q.padded), r));
    let r = beam_words::with_beams(&format!(" {}", q.padded), r);
    let r = period::with_months_held(cues::with_spot(q.catalog, r, q.padded), toks);
    let r = stages::completed(q, alert_terms::with_terms(q.padded, count, r));
    pasted_flags::split_between_cards(original, r)
}

/// Whether a card the catalog lacks is read past, never asked back as a near card: in a
/// model's fit with no other card (`phi-4 能在4060上跑吗`: the model's own need, the card said
/// unknown by `unheard`), or beside cards the catalog has (`is the 2080 ti's big brother the
/// 3090? how do the 3090 and 3090 ti differ`: a P40 is no A40, a 2080 Ti no 3080 Ti).
fn unknown_card_read_past(
    catalog: &Catalog,
    plain: &Reading,
    e: &entities::Entities,
    toks: &[String],
) -> bool {
    let in_fit = matches!(plain, Reading::Command(Request::Fit(_))) && !e.models.is_empty();
    (in_fit || !e.gpus.is_empty()) && unheard::unknown_card(catalog, toks).is_some()
}
