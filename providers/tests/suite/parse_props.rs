//! The provider response parsers on hostile bodies: arbitrary bytes, valid JSON of the wrong
//! shape, and the real fixtures with values swapped for strange ones. Parsing never panics;
//! it returns offers or a `FetchError`.

use bot_core::Catalog;
use gpuscout_providers::lambda::Lambda;
use gpuscout_providers::runpod::RunPod;
use gpuscout_providers::vast::Vast;
use gpuscout_providers::{Adapter, Secret};
use proptest::prelude::*;
use serde_json::Value;
use std::sync::OnceLock;

const NOW: i64 = 1_764_581_400;

fn catalog() -> &'static Catalog {
    static C: OnceLock<Catalog> = OnceLock::new();
    C.get_or_init(|| Catalog::embedded().unwrap())
}

fn adapters() -> Vec<Box<dyn Adapter>> {
    vec![
        Box::new(Vast {
            base: "http://127.0.0.1:9".into(),
            key: None,
        }),
        Box::new(RunPod {
            base: "http://127.0.0.1:9".into(),
            key: None,
        }),
        Box::new(Lambda {
            base: "http://127.0.0.1:9".into(),
            key: Secret::new("k"),
        }),
    ]
}

fn fixture(name: &str) -> Value {
    let text = std::fs::read_to_string(format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR")))
        .unwrap();
    serde_json::from_str(&text).unwrap()
}

fn fixtures() -> &'static [Value] {
    static F: OnceLock<Vec<Value>> = OnceLock::new();
    F.get_or_init(|| {
        vec![
            fixture("vast_bundles.json"),
            fixture("runpod_gpu_types.json"),
            fixture("lambda_instance_types.json"),
        ]
    })
}

/// A JSON value that is odd for any field: huge, negative, fractional, wrong type, empty.
fn odd_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<f64>()
            .prop_map(|f| serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)),
        Just(serde_json::json!(1e308)),
        Just(serde_json::json!(-0.0)),
        any::<String>().prop_map(Value::String),
    ];
    leaf.prop_recursive(3, 16, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map("[a-z_]{1,12}", inner, 0..4)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// Replaces the `n`th scalar (depth first) of `v` with `with`.
fn swap_nth(v: &mut Value, n: &mut usize, with: &Value) -> bool {
    match v {
        Value::Array(items) => items.iter_mut().any(|i| swap_nth(i, n, with)),
        Value::Object(map) => map.values_mut().any(|i| swap_nth(i, n, with)),
        _ => {
            if *n == 0 {
                *v = with.clone();
                true
            } else {
                *n -= 1;
                false
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_never_panic(body in prop::collection::vec(any::<u8>(), 0..512)) {
        for a in adapters() {
            let _ = a.parse(&body, catalog(), NOW);
        }
    }

    #[test]
    fn json_of_any_shape_never_panics(body in odd_value()) {
        let bytes = serde_json::to_vec(&body).unwrap();
        for a in adapters() {
            let _ = a.parse(&bytes, catalog(), NOW);
        }
    }

    /// The real answers with one field at a time made strange (a price of 1e308, a name that
    /// is a number, a GPU count of -1, an object where a string was).
    #[test]
    fn real_answers_with_one_strange_field_never_panic(
        which in 0usize..3,
        nth in 0usize..400,
        with in odd_value(),
    ) {
        let mut body = fixtures()[which].clone();
        let mut n = nth;
        swap_nth(&mut body, &mut n, &with);
        let bytes = serde_json::to_vec(&body).unwrap();
        for a in adapters() {
            let _ = a.parse(&bytes, catalog(), NOW);
        }
    }
}
