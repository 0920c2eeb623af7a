//! Which GGUF architecture Ollama reads for a catalog model, and the `GraphSize` case it takes:
//! a table of data (family, id word, `general.architecture`) kept apart from the estimate so a
//! model added to the catalog is one row here, checked against Ollama's converters, and never a
//! change to the arithmetic.

use super::GraphArch;

/// Catalog family -> the GGUF `general.architecture` Ollama reads (`convert_hf_to_gguf.py` of
/// the llama.cpp Ollama vendors, and Ollama's own `convert/` and `model/models/` @ v0.11.3):
/// (family, a word the model id must hold or "", architecture). First match wins. Families
/// absent here get no Ollama figure: Mixtral (which of the llama case's two Mixtral variants
/// applies depends on how its GGUF names the expert tensors), Llama-3.2-Vision (`mllama`: its
/// own case with cross-attention caches, not modelled), Qwen2-VL (no projector path in Ollama),
/// and architectures Ollama's source @ v0.12.11 does not list (DeepSeek-V4, GLM-4.5/4.7/5,
/// MiniMax-M2, Gemma-4, the hybrid Qwen3-Next / Qwen3.5 / Qwen3.6).
pub const GGUF_ARCH: &[(&str, &str, &str)] = &[
    ("llama1", "", "llama"),
    ("llama2", "", "llama"),
    ("llama3", "", "llama"),
    ("llama3.1", "", "llama"),
    ("llama3.2", "", "llama"),
    ("llama3.3", "", "llama"),
    ("yi1.5", "", "llama"),
    // Mistral-7B, Nemo, Ministral: MistralForCausalLM converts as llama.
    ("mistral", "", "llama"),
    ("deepseek-r1-distill", "llama", "llama"),
    ("deepseek-r1-distill", "qwen", "qwen2"),
    // Mistral3ForConditionalGeneration (Mistral-Small-3.1 / 3.2): `mistral3`, Ollama engine.
    ("mistral-small", "", "mistral3"),
    ("llama4", "", "llama4"),
    // Qwen1.5 is Qwen2ForCausalLM.
    ("qwen1.5", "", "qwen2"),
    ("qwen2", "", "qwen2"),
    ("qwen2.5", "", "qwen2"),
    ("qwen2.5-coder", "", "qwen2"),
    ("qwq", "", "qwen2"),
    ("qwen2-moe", "", "qwen2moe"),
    ("qwen2.5-vl", "", "qwen25vl"),
    ("qwen3", "-a", "qwen3moe"),
    ("qwen3", "", "qwen3"),
    ("qwen3-coder", "", "qwen3moe"),
    ("qwen3-vl", "", "qwen3vl"),
    ("gemma", "", "gemma"),
    ("gemma2", "", "gemma2"),
    ("gemma3", "", "gemma3"),
    ("gemma3-qat", "", "gemma3"),
    // Phi-3 and Phi-4 are Phi3ForCausalLM.
    ("phi3", "", "phi3"),
    ("phi4", "", "phi3"),
    // DeepseekV3ForCausalLM (and Kimi-K2, the same class) converts as deepseek2.
    ("deepseek-r1", "", "deepseek2"),
    ("deepseek-v3", "", "deepseek2"),
    ("kimi-k2", "", "deepseek2"),
    // ChatGLM2/3 and GLM-4-9B(-chat) are ChatGLMModel: `chatglm`, with a QKV bias.
    ("chatglm2", "", "chatglm"),
    ("chatglm3", "", "chatglm"),
    ("glm4", "", "chatglm"),
    ("internlm2.5", "", "internlm2"),
    ("ernie4.5", "-a", "ernie4_5-moe"),
    ("ernie4.5", "", "ernie4_5"),
    ("bloom", "", "bloom"),
    ("gpt-oss", "", "gptoss"),
];

/// The GGUF architecture Ollama reads for a catalog model ([`GGUF_ARCH`]).
pub fn gguf_arch(family: &str, id: &str) -> Option<&'static str> {
    GGUF_ARCH
        .iter()
        .find(|(f, word, _)| *f == family && (word.is_empty() || id.contains(word)))
        .map(|(_, _, a)| *a)
}

/// Architectures Ollama runs only on its own engine (`OllamaEngineRequired`, `fs/ggml/ggml.go`
/// @ v0.11.3): their vision tower is in the model's GGUF (`VisionGraphSize`), not a projector file.
pub fn ollama_engine(gguf: &str) -> bool {
    matches!(
        gguf,
        "gemma3" | "gemma3n" | "mistral3" | "llama4" | "mllama" | "qwen25vl" | "gptoss"
    )
}

/// The `GraphSize` case of a catalog model's GGUF architecture (`fs/ggml/ggml.go` @ v0.11.3:
/// llama/llama4, gemma/gemma2/gemma3, command-r, qwen2, phi2, stablelm, deepseek2, chatglm,
/// gptoss; every other architecture Ollama runs takes `EstimateGPULayers`' fallback `GQA ×
/// kvTotal / 6`); `None` where the model's architecture is not in [`GGUF_ARCH`]. `qkv_bias`:
/// the chatglm case's `attn_qkv.bias` length.
pub fn arch(family: &str, id: &str, window: u64) -> Option<GraphArch> {
    arch_of(gguf_arch(family, id)?, window, 0)
}

pub(super) fn arch_of(gguf: &str, window: u64, qkv_bias: u64) -> Option<GraphArch> {
    Some(match gguf {
        "llama" | "llama4" => GraphArch::Llama,
        "qwen2" => GraphArch::Qwen2,
        "gemma" | "gemma2" => GraphArch::Gemma,
        // Gemma 3 runs on Ollama's own engine only (`OllamaEngineRequired` @ v0.9.0).
        "gemma3" => GraphArch::Gemma3 { window },
        "command-r" => GraphArch::CommandR,
        "phi2" => GraphArch::Phi2,
        "stablelm" => GraphArch::StableLm,
        "deepseek2" => GraphArch::Deepseek2,
        "chatglm" => GraphArch::ChatGlm { qkv_bias },
        "gptoss" => GraphArch::GptOss,
        "mllama" => return None,
        _ => GraphArch::Fallback,
    })
}
