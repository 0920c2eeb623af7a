//! How a training job spreads over its cards (`FitReport::parallelism`): one card, layers
//! split by `device_map`, plain data parallel, or a ZeRO stage.

use super::{Parallelism, Zero};

/// How a training job spreads over its cards.
pub(super) fn parallelism(cards: u32, device_map: bool, zero: Zero) -> Parallelism {
    match zero {
        _ if cards == 1 => Parallelism::None,
        _ if device_map => Parallelism::Layer,
        Zero::Off => Parallelism::Data,
        Zero::One => Parallelism::Zero1,
        Zero::Two => Parallelism::Zero2,
        Zero::Three => Parallelism::Zero3,
    }
}
