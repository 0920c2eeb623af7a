//! The CLI and the chat are one brain: for the same job, `gpuscout cost|compare|convert|fit|tco`
//! prints exactly the answer the chat gives, and its `--json` carries the same numbers.

use bot_core::billing::format_money;
use gpuscout_testkit::cli::{Cli, Run};

fn gpuscout_bin() -> Cli {
    Cli::new(env!("CARGO_BIN_EXE_gpuscout"))
}

fn gpuscout(args: &[&str]) -> Run {
    gpuscout_bin().run(args)
}

fn json(args: &[&str]) -> serde_json::Value {
    gpuscout_bin().json(args)
}

/// The chat's answer to one line, in English (a fresh store, so no earlier state).
fn chat(line: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let r = gpuscout_bin().run_in(dir.path(), &["chat", "--lang", "en"], &format!("{line}\n"));
    assert!(r.ok, "{line}: {}", r.stderr);
    r.stdout.trim().to_string()
}

/// The CLI's text answer.
fn text(args: &[&str]) -> String {
    let r = gpuscout(args);
    assert!(r.ok, "{args:?}: {}", r.stderr);
    r.stdout.trim().to_string()
}

fn line_with<'a>(answer: &'a str, start: &str) -> &'a str {
    answer
        .lines()
        .find(|l| l.starts_with(start))
        .unwrap_or_else(|| panic!("no line starting with {start:?} in:\n{answer}"))
}

#[test]
fn a_student_gets_the_same_cost_from_the_chat_and_the_cli() {
    let chat = chat("/cost runpod 4090 3h boot=3m pull=2m");
    let args = [
        "cost",
        "--platform",
        "runpod",
        "--gpu",
        "4090",
        "--work",
        "3h",
        "--boot",
        "3m",
        "--pull",
        "2m",
        "--to-currency",
        "USD",
    ];
    assert_eq!(chat, text(&args));
    let mut with_json = args.to_vec();
    with_json.push("--json");
    let v = json(&with_json);
    let total = rust_decimal::Decimal::try_from(v["total_cost"].as_f64().unwrap()).unwrap();
    assert_eq!(
        line_with(&chat, "Total:"),
        format!("Total: {}", format_money(total, "USD"))
    );
}

#[test]
fn compare_ranks_the_same_platforms_in_the_same_order_with_the_same_totals() {
    let chat = chat("/compare 4090 3h");
    // The one wording difference: the CLI names its flag where the chat names its option.
    assert_eq!(
        chat.replace("fx=RATE", "--fx-rate RATE"),
        text(&["compare", "--gpu", "4090", "--work", "3h"])
    );
    let rows = json(&["compare", "--gpu", "4090", "--work", "3h", "--json"]);
    let rows = rows.as_array().unwrap();
    assert!(rows.len() >= 3, "{rows:?}");
    for (i, row) in rows.iter().enumerate() {
        let total = rust_decimal::Decimal::try_from(row["total_cost"].as_f64().unwrap()).unwrap();
        let why = format!("{}. {}", i + 1, row["platform"].as_str().unwrap());
        assert!(chat.contains(&why), "{why} missing from:\n{chat}");
        assert!(
            chat.contains(&format_money(total, "USD")),
            "total of rank {} missing",
            i + 1
        );
    }
}

#[test]
fn convert_says_the_same_in_both() {
    let chat = chat("/convert 0.0007 usd/s to hour");
    assert_eq!(
        chat,
        text(&[
            "convert",
            "0.0007",
            "--per",
            "second",
            "--to",
            "hour",
            "--currency",
            "usd"
        ])
    );
    // A bare amount is read in USD, and the CLI says so under the same first line.
    let bare = text(&["convert", "0.0007", "--per", "second", "--to", "hour"]);
    let (first, said) = bare.split_once('\n').unwrap_or((&bare, ""));
    assert_eq!(first, chat);
    assert!(said.contains("read as USD"), "{bare}");
    let v = json(&[
        "convert", "0.0007", "--per", "second", "--to", "hour", "--json",
    ]);
    assert_eq!(v["amount"].as_f64(), Some(2.52));
    assert!(chat.contains("$2.52/hour"), "{chat}");
}

#[test]
fn fit_gives_the_same_gib_in_both() {
    let chat = chat("/fit qwen2.5-72b int4 ctx=32k 4090");
    let args = [
        "fit",
        "--model",
        "qwen2.5-72b",
        "--quant",
        "int4",
        "--context",
        "32768",
        "--gpu",
        "4090",
    ];
    assert_eq!(chat, text(&args));
    let mut with_json = args.to_vec();
    with_json.push("--json");
    let v = json(&with_json);
    let total = format!("{:.1}", v["total_gib"].as_f64().unwrap());
    assert!(chat.contains(&total), "{total} GiB missing from:\n{chat}");
    assert_eq!(v["fits"], false);
}

/// torchao's words (`int4wo-64` in the chat, `--torchao int4wo-64` in the CLI) size the same
/// job, and a scheme torchao does not have is refused in the CLI.
#[test]
fn torchao_sizes_the_same_in_both() {
    let chat = chat("/fit llama-3.1-8b int4wo-64 ctx=2k 4090");
    let args = [
        "fit",
        "--model",
        "llama-3.1-8b",
        "--torchao",
        "int4wo-64",
        "--context",
        "2048",
        "--gpu",
        "4090",
    ];
    assert_eq!(chat, text(&args));
    assert!(chat.contains("torchao int4wo-64"), "{chat}");
    let bad = gpuscout(&["fit", "--model", "llama-3.1-8b", "--torchao", "int4wo-48"]);
    assert!(
        !bad.ok && bad.stderr.contains("--torchao"),
        "{}",
        bad.stderr
    );
}

/// The trainer words of held-out 4 size the same job in both: `fsdp` (`--zero fsdp`: a bf16
/// model's moments stay bf16, where DeepSpeed ZeRO keeps fp32 masters) and `liger` (`--liger`:
/// no full-vocabulary logits).
#[test]
fn fsdp_and_liger_size_the_same_in_both() {
    let base = [
        "fit",
        "--model",
        "qwen2.5-7b",
        "--task",
        "full",
        "--gpus",
        "4",
        "--gpu",
        "a100",
        "--context",
        "8192",
    ];
    for (line, extra) in [
        (
            "/fit qwen2.5-7b full 4xa100 ctx=8k fsdp",
            &["--zero", "fsdp"][..],
        ),
        ("/fit qwen2.5-7b full 4xa100 ctx=8k liger", &["--liger"][..]),
        // A loop's own loss on the 16-bit logits, its output deleted before the backward
        // (`FitRequest::logits_kept`, mem_ev).
        (
            "/fit qwen2.5-7b full 4xa100 ctx=8k loss=half del_logits=on",
            &["--loss", "half", "--del-logits"][..],
        ),
        // One process over the cards (`vram::device_map`).
        (
            "/fit qwen2.5-7b full 4xa100 ctx=8k device_map",
            &["--zero", "device_map"][..],
        ),
    ] {
        let mut args = base.to_vec();
        args.extend_from_slice(extra);
        assert_eq!(chat(line), text(&args), "{line}");
    }
    let ds = text(&base);
    assert!(ds.contains("DeepSpeed ZeRO (assumed"), "{ds}");
    // A LoRA loop without autocast (PEFT's fp32 adapters keep fp32 input copies).
    let lora = [
        "fit",
        "--model",
        "llama-3.2-3b",
        "--task",
        "lora",
        "--context",
        "550",
        "--batch",
        "4",
    ];
    let own = "/fit llama-3.2-3b lora ctx=550 batch=4 gc=off autocast=off";
    let mut args = lora.to_vec();
    args.extend_from_slice(&["--no-grad-checkpointing", "--no-autocast"]);
    assert_eq!(chat(own), text(&args), "{own}");
    assert_ne!(
        chat(own),
        chat("/fit llama-3.2-3b lora ctx=550 batch=4 gc=off")
    );
    // LoRA on q and v only (`targets=qv` / `--lora-targets qv`): the same fewer adapter copies.
    let qv = "/fit llama-3.2-3b lora ctx=550 batch=4 gc=off targets=qv";
    let mut args = lora.to_vec();
    args.extend_from_slice(&["--no-grad-checkpointing", "--lora-targets", "qv"]);
    assert_eq!(chat(qv), text(&args), "{qv}");
    assert!(text(&args).contains("q and v projections"));
    // axolotl's load round trip (`axolotl` / `--axolotl`): the same cached fp32 copies in both.
    let ax = "/fit qwen2.5-14b qlora nf4 ctx=2k a100 liger axolotl";
    let cli = text(&[
        "fit",
        "--model",
        "qwen2.5-14b",
        "--task",
        "qlora",
        "--quant",
        "nf4",
        "--context",
        "2048",
        "--gpu",
        "a100",
        "--liger",
        "--axolotl",
    ]);
    assert_eq!(chat(ax), cli, "{ax}");
    assert!(cli.contains("fp32 copies"), "{cli}");
    // fms-acceleration's fast_loss (`fast_loss` / `--fast-loss`): the Triton loss in both.
    let fast = "/fit llama-3-8b lora ctx=4k batch=4 a100 fast_loss";
    let cli = text(&[
        "fit",
        "--model",
        "llama-3-8b",
        "--task",
        "lora",
        "--context",
        "4096",
        "--batch",
        "4",
        "--gpu",
        "a100",
        "--fast-loss",
    ]);
    assert_eq!(chat(fast), cli, "{fast}");
    assert!(cli.contains("fast_loss"), "{cli}");
}

#[test]
fn a_fine_tune_without_its_method_is_lora_and_said_so_in_both() {
    // `finetune` / `--task finetune`: sized as LoRA, said so, with full fine-tuning's and
    // QLoRA's figures on the same card (`answer::fit_method`).
    let chat = chat("/fit mistral-7b-v0.3 finetune l40s");
    let cli = text(&[
        "fit",
        "--model",
        "mistral-7b-v0.3",
        "--task",
        "finetune",
        "--gpu",
        "l40s",
    ]);
    assert_eq!(chat, cli);
    assert!(
        cli.contains("No fine-tuning method given: sized as LoRA"),
        "{cli}"
    );
    assert!(cli.contains("Full fine-tuning would need about"), "{cli}");
    assert!(
        cli.contains("QLoRA (4-bit NF4 base) would need about"),
        "{cli}"
    );
    // `--task lora` names the method: nothing assumed, nothing beside.
    let named = text(&[
        "fit",
        "--model",
        "mistral-7b-v0.3",
        "--task",
        "lora",
        "--gpu",
        "l40s",
    ]);
    assert!(!named.contains("No fine-tuning method given"), "{named}");
    assert!(!named.contains("Full fine-tuning would need"), "{named}");
}

#[test]
fn a_family_and_size_reads_as_the_same_model_in_both() {
    // `deepseek-671b-a37b` is DeepSeek-V3 in both, and both say how the words were read.
    let chat = chat("/fit deepseek-671b-a37b fp8 8x h100");
    let cli = text(&[
        "fit",
        "--model",
        "deepseek-671b-a37b",
        "--quant",
        "fp8",
        "--gpu",
        "h100",
        "--gpus",
        "8",
    ]);
    assert_eq!(chat, cli);
    assert!(chat.contains("read as DeepSeek-V3"), "{chat}");
}

#[test]
fn an_image_model_fits_the_same_in_both() {
    // `gpuscout fit --model flux.1-dev --gpu 4090` is `/fit flux.1-dev 4090`, word for word.
    let chat_answer = chat("/fit flux.1-dev 4090");
    assert_eq!(
        chat_answer,
        text(&["fit", "--model", "flux.1-dev", "--gpu", "4090"])
    );
    assert!(chat_answer.contains("FLUX.1-dev"), "{chat_answer}");
    let args = [
        "fit",
        "--model",
        "flux.1-dev",
        "--quant",
        "fp8",
        "--offload",
        "model",
        "--gpu",
        "4090",
    ];
    let with_options = chat("/fit flux.1-dev fp8 offload=model 4090 batch=1");
    assert_eq!(with_options, text(&args));
    let mut with_json = args.to_vec();
    with_json.push("--json");
    let v = json(&with_json);
    let peak = format!("{:.1} GiB", v["peak_gib"].as_f64().unwrap());
    assert!(
        with_options.contains(&peak),
        "{peak} missing from:\n{with_options}"
    );
}

#[test]
fn a_tiled_and_sliced_vae_decode_sizes_the_same_in_both() {
    // `--vae-tiled --vae-sliced` are the chat's `vae=tiled+sliced` (diffusers'
    // vae.enable_tiling() / enable_slicing()): two 2048x2048 Qwen-Image outputs.
    let chat_answer = chat("/fit qwen-image res=2048x2048 batch=2 vae=tiled+sliced a100");
    let args = [
        "fit",
        "--model",
        "qwen-image",
        "--res",
        "2048x2048",
        "--batch",
        "2",
        "--vae-tiled",
        "--vae-sliced",
        "--gpu",
        "a100",
    ];
    assert_eq!(chat_answer, text(&args));
    assert!(chat_answer.contains("enable_tiling()"), "{chat_answer}");
    assert!(chat_answer.contains("enable_slicing()"), "{chat_answer}");
    let mut whole = args.to_vec();
    whole.retain(|a| !a.starts_with("--vae"));
    whole.push("--json");
    let mut cut = args.to_vec();
    cut.push("--json");
    let (w, c) = (json(&whole), json(&cut));
    assert!(
        c["decode_gib"].as_f64().unwrap() < w["decode_gib"].as_f64().unwrap(),
        "{c}\n{w}"
    );
}

#[test]
fn a_pipeline_moved_to_the_card_before_offload_reads_the_same_in_both() {
    // `--to-cuda-first` is the chat's `to_cuda=first` (mem_dv): nvidia-smi shows more than the
    // streamed need, and the answer says both.
    let chat_answer = chat("/fit sd1.5 offload=seq to_cuda=first");
    let args = [
        "fit",
        "--model",
        "sd1.5",
        "--offload",
        "seq",
        "--to-cuda-first",
    ];
    assert_eq!(chat_answer, text(&args));
    assert!(chat_answer.contains("to_cuda=first"), "{chat_answer}");
    let mut with_json = args.to_vec();
    with_json.push("--json");
    let v = json(&with_json);
    let (shown, peak) = (
        v["shown_gib"].as_f64().unwrap(),
        v["peak_gib"].as_f64().unwrap(),
    );
    assert!(shown > peak + 1.0, "{v}");
    assert!(
        chat_answer.contains(&format!("{shown:.1} GiB")),
        "{chat_answer}"
    );
}

#[test]
fn a_wan_run_by_its_own_generate_py_sizes_the_same_in_both() {
    // `--wan-generate` is the chat's `generate.py`: an fp32 DiT, its activations per token.
    let chat_answer = chat("/fit wan2.1-t2v-1.3b generate.py offload=model res=960x544 l40s");
    let args = [
        "fit",
        "--model",
        "wan2.1-t2v-1.3b",
        "--wan-generate",
        "--offload",
        "model",
        "--res",
        "960x544",
        "--gpu",
        "l40s",
    ];
    assert_eq!(chat_answer, text(&args));
    assert!(chat_answer.contains("denoiser FP32"), "{chat_answer}");
    let mut with_json = args.to_vec();
    with_json.push("--json");
    let v = json(&with_json);
    let peak = format!("{:.1} GiB", v["peak_gib"].as_f64().unwrap());
    assert!(
        chat_answer.contains(&peak),
        "{peak} missing from:\n{chat_answer}"
    );
}

#[test]
fn tco_gives_the_same_cost_per_million_tokens_in_both() {
    let chat = chat("/tco qwen2.5-7b int4 4090 20m 0.3 price=0.35");
    let args = [
        "tco",
        "--model",
        "qwen2.5-7b",
        "--quant",
        "int4",
        "--gpu",
        "4090",
        "--price",
        "0.35",
        "--tokens-per-day",
        "20000000",
        "--api-price-per-mtok",
        "0.3",
    ];
    assert_eq!(chat, text(&args));
    let mut with_json = args.to_vec();
    with_json.push("--json");
    let v = json(&with_json);
    let busy = format!("{:.4}", v["busy_cost_per_mtok"].as_f64().unwrap());
    assert!(
        line_with(&chat, "Self-hosted:").contains(&busy),
        "{busy}: {chat}"
    );
    // $0.05 per 1M tokens renting the busy hours beats the API's $0.30; all day ($8.40) it
    // does not ($6.00): the verdict says exactly that, not "the API is cheaper".
    assert_eq!(v["verdict"], "rent_part_time");
}

/// Without a price both take the cheapest catalog list price (and, around the clock, a prepaid
/// plan when it is cheaper): the CLI does not demand `--price` where the chat answers.
#[test]
fn tco_without_a_price_takes_the_catalog_price_in_both() {
    let base = |model, quant, gpu, tokens| {
        vec![
            "tco",
            "--model",
            model,
            "--quant",
            quant,
            "--gpu",
            gpu,
            "--tokens-per-day",
            tokens,
        ]
    };
    for (line, args) in [
        (
            "/tco qwen2.5-7b int4 4090 20m 0.3",
            [
                base("qwen2.5-7b", "int4", "4090", "20m"),
                vec!["--api-price-per-mtok", "0.3"],
            ]
            .concat(),
        ),
        (
            "/tco qwen2.5-7b int4 4090 20m",
            base("qwen2.5-7b", "int4", "4090", "20m"),
        ),
        (
            "/tco llama-3.1-70b awq 2x a100 200m",
            [
                base("llama-3.1-70b", "awq", "a100", "200m"),
                vec!["--gpus", "2"],
            ]
            .concat(),
        ),
    ] {
        let chat = chat(line);
        let cli = text(&args);
        assert_eq!(chat, cli, "{line}");
        assert!(
            chat.contains("cheapest list price")
                || chat.contains("prepaid")
                || chat.contains("does not fit"),
            "{line}: no catalog price named:\n{chat}"
        );
    }
}

#[test]
fn the_catalog_reads_the_same_in_both() {
    for (line, args) in [
        ("/gpu 4090", vec!["gpu", "4090"]),
        ("/gpus", vec!["gpus"]),
        ("/platform autodl", vec!["platform", "autodl"]),
        ("/platforms", vec!["platforms"]),
    ] {
        assert_eq!(chat(line), text(&args), "{line}");
    }
}

/// An MoE's fused experts left unquantized by bitsandbytes (`moeq=off` / `--experts-16bit`,
/// `vram::bnb_experts`): the same answer in both, and not the default one.
#[test]
fn moe_experts_left_unquantized_size_the_same_in_both() {
    let base = [
        "fit",
        "--model",
        "qwen3-coder-30b-a3b",
        "--task",
        "qlora",
        "--context",
        "4096",
        "--gpu",
        "l40s",
    ];
    let mut args = base.to_vec();
    args.push("--experts-16bit");
    let line = "/fit qwen3-coder-30b-a3b qlora ctx=4k l40s moeq=off";
    let cli = text(&args);
    assert_eq!(chat(line), cli, "{line}");
    assert!(cli.contains("routed experts unquantized"), "{cli}");
    assert_ne!(cli, text(&base));
}

/// A compressed-tensors checkpoint in Transformers (`format=compressed-tensors` /
/// `--compressed-tensors`, `vram::ct_decompress`): the same answer in both, and not AutoAWQ's.
#[test]
fn a_compressed_tensors_checkpoint_sizes_the_same_in_both() {
    let base = [
        "fit",
        "--model",
        "qwq-32b",
        "--quant",
        "awq",
        "--task",
        "lora",
        "--context",
        "2048",
        "--gpu",
        "a40",
    ];
    let mut args = base.to_vec();
    args.push("--compressed-tensors");
    let line = "/fit qwq-32b awq lora ctx=2k a40 format=compressed-tensors";
    let cli = text(&args);
    assert_eq!(chat(line), cli, "{line}");
    assert!(cli.contains("decompresses each quantized layer"), "{cli}");
    assert_ne!(cli, text(&base));
}

/// torchao's generate.py unquantized (`bf16 torchao` in the chat, `--quant bf16 --torchao on`
/// in the CLI) sizes the same job at a long cache, with its N × N mask stated.
#[test]
fn torchao_generate_in_16_bit_sizes_the_same_in_both() {
    let chat = chat("/fit qwen2.5-7b bf16 torchao ctx=72000 h100");
    let args = [
        "fit",
        "--model",
        "qwen2.5-7b",
        "--quant",
        "bf16",
        "--torchao",
        "on",
        "--context",
        "72000",
        "--gpu",
        "h100",
    ];
    let cli = text(&args);
    assert_eq!(chat, cli);
    assert!(cli.contains("72000 × 72000 causal mask"), "{cli}");
}

#[test]
fn vllms_memory_utilization_sizes_the_same_in_both() {
    // The chat's `gmu=0.95` is the CLI's `--gpu-memory-utilization 0.95` (vLLM's share of a card).
    let chat_answer = chat("/fit qwen2.5-coder-32b awq 2x4090 ctx=16k engine=vllm gmu=0.95");
    let args = [
        "fit",
        "--model",
        "qwen2.5-coder-32b",
        "--quant",
        "awq",
        "--gpu",
        "rtx-4090",
        "--gpus",
        "2",
        "--context",
        "16384",
        "--engine",
        "vllm",
        "--gpu-memory-utilization",
        "0.95",
    ];
    assert_eq!(chat_answer, text(&args));
    assert!(
        chat_answer.contains("takes 95% of each card"),
        "{chat_answer}"
    );
    let mut default = args.to_vec();
    default.truncate(args.len() - 2);
    assert_ne!(text(&default), chat_answer);
    // A share vLLM refuses is an error, not a size.
    let mut bad = default.clone();
    bad.extend(["--gpu-memory-utilization", "1.5"]);
    assert!(!gpuscout(&bad).ok);
}

/// A bitsandbytes base loaded from a checkpoint saved in 4-bit (`warmup=off` /
/// `--no-load-warmup`, `vram::bnb_load`): the same answer in both, and not the default one,
/// which keeps half the 16-bit model reserved while it quantizes at load.
#[test]
fn a_checkpoint_saved_in_4_bit_sizes_the_same_in_both() {
    let base = [
        "fit",
        "--model",
        "glm-4-9b",
        "--task",
        "qlora",
        "--context",
        "768",
        "--gpu",
        "rtx-4080",
    ];
    let mut args = base.to_vec();
    args.push("--no-load-warmup");
    let line = "/fit glm-4-9b qlora ctx=768 rtx-4080 warmup=off";
    let cli = text(&args);
    assert_eq!(chat(line), cli, "{line}");
    assert!(
        cli.contains("without the loader's half-model reserve"),
        "{cli}"
    );
    let default = text(&base);
    assert_ne!(cli, default);
    assert_eq!(chat("/fit glm-4-9b qlora ctx=768 rtx-4080"), default);
    assert!(
        default.contains("GiB kept reserved on the card"),
        "{default}"
    );
}

/// A release word sizes the same job in both: `unsloth=2024.5` / `--unsloth-release 2024.5`
/// (per-layer RoPE tables) and `vllm=v0` / `--vllm-v0` (V0's whole-context profile); a release
/// that is none is refused in the CLI.
#[test]
fn release_words_size_the_same_in_both() {
    let chat_u = chat("/fit yi-1.5-9b qlora ctx=2k unsloth=2024.5 4090");
    let args_u = [
        "fit",
        "--model",
        "yi-1.5-9b",
        "--task",
        "qlora",
        "--context",
        "2048",
        "--unsloth-release",
        "2024.5",
        "--gpu",
        "4090",
    ];
    assert_eq!(chat_u, text(&args_u));
    assert!(chat_u.contains("Unsloth 2024.5"), "{chat_u}");
    let chat_v = chat("/fit qwen2.5-14b ctx=24000 l40s vllm=v0");
    let args_v = [
        "fit",
        "--model",
        "qwen2.5-14b",
        "--context",
        "24000",
        "--gpu",
        "l40s",
        "--vllm-v0",
    ];
    assert_eq!(chat_v, text(&args_v));
    assert!(chat_v.contains("V0 engine"), "{chat_v}");
    // vLLM's FlashInfer sampler: the chat's `VLLM_USE_FLASHINFER_SAMPLER=1` is the CLI's
    // `--vllm-flashinfer-sampler` (`vram::vllm_sampler`).
    let chat_f = chat("/fit llama-3.1-8b ctx=8k h100 VLLM_USE_FLASHINFER_SAMPLER=1");
    let args_f = [
        "fit",
        "--model",
        "llama-3.1-8b",
        "--context",
        "8192",
        "--gpu",
        "h100",
        "--vllm-flashinfer-sampler",
    ];
    assert_eq!(chat_f, text(&args_f));
    assert!(chat_f.contains("FlashInfer"), "{chat_f}");
    // llama.cpp's `--swa-full`: the chat's `swafull=on`, sliding layers at full length.
    let chat_s = chat("/fit gemma-3-12b q8_0 ctx=64k engine=llamacpp swafull=on");
    let args_s = [
        "fit",
        "--model",
        "gemma-3-12b",
        "--quant",
        "q8_0",
        "--context",
        "65536",
        "--engine",
        "llamacpp",
        "--swa-full",
    ];
    assert_eq!(chat_s, text(&args_s));
    assert!(
        chat_s.contains("the whole context all the same"),
        "{chat_s}"
    );
    let bad = gpuscout(&[
        "fit",
        "--model",
        "yi-1.5-9b",
        "--unsloth-release",
        "2024.13",
    ]);
    assert!(!bad.ok);
}

/// The KV cache's type and a server's own pool rule (`vram::kv_cache`, `vram::server`): the
/// chat's `kv=q8_0` / `ctv=f16` are the CLI's `--kv-cache q8_0` / `--kv-cache-v f16`, and the
/// chat's `engine=sglang mfs=0.9` the CLI's `--engine sglang --mem-fraction 0.9`.
#[test]
fn cache_types_and_server_fractions_size_the_same_in_both() {
    let chat_kv = chat("/fit gemma-3-27b q4_k_m 4090 ctx=32k engine=llamacpp kv=q8_0");
    let kv = [
        "fit",
        "--model",
        "gemma-3-27b",
        "--quant",
        "q4_k_m",
        "--gpu",
        "rtx-4090",
        "--context",
        "32768",
        "--engine",
        "llamacpp",
        "--kv-cache",
        "q8_0",
    ];
    assert_eq!(chat_kv, text(&kv));
    assert!(chat_kv.contains("KV cache in q8_0"), "{chat_kv}");
    let chat_k = chat("/fit gemma-3-27b q4_k_m 4090 ctx=32k engine=llamacpp kv=q8_0 ctv=f16");
    let mut k_only = kv.to_vec();
    k_only.extend(["--kv-cache-v", "f16"]);
    assert_eq!(chat_k, text(&k_only));
    assert!(chat_k.contains("KV cache in q8_0/f16"), "{chat_k}");
    let chat_sg = chat("/fit qwen3-32b fp8 2x4090 ctx=16k engine=sglang mfs=0.9");
    let sg = [
        "fit",
        "--model",
        "qwen3-32b",
        "--quant",
        "fp8",
        "--gpu",
        "rtx-4090",
        "--gpus",
        "2",
        "--context",
        "16384",
        "--engine",
        "sglang",
        "--mem-fraction-static",
        "0.9",
    ];
    assert_eq!(chat_sg, text(&sg));
    assert!(
        chat_sg.contains("SGLang keeps 90% of each card"),
        "{chat_sg}"
    );
    // A cache type no engine has, or a fraction out of range, is an error, not a size.
    let mut bad = kv.to_vec();
    let last = bad.len() - 1;
    bad[last] = "q3";
    assert!(!gpuscout(&bad).ok);
    let mut bad_f = sg.to_vec();
    let last = bad_f.len() - 1;
    bad_f[last] = "1.5";
    assert!(!gpuscout(&bad_f).ok);
}

/// Ollama's own estimate (`vram::ollama`): the chat's `engine=ollama` is the CLI's
/// `--engine ollama`, with Ollama's default context (2048) where none is said, and the JSON
/// carries the `ollama ps` figure and the layers on the cards.
#[test]
fn ollamas_own_estimate_is_the_same_in_both() {
    let chat_spill = chat("/fit qwen2.5-72b q4_k_m 2x4090 ctx=32k engine=ollama");
    let spill = [
        "fit",
        "--model",
        "qwen2.5-72b",
        "--quant",
        "q4_k_m",
        "--gpu",
        "rtx-4090",
        "--gpus",
        "2",
        "--context",
        "32768",
        "--engine",
        "ollama",
    ];
    assert_eq!(chat_spill, text(&spill));
    assert!(
        chat_spill.contains("of 81 layers on the CPU"),
        "{chat_spill}"
    );
    let mut j = spill.to_vec();
    j.push("--json");
    let v = json(&j);
    assert_eq!(v["ollama"]["layers_model"], 81);
    assert!(v["ollama"]["layers_offloaded"].as_u64().unwrap() < 81);
    // No context said: Ollama's 2048 in both, every layer on the card.
    let chat_fit = chat("/fit qwen2.5-14b q4_k_m 4090 ollama");
    let fit = [
        "fit",
        "--model",
        "qwen2.5-14b",
        "--quant",
        "q4_k_m",
        "--gpu",
        "rtx-4090",
        "--engine",
        "ollama",
    ];
    assert_eq!(chat_fit, text(&fit));
    assert!(chat_fit.contains("num_ctx 2048"), "{chat_fit}");
    assert!(chat_fit.contains("100% GPU"), "{chat_fit}");
    // llama.cpp itself says nothing of Ollama.
    let plain = text(&[
        "fit",
        "--model",
        "qwen2.5-14b",
        "--quant",
        "q4_k_m",
        "--gpu",
        "rtx-4090",
        "--engine",
        "llamacpp",
    ]);
    assert!(!plain.contains("ollama ps"), "{plain}");
}

/// Held-out 16's method words size the same job in both: `method=dpo` / `--method dpo`, DoRA,
/// GRPO's completions and rollout, `ref=off` / `--no-ref` (`vram::method`).
#[test]
fn training_methods_size_the_same_in_both() {
    for (line, args) in [
        (
            "/fit llama-3.1-8b lora method=dpo ctx=1536 batch=2 l40s",
            &[
                "fit",
                "--model",
                "llama-3.1-8b",
                "--task",
                "lora",
                "--method",
                "dpo",
                "--context",
                "1536",
                "--batch",
                "2",
                "--gpu",
                "l40s",
            ][..],
        ),
        (
            "/fit qwen3-4b full method=kto ctx=1k ref=off a100",
            &[
                "fit",
                "--model",
                "qwen3-4b",
                "--task",
                "full",
                "--method",
                "kto",
                "--context",
                "1024",
                "--no-ref",
                "--gpu",
                "a100",
            ][..],
        ),
        (
            "/fit qwen3-8b lora method=grpo ctx=2k completion=1536 generations=16 batch=16 rollout=colocate gmu=0.3 h100",
            &[
                "fit",
                "--model",
                "qwen3-8b",
                "--task",
                "lora",
                "--method",
                "grpo",
                "--context",
                "2048",
                "--completion",
                "1536",
                "--generations",
                "16",
                "--batch",
                "16",
                "--rollout",
                "colocate",
                "--gpu-memory-utilization",
                "0.3",
                "--gpu",
                "h100",
            ][..],
        ),
        (
            "/fit yi-1.5-9b lora dora=on ctx=512 a10",
            &[
                "fit",
                "--model",
                "yi-1.5-9b",
                "--task",
                "lora",
                "--dora",
                "--context",
                "512",
                "--gpu",
                "a10",
            ][..],
        ),
    ] {
        assert_eq!(chat(line), text(args), "{line}");
    }
    let bad = gpuscout(&["fit", "--model", "qwen3-4b", "--method", "dpo"]);
    assert!(
        !bad.ok && bad.stderr.contains("way to fine-tune"),
        "{}",
        bad.stderr
    );
}

#[test]
fn training_the_text_encoders_too_sizes_the_same_in_both() {
    // `--train-te` is the chat's `te=train` (kohya's text_encoder_lr): the encoders' LoRA,
    // embeddings' gradients and activations are counted and said.
    let args = [
        "fit",
        "--model",
        "sdxl",
        "--task",
        "lora",
        "--train-te",
        "--gpu",
        "rtx-3060",
    ];
    let chat_answer = chat("/fit sdxl rtx-3060 batch=1 lora rank=16 te=train");
    assert_eq!(chat_answer, text(&args));
    assert!(chat_answer.contains("trained too"), "{chat_answer}");
    let v = json(&[
        "fit",
        "--model",
        "sdxl",
        "--task",
        "lora",
        "--train-te",
        "--json",
    ]);
    assert!(v["text_train_gib"].as_f64().unwrap() > 0.0, "{v}");
}

#[test]
fn training_an_image_model_sizes_the_same_in_both() {
    // `gpuscout fit --model sd3.5-medium --task lora --lora-rank 32 --optimizer prodigy
    // --blocks-to-swap 4 --gpu a10` is `/fit sd3.5-medium lora rank=32 opt=prodigy swap=4 a10`.
    let args = [
        "fit",
        "--model",
        "sd3.5-medium",
        "--task",
        "lora",
        "--lora-rank",
        "32",
        "--optimizer",
        "prodigy",
        "--blocks-to-swap",
        "4",
        "--gpu",
        "a10",
    ];
    let chat_answer = chat("/fit sd3.5-medium a10 batch=1 lora rank=32 opt=prodigy swap=4");
    assert_eq!(chat_answer, text(&args));
    assert!(
        chat_answer.contains("LoRA rank 32") && chat_answer.contains("optimizer prodigy"),
        "{chat_answer}"
    );
    let mut with_json = args.to_vec();
    with_json.push("--json");
    let v = json(&with_json);
    let peak = format!("{:.1} GiB", v["peak_gib"].as_f64().unwrap());
    assert!(
        chat_answer.contains(&peak),
        "{peak} missing from:\n{chat_answer}"
    );
    // A full fine-tune with its caches off: the encoders are said to be on the card.
    let full = text(&[
        "fit",
        "--model",
        "sd3.5-medium",
        "--task",
        "full",
        "--no-cache",
        "--gpu",
        "rtx-5090",
    ]);
    assert!(
        full.contains("full fine-tune") && full.contains("on the card ·"),
        "{full}"
    );
}

#[test]
fn expert_offload_sizes_the_same_in_both() {
    // `gpuscout fit --model qwen3-30b-a3b --quant q4_k_m --n-cpu-moe 24 --ubatch 1024
    // --context 32768 --gpu rtx-3060` is `/fit qwen3-30b-a3b q4_k_m ncmoe=24 ub=1024 ctx=32k
    // rtx-3060`: the flag names llama.cpp in both.
    let args = [
        "fit",
        "--model",
        "qwen3-30b-a3b",
        "--quant",
        "q4_k_m",
        "--n-cpu-moe",
        "24",
        "--ubatch",
        "1024",
        "--context",
        "32768",
        "--gpu",
        "rtx-3060",
    ];
    let chat_answer = chat("/fit qwen3-30b-a3b q4_k_m ncmoe=24 ub=1024 ctx=32k rtx-3060");
    assert_eq!(chat_answer, text(&args));
    assert!(
        chat_answer.contains("llamacpp") && chat_answer.contains("of 24 MoE layers"),
        "{chat_answer}"
    );
    let mut with_json = args.to_vec();
    with_json.push("--json");
    let v = json(&with_json);
    assert_eq!(v["engine"].as_str(), Some("llamacpp"));
    let per_card = format!("{:.1} GiB", v["per_gpu_gib"].as_f64().unwrap());
    assert!(
        chat_answer.contains(&per_card),
        "{per_card}:\n{chat_answer}"
    );
    // `--cpu-moe` beside vLLM is refused by name in the CLI too.
    let refused = gpuscout(&[
        "fit",
        "--model",
        "qwen3-30b-a3b",
        "--quant",
        "awq",
        "--engine",
        "vllm",
        "--cpu-moe",
    ]);
    assert!(!refused.ok);
    assert!(
        refused.stderr.contains("does not apply"),
        "{}",
        refused.stderr
    );
}

#[test]
fn vllms_max_num_seqs_sizes_the_same_in_both() {
    // The chat's `seqs=16` is the CLI's `--max-num-seqs 16`: the rows vLLM's profile samples.
    let chat_answer = chat("/fit llama-3.1-8b l4 ctx=8k batch=16 engine=vllm seqs=16");
    let args = [
        "fit",
        "--model",
        "llama-3.1-8b",
        "--gpu",
        "l4",
        "--context",
        "8192",
        "--batch",
        "16",
        "--engine",
        "vllm",
        "--max-num-seqs",
        "16",
    ];
    assert_eq!(chat_answer, text(&args));
    assert!(
        chat_answer.contains("sampling for 16 requests"),
        "{chat_answer}"
    );
    let mut default = args.to_vec();
    default.truncate(args.len() - 2);
    assert_ne!(text(&default), chat_answer);
}

#[test]
fn vllms_max_num_batched_tokens_sizes_the_same_in_both() {
    // The chat's `batched=40000` is the CLI's `--max-num-batched-tokens 40000`: the tokens of
    // vLLM's profile forward pass.
    let chat_answer = chat("/fit qwen3-8b l40s ctx=32k engine=vllm batched=40000");
    let args = [
        "fit",
        "--model",
        "qwen3-8b",
        "--gpu",
        "l40s",
        "--context",
        "32768",
        "--engine",
        "vllm",
        "--max-num-batched-tokens",
        "40000",
    ];
    assert_eq!(chat_answer, text(&args));
    let mut default = args.to_vec();
    default.truncate(args.len() - 2);
    assert_ne!(text(&default), chat_answer);
}

#[test]
fn a_llamafactory_release_sizes_the_same_in_both() {
    // The chat's `llamafactory=0.6.3` is the CLI's `--llamafactory-release 0.6.3`: before 0.7.1
    // every card loads the whole model under FSDP first.
    let chat_answer = chat("/fit qwen2.5-32b lora 4x l40s zero=fsdp llamafactory=0.6.3");
    let args = [
        "fit",
        "--model",
        "qwen2.5-32b",
        "--task",
        "lora",
        "--gpu",
        "l40s",
        "--gpus",
        "4",
        "--zero",
        "fsdp",
        "--llamafactory-release",
        "0.6.3",
    ];
    assert_eq!(chat_answer, text(&args));
    assert!(
        chat_answer.contains("onto every card before sharding"),
        "{chat_answer}"
    );
}

/// TGI's release and vLLM's images per prompt (`vram::tgi_release`, V0's profile) size the same
/// in both: the chat's `tgi=3.2` is the CLI's `--engine tgi --tgi-release 3.2`, and
/// `images_per_prompt=4` is `--images 4`; a release that is none is refused in the CLI.
#[test]
fn tgi_release_and_images_size_the_same_in_both() {
    let chat_t = chat("/fit gemma-3-12b bf16 ctx=16k l40s tgi=3.2");
    let args_t = [
        "fit",
        "--model",
        "gemma-3-12b",
        "--quant",
        "bf16",
        "--context",
        "16384",
        "--gpu",
        "l40s",
        "--engine",
        "tgi",
        "--tgi-release",
        "3.2",
    ];
    assert_eq!(chat_t, text(&args_t));
    assert!(chat_t.contains("TGI 3.2 serves Gemma-3"), "{chat_t}");
    let chat_i = chat("/fit qwen2.5-vl-7b bf16 ctx=8k l40s vllm=v0 images_per_prompt=4");
    let args_i = [
        "fit",
        "--model",
        "qwen2.5-vl-7b",
        "--quant",
        "bf16",
        "--context",
        "8192",
        "--gpu",
        "l40s",
        "--vllm-v0",
        "--images",
        "4",
    ];
    assert_eq!(chat_i, text(&args_i));
    let bad = gpuscout(&[
        "fit",
        "--model",
        "gemma-3-12b",
        "--tgi-release",
        "sha-411a282",
    ]);
    assert!(!bad.ok);
}

/// Ollama's release (`vram::swa`, `vram::ollama`) sizes the same in both: the chat's
/// `ollama_release=0.6.2` is the CLI's `--engine ollama --ollama-release 0.6.2`, and today's
/// Ollama (no word) holds Gemma-3's sliding layers at the window in both.
#[test]
fn ollama_release_sizes_the_same_in_both() {
    for (word, flag) in [
        (" ollama_release=0.6.2", Some("0.6.2")),
        (" engine=ollama", None),
    ] {
        let chat_o = chat(&format!("/fit gemma-3-4b q8_0 ctx=64k rtx-4080{word}"));
        let mut args = vec![
            "fit",
            "--model",
            "gemma-3-4b",
            "--quant",
            "q8_0",
            "--context",
            "65536",
            "--gpu",
            "rtx-4080",
            "--engine",
            "ollama",
        ];
        if let Some(r) = flag {
            args.extend(["--ollama-release", r]);
        }
        assert_eq!(chat_o, text(&args), "{word}");
    }
}

/// The vision tower's training words (mem_cc): the chat's `train_vit=on vit_gc=off
/// video_frames=12 max_pixels=50176` and the CLI's flags size the same job, and it is more than
/// the same job with the tower checkpointed.
#[test]
fn the_vision_towers_training_words_size_the_same_in_both() {
    let chat = chat(
        "/fit qwen2.5-vl-7b full bf16 ctx=768 batch=4 gpus=4 train_vit=on vit_gc=off \
         video_frames=12 max_pixels=50176",
    );
    let args = [
        "fit",
        "--model",
        "qwen2.5-vl-7b",
        "--task",
        "full",
        "--quant",
        "bf16",
        "--context",
        "768",
        "--batch",
        "4",
        "--gpus",
        "4",
        "--train-vit",
        "--no-vit-grad-checkpointing",
        "--video-frames",
        "12",
        "--max-pixels",
        "50176",
        "--json",
    ];
    let off = json(&args);
    let total = format!("{:.1}", off["total_gib"].as_f64().unwrap());
    assert!(chat.contains(&total), "{total} GiB missing from:\n{chat}");
    let mut on = args.to_vec();
    let at = on
        .iter()
        .position(|a| *a == "--no-vit-grad-checkpointing")
        .unwrap();
    on[at] = "--vit-grad-checkpointing";
    let on = json(&on);
    assert!(off["total_gib"].as_f64().unwrap() > on["total_gib"].as_f64().unwrap() + 10.0);
}
