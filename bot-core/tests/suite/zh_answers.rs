//! A Chinese answer is all Chinese: no English words, region codes or a literal "unknown".
//! Every catalog answer (each GPU, each platform, the lists), /cost, /compare and the whole
//! /pick dialogue are rendered in zh and scanned for Latin-only words; names of models, cards
//! and platforms, units and a short list of technical terms are allowed.

use bot_core::store::{Store, db_path};
use bot_core::{Bot, Catalog, ChatRef, Input, Lang, Localizer};
use std::collections::HashSet;
use std::sync::Arc;

/// Terms a Chinese developer reads as they are (products, protocols, units).
const TERMS: &[&str] = &[
    // Benchmark names, quoted with Qwen's quantization figures.
    "MMLU",
    "Eval",
    "IFEval",
    "GB",
    "GiB",
    "TB",
    "MB",
    "TFLOPS",
    "GPU",
    "CPU",
    "API",
    "SSH",
    "Jupyter",
    "NVLink",
    "PCIe",
    "SXM",
    "NVSwitch",
    "HGX",
    "OAM",
    "NVL",
    "HBM",
    "GDDR",
    "Infinity",
    "Fabric",
    "Grace",
    "AMD",
    "NVIDIA",
    "Docker",
    "token",
    "LoRA",
    "QLoRA",
    "KV",
    "Pro",
    "Pod",
    "VM",
    "TiB",
    "SM",
    "TOPS",
    "vLLM",
    "CNY",
    "USD",
    "Stripe",
    "CVM",
    "ECS",
    "PyPI",
    "GPTQ",
    "AWQ",
    "NF4",
    "CORE",
    "CUDA",
    "GGUF",
    "MoE",
    "SDPA",
    "FlashAttention",
    "Transformers",
    "ZeRO",
    "PEFT",
    "dropout",
    // Memory as the driver reports it (nvidia-smi, MiB), trainers named by their product names,
    // and the words that change a training assumption (amp, adamw8bit).
    "MiB",
    "smi",
    // AMD's driver, runtime and tools, named as nvidia-smi and CUDA are.
    "ROCm",
    "HIP",
    "amdgpu",
    "rocminfo",
    "PyTorch",
    "Factory",
    "ms",
    "swift",
    "Unsloth",
    "Hugging",
    "Face",
    "Trainer",
    "axolotl",
    "LitGPT",
    "torchtune",
    "DeepSpeed",
    "bitsandbytes",
    "amp",
    "adamw",
    // Serving engines and quantized-cache libraries, by their product names.
    "SGLang",
    "TGI",
    "LMDeploy",
    "TensorRT",
    "LLM",
    "Ollama",
    "quanto",
    "HQQ",
];

fn allowed_words(c: &Catalog) -> HashSet<String> {
    let mut words: HashSet<String> = TERMS.iter().map(|t| t.to_lowercase()).collect();
    let mut add = |s: &str| {
        for w in s.split(|ch: char| !ch.is_ascii_alphanumeric()) {
            if !w.is_empty() {
                words.insert(w.to_lowercase());
            }
        }
    };
    for g in &c.gpus {
        add(&g.id);
        add(&g.name);
        add(g.arch.as_deref().unwrap_or_default());
        add(g.mem_type.as_deref().unwrap_or_default());
        g.aliases.iter().for_each(|a| add(a));
    }
    for p in &c.platforms {
        add(&p.id);
        add(&p.name);
        add(p.name_zh.as_deref().unwrap_or_default());
        p.aliases.iter().for_each(|a| add(a));
    }
    for m in &c.models {
        add(&m.id);
        add(&m.name);
    }
    words
}

/// Latin-only words: runs of ASCII letters not touching a digit, a dot or a slash (numbers
/// with units like `40m`, domains and paths are data, not words).
fn latin_words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    // `key=value` is command syntax the user types (`boot=3m`, `fx=汇率`, `gc=off`,
    // `attn=eager|sdpa|flash`), not prose: the key and an ASCII value are dropped.
    let text: String = {
        let mut t = String::new();
        let mut word = String::new();
        let mut in_value = false;
        for ch in text.chars().chain(std::iter::once(' ')) {
            if in_value && (ch.is_ascii_alphanumeric() || matches!(ch, '_' | '|' | '-' | '.')) {
                continue;
            }
            in_value = ch == '=';
            if ch.is_ascii_alphanumeric() || ch == '_' {
                word.push(ch);
            } else {
                if ch != '=' {
                    t.push_str(&word);
                }
                word.clear();
                t.push(ch);
            }
        }
        t
    };
    for token in text.split(|ch: char| {
        !(ch.is_ascii_alphanumeric() || matches!(ch, '.' | '/' | '_' | '-' | ':' | '+' | '@'))
    }) {
        if token.is_empty()
            || token.contains(['.', '/', ':', '@'])
            || token.chars().any(|ch| ch.is_ascii_digit())
            || !token.chars().any(|ch| ch.is_ascii_alphabetic())
        {
            continue;
        }
        for w in token.split(['-', '_', '+']) {
            // One letter is a label (`A–B` ranges), not a word.
            if w.len() > 1 && !w.chars().any(|ch| ch.is_ascii_digit()) {
                out.push(w.to_string());
            }
        }
    }
    out
}

fn zh_lines(c: &Catalog) -> Vec<String> {
    let mut lines = vec![
        "/gpus".to_string(),
        "/platforms".into(),
        "/cost autodl 4090 40m".into(),
        "/cost autodl 4090 daily 4h".into(),
        "/cost gpushare 4090 daily 2h".into(),
        "/compare 4090 3h".into(),
        "/compare 4090 daily 4h".into(),
        // /fit: the options table, a card that holds it (with speed), one that does not (with
        // what does), training, an unknown card figure, an i-quant and a bare MoE-sized size.
        "/fit qwen2.5-72b".into(),
        "/fit qwen2.5-7b int4 4090".into(),
        "/fit qwen2.5-72b bf16 4090".into(),
        "/fit qwen2.5-7b lora 4090".into(),
        "/fit qwen2.5-7b qlora 4090".into(),
        "/fit qwen2.5-7b full 4090".into(),
        // An MoE QLoRA: the line on which experts carry adapters.
        "/fit qwen3-30b-a3b qlora 4090".into(),
        "/fit qwen3-30b-a3b lora 4090 experts=on".into(),
        "/fit qwen2.5-7b int4 vllm l20".into(),
        "/fit qwen2.5-72b iq2_xxs 4090".into(),
        "/fit 671b q4_k_m".into(),
        // Several cards: the interconnect and the link warnings in Chinese.
        "/fit qwen2.5-72b int4 2x3090 vllm".into(),
        "/fit qwen2.5-72b int4 2x4090 vllm".into(),
        "/fit qwen2.5-7b lora 2x4090 gc=off".into(),
        // /tco: a fitting card and one that cannot serve the model.
        "/tco qwen2.5-7b int4 4090 20m 0.3".into(),
        // KV cache types and serving engines' own pools (`vram::kv_cache`, `vram::server`).
        "/fit qwen2.5-14b q4_k_m ctx=32k engine=llamacpp kv=q4_0 attn=eager 4080".into(),
        "/fit qwen2.5-14b q4_k_m ctx=32k engine=llamacpp ctk=q8_0 4080".into(),
        "/fit phi-4 awq ctx=16k engine=vllm kv=q4_0 4090".into(),
        "/fit phi-4 ctx=16k engine=transformers kv=fp8 a100".into(),
        "/fit qwen2.5-14b bf16 ctx=32k engine=sglang a100-40g-pcie".into(),
        "/fit qwen2.5-14b bf16 ctx=32k engine=sglang mfs=0.9 a100-40g-pcie".into(),
        "/fit qwen2.5-14b bf16 ctx=32k engine=tgi a100-40g-pcie".into(),
        "/fit qwen2.5-14b bf16 ctx=32k engine=lmdeploy a100-40g-pcie".into(),
        "/fit qwen2.5-14b bf16 ctx=32k engine=trt-llm a100-40g-pcie".into(),
        "/tco qwen2.5-72b bf16 4090 20m 0.3".into(),
    ];
    lines.extend(c.gpus.iter().map(|g| format!("/gpu {}", g.id)));
    lines.extend(c.platforms.iter().map(|p| format!("/platform {}", p.id)));
    lines
}

#[test]
fn chinese_answers_have_no_english_words() {
    let catalog = Catalog::embedded().unwrap();
    let allowed = allowed_words(&catalog);
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&db_path(dir.path())).unwrap());
    let bot = Bot::new(Arc::new(catalog.clone()), store);
    let who = ChatRef {
        platform: "test".into(),
        chat: "c".into(),
        user: "u".into(),
        locale: Some("zh-CN".into()),
        thread: None,
    };
    let l = Localizer::get();
    let mut texts: Vec<(String, String)> = Vec::new();
    for line in zh_lines(&catalog) {
        for r in bot.handle(&who, Input::Text(line.clone())).replies {
            texts.push((line.clone(), l.render_plain(Lang::Zh, &r)));
        }
    }
    // The /pick dialogue to the trial plan, taking the first choice at every step.
    for task in ["t:exp", "t:tune", "t:serve"] {
        let mut replies = bot.handle(&who, Input::Text("/pick".into())).replies;
        for _ in 0..12 {
            for r in &replies {
                texts.push((format!("/pick {task}"), l.render_plain(Lang::Zh, r)));
            }
            let Some(first) = replies
                .iter()
                .flat_map(|r| r.choices.iter())
                .next()
                .map(|c| c.id.clone())
            else {
                break;
            };
            let id = match first.as_str() {
                "t:exp" => task.to_string(),
                "b:web" => "b:done".into(),
                _ => first,
            };
            replies = bot.handle(&who, Input::Choice(id)).replies;
        }
    }
    let mut bad: Vec<String> = Vec::new();
    for (line, text) in &texts {
        for w in latin_words(text) {
            if !allowed.contains(&w.to_lowercase()) {
                let at = text.find(&w).unwrap_or(0);
                let start = text[..at]
                    .char_indices()
                    .rev()
                    .nth(20)
                    .map_or(0, |(i, _)| i);
                let snippet: String = text[start..].chars().take(60).collect();
                bad.push(format!("{line}: `{w}` in …{snippet}…"));
            }
        }
    }
    bad.sort();
    bad.dedup();
    assert!(
        bad.is_empty(),
        "{} English words in Chinese answers:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

#[test]
fn the_scanner_finds_english_and_lets_names_and_units_through() {
    assert_eq!(latin_words("报价单位：hour"), vec!["hour"]);
    assert_eq!(
        latin_words("任务时长 40m，¥1.88/小时"),
        Vec::<String>::new()
    );
    assert_eq!(
        latin_words("来源：autodl.com（2026-09-29）"),
        Vec::<String>::new()
    );
    assert_eq!(latin_words("地区 cn unknown"), vec!["cn", "unknown"]);
}
