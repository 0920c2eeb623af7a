//! The words of an image/video `/fit` line (`fp8`, `offload=model`, `res=720p`, `te=fp8`,
//! `lora`, `rank=16`, a card or a memory size) applied to its request. Apart from the reply
//! because reading and answering change for different reasons: a new word touches only this,
//! and an unknown word is an error reply here, never a guess.

use super::{DiffusionLine, vae};
use crate::catalog::Catalog;
use crate::diffusion::torch_conv3d::TorchRelease;
use crate::diffusion::train::{self, OptimizerKind, Train};
use crate::diffusion::train_words::OftTargets;
use crate::diffusion::{DiffusionRequest, Kind, Offload, Pipeline, Precision};
use crate::lexicon;
use crate::reply::{Msg, Reply};

pub(super) fn bad(word: &str) -> Box<Reply> {
    Box::new(
        Reply::text(Msg::new("diff-error-word").said("word", word)).with(Msg::new("diff-usage")),
    )
}

pub(super) fn word<'c>(
    catalog: &'c Catalog,
    line: &mut DiffusionLine<'c>,
    w: &str,
) -> Result<(), Box<Reply>> {
    let r = &mut line.req;
    // A plain question's reading may say `infer`: generation is inference. `lora`, `qlora` and
    // `full` train the denoiser ([`diffusion::train`]), where the pipeline's data allows it.
    match w.parse::<crate::vram::Task>() {
        Ok(crate::vram::Task::Infer) => return Ok(()),
        Ok(task) => {
            if !train::sizable(r.pipeline) {
                return Err(Box::new(
                    Reply::text(
                        Msg::new("diff-train-unsized").arg("model", r.pipeline.name.as_str()),
                    )
                    .with(Msg::new("diff-usage")),
                ));
            }
            let t = r.train.get_or_insert_with(Train::lora);
            match task {
                crate::vram::Task::Full => {
                    t.rank = None;
                    t.optimizer = Train::full().optimizer;
                }
                // QLoRA: the LoRA on a 4-bit base.
                crate::vram::Task::Qlora => {
                    r.precision.get_or_insert(Precision::Nf4);
                }
                _ => {}
            }
            return Ok(());
        }
        Err(_) => {}
    }
    if let Some(p) = Precision::parse(w) {
        r.precision = Some(p);
    } else if ["generate.py", "wan-generate"]
        .iter()
        .any(|x| w.eq_ignore_ascii_case(x))
    {
        option(r, "runner", "wan").ok_or_else(|| bad(w))?;
    } else if ["ema", "use_ema", "--use_ema"]
        .iter()
        .any(|x| w.eq_ignore_ascii_case(x))
    {
        option(r, "ema", "on").ok_or_else(|| bad(w))?;
    } else if let Some((k, v)) = lexicon::option(w) {
        option(r, &k, &v).ok_or_else(|| bad(w))?;
    } else if let Some(o) = Offload::parse(w).filter(|_| w.len() > 3) {
        // `offload`-like bare words: `lowvram`, `sequential` (not `on`/`off`/`cpu` alone).
        r.offload = o;
    } else if w.eq_ignore_ascii_case("offload") {
        r.offload = Offload::Model;
    } else if let Some((wd, ht)) = named_size(r.pipeline, w) {
        (r.width, r.height) = (wd, ht);
    } else if let Some(gb) = lexicon::card_memory_gb(w) {
        line.memory = Some(gb);
    } else {
        let (name, count) = lexicon::cards_and_name(w);
        let g = catalog.find_gpu(&name).ok_or_else(|| bad(w))?;
        line.gpu = Some(g);
        line.many_cards = count > 1;
    }
    Ok(())
}

pub(super) fn option(r: &mut DiffusionRequest, key: &str, value: &str) -> Option<()> {
    let n = |lo: u32, hi: u32| value.parse::<u32>().ok().filter(|x| (lo..=hi).contains(x));
    match key {
        "offload" => r.offload = Offload::parse(value)?,
        "batch" => r.batch = n(1, 64)?,
        "frames" if r.pipeline.kind == Kind::Video => r.frames = n(1, 1000)?,
        // `te=cpu`: the encoders never take the card; `te=fp8` / `te=nf4` / `te=q8_0`: their
        // storage (16-bit is as published).
        "te" | "text" if value.eq_ignore_ascii_case("cpu") => r.text_on_cpu = true,
        // `te=train`: the text encoders trained too (kohya's `text_encoder_lr`): they stay on
        // the card with their LoRA ([`crate::diffusion::train_text`]).
        "te" | "text" if value.eq_ignore_ascii_case("train") && train::sizable(r.pipeline) => {
            r.train.get_or_insert_with(Train::lora).train_text = true
        }
        "te" | "text" => {
            r.text_precision = match Precision::parse(value)? {
                Precision::Bf16 | Precision::Fp16 => None,
                q => Some(q),
            }
        }
        // `t5=off`: the pipeline loaded without its optional T5 (SD3's `text_encoder_3=None`);
        // a pipeline that needs every encoder has no such word.
        "t5" if lexicon::on_off(value) == Some(false)
            && r.pipeline.component.iter().any(|c| c.optional) =>
        {
            r.drop_optional_text = true
        }
        // The VAE's dtype and how its decode is cut (`vae=fp32`, `vae=tiled`, `vae=sliced`).
        "vae" => vae::read(r, value)?,
        "res" | "size" => (r.width, r.height) = size(r.pipeline, value)?,
        // `attn=eager`: no fused attention kernel (torch < 2.0, diffusers < 0.13).
        "attn" | "attention" => {
            r.eager_attention = lexicon::attention(value)? == crate::vram::Attention::Eager
        }
        // `to_cuda=first`: `pipe.to("cuda")` before the offload call, on a diffusers that
        // leaves the weights' blocks in the cache (what nvidia-smi shows, not the need).
        "to_cuda" if value.eq_ignore_ascii_case("first") => r.cuda_first = true,
        // `load=cpu`: components loaded with `device_map="cpu"` before the offload call (no
        // bitsandbytes load stage on the card).
        "load" if value.eq_ignore_ascii_case("cpu") => r.load_on_cpu = true,
        "quant" | "precision" | "dtype" => r.precision = Some(Precision::parse(value)?),
        // The PyTorch release (`torch=2.9`): 2.9 decodes a causal VAE without cuDNN.
        "torch" | "pytorch" => r.torch = Some(TorchRelease::parse(value)?),
        // Training words: each makes the line a training run (a LoRA unless `full` is said).
        "rank" | "r" if train::sizable(r.pipeline) => {
            let t = r.train.get_or_insert_with(Train::lora);
            t.rank = Some(n(1, 1024)?);
        }
        "opt" | "optim" | "optimizer" if train::sizable(r.pipeline) => {
            r.train.get_or_insert_with(Train::lora).optimizer = OptimizerKind::parse(value)?
        }
        "swap" | "blocks_to_swap" | "block_swap" if train::sizable(r.pipeline) => {
            let most = r.pipeline.blocks.saturating_sub(1);
            r.train.get_or_insert_with(Train::lora).blocks_to_swap = n(0, most)?;
        }
        // kohya's `--fused_backward_pass`: no gradient buffer in a full fine-tune.
        "fused" | "fused_backward" if train::sizable(r.pipeline) => {
            r.train.get_or_insert_with(Train::full).fused_backward = on_off(value)?
        }
        // kohya's FLUX.1 `--split_mode` (`train_blocks=single`): a LoRA's halves take turns on
        // the card (`diffusion::split_mode`); a word only where the halves are on file, and
        // not for a full fine-tune (flux_train.py has no split mode).
        "split" | "split_mode" if r.pipeline.kohya_split.is_some() => {
            let t = r.train.get_or_insert_with(Train::lora);
            t.rank?;
            t.split_mode = on_off(value)?
        }
        // kohya's FLUX.1 OFT (`networks.oft_flux`): `oft=attn` (its default targets) or `oft=all`
        // (`enable_all_linear=True`), in place of a LoRA; only where its targets are on file.
        "oft" if r.pipeline.kohya_oft.is_some() => {
            let targets = match value.to_lowercase().as_str() {
                "attn" | "attention" | "on" => OftTargets::Attention,
                "all" | "all_linear" | "enable_all_linear" => OftTargets::AllLinear,
                _ => return None,
            };
            let t = r.train.get_or_insert_with(Train::lora);
            t.rank = None;
            t.oft = Some(targets);
        }
        // `ema=on`: diffusers' `--use_ema`, the moving average's copy of the trained weights.
        "ema" | "use_ema" if train::sizable(r.pipeline) => {
            r.train.get_or_insert_with(Train::lora).ema = on_off(value)?
        }
        "ckpt" | "gc" | "checkpointing" if train::sizable(r.pipeline) => {
            r.train.get_or_insert_with(Train::lora).grad_ckpt = on_off(value)?
        }
        "cache" if train::sizable(r.pipeline) => {
            let on = on_off(value)?;
            let t = r.train.get_or_insert_with(Train::lora);
            (t.cache_latents, t.cache_text) = (on, on);
        }
        // Wan's own `generate.py` (`diffusion::wan`), for the pipelines it runs.
        "runner" | "script" => match value.to_lowercase().as_str() {
            "wan" | "generate.py" | "generate" if r.pipeline.wan_generate.is_some() => {
                r.wan_generate = true
            }
            "diffusers" | "comfyui" => r.wan_generate = false,
            _ => return None,
        },
        _ => return None,
    }
    Some(())
}

fn on_off(v: &str) -> Option<bool> {
    match v.to_lowercase().as_str() {
        "on" | "yes" | "true" | "1" => Some(true),
        "off" | "no" | "false" | "0" => Some(false),
        _ => None,
    }
}

/// `1024x768`, `768` (square for an image, the long side for a clip), `720p`.
fn size(p: &Pipeline, v: &str) -> Option<(u32, u32)> {
    let ok = |x: u32| (64..=4096).contains(&x);
    let v = v.to_lowercase().replace(['×', '*'], "x");
    if let Some((w, h)) = v.split_once('x') {
        let (w, h) = (w.parse().ok()?, h.parse().ok()?);
        return (ok(w) && ok(h)).then_some((w, h));
    }
    named_size(p, &v).or_else(|| {
        let s: u32 = v.parse().ok().filter(|x| ok(*x))?;
        Some(match p.kind {
            Kind::Image => (s, s),
            Kind::Video => (s, (s as f64 * p.height as f64 / p.width as f64) as u32),
        })
    })
}

/// `480p` / `720p` / `1080p`: the short side, in the pipeline's aspect.
fn named_size(p: &Pipeline, w: &str) -> Option<(u32, u32)> {
    let short: u32 = w.to_lowercase().strip_suffix('p')?.parse().ok()?;
    if !(240..=2160).contains(&short) {
        return None;
    }
    let ratio = p.width.max(p.height) as f64 / p.width.min(p.height) as f64;
    let long = ((short as f64 * ratio / 16.0).round() as u32) * 16;
    Some(if p.width >= p.height {
        (long, short)
    } else {
        (short, long)
    })
}
