//! A price paid on another cloud beside the card asked here (`a2-highgpu-1g costs me $3.67/h on
//! GCP, what does an A100 40GB cost here`, `阿里云上 A10 一小时 ¥12，这里多少`): the price is a
//! reference, the card is priced on the bot's platforms (`/compare`). It had been the bill of
//! the user's own price, and a whole machine's price (`p5.48xlarge is ~$98/h`) was multiplied
//! by its cards again.

use super::Reading;
use super::question::{Question, one};
use super::request::{self as make};
use super::set_aside::Aside;
use crate::lexicon::here_asked;

/// One card asked here beside a price said: its prices here for the length said (an hour).
pub(super) fn price_here(q: &Question) -> Option<Reading> {
    let [card] = q.e.gpus.as_slice() else {
        return None;
    };
    if q.price.is_none() || !q.nothing_to_size() || !here_asked(q.padded) {
        return None;
    }
    // `这里有低于2块的4090吗`: a price asked as a ceiling here is no reference.
    if q.ceiling_said() || platform_is_here(q) {
        return None;
    }
    let r = make::compare(card, &q.usage())?;
    q.set_aside_all(Aside::Reference);
    one(r)
}

/// `autodl 这边 4090 2块一小时`, `我在 autodl 这里租`: `here` is the platform named right before
/// it, and the price is the one paid there (the user's own figures).
fn platform_is_here(q: &Question) -> bool {
    let here = ["这里", "这边", "here"];
    q.e.platforms.iter().any(|id| {
        let Some(p) = q.catalog.find_platform(id) else {
            return false;
        };
        let names = [p.id.to_lowercase(), p.name.to_lowercase()]
            .into_iter()
            .chain(p.said_names().map(|n| n.to_lowercase()));
        names.into_iter().any(|n| {
            here.iter().any(|h| {
                q.padded.contains(&format!("{n} {h}")) || q.padded.contains(&format!("{n}{h}"))
            })
        })
    })
}
