//! A bounded scan that decodes only what the caller will use: the keys under a prefix are
//! read without their values, and only those the caller keeps (up to a limit) are decoded.
//! The alert dispatcher reads its outbox this way, so a pass over a 10,000-row fan-out
//! decodes the few rows it is about to send, not every row again.

use super::{Store, StoreError, TypedTable};
use redb::ReadableDatabase;
use serde::de::DeserializeOwned;

impl Store {
    /// The first `limit` `(key, value)` pairs under `prefix`, in key order, whose key `keep`
    /// accepts; a key it refuses is skipped without decoding its value. Reads the file only
    /// (not the held writes of a [`Store::once`] in progress): for background readers.
    pub fn scan_prefix_where<V: DeserializeOwned>(
        &self,
        table: &TypedTable<V>,
        prefix: &str,
        limit: usize,
        keep: impl Fn(&str) -> bool,
    ) -> Result<Vec<(String, V)>, StoreError> {
        self.with_db(|db| {
            let txn = db.begin_read().map_err(|e| self.err(e))?;
            let t = txn.open_table(table.def).map_err(|e| self.err(e))?;
            let mut out = Vec::new();
            for item in t.range(prefix..).map_err(|e| self.err(e))? {
                if out.len() >= limit {
                    break;
                }
                let (k, v) = item.map_err(|e| self.err(e))?;
                let key = k.value();
                if !key.starts_with(prefix) {
                    break;
                }
                if !keep(key) {
                    continue;
                }
                let value = serde_json::from_slice(v.value()).map_err(|e| StoreError::Decode {
                    table: table.name(),
                    message: e.to_string(),
                })?;
                out.push((key.to_string(), value));
            }
            Ok(out)
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::store::{Store, TypedTable, tables};

    #[test]
    fn only_kept_keys_are_decoded_up_to_the_limit() {
        let dir = tempfile::tempdir().unwrap();
        let s = Store::open(&dir.path().join("db.redb")).unwrap();
        let raw: TypedTable<String> = TypedTable::new(tables::OUTBOX.name());
        let num: TypedTable<u32> = TypedTable::new(tables::OUTBOX.name());
        for i in 0..6u32 {
            s.put(&num, &format!("q:{i}"), &i).unwrap();
        }
        // Not a number: decoding it as one would fail, so skipping it proves it was not read.
        s.put(&raw, "q:2x", &"not a number".to_string()).unwrap();
        s.put(&num, "z:9", &9).unwrap();
        let got = s
            .scan_prefix_where(&num, "q:", 3, |k| k != "q:1" && k != "q:2x")
            .unwrap();
        let keys: Vec<&str> = got.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys, ["q:0", "q:2", "q:3"]);
        assert_eq!(got[2].1, 3);
        let all = s
            .scan_prefix_where(&num, "q:", 100, |k| k != "q:2x")
            .unwrap();
        assert_eq!(all.len(), 6, "the prefix ends the scan: {all:?}");
        assert!(s.scan_prefix_where(&num, "q:", 100, |_| true).is_err());
    }
}
