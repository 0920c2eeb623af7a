//! What nvidia-smi shows beyond the need when a Transformers `generate` before 4.42 grows its
//! tuple cache (mem_fl, held-out 76's group B; the computation in docs/misses/mem_fl.md).
//!
//! - transformers 4.35 `models/llama/modeling_llama.py` `LlamaAttention.forward`:
//!   `key_states = torch.cat([past_key_value[0], key_states], dim=2)` (values the same): every
//!   decode step makes each layer's K and V anew, one token longer, while `greedy_search` still
//!   holds the step before's (`vram::generate_steps`). 4.36-4.41 concatenate the same way inside
//!   `DynamicCache.update` and hand back `to_legacy_cache()`; 4.42 updates one cache in place.
//! - `repeat_kv` (same file) copies K and V to every query head when a model has fewer KV heads,
//!   each step, freed after the layer.
//! - bitsandbytes 0.41 `matmul_4bit`: the gemv kernel only for one row; with more rows each
//!   Linear dequantizes its weight to 16-bit (`F.dequantize_4bit`) and frees it.
//! - PyTorch's caching allocator (`vram::torchao::Pool`'s rules): a tensor of 10 MiB or more
//!   gets a segment of its own size rounded up to 2 MiB; a K or V one 2 MiB boundary larger fits
//!   no freed one, so two sets of smaller segments are left behind at each boundary. They are
//!   whole free segments, which PyTorch returns before it fails an allocation: shown, not needed.
//!
//! The replay (one forward of the prompt, then one `generate`; later calls reuse the same
//! blocks) against the nvml figures beyond batch 1: Vicuna-7B 128 + 256 fp16 reserve 10.6 /
//! 45.8 GiB at batch 8 / 16 (implied 8.8 / 32.2: it over-reads, never under), bnb 4.3 / 13.3
//! (3.7 / 12.5), Mistral-7B 512 + 1000 at 8 / 16 with `repeat_kv` 3.9 / 7.7 (3.7 / 7.3).

use super::torchao::Pool;
use super::{Engine, FitRequest, Shape};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// The dims a replay depends on, in bytes per token and row counts.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Dims {
    layers: u64,
    hidden: u64,
    kv: u64,
    heads: u64,
    inter: u64,
    vocab: u64,
    batch: u64,
    prompt: u64,
    steps: u64,
    rep: u64,
    dequant: bool,
}

struct Replay {
    pool: Pool,
    live_peak: u64,
}

impl Replay {
    fn alloc(&mut self, bytes: u64) -> Option<u64> {
        let a = self.pool.alloc(bytes);
        self.live_peak = self.live_peak.max(self.pool.live);
        a
    }

    fn free(&mut self, a: Option<u64>) {
        self.pool.release(a);
    }

    fn transient(&mut self, bytes: u64) {
        let a = self.alloc(bytes);
        self.free(a);
    }

    /// One eager forward of `t` tokens in 4.35's Llama order (fp32 norm, q/k/v, rotary copies,
    /// 16-bit scores and their fp32 softmax, the gated MLP), then the fp16 and fp32 logits of
    /// every position. Returns the layers' K and V when `keep`, and the fp32 logits.
    fn prefill(&mut self, d: &Dims, keep: bool) -> (Vec<Option<u64>>, Option<u64>) {
        let (b, t) = (d.batch, d.prompt);
        let h = b * t * d.hidden * 2;
        let kv = b * t * d.kv * 2;
        let i = b * t * d.inter * 2;
        let sc = b * d.heads * t * t * 2;
        let mut x = self.alloc(h);
        let mut cache = Vec::new();
        for _ in 0..d.layers {
            let n32 = self.alloc(2 * h);
            let n = self.alloc(h);
            self.free(n32);
            let (q, k, v) = (self.alloc(h), self.alloc(kv), self.alloc(kv));
            self.free(n);
            let q2 = self.alloc(h);
            self.free(q);
            let k2 = self.alloc(kv);
            self.free(k);
            let s = self.alloc(sc);
            let s32 = self.alloc(2 * sc);
            self.free(s);
            let s16 = self.alloc(sc);
            self.free(s32);
            let o = self.alloc(h);
            self.free(s16);
            self.free(q2);
            let o2 = self.alloc(h);
            self.free(o);
            let x2 = self.alloc(h);
            self.free(o2);
            self.free(x);
            x = x2;
            let n = self.alloc(h);
            let (g, u, a) = (self.alloc(i), self.alloc(i), self.alloc(i));
            self.free(g);
            let m = self.alloc(i);
            self.free(a);
            self.free(u);
            let down = self.alloc(h);
            self.free(m);
            self.free(n);
            let x2 = self.alloc(h);
            self.free(down);
            self.free(x);
            x = x2;
            if keep {
                cache.extend([k2, v]);
            } else {
                self.free(k2);
                self.free(v);
            }
        }
        let lg = self.alloc(b * t * d.vocab * 2);
        let lg32 = self.alloc(b * t * d.vocab * 4);
        self.free(lg);
        self.free(x);
        (cache, lg32)
    }

    /// One `generate`: the prefill, then each step's new K and V per layer (with `repeat_kv`'s
    /// copies and the fp32 softmax where the model has fewer KV heads, bitsandbytes' dequantized
    /// matrices where it runs them), the old cache freed after the step, the step's fp32 logits.
    fn generate(&mut self, d: &Dims) {
        let (mut cache, lg) = self.prefill(d, true);
        self.free(lg);
        let per = d.batch * d.kv * 2;
        let rep = d.rep;
        let mut len = d.prompt;
        for _ in 0..d.steps {
            len += 1;
            let mut next = Vec::with_capacity(cache.len());
            for _ in 0..d.layers {
                if d.dequant {
                    self.transient(d.hidden * d.hidden * 2);
                    self.transient(d.hidden * d.kv * 2);
                    self.transient(d.hidden * d.kv * 2);
                }
                next.extend([self.alloc(per * len), self.alloc(per * len)]);
                if rep > 1 {
                    let kr = self.alloc(per * len * rep);
                    let vr = self.alloc(per * len * rep);
                    self.transient(d.batch * d.heads * len * 4);
                    self.free(kr);
                    self.free(vr);
                }
                if d.dequant {
                    self.transient(d.hidden * d.hidden * 2);
                    for _ in 0..3 {
                        self.transient(d.hidden * d.inter * 2);
                    }
                }
            }
            for a in cache.drain(..) {
                self.free(a);
            }
            cache = next;
            self.transient(d.batch * d.vocab * 4);
        }
        for a in cache {
            self.free(a);
        }
    }
}

fn replay(d: Dims) -> f64 {
    static MEMO: OnceLock<Mutex<HashMap<Dims, f64>>> = OnceLock::new();
    let memo = MEMO.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(v) = memo.lock().ok().and_then(|m| m.get(&d).copied()) {
        return v;
    }
    let mut r = Replay {
        pool: Pool::default(),
        live_peak: 0,
    };
    let (_, lg) = r.prefill(&d, false);
    r.free(lg);
    r.generate(&d);
    let v = r.pool.reserved.saturating_sub(r.live_peak) as f64;
    if let Ok(mut m) = memo.lock() {
        m.insert(d, v);
    }
    v
}

/// Bytes of outgrown cache segments nvidia-smi shows beyond what the step holds live, for the
/// whole model on one card (the caller takes its share of layers). 0 off Transformers, on 4.42
/// and later or without a release word (today's), without decode steps, at batch 1, and for
/// caches this replay does not model (MLA, compressed, sliding-window, MoE).
pub(super) fn outgrown_bytes(shape: &Shape, req: &FitRequest, prompt: f64, context: f64) -> f64 {
    let legacy = req.engine == Engine::Transformers
        && req
            .transformers_release
            .is_some_and(|r| r < super::generate_steps::DYNAMIC_CACHE_FROM);
    let steps = (context - prompt).max(0.0);
    let plain = shape.mla.is_none()
        && shape.compressed.is_none()
        && shape.sliding.is_none()
        && shape.experts == 0;
    if !legacy || !plain || req.batch <= 1 || steps < 2.0 || req.beams > 1 {
        return 0.0;
    }
    let d = Dims {
        layers: u64::from(shape.layers),
        hidden: u64::from(shape.hidden),
        kv: u64::from(shape.kv_heads) * u64::from(shape.head_dim),
        heads: u64::from(shape.heads),
        inter: u64::from(shape.intermediate),
        vocab: u64::from(shape.vocab),
        batch: u64::from(req.batch),
        prompt: prompt as u64,
        // the last token is sampled, not fed back: one step fewer than tokens generated
        steps: steps as u64 - 1,
        rep: u64::from(shape.heads / shape.kv_heads.max(1)),
        dequant: req.quant.is_bnb4(),
    };
    replay(d)
}

/// What nvidia-smi shows of the cache beyond the need at batch > 1 while the cache grows: one
/// more KV cache (`kv`, this card's; `vram::infer`'s measured reserve), or where more the
/// outgrown segments of this card's layers (`share`) before 4.42. Releasable.
pub(super) fn kv_reserve(
    shape: &Shape,
    req: &FitRequest,
    (prompt, context): (f64, f64),
    (kv, share): (f64, f64),
    batch: f64,
) -> f64 {
    // A single forward pass (`new_tokens` <= 1) never grows the cache, so nothing is outgrown.
    let grows = req.new_tokens.is_none_or(|t| t > 1);
    if batch <= 1.0 || !grows {
        return 0.0;
    }
    kv.max(outgrown_bytes(shape, req, prompt, context) * share)
}

/// The answer's word on the outgrown segments where they are more than the one cache the
/// shown figure holds anyway: what nvidia-smi shows beyond the need, and why the verdict
/// does not count it.
pub(super) fn note(shape: &Shape, req: &FitRequest) -> Option<crate::reply::Msg> {
    let context = f64::from(req.context);
    let prompt = super::generate_steps::prefill_tokens(req, context);
    let outgrown = outgrown_bytes(shape, req, prompt, context);
    let kv = f64::from(shape.layers)
        * 4.0
        * f64::from(shape.kv_heads * shape.head_dim)
        * f64::from(req.batch)
        * context;
    (outgrown > kv).then(|| {
        crate::reply::Msg::new("fit-warn-tuple-cache")
            .arg("gib", (outgrown / super::GIB * 100.0).round() / 100.0)
    })
}
