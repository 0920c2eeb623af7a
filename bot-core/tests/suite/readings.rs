//! One reading of each distinct question per test process, against the embedded catalog. The
//! share tests and the read-back test (`echo_typed_back`) read the same ~30,000 question rows;
//! reading each once took the suite's longest test from ~270 s to what is left after the share
//! tests (CI's time budget, README "Set up"). `understand::read` is a pure function of the
//! catalog and the text, so a remembered reading is the reading.

use bot_core::Catalog;
use bot_core::understand::{Reading, read};
use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

static CATALOG: LazyLock<Catalog> = LazyLock::new(|| Catalog::embedded().unwrap());
static READ: LazyLock<Mutex<HashMap<String, Reading>>> = LazyLock::new(Default::default);

/// `read(&Catalog::embedded(), question)`, read once per process.
pub(super) fn embedded(question: &str) -> Reading {
    if let Some(r) = READ.lock().unwrap().get(question) {
        return r.clone();
    }
    // Read outside the lock: two test threads may read one question twice, never wait on
    // each other's reading.
    let reading = read(&CATALOG, question);
    READ.lock()
        .unwrap()
        .insert(question.to_string(), reading.clone());
    reading
}
