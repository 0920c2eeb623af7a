//! How far a typed word is from a word the bot knows: one insertion, deletion, substitution or
//! swap of neighbours (`pirce`, `/fti`, `lroa`). The reader's cue words and the command names
//! use the same measure, so a typo is forgiven alike in a question and in a command.

/// Whether `a` and `b` differ by one insertion, deletion, substitution or swap of neighbours.
pub fn one_edit(a: &[u8], b: &[u8]) -> bool {
    let p = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let (ra, rb) = (&a[p..], &b[p..]);
    match ra.len().cmp(&rb.len()) {
        std::cmp::Ordering::Equal => {
            !ra.is_empty()
                && (ra[1..] == rb[1..]
                    || (ra.len() >= 2 && ra[0] == rb[1] && ra[1] == rb[0] && ra[2..] == rb[2..]))
        }
        std::cmp::Ordering::Greater => ra[1..] == *rb,
        std::cmp::Ordering::Less => *ra == rb[1..],
    }
}

#[cfg(test)]
mod tests {
    use super::one_edit;

    #[test]
    fn one_edit_of_each_kind() {
        for (a, b) in [
            ("fit", "fti"),
            ("cost", "cots"),
            ("compare", "comapre"),
            ("gpu", "gpuu"),
        ] {
            assert!(one_edit(a.as_bytes(), b.as_bytes()), "{a} {b}");
        }
        for (a, b) in [("fit", "fit"), ("cost", "cast2"), ("trend", "tried")] {
            assert!(!one_edit(a.as_bytes(), b.as_bytes()), "{a} {b}");
        }
    }
}
