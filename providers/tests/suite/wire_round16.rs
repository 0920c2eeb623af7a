//! QA round 16 (wire16): provider answers written before they were run, from what the
//! wire allows and the published shapes leave open. JSON (RFC 8259 §4) says names within an
//! object SHOULD be unique and that receivers differ on a repeated one: a row carrying
//! `dph_total` twice, or an answer carrying `offers` twice, has no single meaning. Python's
//! `json.dumps` writes a lone surrogate as `\udXXX` (a host's hardware string read with
//! `surrogateescape`), which strict parsers refuse. Flags and totals that say "there is
//! more" or "this failed" come as text or 1/0 as often as JSON booleans (round 8 found it for
//! `rentable`). An HTTP 204, trailing bytes after the JSON, two documents back to back.
//!
//! Each case: what a user would see (a price, in stock, gone) is either right or the answer
//! is refused with its reason and the last good snapshot kept, never a false "none listed".

use super::wire_answers::{dec, lambda, parse, run, runpod, vast};
use super::wire_round13::{find, vast_priced};
use gpuscout_providers::vast::Vast;
use gpuscout_providers::{Adapter, FetchError};
use gpuscout_testkit::fake_providers::{FakeProviders, Script};

const VAST: &str = "/api/v0/bundles/";

fn two_rows() -> String {
    [
        vast_priced(1_601, "RTX 4090", "0.35"),
        vast_priced(1_602, "RTX 3090", "0.22"),
    ]
    .join(",")
}

/// Cases 1–3: `success` written as text or a number beside an empty list is that failure,
/// never "no offers" (a false sold-out of every card); `"true"` beside rows is a whole answer.
#[test]
fn a_failure_flag_written_as_text_or_a_number_is_a_failure_never_no_offers() {
    for body in [
        r#"{"success": "false", "msg": "API requests too frequent", "offers": []}"#,
        r#"{"success": 0, "msg": "API requests too frequent", "offers": []}"#,
    ] {
        let got = parse(&vast(), body);
        assert!(
            matches!(&got, Err(FetchError::Malformed(t)) if t.contains("too frequent")),
            "{body}: {got:?}"
        );
    }
    let whole = parse(
        &vast(),
        &format!(r#"{{"success": "true", "offers": [{}]}}"#, two_rows()),
    )
    .unwrap();
    assert_eq!(whole.offers.len(), 2);
    assert_eq!(whole.partial, None);
}

/// Cases 4–7: "there is more" as text or 1, and a total written as text, mark the answer
/// partial (a card past the page is never read as gone); `"false"` is a whole answer.
#[test]
fn more_pages_said_in_text_or_as_one_mark_the_answer_partial() {
    for (case, extra) in [
        ("4", r#""has_more": "true""#),
        ("5", r#""hasMore": 1"#),
        ("6", r#""total": "5000""#),
    ] {
        let p = parse(
            &vast(),
            &format!(r#"{{"offers": [{}], {extra}}}"#, two_rows()),
        )
        .unwrap();
        assert_eq!(p.offers.len(), 2, "case {case}");
        assert!(p.partial.is_some(), "case {case}: {extra} read as whole");
    }
    let p = parse(
        &vast(),
        &format!(
            r#"{{"offers": [{}], "has_more": "false", "total": "2"}}"#,
            two_rows()
        ),
    )
    .unwrap();
    assert_eq!(p.partial, None, "case 7");
}

/// Cases 8–9: GraphQL's `errors` present but empty (`[]`) or null beside the data is no error:
/// the answer is whole.
#[test]
fn an_empty_or_null_graphql_errors_list_is_no_error() {
    let ty = r#"{"id": "NVIDIA GeForce RTX 4090", "displayName": "RTX 4090", "memoryInGb": 24,
        "secureCloud": true, "communityCloud": false, "securePrice": 0.69,
        "secureLowest": {"stockStatus": "High"}}"#;
    for errors in ["[]", "null"] {
        let p = parse(
            &runpod(),
            &format!(r#"{{"data": {{"gpuTypes": [{ty}]}}, "errors": {errors}}}"#),
        )
        .unwrap();
        assert_eq!(p.partial, None, "errors: {errors}");
        let prices: Vec<_> = p.offers.iter().map(|o| o.price_per_gpu_hour).collect();
        assert_eq!(prices, vec![dec("0.69")], "errors: {errors}");
    }
}

/// Cases 10–13: a name written twice in one object. Two different prices for one field, two
/// `offers` lists, or one Lambda instance type twice at two prices have no single meaning:
/// the answer is refused (the last snapshot kept), never read as either value (wire17: inside a
/// row only that row is refused; here it is the only row, so nothing is read). The same name
/// twice with the same value means one thing and is read.
#[test]
fn a_name_written_twice_with_two_values_is_refused_never_read_as_either() {
    // 10. One Vast row's price twice: $0.30 and $3.00.
    let row = r#"{"id": 1_610, "gpu_name": "RTX 4090", "num_gpus": 1, "gpu_ram": 24564,
        "dph_total": 0.30, "rentable": true, "rented": false, "dph_total": 3.00}"#
        .replace("1_610", "1610");
    let got = parse(&vast(), &format!(r#"{{"offers": [{row}]}}"#));
    assert!(
        matches!(&got, Err(FetchError::Malformed(t)) if t.contains("dph_total")),
        "10: {got:?}"
    );
    // 11. Two `offers` lists, the second empty: never "no offers".
    let got = parse(
        &vast(),
        &format!(r#"{{"offers": [{}], "offers": []}}"#, two_rows()),
    );
    assert!(
        matches!(&got, Err(FetchError::Malformed(t)) if t.contains("offers")),
        "11: {got:?}"
    );
    // 12. One Lambda instance type twice at two prices.
    let ty = |cents: u32| {
        format!(
            r#""gpu_1x_h100_pcie": {{"instance_type": {{"name": "gpu_1x_h100_pcie",
              "description": "1x H100 (80 GB PCIe)", "gpu_description": "H100 (80 GB PCIe)",
              "price_cents_per_hour": {cents},
              "specs": {{"vcpus": 26, "memory_gib": 200, "storage_gib": 1024, "gpus": 1}}}},
              "regions_with_capacity_available": [{{"name": "us-east-1"}}]}}"#
        )
    };
    let got = parse(
        &lambda(),
        &format!(r#"{{"data": {{{}, {}}}}}"#, ty(249), ty(2490)),
    );
    assert!(
        matches!(&got, Err(FetchError::Malformed(t)) if t.contains("gpu_1x_h100_pcie")),
        "12: {got:?}"
    );
    // 13. The same name twice with the same value: one meaning, read.
    let row = r#"{"id": 1611, "gpu_name": "RTX 4090", "num_gpus": 1, "gpu_ram": 24564,
        "dph_total": 0.35, "rentable": true, "rented": false, "id": 1611}"#;
    let p = parse(&vast(), &format!(r#"{{"offers": [{row}]}}"#)).unwrap();
    assert_eq!(
        find(&p, "RTX 4090")
            .iter()
            .map(|o| o.price_per_gpu_hour)
            .collect::<Vec<_>>(),
        vec![dec("0.35")]
    );
}

/// Cases 14–15: one host's hardware string with a lone surrogate escape (`\ud83d`, as Python
/// writes a string it read with `surrogateescape`) or raw bytes that are no UTF-8 (a Latin-1
/// `é`) costs that string, not the whole answer: every row is read, prices exact.
#[test]
fn a_broken_string_in_one_row_costs_that_string_not_the_answer() {
    let rows = |odd: &[u8]| {
        let mut body = br#"{"offers": ["#.to_vec();
        body.extend_from_slice(
            br#"{"id": 1620, "gpu_name": "RTX 4090", "num_gpus": 1, "gpu_ram": 24564,
            "dph_total": 0.35, "rentable": true, "rented": false, "cpu_name": "AMD "#,
        );
        body.extend_from_slice(odd);
        body.extend_from_slice(br#"", "geolocation": "Sweden, SE"}, "#);
        body.extend_from_slice(vast_priced(1_621, "RTX 3090", "0.22").as_bytes());
        body.extend_from_slice(b"]}");
        body
    };
    for (case, odd) in [("14", &br"EPYC \ud83d 7543"[..]), ("15", b"Ryzen \xe9 9")] {
        let body = rows(odd);
        let got = vast().parse(&body, &super::wire_answers::cat(), super::wire_answers::NOW);
        let p = got.unwrap_or_else(|e| panic!("case {case}: {e:?}"));
        let mut prices: Vec<_> = p
            .offers
            .iter()
            .map(|o| (o.raw_name.clone(), o.price_per_gpu_hour))
            .collect();
        prices.sort();
        assert_eq!(
            prices,
            vec![
                ("RTX 3090".to_string(), dec("0.22")),
                ("RTX 4090".to_string(), dec("0.35"))
            ],
            "case {case}"
        );
    }
}

/// Cases 16–18 over the wire: a 204 with no body, JSON followed by a cache's comment, and
/// two JSON documents back to back are refusals (the reason said), never "no offers" nor
/// the first document read as the whole answer.
#[test]
fn no_content_trailing_bytes_and_two_documents_are_refused_with_their_reason() {
    let fake = FakeProviders::start();
    let good = format!(r#"{{"offers": [{}]}}"#, two_rows());
    fake.script(
        VAST,
        vec![
            Script::status(204, ""),
            Script::ok(format!("{good}\n<!-- served from cache 3f2a -->")),
            Script::ok(format!(r#"{good}{{"offers": []}}"#)),
            Script::ok(good.clone()),
        ],
    );
    let v = Vast {
        base: fake.url(),
        key: None,
    };
    for case in ["16", "17", "18"] {
        let e = run(&v).unwrap_err();
        assert!(
            matches!(
                &e,
                FetchError::Malformed(_) | FetchError::Http { status: 204, .. }
            ),
            "case {case}: {e:?}"
        );
    }
    assert_eq!(run(&v).unwrap().offers.len(), 2);
}

/// Written after the fixes, to prove them through the `Poller` and the store: after a whole
/// answer, one whose `offers` is written twice (the second empty) fails and keeps every
/// offer with its reason logged; one that says `has_more: "true"` and leaves the RTX 3090
/// out keeps it (a partial answer never calls a card gone).
#[test]
fn through_the_poller_a_repeated_list_or_a_page_said_in_text_never_empties_the_store() {
    use bot_core::availability::all_latest_offers;
    let fake = FakeProviders::start();
    let good = format!(r#"{{"offers": [{}]}}"#, two_rows());
    fake.script(
        VAST,
        vec![
            Script::ok(good.clone()),
            Script::ok(format!(r#"{{"offers": [{}], "offers": []}}"#, two_rows())),
            Script::ok(format!(
                r#"{{"offers": [{}], "has_more": "true"}}"#,
                vast_priced(1_601, "RTX 4090", "0.34")
            )),
        ],
    );
    let (_dir, store, poller) = super::wire_round13::vast_poller(fake.url());
    let stored = || {
        let mut s: Vec<String> = all_latest_offers(&store)
            .unwrap()
            .iter()
            .map(|o| format!("{} {}", o.raw_name, o.price_per_gpu_hour.normalize()))
            .collect();
        s.sort();
        s
    };
    let rt = super::wire_round13::rt();
    rt.block_on(poller.poll_once(None));
    assert_eq!(stored(), vec!["RTX 3090 0.22", "RTX 4090 0.35"]);
    let reports = rt.block_on(poller.poll_once(None));
    assert!(!reports[0].replaced(), "{reports:?}");
    assert!(
        reports[0].line().contains("`offers` is written twice"),
        "{}",
        reports[0].line()
    );
    assert_eq!(stored(), vec!["RTX 3090 0.22", "RTX 4090 0.35"]);
    rt.block_on(poller.poll_once(None));
    assert_eq!(stored(), vec!["RTX 3090 0.22", "RTX 4090 0.34"]);
}
