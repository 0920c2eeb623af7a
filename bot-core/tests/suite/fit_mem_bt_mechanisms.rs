//! mem_bt's session: vLLM's MXFP4 MoE backend follows the card's compute capability
//! (`vram::mxfp4_card::vllm_backend`): Marlin on Ampere / Ada / consumer Blackwell, Triton on
//! Hopper (unpadded experts plus a second, row-padded copy of the expert scales), FlashInfer on
//! SM100 (both sizes padded to 256); an unknown card takes the largest. Tested on cards and
//! models of no table row: gpt-oss-20b on an H200, an L40S, an RTX 5090 and a B200, and
//! gpt-oss-120b under tensor parallel 2 on H100 NVL cards.

use bot_core::Catalog;
use bot_core::vram::mxfp4_card::{VllmMxfp4Backend, backend_extra_bytes, vllm_backend};
use bot_core::vram::{Engine, FitRequest, ModelRef, Quant, Shape, Task, estimate};

/// vLLM's weights (GiB per card) for `id` in MXFP4 on `gpu` (none: no card named).
fn weights(c: &Catalog, id: &str, gpu: Option<&str>, cards: u32) -> f64 {
    let mut req = FitRequest::new(
        ModelRef::Known(c.model(id).unwrap()),
        Quant::Mxfp4,
        Task::Infer,
    );
    req.engine = Engine::Vllm;
    req.context = 8192;
    req.cards = cards;
    req.gpu = gpu.map(|g| c.gpu(g).unwrap());
    estimate(c, &req).unwrap().per_gpu.weights_gib
}

#[test]
fn the_backend_follows_the_compute_capability() {
    let c = Catalog::embedded().unwrap();
    let b = |g: &str| vllm_backend(Some(c.gpu(g).unwrap()));
    assert_eq!(b("h200-sxm"), Some(VllmMxfp4Backend::Triton));
    assert_eq!(b("h20"), Some(VllmMxfp4Backend::Triton));
    assert_eq!(b("b200"), Some(VllmMxfp4Backend::FlashInfer));
    // triton_kernels only on 9.0 <= cc < 11.0: Ampere, Ada and SM120 run Marlin.
    assert_eq!(b("l40s"), Some(VllmMxfp4Backend::Marlin));
    assert_eq!(b("rtx-5090"), Some(VllmMxfp4Backend::Marlin));
    assert_eq!(b("a100-80g-sxm"), Some(VllmMxfp4Backend::Marlin));
    assert_eq!(vllm_backend(None), None);
}

#[test]
fn triton_keeps_a_second_row_padded_copy_of_the_scales_and_pads_nothing_else() {
    let c = Catalog::embedded().unwrap();
    let s = Shape::from_model(c.model("gpt-oss-20b").unwrap()).unwrap();
    // gpt-oss-20b: 24 layers x 32 experts; hidden and intermediate 2880 (a multiple of 64).
    let matrices = 24.0 * 32.0;
    let scales = matrices * (5888.0 * 90.0 + 3072.0 * 90.0);
    let bias = matrices * (5760.0 + 2880.0) * 2.0;
    let got = backend_extra_bytes(&s, VllmMxfp4Backend::Triton, 1);
    assert!((got - (scales + bias)).abs() < 1.0, "{got}");
    // Marlin pads to 3072 x 2944, FlashInfer to 3072 x 3072: FlashInfer > Marlin > Triton.
    let marlin = backend_extra_bytes(&s, VllmMxfp4Backend::Marlin, 1);
    let fi = backend_extra_bytes(&s, VllmMxfp4Backend::FlashInfer, 1);
    assert!(fi > marlin && marlin > got, "{fi} {marlin} {got}");
    let experts = s.expert_params() * Quant::Mxfp4.linear_bits() / 8.0;
    assert!((marlin / experts - (3072.0 * 2944.0 / (2880.0 * 2880.0) - 1.0)).abs() < 1e-9);
}

#[test]
fn the_card_decides_the_weights_and_an_unknown_card_takes_the_largest() {
    let c = Catalog::embedded().unwrap();
    let h200 = weights(&c, "gpt-oss-20b", Some("h200-sxm"), 1);
    let l40s = weights(&c, "gpt-oss-20b", Some("l40s"), 1);
    let b200 = weights(&c, "gpt-oss-20b", Some("b200"), 1);
    let none = weights(&c, "gpt-oss-20b", None, 1);
    assert!(h200 < l40s && l40s < b200, "{h200} {l40s} {b200}");
    assert!((none - b200).abs() < 1e-9, "{none} {b200}");
    // About 0.6 GiB of scales over the unpadded 12.8 GiB on Hopper.
    assert!(h200 > 13.2 && h200 < 13.6, "{h200}");
    // Tensor parallel 2 on H100 NVL: each rank's 1440 pads to 1472 under Triton, and each
    // card holds half the experts: under half of one card's weights plus the 16-bit parts.
    let one = weights(&c, "gpt-oss-120b", Some("h100-nvl"), 1);
    let two = weights(&c, "gpt-oss-120b", Some("h100-nvl"), 2);
    assert!(two < one / 2.0 + 3.0 && two > one / 2.0, "{one} {two}");
}

#[test]
fn the_card_list_sizes_mxfp4_on_each_card_and_leaves_out_what_vllm_refuses() {
    // gpt-oss-20b under vLLM with no card named: the list sizes each card with its own backend.
    let c = Catalog::embedded().unwrap();
    let mut req = FitRequest::new(
        ModelRef::Known(c.model("gpt-oss-20b").unwrap()),
        Quant::Mxfp4,
        Task::Infer,
    );
    req.engine = Engine::Vllm;
    req.context = 8192;
    let r = estimate(&c, &req).unwrap();
    let one = |id: &str| {
        r.options
            .iter()
            .find(|o| o.gpu == id)
            .map(|o| (o.cards, o.per_gpu_gib))
    };
    // No T4 (7.5) or V100 (7.0): vLLM refuses MXFP4 below 8.0.
    for id in ["t4", "v100-16g", "v100-32g"] {
        assert!(one(id).is_none(), "{id} offered");
    }
    // B200 (FlashInfer, 256 x 256) and H200 (Triton) share vLLM's large-card defaults: one card
    // each, the B200's figure larger by the backends' difference.
    let s = Shape::from_model(c.model("gpt-oss-20b").unwrap()).unwrap();
    let diff = (backend_extra_bytes(&s, VllmMxfp4Backend::FlashInfer, 1)
        - backend_extra_bytes(&s, VllmMxfp4Backend::Triton, 1))
        / bot_core::vram::GIB;
    let (b, bg) = one("b200").unwrap();
    let (h, hg) = one("h200-sxm").unwrap();
    assert_eq!((b, h), (1, 1));
    // What the job needs differs by exactly that: vLLM's 0.9 share is a limit on the card, not
    // part of the need an option states (mem_ea, `vram::vllm_share`).
    assert!(((bg - hg) - diff).abs() < 0.02, "{bg} {hg} {diff}");
}

#[test]
fn one_h100_at_128k_under_vllm_defaults_is_short_as_vllm_documents() {
    // vLLM's gpt-oss recipe ("Known Limitations"): one H100 at tensor parallel 1 with the
    // default utilization and batched tokens runs out of memory (held-out 41). The estimate
    // keeps that verdict with the lighter Triton weights, and names the smaller profile.
    let out = super::chat::ask_fresh("en", "/fit gpt-oss-120b h100-sxm vllm ctx=128k");
    assert!(out.contains("short per card"), "{out}");
    assert!(out.contains("Weights 64.2 GiB"), "{out}");
    assert!(out.contains("--max-num-seqs 256"), "{out}");
}

#[test]
fn an_answer_without_a_card_says_it_took_the_largest_padding() {
    let none = super::chat::ask_fresh("en", "/fit gpt-oss-20b vllm");
    assert!(none.contains("take the largest padding"), "{none}");
    let zh = super::chat::ask_fresh("zh", "/fit gpt-oss-20b vllm");
    assert!(zh.contains("补齐最多"), "{zh}");
    let named = super::chat::ask_fresh("en", "/fit gpt-oss-20b h200-sxm vllm");
    assert!(!named.contains("take the largest padding"), "{named}");
}
