//! A family asked about on one card (`千问能在4090上跑吗`, `gemma on a 3090?`): which of the sizes
//! whose 4-bit weights fit to offer. Kept apart from `family_fit` so the rule is one place.

use crate::catalog::Model;

/// Size classes (billions of parameters) on the 1-2-5 series of preferred numbers: a model's
/// class is how many of these it reaches (a 7.6B and an 8.2B share one).
pub(super) const SIZE_CLASSES: &[f64] =
    &[1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0, 1000.0];

/// Classes below this (sub-2B) are what a question about a card least often means.
const SMALL_CLASS: usize = 2;

fn class(m: &Model) -> usize {
    SIZE_CLASSES.iter().filter(|b| m.params_b >= **b).count()
}

/// The model the catalog names its class's default for a bare family word (`bare_default`)
/// first, then the newest generation, then the larger: a newer line added beside a named
/// default never moves what the bare word offers for that class.
pub(super) fn newer(a: &Model, b: &Model) -> std::cmp::Ordering {
    b.bare_default
        .is_some()
        .cmp(&a.bare_default.is_some())
        .then(b.family_version().total_cmp(&a.family_version()))
        .then(b.params_b.total_cmp(&a.params_b))
        .then_with(|| a.id.cmp(&b.id))
}

/// At most `max` of `ms`: first the named default (else the newest) model of every size class from 2B up (so an 8B is
/// never pushed out by a new 27B), then the other models of the largest classes (what the card
/// is asked about holding), newest first, then the sub-2B ones; shown smallest first.
pub(super) fn sizes_on_card(mut ms: Vec<&Model>, max: usize) -> Vec<&Model> {
    ms.sort_by(|a, b| class(b).cmp(&class(a)).then_with(|| newer(a, b)));
    let mut firsts: Vec<&Model> = Vec::new();
    let mut rest: Vec<&Model> = Vec::new();
    for m in ms {
        // Of two versions of one size (Qwen3.5-27B and Qwen3.6-27B), only the one the order
        // above puts first is offered: a newer line of a size replaces the older, never adds a
        // second choice that pushes another size out.
        if firsts.iter().chain(rest.iter()).any(|k| same_size(k, m)) {
            continue;
        }
        if class(m) >= SMALL_CLASS && firsts.iter().all(|f| class(f) != class(m)) {
            firsts.push(m);
        } else {
            rest.push(m);
        }
    }
    // `rest` keeps the order above: the largest class first, newest first within it; the
    // sub-2B classes come last by that order too.
    let mut out: Vec<&Model> = firsts.into_iter().chain(rest).take(max).collect();
    out.sort_by(|a, b| {
        a.params_b
            .total_cmp(&b.params_b)
            .then_with(|| a.id.cmp(&b.id))
    });
    out
}

/// Two models of one size: total and active parameters within 2 % of each other (the one
/// measure for a family's choice list and the sizes offered on a card).
pub(super) fn same_size(a: &Model, b: &Model) -> bool {
    let near = |x: f64, y: f64| (x - y).abs() <= 0.02 * x.max(y);
    near(a.params_b, b.params_b) && near(a.active_params_b, b.active_params_b)
}

/// One model per size class, the one the catalog names the class's default (`bare_default`)
/// else the newest version of each (then the larger), the largest
/// `max` classes kept (the tiniest, sub-2B, are what a question least often means),
/// smallest first.
pub(super) fn one_per_size_class(ms: Vec<&Model>, max: usize) -> Vec<&Model> {
    let mut best: Vec<&Model> = Vec::new();
    for m in ms {
        match best.iter_mut().find(|b| class(b) == class(m)) {
            // The class's named default, else its newest version, then the larger.
            Some(b) => {
                if newer(m, b).is_lt() {
                    *b = m;
                }
            }
            None => best.push(m),
        }
    }
    best.sort_by(|a, b| a.params_b.total_cmp(&b.params_b));
    let skip = best.len().saturating_sub(max);
    best.split_off(skip)
}
