//! A bitsandbytes 4-bit training base as PEFT's `prepare_model_for_kbit_training` leaves it:
//! every 16-bit parameter that is not a `Params4bit` is cast to fp32 (the norms, the token
//! embedding, an untied output head; GPTQ bases are exempt). The trainers differ: TRL's
//! SFTTrainer, axolotl and the PEFT examples call it, LLaMA-Factory and Unsloth do not. The
//! default is stated with its word (`upcast=off`, `trainer=llamafactory`).

use super::chat::{say, world};
use bot_core::Catalog;
use bot_core::vram::{FitRequest, GIB, ModelRef, Quant, Task, estimate};

fn weights(c: &Catalog, id: &str, quant: Quant, upcast: bool) -> f64 {
    let mut r = FitRequest::new(ModelRef::Known(c.model(id).unwrap()), quant, Task::Qlora);
    r.context = 1024;
    r.kbit_upcast = upcast;
    estimate(c, &r).unwrap().weights_gib
}

/// The cast adds two bytes per embedding and untied-head parameter, counted from the config:
/// an untied model pays for both matrices, a tied one for one; a GPTQ base for none.
#[test]
fn the_fp32_cast_adds_two_bytes_per_embedding_and_head_parameter() {
    let c = Catalog::embedded().unwrap();
    for id in [
        "qwen2.5-7b",
        "llama-3.1-8b",
        "mistral-7b-v0.3",
        "qwen2.5-3b",
        "gemma-2-9b",
    ] {
        let m = c.model(id).unwrap();
        let matrices = if m.tied_embeddings { 1.0 } else { 2.0 };
        let want = matrices * m.vocab as f64 * m.hidden as f64 * 2.0 / GIB;
        let got = weights(&c, id, Quant::Nf4, true) - weights(&c, id, Quant::Nf4, false);
        assert!((got - want).abs() < 0.01, "{id}: {got:.3} vs {want:.3} GiB");
        let gptq = weights(&c, id, Quant::GptqInt4, true) - weights(&c, id, Quant::GptqInt4, false);
        assert!(gptq.abs() < 1e-9, "{id}: a GPTQ base is not cast");
    }
}

fn total(text: &str) -> f64 {
    let at = text.find("= total ").unwrap_or_else(|| panic!("{text}"));
    text[at + 8..]
        .split_whitespace()
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

/// The answer says which preparation it assumes, what it costs and the word that changes it,
/// in both languages; `trainer=llamafactory` is the same as `upcast=off`.
#[test]
fn the_qlora_answer_states_the_fp32_cast_and_its_word() {
    let w = world();
    let line = "/fit qwen2.5-7b qlora ctx=2k 4090";
    let en = say(&w, "en", line);
    assert!(
        en.contains("prepare_model_for_kbit_training") && en.contains("upcast=off"),
        "{en}"
    );
    assert!(en.contains("2.0 GiB more than in 16-bit"), "{en}");
    let zh = say(&w, "zh", line);
    assert!(
        zh.contains("词嵌入和输出层转成 fp32") && zh.contains("upcast=off"),
        "{zh}"
    );
    let off = say(&w, "en", &format!("{line} upcast=off"));
    assert!(off.contains("upcast=on"), "{off}");
    // Off takes away at least the cast's own 2.0 GiB (and the fp32 stream with it).
    assert!(total(&en) - total(&off) >= 2.0, "{en}\n{off}");
    let lf = say(&w, "en", &format!("{line} trainer=llamafactory"));
    assert_eq!(total(&lf), total(&off));
    // Unsloth and a GPTQ base have no such line.
    assert!(!say(&w, "en", &format!("{line} unsloth")).contains("kbit_training"));
    assert!(!say(&w, "en", "/fit qwen2.5-7b qlora gptq ctx=2k 4090").contains("kbit_training"));
    assert!(say(&w, "en", &format!("{line} upcast=maybe")).contains("upcast=maybe"));
}
