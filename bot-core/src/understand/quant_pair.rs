//! Two words naming one quantization (`gptq int4`, `awq int4`, `gptq int8`, `8bit gptq`): the specific
//! format, never asked back against its generic width. Two different formats (`int4 还是
//! fp8`) are still asked.

use crate::vram::Quant;

/// The generic width a specific format names as well.
fn generic_of(q: Quant) -> Option<Quant> {
    match q {
        Quant::GptqInt4 | Quant::Awq => Some(Quant::Int4),
        Quant::GptqInt8 => Some(Quant::Int8),
        _ => None,
    }
}

/// `quants` without a generic width that a specific format said beside it already names;
/// the first kept is the one read. Weighed against each other (`int4 or awq`), both stay.
pub(super) fn one_format(norm: &str, quants: &mut Vec<Quant>, quant: &mut Option<Quant>) {
    if [" or ", "还是", "或", " vs", "versus"]
        .iter()
        .any(|w| norm.contains(w))
    {
        return;
    }
    // `gptq int8`, `8bit gptq`: a bare `gptq` (read as its common 4-bit form) with an 8-bit
    // width beside it is GPTQ's 8-bit format, one format, never asked back.
    if quants.contains(&Quant::GptqInt4)
        && quants.contains(&Quant::Int8)
        && !quants.contains(&Quant::Int4)
        && ![
            "gptq4",
            "gptq-4",
            "gptq int4",
            "gptq-int4",
            "gptqint4",
            "gptq 4",
        ]
        .iter()
        .any(|w| norm.contains(w))
    {
        quants.retain(|q| *q != Quant::Int8);
        for q in quants.iter_mut() {
            if *q == Quant::GptqInt4 {
                *q = Quant::GptqInt8;
            }
        }
        *quant = quants.first().copied();
        return;
    }
    let generic: Vec<Quant> = quants.iter().filter_map(|q| generic_of(*q)).collect();
    if generic.is_empty() || quants.len() < 2 {
        return;
    }
    quants.retain(|q| !generic.contains(q));
    *quant = quants.first().copied();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_format_in_two_words() {
        let mut qs = vec![Quant::GptqInt4, Quant::Int4];
        let mut q = Some(Quant::GptqInt4);
        one_format("", &mut qs, &mut q);
        assert_eq!(
            (qs.as_slice(), q),
            ([Quant::GptqInt4].as_slice(), Some(Quant::GptqInt4))
        );
        let mut qs = vec![Quant::Int4, Quant::Awq];
        let mut q = Some(Quant::Int4);
        one_format("", &mut qs, &mut q);
        assert_eq!(q, Some(Quant::Awq));
        let mut qs = vec![Quant::Int4, Quant::Fp8];
        let mut q = Some(Quant::Int4);
        one_format("", &mut qs, &mut q);
        assert_eq!(qs.len(), 2);
        let mut qs = vec![Quant::Int4, Quant::Awq];
        one_format("int4 or awq", &mut qs, &mut q);
        assert_eq!(qs.len(), 2);
        // A bare `gptq` and an 8-bit width: GPTQ's 8-bit format, whichever comes first.
        for (norm, mut qs) in [
            ("gptq int8", vec![Quant::GptqInt4, Quant::Int8]),
            ("8bit gptq", vec![Quant::Int8, Quant::GptqInt4]),
        ] {
            let mut q = qs.first().copied();
            one_format(norm, &mut qs, &mut q);
            assert_eq!(
                (qs.as_slice(), q),
                ([Quant::GptqInt8].as_slice(), Some(Quant::GptqInt8)),
                "{norm}"
            );
        }
    }
}
