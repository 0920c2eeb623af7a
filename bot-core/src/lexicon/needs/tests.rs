use super::{card_payment_at, region_refused};

#[test]
fn a_card_taken_is_paid_with_never_rented() {
    for said in [
        "providers that accept a card",
        "which clouds take cards",
        "any host accepting any card?",
        "supports card",
    ] {
        assert!(card_payment_at(said).is_some(), "{said:?}");
    }
    // A GPU taken, a card named by its model, or a word that only begins with one: none.
    for said in [
        "can i take a 4090 card",
        "take a cardboard box",
        "retake a card",
        "rent a card",
    ] {
        assert!(card_payment_at(said).is_none(), "{said:?}");
    }
}

#[test]
fn a_region_is_refused_only_by_the_words_right_before_it() {
    for before in [
        "but not ", "not, ", "except ", "不要", "除了", "非", "不是", "any non-", "non ",
    ] {
        assert!(region_refused(before), "{before:?}");
    }
    // A negation further back is another word's (`不想实名 国内`), and a word merely
    // ending in a negation's letters is none (`knot `).
    for before in ["不想实名 ", "knot ", "which platforms in ", "", "canon "] {
        assert!(!region_refused(before), "{before:?}");
    }
}

#[test]
fn a_need_is_denied_by_having_or_wanting() {
    use super::need_denied_before as d;
    for b in [
        "没有",
        "i don't have a ",
        "i don't want any ",
        "don't want to do ",
        "不想要任何",
        "不要",
        "no ",
        "，no",
    ] {
        assert!(d(b), "{b}");
    }
    for b in ["i have a ", "only ", "i want ", "not sure about ", "know "] {
        assert!(!d(b), "{b}");
    }
}
