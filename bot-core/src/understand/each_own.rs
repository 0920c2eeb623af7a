//! People who each run the job on their own card (`10 students each fine-tune llama 3.2 3b on
//! a T4`, `4个同学每人用一张3090微调`): a fit is one person's job on one card. The head count
//! multiplies a bill's cards (`headcount`), never a fit's, and is not a batch served at once.

use super::Reading;
use super::headcount;
use super::question::Question;
use super::request::Request;
use super::text::tokens;

/// A fit with the head count taken back out of its cards and its batch.
pub(super) fn fit_on_own(q: &Question, r: Reading) -> Reading {
    let Reading::Command(Request::Fit(mut f)) = r else {
        return r;
    };
    let toks = tokens(q.padded.trim());
    let people = headcount::people_each(&toks)
        .filter(|n| headcount::each_on_own(&toks, *n, !q.e.models.is_empty()));
    let Some(n) = people else {
        return Reading::Command(Request::Fit(f));
    };
    if let Some(c) = f.cards
        && c % n == 0
    {
        f.cards = Some(c / n).filter(|c| *c != 1);
    }
    let batch = n.to_string();
    f.options.retain(|(k, v)| !(k == "batch" && *v == batch));
    Reading::Command(Request::Fit(f))
}
