//! Image and video generation inside `/pick` (`想跑SD出图`, `flux lora training`, `wan 出视频`):
//! the task is read as generation and never asked again, the model step asks a diffusion
//! pipeline, and the card step sizes it with the pipeline's own estimate (`diffusion::`), one
//! output at its default size as published, the same figure `/fit flux.1-dev` gives. Training a
//! LoRA on one is sized as `/fit flux.1-dev lora` sizes it; a pipeline whose data cannot size
//! training is said so, never priced.

use super::state::{Media, PickState, Step};
use crate::catalog::Gpu;
use crate::context::Ctx;
use crate::diffusion::train::{self, Train};
use crate::diffusion::{self, DiffusionReport, DiffusionRequest, Kind, Pipeline};
use crate::reply::{Msg, Reply};
use crate::vram::FitOption;

/// Words that say "generate images" / "generate video" without naming a pipeline.
const IMAGE_WORDS: &[&str] = &[
    "出图",
    "生图",
    "画图",
    "作图",
    "绘图",
    "文生图",
    "图生图",
    "生成图片",
    "生成图像",
    "图片生成",
    "图像生成",
    "ai绘画",
    "ai画图",
    "画画",
    "绘画",
    "txt2img",
    "img2img",
    "text to image",
    "text2image",
    "image generation",
    "image gen",
    "generate image",
    "generate an image",
    "generate some image",
    "generating image",
    "make images",
    "stable diffusion",
    "comfyui",
    "comfy ui",
    "webui",
    "a1111",
    "midjourney",
];
const VIDEO_WORDS: &[&str] = &[
    "出视频",
    "生成视频",
    "视频生成",
    "文生视频",
    "图生视频",
    "做视频",
    "text to video",
    "text2video",
    "image to video",
    "video generation",
    "generate video",
    "generate a video",
    "generate some video",
    "generating video",
    "make a video",
    "make videos",
    "t2v",
    "i2v",
];
/// Family words that name no one pipeline: the pipeline is asked.
const FAMILIES: &[(&str, Media)] = &[("sd", Media::Image), ("wan", Media::Video)];

/// Lower case, `-`/`_` as spaces: the form both the text and the pipeline names are matched in.
fn plain(t: &str) -> String {
    crate::understand::normalize(t)
        .to_lowercase()
        .replace(['-', '_'], " ")
}

/// Whether `key` stands in `text` as a word of its own (no letter or digit glued to either side;
/// Chinese characters around it are fine: `跑sd出图`).
fn word_at(text: &str, key: &str) -> bool {
    let glued = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric());
    text.match_indices(key).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + key.len()..].chars().next();
        !glued(before) && !glued(after) && after != Some('.')
    })
}

/// The pipeline named in `text` (the longest name that stands as a word), if any.
pub(super) fn pipeline_in(text: &str) -> Option<&'static Pipeline> {
    let t = plain(text);
    pipeline_keys()
        .iter()
        .filter(|(_, k)| word_at(&t, k))
        .max_by_key(|(_, k)| k.len())
        .map(|(p, _)| sized_as_said(p, &t))
}

/// Every pipeline's names in [`plain`] form, made once: normalizing each name on every reading
/// was most of a /pick turn's time (`perf`, docs/performance.md).
fn pipeline_keys() -> &'static [(&'static Pipeline, String)] {
    static KEYS: std::sync::OnceLock<Vec<(&'static Pipeline, String)>> = std::sync::OnceLock::new();
    KEYS.get_or_init(|| {
        diffusion::pipelines()
            .iter()
            .flat_map(|p| {
                [&p.id, &p.name]
                    .into_iter()
                    .chain(&p.aliases)
                    .chain(&p.hf_ids)
                    .map(move |k| (p, plain(k)))
            })
            .filter(|(_, k)| k.len() >= 3)
            .collect()
    })
}

/// The family's pipeline of the size said apart from its name (`wan 2.1, 1.3b model` is the
/// 1.3B, not the 14B `wan 2.1` stands for), by [`diffusion::sized_kin`], the reader's own rule;
/// `p` itself when no size, or sizes that pick different pipelines, are said.
fn sized_as_said(p: &'static Pipeline, t: &str) -> &'static Pipeline {
    let mut kin = t
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '.'))
        .map(|w| w.trim_matches('.'))
        .filter(|w| crate::lexicon::model_size(w).is_some_and(|r| r.is_ok()))
        .filter_map(|w| diffusion::sized_kin(p, w));
    match (kin.next(), kin.next()) {
        (Some(q), None) => q,
        (Some(q), Some(r)) if q.id == r.id && kin.all(|x| x.id == q.id) => q,
        _ => p,
    }
}

fn kind_of(p: &Pipeline) -> Media {
    match p.kind {
        Kind::Image => Media::Image,
        Kind::Video => Media::Video,
    }
}

/// An image or video job said in `text`: its kind, and the pipeline when one is named.
pub(super) fn media_in(text: &str) -> Option<(Media, Option<&'static Pipeline>)> {
    if let Some(p) = pipeline_in(text) {
        return Some((kind_of(p), Some(p)));
    }
    let t = plain(text);
    if VIDEO_WORDS.iter().any(|w| t.contains(w)) {
        return Some((Media::Video, None));
    }
    if IMAGE_WORDS.iter().any(|w| t.contains(w)) {
        return Some((Media::Image, None));
    }
    // `i want make video from text`: a medium after a verb of making.
    match crate::lexicon::medium_made(&t) {
        Some(crate::lexicon::Made::Video) => return Some((Media::Video, None)),
        Some(crate::lexicon::Made::Image) => return Some((Media::Image, None)),
        None => {}
    }
    // `做几段短视频`: a making verb and its object (und_ea's table).
    if let Some(m) = super::media_verbs::made(&t) {
        return Some((m, None));
    }
    FAMILIES
        .iter()
        .find(|(w, _)| word_at(&t, w))
        .map(|(_, m)| (*m, None))
}

/// Applies a generation job to `s`: its kind and pipeline, and the steps an LLM needs that a
/// generation does not (precision as published, context, conversations) are not asked.
pub(super) fn apply(s: &mut PickState, media: Media, pipeline: Option<&Pipeline>) {
    s.media = Some(media);
    s.model = None;
    s.params_b = None;
    s.method = None;
    s.context = None;
    s.concurrency = None;
    if let Some(p) = pipeline {
        s.pipeline = Some(p.id.clone());
        s.media = Some(kind_of(p));
        skip(s, Step::Model);
    }
    for step in [Step::Method, Step::Context, Step::Concurrency] {
        skip(s, step);
    }
}

fn skip(s: &mut PickState, step: Step) {
    if !s.skip.contains(&step) {
        s.skip.push(step);
    }
}

/// The echo line of the task: image or video generation, or training for one.
pub(super) fn task_key(s: &PickState) -> Option<&'static str> {
    let tune = s.task == Some(super::state::TaskKind::FineTune);
    Some(match (s.media?, tune) {
        (Media::Image, false) => "image",
        (Media::Video, false) => "video",
        (Media::Image, true) => "image-tune",
        (Media::Video, true) => "video-tune",
    })
}

/// The pipeline's name for the echo.
pub(super) fn pipeline_msg(s: &PickState) -> Option<Msg> {
    let p = diffusion::find(s.pipeline.as_deref()?)?;
    Some(Msg::new("pick-understood-model").arg("name", &p.name))
}

/// The task and pipeline of a generation job named after the task was tapped (at the model
/// step), said back; nothing for any other job.
pub(super) fn named(s: &PickState) -> Vec<Msg> {
    let Some(task) = s.media.and(task_key(s)) else {
        return Vec::new();
    };
    let mut v = vec![Msg::new("pick-understood-task").arg("task", task)];
    v.extend(pipeline_msg(s));
    v
}

/// The model step of a generation job: its pipelines, of the kind said first.
pub(super) fn ask_pipeline(s: &PickState, header: Msg) -> Reply {
    let mut r = Reply::text(header).with(Msg::new("pick-ask-pipeline"));
    let want = s.media.unwrap_or(Media::Image);
    let mut list: Vec<&Pipeline> = diffusion::pipelines().iter().collect();
    list.sort_by_key(|p| kind_of(p) != want);
    for p in list {
        r = r.with_choice(
            &format!("p:{}", p.id),
            Msg::new("pick-model").arg("name", &p.name),
        );
    }
    r
}

/// A pipeline answered at the model step (a tap or its name).
pub(super) fn model_answer(s: &mut PickState, choice: Option<&str>, text: Option<&str>) -> bool {
    let p = match (choice.and_then(|c| c.strip_prefix("p:")), text) {
        (Some(id), _) => diffusion::find(id),
        (None, Some(t)) => pipeline_in(t),
        _ => None,
    };
    let Some(p) = p else {
        return false;
    };
    s.pipeline = Some(p.id.clone());
    s.media = Some(kind_of(p));
    true
}

/// The run `/pick` sizes: one generation at the pipeline's defaults, or a LoRA on it at the
/// training tools' low-memory defaults (`Train::lora`, the figure `/fit flux.1-dev lora` gives);
/// `None` for training a pipeline whose data cannot size it. With its verdict margin, in %.
fn request<'p>(s: &PickState, p: &'p Pipeline) -> Option<(DiffusionRequest<'p>, u32)> {
    let mut r = DiffusionRequest::new(p);
    if s.task != Some(super::state::TaskKind::FineTune) {
        return Some((r, crate::answer::fit_diffusion::margin_pct(p)));
    }
    if !train::sizable(p) {
        return None;
    }
    r.train = Some(Train::lora());
    Some((r, crate::answer::fit_diffusion::TRAIN_MARGIN_PCT))
}

/// Whether the job is training an image or video model that cannot be sized (the pipeline's
/// data lacks its block count).
pub(super) fn train_unsized(s: &PickState) -> bool {
    s.task == Some(super::state::TaskKind::FineTune)
        && s.pipeline
            .as_deref()
            .and_then(diffusion::find)
            .is_none_or(|p| !train::sizable(p))
}

/// A `/pick` media job sized once for its card step: the run ([`request`]), its estimate, the
/// catalog cards that hold it as the fit engine's options (one card: a pipeline runs on one, so
/// the card step prices them alike), and those left out for want of bf16.
pub(super) struct MediaFit<'c> {
    pipeline: &'static Pipeline,
    req: DiffusionRequest<'static>,
    pub report: DiffusionReport,
    pub options: Vec<FitOption>,
    /// Cards that hold the run but have no bf16 (compute capability below 8.0) while the
    /// pipeline runs in bf16: not listed, and named so the user knows why a V100 is missing.
    no_bf16: Vec<&'c Gpu>,
}

pub(super) fn sized<'c>(ctx: &Ctx<'c>, s: &PickState) -> Option<MediaFit<'c>> {
    let pipeline = diffusion::find(s.pipeline.as_deref()?)?;
    let (req, margin) = request(s, pipeline)?;
    let report = diffusion::estimate(&req);
    let (held, no_bf16): (Vec<&Gpu>, Vec<&Gpu>) = ctx
        .catalog
        .gpus
        .iter()
        .filter(|g| g.usable_gib() >= report.peak_gib)
        .partition(|g| crate::answer::fit_diffusion::no_bf16_image_note(g, &req).is_none());
    let options = held
        .into_iter()
        .map(|g| {
            let price = ctx.catalog.cheapest_hourly_usd(&g.id);
            FitOption {
                gpu: g.id.clone(),
                cards: 1,
                per_gpu_gib: report.peak_gib,
                fits: true,
                tight: g.usable_gib() - report.peak_gib
                    < report.peak_gib * f64::from(margin) / 100.0,
                vram_gb: g.vram_gb,
                interconnect: g.interconnect.clone(),
                usd_per_hour: price.as_ref().map(|p| p.usd),
                price_as_of: price.as_ref().map(|p| p.as_of.clone()),
                price_from: price.as_ref().is_some_and(|p| p.from),
                decode_tok_s: None,
            }
        })
        .collect();
    Some(MediaFit {
        pipeline,
        req,
        report,
        options,
        no_bf16,
    })
}

impl MediaFit<'_> {
    /// The cards left out for want of bf16, named; `None` when none is.
    pub(super) fn no_bf16_left_out(&self, zh: bool) -> Option<Msg> {
        if self.no_bf16.is_empty() {
            return None;
        }
        let names: Vec<&str> = self.no_bf16.iter().map(|g| g.display_name(zh)).collect();
        Some(
            Msg::new("pick-media-no-bf16")
                .arg("name", &self.pipeline.name)
                .arg("cards", names.join(", ")),
        )
    }

    /// "FLUX.1-dev needs about 33.9 GiB at its peak (denoising) for one 1024×1024 image", or
    /// what a LoRA on it needs, with the defaults it was sized on.
    pub(super) fn summary(&self) -> Msg {
        let (p, r, report) = (self.pipeline, &self.req, &self.report);
        if let Some(t) = r.train {
            return Msg::new("pick-media-train-summary")
                .arg("name", &p.name)
                .arg("id", &p.id)
                .arg("peak", format!("{:.1}", report.peak_gib))
                .arg("rank", t.rank.unwrap_or(0))
                .arg("width", r.width)
                .arg("height", r.height);
        }
        Msg::new("pick-media-summary")
            .arg("name", &p.name)
            .arg("peak", format!("{:.1}", report.peak_gib))
            .arg("stage", report.stage.key())
            .arg("width", r.width)
            .arg("height", r.height)
            .arg("frames", r.frames)
            .arg(
                "kind",
                if p.kind == Kind::Video {
                    "video"
                } else {
                    "image"
                },
            )
    }
}

/// Why `cards` × `gpu_id` cannot hold the generation, with the cards that can; `None` when it
/// does (or the job is not a generation).
pub(super) fn refuse(ctx: &Ctx, s: &PickState, gpu_id: &str, cards: u32) -> Option<Reply> {
    let MediaFit {
        report, options, ..
    } = sized(ctx, s)?;
    let gpu = ctx.catalog.gpu(gpu_id).ok()?;
    if gpu.usable_gib() >= report.peak_gib {
        return None;
    }
    let zh = ctx.lang == crate::i18n::Lang::Zh;
    let mut r = Reply::text(
        Msg::new("pick-card-does-not-fit")
            .arg("cards", cards)
            .arg("gpu", gpu.display_name(zh))
            .arg("vram", format!("{:.1}", gpu.usable_gib()))
            .arg("need", format!("{:.1}", report.peak_gib)),
    );
    let names: Vec<String> = options
        .iter()
        .filter(|o| o.usd_per_hour.is_some())
        .take(3)
        .filter_map(|o| ctx.catalog.gpu(&o.gpu).ok())
        .map(|g| format!("1× {}", g.display_name(zh)))
        .collect();
    r.push(if names.is_empty() {
        Msg::new("pick-no-card-fits")
    } else {
        Msg::new("pick-card-alternatives").arg("cards", names.join(", "))
    });
    Some(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generation_said_in_many_ways() {
        for (t, kind, id) in [
            ("想跑SD出图", Media::Image, None),
            ("flux lora training", Media::Image, Some("flux.1-dev")),
            ("wan 出视频", Media::Video, None),
            (
                "用comfyui跑flux dev 出几张图",
                Media::Image,
                Some("flux.1-dev"),
            ),
            ("stable diffusion xl images", Media::Image, Some("sdxl")),
            (
                "想用wan2.1生成5秒的视频",
                Media::Video,
                Some("wan2.1-t2v-14b"),
            ),
            ("sd 1.5 txt2img", Media::Image, Some("sd1.5")),
            ("generate some images", Media::Image, None),
            ("i want make video from text", Media::Video, None),
            ("create a few posters for my shop", Media::Image, None),
        ] {
            let got = media_in(t).unwrap_or_else(|| panic!("{t}"));
            assert_eq!(got.0, kind, "{t}");
            assert_eq!(got.1.map(|p| p.id.as_str()), id, "{t}");
        }
        // An LLM job, a platform's ready images and a word that only contains `sd`.
        for t in [
            "lora微调qwen2.5 7b",
            "need ready images and a web terminal",
            "serve llama 3 8b",
            "ssd 够大吗",
            "wanted to try qwen",
        ] {
            assert!(media_in(t).is_none(), "{t}");
        }
    }
}
