//! What the file holds: the schema version, the typed tables and their value types.

use crate::store::Versioned;
use redb::TableDefinition;
use std::marker::PhantomData;

/// Version of the layout below; bump it with a migration when a table's meaning changes.
/// Migrations are forward-only: a file with a newer version is refused, never rewritten.
pub const SCHEMA_VERSION: u64 = 1;

pub(super) const META: TableDefinition<&str, u64> = TableDefinition::new("meta");

/// `platform:chat` -> the ids of the last updates handled there (see `Store::once`).
pub(super) const HANDLED: TableDefinition<&str, &[u8]> = TableDefinition::new("handled");

/// How many handled update ids each chat remembers; re-deliveries are the last few.
pub(super) const HANDLED_KEEP: usize = 32;

/// A table of `V` values keyed by strings.
pub struct TypedTable<V> {
    name: &'static str,
    pub(super) def: TableDefinition<'static, &'static str, &'static [u8]>,
    _v: PhantomData<fn() -> V>,
}

impl<V> TypedTable<V> {
    pub const fn new(name: &'static str) -> Self {
        TypedTable {
            name,
            def: TableDefinition::new(name),
            _v: PhantomData,
        }
    }
    pub const fn name(&self) -> &'static str {
        self.name
    }
}

/// Every table, so that `open` can create them all before any read.
pub mod tables {
    use super::TypedTable;
    use crate::store::Versioned;
    /// `platform:user` -> user preferences.
    pub const PREFS: TypedTable<crate::store::UserPrefs> = TypedTable::new("prefs");
    /// `platform:chat:user` -> the `/pick` dialogue's state (a versioned record: a row
    /// written before versions, the bare state, still reads; `store::record`).
    pub const DIALOGUE: TypedTable<Versioned<crate::dialogue::PickState>> =
        TypedTable::new("dialogue");
    /// `sub:<id>` -> subscription (a versioned record).
    pub const SUBSCRIPTIONS: TypedTable<Versioned<crate::alerts::Subscription>> =
        TypedTable::new("subscriptions");
    /// Offers, feed states, catalogs, sightings, rates and hourly history, one kind per key
    /// prefix (`crate::availability::row`), each a versioned record.
    pub const SNAPSHOTS: TypedTable<
        crate::store::Versioned<crate::availability::row::SnapshotRow>,
    > = TypedTable::new("snapshots");
    /// The alerts' outbox, the kept answers and the queued updates, one kind per key prefix
    /// (`crate::alerts::outbox`), each a versioned record.
    pub const OUTBOX: TypedTable<Versioned<crate::alerts::outbox_row::OutboxRow>> =
        TypedTable::new("outbox");
    /// `platform:user:time` -> trial ledger entry (a versioned record).
    pub const TRIALS: TypedTable<Versioned<crate::trial::TrialEntry>> = TypedTable::new("trials");
    pub const ALL: [&str; 7] = [
        PREFS.name(),
        DIALOGUE.name(),
        SUBSCRIPTIONS.name(),
        SNAPSHOTS.name(),
        OUTBOX.name(),
        TRIALS.name(),
        "handled",
    ];
}

/// A user's (or a chat's) stored choices. On disk it is a versioned record like every other
/// table's row (`{"v":1,"r":{…}}`); a row from before versions (the bare object) still reads,
/// and a row from a newer build is refused.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(into = "Versioned<PrefsRecord>", from = "Versioned<PrefsRecord>")]
pub struct UserPrefs {
    pub lang: Option<crate::i18n::Lang>,
    pub currency: Option<String>,
    /// The language the person's platform last said they use (a client locale), kept for a
    /// turn that carries none (a Discord DM); `/lang` (`lang`) beats it. A person's row only.
    pub seen_lang: Option<crate::i18n::Lang>,
}

/// The shape [`UserPrefs`] is stored in.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct PrefsRecord {
    #[serde(default)]
    lang: Option<crate::i18n::Lang>,
    #[serde(default)]
    currency: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    seen_lang: Option<crate::i18n::Lang>,
}

impl crate::store::Record for PrefsRecord {
    const VERSION: u32 = 1;
}

impl From<UserPrefs> for Versioned<PrefsRecord> {
    fn from(p: UserPrefs) -> Self {
        Versioned(PrefsRecord {
            lang: p.lang,
            currency: p.currency,
            seen_lang: p.seen_lang,
        })
    }
}

impl From<Versioned<PrefsRecord>> for UserPrefs {
    fn from(Versioned(r): Versioned<PrefsRecord>) -> Self {
        UserPrefs {
            lang: r.lang,
            currency: r.currency,
            seen_lang: r.seen_lang,
        }
    }
}

#[cfg(test)]
mod prefs_tests {
    use super::UserPrefs;
    use crate::i18n::Lang;

    #[test]
    fn prefs_are_versioned_old_rows_read_and_newer_rows_are_refused() {
        let p = UserPrefs {
            lang: Some(Lang::Zh),
            currency: Some("CNY".into()),
            seen_lang: Some(Lang::En),
        };
        let json = serde_json::to_value(&p).unwrap();
        assert_eq!(json["v"], 1, "{json}");
        assert_eq!(
            serde_json::from_value::<UserPrefs>(json.clone()).unwrap(),
            p
        );
        // A row written before versions: the bare object.
        let bare = json["r"].clone();
        assert_eq!(serde_json::from_value::<UserPrefs>(bare).unwrap(), p);
        // A row from a newer build.
        let newer = serde_json::json!({"v": 2, "r": json["r"]});
        assert!(serde_json::from_value::<UserPrefs>(newer).is_err());
    }
}
