//! `gpuscout fit | tco` (issue 4; being built).

use anyhow::{Result, bail};
use bot_core::Catalog;

#[derive(clap::Args)]
pub struct FitArgs {}
#[derive(clap::Args)]
pub struct TcoArgs {}

pub fn fit(_catalog: &Catalog, _a: FitArgs) -> Result<()> {
    bail!("not available in this build yet")
}
pub fn tco(_catalog: &Catalog, _a: TcoArgs) -> Result<()> {
    bail!("not available in this build yet")
}
