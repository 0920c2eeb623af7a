//! The quantization a model's name states, read once for every caller (CLI, `/fit`, `/tco`,
//! `/pick`, plain questions): publishers name a repository or file by the weights it holds
//! (`Qwen/Qwen2.5-7B-Instruct-AWQ`, `…-GPTQ-Int4`, `unsloth/…-bnb-4bit`, `…-FP8-dynamic`,
//! `…-quantized.w4a16`, `…-GGUF:Q5_K_M`, `…-q4_k_m.gguf`, `…-exl2:4.65bpw`, `…-MLX-4bit`).
//! Such a checkpoint holds those weights and nothing else: Transformers reads the format from
//! its config.json `quantization_config` and vLLM from the same field
//! (`vllm/model_executor/layers/quantization/__init__.py`, `get_quantization_config`), so
//! sizing it in BF16 counts weights that are not in the file. The words are the quantization
//! vocabulary's (`Quant`'s `FromStr`, `lexicon::QUANT_WORDS`); this module only finds where
//! in a name they stand.
//!
//! Rules: the name's format is the default when no quantization is typed; a typed one wins and
//! the answer says the name stated another; a format with no kernel on the engine is said
//! (MLX is Apple silicon's, `ml-explore/mlx-lm`, and no CUDA engine loads it; llama.cpp loads
//! GGUF only; ExLlamaV2 EXL2 only). A bitsandbytes checkpoint on the Hub is saved quantized
//! (uint8 weights with their absmax, `quantization_config.load_in_4bit`), so it loads without
//! the 16-bit warm-up of quantize-on-load (`vram::bnb_load`).

use super::{Engine, FitRequest, Quant, Task};
use crate::catalog::{Catalog, Model};
use crate::reply::Msg;

/// The format a name states, with the words that state it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NameFormat {
    /// The name without its format words and packaging words (`unsloth/Qwen3-8B`).
    pub stem: String,
    pub quant: Quant,
    /// The words as the name writes them (`AWQ`, `bnb-4bit`, `Q5_K_M`).
    pub words: String,
    /// bitsandbytes weights saved quantized: no 16-bit warm-up at load.
    pub saved_4bit: bool,
    /// An MLX checkpoint (Apple silicon only): sized as the same bits in a CUDA format.
    pub mlx: bool,
}

/// A name read: the catalog model it names (by its stem first) and the format it states.
#[derive(Debug, Clone)]
pub struct Named<'a> {
    pub model: Option<&'a Model>,
    pub format: Option<NameFormat>,
    /// Whether `model` is one of the model's own names; `false` when it was read as a family
    /// and size (`llama-70b`), which the answer says.
    pub by_name: bool,
}

/// Packaging words a repository name carries beside its format: no format themselves, never
/// part of the model's name (`-unsloth-bnb-4bit`, `-FP8-dynamic`, `-quantized.w4a16`,
/// `-GGUF`, `-MLX-4bit`, `-exl2`).
const PACKAGING: &[&str] = &[
    "dynamic",
    "static",
    "quantized",
    "unsloth",
    "gguf",
    "mlx",
    "exl2",
];

/// Reads the format a model name states; `None` when it states none.
pub fn parse(name: &str) -> Option<NameFormat> {
    let name = name.trim();
    let bare_at = name.rfind('/').map_or(0, |i| i + 1);
    // `repo:TAG` (Ollama's `hf.co/org/repo:Q5_K_M`, an EXL2 branch `:4.65bpw`); a tag that
    // states no format (`qwen2.5:7b-instruct-q4_K_M`) is read with the rest of the name.
    let tagged = name[bare_at..].rsplit_once(':').and_then(|(p, t)| {
        let path = &name[..bare_at + p.len()];
        Some((path.to_string(), tag_quant(path, t)?, t.to_string()))
    });
    let path = strip_ci(name, ".gguf").unwrap_or(name);
    let bare = &path[bare_at.min(path.len())..];
    let mlx = is_mlx(name);
    let (stem, quant, words) = tagged
        .or_else(|| exl2_ending(path, bare_at))
        .or_else(|| ending(path, bare_at, bare))?;
    let stem = trim_packaging(&stem);
    (!stem.is_empty() && stem.len() > bare_at.min(stem.len())).then(|| NameFormat {
        stem,
        quant,
        saved_4bit: quant == Quant::Nf4,
        mlx,
        words,
    })
}

/// Reads a name against the catalog: the model its stem names (else the whole name, else a
/// family and size), and the format it states.
pub fn read<'a>(catalog: &'a Catalog, name: &str) -> Named<'a> {
    let format = parse(name);
    let stem = format.as_ref().map(|f| f.stem.as_str());
    let named = stem
        .and_then(|s| catalog.model_by_name(s))
        .or_else(|| catalog.model_by_name(name));
    let model = named
        .or_else(|| stem.and_then(|s| catalog.find_model(s)))
        .or_else(|| catalog.find_model(name));
    Named {
        model,
        format,
        by_name: named.is_some(),
    }
}

/// Puts a name's format on `req`: its quantization unless one was typed (`typed`), the
/// saved-in-4-bit load, and the format kept for the answer's notes.
pub fn apply(req: &mut FitRequest<'_>, format: &NameFormat, typed: bool) {
    if !typed {
        req.quant = format.quant;
        // LoRA on a 4-bit checkpoint is QLoRA: the base stays in the file's 4 bits.
        if req.task == Task::Lora && format.quant == Quant::Nf4 {
            req.task = Task::Qlora;
        }
    }
    if format.saved_4bit && req.quant == Quant::Nf4 {
        req.load_warmup = false;
    }
    req.name_format = Some(format.clone());
}

/// The lines that say what the name stated: read from it, overridden by a typed format, or a
/// format with no kernel on the engine sized.
pub(super) fn notes(req: &FitRequest<'_>) -> Vec<Msg> {
    let Some(f) = &req.name_format else {
        return Vec::new();
    };
    let mut out = Vec::new();
    if req.quant == f.quant {
        out.push(
            Msg::new("fit-note-name-format")
                .arg("words", f.words.clone())
                .arg("quant", f.quant.to_string()),
        );
    } else {
        out.push(
            Msg::new("fit-note-name-overridden")
                .arg("words", f.words.clone())
                .arg("named", f.quant.to_string())
                .arg("typed", req.quant.to_string()),
        );
    }
    if f.mlx {
        out.push(Msg::new("fit-note-name-mlx").arg("quant", req.quant.to_string()));
    } else if req.quant == f.quant && !kernel_on(f.quant, req.engine) {
        out.push(
            Msg::new("fit-note-name-no-kernel")
                .arg("quant", f.quant.to_string())
                .arg("engine", req.engine.key()),
        );
    }
    out
}

/// Whether `engine` loads weights in `quant`: llama.cpp GGUF only, ExLlamaV2 EXL2 only, and
/// EXL2 on nothing else; Transformers and vLLM load the rest (vLLM GGUF too, `--quantization
/// gguf`; GGUF under Transformers is dequantized on load, which `settle` avoids by serving it
/// on llama.cpp).
pub fn kernel_on(quant: Quant, engine: Engine) -> bool {
    match engine {
        Engine::Llamacpp => quant.is_gguf(),
        Engine::Exllamav2 => quant.exl2_bpw().is_some(),
        Engine::Transformers | Engine::Vllm => quant.exl2_bpw().is_none(),
    }
}

/// `text` without a case-insensitive `suffix`.
fn strip_ci<'t>(text: &'t str, suffix: &str) -> Option<&'t str> {
    let at = text.len().checked_sub(suffix.len())?;
    (text.is_char_boundary(at) && text[at..].eq_ignore_ascii_case(suffix)).then(|| &text[..at])
}

/// An MLX checkpoint: a part `mlx` in its name, or the `mlx-community` organisation.
fn is_mlx(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    lower.starts_with("mlx-community/")
        || lower
            .rsplit('/')
            .next()
            .is_some_and(|b| b.split(['-', '_', '.', ':']).any(|p| p == "mlx"))
}

/// The quantization a `:TAG` states: a GGUF type or any format word; `4.65bpw` after an EXL2
/// repository. A tag that is a size (`qwen2.5:7b`) states none.
fn tag_quant(path: &str, tag: &str) -> Option<Quant> {
    tag.parse::<Quant>()
        .ok()
        .or_else(|| super::exl2_format::parse(&format!("exl2-{tag}")).map(Quant::Exl2))
        .filter(|q| q.exl2_bpw().is_none() || path.to_ascii_lowercase().contains("exl2"))
}

/// An EXL2 ending (`-exl2-4.65bpw`, `-4.65bpw-h6-exl2`): the trailing parts ExLlamaV2's names
/// use, read by `exl2_format::parse`.
fn exl2_ending(path: &str, bare_at: usize) -> Option<(String, Quant, String)> {
    let bare = path.get(bare_at..)?;
    let lower = bare.to_ascii_lowercase();
    let parts: Vec<(usize, &str)> = split_parts(&lower, &['-', '_']);
    let exl2_part = |p: &str| {
        p == "exl2" || p.ends_with("bpw") || matches!(p, "h6" | "h8") || p.parse::<f64>().is_ok()
    };
    let from = (1..parts.len())
        .rev()
        .take_while(|&i| exl2_part(parts[i].1))
        .last()?;
    let word = &bare[parts[from].0..];
    let b = super::exl2_format::parse(word)?;
    let stem = path[..bare_at + parts[from].0].trim_end_matches(['-', '_', '.']);
    Some((stem.to_string(), Quant::Exl2(b), word.to_string()))
}

/// The format word a name ends with, before any packaging words (`-FP8-dynamic`): the longest
/// of its last one to three parts that the vocabulary reads, never a window that holds a size
/// (`gemma-3-4b-it` is no `4bit`). A generic `-GGUF` (read as Q4_K_M) counts only where no
/// GGUF type is written before it.
fn ending(path: &str, bare_at: usize, bare: &str) -> Option<(String, Quant, String)> {
    let lower = bare.to_ascii_lowercase();
    let parts = split_parts(&lower, &['-', '_', '.']);
    let window = |end: usize, generic: bool| {
        (1..=3.min(end.saturating_sub(1))).rev().find_map(|k| {
            let tail = &parts[end - k..end];
            if tail.iter().any(|(_, p)| is_size(p)) {
                return None;
            }
            let word: String = tail.iter().map(|(_, p)| *p).collect();
            if word == "gguf" && !generic {
                return None;
            }
            let q = word.parse::<Quant>().ok()?;
            let (from, to) = (tail[0].0, tail[k - 1].0 + tail[k - 1].1.len());
            let stem = path[..bare_at + from].trim_end_matches(['-', '_', '.']);
            Some((stem.to_string(), q, bare[from..to].to_string()))
        })
    };
    // Ends past trailing packaging words, the last first.
    let mut end = parts.len();
    let mut ends = vec![end];
    while end > 1 && PACKAGING.contains(&parts[end - 1].1) {
        end -= 1;
        ends.push(end);
    }
    ends.iter()
        .find_map(|&e| window(e, false))
        .or_else(|| window(parts.len(), true))
}

/// Byte offsets and text of each part of `s` split on `seps`.
fn split_parts<'s>(s: &'s str, seps: &[char]) -> Vec<(usize, &'s str)> {
    let mut parts = Vec::new();
    let mut start = 0;
    for (k, c) in s.char_indices().chain([(s.len(), '-')]) {
        if seps.contains(&c) || k == s.len() {
            if k > start {
                parts.push((start, &s[start..k]));
            }
            start = k + c.len_utf8();
        }
    }
    parts
}

/// A model size part (`4b`, `70b`, `1.5b`, `8x7b`, `a3b`, `500m`): never a format's.
fn is_size(p: &str) -> bool {
    let p = p.strip_prefix('a').unwrap_or(p);
    let Some(n) = p.strip_suffix(['b', 'm']) else {
        return false;
    };
    !n.is_empty() && n.chars().all(|c| c.is_ascii_digit() || c == 'x')
}

/// The stem without packaging words at its end (`Qwen3-8B-unsloth`, `…-Instruct-GGUF`).
fn trim_packaging(stem: &str) -> String {
    let mut s = stem.trim_end_matches(['-', '_', '.', '/']);
    loop {
        let lower = s.to_ascii_lowercase();
        let Some(word) = PACKAGING.iter().find(|w| {
            lower.ends_with(*w) && lower[..lower.len() - w.len()].ends_with(['-', '_', '.'])
        }) else {
            return s.to_string();
        };
        s = s[..s.len() - word.len()].trim_end_matches(['-', '_', '.']);
    }
}
