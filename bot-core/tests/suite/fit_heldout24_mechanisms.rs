//! Held-out 24's session (mem_af): mechanisms found on its misses and on the earlier sets' last
//! ones, each tested on models, cards and settings of no table row.
//!
//! - vLLM V0's encoder-decoder start-up profile gives every dummy sequence its own image
//!   (`vram::vision_tower::vllm_v0_tiled_profile_bytes`): Llama-3.2-Vision at the default
//!   `max_num_seqs` 256 dies at start-up (vllm#9445, vllm#9630), at 32 it starts.
//! - `/tco` with llama.cpp's expert offload (`cpu-moe`, `ncmoe=N`): sized with the experts in
//!   system RAM, and no cost per token where the host, not the card, sets the speed.

use bot_core::Catalog;
use bot_core::vram::vision_tower::vllm_v0_tiled_profile_bytes;
use bot_core::vram::{
    Engine, FitOptions, FitReport, FitRequest, ModelRef, Quant, Task, estimate_with,
};

fn ask(lang: &str, line: &str) -> String {
    super::chat::ask_fresh(lang, line)
}

#[test]
fn the_v0_profile_holds_one_tiled_image_per_sequence() {
    let c = Catalog::embedded().unwrap();
    let v = c.model("llama-3.2-11b-vision").unwrap().vision.unwrap();
    // Per image, by hand: 4 tiles of 40 x 40 patches + a class token, padded to 1608 each
    // (6432 positions); fp32 and 16-bit pixels of 4 x 3 x 560^2; the 16-bit mask over the
    // positions twice; 5 kept layers' outputs and one block's activations, 1280 wide.
    let n = 6432.0_f64;
    let image = 4.0 * 3.0 * 313_600.0 * 6.0
        + 2.0 * n * n * 2.0
        + 5.0 * n * 1280.0 * 2.0
        + n * (6.0 * 5120.0 + 8.0 * 1280.0);
    for seqs in [1_u32, 7, 32, 256] {
        let got = vllm_v0_tiled_profile_bytes(&v, seqs, 1.0).unwrap();
        assert!((got - seqs as f64 * image).abs() < 1.0, "{seqs}: {got}");
    }
    // Tensor parallel splits the block's MLP only: the mask and the kept layers stay whole.
    let one = vllm_v0_tiled_profile_bytes(&v, 64, 1.0).unwrap();
    let two = vllm_v0_tiled_profile_bytes(&v, 64, 2.0).unwrap();
    assert!((one - two - 64.0 * n * 3.0 * 5120.0).abs() < 1.0);
    // An untiled tower (Qwen2.5-VL) is not an encoder-decoder model: no such profile.
    let qwen = c.model("qwen2.5-vl-7b").unwrap().vision.unwrap();
    assert!(vllm_v0_tiled_profile_bytes(&qwen, 256, 1.0).is_none());
}

/// Llama-3.2-11B-Vision in bf16 on vLLM at `ctx` tokens on one `gpu`, V0 or V1, with the
/// user's `--max-num-seqs` or vLLM's default.
fn served(gpu: &str, ctx: u32, v0: bool, seqs: Option<u32>) -> FitReport {
    let c = Catalog::embedded().unwrap();
    let mut req = FitRequest::new(
        ModelRef::Known(c.model("llama-3.2-11b-vision").unwrap()),
        Quant::Bf16,
        Task::Infer,
    );
    req.engine = Engine::Vllm;
    req.vllm_v0 = v0;
    req.context = ctx;
    req.gpu = Some(c.gpu(gpu).unwrap());
    let opts = FitOptions {
        vllm_max_seqs: seqs,
        ..FitOptions::default()
    };
    estimate_with(&c, &req, &opts).unwrap()
}

#[test]
fn vllm_v0_at_its_default_rows_does_not_start_and_fewer_rows_do() {
    // An L40S and an H100 at 4096 tokens (no table row has either): the default 256 images
    // (about 127 GiB) exceed both cards; 16 leave room on both.
    for gpu in ["l40s", "h100-sxm"] {
        let default = served(gpu, 4096, true, None);
        assert!(default.per_gpu.activations_gib > 100.0, "{gpu}");
        assert!(!default.fits.unwrap(), "{gpu}");
        let few = served(gpu, 4096, true, Some(16));
        assert!(few.per_gpu.activations_gib < 10.0, "{gpu}");
        assert!(few.fits.unwrap(), "{gpu}");
        // The weights and the KV cache do not move with the rows.
        assert_eq!(few.per_gpu.weights_gib, default.per_gpu.weights_gib);
    }
    // Twice the rows, about twice the profile.
    let a = served("h100-sxm", 4096, true, Some(40))
        .per_gpu
        .activations_gib;
    let b = served("h100-sxm", 4096, true, Some(80))
        .per_gpu
        .activations_gib;
    assert!((b / a - 2.0).abs() < 0.05, "{a} -> {b}");
    // V1 encodes what fits max_num_batched_tokens, not one image per row: it stays small.
    let v1 = served("h100-sxm", 4096, false, None);
    assert!(v1.per_gpu.activations_gib < 10.0);
    assert!(v1.fits.unwrap());
}

#[test]
fn the_answer_names_the_rows_and_the_word_that_shrinks_them_in_both_locales() {
    let line = "/fit llama-3.2-11b-vision vllm vllm=v0 h100 ctx=2k";
    let en = ask("en", line);
    assert!(en.contains("max_num_seqs 256"), "{en}");
    assert!(en.contains("seqs=32"), "{en}");
    let zh = ask("zh", line);
    assert!(zh.contains("max_num_seqs 256"), "{zh}");
    assert!(zh.contains("seqs=32"), "{zh}");
    // With the word, the rows it set, and the smaller figure is the same.
    let few = ask(
        "en",
        "/fit llama-3.2-11b-vision vllm vllm=v0 h100 ctx=2k seqs=8",
    );
    assert!(few.contains("max_num_seqs 8"), "{few}");
    assert!(few.contains("seqs=8"), "{few}");
}

#[test]
fn tco_sizes_expert_offload_and_prices_no_token_it_cannot_time() {
    // Qwen3-30B-A3B Q4_K_M on a 12 GB RTX 3060 and gpt-oss-120b on an RTX 4090: neither fits
    // whole; with the experts of every MoE layer (or of the first 40) in system RAM both do.
    for (line, off) in [
        ("/tco qwen3-30b-a3b q4_k_m rtx-3060 5m", "cpu-moe"),
        ("/tco qwen3-30b-a3b q4_k_m rtx-3060 5m 0.3", "ncmoe=40"),
        ("/tco gpt-oss-120b mxfp4 rtx-4090 20m", "cpu-moe"),
    ] {
        let whole = ask("en", line);
        assert!(whole.contains("does not fit"), "{line}: {whole}");
        let with = format!("{line} {off}");
        let en = ask("en", &with);
        assert!(!en.contains("does not fit"), "{with}: {en}");
        assert!(
            en.contains("no cost per million tokens is estimated"),
            "{en}"
        );
        // No throughput, no self-hosted cost, no verdict against the API.
        assert!(!en.contains("Self-hosted:"), "{en}");
        assert!(!en.contains("tokens/s with"), "{en}");
        let zh = ask("zh", &with);
        assert!(zh.contains("不估算每百万 token 的成本"), "{zh}");
        assert!(!zh.contains("自己部署："), "{zh}");
    }
    // The host's share is said: every expert of gpt-oss-120b in MXFP4, 36 layers x 128 experts
    // x 3 x 2880 x 2880 at 4.25 bits, about 56.7 GiB.
    let ram = ask("en", "/tco gpt-oss-120b mxfp4 rtx-4090 20m cpu-moe");
    assert!(ram.contains("56.7"), "{ram}");
    // No card named: the cheapest that holds what stays on the card, not the whole model.
    let whole = ask("en", "/tco gpt-oss-120b mxfp4 10m");
    let off = ask("en", "/tco gpt-oss-120b mxfp4 10m cpu-moe");
    let card = |a: &str| {
        a.lines()
            .find(|l| l.starts_with("Rent vs API"))
            .unwrap_or("")
            .to_string()
    };
    assert_ne!(card(&whole), card(&off), "{off}");
    assert!(
        off.contains("no cost per million tokens is estimated"),
        "{off}"
    );
    // A bad count is a clear error, not a guess.
    let bad = ask("en", "/tco qwen3-30b-a3b q4_k_m rtx-3060 ncmoe=many 5m");
    assert!(bad.contains("ncmoe=many"), "{bad}");
    assert!(!bad.contains("Rent vs API"), "{bad}");
}

#[test]
fn tco_json_with_expert_offload_carries_no_cost_figure() {
    use bot_core::tco::{TcoQuery, analyze};
    let c = Catalog::embedded().unwrap();
    let q = |cpu_moe| TcoQuery {
        model: ModelRef::Known(c.model("qwen3-30b-a3b").unwrap()),
        quant: Quant::Q4KM,
        gpu: c.gpu("rtx-3060").unwrap(),
        cards: 1,
        price_per_hour: "0.2".parse().unwrap(),
        tokens_per_day: 5e6,
        api_price_per_mtok: Some("0.3".parse().unwrap()),
        plan_per_day: None,
        cpu_moe,
    };
    let off = analyze(
        &c,
        &q(Some(bot_core::vram::expert_offload::ALL_LAYERS)),
        "USD",
    )
    .unwrap();
    assert!(off.fits);
    assert_eq!(off.verdict, "speed_unknown");
    assert!(off.serving.is_none() && off.api_cost_per_day.is_none());
    let json = serde_json::to_value(&off).unwrap();
    for key in [
        "always_on_cost_per_mtok",
        "busy_cost_per_mtok",
        "hours_needed_per_day",
        "tokens_per_second",
        "break_even_tokens_per_day",
    ] {
        assert!(json.get(key).is_none(), "{key}: {json}");
    }
    assert_eq!(json["cpu_moe"], "all");
    // Twenty layers' experts: the count, and still no cost.
    let some = serde_json::to_value(analyze(&c, &q(Some(20)), "USD").unwrap()).unwrap();
    assert_eq!(some["cpu_moe"], 20);
    // Without the word: the whole model on the 12 GB card does not fit, and is not priced.
    let whole = analyze(&c, &q(None), "USD").unwrap();
    assert!(!whole.fits && whole.serving.is_none());
    assert_eq!(whole.verdict, "no_fit");
}
