use super::{need_of_slip, need_typos};

#[test]
fn a_need_word_with_one_slip_is_the_need() {
    for (slip, need) in [
        ("crytpo", "crypto"),
        ("cryto", "crypto"),
        ("alipy", "alipay"),
        ("alipya", "alipay"),
        ("paypall", "paypal"),
        ("paypl", "paypal"),
        ("wehcat", "wechat"),
        ("bitocin", "bitcoin"),
        ("secound", "second"),
        ("secnd", "second"),
        ("seocnd", "second"),
    ] {
        assert_eq!(need_of_slip(slip), Some(need), "{slip}");
    }
    // The words themselves, short words, and words of their own stay as typed.
    for w in [
        "crypto", "paypal", "vast", "visa", "card", "price", "prices", "cheap", "second", "seconds",
    ] {
        assert_eq!(need_of_slip(w), None, "{w}");
    }
    assert_eq!(need_typos("支持paypl的平台"), "支持paypal的平台");
    assert_eq!(
        need_typos("clouds that accept cryto"),
        "clouds that accept crypto"
    );
    // Glued to a digit it is a name's, as typed.
    assert_eq!(need_typos("alipy2 4090"), "alipy2 4090");
    // After `per-` a run is a unit, never a name's.
    assert_eq!(need_typos("per-secound billing"), "per-second billing");
    assert_eq!(need_typos("bill per secnd"), "bill per second");
    // The unit written short beside billing is the second; a speed is no billing.
    assert_eq!(need_typos("per sec billing"), "per second billing");
    assert_eq!(need_typos("who charges per-sec"), "who charges per-second");
    assert_eq!(
        need_typos("clouds that bill by the sec"),
        "clouds that bill by the second"
    );
    assert_eq!(need_typos("4090 tokens per sec"), "4090 tokens per sec");
    assert_eq!(need_typos("sec billing"), "sec billing");
}

#[test]
fn a_barrier_word_with_one_slip_is_the_barrier_word() {
    for (slip, need) in [
        ("credt", "credit"),
        ("creidt", "credit"),
        ("crdit", "credit"),
        ("verifcation", "verification"),
        ("identiy", "identity"),
        ("pasport", "passport"),
        ("tranfer", "transfer"),
        ("internatinal", "international"),
        ("oversaes", "overseas"),
        ("foriegn", "foreign"),
        ("domestc", "domestic"),
        ("mainlnd", "mainland"),
    ] {
        assert_eq!(need_of_slip(slip), Some(need), "{slip}");
    }
    // English words one slip from a barrier word mean themselves.
    for w in [
        "credits",
        "identify",
        "transfers",
        "oversees",
        "passports",
        "domestics",
    ] {
        assert_eq!(need_of_slip(w), None, "{w}");
    }
    assert_eq!(
        need_typos("gpu clouds that dont need a credt card"),
        "gpu clouds that dont need a credit card"
    );
    assert_eq!(
        need_typos("free credits on signup"),
        "free credits on signup"
    );
}
