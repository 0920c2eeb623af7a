//! Forms a phone or a greeting puts around an answer, written as the words the steps read
//! (issue 26 §4, helper und_ef): a keycap digit (`2️⃣`) as its digit, a greeting before a
//! message (`hi there!`, `你好，`) left out, and a budget noun typed with one slip (`budegt`,
//! `bugdet`) as the noun. Tables, one place; `dialogue::slip::folded` applies them to every
//! step's text.

/// The combining keycap (U+20E3) that makes `2` the key `2️⃣`, and the variation selector
/// (U+FE0F) a phone puts between them.
const KEYCAP: char = '\u{20e3}';
const VARIATION: char = '\u{fe0f}';

/// `text` with every keycap digit (`2️⃣`, `2⃣`) as its digit and the keycap ten (`🔟`) as 10;
/// a keycap typed alone is a key pressed, the option of that place (`option 2`), never a
/// value the number could also be (`2️⃣` at the usage step is no 2 hours).
pub fn keycaps_as_digits(text: &str) -> String {
    if !text.contains(KEYCAP) && !text.contains('🔟') {
        return text.to_string();
    }
    let digits: String = text
        .replace('🔟', "10")
        .chars()
        .filter(|c| *c != KEYCAP && *c != VARIATION)
        .collect();
    let alone = digits.trim();
    if !alone.is_empty() && alone.bytes().all(|b| b.is_ascii_digit()) {
        return format!("option {alone}");
    }
    digits
}

/// Greetings said before a message, lower case, longest first where one starts another.
/// A greeting's address (`there`, `all`, `guys`) is part of it.
const GREETINGS: &[&str] = &[
    "good morning",
    "good afternoon",
    "good evening",
    "hello there",
    "hello everyone",
    "hello all",
    "hello guys",
    "hi there",
    "hi everyone",
    "hi all",
    "hi guys",
    "hey there",
    "hey guys",
    "hey all",
    "greetings",
    "hello",
    "hiya",
    "hey",
    "yo",
    "hi",
    "大家好",
    "早上好",
    "下午好",
    "晚上好",
    "你好呀",
    "你好啊",
    "您好",
    "你好",
    "哈喽",
    "哈啰",
    "嗨",
    "早安",
    "在吗",
];

/// `text` without a greeting at its start and the marks after it (`hi there! we want…` →
/// `we want…`); `text` itself where none leads it, or where nothing follows the greeting (a
/// greeting alone is for the step to read). A Latin greeting is a whole word (`his`, `hey2`
/// lead none).
pub fn greeting_dropped(text: &str) -> &str {
    let t = text.trim_start();
    let low = t.to_lowercase();
    for g in GREETINGS {
        if !low.starts_with(g) {
            continue;
        }
        // Lower-casing keeps these greetings' byte lengths (ASCII and Han only).
        let rest = &t[g.len()..];
        let latin = g.is_ascii();
        if latin && rest.starts_with(|c: char| c.is_alphanumeric()) {
            continue;
        }
        let after = rest.trim_start_matches(|c: char| {
            c.is_whitespace()
                || matches!(c, ',' | '!' | '.' | '~' | '，' | '！' | '。' | '～' | '、')
        });
        if after.is_empty() {
            return text;
        }
        return after;
    }
    text
}

/// The budget nouns of one Latin word (`budget`, `allowance`), the ones a slip is read back to.
fn latin_budget_nouns() -> impl Iterator<Item = &'static str> {
    super::BUDGET_WORDS
        .iter()
        .copied()
        .filter(|w| w.len() >= 5 && w.bytes().all(|b| b.is_ascii_lowercase()))
}

/// `text` with each Latin word one slip from exactly one budget noun (`budegt`, `budgte`,
/// `buget`, `bugdet`) written as the noun: a budget said with a slip beside other answers had
/// been no budget, and its period read as the job's (`budegt 300 dollar per month` → always
/// on). Words of five letters or more; never a word the lexicon knows as itself.
pub fn budget_slips_read(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        let l = word.to_ascii_lowercase();
        // A noun itself, or one with an ending (`budgets`), is no slip.
        let own = latin_budget_nouns().any(|n| l.starts_with(n));
        let near: Vec<&str> = if l.len() >= 5 && !own && !super::REAL_WORDS.contains(&l.as_str()) {
            latin_budget_nouns()
                .filter(|n| *n != l && super::slips_apart(l.as_bytes(), n.as_bytes(), 1).is_some())
                .collect()
        } else {
            Vec::new()
        };
        match near[..] {
            [n] => out.push_str(n),
            _ => out.push_str(word),
        }
        word.clear();
    };
    for c in text.chars() {
        if c.is_ascii_alphabetic() {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keycaps_are_digits() {
        assert_eq!(keycaps_as_digits("2\u{fe0f}\u{20e3}"), "option 2");
        assert_eq!(keycaps_as_digits("3\u{20e3} "), "option 3");
        assert_eq!(keycaps_as_digits("选1\u{fe0f}\u{20e3}吧"), "选1吧");
        assert_eq!(keycaps_as_digits("🔟 hours"), "10 hours");
        assert_eq!(keycaps_as_digits("4090 ok"), "4090 ok");
    }

    #[test]
    fn a_greeting_before_a_message_is_left_out() {
        for (t, rest) in [
            ("hi there! we want to serve qwen", "we want to serve qwen"),
            ("Hello, lora please", "lora please"),
            ("hey guys, 8k", "8k"),
            ("good morning! 3 hours", "3 hours"),
            ("你好，想用lora微调", "想用lora微调"),
            ("您好！部署qwen", "部署qwen"),
            ("哈喽~ 4k", "4k"),
            ("嗨我想跑sd", "我想跑sd"),
        ] {
            assert_eq!(greeting_dropped(t), rest, "{t}");
        }
        // No greeting, a word that begins like one, a greeting alone.
        for t in [
            "history of my runs",
            "his 4090",
            "hey",
            "你好",
            "yolo v8",
            "hint",
        ] {
            assert_eq!(greeting_dropped(t), t, "{t}");
        }
    }

    #[test]
    fn a_budget_noun_with_one_slip_is_the_noun() {
        for t in ["budegt", "budgte", "buget", "bugdet", "Budegt"] {
            assert_eq!(
                budget_slips_read(&format!("{t} 300 a month")),
                "budget 300 a month",
                "{t}"
            );
        }
        assert_eq!(budget_slips_read("allowence $50"), "allowance $50");
        // Words that are themselves, short words and numbers stay.
        for t in ["budget 300", "budgets", "bud 5", "gadget", "bridge 4090"] {
            assert_eq!(budget_slips_read(t), t, "{t}");
        }
    }
}
