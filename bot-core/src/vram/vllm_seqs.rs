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
