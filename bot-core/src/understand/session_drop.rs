//! A platform asked whether it drops the session mid-use (`colab pro 会不会用着用着断掉`, `modal
//! 会不会用着用着断开`, `does runpod disconnect`): how it keeps a session (idle cut-offs, time
//! limits) is one of its facts, `/platform`. `会不会用着` holds `不会用` (don't know how to use),
//! which read it as help. A drop complained of with another place asked (`colab keeps
//! disconnecting, what should I rent instead`) is guidance, left to its rule.

use super::question::Question;
use super::words::asks_pick;

/// A session dropped.
const DROPPED: &[&str] = &[
    "断掉",
    "断开",
    "断线",
    "掉线",
    "断连",
    "disconnect",
    "kick me off",
    "kicks me off",
    "kicked off",
    "get cut off",
];

/// Whether the question asks whether its platform drops the session (no other place asked).
pub(super) fn drop_asked(q: &Question) -> bool {
    q.has(DROPPED) && !asks_pick(q.padded) && !crate::lexicon::place_asked(q.padded)
}
