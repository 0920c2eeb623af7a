//! Platforms asked in a place (`platforms in the US`, `欧洲的云`, `有没有香港的平台`, `北京的机房`):
//! `/platforms` with that place (`/platforms us`, the lexicon's places table) or, for the
//! catalog's own split, its region need (`/platforms cn`). A list of platforms read another way
//! (`list providers in europe that take paypal` → `/platforms paypal`) keeps the place said,
//! never drops it in silence. Where the user is (`I'm in Germany`) is no place asked.

use super::Reading;
use super::question::Question;
use super::request::{self as make, Request};
use crate::lexicon::{HOSTS_IN_PLACE, Need, home_nearby, host_noun_slip};

/// The place the machines are asked in: named as theirs (`lexicon::place_said`), or where the
/// person is with a word of nearness (`I'm in Japan … servers nearby`: `lexicon::home_nearby`).
fn place_said(padded: &str) -> Option<&'static str> {
    crate::lexicon::place_said(padded).or_else(|| home_nearby(padded))
}

/// Whether a noun for platforms or machines is said (ASCII ones whole words, or with one slip:
/// `lexicon::host_noun_slip`).
fn hosts_said(padded: &str) -> bool {
    let padded = &format!(" {padded} ");
    let slip = padded
        .split(|c: char| !c.is_ascii_alphabetic())
        .any(host_noun_slip);
    slip || HOSTS_IN_PLACE.iter().any(|w| {
        if w.is_ascii() {
            padded.contains(&format!(" {w} "))
                || padded.contains(&format!(" {w}?"))
                || padded.contains(&format!(" {w}的"))
        } else {
            padded.contains(w)
        }
    })
}

/// `有没有香港的`: a place asked to exist, nothing after it.
fn place_alone(padded: &str) -> bool {
    let t = padded.trim();
    t.starts_with("有没有") && t.trim_end_matches(['吗', '?']).ends_with('的')
}

/// The platforms asked in a place, when nothing else is named: no card, model, platform, price
/// or length.
pub(super) fn platforms_in_place(q: &Question) -> Option<Reading> {
    if !q.e.gpus.is_empty()
        || !q.e.platforms.is_empty()
        || !q.nothing_to_size()
        || q.price.is_some()
        || q.e.usage.is_some()
    {
        return None;
    }
    // Guidance asked in a place (`国内有什么好用的平台推荐吗`, `best gpu platform … in china`)
    // is `/pick`; a memory floor in a region (`24gb vram in US region`) is offers.
    if super::words_guidance::asks_pick(q.padded) || q.has(super::size_guided::GUIDED_IN_PLACE) {
        return None;
    }
    let place = place_said(q.padded)?;
    if !hosts_said(q.padded) && !place_alone(q.padded) {
        return None;
    }
    let needs = super::needs_said::needs_said(q.padded);
    Some(Reading::Command(placed(needs, place)))
}

/// `/platforms` with the needs and the place: the catalog's split as its need, any other place
/// as the place.
fn placed(mut needs: Vec<Need>, place: &'static str) -> Request {
    let mut r = make::platforms(Vec::new());
    if matches!(place, "cn" | "global") {
        if !needs.iter().any(|n| matches!(n, Need::Region(_))) {
            needs.push(Need::Region(place));
        }
    } else if let Request::Platforms(a) = &mut r {
        a.place = Some(place);
    }
    if let Request::Platforms(a) = &mut r {
        a.needs = needs;
    }
    r
}

/// A list of platforms with no place, where a place (not the catalog's split) is said: that
/// place kept.
pub(super) fn with_place(q: &Question, r: Reading) -> Reading {
    match r {
        Reading::Command(Request::Platforms(mut a)) if a.place.is_none() => {
            if let Some(place) = place_said(q.padded).filter(|p| !matches!(*p, "cn" | "global")) {
                a.place = Some(place);
                // A place outside China said, the split `overseas` read from it says nothing more.
                a.needs.retain(|n| *n != Need::Region("global"));
            }
            Reading::Command(Request::Platforms(a))
        }
        r => r,
    }
}

#[cfg(test)]
mod tests {
    use super::{hosts_said, place_alone};

    #[test]
    fn hosts_and_places_alone() {
        assert!(hosts_said(" 欧洲的云 "));
        assert!(hosts_said(" platforms in the us "));
        assert!(!hosts_said(" cloudy day in paris "));
        // A long host noun with one slip is the noun; a short one's look-alike is not.
        assert!(hosts_said(" which gpu provders are in the us "));
        assert!(hosts_said(" gpu platfroms in the eu "));
        assert!(!hosts_said(" ghosts in europe "));
        assert!(place_alone(" 有没有香港的 "));
        assert!(!place_alone(" 有没有香港的4090 "));
    }
}
