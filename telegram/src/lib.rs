//! GPU Scout's telegram frontend: translates telegram events into `bot_core` inputs and renders replies.
//!
//! Not wired to telegram yet; `status` tells `gpuscout serve` so.

/// One line for `gpuscout serve` about this frontend.
pub fn status() -> &'static str {
    "telegram: frontend not built yet in this version; skipping"
}
