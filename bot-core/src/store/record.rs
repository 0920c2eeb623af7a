//! Versioned records: a value stored as `{"v": N, "r": <record>}`, so its shape can change
//! and old rows still read. A row written before records carried a version (the bare JSON
//! of the record) reads as version 0; either goes through the record's [`Record::upgrade`]
//! to the current shape. A row from a newer build (a version above ours) is refused, never
//! guessed at.

use serde::de::{DeserializeOwned, Error as _};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

/// A type stored as a versioned record.
pub trait Record: Serialize + DeserializeOwned {
    /// The version this build writes; raise it when the shape changes, with an `upgrade`.
    const VERSION: u32;
    /// Turns a row written as version `from` (0: before versions) into this version's JSON.
    /// The default keeps it as it is: new fields are `#[serde(default)]`.
    fn upgrade(from: u32, old: Value) -> Result<Value, String> {
        let _ = from;
        Ok(old)
    }
}

/// A record with its version on the wire: `TypedTable<Versioned<T>>`.
#[derive(Debug, Clone, PartialEq)]
pub struct Versioned<T>(pub T);

#[derive(Serialize)]
struct Out<'a, T> {
    v: u32,
    r: &'a T,
}

impl<T: Record> Serialize for Versioned<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Out {
            v: T::VERSION,
            r: &self.0,
        }
        .serialize(s)
    }
}

impl<'de, T: Record> Deserialize<'de> for Versioned<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(d)?;
        let (version, record) = match value {
            Value::Object(mut m)
                if m.len() == 2 && m.contains_key("r") && m.get("v").is_some_and(Value::is_u64) =>
            {
                let v = m.get("v").and_then(Value::as_u64).unwrap_or(0);
                (
                    u32::try_from(v).unwrap_or(u32::MAX),
                    m.remove("r").unwrap_or(Value::Null),
                )
            }
            bare => (0, bare),
        };
        if version > T::VERSION {
            return Err(D::Error::custom(format!(
                "record version {version} is newer than this build's {}",
                T::VERSION
            )));
        }
        let record = if version < T::VERSION {
            T::upgrade(version, record).map_err(D::Error::custom)?
        } else {
            record
        };
        T::deserialize(record)
            .map(Versioned)
            .map_err(D::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct V2 {
        name: String,
        #[serde(default)]
        cards: u32,
    }
    impl Record for V2 {
        const VERSION: u32 = 2;
        fn upgrade(from: u32, mut old: Value) -> Result<Value, String> {
            // Version 1 called it `gpu`.
            if from == 1
                && let Some(m) = old.as_object_mut()
                && let Some(g) = m.remove("gpu")
            {
                m.insert("name".into(), g);
            }
            Ok(old)
        }
    }

    fn read(json: &str) -> Result<V2, String> {
        serde_json::from_str::<Versioned<V2>>(json)
            .map(|v| v.0)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn bare_old_and_current_rows_read_newer_ones_are_refused() {
        let now = serde_json::to_string(&Versioned(V2 {
            name: "h100".into(),
            cards: 2,
        }))
        .unwrap();
        assert_eq!(now, r#"{"v":2,"r":{"name":"h100","cards":2}}"#);
        assert_eq!(read(&now).unwrap().cards, 2);
        // Written before versions: the bare record.
        assert_eq!(read(r#"{"name":"a100"}"#).unwrap().name, "a100");
        // An older version goes through the upgrade.
        assert_eq!(read(r#"{"v":1,"r":{"gpu":"l4"}}"#).unwrap().name, "l4");
        assert!(
            read(r#"{"v":3,"r":{"name":"x"}}"#)
                .unwrap_err()
                .contains("newer")
        );
    }
}
