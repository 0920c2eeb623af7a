//! Inference memory per engine: vLLM (tensor parallel, preallocating), Hugging Face
//! Transformers (`device_map="auto"` layer split) and llama.cpp (layer split, micro-batches).

use super::layer_split::{layer_split_weights, layers_per_card};
use super::parts::{
    Common, LLAMACPP_KQ_BYTES, LLAMACPP_UBATCH, Parts, VLLM_CUDA_GRAPHS_GIB,
    autocast_weight_copies, eager_score_bytes, hf_activation_bytes_per_token,
};
use super::request::{FitRequest, ModelRef};
use super::{Engine, GIB, Parallelism, Quant, Shape};
use crate::catalog::{Model, VisionTower};

pub(super) fn compute_infer(shape: &Shape, req: &FitRequest, c: &Common) -> Parts {
    match req.engine {
        Engine::Vllm => vllm(shape, req, c),
        Engine::Transformers => match req.autoawq_fused {
            Some(f) => super::awq_fused_infer::autoawq_fused(shape, req, c, f),
            None => transformers(shape, req, c),
        },
        Engine::Llamacpp => llamacpp(shape, req, c),
        Engine::Exllamav2 => super::exl2::infer(shape, req, c),
    }
}

fn vllm(shape: &Shape, req: &FitRequest, c: &Common) -> Parts {
    let Common {
        cards,
        n,
        batch,
        split,
        w_total,
        ctx,
        ..
    } = *c;
    let kv_total = c.kv_total();
    let mut p = Parts::default();
    // Tensor parallel: every matrix and the vocabulary (VocabParallelEmbedding,
    // ParallelLMHead) split over the ranks; norms and extra towers replicated. Under data
    // parallel (`vram::data_parallel`) each rank is its own tensor-parallel group with a whole
    // KV cache, only an MoE's routed experts split over every card.
    let w = super::data_parallel::weights_per_card(shape, req, &split, w_total);
    let kv = super::data_parallel::kv_per_card(shape, req, kv_total, batch);
    let n_all = n;
    let n = super::data_parallel::tensor_size(req) as f64;
    // A count vLLM runs as TP x PP: the busiest stage's layers and ends over its tensor size,
    // its layers' KV cache, the profile at the stage's tensor size (`vram::pipeline`).
    let pipeline = super::pipeline::split(shape, req);
    let (w, kv, n) = match pipeline {
        Some(s) => {
            let (w, kv) = super::pipeline::busiest_card(shape, &split, kv_total, s);
            (w, kv, s.tp as f64)
        }
        None => (w, kv, n),
    };
    let served = vllm_profile_peak(shape, req, c, n);
    // Model Runner V2's profile samples without top-k / top-p (`vram::vllm_mrv2`): its smaller
    // peak sets the share's content and the pool; a served batch needs the rest outside it.
    let a = if super::vllm_mrv2::applies(req, c.server.is_some()) {
        let rows = c.vllm.max_seqs as f64;
        let sampler = super::vllm_mrv2::profile_sampler_bytes(rows, shape.vocab as f64);
        text_forward_bytes(shape, req, c, n)
            .max(sampler)
            .min(served)
    } else {
        served
    };
    let served_sampler = served - a;
    // vLLM's own graphs (none under `--enforce-eager`); a server in its class keeps its own.
    let graphs = if c.server.is_none() {
        super::parts::vllm_graphs_gib(req) * GIB
    } else {
        VLLM_CUDA_GRAPHS_GIB * GIB
    };
    // vLLM's budget is `gpu_memory_utilization` of the card, and it must hold the weights, the
    // profile's activation peak and the KV cache (it refuses to start when the cache left cannot
    // hold one sequence of `max_model_len`); the CUDA context and the CUDA graphs, captured
    // after the cache is allocated, sit in the rest. The job needs the two; the share is a
    // limit on the card (`vram::vllm_share`), not memory the job takes.
    let core = w + kv + a;
    let rest = ctx + graphs + served_sampler;
    let (over, held, pool) = outside_budget(req, c, (w, kv, a), core, rest);
    if c.server.is_none() {
        // V0's virtual engines each take 1/PP of the pool (`vram::vllm_v0_pp`).
        let copies = super::vllm_v0_pp::request_copies(shape, req, false);
        let pooled = w + a + super::vllm_v0_pp::pool_demand(kv, batch, copies);
        p.share_floor = super::vllm_share::floor(pooled, c.vllm_util);
    }
    // A 16-bit checkpoint quantized while it loads (`vram::online_quant`): the card needs the
    // larger of that load and the server it then runs.
    let load = super::online_quant::load_bytes(shape, req, c, w);
    let over = over + (load - core - over).max(0.0);
    // On a named card the KV cache fills the budget, whatever the need (`vram::vllm_grant`).
    // TGI's pool is sized at warm-up and the warm-up released (`vram::tgi_pool`).
    let fill = super::tgi_pool::fill(shape, req, c.server, n, (w, ctx, core, core + over))
        .unwrap_or_else(|| {
            // vLLM frees its profile's activations before allocating the cache; read right
            // after start-up nvidia-smi shows the budget without them. Under load a step takes
            // them again, so the default is the budget. The other servers' pools follow their
            // own rules (`vram::server`).
            let released = if c.server.is_none() && req.vllm_started {
                a
            } else {
                0.0
            };
            super::vllm_grant::kv_fill(req, held, pool, core + over, released)
        });
    p.set(
        n_all,
        w_total,
        kv * n_all,
        [w, kv, a, 0.0, over + fill],
        a * n_all,
        0.0,
    );
    // The totals stay what the job needs (what the cards together must hold).
    p.overhead -= fill * n_all;
    p.releasable = fill;
    p.load_stage = load;
    p.served_sampler = served_sampler;
    p.parallelism = if pipeline.is_some() {
        Parallelism::Pipeline
    } else if cards > 1 {
        Parallelism::Tensor
    } else {
        Parallelism::None
    };
    p
}

/// The activation peak of one rank at start-up, bytes: vLLM's profile run (the text forward or
/// the sampler, a vision tower's encoder beside them), or the server's own warm-up where it
/// replaces it (LMDeploy's TurboMind buffers, TGI's Gemma-3 prefill). `n`: the tensor-parallel
/// ranks.
fn vllm_profile_peak(shape: &Shape, req: &FitRequest, c: &Common, n: f64) -> f64 {
    // The start-up profile run: one forward pass of `max_num_batched_tokens` tokens whatever
    // the context or the batch (chunked prefill), then the sampler over `max_num_seqs` rows of
    // logits; they run one after the other, so the larger sets the peak.
    let fwd = text_forward_bytes(shape, req, c, n);
    // Every rank samples from the whole vocabulary (the logits are gathered), on the sampler
    // path the request runs (`vram::vllm_sampler`).
    let per_logit = super::vllm_sampler::bytes_per_logit(req);
    let sampler = c.vllm.max_seqs as f64 * shape.vocab as f64 * per_logit;
    let mut a = fwd.max(sampler);
    if let ModelRef::Known(Model {
        vision: Some(v), ..
    }) = req.model
    {
        a = with_vision_profile(shape, req, c, v, n, (a, sampler));
    }
    // LMDeploy's TurboMind: its own start-up buffers and tuning pass
    // (`server::turbomind_workspace_bytes`) in place of vLLM's text profile; a vision tower's
    // profile above is kept where larger (its encoder is not TurboMind's).
    if matches!(c.server, Some((super::Server::Lmdeploy, _)))
        && let Some(ws) = super::server::turbomind_workspace_bytes(shape, n)
    {
        let vision = matches!(
            req.model,
            ModelRef::Known(Model {
                vision: Some(_),
                ..
            })
        );
        a = if vision { a.max(ws) } else { ws };
    }
    // TGI before 3.3: Gemma-3's warm-up prefill with an image on SDPA's math path.
    let tgi = matches!(c.server, Some((super::Server::Tgi, _)));
    super::tgi_pool::warmup_peak(shape, req, tgi, n, a)
}

/// The profile's text forward pass of `max_num_batched_tokens` tokens on one of `n` ranks, bytes.
fn text_forward_bytes(shape: &Shape, req: &FitRequest, c: &Common, n: f64) -> f64 {
    let prof_tokens = c.vllm.batched_tokens as f64;
    // Activations of one rank in the forward pass: FFN width and heads are split by TP, the
    // hidden width (residual stream) is not; an MoE's fused kernel holds its own caches
    // (`vram::vllm_moe_profile`).
    let mut fwd = super::vllm_moe_profile::ffn_temporaries_bytes(shape, prof_tokens, n)
        + prof_tokens * 8.0 * shape.hidden as f64;
    // vLLM before 0.3.0 runs AWQ's split-K GEMM at any length (`vram::vllm_awq_split`).
    let server = c.server.map(|(s, _)| s);
    fwd += super::vllm_awq_split::profile_bytes(shape, req, server, prof_tokens, n);
    if c.eager {
        fwd += eager_score_bytes(
            1.0,
            prof_tokens.min(c.tokens * c.batch),
            c.tokens,
            (c.heads / n).ceil(),
            c.eager_bytes,
        );
    }
    fwd
}

/// The profile's peak with a vision tower `v`, from the text profile's (`text`: its peak and the
/// sampler's alone): V1 encodes images beside the text forward, V0 runs its own dummy sequences.
fn with_vision_profile(
    shape: &Shape,
    req: &FitRequest,
    c: &Common,
    v: &VisionTower,
    n: f64,
    (a, sampler): (f64, f64),
) -> f64 {
    let prof_tokens = c.vllm.batched_tokens as f64;
    let v = &super::vision_tower::capped(v, req.max_pixels);
    // V0 packs `--limit-mm-per-prompt` images into each dummy sequence; V1 as many as fit.
    let limit = req.vllm_v0.then(|| req.images_per_prompt.unwrap_or(1));
    // V1 encodes a dummy video instead when it holds more tokens (`vram::vllm_video_profile`).
    let item = match super::vllm_video_profile::dummy_video(req, v) {
        Some(d) if c.server.is_none() => (d.patches, d.tokens),
        _ => super::vllm_video_profile::image_patches_tokens(v),
    };
    // `--mm-encoder-tp-mode data` (vLLM `vision.py`, `run_dp_sharded_mrope_vision_model`): the
    // tower's layers built with `disable_tp`, the one dummy item encoded whole on one rank, and
    // every rank all-gathers the ranks' outputs padded to the longest (n x its rows).
    let dp = req.mm_encoder_dp && n > 1.0;
    let split = if dp { 1.0 } else { n };
    let (mut encode, kept) = vllm_vision_profile(v, shape, split, (prof_tokens, item), limit);
    if dp {
        encode += n * kept;
    }
    if req.vllm_v0
        && let Some(tiled) = super::vision_tower::vllm_v0_tiled_profile_bytes(v, c.vllm.max_seqs, n)
    {
        // V0's encoder-decoder runner: one image per dummy sequence group.
        encode = encode.max(tiled);
    }
    if req.vllm_v0 {
        v0_vision_profile(shape, n, prof_tokens, kept, encode).max(sampler)
    } else {
        (a + kept).max(encode)
    }
}

/// What the card holds outside the server's pool, whether it holds the pool's share, and the
/// pool its KV grant is cut from: (over, held, pool). vLLM's pool is `gpu_memory_utilization`
/// of the card around weights, KV and activations (`core`), the CUDA context and graphs
/// (`rest`) outside it; SGLang, TGI, LMDeploy and TensorRT-LLM each keep their own rule.
fn outside_budget(
    req: &FitRequest,
    c: &Common,
    (w, kv, a): (f64, f64, f64),
    core: f64,
    rest: f64,
) -> (f64, f64, f64) {
    match c.server {
        // SGLang, TGI, LMDeploy, TensorRT-LLM: each its own pool rule (`vram::server`).
        Some((s, f)) => {
            let card = req.gpu.map_or(0.0, |g| g.usable_gib() * GIB);
            let held = s.held_share(f, w, card);
            let pool = match s {
                super::Server::Tgi => core,
                _ => w + kv,
            };
            (s.over_bytes(f, w, kv, a, rest), held, pool)
        }
        // vLLM: the context and graphs outside the share; the share's own limit is the
        // card floor (`vram::vllm_share`), not part of the need.
        None => (rest, c.vllm_util, core),
    }
}

/// vLLM's start-up profile of a vision-language model (V1 `gpu_model_runner.py`,
/// `profile_run`): before the text dummy run it encodes a dummy batch of the largest image the
/// processor accepts (`_get_mm_dummy_batch`: as many as `max(max_num_batched_tokens, tokens of
/// one image)` holds, at least one), keeps the encoder's outputs in `encoder_cache` through the
/// dummy forward pass and the sampler, and clears them after. Returns, in bytes per card, the
/// encoder's own peak and what it leaves held.
///
/// The item (`patches`, `tokens`): the largest image, `max_pixels` in patches of `patch`² pixels,
/// every `merge`² patches one language-model token, or V1's dummy video where it holds more
/// (`vram::vllm_video_profile`). The encoder's peak: the processor's fp32 pixels (3 channels ×
/// `temporal_patch` frames × `patch`² per patch), one block's activations over every patch
/// (the decoder's `6 × FFN / TP + 8 × hidden` bytes per token: vLLM splits the vision blocks
/// over the tensor-parallel ranks too) and the outputs, one 16-bit row of the decoder's width
/// per token. `v0_limit`: V0's images per prompt (`profile_images`).
fn vllm_vision_profile(
    v: &VisionTower,
    shape: &Shape,
    n: f64,
    (batched, (patches, tokens)): (f64, (f64, f64)),
    v0_limit: Option<u32>,
) -> (f64, f64) {
    let patch_px = (v.patch as f64).powi(2);
    let items = profile_images(tokens, batched, v0_limit);
    let kept = items * tokens * shape.hidden as f64 * 2.0;
    let pixels = items * patches * 3.0 * v.temporal_patch as f64 * patch_px * 4.0;
    let blocks = items * patches * (6.0 * v.intermediate as f64 / n + 8.0 * v.hidden as f64);
    (pixels + blocks + kept, kept)
}

/// How many of the largest image the start-up profile encodes, each `tokens` long. V1
/// (`_get_mm_dummy_batch`): as many as `max_num_batched_tokens` holds, at least one. V0
/// (`vllm/worker/model_runner.py` `profile_run`): `max_num_seqs = min(max_num_seqs, batched //
/// max_mm_tokens)`, at least 1, where `get_max_multimodal_tokens` is the per-prompt limit
/// (`--limit-mm-per-prompt image=N`, default 1) times one item's tokens, and each dummy sequence
/// carries the limit's images (`multimodal/profiling.py`, `get_mm_limits`). A video limit is not
/// counted (no word for it): with one, the profile encodes more than this.
fn profile_images(tokens: f64, batched: f64, v0_limit: Option<u32>) -> f64 {
    match v0_limit {
        Some(limit) => {
            let limit = f64::from(limit.max(1));
            (batched / (limit * tokens)).floor().max(1.0) * limit
        }
        None => (batched.max(tokens) / tokens).floor().max(1.0),
    }
}

/// V0's profile of a vision-language model (`vllm/worker/model_runner.py`, `profile_run`, and
/// `multimodal/profiling.py`): each dummy sequence carries the largest image's tokens even
/// where they exceed its share of `max_num_batched_tokens` (it warns and keeps them), and the
/// image's encoder outputs are merged into the input embeddings inside the one forward pass:
/// the decoder runs over the larger of the batched tokens and the images' tokens (`kept` holds
/// their outputs, one 16-bit decoder row each), with the image embeddings and the input
/// embeddings both live. The encoder's own peak (`encode`) comes first.
fn v0_vision_profile(shape: &Shape, n: f64, batched: f64, kept: f64, encode: f64) -> f64 {
    let row = shape.hidden as f64 * 2.0;
    let tokens = batched.max(kept / row);
    let fwd = super::vllm_moe_profile::ffn_temporaries_bytes(shape, tokens, n)
        + tokens * 8.0 * shape.hidden as f64;
    (fwd + 2.0 * tokens * row).max(encode)
}

fn transformers(shape: &Shape, req: &FitRequest, c: &Common) -> Parts {
    let Common {
        cards,
        n,
        tokens,
        batch,
        split,
        w_total,
        ctx,
        eager,
        ..
    } = *c;
    let kv_total = c.kv_total();
    let mut p = Parts::default();
    // device_map="auto" splits whole layers: the busiest card holds its layers'
    // weights and KV cache, and peaks with the activations of one of its layers
    // over the whole prompt (every card needs that workspace).
    let w = layer_split_weights(shape, &split, cards);
    let share = layers_per_card(shape, cards) / shape.layers.max(1) as f64;
    let kv = kv_total * share;
    // torchao's `generate.py` (`vram::torchao::generate_bytes`): a short prompt into a cache
    // of `tokens` positions allocated up front, so no prefill of `tokens`; its N × N causal
    // mask and each decode step's fp32 attention over the whole cache instead.
    let generate = req
        .torchao
        .map(|_| super::torchao::generate_bytes(shape, tokens, batch));
    // `generate` prefills the prompt, not the tokens it then decodes one at a time
    // (`vram::generate_steps`): the prefill's workspace is the prompt's.
    let prompt = super::generate_steps::prefill_tokens(req, tokens);
    let pre = Common {
        tokens: prompt,
        ..*c
    };
    let mut a = match generate {
        Some((mask, decode)) => mask + decode + batch * shape.vocab as f64 * 4.0,
        None => {
            prompt * batch * hf_activation_bytes_per_token(shape) + batch * shape.vocab as f64 * 4.0
        }
    };
    // Eager attention's scores and the allocator's split score segments (`eager_held`).
    let fragments = if eager && generate.is_none() {
        let (live, held) = eager_held(req, &pre, a);
        a = live;
        held
    } else {
        0.0
    };
    a = later_peaks(shape, req, &pre, kv, share, generate.is_none(), a);
    // Before 4.42 each decode step holds the step before's cache beside the new one.
    let legacy = if generate.is_none() {
        let dims = (batch, shape.vocab as f64, tokens);
        super::generate_steps::legacy_step_bytes(req, kv, dims)
    } else {
        0.0
    };
    a = a.max(legacy);
    // Generating several sequences, Transformers' dynamic cache grows every layer's
    // K and V by concatenation, and the caching allocator keeps the outgrown blocks:
    // what nvidia-smi shows carries about one more KV cache (not allocated, so in
    // the overhead). Measured: huggingface/optimum tests/benchmark/README.md
    // @09638629 (Llama-2-13B, 512 + 512 tokens, A100, nvidia-smi) grows 1.56 GiB per
    // sequence in fp16 and 1.51 in GPTQ-Int4 from batch 1 to 16, against 0.78 GiB of
    // KV per sequence; at batch 1 the peak is the prefill's, within 5 %.
    // A single forward pass (`new_tokens` ≤ 1) never grows the cache, so nothing is outgrown.
    // On a release that holds the old cache allocated (`legacy`) the allocator still keeps the
    // outgrown blocks beside both: optimum-benchmark's 4.35 reports reserve more than the
    // allocated peak from batch 2 on (Llama-2-7B: +455 MB at 2, +8.2 GB at 4), and Mistral-7B's
    // nvml totals at batch 4-16 sit about one KV cache above weights and two caches.
    // Before 4.42, the tuple cache's outgrown segments where more (`vram::tuple_cache`).
    let kv_reserve =
        super::tuple_cache::kv_reserve(shape, req, (prompt, tokens), (kv, share), batch);
    // A beam-search step (`vram::beams`): the scores over the vocabulary for every beam and a
    // layer's keys copied by the cache's reorder, after the prefill has freed its workspace.
    if req.beams > 1 && generate.is_none() {
        let layers = layers_per_card(shape, cards);
        a = a.max(super::beams::step_bytes(
            shape.vocab as f64,
            batch,
            kv,
            layers,
        ));
    }
    a += prompt * batch * c.prefill_held; // Phi-3's held qkv outputs (`vram::fused_qkv`)
    // AutoGPTQ's ExLlamaV2 scratch, or the default ExLlama (v1)'s `temp_dq` on the releases
    // that default to it, allocated at load and held (`vram::gptq_scratch`).
    a += super::gptq_scratch::exllama_v2_bytes(shape, req);
    a += super::gptq_scratch::exllama_v1_bytes(shape, req);
    // torchao quantizing a model already on the card (`vram::torchao`): the segments its
    // quantized weights landed in stay reserved whole; float8wo multiplies by a dequantized
    // 16-bit copy of each matrix in turn. An older Transformers' per-layer RoPE caches
    // (`vram::transformers_rope`) are held beside them from the load on, this card's layers'.
    let mut pinned = super::transformers_rope::per_layer_cache_bytes(shape, req) * share;
    if let Some(t) = super::torchao::scheme(req) {
        let r = super::torchao::replay(shape, t);
        pinned = r.pinned * share;
        if t == (super::torchao::Scheme::Float8 {
            dequantized_copy: true,
        }) {
            a += r.largest_16bit;
        }
    }
    // Baichuan2-13B's eval `future_mask` buffer, kept from the first forward on where the
    // model's embeddings are (`vram::alibi_bias`).
    pinned += super::alibi_bias::eval_buffer_bytes(req);
    p.set(
        n,
        w_total,
        kv_total,
        [w, kv, a, 0.0, ctx + kv_reserve + pinned + fragments],
        a * n,
        0.0,
    );
    p.releasable = kv_reserve;
    p.parallelism = if cards > 1 {
        Parallelism::Layer
    } else {
        Parallelism::None
    };
    p
}

/// What peaks after the layers' workspace under Transformers, each the larger of it and `a`
/// (`plain`: no torchao `generate.py`): a vision tower's math-path scores, LitGPT's 16-bit
/// Linear, autocast's weight copies, the prompt's logits, an AWQ load's embedding copy.
fn later_peaks(
    shape: &Shape,
    req: &FitRequest,
    c: &Common,
    kv: f64,
    share: f64,
    plain: bool,
    mut a: f64,
) -> f64 {
    let Common {
        tokens,
        batch,
        split,
        ..
    } = *c;
    // SDPA's math path for the vision tower on a card without a bf16 kernel (`vram::sdpa_math`).
    if plain {
        a = a.max(super::sdpa_math::tower_scores_bytes(req));
        // Before Transformers 4.51 the Qwen-VL tower's 3-D SDPA call takes the math path on
        // every card, over the whole batch's patches at once (`vram::vision_sdpa3d`).
        a = a.max(super::vision_sdpa3d::tower_bytes(req));
    }
    // LitGPT's bitsandbytes Linear at its largest: dequantized at the prefill, quantized at
    // load (`vram::litgpt_infer`), beside the model.
    a = a.max(super::litgpt_infer::transient_bytes(shape, req));
    // fp32 weights under 16-bit autocast: a cached 16-bit copy of this card's linear weights.
    a += autocast_weight_copies(shape, req.quant, req.mixed_precision) * share;
    // Older Transformers: the LM head over the whole prompt in 16-bit and its fp32
    // copy, after the layers have freed their workspace, so the larger of the two
    // peaks (Qwen2 table, Transformers 4.38.2: 968 KB per prompt token on
    // Qwen2-7B = 57 KB of KV + 152064 x 6 B).
    if let Some(prompt) = req.prompt_logits.filter(|_| plain) {
        a = a.max(prompt_logits_peak(prompt, req, shape, batch, kv));
    }
    // A model whose own code keeps the logits of every prompt position
    // (`Shape::prompt_logit_bytes`): they peak after the layers' workspace is freed.
    if plain {
        a = a.max(tokens * batch * shape.vocab as f64 * shape.prompt_logit_bytes);
    }
    // AWQ (AutoAWQ) on a tied-embedding model: loading holds a second 16-bit copy
    // of the embedding for a moment (Qwen2.5-0.5B/1.5B/3B-AWQ at input length 1 sit
    // 0.2-0.34 GiB above GPTQ-Int4; the gap is gone at 6k tokens, where the prefill
    // peak is higher): the peak is the larger of the two. Transformers 4.38's loader
    // does the same whatever the quantization (`vram::tied_load`).
    if (req.quant == Quant::Awq || super::tied_load::holds_second_copy(req)) && shape.tied {
        a = a.max(split.embed - kv);
    }
    a
}

/// The first decode step of a Transformers `generate` of that time (4.36 to 4.44, the releases
/// with `prompt_logits`), beyond the cache counted once: `greedy_search` / `sample` keep the
/// prefill's `outputs` (its fp32 logits over the whole prompt, 4 bytes per vocabulary entry)
/// bound until the next forward returns, and the model takes the legacy tuple cache
/// (`DynamicCache.from_legacy_cache`, returned by `to_legacy_cache()`) that `model_kwargs` still
/// holds while `DynamicCache.update` concatenates each layer's keys and values into new tensors
/// (`torch.cat([self.key_cache[layer_idx], key_states], dim=-2)`): the prompt's cache twice.
/// Larger than the prefill's 2 + 4 bytes per entry where the cache is large against the
/// vocabulary (Qwen1.5-7B, no GQA: 4 x 151936 + 2 x 512 KiB per prompt token = 1.58 MiB, its
/// table's growth from 14336 to 30720 input tokens); below it with GQA (Qwen2-7B: 0.72 MiB
/// against 0.91).
fn first_decode_step_bytes(prompt: f64, batch: f64, vocab: f64, kv: f64, context: u32) -> f64 {
    prompt * batch * vocab * 4.0 + kv * (prompt / context.max(1) as f64).min(1.0)
}

/// The larger of the prefill's 16-bit and fp32 logits over the prompt and the first decode
/// step (`first_decode_step_bytes`), for `prompt_logits`.
fn prompt_logits_peak(prompt: u32, req: &FitRequest, shape: &Shape, batch: f64, kv: f64) -> f64 {
    let (p, v) = (prompt.min(req.context) as f64, shape.vocab as f64);
    (p * batch * v * 6.0).max(first_decode_step_bytes(p, batch, v, kv, req.context))
}

/// Transformers' eager attention on top of the prefill's activations `a`: the live score
/// matrices (with the vision tower's own, which peak on their own), and what the caching
/// allocator keeps of their split segments (`parts::eager_fragment_bytes`): reserved, not
/// allocated, and not released before an out-of-memory error. Returns (live, held).
fn eager_held(req: &FitRequest, c: &Common, a: f64) -> (f64, f64) {
    let (batch, tokens, heads) = (c.batch, c.tokens, c.heads);
    let mut a = a + eager_score_bytes(batch, tokens, tokens, heads, c.eager_bytes);
    // The allocator's split segments as measured for Transformers' own eager attention: the
    // same for a model running its own code (`vram::chatglm_code`), whose segments are not measured.
    let frag = super::parts::eager_bytes_per_score(req.quant);
    // Baichuan's eval path (`vram::alibi_bias`) asks for 16-bit score blocks of one size only,
    // each reusing the block the step before freed: no fp32 segment for a later request to split.
    let held = if super::alibi_bias::manual_in_eval(req) {
        0.0
    } else {
        super::parts::eager_fragment_bytes(batch, tokens, tokens, heads, frag)
    };
    // The vision tower encodes the image before the decoder runs: its own eager scores over
    // the patches of its largest attention call (`vram::vision_calls`: one image from
    // Transformers 4.53, the whole batch's images before) peak on their own.
    let tower = super::vision_calls::call_scores_bytes(req, super::parts::EAGER_SCORE_BYTES);
    a = a.max(tower);
    (a, held)
}

fn llamacpp(shape: &Shape, req: &FitRequest, c: &Common) -> Parts {
    let Common {
        cards,
        n,
        tokens,
        batch,
        split,
        w_total,
        ctx,
        heads,
        eager,
        ..
    } = *c;
    let kv_total = c.kv_total();
    let mut p = Parts::default();
    // Layer split; compute buffer for one micro-batch (`-ub`, default 512) in fp32 (12*I + 16*h
    // per token = the 6*I + 8*h tensors above at 4 bytes) + logits for the micro-batch;
    // without flash attention, the f32 KQ matrix and its softmax for the micro-batch
    // against the whole cache.
    let ub = (tokens * batch).min(req.ubatch.unwrap_or(LLAMACPP_UBATCH).max(1) as f64);
    let mut a = ub
        * (12.0 * shape.ffn_width_active_per_token()
            + 16.0 * shape.hidden as f64
            + 4.0 * shape.vocab as f64);
    if eager {
        a += ub * tokens * heads * LLAMACPP_KQ_BYTES;
    }
    // Expert offload (`vram::expert_offload`): the routed experts of the offloaded layers leave
    // the cards for system RAM; one of their tensors at a time is copied back into the
    // compute buffer for a prompt batch.
    let (mut split, mut w_total) = (split, w_total);
    // The token embedding stays in system RAM; a tied head is duplicated onto the card
    // (`vram::llamacpp_input`).
    w_total -= super::llamacpp_input::embedding_in_ram(shape, &split).1;
    split = super::llamacpp_input::card_split(shape, split);
    if let Some(moe) = req.cpu_moe {
        let off = super::expert_offload::bytes_in_ram(shape, req.quant, moe).min(split.layers);
        split.layers -= off;
        w_total -= off;
        a += super::expert_offload::upload_bytes(shape, req.quant, moe, ub);
    }
    let mut w = layer_split_weights(shape, &split, cards);
    let share = layers_per_card(shape, cards) / shape.layers.max(1) as f64;
    let kv = kv_total * share;
    // A tiled vision encoder (Llama-3.2-Vision, which only Ollama runs in GGUF): its projector
    // file in 16 bits and the graph Ollama reserves for it, on the first card
    // (`vram::vision_tower`).
    if let ModelRef::Known(Model {
        vision: Some(v), ..
    }) = req.model
        && let Some(graph) = super::vision_tower::ollama_tiled_graph_bytes(v)
    {
        let extra = super::vision_tower::f16_projector_extra_bytes(
            v,
            shape.hidden,
            req.quant.linear_bits(),
        );
        w += extra;
        w_total += extra;
        a += graph;
    }
    p.set(n, w_total, kv_total, [w, kv, a, 0.0, ctx], a * n, 0.0);
    p.parallelism = if cards > 1 {
        Parallelism::Layer
    } else {
        Parallelism::None
    };
    p
}
