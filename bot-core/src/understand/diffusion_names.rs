//! Image and video models as people write them: a name of up to four words
//! (`stable diffusion xl`, `flux 1 dev`, `wan 2.2 5b`), the longest first, so a family word
//! alone (`flux`) never hides the variant said after it.

use crate::diffusion::{Pipeline, find};

/// The longest name a pipeline is known by: `stable diffusion 3.5 large` is four words.
const MAX_WORDS: usize = 4;

/// The pipeline named at word `i`, and how many words its name took.
pub(super) fn pipeline_at(toks: &[String], i: usize) -> Option<(&'static Pipeline, usize)> {
    (1..=MAX_WORDS).rev().find_map(|n| {
        let words = toks.get(i..i + n)?;
        // Names are ASCII; a Chinese word after one is never part of it.
        if !words.iter().all(|w| w.is_ascii()) {
            return None;
        }
        find(&words.join(" ")).map(|p| (p, n))
    })
}

/// The family's pipeline a detail said apart from its name picks: a size (`万相2.1的1.3b模型` is
/// Wan2.1's 1.3B, not the 14B the bare name is) and image to video (`wan2.1 14b 图生视频` is its
/// I2V pipeline), each only where the catalog has that pipeline; the size is used up. Says
/// whether an image or video pipeline is named at all.
pub(super) fn pipeline_as_said(
    toks: &[String],
    models: &mut [String],
    sizes: &mut Vec<String>,
) -> bool {
    let named = models.iter().any(|m| crate::diffusion::find(m).is_some());
    let [model] = models else {
        return named;
    };
    let Some(p) = crate::diffusion::find(model) else {
        return named;
    };
    let mut id = p.id.clone();
    if let Some((k, sized)) = sizes
        .iter()
        .enumerate()
        .find_map(|(k, s)| crate::diffusion::sized_kin(p, s).map(|q| (k, q.id.clone())))
    {
        id = sized;
        sizes.remove(k);
    }
    let padded = format!(" {} ", toks.join(" "));
    if crate::lexicon::image_to_video_said(&padded)
        && let Some(i2v) = id
            .contains("-t2v-")
            .then(|| id.replace("-t2v-", "-i2v-"))
            .filter(|i| crate::diffusion::find(i).is_some_and(|q| q.id == *i))
    {
        id = i2v;
    }
    *model = id;
    named
}
