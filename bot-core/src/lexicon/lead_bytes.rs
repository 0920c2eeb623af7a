//! The bytes a table's phrases can start with, built from the table itself (never a second word
//! list): a scan that tries every phrase at every position of a message skips, in one lookup,
//! the positions where no phrase can start. Only a speed index; the table stays the one source
//! of what its words mean (helper perf_rd: trying each phrase at each char was most of a
//! question's reading time in debug builds).

/// For each byte value, whether some phrase starts with it; every byte where a phrase is empty
/// (an empty phrase matches anywhere).
pub(crate) struct LeadBytes([bool; 256]);

impl LeadBytes {
    /// The lead bytes of `phrases`.
    pub(crate) fn of<'a>(phrases: impl IntoIterator<Item = &'a str>) -> Self {
        let mut lead = [false; 256];
        for p in phrases {
            match p.as_bytes().first() {
                Some(&b) => lead[usize::from(b)] = true,
                None => return LeadBytes([true; 256]),
            }
        }
        LeadBytes(lead)
    }

    /// Whether some phrase may start `rest` (false means none is a prefix of it). An empty
    /// `rest` may still match an empty phrase.
    pub(crate) fn may_start(&self, rest: &str) -> bool {
        match rest.as_bytes().first() {
            Some(&b) => self.0[usize::from(b)],
            None => self.0.iter().all(|&x| x),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::LeadBytes;

    #[test]
    fn a_position_no_phrase_starts_is_skipped_and_every_prefix_kept() {
        let table = ["per", "小时", "ore"];
        let lead = LeadBytes::of(table);
        // Every phrase is kept where it starts, Chinese (a multi-byte lead) included.
        for rest in ["per month", "小时数", "ore 3"] {
            assert!(lead.may_start(rest), "{rest}");
            assert!(table.iter().any(|p| rest.starts_with(p)));
        }
        // Where no phrase starts, the index says so: agreeing with trying each phrase.
        // `月` leads with 0xE6, `小` with 0xE5.
        for rest in ["month", "月", "", "9"] {
            assert!(!lead.may_start(rest), "{rest}");
            assert!(!table.iter().any(|p| rest.starts_with(p)));
        }
        // An empty phrase matches anywhere, so nothing is skipped.
        let any = LeadBytes::of(["", "x"]);
        assert!(any.may_start("month") && any.may_start(""));
    }
}
