//! Which Ollama release serves the model (`ollama_release=0.6.0`; CLI `--ollama-release`), for
//! what its source changed that the card feels (`vram::swa`, `vram::ollama`). Apart from
//! `ollama`, which reads `parts`, so that `request` may hold it without a cycle.

/// An Ollama release as its tags number them, 0.minor.patch (`0.6.0`, `v0.9.0`; chat
/// `ollama_release=0.6.0`, CLI `--ollama-release`): before 0.6.3 Gemma-3's sliding-window
/// layers held the whole context (`vram::swa`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct OllamaRelease {
    pub minor: u16,
    pub patch: u16,
}

/// The first release whose cache and estimate keep Gemma-3's sliding layers at the window
/// (1feff6197 and f66216e39, tag v0.6.3).
pub const GEMMA3_WINDOW_FROM: OllamaRelease = OllamaRelease { minor: 6, patch: 3 };

/// The first release whose gpt-oss graph is `2 × heads / kv_heads × kvTotal / 6` (partial only,
/// the full graph falling back to it), where v0.11.0-v0.11.4 had `4 ×` for both
/// (`fs/ggml/ggml.go`, 1a19df1f3, tag v0.11.5, 2025-08-18); and whose scheduler packs a model
/// into as few cards as possible, trying 1, 2, ... n (`llm/memory.go`
/// `pickBestFullFitByLibrary`, ea7657b54 "sched: Add support for grouping GPUs", v0.11.5),
/// where earlier releases tried one card and then all of them.
pub const GPTOSS_HALF_GRAPH_FROM: OllamaRelease = OllamaRelease {
    minor: 11,
    patch: 5,
};

/// The first release that turns flash attention on for gpt-oss by default and sizes its graph
/// as `(4 × parallel + context / 1024 + 110) MiB` (85ccf7354 "gptoss: enable flash attention by
/// default", tag v0.11.8, 2025-08-28; on every CUDA card: `FlashAttentionSupported` tests the
/// driver's major version >= 7).
pub const GPTOSS_FLASH_FROM: OllamaRelease = OllamaRelease {
    minor: 11,
    patch: 8,
};

/// The first release whose Ollama engine places a model's own vision tower (weights and
/// graph) with the output layer, offloaded only when every block is (`llm/memory.go`,
/// d75557747 "Estimate projector memory correctly for Ollama engine", tag v0.7.1); before,
/// on the first card ahead of any layer.
pub const PROJECTOR_WITH_OUTPUT_FROM: OllamaRelease = OllamaRelease { minor: 7, patch: 1 };

/// The first release that lays Ollama-engine models out by measuring their graphs (the new
/// memory estimates of #11090, `OLLAMA_NEW_ESTIMATES` from v0.11.5, on by default from
/// eb10390de, tag v0.11.11): `GraphSize` no longer decides for them.
pub const NEW_ESTIMATES_FROM: OllamaRelease = OllamaRelease {
    minor: 11,
    patch: 11,
};

impl OllamaRelease {
    /// Whether the Ollama engine's own vision tower goes with the output layer (v0.7.1 on;
    /// unstated: yes).
    pub fn projector_with_output(r: Option<Self>) -> bool {
        r.is_none_or(|r| r >= PROJECTOR_WITH_OUTPUT_FROM)
    }

    /// `0.6.0`, `v0.9`, `0.11.3`; only the 0.x series exists.
    pub fn parse(s: &str) -> Option<Self> {
        let s = s.trim();
        let s = s.strip_prefix(['v', 'V']).unwrap_or(s);
        let mut it = s.split('.');
        if it.next()? != "0" {
            return None;
        }
        let minor: u16 = it.next()?.parse().ok()?;
        let patch: u16 = match it.next() {
            Some(p) => p.parse().ok()?,
            None => 0,
        };
        it.next().is_none().then_some(Self { minor, patch })
    }

    /// Whether the release packs a model into as few cards as possible (v0.11.5 on; unstated:
    /// yes, as every release from then until 0.12 does).
    pub fn packs_cards(r: Option<Self>) -> bool {
        r.is_none_or(|r| r >= GPTOSS_HALF_GRAPH_FROM)
    }

    /// Whether Gemma-3's sliding layers keep only the window under this release.
    pub fn gemma3_window(r: Option<Self>) -> bool {
        r.is_none_or(|r| r >= GEMMA3_WINDOW_FROM)
    }
}
