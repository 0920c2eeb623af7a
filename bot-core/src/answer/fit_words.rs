//! One `key=value` word of a `/fit` line applied to the request (`apply_option`): the keys
//! with a value of their own, and the on/off switches (`switch`), each naming the flag it sets.

mod images;

use super::common::not_found_reply;
use crate::context::Ctx;
use crate::lexicon;
use crate::reply::{Msg, Reply};
use crate::vram::{self, Engine, FitError, FitOptions, FitRequest, Quant, Task};

/// The sharding stage, and whether it is PyTorch FSDP (`vram::FitOptions::fsdp`).
fn set_zero(opts: &mut FitOptions, v: &str) -> Result<(), FitError> {
    opts.zero = Some(v.parse()?);
    opts.fsdp = lexicon::is_fsdp(v);
    opts.device_map = lexicon::is_device_map(v);
    opts.offload = lexicon::is_offload(v);
    Ok(())
}

fn loss_head(v: &str) -> Option<vram::LossHead> {
    vram::LossHead::from_key(&v.to_ascii_lowercase())
}

/// The trainer whose mechanisms size the job: `unsloth` (`FitRequest::unsloth`), `axolotl`
/// (PEFT's preparation, then 16-bit again: `vram::axolotl`), `peft`/`transformers`/`trl`
/// (PEFT's k-bit preparation kept), `llamafactory` (its own preparation: `upcast_layernorm`
/// and `upcast_lmhead_output` default False, no fp32 cast). `None` for another name.
fn set_trainer(req: &mut FitRequest<'_>, v: &str) -> Option<()> {
    let (unsloth, axolotl, upcast) = match v.to_ascii_lowercase().as_str() {
        "unsloth" => (true, false, req.kbit_upcast),
        "axolotl" => (false, true, true),
        "peft" | "transformers" => (false, false, true),
        "trl" => {
            req.rl_trainer = vram::RlTrainer::Trl(None);
            (false, false, true)
        }
        // ms-swift's `swift rlhf` (`vram::rl_trainer`): its own defaults for GRPO.
        "swift" | "ms-swift" | "ms_swift" => {
            req.rl_trainer = vram::RlTrainer::Swift;
            (false, false, req.kbit_upcast)
        }
        "llamafactory" | "llama-factory" => (false, false, false),
        _ => return None,
    };
    req.unsloth = unsloth;
    req.axolotl = axolotl;
    req.kbit_upcast = upcast;
    Some(())
}

/// A key that turns one flag of the request on or off, set to `on`; `false` for any other key.
fn switch(req: &mut FitRequest<'_>, key: &str, on: bool) -> bool {
    match key {
        // LoRA on every routed expert of an MoE (`FitRequest::lora_experts`).
        "experts" | "专家" => req.lora_experts = on,
        // An MoE's fused experts quantized by the bitsandbytes load or not (`vram::bnb_experts`).
        "moeq" | "quantize_moe_experts" | "专家量化" => req.experts_16bit = !on,
        // axolotl's ScatterMoE experts (`FitRequest::scattermoe`).
        "scattermoe" | "use_scattermoe" => req.scattermoe = on,
        // FSDP's `cpu_ram_efficient_loading` (`FitRequest::cpu_ram_loading`).
        "ramload" | "cpu_ram_efficient_loading" | "内存加载" => req.cpu_ram_loading = on,
        // Double quantization of a bitsandbytes 4-bit training base (`FitRequest::double_quant`).
        "dq" | "double_quant" | "双重量化" => req.double_quant = on,
        // GPTQ on AutoGPTQ's ExLlamaV2 kernel in Transformers (`vram::gptq_scratch`).
        "exllamav2" | "exllama_v2" => req.exllama_v2 = on,
        // A quantized checkpoint loaded with fp32 as its dtype (`vram::rest_fp32`).
        "fp32rest" | "fp32_rest" => req.unquantized_fp32 = on,
        // Transformers' warmed-up 16-bit load of one (`FitRequest::load_warmup`).
        "warmup" | "load_warmup" | "加载预热" => req.load_warmup = on,
        // A server quantizing a 16-bit checkpoint while it loads (`FitRequest::online_quant`).
        "online" | "online_quant" | "在线量化" => req.online_quant = on,
        // PEFT's k-bit preparation of a bitsandbytes base (`FitRequest::kbit_upcast`): norms,
        // embedding and output head cast to fp32.
        "upcast" | "kbit_upcast" | "升精度" => req.kbit_upcast = on,
        // A LoRA loop of its own without 16-bit autocast (`FitRequest::autocast`).
        "autocast" => req.autocast = on,
        // A loop that deletes the model's output once it has the loss (`FitRequest::logits_kept`;
        // universal-llm-trainer's `del_logits_after_forward`).
        "del_logits" | "del_logits_after_forward" => req.logits_kept = !on,
        "amp" | "mixed" | "混合精度" => req.mixed_precision = on,
        // PyTorch AdamW's multi-tensor path (`foreach=off`: its for-loop path, the default
        // before PyTorch 2.0; `FitRequest::adamw_foreach`).
        "foreach" => req.adamw_foreach = on,
        // DeepSpeed's `overlap_comm` (`FitRequest::overlap_comm`): ZeRO-1/2's second bucket.
        "overlap_comm" | "overlap" => req.overlap_comm = on,
        // DoRA (`FitRequest::dora`) and the reference model of DPO/KTO/GRPO (`ref=off`:
        // precomputed log-probs, or GRPO's beta=0).
        "dora" | "use_dora" => req.dora = on,
        // vLLM's `--enforce-eager`: no CUDA graphs captured (`FitRequest::vllm_eager`).
        "enforce_eager" | "enforce-eager" => req.vllm_eager = on,
        "ref" | "reference" | "参考模型" => req.reference = Some(on),
        // The whole model loaded on every card before sharding (`vram::whole_load`).
        "wholeload" | "whole_load" | "整模加载" => req.whole_load = on,
        // Sliding-window layers kept at full length (llama.cpp's `--swa-full`, `vram::swa`).
        "swafull" | "swa_full" | "swa-full" => req.swa_full = on,
        // The vision tower trained or frozen and its own checkpointing, ms-swift's words
        // (`--freeze_vit`, `--vit_gradient_checkpointing`; `vram::vision_train`).
        "train_vit" | "训练视觉塔" => req.vit.trained = on,
        // ms-swift's `lora_llm`: the tower trained in full beside a LoRA of the language model.
        "vit_full" | "全量训练视觉塔" => req.vit.full = on,
        "freeze_vit" | "冻结视觉塔" => req.vit.trained = !on,
        "vit_gc" | "vit_gradient_checkpointing" | "视觉塔检查点" => {
            req.vit.grad_checkpointing = Some(on)
        }
        _ => return false,
    }
    true
}

/// One `key=value` word of a `/fit` line, read by word family: the job's size, how the
/// engine runs it, how it trains, the software stack; then the card and the on/off switches.
pub(super) fn apply_option<'a>(
    ctx: &Ctx<'a>,
    req: &mut FitRequest<'a>,
    opts: &mut FitOptions,
    given: &mut Given,
    k: &str,
    v: &str,
    w: &str,
) -> Result<(), Box<Reply>> {
    let kvw = (k, v, w);
    if job_option(req, given, kvw)?
        || engine_option(req, opts, given, kvw)?
        || vllm_option(req, opts, given, kvw)?
        || tgi_option(req, opts, given, kvw)?
        || ollama_release_option(req, opts, given, kvw)?
        || transformers_option(req, given, kvw)?
        || images::images_option(req, kvw)?
        || data_parallel_option(req, given, kvw)?
        || qat_option(req, kvw)?
        || training_option(req, opts, given, kvw)?
        || stack_option(req, given, kvw)?
    {
        return Ok(());
    }
    match k {
        "gpu" | "card" => match ctx.catalog.gpu(v) {
            Ok(g) => req.gpu = Some(g),
            Err(nf) => return Err(Box::new(not_found_reply(&nf))),
        },
        // The on/off switches (`switch`).
        _ => match lexicon::on_off(v) {
            Some(on) if switch(req, k, on) => {}
            _ => return Err(usage_err(FitError::BadValue(w.to_string()))),
        },
    }
    Ok(())
}

/// An error of a `/fit` line, answered with the command's usage.
pub(super) fn usage_err(e: FitError) -> Box<Reply> {
    Box::new(Reply::text(e.msg()).with(Msg::new("usage-fit")))
}

/// The job's size: context, batch (and Ollama's slots), beams, cards, quantization, task.
/// `false` for a key of another family.
fn job_option(
    req: &mut FitRequest<'_>,
    given: &mut Given,
    (k, v, w): (&str, &str, &str),
) -> Result<bool, Box<Reply>> {
    match k {
        "ctx" | "context" | "上下文" => match lexicon::context_tokens(v) {
            Some(n) if (1..=vram::MAX_CONTEXT as u64).contains(&n) => {
                req.context = n as u32;
                given.context = true;
            }
            Some(n) => return Err(usage_err(FitError::BadContext(n))),
            None => return Err(usage_err(FitError::BadValue(w.to_string()))),
        },
        // Ollama's parallel slots (`OLLAMA_NUM_PARALLEL`, llama-server's `-np`) are sequences
        // of the stated context each: Ollama starts llama-server with `-c num_ctx × parallel`
        // (`llm/llama_server.go` @ fb30760996871fa9460115c753afd2c60d4ab0f7).
        "batch"
        | "bs"
        | "并发"
        | "parallel"
        | "np"
        | "num_parallel"
        | "ollama_num_parallel"
        | "并行" => match v.parse::<u64>() {
            Ok(n) if (1..=vram::MAX_BATCH as u64).contains(&n) => req.batch = n as u32,
            Ok(n) => return Err(usage_err(FitError::BadBatch(n))),
            Err(_) => return Err(usage_err(FitError::BadValue(w.to_string()))),
        },
        // Transformers' beam search (`num_beams`; `vram::beams`): each beam is a sequence.
        "beams" | "num_beams" | "beam" | "束搜索" | "束宽" => match v.parse::<u32>() {
            Ok(n) if (1..=vram::MAX_BEAMS).contains(&n) => req.beams = n,
            _ => return Err(usage_err(FitError::BadValue(w.to_string()))),
        },
        "cards" | "gpus" | "卡" => match v.parse::<u64>() {
            Ok(n) if (1..=vram::MAX_CARDS as u64).contains(&n) => req.cards = n as u32,
            Ok(n) => return Err(usage_err(FitError::BadCards(n))),
            Err(_) => return Err(usage_err(FitError::BadValue(w.to_string()))),
        },
        "quant" => {
            req.quant = v.parse::<Quant>().map_err(usage_err)?;
            given.quant = true;
        }
        "task" => req.task = v.parse::<Task>().map_err(usage_err)?,
        _ => return Ok(false),
    }
    Ok(true)
}

/// The Transformers release that runs it (`transformers=4.46`, `vram::vision_sdpa3d`), which
/// names Transformers as the engine too. `false` for another key.
fn transformers_option(
    req: &mut FitRequest<'_>,
    given: &mut Given,
    (k, v, w): (&str, &str, &str),
) -> Result<bool, Box<Reply>> {
    if !matches!(k, "transformers" | "transformers_release") {
        return Ok(false);
    }
    let r = vram::TransformersRelease::parse(v)
        .ok_or_else(|| usage_err(FitError::BadValue(w.into())))?;
    req.transformers_release = Some(r);
    req.engine = Engine::Transformers;
    given.engine = true;
    Ok(true)
}

/// The Ollama release that serves it (`ollama_release=0.6.0`, `vram::swa`), which names
/// Ollama as the engine too. `false` for another key.
fn ollama_release_option(
    req: &mut FitRequest<'_>,
    opts: &mut FitOptions,
    given: &mut Given,
    (k, v, w): (&str, &str, &str),
) -> Result<bool, Box<Reply>> {
    if k != "ollama_release" {
        return Ok(false);
    }
    let r = vram::ollama::OllamaRelease::parse(v)
        .ok_or_else(|| usage_err(FitError::BadValue(w.into())))?;
    req.ollama_release = Some(r);
    req.engine = Engine::Llamacpp;
    opts.ollama = true;
    given.engine = true;
    Ok(true)
}

/// The TGI release that serves it (`tgi=3.2`, `vram::tgi_release`), which names TGI as the
/// server too. `false` for another key.
fn tgi_option(
    req: &mut FitRequest<'_>,
    opts: &mut FitOptions,
    given: &mut Given,
    (k, v, w): (&str, &str, &str),
) -> Result<bool, Box<Reply>> {
    if !matches!(k, "tgi" | "tgi_release") {
        return Ok(false);
    }
    let r = vram::TgiRelease::parse(v).ok_or_else(|| usage_err(FitError::BadValue(w.into())))?;
    req.tgi_release = Some(r);
    req.engine = Engine::Vllm;
    opts.server = Some(vram::Server::Tgi);
    given.engine = true;
    Ok(true)
}

/// Quantization-aware training (`qat=int4`, Unsloth's `qat_scheme`; `vram::qat`). `false` for
/// another key.
fn qat_option(req: &mut FitRequest<'_>, (k, v, w): (&str, &str, &str)) -> Result<bool, Box<Reply>> {
    if !matches!(k, "qat" | "qat_scheme" | "量化感知训练") {
        return Ok(false);
    }
    let q = vram::Qat::parse(v).ok_or_else(|| usage_err(FitError::BadValue(w.into())))?;
    req.qat = Some(q);
    Ok(true)
}

/// vLLM's data parallel (`dp=8`, `vllm serve -dp 8`; `vram::data_parallel`) and pipeline
/// parallel (`pp=2`, `--pipeline-parallel-size 2`; `vram::pipeline::typed`): the engine they
/// name unless one was said. `false` for another key.
fn data_parallel_option(
    req: &mut FitRequest<'_>,
    given: &mut Given,
    (k, v, w): (&str, &str, &str),
) -> Result<bool, Box<Reply>> {
    let pp = matches!(
        k,
        "pp" | "pipeline_parallel" | "pipeline_parallel_size" | "流水线并行"
    );
    if !pp
        && !matches!(
            k,
            "dp" | "data_parallel" | "data_parallel_size" | "数据并行"
        )
    {
        return Ok(false);
    }
    match v.parse::<u32>() {
        Ok(n) if (1..=vram::MAX_CARDS).contains(&n) && pp => req.pipeline_parallel = n,
        Ok(n) if (1..=vram::MAX_CARDS).contains(&n) => req.data_parallel = n,
        _ => return Err(usage_err(FitError::BadValue(w.into()))),
    }
    given.engine_unless_said(req, Engine::Vllm);
    Ok(true)
}

/// How the engine runs it: the engine, a server's own fraction, the KV cache's types,
/// vLLM's share of the card, the attention implementation. `false` for another key.
fn engine_option(
    req: &mut FitRequest<'_>,
    opts: &mut FitOptions,
    given: &mut Given,
    (k, v, w): (&str, &str, &str),
) -> Result<bool, Box<Reply>> {
    match k {
        "engine" => {
            req.engine = v.parse::<Engine>().map_err(usage_err)?;
            // The server's own pool rule where it has one (`vram::Server`).
            opts.server = vram::Server::parse(v);
            opts.ollama = vram::ollama::is_ollama_word(v);
            given.engine = true;
        }
        // That server's own fraction: SGLang's `--mem-fraction-static`, TGI's
        // `--cuda-memory-fraction`, LMDeploy's `cache_max_entry_count`, TensorRT-LLM's
        // `free_gpu_memory_fraction` (0.85 or 85%).
        "mfs"
        | "mem_fraction_static"
        | "mem_fraction"
        | "cuda_memory_fraction"
        | "cache_max_entry_count"
        | "free_gpu_memory_fraction"
        | "kv_cache_free_gpu_mem_fraction"
        | "显存比例" => match vram::vllm_utilization(v) {
            Some(f) => opts.server_fraction = Some(f),
            None => return Err(usage_err(FitError::BadValue(w.to_string()))),
        },
        // The KV cache's type, K and V alike (`vram::kv_cache`): vLLM's / SGLang's
        // `--kv-cache-dtype`, Ollama's `OLLAMA_KV_CACHE_TYPE`, llama.cpp's `-ctk` with `-ctv`.
        "kv"
        | "kv_cache"
        | "kv_cache_dtype"
        | "kv_cache_type"
        | "cache_type"
        | "kv_dtype"
        | "ollama_kv_cache_type"
        | "kv缓存"
        | "kv缓存类型"
        | "kv精度" => match lexicon::kv_dtype(v) {
            Some(kv) => {
                opts.kv_cache = kv;
                opts.kv_cache_v = None;
            }
            None => return Err(usage_err(FitError::BadValue(w.to_string()))),
        },
        // llama.cpp's K cache alone (`-ctk`, `--cache-type-k`): the V cache keeps its type.
        "ctk" | "cache_type_k" | "type_k" | "k缓存" => match lexicon::kv_dtype(v) {
            Some(kv) => {
                let v_type = opts.kv_cache_v.unwrap_or(opts.kv_cache);
                opts.kv_cache = kv;
                opts.kv_cache_v = (v_type != kv).then_some(v_type);
            }
            None => return Err(usage_err(FitError::BadValue(w.to_string()))),
        },
        // llama.cpp's V cache alone (`-ctv`, `--cache-type-v`).
        "ctv" | "cache_type_v" | "type_v" | "v缓存" => match lexicon::kv_dtype(v) {
            Some(kv) => opts.kv_cache_v = (kv != opts.kv_cache).then_some(kv),
            None => return Err(usage_err(FitError::BadValue(w.to_string()))),
        },
        // vLLM's `--gpu-memory-utilization` (`FitOptions::vllm_utilization`): 0.95 or 95%.
        "gmu" | "gpu_memory_utilization" | "显存利用率" => match vram::vllm_utilization(v) {
            Some(u) => opts.vllm_utilization = u,
            None => return Err(usage_err(FitError::BadValue(w.to_string()))),
        },
        // llama.cpp's expert offload (`vram::expert_offload`): `cpu-moe`, `ncmoe=N`.
        _ if lexicon::is_cpu_moe_key(k) => match lexicon::cpu_moe_layers(v) {
            Some(layers) => {
                req.cpu_moe = layers;
                // A llama.cpp flag: the engine it names unless one was said.
                if layers.is_some() {
                    given.engine_unless_said(req, Engine::Llamacpp);
                }
            }
            None => return Err(usage_err(FitError::BadValue(w.to_string()))),
        },
        // llama.cpp's micro-batch (`-ub`): the tokens one compute-buffer pass holds.
        _ if lexicon::is_ubatch_key(k) => match v.parse::<u32>() {
            Ok(n) if (1..=vram::MAX_UBATCH).contains(&n) => {
                req.ubatch = Some(n);
                // A llama.cpp setting: the engine it names unless one was said.
                given.engine_unless_said(req, Engine::Llamacpp);
            }
            _ => return Err(usage_err(FitError::BadValue(w.to_string()))),
        },
        // The image processor's largest image (vLLM's `mm_processor_kwargs` `max_pixels`):
        // what vLLM's start-up profile encodes (`vram::vision_tower::capped`).
        "max_pixels" | "max-pixels" | "maxpixels" | "最大像素" => match lexicon::pixels(v) {
            Some(p) => req.max_pixels = Some(p),
            None => return Err(usage_err(FitError::BadValue(w.to_string()))),
        },
        "attn" | "attention" => match lexicon::attention(v) {
            Some(a) => req.attention = Some(a),
            None => return Err(usage_err(FitError::BadValue(w.to_string()))),
        },
        _ => return Ok(false),
    }
    Ok(true)
}

/// vLLM's scheduler and drafting: the requests and tokens its start-up profile samples, and MTP
/// speculative decoding. `false` for another key.
fn vllm_option(
    req: &mut FitRequest<'_>,
    opts: &mut FitOptions,
    given: &mut Given,
    (k, v, w): (&str, &str, &str),
) -> Result<bool, Box<Reply>> {
    match k {
        // vLLM's `--max-num-seqs` (`FitOptions::vllm_max_seqs`, `vram::vllm_seqs`): the requests
        // its start-up profile samples for at once.
        "seqs" | "max_num_seqs" | "max_seqs" | "最大并发序列数" => match v.parse::<u64>() {
            Ok(n) if (1..=vram::MAX_BATCH as u64).contains(&n) => {
                opts.vllm_max_seqs = Some(n as u32)
            }
            _ => return Err(usage_err(FitError::BadValue(w.to_string()))),
        },
        // vLLM's MTP speculative decoding (`--speculative-config` method `mtp`,
        // `vram::spec_decode`): `mtp=3` drafts 3 tokens a step, `spec=mtp` one (vLLM's
        // default is the checkpoint's MTP layer count, one in every catalog model that has
        // them). A vLLM setting: the engine it names unless one was said.
        "mtp" | "spec" | "speculative" | "投机解码" => {
            let drafts = match v.parse::<u32>() {
                Ok(n) if (1..=16).contains(&n) => n,
                _ if v.eq_ignore_ascii_case("mtp") => 1,
                _ => return Err(usage_err(FitError::BadValue(w.to_string()))),
            };
            req.mtp_drafts = drafts;
            given.engine_unless_said(req, Engine::Vllm);
        }
        // vLLM's `--max-num-batched-tokens` (`vllm_seqs::with_batched_tokens`): the tokens of
        // its start-up profile's forward pass.
        "batched" | "max_num_batched_tokens" | "batched_tokens" | "批处理令牌数" => {
            match v.parse::<u64>() {
                Ok(n) if (1..=4_194_304).contains(&n) => opts.vllm_batched_tokens = Some(n as u32),
                _ => return Err(usage_err(FitError::BadValue(w.to_string()))),
            }
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// How it trains: LoRA rank, sharding, optimizer, checkpointing, dropout, the method and
/// GRPO's settings, gradient accumulation, the loss head. `false` for another key.
fn training_option(
    req: &mut FitRequest<'_>,
    opts: &mut FitOptions,
    given: &mut Given,
    (k, v, w): (&str, &str, &str),
) -> Result<bool, Box<Reply>> {
    match k {
        // The rank: LoRA's, and a tuner's in place of its own default (`vram::tuners::plan`).
        "rank" | "r" => match v.parse::<u32>() {
            Ok(n) if (1..=4096).contains(&n) => {
                opts.lora_rank = n;
                req.tuner_rank = Some(n);
            }
            _ => return Err(usage_err(FitError::BadValue(w.to_string()))),
        },
        "zero" => set_zero(opts, v).map_err(usage_err)?,
        // Which linear layers carry adapters (`vram::LoraTargets`): `targets=qv|attn|mlp|all`
        // or a trainer's module list (`target_modules=q_proj,v_proj`).
        "targets" | "lora_target" | "target_modules" | "目标模块" => {
            req.lora_targets = vram::LoraTargets::from_key(v)
                .ok_or_else(|| usage_err(FitError::BadValue(w.into())))?;
            req.targets_said = true;
        }
        // IA3's `feedforward_modules` (`vram::tuner_targets::ia3_feedforward`).
        "feedforward_modules" | "ff" => {
            req.ia3_feedforward = Some(
                vram::LoraTargets::from_key(v)
                    .ok_or_else(|| usage_err(FitError::BadValue(w.into())))?,
            );
        }
        // MiSS / Bone's `init_weights="bat"` (`vram::tuners::layer_bytes`); PEFT's other
        // values (`true`, `mini`) are sized as plain MiSS.
        "init_weights" => match v {
            "bat" => req.miss_bat = true,
            "true" | "mini" => req.miss_bat = false,
            _ => return Err(usage_err(FitError::BadValue(w.to_string()))),
        },
        "optim" | "optimizer" => match lexicon::optimizer(v) {
            Some(o) => {
                opts.optimizer = o;
                given.optimizer = true;
            }
            None => return Err(usage_err(FitError::BadValue(w.to_string()))),
        },
        "gc" | "checkpointing" => match lexicon::on_off(v) {
            Some(on) => given.gc = Some(on),
            None => return Err(usage_err(FitError::BadValue(w.to_string()))),
        },
        // `dropout=0.1` (a trainer's rate) or `dropout=on|off`.
        "dropout" => match (lexicon::on_off(v), v.parse::<f64>()) {
            (Some(on), _) => req.lora_dropout = on,
            (None, Ok(rate)) if (0.0..1.0).contains(&rate) => req.lora_dropout = rate > 0.0,
            _ => return Err(usage_err(FitError::BadValue(w.to_string()))),
        },
        // A PEFT tuner beside LoRA (`vram::tuners`): `tuner=adalora`, `tuner=llamapro:4`…
        "tuner" | "tuner_type" | "train_type" | "微调方式" => {
            req.tuner = Some(
                vram::Tuner::from_key(v).ok_or_else(|| usage_err(FitError::BadValue(w.into())))?,
            )
        }
        // The training method (`vram::Method`): `method=dpo`, `method=grpo`…
        "method" | "rlhf_type" | "stage" | "方法" => {
            req.method =
                vram::Method::from_key(v).ok_or_else(|| usage_err(FitError::BadValue(w.into())))?
        }
        // GRPO's completions per prompt, its completion length and where it generates.
        "generations" | "num_generations" | "生成数" => match v.parse::<u32>() {
            Ok(n) if (1..=1024).contains(&n) => req.generations = n,
            _ => return Err(usage_err(FitError::BadValue(w.to_string()))),
        },
        "completion" | "max_completion_length" | "生成长度" => match lexicon::context_tokens(v)
        {
            Some(n) if (1..=vram::MAX_CONTEXT as u64).contains(&n) => {
                req.completion = Some(n as u32)
            }
            _ => return Err(usage_err(FitError::BadValue(w.to_string()))),
        },
        "rollout" | "采样" => {
            req.rollout =
                vram::Rollout::from_key(v).ok_or_else(|| usage_err(FitError::BadValue(w.into())))?
        }
        // Micro-batches per optimizer step (`vram::grad_accum`): `accum=1` frees the gradients
        // before each forward pass.
        _ if lexicon::is_grad_accum_key(k) => match lexicon::grad_accum_steps(v) {
            Some(n) => req.grad_accum = Some(n),
            None => return Err(usage_err(FitError::BadValue(w.to_string()))),
        },
        // How the loss holds the logits (`vram::LossHead`): `fused` (Liger, CCE), `half`, `fp32`.
        "loss" => req.loss = loss_head(v).ok_or_else(|| usage_err(FitError::BadValue(w.into())))?,
        _ => return Ok(false),
    }
    Ok(true)
}

/// The software stack and its release: trainer, vLLM's or Unsloth's release, torchao, the
/// checkpoint's format. `false` for another key.
fn stack_option(
    req: &mut FitRequest<'_>,
    given: &mut Given,
    (k, v, w): (&str, &str, &str),
) -> Result<bool, Box<Reply>> {
    match k {
        // The trainer whose mechanisms size the job (`set_trainer`).
        "trainer" | "训练框架" => {
            set_trainer(req, v).ok_or_else(|| usage_err(FitError::BadValue(w.to_string())))?
        }
        "vllm" | "vllm_use_v1" | "unsloth" => {
            super::fit_base::release_word(req, &mut given.engine, k, v)
                .ok_or_else(|| usage_err(FitError::BadValue(w.to_string())))?
        }
        // vLLM's `VLLM_USE_FLASHINFER_SAMPLER`: the sampler its start-up profile runs
        // (`vram::vllm_sampler`); a vLLM setting, so the engine is vLLM.
        "vllm_use_flashinfer_sampler" => {
            req.vllm_flashinfer_sampler = crate::lexicon::on_off(v)
                .ok_or_else(|| usage_err(FitError::BadValue(w.to_string())))?;
            req.engine = Engine::Vllm;
            given.engine = true;
        }
        // torchao quantizes in PyTorch on the card: its own stack, never moved to vLLM.
        "torchao" => torchao_option(req, given, v)
            .ok_or_else(|| usage_err(FitError::BadValue(w.to_string())))?,
        // The TRL release that ran (`vram::rl_trainer`): GRPO's reference and k-bit preparation.
        "trl" => {
            req.rl_trainer = vram::RlTrainer::from_key(v)
                .ok_or_else(|| usage_err(FitError::BadValue(w.to_string())))?
        }
        // The LLaMA-Factory release that ran (`vram::whole_load`): before 0.7.1 every card
        // loads the whole model under FSDP first.
        "llamafactory" | "llama-factory" | "llama_factory" => {
            let whole = vram::whole_load::llamafactory_loads_whole(v)
                .ok_or_else(|| usage_err(FitError::BadValue(w.to_string())))?;
            set_trainer(req, "llamafactory");
            req.whole_load = whole;
        }
        // The checkpoint's format when it changes what Transformers holds
        // (`vram::ct_decompress`): compressed-tensors (llm-compressor) or AutoAWQ/GPTQ's own.
        "format" | "checkpoint" | "格式" => {
            req.compressed_tensors =
                checkpoint_format(v).ok_or_else(|| usage_err(FitError::BadValue(w.to_string())))?
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// `format=…`: whether the checkpoint is in compressed-tensors' format (llm-compressor's),
/// `false` for AutoAWQ's or GPTQ's own; `None` for another word.
pub(super) fn checkpoint_format(v: &str) -> Option<bool> {
    match v.to_ascii_lowercase().replace('_', "-").as_str() {
        "compressed-tensors" | "llm-compressor" | "llmcompressor" => Some(true),
        "autoawq" | "awq" | "gptq" | "gptqmodel" | "auto-gptq" => Some(false),
        _ => None,
    }
}

/// `torchao=…` (`vram::Torchao::parse`): the scheme, and the format it names if any.
fn torchao_option(req: &mut FitRequest, given: &mut Given, v: &str) -> Option<()> {
    let (q, t) = vram::Torchao::parse(v)?;
    if let Some(q) = q {
        req.quant = q;
        given.quant = true;
    }
    req.torchao = Some(t);
    given.engine = true;
    Some(())
}

/// What the user typed rather than left to the defaults (`settle`).
#[derive(Debug, Clone, Copy, Default)]
pub struct Given {
    pub quant: bool,
    /// `gc=on|off`, when said.
    pub gc: Option<bool>,
    pub context: bool,
    pub engine: bool,
    /// `optim=…` or an optimizer word.
    pub optimizer: bool,
}

impl Given {
    /// The engine a setting names (`dp=8`: vLLM, `-ub`: llama.cpp), unless one was said.
    fn engine_unless_said(&mut self, req: &mut FitRequest<'_>, engine: Engine) {
        if !self.engine {
            req.engine = engine;
            self.engine = true;
        }
    }
}
