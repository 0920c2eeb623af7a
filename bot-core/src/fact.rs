//! `Fact<T>`: a catalog value that may honestly be unknown.
//!
//! Data files write an unknown fact as the string `"unknown"`; code must handle both cases, so
//! nothing downstream can silently treat a missing fact as zero or false.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A value from the catalog that is either known or explicitly unknown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Fact<T> {
    #[default]
    Unknown,
    Known(T),
}

impl<T> Fact<T> {
    pub fn known(&self) -> Option<&T> {
        match self {
            Fact::Known(v) => Some(v),
            Fact::Unknown => None,
        }
    }
    pub fn is_known(&self) -> bool {
        matches!(self, Fact::Known(_))
    }
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Fact<U> {
        match self {
            Fact::Known(v) => Fact::Known(f(v)),
            Fact::Unknown => Fact::Unknown,
        }
    }
}

impl<T> From<Option<T>> for Fact<T> {
    fn from(v: Option<T>) -> Self {
        v.map_or(Fact::Unknown, Fact::Known)
    }
}

#[derive(Deserialize)]
enum UnknownTag {
    #[serde(rename = "unknown")]
    Unknown,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Repr<T> {
    // Tried first so that a free-text fact of "unknown" is not taken as known text.
    Unknown(#[allow(dead_code)] UnknownTag),
    Known(T),
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Fact<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(match Repr::<T>::deserialize(d)? {
            Repr::Unknown(_) => Fact::Unknown,
            Repr::Known(v) => Fact::Known(v),
        })
    }
}

impl<T: Serialize> Serialize for Fact<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Fact::Known(v) => v.serialize(s),
            Fact::Unknown => s.serialize_str("unknown"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Deserialize, Serialize)]
    struct Row {
        flag: Fact<bool>,
        text: Fact<String>,
        amount: Fact<rust_decimal::Decimal>,
    }

    #[test]
    fn unknown_string_is_unknown_even_for_text_facts() {
        let r: Row =
            toml::from_str("flag = \"unknown\"\ntext = \"unknown\"\namount = \"unknown\"").unwrap();
        assert_eq!(r.flag, Fact::Unknown);
        assert_eq!(r.text, Fact::Unknown);
        assert_eq!(r.amount, Fact::Unknown);
    }

    #[test]
    fn known_values_parse_and_round_trip() {
        let r: Row = toml::from_str("flag = true\ntext = \"hi\"\namount = \"1.98\"").unwrap();
        assert_eq!(r.flag, Fact::Known(true));
        assert_eq!(r.text, Fact::Known("hi".to_string()));
        assert_eq!(r.amount.known().unwrap().to_string(), "1.98");
        let json = serde_json::to_string(&r).unwrap();
        assert_eq!(json, r#"{"flag":true,"text":"hi","amount":"1.98"}"#);
    }

    #[test]
    fn a_wrong_type_is_an_error_not_unknown() {
        assert!(toml::from_str::<Row>("flag = 3\ntext = \"x\"\namount = \"1\"").is_err());
    }
}
