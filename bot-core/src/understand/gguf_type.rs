//! `gguf q8_0`: the container word with the type said beside it. `gguf` alone reads as its
//! usual Q4_K_M, so a named type (`q8_0`, `q5_k_m`) was asked back against Q4_K_M, though the
//! sentence had said which. A Q4_K_M written out stays, and so does a choice (`q4 还是 q8`).

use crate::vram::Quant;

/// A GGUF type other than the Q4_K_M `gguf` stands for.
fn gguf_type(q: Quant) -> bool {
    use Quant::*;
    matches!(
        q,
        Q2K | Q3KM
            | Q4_0
            | Q5KM
            | Q6K
            | Q8_0
            | Iq1S
            | Iq1M
            | Iq2Xxs
            | Iq2Xs
            | Iq2S
            | Iq3Xxs
            | Iq3S
            | Iq4Xs
            | Iq4Nl
    )
}

/// `quants` without the Q4_K_M that only the word `gguf` said, when a type is named beside it.
pub(super) fn type_named(norm: &str, quants: &mut Vec<Quant>, quant: &mut Option<Quant>) {
    let written = ["q4_k_m", "q4km", "q4_k", "q4-k-m", "q4 k m"]
        .iter()
        .any(|w| norm.contains(w));
    let weighed = [" or ", "还是", "或", " vs", "versus"]
        .iter()
        .any(|w| norm.contains(w));
    if !norm.contains("gguf") || written || weighed {
        return;
    }
    if quants.contains(&Quant::Q4KM) && quants.iter().any(|q| gguf_type(*q)) {
        quants.retain(|q| *q != Quant::Q4KM);
        *quant = quants.first().copied();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_type_named_beside_gguf_is_read() {
        let mut qs = vec![Quant::Q4KM, Quant::Q8_0];
        let mut q = Some(Quant::Q4KM);
        type_named("qwen2.5 7b gguf q8_0 用 t4", &mut qs, &mut q);
        assert_eq!(
            (qs.as_slice(), q),
            ([Quant::Q8_0].as_slice(), Some(Quant::Q8_0))
        );
        let mut qs = vec![Quant::Q4KM, Quant::Q8_0];
        type_named("gguf q4_k_m 还是 q8_0", &mut qs, &mut q);
        assert_eq!(qs.len(), 2);
    }
}
