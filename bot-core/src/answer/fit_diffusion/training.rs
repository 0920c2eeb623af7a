//! Training an image or video model in `/fit` (`/fit flux.1-dev lora 4090`): the run by part,
//! its verdict on the card typed, the words that lower it, and the cards that hold it.

use super::{DiffusionLine, Fix, TRAIN_MARGIN_PCT, gib, size_text, verdict_and_fixes};
use crate::catalog::{Catalog, Gpu};
use crate::diffusion::train::{self, Train};
use crate::diffusion::train_words::OftTargets;
use crate::diffusion::{DiffusionReport, DiffusionRequest, cards_that_hold, estimate};
use crate::diffusion::{kohya_oft, split_mode, train_text};
use crate::reply::{Msg, Reply};

/// A training run: by part, the verdict (±[`TRAIN_MARGIN_PCT`]), the words that lower it, the
/// cards that hold it, what was assumed and the sources.
pub(super) fn render_train(
    catalog: &Catalog,
    line: &DiffusionLine,
    t: &Train,
    e: &DiffusionReport,
) -> Reply {
    let r = &line.req;
    let p = r.pipeline;
    let mut reply = Reply::text(
        Msg::new("diff-train-title")
            .arg("model", p.name.as_str())
            .arg(
                "method",
                match (t.oft, t.rank) {
                    (Some(_), _) => "oft",
                    (None, Some(_)) => "lora",
                    (None, None) => "full",
                },
            )
            .arg("rank", t.rank.unwrap_or(0))
            .arg("precision", r.denoiser_precision().key().to_uppercase())
            .arg("size", size_text(r))
            .arg("batch", r.batch)
            .arg("optimizer", t.optimizer.key()),
    );
    reply.push(
        Msg::new("diff-train-parts")
            .arg("denoiser", gib(train::denoiser_on_card_gib(r, t, e)))
            .arg("swap", t.blocks_to_swap)
            .arg("blocks", p.blocks)
            .arg("trained", gib(train::trained_gib(r, t)))
            .arg("step", gib(e.step_gib))
            .arg("tokens", format!("{:.0}", e.tokens))
            .arg("ckpt", if t.grad_ckpt { "yes" } else { "no" }),
    );
    reply.push(
        Msg::new("diff-train-encoders")
            .arg("text", gib(e.text_gib))
            .arg("vae", gib(e.vae_gib))
            .arg(
                "text_on",
                if t.cache_text && !t.train_text {
                    "no"
                } else {
                    "yes"
                },
            )
            .arg("vae_on", if t.cache_latents { "no" } else { "yes" })
            .arg(
                "trained",
                match (t.train_text, train_text::trained_text_gib(r, t)) {
                    (false, _) => "no",
                    (true, Some(_)) => "yes",
                    (true, None) => "unsized",
                },
            )
            .arg("te_train", gib(e.text_train_gib)),
    );
    // Copies beside the trained weights (`diffusion::train`): the moving average's and
    // autocast's 16-bit casts of fp32 weights, said when they hold anything.
    if let Some(s) = split_mode::applies(r, t) {
        let (upper, lower) = split_mode::halves_gib(r, s);
        let (up, low) = split_mode::stages_gib(r, t, s, e.tokens);
        reply.push(
            Msg::new("diff-train-split")
                .arg("upper", gib(upper))
                .arg("lower", gib(lower))
                .arg("stage", if up > low { "upper" } else { "lower" }),
        );
    }
    if let Some((o, targets)) = kohya_oft::applies(r, t) {
        reply.push(
            Msg::new("diff-train-oft")
                .arg(
                    "targets",
                    match targets {
                        OftTargets::Attention => "attn",
                        OftTargets::AllLinear => "all",
                    },
                )
                .arg("kept", gib(kohya_oft::kept_gib(o, targets, t.grad_ckpt)))
                .arg("ckpt", if t.grad_ckpt { "yes" } else { "no" }),
        );
    }
    let (ema, amp) = (train::ema_gib(r, t), train::autocast_copies_gib(r, t));
    if ema > 0.0 {
        reply.push(Msg::new("diff-train-ema").arg("ema", gib(ema)));
    }
    if amp > 0.0 {
        reply.push(Msg::new("diff-train-amp").arg("amp", gib(amp)));
    }
    reply.push(
        Msg::new("diff-peak")
            .arg("peak", gib(e.peak_gib))
            .arg("stage", "train")
            .arg("reserve", gib(e.reserve_gib))
            .arg("context", gib(e.context_gib)),
    );
    if line.many_cards {
        reply.push(Msg::new("diff-one-card"));
    }
    if let Some(g) = line.gpu {
        verdict(&mut reply, r, e, g);
    }
    let held = cards_that_hold(catalog, e);
    if held.is_empty() {
        reply.push(Msg::new("diff-no-cards"));
    } else {
        // Both locales' lists, as the inference answer gives them (zh-CN's message reads its own).
        super::push_cards(&mut reply, "diff-cards", &held, TRAIN_MARGIN_PCT);
    }
    reply.push(Msg::new("diff-train-basis").arg("blocks", p.blocks_basis.as_str()));
    reply.push(
        Msg::new("diff-sources")
            .arg("sources", p.source.as_str())
            .arg("as_of", p.as_of.as_str()),
    );
    reply
}

/// The training words that ask for `t` (`fp8 opt=adamw8bit swap=12`).
fn train_change_words(from: &DiffusionRequest, t: &DiffusionRequest) -> String {
    let mut out: Vec<String> = Vec::new();
    if t.denoiser_precision() != from.denoiser_precision() {
        out.push(t.denoiser_precision().key().to_string());
    }
    if let (Some(a), Some(b)) = (from.train, t.train) {
        if a.optimizer != b.optimizer {
            out.push(format!("opt={}", b.optimizer.key()));
        }
        if a.blocks_to_swap != b.blocks_to_swap {
            out.push(format!("swap={}", b.blocks_to_swap));
        }
    }
    out.join(" ")
}

/// The training run's verdict on card `g` (±[`TRAIN_MARGIN_PCT`]) and, short of a clear fit,
/// the words that lower it.
fn verdict(reply: &mut Reply, r: &DiffusionRequest, e: &DiffusionReport, g: &Gpu) {
    let none = Msg::new("diff-train-fix").arg("blocks", r.pipeline.blocks.saturating_sub(1));
    verdict_and_fixes(reply, g, e, TRAIN_MARGIN_PCT, none, |target| {
        train::fixes(r, target)
            .into_iter()
            .map(|f| Fix {
                words: train_change_words(r, &f),
                peak_gib: estimate(&f).peak_gib,
                slow: f.train.is_some_and(|x| x.blocks_to_swap > 0),
            })
            .collect()
    });
}
