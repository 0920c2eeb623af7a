//! Cloud instance types (`g5.xlarge`, `a2-highgpu-1g`, `Standard_ND96isr_H100_v5`, `ND H100 v5`)
//! and the cards they hold, from `catalog/instances.toml`: a type names its card and count, a
//! family said alone its card (and a count when every size has the same one).

use super::error::CatalogError;
use super::index::Catalog;
use super::instance_data::{CLOUDS, InstanceName, segments};

/// What an instance name read: the family, the type's own name when a size was said, the card
/// and its count (none for a family said alone whose sizes differ).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InstanceRead<'c> {
    pub family: &'c str,
    pub cloud: &'c str,
    pub type_name: Option<&'c str>,
    pub gpu: &'c str,
    pub count: Option<u32>,
    pub source: &'c str,
    pub as_of: &'c str,
}

/// Strict checks: a known cloud and card, counts of 1..=16, provenance, and no name that is
/// also a card's name (the reader would not know which is meant) or another family's.
pub(super) fn validate(c: &Catalog) -> Result<(), CatalogError> {
    let mut seen: std::collections::HashMap<String, &str> = std::collections::HashMap::new();
    for f in &c.instances {
        let k = super::validate::Check {
            file: "instances.toml",
            entry: format!("family `{}`", f.name),
        };
        if !CLOUDS.contains(&f.cloud.as_str()) {
            return Err(k.fail("cloud", format!("unknown cloud `{}`", f.cloud)));
        }
        if c.gpus.iter().all(|g| g.id != f.gpu) {
            return Err(k.fail("gpu", format!("`{}` is no catalog GPU id", f.gpu)));
        }
        if f.types.is_empty() {
            return Err(k.fail("types", "must list at least one type"));
        }
        if let Some((t, n)) = f.types.iter().find(|(_, n)| !(1..=16).contains(*n)) {
            return Err(k.fail("types", format!("`{t}` holds {n} cards (1..=16)")));
        }
        k.provenance("", &f.source, &f.as_of)?;
        for n in f.types.keys().chain(&f.names) {
            let key = segments(n).concat();
            if key.is_empty() {
                return Err(k.fail("names", "an empty name"));
            }
            if c.find_gpu(&key).is_some() {
                return Err(k.fail("names", format!("`{n}` is also a GPU's name")));
            }
            if let Some(other) = seen.insert(key, &f.name)
                && other != f.name
            {
                return Err(k.fail("names", format!("`{n}` also names family `{other}`")));
            }
        }
    }
    Ok(())
}

impl Catalog {
    /// The instance type or family `name` is (`g5.xlarge`, `ND H100 v5`), whole.
    pub fn instance(&self, name: &str) -> Option<InstanceRead<'_>> {
        let lower = name.trim().to_ascii_lowercase();
        let (n, len) = self.instance_at(&lower.chars().collect::<Vec<_>>(), 0)?;
        (len == lower.chars().count()).then(|| self.read_of(n))
    }

    fn read_of(&self, n: &InstanceName) -> InstanceRead<'_> {
        let f = &self.instances[n.family];
        let type_name = n
            .type_name
            .as_ref()
            .and_then(|t| f.types.get_key_value(t))
            .map(|(t, _)| t.as_str());
        let count = match type_name {
            Some(t) => f.types.get(t).copied(),
            None => {
                let first = f.types.values().next().copied();
                first.filter(|c| f.types.values().all(|n| n == c))
            }
        };
        InstanceRead {
            family: &f.name,
            cloud: &f.cloud,
            type_name,
            gpu: &f.gpu,
            count,
            source: &f.source,
            as_of: &f.as_of,
        }
    }

    /// The longest instance name starting at `at` of lower-case `chars`, with the characters
    /// it takes: each segment as written, separators (space, `.`, `-`, `_`) or none between
    /// them, no letter or digit right after. A family said alone is no family when a size
    /// follows it glued by a dot or dash (`g5.3xlarge` names no type the catalog has).
    fn instance_at(&self, chars: &[char], at: usize) -> Option<(&InstanceName, usize)> {
        let sep = |c: char| matches!(c, ' ' | '.' | '-' | '_');
        for n in &self.instance_names {
            let mut k = at;
            let mut ok = true;
            for (i, seg) in n.segments.iter().enumerate() {
                if i > 0 {
                    while chars.get(k).is_some_and(|c| sep(*c)) {
                        k += 1;
                    }
                }
                let matches = seg
                    .chars()
                    .enumerate()
                    .all(|(j, c)| chars.get(k + j) == Some(&c));
                if !matches {
                    ok = false;
                    break;
                }
                k += seg.chars().count();
            }
            let glued_size = n.type_name.is_none()
                && matches!(chars.get(k), Some('.' | '-'))
                && chars.get(k + 1).is_some_and(char::is_ascii_alphanumeric);
            if ok && !glued_size && !chars.get(k).is_some_and(char::is_ascii_alphanumeric) {
                return Some((n, k - at));
            }
        }
        None
    }

    /// Every instance name in `text` (any case) written as the card it holds: its id, with
    /// the count glued before it (`4xa10g`) when the type holds more than one and the card is
    /// not also said by its own name (`ND H100 v5 … would one H100 do`: the count asked is the
    /// one said). A type whose own price is quoted beside it (`p3.2xlarge is $3.06 per
    /// hour`) is the machine priced, no card asked: kept as written. The reader's one lexicon
    /// for instance types; other text is kept as it is.
    pub fn instance_cards(&self, text: &str) -> String {
        let chars: Vec<char> = text.chars().collect();
        let lower: Vec<char> = chars.iter().map(char::to_ascii_lowercase).collect();
        let mut spans: Vec<(usize, usize, InstanceRead<'_>)> = Vec::new();
        let mut i = 0;
        while i < chars.len() {
            let start = i == 0 || !lower[i - 1].is_ascii_alphanumeric();
            let found = (start && lower[i].is_ascii_alphabetic())
                .then(|| self.instance_at(&lower, i))
                .flatten();
            match found {
                Some((n, len)) => {
                    if !priced_near(&lower[..i], &lower[i + len..]) {
                        spans.push((i, i + len, self.read_of(n)));
                    }
                    i += len;
                }
                None => i += 1,
            }
        }
        if spans.is_empty() {
            return text.to_string();
        }
        let outside: String = (0..chars.len())
            .map(
                |k| match spans.iter().any(|(a, b, _)| (*a..*b).contains(&k)) {
                    true => ' ',
                    false => lower[k],
                },
            )
            .collect();
        let mut out = String::with_capacity(text.len() + 16);
        let mut k = 0;
        for (a, b, read) in &spans {
            out.extend(&chars[k..*a]);
            if !out.is_empty() && !out.ends_with(char::is_whitespace) {
                out.push(' ');
            }
            match read.count {
                Some(c) if c > 1 && !self.card_said(&outside, read.gpu) => {
                    out.push_str(&format!("{c}x{}", read.gpu))
                }
                _ => out.push_str(read.gpu),
            }
            if chars.get(*b).is_some_and(|c| !c.is_whitespace()) {
                out.push(' ');
            }
            k = *b;
        }
        out.extend(&chars[k..]);
        out
    }

    /// Whether a word of `text` names a card of `gpu`'s kind (its id's first part: `h100` for
    /// `h100-sxm`, `a100` for `a100-40g-sxm`).
    fn card_said(&self, text: &str, gpu: &str) -> bool {
        let kind = |id: &str| id.split('-').next().unwrap_or(id).to_string();
        let want = kind(gpu);
        text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .filter(|w| w.len() >= 2)
            .filter_map(|w| self.find_gpu(w))
            .any(|g| kind(&g.id) == want)
    }
}

/// A price said beside an instance name (the three words after it or before it hold `$`,
/// `usd`, `刀`, `美元`, `dollar` or `¥`: `p3.2xlarge is $3.06`, `$6.98/h for an NC A100 v4`):
/// the cloud's own rate for that machine.
fn priced_near(before: &[char], after: &[char]) -> bool {
    let before: String = before.iter().collect();
    let after: String = after.iter().collect();
    let mut near: Vec<&str> = after.split_whitespace().take(3).collect();
    near.extend(before.split_whitespace().rev().take(3));
    let near = near.join(" ");
    ["$", "usd", "刀", "美元", "dollar", "¥"]
        .iter()
        .any(|m| near.contains(m))
}

#[cfg(test)]
mod tests {
    use crate::catalog::Catalog;

    #[test]
    fn a_type_is_its_card_and_count() {
        let c = Catalog::embedded().unwrap();
        let g5 = c.instance("G5.12XLarge").unwrap();
        assert_eq!((g5.gpu, g5.count), ("a10g", Some(4)));
        assert_eq!(c.instance("g5").unwrap().count, None);
        assert_eq!(c.instance("p4d").unwrap().count, Some(8));
        let nc = c.instance("NC24ads_A100_v4").unwrap();
        assert_eq!(nc.type_name, Some("Standard_NC24ads_A100_v4"));
        assert!(c.instance("g5.3xlarge").is_none());
        assert!(c.instance("a2").is_none());
    }

    #[test]
    fn text_names_the_card_in_place() {
        let c = Catalog::embedded().unwrap();
        assert_eq!(c.instance_cards("g5.xlarge 多少钱"), "a10g 多少钱");
        assert_eq!(c.instance_cards("在g5.12xlarge上跑"), "在 4xa10g 上跑");
        assert_eq!(
            c.instance_cards("ND H100 v5 vs a2-highgpu-1g?"),
            "8xh100-sxm vs a100-40g-sxm ?"
        );
        // The card said by its own name: the count asked is that one.
        assert_eq!(
            c.instance_cards("p4d.24xlarge or one A100?"),
            "a100-40g-sxm or one A100?"
        );
        // A type's own price quoted: the machine priced, kept.
        let priced = "p3.2xlarge is $3.06 per hour, per day?";
        assert_eq!(c.instance_cards(priced), priced);
        let priced = "azure charges $6.98/h for an NC A100 v4, what's an A100 here";
        assert_eq!(c.instance_cards(priced), priced);
        // Words that only look alike are kept.
        for kept in [
            "nvidia a2 vram",
            "ag5 xlarge",
            "g5.3xlarge",
            "top p5e3",
            "mp3 p30",
        ] {
            assert_eq!(c.instance_cards(kept), kept);
        }
    }
}
