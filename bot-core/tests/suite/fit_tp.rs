//! vLLM's tensor-parallel size must suit the model's heads: a count it refuses at start is
//! never answered as "N cards, tensor parallel", typed or suggested.

use bot_core::Catalog;
use bot_core::vram::{Engine, FitRequest, ModelRef, Quant, Shape, Task, estimate, tp_valid};

use super::chat::{say, world};

/// What vLLM checks, written apart from the code: heads % tp == 0, and kv % tp == 0 or
/// tp % kv == 0 (MLA: heads only).
fn vllm_starts(heads: u32, kv: u32, mla: bool, tp: u32) -> bool {
    heads % tp == 0 && (mla || kv % tp == 0 || tp % kv == 0)
}

#[test]
fn every_catalog_model_and_count_follows_vllms_rule() {
    let c = Catalog::embedded().unwrap();
    let mut refused = 0;
    for m in &c.models {
        let Ok(shape) = Shape::from_model(m) else {
            continue;
        };
        for cards in 1..=16 {
            let want = vllm_starts(m.heads, m.kv_heads, m.uses_mla(), cards);
            assert_eq!(tp_valid(&shape, cards), want, "{} x{cards}", m.id);
            let mut req = FitRequest::new(ModelRef::Known(m), Quant::Int4, Task::Infer);
            req.engine = Engine::Vllm;
            req.cards = cards;
            let r = estimate(&c, &req).unwrap();
            let warned = r.warning_ids.iter().any(|w| w == "fit-warn-tp-invalid");
            assert_eq!(warned, !want, "{} x{cards}", m.id);
            // The report is sized for a count vLLM starts with, never the refused one.
            assert!(vllm_starts(m.heads, m.kv_heads, m.uses_mla(), r.cards));
            assert!(r.cards <= cards);
            if !want {
                refused += 1;
            }
            // Suggested counts (no card named) start too.
            for o in &r.options {
                assert!(
                    vllm_starts(m.heads, m.kv_heads, m.uses_mla(), o.cards),
                    "{} suggests {} x{}",
                    m.id,
                    o.gpu,
                    o.cards
                );
            }
            // Layer splits take any count.
            req.engine = Engine::Transformers;
            assert_eq!(estimate(&c, &req).unwrap().cards, cards);
        }
    }
    assert!(refused > 100, "{refused}");
}

#[test]
fn ten_4090s_for_qwen_32b_is_not_tensor_parallel_in_either_language() {
    let w = world();
    // 40 heads, 8 KV heads: 10 does not start; sized for 8, all 10 as TP 2 x PP 5.
    let en = say(&w, "en", "/fit qwen2.5-32b awq 10xrtx-4090 batch=10");
    assert!(
        en.contains("cannot run 10 cards as tensor parallel"),
        "{en}"
    );
    assert!(en.contains("Sized below for 8 cards"), "{en}");
    assert!(en.contains("--pipeline-parallel-size 5"), "{en}");
    assert!(!en.contains("10 cards, tensor parallel"), "{en}");
    assert!(en.contains("Fits on 8 × GeForce RTX 4090"), "{en}");
    let zh = say(&w, "zh", "/fit qwen2.5-32b awq 10xrtx-4090 batch=10");
    assert!(zh.contains("无法用 10 张卡做张量并行"), "{zh}");
    assert!(zh.contains("按 8 张卡估算"), "{zh}");
    // Qwen2.5-7B (28 heads, 4 KV heads) on 3 cards: sized for 2; the next that starts is 4.
    let en = say(&w, "en", "/fit qwen2.5-7b 3x4090 engine=vllm");
    assert!(en.contains("cannot run 3 cards"), "{en}");
    assert!(en.contains("Sized below for 2 cards"), "{en}");
    assert!(en.contains("the next size up that starts is 4"), "{en}");
    // 8 cards of Llama-3.1-8B (32 heads, 8 KV heads) start: no such line.
    let en = say(&w, "en", "/fit llama-3.1-8b 8x4090 engine=vllm");
    assert!(!en.contains("tensor parallel:"), "{en}");
    assert!(!en.contains("cannot run"), "{en}");
}
