//! A price per card-hour said with the card between (`2.5 USD per GPU hour`, `$2/gpu/hr`,
//! `每卡每小时3块`): every price the bot reads is per card-hour already, so the words are the
//! hour's, and the price keeps its unit (it had been read as an amount with no unit, and a
//! conversion of it as nothing).

/// Spellings of "per card-hour", longest first, and the hour's own words.
const SAID: &[(&str, &str)] = &[
    ("per gpu per hour", "per hour"),
    ("per card per hour", "per hour"),
    ("per gpu-hour", "per hour"),
    ("per gpu hour", "per hour"),
    ("per gpu/hour", "per hour"),
    ("per gpu/hr", "per hour"),
    ("per gpu hr", "per hour"),
    ("per card-hour", "per hour"),
    ("per card hour", "per hour"),
    ("a gpu-hour", "an hour"),
    ("a gpu hour", "an hour"),
    ("/gpu/hour", "/hour"),
    ("/gpu/hr", "/hr"),
    ("/gpu/h", "/h"),
    ("/gpu-hour", "/hour"),
    ("/gpu-hr", "/hr"),
    ("/gpuh", "/h"),
    ("/gpu-h", "/h"),
    ("每卡每小时", "每小时"),
    ("每张卡每小时", "每小时"),
    ("每卡每时", "每小时"),
    ("每卡时", "每小时"),
    ("/卡/小时", "/小时"),
    ("/卡时", "/小时"),
];

/// `s` with each spelling of "per card-hour" as the hour's word, and the card's own word once
/// at the end (`… per hour each gpu`, `… 每小时… 每卡`): the price reads as any hourly price, and
/// a cap on a machine of several cards still reads as each card's, never divided by its cards
/// (`2x 4090 machines under 1 dollar per gpu hour` had been read as $0.50 a card). At the end,
/// so no word comes between an amount and its hour in either order (`每卡每小时2块5`, `2块5每卡每小时`).
pub(super) fn hourly(s: &str) -> String {
    let mut out = s.to_string();
    let mut each = None;
    for (from, to) in SAID {
        if out.contains(from) {
            out = out.replace(from, to);
            each = Some(if from.is_ascii() {
                "each gpu"
            } else {
                "每卡"
            });
        }
    }
    match each {
        Some(w) => format!("{} {w} ", out.trim_end()),
        None => out,
    }
}
