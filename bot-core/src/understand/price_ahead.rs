//! The price's way ahead asked yes/no (`4090 租金会跌吗`, `L40S 价格会涨吗`, `还会降价吗`, `will
//! h100 rentals get cheaper`): a modal of the future right before a move of the price, either
//! way. Read as word classes (a modal, a move), not the fixed forms `wait_asked::AHEAD` lists; had
//! been read as today's prices.

/// Moves of a price, down or up, said right after a Chinese modal (`贵` alone is left out:
/// `在 autodl 上会贵吗` asks today's price there).
const MOVES_ZH: &[&str] = &["降", "跌", "便宜", "掉价", "涨", "变贵"];
/// What may stand between the modal and the move (`会不会降`, `会再降`, `会继续涨`).
const BETWEEN_ZH: &[&str] = &["不会", "再", "继续", "更", "有所"];
/// Moves of a price in English, after `will` (`will x get cheaper`, `will prices drop`).
const MOVES_EN: &[&str] = &[
    "cheaper",
    "drop",
    "go down",
    "come down",
    "fall",
    "go up",
    "rise",
    "more expensive",
    "pricier",
];
/// A move said in the present progressive, which asks the way a price is heading itself (`is the
/// price of the a6000 going down`).
const HEADING_EN: &[&str] = &["going down", "going up", "coming down", "getting cheaper"];

/// Whether the padded text asks where a price is heading: `会` (any of `会不会`, `还会`,
/// `会继续`) right before a move, `will` with a move after it, or a move in the progressive.
pub(super) fn price_ahead_asked(padded: &str) -> bool {
    let zh = padded.match_indices('会').any(|(at, _)| {
        let mut rest = padded[at + '会'.len_utf8()..].trim_start();
        while let Some(w) = BETWEEN_ZH.iter().find(|w| rest.starts_with(**w)) {
            rest = rest[w.len()..].trim_start();
        }
        MOVES_ZH.iter().any(|m| rest.starts_with(m))
    });
    // `will` as a word, the message's first too (the padded text may start with it).
    let spaced = format!(" {padded}");
    let en = spaced
        .find(" will ")
        .is_some_and(|at| MOVES_EN.iter().any(|m| spaced[at..].contains(m)));
    zh || en || HEADING_EN.iter().any(|m| padded.contains(m))
}

#[cfg(test)]
mod tests {
    use super::price_ahead_asked as ahead;

    #[test]
    fn a_modal_before_a_move_asks_the_way_ahead() {
        for t in [
            " 4090 租金会跌吗 ",
            " l40s 价格会涨吗 ",
            " h20 还会降价吗 ",
            " a100 会不会再便宜 ",
            "will h100 rentals get cheaper ",
            " is the price of the a6000 going down ",
        ] {
            assert!(ahead(t), "{t}");
        }
        // No modal before the move, a modal before no move, or dear said of a place: not asked.
        for t in [
            " 4090 哪家便宜 ",
            " 4090 会爆显存吗 ",
            " 在 autodl 上会贵吗 ",
            " will a 4090 fit llama 70b ",
        ] {
            assert!(!ahead(t), "{t}");
        }
    }
}
