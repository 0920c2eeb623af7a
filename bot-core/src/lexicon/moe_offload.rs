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
}
