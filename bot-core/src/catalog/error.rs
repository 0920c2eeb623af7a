//! Why a catalog could not be loaded: the file, the entry and the field that are wrong.

/// Why the catalog could not be loaded.
#[derive(Debug, Clone, thiserror::Error)]
pub enum CatalogError {
    #[error("{file}: {message}")]
    Parse { file: String, message: String },
    #[error("{file}: cannot read: {message}")]
    Io { file: String, message: String },
    #[error("{0}")]
    Invalid(String),
}
