//! A student or education price asked of one platform (`openbayes有学生价吗`, `featurize
//! student discount?`): that platform's facts (`/platform`), where its member and student
//! prices are listed, not the guidance dialogue.

use super::Reading;
use super::question::Question;
use super::request::{self as make};

/// The lexicon's student price words (`学生价`, `student discount`).
pub(super) use crate::lexicon::STUDENT_PRICE as STUDENT;

pub(super) fn student_price(q: &Question) -> Option<Reading> {
    let [p] = q.e.platforms.as_slice() else {
        return None;
    };
    (q.has(STUDENT) && q.e.gpus.is_empty() && q.nothing_to_size() && q.e.usage.is_none())
        .then(|| Reading::Command(make::platform(p)))
}
