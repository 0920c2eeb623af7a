//! docs/pick-transcripts.md is what the bot really says: every transcript in it is replayed
//! through the terminal chat and must come out byte for byte. When an answer changes on
//! purpose, regenerate the document (its command lines say how).

use gpuscout_testkit::cli::Cli;

/// (stdin, language, expected output) for each `printf '…' | gpuscout chat --lang xx` block.
fn transcripts(doc: &str) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    let mut rest = doc;
    while let Some(start) = rest.find("`printf '") {
        rest = &rest[start + "`printf '".len()..];
        let Some((input, after)) = rest.split_once("' | gpuscout chat --lang ") else {
            break;
        };
        let lang: String = after
            .chars()
            .take_while(char::is_ascii_alphabetic)
            .collect();
        let Some(block) = after.split_once("```text\n").map(|(_, b)| b) else {
            break;
        };
        let Some((expected, tail)) = block.split_once("```") else {
            break;
        };
        out.push((
            input.replace("\\n", "\n"),
            lang,
            expected.trim().to_string(),
        ));
        rest = tail;
    }
    out
}

#[test]
fn the_documented_pick_transcripts_are_what_the_bot_says() {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/pick-transcripts.md"
    ))
    .unwrap();
    let cases = transcripts(&doc);
    assert!(cases.len() >= 2, "no transcripts found in the document");
    let cli = Cli::new(env!("CARGO_BIN_EXE_gpuscout"));
    for (input, lang, expected) in cases {
        let dir = tempfile::tempdir().unwrap();
        let run = cli.run_in(dir.path(), &["chat", "--lang", &lang], &input);
        assert!(run.ok, "{}", run.stderr);
        assert_eq!(run.stdout.trim(), expected, "transcript in {lang} drifted");
    }
}
