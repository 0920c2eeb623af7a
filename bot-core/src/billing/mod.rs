//! Billing: one comparable price with the hidden costs included (issue 3; being built).

pub mod chat;
