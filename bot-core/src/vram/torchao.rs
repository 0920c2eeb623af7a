//! torchao weight-only quantization (`int8wo`, `int4wo-G`, `float8wo`) as torchao's own
//! benchmark runs it (`torchao/_models/llama/generate.py`, the source of the quantization
//! README's "Peak Memory" column): the model is loaded in 16-bit on the card, `quantize_`
//! replaces each `nn.Linear` weight (the output head included) in place, one after another,
//! and the measurement is PyTorch's `max_memory_reserved` after the CUDA-graph warm-up.
//!
//! Why the quantized model reserves more than its tensors: each quantized weight is allocated
//! while its 16-bit source is still alive, so PyTorch's caching allocator places it (best fit)
//! in a block an earlier 16-bit weight or a quantization temporary left free. When
//! `torch.cuda.graph` starts its capture it calls `torch.cuda.empty_cache()`, which returns
//! only segments with nothing alive in them: every segment that holds a quantized weight stays
//! reserved whole, and PyTorch cannot give it back before an out-of-memory error either.
//! How much stays depends on the sizes and order of the allocations, so it is worked out by
//! replaying them through a model of the allocator (`Pool`), not by a fixed share.
//!
//! The allocation sequence per weight follows torchao's code at the README's tables
//! (pytorch/ao @ b4d076813, 2024-09; `quant_primitives._quantize_affine_no_dtype_cast`,
//! `affine_quantized_tensor.TensorCoreTiledAQTLayout.from_plain`):
//! - int8wo: `input * (1/scale)`, `round`, `+ zero_point`, `clamp` (16-bit temporaries, two
//!   alive at a time), then `.to(int8)`.
//! - float8wo: `input * scale.reciprocal()`, `clamp`, `.to(float8)`; at run time its linear
//!   is `F.linear(x, weight.dequantize())` (`_linear_fp_act_fp8_weight_impl`), a 16-bit copy
//!   of the matrix being multiplied. float8dq (pytorch/ao @ 92dd5f557,
//!   `float8_dynamic_activation_float8_weight`): the same steps with fp32 scales, so fp32
//!   temporaries, and `_scaled_mm` on the fp8 weight at run time (no copy).
//! - int4wo (tinygemm): `input - min_val`, `/ scale`, `round`, `clamp` (16-bit), `.to(int32)`,
//!   the nibble packing (`<< 4`, `|` in int32, `.to(uint8)`), `_convert_weight_to_int4pack`,
//!   and the bf16 scales and zeros packed together (`pack_tinygemm_scales_and_zeros`).
//!
//! Allocator facts (PyTorch `c10/cuda/CUDACachingAllocator.cpp`): requests round up to 512 B;
//! up to 1 MiB they come from a separate small pool (left out: a few MiB in all); a larger
//! request takes the smallest free block that holds it, split when more than 1 MiB is left;
//! otherwise a new segment: 20 MiB for requests under 10 MiB, else the request rounded up to
//! 2 MiB. Freed neighbours in one segment merge.

use super::Shape;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::{Mutex, OnceLock};

/// A torchao weight-only scheme (`FitRequest::torchao`); the format's bits come from the
/// request's `Quant` (`int8`, `fp8`, `int4`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Torchao {
    /// `int4wo` group size (torchao's `Int4WeightOnlyConfig` default: 128; the README's rows
    /// use 64). Each group has a bf16 scale and a bf16 zero point.
    pub int4_group: u32,
    /// Dynamic activation quantization too (`int8dq`, `float8dq`): the weights go through the
    /// same quantization, but the matmul runs on the quantized weight (`int_mm`, `_scaled_mm`)
    /// instead of float8wo's dequantized 16-bit copy.
    pub dynamic: bool,
}

impl Default for Torchao {
    fn default() -> Self {
        Torchao {
            int4_group: 128,
            dynamic: false,
        }
    }
}

impl Torchao {
    /// Reads a torchao word: `torchao`/`on` (the format from the quantization word), `int8wo`,
    /// `int4wo`, `int4wo-64` (group size), `float8wo`/`fp8wo`; with the format it names.
    pub fn parse(word: &str) -> Option<(Option<super::Quant>, Torchao)> {
        let w = word.trim().to_ascii_lowercase();
        let d = Torchao::default();
        match w.as_str() {
            "on" | "torchao" | "yes" => Some((None, d)),
            "int8wo" | "int8-wo" => Some((Some(super::Quant::Int8), d)),
            "float8wo" | "fp8wo" | "float8-wo" | "fp8-wo" => Some((Some(super::Quant::Fp8), d)),
            "int8dq" | "float8dq" | "fp8dq" | "float8dq-row" | "float8dq-tensor" => {
                let q = if w.starts_with("int8") {
                    super::Quant::Int8
                } else {
                    super::Quant::Fp8
                };
                Some((Some(q), Torchao { dynamic: true, ..d }))
            }
            _ => {
                let rest = w
                    .strip_prefix("int4wo")
                    .or_else(|| w.strip_prefix("int4-wo"))?;
                let group = match rest.strip_prefix('-') {
                    None if rest.is_empty() => d.int4_group,
                    Some(g) => g.parse().ok().filter(|g| [32, 64, 128, 256].contains(g))?,
                    None => return None,
                };
                let t = Torchao {
                    int4_group: group,
                    ..d
                };
                Some((Some(super::Quant::Int4), t))
            }
        }
    }
}

/// Which sequence of allocations a weight goes through.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Scheme {
    Int8,
    /// `dequantized_copy`: weight-only (float8wo) multiplies by a 16-bit copy.
    Float8 {
        dequantized_copy: bool,
    },
    Int4 {
        group: u32,
    },
}

impl Scheme {
    /// torchao's own name for the scheme (`int4wo-64`).
    pub(super) fn key(&self) -> String {
        match self {
            Scheme::Int8 => "int8wo".into(),
            Scheme::Float8 {
                dequantized_copy: true,
            } => "float8wo".into(),
            Scheme::Float8 { .. } => "float8dq".into(),
            Scheme::Int4 { group } => format!("int4wo-{group}"),
        }
    }

    /// Bytes per weight of the quantized matrix (scales included; int8/float8 keep one bf16
    /// scale per row, negligible).
    pub(super) fn bytes_per_weight(&self) -> f64 {
        match self {
            Scheme::Int8 | Scheme::Float8 { .. } => 1.0,
            Scheme::Int4 { group } => 0.5 + 4.0 / (*group).max(1) as f64,
        }
    }
}

/// The scheme a request sizes, if it asks for torchao.
pub(super) fn scheme(req: &super::FitRequest) -> Option<Scheme> {
    let t = req.torchao?;
    match req.quant {
        super::Quant::Int8 => Some(Scheme::Int8),
        super::Quant::Fp8 => Some(Scheme::Float8 {
            dequantized_copy: !t.dynamic,
        }),
        super::Quant::Int4 => Some(Scheme::Int4 {
            group: t.int4_group,
        }),
        _ => None,
    }
}

/// torchao's weights: every decoder matrix and the output head quantized (`quantize_` swaps
/// every `nn.Linear`; a head tied to the embedding becomes its own quantized copy), the
/// embedding and norms 16-bit.
pub(super) fn weight_split(shape: &Shape, scheme: Scheme) -> super::parts::WeightSplit {
    let p = &shape.params;
    let b = scheme.bytes_per_weight();
    let head = if shape.tied { p.embed } else { p.lm_head };
    super::parts::WeightSplit {
        embed: p.embed * 2.0,
        head: head * b,
        other: p.other * 2.0,
        layers: p.linear * b,
    }
}

/// What replaying the quantization gives, in bytes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Replay {
    /// Reserved after `empty_cache` beyond the live tensors: the segments the quantized weights
    /// pin.
    pub pinned: f64,
    /// The highest reservation while quantizing (the whole 16-bit model plus temporaries).
    pub load_peak: f64,
    /// The largest quantized matrix in 16-bit (float8wo's run-time dequantized copy).
    pub largest_16bit: f64,
}

const MIB: u64 = 1 << 20;
/// Segments never touch (each is its own `cudaMalloc`).
const SEGMENT_GAP: u64 = 1 << 44;

#[derive(Debug, Clone, Copy)]
struct Block {
    size: u64,
    free: bool,
    seg: u64,
}

/// PyTorch's large pool, as far as the reservation goes (also replayed by `vram::tuple_cache`).
#[derive(Default)]
pub(super) struct Pool {
    free: BTreeSet<(u64, u64)>,
    blocks: BTreeMap<u64, Block>,
    segs: BTreeMap<u64, u64>,
    next: u64,
    pub(super) reserved: u64,
    peak: u64,
    pub(super) live: u64,
}

impl Pool {
    pub(super) fn alloc(&mut self, bytes: u64) -> Option<u64> {
        let n = bytes.div_ceil(512) * 512;
        if n <= MIB {
            return None;
        }
        let found = self.free.range((n, 0)..).next().copied();
        let (size, addr, seg) = match found {
            Some((size, addr)) => {
                self.free.remove(&(size, addr));
                (size, addr, self.blocks[&addr].seg)
            }
            None => {
                let size = if n < 10 * MIB {
                    20 * MIB
                } else {
                    n.div_ceil(2 * MIB) * 2 * MIB
                };
                let addr = self.next;
                self.next += size + SEGMENT_GAP;
                self.segs.insert(addr, size);
                self.reserved += size;
                self.peak = self.peak.max(self.reserved);
                (size, addr, addr)
            }
        };
        let used = if size - n > MIB {
            let rest = Block {
                size: size - n,
                free: true,
                seg,
            };
            self.blocks.insert(addr + n, rest);
            self.free.insert((size - n, addr + n));
            n
        } else {
            size
        };
        self.blocks.insert(
            addr,
            Block {
                size: used,
                free: false,
                seg,
            },
        );
        self.live += used;
        Some(addr)
    }

    pub(super) fn release(&mut self, addr: Option<u64>) {
        let Some(mut addr) = addr else { return };
        let Some(b) = self.blocks.remove(&addr) else {
            return;
        };
        self.live -= b.size;
        let mut size = b.size;
        if let Some(next) = self.blocks.get(&(addr + size)).copied()
            && next.free
            && next.seg == b.seg
        {
            self.blocks.remove(&(addr + size));
            self.free.remove(&(next.size, addr + size));
            size += next.size;
        }
        if let Some((&p, &prev)) = self.blocks.range(..addr).next_back()
            && prev.free
            && prev.seg == b.seg
            && p + prev.size == addr
        {
            self.blocks.remove(&p);
            self.free.remove(&(prev.size, p));
            size += prev.size;
            addr = p;
        }
        self.blocks.insert(
            addr,
            Block {
                size,
                free: true,
                seg: b.seg,
            },
        );
        self.free.insert((size, addr));
    }

    /// `torch.cuda.empty_cache()`: every segment that is one free block goes back.
    fn empty_cache(&mut self) {
        let whole: Vec<u64> = self
            .segs
            .iter()
            .filter(|(s, size)| {
                self.blocks
                    .get(s)
                    .is_some_and(|b| b.free && b.size == **size)
            })
            .map(|(s, _)| *s)
            .collect();
        for s in whole {
            let size = self.segs.remove(&s).unwrap_or(0);
            self.blocks.remove(&s);
            self.free.remove(&(size, s));
            self.reserved -= size;
        }
    }

    /// The 16-bit temporaries both integer schemes make first, each freed once the next
    /// exists; the last one, still live, is returned for the caller to free.
    fn integer_temps(&mut self, s: u64) -> Option<u64> {
        let t1 = self.alloc(s);
        let t2 = self.alloc(s);
        self.release(t1);
        let t3 = self.alloc(s);
        self.release(t2);
        let t4 = self.alloc(s);
        self.release(t3);
        t4
    }

    /// One weight of `rows x cols`, 16-bit at `w`, through `scheme`; returns the kept blocks.
    fn quantize(
        &mut self,
        w: Option<u64>,
        rows: u64,
        cols: u64,
        scheme: Scheme,
    ) -> Vec<Option<u64>> {
        let s = 2 * rows * cols;
        let mut keep = Vec::new();
        match scheme {
            Scheme::Int8 => {
                let t4 = self.integer_temps(s);
                keep.push(self.alloc(s / 2));
                self.release(t4);
            }
            Scheme::Float8 { dequantized_copy } => {
                // float8dq asks for fp32 scales (`scale_dtype=torch.float32`), so
                // `input * scale.reciprocal()` and its clamp are fp32: twice the 16-bit size.
                let t = if dequantized_copy { s } else { 2 * s };
                let t1 = self.alloc(t);
                let t2 = self.alloc(t);
                self.release(t1);
                keep.push(self.alloc(s / 2));
                self.release(t2);
            }
            Scheme::Int4 { group } => {
                let g = u64::from(group.max(1));
                let t4 = self.integer_temps(s);
                let i32s = self.alloc(2 * s);
                self.release(t4);
                let shifted = self.alloc(s);
                let ored = self.alloc(s);
                self.release(shifted);
                let bytes = self.alloc(s / 4);
                self.release(ored);
                keep.push(self.alloc(s / 4));
                self.release(bytes);
                let cat = self.alloc(2 * s / g);
                keep.push(self.alloc(2 * s / g));
                self.release(cat);
                self.release(i32s);
            }
        }
        self.release(w);
        keep
    }
}

/// The model's matrices in the order `quantize_` visits them (gpt-fast's module order, which
/// torchao's benchmark model keeps: fused `wqkv`, `wo`, `w1`, `w3`, `w2` per layer, then the
/// output head), as (rows, cols).
fn matrices(shape: &Shape) -> Vec<(u64, u64)> {
    let h = u64::from(shape.hidden);
    let hd = u64::from(shape.head_dim);
    let q = u64::from(shape.heads) * hd;
    let kv = u64::from(shape.kv_heads) * hd;
    let mut out = Vec::new();
    let attn_rows = (shape.attn_params() / h.max(1) as f64).round() as u64;
    for layer in 0..shape.layers {
        if shape.mla.is_some() || shape.compressed.is_some() {
            out.push((attn_rows, h));
        } else {
            out.push((q + 2 * kv, h));
            out.push((h, q));
        }
        let (count, width) = if shape.is_moe() && layer >= shape.dense_layers {
            (shape.experts + shape.shared_experts, shape.moe_intermediate)
        } else {
            (1, shape.intermediate)
        };
        for _ in 0..count {
            let i = u64::from(width);
            out.extend([(i, h), (i, h), (h, i)]);
        }
    }
    out.push((u64::from(shape.vocab), h));
    out
}

/// A model's matrices, its embedding bytes and the scheme.
type MemoKey = (Vec<(u64, u64)>, u64, Scheme);

/// Replays the load and the quantization of `shape` under `scheme` (memoized: the card list
/// asks for the same model many times).
pub(super) fn replay(shape: &Shape, scheme: Scheme) -> Replay {
    static MEMO: OnceLock<Mutex<HashMap<MemoKey, Replay>>> = OnceLock::new();
    let mats = matrices(shape);
    let embed = u64::from(shape.vocab) * u64::from(shape.hidden) * 2;
    let key = (mats, embed, scheme);
    let memo = MEMO.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(r) = memo.lock().ok().and_then(|m| m.get(&key).copied()) {
        return r;
    }
    let r = replay_matrices(&key.0, key.1, scheme);
    if let Ok(mut m) = memo.lock() {
        m.insert(key, r);
    }
    r
}

/// `replay` on a list of matrices and an embedding of `embed` bytes.
fn replay_matrices(mats: &[(u64, u64)], embed: u64, scheme: Scheme) -> Replay {
    let mut pool = Pool::default();
    // `model.to(device)`: the embedding, then every matrix, each its own segment.
    let _embedding = pool.alloc(embed);
    let loaded: Vec<Option<u64>> = mats.iter().map(|(r, c)| pool.alloc(2 * r * c)).collect();
    let mut kept = Vec::new();
    for (w, (r, c)) in loaded.into_iter().zip(mats) {
        kept.extend(pool.quantize(w, *r, *c, scheme));
    }
    let load_peak = pool.peak as f64;
    pool.empty_cache();
    let largest = mats.iter().map(|(r, c)| 2 * r * c).max().unwrap_or(0);
    Replay {
        pinned: pool.reserved.saturating_sub(pool.live) as f64,
        load_peak,
        largest_16bit: largest as f64,
    }
}

/// What torchao's `generate.py` (gpt-fast's loop) holds for a cache of `positions` beyond the
/// weights and the KV cache, in bytes: `(mask, decode)`.
///
/// - `Transformer.setup_caches` (torchao `_models/llama/model.py`) rounds the cache up to a
///   multiple of 8 and, unless `--linear_causal_mask`, builds
///   `torch.tril(torch.ones(N, N, dtype=torch.bool))`: N² bytes, allocated before the first
///   token whatever the prompt. The README's own columns (pytorch/ao @8482770a,
///   `_models/llama/README.md`: int8 KV cache with and without the linear mask) differ by
///   0.27 / 1.08 / 4.30 / 18.44 GB at 16k / 32k / 64k / 128k positions; N² is 0.27 / 1.07 /
///   4.29 / 17.18.
/// - `decode_n_tokens` runs every step under `sdp_kernel(enable_flash=False,
///   enable_mem_efficient=False, enable_math=True)`, after `Attention.forward` has
///   `repeat_interleave`d the whole cache's K and V to every query head (16-bit). PyTorch's
///   math attention (`aten/src/ATen/native/transformers/attention.cpp`,
///   `_scaled_dot_product_attention_math`: "Keep query, key, value in high precision for
///   accuracy") converts K and V to fp32 and multiplies the transposed K by the scale into a
///   third fp32 tensor: 2 × 2 + 2 × 4 + 4 = 16 bytes per query head and head dimension per
///   cached position per sequence, one layer at a time.
pub(super) fn generate_bytes(shape: &Shape, positions: f64, batch: f64) -> (f64, f64) {
    let n = (positions / 8.0).ceil() * 8.0;
    let mask = n * n;
    let decode = batch * n * shape.heads as f64 * shape.head_dim as f64 * 16.0;
    (mask, decode)
}

/// `generate_bytes` for the answer, in GiB: `None` unless the request is torchao's (a model
/// without a known shape has nothing to size it from).
pub fn torchao_generate_gib(req: &super::FitRequest) -> Option<(f64, f64)> {
    req.torchao?;
    let super::ModelRef::Known(m) = req.model else {
        return None;
    };
    let shape = Shape::from_model(m).ok()?;
    let (mask, decode) = generate_bytes(&shape, req.context as f64, req.batch.max(1) as f64);
    Some((mask / super::GIB, decode / super::GIB))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Llama-2-7B in gpt-fast's layout (32 layers of wqkv 12288x4096, wo, w1, w3 11008x4096,
    /// w2, head 32000x4096). torchao's README: int8wo reserves 8.95 GB against 13.88 for bf16;
    /// the tensors are 6.87 GB (6.62 of matrices + the 0.26 GB bf16 embedding) and bf16's own
    /// run adds 0.40, so about 1.7 GB of segments stay pinned. The replay: 1.43 GB; int4wo-64
    /// (4.87 GB measured, 3.95 of tensors): 0.52 against 0.43.
    #[test]
    fn llama_2_7b_pins_what_torchaos_readme_shows() {
        let mut mats = Vec::new();
        for _ in 0..32 {
            mats.extend([
                (12288, 4096),
                (4096, 4096),
                (11008, 4096),
                (11008, 4096),
                (4096, 11008),
            ]);
        }
        mats.push((32000, 4096));
        let embed = 32000 * 4096 * 2;
        let int8 = replay_matrices(&mats, embed, Scheme::Int8);
        assert!((1.2e9..1.7e9).contains(&int8.pinned), "{int8:?}");
        assert!(
            int8.load_peak > 13.48e9,
            "the whole 16-bit model first: {int8:?}"
        );
        let int4 = replay_matrices(&mats, embed, Scheme::Int4 { group: 64 });
        assert!((0.3e9..0.6e9).contains(&int4.pinned), "{int4:?}");
        assert!(
            int4.load_peak > int8.load_peak,
            "int32 temporaries: {int4:?}"
        );
    }

    #[test]
    fn freed_neighbours_merge_and_empty_cache_returns_them() {
        let mut p = Pool::default();
        let a = p.alloc(30 * MIB);
        p.release(a);
        let b = p.alloc(10 * MIB);
        let c = p.alloc(10 * MIB);
        assert_eq!(p.segs.len(), 1, "both fit in the freed segment");
        p.release(b);
        p.release(c);
        p.empty_cache();
        assert_eq!(p.reserved, 0);
    }
}
