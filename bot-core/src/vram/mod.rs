//! VRAM fit and throughput estimates (issue 4; being built).

pub mod chat;
