//! Whose a button press is. In a group, a frontend knows a button's owner from the question
//! its message quotes (the asker), and asks here, per button, whether someone else may press
//! it: a button that changes the chat for everyone in it (an alert set or removed, the
//! chat's currency: what only the chat's administrators may do) is the chat's, so any of its
//! administrators may press it; every other button acts on the asker's own conversation (a
//! `/pick` step, a "did you mean" line, Details) and stays the asker's. Once the question is
//! deleted, only the press itself is left: a `/pick` step acts on the presser's own dialogue,
//! so pressing one with none of theirs would answer "that dialogue has ended" over someone
//! else's question; any other button acts for whoever presses (the command's own admin check
//! still applies to them). For the same reason, with the asker unknown only a `/pick` step's
//! answer takes the pressed message's place; any other button's answer is a message of its
//! own, never put over someone else's answer.

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

    /// Whether the answer to a press of `choice` takes the pressed message's place (an edit)
    /// rather than coming as a message of its own. With the asker known (`asker_known`: the
    /// presser's own answer, or one they were let act on), always; with the asker unknown, only
    /// a `/pick` step, which moves the presser's own dialogue (see the module doc). The
    /// frontends ask here, so no frontend reads the choice codec to decide it.
    pub fn press_in_place(choice: &str, asker_known: bool) -> bool {
        asker_known || matches!(ChoiceId::parse(choice), ChoiceId::Pick(_))
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

#[cfg(test)]
mod tests {
    use super::Bot;
    use crate::choice::ChoiceId;

    #[test]
    fn with_the_asker_unknown_only_a_pick_step_moves_in_place() {
        let step = ChoiceId::Pick("t:tune".into()).wire();
        let line = ChoiceId::Run("/gpu h100".into()).wire();
        let details = ChoiceId::Details("k1".into()).wire();
        assert!(Bot::press_in_place(&step, false));
        assert!(!Bot::press_in_place(&line, false));
        assert!(!Bot::press_in_place(&details, false));
        for known in [&step, &line, &details] {
            assert!(Bot::press_in_place(known, true));
        }
    }
}
