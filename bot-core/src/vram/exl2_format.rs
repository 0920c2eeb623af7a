//! EXL2, ExLlamaV2's weight format (this module: its words and bits; `vram::exl2` sizes the engine that runs it) (TabbyAPI and
//! text-generation-webui load it through ExLlamaV2). Read from turboderp-org/exllamav2
//! @ da07facd10b5c7f35b03664c41a3090c9f093de5 (2025-12-09) unless another commit is named.
//!
//! - **Weights.** An EXL2 file is defined by the average bits per weight chosen at conversion
//!   (`convert.py -b`): `conversion/optimize.py` budgets `numel * target_bpw` bits over the
//!   decoder layers' attention and MLP matrices (`weight_budget = int(numel * target_bpw)`,
//!   each option's `total_bits` counting its scales, groups and permutation:
//!   `conversion/qparams.py` `total_bits`), so the stated bpw is what those matrices hold,
//!   metadata included. The output head is quantized apart at `-hb` bits, default 6, "about
//!   6.3 bits" (`doc/convert.md`; turboderp in exllamav2#3: "the head/output layer is quantized
//!   separately (to about 6.3 bits)"); the `h6` / `h8` of a file's name is that choice, and the
//!   head is sized at the default (a `h8` head is ~2 bits more on `vocab x hidden` weights,
//!   0.04 GiB on a 13B). The token embedding stays FP16 (`embedding.py` `weight_footprint`:
//!   `vocab_size * hidden_size * 2`) and is kept in system RAM (`model.py` `set_device_map(...,
//!   embed_cpu = True)`: "Special case for token embeddings on CPU"); norms stay 16-bit.
//! - **Cache.** Allocated whole at load for `max_seq_len` tokens of each of `max_batch_size`
//!   sequences (`cache.py` `create_state_tensors`, `torch.zeros` of `(batch, max_seq_len,
//!   kv_heads, head_dim / weights_per_element)`). `cache_mode` (TabbyAPI) / the cache class:
//!   FP16 two bytes a value; Q4 K and V packed two to a byte; Q6 K one byte, V two to a byte;
//!   Q8 one byte each; every quantized mode adds an FP16 scale per 32 values (`shape_s`,
//!   `head_dim // 32`) and, per card, one layer's K and V in FP16 of the whole `max_seq_len`
//!   to dequantize into (`ExLlamaV2Cache_Q.touch_device`).
//! - **Scratch.** Per card, the largest module's fixed scratch (`set_device_map`:
//!   `fixed_bytes = max(scratch_space_fixed)`): an MLP holds its state and two intermediate
//!   buffers for `max_input_len` tokens (`mlp.py` `temp_state_size`, `temp_a_size`,
//!   `temp_b_size`, 2 bytes each) and one matrix dequantized (`temp_dq_size`, 2 bytes a weight
//!   up to `max_dq_size` = 512 Mi values); the head's fixed scratch is its dequantized matrix.
//!   Beside it the attention workspace (`attn.py` `temp_attn_size`: `2 * att_max * heads * 2`
//!   with `att_max = min(max_attention_size, max_seq_len^2)`, divided by
//!   `sqrt(max_attention_size) / 190` where flash-attn or xformers runs it), the hidden state
//!   and the causal mask (`model.py`: `hidden * max_input_len * batch * 2`, `max_input_len^2 *
//!   batch * 2`). `max_input_len` and `max_attention_size` default to 2048 and 2048²
//!   (`config.py`); TabbyAPI's `chunk_size` sets both (default 2048).

use serde::Serialize;

/// Bits per weight of an EXL2 file, in hundredths (`2.65bpw` = 265): a count that compares
/// and hashes exactly, as the format names it to two decimals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bpw(u16);

impl Bpw {
    /// The converter's range: `-b` between 2 and 8 bits (its quantization options run from 2 to
    /// 8 bits per weight before scales); anything else is not an EXL2 file.
    pub fn new(bits: f64) -> Option<Bpw> {
        (2.0..=8.5)
            .contains(&bits)
            .then(|| Bpw((bits * 100.0).round() as u16))
    }

    pub fn bits(self) -> f64 {
        f64::from(self.0) / 100.0
    }

    /// As a file's name writes it: `2.65`, `4.0`, `6.0`.
    pub fn label(self) -> String {
        let b = self.bits();
        if self.0 % 10 == 0 {
            format!("{b:.1}")
        } else {
            format!("{b:.2}")
        }
    }
}

impl Serialize for Bpw {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.bits())
    }
}

/// Bits per weight of the output head at the converter's default `-hb 6` ("about 6.3 bits",
/// `doc/convert.md`).
pub const HEAD_BITS: f64 = 6.3;

/// ExLlamaV2's `max_input_len` and the side of its `max_attention_size` (`config.py`), and
/// TabbyAPI's default `chunk_size`.
pub const CHUNK: f64 = 2048.0;

/// Reads an EXL2 quantization as people write it: `exl2-4.65bpw`, `exl2_4.0bpw`, `exl2 6`,
/// `4.65bpw`, `6bpw`, `4.65bpw-h6`, `2.65bpw-h6-exl2`. A bare `exl2` has no bits and is not
/// read: its size is the bits. `None` for any other word.
pub fn parse(s: &str) -> Option<Bpw> {
    let w = s.trim().to_ascii_lowercase();
    let mut bits = None;
    let mut exl2 = false;
    let mut bpw_said = false;
    for part in w.split(['-', '_', ' ', '/']).filter(|p| !p.is_empty()) {
        if part == "exl2" {
            exl2 = true;
        } else if let Some(n) = part.strip_suffix("bpw") {
            bits = Some(n.parse::<f64>().ok()?);
            bpw_said = true;
        } else if part == "bpw" {
            bpw_said = true;
        } else if matches!(part, "h6" | "h8") {
            // The head's bits (`-hb`): sized at the default, see the module note.
        } else if bits.is_none() && part.chars().all(|c| c.is_ascii_digit() || c == '.') {
            bits = Some(part.parse::<f64>().ok()?);
        } else {
            return None;
        }
    }
    if !(exl2 || bpw_said) {
        return None;
    }
    Bpw::new(bits?)
}
