//! The chart as a person gets it: history written by real snapshots, `/trend` asked through
//! `Bot::handle`, and the PNG it carries decoded back: the expected size, the platforms'
//! line colours in it, and no panic on the odd cases (no points, one point, a flat price).

use bot_core::availability::{FetchOutcome, Offer, OfferKind, StockLevel, now_unix, record_fetch};
use bot_core::chart::{ChartLine, ChartRenderer, PriceChart};
use bot_core::store::{Store, db_path};
use bot_core::{Bot, Catalog, ChatRef, Input};
use gpuscout_charts::{HEIGHT, PlottersCharts, WIDTH, render_price_chart};
use rust_decimal::Decimal;
use std::sync::Arc;

fn offer(provider: &str, price: Decimal, at: i64) -> Offer {
    Offer {
        provider: provider.into(),
        gpu: "rtx-4090".into(),
        raw_name: "RTX 4090".into(),
        cards: 1,
        vram_gb: Some(24.0),
        price_per_gpu_hour: price,
        price_per_instance_hour: price,
        currency: "USD".into(),
        kind: OfferKind::OnDemand,
        region: None,
        stock: StockLevel::Available,
        available_count: None,
        fetched_at: at,
        source: "test".into(),
    }
}

/// Width, height and RGB pixels of a PNG.
fn decode(png_bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).expect("PNG data that decodes");
    assert_eq!(info.color_type, png::ColorType::Rgb);
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

fn count_colour(rgb: &[u8], c: (u8, u8, u8)) -> usize {
    rgb.chunks_exact(3)
        .filter(|p| (p[0], p[1], p[2]) == c)
        .count()
}

#[test]
fn trend_through_the_bot_carries_a_png_of_the_expected_size() {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&db_path(dir.path())).unwrap());
    let now = now_unix();
    // Ten days, every 4 hours: vast drifts down, runpod holds.
    for i in 0..60i64 {
        let at = now - (59 - i) * 4 * 3600;
        let vast = Decimal::new(50 - i / 6, 2);
        for (p, price) in [("vast", vast), ("runpod", Decimal::new(69, 2))] {
            record_fetch(
                &store,
                p,
                FetchOutcome::Offers(vec![offer(p, price, at)]),
                at,
            )
            .unwrap();
        }
    }
    let mut bot = Bot::new(Arc::new(Catalog::embedded().unwrap()), store);
    bot.charts = Some(Arc::new(PlottersCharts));
    let answer = bot.handle(
        &ChatRef::terminal(Some("en-US")),
        Input::Text("/trend 4090 14".into()),
    );
    let image = answer.replies[0]
        .image
        .as_ref()
        .expect("the reply carries the chart");
    assert_eq!(image.caption.id, "trend-caption");
    let (w, h, rgb) = decode(&image.png);
    assert_eq!((w, h), (WIDTH, HEIGHT));
    // Both platforms' lines are drawn, in the first two palette colours.
    assert!(count_colour(&rgb, (0, 114, 178)) > 200, "runpod's line");
    assert!(count_colour(&rgb, (230, 159, 0)) > 200, "vast's line");
    // Text was drawn (dark pixels from the embedded font), not left blank.
    let dark = rgb
        .chunks_exact(3)
        .filter(|p| p.iter().all(|&v| v < 80))
        .count();
    assert!(dark > 500, "labels and title: {dark} dark pixels");
}

#[test]
fn odd_charts_render_without_panicking() {
    let base = PriceChart {
        title: "rtx-4090 - USD per GPU-hour - last 30 days".into(),
        y_label: "USD / GPU-hour".into(),
        from_hour: 490_000,
        to_hour: 490_000 + 30 * 24 - 1,
        offset_hours: 8,
        lines: vec![],
    };
    let one = PriceChart {
        lines: vec![ChartLine {
            label: "vast".into(),
            points: vec![(490_100, 0.4)],
        }],
        ..base.clone()
    };
    let flat = PriceChart {
        lines: vec![ChartLine {
            label: "lambda".into(),
            points: (0..100).map(|i| (490_000 + i, 2.49)).collect(),
        }],
        ..base.clone()
    };
    let odd = PriceChart {
        from_hour: 5,
        to_hour: 5,
        lines: vec![ChartLine {
            label: "x".into(),
            points: vec![(5, f64::NAN), (5, 0.0), (99_999_999, 1e9)],
        }],
        ..base.clone()
    };
    for chart in [base, one, flat, odd] {
        let png = PlottersCharts.price_chart(&chart).expect("drawn");
        assert_eq!(decode(&png).0, WIDTH);
    }
    let small = render_price_chart(
        &PriceChart {
            lines: vec![],
            ..flat_title()
        },
        10,
        10,
    )
    .unwrap();
    let (w, h, _) = decode(&small);
    assert_eq!(
        (w, h),
        (200, 150),
        "sizes are clamped to something drawable"
    );
}

fn flat_title() -> PriceChart {
    PriceChart {
        title: "t".into(),
        y_label: "y".into(),
        from_hour: 0,
        to_hour: 1,
        offset_hours: 0,
        lines: vec![],
    }
}
