//! The notes a fit answer carries whatever the card: what the request leaves to a default,
//! what a model, a loader or an engine does beyond the sizing (split from `report`, which
//! judges the cards).

use super::estimate::{compute_on, round2};
use super::parts::{CUDA_CONTEXT_GIB, VllmDefaults};
use super::request::{FitOptions, FitRequest, ModelRef};
use super::{Engine, GIB, Shape, Zero};
use crate::reply::Msg;

/// The `max_num_seqs` the answer offers for Llama-3.2-Vision on vLLM V0: the value that started
/// the server vllm#9445 saw die at the default 256 (an A100 80GB, `--max-model-len 1024`).
const VLLM_V0_TILED_FEW_SEQS: u32 = 32;

/// What the answer must warn about for this request, whatever the card.
pub(super) fn warnings(shape: &Shape, req: &FitRequest, opts: &FitOptions) -> Vec<Msg> {
    let mut warnings = Vec::new();
    // A VL model's image encoder as sized, and Unsloth's float32 cast (mem_ad).
    warnings.extend(super::vision_tower::notes(shape, req));
    warnings.extend(super::vision_calls::notes(req));
    // The tower in training (`vram::vision_train`).
    warnings.extend(super::vision_train::note(req));
    warnings.extend(super::chatglm_code::notes(shape, req));
    warnings.extend(super::alibi_bias::note(req));
    warnings.extend(super::unsloth_fp32::note(shape, req));
    warnings.extend(super::qat::note(shape, req));
    warnings.extend(super::mxfp4_card::note(shape, req, opts));
    warnings.extend(super::nvfp4_card::notes(shape, req));
    warnings.extend(super::transformers_rope::note(shape, req));
    warnings.extend(super::rest_fp32::note(shape, req));
    warnings.extend(super::gptq_scratch::note(shape, req));
    warnings.extend(super::gptq3::note(req));
    // Outgrown tuple-cache segments before Transformers 4.42 (`vram::tuple_cache`).
    warnings.extend(super::tuple_cache::note(shape, req));
    if let ModelRef::BySize { params_b, active_b } = req.model {
        // Shaped like the catalog's dense model nearest in size (a raw MoE size: in active
        // size), and says which.
        let sized = active_b.filter(|a| *a < params_b).unwrap_or(params_b);
        let like = Shape::size_template(sized).map(|t| t.name.clone());
        warnings.push(
            Msg::new("fit-warn-size-only")
                .arg("like", like.unwrap_or_else(|| "none".into()))
                .arg("layers", shape.layers)
                .arg("hidden", shape.hidden)
                .arg("kv_heads", shape.kv_heads)
                .arg("head_dim", shape.head_dim)
                .arg("mha_times", super::size_guess::multi_head_times(shape)),
        );
    }
    if let ModelRef::Known(m) = req.model {
        model_warnings(shape, req, m, &mut warnings);
    }
    // A compressed-tensors checkpoint in Transformers (`vram::ct_decompress`).
    warnings.extend(super::ct_decompress::warning(shape, req));
    // Under TP x PP only a stage's tensor-parallel ranks split the KV heads (`vram::pipeline`).
    let tp = super::pipeline::split(shape, req).map_or(req.cards, |s| s.tp);
    if !req.task.is_training() && req.engine == Engine::Vllm && tp > shape.kv_heads {
        warnings.push(
            Msg::new("fit-warn-kv-replicated")
                .arg("cards", tp)
                .arg("kv_heads", shape.kv_heads),
        );
    }
    // What an EXL2 answer is sized from (`vram::exl2`).
    warnings.extend(super::exl2::note(req, opts));
    if req.quant.is_gguf() && req.engine != Engine::Llamacpp {
        warnings.push(Msg::new("fit-warn-gguf-engine").arg("quant", req.quant.key()));
    }
    vllm_warnings(shape, req, opts, &mut warnings);
    // The cache type as the engine runs it (`vram::kv_cache`), and what it keeps of a
    // sliding-window layer (`vram::swa`).
    warnings.extend(super::kv_cache::warnings(req, opts));
    warnings.extend(super::swa::note(shape, req, opts));
    // Which layers of a hybrid model keep KV (`vram::recurrent`).
    warnings.extend(super::recurrent::note(shape, req, opts));
    warnings.extend(torchao_warning(shape, req));
    warnings.extend(multi_card_training_note(req, opts));
    // A trainer that loads the whole model on every card before sharding (`vram::whole_load`).
    if let Some(gib) = super::whole_load::whole_load_gib(shape, req, opts) {
        warnings.push(Msg::new("fit-warn-whole-load").arg("gib", round2(gib)));
    }
    // DeepSpeed ZeRO-3 loads a bitsandbytes base whole on every card (`vram::whole_load`).
    if let Some(gib) = super::whole_load::zero3_quantized_gib(shape, req, opts) {
        warnings.push(Msg::new("fit-warn-whole-load-quantized").arg("gib", round2(gib)));
    }
    // axolotl's FSDP2 wrap of a bitsandbytes base: the whole model beside its shards.
    if let Some((whole, peak)) = super::whole_load::axolotl_fsdp_gib(shape, req, opts) {
        warnings.push(
            Msg::new("fit-warn-whole-load-axolotl-fsdp")
                .arg("gib", round2(whole))
                .arg("peak", round2(peak)),
        );
    }
    // axolotl's parametrized experts: dequantized stacks saved for the backward.
    let stacks = super::expert_dequant::held_bytes(shape, req) / super::GIB;
    if stacks > 0.0 {
        let key = if req.grad_checkpointing { "one" } else { "all" };
        warnings.push(
            Msg::new("fit-warn-expert-stack")
                .arg("gib", round2(stacks))
                .arg("layers", key),
        );
    }
    // auto_gptq's dequantized 16-bit matrices, saved by matmul for the backward (`vram::gptq_train`).
    let copies = super::gptq_train::held_bytes(shape, req) / super::GIB;
    if copies > 0.0 {
        let key = if req.grad_checkpointing { "one" } else { "all" };
        warnings.push(
            Msg::new("fit-warn-gptq-dequant")
                .arg("gib", round2(copies))
                .arg("layers", key),
        );
    }
    // What a CPU offload leaves on each card is said, per card (`vram::offload`).
    if req.task.is_training() && opts.offload && opts.zero != Some(Zero::Off) {
        let params = opts.zero.unwrap_or(Zero::Three) == Zero::Three;
        warnings
            .push(Msg::new("fit-warn-offload").arg("params", if params { "yes" } else { "no" }));
    }

    warnings
}

/// What the answer must warn about for a catalog model: a context past its own, MXFP4
/// dequantized, a mixture of experts and how its experts are held, MLA in Transformers.
fn model_warnings(
    shape: &Shape,
    req: &FitRequest,
    m: &crate::catalog::Model,
    warnings: &mut Vec<Msg>,
) {
    if m.max_context > 0 && req.context > m.max_context {
        // An ALiBi model has no rotary positions to scale: its own code grows the bias past its
        // window (`vram::alibi_bias`), trained or not at that length.
        let alibi = m.own_code_bias.as_ref().is_some_and(|b| b.kind == "alibi");
        warnings.push(
            Msg::new("fit-warn-context")
                .arg("context", req.context)
                .arg("max", m.max_context)
                .arg("positions", if alibi { "alibi" } else { "rope" }),
        );
    }
    // MXFP4 dequantized to bf16 by Transformers on an older card (`vram::mxfp4_card`).
    if super::mxfp4_card::transformers_dequantizes(req)
        && let Some(g) = req.gpu
    {
        warnings.push(
            Msg::new("fit-warn-mxfp4-dequantized")
                .arg("card", g.name.as_str())
                .arg("cc", g.compute_capability.clone().unwrap_or_default()),
        );
    }
    // SDPA's math path on a card without a bf16 kernel (`vram::sdpa_math`).
    if super::sdpa_math::tower_scores_bytes(req) > 0.0
        && let Some(g) = req.gpu
    {
        warnings.push(
            Msg::new("fit-warn-sdpa-math")
                .arg("card", g.name.as_str())
                .arg("cc", g.compute_capability.clone().unwrap_or_default()),
        );
    }
    // The Qwen-VL tower's 3-D SDPA call before Transformers 4.51 (`vram::vision_sdpa3d`).
    if let Some(r) = req
        .transformers_release
        .filter(|_| super::vision_sdpa3d::applies(req))
    {
        warnings.push(
            Msg::new("fit-warn-vision-sdpa-3d")
                .arg("release", r.label())
                .arg("patches", super::vision_sdpa3d::patches(req))
                .arg("gib", round2(super::vision_sdpa3d::tower_bytes(req) / GIB)),
        );
    }
    // With experts in system RAM the offload line says where they are instead.
    let offloaded = super::expert_offload::in_ram(req).is_some_and(|(l, _)| l > 0);
    if m.is_moe() && !offloaded {
        warnings.push(
            Msg::new("fit-warn-moe")
                .arg("total", round2(shape.params.total / 1e9))
                .arg("active", round2(shape.params.active / 1e9)),
        );
    }
    // An MoE on a bitsandbytes base (`vram::bnb_experts`): the routed experts sized in 4 bits
    // holds where each is an `nn.Linear` (Transformers 4.x) or the trainer quantizes them
    // itself (Unsloth since 2026.6, axolotl's `quantize_moe_experts`); Transformers v5's
    // fused 3-D experts otherwise stay 16-bit (fp32 after PEFT's k-bit preparation). Said
    // with what that adds, and with the word that sizes the other case.
    let kept = super::bnb_experts::kept_extra_bytes(shape, req) / GIB;
    if kept > 0.0 {
        let key = if super::bnb_experts::kept(req) {
            "fit-assume-moe-experts-16bit"
        } else {
            "fit-warn-moe-4bit-experts"
        };
        let fp32 = super::bnb_experts::kept_in_fp32(req);
        warnings.push(
            Msg::new(key)
                .arg("gib", round2(kept))
                .arg("fp32", if fp32 { "yes" } else { "no" })
                .arg("train", if req.task.is_training() { "yes" } else { "no" }),
        );
    }
    if m.uses_mla() && req.engine == Engine::Transformers && !req.task.is_training() {
        warnings.push(Msg::new("fit-warn-mla-transformers"));
    }
}

/// torchao as its benchmark runs it (`vram::torchao`), said when the request uses it.
fn torchao_warning(shape: &Shape, req: &FitRequest) -> Option<Msg> {
    let t = super::torchao::scheme(req)?;
    // torchao as its benchmark runs it (`vram::torchao`): what stays pinned is in the
    // overhead; the 16-bit load before it is said, and whether the card holds it.
    // The busiest card's share: Transformers splits whole layers over the cards, the
    // 16-bit model as it is loaded and the quantized one alike.
    let r = super::torchao::replay(shape, t);
    let share = super::layer_split::layers_per_card(shape, req.cards.max(1))
        / f64::from(shape.layers.max(1));
    let peak = r.load_peak * share / GIB + CUDA_CONTEXT_GIB;
    let id = match req.gpu {
        Some(g) if peak > g.usable_gib() => "fit-warn-torchao-load-short",
        _ => "fit-warn-torchao",
    };
    Some(
        Msg::new(id)
            .arg("scheme", t.key())
            .arg("pinned", round2(r.pinned * share / GIB))
            .arg("peak", round2(peak)),
    )
}

/// vLLM's notes: its share of each card and its start-up profile (V1 by card class, or V0),
/// and with no card named what the larger class adds.
fn vllm_warnings(shape: &Shape, req: &FitRequest, opts: &FitOptions, warnings: &mut Vec<Msg>) {
    // MTP speculative decoding (`vram::spec_decode`): the draft layers sized, or said unknown.
    warnings.extend(super::spec_decode::note(shape, req));
    // vLLM's data parallel (`vram::data_parallel`): what each rank holds, and the word that
    // sizes one tensor-parallel group instead.
    let ranks = super::data_parallel::ranks(req);
    if ranks > 1 {
        warnings.push(
            Msg::new("fit-warn-data-parallel")
                .arg("ranks", ranks)
                .arg("tp", super::data_parallel::tensor_size(req))
                .arg("cards", req.cards),
        );
    }
    // SGLang, TGI, LMDeploy, TensorRT-LLM: their own pool rule in place of vLLM's share, sized
    // in vLLM's class otherwise (`vram::server`), each said.
    if let Some((s, f)) = opts.server_pool(req) {
        warnings.extend(super::tgi_release::warning(shape, req, s));
        warnings.push(
            Msg::new("fit-warn-server-pool")
                .arg("server", s.key())
                .arg("pct", round2(f * 100.0))
                .arg(
                    "given",
                    if opts.server_fraction.is_some() {
                        "yes"
                    } else {
                        "no"
                    },
                )
                .arg("card", if req.gpu.is_some() { "yes" } else { "no" }),
        );
        return;
    }
    if !req.task.is_training() && req.engine == Engine::Vllm && req.vllm_v0 {
        // vLLM's V0 engine (`VllmDefaults::v0`): its profile and the word that sizes V1.
        let multimodal = matches!(req.model, ModelRef::Known(m) if m.vision.is_some());
        let d = VllmDefaults::v0(req.context, multimodal);
        warnings.push(
            Msg::new("fit-warn-vllm-v0")
                .arg("util", round2(opts.vllm_share() * 100.0))
                .arg("tokens", d.batched_tokens)
                // Its CUDA graphs outside that share (`parts::VLLM_V0_GRAPHS_SEEN_GIB`).
                .arg("rest", round2((1.0 - opts.vllm_share()) * 100.0))
                .arg("eager", if req.vllm_eager { "yes" } else { "no" })
                .arg("graphs_lo", super::parts::VLLM_V0_GRAPHS_SEEN_GIB[0])
                .arg("graphs_hi", super::parts::VLLM_V0_GRAPHS_SEEN_GIB[1]),
        );
        // vLLM before 0.3.0: AWQ's split-K partials in that profile (`vram::vllm_awq_split`).
        let tokens = super::vllm_seqs::with_batched_tokens(d, opts.vllm_batched_tokens);
        warnings.extend(super::vllm_awq_split::warning(
            shape,
            req,
            tokens.batched_tokens,
        ));
        // A tiled (encoder-decoder) tower: one image per dummy sequence in V0's profile
        // (`vision_tower::vllm_v0_tiled_profile_bytes`); `seqs=` is the word that shrinks it.
        if let ModelRef::Known(crate::catalog::Model {
            vision: Some(v), ..
        }) = req.model
        {
            let seqs = super::vllm_seqs::profile_limits(d, opts.vllm_max_seqs).max_seqs;
            let tp = req.cards.max(1) as f64;
            let at = |n| super::vision_tower::vllm_v0_tiled_profile_bytes(v, n, tp);
            if let (Some(now), Some(small)) = (at(seqs), at(VLLM_V0_TILED_FEW_SEQS.min(seqs))) {
                warnings.push(
                    Msg::new("fit-warn-vllm-v0-tiled")
                        .arg("seqs", seqs)
                        .arg("gib", round2(now / GIB))
                        .arg("few", VLLM_V0_TILED_FEW_SEQS.min(seqs))
                        .arg("few_gib", round2(small / GIB)),
                );
            }
        }
    } else if !req.task.is_training() && req.engine == Engine::Vllm {
        // The user's `--max-num-batched-tokens` replaces the class's chunk (`vllm_seqs`).
        let batched = |d| super::vllm_seqs::with_batched_tokens(d, opts.vllm_batched_tokens);
        // The class's defaults as the release named set them (`vllm_seqs::at_release`).
        let class = VllmDefaults::for_card(req.gpu);
        let d = super::vllm_seqs::profile_limits(
            batched(super::vllm_seqs::at_release(
                class,
                req.vllm_release,
                req.gpu,
            )),
            opts.vllm_max_seqs,
        );
        warnings.push(
            Msg::new("fit-warn-vllm-prealloc")
                .arg("util", round2(opts.vllm_share() * 100.0))
                .arg("tokens", d.batched_tokens)
                .arg("seqs", d.max_seqs),
        );
        if req.vllm_flashinfer_sampler {
            // The sampler sized is FlashInfer's, which runs only where it is installed.
            warnings.push(Msg::new("fit-note-vllm-flashinfer-sampler"));
        }
        if req.gpu.is_none() {
            // No card named: the figures are the smaller class's; say what an H100-class card
            // adds (the card list already counts it).
            let l =
                super::vllm_seqs::profile_limits(batched(VllmDefaults::LARGE), opts.vllm_max_seqs);
            let act = |d| compute_on(shape, req, opts, d).card[2];
            let extra = (act(l) - act(d)).max(0.0) / GIB;
            warnings.push(
                Msg::new("fit-warn-vllm-large-cards")
                    .arg("tokens", l.batched_tokens)
                    .arg("seqs", l.max_seqs)
                    .arg("extra", round2(extra)),
            );
        }
    }
}

/// How a training over several cards is spread, as the estimate sizes it: a layer split in one
/// process (`zero=device_map`, `vram::device_map`) shards nothing by ZeRO, so it gets its own
/// note; every other multi-card training is a ZeRO stage (3 unless `zero=` says otherwise).
fn multi_card_training_note(req: &FitRequest, opts: &FitOptions) -> Option<Msg> {
    if !req.task.is_training() || req.cards <= 1 {
        return None;
    }
    if opts.device_map {
        return Some(Msg::new("fit-warn-device-map").arg("cards", req.cards));
    }
    let z = opts.zero.unwrap_or(Zero::Three);
    Some(Msg::new("fit-warn-zero").arg("stage", z.key()))
}
