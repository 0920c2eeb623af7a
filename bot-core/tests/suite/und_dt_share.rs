//! Corpus98's misses as mechanisms on cases of my own (helper und_dt, issue 26; cases written
//! before the change they test): guidance asked in one sentence of a longer message (`walk me
//! through`, `帮我选`), a concrete question beside it winning; slips folded and said (a Japanese
//! form `実名`, two Han characters swapped `势走`, a need word shortened `加密币`, stretched
//! letters `paypaaal`, homophones `buy the second`, `right no`, `let me no`); an alert as a
//! heads-up; a platform pointed back at (`除了它`) excluded; a quoted echo corrected
//! (`docs/misses/und_dt.md`).

use super::fresh19_share::own_labels_canonical;
use super::understand::share_by_line;

const OWN: &str = include_str!("../data/questions_und_dt.tsv");

/// Rows read right: 11/28 before the change; 28/28 after.
const FLOOR: usize = 28;

#[test]
fn und_dt_share() {
    let (total, right) = share_by_line("und_dt", OWN);
    assert!(total >= 28, "und_dt: {total} rows");
    assert!(right >= FLOOR, "und_dt: {right} of {total}");
}

#[test]
fn und_dt_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}

/// A fold read is said beside the answer, in the user's locale, with the words as typed and as
/// read (a Japanese form, two characters swapped, a word less one character, stretched letters,
/// a homophone); a question typed plainly says none.
#[test]
fn a_fold_read_is_said_beside_the_answer() {
    super::und_ds_share::assert_slips_said(&[
        ("zh", "哪个平台不需要実名认证", Some(("実名", "实名"))),
        ("zh", "a100最近的价格势走怎么样", Some(("势走", "走势"))),
        ("zh", "哪些平台支持加密币付款", Some(("加密币", "加密货币"))),
        (
            "en",
            "which clouds take alipaaay",
            Some(("alipaaay", "alipay")),
        ),
        (
            "en",
            "which providers charge buy the second",
            Some(("buy the second", "by the second")),
        ),
        (
            "en",
            "where can i rent an a100 right no",
            Some(("right no", "right now")),
        ),
        ("zh", "哪个平台不需要实名认证", None),
        ("en", "which providers charge by the second", None),
    ]);
}
