//! The fourth held-out set (tests/data/measured_memory_heldout4.tsv, session 8): PEFT's
//! MetaMathQA method comparison (LoRA and full fine-tuning without checkpointing at batch 4),
//! ms-swift's example scripts (LoRA, QLoRA, full fine-tuning on one card and over DDP, ZeRO and
//! FSDP, packed long sequences), vLLM/SGLang weight logs and gpt-fast's reserved figures,
//! written down and scored before any change made for them. Printed with `-- --nocapture`.

use super::public::score;
use bot_core::Catalog;

#[test]
fn public_measurements_fourth_held_out_set() {
    let catalog = Catalog::embedded().unwrap();
    let held = score(
        &catalog,
        "measured_memory_heldout4.tsv (held out, session 8)",
        include_str!("../../data/measured_memory_heldout4.tsv"),
    );
    assert!(held.numeric >= 29 && held.verdicts >= 1);
    // Untuned (scored before any estimator change): 15 of 29 within 15 %, 8 under by more
    // than 15 %, the one verdict right. After DeepSpeed's fp32 masters
    // (`vram::fp32_master_weights`) and Liger's fused loss (`LossHead::Fused`, `--liger`):
    // 19 of 29, 5 under; with PEFT's rows replayed at their data's length (448 tokens, not the
    // 768 cap no sample reaches; see the table's header): 22 of 29, 5 under. Merged with the
    // rule that a frozen 16-bit base on one card carries no allocator share (`train::
    // allocator_reserve`; it mends 10-21 % overs in torchtune's, ms-swift's and Yi's reserved
    // LoRA rows), PEFT's two LoRA rows fall from -11 % to -23 %: 20 of 29, 7 under. Which side
    // is right needs PEFT's real batch lengths (448 is an estimate); left open, not tuned.
    // Session 9: PEFT's rows at 550 tokens, derived from PEFT's own results (the table's
    // header), with PEFT's fp32 adapters' input copies (`train::adapter_input_bytes`; its loop
    // has no autocast): -5 %; AdamW's foreach step (`train::foreach_step_bytes`) mends
    // Qwen2.5-3B full with Liger (-16 % -> -5 %); the batch-16 row is the 7B its figure was
    // written for (+4 %): 24 of 29, 3 under (DDP LoRA, ZeRO-3 LoRA, Qwen3-8B full over 4
    // cards, mechanisms not found). Session 11 (mem-g): the DDP row's "27.5GiB * 2" is the
    // sequence-parallel script's figure, written in the same commit (b40f31df7) over Qwen2-7B
    // LoRA at max_length 10000 on 2 cards; replayed as that job (5000 tokens a card): -40.4 %
    // -> +2.7 %. 25 of 29, 2 under (ZeRO-3 LoRA, Qwen3-8B full over 4 cards). The floor and
    // ceiling may only tighten.
    let floor_within = 25;
    let ceiling_under = 2;
    assert!(
        held.within15 >= floor_within,
        "held out 4: {} of {} within 15% (floor {floor_within})",
        held.within15,
        held.numeric
    );
    assert!(
        held.under15 <= ceiling_under,
        "held out 4 under by >15%: {:?}",
        held.under
    );
}

/// Each row's breakdown on the busiest card (weights, KV, activations, optimizer, overhead),
/// printed with `-- --nocapture`, so a miss can be read part by part.
#[test]
fn fourth_held_out_set_breakdowns() {
    super::mixed::print_breakdowns(
        &Catalog::embedded().unwrap(),
        include_str!("../../data/measured_memory_heldout4.tsv"),
    );
}
