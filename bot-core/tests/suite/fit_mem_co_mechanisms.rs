//! Session 29, mem_co: NVFP4 (ModelOpt) as a weight format, on cases of our own.
//! - The format's own bits: E2M1 values with one FP8 (E4M3) scale per 16 weights, 4.5 bits a
//!   weight (`Quant::Nvfp4`), every decoder matrix unless the checkpoint keeps it 16-bit.
//! - A published checkpoint's scope (`Model::nvfp4_scope` "mlp": nvidia/Gemma-4-31B-IT-NVFP4
//!   keeps attention in BF16, `Shape::nvfp4_kept_16bit`).
//! - Which cards run it natively (Blackwell, 10.0 and 12.0), through vLLM's Marlin weight-only
//!   FP4 (8.0 to 9.x: same memory, a note), or not at all (under 8.0: a warning),
//!   `vram::nvfp4_card`.

use bot_core::Catalog;
use bot_core::vram::nvfp4_card::{Nvfp4Path, path};
use bot_core::vram::{
    Engine, FitOptions, FitRequest, ModelRef, Quant, Shape, Task, estimate_with, weight_bytes,
};

fn shape(c: &Catalog, id: &str) -> Shape {
    Shape::from_model(c.model(id).unwrap()).unwrap()
}

#[test]
fn nvfp4_words_and_checkpoint_names_read_as_nvfp4_and_a_bare_fp4_does_not() {
    for w in ["nvfp4", "NVFP4", "modelopt_fp4", "W4A16_NVFP4", "nvfp4a16"] {
        assert_eq!(w.parse::<Quant>().unwrap(), Quant::Nvfp4, "{w}");
    }
    assert_ne!("fp4".parse::<Quant>().ok(), Some(Quant::Nvfp4));
    assert_eq!(
        bot_core::lexicon::quant_in_checkpoint_name("nvidia/Qwen3-32B-NVFP4"),
        Some(Quant::Nvfp4)
    );
    assert_eq!(Quant::Nvfp4.key(), "nvfp4");
    assert!(Quant::ALL.contains(&Quant::Nvfp4));
}

#[test]
fn a_dense_model_in_nvfp4_is_its_matrices_at_4_5_bits_above_awq_and_far_under_16_bit() {
    let c = Catalog::embedded().unwrap();
    let s = shape(&c, "llama-3.1-8b");
    let p = s.params;
    let kept = (p.embed + p.lm_head + p.other) * 2.0;
    // 4 bits + an 8-bit scale per 16 weights.
    let nv = weight_bytes(&s, Quant::Nvfp4);
    assert!((nv - (p.linear * 4.5 / 8.0 + kept)).abs() < 1.0, "{nv}");
    // AWQ at group 128 stores 4 + 16/128 + 4/128 bits: NVFP4's smaller blocks cost more.
    let awq = weight_bytes(&s, Quant::Awq);
    let gap = p.linear * (4.5 - (4.0 + 20.0 / 128.0)) / 8.0;
    assert!((nv - awq - gap).abs() < 1.0, "{nv} {awq}");
    // Under a third of the 16-bit matrices.
    let bf16 = weight_bytes(&s, Quant::Bf16);
    assert!(nv - kept < (bf16 - kept) / 3.0);
}

#[test]
fn on_a_moe_model_nvfp4_quantizes_attention_too_where_mxfp4_keeps_it_16_bit() {
    let c = Catalog::embedded().unwrap();
    let s = shape(&c, "gpt-oss-20b");
    let p = s.params;
    let experts = s.expert_params().min(p.linear);
    let rest = p.linear - experts;
    assert!(experts > 0.0 && rest > 0.0);
    let nv = weight_bytes(&s, Quant::Nvfp4);
    let mx = weight_bytes(&s, Quant::Mxfp4);
    // MXFP4: experts at 4 + 8/32 bits, the rest of the matrices 16-bit; NVFP4: every matrix at
    // 4 + 8/16. The difference is exactly those two choices.
    let want = experts * (4.25 - 4.5) / 8.0 + rest * (2.0 - 4.5 / 8.0);
    assert!(((mx - nv) - want).abs() < 1.0, "{mx} {nv} {want}");
}

#[test]
fn a_checkpoint_that_keeps_attention_16_bit_is_sized_with_it() {
    let c = Catalog::embedded().unwrap();
    let s = shape(&c, "gemma-4-31b");
    let p = s.params;
    let kept = s.nvfp4_kept_16bit;
    assert!((kept - s.layers as f64 * s.attn_params()).abs() < 1.0);
    let nv = weight_bytes(&s, Quant::Nvfp4);
    let by_hand =
        (p.linear - kept) * 4.5 / 8.0 + kept * 2.0 + (p.embed + p.lm_head + p.other) * 2.0;
    assert!((nv - by_hand).abs() < 1.0);
    // Against the checkpoint's own files: huggingface.co/nvidia/Gemma-4-31B-IT-NVFP4 lists
    // 32.7 GB (decimal, tree/main read 2026-12-05; the vision tower is in both), 30.45 GiB.
    let repo_gib = 32.7e9 / (1u64 << 30) as f64;
    let gib = nv / (1u64 << 30) as f64;
    println!("gemma-4-31b nvfp4 weights {gib:.2} GiB, repository {repo_gib:.2} GiB");
    assert!((gib / repo_gib - 1.0).abs() < 0.15, "{gib} {repo_gib}");
    // The scope is this checkpoint's, not the format's: a model without one is all NVFP4.
    let plain = shape(&c, "llama-3.1-8b");
    assert_eq!(plain.nvfp4_kept_16bit, 0.0);
    // Only NVFP4 reads it: FP8 and AWQ of the same model are unchanged by the scope.
    let mut whole = s.clone();
    whole.nvfp4_kept_16bit = 0.0;
    assert_eq!(
        weight_bytes(&s, Quant::Awq),
        weight_bytes(&whole, Quant::Awq)
    );
    assert!(weight_bytes(&whole, Quant::Nvfp4) < nv);
}

fn req<'a>(c: &'a Catalog, model: &str, gpu: &str) -> FitRequest<'a> {
    let mut r = FitRequest::new(
        ModelRef::Known(c.model(model).unwrap()),
        Quant::Nvfp4,
        Task::Infer,
    );
    r.engine = Engine::Vllm;
    r.context = 4096;
    r.gpu = Some(c.gpu(gpu).unwrap());
    r
}

fn ids(c: &Catalog, r: &FitRequest) -> (Vec<String>, f64) {
    let rep = estimate_with(c, r, &FitOptions::default()).unwrap();
    (rep.warning_ids.clone(), rep.weights_gib)
}

#[test]
fn a_card_without_native_fp4_is_said_and_sized_the_same() {
    let c = Catalog::embedded().unwrap();
    let blackwell = req(&c, "llama-3.1-8b", "rtx-5090");
    let hopper = req(&c, "llama-3.1-8b", "h100-sxm");
    let volta = req(&c, "llama-3.1-8b", "v100-32g");
    assert_eq!(path(&blackwell), Some(Nvfp4Path::Native));
    assert_eq!(path(&hopper), Some(Nvfp4Path::Marlin));
    assert_eq!(path(&volta), Some(Nvfp4Path::None));
    let (b_ids, b_w) = ids(&c, &blackwell);
    let (h_ids, h_w) = ids(&c, &hopper);
    let (v_ids, _) = ids(&c, &volta);
    assert!(!b_ids.iter().any(|i| i.contains("nvfp4")), "{b_ids:?}");
    assert!(
        h_ids.iter().any(|i| i == "fit-note-nvfp4-marlin"),
        "{h_ids:?}"
    );
    assert!(
        v_ids.iter().any(|i| i == "fit-warn-nvfp4-no-kernel"),
        "{v_ids:?}"
    );
    // Marlin keeps the weights packed: the same weights on both cards.
    assert!((b_w - h_w).abs() < 1e-9);
    // Another format on the same card says nothing of NVFP4.
    let mut awq = req(&c, "llama-3.1-8b", "h100-sxm");
    awq.quant = Quant::Awq;
    assert!(!ids(&c, &awq).0.iter().any(|i| i.contains("nvfp4")));
    // The scope note: only where the checkpoint keeps matrices 16-bit.
    let g = req(&c, "gemma-4-31b", "rtx-5090");
    assert!(ids(&c, &g).0.iter().any(|i| i == "fit-note-nvfp4-scope"));
}
