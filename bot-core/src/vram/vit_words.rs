//! The words that say how a vision tower trains (`FitRequest::vit`), apart from what they
//! size (`vram::vision_train`), so the request needs nothing of the sizing.

/// How the vision tower is trained: the words ms-swift documents (`--freeze_vit`,
/// `--vit_gradient_checkpointing`) and the video a sample carries.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct VitTrain {
    /// The tower's weights are trained, in full or by LoRA on its linears (`freeze_vit=false`;
    /// CLI `--train-vit`; default frozen, as ms-swift and LLaMA-Factory).
    pub trained: bool,
    /// With a LoRA task, the tower's weights train in full beside the adapters (ms-swift's
    /// `--tuner_type lora_llm`; CLI `--vit-full`, chat `vit_full=on`), not by LoRA adapters of
    /// their own (`--freeze_vit false` with `--tuner_type lora`): their gradients and
    /// optimizer state count. Implies `trained`.
    pub full: bool,
    /// The tower's own gradient checkpointing (`vit_gradient_checkpointing=`; CLI
    /// `--vit-grad-checkpointing` / `--no-vit-grad-checkpointing`); `None`: the language
    /// model's, ms-swift's default.
    pub grad_checkpointing: Option<bool>,
    /// Frames of the video each sample carries (ms-swift `FPS_MAX_FRAMES`; CLI
    /// `--video-frames`), each at the image's `max_pixels`; `None`: one image a sample.
    pub video_frames: Option<u32>,
}
