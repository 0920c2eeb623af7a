//! An API key that never prints itself: the workspace's one [`Secret`] type.

pub use bot_core::secret::Secret;
