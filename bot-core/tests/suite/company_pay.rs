//! A company paying by bank transfer (`对公转账`, `公对公`, `银行转账`, "wire transfer") is one need
//! of the one lexicon (`NEED_PHRASES`): a plain question filters the platforms by it and `/pick`
//! keeps it, where before only `/pick` had its own list. Bare `对公` is no such phrase: it begins
//! `对公司` (for the company).

use bot_core::Catalog;
use bot_core::understand::read;

#[test]
fn a_company_transfer_asked_plainly_filters_the_platforms() {
    let catalog = Catalog::embedded().unwrap();
    for q in [
        "哪些平台支持公对公付款",
        "which gpu clouds accept a wire transfer",
        "国内能银行转账的算力平台有哪些",
    ] {
        let lines = read(&catalog, q).lines();
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("/platforms") && l.contains("bank_transfer")),
            "{q}: {lines:?}"
        );
    }
}

#[test]
fn for_the_company_is_no_way_to_pay() {
    let catalog = Catalog::embedded().unwrap();
    for q in ["对公司来说哪个平台最省钱", "对公司项目来说 4090 够用吗"] {
        let lines = read(&catalog, q).lines();
        assert!(
            !lines.iter().any(|l| l.contains("bank_transfer")),
            "{q}: {lines:?}"
        );
    }
}
