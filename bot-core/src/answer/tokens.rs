//! Token counts as a reader counts them (/tco's volumes, in its answers and the echo).

/// [`tokens_text`] as a Chinese reader counts: 2000万, 1.68亿 (English keeps 20.0M, 1.50B).
pub fn tokens_text_in(x: f64, zh: bool) -> String {
    if !zh {
        return tokens_text(x);
    }
    let trim = |s: String| {
        if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            s
        }
    };
    if x >= 1e8 {
        format!("{}亿", trim(format!("{:.2}", x / 1e8)))
    } else if x >= 1e4 {
        format!("{}万", trim(format!("{:.1}", x / 1e4)))
    } else {
        format!("{x:.0}")
    }
}

/// Human token count: 20M, 1.5B, 500K.
pub fn tokens_text(x: f64) -> String {
    if x >= 1e9 {
        format!("{:.2}B", x / 1e9)
    } else if x >= 1e6 {
        format!("{:.1}M", x / 1e6)
    } else if x >= 1e3 {
        format!("{:.0}K", x / 1e3)
    } else {
        format!("{x:.0}")
    }
}
