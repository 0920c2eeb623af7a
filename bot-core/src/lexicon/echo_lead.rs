//! The bot's own echo quoted back (`I read this as: /cost autodl rtx-4090 1h 但我要的是3个小时`):
//! the lead the answer's first line starts with (`understood-as` in both locales) and the words
//! that open a correction after it. Read by `understand::echo_corrected`.

/// The echo line's lead, as each locale writes it (a test holds it to the locale files).
pub const ECHO_LEADS: &[&str] = &["i read this as", "我理解为"];

/// Words that open what the person wanted instead, before the value (`but i wanted 5 hours`,
/// `但我要的是3个小时`, `不对，要8个小时`): taken off, the value read as a follow-up of the echo.
/// The taken-back words (`不对`, `i meant`) are [`super::TAKEN_BACK_AFTER`]'s, and the words
/// before a corrected value [`super::CORRECTION_LEADS`]'s.
pub const ECHO_CORRECTIONS: &[&str] = &[
    "but what i wanted was",
    "but i wanted",
    "but i want",
    "but i need",
    "but i meant",
    "but i mean",
    "but it should be",
    "should be",
    "但是我要的是",
    "但我要的是",
    "我要的是",
    "但是我想要",
    "但我想要",
    "但是",
    "不过",
    "可是",
    "但",
    "我要",
    "要",
];
