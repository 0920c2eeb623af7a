//! SGLang starts with a token pool smaller than the job asks for, as long as the pool is not
//! empty: the answer on a named card is "starts, with a pool of N tokens", never "does not fit".
//!
//! Sources (sgl-project/sglang, stored copies of the 0.4 to 0.5 lines):
//! - the model runner's `profile_max_num_token` / `_profile_available_bytes`: after the weights
//!   are loaded, `rest_memory = available_device_memory - total_device_memory * (1 -
//!   mem_fraction_static)` and the pool holds `rest_memory // cell_size` tokens; only a pool of
//!   no tokens raises "Not enough memory. Please try to increase --mem-fraction-static."
//! - `managers/tp_worker.py`: `self.max_req_input_len = min(self.model_config.context_len - 1,
//!   self.max_total_num_tokens - 1)`; the scheduler's `validate_input_length` refuses a longer
//!   input ("Input length (N tokens) exceeds the maximum allowed length (M tokens). Use a
//!   shorter input or enable --allow-auto-truncate."), or with `--allow-auto-truncate` cuts it.
//! - sgl-project/sglang#4048 (2025-03): DeepSeek-R1 at `--tp 8 --mem-fraction-static 0.9
//!   --context-length 163840` "starts successfully"; a 160062-token request is refused against
//!   "the maximum allowed length (59862 tokens)".
//!
//! vLLM differs: it refuses to start when its pool cannot hold one `max_model_len` sequence
//! (`vram::vllm_pool`), so only SGLang is sized this way. TGI, LMDeploy and TensorRT-LLM keep
//! their own rules (`vram::server`).

use super::estimate::compute;
use super::parts::{CUDA_CONTEXT_GIB, Parts, VLLM_CUDA_GRAPHS_GIB};
use super::request::{FitOptions, FitReport, FitRequest, ServerPool};
use super::{GIB, Server, Shape, round2};

/// SGLang on the named card when the weights leave a pool (inside `--mem-fraction-static` of
/// the card) that is not empty but smaller than the job's demand (`parts`: the whole demand):
/// the pool, and the busiest card as the server holds it once started, part by part: the
/// weights, the pool filled to the fraction, the activations and the CUDA context and graphs
/// in the rest of the card. `None` for another engine, no card, a pool that holds the demand
/// (the usual verdict stands), an empty pool (SGLang refuses to start), or activations and
/// CUDA graphs that do not fit the rest of the card.
pub(super) fn started(
    shape: &Shape,
    req: &FitRequest,
    opts: &FitOptions,
    parts: &Parts,
) -> Option<(ServerPool, [f64; 5])> {
    let (server, fraction) = opts.server_pool(req)?;
    let g = req.gpu?;
    if server != Server::Sglang {
        return None;
    }
    let card = g.usable_gib() * GIB;
    // SGLang measures the card after loading: the CUDA context is used memory too.
    let ctx = CUDA_CONTEXT_GIB * GIB;
    let room = fraction * card - parts.card[0] - ctx;
    if room <= 0.0 || parts.card[1] <= room {
        return None;
    }
    let kv_at = |context: u32, batch: u32| {
        let mut r = req.clone();
        r.context = context;
        r.batch = batch;
        compute(shape, &r, opts).card[1]
    };
    let one = kv_at(req.context, 1);
    let pool = if one <= room {
        // Some requests at full length fit at once; the others wait for room in the pool.
        let n = largest(1, req.batch, |b| kv_at(req.context, b) <= room)?;
        ServerPool {
            fraction,
            tokens: (room / (one / req.context as f64)).floor() as u64,
            clipped: false,
            full_requests: n,
            held_gib: 0.0,
        }
    } else {
        // Not one request at full length: the longest request is the pool.
        let t = largest(1, req.context, |t| kv_at(t, 1) <= room)?;
        ServerPool {
            fraction,
            tokens: u64::from(t),
            clipped: true,
            full_requests: 0,
            held_gib: 0.0,
        }
    };
    // The activations (the same forward pass whatever the pool) and the CUDA graphs live in
    // what the fraction leaves of the card.
    let graphs = VLLM_CUDA_GRAPHS_GIB * GIB;
    let fits_rest = parts.card[2] + graphs <= (1.0 - fraction) * card;
    let held = [parts.card[0], room, parts.card[2], 0.0, ctx + graphs];
    fits_rest.then_some((pool, held))
}

/// The largest `x` in `lo..=hi` with `ok(x)`, for `ok` true up to a point and false after;
/// `None` when `ok(lo)` is false.
pub(super) fn largest(lo: u32, hi: u32, ok: impl Fn(u32) -> bool) -> Option<u32> {
    if !ok(lo) {
        return None;
    }
    let (mut good, mut bad) = (lo, hi.saturating_add(1));
    while bad - good > 1 {
        let mid = good + (bad - good) / 2;
        if ok(mid) {
            good = mid;
        } else {
            bad = mid;
        }
    }
    Some(good)
}

/// Whether SGLang refuses the request asked for: the pool is shorter than the context and the
/// prompt (the context less the stated generated tokens, `new_tokens`) reaches
/// `max_req_input_len = max_total_num_tokens - 1` (`validate_input_length`:
/// `len(req.origin_input_ids) >= max_req_input_len` is an error unless
/// `--allow-auto-truncate`). The Qwen3 speed benchmark (SGLang 0.4.6.post1, H20, mfs 0.85)
/// ran Qwen3-32B BF16 on one card at 63488 input tokens and on two at 129024. With the prompt
/// unknown the context is the server's limit, not a request: it starts and caps requests at
/// the pool (`pool`).
pub(super) fn refuses(req: &FitRequest, pool: &ServerPool) -> bool {
    let Some(generated) = req.new_tokens else {
        return false;
    };
    let prompt = u64::from(req.context.saturating_sub(generated));
    pool.clipped && prompt >= pool.tokens.saturating_sub(1)
}

/// The verdict `refused` on the named card: SGLang starts but refuses the request
/// ([`refuses`]); the figures and the margin stay the whole demand's, which does not fit, and
/// the pool line says how long a request it takes.
pub(super) fn refuse(report: &mut FitReport, mut pool: ServerPool, held: [f64; 5]) {
    pool.held_gib = round2(held.iter().sum::<f64>() / GIB);
    report.fits = Some(false);
    report.verdict = Some("refused".into());
    report.server_pool = Some(pool);
}

/// The verdict `pool` on the named card: the server starts (`fits`), the margin is what the
/// started server (`held`, bytes: the weights, the pool filled to the fraction, the
/// activations and the CUDA context and graphs beside them) leaves of the card. The report's
/// figures stay the whole demand, as for vLLM's `starts`: the answer sets the cards that hold
/// it beside the verdict.
pub(super) fn judge(report: &mut FitReport, mut pool: ServerPool, held: [f64; 5], usable_gib: f64) {
    let on_card = held.iter().sum::<f64>() / GIB;
    pool.held_gib = round2(on_card);
    report.fits = Some(true);
    report.verdict = Some("pool".into());
    report.server_pool = Some(pool);
    report.margin_gib = Some(round2(usable_gib - on_card));
}
