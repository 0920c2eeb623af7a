//! The misses of `questions_fresh18.tsv`, first half, as mechanisms on cases of my own (none
//! in a batch): each mechanism in both languages, with words that must not trigger it.

use bot_core::Catalog;

use super::understand::share_by_line;

#[test]
fn fresh18_mechanisms_a_on_cases_of_their_own() {
    let catalog = Catalog::embedded().unwrap();
    let cases = include_str!("../data/questions_fresh18_a.tsv");
    let (total, right) = share_by_line(&catalog, "fresh18_a", cases);
    assert_eq!(right, total, "fresh18_a: {right} of {total}");
}
