//! Slot value lists more than one command offers.

use super::def::{Slot, SlotKind, slot};

// The lexicon's words, so Discord offers exactly what bot-core reads (one meaning each).
pub const QUANTS: SlotKind = SlotKind::Choices(crate::lexicon::QUANT_CHOICES);
pub const TASKS: SlotKind = SlotKind::Choices(crate::lexicon::TASK_CHOICES);
pub const LANGS: SlotKind = SlotKind::Choices(&[("en", None), ("zh", None)]);
/// The rest of the command's language (`boot=3m`, `engine=vllm`…), as typed.
pub const MORE: Slot = slot("more", SlotKind::Text, false);
