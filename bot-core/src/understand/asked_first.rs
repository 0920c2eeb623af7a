//! Where fresh18's rules (session 10, und-l) join the reader: tried before every other rule,
//! since the general ones read their words as something else (a purchase price as the user's
//! own rent, guidance as a fit, a student price as `/pick`, a language as nothing).

use super::Reading;
use super::question::Question;

pub(super) fn first(q: &Question) -> Option<Reading> {
    super::lang_said::lang_said(q)
        .or_else(|| super::und_w::first(q))
        .or_else(|| super::und_v::first(q))
        .or_else(|| super::und_u::first(q))
        .or_else(|| super::fresh18_c::first(q))
        .or_else(|| super::rent_or_buy::rent_or_buy(q))
        .or_else(|| super::student_price::student_price(q))
        .or_else(|| super::guide_needs::guide_needs(q))
        .or_else(|| super::cheaper_than::cheaper_than(q))
}
