//! Whose a button press is. In a group, a frontend knows a button's owner from the question
//! its message quotes (the asker), and asks here, per button, whether someone else may press
//! it: a button that changes the chat for everyone in it (an alert set or removed, the
//! chat's currency: what only the chat's administrators may do) is the chat's, so any of its
//! administrators may press it; every other button acts on the asker's own conversation (a
//! `/pick` step, a "did you mean" line, Details) and stays the asker's. Once the question is
//! deleted, only the press itself is left: a `/pick` step acts on the presser's own dialogue,
//! so pressing one with none of theirs would answer "that dialogue has ended" over someone
//! else's question; any other button acts for whoever presses (the command's own admin check
//! still applies to them).

use super::Bot;
use crate::choice::ChoiceId;
use crate::context::ChatRef;

impl Bot {
    /// Whether `who` pressing `choice` acts on something of theirs, when the asker is unknown
    /// (see the module doc).
    pub fn may_press(&self, who: &ChatRef, choice: &str) -> bool {
        match ChoiceId::parse(choice) {
            ChoiceId::Pick(_) => crate::commands::pick::has_dialogue(&self.store, who),
            _ => true,
        }
    }

    /// Whether `who`, who is not the asker, may press `choice` on the asker's answer: only a
    /// button that changes the chat for everyone, and only when `who` may manage the chat
    /// (the platform's own administrator check, as the command itself asks).
    pub fn may_press_for_asker(&self, who: &ChatRef, choice: &str) -> bool {
        let chat_wide = match ChoiceId::parse(choice) {
            // The /pick result's "alert me" sets an alert for the chat.
            ChoiceId::Alert(_) => true,
            ChoiceId::Run(line) => matches!(
                crate::commands::parse(&line, None),
                Ok(Some(cmd)) if cmd.def.flags.admin_only
            ),
            ChoiceId::Fix { .. } | ChoiceId::Details(_) | ChoiceId::Pick(_) => false,
        };
        chat_wide && self.access.check(who).is_ok_and(|a| a.may_manage)
    }
}
