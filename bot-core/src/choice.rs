//! Choice ids (what a button carries), parsed once into [`ChoiceId`].
//!
//! The wire format stays short ASCII (`run:/gpu rtx-4090`, `a:h100-sxm`, `t:tune`) so a
//! frontend's versioned callback data (`v1|<id>`) stays under Telegram's 64 bytes and
//! Discord's 100: [`ChoiceId::wire_within`] refuses what would not fit.

/// The longest choice id sent (Telegram: 64 bytes less the frontend's `v1|`, with room).
pub const MAX_WIRE: usize = 60;

/// Which catalog list a "did you mean" candidate comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FixKind {
    Gpu,
    Platform,
    Model,
}

/// What a button means.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChoiceId {
    /// Run this command line (the understanding layer's "did you mean …?").
    Run(String),
    /// The `/pick` result's "alert me": a stock alert for this card in this chat.
    Alert(String),
    /// A "did you mean" candidate for a name not found, before `Bot` turns it into the user's
    /// own line corrected ([`ChoiceId::Run`]); never sent as it is.
    Fix {
        kind: FixKind,
        query: String,
        name: String,
    },
    /// A chat frontend's "Details" button: the whole answer it keeps under this key
    /// (`frontend::details`). bot-core never shows it, so when one reaches it, it is stale.
    Details(String),
    /// A step of the `/pick` dialogue (`t:tune`, `g:rtx-4090:2`), read by the dialogue.
    Pick(String),
}

const RUN: &str = "run:";
const ALERT: &str = "a:";
const FIX: &str = "fix:";
const DETAILS: &str = "d:";
/// Separates the kind, the name not found and the candidate in a fix id.
const FIX_SEP: char = '\u{1f}';

impl ChoiceId {
    /// Reads a choice id as a frontend hands it over. Anything not ours is the dialogue's.
    pub fn parse(id: &str) -> ChoiceId {
        if let Some(line) = id.strip_prefix(RUN) {
            return ChoiceId::Run(line.to_string());
        }
        if let Some(key) = id.strip_prefix(DETAILS) {
            return ChoiceId::Details(key.to_string());
        }
        if let Some(gpu) = id.strip_prefix(ALERT) {
            return ChoiceId::Alert(gpu.to_string());
        }
        if let Some(rest) = id.strip_prefix(FIX) {
            let mut parts = rest.split(FIX_SEP);
            if let (Some(kind), Some(query), Some(name), None) =
                (parts.next(), parts.next(), parts.next(), parts.next())
            {
                let kind = match kind {
                    "g" => FixKind::Gpu,
                    "p" => FixKind::Platform,
                    _ => FixKind::Model,
                };
                return ChoiceId::Fix {
                    kind,
                    query: query.to_string(),
                    name: name.to_string(),
                };
            }
        }
        ChoiceId::Pick(id.to_string())
    }

    /// The id as it travels.
    pub fn wire(&self) -> String {
        match self {
            ChoiceId::Run(line) => format!("{RUN}{line}"),
            ChoiceId::Alert(gpu) => format!("{ALERT}{gpu}"),
            ChoiceId::Details(key) => format!("{DETAILS}{key}"),
            ChoiceId::Fix { kind, query, name } => {
                let k = match kind {
                    FixKind::Gpu => "g",
                    FixKind::Platform => "p",
                    FixKind::Model => "m",
                };
                format!("{FIX}{k}{FIX_SEP}{query}{FIX_SEP}{name}")
            }
            ChoiceId::Pick(id) => id.clone(),
        }
    }

    /// The id as it travels when it is ASCII and at most `limit` bytes (≤ [`MAX_WIRE`]);
    /// `None` when it would not fit in callback data (then the text shows it instead).
    pub fn wire_within(&self, limit: usize) -> Option<String> {
        let w = self.wire();
        (w.is_ascii() && w.len() <= limit.min(MAX_WIRE)).then_some(w)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_reads_back_as_itself() {
        for c in [
            ChoiceId::Run("/gpu rtx-4090".into()),
            ChoiceId::Alert("h100-sxm".into()),
            ChoiceId::Details("1f3a".into()),
            ChoiceId::Fix {
                kind: FixKind::Platform,
                query: "autdl".into(),
                name: "AutoDL".into(),
            },
            ChoiceId::Pick("g:rtx-4090:2".into()),
        ] {
            assert_eq!(ChoiceId::parse(&c.wire()), c);
        }
        // A malformed fix id is nobody's but the dialogue's, which answers it as stale.
        assert_eq!(ChoiceId::parse("fix:g"), ChoiceId::Pick("fix:g".into()));
    }

    proptest::proptest! {
        /// Any id a frontend hands over reads as one kind, and writing it back reads the same.
        #[test]
        fn any_id_reads_back_as_itself(id in "\\PC{0,70}|(run:|a:|fix:)[a-z\u{1f}/ ]{0,20}") {
            let c = ChoiceId::parse(&id);
            proptest::prop_assert_eq!(ChoiceId::parse(&c.wire()), c);
        }
    }

    #[test]
    fn only_short_ascii_ids_travel() {
        assert!(ChoiceId::Run("/gpu 4090".into()).wire_within(60).is_some());
        assert!(
            ChoiceId::Run("/gpu 四零九零".into())
                .wire_within(60)
                .is_none()
        );
        let long = ChoiceId::Run(format!("/cost {}", "a".repeat(60)));
        assert!(long.wire_within(100).is_none());
        assert!(ChoiceId::Alert("h100".into()).wire_within(4).is_none());
    }
}
