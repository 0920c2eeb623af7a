//! `sagemaker 停机收费吗`, `aws h100 how much`, `azure 的 a100 多少钱`: a cloud the catalog does
//! not hold, named by its name or its product's. Reading past it answers for every platform
//! (or for none), so the name is said back, with the question read without it to tap.

use super::text::{normalize, tokens};
use super::{Reading, read};
use crate::catalog::Catalog;

/// Clouds and their GPU products the catalog does not hold, as whole words (a product's
/// platform the catalog has, `pai-dsw` or `modelarts`, is that platform's alias instead).
const NAMES: &[&str] = &[
    "aws",
    "amazon",
    "ec2",
    "sagemaker",
    "gcp",
    "vertex",
    "azure",
    "oracle",
    "oci",
    "ti-one",
    "tione",
];
/// … and in two words or inside a Chinese run.
const PHRASES: &[&str] = &["google cloud", "亚马逊云", "谷歌云", "微软云", "甲骨文云"];

/// The name said and the question read without it (one line at most, to tap).
pub(super) fn unknown_platform(catalog: &Catalog, text: &str) -> Option<(String, Vec<String>)> {
    let norm = normalize(text);
    let padded = format!(" {norm} ");
    let word = tokens(&norm)
        .into_iter()
        .find(|t| NAMES.contains(&t.as_str()) && catalog.find_platform(t).is_none())
        .or_else(|| {
            PHRASES
                .iter()
                .chain(super::platform_slips::UNKNOWN_ZH)
                .find(|p| padded.contains(**p))
                .map(|p| p.to_string())
        })?;
    let without = norm.replacen(&word, " ", 1);
    let lines = match read(catalog, &without) {
        Reading::Command(r) => vec![r.line()],
        _ => Vec::new(),
    };
    Some((word, lines))
}
