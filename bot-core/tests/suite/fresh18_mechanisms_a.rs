//! The misses of `questions_fresh18.tsv`, first half, as mechanisms on cases of my own (none
//! in a batch): each mechanism in both languages, with words that must not trigger it.

use super::understand::share_by_line;

#[test]
fn fresh18_mechanisms_a_on_cases_of_their_own() {
    let cases = include_str!("../data/questions_fresh18_a.tsv");
    let (total, right) = share_by_line("fresh18_a", cases);
    assert_eq!(right, total, "fresh18_a: {right} of {total}");
}

/// An alert in any words of telling with a condition is an action inside `/pick`, answered
/// as a question; a step's answer with a condition word is not.
#[test]
fn an_alert_in_new_words_is_an_action_inside_pick() {
    use bot_core::understand::asks_for_action;
    assert!(asks_for_action("3090一有货就发消息给我"));
    assert!(asks_for_action("buzz me the moment an h100 frees up"));
    assert!(!asks_for_action("预算50 就这样"));
    assert!(!asks_for_action("如果可以的话 3个小时"));
}
