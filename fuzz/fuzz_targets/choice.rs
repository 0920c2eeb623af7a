//! The button-payload codec: any payload decodes or is refused; what decodes re-encodes to
//! the same bytes, within the platform's limit.
#![no_main]

use gpuscout_frontend::ChoiceData;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &str| {
    if let Ok(c) = ChoiceData::<64>::try_from(data) {
        assert_eq!(c.encode().expect("a decoded payload fits"), data);
    }
    if let Ok(c) = ChoiceData::<100>::try_from(data) {
        assert_eq!(c.encode().expect("a decoded payload fits"), data);
    }
});
