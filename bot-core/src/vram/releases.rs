//! Release words read from the user's text: Unsloth's year.month, TGI's and Transformers'
//! major.minor (split out of `quant.rs`, which keeps the weight formats).

/// A release as Unsloth numbers them: year and month (`2024.5`, `2025.3.19`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct UnslothRelease {
    pub year: u16,
    pub month: u8,
}

impl UnslothRelease {
    /// `2024.5`, `2024.05`, `2025.3.19` (the patch number is ignored). Years before Unsloth's
    /// first (2023) or after 2099, and months outside 1–12, are refused.
    pub fn parse(s: &str) -> Option<Self> {
        let mut it = s.trim().split('.');
        let year: u16 = it.next()?.parse().ok()?;
        let month: u8 = it.next()?.parse().ok()?;
        if let Some(patch) = it.next() {
            patch.parse::<u16>().ok()?;
        }
        if it.next().is_some() || !(2023..=2099).contains(&year) || !(1..=12).contains(&month) {
            return None;
        }
        Some(Self { year, month })
    }

    /// As the answer writes it: `2024.5`.
    pub fn label(self) -> String {
        format!("{}.{}", self.year, self.month)
    }
}

/// A release tag read as major and minor (`3.2`, `v4.46.3`: an optional `v`, the patch number
/// checked, then ignored), with the major inside `majors`: the one reader of the TGI and
/// Transformers release words.
pub(crate) fn major_minor(s: &str, majors: std::ops::RangeInclusive<u8>) -> Option<(u8, u8)> {
    major_minor_patch(s, majors).map(|(major, minor, _)| (major, minor))
}

/// [`major_minor`] with the patch number kept (0 where the tag has none): vLLM's release word,
/// whose scheduler defaults changed between patches of 0.8.
pub(crate) fn major_minor_patch(
    s: &str,
    majors: std::ops::RangeInclusive<u8>,
) -> Option<(u8, u8, u16)> {
    let s = s.trim();
    let s = s.strip_prefix(['v', 'V']).unwrap_or(s);
    let mut it = s.split('.');
    let major: u8 = it.next()?.parse().ok()?;
    let minor: u8 = it.next()?.parse().ok()?;
    let patch = match it.next() {
        Some(p) => p.parse::<u16>().ok()?,
        None => 0,
    };
    (it.next().is_none() && majors.contains(&major)).then_some((major, minor, patch))
}

/// A TGI release as its tags number them: major and minor (`3.2`, `v3.2.1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct TgiRelease {
    pub major: u8,
    pub minor: u8,
}

impl TgiRelease {
    /// `3.2`, `v3.2.1`, `3.3.0` (the patch number is checked, then ignored). Majors outside
    /// 1–9 are refused (TGI's first tag is 0.x, which had no vision models).
    pub fn parse(s: &str) -> Option<Self> {
        let (major, minor) = major_minor(s, 1..=9)?;
        Some(Self { major, minor })
    }

    /// As the answer writes it: `3.2`.
    pub fn label(self) -> String {
        format!("{}.{}", self.major, self.minor)
    }
}
