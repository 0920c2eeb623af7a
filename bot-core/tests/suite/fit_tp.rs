//! vLLM's tensor-parallel size must suit the model's heads: a count it refuses at start is
//! never answered as "N cards, tensor parallel", typed or suggested; a typed one is sized as the
//! tensor x pipeline split vLLM runs on it (`vram::pipeline`).

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
            // vLLM's way to use a refused count: tensor size t (one that starts) inside
            // cards / t pipeline stages of whole layers.
            let split = (1..cards).any(|t| {
                cards % t == 0
                    && vllm_starts(m.heads, m.kv_heads, m.uses_mla(), t)
                    && cards / t <= m.layers
            });
            let piped = r.warning_ids.iter().any(|w| w == "fit-warn-tp-pipeline");
            let fewer = r.warning_ids.iter().any(|w| w == "fit-warn-tp-invalid");
            assert_eq!(piped, !want && split, "{} x{cards}", m.id);
            assert_eq!(fewer, !want && !split, "{} x{cards}", m.id);
            if piped {
                // Sized on every card typed, as the split, never on fewer in silence.
                assert_eq!(r.cards, cards, "{} x{cards}", m.id);
                assert_eq!(r.parallelism, "pipeline", "{} x{cards}", m.id);
            } else {
                // Otherwise sized for a count vLLM starts with, never the refused one.
                assert!(vllm_starts(m.heads, m.kv_heads, m.uses_mla(), r.cards));
                assert!(r.cards <= cards);
            }
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
    // 40 heads, 8 KV heads: 10 does not start as TP; sized on all 10 as TP 2 x PP 5.
    let en = say(&w, "en", "/fit qwen2.5-32b awq 10xrtx-4090 batch=10");
    assert!(
        en.contains("cannot run 10 cards as tensor parallel"),
        "{en}"
    );
    assert!(
        en.contains("Sized as the split vLLM runs on all 10"),
        "{en}"
    );
    assert!(
        en.contains("--tensor-parallel-size 2 --pipeline-parallel-size 5"),
        "{en}"
    );
    assert!(!en.contains("10 cards, tensor parallel"), "{en}");
    assert!(en.contains("Fits on 10 × GeForce RTX 4090"), "{en}");
    let zh = say(&w, "zh", "/fit qwen2.5-32b awq 10xrtx-4090 batch=10");
    assert!(zh.contains("无法用 10 张卡做张量并行"), "{zh}");
    assert!(
        zh.contains("按 vLLM 在 10 张卡上实际能用的切分估算"),
        "{zh}"
    );
    // Qwen2.5-7B (28 heads, 4 KV heads) on 3 cards: no tensor size above 1 divides 3, so one
    // whole-layer stage per card.
    let en = say(&w, "en", "/fit qwen2.5-7b 3x4090 engine=vllm");
    assert!(en.contains("cannot run 3 cards"), "{en}");
    assert!(
        en.contains("--tensor-parallel-size 1 --pipeline-parallel-size 3"),
        "{en}"
    );
    assert!(!en.contains("Sized below for"), "{en}");
    // 8 cards of Llama-3.1-8B (32 heads, 8 KV heads) start: no such line.
    let en = say(&w, "en", "/fit llama-3.1-8b 8x4090 engine=vllm");
    assert!(!en.contains("tensor parallel:"), "{en}");
    assert!(!en.contains("cannot run"), "{en}");
}
