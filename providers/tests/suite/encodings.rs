//! Compressed answers (RFC 9110 §8.4 `Content-Encoding`; §12.5.3 `Accept-Encoding`): we ask
//! for gzip and deflate, and every answer is read as sent before its coding, under the same
//! byte cap once inflated. Written from the RFC and from what servers and CDNs do in front of
//! a JSON API: gzip with the header, gzip without it (a `.json.gz` served as
//! `application/json`), deflate both as zlib (RFC 1950, what the RFC means) and as a raw
//! stream (what some servers send under that name), a cut stream, a bomb, a coding we never
//! asked for, a gzipped error page.

use bot_core::Catalog;
use flate2::Compression;
use flate2::write::{DeflateEncoder, GzEncoder, ZlibEncoder};
use gpuscout_providers::vast::Vast;
use gpuscout_providers::{FetchError, Limits, Parsed, fetch_with};
use gpuscout_testkit::fake_providers::{FakeProviders, Script};
use rust_decimal::Decimal;
use std::io::Write;
use std::str::FromStr;
use std::time::Duration;

const NOW: i64 = 1_764_581_400;

pub(super) fn gzip(b: &[u8]) -> Vec<u8> {
    let mut e = GzEncoder::new(Vec::new(), Compression::default());
    e.write_all(b).unwrap();
    e.finish().unwrap()
}

fn zlib(b: &[u8]) -> Vec<u8> {
    let mut e = ZlibEncoder::new(Vec::new(), Compression::default());
    e.write_all(b).unwrap();
    e.finish().unwrap()
}

fn raw_deflate(b: &[u8]) -> Vec<u8> {
    let mut e = DeflateEncoder::new(Vec::new(), Compression::default());
    e.write_all(b).unwrap();
    e.finish().unwrap()
}

/// Two Vast offers, a 4090 and a 2-card A100 offer (Vast prices a whole offer).
fn answer() -> String {
    r#"{"offers": [
      {"id": 11, "gpu_name": "RTX 4090", "num_gpus": 1, "gpu_ram": 24564, "dph_total": 0.41,
       "rentable": true, "rented": false, "geolocation": "Norway, NO"},
      {"id": 12, "gpu_name": "A100 SXM4", "num_gpus": 2, "gpu_ram": 81920, "dph_total": 2.6,
       "rentable": true, "rented": false, "geolocation": null}
    ]}"#
    .to_string()
}

fn run(fake: &FakeProviders, max_bytes: usize) -> Result<Parsed, FetchError> {
    let v = Vast {
        base: fake.url(),
        key: None,
    };
    let http = reqwest::Client::new();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let limits = Limits {
        max_bytes,
        ..Limits::PROVIDER
    };
    rt.block_on(fetch_with(
        &v,
        &http,
        &Catalog::embedded().unwrap(),
        Duration::from_secs(5),
        NOW,
        limits,
    ))
}

fn prices(p: &Parsed) -> Vec<(String, Decimal)> {
    let mut v: Vec<_> = p
        .offers
        .iter()
        .map(|o| (o.gpu.clone(), o.price_per_gpu_hour))
        .collect();
    v.sort();
    v
}

#[test]
fn gzip_and_deflate_answers_read_the_same_as_plain_ones() {
    let fake = FakeProviders::start();
    let body = answer();
    let plain_path = "/api/v0/bundles/";
    fake.script(
        plain_path,
        vec![
            Script::ok(body.clone()),
            Script::bytes(200, gzip(body.as_bytes())).header("Content-Encoding", "gzip"),
            // Upper case and the old x-gzip name are the same coding.
            Script::bytes(200, gzip(body.as_bytes())).header("Content-Encoding", "X-GZIP"),
            // A gzip file served as it is, without the header.
            Script::bytes(200, gzip(body.as_bytes())).header("Content-Type", "application/json"),
            Script::bytes(200, zlib(body.as_bytes())).header("Content-Encoding", "deflate"),
            Script::bytes(200, raw_deflate(body.as_bytes())).header("Content-Encoding", "deflate"),
            // Two gzip members one after the other are one body (RFC 1952 §2.2).
            Script::bytes(200, {
                let (a, b) = body.split_at(body.len() / 2);
                [gzip(a.as_bytes()), gzip(b.as_bytes())].concat()
            })
            .header("Content-Encoding", "gzip"),
        ],
    );
    let want = prices(&run(&fake, 1 << 20).unwrap());
    // Per card: the 4090 at its hour, the 2-card A100 offer at half of its $2.60.
    let per_card: Vec<Decimal> = want.iter().map(|(_, p)| *p).collect();
    assert!(
        per_card.contains(&Decimal::from_str("0.41").unwrap())
            && per_card.contains(&Decimal::from_str("1.3").unwrap())
            && per_card.len() == 2,
        "{want:?}"
    );
    for n in 1..=6 {
        let got = run(&fake, 1 << 20).unwrap_or_else(|e| panic!("answer {n}: {e}"));
        assert_eq!(prices(&got), want, "answer {n}");
    }
    // The request says which codings are welcome.
    let seen = fake.seen();
    let asked = seen[0].header("accept-encoding").unwrap_or("");
    assert!(
        asked.contains("gzip") && asked.contains("deflate"),
        "{asked}"
    );
}

#[test]
fn cut_bombs_and_codings_never_asked_for_are_refused_with_their_reason() {
    let fake = FakeProviders::start();
    let body = answer();
    let packed = gzip(body.as_bytes());
    // A small answer that inflates to 2 MB of spaces inside a JSON list.
    let bomb = gzip(format!("{{\"offers\": [{}]}}", " ".repeat(2 << 20)).as_bytes());
    assert!(bomb.len() < 16 << 10);
    fake.script(
        "/api/v0/bundles/",
        vec![
            Script::bytes(200, packed[..packed.len() / 2].to_vec())
                .header("Content-Encoding", "gzip"),
            Script::bytes(200, bomb).header("Content-Encoding", "gzip"),
            Script::bytes(200, b"\x1b\x00\x00\x00{}".to_vec()).header("Content-Encoding", "br"),
            Script::bytes(200, body.clone().into_bytes()).header("Content-Encoding", "gzip"),
            Script::bytes(
                503,
                gzip(b"<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>"),
            )
            .header("Content-Encoding", "gzip")
            .header("Content-Type", "text/html"),
        ],
    );
    let e = run(&fake, 1 << 20).unwrap_err();
    assert!(
        matches!(&e, FetchError::Malformed(t) if t.contains("gzip")),
        "{e:?}"
    );
    let e = run(&fake, 1 << 20).unwrap_err();
    assert!(
        matches!(&e, FetchError::TooLarge(t) if t.contains("inflated")),
        "{e:?}"
    );
    let e = run(&fake, 1 << 20).unwrap_err();
    assert!(
        matches!(&e, FetchError::Malformed(t) if t.contains("br")),
        "{e:?}"
    );
    // Said to be gzip and is not: refused, never read as whatever it inflates to.
    let e = run(&fake, 1 << 20).unwrap_err();
    assert!(matches!(e, FetchError::Malformed(_)), "{e:?}");
    // A gzipped error page is read for its snippet like a plain one.
    let e = run(&fake, 1 << 20).unwrap_err();
    assert!(
        matches!(&e, FetchError::Http { status: 503, snippet, .. }
            if snippet.contains("503 Service Temporarily Unavailable")),
        "{e:?}"
    );
}
