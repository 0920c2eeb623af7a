//! A fit's job facts said as a trainer's flags or in words the entities missed: HF Trainer
//! and PEFT flags (`--lora_r 16` is LoRA, `--per_device_train_batch_size 4` the batch),
//! a sequence length (`max_seq_length=8192`, `上下文 8192`) as `ctx=`, people served at once
//! (`给 20 个人用`, `8 parallel requests`) as `batch=`, and `full` that means the whole
//! context (`the full 128k context`), not a full fine-tune. Each was dropped or misread and
//! the memory was sized for another job.

use super::Reading;
use super::request::Request;
use crate::vram::Task;

/// Flags and words that make a training run LoRA (or QLoRA when 4-bit loading is said).
const LORA_FLAGS: &[&str] = &[
    "lora_r",
    "lora_rank",
    "lora_alpha",
    "--lora",
    "use_peft",
    "peft",
];
const QLORA_FLAGS: &[&str] = &["load_in_4bit", "bnb_4bit", "--qlora", "use_qlora"];
/// Keys whose number is the bits the base is loaded in (LLaMA-Factory, Axolotl).
const QUANT_BIT_KEYS: &[&str] = &["quantization_bit", "load_in_bits"];

/// Whether the trainer's flags load the base in 4 bits.
fn loads_in_4bit(padded: &str) -> bool {
    QLORA_FLAGS.iter().any(|f| padded.contains(f))
        || QUANT_BIT_KEYS
            .iter()
            .any(|k| number_after(padded, k) == Some(4))
}
/// Keys whose number is the training batch per card.
const BATCH_KEYS: &[&str] = &[
    "per_device_train_batch_size",
    "per-device-train-batch-size",
    "train_batch_size",
    "micro_batch_size",
    "micro-batch-size",
];
/// Keys whose number is the sequence length.
const CTX_KEYS: &[&str] = &[
    "max_seq_length",
    "max_seq_len",
    "max-seq-len",
    "max_length",
    "cutoff_len",
    "model_max_length",
    "seq_len",
    "seq_length",
    "num_ctx",
    "n_ctx",
    "ctx-size",
    "ctx_size",
    "ctx=",
    "ctx ",
    "context length",
    "context of",
    "上下文长度",
    "上下文",
];
/// Keys whose number is the cards one job runs on: a launcher's processes per node (one per
/// card), vLLM's tensor-parallel size.
const CARD_KEYS: &[&str] = &[
    "nproc_per_node",
    "nproc-per-node",
    "num_processes",
    "num-processes",
    "tensor-parallel-size",
    "tensor_parallel_size",
    "--tp",
    "--num_gpus",
    "--num-gpus",
];
/// Gradient checkpointing said off in a trainer's words (`gradient_checkpointing=False`).
const GC_OFF: &[&str] = &[
    "gradient_checkpointing=false",
    "gradient_checkpointing false",
    "gradient_checkpointing=0",
    "gradient_checkpointing: false",
    "--gradient_checkpointing false",
    "no gradient checkpointing",
    "without gradient checkpointing",
    "gradient checkpointing off",
    "不开梯度检查点",
    "关闭梯度检查点",
    "关掉梯度检查点",
    "不用梯度检查点",
];
/// Keys whose number is the LoRA rank.
const RANK_KEYS: &[&str] = &[
    "lora_r",
    "lora_rank",
    "lora-rank",
    "lora rank",
    " r=",
    " r =",
    "rank=",
];
/// Mixed precision said in words: fp32 master weights beside the 16-bit model.
const AMP: &[&str] = &[
    "mixed precision",
    "mixed-precision",
    "混合精度",
    " amp ",
    "--fp16 true",
    "autocast",
];

/// Sharding said in words beside a fit (`fsdp`, `deepspeed zero3`): `zero=` as `/fit` reads it.
const SHARDING: &[(&str, &str)] = &[
    (" fsdp2 ", "fsdp"),
    (" fsdp ", "fsdp"),
    ("--fsdp", "fsdp"),
    (" zero3 ", "3"),
    (" zero-3 ", "3"),
    (" zero 3 ", "3"),
    (" zero stage 3 ", "3"),
    (" zero2 ", "2"),
    (" zero-2 ", "2"),
    (" zero 2 ", "2"),
    (" zero stage 2 ", "2"),
];

/// Words after a number that make it requests served at once.
const AT_ONCE: &[&str] = &[
    "parallel requests",
    "parallel users",
    "parallel sessions",
    "parallel chats",
    "parallel streams",
    "users in parallel",
    "people in parallel",
    "concurrent requests",
    "simultaneous requests",
    "requests at once",
    "requests in parallel",
    "个请求",
    "路请求",
];

/// The number right after `key` (`max_seq_length=8192`, `上下文 8192`).
fn number_after(padded: &str, key: &str) -> Option<u32> {
    let at = padded.find(key)?;
    let rest = padded[at + key.len()..].trim_start_matches([' ', '=', ':', '是', '为']);
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    // `上下文 8k` is the entities' (a unit glued on): only a bare count here.
    if rest[digits.len()..].starts_with(|c: char| c.is_ascii_alphabetic()) {
        return None;
    }
    digits.parse().ok()
}

/// People served together: `给 20 个人用`, `20个人同时用`, `8 parallel requests`.
fn served_at_once(padded: &str) -> Option<u32> {
    let words: Vec<&str> = padded.split_whitespace().collect();
    words.iter().enumerate().find_map(|(k, w)| {
        let end = w.find(|c: char| !c.is_ascii_digit()).unwrap_or(w.len());
        let n: u32 = w[..end].parse().ok()?;
        let rest = if end < w.len() {
            w[end..].to_string()
        } else {
            words[k + 1..].join(" ")
        };
        let rest = rest.trim_start();
        let before = if k > 0 { words[k - 1] } else { "" };
        // `给 20 个人用`: people it is for, with a use said after.
        let people = before.ends_with('给')
            && ["个人", "人", "位"].iter().any(|p| rest.starts_with(p))
            && rest.contains('用');
        let requests = AT_ONCE.iter().any(|p| rest.starts_with(p));
        ((people || requests) && (1..=crate::vram::MAX_BATCH).contains(&n)).then_some(n)
    })
}

/// A context length as `ctx=` writes it: `8192` → `8k`.
fn window(tokens: u32) -> String {
    if tokens >= 1024 && tokens % 1024 == 0 {
        format!("{}k", tokens / 1024)
    } else {
        tokens.to_string()
    }
}

/// Whether `full` is said only of a context (`the full 128k context`) or of the whole model
/// (`the full 671b one`): the one rule `volume_unit` keeps for the entities.
fn full_not_training(padded: &str) -> bool {
    super::volume_unit::full_not_training(&super::text::tokens(padded), padded)
}

/// `r` with the job facts said, on a fit.
pub(super) fn with_job_facts(padded: &str, r: Reading) -> Reading {
    let Reading::Command(Request::Fit(mut a)) = r else {
        return r;
    };
    let said =
        |a: &crate::commands::fit::FitArgs, k: &str| a.options.iter().any(|(key, _)| key == k);
    if a.task == Some(Task::Full) && full_not_training(padded) {
        a.task = None;
    }
    // LoRA on a base loaded in 4 bits is QLoRA (LLaMA-Factory's `quantization_bit: 4` beside
    // `finetuning_type: lora`, PEFT's `load_in_4bit` beside `--lora_r`): sized as LoRA the base
    // would be counted in BF16, about three times its 4-bit size.
    if a.task == Some(Task::Lora) && loads_in_4bit(padded) {
        a.task = Some(Task::Qlora);
    }
    if a.task.is_none() {
        if loads_in_4bit(padded) {
            a.task = Some(Task::Qlora);
        } else if LORA_FLAGS.iter().any(|f| padded.contains(f)) {
            a.task = Some(Task::Lora);
        }
    }
    // `32k上下文 4090够吗`: the card's number after the context word is the card, never a
    // context of 4090 tokens.
    let card_number = |n: &u32| {
        a.gpu
            .as_deref()
            .is_some_and(|g| g.split('-').any(|p| p == n.to_string()))
    };
    if !said(&a, "ctx")
        && let Some(n) = CTX_KEYS
            .iter()
            .find_map(|k| number_after(padded, k))
            .filter(|n| *n >= 256 && !card_number(n))
    {
        a.options.insert(0, ("ctx".to_string(), window(n)));
    }
    trainer_words(padded, &mut a);
    // A checkpoint saved by bitsandbytes in 4 bits (`…-bnb-4bit`) loads as it is, without the
    // 16-bit warm-up: the option `/fit` itself adds for that name, so both lines are the same.
    // The format a model's name states, kept for the answer to say it read it
    // (`vram::name_format`), as `/fit` keeps it.
    let named = padded
        .split_whitespace()
        .find_map(crate::vram::name_format::parse);
    let bnb = named.as_ref().is_some_and(|f| f.saved_4bit);
    // Only where the line sizes that format: a word that is no model's name (`h100-fp8`)
    // must not claim a typed word overrode it.
    if a.named.is_none() && named.as_ref().is_some_and(|f| a.quant == Some(f.quant)) {
        a.named = named;
    }
    if bnb && !said(&a, "warmup") {
        a.options
            .insert(0, ("warmup".to_string(), "off".to_string()));
    }
    if !said(&a, "batch")
        && let Some(n) = BATCH_KEYS
            .iter()
            .find_map(|k| number_after(padded, k))
            .filter(|n| (1..=crate::vram::MAX_BATCH).contains(n))
            .or_else(|| served_at_once(padded))
    {
        // Before the engine, where the line writes it (`batch=8 engine=vllm`).
        let at = a
            .options
            .iter()
            .position(|(k, _)| k == "engine")
            .unwrap_or(a.options.len());
        a.options.insert(at, ("batch".to_string(), n.to_string()));
    }
    Reading::Command(Request::Fit(a))
}

/// Trainer and bill keys whose `key=value` value is never a card count, a size or a job's
/// length (`r=8 3090` had been read as eight 3090s, `boot=3m` as a 3-minute job).
const VALUE_KEYS: &[&str] = &[
    "r",
    "rank",
    "lora_r",
    "lora_rank",
    "lora_alpha",
    "alpha",
    "lora_dropout",
    "dropout",
    "epochs",
    "num_train_epochs",
    "seed",
    "lr",
    "learning_rate",
    "warmup_steps",
    "max_steps",
    "gradient_accumulation_steps",
    "grad_accum",
    "accum",
    "save_steps",
    "logging_steps",
    "boot",
    "pull",
    "idle",
];

/// `norm` with the values of [`VALUE_KEYS`] taken out (`r=8` → `r=`), for the entities only:
/// the passes that read those options see the whole text.
pub(super) fn without_option_values(norm: &str) -> String {
    if !norm.contains('=') {
        return norm.to_string();
    }
    let mut out = String::with_capacity(norm.len());
    let mut rest = norm;
    while let Some(eq) = rest.find('=') {
        let (head, tail) = rest.split_at(eq);
        let key_start = (head.char_indices().rev())
            .find(|(_, c)| !(c.is_ascii_alphanumeric() || *c == '_'))
            .map_or(0, |(k, c)| k + c.len_utf8());
        let key = &head[key_start..];
        out.push_str(head);
        out.push('=');
        let tail = &tail[1..];
        let value_end = tail
            .find(|c: char| c.is_whitespace() || matches!(c, ',' | ';'))
            .unwrap_or(tail.len());
        rest = if VALUE_KEYS.contains(&key) {
            &tail[value_end..]
        } else {
            tail
        };
    }
    out.push_str(rest);
    out
}

/// A launcher's card count, checkpointing said off and the sharding, in the trainer's words:
/// each had been dropped, and the memory sized for one card, with checkpointing, or under
/// another sharding.
fn trainer_words(padded: &str, a: &mut crate::commands::fit::FitArgs) {
    let said = |a: &crate::commands::fit::FitArgs, k: &str| a.options.iter().any(|(x, _)| x == k);
    if a.gpu.is_some()
        && a.cards.is_none()
        && let Some(n) = CARD_KEYS
            .iter()
            .find_map(|k| number_after(padded, k))
            .filter(|n| (2..=crate::vram::MAX_CARDS).contains(n))
    {
        a.cards = Some(n);
    }
    let spaced = padded.replace([',', ';', '，'], " ");
    let training = a.task.is_some_and(|t| t.is_training());
    // Or said off in words (`关掉gradient checkpointing`, `without grad ckpt`, `turn off gc`).
    let off_in_words =
        || training && crate::lexicon::switched_off(padded, crate::lexicon::CHECKPOINTING_TERMS);
    if !said(a, "gc") && (GC_OFF.iter().any(|w| spaced.contains(w)) || off_in_words()) {
        a.options.push(("gc".to_string(), "off".to_string()));
    }
    let lora = a
        .task
        .is_some_and(|t| matches!(t, Task::Lora | Task::Qlora));
    if lora
        && !said(a, "rank")
        && let Some(n) = RANK_KEYS
            .iter()
            .find_map(|k| number_after(&spaced, k))
            .filter(|n| (1..=1024).contains(n))
    {
        a.options.push(("rank".to_string(), n.to_string()));
    }
    if a.task == Some(Task::Full) && !said(a, "amp") && AMP.iter().any(|w| spaced.contains(w)) {
        a.options.push(("amp".to_string(), "on".to_string()));
    }
    if training
        && !said(a, "zero")
        && let Some((_, z)) = SHARDING.iter().find(|(w, _)| spaced.contains(w))
    {
        a.options.push(("zero".to_string(), z.to_string()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facts_as_flags_and_words() {
        assert_eq!(
            number_after(" max_seq_length=8192, qlora ", "max_seq_length"),
            Some(8192)
        );
        assert_eq!(number_after(" 上下文 8k ", "上下文"), None);
        assert_eq!(served_at_once(" qwen2.5-32b 给 20 个人用 awq "), Some(20));
        assert_eq!(
            served_at_once(" serving like 8 parallel requests "),
            Some(8)
        );
        assert_eq!(served_at_once(" 20 个人 的团队 "), None);
        assert_eq!(served_at_once(" 2 parallel a100s "), None);
        assert!(full_not_training(
            " phi-3-mini-128k on an l4 with the full 128k context "
        ));
        assert!(!full_not_training(
            " full finetune with the full 128k context "
        ));
        assert!(!full_not_training(" full qwen2.5-7b "));
        assert_eq!(
            without_option_values("mistral-7b lora r=8 3090 boot=3m ctx=8k"),
            "mistral-7b lora r= 3090 boot= ctx=8k"
        );
        assert_eq!(without_option_values("a=b"), "a=b");
        assert_eq!(without_option_values("训练r=8 卡=2"), "训练r= 卡=2");
    }
}
