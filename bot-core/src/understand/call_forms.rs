//! A question typed as a function call (helper und_ee, issue 26: `cost(platform="runpod",
//! gpu="a100", hours=4)`, `offers(gpu="3090", platform="vast")`, `trend(gpu="h100 pcie",
//! days=45)`): read by its name and its arguments, written as the words a question says, before
//! any stage reads the text; a query of the user's alerts (`SELECT * FROM my_alerts`) lists them. Read as typed, `hours=4` was no length (billed 1 h) and `days=45`
//! no window: wrong figures. An argument the table does not know is kept as its value alone
//! (`gpu="a100"` → `a100`), never dropped in silence.

/// A call's name and the words it is asked with.
const NAMES: &[(&str, &str)] = &[
    ("cost", "cost of"),
    ("price", "price of"),
    ("offers", "list offers of"),
    ("stock", "stock of"),
    ("trend", "price trend of"),
    ("history", "price trend of"),
    ("compare", "compare prices of"),
    ("fit", "does it fit"),
    ("convert", "convert"),
    ("subscribe", "notify me about"),
    ("alert", "notify me about"),
];

/// Tables a query of the user's own alerts reads from (`SELECT * FROM my_alerts`).
const ALERT_TABLES: &[&str] = &["alert", "subscription", "subs"];

/// `text` with a function call or a query of one's alerts written as words; any other text as
/// typed.
pub(super) fn plain(text: &str) -> String {
    let t = text.trim();
    if let Some(words) = alerts_queried(t) {
        return words.to_string();
    }
    let Some(open) = t.find('(') else {
        return text.to_string();
    };
    let name = t[..open].trim().to_ascii_lowercase();
    let Some((_, words)) = NAMES.iter().find(|(n, _)| *n == name) else {
        return text.to_string();
    };
    let Some(inner) = t[open + 1..].strip_suffix(')') else {
        return text.to_string();
    };
    if !inner.contains('=') {
        return text.to_string();
    }
    let trend = words.starts_with("price trend");
    let mut out = vec![(*words).to_string()];
    for arg in inner.split(',') {
        let (key, value) = arg.split_once('=').unwrap_or(("", arg));
        let key = key.trim().to_ascii_lowercase();
        let value = value.trim().trim_matches(['"', '\'']).trim();
        if value.is_empty() {
            continue;
        }
        out.push(match key.as_str() {
            "hours" | "hrs" | "h" => format!("for {value} hours"),
            "minutes" | "mins" => format!("for {value} minutes"),
            "days" if trend => format!("over the past {value} days"),
            "days" => format!("for {value} days"),
            "cards" | "count" | "num_gpus" | "gpus" | "n" => format!("{value} cards"),
            _ => value.to_string(),
        });
    }
    out.join(" ")
}

/// `SELECT * FROM my_alerts`: a query of a table of the user's alerts, listed.
fn alerts_queried(t: &str) -> Option<&'static str> {
    let lower = t.to_ascii_lowercase();
    let rest = lower.strip_prefix("select ")?;
    let (_, from) = rest.split_once(" from ")?;
    let table = from.split_whitespace().next()?;
    ALERT_TABLES
        .iter()
        .any(|a| table.contains(a))
        .then_some("list my alerts")
}

#[cfg(test)]
mod tests {
    use super::plain;

    #[test]
    fn a_call_is_its_words() {
        assert_eq!(
            plain(r#"cost(platform="runpod", gpu="a100", hours=4)"#),
            "cost of runpod a100 for 4 hours"
        );
        assert_eq!(
            plain(r#"trend(gpu="h100 pcie", days=45)"#),
            "price trend of h100 pcie over the past 45 days"
        );
        // No call, or one of a name the table lacks: as typed.
        for t in [
            "4090 (24g) 多少钱",
            "print(\"hi\")",
            "cost (roughly) of a 4090",
        ] {
            assert_eq!(plain(t), t);
        }
    }
}
