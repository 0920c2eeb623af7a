//! VRAM fit and throughput estimates: "will it run, on what".
//!
//! Memory = weights + KV cache + activations (peak) + engine overhead, per card and in total,
//! from the model's `config.json` facts in the catalog (`Model`) and the card's VRAM (`Gpu`).
//! Every constant below says where it comes from; answers say "estimate based on ...".
//! Units: GiB = 2^30 bytes for memory; `Gpu::vram_gib()` converts the marketed decimal GB.
//!
//! Defaults (documented, used by `FitRequest::new`): context 4096 tokens (the whole sequence,
//! prompt + generated), batch 1, Hugging Face Transformers, no card, 1 card, no gradient
//! checkpointing, the engine's own attention implementation (`Attention::engine_default`:
//! Transformers `sdpa`, vLLM and llama.cpp `flash`); `FitOptions::default()`: fp16 KV cache, AdamW, LoRA rank 16 on every linear
//! layer, ZeRO-3 when training on more than one card.
//!
//! Several cards: vLLM is tensor parallel (weights, vocabulary, KV heads and FFN activations
//! split; norms and hidden-width activations replicated); Transformers (`device_map="auto"`)
//! and llama.cpp split whole layers (each card holds ceil(layers / cards) layers and their KV
//! cache, plus one end of the model, and needs its own activation workspace); training is data
//! parallel with ZeRO. The busiest card never needs more when cards are added
//! (`FitReport::per_gpu`, `FitReport::parallelism`).

mod awq_fused;
mod awq_fused_infer;
mod expert_adapters;
mod expert_dequant;
mod lora_targets;
mod qlora_int8;
mod quant;
mod releases;
pub mod shape;
mod throughput;
mod torchao;
mod tp;
mod tuple_cache;

pub mod alibi_bias;
mod axolotl;
mod beams;
mod bnb_base;
mod bnb_experts;
mod bnb_load;
mod card_cap;
pub mod chatglm_code;
mod ct_decompress;
pub mod data_parallel;
pub mod declared_quant;
mod device_map;
mod estimate;
pub mod exl2;
pub mod exl2_format;
pub mod expert_offload;
mod fit_report;
mod fp32_model;
mod fsdp;
pub mod fused_qkv;
pub mod generate_steps;
pub mod gptq3;
pub mod gptq_scratch;
mod gptq_train;
pub mod grad_accum;
mod infer;
mod kbit_base;
pub mod kv_cache;
mod layer_kept;
mod layer_split;
pub mod liger_scope;
mod limits;
mod litgpt_infer;
pub mod llamacpp_input;
mod loss_head;
pub mod method;
pub mod mxfp4_card;
pub mod name_format;
pub mod nvfp4_card;
mod offload;
pub mod ollama;
mod ollama_release;
mod online_quant;
mod optim_step;
mod option;
mod parts;
pub mod pipeline;
pub mod ppo;
pub mod qat;
pub mod recurrent;
mod report;
mod report_notes;
mod request;
mod request_check;
mod rest_fp32;
pub mod rl_trainer;
pub mod sdpa_math;
pub mod server;
mod sglang_pool;
mod size_guess;
mod spec_decode;
mod swa;
pub mod tgi_pool;
pub mod tgi_release;
pub mod tied_load;
mod train;
mod train_head;
mod train_spread;
mod train_weights;
pub mod transformers_rope;
mod triton_loss;
pub mod tuner_targets;
pub mod tuners;
pub mod unsloth_blocks;
pub mod unsloth_fp32;
pub mod unsloth_loss;
pub mod unsloth_release;
pub mod vision_calls;
pub mod vision_sdpa3d;
pub mod vision_tower;
pub mod vision_train;
mod vit_words;
mod vllm_awq_split;
mod vllm_grant;
mod vllm_max_len;
pub mod vllm_moe_profile;
mod vllm_mrv2;
pub mod vllm_pool;
pub mod vllm_room;
pub mod vllm_sampler;
pub mod vllm_seqs;
pub mod vllm_share;
pub mod vllm_v0_graphs;
mod vllm_v0_pp;
pub mod vllm_video_profile;
pub mod whole_load;
pub mod zero_init;

pub use axolotl::axolotl_fp32_copies_gib;
pub use beams::{MAX_BEAMS, STEP_BYTES_PER_LOGIT, beam_scores_gib};
pub use bnb_load::WARMUP_HEADROOM_GIB;
pub use estimate::{
    bnb_load_reserved_gib, margin_pct, round2, single_step_saving_gib,
    unsloth_fused_mlp_saving_gib, verdict,
};
pub use expert_dequant::held_gib as expert_stack_gib;
pub use fsdp::fsdp_unsharded_gib;
pub use method::{Method, Rollout};
pub use online_quant::VllmRelease;
pub use parts::{
    CUDA_CONTEXT_GIB, EAGER_SCORE_BYTES, EAGER_SCORE_BYTES_FP16, LLAMACPP_KQ_BYTES,
    LLAMACPP_UBATCH, LOSS_BYTES_PER_VOCAB, TRAINING_RESERVE, TRAINING_RESERVE_QUANTIZED,
    VLLM_CUDA_GRAPHS_GIB, VLLM_GPU_MEMORY_UTILIZATION, VLLM_SAMPLER_BYTES_PER_LOGIT, VllmDefaults,
    eager_score_bytes, hf_activation_bytes_per_token, kv_bytes_per_token, kv_bytes_per_token_kv,
    kv_share_per_card, nccl_buffers_gib, outside_allocator_gib, vllm_release_is_v0,
    vllm_utilization, weight_bytes,
};
pub use qat::Qat;
pub use quant::{
    Attention, Engine, GGUF_BPW_SOURCE, GIB, KvDtype, Optimizer, Parallelism, Quant, Task, Zero,
};
pub use releases::{TgiRelease, UnslothRelease};
pub use report::{estimate, estimate_with};
pub use request::{
    AwqFused, AwqPrefill, CARD_COUNTS, CHECKPOINTING_DEFAULTS, CardParts, CheckpointingFlip,
    DEFAULT_CONTEXT, FitError, FitOption, FitOptions, FitReport, FitRequest, LoraTargets, LossHead,
    MAX_BATCH, MAX_CARDS, MAX_CONTEXT, MAX_UBATCH, ModelLayout, ModelRef, ServerPool,
};
pub use rl_trainer::RlTrainer;
pub use server::Server;
pub use shape::{ParamCounts, Shape};
pub use throughput::{
    Estimate, decode_tokens_per_second, decode_tokens_per_second_kv, prefill_tokens_per_second,
};
pub use torchao::{Torchao, torchao_generate_gib};
pub use tp::tp_valid;
pub use train::{
    autocast_copies_gib, bnb_constants_whole_gib, deepspeed_step_bytes_per_element,
    for_loop_step_bytes_per_element, for_loop_step_gib, foreach_step_gib, fp32_master_weights,
    fp32_model_state_bytes, overlap_comm_gib, peft_fp32_cast_gib,
};
pub use triton_loss::triton_loss_bytes_label;
pub use tuners::Tuner;
pub use vision_sdpa3d::TransformersRelease;
