//! Text pasted from elsewhere or typed in a hurry, written as plain words on the raw text before
//! any stage (helper und_dz, issue 26):
//! - HTML entities (`&lt;`, `&amp;`) and a URL's escapes (`featurize%20a100`) are their
//!   characters (`< 0.7 usd` had been no cap; `%20` glued the card to the platform);
//! - a pasted JSON object of a job's fields (`{"platform":"autodl","gpu":"4090","hours":6}`) and
//!   command-line flags (`--gpu 4090 --count 4`, `--batch 4`) are their values said as words;
//! - an identifier in camelCase or snake_case of three words or more (`doesItFit`,
//!   `cheapest_4090_per_hour`, `l4PriceChart`) is its words; a name of two (`RunPod`, `vLLM`,
//!   `num_gpus`) and a GGUF type (`q4_k_m`, its one-letter parts) are left;
//! - letters spaced out for emphasis (`c r e d i t`, four or more) are one word;
//! - a word with its vowels dropped (`prvdrs`, `trnd`) is the word (the lexicon's table).

/// `text` written plainly.
pub(super) fn plain(text: &str) -> String {
    let s = entities(text);
    let s = url_escapes(&s);
    let s = json_fields(&s);
    let s = flags(&s);
    let s = identifiers(&s);
    let s = spaced_letters(&s);
    vowels_back(&s)
}

const ENTITIES: &[(&str, &str)] = &[
    ("&lt;", "<"),
    ("&gt;", ">"),
    ("&amp;", "&"),
    ("&quot;", "\""),
    ("&#39;", "'"),
    ("&apos;", "'"),
    ("&nbsp;", " "),
];

fn entities(s: &str) -> String {
    if !s.contains('&') {
        return s.to_string();
    }
    ENTITIES
        .iter()
        .fold(s.to_string(), |acc, (e, c)| acc.replace(e, c))
}

/// `%20` and the other escapes of a URL's punctuation; `20%20` (a share beside a number) is left.
fn url_escapes(s: &str) -> String {
    const ESCAPES: &[(&str, char)] = &[
        ("%20", ' '),
        ("%2C", ','),
        ("%2F", '/'),
        ("%3A", ':'),
        ("%3F", '?'),
        ("%24", '$'),
        ("%2B", '+'),
    ];
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = rest.find('%') {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        let esc = ESCAPES
            .iter()
            .find(|(e, _)| tail.get(..3).is_some_and(|t| t.eq_ignore_ascii_case(e)));
        let digit_before = rest[..at].ends_with(|c: char| c.is_ascii_digit());
        let digit_after = tail[1..]
            .get(2..)
            .is_some_and(|t| t.starts_with(|c: char| c.is_ascii_digit()));
        match esc {
            Some((e, c)) if !(digit_before && digit_after) => {
                out.push(*c);
                rest = &tail[e.len()..];
            }
            _ => {
                out.push('%');
                rest = &tail[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The words a job field's value is said in, by its key; `None` for a key not known here.
fn field_words(key: &str, value: &serde_json::Value) -> Option<String> {
    let v = match value {
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Number(n) => n.to_string(),
        _ => return None,
    };
    let words = match key.to_ascii_lowercase().as_str() {
        "platform" | "provider" | "cloud" | "gpu" | "card" | "model" | "quant" => v,
        "hours" | "hour" => format!("{v} hours"),
        "minutes" | "mins" => format!("{v} minutes"),
        "days" => format!("{v} days"),
        "count" | "cards" | "gpus" => format!("{v} cards"),
        "ctx" | "context" => format!("ctx {v}"),
        "batch" | "batch_size" => format!("batch {v}"),
        _ => return None,
    };
    Some(words)
}

/// A JSON object whose every key is a job field above: its values said as words.
fn json_fields(s: &str) -> String {
    let (Some(open), Some(close)) = (s.find('{'), s.rfind('}')) else {
        return s.to_string();
    };
    if close < open {
        return s.to_string();
    }
    let Ok(map) =
        serde_json::from_str::<serde_json::Map<String, serde_json::Value>>(&s[open..=close])
    else {
        return s.to_string();
    };
    // In the order typed (the map is sorted by key).
    let object = &s[open..=close];
    let mut pairs: Vec<_> = map.iter().collect();
    pairs.sort_by_key(|(k, _)| object.find(&format!("\"{k}\"")));
    let words: Option<Vec<String>> = pairs.iter().map(|(k, v)| field_words(k, v)).collect();
    match words {
        Some(w) if !w.is_empty() => {
            let after = s[close + 1..].trim_start();
            format!("{}{} {after}", &s[..open], w.join(" "))
        }
        _ => s.to_string(),
    }
}

/// `--gpu 4090`, `--count 4`, `--batch 4`: flags of a job's fields said as words; other flags
/// (`--ctx`, `-c 16384`, `--max_seq_length`) are left to their readers.
fn flags(s: &str) -> String {
    if !s.contains("--") {
        return s.to_string();
    }
    let toks: Vec<&str> = s.split(' ').collect();
    let mut out: Vec<String> = Vec::with_capacity(toks.len());
    let mut i = 0;
    while i < toks.len() {
        let t = toks[i];
        let key = t.strip_prefix("--").map(|k| k.replace('-', "_"));
        let value = toks
            .get(i + 1)
            .filter(|v| !v.is_empty() && !v.starts_with('-'));
        let words = key.as_deref().zip(value).and_then(|(k, v)| match k {
            "num_gpus" | "gpu_count" => Some(format!("{v} cards")),
            "hours" | "minutes" | "days" | "count" | "cards" | "gpus" | "gpu" | "model"
            | "platform" | "batch" | "batch_size" => {
                field_words(k, &serde_json::Value::String(v.to_string()))
            }
            _ => None,
        });
        match words {
            Some(w) => {
                out.push(w);
                i += 2;
            }
            None => {
                out.push(t.to_string());
                i += 1;
            }
        }
    }
    out.join(" ")
}

/// The parts of one identifier: split at `_` and at a lower-case letter or digit before an
/// upper-case one, when it starts lower-case (camelCase, not a PascalCase name).
fn identifier_parts(word: &str) -> Option<Vec<String>> {
    let snake = word.contains('_');
    let parts: Vec<String> = if snake {
        word.split('_').map(str::to_string).collect()
    } else {
        if !word.starts_with(|c: char| c.is_ascii_lowercase()) {
            return None;
        }
        let mut parts = vec![String::new()];
        let mut prev: Option<char> = None;
        for c in word.chars() {
            if c.is_ascii_uppercase()
                && prev.is_some_and(|p| p.is_ascii_lowercase() || p.is_ascii_digit())
            {
                parts.push(String::new());
            }
            if let Some(last) = parts.last_mut() {
                last.push(c);
            }
            prev = Some(c);
        }
        parts
    };
    // A setting's name (`max_model_len`, `load_in_4bit`, `gpu_memory_utilization`) is left to
    // the option readers.
    const SETTING_WORDS: &[&str] = &[
        "max",
        "min",
        "len",
        "load",
        "num",
        "seq",
        "seqs",
        "alpha",
        "rank",
        "lr",
        "steps",
        "dtype",
        "tensor",
        "parallel",
        "memory",
        "utilization",
        "use",
        "enable",
        "size",
    ];
    if snake
        && parts
            .iter()
            .any(|p| SETTING_WORDS.contains(&p.to_ascii_lowercase().as_str()))
    {
        return None;
    }
    // Three words or more, each of two characters or more, one of them all letters of three.
    let words = parts.len() >= 3
        && parts.iter().all(|p| p.len() >= 2)
        && parts
            .iter()
            .any(|p| p.len() >= 3 && p.chars().all(|c| c.is_ascii_alphabetic()));
    words.then_some(parts)
}

fn identifiers(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    let mut word = String::new();
    let mut before: Option<char> = None;
    let flush = |word: &mut String, out: &mut String, before: Option<char>, after: Option<char>| {
        // A flag's or a key's name (`--max_seq_length`, `"num_gpus":`) is left to its reader.
        let keyed = before.is_some_and(|b| matches!(b, '-' | '"' | '\'' | '.'))
            || after.is_some_and(|a| matches!(a, '"' | '\'' | '=' | '.' | '-'));
        match identifier_parts(word).filter(|_| !keyed) {
            Some(parts) => out.push_str(&parts.join(" ")),
            None => out.push_str(word),
        }
        word.clear();
    };
    for (i, c) in s.char_indices() {
        if c.is_ascii_alphanumeric() || c == '_' {
            if word.is_empty() {
                before = out.chars().next_back();
            }
            word.push(c);
        } else {
            let after = if setting_after(&s[i..], word.contains('_')) {
                '='
            } else {
                c
            };
            flush(&mut word, &mut out, before, Some(after));
            out.push(c);
        }
    }
    flush(&mut word, &mut out, before, None);
    out
}

/// Whether the text after a word gives it a setting's value (` = True`, ` 32768`): the word is
/// a setting's name (`load_in_4bit = True`, `max_model_len 32768`), left to its reader.
fn setting_after(rest: &str, snake: bool) -> bool {
    let rest = rest.trim_start_matches(' ');
    let number = rest
        .split(' ')
        .next()
        .is_some_and(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_digit()));
    // A bare number after it is a value only for a snake_case name (`l4PriceChart 3 weeks`).
    rest.starts_with(['=', ':']) && !rest.starts_with(": ")
        || rest.starts_with("= ")
        || (snake && number)
}

/// `c r e d i t`: four or more single letters, one space apart, are one word.
fn spaced_letters(s: &str) -> String {
    let toks: Vec<&str> = s.split(' ').collect();
    let single = |t: &str| t.len() == 1 && t.chars().all(|c| c.is_ascii_alphabetic());
    let mut out: Vec<String> = Vec::with_capacity(toks.len());
    let mut i = 0;
    while i < toks.len() {
        let run = toks[i..].iter().take_while(|t| single(t)).count();
        // An article before the letters is a word of its own (`a c r e d i t card`).
        let article = run >= 5 && matches!(toks[i], "a" | "i" | "A" | "I");
        if article {
            out.push(toks[i].to_string());
            i += 1;
        } else if run >= 4 {
            out.push(toks[i..i + run].concat());
            i += run;
        } else {
            out.push(toks[i].to_string());
            i += 1;
        }
    }
    out.join(" ")
}

/// Each word of letters with its vowels dropped, as the lexicon's word; a word with a digit
/// (`h100`, `4090d`) is left.
fn vowels_back(s: &str) -> String {
    crate::lexicon::map_words(
        s,
        |c| c.is_ascii_alphanumeric(),
        |word| {
            let letters = word.chars().all(|c| c.is_ascii_alphabetic());
            crate::lexicon::undropped(&word.to_ascii_lowercase())
                .filter(|_| letters)
                .map_or_else(|| word.to_string(), str::to_string)
        },
    )
}

#[cfg(test)]
mod tests {
    use super::plain;

    #[test]
    fn pasted_forms_are_words() {
        assert_eq!(plain("when l40s &lt; 0.7 usd"), "when l40s < 0.7 usd");
        assert_eq!(plain("featurize%20a100%20跑"), "featurize a100 跑");
        assert_eq!(plain("降了20%200块"), "降了20%200块");
        assert_eq!(
            plain("{\"platform\":\"autodl\",\"gpu\":\"4090\",\"hours\":6} 这样要多少钱"),
            "autodl 4090 6 hours 这样要多少钱"
        );
        // A key not known here: the object is left for its own reader.
        assert_eq!(plain("{\"num_gpus\": 2} ok"), "{\"num_gpus\": 2} ok");
        assert_eq!(plain("offers --gpu 4090 --count 4"), "offers 4090 4 cards");
        assert_eq!(plain("--ctx 128k --batch 4"), "--ctx 128k batch 4");
        assert_eq!(plain("doesItFit: x"), "does It Fit: x");
        assert_eq!(plain("cheapest_4090_per_hour?"), "cheapest 4090 per hour?");
        assert_eq!(plain("l4PriceChart 3 weeks"), "l4 Price Chart 3 weeks");
        // Names and types are left.
        assert_eq!(
            plain("RunPod vLLM q4_k_m num_gpus"),
            "RunPod vLLM q4_k_m num_gpus"
        );
        assert_eq!(plain("--max_seq_length 4096"), "--max_seq_length 4096");
        assert_eq!(plain("load_in_4bit = True"), "load_in_4bit = True");
        assert_eq!(plain("max_model_len 32768"), "max_model_len 32768");
        assert_eq!(plain("max_model_len 16384, x"), "max_model_len 16384, x");
        assert_eq!(
            plain("load_in_4bit lora_alpha 32"),
            "load_in_4bit lora_alpha 32"
        );
        assert_eq!(plain("h100_price_history 30d"), "h100 price history 30d");
        assert_eq!(plain("a c r e d i t card"), "a credit card");
        assert_eq!(plain("a b c"), "a b c");
        assert_eq!(
            plain("whch prvdrs tk crypto"),
            "which providers take crypto"
        );
        assert_eq!(plain("wht's tht per dy"), "what's that per day");
        assert_eq!(plain("h100 prc trnd"), "h100 price trend");
    }
}
