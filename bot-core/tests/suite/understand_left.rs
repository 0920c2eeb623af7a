//! Issue 26's known misses (session 7), each by its mechanism on cases of my own
//! (`questions_left26.tsv`: a machine of several cards, hours per week or month, an amount
//! paid, a memory floor, months held, the user's rent in `/tco`, SD 1.5, a user's sum), and
//! the answers those readings run to.

use bot_core::Catalog;

use super::understand::share_by_line;

#[test]
fn issue26_left_mechanisms_on_cases_of_their_own() {
    let catalog = Catalog::embedded().unwrap();
    let (total, right) = share_by_line(
        &catalog,
        "left26",
        include_str!("../data/questions_left26.tsv"),
    );
    assert!(total >= 40, "{total} questions");
    assert_eq!(right, total, "{right} of {total}");
}
