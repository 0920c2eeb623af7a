//! Stored settings: a person's (`/lang`) and a chat's own, for everyone in it
//! (`/currency`): rows of the `prefs` table under [`ChatRef::user_key`] and
//! [`ChatRef::chat_key`]. Unreadable rows read as defaults: answering beats failing.

use crate::context::ChatRef;
use crate::i18n::Lang;
use crate::store::{Store, StoreError, UserPrefs, tables};

/// The person's stored preferences (defaults when unreadable: answering beats failing).
pub fn prefs(store: &Store, who: &ChatRef) -> UserPrefs {
    store
        .get(&tables::PREFS, &who.user_key())
        .ok()
        .flatten()
        .unwrap_or_default()
}

/// The chat's own settings, for everyone in it (a row of the same table, under
/// [`ChatRef::chat_key`]; defaults when unreadable).
pub fn chat_prefs(store: &Store, who: &ChatRef) -> UserPrefs {
    store
        .get(&tables::PREFS, &who.chat_key())
        .ok()
        .flatten()
        .unwrap_or_default()
}

/// Stores the chat's own settings.
pub fn set_chat_prefs(store: &Store, who: &ChatRef, prefs: &UserPrefs) -> Result<(), StoreError> {
    store.put(&tables::PREFS, &who.chat_key(), prefs)
}

/// Stores `lang` as `who`'s language (`/lang`, the terminal's `--lang`, a platform setting).
pub fn set_lang(store: &Store, who: &ChatRef, lang: Lang) -> Result<(), StoreError> {
    let mut p = prefs(store, who);
    p.lang = Some(lang);
    store.put(&tables::PREFS, &who.user_key(), &p)
}

/// The language to answer `who` in by their prefs `p`: their `/lang`, else the locale this
/// turn carries, else the one their platform said before (a Discord DM carries none, their
/// slash commands do), else English.
pub fn lang_of(p: &UserPrefs, who: &ChatRef) -> Lang {
    p.lang.unwrap_or_else(|| match who.locale.as_deref() {
        Some(locale) => Lang::from_locale(Some(locale)),
        None => p.seen_lang.unwrap_or(Lang::En),
    })
}

/// Keeps the language `who`'s platform says they use (`who.locale`) for a later turn that
/// carries none; written only when it changes (English, the default, is never written
/// first), so a person's usual turn writes nothing.
pub fn note_seen_lang(store: &Store, who: &ChatRef) {
    let Some(locale) = who.locale.as_deref() else {
        return;
    };
    let said = Lang::from_locale(Some(locale));
    let mut p = prefs(store, who);
    if p.seen_lang.unwrap_or(Lang::En) == said {
        return;
    }
    p.seen_lang = Some(said);
    // Answering beats remembering: a failed write loses only this hint.
    let _ = store.put(&tables::PREFS, &who.user_key(), &p);
}
