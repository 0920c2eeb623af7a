//! Data moved and kept, said in words beside a job (`再下载50g结果出来`, `download 50gb of
//! results`, `plus a 100gb volume`): the bill's `egress=` and `storage=`, so the total asked
//! for holds them. They were dropped and the bill was the card's time alone.

use super::Reading;
use super::request::Request;
use rust_decimal::Decimal;

/// Words for data taken out of the machine.
const EGRESS: &[&str] = &[
    "下载",
    "传出",
    "拉回",
    "出网",
    "流量",
    "egress",
    "download",
    "transfer out",
];
/// Words for a disk kept beside the card, the extras reader's own words aside.
const STORAGE: &[&str] = &["volume", "数据盘", "云盘", "网盘", "data disk", "disk"];
const SIZE: &[(&str, u32)] = &[("tb", 1000), ("gb", 1), ("g", 1)];

/// A size (`50g`, `100 gb`) right at the start of `s`, in GB.
fn size_at(s: &str) -> Option<Decimal> {
    let t = s.trim_start();
    let digits = t
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .count();
    let n: Decimal = t[..digits].parse().ok()?;
    let r = t[digits..].trim_start();
    let (u, k) = SIZE.iter().find(|(u, _)| r.starts_with(u))?;
    if r[u.len()..].starts_with(|c: char| c.is_ascii_alphabetic()) {
        return None;
    }
    Some(n * Decimal::from(*k))
}

/// The size said right after one of `keys` (a word or two between: `download about 50gb`),
/// or right before it (`100gb volume`, `a 100gb volume`).
fn size_beside(text: &str, keys: &[&str]) -> Option<Decimal> {
    keys.iter().find_map(|k| {
        let at = text.find(k)?;
        let after = &text[at + k.len()..];
        let words: Vec<&str> = after.split_whitespace().take(3).collect();
        let ahead = (0..words.len()).find_map(|i| size_at(&words[i..].join(" ")));
        ahead
            .or_else(|| {
                let before: Vec<&str> = text[..at].split_whitespace().rev().take(2).collect();
                before.iter().find_map(|w| size_at(w))
            })
            .or_else(|| size_ending(&text[..at]))
    })
}

/// The size that ends `head`, a filler word or two aside (`外加100g网盘`, `挂1个80g的网盘`, `a
/// 100gb data disk`): the key was glued to the size or its words, and the disk was dropped.
fn size_ending(head: &str) -> Option<Decimal> {
    let mut h = head.trim_end();
    while let Some(f) = ["的", "data", "of", "extra"]
        .iter()
        .find(|f| h.ends_with(**f))
    {
        h = h[..h.len() - f.len()].trim_end();
    }
    let (unit, k) = SIZE.iter().find(|(u, _)| h.ends_with(u))?;
    let num = h[..h.len() - unit.len()].trim_end();
    let digits = num
        .chars()
        .rev()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .count();
    let n: Decimal = num[num.len() - digits..].parse().ok()?;
    Some(n * Decimal::from(*k))
}

/// Data said as brought in (`下载模型`, `download the weights`): no egress.
fn brought_in(padded: &str) -> bool {
    [
        "下载模型",
        "下载权重",
        "下载镜像",
        "下载数据集",
        "download the model",
        "download the weights",
        "download weights",
        "download models",
    ]
    .iter()
    .any(|w| padded.contains(w))
}

/// `r` with the data taken out and the volume kept, on a bill or a ranking.
pub(super) fn with_data(padded: &str, r: Reading) -> Reading {
    let Reading::Command(Request::Cost(mut a) | Request::Compare(mut a)) = r.clone() else {
        return r;
    };
    let egress = size_beside(padded, EGRESS).filter(|_| !brought_in(padded));
    let storage = size_beside(padded, STORAGE);
    if egress.is_none() && storage.is_none() {
        return r;
    }
    if let Some(gb) = egress {
        a.job.egress_gb = gb;
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
    fn data_out_and_kept_as_said() {
        let gb = |n: i64| Some(Decimal::from(n));
        assert_eq!(
            size_beside(" vast h100 跑6小时 再下载50g结果出来 ", EGRESS),
            gb(50)
        );
        assert_eq!(
            size_beside(" download about 20 gb of results ", EGRESS),
            gb(20)
        );
        assert_eq!(
            size_beside(" runpod a40 4h plus a 100gb volume ", STORAGE),
            gb(100)
        );
        assert_eq!(size_beside(" 下载 模型 ", EGRESS), None);
        assert_eq!(size_beside(" 外加100g网盘 ", STORAGE), gb(100));
        assert_eq!(size_beside(" 挂1个80g的网盘 ", STORAGE), gb(80));
        assert_eq!(size_beside(" with a 100gb data disk ", STORAGE), gb(100));
        assert_eq!(size_beside(" 加50g data disk ", STORAGE), gb(50));
    }
}
