//! Of two platforms weighed, the one the user asks to hear about first (`autodl 跟 恒源云
//! 哪个好？先说说autodl怎么收费`, `runpod or lambda? start with lambda's billing`): that
//! platform's facts (`/platform X`), the weighing left for after; it had been read as nothing.

use super::Reading;
use super::question::Question;
use super::request::{self as make};

/// Words that name what to tell first, right before a platform.
const FIRST: &[&str] = &[
    "先说说",
    "先说下",
    "先说一下",
    "先讲讲",
    "先讲下",
    "先讲一下",
    "先介绍下",
    "先介绍一下",
    "先看看",
    "first tell me about",
    "tell me about",
    "start with",
    "first,",
    "first ",
];

pub(super) fn first_told(q: &Question) -> Option<Reading> {
    let e = q.e;
    if e.platforms.len() < 2 || !e.gpus.is_empty() || q.price.is_some() || e.usage.is_some() {
        return None;
    }
    let text = q.padded;
    let (at, w) = FIRST
        .iter()
        .filter_map(|w| text.find(w).map(|i| (i, *w)))
        // The longest cue where several start together (`first tell me about`, not `first `).
        .min_by_key(|(i, w)| (*i, std::cmp::Reverse(w.len())))?;
    let rest = text[at + w.len()..].trim_start();
    let len = super::left_for::platform_at(q.catalog, rest)?;
    let named = q.catalog.find_platform(rest[..len].trim_end())?;
    e.platforms
        .iter()
        .find(|p| **p == named.id)
        .map(|p| Reading::Command(make::platform(p)))
}
