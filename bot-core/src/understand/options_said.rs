//! Options said with a few words between the number and its key: a video's frames (`with 121
//! frames`, `121帧`, `num_frames 121`) as `/fit`'s `frames=`, and a disk (`with 100gb of
//! storage`, `100g的硬盘`, `storage of 200 gb`) as the bill's `storage=`. The key's own phrase
//! lists read only the number right beside it, and the option was dropped: the memory or the
//! bill was sized on the defaults the user had just changed.

use super::Reading;
use super::request::Request;
use rust_decimal::Decimal;

/// Keys of a disk kept with the job.
const DISK: &[&str] = &[
    "storage",
    "disk",
    "volume",
    "ssd",
    "nvme",
    "存储",
    "硬盘",
    "磁盘",
    "数据盘",
    "云盘",
];
/// Words that may stand between a size and its key (`100gb of storage`, `存储 要 100g`).
const FILLER: &[&str] = &[
    "of",
    "the",
    "a",
    "an",
    "extra",
    "more",
    "persistent",
    "network",
    "attached",
    "with",
    "plus",
    "的",
    "要",
    "加",
    "大概",
    "约",
    "about",
    "around",
    "~",
    "is",
    ":",
    "=",
];
/// Keys of a video's length in frames.
const FRAMES: &[&str] = &["frames", "frame", "帧", "num_frames", "帧数"];

/// A whole number with a unit in one or two words at `k`: its value in `units`' multiples.
fn amount(toks: &[String], k: usize, units: &[(&str, u32)]) -> Option<(Decimal, usize)> {
    let t = toks[k].as_str();
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    let n: Decimal = t.get(..digits).filter(|d| !d.is_empty())?.parse().ok()?;
    let (unit, end) = match &t[digits..] {
        "" => (toks.get(k + 1).map_or("", String::as_str), k + 2),
        u => (u, k + 1),
    };
    let (_, m) = units
        .iter()
        .find(|(w, _)| unit == *w || (!w.is_ascii() && unit.starts_with(w)))?;
    Some((n * Decimal::from(*m), end))
}

/// The amount said beside one of `keys` with only filler words between, before or after it.
fn beside(toks: &[String], keys: &[&str], units: &[(&str, u32)]) -> Option<Decimal> {
    let key_at = |j: usize| {
        // `的硬盘`: a particle glued before the key in a Chinese run.
        let w = toks[j].trim_start_matches(['的', '要', '加', '个']);
        keys.iter()
            .any(|k| w == *k || (!k.is_ascii() && w.starts_with(k)))
    };
    let filler = |w: &String| FILLER.contains(&w.as_str());
    (0..toks.len()).find_map(|k| {
        let (v, end) = amount(toks, k, units)?;
        // After the amount: `100gb of storage`, `100g 的硬盘`.
        let mut j = end;
        while j < toks.len() && j < end + 3 && filler(&toks[j]) {
            j += 1;
        }
        if j < toks.len() && key_at(j) {
            return Some(v);
        }
        // Before it: `storage of 200 gb`, `硬盘 要 100g`.
        let mut i = k;
        while i > 0 && i + 3 > k && filler(&toks[i - 1]) {
            i -= 1;
        }
        (i > 0 && key_at(i - 1)).then_some(v)
    })
}

/// `r` with the frames of a video or the disk of a bill said a few words from their key.
pub(super) fn with_options(padded: &str, r: Reading) -> Reading {
    let toks = super::text::tokens(padded);
    match r {
        Reading::Command(Request::Fit(mut a))
            if crate::diffusion::find(&a.model)
                .is_some_and(|p| p.kind == crate::diffusion::Kind::Video)
                && !a.options.iter().any(|(k, _)| k == "frames") =>
        {
            // Written as said, the pipeline's default too (`81帧` on Wan2.1): the echo shows the
            // frames were heard, as `res=480p` is written at the 1.3B's default.
            let frames = (0..toks.len()).find_map(|k| {
                let n: u32 = toks[k].parse().ok()?;
                let next = toks.get(k + 1).map_or("", String::as_str);
                let prev = k.checked_sub(1).map_or("", |p| toks[p].as_str());
                (FRAMES.iter().any(|f| next.starts_with(f)) || FRAMES.contains(&prev))
                    .then_some(n)
                    .filter(|n| (1..=1000).contains(n))
            });
            if let Some(n) = frames {
                a.options.push(("frames".to_string(), n.to_string()));
            }
            Reading::Command(Request::Fit(a))
        }
        Reading::Command(Request::Cost(mut a)) => {
            with_disk(&toks, &mut a);
            Reading::Command(Request::Cost(a))
        }
        Reading::Command(Request::Compare(mut a)) => {
            with_disk(&toks, &mut a);
            Reading::Command(Request::Compare(a))
        }
        r => r,
    }
}

/// Units a disk is said in, in GB.
const SIZES: &[(&str, u32)] = &[
    ("tb", 1000),
    ("t", 1000),
    ("gb", 1),
    ("g", 1),
    ("gig", 1),
    ("gigs", 1),
];

/// The job with the disk said, unless one is already kept.
fn with_disk(toks: &[String], a: &mut crate::answer::billing::JobRequest) {
    if a.job.storage_gb <= Decimal::ZERO
        && let Some(gb) = beside(toks, DISK, SIZES)
    {
        a.job.storage_gb = gb;
    }
}

#[cfg(test)]
mod tests {
    use super::super::text::{normalize, tokens};
    use super::*;

    fn disk(s: &str) -> Option<Decimal> {
        beside(&tokens(&normalize(s)), DISK, SIZES)
    }

    #[test]
    fn a_disk_a_few_words_from_its_key() {
        assert_eq!(disk("2h with 100gb of storage"), Some(Decimal::from(100)));
        assert_eq!(disk("加100g的硬盘"), Some(Decimal::from(100)));
        assert_eq!(disk("storage of 2 tb"), Some(Decimal::from(2000)));
        // A card's memory is no disk.
        assert_eq!(disk("a100 80gb 3h"), None);
    }
}
