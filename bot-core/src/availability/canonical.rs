//! Provider GPU names -> catalog ids, through the catalog's aliases. A name the catalog does
//! not know, or whose memory disagrees with the catalog's card, stays under its raw name:
//! calling an A100 40 GB an "A100 80 GB" would put a wrong figure in front of a user.

use crate::catalog::{Catalog, Gpu, normalize};

/// Memory may differ this much (as a share) between the provider's figure and the catalog's
/// card: MiB-vs-GB rounding and reserved memory (an 80 GB card reports ~79.6 GiB).
const VRAM_TOLERANCE: f64 = 0.12;

/// The catalog card for a provider's name, if one matches and its memory agrees with
/// `vram_gb` (when given).
pub fn canonical_gpu<'c>(catalog: &'c Catalog, raw: &str, vram_gb: Option<f64>) -> Option<&'c Gpu> {
    let agrees = |g: &Gpu| match vram_gb {
        Some(v) if v > 0.0 && g.vram_gb > 0.0 => {
            ((g.vram_gb - v) / g.vram_gb).abs() <= VRAM_TOLERANCE
        }
        _ => true,
    };
    candidates(raw, vram_gb)
        .iter()
        // `find_gpu`: a miss here is normal (an unknown SKU) and needs no "did you mean".
        .filter_map(|c| catalog.find_gpu(c))
        .find(|g| agrees(g))
        .or_else(|| {
            // `GH200 SXM` (Vast): the socket named after a card the catalog lists by its
            // model alone. Without the word only an SXM card may answer, so an A100 SXM4
            // never becomes the PCIe card its bare model name means.
            let bare = without_socket(raw)?;
            candidates(&bare, vram_gb)
                .iter()
                .filter_map(|c| catalog.find_gpu(c))
                .find(|g| agrees(g) && g.form_factor.as_deref() == Some("sxm"))
        })
}

/// `raw` without a trailing `SXM` / `SXM5` word, if it has one.
fn without_socket(raw: &str) -> Option<String> {
    let words: Vec<&str> = raw.split_whitespace().collect();
    let (last, rest) = words.split_last()?;
    let l = last.to_ascii_lowercase();
    let socket = l
        .strip_prefix("sxm")
        .is_some_and(|d| d.bytes().all(|b| b.is_ascii_digit()));
    (socket && !rest.is_empty()).then(|| rest.join(" "))
}

/// Names to try, most specific first: with the memory size, as written, and with a
/// parenthesised `(80 GB SXM5)` spec moved after the model.
fn candidates(raw: &str, vram_gb: Option<f64>) -> Vec<String> {
    let mut out = Vec::new();
    let cleaned: String = raw
        .chars()
        .map(|c| {
            if matches!(c, '(' | ')' | ',' | '_') {
                ' '
            } else {
                c
            }
        })
        .collect();
    // "80 GB" -> memory token; the rest keeps its order.
    let words: Vec<&str> = cleaned.split_whitespace().collect();
    let mut mem: Option<String> = None;
    let mut rest: Vec<&str> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let w = words[i];
        let lower = w.to_lowercase();
        if let Some(n) = lower
            .strip_suffix("gb")
            .filter(|n| n.parse::<f64>().is_ok())
        {
            mem = Some(format!("{n}gb"));
        } else if lower.parse::<f64>().is_ok()
            && words
                .get(i + 1)
                .is_some_and(|n| n.eq_ignore_ascii_case("gb"))
        {
            mem = Some(format!("{lower}gb"));
            i += 1;
        } else {
            rest.push(w);
        }
        i += 1;
    }
    let rest = rest.join(" ");
    let mem = mem.or_else(|| {
        vram_gb
            .filter(|v| *v > 0.0)
            .map(|v| format!("{}gb", v.round()))
    });
    if let Some(m) = &mem {
        out.push(format!("{rest} {m}"));
    }
    out.push(raw.to_string());
    out.push(rest.clone());
    if let Some(m) = &mem {
        // "a100 40gb sxm4" order too.
        let mut parts = rest.splitn(2, ' ');
        if let (Some(first), Some(tail)) = (parts.next(), parts.next()) {
            out.push(format!("{first} {m} {tail}"));
        }
    }
    // A form factor with its generation (`SXM6` for B200/B300, `SXM5`): the catalog names the
    // socket (`b200 sxm`), and an SXM card of one model is one card whatever the digit says.
    let generic: Vec<String> = out
        .iter()
        .map(|c| {
            c.split_whitespace()
                .map(|w| {
                    let l = w.to_ascii_lowercase();
                    match l.strip_prefix("sxm") {
                        Some(d) if !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()) => {
                            "sxm".to_string()
                        }
                        _ => w.to_string(),
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .filter(|c| !out.contains(c))
        .collect();
    out.extend(generic);
    out.dedup();
    out
}

/// The GPU id to file an offer under, and the VRAM to show: the catalog's when the card is
/// known, else the raw name and the provider's figure.
pub fn name_offer_gpu(catalog: &Catalog, raw: &str, vram_gb: Option<f64>) -> (String, Option<f64>) {
    match canonical_gpu(catalog, raw, vram_gb) {
        Some(g) => (g.id.clone(), Some(g.vram_gb)),
        None => (raw.trim().to_string(), vram_gb),
    }
}

/// The store key of a GPU id or raw name (`NVIDIA B300 SXM6` -> `nvidiab300sxm6`).
pub fn gpu_key(gpu: &str) -> String {
    let k: String = normalize(gpu)
        .chars()
        .filter(|c| *c != '/' && !c.is_control())
        .collect();
    if k.is_empty() { "unnamed".into() } else { k }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(cat: &Catalog, raw: &str, vram: Option<f64>) -> Option<String> {
        canonical_gpu(cat, raw, vram).map(|g| g.id.clone())
    }

    #[test]
    fn a_socket_word_after_a_model_named_alone_finds_only_an_sxm_card() {
        let cat = Catalog::embedded().unwrap();
        assert_eq!(id(&cat, "GH200 SXM", Some(95.6)).as_deref(), Some("gh200"));
        assert_eq!(
            id(&cat, "A100 SXM4", Some(80.0)).as_deref(),
            Some("a100-80g-sxm")
        );
        // A PCIe card with a socket word is no card at all, never the PCIe one.
        assert_eq!(id(&cat, "L40S SXM", Some(48.0)), None);
        assert_eq!(id(&cat, "RTX 4090 SXM", Some(24.0)), None);
    }

    #[test]
    fn providers_names_reach_catalog_ids() {
        let cat = Catalog::embedded().unwrap();
        // Vast writes short names and the memory in MB (converted before this call).
        assert_eq!(
            id(&cat, "RTX 4090", Some(24.0)).as_deref(),
            Some("rtx-4090")
        );
        assert_eq!(
            id(&cat, "A100 PCIE", Some(40.0)).as_deref(),
            Some("a100-40g-pcie")
        );
        assert_eq!(
            id(&cat, "A100 PCIE", Some(79.6)).as_deref(),
            Some("a100-80g-pcie")
        );
        assert_eq!(
            id(&cat, "A100 SXM4", Some(40.0)).as_deref(),
            Some("a100-40g-sxm")
        );
        // RunPod ids.
        assert_eq!(
            id(&cat, "NVIDIA GeForce RTX 4090", Some(24.0)).as_deref(),
            Some("rtx-4090")
        );
        assert_eq!(
            id(&cat, "NVIDIA A100-SXM4-80GB", Some(80.0)).as_deref(),
            Some("a100-80g-sxm")
        );
        assert_eq!(
            id(&cat, "NVIDIA H100 80GB HBM3", Some(80.0)).as_deref(),
            Some("h100-sxm")
        );
        // Lambda descriptions.
        assert_eq!(
            id(&cat, "A100 (40 GB SXM4)", None).as_deref(),
            Some("a100-40g-sxm")
        );
        assert_eq!(
            id(&cat, "H100 (80 GB PCIe)", None).as_deref(),
            Some("h100-pcie")
        );
        assert_eq!(id(&cat, "A10 (24 GB PCIe)", None).as_deref(), Some("a10"));
        // A socket with its generation digit (Lambda's B200 is `SXM6`).
        assert_eq!(
            id(&cat, "B200 (180 GB SXM6)", None).as_deref(),
            Some("b200")
        );
        assert_eq!(id(&cat, "GH200 (96 GB)", None).as_deref(), Some("gh200"));
        // …but a PCIe card is never read as its SXM sibling, nor 40 GB as 80.
        assert_eq!(
            id(&cat, "A100 (80 GB PCIe)", None).as_deref(),
            Some("a100-80g-pcie")
        );
        assert_eq!(
            id(&cat, "A100 (40 GB SXM4)", None).as_deref(),
            Some("a100-40g-sxm")
        );
    }

    #[test]
    fn unknown_names_and_disagreeing_memory_stay_raw() {
        let cat = Catalog::embedded().unwrap();
        assert_eq!(id(&cat, "Quantum Flux 9000", Some(64.0)), None);
        // "a100" alone means the 80 GB card in the catalog; a 40 GB offer must not become it.
        assert_eq!(id(&cat, "A100", Some(16.0)), None);
        let (gpu, vram) = name_offer_gpu(&cat, " Quantum Flux 9000 ", Some(64.0));
        assert_eq!((gpu.as_str(), vram), ("Quantum Flux 9000", Some(64.0)));
        assert_eq!(gpu_key("NVIDIA B300: SXM6"), "nvidiab300sxm6");
        assert_eq!(gpu_key("::"), "unnamed");
    }
}
