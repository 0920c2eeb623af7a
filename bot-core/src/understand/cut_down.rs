//! `4090D 阉割了多少`, `what did nvidia cut in the h800`, `a800 pcie 差在哪`: a card the catalog
//! knows as the cut-down form of another (`Gpu::cut_down_of`, from the card's own source), asked
//! what was cut or how it differs, is read beside that card: `/gpu rtx-4090d rtx-4090`, the
//! side by side with each differing row marked. Its specs alone would leave the question open.

use super::Reading;
use super::request::Request;
use crate::catalog::Catalog;
use crate::commands::gpu::GpuArgs;

/// Words asking what was cut from a card, or how it differs (Chinese, inside a run).
const CUT_ZH: &[&str] = &[
    "阉割",
    "缩水",
    "砍了",
    "砍掉",
    "削弱",
    "减配",
    "残血",
    "差多少",
    "差在哪",
    "差别",
    "区别",
    "不同",
    "弱多少",
    "慢多少",
    "差距",
    "少了什么",
    "少了啥",
    "原版",
];

/// The same in English, each a word of its own (`cut` is not in `cuts`' neighbour `cute`).
const CUT_EN: &[&str] = &[
    "cut",
    "cut down",
    "cut-down",
    "nerf",
    "nerfed",
    "crippled",
    "gimped",
    "castrated",
    "difference",
    "differences",
    "differ",
    "different",
    "slower",
    "weaker",
    "worse",
    "original",
];

/// Whether the question asks what was cut or how the card differs.
fn asks_the_cut(padded: &str) -> bool {
    CUT_ZH.iter().any(|w| padded.contains(w))
        || CUT_EN.iter().any(|w| {
            padded.match_indices(w).any(|(at, _)| {
                !padded[..at].ends_with(|c: char| c.is_ascii_alphanumeric())
                    && !padded[at + w.len()..].starts_with(|c: char| c.is_ascii_alphanumeric())
            })
        })
}

/// One card's specs asked as a cut: that card beside the one it was cut from.
pub(super) fn beside_base(catalog: &Catalog, norm: &str, reading: Reading) -> Reading {
    let Reading::Command(Request::Gpu(GpuArgs { gpus })) = &reading else {
        return reading;
    };
    let [one] = gpus.as_slice() else {
        return reading;
    };
    let base = catalog.find_gpu(one).and_then(|g| catalog.cut_down_base(g));
    match base {
        Some(b) if asks_the_cut(&format!(" {norm} ")) => Reading::Command(Request::Gpu(GpuArgs {
            gpus: vec![one.clone(), b.id.clone()],
        })),
        _ => reading,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cut_is_asked() {
        for t in [
            " 4090d 阉割了多少 ",
            " what did nvidia cut in the h800 ",
            " how is the a800 different ",
            " a800 差在哪 ",
            " is the 4090d much slower ",
        ] {
            assert!(asks_the_cut(t), "{t}");
        }
        for t in [" 4090d 显存多大 ", " h800 specs ", " cute h800 "] {
            assert!(!asks_the_cut(t), "{t}");
        }
    }
}
