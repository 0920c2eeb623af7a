//! What to estimate (model, quantization, task, context, batch, cards, engine), the limits on
//! it, and the report that comes back.

pub use super::awq_fused::{AwqFused, AwqPrefill};
pub use super::fit_report::{
    CHECKPOINTING_DEFAULTS, CardParts, CheckpointingFlip, FitReport, ServerPool,
};
pub use super::limits::{
    CARD_COUNTS, DEFAULT_CONTEXT, FitError, MAX_BATCH, MAX_CARDS, MAX_CONTEXT, MAX_GRAD_ACCUM,
    MAX_UBATCH,
};
pub use super::lora_targets::LoraTargets;
pub use super::loss_head::{FUSED_LOSS_HIDDEN_BYTES, LossHead};
pub use super::option::FitOption;
use super::{Attention, Engine, KvDtype, Optimizer, Quant, Task, Zero};
use crate::catalog::{Gpu, Model};
use serde::Serialize;

/// The model to size: a catalog entry, or only a parameter count.
#[derive(Debug, Clone, Copy)]
pub enum ModelRef<'a> {
    Known(&'a Model),
    /// Only the size is known: a Llama-like shape is assumed and the answer says so.
    /// `active_b` (a raw MoE size, `671b-a37b`) is used for speed only; memory uses the total.
    BySize {
        params_b: f64,
        active_b: Option<f64>,
    },
}

/// One fit question. Build with `new` and set fields.
#[derive(Debug, Clone)]
pub struct FitRequest<'a> {
    pub model: ModelRef<'a>,
    pub quant: Quant,
    /// The format the model's name states (`…-AWQ`, `…-bnb-4bit`), for the answer to say
    /// where `quant` came from or that a typed one overrode it (`vram::name_format`).
    pub name_format: Option<super::name_format::NameFormat>,
    pub task: Task,
    /// Whole sequence: prompt + generated tokens.
    pub context: u32,
    /// Concurrent sequences (inference) or micro-batch (training).
    pub batch: u32,
    pub engine: Engine,
    /// The card to check; `None` lists the cards that fit.
    pub gpu: Option<&'a Gpu>,
    pub cards: u32,
    pub grad_checkpointing: bool,
    /// Attention implementation; `None` = the engine's default
    /// (`Attention::engine_default`: Transformers `sdpa`, vLLM and llama.cpp `flash`).
    pub attention: Option<Attention>,
    /// How the training loss head holds the logits (training only); default
    /// `LossHead::Fp32`, what Hugging Face Transformers' own loss does.
    pub loss: LossHead,
    /// Which matrices carry LoRA adapters (LoRA / QLoRA only); default every linear layer.
    pub lora_targets: LoraTargets,
    /// How the trainer lays the model out (training only); default
    /// `ModelLayout::Transformers`.
    pub layout: ModelLayout,
    /// Whether the LoRA adapters apply dropout to their input (training only; default off:
    /// PEFT's `LoraConfig.lora_dropout` and LLaMA-Factory's `lora_dropout` default to 0;
    /// `dropout=0.1` / `dropout=on` for trainers that set it, as LitGPT, fms-hf-tuning, Qwen's
    /// and Axolotl's examples do with 0.05): each adapted matrix then keeps its own dropped-out
    /// copy of its input and the mask for the backward pass.
    pub lora_dropout: bool,
    /// Whether LoRA adapters also sit on every routed expert of a mixture-of-experts model
    /// (training only; default off; `experts=on` / `--lora-experts`). Off: `all-linear` on an
    /// MoE adapts attention, dense FFN layers and shared experts only. Transformers v5 stores
    /// the routed experts as 3-D parameters (`Qwen3MoeExperts.gate_up_proj` / `down_proj`,
    /// `nn.Parameter(num_experts, ...)`), not `nn.Linear` modules, so PEFT's `target_modules`
    /// (`"all-linear"` or names such as `gate_proj`) cannot wrap them; adapters on experts
    /// need PEFT's `target_parameters` or a trainer of its own (Unsloth's MoE kernels,
    /// Transformers 4.x's per-expert `nn.Linear` modules). On: r x (d_in + d_out) per
    /// expert matrix, all experts of all MoE layers (830 M parameters for Qwen3-30B-A3B at
    /// rank 16), each with gradients and optimizer state.
    pub lora_experts: bool,
    /// Full fine-tuning with mixed precision (`amp`; training only; default off): fp32 master
    /// weights and fp32 Adam moments beside the 16-bit model (DeepSpeed bf16, Trainer with a
    /// model loaded in fp32). Off: the model is loaded in bf16 and PyTorch's AdamW keeps its
    /// moments in the parameters' dtype (`torch.optim.AdamW` allocates `exp_avg` /
    /// `exp_avg_sq` with `zeros_like(param)`): LLaMA-Factory with `pure_bf16`, torchtune, LitGPT
    /// `bf16-true`. LLaMA-Factory's own default is the `amp` case: without `pure_bf16` its
    /// `init_adapter` logs "Upcasting trainable params to float32" and casts them (under ZeRO-3
    /// / FSDP they stay fp32 masters), so fp32 weights, gradients and moments.
    pub mixed_precision: bool,
    /// Whether PyTorch's AdamW steps on its multi-tensor (`foreach`) path (default on: the CUDA
    /// default since PyTorch 2.0). Off (`foreach=off`, `--no-foreach`): the for-loop path,
    /// PyTorch's default before 2.0 (pytorch/pytorch@005941eb `torch/optim/adam.py`: `if foreach
    /// is None: foreach = False`), whose `_single_tensor_adam` holds `exp_avg_sq.sqrt()` and its
    /// quotient by `bias_correction2_sqrt` at once: two temporaries the size of the tensor it
    /// steps (`optim_step::for_loop_step_bytes`).
    pub adamw_foreach: bool,
    /// DeepSpeed's `overlap_comm` (training under ZeRO; default off, DeepSpeed's own default for
    /// stages 1-2 and LLaMA-Factory's `ds_z*_config.json` before 2025-03-07; on: `overlap_comm=on`,
    /// `--overlap-comm`; LLaMA-Factory's configs from 2024-03-21 to 2025-03-07, 0.6.0-0.9.1, ms-swift's
    /// `zero2.json`): ZeRO-1/2 then double-buffers its reduce bucket (`optim_step::deepspeed_ipg_bytes`).
    pub overlap_comm: bool,
    /// Whether a bitsandbytes 4-bit training keeps the hidden-width stream in fp32 (training
    /// only; default on): PEFT's `prepare_model_for_kbit_training` casts the remaining 16-bit
    /// parameters (the norms) to fp32, and LitGPT's 4-bit path holds at least as much. Off for
    /// trainers that skip that cast (fms-acceleration's `accelerated-peft-bnb` plugin).
    pub kbit_upcast: bool,
    /// Whether training runs under 16-bit autocast (default on: the Hugging Face Trainer with
    /// `bf16`/`fp16`, LLaMA-Factory, ms-swift). Off: a loop of its own on a model loaded in
    /// 16-bit (PEFT's method comparison, `use_amp: false`); see `train::adapter_input_bytes`.
    /// A full fine-tune under DeepSpeed ZeRO-3 with it off (neither fp16 nor bf16 in the
    /// trainer) is built in fp32 by `zero.Init` (`vram::zero_init`).
    pub autocast: bool,
    /// Whether the training loop keeps the model's output (its logits) referenced through
    /// `loss.backward()` (default on: LitGPT's `logits`, a loop's `output` variable). Off: a loop
    /// that deletes the output once it has the loss (ljm565/universal-llm-trainer's
    /// `del_logits_after_forward: True`; word `del_logits=on`, CLI `--del-logits`), so a loss
    /// on the 16-bit logits (`LossHead::Half`) no longer holds them (`loss_head::HALF_CALLER_LOGITS`).
    pub logits_kept: bool,
    /// Micro-batches per optimizer step (training; `accum=N`, `--grad-accum N`). `None`: the
    /// trainers' own, which accumulate (LLaMA-Factory's example configs 2-8, ms-swift 16 ÷
    /// batch ÷ cards), so the gradients live through every micro-batch's forward pass;
    /// `Some(1)`: one micro-batch per step, whose gradients `zero_grad(set_to_none=True)` frees
    /// before the next forward (`vram::grad_accum`).
    pub grad_accum: Option<u32>,
    /// Whether a LoRA / Q-LoRA on a bitsandbytes 4-bit base uses double quantization
    /// (`bnb_4bit_use_double_quant=True`; training only; default on; `dq=off` /
    /// `--no-double-quant`): each block of 64 weights keeps an 8-bit absmax and every 256
    /// blocks share one fp32 constant, 4 + 8/64 + 32/(64 x 256) = 4.127 bits per weight instead
    /// of 4.5 (Dettmers et al. 2023, arXiv:2305.14314, section 3). On in LLaMA-Factory
    /// (`QuantizationArguments.double_quantization: bool = True`), fms-acceleration's bnb
    /// plugin (`BitsAndBytesConfig(bnb_4bit_use_double_quant=True)`) and torchtune's NF4
    /// (scalers quantized to 8 bits per 256 blocks); off in LitGPT's `bnb.nf4` (its `bnb.nf4-dq`
    /// turns it on) and a plain `load_in_4bit=True`, which is why inference stays at 4.5.
    pub double_quant: bool,
    /// Whether a LoRA / Q-LoRA on a bitsandbytes base is loaded by Transformers' warmed-up
    /// loader from a 16-bit checkpoint, which keeps half the 16-bit model reserved
    /// (`vram::bnb_load`; default on). Off (`warmup=off` / `--no-load-warmup`): a checkpoint
    /// saved in 4-bit (a `-bnb-4bit` repository) or a Transformers without the warm-up.
    pub load_warmup: bool,
    /// Whether the trainer loads the whole model onto every card before sharding it
    /// (`vram::whole_load`: LLaMA-Factory 0.5.3 to 0.7.0 under FSDP; `llamafactory=0.6.3`,
    /// `wholeload=on`, CLI `--llamafactory-release` / `--whole-load`). Default off.
    pub whole_load: bool,
    /// Training through Unsloth (`trainer=unsloth` / `unsloth`; `--unsloth`; default off), sized
    /// by its mechanisms, each from its own sources:
    /// - `use_gradient_checkpointing="unsloth"` offloads every checkpointed layer input to CPU
    ///   RAM and brings it back for the backward pass (README: "offloads intermediate
    ///   activations to system RAM asynchronously"): the card holds the one layer in flight,
    ///   not one per layer.
    /// - Its own loss (`unsloth_loss`, since August 2025): the full-vocabulary logits in chunks
    ///   of at most min(half the free memory, 4 GiB) of fp32 logits. With `liger`, Apple's Cut
    ///   Cross Entropy as Unsloth ran it from December 2024 (unsloth.ai/blog/llama3-3) and
    ///   axolotl's plugin does: no full-vocabulary logits.
    /// - No PEFT `prepare_model_for_kbit_training` (Unsloth's own loader keeps the norms in
    ///   16-bit), so the stream stays bf16 on a 4-bit base.
    /// - Its notebooks' optimizer, `adamw_8bit` (applied by the chat unless an optimizer is
    ///   given).
    pub unsloth: bool,
    /// The Unsloth release a training ran on (`unsloth=2024.5`; `--unsloth-release`; default
    /// `None`: today's): per-layer RoPE caches before 2025.1 and Gemma-3's whole-logits loss
    /// before 2025.8 (`vram::unsloth_release`).
    pub unsloth_release: Option<super::UnslothRelease>,
    /// vLLM's V0 engine (`vllm=v0`, a version before 0.8 such as `vllm=0.6.4`, or
    /// `VLLM_USE_V1=0`; CLI `--vllm-v0`; default off: V1): no chunked prefill below 32K tokens,
    /// so the start-up profile runs the whole context at once (`VllmDefaults::v0`).
    pub vllm_v0: bool,
    /// vLLM started with `--enforce-eager` (the chat's `enforce_eager=on`; default off): it
    /// captures no CUDA graphs (`Worker.warm_up_model`, `vllm/worker/worker.py`, V0 0.4-era: `if
    /// not self.model_config.enforce_eager: self.model_runner.capture_model(...)`; V1's
    /// `compile_or_warm_up_model` likewise), so nothing of the graphs sits outside its share
    /// (`parts::vllm_graphs_gib`).
    pub vllm_eager: bool,
    /// A vLLM server read right after start-up, before it has served a request (CLI
    /// `--vllm-started`; default off: a server under load). Its start-up profile's activation
    /// peak was counted in the budget and handed back before the KV cache was allocated, so
    /// nvidia-smi shows the budget less that peak until a request's own step takes it again
    /// (`vram::vllm_grant`). Moves only what nvidia-smi shows, never the need or the verdict.
    pub vllm_started: bool,
    /// vLLM's MTP speculative decoding (`--speculative-config` method `mtp`, `qwen3_next_mtp`,
    /// `deepseek_mtp`; the chat's `mtp=3`, CLI `--mtp 3`): the tokens drafted a step, 0 = off.
    /// The checkpoint's MTP layers join the weights and the KV pool (`vram::spec_decode`).
    pub mtp_drafts: u32,
    /// The vLLM release (`vllm=0.11.0`, CLI `--vllm-release`): which way it loads a checkpoint
    /// it quantizes (`vram::online_quant`). `None`: today's.
    pub vllm_release: Option<super::VllmRelease>,
    /// The server quantizes a 16-bit checkpoint while loading it (`--quantization fp8` on a BF16
    /// repository: `online=on`, CLI `--online-quant`, or a repository id without a quantization
    /// ending); default: the checkpoint is stored in the format typed (`vram::online_quant`).
    pub online_quant: bool,
    /// vLLM V1's start-up profile samples with FlashInfer's top-k/top-p kernel, not the
    /// PyTorch sort (`VLLM_USE_FLASHINFER_SAMPLER=1`; default off: the native path, never
    /// under; `vram::vllm_sampler`).
    pub vllm_flashinfer_sampler: bool,
    /// vLLM's data-parallel size (`-dp N`; CLI `--data-parallel`; default 1): the cards run N
    /// engine ranks of `cards / N`-way tensor parallel, each with a whole KV cache of its own,
    /// an MoE's routed experts split over every card (`vram::data_parallel`).
    pub data_parallel: u32,
    /// vLLM's `--pipeline-parallel-size` as typed (`pp=2`; CLI `--pipeline-parallel-size`;
    /// default 1: tensor parallel over the cards, or vLLM's own TP x PP split where the count
    /// is no valid tensor size): the cards run `pp` stages of `cards / pp` tensor ranks
    /// (`vram::pipeline::typed`).
    pub pipeline_parallel: u32,
    /// The TGI release that serves the model (`tgi=3.2`; CLI `--tgi-release`; default `None`:
    /// today's): before 3.3 Gemma-3's prefill with an image runs SDPA's math path
    /// (`vram::tgi_release`).
    pub tgi_release: Option<super::TgiRelease>,
    /// The Ollama release that serves the model (`ollama_release=0.6.0`; CLI `--ollama-release`;
    /// default `None`: today's): before 0.6.3 Gemma-3's sliding layers hold the whole context.
    pub ollama_release: Option<super::ollama_release::OllamaRelease>,
    /// The Transformers release that runs the model (`transformers=4.46`; CLI
    /// `--transformers-release`; default `None`: today's): before 4.51 Qwen2-VL / Qwen2.5-VL's
    /// tower runs SDPA's math path on every card (`vram::vision_sdpa3d`).
    pub transformers_release: Option<super::TransformersRelease>,
    /// The image processor's largest image, in pixels, as the user caps it (`max_pixels=`,
    /// vLLM's `mm_processor_kwargs`; CLI `--max-pixels`; default `None`: the processor's own,
    /// the catalog's `vision.max_pixels`): vLLM's start-up profile encodes that image
    /// (`vram::vision_tower::capped`).
    pub max_pixels: Option<u64>,
    /// Images a prompt may carry (`images=10`, vLLM's `--limit-mm-per-prompt image=10`; CLI
    /// `--images`; default `None`: vLLM's 1): vLLM V0's start-up profile encodes that many of the
    /// largest image in each dummy sequence (`vram::infer`, `profile_images`).
    pub images_per_prompt: Option<u32>,
    /// Videos a prompt may carry (`videos=0`, vLLM's `--limit-mm-per-prompt video=0`; CLI
    /// `--videos`; default `None`: vLLM's 1): V1's start-up profile encodes a dummy video of as
    /// many frames as `max_model_len` holds when the processor takes video
    /// (`vram::vllm_video_profile`); 0 leaves the image.
    pub videos_per_prompt: Option<u32>,
    /// vLLM's `--mm-encoder-tp-mode data` (`mm_encoder_tp_mode=data`; CLI `--mm-encoder-tp-mode`;
    /// default off, vLLM's `weights`): the vision tower whole on every tensor-parallel rank, each
    /// encoding its own images unsplit, the outputs all-gathered (`vram::infer`,
    /// `with_vision_profile`).
    pub mm_encoder_dp: bool,
    /// The vision tower in training: trained or frozen, its own checkpointing, video frames
    /// (`vram::vision_train`; default frozen, checkpointed as the language model).
    pub vit: super::vit_words::VitTrain,
    /// Training through axolotl (`trainer=axolotl` / `axolotl`; `--axolotl`; default off): a
    /// LoRA / Q-LoRA not under FSDP casts embedding, head and norms to fp32 and, once PEFT's
    /// k-bit preparation has run, back to 16-bit; the caching allocator keeps the fp32 copies
    /// (`vram::axolotl`).
    pub axolotl: bool,
    /// A bitsandbytes base leaves an MoE's fused routed experts unquantized (`moeq=off`).
    pub experts_16bit: bool,
    /// axolotl's ScatterMoE experts (`use_scattermoe` / `experts_implementation: scattermoe`;
    /// `scattermoe=on`, `--scattermoe`): its kernels dequantize only the active experts and
    /// recompute them in the backward, so no dequantized stack is saved (`vram::expert_dequant`).
    pub scattermoe: bool,
    /// FSDP's `cpu_ram_efficient_loading` (`ramload=on`, `--cpu-ram-efficient-loading`; default
    /// off, axolotl's): the model is loaded on the CPU / meta device and sharded from there, so
    /// no card holds it whole (`vram::whole_load`).
    pub cpu_ram_loading: bool,
    /// A compressed-tensors checkpoint (llm-compressor's AWQ/GPTQ/FP8) run by Transformers,
    /// which keeps each layer's 16-bit weights once decompressed (`vram::ct_decompress`).
    pub compressed_tensors: bool,
    /// Inference with Transformers before 4.45 (`num_logits_to_keep`), or Qwen2-VL on 4.45.0:
    /// the prompt length over which the prefill runs the LM head, upcasting the logits to fp32
    /// (`logits = logits.float()` in Llama/Qwen2 modeling of that time and in 4.45.0's
    /// `Qwen2VLForConditionalGeneration`), 2 + 4 bytes per vocabulary entry per prompt token;
    /// current versions keep the last position only (Qwen2-VL: its 16-bit logits,
    /// `Shape::prompt_logit_bytes`). Default `None`.
    pub prompt_logits: Option<u32>,
    /// Inference with Transformers 4.38 (`device_map="auto"`): loading a model with tied
    /// embeddings holds a second 16-bit copy of the embedding for a moment, whatever the
    /// quantization (AutoAWQ does it in every version). Qwen2 table: 0.5B and 1.5B sit 0.16-0.45
    /// GiB above the tensors at input length 1 in BF16, GPTQ and AWQ alike; untied 7B and 72B do
    /// not. Default off.
    pub tied_embedding_copy: bool,
    /// Inference through AutoAWQ's fused modules (`from_quantized(fuse_layers=True)`) instead
    /// of Transformers' own layers; default `None`. See [`AwqFused`].
    pub autoawq_fused: Option<AwqFused>,
    /// Inference: how many of `context`'s tokens are generated after the prompt; `None` (the
    /// default) = unknown, sized as a generation that grows the cache step by step. Some(1)
    /// is one forward pass (a prefill benchmark, scoring, embedding).
    pub new_tokens: Option<u32>,
    /// GPTQ 4-bit in Transformers on AutoGPTQ's ExLlamaV2 kernel (`GPTQConfig(exllama_config=
    /// {"version": 2})`; `exllamav2=on`; CLI `--exllama-v2`): one fixed scratch per card
    /// (`vram::gptq_scratch`). Default off: Transformers' default kernel, ExLlama v1.
    pub exllama_v2: bool,
    /// Inference of a quantized checkpoint (GPTQ, AWQ, bitsandbytes) loaded with fp32 as the
    /// model's dtype (LitGPT `--precision 32-true`, Transformers `torch_dtype=torch.float32`;
    /// `fp32rest=on`; CLI `--unquantized-fp32`): what the format leaves unquantized and the
    /// KV cache in fp32 (`vram::rest_fp32`). Default off: 16-bit.
    pub unquantized_fp32: bool,
    /// Beam search in Transformers' `generate` (`num_beams`; `beams=N`; `--beams`; default 1):
    /// each beam is a sequence of the cache and of the prefill (`vram::beams`).
    pub beams: u32,
    /// torchao's `generate.py` (`vram::torchao`): `int8wo`/`int4wo-G`/`float8wo` of a 16-bit model
    /// on the card (`quant` says which), or 16-bit; a static cache of `context` positions.
    pub torchao: Option<super::Torchao>,
    /// Quantization-aware training (`qat=int4`, Unsloth's `qat_scheme`; CLI `--qat`; default
    /// `None`): torchao's fake-quantized weights (`vram::qat`).
    pub qat: Option<super::Qat>,
    /// What the fine-tune optimizes (`method=dpo`, `grpo`…; CLI `--method`; default SFT):
    /// preference pairs, a reference model, generated completions (`vram::method`). With a
    /// pair method `context` is one sequence of the pair and `batch` counts pairs; with GRPO
    /// `batch` counts completions per card and `context` is prompt + completion.
    pub method: super::Method,
    /// DoRA (PEFT `use_dora=True`; `dora`; CLI `--dora`; LoRA/QLoRA only): magnitude vectors and
    /// the weight norm of every wrapped matrix (`vram::method::dora_*`).
    pub dora: bool,
    /// A PEFT tuner other than LoRA (`tuner=`; CLI `--tuner`): `vram::tuners`.
    pub tuner: Option<super::tuners::Tuner>,
    /// The rank the user stated (`r=`, CLI `--lora-rank`): a tuner's in place of its default.
    pub tuner_rank: Option<u32>,
    /// The user named the adapted layers (`targets=`, `--lora-targets`): a tuner adapts those.
    pub targets_said: bool,
    /// IA3's `feedforward_modules` as stated (`feedforward_modules=` / `ff=`; CLI
    /// `--ia3-feedforward`): those targets are scaled at their input. `None`: PEFT's mapping,
    /// down_proj (`vram::tuner_targets::ia3_feedforward`).
    pub ia3_feedforward: Option<LoraTargets>,
    /// MiSS / Bone with `init_weights="bat"` (`init_weights=bat`; CLI `--init-weights=bat`):
    /// every forward builds each adapted Linear's fp32 weight (`vram::tuners::layer_bytes`).
    pub miss_bat: bool,
    /// GRPO's completions per prompt (`num_generations`; `generations=`; CLI `--generations`).
    pub generations: u32,
    /// GRPO's generated part of `context` (`max_completion_length`; `completion=`; CLI
    /// `--completion`); `None`: the whole context carries logits.
    pub completion: Option<u32>,
    /// Where GRPO's completions are generated (`rollout=`; CLI `--rollout`).
    pub rollout: super::Rollout,
    /// Whether reference log-probabilities are computed during training (DPO, KTO, GRPO), as
    /// stated: off (`ref=off`, CLI `--no-ref`) for TRL's `precompute_ref_log_probs=True` or GRPO
    /// with `beta=0`, on (`ref=on`, CLI `--ref`) for a GRPO with `beta > 0`. `None`: the
    /// trainer's default (`rl_trainer::reference_on`: DPO and KTO on, GRPO by trainer and
    /// release).
    pub reference: Option<bool>,
    /// The trainer of a method other than SFT and its release (`vram::rl_trainer`; `trainer=swift`,
    /// `trl=0.18`; CLI `--rl-trainer`); default today's TRL.
    pub rl_trainer: super::RlTrainer,
    /// llama.cpp's expert offload (`vram::expert_offload`): the routed experts of the first N
    /// layers in system RAM (`--n-cpu-moe N`; `expert_offload::ALL_LAYERS` for `--cpu-moe`;
    /// the chat's `cpu-moe`, `ncmoe=N`). `None`: every tensor on the card.
    pub cpu_moe: Option<u32>,
    /// llama.cpp's micro-batch (`-ub`, `--ubatch-size`; the chat's `ub=`): the tokens one
    /// compute-buffer pass holds. `None`: llama.cpp's default 512.
    pub ubatch: Option<u32>,
    /// The engine keeps its sliding-window layers at full length (llama.cpp `--swa-full`, vLLM
    /// `--disable-hybrid-kv-cache-manager`, SGLang `--disable-hybrid-swa-memory`; CLI
    /// `--swa-full`): their KV cache grows with the context (`swa::sliding_tokens`).
    pub swa_full: bool,
}

/// How a trainer lays out the model it trains, which decides the bytes of the output head and
/// how many LoRA adapters read their own copy of an input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ModelLayout {
    /// Hugging Face Transformers + PEFT: a tied head shares the embedding, a 4-bit base keeps
    /// the head in 16-bit (the bitsandbytes integration skips the output embedding,
    /// `get_keys_to_not_convert`), and q, k, v are separate matrices, each with its own adapter.
    #[default]
    Transformers,
    /// LitGPT: the head is its own `nn.Linear` (`GPT.lm_head`, separate from
    /// `transformer.wte`; `convert_hf_checkpoint` copies a tied embedding into
    /// `lm_head.weight`), quantized like every other linear layer under Lightning Fabric's
    /// `BitsandbytesPrecision` (it replaces every `nn.Linear`). A tied model then holds two
    /// copies, and a 4-bit head is dequantized to a 16-bit V x h matrix for each logits chunk,
    /// forward and backward: that copy is live at the loss peak. q, k and v are one fused
    /// matrix (`attn.qkv`) with one adapter (`LoRAQKVLinear`).
    LitGpt,
}

impl ModelLayout {
    pub fn key(self) -> &'static str {
        match self {
            ModelLayout::Transformers => "transformers",
            ModelLayout::LitGpt => "litgpt",
        }
    }

    pub fn from_key(s: &str) -> Option<Self> {
        match s {
            "transformers" | "hf" | "peft" => Some(ModelLayout::Transformers),
            "litgpt" => Some(ModelLayout::LitGpt),
            _ => None,
        }
    }
}

impl<'a> FitRequest<'a> {
    /// Whether full fine-tuning holds fp32 weights, gradients and moments: mixed precision
    /// (`amp`), or a model loaded in fp32 (`quant=fp32`; Unsloth upcasts a float16 full
    /// fine-tune to it on a card without bf16), which trains under 16-bit autocast with its own
    /// weights as the fp32 masters: the same bytes per parameter.
    pub fn fp32_masters(&self) -> bool {
        self.mixed_precision || (self.task == Task::Full && self.quant == Quant::Fp32)
    }

    pub fn new(model: ModelRef<'a>, quant: Quant, task: Task) -> Self {
        FitRequest {
            model,
            quant,
            name_format: None,
            task,
            context: DEFAULT_CONTEXT,
            batch: 1,
            engine: Engine::Transformers,
            gpu: None,
            cards: 1,
            grad_checkpointing: false,
            attention: None,
            loss: LossHead::Fp32,
            lora_targets: LoraTargets::AllLinear,
            layout: ModelLayout::Transformers,
            lora_dropout: false,
            lora_experts: false,
            mixed_precision: false,
            adamw_foreach: true,
            overlap_comm: false,
            kbit_upcast: true,
            autocast: true,
            logits_kept: true,
            grad_accum: None,
            double_quant: true,
            load_warmup: true,
            whole_load: false,
            unsloth: false,
            unsloth_release: None,
            vllm_v0: false,
            vllm_eager: false,
            vllm_started: false,
            mtp_drafts: 0,
            vllm_release: None,
            online_quant: false,
            vllm_flashinfer_sampler: false,
            data_parallel: 1,
            pipeline_parallel: 1,
            tgi_release: None,
            ollama_release: None,
            transformers_release: None,
            max_pixels: None,
            images_per_prompt: None,
            videos_per_prompt: None,
            mm_encoder_dp: false,
            vit: Default::default(),
            axolotl: false,
            experts_16bit: false,
            scattermoe: false,
            cpu_ram_loading: false,
            compressed_tensors: false,
            prompt_logits: None,
            tied_embedding_copy: false,
            autoawq_fused: None,
            new_tokens: None,
            exllama_v2: false,
            unquantized_fp32: false,
            beams: 1,
            torchao: None,
            qat: None,
            method: super::Method::Sft,
            dora: false,
            tuner: None,
            tuner_rank: None,
            targets_said: false,
            ia3_feedforward: None,
            miss_bat: false,
            generations: super::method::DEFAULT_GENERATIONS,
            completion: None,
            rollout: super::Rollout::Generate,
            reference: None,
            rl_trainer: super::RlTrainer::Trl(None),
            cpu_moe: None,
            ubatch: None,
            swa_full: false,
        }
    }

    /// The attention implementation this request is sized for.
    pub fn attention(&self) -> Attention {
        self.attention
            .unwrap_or_else(|| Attention::engine_default(self.engine))
    }
}

/// Less common knobs, with documented defaults.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FitOptions {
    /// The KV cache's element type, K and V alike (`kv=`, `--kv-cache`).
    pub kv_cache: KvDtype,
    /// The V cache's type where it differs from the K cache's (llama.cpp's `-ctv` beside
    /// `-ctk`; the chat's `ctv=`); `None`: as `kv_cache`.
    pub kv_cache_v: Option<KvDtype>,
    pub optimizer: Optimizer,
    /// LoRA rank (adapters on the matrices `FitRequest::lora_targets` names; default every
    /// linear layer of every decoder layer).
    pub lora_rank: u32,
    /// Sharding when training on several cards; `None` = ZeRO-3 for cards > 1.
    pub zero: Option<Zero>,
    /// The sharding is PyTorch FSDP (`fsdp`, `fsdp2`): parameters, gradients and moments stay
    /// in the dtype the model was loaded in. Off: DeepSpeed ZeRO, whose optimizer keeps fp32
    /// master weights and fp32 moments of a 16-bit model (`train::fp32_master_weights`).
    pub fsdp: bool,
    /// One process over several cards by Transformers' `device_map` (`zero=device_map`; the
    /// ms-swift and PEFT way without torchrun): whole layers per card, nothing replicated,
    /// no collectives (`vram::device_map`).
    pub device_map: bool,
    /// Sharded training with its state moved to CPU RAM (`zero3-offload`, `fsdp-offload`,
    /// `zero2-offload`; `lexicon::is_offload`): what stays on each card is `vram::offload`'s.
    pub offload: bool,
    /// vLLM's `--gpu-memory-utilization`: the share of each card it may take for the weights,
    /// its start-up profile's activations and the KV cache (`vllm/v1/worker/gpu_worker.py`,
    /// `determine_available_memory`: requested = total × utilization; the cache gets what the
    /// weights and the profile leave of it). Default 0.90, vLLM's own; in (0, 1].
    pub vllm_utilization: f64,
    /// The vLLM-class server named where its pool rule is its own (`engine=sglang|tgi|lmdeploy|
    /// trt-llm`, `vram::server`); `None`: vLLM's.
    pub server: Option<super::Server>,
    /// That server's own fraction (SGLang's `--mem-fraction-static`, TGI's
    /// `--cuda-memory-fraction`, LMDeploy's `cache_max_entry_count`, TensorRT-LLM's
    /// `free_gpu_memory_fraction`); `None`: its default.
    pub server_fraction: Option<f64>,
    /// vLLM's `--max-num-seqs` where the user set it (`seqs=`, `max_num_seqs 8`, CLI
    /// `--max-num-seqs`): the rows of logits its start-up profile samples over
    /// (`VllmDefaults::max_seqs`, `parts::VLLM_SAMPLER_BYTES_PER_LOGIT`). `None`: vLLM's own
    /// default for the card's class (`VllmDefaults::for_card`, V0's 256).
    pub vllm_max_seqs: Option<u32>,
    /// vLLM's `--max-num-batched-tokens` where the user set it (`batched=`, CLI
    /// `--max-num-batched-tokens`): the tokens of its start-up profile's one forward pass
    /// (`VllmDefaults::batched_tokens`). `None`: vLLM's default for the card's class.
    pub vllm_batched_tokens: Option<u32>,
    /// The engine is Ollama (`engine=ollama`, CLI `--engine ollama`): llama.cpp sizes what the
    /// cards hold, and the report adds Ollama's own estimate (`vram::ollama`): `ollama ps`'s
    /// SIZE and the layers it leaves on the CPU.
    pub ollama: bool,
    /// DeepSpeed ZeRO-1/2's `reduce_bucket_size` in elements where the trainer's config sets
    /// one (`optim_step::deepspeed_ipg_bytes`); `None`: DeepSpeed's default
    /// (`optim_step::DEEPSPEED_REDUCE_BUCKET_ELEMENTS`).
    pub reduce_bucket: Option<f64>,
}

impl FitOptions {
    /// The server's pool rule and fraction this request runs with: a vLLM-class inference
    /// request naming SGLang, TGI, LMDeploy or TensorRT-LLM; `None` otherwise.
    pub fn server_pool(&self, req: &FitRequest) -> Option<(super::Server, f64)> {
        let s = self.server?;
        if req.engine != super::Engine::Vllm || req.task.is_training() {
            return None;
        }
        let card_mib = req.gpu.map(|g| g.usable_gib() * 1024.0);
        let f = self
            .server_fraction
            .filter(|f| *f > 0.0 && *f <= 1.0)
            .unwrap_or_else(|| s.default_fraction(card_mib, req.cards));
        Some((s, f))
    }

    /// The vLLM share the estimate uses: `vllm_utilization`, or vLLM's default 0.90 where a
    /// caller set a value outside (0, 1] (the chat and the CLI refuse those).
    pub fn vllm_share(&self) -> f64 {
        let u = self.vllm_utilization;
        if u > 0.0 && u <= 1.0 {
            u
        } else {
            super::VLLM_GPU_MEMORY_UTILIZATION
        }
    }
}

impl Default for FitOptions {
    fn default() -> Self {
        FitOptions {
            kv_cache: KvDtype::Fp16,
            kv_cache_v: None,
            optimizer: Optimizer::AdamW,
            lora_rank: 16,
            zero: None,
            fsdp: false,
            device_map: false,
            offload: false,
            vllm_utilization: super::VLLM_GPU_MEMORY_UTILIZATION,
            server: None,
            server_fraction: None,
            vllm_max_seqs: None,
            vllm_batched_tokens: None,
            ollama: false,
            reduce_bucket: None,
        }
    }
}
