//! GPU rental itself named beside a need (`gpu rental without a credit card`, `租卡 不想实名`):
//! the noun names what is listed, as `platforms` does, when nothing else is asked: no card,
//! model, price or length, no advice (`need advice on gpu rental` is `/pick`) and no place to rent
//! asked (`no credit card, where can I rent a GPU?` asks where: `/pick`, corpus42).

use super::question::Question;
use super::words_guidance::asks_pick;

/// Whether the rental noun (`lexicon::rental_named`) stands as the list's word in `q`.
pub(super) fn rental_listed(q: &Question) -> bool {
    crate::lexicon::rental_named(q.padded)
        && q.e.gpus.is_empty()
        && q.nothing_to_size()
        && q.price.is_none()
        && q.e.usage.is_none()
        && !asks_pick(q.padded)
        && !crate::lexicon::advice_on_renting(q.padded)
        && !crate::lexicon::place_asked(q.padded)
}
