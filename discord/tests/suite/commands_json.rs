//! The registered command JSON against the shapes Discord documents for a bulk overwrite
//! (application command object: names, option types, limits, localizations).

use bot_core::commands::ALL as COMMANDS;
use serde_json::Value;

fn commands() -> Vec<Value> {
    serde_json::to_value(gpuscout_discord::commands::slash_commands())
        .unwrap()
        .as_array()
        .unwrap()
        .clone()
}

/// `^[-_\p{L}\p{N}]{1,32}$`, lower case where a letter has case.
fn valid_name(name: &str) -> bool {
    let n = name.chars().count();
    (1..=32).contains(&n)
        && name
            .chars()
            .all(|c| c == '-' || c == '_' || c.is_alphanumeric())
        && name.to_lowercase() == name
}

fn valid_description(d: &str) -> bool {
    (1..=100).contains(&d.chars().count())
}

#[test]
fn every_bot_core_command_is_one_slash_command_in_both_languages() {
    let cmds = commands();
    assert!(cmds.len() <= 100, "Discord allows 100 global chat commands");
    assert_eq!(cmds.len(), COMMANDS.len());
    for (c, row) in cmds.iter().zip(COMMANDS) {
        assert_eq!(c["name"], row.name);
        let name = c["name"].as_str().unwrap();
        assert!(valid_name(name), "{name}");
        assert!(c.get("type").is_none_or(|t| t == 1), "{name}: CHAT_INPUT");
        assert!(
            valid_description(c["description"].as_str().unwrap()),
            "{name}"
        );
        let zh_name = c["name_localizations"]["zh-CN"].as_str().unwrap();
        assert!(valid_name(zh_name), "{name}: zh-CN name {zh_name:?}");
        let zh_desc = c["description_localizations"]["zh-CN"].as_str().unwrap();
        assert!(valid_description(zh_desc), "{name}");
        assert!(
            zh_desc
                .chars()
                .any(|ch| ('\u{4e00}'..='\u{9fff}').contains(&ch)),
            "{name}: {zh_desc}"
        );
        // Nobody needs a permission to ask; changing a channel's alerts needs Manage Channels
        // (a permission bit set as a string, as Discord documents it).
        if row.flags.admin_only {
            assert_eq!(c["default_member_permissions"], "16", "{name}");
        } else {
            assert!(c["default_member_permissions"].is_null(), "{name}");
        }

        let options = c["options"].as_array().cloned().unwrap_or_default();
        assert!(options.len() <= 25, "{name}");
        let mut seen_optional = false;
        let mut names = std::collections::HashSet::new();
        for o in &options {
            let oname = o["name"].as_str().unwrap();
            assert!(valid_name(oname), "{name} {oname}");
            assert!(names.insert(oname), "{name}: {oname} twice");
            // STRING = 3, INTEGER = 4.
            let kind = o["type"].as_u64().unwrap();
            assert!(kind == 3 || kind == 4, "{name} {oname}: {kind}");
            assert!(
                valid_description(o["description"].as_str().unwrap()),
                "{name} {oname}"
            );
            let zh = o["name_localizations"]["zh-CN"].as_str().unwrap();
            assert!(valid_name(zh), "{name} {oname}: {zh:?}");
            assert!(
                valid_description(o["description_localizations"]["zh-CN"].as_str().unwrap()),
                "{name} {oname}"
            );
            let required = o["required"].as_bool().unwrap_or(false);
            assert!(
                !(required && seen_optional),
                "{name}: required {oname} after an optional one"
            );
            seen_optional |= !required;
            let choices = o["choices"].as_array().cloned().unwrap_or_default();
            assert!(choices.len() <= 25, "{name} {oname}");
            let autocomplete = o["autocomplete"].as_bool().unwrap_or(false);
            assert!(!autocomplete || choices.is_empty(), "{name} {oname}: both");
            for ch in &choices {
                let label = ch["name"].as_str().unwrap();
                assert!(valid_description(label), "{name} {oname}: {label}");
                assert!(ch["value"].is_string(), "{name} {oname}");
            }
        }
    }
    for name in ["subscribe", "unsubscribe"] {
        let c = cmds.iter().find(|c| c["name"] == name).unwrap();
        assert_eq!(c["default_member_permissions"], "16", "{name}");
    }
    let gpu = cmds.iter().find(|c| c["name"] == "gpu").unwrap();
    assert_eq!(gpu["options"][0]["name"], "gpu");
    assert_eq!(gpu["options"][0]["autocomplete"], true);
    assert_eq!(gpu["options"][0]["required"], true);
    assert_eq!(gpu["name_localizations"]["zh-CN"], "显卡");
    let fit = cmds.iter().find(|c| c["name"] == "fit").unwrap();
    let cards = fit["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "cards")
        .unwrap();
    assert_eq!(cards["type"], 4);
    let task = fit["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "task")
        .unwrap();
    assert_eq!(
        task["choices"][3]["name_localizations"]["zh-CN"],
        "全量微调"
    );
}

/// `/currency` is registered from its definition: its one slot is an optional choice of the
/// two currencies, and only members who may manage channels see it by default.
#[test]
fn currency_is_registered_with_its_option_from_the_slot() {
    let cmds = commands();
    let c = cmds.iter().find(|c| c["name"] == "currency").unwrap();
    let def = bot_core::commands::find("currency").unwrap();
    let options = c["options"].as_array().unwrap();
    assert_eq!(options.len(), def.slots.len());
    let o = &options[0];
    assert_eq!(o["name"], def.slots[0].name);
    assert_eq!(o["type"], 3);
    assert!(!o["required"].as_bool().unwrap_or(false));
    let values: Vec<&str> = o["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|ch| ch["value"].as_str().unwrap())
        .collect();
    assert_eq!(values, ["usd", "cny"]);
    assert_eq!(c["default_member_permissions"], "16");
    assert_eq!(
        gpuscout_discord::commands::to_text(
            "currency",
            &[(
                "currency".into(),
                gpuscout_discord::commands::Value::Text("cny".into())
            )]
        ),
        "/currency cny"
    );
}
