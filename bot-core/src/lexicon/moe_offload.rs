//! The words for llama.cpp's expert offload (`vram::expert_offload`) and its micro-batch:
//! `cpu-moe` (every layer's routed experts in system RAM: llama.cpp `--cpu-moe` / `-cmoe`,
//! `-ot exps=CPU`), `ncmoe=N` (`--n-cpu-moe N`: the first N layers'), `ub=N` (`-ub`).

/// A `key` that sets the expert offload: `ncmoe=N`, `n-cpu-moe=N`, `cpu-moe=all|on|off|N`.
pub fn is_cpu_moe_key(key: &str) -> bool {
    matches!(
        key,
        "ncmoe"
            | "n_cpu_moe"
            | "n-cpu-moe"
            | "cpu_moe"
            | "cpu-moe"
            | "cmoe"
            | "专家卸载"
            | "专家放内存"
    )
}

/// A bare word that keeps every routed expert in system RAM: `cpu-moe`, `-cmoe`, `exps=cpu`
/// as typed in an `-ot` override, `专家卸载`.
pub fn is_cpu_moe_word(word: &str) -> bool {
    matches!(
        word.trim_start_matches('-'),
        "cpu-moe" | "cpu_moe" | "cpumoe" | "cmoe" | "exps=cpu" | "专家卸载" | "专家放内存"
    )
}

/// The layers a `cpu-moe` value keeps in system RAM: `all`/`on` every layer
/// (`expert_offload::ALL_LAYERS`), a count the first N layers, `off`/`0` none (`Some(None)`);
/// `None` for a value that is none of them.
pub fn cpu_moe_layers(value: &str) -> Option<Option<u32>> {
    let v = value.trim().to_lowercase();
    if matches!(v.as_str(), "all" | "全部") {
        return Some(Some(crate::vram::expert_offload::ALL_LAYERS));
    }
    if let Ok(n) = v.parse::<u32>() {
        return Some((n > 0).then_some(n));
    }
    match super::on_off(&v) {
        Some(true) => Some(Some(crate::vram::expert_offload::ALL_LAYERS)),
        Some(false) => Some(None),
        None => None,
    }
}

/// Phrases of a sentence that keep an MoE's experts in system RAM (`cpu-moe`): llama.cpp's
/// flags as typed and what people call it.
const SAID_ALL: &[&str] = &[
    "cpu-moe",
    "cpu_moe",
    "cpumoe",
    "-cmoe",
    "experts on cpu",
    "experts on the cpu",
    "experts in ram",
    "experts in system ram",
    "experts in cpu ram",
    "expert offload",
    "offload the experts",
    "offload experts",
    "exps=cpu",
    "专家卸载",
    "专家放内存",
    "专家放到内存",
    "专家放cpu",
    "专家放到cpu",
    "专家放 cpu",
];
/// `--n-cpu-moe N` / `-ncmoe N` as typed in a sentence.
const SAID_N: &[&str] = &["n-cpu-moe", "n_cpu_moe", "ncmoe"];

/// The expert offload a sentence asks for, not negated: `Some(N)` for `--n-cpu-moe N`,
/// `Some(ALL_LAYERS)` for the other phrases; `None` when none is said. `padded`: the lowered
/// sentence the reader works on.
pub fn said_cpu_moe(padded: &str) -> Option<u32> {
    for w in SAID_N {
        for (at, m) in padded.match_indices(w) {
            let rest = padded[at + m.len()..].trim_start_matches([' ', '=', ':']);
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            if let Ok(n) = digits.parse::<u32>()
                && n > 0
                && super::said_not_negated(padded, w)
            {
                return Some(n);
            }
        }
    }
    SAID_ALL
        .iter()
        .any(|w| super::said_not_negated(padded, w))
        .then_some(crate::vram::expert_offload::ALL_LAYERS)
}

/// A `key` for llama.cpp's micro-batch (`-ub`, `--ubatch-size`).
pub fn is_ubatch_key(key: &str) -> bool {
    matches!(
        key,
        "ub" | "ubatch" | "ubatch_size" | "ubatch-size" | "n_ubatch" | "微批"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offload_values_read_as_layer_counts() {
        let all = crate::vram::expert_offload::ALL_LAYERS;
        assert_eq!(cpu_moe_layers("all"), Some(Some(all)));
        assert_eq!(cpu_moe_layers("on"), Some(Some(all)));
        assert_eq!(cpu_moe_layers("30"), Some(Some(30)));
        assert_eq!(cpu_moe_layers("0"), Some(None));
        assert_eq!(cpu_moe_layers("off"), Some(None));
        assert_eq!(cpu_moe_layers("lots"), None);
        assert!(is_cpu_moe_word("--cpu-moe") && is_cpu_moe_word("-cmoe"));
        assert!(!is_cpu_moe_word("moe"));
    }

    #[test]
    fn a_sentence_says_expert_offload_or_not() {
        let all = crate::vram::expert_offload::ALL_LAYERS;
        assert_eq!(
            said_cpu_moe("can gpt-oss-120b run on a 3060 with cpu-moe?"),
            Some(all)
        );
        assert_eq!(
            said_cpu_moe("glm-4.5-air on a 4090 with the experts in ram"),
            Some(all)
        );
        assert_eq!(
            said_cpu_moe("gpt-oss-120b 3060 能跑吗 专家放内存"),
            Some(all)
        );
        assert_eq!(
            said_cpu_moe("qwen3-30b-a3b with --n-cpu-moe 20 on 12gb"),
            Some(20)
        );
        assert_eq!(
            said_cpu_moe("glm-4.5-air without cpu-moe on two 3090s"),
            None
        );
        assert_eq!(said_cpu_moe("qwen3-30b-a3b on a 4090"), None);
    }
}
