//! GPTQ at 3 bits (`gptq-int3`, `Quant::GptqInt3`): the format's bits from its own packing, and
//! the answer's note saying them.
//!
//! Read in qwopqwop200/GPTQ-for-LLaMa @cad95ae8944b784f575d86baab2081d56ce82110 (`cuda` branch,
//! `quant.py` `QuantLinear.__init__`, the branch whose kernel takes 2, 3, 4 and 8 bits; the
//! `triton` branch @e985b700 registers the same buffers for 2, 4 and 8 only): `qweight` int32
//! `[infeatures // 32 * bits, outfeatures]` (`bits` a weight), `qzeros` int32
//! `[ceil(infeatures / groupsize), outfeatures // 32 * bits]` (`bits / groupsize`), `scales`
//! fp16 `[ceil(infeatures / groupsize), outfeatures]` (`16 / groupsize`) and `g_idx` int32
//! `[infeatures]` (32 / outfeatures, under 0.01 bit, left out as `gptq-int4`'s figure leaves it).
//! AutoGPTQ's `QuantLinear`s register the same buffers. Sized at the group size 128 that
//! `gptq-int4` assumes; without grouping (`groupsize` -1: one group a column) the file is
//! 3.0 bits, 0.15 bit less, which the answer says.

use super::{FitRequest, Quant};
use crate::reply::Msg;

/// The group size assumed, as `Quant::GptqInt4`'s 4 + 16/128 + 4/128.
pub const GROUP: f64 = 128.0;

/// Bits a weight of a decoder matrix: 3-bit values, one fp16 scale and one 3-bit zero per
/// group of `GROUP` weights of a column.
pub const BITS: f64 = 3.0 + 16.0 / GROUP + 3.0 / GROUP;

/// The answer's note for a 3-bit GPTQ checkpoint: the bits it is sized at and the group size.
pub fn note(req: &FitRequest) -> Option<Msg> {
    (req.quant == Quant::GptqInt3).then(|| {
        Msg::new("fit-note-gptq-int3")
            .arg("bits", (BITS * 100.0).round() / 100.0)
            .arg("group", GROUP as u32)
    })
}
