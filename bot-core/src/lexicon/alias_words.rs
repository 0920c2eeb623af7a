//! Platform aliases that are ordinary words too, and the words after them that make them the
//! ordinary word: `gradient accumulation` is no Paperspace Gradient, `the vast majority` no
//! vast.ai. (Hinglish `hai`, "is", is read as the verb in [`super::foreign`].) An alias kept
//! here is still the platform wherever these words do not follow it.

/// Each alias and the words that, right after it, make it the ordinary word.
const ORDINARY_AFTER: &[(&str, &[&str])] = &[
    (
        "gradient",
        &[
            "accumulation",
            "accum",
            "checkpointing",
            "checkpoint",
            "checkpoints",
            "descent",
            "clipping",
            "clip",
            "steps",
            "step",
            "norm",
            "noise",
            "updates",
        ],
    ),
    (
        "vast",
        &[
            "majority",
            "amount",
            "amounts",
            "number",
            "numbers",
            "improvement",
        ],
    ),
];

/// Whether `toks[i]`, a platform's alias, is the ordinary word there.
pub fn ordinary_word_at(toks: &[String], i: usize) -> bool {
    let Some(next) = toks.get(i + 1) else {
        return false;
    };
    ORDINARY_AFTER
        .iter()
        .any(|(alias, after)| toks[i] == *alias && after.contains(&next.as_str()))
}
