//! mem_ek (session 38, issue 24, held-out 65): GLM-4.5V as the catalog's shared shape.
//!
//! GLM-4.5V is GLM-4.5-Air's decoder with an image encoder (Transformers'
//! `Glm4vMoeForConditionalGeneration`, `models/glm4v_moe/modeling_glm4v_moe.py` @ 0067189d): a
//! `[[variant]]` of `glm-4.5-air`, not a copy of its shape, adding the tower. The tower's blocks
//! are gated MLPs whose width is `out_hidden_size` (`Glm4vMoeisionMlp`: `intermediate_size =
//! config.out_hidden_size`), which is the decoder's width (the merger's output feeds the
//! decoder's embeddings), so 4096; `intermediate_size` is the merger's.
//! Each case asserts what the shape implies, not a measured row.

use bot_core::catalog::Catalog;
use bot_core::vram::{
    FitOptions, FitReport, FitRequest, ModelRef, Quant, Shape, Task, Zero, estimate_with,
};

const GIB: f64 = 1024.0 * 1024.0 * 1024.0;

#[test]
fn glm_4_5v_is_glm_4_5_air_with_its_vision_tower() {
    let c = Catalog::embedded().unwrap();
    let v = c.model("glm-4.5v").expect("GLM-4.5V in the catalog");
    let air = c.model("glm-4.5-air").unwrap();
    // The decoder is the Air's, shape for shape.
    assert_eq!(
        (v.layers, v.hidden, v.heads, v.kv_heads, v.head_dim, v.vocab),
        (
            air.layers,
            air.hidden,
            air.heads,
            air.kv_heads,
            air.head_dim,
            air.vocab
        )
    );
    assert_eq!(
        (v.experts, v.experts_per_token, v.moe_intermediate),
        (air.experts, air.experts_per_token, air.moe_intermediate)
    );
    assert!(air.vision.is_none());
    // The tower: 24 blocks of 1536, 12 heads, 14-pixel patches merged 2 x 2, gated MLP of the
    // decoder's width.
    let t = v.vision.expect("GLM-4.5V's vision tower");
    assert_eq!(
        (t.depth, t.hidden, t.intermediate, t.heads, t.patch, t.merge),
        (24, 1536, v.hidden, 12, 14, 2)
    );
    assert!(t.gated);
    assert_eq!(t.tiles, 0);
    // Its blocks count ~0.68B (llama.cpp PR 16600: "~681M params"), within 2 %.
    let blocks = t.depth as f64
        * (4.0 * (t.hidden as f64).powi(2) + 3.0 * t.hidden as f64 * t.intermediate as f64);
    assert!((blocks / 681e6 - 1.0).abs() < 0.02, "{blocks}");
    // The weights sized are the Air's decoder as its config counts it plus the tower, as the
    // encoder is counted elsewhere (the Air's published 106B is below its config's count, so a
    // total of 106B + the tower would leave the tower out).
    let tower = bot_core::vram::vision_tower::encoder_params(&t, v.hidden);
    let total = |m| Shape::from_model(m).unwrap().params.total;
    let (tv, ta) = (total(v), total(air));
    assert!(
        ((tv - ta) / tower - 1.0).abs() < 0.02,
        "GLM-4.5V counts {tv:.4e}, the Air {ta:.4e}, the tower {tower:.4e}"
    );
    // GLM-4.5V's decoder runs to 65536 positions (not the Air's 131072).
    assert_eq!(v.max_context, 65536);
    // Found by its Hugging Face id.
    assert_eq!(c.model("zai-org/GLM-4.5V").unwrap().id, "glm-4.5v");
}

fn lora_z3(model: &str) -> FitReport {
    let c = Catalog::embedded().unwrap();
    let m = c.model(model).unwrap();
    let mut req = FitRequest::new(ModelRef::Known(m), Quant::Bf16, Task::Lora);
    req.context = 2048;
    req.batch = 1;
    req.cards = 8;
    req.grad_checkpointing = true;
    let opts = FitOptions {
        lora_rank: 8,
        zero: Some(Zero::Three),
        ..FitOptions::default()
    };
    estimate_with(&c, &req, &opts).unwrap()
}

#[test]
fn glm_4_5v_lora_under_zero3_is_the_air_plus_its_frozen_tower() {
    // LLaMA-Factory's PR 8876 test run: LoRA r 8, ZeRO-3 over 8 cards, 2048 tokens.
    let v = lora_z3("glm-4.5v");
    let air = lora_z3("glm-4.5-air");
    // The tower's weights (bf16) are sharded with the rest: at least its share more a card.
    let c = Catalog::embedded().unwrap();
    let m = c.model("glm-4.5v").unwrap();
    let t = m.vision.unwrap();
    let tower_share = bot_core::vram::vision_tower::encoder_params(&t, m.hidden) * 2.0 / 8.0 / GIB;
    let more = v.per_gpu_required_gib - air.per_gpu_required_gib;
    assert!(
        more >= 0.9 * tower_share,
        "GLM-4.5V needs {more:.3} GiB a card over the Air, below the tower's share {tower_share:.3}"
    );
    // And not a different model: the tower is under 1 % of the weights; the rest is the Air's.
    assert!(
        more < 0.1 * air.per_gpu_required_gib,
        "{more:.2} GiB over {:.2}",
        air.per_gpu_required_gib
    );
}
