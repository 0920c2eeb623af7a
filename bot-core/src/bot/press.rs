//! Whose a button press is, when the platform cannot say: in a group, a frontend knows a
//! button's owner from the question its message quotes; once that question is deleted, only
//! the press itself is left. A `/pick` step acts on the presser's own dialogue, so pressing
//! one with none of theirs would answer "that dialogue has ended" over someone else's
//! question; any other button (a command line, an alert for a card) acts for whoever presses.

use super::Bot;
use crate::choice::ChoiceId;
use crate::context::ChatRef;

impl Bot {
    /// Whether `who` pressing `choice` acts on something of theirs (see the module doc).
    pub fn may_press(&self, who: &ChatRef, choice: &str) -> bool {
        match ChoiceId::parse(choice) {
            ChoiceId::Pick(_) => crate::commands::pick::has_dialogue(&self.store, who),
            _ => true,
        }
    }
}
