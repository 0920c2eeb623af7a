//! A machine's count of cards read in the direction the words beside it say (`不超过2张的4090
//! 机器` → `cards<=2`, `at least 4 gpus` → `cards>=4`), whichever reader read the count: each
//! of them (`offers_said::machines_any_card`, `memory_floor::cards_floor`, a card's count in
//! `request::offers`, a follow-up's in `follow_apply`) wrote it as a floor, so a ceiling word
//! before it gave the opposite filter. One pass over the reading, by the lexicon's one rule
//! ([`crate::lexicon::count_bound`]).

use super::Reading;
use super::request::{self as make, Cards, Request};
use crate::lexicon::{CountBound, count_bound};

/// The bound said beside the count `n` in `norm` (a question after `normalize`): the first
/// place the count is written whose words say one.
pub(super) fn bound_of(norm: &str, n: u32) -> Option<CountBound> {
    let chars: Vec<(usize, char)> = norm.char_indices().collect();
    let mut i = 0;
    while i < chars.len() {
        let (at, c) = chars[i];
        let prev = i.checked_sub(1).map(|k| chars[k].1);
        // A number inside a card's or model's name (`a100`, `rtx4090`) counts nothing.
        let glued = prev.is_some_and(|p| p.is_ascii_alphanumeric() || p == '.');
        if c.is_ascii_digit() && !glued {
            let mut j = i;
            while j < chars.len() && chars[j].1.is_ascii_digit() {
                j += 1;
            }
            let end = chars.get(j).map_or(norm.len(), |x| x.0);
            let decimal = chars.get(j).is_some_and(|x| x.1 == '.');
            if !decimal && norm[at..end].parse::<u32>().ok() == Some(n) {
                if let Some(b) = count_bound(&norm[..at], n, &norm[end..]) {
                    return Some(b);
                }
            }
            i = j;
            continue;
        }
        // A count a Chinese numeral writes (`两张`, `四卡`, `十卡`), read by the lexicon's one table.
        let han = crate::lexicon::numerals::digit(c).or((c == '十').then_some(10));
        if han == Some(n) {
            let end = at + c.len_utf8();
            if let Some(b) = count_bound(&norm[..at], n, &norm[end..]) {
                return Some(b);
            }
        }
        i += 1;
    }
    None
}

/// `reading` with each offers filter's count of cards bounded as said: a ceiling word beside
/// the count makes it `cards<=N`, never the floor the readers wrote.
pub(super) fn bounded(norm: &str, reading: Reading) -> Reading {
    match reading {
        Reading::Command(r) => Reading::Command(bound_request(norm, r)),
        Reading::Ask(rs) => Reading::Ask(rs.into_iter().map(|r| bound_request(norm, r)).collect()),
        other => other,
    }
}

fn bound_request(norm: &str, mut r: Request) -> Request {
    if let Request::Offers(o) = &mut r
        && let (Some(n), None) = (o.filter.min_cards, o.filter.max_cards)
    {
        match bound_of(norm, n) {
            Some(CountBound::AtMost(m)) if m >= 1 => {
                o.filter.min_cards = None;
                o.filter.max_cards = Some(m);
            }
            Some(CountBound::AtLeast(m)) => o.filter.min_cards = Some(m),
            _ => {}
        }
    }
    r
}

/// An alert read with its count of cards said as a ceiling (`notify me when a 4090 box with at
/// most 2 gpus shows up`): the count, and the lines to tap instead (the alert on any machine;
/// today's offers with at most that many cards). `None` for any other reading.
pub(super) fn alert_ceiling(norm: &str, reading: &Reading) -> Option<(u32, Vec<String>)> {
    let Reading::Command(Request::Subscribe(s)) = reading else {
        return None;
    };
    let Some(CountBound::AtMost(m)) = bound_of(norm, s.cards?) else {
        return None;
    };
    let mut any = s.clone();
    any.cards = None;
    let card = Cards {
        gpu: s.stock.gpu.clone(),
        count: 1,
    };
    let mut offers = make::offers(
        Some(&card),
        s.stock.platform.as_ref(),
        None,
        s.stock.max.as_ref(),
        false,
    );
    if let Request::Offers(o) = &mut offers {
        o.filter.max_cards = Some(m);
    }
    Some((m, vec![Request::Subscribe(any).line(), offers.line()]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_found_with_their_bound() {
        assert_eq!(
            bound_of("有没有不超过2张的4090机器", 2),
            Some(CountBound::AtMost(2))
        );
        assert_eq!(
            bound_of("at most 2 4090s in one machine", 2),
            Some(CountBound::AtMost(2))
        );
        assert_eq!(
            bound_of("最多四张卡的a100机器", 4),
            Some(CountBound::AtMost(4))
        );
        assert_eq!(
            bound_of("a100 machines at least 4 gpus", 4),
            Some(CountBound::AtLeast(4))
        );
        assert_eq!(bound_of("有没有两张4090的机器", 2), None);
        // The `100` in `a100` is no count.
        assert_eq!(bound_of("at most a100 2 cards", 100), None);
    }
}
