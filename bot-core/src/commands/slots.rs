//! Slot value lists more than one command offers.

use super::def::{Slot, SlotKind, slot};

pub const QUANTS: SlotKind = SlotKind::Choices(&[
    ("bf16", None),
    ("fp16", None),
    ("fp8", None),
    ("int8", None),
    ("int4", None),
    ("awq", None),
    ("gptq", None),
    ("nf4", None),
    ("q4_k_m", None),
    ("q5_k_m", None),
    ("q8_0", None),
]);
pub const TASKS: SlotKind = SlotKind::Choices(&[
    ("inference", Some("discord-task-inference")),
    ("lora", Some("discord-task-lora")),
    ("qlora", Some("discord-task-qlora")),
    ("fullft", Some("discord-task-full")),
]);
pub const LANGS: SlotKind = SlotKind::Choices(&[("en", None), ("zh", None)]);
/// The rest of the command's language (`boot=3m`, `engine=vllm`…), as typed.
pub const MORE: Slot = slot("more", SlotKind::Text, false);
