//! Ollama's vision graph (`VisionGraphSize`) and the tower's weights as its estimate counts them,
//! from the catalog's vision tower: apart from the text model's graph because it reads another
//! part of the catalog (the tower's depth, patch and largest image) and its own source lines.

/// `VisionGraphSize` (`fs/ggml/ggml.go` @ v0.7.0 = v0.11.3) from the catalog's vision tower:
/// (weights, graph) bytes. Weights: the `v.` tensors, the tower's blocks and patch embedding in
/// 16 bits (the projection `mm.` tensors are counted nowhere by Ollama). Graph: gemma3/mistral3
/// `4 × (image² × channels + width × patch + patches² × heads)` with `patches = (image /
/// patch)²` and the image the tower's largest square (`vision.image_size`, here
/// sqrt(max_pixels)); qwen25vl `4 × (2 × max_pixels × channels + patches × channels × patch² +
/// patches² × heads + width × patches)`, `patches = max_pixels / patch²`; llama4 none ("vision
/// graph is computed independently ... negligible"). Channels: 3 (RGB, `vision.num_channels`).
pub fn vision_graph(gguf: &str, v: &crate::catalog::VisionTower) -> (u64, u64) {
    const CHANNELS: u64 = 3;
    let h = v.hidden as f64;
    let mlp = if v.gated { 3.0 } else { 2.0 };
    let patch = v.patch.max(1) as u64;
    let blocks = v.depth as f64 * (4.0 * h * h + mlp * h * v.intermediate as f64);
    let embed = (CHANNELS * patch * patch * v.temporal_patch.max(1) as u64) as f64 * h;
    let weights = ((blocks + embed) * 2.0) as u64;
    let heads = v.heads as u64;
    let width = v.hidden as u64;
    let graph = match gguf {
        "gemma3" | "mistral3" => {
            let image = (v.max_pixels as f64).sqrt() as u64;
            let patches = (image / patch) * (image / patch);
            4 * (image * image * CHANNELS + width * patch + patches * patches * heads)
        }
        "qwen25vl" => {
            let px = v.max_pixels;
            let patches = px / (patch * patch);
            4 * (2 * px * CHANNELS
                + patches * CHANNELS * patch * patch
                + patches * patches * heads
                + width * patches)
        }
        _ => 0,
    };
    (weights, graph)
}
