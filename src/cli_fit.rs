//! `gpuscout fit | tco`: the VRAM-fit and rent-vs-API estimates, as text or `--json`.

use anyhow::{Result, anyhow, bail};
use bot_core::advice;
use bot_core::answer::fit as fit_answer;
use bot_core::answer::fit_diffusion as diffusion_answer;
use bot_core::answer::tco::PriceBasis;
use bot_core::tco::TcoQuery;
use bot_core::units::TimeUnit;
use bot_core::vram::{
    self, Engine, FitOptions, FitRequest, ModelRef, Optimizer, Quant, Task, Zero,
};
use bot_core::{Catalog, Lang, Localizer, Msg};
use rust_decimal::Decimal;

#[derive(clap::Args)]
pub struct FitArgs {
    /// Catalog model name/alias/HF id, or a size such as 13b (Llama-like shape assumed).
    #[arg(long)]
    model: String,
    /// fp32 fp16 bf16 fp8 int8 gptq-int8 int4 gptq-int4 awq nf4 bnb-fp4 q2_k q3_k_m q4_0 q4_k_m q5_k_m q6_k q8_0
    /// exl2-4.65bpw (EXL2 at its bits per weight)
    /// (default: bf16; nf4 for qlora)
    #[arg(long)]
    quant: Option<String>,
    /// EXL2's bits per weight (ExLlamaV2 / TabbyAPI): `--quant exl2 --bpw 4.65` is
    /// `--quant exl2-4.65bpw`.
    #[arg(long)]
    bpw: Option<f64>,
    /// infer | lora | qlora | full
    #[arg(long, default_value = "infer")]
    task: String,
    /// Whole sequence length (prompt + generated), tokens (default 4096).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
    context: Option<u32>,
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=65_536))]
    batch: u32,
    /// Beam search in Transformers' generate (`num_beams`; the chat's `beams=4`): each beam is
    /// one more sequence in the KV cache and the prefill.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    beams: u32,
    /// transformers | vllm | llamacpp | ollama | sglang | tgi | lmdeploy | trt-llm | exllamav2
    /// (TabbyAPI runs it; the engine of an EXL2 quant) (default:
    /// transformers; vllm for a service, --batch > 1). SGLang, TGI, LMDeploy and TensorRT-LLM are
    /// sized in vLLM's class with their own pool rule; ollama is llama.cpp's figure plus Ollama's
    /// own estimate (what `ollama ps` shows, and the layers it leaves on the CPU)
    #[arg(long)]
    engine: Option<String>,
    /// The server's own memory fraction: SGLang's --mem-fraction-static, TGI's
    /// --cuda-memory-fraction, LMDeploy's cache_max_entry_count, TensorRT-LLM's
    /// free_gpu_memory_fraction (0.85 or 85%; the chat's `mfs=0.85`). Default: the server's own
    #[arg(long, alias = "mem-fraction-static")]
    mem_fraction: Option<String>,
    /// A card to check (catalog name or alias); without it, the cards that fit are listed.
    #[arg(long)]
    gpu: Option<String>,
    /// Number of cards.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1024))]
    gpus: u32,
    /// Gradient checkpointing on (the default for training).
    #[arg(long, conflicts_with = "no_grad_checkpointing")]
    grad_checkpointing: bool,
    /// Size training without gradient checkpointing.
    #[arg(long)]
    no_grad_checkpointing: bool,
    /// Attention implementation: eager | sdpa | flash (default: the engine's own).
    #[arg(long)]
    attention: Option<String>,
    /// KV cache type, K and V alike: fp16 | fp8 (vLLM / SGLang `--kv-cache-dtype`) | q8_0 | q5_1 |
    /// q5_0 | q4_1 | q4_0 | iq4_nl (llama.cpp `-ctk`/`-ctv`, Ollama `OLLAMA_KV_CACHE_TYPE`; the
    /// chat's `kv=q8_0`)
    #[arg(long, default_value = "fp16")]
    kv_cache: String,
    /// llama.cpp's V cache type where it differs from --kv-cache (`-ctv`; the chat's `ctv=`)
    #[arg(long)]
    kv_cache_v: Option<String>,
    /// vLLM's --gpu-memory-utilization: the share of each card it takes (0.95 or 95%; the
    /// chat's `gmu=0.95`). Default: vLLM's own 0.90
    #[arg(long)]
    gpu_memory_utilization: Option<String>,
    /// llama.cpp's expert offload: every routed expert of an MoE in system RAM, attention and
    /// KV on the card (llama.cpp `--cpu-moe`; the chat's `cpu-moe`). Implies --engine llamacpp
    #[arg(long, conflicts_with = "n_cpu_moe")]
    cpu_moe: bool,
    /// llama.cpp's `--n-cpu-moe N`: the routed experts of the first N layers in system RAM (the
    /// chat's `ncmoe=N`). Implies --engine llamacpp
    #[arg(long)]
    n_cpu_moe: Option<u32>,
    /// llama.cpp's micro-batch (`-ub`): tokens per compute-buffer pass (the chat's `ub=`).
    /// Default: llama.cpp's 512
    #[arg(long)]
    ubatch: Option<u32>,
    /// vLLM's --max-num-seqs: the requests it runs at once, which its start-up profile samples
    /// for (the chat's `seqs=8`). Default: vLLM's own (256; 1024 on H100-class cards)
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=4096))]
    max_num_seqs: Option<u32>,
    /// vLLM's MTP speculative decoding (`--speculative-config '{"method": "mtp",
    /// "num_speculative_tokens": N}'`): N tokens drafted a step by the checkpoint's own MTP
    /// layers, which join the weights and the KV pool (the chat's `mtp=N`). Implies --engine vllm
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=16))]
    mtp: Option<u32>,
    /// vLLM's --max-num-batched-tokens: the tokens its start-up profile runs in one forward
    /// pass (the chat's `batched=40000`). Default: vLLM's own (2048; 8192 on H100-class cards)
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=4_194_304))]
    max_num_batched_tokens: Option<u32>,
    /// Count LoRA/QLoRA adapter dropout copies (trainers with lora_dropout > 0; the chat's
    /// `dropout=0.1`). Off by default: PEFT and LLaMA-Factory default to 0.
    #[arg(long, conflicts_with = "no_lora_dropout")]
    lora_dropout: bool,
    /// Size LoRA/QLoRA without adapter dropout (the default; kept for scripts).
    #[arg(long)]
    no_lora_dropout: bool,
    /// LoRA/QLoRA on an MoE: adapters on every routed expert too (Transformers 4.x expert
    /// modules, PEFT `target_parameters`, Unsloth; the chat's `experts=on`). Default: attention,
    /// dense layers and shared experts only, what PEFT's `all-linear` wraps in Transformers v5.
    #[arg(long)]
    lora_experts: bool,
    /// LoRA/QLoRA: the linear layers that carry adapters, `all` (the default), `qkvo`/`attn`,
    /// `qv` or `mlp`, or a trainer's module list (`q_proj,v_proj`); the chat's `targets=qv`.
    #[arg(long, value_parser = parse_lora_targets)]
    lora_targets: Option<bot_core::vram::LoraTargets>,
    /// LoRA/QLoRA on a bitsandbytes 4-bit base without double quantization (4.5 bits per
    /// weight: LitGPT's `bnb.nf4`, a plain `load_in_4bit=True`; the chat's `dq=off`).
    /// Default: double quantization, 4.127 bits (LLaMA-Factory, fms-acceleration, torchtune).
    #[arg(long)]
    no_double_quant: bool,
    /// Inference of GPTQ 4-bit in Transformers on AutoGPTQ's ExLlamaV2 kernel
    /// (`exllama_config={"version": 2}`; the chat's `exllamav2=on`): its fixed scratch per card.
    /// Default: Transformers' default kernel (ExLlama v1).
    #[arg(long)]
    exllama_v2: bool,
    /// Inference of a GPTQ / AWQ / bitsandbytes checkpoint loaded with fp32 as the model's dtype
    /// (LitGPT `--precision 32-true`, Transformers `torch_dtype=torch.float32`; the chat's
    /// `fp32rest=on`): the embedding, norms and any unquantized head in fp32, and an fp32 KV cache.
    #[arg(long)]
    unquantized_fp32: bool,
    /// LoRA/QLoRA on a bitsandbytes 4-bit base without PEFT's `prepare_model_for_kbit_training`
    /// fp32 cast of the norms, embedding and output head (LLaMA-Factory's own preparation; the
    /// chat's `upcast=off`). Default: the cast (TRL, axolotl, the PEFT examples).
    #[arg(long)]
    no_kbit_upcast: bool,
    /// LoRA/QLoRA on a bitsandbytes base loaded from a checkpoint saved in 4-bit (a `-bnb-4bit`
    /// repository) or by a Transformers without the loader's warm-up (the chat's `warmup=off`).
    /// Default: Transformers quantizes a 16-bit checkpoint while loading and keeps half its
    /// 16-bit size reserved.
    #[arg(long)]
    no_load_warmup: bool,
    /// An MoE on a bitsandbytes base (NF4, LLM.int8) with its fused routed experts left
    /// unquantized: 16-bit, fp32 after PEFT's k-bit preparation (plain Transformers v5 with
    /// PEFT/TRL, Unsloth before 2026.6; the chat's `moeq=off`). Default: quantized with the
    /// rest (Transformers 4.x, Unsloth since 2026.6, axolotl's `quantize_moe_experts`).
    #[arg(long)]
    experts_16bit: bool,
    /// axolotl's ScatterMoE experts (`use_scattermoe`; the chat's `scattermoe=on`): only the
    /// active experts dequantized and recomputed in the backward, no dequantized stack saved.
    #[arg(long)]
    scattermoe: bool,
    /// FSDP's `cpu_ram_efficient_loading` (the chat's `ramload=on`): the model loaded on the
    /// CPU and sharded from there. Default off (axolotl's): axolotl under FSDP2 loads a
    /// bitsandbytes base whole on every card first.
    #[arg(long)]
    cpu_ram_efficient_loading: bool,
    /// A compressed-tensors checkpoint (llm-compressor's AWQ/GPTQ/FP8; the chat's
    /// `format=compressed-tensors`) run by Transformers, which keeps each quantized layer's
    /// 16-bit weights beside the packed ones once it has run. Default: AutoAWQ/GPTQ's format.
    #[arg(long)]
    compressed_tensors: bool,
    /// LoRA trained by a loop of its own on a 16-bit model, without autocast (the chat's
    /// `autocast=off`): PEFT's fp32 adapters keep an fp32 copy of each input. Default: the
    /// Trainer's 16-bit autocast (a bf16 copy). A full fine-tune under `--zero=3` whose trainer
    /// turns on neither fp16 nor bf16: DeepSpeed's `zero.Init` builds the model in fp32.
    #[arg(long)]
    no_autocast: bool,
    /// A training loop that deletes the model's output once it has the loss (the chat's
    /// `del_logits=on`; universal-llm-trainer's `del_logits_after_forward: True`): a loss on the
    /// 16-bit logits no longer holds the model's logits through the backward. Default: the
    /// output held until the step ends.
    #[arg(long)]
    del_logits: bool,
    /// Micro-batches per optimizer step (the chat's `accum=N`; a trainer's
    /// `gradient_accumulation_steps`). 1: the gradients are freed after each step
    /// (`zero_grad(set_to_none=True)`) and absent from the next forward pass. Default: the
    /// trainers' accumulation (LLaMA-Factory's examples 2-8, ms-swift 16 / batch / cards), the
    /// gradients held through every micro-batch.
    #[arg(long, value_name = "N")]
    grad_accum: Option<u32>,
    /// Size the training as Unsloth runs it (the chat's `unsloth`): checkpoints offloaded to
    /// CPU RAM, its own loss over the logits in chunks (fp32 logits of at most 4 GiB a chunk)
    /// on the models whose forward it writes (Llama, Mistral, Qwen, Phi, Gemma-2), Cut Cross
    /// Entropy on the others or with `--liger`, norms kept in 16-bit, adamw_8bit.
    #[arg(long)]
    unsloth: bool,
    /// The Unsloth release the training runs on, e.g. 2024.5 (the chat's `unsloth=2024.5`;
    /// implies --unsloth): per-layer RoPE caches before 2025.1, Gemma-3's loss over every
    /// token's logits before 2025.8. Default: today's release.
    #[arg(long, value_parser = unsloth_release)]
    unsloth_release: Option<bot_core::vram::UnslothRelease>,
    /// The TGI release that serves the model, e.g. 3.2 (the chat's `tgi=3.2`; with --engine tgi):
    /// before 3.3 Gemma-3's warm-up prefill with an image holds fp32 attention scores
    #[arg(long, value_parser = tgi_release)]
    tgi_release: Option<bot_core::vram::TgiRelease>,
    /// The Ollama release that serves the model, e.g. 0.6.0 (the chat's `ollama_release=0.6.0`;
    /// with --engine ollama): before 0.6.3 Gemma-3's sliding-window layers hold the whole context
    #[arg(long, value_parser = ollama_release)]
    ollama_release: Option<bot_core::vram::ollama::OllamaRelease>,
    /// The Transformers release that runs the model, e.g. 4.46 (the chat's `transformers=4.46`):
    /// before 4.51 Qwen2-VL / Qwen2.5-VL's vision encoder runs SDPA's math path on any card
    #[arg(long, value_parser = transformers_release)]
    transformers_release: Option<bot_core::vram::TransformersRelease>,
    /// Quantization-aware training as Unsloth's `qat_scheme` runs it (torchao fake quantization;
    /// the chat's `qat=int4`): int4 | int8-int4 (phone-deployment) | fp8-int4.
    #[arg(long, value_parser = qat_scheme)]
    qat: Option<bot_core::vram::Qat>,
    /// The LLaMA-Factory release the training runs on, e.g. 0.6.3 (the chat's `llamafactory=0.6.3`):
    /// from 0.5.3 to 0.7.0 it loads the whole model on every card before FSDP shards it
    #[arg(long, value_parser = llamafactory_release)]
    llamafactory_release: Option<bool>,
    /// The trainer loads the whole model on every card before sharding it (the chat's
    /// `wholeload=on`; LLaMA-Factory before 0.7.1 under FSDP)
    #[arg(long)]
    whole_load: bool,
    /// Size vLLM's V0 engine (the chat's `vllm=v0`; releases before 0.8 or VLLM_USE_V1=0):
    /// no chunked prefill below 32K tokens, so its start-up profile runs the whole context.
    #[arg(long)]
    vllm_v0: bool,
    /// vLLM's --enforce-eager (the chat's `enforce_eager=on`): no CUDA graphs captured, so
    /// nothing of vLLM needs the card outside its --gpu-memory-utilization share (V0) beyond
    /// what it already counts.
    #[arg(long)]
    enforce_eager: bool,
    /// nvidia-smi read right after vLLM started, before it served a request: the budget less
    /// the start-up profile's activations, which vLLM hands back before allocating its KV
    /// cache. Default: a server under load (the whole budget). The verdict does not move.
    #[arg(long)]
    vllm_started: bool,
    /// The vLLM release that serves the model, e.g. 0.11 (the chat's `vllm=0.11.0`): how it
    /// loads a checkpoint it quantizes (--online-quant). Default: today's release.
    #[arg(long, value_parser = vllm_release)]
    vllm_release: Option<bot_core::vram::VllmRelease>,
    /// The server quantizes a 16-bit checkpoint while it loads it (`--quantization fp8` on a
    /// BF16 repository; the chat's `online=on`). Default: the checkpoint is stored in the
    /// format given, unless --model is a repository id with no quantization ending.
    #[arg(long)]
    online_quant: bool,
    /// vLLM V1 samples with FlashInfer's top-k/top-p kernel (VLLM_USE_FLASHINFER_SAMPLER=1,
    /// FlashInfer installed): its start-up profile holds no sort of the logits. Implies
    /// --engine vllm
    #[arg(long)]
    vllm_flashinfer_sampler: bool,
    /// vLLM's data parallel (`vllm serve -dp N`): the --gpus cards run N engine ranks of
    /// gpus/N-way tensor parallel, each with a KV cache of its own for a whole request, an
    /// MoE's routed experts split over every card. Implies --engine vllm
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    data_parallel: Option<u32>,
    /// vLLM's pipeline parallel (`--pipeline-parallel-size N`): the --gpus cards run N stages
    /// of gpus/N-way tensor parallel, each holding its own layers; under V0 each stage's virtual
    /// engine takes 1/N of the KV pool. Implies --engine vllm
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pipeline_parallel_size: Option<u32>,
    /// Keep every sliding-window layer's KV cache at full length (the chat's `swafull=on`;
    /// llama.cpp's `--swa-full`), instead of the window the engine keeps.
    #[arg(long)]
    swa_full: bool,
    /// The image processor's largest image in pixels, as vLLM's `mm_processor_kwargs`
    /// `max_pixels` caps it (1048576, 1024*1024 or 1280*28*28; the chat's `max_pixels=`):
    /// vLLM's start-up profile encodes an image of that size. Default: the processor's own.
    #[arg(long, value_parser = max_pixels_arg)]
    max_pixels: Option<u64>,
    /// Images a prompt may carry (vLLM's --limit-mm-per-prompt image=N; the chat's `images=N`):
    /// vLLM V0's start-up profile encodes that many of the largest image. Default 1
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=256))]
    images: Option<u32>,
    /// Videos a prompt may carry (vLLM's --limit-mm-per-prompt video=N; the chat's `videos=N`):
    /// vLLM V1's start-up profile encodes a dummy video of as many frames as max_model_len holds
    /// when the processor takes video (Qwen2-VL, Qwen2.5-VL); 0 sizes the image alone. Default 1
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=256))]
    videos: Option<u32>,
    /// vLLM's --mm-encoder-tp-mode: `data` keeps the whole vision tower on every tensor-parallel
    /// rank, which encodes its own images unsplit (the chat's `mm_encoder_tp_mode=data`).
    /// Default: `weights`, the tower split like the decoder
    #[arg(long, value_name = "MODE", value_parser = ["data", "weights"])]
    mm_encoder_tp_mode: Option<String>,
    /// Train the vision tower too (ms-swift `--freeze_vit false`, LLaMA-Factory
    /// `freeze_vision_tower: false`; the chat's `train_vit=on`). Default: frozen.
    #[arg(long)]
    train_vit: bool,
    /// With LoRA, the vision tower trained in full beside it (ms-swift `--tuner_type lora_llm`;
    /// the chat's `vit_full=on`): its gradients and optimizer state count. Default: its own LoRA.
    #[arg(long)]
    vit_full: bool,
    /// The vision tower's own gradient checkpointing on (ms-swift `--vit_gradient_checkpointing`;
    /// the chat's `vit_gc=on`). Default: as the language model's.
    #[arg(long, conflicts_with = "no_vit_grad_checkpointing")]
    vit_grad_checkpointing: bool,
    /// The vision tower's own gradient checkpointing off (the chat's `vit_gc=off`).
    #[arg(long)]
    no_vit_grad_checkpointing: bool,
    /// Frames of the video each training sample carries, each at --max-pixels (ms-swift
    /// `FPS_MAX_FRAMES`; the chat's `video_frames=N`). Default: one image a sample.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=768))]
    video_frames: Option<u32>,
    /// Size the training as axolotl runs it (the chat's `axolotl`): embedding and head cast to
    /// fp32 and back while loading; the allocator keeps the fp32 copies.
    #[arg(long)]
    axolotl: bool,
    /// How the trainer's loss holds the logits (the chat's `loss=`): `fp32` (Transformers' own
    /// loss, the default), `half` (a loop's own `nn.CrossEntropyLoss` on the model's 16-bit
    /// logits; LitGPT), `fused` (as --liger), `triton` (as --fast-loss).
    #[arg(long, value_name = "HEAD")]
    loss: Option<String>,
    /// Liger Kernel's fused linear cross-entropy (the chat's `liger`): the loss never holds
    /// the full-vocabulary logits.
    #[arg(long)]
    liger: bool,
    /// Unsloth's Triton cross-entropy over the whole logits, as fms-acceleration's fused-ops
    /// plugin runs it (`fast_loss: True`; the chat's `fast_loss`): Transformers' fp32 logits and
    /// their shifted copy, the gradient written in place. With --transformers-release before
    /// 4.46 the 16-bit logits are not held beside them.
    #[arg(long, conflicts_with = "liger")]
    fast_loss: bool,
    /// What the fine-tune optimizes: sft | dpo | orpo | simpo | cpo | kto | reward | grpo | ppo
    /// (the chat's `dpo`, `method=grpo`). DPO-family: --context is one sequence of the pair,
    /// --batch counts pairs; GRPO: --batch counts completions per card; PPO: policy, value,
    /// reward and reference models as --rl-trainer lays them out. Default: sft
    #[arg(long)]
    method: Option<String>,
    /// DoRA (PEFT `use_dora=True`; the chat's `dora`): LoRA with magnitude vectors
    #[arg(long)]
    dora: bool,
    /// A PEFT tuner beside LoRA (the chat's `tuner=`): adalora | adapter | boft | bone |
    /// llamapro (4 new blocks trained in full) | llamapro:N on ms-swift's defaults, oft | vera |
    /// ia3 | loha | lokr on PEFT's; prefix:N (prefix tuning / P-Tuning v2, N virtual tokens);
    /// --lora-rank and --lora-targets replace their defaults
    #[arg(long)]
    tuner: Option<String>,
    /// IA3's `feedforward_modules` (the chat's `feedforward_modules=` / `ff=`): the targets
    /// scaled at their input; PEFT's default is down_proj
    #[arg(long, value_parser = parse_lora_targets)]
    ia3_feedforward: Option<bot_core::vram::LoraTargets>,
    /// MiSS / Bone `init_weights` (the chat's `init_weights=bat`): `bat` builds each adapted
    /// layer's fp32 weight on every forward; `true` / `mini` are sized as plain MiSS
    #[arg(long)]
    init_weights: Option<String>,
    /// GRPO: completions per prompt (`num_generations`; the chat's `generations=8`) [default: 8]
    #[arg(long)]
    generations: Option<u32>,
    /// GRPO / PPO: the generated part of --context (`max_completion_length`; the chat's
    /// `completion=1024`)
    #[arg(long)]
    completion: Option<u32>,
    /// GRPO: where completions are generated: hf (the policy on the training card) | separate
    /// (vLLM on other cards) | colocate (vLLM on the same card, --gpu-memory-utilization its
    /// share) [default: hf]
    #[arg(long)]
    rollout: Option<String>,
    /// DPO/KTO/GRPO without a reference model in training (TRL `precompute_ref_log_probs`, GRPO
    /// `beta=0`; the chat's `ref=off`)
    #[arg(long, conflicts_with = "ref_on")]
    no_ref: bool,
    /// DPO/KTO/GRPO with a reference model (GRPO with `beta > 0`; the chat's `ref=on`). Default:
    /// the trainer's own (GRPO: none in TRL since 0.19, beta 0.0; one in ms-swift, beta 0.04)
    #[arg(long = "ref")]
    ref_on: bool,
    /// The trainer of a DPO/KTO/GRPO/PPO and its release: trl (today's), a TRL release such as 0.18,
    /// or swift (ms-swift) (the chat's `trl=0.18`, `trainer=swift`). Default: today's TRL
    #[arg(long, value_parser = rl_trainer)]
    rl_trainer: Option<vram::RlTrainer>,
    /// Full fine-tuning with mixed precision: fp32 master weights and moments (the chat's
    /// `amp`). Default: model in bf16, optimizer state in bf16.
    #[arg(long)]
    amp: bool,
    /// PyTorch's AdamW on its for-loop path (`foreach=False`; PyTorch's default before 2.0; the
    /// chat's `foreach=off`): the step holds two temporaries the size of the tensor it steps,
    /// under DeepSpeed ZeRO-1/2 the card's whole fp32 partition. Default: the multi-tensor path.
    #[arg(long)]
    no_foreach: bool,
    /// DeepSpeed's `overlap_comm` on (the chat's `overlap_comm=on`; LLaMA-Factory's
    /// ds_z*_config.json from 0.6.0 to 0.9.1): ZeRO-1/2 holds a second reduce bucket through the
    /// backward pass. Default: off, DeepSpeed's own default for stages 1-2.
    #[arg(long)]
    overlap_comm: bool,
    /// DeepSpeed ZeRO-1/2's `reduce_bucket_size` in elements, where the trainer's config sets
    /// one (Qwen v1's finetune/ds_config_zero2.json and ms-swift's zero2.json: 2e8): the size of
    /// each reduce bucket. Default: DeepSpeed's own 5e8.
    #[arg(long)]
    reduce_bucket_size: Option<f64>,
    /// torchao weight-only quantization of a 16-bit model on the card (the chat's `torchao`,
    /// `int8wo`, `int4wo-64`): `on` (with --quant int8|int4|fp8), `int8wo`, `int4wo[-G]`,
    /// `float8wo`.
    #[arg(long)]
    torchao: Option<String>,
    /// LoRA rank (adapters on all linear layers; default 16); with --tuner, the tuner's rank
    /// (AdaLoRA init_r, Bone/VeRA/LoHa/LoKr r, OFT's block count) in place of its default.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=4096))]
    lora_rank: Option<u32>,
    /// Sharding when training on several cards: DeepSpeed ZeRO stage 0-3 (default 3), or
    /// `fsdp` (PyTorch FSDP full shard: a bf16 model's optimizer stays bf16), or `device_map`
    /// (one process, whole layers per card, no NCCL); `3-offload`, `zero2-offload`,
    /// `fsdp-offload`: the same with the state in CPU RAM (DeepSpeed offload_param +
    /// offload_optimizer, FSDP CPUOffload).
    #[arg(long)]
    zero: Option<String>,
    /// Use bitsandbytes 8-bit Adam instead of AdamW.
    #[arg(long)]
    adam_8bit: bool,
    /// Image/video models: offload mode none | model | seq (diffusers model/sequential CPU
    /// offload; ComfyUI lowvram).
    #[arg(long)]
    offload: Option<String>,
    /// Image/video models: output size, WxH, a side (768) or 720p.
    #[arg(long)]
    res: Option<String>,
    /// Video models: frames per clip.
    #[arg(long)]
    frames: Option<u32>,
    /// Image/video models: text encoders in fp8.
    #[arg(long)]
    te_fp8: bool,
    /// Image/video models: the text encoders' storage fp8 | nf4 | q8_0 | q4_0 (nf4 =
    /// bitsandbytes 4-bit, diffusers PipelineQuantizationConfig on the text encoder; the
    /// chat's `te=nf4`).
    #[arg(long)]
    te_quant: Option<String>,
    /// Image/video models: text encoders run on the CPU and never take the card (Wan's
    /// --t5_cpu; the chat's `te=cpu`).
    #[arg(long)]
    te_cpu: bool,
    /// Image/video models: the pipeline loaded without its optional T5 (SD3's
    /// text_encoder_3=None; the chat's `t5=off`).
    #[arg(long)]
    no_t5: bool,
    /// Image/video models: the VAE loaded in fp32 (decoded in fp32; the chat's `vae=fp32`).
    #[arg(long)]
    vae_fp32: bool,
    /// Image/video models: the VAE decodes in tiles (diffusers vae.enable_tiling(); `vae=tiled`).
    #[arg(long)]
    vae_tiled: bool,
    /// Image/video models: the VAE decodes one batch element at a time (diffusers
    /// vae.enable_slicing(); `vae=sliced`).
    #[arg(long)]
    vae_sliced: bool,
    /// Wan video models: run by Wan's own generate.py (an fp32 DiT unless --quant bf16, its
    /// activations per token; the chat's `generate.py`).
    #[arg(long)]
    wan_generate: bool,
    /// Image/video models: the pipeline was moved to the card (pipe.to("cuda")) before
    /// --offload, on a diffusers that keeps the weights' blocks in its cache (before PR #2543):
    /// what nvidia-smi shows, said beside the need (the chat's `to_cuda=first`).
    #[arg(long)]
    to_cuda_first: bool,
    /// Image/video models: bitsandbytes components loaded with device_map="cpu" before
    /// --offload (no load stage on the card; the chat's `load=cpu`).
    #[arg(long)]
    load_cpu: bool,
    /// Image/video models: the PyTorch release it ran on (2.9, 2.9.1; the chat's `torch=2.9`):
    /// PyTorch 2.9 runs a 16-bit VAE's 3-D convolutions without cuDNN, through a vol2col buffer.
    /// Default: today's release, on cuDNN
    #[arg(long, value_name = "VERSION")]
    torch_release: Option<String>,
    /// Image/video training (--task lora|full): optimizer adamw | adamw8bit | adafactor |
    /// prodigy (the chat's `opt=`; default adamw8bit for LoRA, adafactor for full).
    #[arg(long)]
    optimizer: Option<String>,
    /// Image/video training: blocks kept on the CPU (kohya/musubi `--blocks_to_swap`; the
    /// chat's `swap=N`).
    #[arg(long)]
    blocks_to_swap: Option<u32>,
    /// Image/video full fine-tuning: the optimizer step fused into the backward pass (kohya
    /// `--fused_backward_pass`, Adafactor): no gradient buffer (the chat's `fused=on`).
    #[arg(long)]
    fused_backward_pass: bool,
    /// Image/video training: an EMA of the trained weights kept on the card (diffusers'
    /// `--use_ema`: a copy of every trained parameter; the chat's `ema=on`).
    #[arg(long)]
    ema: bool,
    /// FLUX.1 LoRA training: kohya's `--split_mode` with `train_blocks=single` (the
    /// double-stream half run without gradients, then the single-stream half trained, one
    /// half on the card at a time; the chat's `split=on`).
    #[arg(long)]
    split_mode: bool,
    /// FLUX.1 training with kohya's OFT in place of a LoRA: `attn` (its default targets, the
    /// attention) or `all` (`enable_all_linear=True`; the chat's `oft=`).
    #[arg(long)]
    oft: Option<String>,
    /// Image/video training: latents and text-encoder outputs NOT cached (the VAE and text
    /// encoders stay on the card; the chat's `cache=off`).
    #[arg(long)]
    no_cache: bool,
    /// Image training: the text encoders trained too (kohya's `text_encoder_lr`): their LoRA,
    /// the embeddings' gradients and their activations on the card (the chat's `te=train`).
    #[arg(long)]
    train_te: bool,
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args)]
pub struct TcoArgs {
    #[arg(long)]
    model: String,
    #[arg(long)]
    quant: String,
    #[arg(long)]
    gpu: String,
    /// Rental price of all the cards for one `--per` unit, in `--currency`; without it, the
    /// cheapest catalog list price (dated), and a prepaid plan around the clock, as the chat does.
    #[arg(long)]
    price: Option<String>,
    /// second | minute | hour | day | week | month (730 h)
    #[arg(long, default_value = "hour")]
    per: String,
    #[arg(long, default_value = "USD")]
    currency: String,
    /// Tokens a day: 10m, 1.5b, 500k, 3000万 or a plain number (the chat's reader).
    #[arg(long, value_parser = crate::cli::token_volume)]
    tokens_per_day: f64,
    /// API price per million tokens, in `--currency`.
    #[arg(long)]
    api_price_per_mtok: Option<String>,
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1024))]
    gpus: u32,
    /// llama.cpp's expert offload: every routed expert of an MoE in system RAM (`--cpu-moe`; the
    /// chat's `cpu-moe`). The fit is sized so; the speed depends on the host, so no cost per
    /// token is estimated.
    #[arg(long, conflicts_with = "n_cpu_moe")]
    cpu_moe: bool,
    /// llama.cpp's `--n-cpu-moe N`: the routed experts of the first N layers in system RAM (the
    /// chat's `ncmoe=N`).
    #[arg(long)]
    n_cpu_moe: Option<u32>,
    #[arg(long)]
    json: bool,
}

fn en(msg: &Msg) -> String {
    crate::cli::cli_words(&Localizer::get().format(Lang::En, msg))
}

fn en_reply(r: &bot_core::reply::Reply) -> String {
    crate::cli::cli_words(&Localizer::get().render_plain(Lang::En, r))
}

fn fit_err(e: vram::FitError) -> anyhow::Error {
    anyhow!(en(&e.msg()))
}

/// `--rl-trainer`: `trl`, `0.18` (a TRL release), `swift`.
fn rl_trainer(s: &str) -> std::result::Result<vram::RlTrainer, String> {
    vram::RlTrainer::from_key(s).ok_or_else(|| format!("not a trainer or TRL release: {s}"))
}

/// `--llamafactory-release`: `0.6.3`, `v0.7.1`; whether it loads the whole model on every card.
fn llamafactory_release(s: &str) -> std::result::Result<bool, String> {
    bot_core::vram::whole_load::llamafactory_loads_whole(s)
        .ok_or_else(|| format!("not a LLaMA-Factory release: `{s}` (e.g. 0.6.3)"))
}

/// `--qat`: `int4`, `int8-int4`, `phone-deployment`, `fp8-int4`.
fn qat_scheme(s: &str) -> std::result::Result<bot_core::vram::Qat, String> {
    bot_core::vram::Qat::parse(s)
        .ok_or_else(|| format!("not a QAT scheme: {s} (int4, int8-int4, fp8-int4)"))
}

/// `--tgi-release`: `3.2`, `v3.2.1`.
fn tgi_release(s: &str) -> std::result::Result<bot_core::vram::TgiRelease, String> {
    bot_core::vram::TgiRelease::parse(s).ok_or_else(|| format!("not a TGI release: {s} (e.g. 3.2)"))
}

/// `--ollama-release`: `0.6.0`, `v0.9.0`.
fn ollama_release(s: &str) -> std::result::Result<bot_core::vram::ollama::OllamaRelease, String> {
    bot_core::vram::ollama::OllamaRelease::parse(s)
        .ok_or_else(|| format!("not an Ollama release: {s} (e.g. 0.6.0)"))
}

/// `--transformers-release`: `4.46`, `v4.46.3`.
fn transformers_release(
    s: &str,
) -> std::result::Result<bot_core::vram::TransformersRelease, String> {
    bot_core::vram::TransformersRelease::parse(s)
        .ok_or_else(|| format!("not a Transformers release: {s} (e.g. 4.46)"))
}

/// `--vllm-release`: `0.11`, `v0.10.2`.
fn vllm_release(s: &str) -> std::result::Result<bot_core::vram::VllmRelease, String> {
    bot_core::vram::VllmRelease::parse(s)
        .ok_or_else(|| format!("not a vLLM release (major.minor, e.g. 0.11): {s}"))
}

/// `--unsloth-release`: `2024.5`, `2025.3.19`.
fn unsloth_release(s: &str) -> std::result::Result<bot_core::vram::UnslothRelease, String> {
    bot_core::vram::UnslothRelease::parse(s)
        .ok_or_else(|| format!("not an Unsloth release (year.month, e.g. 2024.5): {s}"))
}

fn max_pixels_arg(s: &str) -> std::result::Result<u64, String> {
    bot_core::lexicon::pixels(s)
        .ok_or_else(|| format!("not a pixel count (1048576, 1024*1024 or 1280*28*28): {s}"))
}

fn model_ref<'a>(catalog: &'a Catalog, name: &str) -> Result<ModelRef<'a>> {
    // The name read once, with the format it states (`vram::name_format`), as the chat reads it.
    if let Some(m) = vram::name_format::read(catalog, name).model {
        return Ok(ModelRef::Known(m));
    }
    match catalog.model(name) {
        Ok(m) => Ok(ModelRef::Known(m)),
        Err(nf) => match bot_core::lexicon::model_size_in_name(name) {
            Some(Ok(b)) => Ok(ModelRef::BySize {
                params_b: b.total_b,
                active_b: b.active_b,
            }),
            Some(Err(e)) => Err(fit_err(e)),
            None => Err(anyhow!(
                Localizer::get()
                    .render_plain(Lang::En, &bot_core::answer::common::not_found_reply(&nf))
                    .replace('\n', " ")
            )),
        },
    }
}

fn gpu<'a>(catalog: &'a Catalog, name: &str) -> Result<&'a bot_core::catalog::Gpu> {
    catalog.gpu(name).map_err(|nf| {
        anyhow!(
            Localizer::get()
                .render_plain(Lang::En, &bot_core::answer::common::not_found_reply(&nf))
                .replace('\n', " ")
        )
    })
}

pub fn fit(catalog: &Catalog, a: FitArgs) -> Result<()> {
    if bot_core::diffusion::find(&a.model).is_some() {
        return fit_diffusion(catalog, &a);
    }
    let model = model_ref(catalog, &a.model)?;
    let quant: Quant = match (&a.quant, a.bpw) {
        // `--bpw` states the bits of an EXL2 file: one grammar with `exl2-4.65bpw`.
        (Some(q), Some(b)) if q.trim().eq_ignore_ascii_case("exl2") => {
            format!("exl2-{b}bpw").parse().map_err(fit_err)?
        }
        (None, Some(b)) => format!("exl2-{b}bpw").parse().map_err(fit_err)?,
        (Some(q), Some(_)) => return Err(anyhow!("--bpw is EXL2's bits per weight, not {q}'s")),
        (Some(q), None) => q.parse().map_err(fit_err)?,
        (None, None) => Quant::Bf16,
    };
    let task: Task = a.task.parse().map_err(fit_err)?;
    let mut req = FitRequest::new(model, quant, task);
    if let Some(c) = a.context {
        req.context = c;
    }
    req.batch = a.batch;
    req.beams = a.beams;
    req.lora_dropout = a.lora_dropout && !a.no_lora_dropout;
    req.mixed_precision = a.amp;
    req.adamw_foreach = !a.no_foreach;
    req.overlap_comm = a.overlap_comm;
    req.lora_experts = a.lora_experts;
    req.lora_targets = a.lora_targets.unwrap_or_default();
    req.targets_said = a.lora_targets.is_some();
    req.tuner_rank = a.lora_rank;
    req.double_quant = !a.no_double_quant;
    req.exllama_v2 = a.exllama_v2;
    req.unquantized_fp32 = a.unquantized_fp32;
    req.kbit_upcast = !a.no_kbit_upcast;
    req.load_warmup = !a.no_load_warmup;
    req.experts_16bit = a.experts_16bit;
    req.scattermoe = a.scattermoe;
    req.cpu_ram_loading = a.cpu_ram_efficient_loading;
    req.compressed_tensors = a.compressed_tensors;
    req.autocast = !a.no_autocast;
    req.logits_kept = !a.del_logits;
    req.grad_accum = a.grad_accum;
    req.unsloth = a.unsloth || a.unsloth_release.is_some();
    req.unsloth_release = a.unsloth_release;
    // LLaMA-Factory's own preparation (no PEFT fp32 cast), as the chat's `llamafactory=`.
    if a.llamafactory_release.is_some() {
        req.kbit_upcast = false;
    }
    req.whole_load = a.whole_load || a.llamafactory_release == Some(true);
    req.vllm_v0 = a.vllm_v0 || a.vllm_release.is_some_and(|r| r.major == 0 && r.minor < 8);
    req.vllm_release = a.vllm_release;
    req.vllm_eager = a.enforce_eager;
    req.vllm_started = a.vllm_started;
    req.mtp_drafts = a.mtp.unwrap_or(0);
    req.online_quant = a.online_quant || bot_core::lexicon::names_16bit_repo(&a.model);
    req.vllm_flashinfer_sampler = a.vllm_flashinfer_sampler;
    req.data_parallel = a.data_parallel.unwrap_or(1);
    req.pipeline_parallel = a.pipeline_parallel_size.unwrap_or(1);
    req.swa_full = a.swa_full;
    req.tgi_release = a.tgi_release;
    req.ollama_release = a.ollama_release;
    req.transformers_release = a.transformers_release;
    req.qat = a.qat;
    req.max_pixels = a.max_pixels;
    req.images_per_prompt = a.images;
    req.videos_per_prompt = a.videos;
    req.mm_encoder_dp = a.mm_encoder_tp_mode.as_deref() == Some("data");
    req.vit.trained = a.train_vit;
    req.vit.full = a.vit_full;
    req.vit.video_frames = a.video_frames;
    req.vit.grad_checkpointing = match (a.vit_grad_checkpointing, a.no_vit_grad_checkpointing) {
        (true, _) => Some(true),
        (_, true) => Some(false),
        _ => None,
    };
    req.axolotl = a.axolotl && !req.unsloth;
    if let Some(h) = &a.loss {
        req.loss = vram::LossHead::from_key(h)
            .ok_or_else(|| fit_err(vram::FitError::BadValue(format!("--loss {h}"))))?;
    }
    if a.liger {
        req.loss = bot_core::vram::LossHead::Fused;
    }
    if a.fast_loss {
        req.loss = bot_core::vram::LossHead::Triton;
    }
    if let Some(m) = &a.method {
        req.method = vram::Method::from_key(m)
            .ok_or_else(|| fit_err(vram::FitError::BadValue(format!("--method {m}"))))?;
    }
    req.dora = a.dora;
    if let Some(t) = &a.tuner {
        req.tuner = Some(
            vram::Tuner::from_key(t)
                .ok_or_else(|| fit_err(vram::FitError::BadValue(format!("--tuner {t}"))))?,
        );
    }
    req.ia3_feedforward = a.ia3_feedforward;
    req.miss_bat = match a.init_weights.as_deref() {
        None | Some("true") | Some("mini") => false,
        Some("bat") => true,
        Some(o) => {
            return Err(fit_err(vram::FitError::BadValue(format!(
                "--init-weights {o}"
            ))));
        }
    };
    if let Some(g) = a.generations {
        req.generations = g;
    }
    req.completion = a.completion;
    if let Some(r) = &a.rollout {
        req.rollout = vram::Rollout::from_key(r)
            .ok_or_else(|| fit_err(vram::FitError::BadValue(format!("--rollout {r}"))))?;
    }
    req.reference = match (a.no_ref, a.ref_on) {
        (true, _) => Some(false),
        (_, true) => Some(true),
        _ => None,
    };
    if let Some(t) = a.rl_trainer {
        req.rl_trainer = t;
    }
    req.cpu_moe = if a.cpu_moe {
        Some(vram::expert_offload::ALL_LAYERS)
    } else {
        a.n_cpu_moe.filter(|n| *n > 0)
    };
    req.ubatch = a.ubatch;
    let mut quant_given = a.quant.is_some() || a.bpw.is_some();
    // `--model Qwen/Qwen2.5-7B-Instruct-AWQ`: the name's format unless `--quant` says another.
    if let Some(f) = vram::name_format::parse(&a.model) {
        vram::name_format::apply(&mut req, &f, quant_given);
        quant_given = true;
    }
    if let Some(t) = &a.torchao {
        let (q, t) = bot_core::vram::Torchao::parse(t).ok_or_else(|| {
            anyhow!("--torchao must be on, int8wo, int4wo, int4wo-64 or float8wo, not `{t}`")
        })?;
        if let Some(q) = q {
            req.quant = q;
            quant_given = true;
        }
        req.torchao = Some(t);
    }
    if let Some(e) = &a.engine {
        req.engine = e.parse::<Engine>().map_err(fit_err)?;
    } else if a.vllm_v0
        || a.vllm_release.is_some()
        || a.vllm_flashinfer_sampler
        || a.data_parallel.is_some()
        || a.pipeline_parallel_size.is_some()
        || a.mtp.is_some()
    {
        req.engine = Engine::Vllm;
    } else if req.cpu_moe.is_some() || req.ubatch.is_some() {
        // `--cpu-moe`, `--n-cpu-moe`, `--ubatch` are llama.cpp's flags: the engine they name.
        req.engine = Engine::Llamacpp;
    }
    req.cards = a.gpus;
    req.gpu = match &a.gpu {
        Some(g) => Some(gpu(catalog, g)?),
        None => None,
    };
    if let Some(t) = &a.attention {
        req.attention = Some(
            bot_core::lexicon::attention(t)
                .ok_or_else(|| anyhow!("--attention must be eager, sdpa or flash, not `{t}`"))?,
        );
    }
    let opts = FitOptions {
        kv_cache: match bot_core::lexicon::kv_dtype(&a.kv_cache) {
            Some(kv) => kv,
            None => bail!(
                "unknown KV cache type `{}` (fp16, fp8, q8_0, q5_1, q5_0, q4_1, q4_0 or iq4_nl)",
                a.kv_cache
            ),
        },
        kv_cache_v: match &a.kv_cache_v {
            Some(t) => match bot_core::lexicon::kv_dtype(t) {
                Some(kv) => Some(kv),
                None => bail!(
                    "unknown V cache type `{t}` (fp16, q8_0, q5_1, q5_0, q4_1, q4_0 or iq4_nl)"
                ),
            },
            None => None,
        },
        optimizer: if a.adam_8bit {
            Optimizer::Adam8bit
        } else {
            Optimizer::AdamW
        },
        lora_rank: a.lora_rank.unwrap_or(FitOptions::default().lora_rank),
        zero: match &a.zero {
            Some(z) => Some(z.parse::<Zero>().map_err(fit_err)?),
            None => None,
        },
        fsdp: a.zero.as_deref().is_some_and(bot_core::lexicon::is_fsdp),
        device_map: a
            .zero
            .as_deref()
            .is_some_and(bot_core::lexicon::is_device_map),
        offload: a.zero.as_deref().is_some_and(bot_core::lexicon::is_offload),
        vllm_utilization: match &a.gpu_memory_utilization {
            Some(u) => bot_core::vram::vllm_utilization(u).ok_or_else(|| {
                anyhow!(
                    "--gpu-memory-utilization must be a share in (0, 1] or a percentage, not `{u}`"
                )
            })?,
            None => FitOptions::default().vllm_utilization,
        },
        vllm_max_seqs: a.max_num_seqs,
        reduce_bucket: match a.reduce_bucket_size {
            Some(n) if n.is_finite() && n >= 1.0 => Some(n),
            Some(n) => bail!("--reduce-bucket-size must be a count of elements, not `{n}`"),
            None => None,
        },
        vllm_batched_tokens: a.max_num_batched_tokens,
        server: a.engine.as_deref().and_then(bot_core::vram::Server::parse),
        ollama: a
            .engine
            .as_deref()
            .is_some_and(bot_core::vram::ollama::is_ollama_word),
        server_fraction: match &a.mem_fraction {
            Some(f) => Some(bot_core::vram::vllm_utilization(f).ok_or_else(|| {
                anyhow!("--mem-fraction must be a share in (0, 1] or a percentage, not `{f}`")
            })?),
            None => None,
        },
    };
    let gc = match (a.grad_checkpointing, a.no_grad_checkpointing) {
        (true, _) => Some(true),
        (_, true) => Some(false),
        _ => None,
    };
    let parsed = fit_answer::settle(
        catalog,
        req,
        opts,
        fit_answer::Given {
            quant: quant_given,
            gc,
            context: a.context.is_some(),
            engine: a.engine.is_some()
                || a.torchao.is_some()
                || a.vllm_v0
                || a.vllm_flashinfer_sampler
                || req_engine_from_offload(&a),
            optimizer: a.adam_8bit,
        },
    );
    // `llama-70b`: the reply says which model the words were read as, as the chat's does.
    // `--task finetune`: a fine-tune without its method, sized as LoRA and said so, as the
    // chat's `finetune` / `微调` is.
    let method_assumed =
        bot_core::lexicon::is_generic_tune(&a.task) && parsed.req.task == Task::Lora;
    let parsed = fit_answer::Parsed {
        read_as: fit_answer::read_as(
            catalog,
            &vram::name_format::parse(&a.model).map_or_else(|| a.model.clone(), |f| f.stem),
        ),
        method_assumed,
        ..parsed
    };
    let fit = advice::decide(catalog, &parsed.req, &parsed.opts).map_err(fit_err)?;
    if a.json {
        outln!("{}", serde_json::to_string_pretty(&fit.report)?)?;
        return Ok(());
    }
    let reply = fit_answer::render_fit(catalog, &parsed, &fit, "USD", Lang::En);
    outln!("{}", Localizer::get().render_plain(Lang::En, &reply))?;
    Ok(())
}

/// An image or video model: the flags become the chat's words, so both read one line.
fn fit_diffusion(catalog: &Catalog, a: &FitArgs) -> Result<()> {
    let mut words = vec![a.model.clone()];
    words.extend(a.quant.clone());
    if let Some(g) = &a.gpu {
        words.push(match a.gpus {
            1 => g.replace(' ', "-"),
            n => format!("{n}x{}", g.replace(' ', "-")),
        });
    }
    words.push(format!("batch={}", a.batch));
    words.extend(a.offload.as_ref().map(|o| format!("offload={o}")));
    words.extend(a.res.as_ref().map(|r| format!("res={r}")));
    words.extend(a.frames.map(|f| format!("frames={f}")));
    if a.te_fp8 {
        words.push("te=fp8".into());
    }
    words.extend(a.te_quant.as_ref().map(|q| format!("te={q}")));
    if a.te_cpu {
        words.push("te=cpu".into());
    }
    if a.no_t5 {
        words.push("t5=off".into());
    }
    if a.vae_fp32 {
        words.push("vae=fp32".into());
    }
    if a.vae_tiled {
        words.push("vae=tiled".into());
    }
    if a.vae_sliced {
        words.push("vae=sliced".into());
    }
    if a.wan_generate {
        words.push("generate.py".into());
    }
    if a.to_cuda_first {
        words.push("to_cuda=first".into());
    }
    if a.load_cpu {
        words.push("load=cpu".into());
    }
    words.extend(a.torch_release.as_ref().map(|v| format!("torch={v}")));
    // `--attention eager` sizes the scores an unfused attention holds (the chat's `attn=`).
    words.extend(a.attention.as_ref().map(|t| format!("attn={t}")));
    // Training an image/video model: the task and its words, as the chat writes them.
    if !a.task.eq_ignore_ascii_case("infer") {
        words.push(a.task.clone());
        if a.task.eq_ignore_ascii_case("lora") || a.task.eq_ignore_ascii_case("qlora") {
            words.push(format!(
                "rank={}",
                a.lora_rank.unwrap_or(FitOptions::default().lora_rank)
            ));
        }
        words.extend(a.optimizer.as_ref().map(|o| format!("opt={o}")));
        if a.adam_8bit {
            words.push("opt=adamw8bit".into());
        }
        words.extend(a.blocks_to_swap.map(|n| format!("swap={n}")));
        if a.fused_backward_pass {
            words.push("fused=on".into());
        }
        if a.ema {
            words.push("ema=on".into());
        }
        if a.split_mode {
            words.push("split=on".into());
        }
        words.extend(a.oft.as_ref().map(|o| format!("oft={o}")));
        if a.no_grad_checkpointing {
            words.push("ckpt=off".into());
        }
        if a.no_cache {
            words.push("cache=off".into());
        }
        if a.train_te {
            words.push("te=train".into());
        }
    }
    let line = match diffusion_answer::read(catalog, &words.join(" ")) {
        Some(Ok(line)) => line,
        Some(Err(r)) => bail!(
            Localizer::get()
                .render_plain(Lang::En, &r)
                .replace('\n', " ")
        ),
        None => bail!("`{}` is not an image or video model", a.model),
    };
    if a.json {
        let report = bot_core::diffusion::estimate(&line.req);
        outln!("{}", serde_json::to_string_pretty(&report)?)?;
        return Ok(());
    }
    let reply = diffusion_answer::render(catalog, &line);
    outln!("{}", Localizer::get().render_plain(Lang::En, &reply))?;
    Ok(())
}

pub fn tco(catalog: &Catalog, a: TcoArgs) -> Result<()> {
    let model = model_ref(catalog, &a.model)?;
    let quant: Quant = a.quant.parse().map_err(fit_err)?;
    let g = gpu(catalog, &a.gpu)?;
    let unit = TimeUnit::parse(&a.per).ok_or_else(|| anyhow!("unknown time unit `{}`", a.per))?;
    let money = |flag: &str, text: &str| {
        bot_core::lexicon::parse_amount("price", text)
            .map_err(|_| anyhow!("--{flag} must be a non-negative number, not `{text}`"))
    };
    let api_price_per_mtok = a
        .api_price_per_mtok
        .as_deref()
        .map(|t| money("api-price-per-mtok", t))
        .transpose()?;
    let (price_per_hour, basis) = match a.price.as_deref() {
        // Exact: the price for one `--per` unit scaled to one hour.
        Some(p) => (
            money("price", p)? * Decimal::from(3600) / Decimal::from(unit.seconds()),
            PriceBasis::User,
        ),
        None => bot_core::answer::tco::catalog_price(catalog, g, a.gpus, &a.currency)
            .map_err(|r| anyhow!(en_reply(&r)))?,
    };
    let query = TcoQuery {
        model,
        quant,
        gpu: g,
        cards: a.gpus,
        price_per_hour,
        tokens_per_day: a.tokens_per_day,
        api_price_per_mtok,
        plan_per_day: None,
        cpu_moe: if a.cpu_moe {
            Some(bot_core::vram::expert_offload::ALL_LAYERS)
        } else {
            a.n_cpu_moe.filter(|n| *n > 0)
        },
    };
    // The chat's choice: around the clock, the cheapest prepaid plan beats 24 × the hourly
    // catalog price (never in place of the user's own price).
    let (query, plan) =
        bot_core::answer::tco::with_plan(catalog, Lang::En, query, &basis, &a.currency);
    if a.json {
        // The figures and the price they rest on (date, platform, tier, "from", instance).
        let doc = bot_core::answer::tco::tco_json(catalog, &query, &a.currency, &basis)
            .map_err(fit_err)?;
        outln!("{}", serde_json::to_string_pretty(&doc)?)?;
        return Ok(());
    }
    let mut reply =
        bot_core::answer::tco::tco_answer(catalog, &query, &a.currency, &basis, Lang::En)
            .map_err(fit_err)?;
    if let Some(m) = plan {
        bot_core::answer::tco::place_plan(&mut reply, m);
    }
    // The flags' numbers carry no currency: read in --currency, and said so, as the chat says it.
    let reply = if a.price.is_some() || a.api_price_per_mtok.is_some() {
        bot_core::answer::common::with_bare_currency(reply, &a.currency)
    } else {
        reply
    };
    outln!("{}", Localizer::get().render_plain(Lang::En, &reply))?;
    Ok(())
}

/// Whether the engine was named by llama.cpp's own flags (`--cpu-moe`, `--n-cpu-moe N` above 0,
/// `--ubatch`).
fn req_engine_from_offload(a: &FitArgs) -> bool {
    a.cpu_moe || a.n_cpu_moe.is_some_and(|n| n > 0) || a.ubatch.is_some()
}

/// `--lora-targets`: the chat's `targets=` words (`LoraTargets::from_key`).
fn parse_lora_targets(s: &str) -> Result<bot_core::vram::LoraTargets, String> {
    bot_core::vram::LoraTargets::from_key(s)
        .ok_or_else(|| format!("unknown LoRA targets `{s}` (all, qkvo, qv, mlp, or a list of q_proj, k_proj, v_proj, o_proj, gate_proj, up_proj, down_proj)"))
}
