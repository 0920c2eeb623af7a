//! What an answer to a plain question adds after the reading's own reply: what the question
//! named that the command cannot carry, each with the command that uses it (und_cx); a second ask
//! offered (`… and how much for 5 hours on vast`), and a region said that the command read
//! could not carry (`美国 4090 租3小时多少钱`: `/compare` ranks every region's platforms) said
//! so, with that region's offers offered, never dropped silently; a region said beside
//! platforms named outside it (`autodl和runpod哪个便宜 国内的`) names them back.

use crate::choice::ChoiceId;
use crate::context::Ctx;
use crate::reply::{Msg, Reply};
use crate::understand::{self, Reading};

/// The replies that follow the reading's answer; `not_carried`: what the question named that
/// the one command read cannot carry (`understand::read_not_carried`), each said on its line
/// with the command that uses it offered.
pub fn asides(
    ctx: &Ctx,
    text: &str,
    reading: &Reading,
    not_carried: &[understand::NotCarried],
) -> Vec<Reply> {
    let mut out = Vec::new();
    // `cram`, `yitian`, `最使宜`: a slip read as the domain word, said, never silent.
    for (typed, word) in understand::slips_said(text) {
        out.push(Reply::text(
            Msg::new("understand-read-slip")
                .said("typed", typed.as_str())
                .said("word", word.as_str()),
        ));
    }
    for n in not_carried {
        out.push(offered(
            Msg::new("understand-not-carried").arg("what", n.said.clone()),
            n.offer.line(),
        ));
    }
    if let Some(also) = understand::second_ask(ctx.catalog, text, reading) {
        out.push(offered(Msg::new("understand-also"), also.line()));
    }
    if let Some(offers) = understand::region_not_carried(ctx.catalog, text, reading) {
        out.push(offered(Msg::new("understand-region"), offers.line()));
    }
    // `低于2u`: the amount in USDT read as US dollars, said so.
    if understand::usdt_said(text, reading) {
        out.push(Reply::text(Msg::new("understand-usdt")));
    }
    // `带个数据盘` with no size: the bill is the card's time alone, said so.
    if understand::storage_unsized(text, reading) {
        out.push(Reply::text(Msg::new("understand-storage-unsized")));
    }
    if let Some((region, outside)) = understand::region_beside_named(ctx.catalog, text, reading) {
        let zh = ctx.lang == crate::i18n::Lang::Zh;
        let names: Vec<&str> = (outside.iter())
            .filter_map(|id| ctx.catalog.platform(id).ok())
            .map(|p| p.display_name(zh))
            .collect();
        let sep = crate::answer::common::fmt(ctx.lang, &Msg::new("advice-list-sep"));
        out.push(Reply::text(
            Msg::new("understand-region-platforms")
                .arg("region", region)
                .arg("names", names.join(&sep))
                .arg("count", names.len()),
        ));
    }
    out
}

/// A note with one command offered as a choice (typed when its line is too long for one).
fn offered(note: Msg, line: String) -> Reply {
    let mut r = Reply::text(note);
    match ChoiceId::Run(line.clone()).wire_within(60) {
        Some(id) => r.with_choice(&id, Msg::new("understand-choice").arg("command", line)),
        None => {
            r.push(Msg::new("understand-choice").arg("command", line));
            r
        }
    }
}
