//! GPU Scout's discord frontend: translates discord events into `bot_core` inputs and renders replies.
//!
//! Not wired to discord yet; `status` tells `gpuscout serve` so.

/// One line for `gpuscout serve` about this frontend.
pub fn status() -> &'static str {
    "discord: frontend not built yet in this version; skipping"
}
