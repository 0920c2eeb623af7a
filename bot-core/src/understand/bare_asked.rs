//! A bare number said without its unit in a price question, asked back as each thing it may be
//! (`bare_number` finds it and reports its senses); apart from `bare_number`, which the card
//! readers use, so no file imports the other around a circle.

/// `跑3 多少钱`, `h100 8 how much`, `跑4090 3个`, `4090 40`: a job length (or a card count)
/// said without its unit is asked back, never billed as the default hour nor dropped.
pub(super) fn asked(
    catalog: &crate::catalog::Catalog,
    e: &super::entities::Entities,
    plain: &super::Reading,
    norm: &str,
) -> Option<super::Reading> {
    if e.usage.is_some() {
        return None;
    }
    // A card's specs with a number (`a100 2`): each meaning asked as the price it would be.
    let priced = format!("{norm} 多少钱");
    let norm = if priced_or_unread(e, plain) {
        norm
    } else if super::card_number::specs_with_a_number(catalog, e, plain, norm) {
        priced.as_str()
    } else {
        return None;
    };
    // `4090 3 autodl`: the platform named after the number, moved before the card.
    let moved = super::card_number::platforms_first(catalog, norm);
    let (bare, norm) = match super::bare_number::bare_number(norm) {
        Some(b) => (b, norm),
        None => {
            let m = moved.as_deref()?;
            (super::bare_number::bare_number(m)?, m)
        }
    };
    // The number's senses, each read as said (the text is normalized already); a sense read as
    // the plain reading again is no choice.
    let choices: Vec<super::Request> = bare
        .senses(norm)
        .said
        .into_iter()
        .filter_map(|(_, said)| match super::read_normalized(catalog, said, false).0 {
            // `4090 40 cards` read as the card's specs again says nothing of the number.
            super::Reading::Command(r) if !matches!(plain, super::Reading::Command(p) if *p == r) => Some(r),
            _ => None,
        })
        .collect();
    (!choices.is_empty()).then_some(super::Reading::Ask(choices))
}

/// Whether a bare number may be a job's unsaid length: in a bill or a ranking, or with a card
/// and a platform and nothing else read (`vast 4090 跑个 6`).
fn priced_or_unread(e: &super::entities::Entities, plain: &super::Reading) -> bool {
    let unread =
        matches!(plain, super::Reading::Unknown) && !e.gpus.is_empty() && !e.platforms.is_empty();
    unread
        || matches!(
            plain,
            super::Reading::Command(super::Request::Cost(_) | super::Request::Compare(_))
        )
}
