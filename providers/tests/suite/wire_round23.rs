//! QA round 23 (wire23): provider answers written apart from the code, before any was run,
//! from the published rules: RFC 9111 §4.2.3 (a cache's copy may carry only `Date`: its
//! apparent age is the time since then, never below zero, and the larger of that and `Age`
//! is the copy's age; it relies on clocks that roughly agree), RFC 9110 §5.6.7 (the three
//! HTTP-date forms) and §6.6.1 (`Date` is the origin's clock); RFC 8259 §6 (a number may have
//! an exponent with a sign, `1E+1` is ten; a leading `+` is no JSON); RFC 4180 §2 (one header,
//! every record the same number of fields, quoted fields may hold line breaks, CRLF ends a
//! record); the providers' own shapes (Vast's `offers`, RunPod's `data.gpuTypes`, Lambda's
//! `data` map of instance types, SkyPilot's and gpuhunt's CSV columns, SkyPilot v8's added
//! `Arch`). Fed to the real `fetch`, adapters and importer on loopback fakes; fetches are
//! dated at an explicit `NOW`.

use super::wire_answers::{NOW, cat, dec, lambda, parse, run, runpod, vast};
use super::wire_round13::vast_priced;
use bot_core::availability::{Freshness, OfferKind};
use gpuscout_providers::import::{self, Format};
use gpuscout_providers::{Adapter, FetchError, Parsed};
use gpuscout_testkit::fake_providers::{FakeProviders, Script};

const VAST: &str = "/api/v0/bundles/";

/// `secs` as an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), written here from the
/// calendar so the test does not lean on the reader it checks (round 25 uses it too).
pub(super) fn imf(secs: i64) -> String {
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    // Days to civil date (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    let weekday = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"][days.rem_euclid(7) as usize];
    let months = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    format!(
        "{weekday}, {day:02} {} {year:04} {:02}:{:02}:{:02} GMT",
        months[(month - 1) as usize],
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

#[test]
fn the_test_writes_http_dates_right() {
    assert_eq!(imf(784_111_777), "Sun, 06 Nov 1994 08:49:37 GMT");
    assert_eq!(imf(0), "Thu, 01 Jan 1970 00:00:00 GMT");
}

fn offers_body(id: u64, price: &str) -> String {
    format!(r#"{{"offers": [{}]}}"#, vast_priced(id, "RTX 4090", price))
}

fn vast_at(fake: &FakeProviders) -> gpuscout_providers::vast::Vast {
    let mut v = vast();
    v.base = fake.url();
    v
}

/// One Vast answer with `headers`, fetched at `NOW`: when its offer is dated.
fn dated(headers: &[(&str, String)]) -> i64 {
    let fake = FakeProviders::start();
    let mut s = Script::ok(offers_body(2_301, "0.41"));
    for (k, v) in headers {
        s = s.header(k, v);
    }
    fake.script(VAST, vec![s]);
    let p = run(&vast_at(&fake)).unwrap();
    assert_eq!(p.offers.len(), 1);
    p.offers[0].fetched_at
}

/// Case 1: a cache's copy with `Date` three hours old and no `Age` (a cache that does not
/// add `Age`, or a CDN serving a stored object): its apparent age is three hours, so its
/// offers are not shown as stock seen now (past the two hours a live price is fresh), and
/// never dated before the origin wrote it.
#[test]
fn a_date_hours_old_without_age_dates_the_offers_then() {
    let at = dated(&[("Date", imf(NOW - 3 * 3600))]);
    assert!(at >= NOW - 3 * 3600, "case 1: dated before Date: {at}");
    assert_ne!(
        Freshness::of_age(NOW - at),
        Freshness::Fresh,
        "case 1: a three-hour-old copy read as fresh (dated {}s before the fetch)",
        NOW - at
    );
}

/// Cases 2–3: `Date` is the origin's clock, which may disagree with ours by seconds. 2: a
/// `Date` 30 s old is no cache's copy worth a word: dated within those 30 s of the fetch.
/// 3: a `Date` an hour ahead of our clock (the origin's clock fast): never dated after the
/// fetch (RFC 9111: the apparent age is never below zero).
#[test]
fn a_date_a_few_seconds_old_or_ahead_of_our_clock_is_the_fetch() {
    let at = dated(&[("Date", imf(NOW - 30))]);
    assert!((NOW - 30..=NOW).contains(&at), "case 2: {at}");
    let at = dated(&[("Date", imf(NOW + 3600))]);
    assert_eq!(at, NOW, "case 3");
}

/// Case 4: `Age: 60` beside a `Date` three hours old: the copy's age is the larger of the
/// two (RFC 9111 §4.2.3 `corrected_initial_age`), so the offers are not fresh.
#[test]
fn age_and_date_together_take_the_older_reading() {
    let at = dated(&[("Age", "60".into()), ("Date", imf(NOW - 3 * 3600))]);
    assert!(at <= NOW - 60, "case 4: {at}");
    assert_ne!(Freshness::of_age(NOW - at), Freshness::Fresh, "case 4");
}

/// Cases 5–6: 5: a `Date` 400 days old (a broken clock or a copy from long ago) is held to
/// the same cap as `Age`, never a date the store cannot hold; 6: a `Date` that is no
/// HTTP-date says nothing: dated at the fetch.
#[test]
fn a_date_past_any_cache_is_held_and_a_bad_one_ignored() {
    use gpuscout_providers::fetch::MAX_AGE;
    let at = dated(&[("Date", imf(NOW - 400 * 86_400))]);
    assert!(
        at >= NOW - MAX_AGE.as_secs() as i64 && at < NOW,
        "case 5: {at}"
    );
    for bad in ["yesterday", "1764581400", ""] {
        assert_eq!(dated(&[("Date", bad.into())]), NOW, "case 6 ({bad:?})");
    }
}

/// Case 7: numbers in exponent form with a signed exponent (RFC 8259 §6): `8E+0` cards and
/// `1.6E+1` dollars an hour are eight cards at two dollars each.
#[test]
fn counts_and_prices_in_exponent_form_are_the_numbers_they_write() {
    let body = r#"{"offers": [{"id": 2307, "gpu_name": "H100 SXM", "num_gpus": 8E+0,
        "gpu_ram": 81559, "dph_total": 1.6E+1, "rentable": true, "rented": false}]}"#;
    let p = parse(&vast(), body).unwrap();
    let od: Vec<_> = p
        .offers
        .iter()
        .filter(|o| o.kind == OfferKind::OnDemand)
        .collect();
    assert_eq!(od.len(), 1, "case 7: {p:?}");
    assert_eq!(od[0].cards, 8, "case 7");
    assert_eq!(od[0].price_per_gpu_hour, dec("2"), "case 7");
}

/// Cases 8–9: a leading plus. 8: inside a string (`"+0.45"`) it is a sign: the row is read
/// at 0.45 or skipped, never another figure. 9: as a bare number it is no JSON: the answer
/// is refused, never half read.
#[test]
fn a_leading_plus_is_a_sign_in_text_and_no_json_bare() {
    let body = format!(
        r#"{{"offers": [{}]}}"#,
        vast_priced(2_308, "RTX 4090", r#""+0.45""#)
    );
    let p = parse(&vast(), &body).unwrap_or_default();
    assert!(
        p.offers.iter().all(|o| o.price_per_gpu_hour == dec("0.45")),
        "case 8: {:?}",
        p.offers
    );
    let bare = format!(
        r#"{{"offers": [{}]}}"#,
        vast_priced(2_309, "RTX 4090", "+0.45")
    );
    assert!(parse(&vast(), &bare).is_err(), "case 9");
}

/// Case 10: a card count past any integer type (`18446744073709551616`, 2^64): that row is
/// no offer (never 0 cards, never wrapped), and the row beside it is read.
#[test]
fn a_card_count_past_any_integer_costs_its_row_only() {
    let body = format!(
        r#"{{"offers": [{{"id": 2310, "gpu_name": "RTX 4090", "num_gpus": 18446744073709551616,
        "gpu_ram": 24564, "dph_total": 0.40, "rentable": true, "rented": false}}, {}]}}"#,
        vast_priced(2_311, "RTX 4090", "0.42")
    );
    let p = parse(&vast(), &body).unwrap();
    let prices: Vec<String> = p
        .offers
        .iter()
        .filter(|o| o.kind == OfferKind::OnDemand)
        .map(|o| format!("{}x{}", o.cards, o.price_per_gpu_hour))
        .collect();
    assert_eq!(prices, vec!["1x0.42"], "case 10");
}

fn vast_answer() -> String {
    offers_body(2_312, "0.43")
}

fn runpod_answer() -> String {
    r#"{"data": {"gpuTypes": [{"id": "NVIDIA H100 80GB HBM3", "displayName": "H100 SXM",
      "memoryInGb": 80, "secureCloud": true, "communityCloud": true, "securePrice": 2.69,
      "communityPrice": 1.99, "secureSpotPrice": null, "communitySpotPrice": null,
      "lowestPrice": {"stockStatus": "High"}}]}}"#
        .into()
}

fn lambda_answer() -> String {
    r#"{"data": {"gpu_1x_a100_sxm4": {"instance_type": {"name": "gpu_1x_a100_sxm4",
      "description": "1x A100 (40 GB SXM4)", "gpu_description": "A100 (40 GB SXM4)",
      "price_cents_per_hour": 129, "specs": {"vcpus": 30, "memory_gib": 200,
      "storage_gib": 512, "gpus": 1}},
      "regions_with_capacity_available": [{"name": "us-east-1", "description": "Virginia, USA"}]}}}"#
        .into()
}

/// Cases 11–13: one provider's URL set to another's (a copied config line): the answer is
/// another provider's shape. Refused, never read as "no offers" (which would call every card
/// of the provider gone) and never read as the provider's own offers.
#[test]
fn another_providers_answer_is_refused_never_no_offers() {
    let adapters: [(&str, Box<dyn Adapter>); 3] = [
        ("vast", Box::new(vast())),
        ("runpod", Box::new(runpod())),
        ("lambda", Box::new(lambda())),
    ];
    let answers = [
        ("vast", vast_answer()),
        ("runpod", runpod_answer()),
        ("lambda", lambda_answer()),
    ];
    for (name, adapter) in &adapters {
        // The provider's own answer reads (the fixture is right).
        let own = &answers.iter().find(|(n, _)| n == name).unwrap().1;
        let p = parse(adapter.as_ref(), own).unwrap_or_else(|e| panic!("{name} own: {e}"));
        assert!(!p.offers.is_empty(), "{name} own");
        for (other, body) in answers.iter().filter(|(n, _)| n != name) {
            let got = parse(adapter.as_ref(), body);
            assert!(
                got.is_err(),
                "cases 11-13: {other}'s answer at {name} read as {:?}",
                got.map(|p| p.offers.len())
            );
        }
    }
}

/// Cases 14–15: an empty list is not a missing one. 14: RunPod's `data` without `gpuTypes`
/// is no answer (refused); 15: Lambda's `data` as a list, not the map of instance types,
/// is no answer either.
#[test]
fn a_missing_or_misshapen_list_is_no_answer() {
    assert!(
        parse(&runpod(), r#"{"data": {}}"#).is_err(),
        "case 14: {:?}",
        parse(&runpod(), r#"{"data": {}}"#)
    );
    assert!(
        parse(&lambda(), r#"{"data": []}"#).is_err(),
        "case 15: {:?}",
        parse(&lambda(), r#"{"data": []}"#)
    );
}

fn csv(format: Format, text: &str) -> Result<Parsed, FetchError> {
    import::parse(format, text, "lambda", &cat(), NOW, "test catalog")
}

fn priced(p: &Parsed) -> Vec<String> {
    let mut v: Vec<String> = p
        .offers
        .iter()
        .map(|o| {
            let kind = if o.kind == OfferKind::Spot {
                "spot"
            } else {
                "od"
            };
            format!(
                "{}x{}:{}={}",
                o.cards, o.raw_name, kind, o.price_per_instance_hour
            )
        })
        .collect();
    v.sort();
    v
}

const SKY_HEAD: &str =
    "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,Region,GpuInfo,SpotPrice";

/// Case 16: CRLF records (as SkyPilot's Lambda file has them) and a quoted field holding a
/// line break and a comma (RFC 4180 §2.6): each record read once, at its own price.
#[test]
fn crlf_records_and_a_quoted_line_break_are_one_record_each() {
    let text = format!(
        "{SKY_HEAD}\r\n\"gpu_1x_a100\r\n(legacy, SXM4)\",A100,1,30,200,1.29,us-east-1,,\r\ngpu_8x_h100_sxm5,H100,8,208,1800,23.92,us-east-1,,\r\n"
    );
    let p = csv(Format::SkyPilot, &text).unwrap();
    assert_eq!(
        priced(&p),
        vec!["1xA100:od=1.29", "8xH100:od=23.92"],
        "case 16"
    );
    assert_eq!(p.skipped, 0, "case 16");
}

/// Case 17: two files joined end to end (`cat a.csv b.csv`), the second written with its
/// columns in another order: its header row repeats mid-file. The rows after it are read by
/// the header above them, never by the first file's columns.
#[test]
fn a_header_repeated_mid_file_reads_the_rows_after_it_by_its_own_columns() {
    let text = format!(
        "{SKY_HEAD}\ngpu_1x_a100,A100,1,30,200,1.29,us-east-1,,\n\
         InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,SpotPrice,Region,GpuInfo,Price\n\
         gpu_1x_h100_pcie,H100,1,26,200,0.99,us-west-1,,2.49\n"
    );
    let p = csv(Format::SkyPilot, &text).unwrap();
    assert_eq!(
        priced(&p),
        vec!["1xA100:od=1.29", "1xH100:od=2.49", "1xH100:spot=0.99"],
        "case 17"
    );
}

/// Case 18: a header naming `Price` twice (a column added under a name already there): which
/// is the price is not said, so the file is refused naming the column, never read by either.
#[test]
fn a_header_naming_a_column_twice_is_refused_by_name() {
    let text = "InstanceType,AcceleratorName,AcceleratorCount,Price,Region,Price\n\
                gpu_1x_a100,A100,1,1.29,us-east-1,12.90\n";
    match csv(Format::SkyPilot, text) {
        Err(e) => assert!(e.to_string().contains("Price"), "case 18: {e}"),
        Ok(p) => panic!("case 18: read as {:?}", priced(&p)),
    }
}

/// Case 19: a record with one field fewer than the header (RFC 4180 §2.4: each line the same
/// number of fields; a cell dropped by a hand edit): its cells sit under the wrong names
/// (`MemoryGiB` missing puts the spot price under `Price`), so it is skipped and counted,
/// never read at the shifted place; the whole record beside it is read.
#[test]
fn a_record_with_a_field_missing_is_skipped_not_read_shifted() {
    let text = "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,SpotPrice\n\
                gpu_1x_a100,A100,1,30,1.29,0.50\n\
                gpu_1x_h100_pcie,H100,1,26,200,2.49,\n";
    let p = csv(Format::SkyPilot, text).unwrap();
    assert_eq!(priced(&p), vec!["1xH100:od=2.49"], "case 19");
    assert_eq!(p.skipped, 1, "case 19");
}

/// Case 20: a gpuhunt file with a `currency` column (a column added upstream): a row in EUR
/// is not read as dollars (refused and counted), the USD row beside it is read.
#[test]
fn a_currency_column_other_than_dollars_is_never_read_as_dollars() {
    let text = "instance_name,location,price,currency,cpu,memory,gpu_count,gpu_name,gpu_memory,spot\n\
                a,FR-1,1.10,EUR,8,64,1,A100,80.0,False\n\
                b,US-1,1.20,USD,8,64,1,A100,80.0,False\n";
    let p = csv(Format::GpuHunt, text).unwrap();
    assert_eq!(priced(&p), vec!["1xA100:od=1.2"], "case 20");
    assert!(p.refused_total + p.skipped >= 1, "case 20");
}

/// Case 21: SkyPilot's v8 schema adds `Arch`, and a file may list its columns in another
/// order: every figure is read by its header name.
#[test]
fn an_added_column_and_another_order_are_read_by_name() {
    let text = "Arch,Region,SpotPrice,Price,GpuInfo,MemoryGiB,vCPUs,AcceleratorCount,AcceleratorName,InstanceType\n\
                x86_64,us-east-1,,1.29,,200,30,1,A100,gpu_1x_a100\n\
                arm64,us-east-3,,3.19,,432,64,1,GH200,gpu_1x_gh200\n";
    let p = csv(Format::SkyPilot, text).unwrap();
    assert_eq!(
        priced(&p),
        vec!["1xA100:od=1.29", "1xGH200:od=3.19"],
        "case 21"
    );
}

/// Written with the fix (not counted): the copy's age is the larger of `Age` and `Date`'s
/// apparent age past the skew allowed; never below zero, never past `MAX_AGE`.
#[test]
fn a_copys_age_is_age_or_dates_apparent_age_past_the_skew() {
    use gpuscout_providers::fetch::{DATE_SKEW, MAX_AGE, cache_age};
    use std::time::Duration;
    let skew = DATE_SKEW.as_secs() as i64;
    let hours3 = Duration::from_secs(3 * 3600);
    let date = imf(NOW - 3 * 3600);
    assert_eq!(
        cache_age(None, Some(&date), NOW),
        hours3 - DATE_SKEW,
        "past the skew, less it"
    );
    assert_eq!(cache_age(None, Some(&imf(NOW - skew)), NOW), Duration::ZERO);
    assert_eq!(
        cache_age(Some(Duration::from_secs(60)), Some(&imf(NOW - skew)), NOW),
        Duration::from_secs(60)
    );
    assert_eq!(
        cache_age(Some(hours3 + hours3), Some(&date), NOW),
        hours3 + hours3
    );
    // RFC 850 and asctime forms are dates too.
    assert_eq!(
        cache_age(None, Some("Monday, 01-Dec-25 06:30:00 GMT"), NOW),
        hours3 - DATE_SKEW
    );
    assert_eq!(
        cache_age(None, Some("Mon Dec  1 06:30:00 2025"), NOW),
        hours3 - DATE_SKEW
    );
    assert_eq!(cache_age(None, Some(&imf(0)), NOW), MAX_AGE);
    assert_eq!(cache_age(None, None, NOW), Duration::ZERO);
}
