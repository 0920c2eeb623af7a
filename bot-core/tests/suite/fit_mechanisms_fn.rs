//! mem_fn (session 45, issue 24 §8, held-out 47's kohya FLUX.1 row "12GB VRAM GPUs with
//! Adafactor optimizer, --split_mode and train_blocks=single", not stated before): cases of our
//! own on a pipeline and cards of no table row (FLUX.1-schnell, FLUX.1-dev's weights; RTX 3080
//! 10GB, RTX 4060 Ti 16GB).
//!
//! kohya sd-scripts' split mode (sd-scripts@793999d1 `flux_train_network.py`,
//! `prepare_split_model` and `get_noise_pred_and_target`): the model is cut into `FluxUpper`
//! (embedders and the 19 double blocks, frozen) and `FluxLower` (the 38 single blocks and the
//! final layer, the trained model, `train_blocks` must be `single`); each step moves the lower to
//! the CPU, runs the upper on the card under `torch.no_grad()`, moves it back, then runs the lower
//! on the card with gradients. Every weight is cast with `Module.to(dtype)` (`--fp8_base`:
//! `flux_upper.to(device, dtype=float8_e4m3fn)`, train_network.py line 570 for the lower), so
//! no layer stays 16-bit as under diffusers' layerwise casting. The peak is the larger half's
//! stage.

use bot_core::Catalog;
use bot_core::answer::fit_diffusion::{fits_card, read};
use bot_core::diffusion::estimate;
use bot_core::diffusion::train::BLOCK_ACT_PER_WIDTH;

const GIB: f64 = (1u64 << 30) as f64;

/// FLUX.1's single-stream half from its config (width 3072, mlp_ratio 4, 38 single blocks,
/// 16 latent channels patched 2 x 2): `linear1` 3072 -> 3 x 3072 + 12288, `linear2` 15360 ->
/// 3072, the modulation 3072 -> 3 x 3072 (biases on all), and the final layer's modulation
/// 3072 -> 2 x 3072 and projection 3072 -> 64.
fn lower_params() -> f64 {
    let h = 3072.0;
    let block = h * (3.0 * h + 4.0 * h)
        + (3.0 * h + 4.0 * h)
        + (h + 4.0 * h) * h
        + h
        + h * 3.0 * h
        + 3.0 * h;
    38.0 * block + h * 2.0 * h + 2.0 * h + h * 64.0 + 64.0
}

fn peak(catalog: &Catalog, line: &str) -> f64 {
    let Ok(l) = read(catalog, line).expect("an image line") else {
        panic!("not read: {line}");
    };
    estimate(&l.req).peak_gib
}

#[test]
fn split_mode_holds_one_half_at_a_time() {
    let catalog = Catalog::embedded().unwrap();
    let base = "flux.1-schnell lora fp8 rank=4 opt=adafactor res=1024 batch=1";
    // Before mem_fn `split=on` was not a word ("I can't read"); the plain LoRA is about 17 GiB
    // (the whole fp8 transformer with diffusers' 16-bit modulation layers, 14.1 GiB).
    let whole = peak(&catalog, base);
    let split = peak(&catalog, &format!("{base} split=on"));
    assert!(whole > 16.0, "{whole}");
    // The lower half in fp8 (every weight cast), its checkpointed inputs (2 x width a token a
    // block) and one block recomputed (34 x width), over 4096 + 512 tokens, plus a rank-4
    // LoRA's few MiB: about 5.0 + 1.45 GiB before the reserve and the CUDA context.
    let tokens = 4096.0 + 512.0;
    let lower = lower_params() / GIB + tokens * 3072.0 * (38.0 * 2.0 + BLOCK_ACT_PER_WIDTH) / GIB;
    assert!(
        split > lower && split < lower * 1.03 + 0.8,
        "{split} vs {lower}"
    );
    assert!(split < whole - 8.0, "{split} vs {whole}");
}

#[test]
fn split_mode_decides_a_verdict() {
    let catalog = Catalog::embedded().unwrap();
    let g3080 = catalog.gpu("rtx-3080").unwrap();
    let g4060 = catalog.gpu("rtx-4060-ti-16g").unwrap();
    let line = "flux.1-schnell lora fp8 rank=4 opt=adafactor res=1024 batch=2";
    let whole = read(&catalog, line).unwrap().ok().unwrap();
    let split = read(&catalog, &format!("{line} split=on"))
        .unwrap()
        .ok()
        .unwrap();
    // Whole: about 19.4 GiB, on neither card; split: about 8.5, on the 10 GB 3080.
    assert!(!fits_card(&estimate(&whole.req), g4060));
    assert!(fits_card(&estimate(&split.req), g3080));
    // Batch 2 doubles the lower half's activations, not its weights.
    let one = peak(
        &catalog,
        &format!("{} split=on", line.replace("batch=2", "batch=1")),
    );
    let two = estimate(&split.req).peak_gib;
    let acts = 4608.0 * 3072.0 * (38.0 * 2.0 + BLOCK_ACT_PER_WIDTH) / GIB;
    assert!(((two - one) - acts * 1.03).abs() < 0.05, "{one} {two}");
}

#[test]
fn split_mode_is_a_word_only_where_its_halves_are_known() {
    // Read in both locales, and the answer names the halves.
    let line = "/fit flux.1-schnell lora fp8 rank=4 opt=adafactor split=on 3080";
    let en = super::chat::ask_fresh("en-US", line);
    assert!(!en.contains("I can't read"), "{en}");
    assert!(
        en.contains("split mode") && en.contains("--split_mode"),
        "{en}"
    );
    let zh = super::chat::ask_fresh("zh-CN", line);
    assert!(zh.contains("分半") && zh.contains("--split_mode"), "{zh}");
    // kohya's `--split_mode` is FLUX.1's (FluxUpper / FluxLower): no halves on file for SDXL,
    // and a full fine-tune (flux_train.py) has no split mode: said, never guessed.
    let sdxl = super::chat::ask_fresh("en-US", "/fit sdxl lora split=on 3080");
    assert!(sdxl.contains("I can't read"), "{sdxl}");
    let full = super::chat::ask_fresh("en-US", "/fit flux.1-dev full split=on 4090");
    assert!(full.contains("I can't read"), "{full}");
}

/// kohya's OFT for FLUX.1 (sd-scripts@793999d1 `networks/oft_flux.py`, `OFTModule.forward`):
/// each adapted Linear's weight is cast to fp32 and rotated (`einsum` with R) at every forward,
/// then cast back for `F.linear`; autograd keeps the fp32 copy (4 bytes a weight) and the 16-bit
/// rotated weight (2) until the backward: with checkpointing, for the block being recomputed.
/// Attention-only targets the `SelfAttention` modules (double blocks only: img/txt qkv and proj,
/// 75.5 M a block); `enable_all_linear` every Linear of both block kinds (a double block 339.7 M).
#[test]
fn oft_keeps_each_adapted_weight_twice_in_the_block_recomputed() {
    let catalog = Catalog::embedded().unwrap();
    let base = "flux.1-schnell fp8 opt=adafactor res=1024 batch=1";
    let attn = peak(&catalog, &format!("{base} oft=attn"));
    let all = peak(&catalog, &format!("{base} oft=all"));
    // Every base weight in fp8 (kohya's Module.to(dtype)): 11.08 GiB; activations with
    // checkpointing over 4608 tokens: 57 x 2 x width + 34 x width.
    let weights = 11.9e9 / GIB;
    let acts = 4608.0 * 3072.0 * (57.0 * 2.0 + BLOCK_ACT_PER_WIDTH) / GIB;
    let kept = |b: f64| b * 6.0 / GIB;
    let want_attn = weights + acts + kept(75.5e6);
    let want_all = weights + acts + kept(339.7e6);
    assert!(
        attn > want_attn && attn < want_attn * 1.03 + 0.8,
        "{attn} vs {want_attn}"
    );
    assert!(
        all > want_all && all < want_all * 1.03 + 0.8,
        "{all} vs {want_all}"
    );
    // Without checkpointing every adapted weight's two copies wait for the backward.
    let off = peak(&catalog, &format!("{base} oft=all ckpt=off"));
    assert!(off > all + 50.0, "{off}");
    // On a 16 GB card the attention-only run fits (about 14.5 GiB); every linear does not.
    let g = catalog.gpu("rtx-4060-ti-16g").unwrap();
    let read_on = |w: &str| {
        read(&catalog, &format!("{base} {w}"))
            .unwrap()
            .ok()
            .unwrap()
    };
    assert!(fits_card(&estimate(&read_on("oft=attn").req), g));
    assert!(!fits_card(&estimate(&read_on("oft=all").req), g));
}

#[test]
fn oft_is_said_in_both_locales_and_only_where_known() {
    let line = "/fit flux.1-schnell fp8 opt=adafactor oft=all 4090";
    let en = super::chat::ask_fresh("en-US", line);
    assert!(!en.contains("I can't read"), "{en}");
    assert!(en.contains("OFT") && en.contains("oft_flux.py"), "{en}");
    // Titled OFT, never a full fine-tune (its rank is None like one).
    assert!(
        en.contains("· OFT ·") && !en.contains("· full fine-tune ·"),
        "{en}"
    );
    let zh = super::chat::ask_fresh("zh-CN", line);
    assert!(zh.contains("OFT") && zh.contains("正交"), "{zh}");
    let sdxl = super::chat::ask_fresh("en-US", "/fit sdxl oft=attn 3080");
    assert!(sdxl.contains("I can't read"), "{sdxl}");
}
