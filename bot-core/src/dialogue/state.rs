//! What the dialogue has been told so far: the steps and the answers, stored in redb.

use super::needs::Needs;
use crate::reply::Reply;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

/// What kind of work the user has (the seed's §1 table).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TaskKind {
    /// Minutes to hours: boot speed, per-second billing, ready images.
    Experiment,
    /// Hours to days: enough VRAM, resumable.
    FineTune,
    /// Days to months, always on: stability, monthly or per-call billing.
    Serve,
}

/// How long and how often the card is needed.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Usage {
    /// One run of this many hours.
    OneOff { hours: Decimal },
    /// This many hours every day (costed over 30 days).
    Daily { hours: Decimal },
    /// Always on (costed per 730-hour month).
    Always,
}

/// The steps, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    Task,
    Model,
    Method,
    Context,
    Usage,
    Card,
    Barriers,
    Result,
    Trial,
}

/// Everything answered so far; serde data stored in redb.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PickState {
    pub step: Step,
    /// Steps visited, for /back.
    #[serde(default)]
    pub history: Vec<Step>,
    pub task: Option<TaskKind>,
    /// Catalog model id, or `None` with `params_b` for a size-only model.
    pub model: Option<String>,
    pub params_b: Option<f64>,
    /// Quantization key (`bf16`, `int4`, `q4_k_m`...) or training method (`lora`, `qlora`, `full`).
    pub method: Option<String>,
    pub context: Option<u32>,
    pub usage: Option<Usage>,
    pub gpu: Option<String>,
    pub cards: Option<u32>,
    #[serde(default)]
    pub needs: Needs,
    /// Set when the user chose "not sure" at the model step.
    #[serde(default)]
    pub unsure_model: bool,
}

impl PickState {
    pub fn new() -> PickState {
        PickState {
            step: Step::Task,
            history: Vec::new(),
            task: None,
            model: None,
            params_b: None,
            method: None,
            context: None,
            usage: None,
            gpu: None,
            cards: None,
            needs: Needs::default(),
            unsure_model: false,
        }
    }
}

impl Default for PickState {
    fn default() -> Self {
        PickState::new()
    }
}

/// What the user did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PickInput {
    Choice(String),
    Text(String),
    Back,
}

/// The result of one step: the next state (`None` = dialogue over) and what to say.
pub struct Outcome {
    pub state: Option<PickState>,
    pub replies: Vec<Reply>,
    /// False when the input was rejected: the caller must not write anything.
    pub changed: bool,
}
