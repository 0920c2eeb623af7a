//! Mechanisms found on held-out 6's misses (session 10), each checked on models, lengths,
//! resolutions and cards of no table:
//! - Unsloth's own loss head: `unsloth_fused_ce_loss` computes the full-vocabulary logits in
//!   chunks whose fp32 logits take at most min(half the free memory, 4 GiB), each chunk's
//!   16-bit logits and fp32 copy at once; Cut Cross Entropy (`liger` with `unsloth`: axolotl's
//!   plugin) holds none.
//! - The VAE decode's reserve: of what a decode adds to the reserved memory, 1/1.56 is tensors
//!   (`max_memory_allocated`), the rest the caching allocator's blocks (InvokeAI#8414).

use super::chat::{say, world};
use bot_core::Catalog;
use bot_core::diffusion::decode::DECODE_RESERVED_OVER_ALLOCATED;
use bot_core::diffusion::estimate::{ALLOCATOR_RESERVE, Stage};
use bot_core::diffusion::{self, DiffusionRequest, estimate};
use bot_core::vram::unsloth_loss::{UNSLOTH_LOSS_BYTES_PER_LOGIT, loss_bytes};
use bot_core::vram::{
    FitOptions, FitRequest, GIB, LossHead, ModelRef, Optimizer, Quant, Task, estimate_with,
};

fn cat() -> Catalog {
    Catalog::embedded().unwrap()
}

/// An Unsloth NF4 QLoRA with gradient checkpointing; `cce`: Cut Cross Entropy (`liger`).
pub(super) fn qlora<'a>(
    c: &'a Catalog,
    id: &str,
    ctx: u32,
    batch: u32,
    cce: bool,
) -> FitRequest<'a> {
    let mut r = FitRequest::new(
        ModelRef::Known(c.model(id).unwrap()),
        Quant::Nf4,
        Task::Qlora,
    );
    r.context = ctx;
    r.batch = batch;
    r.grad_checkpointing = true;
    r.unsloth = true;
    if cce {
        r.loss = LossHead::Fused;
    }
    r
}

/// The activations per card with 8-bit Adam.
pub(super) fn act(c: &Catalog, r: &FitRequest) -> f64 {
    let opts = FitOptions {
        optimizer: Optimizer::Adam8bit,
        ..FitOptions::default()
    };
    estimate_with(c, r, &opts).unwrap().per_gpu.activations_gib
}

/// Where the logits fit one chunk, the activations hold every token's logits at 6 bytes
/// (16-bit + fp32 copy); with Cut Cross Entropy they hold far less.
#[test]
fn one_chunk_holds_every_tokens_logits_in_16_and_32_bit() {
    let c = cat();
    for (id, ctx, batch) in [
        ("qwen2.5-1.5b", 1500, 3),
        ("llama-3.2-1b", 3000, 2),
        ("gemma-2-9b", 1200, 1),
    ] {
        let v = c.model(id).unwrap().vocab as f64;
        let tb = f64::from(ctx) * f64::from(batch);
        let want = tb * v * UNSLOTH_LOSS_BYTES_PER_LOGIT / GIB;
        assert!(tb * v * 4.0 <= 4.0 * GIB, "{id}: one chunk");
        let own = act(&c, &qlora(&c, id, ctx, batch, false));
        let cce = act(&c, &qlora(&c, id, ctx, batch, true));
        assert!(
            own >= want,
            "{id}: {own:.2} GiB holds the {want:.2} GiB of logits"
        );
        assert!(
            own - cce > 0.5 * want,
            "{id}: Cut Cross Entropy holds no logits ({own:.2} vs {cce:.2})"
        );
    }
}

/// A long micro-batch is cut into chunks of at most 4 GiB of fp32 logits (6 GiB held), in
/// a multiple of four chunks: the loss never grows past that whatever the length.
#[test]
fn the_chunk_is_capped_at_four_gib_of_fp32_logits() {
    let v = 151_936.0;
    let mut last = 0.0;
    for tokens in [8_192.0, 16_384.0, 65_536.0, 262_144.0] {
        let b = loss_bytes(tokens, v, None) / GIB;
        assert!(b <= 6.0 + 1e-9, "{tokens}: {b:.2}");
        assert!(b > 0.75, "{tokens}: {b:.2}");
        last = b;
    }
    // 262,144 x 151,936 x 4 B = 148 GiB: 40 chunks of 3.7 GiB.
    assert!((last - 148.4 / 40.0 * 1.5).abs() < 0.05, "{last}");
}

/// On a card with little left after the 4-bit weights, Unsloth cuts the logits into chunks
/// of half the free memory: Qwen2.5-14B at 2 x 2048 tokens on a 16 GB T4 (about 4 GiB free)
/// holds well under the 3.5 GiB it holds with no card named; on an 80 GB card one chunk.
#[test]
fn a_fuller_card_gets_smaller_chunks() {
    let c = cat();
    let mut r = qlora(&c, "qwen2.5-14b", 2048, 2, false);
    let free_of_card = act(&c, &r);
    r.gpu = c.gpu("t4").ok();
    let t4 = act(&c, &r);
    r.gpu = c.gpu("a100-80g-sxm").ok();
    let a100 = act(&c, &r);
    assert!(
        free_of_card - t4 > 1.5,
        "{free_of_card:.2} vs {t4:.2} on a T4"
    );
    assert!(
        (a100 - free_of_card).abs() < 1e-6,
        "{a100} vs {free_of_card}"
    );
}

/// The answer states the loss with its size and the word that sizes Cut Cross Entropy.
#[test]
fn the_answer_states_unsloths_loss_with_its_size() {
    let w = world();
    let line = "/fit qwen2.5-7b qlora ctx=2k batch=2 unsloth";
    // 4096 x 152,064 x 6 B = 3.5 GiB.
    let en = say(&w, "en", line);
    assert!(en.contains("3.5 GiB here") && en.contains("liger"), "{en}");
    let zh = say(&w, "zh", line);
    assert!(
        zh.contains("这里约 3.5 GiB") && zh.contains("liger"),
        "{zh}"
    );
    let cce = say(&w, "en", &format!("{line} liger"));
    assert!(
        cce.contains("Cut Cross Entropy (no full-vocabulary"),
        "{cce}"
    );
    // A model Unsloth runs through its compiled causal-LM forward (Gemma-3-1B, text only) gets
    // Cut Cross Entropy; Gemma-3's multimodal sizes do not (session 11, `fit_heldout_left`).
    let gemma = say(&w, "en", "/fit gemma-3-1b qlora ctx=2k unsloth");
    assert!(
        gemma.contains("Cut Cross Entropy (no full-vocabulary"),
        "{gemma}"
    );
}

/// The decode's figure is what it adds to the reserved memory: allocated, the decode holds
/// 1/1.56 of it, and the reserve carries the rest beside 3 % of the weights. SDXL (fp32 decode)
/// and FLUX.1-dev (bf16) at sizes and batches no table has.
#[test]
fn the_decode_holds_its_tensors_and_the_allocators_blocks_beside_them() {
    for (id, w, h, batch) in [("sdxl", 768, 1344, 2), ("flux.1-dev", 1536, 640, 1)] {
        let p = diffusion::find(id).unwrap();
        let mut r = DiffusionRequest::new(p);
        r.width = w;
        r.height = h;
        r.batch = batch;
        let e = estimate(&r);
        assert_eq!(e.stage, Stage::Decode, "{id}");
        let reserved = f64::from(w * h * batch) * p.decode_bytes_per_px / GIB;
        assert!(
            (e.decode_gib - reserved / DECODE_RESERVED_OVER_ALLOCATED).abs() < 1e-9,
            "{id}: {} vs {}",
            e.decode_gib,
            reserved
        );
        let weights = e.denoiser_gib + e.text_gib + e.vae_gib;
        // (mem_fq, session 46: a 2-D decode's blocks beyond the ordinary 3 % share on its
        // tensors are handed back before an out-of-memory error, `released_gib`: out of the
        // need, in what the card shows. The split still adds up to the reserved figure.)
        let want = weights * ALLOCATOR_RESERVE + (reserved - e.decode_gib);
        assert!(
            (e.reserve_gib + e.released_gib - want).abs() < 1e-9,
            "{id}: {} + {} vs {want}",
            e.reserve_gib,
            e.released_gib
        );
        assert!(
            (e.released_gib - (reserved - e.decode_gib * (1.0 + ALLOCATOR_RESERVE))).abs() < 1e-9,
            "{id}: {e:?}"
        );
        let shown = weights + reserved + weights * ALLOCATOR_RESERVE + e.context_gib;
        assert!((e.peak_gib + e.released_gib - shown).abs() < 1e-9);
        assert!((e.shown_gib - shown).abs() < 1e-9);
    }
}

fn split_job<'a>(c: &'a Catalog, id: &str, quant: Quant, cards: u32) -> FitRequest<'a> {
    let task = if quant == Quant::Bf16 {
        Task::Lora
    } else {
        Task::Qlora
    };
    let mut r = FitRequest::new(ModelRef::Known(c.model(id).unwrap()), quant, task);
    r.context = 1024;
    r.batch = 1;
    r.grad_checkpointing = true;
    r.cards = cards;
    r
}

/// One process over the cards by `device_map`: the base, 4-bit or 16-bit, is split by whole
/// layers (the busiest card holds its layers and the larger end of the model), each adapter
/// stays with its layer, and there are no NCCL buffers: the busiest card holds far less than
/// the whole job, while ZeRO-3 keeps a GPTQ base whole on every card.
#[test]
fn device_map_splits_the_base_by_layers_with_no_collectives() {
    let c = cat();
    let dm = FitOptions {
        zero: Some(bot_core::vram::Zero::Off),
        device_map: true,
        ..FitOptions::default()
    };
    for (id, quant, cards) in [
        ("qwen2.5-32b", Quant::GptqInt4, 2),
        ("llama-3.1-70b", Quant::Bf16, 4),
        ("qwen3-32b", Quant::Nf4, 3),
    ] {
        let one = estimate_with(&c, &split_job(&c, id, quant, 1), &FitOptions::default()).unwrap();
        let r = estimate_with(&c, &split_job(&c, id, quant, cards), &dm).unwrap();
        assert_eq!(r.parallelism, "layer", "{id}");
        let m = c.model(id).unwrap();
        let share = (m.layers.div_ceil(cards)) as f64 / m.layers as f64;
        let w1 = one.per_gpu.weights_gib;
        let w = r.per_gpu.weights_gib;
        assert!(
            w < w1 * (share + 0.1) && w > w1 * share * 0.8,
            "{id}: {w:.2} of {w1:.2} GiB on the busiest of {cards}"
        );
        // No NCCL buffers: the overhead is no more than one card's.
        assert!(
            r.per_gpu.overhead_gib <= one.per_gpu.overhead_gib + 1e-9,
            "{id}: {} vs {}",
            r.per_gpu.overhead_gib,
            one.per_gpu.overhead_gib
        );
    }
    // ZeRO-3 sizes a GPTQ base's card as the whole job; device_map halves it.
    let z3 = estimate_with(
        &c,
        &split_job(&c, "qwen2.5-32b", Quant::GptqInt4, 2),
        &FitOptions::default(),
    )
    .unwrap();
    let d = estimate_with(&c, &split_job(&c, "qwen2.5-32b", Quant::GptqInt4, 2), &dm).unwrap();
    assert!(
        d.per_gpu_gib < 0.7 * z3.per_gpu_gib,
        "{} vs {}",
        d.per_gpu_gib,
        z3.per_gpu_gib
    );
}

/// The chat reads `device_map` as the sharding word and says the layers are split.
#[test]
fn the_device_map_word_is_read_and_said() {
    let w = world();
    let en = say(
        &w,
        "en",
        "/fit qwen2.5-32b qlora gptq 2x4090 ctx=1k device_map",
    );
    assert!(en.contains("layers split across the 2 cards"), "{en}");
    let zh = say(
        &w,
        "zh",
        "/fit qwen2.5-32b qlora gptq 2x4090 ctx=1k device_map",
    );
    assert!(!zh.contains("ZeRO-3"), "{zh}");
}

/// Only the models whose forward Unsloth writes itself (Llama, Mistral, Qwen2/3, Phi, Gemma-2)
/// hold the chunked logits; the compiled causal-LM forward of the others (Gemma-3-1B, gpt-oss,
/// Llama-4) calls Cut Cross Entropy: with `unsloth` alone they size as with `liger`. (Gemma-3's
/// multimodal 4B/12B/27B, whose compiled forward has no CCE branch, hold the chunked logits:
/// session 11, `fit_heldout_left`.)
#[test]
fn only_unsloths_own_forwards_hold_the_chunked_logits() {
    let c = cat();
    for (id, own) in [
        ("phi-4", true),
        ("gemma-2-9b", true),
        ("qwen3-8b", true),
        ("gemma-3-1b", false),
        ("gpt-oss-20b", false),
    ] {
        let plain = act(&c, &qlora(&c, id, 2048, 2, false));
        let cce = act(&c, &qlora(&c, id, 2048, 2, true));
        assert_eq!(plain > cce + 0.1, own, "{id}: {plain:.2} vs {cce:.2}");
    }
}

fn int8_lora<'a>(c: &'a Catalog, id: &str, quant: Quant, upcast: bool) -> FitRequest<'a> {
    let mut r = FitRequest::new(ModelRef::Known(c.model(id).unwrap()), quant, Task::Lora);
    r.context = 1536;
    r.batch = 3;
    r.grad_checkpointing = true;
    r.kbit_upcast = upcast;
    r
}

/// PEFT prepares an LLM.int8 base as it prepares an NF4 one: embedding and untied head in fp32
/// (two more bytes per parameter) and an fp32 stream through the layers; a GPTQ int8 base is
/// exempt, and `upcast=off` (LLaMA-Factory) takes both away.
#[test]
fn an_llm_int8_base_is_prepared_like_a_4_bit_one() {
    let c = cat();
    for id in ["mistral-7b-v0.3", "qwen2.5-3b", "gemma-2-9b"] {
        let m = c.model(id).unwrap();
        let on = estimate_with(
            &c,
            &int8_lora(&c, id, Quant::Int8, true),
            &FitOptions::default(),
        )
        .unwrap();
        let off = estimate_with(
            &c,
            &int8_lora(&c, id, Quant::Int8, false),
            &FitOptions::default(),
        )
        .unwrap();
        let matrices = if m.tied_embeddings { 1.0 } else { 2.0 };
        let cast = matrices * m.vocab as f64 * m.hidden as f64 * 2.0 / GIB;
        let dw = on.per_gpu.weights_gib - off.per_gpu.weights_gib;
        assert!((dw - cast).abs() < 0.01, "{id}: {dw:.3} vs {cast:.3} GiB");
        // The checkpointed layer inputs alone are 2 bytes wider per hidden unit.
        let stream = m.layers as f64 * 2.0 * m.hidden as f64 * 1536.0 * 3.0 / GIB;
        let da = on.per_gpu.activations_gib - off.per_gpu.activations_gib;
        assert!(
            da >= 0.99 * stream,
            "{id}: fp32 stream {da:.3} vs {stream:.3} GiB"
        );
        let g_on = estimate_with(
            &c,
            &int8_lora(&c, id, Quant::GptqInt8, true),
            &FitOptions::default(),
        )
        .unwrap();
        let g_off = estimate_with(
            &c,
            &int8_lora(&c, id, Quant::GptqInt8, false),
            &FitOptions::default(),
        )
        .unwrap();
        assert!(
            (g_on.per_gpu_gib - g_off.per_gpu_gib).abs() < 1e-9,
            "{id}: GPTQ is exempt"
        );
    }
    let w = world();
    let en = say(&w, "en", "/fit mistral-7b-v0.3 lora int8 ctx=2k");
    assert!(en.contains("8-bit base prepared by PEFT"), "{en}");
    let zh = say(&w, "zh", "/fit mistral-7b-v0.3 lora int8 ctx=2k");
    assert!(zh.contains("8 位底座按 PEFT"), "{zh}");
}
