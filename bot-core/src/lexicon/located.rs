//! Whether a platform has machines in a place, by its sourced region texts
//! (`[platform.locations]`): the one test `/platforms <place>` and `/pick` make, with the same
//! matcher `/offers region=` uses for an offer's text (`availability::region_text_in`).

use super::regions::{PLACES, place_codes, place_within};
use crate::catalog::Platform;

/// Whether `p` has machines in `place` (a region text of [`PLACES`]): unknown without a list,
/// never guessed from where it sells. A complete list with none there is a no, unless one of
/// its texts names only the wider place the asked one lies in (Lambda's `europe-central-1` for
/// Germany), the list is partial, or one of its texts is placed by no place nor site the lexicon
/// has (Paperspace's `East Coast (NY2)`): that text could lie anywhere, so the answer is unknown.
pub fn platform_in_place(p: &Platform, place: &str) -> Option<bool> {
    let l = p.locations.as_ref()?;
    let has = |place: &str| {
        let codes = place_codes(&place.to_lowercase());
        l.regions
            .iter()
            .any(|r| crate::availability::region_text_in(r, place, &codes))
    };
    if has(place) {
        return Some(true);
    }
    let wider = place_within(place).is_some_and(has);
    let all_placed = l.regions.iter().all(|r| placed(r));
    (l.complete && !wider && all_placed).then_some(false)
}

/// Where a platform stands against a place a person said they are in (`/stock`, `/offers`,
/// `/platforms` ordered by it): 0 machines there, 1 unknown, 2 elsewhere. The catalog's own
/// split (`cn`, `global`) by its region; any other place by [`platform_in_place`].
pub fn platform_standing(p: &Platform, place: &str) -> u8 {
    let there = match place {
        "cn" | "global" => Some(p.region == place),
        _ => platform_in_place(p, place),
    };
    match there {
        Some(true) => 0,
        None => 1,
        Some(false) => 2,
    }
}

/// Whether a provider's region text lies in some place the lexicon knows: mainland China
/// (`cn`, by the cities and regions providers write, `China (Hangzhou)`, `华北-北京四`)
/// included; `global` is no place, only the catalog's split.
pub fn placed(region: &str) -> bool {
    PLACES
        .iter()
        .filter(|place| place.text != "global")
        .any(|place| {
            crate::availability::region_text_in(region, place.text, &place_codes(place.text))
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;

    #[test]
    fn a_listed_place_a_place_not_listed_and_no_list() {
        let cat = Catalog::embedded().unwrap();
        let p = |id: &str| cat.platform(id).unwrap();
        assert_eq!(platform_in_place(p("runpod"), "us"), Some(true));
        assert_eq!(platform_in_place(p("fluidstack"), "us"), Some(false));
        // No list: unknown, never guessed from where the platform sells.
        assert_eq!(platform_in_place(p("autodl"), "us"), None);
        // A partial list without the place: unknown.
        assert_eq!(platform_in_place(p("vast"), "japan"), None);
        // A site code a source places (DigitalOcean's nyc2).
        assert_eq!(platform_in_place(p("digitalocean"), "us"), Some(true));
    }

    #[test]
    fn an_unplaced_text_in_a_complete_list_leaves_other_places_unknown() {
        assert!(placed("us-east-1") && placed("Europe (AMS1)") && placed("nyc2"));
        assert!(!placed("East Coast (NY2)"));
        let cat = Catalog::embedded().unwrap();
        let ps = cat.platform("paperspace").unwrap();
        assert_eq!(platform_in_place(ps, "eu"), Some(true));
        // NY2 and CA1 are placed by no source read: not a no for the US.
        assert_eq!(platform_in_place(ps, "us"), None);
        let mut cut = ps.clone();
        cut.locations.as_mut().unwrap().regions = vec!["Europe (AMS1)".into()];
        assert_eq!(platform_in_place(&cut, "us"), Some(false));
    }
}
