//! Held-out 22's mechanisms (session 20, mem_ad): Qwen2-VL-2B and Llama-3.2-11B-Vision in the
//! catalog, Ollama's tiled vision projector, the `max_pixels` word that caps the image vLLM's
//! start-up profile encodes, a vLLM service that starts with fewer full-length requests than
//! `max_num_seqs` (`starts`), a VL model's eager attention over the image, Unsloth's float16
//! cast on a card without bf16, and the V0 note on CUDA graphs. Tested on models, cards and
//! image sizes of no table row (Qwen3-VL-8B, Qwen2.5-VL-3B, Qwen2-VL-7B on a V100,
//! Gemma-3-12B on a V100, Llama-3.1-8B on an RTX 4090, an L4, Q8_0 and Q5_K_M, 512² to 4096²
//! images) besides the rows' own.

use bot_core::Catalog;
use bot_core::vram::{
    Attention, EAGER_SCORE_BYTES, Engine, FitOptions, FitRequest, GIB, ModelRef, Quant, Task,
    estimate_with, vision_tower, weight_bytes,
};

fn ask(lang: &str, line: &str) -> String {
    super::chat::ask_fresh(lang, line)
}

#[test]
fn the_two_vision_models_resolve_from_their_configs() {
    let c = Catalog::embedded().unwrap();
    // Qwen2-VL-2B: Qwen2.5-1.5B's decoder (a variant, not a copy) and the Qwen2-VL tower.
    let q = c.model("Qwen/Qwen2-VL-2B-Instruct").unwrap();
    let base = c.model("qwen2.5-1.5b").unwrap();
    assert_eq!(q.id, "qwen2-vl-2b");
    assert_eq!(
        (
            q.layers,
            q.hidden,
            q.heads,
            q.kv_heads,
            q.intermediate,
            q.vocab
        ),
        (
            base.layers,
            base.hidden,
            base.heads,
            base.kv_heads,
            base.intermediate,
            base.vocab
        )
    );
    assert!((q.params_b - 2.21).abs() < 0.01);
    // Llama-3.2-90B-Vision is its own shape (Llama-3.1-70B's decoder with 20 fusion layers).
    let l90 = c.model("llama3.2-vision:90b").unwrap();
    assert_eq!(
        (l90.layers, l90.hidden, l90.heads, l90.intermediate),
        (100, 8192, 64, 28672)
    );
    assert!((l90.params_b - 88.8).abs() < 0.01);
    assert_eq!(l90.vision.unwrap().tiles, 4);
    assert_eq!(q.max_context, 32768);
    let v = q.vision.unwrap();
    assert_eq!(
        (v.depth, v.hidden, v.heads, v.merge, v.tiles),
        (32, 1280, 16, 2, 0)
    );
    assert!(!q.source.is_empty() && !q.as_of.is_empty());
    // Llama-3.2-11B-Vision: 40 layers (8 of them cross-attention), a tiled ViT of 4 × 560².
    for name in [
        "llama3.2-vision:11b",
        "meta-llama/Llama-3.2-11B-Vision-Instruct",
    ] {
        let l = c.model(name).unwrap();
        assert_eq!(l.id, "llama-3.2-11b-vision", "{name}");
        assert_eq!((l.layers, l.hidden, l.kv_heads), (40, 4096, 8));
        let v = l.vision.unwrap();
        assert_eq!((v.tiles, v.heads, v.patch), (4, 16, 14));
        assert_eq!(v.max_pixels, 4 * 560 * 560);
        // Its tower's blocks and projection, from the shape: about 0.82B.
        let p = vision_tower::encoder_params(&v, l.hidden);
        assert!((0.75e9..0.9e9).contains(&p), "{p}");
    }
}

#[test]
fn ollama_reserves_the_tiled_projector_in_16_bits_and_its_graph() {
    let c = Catalog::embedded().unwrap();
    let m = c.model("llama-3.2-11b-vision").unwrap();
    let v = m.vision.unwrap();
    // Ollama's formula written out for 4 tiles of 40² patches + a class token (1601, padded to
    // 1608), 1280 wide, 16 heads: 2.79 GiB.
    let by_hand = 4.0
        * (8.0
            + 560.0 * 560.0 * 3.0 * 4.0
            + 1280.0 * 1601.0 * 4.0
            + 9.0 * 1280.0 * 1608.0 * 4.0
            + (1608.0_f64 * 4.0).powi(2) * 16.0);
    let graph = vision_tower::ollama_tiled_graph_bytes(&v).unwrap();
    assert!((graph - by_hand).abs() < 1.0, "{graph} vs {by_hand}");
    // Sized into an Ollama fit at any quantization, the projector staying 16-bit: the weights
    // beyond the text model at its width are the tower at 2 bytes less what it counted at q.
    for q in [Quant::Q8_0, Quant::Q5KM] {
        let rep = estimate_with(
            &c,
            &{
                let mut r = FitRequest::new(ModelRef::Known(m), q, Task::Infer);
                r.engine = Engine::Llamacpp;
                r.context = 4096;
                r
            },
            &FitOptions::default(),
        )
        .unwrap();
        let shape = bot_core::vram::Shape::from_model(m).unwrap();
        // llama.cpp keeps the (untied) token embedding in system RAM (`vram::llamacpp_input`).
        let embed = if shape.tied {
            0.0
        } else {
            shape.params.embed * q.gguf_bpw().unwrap() / 8.0
        };
        let plain = (weight_bytes(&shape, q) - embed) / GIB;
        let extra = vision_tower::f16_projector_extra_bytes(&v, m.hidden, q.linear_bits()) / GIB;
        assert!(
            (rep.weights_gib - (plain + extra)).abs() < 0.02,
            "{q:?}: {} vs {plain} + {extra}",
            rep.weights_gib
        );
        assert!(rep.activations_gib >= graph / GIB);
        // The answer says it.
        assert!(
            rep.warning_ids
                .iter()
                .any(|w| w == "fit-warn-ollama-projector")
        );
    }
    // An untiled tower (Gemma-3, Qwen2.5-VL) gets no tiled graph; Transformers no Ollama graph.
    let gemma = c.model("gemma-3-12b").unwrap();
    assert!(gemma.vision.is_none() || gemma.vision.unwrap().tiles == 0);
    let qwen = c.model("qwen2.5-vl-7b").unwrap().vision.unwrap();
    assert!(vision_tower::ollama_tiled_graph_bytes(&qwen).is_none());
    let hf = estimate_with(
        &c,
        &FitRequest::new(ModelRef::Known(m), Quant::Bf16, Task::Infer),
        &FitOptions::default(),
    )
    .unwrap();
    assert!(hf.activations_gib < graph / GIB);
}

#[test]
fn pixels_are_read_as_people_write_max_pixels() {
    use bot_core::lexicon::pixels;
    assert_eq!(pixels("1048576"), Some(1_048_576));
    assert_eq!(pixels("1024*1024"), Some(1_048_576));
    assert_eq!(pixels("1280*28*28"), Some(1_003_520));
    assert_eq!(pixels("1024x768"), Some(786_432));
    assert_eq!(pixels("512×512"), Some(262_144));
    assert_eq!(pixels("1.5mp"), Some(1_500_000));
    for bad in ["0", "abc", "", "1024*", "-5", "99999*99999*99999"] {
        assert_eq!(pixels(bad), None, "{bad}");
    }
}

#[test]
fn max_pixels_sizes_the_image_vllm_profiles() {
    let c = Catalog::embedded().unwrap();
    let l4 = c.gpu("l4").unwrap();
    // Qwen3-VL-8B on an L4 in vLLM: the profile's image from 512² up to 4096² (the
    // processor's own 16 777 216 pixels); the activations grow with the image and the default
    // is the largest.
    let act = |px: Option<u64>| {
        let m = c.model("qwen3-vl-8b").unwrap();
        let mut r = FitRequest::new(ModelRef::Known(m), Quant::Bf16, Task::Infer);
        r.engine = Engine::Vllm;
        r.context = 8192;
        r.gpu = Some(l4);
        r.max_pixels = px;
        estimate_with(&c, &r, &FitOptions::default())
            .unwrap()
            .activations_gib
    };
    let small = act(Some(512 * 512));
    let mid = act(Some(1024 * 1024));
    let default = act(None);
    assert!(small <= mid && mid < default, "{small} {mid} {default}");
    assert_eq!(act(Some(4096 * 4096)), default);
    // The chat's word and the CLI's flag are the same request: the same figure, and the
    // answer names the image it sized in both languages.
    let en = ask(
        "en",
        "/fit qwen2.5-vl-3b vllm ctx=4096 max_pixels=1280*28*28 l4",
    );
    assert!(
        en.contains("1003520 pixels") && en.contains("1280 image tokens"),
        "{en}"
    );
    assert!(en.contains("max_pixels= sets it"), "{en}");
    let zh = ask(
        "zh",
        "/fit qwen2.5-vl-3b vllm ctx=4096 max_pixels=1280*28*28 l4",
    );
    assert!(zh.contains("1280 个图像 token"), "{zh}");
    let bare = ask("en", "/fit qwen2.5-vl-3b vllm ctx=4096 l4");
    assert!(bare.contains("16384 image tokens") && bare.contains("max_pixels=1048576"));
    // A value that is no pixel count is a clear error, not a guess.
    let bad = ask("en", "/fit qwen2.5-vl-3b vllm max_pixels=huge l4");
    assert!(bad.contains("max_pixels=huge"), "{bad}");
}

#[test]
fn a_vllm_service_starts_when_its_pool_holds_one_full_request() {
    let c = Catalog::embedded().unwrap();
    let m = c.model("llama-3.1-8b").unwrap();
    let card = c.gpu("rtx-4090").unwrap();
    let run = |ctx: u32, batch: u32| {
        let mut r = FitRequest::new(ModelRef::Known(m), Quant::Bf16, Task::Infer);
        r.engine = Engine::Vllm;
        r.context = ctx;
        r.batch = batch;
        r.gpu = Some(card);
        estimate_with(&c, &r, &FitOptions::default()).unwrap()
    };
    // 32 users at 32K: 4 GiB of KV each, far beyond the card, yet one fits: vLLM starts.
    let many = run(32768, 32);
    assert!(many.per_gpu_required_gib > card.usable_gib());
    assert_eq!(many.verdict.as_deref(), Some("starts"));
    assert_eq!(many.fits, Some(true));
    // It runs, but it does not hold the whole service: /tco's concurrency, /pick's card and a
    // remedy ask for that (`FitReport::holds_all`).
    assert!(!many.holds_all());
    // One request at the model's whole 128K needs 16 GiB of KV alone: it does not start.
    let long = run(131072, 4);
    assert_eq!(long.verdict.as_deref(), Some("no"));
    // A batch the pool holds whole keeps its plain verdict.
    let few = run(4096, 2);
    assert!(matches!(few.verdict.as_deref(), Some("fits" | "tight")));
    assert!(few.holds_all());
    // The answer: a start, and how many run at once, in both languages.
    let en = ask("en", "/fit llama-3.1-8b vllm ctx=32k batch=32 4090");
    assert!(
        en.contains("⚠️ vLLM starts") && en.contains("of the 32 requests"),
        "{en}"
    );
    // What the whole demand needs is still said: the largest part and the cards that hold it.
    assert!(en.contains("The largest part is the KV cache") && en.contains("What does hold it"));
    let zh = ask("zh", "/fit llama-3.1-8b vllm ctx=32k batch=32 4090");
    assert!(
        zh.contains("vLLM 能在") && zh.contains("32 个请求中的"),
        "{zh}"
    );
}

#[test]
fn eager_attention_over_the_image_holds_one_blocks_scores() {
    let c = Catalog::embedded().unwrap();
    let v100 = c.gpu("v100-32g").unwrap();
    let m = c.model("qwen2-vl-7b").unwrap();
    let v = m.vision.unwrap();
    let run = |attn: Attention, px: u64| {
        let mut r = FitRequest::new(ModelRef::Known(m), Quant::Fp16, Task::Infer);
        r.attention = Some(attn);
        r.context = 8192;
        r.max_pixels = Some(px);
        r.gpu = Some(v100);
        estimate_with(&c, &r, &FitOptions::default()).unwrap()
    };
    // 1280 tokens (5120 patches): 16 heads × 5120² at EAGER_SCORE_BYTES and the mask.
    let tokens = vision_tower::image_tokens_in(&v, Some(1280 * 28 * 28), 8192);
    assert_eq!(tokens, 1280);
    let scores = vision_tower::eager_scores_bytes(&v, tokens).unwrap();
    let by_hand = 5120.0_f64.powi(2) * (EAGER_SCORE_BYTES * 16.0 + 2.0);
    assert!((scores - by_hand).abs() < 1.0);
    let eager = run(Attention::Eager, 1280 * 28 * 28);
    let sdpa = run(Attention::Sdpa, 1280 * 28 * 28);
    assert!(eager.activations_gib >= scores / GIB - 0.01);
    assert!(sdpa.activations_gib < scores / GIB);
    assert!(
        eager
            .warning_ids
            .iter()
            .any(|w| w == "fit-warn-vision-eager")
    );
    // Twice the pixels, four times the scores: a 2560-token image passes a 32 GB V100.
    let big = run(Attention::Eager, 2560 * 28 * 28);
    assert!(big.activations_gib > 3.5 * scores / GIB);
    assert_ne!(big.verdict.as_deref(), Some("fits"));
    // transformers#37363's measurement (Qwen2.5-VL-7B bf16 on an A100, one 1000 × 2530 image:
    // 3240 tokens) - 38 783 MiB eager, 16 295 MiB with flash attention - within 10 %.
    let q = c.model("qwen2.5-vl-7b").unwrap();
    let pr = |attn: Attention| {
        let mut r = FitRequest::new(ModelRef::Known(q), Quant::Bf16, Task::Infer);
        r.attention = Some(attn);
        r.context = 3328;
        r.max_pixels = Some(3240 * 28 * 28);
        // Peak allocated: the card's figure less what is outside the live tensors (the CUDA
        // context, the allocator's split segments).
        let rep = estimate_with(&c, &r, &FitOptions::default()).unwrap();
        rep.per_gpu_gib - rep.per_gpu.overhead_gib
    };
    let (e, f) = (pr(Attention::Eager), pr(Attention::Flash));
    assert!((e / (38783.0 / 1024.0) - 1.0).abs() < 0.10, "{e}");
    assert!((f / (16295.0 / 1024.0) - 1.0).abs() < 0.10, "{f}");
    // A tiled tower (Llama-3.2-Vision) is not sized this way.
    let l = c.model("llama-3.2-11b-vision").unwrap().vision.unwrap();
    assert!(vision_tower::eager_scores_bytes(&l, 1000).is_none());
}

#[test]
fn unsloth_on_a_card_without_bf16_keeps_a_second_embedding_reserved() {
    let c = Catalog::embedded().unwrap();
    let run = |model: &str, card: &str, unsloth: bool| {
        let m = c.model(model).unwrap();
        let mut r = FitRequest::new(ModelRef::Known(m), Quant::Nf4, Task::Qlora);
        r.context = 1024;
        r.grad_checkpointing = true;
        r.unsloth = unsloth;
        r.gpu = Some(c.gpu(card).unwrap());
        estimate_with(&c, &r, &FitOptions::default()).unwrap()
    };
    // Gemma-3-12B on a V100: one 16-bit copy of its 262 208 × 3840 embedding (1.88 GiB) more
    // as nvidia-smi shows it; what must be allocated (the verdict's figure) is unchanged.
    let v100 = run("gemma-3-12b", "v100-32g", true);
    let l4 = run("gemma-3-12b", "l4", true);
    let copy = 262_208.0 * 3840.0 * 2.0 / GIB;
    assert!(
        (v100.per_gpu_gib - l4.per_gpu_gib - copy).abs() < 0.05,
        "{} {}",
        v100.per_gpu_gib,
        l4.per_gpu_gib
    );
    assert!((v100.per_gpu_required_gib - l4.per_gpu_required_gib).abs() < 0.05);
    assert!(
        v100.warning_ids
            .iter()
            .any(|w| w == "fit-warn-unsloth-fp32")
    );
    // Not Unsloth, or a family Unsloth does not force (Llama), or a card with bf16: nothing.
    let peft = run("gemma-3-12b", "v100-32g", false);
    assert!(
        !peft
            .warning_ids
            .iter()
            .any(|w| w == "fit-warn-unsloth-fp32")
    );
    let llama_t4 = run("llama-3.1-8b", "t4", true);
    assert!(
        !llama_t4
            .warning_ids
            .iter()
            .any(|w| w == "fit-warn-unsloth-fp32")
    );
    assert!(!l4.warning_ids.iter().any(|w| w == "fit-warn-unsloth-fp32"));
    let zh = ask("zh", "/fit gemma-3-12b qlora unsloth v100");
    assert!(zh.contains("不支持 bf16") && zh.contains("float32"), "{zh}");
}

#[test]
fn vllm_v0_says_its_graphs_sit_outside_the_share() {
    let en = ask("en", "/fit qwen2-vl-7b awq vllm=v0 gmu=0.8 a10");
    assert!(
        en.contains("other 20% of the card") && en.contains("1.43 to 6.56 GiB"),
        "{en}"
    );
    let zh = ask("zh", "/fit qwen2-vl-7b awq vllm=v0 gmu=0.8 a10");
    assert!(
        zh.contains("剩下的 20%") && zh.contains("1.43 到 6.56 GiB"),
        "{zh}"
    );
    // V1 (no word) has no such line: it is sized within its share.
    let v1 = ask("en", "/fit qwen2-vl-7b awq vllm gmu=0.8 a10");
    assert!(!v1.contains("1.43 to 6.56"));
}
