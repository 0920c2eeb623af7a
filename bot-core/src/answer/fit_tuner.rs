//! A PEFT tuner beside LoRA in the answer (`vram::tuners`): what trains, at which rank and on
//! which layers, whose defaults those are (ms-swift's, PEFT's for the model type, or the
//! user's), and the words that change them.

use crate::reply::{Msg, Reply};
use crate::vram::tuners::{self, Basis, Plan, Tuner};
use crate::vram::{self, FitRequest, Task};

/// A count with thousands separators (18,350,080): exact, as PEFT prints it.
fn grouped(n: f64) -> String {
    let digits = format!("{:.0}", n.max(0.0));
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn basis_key(b: Basis) -> &'static str {
    match b {
        Basis::Said => "said",
        Basis::Swift => "swift",
        Basis::Peft(_) => "peft",
    }
}

/// The model type PEFT's mapping took the targets from ("" where none was).
fn model_type(p: &Plan) -> &'static str {
    match p.targets_from {
        Basis::Peft(t) => t,
        _ => "",
    }
}

/// The tuner's line: its trained parameters, rank and targets with their basis.
pub(super) fn push(r: &mut Reply, req: &FitRequest) {
    let (Some(t), vram::ModelRef::Known(m)) = (req.tuner, req.model) else {
        return;
    };
    if req.task == Task::Full {
        return;
    }
    let (Ok(s), Ok(Some(p))) = (vram::Shape::from_model(m), tuners::plan(req)) else {
        return;
    };
    let params = grouped(tuners::plan_params(&s, &p));
    let msg = match t {
        Tuner::LlamaPro(n) => Msg::new("fit-tuner-llamapro")
            .arg("blocks", n.to_string())
            .arg("params", params),
        Tuner::Prefix(n) => Msg::new("fit-tuner-prefix")
            .arg("tokens", n.to_string())
            .arg("params", params),
        Tuner::Adapter => Msg::new("fit-tuner-fixed")
            .arg("tuner", t.key())
            .arg("params", params),
        _ => {
            let unit = if t == Tuner::Oft { "blocks" } else { "rank" };
            let id = match p.rank {
                Some(_) => "fit-tuner-ranked",
                None => "fit-tuner-unranked",
            };
            let unranked = if t == Tuner::Oft { "blocks" } else { "none" };
            Msg::new(id)
                .arg("tuner", t.key())
                .arg("params", params)
                .arg("rank", p.rank.map_or(String::new(), |r| r.to_string()))
                .arg("unit", if p.rank.is_some() { unit } else { unranked })
                .arg("rank_from", basis_key(p.rank_from))
                .arg("targets", p.target_names())
                .arg("targets_from", basis_key(p.targets_from))
                .arg("model_type", model_type(&p))
        }
    };
    r.push(msg);
    // LoHa's and LoKr's dense per-Linear deltas, MiSS-bat's combined weights
    // (`tuners::layer_bytes`): why they cost more than LoRA at the same rank, in GiB as the
    // estimate holds them.
    let bat = t == Tuner::Bone && req.miss_bat;
    if (matches!(t, Tuner::Loha | Tuner::Lokr) || bat) && !s.is_moe() {
        let per_layer = tuners::layer_bytes(&s, req, 2.0).0;
        let layers = if req.grad_checkpointing {
            1.0
        } else {
            f64::from(s.layers)
        };
        let gib = per_layer * layers / vram::GIB;
        r.push(
            Msg::new("fit-tuner-dense")
                .arg(
                    "tuner",
                    if bat {
                        format!("{} init_weights=bat", t.key())
                    } else {
                        t.key()
                    },
                )
                .arg("gib", format!("{gib:.2}"))
                .arg("gc", if req.grad_checkpointing { "on" } else { "off" }),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::grouped;

    #[test]
    fn counts_are_grouped_by_thousands() {
        assert_eq!(grouped(18_350_080.0), "18,350,080");
        assert_eq!(grouped(286_720.0), "286,720");
        assert_eq!(grouped(999.0), "999");
        assert_eq!(grouped(1000.0), "1,000");
    }
}
