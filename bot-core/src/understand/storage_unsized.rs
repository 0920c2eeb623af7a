//! Storage asked to be included with no size the bill can take (`4090 3小时 带个数据盘`,
//! `a100 for 5 hours with a data disk`): the bill is the card's time alone, so the answer says
//! storage is not in it (`answer/asides.rs`), never leaves it out in silence.

use super::Reading;
use super::request::Request;

/// Words for a disk kept beside the card.
const STORAGE: &[&str] = &[
    "数据盘",
    "网盘",
    "云盘",
    "存储",
    "硬盘",
    "磁盘",
    "data disk",
    "storage",
    "volume",
    "disk",
];

/// Whether `text` names storage that the bill or ranking read leaves out.
pub fn storage_unsized(text: &str, reading: &Reading) -> bool {
    let Reading::Command(Request::Cost(a) | Request::Compare(a)) = reading else {
        return false;
    };
    let padded = format!(" {} ", super::normalize(text));
    a.job.storage_gb.is_zero() && STORAGE.iter().any(|w| padded.contains(w))
}
