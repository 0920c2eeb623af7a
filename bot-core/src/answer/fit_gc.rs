//! The gradient-checkpointing lines of a `/fit` answer: the verdict with the other setting and
//! the trainers that default to each (kept apart from `fit_render` for its length).

use crate::i18n::Lang;
use crate::reply::Msg;

/// The verdict turns on gradient checkpointing: the other setting's verdict, with the
/// trainers that default to each (`vram::CHECKPOINTING_DEFAULTS`).
/// `margin` is the flip's margin as the answer shows memory.
pub(super) fn checkpointing_flip(
    f: &crate::vram::CheckpointingFlip,
    margin: String,
    lang: Lang,
) -> Msg {
    Msg::new("fit-verdict-gc")
        .arg("gc", if f.checkpointing { "on" } else { "off" })
        .arg("verdict", f.verdict.as_str())
        .arg("margin", margin)
        .arg("on_default", trainers_defaulting(true, lang))
        .arg("off_default", trainers_defaulting(false, lang))
}

/// The trainers whose default has gradient checkpointing `on` (or off), as a reader's list:
/// "A, B and C" / "A、B 和 C".
pub(super) fn trainers_defaulting(on: bool, lang: Lang) -> String {
    let names: Vec<&str> = crate::vram::CHECKPOINTING_DEFAULTS
        .iter()
        .filter(|t| t.2 == on)
        .map(|t| if lang == Lang::Zh { t.1 } else { t.0 })
        .collect();
    let (sep, and) = if lang == Lang::Zh {
        ("、", " 和 ")
    } else {
        (", ", " and ")
    };
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{}{and}{last}", rest.join(sep)),
        _ => names.join(sep),
    }
}
