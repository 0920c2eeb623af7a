//! mem_br (session 27, held-out 40): LoRA adapters on every routed expert under a named Unsloth
//! release that runs Transformers 4.x (`unsloth_release::adapts_routed_experts`: one `nn.Linear`
//! per expert, which PEFT's `target_modules` names wrap), and the catalog entries added from
//! their config.json (ERNIE-4.5-21B-A3B, GLM-4.7-Flash, BLOOM-7b1). Cases of this
//! file's own, none a row of a measured table.

use bot_core::Catalog;
use bot_core::vram::{
    Engine, FitReport, FitRequest, LoraTargets, ModelRef, Quant, Task, UnslothRelease, estimate,
};

fn lora<'a>(c: &'a Catalog, id: &str, release: Option<&str>) -> FitRequest<'a> {
    let m = c.model(id).unwrap();
    let mut r = FitRequest::new(ModelRef::Known(m), Quant::Bf16, Task::Lora);
    r.context = 1024;
    r.batch = 2;
    r.grad_checkpointing = true;
    if let Some(rel) = release {
        r.unsloth = true;
        r.unsloth_release = UnslothRelease::parse(rel);
    }
    r
}

fn sized(c: &Catalog, r: &FitRequest) -> FitReport {
    estimate(c, r).unwrap()
}

/// r x (d_in + d_out) per expert matrix, gate / up / down, every routed expert of every MoE
/// layer, from the catalog's own numbers.
fn expert_adapters_b(c: &Catalog, id: &str, rank: f64) -> f64 {
    let m = c.model(id).unwrap();
    let per_expert = 3.0 * rank * f64::from(m.hidden + m.moe_intermediate);
    per_expert * f64::from(m.experts) * f64::from(m.layers - m.dense_layers) / 1e9
}

#[test]
fn an_unsloth_release_before_transformers_5_adapts_every_routed_expert() {
    let c = Catalog::embedded().unwrap();
    let rank = f64::from(bot_core::vram::FitOptions::default().lora_rank);
    for id in ["mixtral-8x7b", "qwen3-30b-a3b", "ernie-4.5-21b-a3b"] {
        let v4 = sized(&c, &lora(&c, id, Some("2025.6")));
        let v5 = sized(&c, &lora(&c, id, Some("2026.3")));
        let mut asked = lora(&c, id, Some("2026.3"));
        asked.lora_experts = true;
        let asked = sized(&c, &asked);
        // The 4.x release trains what `experts=on` trains on a v5 release ...
        assert!(
            (v4.trainable_params_b - asked.trainable_params_b).abs() < 1e-9,
            "{id}"
        );
        // (the report rounds to 0.1M parameters)
        // ... which is the routed experts' adapters more than v5's all-linear.
        let extra = v4.trainable_params_b - v5.trainable_params_b;
        let want = expert_adapters_b(&c, id, rank);
        assert!((extra - want).abs() < 2e-4, "{id}: {extra} vs {want}");
        assert!(v4.optimizer_gib > v5.optimizer_gib, "{id}");
        assert!(v4.total_gib > v5.total_gib, "{id}");
    }
}

#[test]
fn the_expert_adapters_need_a_release_word_an_moe_and_ffn_targets() {
    let c = Catalog::embedded().unwrap();
    // Without a release word: today's Unsloth (Transformers v5), no adapters on the experts.
    let today = sized(&c, &lora(&c, "qwen3-30b-a3b", None));
    let mut unsloth_now = lora(&c, "qwen3-30b-a3b", None);
    unsloth_now.unsloth = true;
    let unsloth_now = sized(&c, &unsloth_now);
    let v5 = sized(&c, &lora(&c, "qwen3-30b-a3b", Some("2026.3")));
    assert!((today.trainable_params_b - v5.trainable_params_b).abs() < 1e-9);
    assert!((unsloth_now.trainable_params_b - v5.trainable_params_b).abs() < 1e-9);
    // A dense model has no routed experts: the release changes nothing in what trains.
    let dense4 = sized(&c, &lora(&c, "llama-3-8b", Some("2025.6")));
    let dense5 = sized(&c, &lora(&c, "llama-3-8b", Some("2026.3")));
    assert!((dense4.trainable_params_b - dense5.trainable_params_b).abs() < 1e-9);
    // Adapters on the attention only never reach the experts.
    let mut attn4 = lora(&c, "qwen3-30b-a3b", Some("2025.6"));
    attn4.lora_targets = LoraTargets::Attention;
    let mut attn5 = lora(&c, "qwen3-30b-a3b", Some("2026.3"));
    attn5.lora_targets = LoraTargets::Attention;
    let (a4, a5) = (sized(&c, &attn4), sized(&c, &attn5));
    assert!((a4.trainable_params_b - a5.trainable_params_b).abs() < 1e-9);
    // The release only speaks for Unsloth: a PEFT request ignores it.
    let mut peft = lora(&c, "qwen3-30b-a3b", Some("2025.6"));
    peft.unsloth = false;
    let peft = sized(&c, &peft);
    assert!((peft.trainable_params_b - v5.trainable_params_b).abs() < 1e-9);
}

/// Parameters counted from the catalog's shape fields (attention, gated FFN, experts, embeddings),
/// as `Shape::count` counts them, against the entry's published total.
#[test]
fn the_new_entries_count_to_their_published_totals() {
    let c = Catalog::embedded().unwrap();
    // (id, the model card's total in billions, how far the config's count may be from it)
    for (id, card, tol) in [
        ("ernie-4.5-21b-a3b", 21.0, 0.05),
        ("glm-4.7-flash", 30.0, 0.03),
        ("bloom-7b1", 7.069, 0.01),
    ] {
        let m = c.model(id).unwrap();
        let r = lora(&c, id, None);
        let report = sized(&c, &r);
        let rel = (report.params_b - card).abs() / card;
        assert!(rel < tol, "{id}: {} vs card {card}", report.params_b);
        assert!(m.active_params_b <= m.params_b, "{id}");
        assert!(!m.source.is_empty() && !m.as_of.is_empty(), "{id}");
    }
}

#[test]
fn glm_4_7_flash_caches_its_latent_in_vllm_and_its_heads_in_transformers() {
    let c = Catalog::embedded().unwrap();
    let m = c.model("glm-4.7-flash").unwrap();
    let kv = |engine: Engine| {
        let mut r = FitRequest::new(ModelRef::Known(m), Quant::Bf16, Task::Infer);
        r.context = 8192;
        r.engine = engine;
        sized(&c, &r).kv_bytes_per_token
    };
    // vLLM's MLA backends: one (kv_lora_rank + qk_rope_head_dim) latent per layer, 16-bit.
    let latent = f64::from(m.layers * (m.kv_lora_rank + m.qk_rope_head_dim)) * 2.0;
    let v = kv(Engine::Vllm);
    assert!((v - latent).abs() < 1.0, "{v} vs {latent}");
    // Transformers' DeepSeek-V2-style attention caches the expanded keys (nope + rope) and values
    // of every head.
    let heads =
        f64::from(m.layers * m.heads * (m.qk_nope_head_dim + m.qk_rope_head_dim + m.v_head_dim))
            * 2.0;
    let t = kv(Engine::Transformers);
    assert!((t - heads).abs() < 1.0, "{t} vs {heads}");
}

#[test]
fn bloom_7b1_lora_without_checkpointing_grows_past_a_card_with_the_batch() {
    let c = Catalog::embedded().unwrap();
    let gpu = c.gpu("a100-80g-sxm").unwrap();
    let m = c.model("bloom-7b1").unwrap();
    let run = |batch: u32, ckpt: bool| {
        let mut r = FitRequest::new(ModelRef::Known(m), Quant::Fp16, Task::Lora);
        r.context = 2048;
        r.batch = batch;
        r.grad_checkpointing = ckpt;
        r.gpu = Some(gpu);
        sized(&c, &r)
    };
    // Without checkpointing every layer's activations stay: they grow with the batch.
    let (b1, b2, b4) = (run(1, false), run(2, false), run(4, false));
    assert!(b2.activations_gib > 1.8 * b1.activations_gib);
    assert!(b4.activations_gib > 1.8 * b2.activations_gib);
    // Checkpointing keeps one input per layer: far less at the same batch.
    let b4c = run(4, true);
    assert!(b4c.activations_gib * 2.0 < b4.activations_gib);
    assert_eq!(b1.fits, Some(true));
    assert_eq!(b4c.fits, Some(true));
}

/// Transformers before 4.45 (`prompt_logits`): the first decode step holds the prefill's fp32
/// logits and the prompt's cache twice (the legacy tuple beside the concatenated new one); the
/// peak is the larger of that and the prefill's 2 + 4 bytes of logits per vocabulary entry.
#[test]
fn the_first_decode_step_of_old_generate_holds_the_prompt_cache_twice() {
    let c = Catalog::embedded().unwrap();
    const GIB: f64 = 1024.0 * 1024.0 * 1024.0;
    let act = |id: &str, prompt: u32, new: u32| {
        let m = c.model(id).unwrap();
        let mut r = FitRequest::new(ModelRef::Known(m), Quant::Bf16, Task::Infer);
        r.context = prompt + new;
        r.prompt_logits = Some(prompt);
        let rep = sized(&c, &r);
        (
            rep.activations_gib,
            rep.kv_bytes_per_token,
            f64::from(m.vocab),
        )
    };
    // Llama-2-7B (no GQA, a 32000-entry vocabulary): the decode step is far above the prefill.
    for prompt in [8000u32, 3000] {
        let (a, kv, v) = act("llama-2-7b", prompt, 96);
        let p = f64::from(prompt);
        let step = (p * 4.0 * v + p * kv) / GIB;
        let prefill = p * 6.0 * v / GIB;
        assert!(step > prefill * 1.3, "{prompt}");
        // (the report rounds to 0.01 GiB)
        assert!(a >= step - 0.006, "{prompt}: {a} < {step}");
    }
    // A GQA model with a large vocabulary (Qwen2.5-7B): the prefill's logits stay the peak, the
    // step changes nothing.
    let (a, kv, v) = act("qwen2.5-7b", 12000, 512);
    let p = 12000.0;
    assert!(p * 4.0 * v + p * kv < p * 6.0 * v);
    assert!(a >= p * 6.0 * v / GIB - 0.006);
    // The growth per prompt token of a no-GQA model is 4 bytes per entry plus two caches.
    let (a1, kv, v) = act("llama-2-7b", 4000, 64);
    let (a2, _, _) = act("llama-2-7b", 6000, 64);
    let per_token = (a2 - a1) * GIB / 2000.0;
    let want = 4.0 * v + kv;
    assert!(
        (per_token - want).abs() < want * 0.05,
        "{per_token} vs {want}"
    );
}
