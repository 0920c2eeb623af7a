//! The caching allocator's setting a user can type where a training answer is tight or short:
//! `PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True`.
//!
//! PyTorch's "CUDA semantics" notes (`docs/source/notes/cuda.rst`, "Optimizing memory usage with
//! PYTORCH_CUDA_ALLOC_CONF"): the native allocator gives each large request a segment of its
//! own size and reuses free parts of those segments; when tensor sizes change from one
//! iteration to the next, the segments fill "leaving unusable free slices of memory at the end of
//! these segments", and a later `cudaMalloc` can fail although the memory counted here would
//! hold. `expandable_segments` makes one segment per stream that grows as needed. Pass 129 read
//! the same in `c10/cuda/CUDACachingAllocator.cpp` (Note [Expandable Segments]) for a training run
//! over samples of varied lengths.
//!
//! Said only where the job runs on PyTorch's allocator: training (every trainer the engine
//! sizes is a PyTorch program) on the Transformers stack. Not for vLLM (its KV cache is a pool it
//! sizes itself) or llama.cpp / Ollama / ExLlamaV2 (not PyTorch's allocator), and never as a
//! change to the figure: it lowers no need counted here.

use crate::reply::Msg;
use crate::vram::{Engine, FitRequest};

/// The line, for a training job on PyTorch's allocator; `None` elsewhere.
pub(super) fn line(req: &FitRequest<'_>) -> Option<Msg> {
    (req.task.is_training() && req.engine == Engine::Transformers)
        .then(|| Msg::new("fit-alloc-expandable"))
}
