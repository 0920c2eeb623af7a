use super::payment_held_before;

#[test]
fn a_payment_held_is_no_restriction_unless_it_is_the_only_one() {
    for b in [
        "我有",
        "i do have a ",
        "i've got ",
        "我这边有张",
        "yes, i have a ",
    ] {
        assert!(payment_held_before(b), "{b}");
    }
    for b in [
        "只有",
        "只能用",
        "i only have ",
        "i have only ",
        "有没有",
        "",
        "pay with ",
        "支持",
    ] {
        assert!(!payment_held_before(b), "{b}");
    }
    // The clause before the method only: `有` in an earlier clause says nothing of it.
    assert!(!payment_held_before("我有4090，用"));
}
