//! vLLM's `--max-num-seqs` as the user sets it: the rows its start-up profile samples over.
//!
//! vLLM's profile run (`vllm/v1/worker/gpu_model_runner.py` at vllm-project/vllm@000fc94b:
//! `max_num_reqs = scheduler_config.max_num_seqs`; `_dummy_run` spreads
//! `max_num_batched_tokens` over `min(num_tokens, max_num_reqs)` dummy requests and
//! `profile_run` hands each one's last hidden state to `_dummy_sampler_run`) samples one row of
//! full-vocabulary logits per request the scheduler may run at once, so the sampler's share of the
//! profile (`parts::VLLM_SAMPLER_BYTES_PER_LOGIT` per logit) follows `max_num_seqs`, not vLLM's
//! default for the card, once the user sets it. V0's profile does the same with its
//! `max_num_seqs` dummy sequence groups. A lower value leaves that memory to the KV cache: the
//! same Qwen2.5-32B W8A16 server on 2 × RTX 3090 that found "No available memory for the cache
//! blocks" at the default 256 "can be started normally" with `max_num_seqs` 8
//! (vllm-project/vllm#17238, held-out 18).

use super::VllmRelease;
use super::parts::VllmDefaults;

/// The scheduler limits the profile runs with: `given` (vLLM's defaults for the card's class,
/// or V0's) with `max_num_seqs` where the user set one (`FitOptions::vllm_max_seqs`); zero is
/// not a setting and leaves the default.
pub fn profile_limits(given: VllmDefaults, max_num_seqs: Option<u32>) -> VllmDefaults {
    match max_num_seqs.filter(|n| *n > 0) {
        Some(n) => VllmDefaults {
            max_seqs: n,
            ..given
        },
        None => given,
    }
}

/// The limits with vLLM's `--max-num-batched-tokens` where the user set it
/// (`FitOptions::vllm_batched_tokens`): the profile run's forward pass takes that many tokens
/// (`gpu_model_runner.py` `profile_run`: `self._dummy_run(self.max_num_tokens, ...)`, with
/// `max_num_tokens = scheduler_config.max_num_batched_tokens`), so its activation peak follows
/// it, not the card's default (vLLM docs, "Engine Arguments": `--max-num-batched-tokens`,
/// "Maximum number of tokens to be processed in a single iteration"). Zero leaves the default.
pub fn with_batched_tokens(given: VllmDefaults, batched: Option<u32>) -> VllmDefaults {
    match batched.filter(|n| *n > 0) {
        Some(n) => VllmDefaults {
            batched_tokens: n,
            ..given
        },
        None => given,
    }
}

/// The first V1 release whose launch defaults still held (V1 became the default in 0.8.0).
const V1_LAUNCH: VllmRelease = VllmRelease::new(0, 8, 0);
/// The first release with the reverted default: vllm-project/vllm PR 16158 ("[V1] Revert the
/// default `max_num_seqs` to V0 values for most hardware", merged 2025-04-07, the day after
/// v0.8.3 was tagged, so first released in 0.8.4; not checked against the tag).
const V1_SEQS_REVERTED: VllmRelease = VllmRelease::new(0, 8, 4);

/// The scheduler defaults `vllm serve` took in the release named, where they differ from
/// today's class rule (`given`, `VllmDefaults::for_card`): V1 as it launched (0.8.0 - 0.8.3)
/// set `max_num_seqs` 1024 on every card ("The default `max_num_seqs` has been raised from `256`
/// in V0 to `1024` in V1", the OOM docs of vllm PR 15357, 2025-03-24; PR 16158 put 256 back
/// for all but H100/H200), and `max_num_batched_tokens` 8192 for the API server on a card whose
/// name says H100 or H200, 2048 on any other (`_set_default_args_v1`, vllm PR 12369; the
/// memory-size rule came with PR 17073 in 0.8.5). With no card named the class's batched tokens
/// stay. Any other release, or none: `given`.
pub fn at_release(
    given: VllmDefaults,
    release: Option<VllmRelease>,
    gpu: Option<&crate::catalog::Gpu>,
) -> VllmDefaults {
    match release {
        Some(r) if (V1_LAUNCH..V1_SEQS_REVERTED).contains(&r) => VllmDefaults {
            max_seqs: VllmDefaults::LARGE.max_seqs,
            batched_tokens: match gpu {
                Some(g) if names_h100_or_h200(g) => VllmDefaults::LARGE.batched_tokens,
                Some(_) => VllmDefaults::SMALL.batched_tokens,
                None => given.batched_tokens,
            },
        },
        _ => given,
    }
}

/// Whether vLLM's device-name test (`"h100" in device_name or "h200" in device_name`, lower
/// case) holds for the card.
fn names_h100_or_h200(g: &crate::catalog::Gpu) -> bool {
    let id = g.id.to_ascii_lowercase();
    let name = g.name.to_ascii_lowercase();
    ["h100", "h200"]
        .iter()
        .any(|n| id.contains(n) || name.contains(n))
}
