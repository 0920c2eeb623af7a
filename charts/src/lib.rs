//! Chart images for GPU Scout: bot-core's [`PriceChart`] drawn as a PNG with `plotters`.
//!
//! Text is drawn with an embedded ASCII cut of DejaVu Sans through plotters' `ab_glyph`
//! backend, so rendering needs no fontconfig and no system font (CI has none). Every text in a
//! chart is ASCII by construction (bot-core's `answer::trend::chart_of`); the localized title
//! travels in the message beside the image. Pixels go into an RGB buffer and are encoded with
//! the `png` crate.

use bot_core::availability::format_rfc3339;
use bot_core::chart::{ChartRenderer, PriceChart};
use plotters::prelude::*;
use std::sync::Once;

/// Image size in pixels: wide enough for a month of hourly points, readable on a phone.
pub const WIDTH: u32 = 960;
pub const HEIGHT: u32 = 540;

/// The font family name the embedded font is registered under (ours alone).
const FAMILY: &str = "gpuscout-sans";
static FONT: &[u8] = include_bytes!("../fonts/DejaVuSans-ascii.ttf");
static REGISTER: Once = Once::new();

/// Line colours, one per platform, distinguishable for the common colour blindnesses
/// (Okabe–Ito).
const PALETTE: [RGBColor; 7] = [
    RGBColor(0, 114, 178),
    RGBColor(230, 159, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(86, 180, 233),
    RGBColor(213, 94, 0),
    RGBColor(120, 120, 120),
];

/// A gap longer than this many hours (and than twice the line's cadence) breaks a line, so
/// missing data is not drawn as a price.
const GAP_HOURS: i64 = 3;

/// The renderer bot-core's `/trend` uses (wired in by the `gpuscout` binary).
#[derive(Debug, Clone, Copy, Default)]
pub struct PlottersCharts;

impl ChartRenderer for PlottersCharts {
    fn price_chart(&self, chart: &PriceChart) -> Result<Vec<u8>, String> {
        render_price_chart(chart, WIDTH, HEIGHT)
    }
}

fn register_font() -> Result<(), String> {
    let mut result = Ok(());
    REGISTER.call_once(|| {
        result = plotters::style::register_font(FAMILY, FontStyle::Normal, FONT)
            .map_err(|_| "the embedded chart font is unreadable".to_string());
    });
    result
}

/// `MM-DD` of an hour since the epoch, shifted by the chart's zone.
fn day_label(hour: i64, offset_hours: i32) -> String {
    let text = format_rfc3339((hour + i64::from(offset_hours)) * 3600);
    text.get(5..10).unwrap_or(&text).to_string()
}

/// Draws `chart` at `width` x `height` and returns the PNG bytes.
pub fn render_price_chart(chart: &PriceChart, width: u32, height: u32) -> Result<Vec<u8>, String> {
    register_font()?;
    let (w, h) = (width.clamp(200, 4000), height.clamp(150, 4000));
    let mut rgb = vec![255u8; (w * h * 3) as usize];
    draw(chart, &mut rgb, (w, h)).map_err(|e| format!("drawing the chart failed: {e}"))?;
    encode_png(&rgb, w, h)
}

fn draw(
    chart: &PriceChart,
    rgb: &mut [u8],
    size: (u32, u32),
) -> Result<(), Box<dyn std::error::Error>> {
    let root = BitMapBackend::with_buffer(rgb, size).into_drawing_area();
    root.fill(&WHITE)?;
    let from = chart.from_hour.min(chart.to_hour);
    let to = chart.to_hour.max(from + 1);
    let prices = chart
        .lines
        .iter()
        .flat_map(|l| l.points.iter().map(|p| p.1))
        .filter(|p| p.is_finite());
    let (lo, hi) = prices.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| {
        (lo.min(p), hi.max(p))
    });
    let (lo, hi) = if lo.is_finite() && hi.is_finite() {
        // Room above and below; a flat line still gets a visible band.
        let pad = ((hi - lo) * 0.1).max(hi.abs() * 0.05).max(0.01);
        ((lo - pad).max(0.0), hi + pad)
    } else {
        (0.0, 1.0)
    };
    let font = |px: u32| (FontFamily::Name(FAMILY), px).into_font();
    let mut ctx = ChartBuilder::on(&root)
        .caption(&chart.title, font(22))
        .margin(16)
        .x_label_area_size(36)
        .y_label_area_size(64)
        .build_cartesian_2d(from..to, lo..hi)?;
    let offset = chart.offset_hours;
    ctx.configure_mesh()
        .x_labels(8)
        .y_labels(8)
        .x_label_formatter(&|h| day_label(*h, offset))
        .y_label_formatter(&|p| format!("{p:.2}"))
        .y_desc(chart.y_label.as_str())
        .label_style(font(14))
        .axis_desc_style(font(15))
        .light_line_style(RGBColor(235, 235, 235))
        .bold_line_style(RGBColor(210, 210, 210))
        .draw()?;
    for (i, line) in chart.lines.iter().enumerate() {
        let colour = PALETTE[i % PALETTE.len()];
        let points: Vec<(i64, f64)> = line
            .points
            .iter()
            .copied()
            .filter(|(hr, p)| p.is_finite() && (from..=to).contains(hr))
            .collect();
        // The line's own cadence (a poller may run every few hours): only a gap of more than
        // twice that, and more than GAP_HOURS, breaks it.
        let step = points
            .windows(2)
            .map(|w| w[1].0 - w[0].0)
            .filter(|d| *d > 0)
            .min()
            .unwrap_or(1);
        let gap = GAP_HOURS.max(step * 2);
        let mut segments: Vec<Vec<(i64, f64)>> = Vec::new();
        for p in &points {
            match segments.last_mut() {
                Some(seg) if seg.last().is_some_and(|q| p.0 - q.0 <= gap) => seg.push(*p),
                _ => segments.push(vec![*p]),
            }
        }
        let style = colour.stroke_width(2);
        let mut first = true;
        for seg in &segments {
            let series = ctx.draw_series(LineSeries::new(seg.iter().copied(), style))?;
            if first {
                series
                    .label(line.label.as_str())
                    .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], style));
                first = false;
            }
            if seg.len() == 1 {
                // A lone hour has no line to draw: a dot shows it.
                ctx.draw_series(seg.iter().map(|p| Circle::new(*p, 3, colour.filled())))?;
            }
        }
    }
    if chart.lines.iter().any(|l| !l.points.is_empty()) {
        ctx.configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .background_style(WHITE.mix(0.85))
            .border_style(RGBColor(180, 180, 180))
            .label_font(font(14))
            .draw()?;
    }
    root.present()?;
    Ok(())
}

fn encode_png(rgb: &[u8], w: u32, h: u32) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, w, h);
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    let mut writer = enc.write_header().map_err(|e| format!("PNG header: {e}"))?;
    writer
        .write_image_data(rgb)
        .map_err(|e| format!("PNG data: {e}"))?;
    writer.finish().map_err(|e| format!("PNG end: {e}"))?;
    Ok(out)
}
