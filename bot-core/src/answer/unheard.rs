//! The answer to a question that names a card or a currency the bot does not know
//! ([`crate::understand::Unheard`]): the word said back, the cards close to it, and the
//! question read again with each of them (or in the chat's currency) as choices, never run.

use crate::choice::ChoiceId;
use crate::context::Ctx;
use crate::i18n::Lang;
use crate::reply::{Msg, Reply};
use crate::understand::Unheard;

pub fn reply(ctx: &Ctx, u: &Unheard) -> Reply {
    let zh = ctx.lang == Lang::Zh;
    let (r, lines) = match u {
        Unheard::Card { word, near, lines } => {
            let mut r =
                Reply::text(Msg::new("understand-unknown-card").said("word", word.as_str()));
            let names: Vec<String> = near
                .iter()
                .filter_map(|id| ctx.catalog.find_gpu(id))
                .map(|g| g.display_name(zh).to_string())
                .collect();
            if !names.is_empty() {
                let sep = if zh { "、" } else { ", " };
                r.push(Msg::new("understand-unknown-card-near").arg("near", names.join(sep)));
            }
            (r, lines)
        }
        Unheard::Currency { word, lines } => {
            let mut r = Reply::text(
                Msg::new("understand-unsupported-currency").said("word", word.as_str()),
            );
            if !lines.is_empty() {
                r.push(Msg::new("understand-unsupported-currency-again"));
            }
            (r, lines)
        }
        Unheard::Span { word } => (
            Reply::text(Msg::new("understand-unusable-span").said("word", word.as_str())),
            &Vec::new(),
        ),
        Unheard::Unit { word, lines } => (
            Reply::text(Msg::new("understand-unknown-unit").said("word", word.as_str())),
            lines,
        ),
        Unheard::Cap { word, lines } => {
            let mut r = Reply::text(Msg::new("understand-cap-unread").said("word", word.as_str()));
            if !lines.is_empty() {
                r.push(Msg::new("understand-cap-unread-without"));
            }
            (r, lines)
        }
        Unheard::CountCeiling { count, lines } => (
            Reply::text(Msg::new("understand-count-ceiling").arg("count", *count)),
            lines,
        ),
        Unheard::Count { word } => (
            Reply::text(Msg::new("understand-negative-count").said("word", word.as_str())),
            &Vec::new(),
        ),
        Unheard::FollowUp { lines } => {
            let mut r = Reply::text(Msg::new("understand-follow-up"));
            if !lines.is_empty() {
                r.push(Msg::new("understand-follow-up-alone"));
            }
            (r, lines)
        }
        Unheard::Model { word, lines } => {
            let mut r =
                Reply::text(Msg::new("understand-unknown-model").said("word", word.as_str()));
            if !lines.is_empty() {
                r.push(Msg::new("understand-unknown-model-card"));
            }
            (r, lines)
        }
        Unheard::Media {
            word,
            family,
            lines,
        } => {
            let mut r = Reply::text(
                Msg::new("understand-unsized-media")
                    .said("word", word.as_str())
                    .arg("family", family.as_str()),
            );
            if !lines.is_empty() {
                r.push(Msg::new("understand-unknown-model-card"));
            }
            (r, lines)
        }
        Unheard::Quant { word, lines } => {
            let mut r =
                Reply::text(Msg::new("understand-unknown-quant").said("word", word.as_str()));
            if !lines.is_empty() {
                r.push(Msg::new("understand-unknown-quant-above"));
            }
            (r, lines)
        }
        Unheard::Platform { word, lines } => {
            let mut r =
                Reply::text(Msg::new("understand-unknown-platform").said("word", word.as_str()));
            if !lines.is_empty() {
                r.push(Msg::new("understand-unknown-platform-without"));
            }
            (r, lines)
        }
        Unheard::Place { word, lines, home } => {
            let id =
                ["understand-unknown-place", "understand-unknown-home-place"][usize::from(*home)];
            let mut r = Reply::text(Msg::new(id).said("word", word.as_str()));
            if !lines.is_empty() {
                r.push(Msg::new("understand-unknown-place-without"));
            }
            (r, lines)
        }
        Unheard::Laptop { card, lines } => {
            let name = ctx
                .catalog
                .find_gpu(card)
                .map_or(card.as_str(), |g| g.display_name(zh));
            let mut r = Reply::text(Msg::new("understand-unknown-laptop-card").arg("card", name));
            if !lines.is_empty() {
                r.push(Msg::new("understand-unknown-laptop-card-without"));
            }
            (r, lines)
        }
        Unheard::Budget { lines } => (Reply::text(Msg::new("understand-budget-hours")), lines),
    };
    with_lines(r, lines)
}

/// `r` with up to three readings offered to tap (typed where a line is too long for a button).
fn with_lines(mut r: Reply, lines: &[String]) -> Reply {
    for line in lines.iter().take(3) {
        // Choice ids travel in callback data: short ASCII only, else typed.
        match ChoiceId::Run(line.clone()).wire_within(60) {
            Some(id) => {
                r = r.with_choice(&id, Msg::new("understand-choice").arg("command", line));
            }
            None => {
                r.push(Msg::new("understand-choice").arg("command", line));
            }
        }
    }
    r
}
