//! A job's hidden costs said in words beside it (`开机 3 分钟`, `镜像拉取 5 分钟`, `10 min
//! boot`, `5 min image pull`, `100gb storage`): the bill's own options (`boot=3m`, `pull=5m`,
//! `storage=100gb`), so the total asked for holds them. They were dropped, and the bill was
//! sized on the defaults while the user had said their own.

use super::Reading;
use super::request::Request;
use rust_decimal::Decimal;

const BOOT: &[&str] = &["冷启动", "开机", "启动", "boot", "provision"];
const PULL: &[&str] = &[
    "镜像拉取",
    "拉取镜像",
    "拉镜像",
    "镜像",
    "image pull",
    "pull",
    "setup",
    "环境",
];
const STORAGE: &[&str] = &["存储", "硬盘", "磁盘", "storage", "disk"];
/// Time the instance sits on with no work (`idle 10 min 左右`, `空转 20 分钟`; never `空闲` or
/// `闲置`, which say a card is free to rent), billed as it is
/// on: the bill's `idle=` (und_am; it had been kept out of the job's length and then dropped).
const IDLE: &[&str] = &["idle", "空转"];
/// Time units a boot or a pull is said in, and their seconds (never hours: a job's length).
const TIME: &[(&str, u32)] = &[
    ("分钟", 60),
    ("分", 60),
    ("minutes", 60),
    ("minute", 60),
    ("mins", 60),
    ("min", 60),
    ("m", 60),
    ("秒", 1),
    ("seconds", 1),
    ("secs", 1),
    ("sec", 1),
    ("s", 1),
];
const SIZE: &[(&str, u32)] = &[("tb", 1000), ("gb", 1), ("g", 1)];

/// A number and a unit of `units` at the start of `s` (`5 分钟`, `100gb`): its value in the
/// unit's multiples, and the bytes used.
fn amount_at(s: &str, units: &[(&str, u32)]) -> Option<(Decimal, usize)> {
    let t = s.trim_start();
    let digits = t
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .count();
    let n: Decimal = t[..digits].parse().ok()?;
    let rest = &t[digits..];
    let r = rest.trim_start();
    let (u, k) = units.iter().find(|(u, _)| r.starts_with(u))?;
    // A unit is a whole word (`5m` but not `5mb`, `5 min` but not `5 months`).
    let after = &r[u.len()..];
    if after.starts_with(|c: char| c.is_ascii_alphanumeric()) {
        return None;
    }
    Some((n * Decimal::from(*k), s.len() - after.len()))
}

/// The amount said right after the key (`开机 3 分钟`) or right before it (`10 min boot`).
fn said_beside(text: &str, keys: &[&str], units: &[(&str, u32)]) -> Option<Decimal> {
    for k in keys {
        let Some(at) = text.find(k) else { continue };
        let after = text[at + k.len()..].trim_start_matches([' ', ':', '=']);
        // `开机要 5 分钟`, `开机算 5 分钟`, `boot takes 5 min`: a word between.
        let after = [
            "要",
            "算",
            "大概",
            "大约",
            "差不多",
            "约",
            "需要",
            "takes ",
            "is ",
            "about ",
            "around ",
            "for ",
            "~",
        ]
        .iter()
        .find_map(|w| after.strip_prefix(w))
        .unwrap_or(after)
        .trim_start();
        if let Some((v, _)) = amount_at(after, units) {
            return Some(v);
        }
        // Before: the last two words before the key (`10 min`, `100gb`).
        let before: Vec<&str> = text[..at].split_whitespace().rev().take(2).collect();
        let joined = before.iter().rev().copied().collect::<Vec<_>>().join(" ");
        for start in [joined.as_str(), before.first().copied().unwrap_or("")] {
            if let Some((v, used)) = amount_at(start, units)
                && used == start.len()
            {
                return Some(v);
            }
        }
    }
    None
}

/// `r` with the boot, pull and storage the sentence said, on a bill or a ranking.
pub(super) fn with_extras(padded: &str, r: Reading) -> Reading {
    let Reading::Command(Request::Cost(mut a) | Request::Compare(mut a)) = r.clone() else {
        return r;
    };
    let boot = said_beside(padded, BOOT, TIME);
    let pull = said_beside(padded, PULL, TIME);
    let storage = said_beside(padded, STORAGE, SIZE);
    let idle = said_beside(padded, IDLE, TIME);
    if boot.is_none() && pull.is_none() && storage.is_none() && idle.is_none() {
        return r;
    }
    if let Some(s) = idle {
        a.job.idle = s;
    }
    if let Some(s) = boot {
        a.job.boot = s;
        a.job.boot_assumed = false;
    }
    if let Some(s) = pull {
        a.job.pull = s;
        a.job.pull_assumed = false;
    }
    if let Some(gb) = storage {
        a.job.storage_gb = gb;
    }
    Reading::Command(match r {
        Reading::Command(Request::Compare(_)) => Request::Compare(a),
        _ => Request::Cost(a),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extras_beside_their_word() {
        let m = |n: i64| Some(Decimal::from(n * 60));
        assert_eq!(
            said_beside("2h 镜像拉取 5 分钟 开机 3 分钟 ", BOOT, TIME),
            m(3)
        );
        assert_eq!(
            said_beside("2h 镜像拉取 5 分钟 开机 3 分钟 ", PULL, TIME),
            m(5)
        );
        assert_eq!(
            said_beside("12 hours plus 10 min boot total ", BOOT, TIME),
            m(10)
        );
        assert_eq!(
            said_beside("40min job w/ 100gb storage ", STORAGE, SIZE),
            Some(Decimal::from(100))
        );
        // A job's length in hours is no boot.
        assert_eq!(said_beside("跑 3h 开机 ", BOOT, TIME), None);
        assert_eq!(said_beside("5 months storage ", STORAGE, SIZE), None);
    }
}
