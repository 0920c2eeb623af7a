//! A misspelt command name (`/fti`, `/comapre`, `/cots`): the commands whose name or alias is
//! one edit (or one swap of neighbours) away are offered as the same line with the name fixed,
//! to tap; nothing is run unasked, and two candidates are both offered.

use super::ALL;
use crate::choice::ChoiceId;
use crate::reply::{Msg, Reply};

/// The commands a typed name could have meant, by their names.
pub fn near(name: &str) -> Vec<&'static str> {
    let typed = name.to_lowercase();
    if typed.len() < 3 {
        return Vec::new();
    }
    let mut out: Vec<&'static str> = Vec::new();
    for def in ALL {
        let close = std::iter::once(&def.name)
            .chain(def.aliases)
            .any(|n| n.is_ascii() && crate::lexicon::one_edit(n.as_bytes(), typed.as_bytes()));
        if close && !out.contains(&def.name) {
            out.push(def.name);
        }
    }
    out
}

/// `r` (the unknown-command reply) with the line again under each near command, to tap.
pub fn offer(mut r: Reply, line: &str, name: &str) -> Reply {
    let names = near(name);
    if names.is_empty() {
        return r;
    }
    let list: Vec<String> = names.iter().map(|n| format!("/{n}")).collect();
    r.push(Msg::new("error-unknown-command-near").arg("commands", list.join(" ")));
    let rest = line
        .trim()
        .split_once(char::is_whitespace)
        .map_or("", |(_, rest)| rest.trim());
    for n in names {
        let fixed = if rest.is_empty() {
            format!("/{n}")
        } else {
            format!("/{n} {rest}")
        };
        match ChoiceId::Run(fixed.clone()).wire_within(60) {
            Some(id) => r = r.with_choice(&id, Msg::new("understand-choice").arg("command", fixed)),
            // Too long for a button: shown as words, quoted short like any line we repeat.
            None => {
                r.push(Msg::new("understand-choice").said("command", fixed));
            }
        }
    }
    r
}

#[cfg(test)]
mod tests {
    use super::near;

    #[test]
    fn a_misspelt_command_names_the_commands_close_to_it() {
        assert_eq!(near("fti"), vec!["fit"]);
        assert_eq!(near("comapre"), vec!["compare"]);
        assert_eq!(near("cots"), vec!["cost"]);
        assert_eq!(near("FTI"), vec!["fit"]);
        assert!(near("frobnicate").is_empty());
        // Too short to tell.
        assert!(near("fi").is_empty());
    }
}
