//! Which platform is a good one, asked in forum words with a job and no card (`哪家良心？想跑一晚
//! 上lora`, `想微调个7b 哪家性价比之王`, `毕设跑个实验 哪家便宜好用`): `/pick`, which keeps the job
//! said and asks the rest. A model beside it had won as a fit (which card holds it) and a job
//! with no model as nothing; with a card named, the card's prices are compared instead.

use super::Reading;
use super::question::Question;
use super::request::Request;

pub(super) fn place_judged(q: &Question) -> Option<Reading> {
    let e = q.e;
    if !e.gpus.is_empty() || !e.platforms.is_empty() || q.price.is_some() {
        return None;
    }
    crate::lexicon::place_judged(q.padded).then_some(Reading::Command(Request::Pick))
}
