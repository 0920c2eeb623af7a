//! A fine-tune asked without its method (`finetune`, `sft`, `微调`) is sized as LoRA: the answer
//! says so in its first lines, in both languages, and gives one line each with what full
//! fine-tuning and QLoRA would need on the same card (fits, or short by how much), the same
//! figures their own `/fit` gives. Cases of their own: models, cards and words of no other test.

use super::chat::{say, world};
use bot_core::lexicon::{is_generic_tune, method_unsaid};

/// The first number after `marker` on the line that holds it.
fn number_after(text: &str, marker: &str) -> f64 {
    let at = text
        .find(marker)
        .unwrap_or_else(|| panic!("{marker:?} in {text}"));
    let num: String = text[at + marker.len()..]
        .trim_start()
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    num.parse()
        .unwrap_or_else(|_| panic!("no number after {marker:?}: {text}"))
}

fn line_with<'a>(text: &'a str, marker: &str) -> &'a str {
    text.lines()
        .find(|l| l.contains(marker))
        .unwrap_or_else(|| panic!("no line with {marker:?} in:\n{text}"))
}

/// The memory a method's own `/fit` must allocate per card.
fn allocated(w: &super::chat::World, line: &str) -> f64 {
    number_after(
        say(w, "en", line).as_str(),
        "GiB as nvidia-smi would show it,",
    )
}

#[test]
fn the_words_that_name_no_method() {
    let words = |s: &str| -> Vec<String> { s.split_whitespace().map(String::from).collect() };
    for s in [
        "finetune llama 8b",
        "fine tune mistral on a 3090",
        "sft qwen",
        "想 微调 一下",
        "训练 一个 7b",
    ] {
        assert!(method_unsaid(&words(s)), "{s}");
    }
    for s in [
        "lora finetune llama",
        "full fine-tune llama",
        "qlora sft",
        "全参微调 7b",
        "想用lora微调下",
        "inference on a 4090",
        "qwen 7b",
    ] {
        assert!(!method_unsaid(&words(s)), "{s}");
    }
    assert!(is_generic_tune("SFT") && is_generic_tune("微调") && !is_generic_tune("lora"));
}

#[test]
fn a_fine_tune_without_its_method_says_lora_first_and_prices_the_other_two_on_the_card() {
    let w = world();
    let out = say(&w, "en", "/fit llama-3.1-8b finetune 3090");
    let lines: Vec<&str> = out.lines().collect();
    // Within the first lines: the title, then the assumption (before the quantization's).
    let at = lines
        .iter()
        .position(|l| l.contains("No fine-tuning method given: sized as LoRA"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(at <= 2, "{out}");
    assert!(lines[0].contains("lora"), "{out}");
    // Full fine-tuning of an 8B model cannot fit a 24 GiB card; its figure is what `/fit … full`
    // allocates on that card, and the line says how much it is short.
    let full = line_with(&out, "Full fine-tuning would need about");
    let need = number_after(full, "would need about");
    let own = allocated(&w, "/fit llama-3.1-8b full 3090");
    assert!((need - own).abs() < 0.051, "{need} vs {own}: {out}");
    assert!(
        full.contains("does not fit") && full.contains("GiB short per card"),
        "{full}"
    );
    assert!(full.contains("(add full)"), "{full}");
    let qlora = line_with(&out, "QLoRA (4-bit NF4 base) would need about");
    let need = number_after(qlora, "would need about");
    let own = allocated(&w, "/fit llama-3.1-8b qlora 3090");
    assert!((need - own).abs() < 0.051, "{need} vs {own}: {out}");
    assert!(qlora.contains("fits on 1 × GeForce RTX 3090"), "{qlora}");
    // The assumption and the two lines come before the list of cards that hold the job.
    let table = out.find("What does hold it").unwrap_or(out.len());
    assert!(out.find("QLoRA (4-bit NF4 base)").unwrap() < table, "{out}");
}

#[test]
fn in_chinese_a_question_with_wei_tiao_says_the_same() {
    let w = world();
    let out = say(&w, "zh", "想在A100 40G上微调qwen2.5-14b，放得下吗");
    let lines: Vec<&str> = out.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.contains("没有说微调方式：按 LoRA"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(at <= 3, "{out}");
    let full = line_with(&out, "全参微调每张卡约需");
    assert!(
        full.contains("放不下") && full.contains("每张卡还差"),
        "{full}"
    );
    assert!(full.contains("（加上「全参」）"), "{full}");
    let qlora = line_with(&out, "QLoRA（4 比特 NF4 底模）每张卡约需");
    assert!(qlora.contains("（加上 qlora）"), "{qlora}");
    // The same figures as the English answer to the typed line.
    let en = say(&w, "en", "/fit qwen2.5-14b finetune a100-40g-sxm");
    for (zh_marker, en_marker) in [
        ("全参微调每张卡约需", "Full fine-tuning would need about"),
        (
            "QLoRA（4 比特 NF4 底模）每张卡约需",
            "QLoRA (4-bit NF4 base) would need about",
        ),
    ] {
        assert_eq!(
            number_after(&out, zh_marker),
            number_after(&en, en_marker),
            "{out}\n{en}"
        );
    }
}

#[test]
fn a_method_said_is_not_assumed_and_no_card_still_gets_the_two_figures() {
    let w = world();
    for line in [
        "/fit gemma-2-9b lora l4",
        "/fit gemma-2-9b qlora sft l4",
        "/fit gemma-2-9b full l4",
    ] {
        let out = say(&w, "en", line);
        assert!(
            !out.contains("No fine-tuning method given"),
            "{line}: {out}"
        );
        assert!(
            !out.contains("Full fine-tuning would need"),
            "{line}: {out}"
        );
    }
    let zh = say(&w, "zh", "gemma-2-9b 全参微调 l4 够吗");
    assert!(!zh.contains("没有说微调方式"), "{zh}");
    // With no card named, each line gives the memory per card it needs, and no verdict.
    let out = say(&w, "en", "/fit gemma-2-9b sft");
    assert!(out.contains("No fine-tuning method given"), "{out}");
    let full = line_with(&out, "Full fine-tuning would need about");
    assert!(full.ends_with("GiB per card (add full)."), "{full}");
    let zh = say(&w, "zh", "/fit gemma-2-9b 微调");
    let q = line_with(&zh, "QLoRA（4 比特 NF4 底模）每张卡约需");
    assert!(q.ends_with("GiB（加上 qlora）。"), "{q}");
}
