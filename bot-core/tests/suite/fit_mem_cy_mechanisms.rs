//! mem_cy (session 30, issue 24, held-out 52): what a LoRA step keeps without activation
//! checkpointing depends on which linear layers carry adapters. A frozen `nn.Linear` saves no
//! input (autograd keeps a matmul's input only for its weight's gradient); an adapted one has
//! `lora_A` keep its (dropped-out, fp32-cast) input. So adapters on q and v only (the LoRA
//! paper, llama-cookbook's `lora_config`, LitGPT's hub configs) keep two hidden-wide copies a
//! layer where every linear layer keeps seven projections' inputs. The word that says so is
//! `targets=` in the chat and `--lora-targets` on the command line. Cases of no table row.

use super::chat::{say, world};
use crate::fit_fixtures::request;
use bot_core::Catalog;
use bot_core::vram::{FitOptions, FitRequest, LoraTargets, Quant, Shape, Task, estimate_with};

const GIB: f64 = 1024.0 * 1024.0 * 1024.0;

fn act_gib(c: &Catalog, req: &FitRequest) -> f64 {
    estimate_with(c, req, &FitOptions::default())
        .unwrap()
        .activations_gib
}

/// A LoRA job without checkpointing, `tokens` x `batch`, on `targets`.
fn lora<'a>(c: &'a Catalog, id: &str, targets: LoraTargets, dropout: bool) -> FitRequest<'a> {
    let mut r = request(c, id, Quant::Bf16, Task::Lora);
    r.context = 2048;
    r.batch = 4;
    r.grad_checkpointing = false;
    r.lora_targets = targets;
    r.lora_dropout = dropout;
    r
}

#[test]
fn fewer_adapted_layers_keep_fewer_inputs_without_checkpointing() {
    let c = Catalog::embedded().unwrap();
    for id in ["qwen2.5-7b", "llama-3.1-8b", "mistral-7b"] {
        let s = Shape::from_model(c.model(id).unwrap()).unwrap();
        let all = act_gib(&c, &lora(&c, id, LoraTargets::AllLinear, true));
        let attn = act_gib(&c, &lora(&c, id, LoraTargets::Attention, true));
        let qv = act_gib(&c, &lora(&c, id, LoraTargets::QueryValue, true));
        assert!(qv < attn && attn < all, "{id}: {qv} {attn} {all}");
        // What q/v saves against all-linear: the inputs of k, o, gate, up and down that their
        // adapters would keep (PEFT with autocast and dropout: a 2-byte copy and a 1-byte
        // mask per element), every layer, every token - nothing else of the layer moves.
        let (h, f) = (s.hidden as f64, s.intermediate as f64);
        let o = (s.heads * s.head_dim) as f64;
        let per_token_layer = (h + o + 2.0 * h + f) * 3.0;
        let expected = per_token_layer * s.layers as f64 * 2048.0 * 4.0 / GIB;
        assert!(
            ((all - qv) - expected).abs() < 0.02 * expected,
            "{id}: all {all} - qv {qv} vs {expected}"
        );
    }
}

#[test]
fn full_fine_tuning_keeps_every_linear_input_lora_on_q_and_v_does_not() {
    let c = Catalog::embedded().unwrap();
    let id = "qwen2.5-7b";
    let mut full = request(&c, id, Quant::Bf16, Task::Full);
    full.context = 2048;
    full.batch = 4;
    full.grad_checkpointing = false;
    // Without dropout PEFT keeps one 2-byte cast copy per adapter: q/v keep 4h a layer, full
    // fine-tuning the norms' outputs, the o and the down projections' inputs (4h + 2qw + 2f).
    let qv = act_gib(&c, &lora(&c, id, LoraTargets::QueryValue, false));
    assert!(act_gib(&c, &full) > qv, "{}", act_gib(&c, &full));
    // With checkpointing the layer inputs are what is kept: the targets move only the one
    // layer recomputed, far less than without.
    let mut ck_all = lora(&c, id, LoraTargets::AllLinear, true);
    ck_all.grad_checkpointing = true;
    let mut ck_qv = ck_all.clone();
    ck_qv.lora_targets = LoraTargets::QueryValue;
    let ck_gap = act_gib(&c, &ck_all) - act_gib(&c, &ck_qv);
    let gap = act_gib(&c, &lora(&c, id, LoraTargets::AllLinear, true))
        - act_gib(&c, &lora(&c, id, LoraTargets::QueryValue, true));
    assert!(ck_gap >= 0.0 && ck_gap < gap / 4.0, "{ck_gap} vs {gap}");
}

#[test]
fn target_words_read_short_names_and_module_lists() {
    for (w, t) in [
        ("qv", LoraTargets::QueryValue),
        ("q_proj,v_proj", LoraTargets::QueryValue),
        ("v_proj, q_proj", LoraTargets::QueryValue),
        ("attn", LoraTargets::Attention),
        ("q_proj,k_proj,v_proj,o_proj", LoraTargets::Attention),
        ("gate_proj,up_proj,down_proj", LoraTargets::Mlp),
        ("ALL", LoraTargets::AllLinear),
        (
            "q_proj,k_proj,v_proj,o_proj,gate_proj,up_proj,down_proj",
            LoraTargets::AllLinear,
        ),
    ] {
        assert_eq!(LoraTargets::from_key(w), Some(t), "{w}");
    }
    for w in ["", "lm_head", "q_proj,lm_head"] {
        assert_eq!(LoraTargets::from_key(w), None, "{w}");
    }
    // Any other list of the seven modules is its own list (mem_ee, held-out 62).
    for w in ["q_proj", "k_proj,v_proj"] {
        assert!(
            matches!(LoraTargets::from_key(w), Some(LoraTargets::Modules(_))),
            "{w}"
        );
    }
}

#[test]
fn the_chat_states_the_targets_and_the_word_that_changes_them() {
    let w = world();
    let line = "/fit qwen2.5-7b lora ctx=2048 batch=4 gc=off";
    let en = say(&w, "en", line);
    assert!(en.contains("on every linear layer"), "{en}");
    assert!(en.contains("targets=qv"), "{en}");
    let en_qv = say(&w, "en", &format!("{line} targets=qv"));
    assert!(en_qv.contains("on the q and v projections only"), "{en_qv}");
    let zh_qv = say(&w, "zh", &format!("{line} targets=q_proj,v_proj"));
    assert!(zh_qv.contains("只挂在 q、v 投影上"), "{zh_qv}");
    let en_attn = say(&w, "en", &format!("{line} targets=attn"));
    assert!(en_attn.contains("q, k, v and o only"), "{en_attn}");
    let bad = say(&w, "en", &format!("{line} targets=lm_head"));
    assert!(!bad.contains("on every linear layer"), "{bad}");
}
