//! Counters and articles written as the reader reads them: a Chinese counter before an English
//! unit (`10 个 hours`) and `a dollar` (one).

/// `10 个 hours` (a Chinese counter before an English unit) and `a dollar` (one) written as
/// the reader reads them.
pub(super) fn plain(t: &str) -> String {
    let mut out = t.to_string();
    for (said, plain) in [
        (" 个 hour", " hour"),
        ("个 hour", " hour"),
        (" 个 minute", " minute"),
        (" 个 day", " day"),
        (" a dollar", " 1 dollar"),
        (" one dollar", " 1 dollar"),
        (" a buck", " 1 buck"),
    ] {
        if out.contains(said) {
            out = out.replace(said, plain);
        }
    }
    out
}
