//! mem_dw (session 35, issue 24): PEFT's tuners beside LoRA in their own words. Cases of our
//! own, each a hand derivation from huggingface/peft@5d602fdb:
//! - trainable parameters per adapted Linear (in, out) at rank r: LoHa `hada_w1_a/_b`,
//!   `hada_w2_a/_b` = 2 r (in + out) (`tuners/loha/layer.py` `create_adapter_parameters`);
//!   LoKr `lokr_w1` (out_l, in_m) + `lokr_w2` (out_k, in_n) or its rank-r pair, the split by
//!   `factorization` (`tuners/lokr/layer.py`); OFT `oft_R.weight` (in / b, b (b - 1) / 2) for
//!   block size b = in / r, default `oft_block_size` 32 (`tuners/oft/layer.py` `update_layer`);
//!   VeRA `vera_lambda_b` (out) + `vera_lambda_d` (r), default r 256 (`tuners/vera/layer.py`);
//!   IA3 `ia3_l`: out for a scaled output, in for a feed-forward input (`tuners/ia3/layer.py`).
//!   Llama-3.2-3B (28 layers, hidden 3072, 24 / 8 heads of 128, FFN 8192). The same counts
//!   are what PEFT's own MetaMathQA runs print (`method_comparison/MetaMathQA/results/*.json`,
//!   `num_trainable_params`): 286720 (IA3 default), 18350080 (LoHa r 32 q/v), 8171520 (OFT
//!   r 32 q/v), 129024 (VeRA default).
//! - the defaults by model type (`utils/constants.py`): q_proj / v_proj for OFT, VeRA, LoHa and
//!   LoKr on llama and qwen2; IA3 k_proj / v_proj / down_proj on llama, q_proj / v_proj /
//!   down_proj on qwen2, down_proj the feed-forward one; none for a model type PEFT has no
//!   entry for (it asks for `target_modules`).
//! - a stated rank and stated targets change the figure for every tuner that has them
//!   (ms-swift's AdaLoRA `init_r`, Bone's r), and the answer says which it assumed.
//! - activations beyond LoRA's: LoHa and LoKr build each adapted Linear's dense delta weight
//!   on every forward and `F.linear` keeps it for the backward pass; VeRA keeps the r-wide and
//!   out-wide products (not the input); IA3 the scaled output (16-bit) or the feed-forward
//!   input (fp32); OFT the input copy LoRA keeps.

use super::chat::ask_fresh as ask;
use bot_core::catalog::Catalog;
use bot_core::vram::{
    FitOptions, FitReport, FitRequest, LoraTargets, ModelRef, Quant, Task, Tuner, estimate_with,
};

const GIB: f64 = 1024.0 * 1024.0 * 1024.0;

/// The trainable parameter count the answer states ("N trainable parameters" / "N 个可训练参数").
fn stated_params(answer: &str) -> u64 {
    let at = answer
        .find(" trainable parameters")
        .or_else(|| answer.find(" 个可训练参数"))
        .unwrap_or_else(|| panic!("no trainable parameter count in:\n{answer}"));
    let digits: String = answer[..at]
        .chars()
        .rev()
        .take_while(|c| c.is_ascii_digit() || *c == ',')
        .filter(|c| c.is_ascii_digit())
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    digits
        .parse()
        .unwrap_or_else(|_| panic!("no count in:\n{answer}"))
}

fn params(line: &str) -> u64 {
    stated_params(&ask("en", line))
}

#[test]
fn peft_native_tuners_count_their_parameters_as_peft_builds_them() {
    // Llama-3.2-3B per layer: q (3072, 3072), k / v (3072, 1024), o (3072, 3072), gate / up
    // (3072, 8192), down (8192, 3072); 28 layers.
    let l = 28;
    // IA3, llama's default k, v, down (down a feed-forward input): 1024 + 1024 + 8192.
    assert_eq!(params("/fit llama-3.2-3b lora bf16 tuner=ia3"), l * 10240);
    // IA3 on all seven: `feedforward_modules` stays the mapping's down_proj (IA3Model
    // `_prepare_adapter_config` fills it only when unset), so gate and up are scaled at their
    // 8192-wide outputs and down at its input. (PEFT's "all-attn" experiment also names gate
    // and up feed-forward, 630784; that is another config, not the default.)
    assert_eq!(
        params("/fit llama-3.2-3b lora bf16 tuner=ia3 targets=all"),
        l * (3072 + 1024 + 1024 + 3072 + 8192 + 8192 + 8192)
    );
    // LoHa r 32 on q, v: 2 r (in + out) each.
    assert_eq!(
        params("/fit llama-3.2-3b lora bf16 tuner=loha r=32 targets=qv"),
        l * (2 * 32 * (3072 + 3072) + 2 * 32 * (3072 + 1024))
    );
    // LoHa's default r 8 on llama's default q, v.
    assert_eq!(
        params("/fit llama-3.2-3b lora bf16 tuner=loha"),
        l * (2 * 8 * (3072 + 3072) + 2 * 8 * (3072 + 1024))
    );
    // OFT r 32 (32 blocks of 96): 32 x 96 x 95 / 2 on each of q and v (both 3072 wide in).
    assert_eq!(
        params("/fit llama-3.2-3b lora bf16 tuner=oft r=32 targets=qv"),
        l * 2 * 32 * (96 * 95 / 2)
    );
    // OFT's default: block size 32, so 3072 / 32 = 96 blocks of 32 x 31 / 2.
    assert_eq!(
        params("/fit llama-3.2-3b lora bf16 tuner=oft"),
        l * 2 * 96 * (32 * 31 / 2)
    );
    // VeRA r 256: lambda_b (out) + lambda_d (r) on q and v.
    assert_eq!(
        params("/fit llama-3.2-3b lora bf16 tuner=vera"),
        l * ((3072 + 256) + (1024 + 256))
    );
    // LoKr r 8, decompose_factor -1: 3072 = 48 x 64, 1024 = 32 x 32. q: w1 (48, 48), and r 8 <
    // 64 / 2 so w2 is a rank-8 pair (64, 8) + (8, 64). v: w1 (32, 48), r 8 < max(32, 64) / 2,
    // so (32, 8) + (8, 64).
    assert_eq!(
        params("/fit llama-3.2-3b lora bf16 tuner=lokr"),
        l * ((48 * 48 + 64 * 8 + 8 * 64) + (32 * 48 + 32 * 8 + 8 * 64))
    );
    // r 32 reaches half of the larger factor (64 / 2): w2 is whole, (64, 64) and (32, 64).
    assert_eq!(
        params("/fit llama-3.2-3b lora bf16 tuner=lokr r=32"),
        l * ((48 * 48 + 64 * 64) + (32 * 48 + 32 * 64))
    );
}

#[test]
fn ia3_takes_its_targets_by_model_type() {
    // Qwen2.5-7B (qwen2): q, v, down; 28 layers, q 3584 out, v 512 out, down 18944 in.
    assert_eq!(
        params("/fit qwen2.5-7b lora bf16 tuner=ia3"),
        28 * (3584 + 512 + 18944)
    );
}

#[test]
fn a_stated_rank_and_stated_targets_change_every_tuner_that_has_them() {
    // Bone: r x out on every target; ms-swift's default r 8 on all-linear.
    let bone8 = params("/fit qwen2.5-7b lora bf16 tuner=bone");
    let bone64 = params("/fit qwen2.5-7b lora bf16 tuner=bone r=64");
    assert_eq!(bone64, 8 * bone8);
    // Bone on q and v only: 28 x r x (3584 + 512).
    assert_eq!(
        params("/fit qwen2.5-7b lora bf16 tuner=bone r=64 targets=q_proj,v_proj"),
        28 * 64 * (3584 + 512)
    );
    // AdaLoRA: the rank is init_r (its matrices are allocated at init_r and masked, never
    // shrunk); ms-swift's default 12. r (in + out + 1) per target.
    let ada = params("/fit qwen2.5-7b lora bf16 tuner=adalora r=64 targets=qv");
    assert_eq!(ada, 28 * 64 * ((3584 + 3584 + 1) + (3584 + 512 + 1)));
    let ada12 = params("/fit qwen2.5-7b lora bf16 tuner=adalora targets=qv");
    assert_eq!(ada12 * 64, ada * 12);
    // BOFT has no rank but its targets: fewer targets, fewer parameters.
    let boft_all = params("/fit qwen2.5-7b lora bf16 tuner=boft");
    let boft_qv = params("/fit qwen2.5-7b lora bf16 tuner=boft targets=qv");
    assert!(boft_qv < boft_all / 3, "{boft_qv} vs {boft_all}");
    // The memory follows: Bone at r 256 on all-linear needs more than at r 8.
    let need = |a: &str| -> f64 {
        let at = a.find(" GiB as nvidia-smi would show it").unwrap();
        a[..at]
            .rsplit(|c: char| !(c.is_ascii_digit() || c == '.'))
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    let small = ask("en", "/fit qwen2.5-7b lora bf16 tuner=bone");
    let big = ask("en", "/fit qwen2.5-7b lora bf16 tuner=bone r=256");
    assert!(need(&big) > need(&small), "{big}\n---\n{small}");
}

#[test]
fn the_answer_says_the_rank_and_targets_it_assumed_and_the_words_that_change_them() {
    for (locale, rank_word, targets_word) in [("en", "r=", "targets="), ("zh-CN", "r=", "targets=")]
    {
        let a = ask(locale, "/fit qwen2.5-7b lora bf16 tuner=bone r=64");
        assert!(a.contains("64"), "{a}");
        assert!(a.contains(rank_word) && a.contains(targets_word), "{a}");
        // Defaults are named as whose they are: ms-swift's for its tuners, PEFT's for the rest.
        let d = ask(locale, "/fit qwen2.5-7b lora bf16 tuner=adalora");
        assert!(d.contains("ms-swift"), "{d}");
        assert!(d.contains("12"), "{d}");
        let p = ask(locale, "/fit llama-3.2-3b lora bf16 tuner=vera");
        assert!(p.contains("PEFT") && p.contains("256"), "{p}");
        assert!(p.contains("q_proj") && p.contains("v_proj"), "{p}");
    }
    // The LoRA line's rank is not claimed for a tuner (its rank is the tuner's).
    let a = ask("en", "/fit qwen2.5-7b lora bf16 tuner=ia3");
    assert!(!a.contains("LoRA, rank 16"), "{a}");
}

#[test]
fn a_model_type_peft_has_no_default_targets_for_asks_for_them() {
    // GLM-4 is in none of PEFT's target-module mappings: PEFT refuses without target_modules,
    // so no figure is guessed; with targets it is sized.
    let a = ask("en", "/fit glm-4-9b lora bf16 tuner=loha");
    assert!(a.contains("targets="), "{a}");
    assert!(!a.contains("trainable parameters"), "{a}");
    let b = ask("en", "/fit glm-4-9b lora bf16 tuner=loha targets=qv");
    assert!(stated_params(&b) > 0, "{b}");
    let z = ask("zh-CN", "/fit glm-4-9b lora bf16 tuner=loha");
    assert!(z.contains("targets="), "{z}");
}

fn report(tuner: Option<&str>, autocast: bool, gc: bool) -> FitReport {
    let c = Catalog::embedded().unwrap();
    let mut r = FitRequest::new(
        ModelRef::Known(c.model("llama-3.2-3b").unwrap()),
        Quant::Bf16,
        Task::Lora,
    );
    r.context = 550;
    r.batch = 4;
    r.cards = 1;
    r.grad_checkpointing = gc;
    r.autocast = autocast;
    r.lora_targets = LoraTargets::QueryValue;
    r.tuner = tuner.map(|t| Tuner::from_key(t).unwrap_or_else(|| panic!("no tuner {t}")));
    estimate_with(&c, &r, &FitOptions::default()).unwrap()
}

fn act_over_lora(tuner: &str, autocast: bool, gc: bool) -> f64 {
    report(Some(tuner), autocast, gc).per_gpu.activations_gib
        - report(None, autocast, gc).per_gpu.activations_gib
}

#[test]
fn loha_and_lokr_keep_every_adapted_linears_dense_delta() {
    // Without autocast (PEFT's MetaMathQA loop) the delta is fp32 and F.linear keeps it: 4 bytes
    // x (3072 x 3072 + 1024 x 3072) a layer, 28 layers, beside LoRA's same input copies. While
    // the widest (q) runs: LoHa's backward holds five fp32 q-sized matrices (20 bytes an
    // element), LoKr's kron two (8).
    let kept = 28.0 * 4.0 * (3072.0 * 3072.0 + 1024.0 * 3072.0) / GIB;
    let q = 3072.0 * 3072.0 / GIB;
    let loha = act_over_lora("loha", false, false);
    assert!((loha - (kept + 20.0 * q)).abs() < 0.03 * kept, "{loha}");
    let lokr = act_over_lora("lokr", false, false);
    assert!((lokr - (kept + 8.0 * q)).abs() < 0.03 * kept, "{lokr}");
    // Under 16-bit autocast the delta is bf16 (HadaWeight's matmuls autocast): the kept copy
    // is half, the backward's working set 16 bytes an element, and the input is not copied at
    // all, where LoRA keeps a bf16 copy of each adapted input (2 x 6144 a token and layer).
    let loha16 = act_over_lora("loha", true, false);
    let want16 = kept / 2.0 + 16.0 * q - 2.0 * 6144.0 * 550.0 * 4.0 * 28.0 / GIB;
    assert!(
        (loha16 - want16).abs() < 0.03 * kept,
        "{loha16} vs {want16}"
    );
    // With checkpointing, only the recomputed layer's.
    let gc = act_over_lora("loha", false, true);
    assert!(gc < kept / 5.0, "{gc}");
}

#[test]
fn vera_ia3_and_oft_keep_their_own_per_token_tensors() {
    let tokens_layers = 550.0 * 4.0 * 28.0;
    // LoRA (no autocast) keeps an fp32 copy of each adapted input: 4 x (3072 + 3072).
    let lora_tok = 4.0 * 6144.0;
    // VeRA keeps lambda_d's input (r 256) and lambda_b's input (out) in fp32, not the input.
    let vera_tok = 4.0 * ((256.0 + 3072.0) + (256.0 + 1024.0));
    let vera = act_over_lora("vera", false, false);
    let want = (vera_tok - lora_tok) * tokens_layers / GIB;
    assert!(
        (vera - want).abs() < 0.05 * want.abs() + 0.01,
        "{vera} vs {want}"
    );
    // IA3 (llama: k, v, down): the 16-bit k and v outputs it scales, down's fp32 input.
    let ia3_tok = 2.0 * 1024.0 + 2.0 * 1024.0 + 4.0 * 8192.0;
    let ia3 = act_over_lora("ia3", false, false);
    let want = (ia3_tok - lora_tok) * tokens_layers / GIB;
    assert!((ia3 - want).abs() < 0.05 * want, "{ia3} vs {want}");
    // OFT's rotation keeps the cast input LoRA keeps: no more.
    let oft = act_over_lora("oft", false, false);
    assert!(oft.abs() < 0.02, "{oft}");
}

#[test]
fn loha_and_lokr_answers_say_the_dense_deltas_they_keep() {
    // 28 layers x 2 bytes (bf16 under the Trainer's autocast) x (3072^2 + 1024 x 3072) = 0.66
    // GiB without checkpointing; one layer's (0.02) with it. Written after the engine change.
    let want = 28.0 * 2.0 * (3072.0 * 3072.0 + 1024.0 * 3072.0) / GIB;
    for (locale, line) in [
        ("en", "/fit llama-3.2-3b lora bf16 tuner=loha gc=off"),
        ("zh-CN", "/fit llama-3.2-3b lora bf16 tuner=lokr gc=off"),
    ] {
        let a = ask(locale, line);
        assert!(a.contains(&format!("{want:.2} GiB")), "{a}");
    }
    let a = ask("en", "/fit llama-3.2-3b lora bf16 tuner=loha");
    assert!(a.contains(&format!("{:.2} GiB", want / 28.0)), "{a}");
    // LoRA and the other tuners say nothing of the kind.
    let a = ask("en", "/fit llama-3.2-3b lora bf16 tuner=vera gc=off");
    assert!(!a.contains("update matrix"), "{a}");
}
