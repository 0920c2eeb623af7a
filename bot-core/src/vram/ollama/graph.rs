//! Ollama's `GraphSize`: the compute graph it reserves beside the layers, one formula per GGUF
//! architecture (`llm/ggml.go` @ 000ce020; `fs/ggml/ggml.go` @ v0.11.3 for gpt-oss and
//! chatglm, @ v0.9.0 for gemma3). Apart from the layer placement because each case is a
//! transcription of Ollama's source, read and checked against it one architecture at a time;
//! every case is its own function, named for the architecture, with the source's arithmetic
//! kept as written (integer division and its order included).

use super::{GraphArch, OllamaModel};

/// `GraphSize(context, batch)` for one slot: (partial offload, full offload) bytes, 0 where the
/// architecture has no case. `kv_total` is the whole cache at `context` (the gpt-oss case's).
pub fn graph_size(m: &OllamaModel, context: u64, batch: u64, kv_total: u64) -> (u64, u64) {
    graph_size_slots(m, context, batch, kv_total, 1)
}

/// [`graph_size`] for `parallel` slots (`context` already holds them all); only gpt-oss's
/// flash-attention graph counts the slots apart.
pub fn graph_size_slots(
    m: &OllamaModel,
    context: u64,
    batch: u64,
    kv_total: u64,
    parallel: u64,
) -> (u64, u64) {
    let d = Dims::of(m, context, batch);
    let (heads, heads_kv) = (m.heads, m.heads_kv);
    match m.arch {
        GraphArch::Llama => llama(d, m.gate_exps),
        GraphArch::Gemma | GraphArch::Gemma3 { .. } => gemma(d),
        GraphArch::CommandR => command_r(d),
        GraphArch::Qwen2 => qwen2(d),
        GraphArch::Phi2 => phi2(d),
        GraphArch::StableLm => stablelm(d),
        GraphArch::Deepseek2 => deepseek2(d),
        GraphArch::ChatGlm { qkv_bias } => chatglm(d, qkv_bias),
        GraphArch::GptOss => {
            let full = 4 * heads / heads_kv.max(1) * kv_total / 6;
            (full, full)
        }
        // No full graph: `EstimateGPULayers` takes the partial one for it.
        GraphArch::GptOssHalf => (2 * heads / heads_kv.max(1) * kv_total / 6, 0),
        GraphArch::GptOssFlash => ((4 * parallel + (context >> 10) + 110) << 20, 0),
        GraphArch::Fallback => (0, 0),
    }
}

/// The sizes every case reads, named as Ollama's source names them (`embeddingHeads`,
/// `embeddingHeadsK`).
#[derive(Clone, Copy)]
struct Dims {
    embedding: u64,
    heads: u64,
    heads_kv: u64,
    vocab: u64,
    emb_heads: u64,
    emb_heads_k: u64,
    context: u64,
    batch: u64,
}

impl Dims {
    fn of(m: &OllamaModel, context: u64, batch: u64) -> Dims {
        Dims {
            embedding: m.embedding,
            heads: m.heads,
            heads_kv: m.heads_kv,
            vocab: m.vocab,
            emb_heads: m.embedding.checked_div(m.heads).unwrap_or(0),
            emb_heads_k: m.head_dim_k,
            context,
            batch,
        }
    }
}

/// The llama case, with Mixtral 8x22B's variant when `blk.0.ffn_gate_exps.weight` is there
/// (`gate_exps`: its bytes and `feed_forward_length`).
fn llama(d: Dims, gate_exps: Option<(u64, u64)>) -> (u64, u64) {
    let Dims {
        embedding,
        heads,
        heads_kv,
        vocab,
        emb_heads,
        context,
        batch,
        ..
    } = d;
    let full = 4 * batch * (1 + 4 * embedding + context * (1 + heads));
    let mut partial = 4 * batch * embedding;
    partial += (4 * batch * (1 + embedding + context.max(embedding))
        + embedding * embedding * 9 / 16
        + 4 * context * (batch * heads + emb_heads * heads_kv))
        .max(4 * batch * (embedding + vocab) + embedding * vocab * 105 / 128);
    if let Some((gate_exps, ff)) = gate_exps {
        // mixtral 8x22b
        partial = (3 * gate_exps
            + 4 * batch * (2 * ff + heads_kv + embedding + context + emb_heads * heads_kv))
            .max(
                4 * (context * batch * heads
                    + context * emb_heads * heads_kv
                    + batch * 1024
                    + emb_heads * heads_kv * batch),
            );
    }
    (partial, full)
}

/// gemma, gemma2 and gemma3 (whose cache, not graph, differs: `kv_per_layer`).
fn gemma(d: Dims) -> (u64, u64) {
    let Dims {
        embedding,
        heads,
        vocab,
        emb_heads_k,
        context,
        batch,
        ..
    } = d;
    let full = (4 * batch * (embedding + vocab))
        .max(4 * batch * (2 + context + context * heads + 2 * embedding + 2 * emb_heads_k * heads));
    let partial = (4 * embedding * batch + embedding * vocab * 105 / 128 + 4 * vocab * batch).max(
        4 * batch * (2 * embedding + 1 + 2 * emb_heads_k * heads + context + context * heads)
            + 4 * emb_heads_k * context * 8
            + embedding * emb_heads_k * heads * 9 / 16,
    );
    (partial, full)
}

fn command_r(d: Dims) -> (u64, u64) {
    let Dims {
        embedding,
        heads,
        vocab,
        context,
        batch,
        ..
    } = d;
    let full = (4 * batch * (embedding + vocab))
        .max(4 * batch * (2 + 4 * embedding + context * (1 + heads)));
    let partial = (4 * batch * (embedding + vocab) + embedding * vocab * 105 / 128).max(
        4 * batch * (1 + 2 * embedding + context * (1 + heads))
            + 4 * embedding * context
            + embedding * embedding * 9 / 16,
    );
    (partial, full)
}

fn qwen2(d: Dims) -> (u64, u64) {
    let Dims {
        embedding,
        heads,
        vocab,
        context,
        batch,
        ..
    } = d;
    let full = (4 * batch * (embedding + vocab))
        .max(4 * batch * (1 + 2 * embedding + context + context * heads));
    let partial = (4 * batch * (embedding + vocab) + embedding * vocab * 105 / 128)
        .max(4 * (batch * (1 + 2 * embedding + context * (1 + heads)) + embedding * (1 + context)));
    (partial, full)
}

fn phi2(d: Dims) -> (u64, u64) {
    let Dims {
        embedding,
        heads,
        vocab,
        context,
        batch,
        ..
    } = d;
    let full = (4 * batch * (embedding + vocab))
        .max(4 * batch * (1 + 4 * embedding + context + context * heads));
    let partial = (4 * batch * (2 * embedding + vocab) + embedding * vocab * 105 / 128)
        .max(4 * batch * (2 + 3 * embedding + context + context * heads));
    (partial, full)
}

fn stablelm(d: Dims) -> (u64, u64) {
    let Dims {
        embedding,
        heads,
        vocab,
        context,
        batch,
        ..
    } = d;
    let full = 4 * batch * (context * (1 + heads) + 3 * embedding + 2);
    (full.max(4 * batch * (vocab + 2 * embedding)), full)
}

fn deepseek2(d: Dims) -> (u64, u64) {
    let Dims {
        embedding,
        heads_kv,
        vocab,
        emb_heads_k,
        context,
        batch,
        ..
    } = d;
    let full = (4 * batch * (3 * embedding + vocab)).max(
        4 * batch * (3 * embedding + 2 + context * (1 + heads_kv) + 2 * emb_heads_k * heads_kv),
    );
    let partial = (4 * batch * (3 * embedding + vocab) + embedding * vocab * 105 / 128).max(
        4 * batch * (2 * embedding + 1 + 2 * emb_heads_k * heads_kv + context + context * heads_kv)
            + 4 * emb_heads_k * context * heads_kv
            + embedding * emb_heads_k * heads_kv * 9 / 16,
    );
    (partial, full)
}

/// chatglm: the vocabulary graph, and with an `attn_qkv.bias` of `qkv_bias` entries (0: none)
/// the attention graph over it.
fn chatglm(d: Dims, qkv_bias: u64) -> (u64, u64) {
    let Dims {
        embedding,
        heads,
        vocab,
        emb_heads_k,
        context,
        batch,
        ..
    } = d;
    let mut full = 4 * batch * (embedding + vocab);
    let mut partial = 4 * batch * (embedding + vocab) + embedding * vocab * 105 / 128;
    if qkv_bias > 0 {
        full = full.max(
            4 * batch
                * (2 + 2 * embedding + context + context * heads + emb_heads_k * heads + qkv_bias),
        );
        partial = partial.max(
            4 * batch * (1 + 2 * embedding + emb_heads_k * heads + context + context * heads)
                + 4 * emb_heads_k * context
                + 4 * context * emb_heads_k
                + 4 * qkv_bias,
        );
    }
    (partial, full)
}
