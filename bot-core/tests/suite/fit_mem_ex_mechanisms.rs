//! mem_ex (session 40, issue 24, held-out 69's wrong vLLM verdicts): cases of our own, on models
//! and cards of no table row, each asserting what vLLM's own start-up code implies for
//! `--enforce-eager`.
//!
//! vLLM captures its CUDA graphs only when the model is not run eagerly: V0's
//! `Worker.warm_up_model` (`vllm/worker/worker.py`, 0.4-era V0) is `if not
//! self.model_config.enforce_eager: self.model_runner.capture_model(self.gpu_cache)`, after the
//! KV cache has filled `gpu_memory_utilization` of the card. V0 measures its peak with
//! `torch.cuda.mem_get_info()` (`determine_num_available_blocks`: `peak_memory =
//! total_gpu_memory - free_gpu_memory`), so the CUDA context is inside the share; at
//! `--gpu-memory-utilization 1.0` nothing is left outside it, which only the graphs would need.
//! Eager, the server starts at 1.0; with graphs it has no room to capture them. Today's V1
//! still refuses a share that leaves less than its CUDA context free at start
//! (`init_device`'s free-memory check), graphs or not.

fn say(q: &str) -> String {
    let w = crate::chat::world();
    crate::chat::say(&w, "en", q)
}

fn fits(a: &str) -> bool {
    a.contains("✅")
}

fn says_no(a: &str) -> bool {
    a.contains("❌ Does not fit") || a.contains("❌ --gpu-memory-utilization")
}

/// The "total X GiB" figure of an answer (other fit tests read it here too).
pub(crate) fn total(a: &str) -> f64 {
    let at = a
        .find("total ")
        .unwrap_or_else(|| panic!("no total in {a}"));
    a[at + 6..]
        .split_whitespace()
        .next()
        .unwrap()
        .parse::<f64>()
        .unwrap_or_else(|_| panic!("{a}"))
}

/// V0 at a share of the whole card: with CUDA graphs it has no room to capture them (no);
/// started eagerly it captures none, and the model that fits the share fits the card.
#[test]
fn v0_at_the_whole_card_starts_when_eager_and_not_with_graphs() {
    let base = "/fit qwen2.5-14b awq ctx=8k l40s vllm=v0 gmu=1.0";
    let graphs = say(base);
    assert!(says_no(&graphs), "{graphs}");
    let eager = say(&format!("{base} enforce_eager=on"));
    assert!(fits(&eager) && !says_no(&eager), "{eager}");
}

/// Eager, the need counts no CUDA graphs: the total drops by the graphs' figure (0.5 GiB),
/// nothing else moves (the same V0 server at its default share, a card it clearly fits).
#[test]
fn eager_drops_the_cuda_graphs_from_the_need() {
    let base = "/fit llama-3.1-8b bf16 ctx=4k a100 vllm=v0";
    let with = total(&say(base));
    let without = total(&say(&format!("{base} enforce_eager=on")));
    assert!(
        ((with - without) - 0.5).abs() < 0.06,
        "with graphs {with}, eager {without}"
    );
}

/// Today's V1 checks at start that the free memory holds the share, after its CUDA context
/// exists: at a share of the whole card it refuses to start, eager or not.
#[test]
fn todays_v1_at_the_whole_card_refuses_eager_or_not() {
    let base = "/fit qwen2.5-14b awq ctx=8k l40s vllm gmu=1.0";
    assert!(says_no(&say(base)));
    let eager = say(&format!("{base} enforce_eager=on"));
    assert!(says_no(&eager), "{eager}");
}

/// The V0 note says, in both locales, that an eager start captures no graphs, and offers the
/// word where the graphs are captured.
#[test]
fn the_v0_note_says_eager_in_both_locales() {
    let w = crate::chat::world();
    let base = "/fit llama-3.1-8b bf16 ctx=4k a100 vllm=v0";
    let en = crate::chat::say(&w, "en", &format!("{base} enforce_eager=on"));
    assert!(en.contains("captures no CUDA graphs"), "{en}");
    let zh = crate::chat::say(&w, "zh", &format!("{base} enforce_eager=on"));
    assert!(zh.contains("不捕获 CUDA graph"), "{zh}");
    let graphs = crate::chat::say(&w, "en", base);
    assert!(graphs.contains("enforce_eager=on"), "{graphs}");
    assert!(!graphs.contains("captures no CUDA graphs"), "{graphs}");
}
