//! The token mixers' and the MTP layers' parameters of a shape (a child of `shape`, which
//! reaches its private helpers), apart so that `shape.rs` stays one screenful of rules.

use super::Shape;

impl Shape {
    /// The token mixers' matrices over every layer: attention in each, except a Gated DeltaNet
    /// hybrid's linear-attention layers, which hold their own projections (transformers
    /// `models/qwen3_next/modeling_qwen3_next.py` @ 01cdc6081c7500f9e50c98b1b943c90ecb665db3,
    /// `Qwen3NextGatedDeltaNet`: `in_proj_qkvz` h -> 2 x key_dim + 2 x value_dim, `in_proj_ba`
    /// h -> 2 x linear value heads, `out_proj` value_dim -> h, all `nn.Linear`, so a GPTQ /
    /// AWQ / AutoRound checkpoint packs them; Qwen3.5 splits the same in_proj four ways), and
    /// whose full-attention layers gate their output through a q projection twice as wide
    /// (`Qwen3NextAttention.q_proj`: heads x head_dim x 2; Qwen3.5's `attn_output_gate`). Left
    /// out of the layers' count they fell into `other` at 16 bits: Qwen3.6-27B's 4-bit weights
    /// were sized 20.9 GiB against its AutoRound checkpoint's 17.69 (club-3090#142). The conv1d
    /// kernel, `A_log` and `dt_bias` are not matrices and stay in `other`.
    pub(crate) fn mixer_params(&self) -> f64 {
        let l = self.layers as f64;
        match self.recurrent {
            Some(r) if r.kind == crate::catalog::RecurrentKind::GatedDeltanet => {
                let h = self.hidden as f64;
                let key = (r.groups * r.key_dim) as f64;
                let value = (r.heads * r.value_dim) as f64;
                let linear = h * (2.0 * key + 2.0 * value) + h * 2.0 * r.heads as f64 + value * h;
                let gate = h * (self.heads * self.head_dim) as f64;
                let full = r.attention_layers as f64;
                full * (self.attn_params() + gate) + r.layers as f64 * linear
            }
            _ => self.attn_params() * l,
        }
    }

    /// Parameters of one multi-token-prediction layer as vLLM builds it (`vram::spec_decode`):
    /// a full-attention decoder layer of the model's own kind (its MoE block whole, every
    /// expert, where the model is an MoE), the `fc` that joins the embedding and the hidden
    /// state (2h -> h) and its norms.
    pub(crate) fn mtp_layer_params(&self) -> f64 {
        let h = self.hidden as f64;
        let gate = match self.recurrent {
            Some(r) if r.kind == crate::catalog::RecurrentKind::GatedDeltanet => {
                h * (self.heads * self.head_dim) as f64
            }
            _ => 0.0,
        };
        let ffn = if self.is_moe() {
            (self.experts + self.shared_experts) as f64 * self.ffn(self.moe_intermediate)
                + h * self.experts as f64
        } else {
            self.ffn(self.intermediate)
        };
        self.attn_params() + gate + ffn + 2.0 * h * h + 5.0 * h
    }
}

impl Shape {
    /// The part of one MTP layer ([`Shape::mtp_layer_params`]) that no quantization config
    /// reaches in vLLM: the `eh_proj` / `fc` joining embedding and hidden state is a plain
    /// `nn.Linear` (2h -> h; vllm `deepseek_mtp.py` @ 4f7c14402630b97c8c078523fca8edef287ed2cf,
    /// `glm4_moe_mtp.py` @ 6e052ba8f4d97e43fb88a3288f3240ff4f73d7d2), the norms, and an MoE's
    /// router (a replicated gate built without the quant config).
    pub(crate) fn mtp_layer_unquantized_params(&self) -> f64 {
        let h = self.hidden as f64;
        let router = if self.is_moe() {
            h * self.experts as f64
        } else {
            0.0
        };
        2.0 * h * h + 5.0 * h + router
    }
}
