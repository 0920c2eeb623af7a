//! llama.cpp keeps the input layer (the token embedding) in system RAM, whatever `-ngl` says,
//! and a model whose output head is tied to that embedding gets a second copy of it on the
//! card that holds the output layer.
//!
//! Sourced at llama.cpp 00342301d01add50835550e8a916f12097d94517, `src/llama-model.cpp`
//! `llama_model::load_tensors`: "there is very little benefit to offloading the input layer, so
//! always keep it on the CPU" (`pimpl->dev_input = { cpu_dev, &pimpl->cpu_buft_list }`); the
//! output layer goes where `get_layer_buft_list(n_layer)` puts it (the card of the last layer
//! when every layer is offloaded); a GGUF without `output.weight` creates the head as
//! `create_tensor(tn(LLM_TENSOR_TOKEN_EMBD, "weight"), ..., TENSOR_DUPLICATED)`, loaded as the
//! output tensor in the output layer's buffer, a second allocation unless that buffer is the
//! CPU's. Only the looked-up rows travel to the card (`get_rows` on the CPU). Ollama's runner
//! does the same: its llama.cpp runner is this code, and its own engine puts inputs on the CPU
//! too (ollama v0.11.4 `ml/backend/ggml/ggml.go`: "inputs always use cpu"; `token_embd` is
//! created in `input.bts`).

use super::Shape;
use super::parts::WeightSplit;

/// Where `split`'s bytes sit once llama.cpp has loaded the model: the token embedding off the
/// cards (in system RAM), the output head on the cards (for a tied model a duplicate of the
/// embedding, so the cards hold the same bytes as before, as the head rather than the input).
pub(super) fn card_split(shape: &Shape, split: WeightSplit) -> WeightSplit {
    WeightSplit {
        embed: 0.0,
        head: if shape.tied { split.embed } else { split.head },
        ..split
    }
}

/// Bytes of the token embedding llama.cpp keeps in system RAM, and by how much that lowers
/// what the cards hold (the same bytes for an untied head, none for a tied one, whose copy
/// stays on the card as the head).
pub(super) fn embedding_in_ram(shape: &Shape, split: &WeightSplit) -> (f64, f64) {
    let off_cards = if shape.tied { 0.0 } else { split.embed };
    (split.embed, off_cards)
}

/// What the answer states for a llama.cpp fit, in GiB: the token embedding in system RAM and
/// whether the head is tied to it (its copy on the card); `None` for another engine or a model
/// whose shape is unknown.
pub fn in_ram_gib(req: &super::FitRequest) -> Option<(f64, bool)> {
    if req.engine != super::Engine::Llamacpp || req.task.is_training() {
        return None;
    }
    let shape = match req.model {
        super::ModelRef::Known(m) => Shape::from_model(m).ok()?,
        super::ModelRef::BySize { params_b, active_b } => Shape::by_size(params_b, active_b),
    };
    let split = super::parts::weight_split(&shape, req.quant, req.engine);
    Some((embedding_in_ram(&shape, &split).0 / super::GIB, shape.tied))
}
