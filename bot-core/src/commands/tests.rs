use super::*;

fn cmd(name: &str, args: &str) -> Command {
    Command {
        def: find(name).unwrap(),
        args: args.into(),
    }
}

#[test]
fn recognises_commands_and_arguments() {
    assert_eq!(parse("/help", None), Ok(Some(cmd("help", ""))));
    assert_eq!(
        parse("  /gpu  RTX 4090 ", None),
        Ok(Some(cmd("gpu", "RTX 4090")))
    );
    assert_eq!(parse("/GPUS", None), Ok(Some(cmd("gpus", ""))));
    assert_eq!(parse("/lang zh", None), Ok(Some(cmd("lang", "zh"))));
    assert_eq!(parse("/lang", None), Ok(Some(cmd("lang", ""))));
    assert_eq!(parse("/帮助", None), Ok(Some(cmd("help", ""))));
    assert_eq!(parse("／help", None), Ok(Some(cmd("help", ""))));
    // A whole line in an IME's full-width forms, ideographic space included.
    assert_eq!(
        parse("／ｆｉｔ　ｑｗｅｎ２.５-７ｂ ４０９０", None),
        Ok(Some(cmd("fit", "qwen2.5-7b 4090")))
    );
    assert_eq!(
        parse("／ＧＰＵ ＲＴＸ ３０９０", None),
        Ok(Some(cmd("gpu", "RTX 3090")))
    );
}

#[test]
fn plain_text_is_not_a_command() {
    assert_eq!(parse("hello", None), Ok(None));
    assert_eq!(parse("", None), Ok(None));
    assert_eq!(parse("/", None), Ok(None));
}

#[test]
fn bot_suffix_is_accepted_for_us_and_ignored_for_others() {
    assert_eq!(
        parse("/gpu@ScoutBot h100", Some("scoutbot")),
        Ok(Some(cmd("gpu", "h100")))
    );
    assert_eq!(parse("/gpu@OtherBot h100", Some("scoutbot")), Ok(None));
    assert_eq!(parse("/help@whatever", None), Ok(Some(cmd("help", ""))));
}

#[test]
fn commands_for_other_bots_are_recognised() {
    assert!(for_another_bot("/help@OtherBot", "ScoutBot"));
    assert!(for_another_bot("  /gpu@other_bot 4090", "ScoutBot"));
    assert!(!for_another_bot("/help@scoutbot", "ScoutBot"));
    assert!(!for_another_bot("/help", "ScoutBot"));
    assert!(!for_another_bot("mail me at a@b.c", "ScoutBot"));
    assert!(looks_like_command(" ／帮助") && !looks_like_command("hi /x"));
}

#[test]
fn bad_input_names_the_problem() {
    assert_eq!(
        parse("/frobnicate now", None),
        Err(CommandError::Unknown("frobnicate".into()))
    );
    assert_eq!(
        parse("/gpu", None),
        Err(CommandError::MissingArgs {
            command: "gpu",
            usage_id: "usage-gpu"
        })
    );
    assert!(matches!(
        parse("/platform   ", None),
        Err(CommandError::MissingArgs { .. })
    ));
}

#[test]
fn every_definition_is_one_command_with_its_own_ids_and_slots() {
    let mut names = std::collections::HashSet::new();
    for def in ALL {
        let line = format!("/{} x", def.name);
        assert_eq!(parse(&line, None).unwrap().unwrap().def, *def);
        assert!(def.describe_id.ends_with(def.name) && def.usage_id.ends_with(def.name));
        // A name or alias means one command.
        for n in std::iter::once(&def.name).chain(def.aliases) {
            assert!(names.insert(*n), "{n} names two commands");
        }
        let mut slots = std::collections::HashSet::new();
        let mut seen_optional = false;
        for s in def.slots {
            assert!(slots.insert(s.name), "/{}: slot {} twice", def.name, s.name);
            // Required slots come first: a line cannot skip a word in the middle.
            assert!(!(s.required && seen_optional), "/{} {}", def.name, s.name);
            seen_optional |= !s.required;
        }
    }
}

#[test]
fn slot_values_become_the_line_the_parser_reads() {
    let v = |pairs: &[(&'static str, &str)]| -> Vec<(&'static str, String)> {
        pairs.iter().map(|(k, v)| (*k, v.to_string())).collect()
    };
    let line = |name: &str, values| line_of(find(name).unwrap(), &v(values));
    assert_eq!(
        line(
            "cost",
            &[
                ("duration", "40m"),
                ("gpu", "RTX 4090"),
                ("platform", "autodl"),
                ("more", "boot=3m"),
            ]
        ),
        "/cost autodl RTX-4090 40m boot=3m"
    );
    assert_eq!(line("gpu", &[("gpu", "h100 sxm")]), "/gpu h100 sxm");
    assert_eq!(
        line(
            "fit",
            &[
                ("model", "qwen2.5-72b"),
                ("quant", "int4"),
                ("cards", "2"),
                ("ctx", "32k"),
                ("evil", "x"),
            ]
        ),
        "/fit qwen2.5-72b int4 cards=2 ctx=32k"
    );
    assert_eq!(
        line("convert", &[("price", "0.0007 usd/s"), ("to", "hour")]),
        "/convert 0.0007 usd/s to hour"
    );
    assert_eq!(line("pick", &[]), "/pick");
}

/// The registry is built from the modules: every file here that defines a `DEF` is in `ALL`
/// once, named as its file, in the order its `order` gives (what `/help` lists).
#[test]
fn every_definition_module_is_registered_in_its_order() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/commands");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            std::fs::read_to_string(p)
                .is_ok_and(|t| t.contains("\npub const DEF: CommandDef = CommandDef {"))
        })
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    files.sort();
    let mut names: Vec<String> = ALL.iter().map(|d| d.name.to_string()).collect();
    assert!(
        ALL.windows(2).all(|w| w[0].order < w[1].order),
        "ALL is not in order: {names:?}"
    );
    assert_eq!(
        &names[..3],
        ["start", "help", "pick"],
        "help lists these first"
    );
    names.sort();
    assert_eq!(names, files);
}
