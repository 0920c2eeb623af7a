//! The PyTorch release a generation ran on (the chat's `torch=2.9`, CLI `--torch-release`) and
//! the data of a VAE's widest 3-D convolution, for what PyTorch 2.9 does to it.
//!
//! PyTorch 2.9 turns cuDNN off for a 16-bit 3-D convolution whose kernel is not 1 where cuDNN is
//! 9.8 or newer (pytorch/pytorch PR 163581, `ConvParams::use_cudnn` in
//! `aten/src/ATen/native/Convolution.cpp`, a workaround for wrong bf16 results of cuDNN 9.10.2,
//! pytorch#163539); its wheels ship cuDNN 9.10.2 / 9.13. 2.9.1 turns it back on only for cuDNN
//! 9.15+ installed beside it (PR 166480 in the 2.9.1 notes); 2.10 ships 9.15.1 (PR 169412). The
//! convolution then runs ATen's `slow_conv_dilated3d`
//! (`aten/src/ATen/native/cuda/NaiveDilatedConvolution.cu`: `columns.resize_({nInputPlane * m,
//! output_vsize})`, `vol2col` per batch element, then one GEMM), a buffer of in-channels ×
//! kernel volume × output voxels in the input's dtype. The sizing is in
//! `estimate/conv3d_columns.rs`.

use serde::{Deserialize, Serialize};

/// A PyTorch release, major and minor (`2.9`, `2.9.1`, `2.9.0+cu128` read as 2.9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct TorchRelease {
    pub major: u32,
    pub minor: u32,
}

impl TorchRelease {
    /// The first release whose wheels carry a cuDNN (9.15.1) PyTorch runs 3-D convolutions on
    /// again.
    pub const CUDNN_CONV3D_BACK: TorchRelease = TorchRelease {
        major: 2,
        minor: 10,
    };

    /// `2.9`, `2.9.1`, `v2.9.0`, `2.9.0+cu128`; `None` for anything else.
    pub fn parse(word: &str) -> Option<TorchRelease> {
        let w = word.trim().trim_start_matches(['v', 'V']);
        let w = w.split(['+', '-']).next()?;
        let mut parts = w.split('.');
        let major = parts.next()?.parse().ok()?;
        let minor = parts.next()?.parse().ok()?;
        if let Some(patch) = parts.next() {
            patch.parse::<u32>().ok()?;
        }
        (parts.next().is_none() && (1..=9).contains(&major))
            .then_some(TorchRelease { major, minor })
    }

    /// The word that asks for it (`2.10`).
    pub fn key(&self) -> String {
        format!("{}.{}", self.major, self.minor)
    }

    /// Whether this release runs a 16-bit 3-D convolution with a kernel beyond 1 without cuDNN,
    /// through `slow_conv_dilated3d`, as its wheels ship (2.9.x).
    pub fn conv3d_without_cudnn(&self) -> bool {
        (self.major, self.minor) == (2, 9)
    }
}

/// A VAE's widest 3-D convolution with a kernel beyond 1 (`[pipeline.conv3d]`): the one whose
/// unfolded input is largest, at the output's full resolution.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Conv3d {
    /// The diffusers class (`AutoencoderKLQwenImage`).
    pub class: String,
    /// Its input channels.
    pub in_channels: u32,
    /// Its kernel's volume (3 × 3 × 3 = 27).
    pub kernel: u32,
    /// Output frames one decode chunk gives it at full resolution (1 for an image).
    pub out_frames: u32,
    pub basis: String,
    pub source: String,
    pub as_of: String,
}

impl Conv3d {
    /// Every figure set, a kernel beyond 1 (a 1 × 1 × 1 convolution keeps cuDNN), provenance;
    /// else the data file's error for pipeline `id`.
    pub fn check(&self, id: &str) -> Result<(), String> {
        let complete = ![self.in_channels, self.kernel, self.out_frames].contains(&0)
            && self.kernel > 1
            && super::cited(&self.basis, &self.source, &self.as_of);
        complete.then_some(()).ok_or_else(|| {
            format!(
                "diffusion.toml: `{id}`: conv3d needs in_channels, a kernel beyond 1, out_frames, \
                 basis, source, as_of"
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn releases_read_as_pip_and_torch_version_write_them() {
        let r = |s| TorchRelease::parse(s).map(|t| t.key());
        assert_eq!(r("2.9"), Some("2.9".into()));
        assert_eq!(r("2.9.1"), Some("2.9".into()));
        assert_eq!(r("2.9.0+cu128"), Some("2.9".into()));
        assert_eq!(r("v2.10.0"), Some("2.10".into()));
        assert_eq!(r("2"), None);
        assert_eq!(r("2.x"), None);
        assert_eq!(r("2.9.1.4"), None);
    }

    #[test]
    fn only_2_9_runs_conv3d_without_cudnn() {
        let t = |s| TorchRelease::parse(s).unwrap().conv3d_without_cudnn();
        assert!(t("2.9.0") && t("2.9.1"));
        assert!(!t("2.8.0") && !t("2.10") && !t("2.11"));
        assert!(TorchRelease::parse("2.9").unwrap() < TorchRelease::CUDNN_CONV3D_BACK);
    }

    #[test]
    fn the_data_needs_its_shapes_and_provenance() {
        let c = Conv3d {
            class: "AutoencoderKLQwenImage".into(),
            in_channels: 96,
            kernel: 27,
            out_frames: 1,
            basis: "read".into(),
            source: "https://example.com".into(),
            as_of: "2026-12-06".into(),
        };
        assert!(c.check("p").is_ok());
        let one = Conv3d {
            kernel: 1,
            ..c.clone()
        };
        assert!(one.check("p").is_err(), "a 1 x 1 x 1 kernel keeps cuDNN");
        let undated = Conv3d {
            as_of: String::new(),
            ..c
        };
        assert!(undated.check("p").unwrap_err().contains("`p`"));
    }
}
