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

impl OllamaRelease {
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

    /// Whether Gemma-3's sliding layers keep only the window under this release.
    pub fn gemma3_window(r: Option<Self>) -> bool {
        r.is_none_or(|r| r >= GEMMA3_WINDOW_FROM)
    }
}
