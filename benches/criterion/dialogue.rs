//! One /pick dialogue step through `Bot::handle`, including the redb write of the new state.

use bot_core::store::{Store, db_path};
use bot_core::{Bot, Catalog, ChatRef, Input};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::sync::Arc;

fn dialogue_step(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&db_path(dir.path())).unwrap());
    let bot = Bot::new(Arc::new(Catalog::embedded().unwrap()), store);
    let who = ChatRef::terminal(Some("en"));
    bot.handle(&who, Input::Text("/pick".into()));
    // Each iteration answers the task question and goes back: two steps, two redb commits.
    c.bench_function("dialogue: answer + back (2 steps, 2 redb writes)", |b| {
        b.iter(|| {
            black_box(bot.handle(&who, Input::Choice("t:exp".into())));
            black_box(bot.handle(&who, Input::Text("/back".into())));
        })
    });
    // The heaviest step: choosing the usage runs the fit engine and prices every card option.
    bot.handle(&who, Input::Choice("t:tune".into()));
    bot.handle(&who, Input::Choice("m:qwen2.5-7b".into()));
    bot.handle(&who, Input::Choice("q:lora".into()));
    bot.handle(&who, Input::Choice("c:4096".into()));
    c.bench_function("dialogue: usage answer -> card options + back", |b| {
        b.iter(|| {
            black_box(bot.handle(&who, Input::Choice("u:3h".into())));
            black_box(bot.handle(&who, Input::Text("/back".into())));
        })
    });
}

criterion_group!(benches, dialogue_step);
criterion_main!(benches);
