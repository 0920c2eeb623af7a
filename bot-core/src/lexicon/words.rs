//! Words for what to run and how: quantizations (`int4`, `Q4_K_M`, `awq`, `nf4`...), tasks
//! (`lora`, `微调`, `全参`...), engines, ZeRO stages, KV-cache and optimizer types.
//!
//! The types live with the fit engine ([`crate::vram`]); what people call them lives here, so
//! `/fit`, `/tco`, `/pick` and the CLI read one vocabulary.

use super::sharding_words::without_offload;
use super::squash::squash;
use crate::catalog::BillingStart;
use crate::vram::{Attention, Engine, FitError, KvDtype, Optimizer, Quant, Task, Zero};
use std::str::FromStr;

pub use super::sharding_words::{is_device_map, is_fsdp, is_offload, offload_sharding, sharding};
pub use super::try_words::{TRY_WORDS, engine_named};

/// Words naming a card's memory (`显存`, `vram`, `gpu ram`): one list for every reader that
/// asks whether memory is meant.
pub const MEMORY_WORDS: &[&str] = &["显存", "vram", "gpu ram", "memory", "内存"];

/// The words of [`MEMORY_WORDS`] that are a card's memory after a size only with `of` between
/// (`3gb of memory`): `4gb memory card`, `16g内存` (a computer's RAM) are no card's memory; the
/// others are one right after the size (`4g显存`, `4gb vram`, `4gb of gpu ram`).
pub const MEMORY_WORDS_LINKED: &[&str] = &["memory", "内存"];

/// Words that may stand between a memory word and a bare number that is its size (`显存是16`,
/// `显存只有8`, `vram is 24`, `vram of 12`), longest first where one begins another.
pub const MEMORY_SIZE_LINKS: &[&str] = &[
    "只有", "也就", "大概", "才", "就", "仅", "是", "有", "为", "约", "is only", "is just",
    "of only", "is", "of", "only", "just", "about", "around", ":", "：", "=",
];

/// English words a bare number before a memory word may follow (`i have 16 vram`, `a card with 12
/// vram`): any other word before it owns the number (`batch 8 显存要多少` is a batch of 8).
pub const MEMORY_HELD_BEFORE: &[&str] = &["has", "have", "got", "with", "only", "just"];

/// What after a bare number makes it a count of something else than a card's memory (`显存 2张`,
/// `vram 4 块`, `24小时`): units of cards, money, time and magnitude. A letter or digit glued on
/// (`24g`, `24gb`, `16k`) is a unit already written, read by the size's own readers.
pub const NOT_MEMORY_AFTER: &[&str] = &[
    "张", "块", "元", "个", "小时", "天", "分", "秒", "月", "年", "周", "万", "千", "百", "亿",
    "倍", "位", "台", "次", "人", "刀", "美", "%", "+", "-", "/", "*",
];

/// The largest bare number a memory word makes a size in GB (the largest cards sold hold 192
/// to 288 GB; `vram 4090` is a card, never a size).
pub const MEMORY_BARE_MAX: u32 = 512;

/// Units a memory size is written in (`24gb`, `80gib`, `how many gb`).
pub const MEMORY_UNITS: &[&str] = &["gb", "gib"];

/// Whether `text` speaks of memory: one of [`MEMORY_WORDS`] or a unit of [`MEMORY_UNITS`]. The
/// question reader's words had kept a copy of their own (`understand::words::MEMORY_WORDS`, with
/// `gb` and without `gpu ram`).
pub fn memory_said(text: &str) -> bool {
    MEMORY_WORDS
        .iter()
        .chain(MEMORY_UNITS)
        .any(|w| text.contains(w))
}

/// Words that say a memory size is what a job needs (`需要大概40G显存`, `needs about 30gb of
/// vram`, `吃20G显存`): with nothing else named, the cards that have at least that much.
pub const MEMORY_NEED_WORDS: &[&str] = &[
    "需要", "要", "吃", "占", "need", "needs", "require", "requires", "takes",
];

/// Every way of writing a quantization, squashed (see [`squash`]), with its one meaning.
/// `full` is not here: it is a full fine-tune ([`TASK_WORDS`]); FP32 is `fp32`.
pub const QUANT_WORDS: &[(&str, Quant)] = &[
    ("fp32", Quant::Fp32),
    ("f32", Quant::Fp32),
    ("float32", Quant::Fp32),
    ("float", Quant::Fp32),
    ("fp16", Quant::Fp16),
    ("f16", Quant::Fp16),
    ("float16", Quant::Fp16),
    ("half", Quant::Fp16),
    ("bf16", Quant::Bf16),
    ("bfloat16", Quant::Bf16),
    // `16-bit weights`: two bytes a weight, as 16-bit checkpoints are published (BF16).
    ("16bit", Quant::Bf16),
    ("16bits", Quant::Bf16),
    ("fp8", Quant::Fp8),
    ("f8", Quant::Fp8),
    ("float8", Quant::Fp8),
    ("e4m3", Quant::Fp8),
    ("fp8e4m3", Quant::Fp8),
    ("w8a8fp8", Quant::Fp8),
    ("int8", Quant::Int8),
    ("i8", Quant::Int8),
    ("8bit", Quant::Int8),
    ("8bits", Quant::Int8),
    ("bnb8", Quant::Int8),
    // `…-quantized.w8a8` (RedHatAI / neuralmagic): INT8 weights and activations in
    // compressed-tensors, one scale per output channel: 8 bits a weight, as `int8` sizes it.
    ("w8a8", Quant::Int8),
    ("w8a8int8", Quant::Int8),
    ("bnbint8", Quant::Int8),
    ("llmint8", Quant::Int8),
    ("gptqint8", Quant::GptqInt8),
    ("gptq8", Quant::GptqInt8),
    ("gptq8bit", Quant::GptqInt8),
    ("int4", Quant::Int4),
    ("i4", Quant::Int4),
    ("4bit", Quant::Int4),
    ("4bits", Quant::Int4),
    ("w4a16", Quant::Int4),
    ("gptq", Quant::GptqInt4),
    ("gptqint4", Quant::GptqInt4),
    ("gptq4", Quant::GptqInt4),
    ("gptq4bit", Quant::GptqInt4),
    // GPTQ at 3 bits (`vram::gptq3`); a bare `3bit` stays unread (EXL2, GGUF, GPTQ all have one).
    ("gptqint3", Quant::GptqInt3),
    ("gptq3", Quant::GptqInt3),
    ("gptq3bit", Quant::GptqInt3),
    // Intel's AutoRound INT4 (`autoround`, `auto-round`, `auto_round`): its checkpoints are
    // packed as GPTQ's, so they are sized as `gptq` (vLLM
    // `model_executor/layers/quantization/auto_round.py` @ 04aa528e4876f866d0548e3de8e36454c640deb2:
    // `packing_format` defaults to "auto_round:auto_gptq", 4-bit symmetric layers run on
    // `GPTQMarlinLinearMethod` / `GPTQLinearMethod` with group_size and sym from the config, and
    // a `ParallelLMHead` stays unquantized). A 4-bit AutoRound in AWQ packing holds the same bytes.
    ("autoround", Quant::GptqInt4),
    ("autoroundint4", Quant::GptqInt4),
    ("int4autoround", Quant::GptqInt4),
    ("awq", Quant::Awq),
    ("awqint4", Quant::Awq),
    ("awq4", Quant::Awq),
    ("awq4bit", Quant::Awq),
    ("nf4", Quant::Nf4),
    ("bnb4", Quant::Nf4),
    ("bnbnf4", Quant::Nf4),
    ("bnb4bit", Quant::Nf4),
    // bitsandbytes' FP4 (`bnb_4bit_quant_type="fp4"`, LitGPT's `bnb.fp4`): only with its
    // library's name, since NVFP4 and MXFP4 are FP4s too (a bare `fp4` stays unread).
    ("bnbfp4", Quant::Fp4),
    ("fp4bnb", Quant::Fp4),
    ("bnb4bitfp4", Quant::Fp4),
    ("q2k", Quant::Q2K),
    ("q3km", Quant::Q3KM),
    ("q3k", Quant::Q3KM),
    ("q40", Quant::Q4_0),
    ("q4", Quant::Q4_0),
    ("q4km", Quant::Q4KM),
    ("q4k", Quant::Q4KM),
    ("gguf", Quant::Q4KM),
    ("q5km", Quant::Q5KM),
    ("q5k", Quant::Q5KM),
    ("q6k", Quant::Q6K),
    ("q6", Quant::Q6K),
    ("q80", Quant::Q8_0),
    ("q8", Quant::Q8_0),
    ("iq1s", Quant::Iq1S),
    ("iq1m", Quant::Iq1M),
    ("iq2xxs", Quant::Iq2Xxs),
    ("iq2xs", Quant::Iq2Xs),
    ("iq2s", Quant::Iq2S),
    ("iq3xxs", Quant::Iq3Xxs),
    ("iq3s", Quant::Iq3S),
    ("iq4xs", Quant::Iq4Xs),
    ("iq4nl", Quant::Iq4Nl),
    ("mxfp4", Quant::Mxfp4),
    ("mxfp4moe", Quant::Mxfp4),
    ("fp4mx", Quant::Mxfp4),
    ("int4g32", Quant::Int4G32),
    ("w4a16g32", Quant::Int4G32),
    // NVFP4: the format's own name (NVIDIA's `*-NVFP4` checkpoints), vLLM's `--quantization
    // modelopt_fp4`, and ModelOpt's weight-only `W4A16_NVFP4` (same stored weights). A bare
    // `fp4` is not read: bitsandbytes has an FP4 of its own.
    ("nvfp4", Quant::Nvfp4),
    ("modeloptfp4", Quant::Nvfp4),
    ("w4a16nvfp4", Quant::Nvfp4),
    ("nvfp4a16", Quant::Nvfp4),
    // AQLM's 2-bit 1x16 (`ISTA-DASLab/*-AQLM-2Bit-1x16-hf`, ms-swift's `aqlm-2bit-1x16`).
    ("aqlm", Quant::Aqlm),
    ("aqlm1x16", Quant::Aqlm),
    ("aqlm2bit", Quant::Aqlm),
    ("aqlm2bit1x16", Quant::Aqlm),
];

/// Every way of writing a task, squashed, with its one meaning. A fine-tune named without its
/// method (`finetune`, `微调`, `sft`, `train`) is LoRA, the method a newcomer can afford and the
/// one `/pick` leads with; a full fine-tune is said so (`full`, `全参`, `全量`). The reader
/// finds the Chinese ones inside a sentence, so longer words come before the words they hold.
pub const TASK_WORDS: &[(&str, Task)] = &[
    // Serving said in forum words: inference (`起个服务`, `上线`).
    ("起个服务", Task::Infer),
    ("起服务", Task::Infer),
    ("infer", Task::Infer),
    ("inference", Task::Infer),
    ("serve", Task::Infer),
    ("serving", Task::Infer),
    ("推理", Task::Infer),
    ("部署", Task::Infer),
    ("qlora", Task::Qlora),
    ("qlorafinetune", Task::Qlora),
    ("qlora微调", Task::Qlora),
    ("全参数微调", Task::Full),
    ("全参微调", Task::Full),
    ("全量微调", Task::Full),
    ("全参数", Task::Full),
    ("全参", Task::Full),
    ("全量", Task::Full),
    ("full", Task::Full),
    ("fullft", Task::Full),
    ("fullfinetune", Task::Full),
    ("fullfinetuning", Task::Full),
    ("fullparameter", Task::Full),
    // Training from scratch updates every weight: a full fine-tune's memory at least.
    ("pretrain", Task::Full),
    ("pretraining", Task::Full),
    ("fromscratch", Task::Full),
    ("预训练", Task::Full),
    ("从头训练", Task::Full),
    ("从零训练", Task::Full),
    ("从零开始训练", Task::Full),
    ("lora", Task::Lora),
    ("lorafinetune", Task::Lora),
    ("lora微调", Task::Lora),
    ("finetune", Task::Lora),
    ("finetuning", Task::Lora),
    ("ft", Task::Lora),
    ("sft", Task::Lora),
    ("train", Task::Lora),
    ("training", Task::Lora),
    // Training again (`retrain it on my data`): a fine-tune without its method.
    ("retrain", Task::Lora),
    ("retraining", Task::Lora),
    ("微调", Task::Lora),
    ("训练", Task::Lora),
    ("finetuned", Task::Lora),
    // Forum words for training (炼丹 "alchemy", 炼, 练, 调个 a model): a fine-tune with no
    // method, LoRA as 微调 reads. After 训练, which holds 练.
    ("炼丹", Task::Lora),
    ("炼", Task::Lora),
    ("练个", Task::Lora),
    ("练一个", Task::Lora),
    ("调个", Task::Lora),
    ("调一个", Task::Lora),
    // `训` is a job verb of training (`lexicon::JOB_VERBS`); `训个 7b` trains one, as `练个`.
    ("训个", Task::Lora),
    ("训一个", Task::Lora),
];

impl FromStr for Quant {
    type Err = FitError;
    /// Forgiving: `int4`, `Q4_K_M`, `q4km`, `gptq`, `awq`, `nf4`, `4bit`, `fp16`, `half`, `gguf`
    /// (= Q4_K_M, the common default), the GGUF i-quants... ([`QUANT_WORDS`]).
    fn from_str(s: &str) -> Result<Quant, FitError> {
        // EXL2 carries its bits (`exl2-4.65bpw`, `4.65bpw`): read before squashing the dot.
        if let Some(b) = crate::vram::exl2_format::parse(s) {
            return Ok(Quant::Exl2(b));
        }
        let k = squash(s);
        if k == "exl2" {
            return Err(FitError::Exl2NeedsBpw);
        }
        QUANT_WORDS
            .iter()
            .find(|(w, _)| *w == k)
            .map(|(_, q)| *q)
            .ok_or_else(|| FitError::UnknownQuant(s.trim().to_string()))
    }
}

/// The quantization a checkpoint's name ends with (`Qwen/Qwen2.5-7B-Instruct-AWQ`,
/// `unsloth/Llama-3.2-3B-bnb-4bit`, `Qwen3-8B-FP8`, `…-GPTQ-Int4`): the publisher's way of
/// saying which weights the repository holds. The longest ending first, so `bnb-4bit` is
/// bitsandbytes NF4 and not a plain `4bit`.
pub fn quant_in_checkpoint_name(name: &str) -> Option<Quant> {
    checkpoint_quant(name).map(|(_, q, _)| q)
}

/// [`quant_in_checkpoint_name`] with the name before the ending (`unsloth/Mistral-7B-Instruct-
/// v0.3` of `…-v0.3-bnb-4bit`: the model's own name, which a catalog lookup can read whole)
/// and whether the ending says the weights were saved by bitsandbytes (`bnb`): a checkpoint
/// saved in 4-bit, loaded without Transformers' 16-bit warm-up.
pub fn checkpoint_quant(name: &str) -> Option<(String, Quant, bool)> {
    // One reader of a name's format for every caller (`vram::name_format`).
    crate::vram::name_format::parse(name).map(|f| (f.stem, f.quant, f.saved_4bit))
}

/// Whether `name` is a Hugging Face repository id (`org/name`) with no quantization ending
/// (`Qwen/Qwen3-14B`, not `Qwen/Qwen3-14B-FP8`): the publisher's 16-bit checkpoint.
pub fn names_16bit_repo(name: &str) -> bool {
    let Some((org, model)) = name.split_once('/') else {
        return false;
    };
    !org.is_empty() && !model.is_empty() && checkpoint_quant(name).is_none()
}

impl FromStr for Task {
    type Err = FitError;
    fn from_str(s: &str) -> Result<Task, FitError> {
        let k = squash(s);
        TASK_WORDS
            .iter()
            .find(|(w, _)| *w == k)
            .map(|(_, t)| *t)
            .ok_or_else(|| FitError::UnknownTask(s.trim().to_string()))
    }
}

/// Words that say "fine-tune" without the method: LoRA, unless the sentence names a method.
const GENERIC_TUNE: &[&str] = &[
    "finetune",
    "finetuning",
    "ft",
    "sft",
    "train",
    "training",
    "retrain",
    "retraining",
    "微调",
    "训练",
    "finetuned",
    "炼丹",
    "炼",
    "练个",
    "练一个",
    "调个",
    "调一个",
    "训个",
    "训一个",
];

/// The task of one word of a sentence, a whole ASCII word or a Chinese word inside a run
/// (`想用lora微调下` → `lora`, `微调`), with whether it is the generic fine-tune.
fn task_of(w: &str) -> Option<(Task, bool)> {
    if w.is_ascii() {
        // `lora-wise`, `lora wise`, `qlora-based`, `lora-style`: a suffix on a method word says
        // the method.
        let w = METHOD_SUFFIXES
            .iter()
            .find_map(|s| w.strip_suffix(s).filter(|m| m.parse::<Task>().is_ok()))
            .unwrap_or(w);
        let t = w.parse::<Task>().ok()?;
        return Some((t, GENERIC_TUNE.contains(&squash(w).as_str())));
    }
    TASK_WORDS
        .iter()
        .find(|(tw, _)| !tw.is_ascii() && w.contains(tw))
        .map(|(tw, t)| (*t, GENERIC_TUNE.contains(tw)))
}

/// Suffixes that leave a method word its meaning (`lora-wise`, `qlora based`).
const METHOD_SUFFIXES: &[&str] = &[
    "-wise", "wise", "-based", "based", "-style", "style", "-ish",
];

/// Every task a sentence names, in order: the methods said outright (`lora`, `全参`, `qlora`);
/// else LoRA for a fine-tune without its method; else inference if said. Two methods
/// (`lora还是全参`) are two readings, for the caller to ask back.
pub fn tasks_in(words: &[String]) -> Vec<Task> {
    let (mut methods, mut generic, mut infer) = (Vec::new(), false, false);
    let mut i = 0;
    while i < words.len() {
        // `full fine-tune`, `fine tune`: two words that are one.
        let joined = words.get(i + 1).map(|n| format!("{}{n}", words[i]));
        let (found, used) = match joined.as_deref().filter(|j| j.is_ascii()).and_then(task_of) {
            Some(f) => (Some(f), 2),
            None => (task_of(&words[i]), 1),
        };
        match found {
            Some((Task::Infer, _)) => infer = true,
            Some((_, true)) => generic = true,
            Some((t, false)) if !methods.contains(&t) => methods.push(t),
            _ => {}
        }
        i += used;
    }
    if methods.is_empty() && generic {
        // `train qwen3 8b fully`: the fine-tune's adverb says it is full.
        methods.push(if fully_said(words) {
            Task::Full
        } else {
            Task::Lora
        });
    }
    if methods.is_empty() && infer {
        methods.push(Task::Infer);
    }
    methods
}

/// Whether the one task word a sentence says is a bare `full` (`qwen2.5-7b full 4090行吗`):
/// no training word (`微调`, `ft`, `全参`, `fully`) and no serving word beside it, read as
/// [`tasks_in`] reads them, before the model or after it. `full` alone is a full fine-tune to `/fit`, and the whole model in
/// its published precision to a reader: the two are asked back where they differ.
pub fn full_alone(words: &[String]) -> bool {
    let mut found = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let joined = words.get(i + 1).map(|n| format!("{}{n}", words[i]));
        match joined.as_deref().filter(|j| j.is_ascii()).and_then(task_of) {
            Some(_) => {
                found.push(joined.unwrap_or_default());
                i += 2;
            }
            None => {
                if task_of(&words[i]).is_some() {
                    found.push(words[i].clone());
                }
                i += 1;
            }
        }
    }
    // Said before the model (`4090 full qwen2.5-7b`, `full llama 3.1 8b on h100`) or after it
    // (`qwen2.5-7b full 4090`), a bare `full` is the same two things: one rule for both orders
    // (a family right after it had been taken as the task, never asked).
    !found.is_empty()
        && found.iter().all(|w| w == "full")
        && !fully_said(words)
        && !words.iter().any(|w| training_method_word(w).is_some())
}

/// Whether `word` alone is a word of training (`lora`, `qlora`, `finetune`, `dreambooth` aside):
/// said after an image model's name (`sdxl lora`, `flux-lora`) it is how the model is trained,
/// never a variant of the model's name.
pub fn training_word(word: &str) -> bool {
    word.is_ascii() && task_of(word).is_some_and(|(t, _)| t != Task::Infer)
}

/// Whether `word` says "fine-tune" without its method (`finetune`, `sft`, `微调`): read as LoRA,
/// and the answer says so with what full fine-tuning and QLoRA would need.
pub fn is_generic_tune(word: &str) -> bool {
    task_of(word).is_some_and(|(t, generic)| generic && t == Task::Lora)
}

/// Whether a sentence asks for a fine-tune without naming its method (`微调`, `finetune`, and
/// no `lora`, `全参` or `qlora`): [`tasks_in`] reads it as LoRA, an assumption to be said.
pub fn method_unsaid(words: &[String]) -> bool {
    let named = |w: &str| task_of(w).is_some_and(|(t, generic)| !generic && t != Task::Infer);
    // `fine tune`, `full fine-tune`: two words that are one, as [`tasks_in`] reads them.
    let joined: Vec<String> = words
        .windows(2)
        .map(|p| format!("{}{}", p[0], p[1]))
        .filter(|j| j.is_ascii())
        .collect();
    let all = || words.iter().chain(joined.iter());
    all().any(|w| is_generic_tune(w)) && !all().any(|w| named(w)) && !fully_said(words)
}

/// Adverbs that make a fine-tune said without its method a full one (`train qwen3 8b fully`,
/// `fully finetune phi-4`): only beside a fine-tune word, since alone they say a model fits
/// whole (`fits fully in vram`).
const FULL_ADVERBS: &[&str] = &["fully"];

fn fully_said(words: &[String]) -> bool {
    words.iter().any(|w| FULL_ADVERBS.contains(&w.as_str()))
}

/// The task a sentence names (the first of [`tasks_in`]).
pub fn task_in(words: &[String]) -> Option<Task> {
    tasks_in(words).first().copied()
}

/// Choices a frontend offers for a quantization (value, label id): the one lexicon's words.
pub const QUANT_CHOICES: &[(&str, Option<&str>)] = &[
    ("bf16", None),
    ("fp16", None),
    ("fp8", None),
    ("int8", None),
    ("int4", None),
    ("awq", None),
    ("gptq", None),
    ("nf4", None),
    ("q4_k_m", None),
    ("q5_k_m", None),
    ("q8_0", None),
];

/// Choices a frontend offers for a task (value, Fluent id of its label).
pub const TASK_CHOICES: &[(&str, Option<&str>)] = &[
    ("inference", Some("discord-task-inference")),
    ("lora", Some("discord-task-lora")),
    ("qlora", Some("discord-task-qlora")),
    ("full", Some("discord-task-full")),
];

impl FromStr for Engine {
    type Err = FitError;
    fn from_str(s: &str) -> Result<Engine, FitError> {
        Ok(match squash(s).as_str() {
            "transformers" | "hf" | "huggingface" | "pytorch" | "torch" => Engine::Transformers,
            // SGLang, TGI, LMDeploy and TensorRT-LLM are sized in vLLM's class, each with its own
            // pool rule (`vram::Server`).
            "vllm"
            | "sglang"
            | "tgi"
            | "textgenerationinference"
            | "lmdeploy"
            | "turbomind"
            | "trtllm"
            | "tensorrtllm" => Engine::Vllm,
            "llamacpp" | "llama" | "ollama" | "gguf" | "lmstudio" => Engine::Llamacpp,
            "exllamav2" | "exllama" | "exl2" | "tabbyapi" | "tabby" => Engine::Exllamav2,
            _ => return Err(FitError::UnknownEngine(s.trim().to_string())),
        })
    }
}
impl FromStr for Zero {
    type Err = FitError;
    fn from_str(s: &str) -> Result<Zero, FitError> {
        if let Some(z) = sharding(s).or_else(|| offload_sharding(s)) {
            return Ok(z);
        }
        // `3-offload`: the stage of a CPU-offloaded sharding (`is_offload`).
        let squashed = squash(s);
        Ok(match without_offload(&squashed) {
            "0" | "off" | "none" | "ddp" | "zero0" => Zero::Off,
            "1" | "zero1" => Zero::One,
            "2" | "zero2" => Zero::Two,
            "3" | "zero3" | "fsdp" => Zero::Three,
            _ => return Err(FitError::BadValue(format!("zero={s}"))),
        })
    }
}

/// KV-cache element type: `fp16`/`f16`/`bf16`/`16`/`auto` (vLLM's default: the model's dtype),
/// `fp8`/`fp8_e4m3`/`fp8_e5m2`/`int8`/`8`, or a llama.cpp block type (`q8_0`, `q5_1`, `q5_0`,
/// `q4_1`, `q4_0`, `iq4_nl`; `q8` and `q4` for the `_0` types, as people write them).
pub fn kv_dtype(word: &str) -> Option<KvDtype> {
    match squash(word).as_str() {
        "fp16" | "f16" | "bf16" | "16" | "auto" | "float16" | "bfloat16" => Some(KvDtype::Fp16),
        "fp8" | "fp8e4m3" | "fp8e5m2" | "int8" | "8" => Some(KvDtype::Fp8),
        "q80" | "q8" => Some(KvDtype::Q8_0),
        "q51" => Some(KvDtype::Q5_1),
        "q50" | "q5" => Some(KvDtype::Q5_0),
        "q41" => Some(KvDtype::Q4_1),
        "q40" | "q4" => Some(KvDtype::Q4_0),
        "iq4nl" => Some(KvDtype::Iq4Nl),
        // ExLlamaV2's `cache_mode` (TabbyAPI: FP16, Q8, Q6, Q4; the `-cq4` / `-cq6` / `-cq8`
        // of its examples): `q8` and `q4` are read as llama.cpp's and run as ExLlamaV2's own
        // on that engine (`vram::kv_cache`); Q6 is ExLlamaV2's alone.
        "q6" | "cq6" | "exl2q6" | "cachequant6" => Some(KvDtype::Exl2Q6),
        "cq8" | "exl2q8" => Some(KvDtype::Exl2Q8),
        "cq4" | "exl2q4" => Some(KvDtype::Exl2Q4),
        _ => None,
    }
}

/// Optimizer: `adamw`/`adam`, or bitsandbytes 8-bit Adam (`adam8bit`, `8bit`).
pub fn optimizer(word: &str) -> Option<Optimizer> {
    match squash(word).as_str() {
        "adamw" | "adam" | "adamwtorch" | "pagedadamw" | "pagedadamw32bit" => {
            Some(Optimizer::AdamW)
        }
        "adam8bit" | "adamw8bit" | "8bit" | "pagedadamw8bit" | "pagedadam8bit" => {
            Some(Optimizer::Adam8bit)
        }
        _ => None,
    }
}

/// When a meter starts: `boot`/`开机` (power-on) or `job`/`任务` (when the work starts).
pub fn billing_start(word: &str) -> Option<BillingStart> {
    match word.trim().to_lowercase().as_str() {
        "boot" | "开机" => Some(BillingStart::Boot),
        "job" | "任务" => Some(BillingStart::Job),
        _ => None,
    }
}

/// Attention implementation: `eager` (scores materialized), `sdpa`, `flash` (`fa2`...).
pub fn attention(word: &str) -> Option<Attention> {
    Attention::from_key(word)
}

/// A switch: `on`/`yes`/`true`/`1`/`开` or `off`/`no`/`false`/`0`/`关`.
pub fn on_off(word: &str) -> Option<bool> {
    match word.trim().to_lowercase().as_str() {
        "on" | "yes" | "true" | "1" | "开" | "开启" | "是" => Some(true),
        "off" | "no" | "false" | "0" | "关" | "关闭" | "否" => Some(false),
        _ => None,
    }
}

/// A word that names a training method beyond SFT (`dpo`, `grpo`, `kto`, `奖励模型`): the
/// `method=` value it stands for (`vram::Method::from_key` reads it). `sft`, a bare `rm` and
/// `reward` are left out: too common as other words.
pub fn training_method_word(w: &str) -> Option<&'static str> {
    let lw = w.to_lowercase();
    let key = match lw.replace(['-', '_'], "").as_str() {
        "dpo" | "ipo" | "rpo" => "dpo",
        "orpo" => "orpo",
        "simpo" => "simpo",
        "cpo" => "cpo",
        "kto" => "kto",
        "grpo" | "gspo" | "dapo" => "grpo",
        "ppo" => "ppo",
        "rewardmodel" | "奖励模型" => "reward",
        _ => return None,
    };
    Some(key)
}

/// A word that asks for DoRA (PEFT's `use_dora`): `dora`, `use_dora`.
pub fn is_dora_word(w: &str) -> bool {
    matches!(w.to_lowercase().as_str(), "dora" | "use_dora" | "use-dora")
}

#[cfg(test)]
mod tests;
