//! QA round 19 (wire19): two pollers' snapshots for one provider arriving out of order (the
//! running bot and a `poll --once`, or one slow fetch overtaken by the next). Each fetch is
//! dated when it started; `record_fetch` gets the dates in the order the answers landed.
//! An older answer must never overwrite a newer stored one, nor date the provider backwards.

use bot_core::availability::{
    FetchOutcome, Offer, Recorded, StockLevel, gpu_key, latest_offers, provider_state, record_fetch,
};
use bot_core::store::Store;

const T: i64 = 1_796_371_200; // 2026-12-04T08:00:00Z

/// An available offer fetched at `at`: availability's own fixture.
fn offer(provider: &str, gpu: &str, price: &str, at: i64) -> Offer {
    super::availability::offer(provider, gpu, price, StockLevel::Available, at)
}

use super::availability::store;

fn prices(s: &Store, gpu: &str, provider: &str) -> Vec<String> {
    latest_offers(s, &gpu_key(gpu), Some(provider))
        .unwrap()
        .iter()
        .map(|o| o.price_per_gpu_hour.to_string())
        .collect()
}

/// Cases 1–3: a whole answer dated T+300 lands, then one dated T (started earlier, slower):
/// the newer prices stay (1), the provider's last good reading stays T+300 (2), and the late
/// one is reported as superseded, not as a replacement (3). Two providers and cards, so
/// neither a name nor a price decides it.
#[test]
fn an_older_whole_answer_landing_late_does_not_overwrite_a_newer_one() {
    for (provider, gpu, new, old) in [
        ("vast", "h100-sxm", "1.99", "2.49"),
        ("runpod", "rtx-4090", "0.34", "0.69"),
    ] {
        let (_d, s) = store();
        let newer = vec![offer(provider, gpu, new, T + 300)];
        let older = vec![offer(provider, gpu, old, T)];
        assert!(matches!(
            record_fetch(&s, provider, FetchOutcome::Offers(newer), T + 300).unwrap(),
            Recorded::Replaced { .. }
        ));
        let late = record_fetch(&s, provider, FetchOutcome::Offers(older), T).unwrap();
        assert_eq!(
            prices(&s, gpu, provider),
            vec![new.to_string()],
            "{provider}"
        );
        let state = provider_state(&s, provider).unwrap().unwrap();
        assert_eq!(state.last_good_at, Some(T + 300), "{provider}");
        assert_eq!(state.last_attempt_at, Some(T + 300), "{provider}");
        assert!(
            !matches!(late, Recorded::Replaced { .. } | Recorded::Partial { .. }),
            "{late:?}"
        );
    }
}

/// Case 4: an older whole answer that lacks a card the newer one shows must not delete that
/// card (a whole answer deletes what it no longer lists, but only if it is the newest).
#[test]
fn an_older_answer_without_a_card_does_not_delete_the_newer_card() {
    let (_d, s) = store();
    let newer = vec![
        offer("lambda", "h100-sxm", "2.99", T + 60),
        offer("lambda", "a100-80gb-sxm", "1.79", T + 60),
    ];
    let older = vec![offer("lambda", "h100-sxm", "3.29", T)];
    record_fetch(&s, "lambda", FetchOutcome::Offers(newer), T + 60).unwrap();
    record_fetch(&s, "lambda", FetchOutcome::Offers(older), T).unwrap();
    assert_eq!(prices(&s, "a100-80gb-sxm", "lambda"), vec!["1.79"]);
    assert_eq!(prices(&s, "h100-sxm", "lambda"), vec!["2.99"]);
}

/// Cases 5–6: an older partial answer (5) and an older failure (6) landing after a newer good
/// reading: no prices change, the partial mark is not set, and the failure does not count
/// as a miss in a row (the provider answered since).
#[test]
fn an_older_partial_or_failure_landing_late_changes_nothing() {
    let (_d, s) = store();
    let newer = vec![offer("vast", "rtx-4090", "0.31", T + 900)];
    record_fetch(&s, "vast", FetchOutcome::Offers(newer), T + 900).unwrap();
    let partial = FetchOutcome::Partial {
        offers: vec![offer("vast", "rtx-4090", "0.45", T)],
        why: "row cap reached".into(),
    };
    record_fetch(&s, "vast", partial, T).unwrap();
    assert_eq!(prices(&s, "rtx-4090", "vast"), vec!["0.31"]);
    let state = provider_state(&s, "vast").unwrap().unwrap();
    assert_eq!(state.partial, None);
    assert_eq!(state.last_full_at, Some(T + 900));

    record_fetch(&s, "vast", FetchOutcome::Failed("HTTP 502".into()), T + 10).unwrap();
    let state = provider_state(&s, "vast").unwrap().unwrap();
    assert_eq!(state.misses_in_a_row, 0);
    assert_eq!(state.last_problem, None);
    assert_eq!(prices(&s, "rtx-4090", "vast"), vec!["0.31"]);
}

/// Cases 7–8: in order, a newer answer still replaces (7), and a failure after the good
/// reading still counts (8): the guard is about order, not about refusing updates.
#[test]
fn answers_in_order_still_replace_and_failures_in_order_still_count() {
    let (_d, s) = store();
    record_fetch(
        &s,
        "runpod",
        FetchOutcome::Offers(vec![offer("runpod", "h100-pcie", "2.39", T)]),
        T,
    )
    .unwrap();
    record_fetch(
        &s,
        "runpod",
        FetchOutcome::Offers(vec![offer("runpod", "h100-pcie", "1.99", T + 1)]),
        T + 1,
    )
    .unwrap();
    assert_eq!(prices(&s, "h100-pcie", "runpod"), vec!["1.99"]);
    record_fetch(&s, "runpod", FetchOutcome::Failed("timeout".into()), T + 2).unwrap();
    let state = provider_state(&s, "runpod").unwrap().unwrap();
    assert_eq!(state.misses_in_a_row, 1);
    assert_eq!(state.last_good_at, Some(T + 1));
    assert_eq!(state.last_attempt_at, Some(T + 2));
}

/// Cases 9–10: an older good answer landing after a newer failure is still the newest good
/// reading: it is stored (9), and the attempt's date stays the failure's (10), never earlier.
/// Case 11: two answers dated the same second: the later arrival is stored (neither is older).
#[test]
fn an_older_good_answer_after_a_newer_failure_is_kept_and_same_second_answers_replace() {
    let (_d, s) = store();
    record_fetch(&s, "vast", FetchOutcome::Failed("HTTP 504".into()), T + 30).unwrap();
    let late = record_fetch(
        &s,
        "vast",
        FetchOutcome::Offers(vec![offer("vast", "l40s", "0.79", T)]),
        T,
    )
    .unwrap();
    assert!(matches!(late, Recorded::Replaced { .. }), "{late:?}");
    assert_eq!(prices(&s, "l40s", "vast"), vec!["0.79"]);
    let state = provider_state(&s, "vast").unwrap().unwrap();
    assert_eq!(state.last_good_at, Some(T));
    assert_eq!(state.last_attempt_at, Some(T + 30));

    record_fetch(
        &s,
        "vast",
        FetchOutcome::Offers(vec![offer("vast", "l40s", "0.83", T + 60)]),
        T + 60,
    )
    .unwrap();
    let same = record_fetch(
        &s,
        "vast",
        FetchOutcome::Offers(vec![offer("vast", "l40s", "0.81", T + 60)]),
        T + 60,
    )
    .unwrap();
    assert!(matches!(same, Recorded::Replaced { .. }), "{same:?}");
    assert_eq!(prices(&s, "l40s", "vast"), vec!["0.81"]);
}
