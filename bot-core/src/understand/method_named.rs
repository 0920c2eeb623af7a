//! A training method or DoRA named in a question (`DPO on qwen2.5-7b with a 4090`, `GRPO 训练
//! qwen2.5-1.5b`, `qlora加dpo训llama-3.1-8b`, `DoRA on mistral 7b`): the `/fit` options the
//! command grammar reads for the same words (`method=`, `dora=on`, `answer::fit`), and a
//! fine-tune where no method of training was said (LoRA, as the grammar takes it). Without it a
//! DPO run was sized as inference: no gradients, no optimizer, no second sequence of each pair.

use crate::lexicon;
use crate::vram::Task;

/// The method and DoRA a question names.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
pub(super) struct Named {
    /// The `method=` value (`dpo`, `grpo`, `kto`…).
    pub method: Option<&'static str>,
    pub dora: bool,
}

impl Named {
    pub fn any(&self) -> bool {
        self.method.is_some() || self.dora
    }
}

/// The first training method word and any DoRA word in `toks` (`tokens` splits `加dpo训` into
/// its CJK and ASCII runs, so a method glued into Chinese is a word of its own).
pub(super) fn named(toks: &[String]) -> Named {
    Named {
        method: toks.iter().find_map(|t| lexicon::training_method_word(t)),
        dora: toks.iter().any(|t| lexicon::is_dora_word(t)),
    }
}

/// The methods of training a question names ([`lexicon::tasks_in`]) with its named method:
/// a method of training named with no task said (`DPO on qwen2.5-7b`) is a fine-tune, LoRA
/// unless said otherwise, as the grammar reads `dpo` (`answer::fit`).
pub(super) fn tasks_named(toks: &[String]) -> (Vec<Task>, Named) {
    let mut tasks = lexicon::tasks_in(toks);
    let named = named(toks);
    if named.any() && tasks.iter().all(|t| *t == Task::Infer) {
        tasks = vec![Task::Lora];
    }
    (tasks, named)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<String> {
        super::super::text::tokens(&s.to_lowercase())
    }

    #[test]
    fn methods_are_read_alone_and_glued_into_chinese() {
        assert_eq!(named(&toks("DPO on qwen2.5-7b")).method, Some("dpo"));
        assert_eq!(named(&toks("qlora加dpo训llama-3.1-8b")).method, Some("dpo"));
        assert_eq!(named(&toks("想用GRPO全参训练")).method, Some("grpo"));
        assert_eq!(named(&toks("kto 微调 qwen3-8b")).method, Some("kto"));
        assert!(named(&toks("DoRA on mistral 7b")).dora);
        assert!(!named(&toks("qwen2.5-7b lora on a 4090")).any());
        // A word that only contains the letters is not the method.
        assert!(!named(&toks("adopt a dpoll")).any());
    }
}
