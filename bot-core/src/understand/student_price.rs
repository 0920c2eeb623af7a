//! A student or education price asked of one platform (`openbayes有学生价吗`, `featurize
//! student discount?`): that platform's facts (`/platform`), where its member and student
//! prices are listed, not the guidance dialogue.

use super::Reading;
use super::question::Question;
use super::request::{self as make};

pub(super) const STUDENT: &[&str] = &[
    "学生价",
    "学生优惠",
    "学生认证",
    "学生折扣",
    "学生有优惠",
    "学生便宜",
    "教育优惠",
    "教育版",
    "student discount",
    "student price",
    "student pricing",
    "students get",
    "academic discount",
    "academic pricing",
    "edu discount",
    "education discount",
];

pub(super) fn student_price(q: &Question) -> Option<Reading> {
    let [p] = q.e.platforms.as_slice() else {
        return None;
    };
    (q.has(STUDENT) && q.e.gpus.is_empty() && q.nothing_to_size() && q.e.usage.is_none())
        .then(|| Reading::Command(make::platform(p)))
}
