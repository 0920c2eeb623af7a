//! Exactly-once platform updates, and every write through the group commit: an update's
//! writes and its "handled" mark are one unit, units that arrive together share one durable
//! transaction (`group`), and no caller hears of its unit before that transaction is durable.

use super::db::Store;
use super::error::StoreError;
use super::pending::{self, Def, Op, Scope, Unit};
use super::schema::{HANDLED, HANDLED_KEEP};
use redb::{ReadableDatabase, ReadableTable, TableHandle, WriteTransaction};

impl Store {
    /// Writes `units` (each its ops in order, then its handled mark) as one transaction; one
    /// result per unit. When that transaction fails and held more than one unit, each is
    /// written again alone, so a unit that cannot be written (a bad row) fails only itself.
    fn write_round(&self, units: Vec<Unit>) -> Vec<Result<(), StoreError>> {
        let together = self.write_units(&units);
        match together {
            Ok(()) => units.iter().map(|_| Ok(())).collect(),
            Err(e) if units.len() == 1 => vec![Err(e)],
            Err(_) => units
                .iter()
                .map(|u| self.write_units(std::slice::from_ref(u)))
                .collect(),
        }
    }

    fn write_units(&self, units: &[Unit]) -> Result<(), StoreError> {
        let mut tables: Vec<&str> = units
            .iter()
            .flat_map(|u| u.ops.iter().map(|(def, _, _)| def.name()))
            .collect();
        if units.iter().any(|u| u.mark.is_some()) {
            tables.push(HANDLED.name());
        }
        tables.sort_unstable();
        tables.dedup();
        self.write(&tables, |txn| {
            // Each table is opened once per round, not once per write: the round runs on the
            // one writer every update waits for, so its cost per update bounds updates/s.
            let mut open: Vec<(String, redb::Table<&str, &[u8]>)> = Vec::new();
            for unit in units {
                for (def, key, value) in &unit.ops {
                    let t = self.table_in(txn, &mut open, *def)?;
                    match value {
                        Some(bytes) => {
                            t.insert(key.as_str(), bytes.as_slice())
                                .map_err(|e| self.err(e))?;
                        }
                        None => {
                            t.remove(key.as_str()).map_err(|e| self.err(e))?;
                        }
                    }
                }
                if let Some((key, update)) = &unit.mark {
                    let t = self.table_in(txn, &mut open, HANDLED)?;
                    self.write_mark(t, key, *update)?;
                }
            }
            Ok(())
        })
    }

    /// `def` opened in `txn`, once: later calls of the round get the same table.
    fn table_in<'t, 'o>(
        &self,
        txn: &'t WriteTransaction,
        open: &'o mut Vec<(String, redb::Table<'t, &'static str, &'static [u8]>)>,
        def: Def,
    ) -> Result<&'o mut redb::Table<'t, &'static str, &'static [u8]>, StoreError> {
        let at = match open.iter().position(|(n, _)| n == def.name()) {
            Some(at) => at,
            None => {
                let table = txn.open_table(def).map_err(|e| self.err(e))?;
                open.push((def.name().to_string(), table));
                open.len() - 1
            }
        };
        Ok(&mut open[at].1)
    }

    /// Commits `unit` with whatever else is queued (the group commit); `Ok` once durable.
    /// `wait: false` lets it ride along with a commit under way ([`Store::delete_soon`]).
    pub(super) fn submit(&self, unit: Unit, wait: bool) -> Result<(), StoreError> {
        if !self.grouped() {
            return self.write_units(std::slice::from_ref(&unit));
        }
        self.committer
            .submit(unit, wait, |units| self.write_round(units))
            .unwrap_or(Ok(()))
    }

    /// Writes `ops` now (through the group commit), or, inside [`Store::once`], with the
    /// update when it is done.
    pub(super) fn apply(&self, ops: Vec<Op>) -> Result<(), StoreError> {
        match pending::defer(ops) {
            None => Ok(()),
            Some(ops) => self.submit(Unit { ops, mark: None }, true),
        }
    }

    fn write_mark(
        &self,
        t: &mut redb::Table<&'static str, &'static [u8]>,
        key: &str,
        update: u64,
    ) -> Result<(), StoreError> {
        let mut ids: Vec<u64> = match t.get(key).map_err(|e| self.err(e))? {
            Some(v) => serde_json::from_slice(v.value()).unwrap_or_default(),
            None => Vec::new(),
        };
        ids.retain(|&id| id != update);
        ids.push(update);
        let excess = ids.len().saturating_sub(HANDLED_KEEP);
        ids.drain(..excess);
        let bytes = serde_json::to_vec(&ids).map_err(|e| StoreError::Db(e.to_string()))?;
        t.insert(key, bytes.as_slice()).map_err(|e| self.err(e))?;
        Ok(())
    }

    /// Whether update `update` of `key` (`platform:chat`) was handled already.
    pub fn handled(&self, key: &str, update: u64) -> Result<bool, StoreError> {
        self.with_db(|db| {
            let txn = db.begin_read().map_err(|e| self.err(e))?;
            let t = txn.open_table(HANDLED).map_err(|e| self.err(e))?;
            let ids: Vec<u64> = match t.get(key).map_err(|e| self.err(e))? {
                Some(v) => serde_json::from_slice(v.value()).unwrap_or_default(),
                None => Vec::new(),
            };
            Ok(ids.contains(&update))
        })
    }

    /// Handles update `update` of chat `key` (`platform:chat`) exactly once: `Ok(None)` if it
    /// was handled before (a platform re-delivering it after a crash); otherwise runs `f`.
    /// Every write `f` makes (on this thread) is held back and seen by `f`'s own reads, then
    /// written with the "handled" mark as ONE unit after `f` returns: the update is applied
    /// whole, or (a failed commit, a panic, a kill) not at all and not marked, so a
    /// re-delivery runs it again. Units of updates handled side by side share one durable
    /// commit (the group commit); this returns only once the one holding this update is
    /// durable, so nothing is answered that a crash could take back. `Err` is a failed
    /// commit. Updates of one chat arrive in order, so a short per-chat list of handled ids
    /// recognises every re-delivery (ids are not globally ordered: Telegram handles different
    /// chats concurrently and restarts its sequence after a quiet week).
    pub fn once<T>(
        &self,
        key: &str,
        update: u64,
        f: impl FnOnce() -> T,
    ) -> Result<Option<T>, StoreError> {
        // A store that cannot be read cannot dedupe; answering beats silence.
        if self.handled(key, update).unwrap_or(false) {
            return Ok(None);
        }
        let scope = Scope::enter();
        let out = f();
        let pending = scope.finish();
        let wrote = !pending.ops.is_empty();
        let unit = Unit {
            ops: pending
                .ops
                .into_iter()
                .map(|((_, k), (def, value))| (def, k, value))
                .collect(),
            mark: Some((key.to_string(), update)),
        };
        match self.submit(unit, true) {
            Ok(()) => Ok(Some(out)),
            // An update that wrote nothing only risks one repeated answer.
            Err(_) if !wrote => Ok(Some(out)),
            Err(e) => Err(e),
        }
    }
}
