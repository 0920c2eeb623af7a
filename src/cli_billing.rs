//! `gpuscout convert | cost | compare` (issue 3; being built).

use anyhow::{Result, bail};
use bot_core::Catalog;

#[derive(clap::Args)]
pub struct ConvertArgs {}
#[derive(clap::Args)]
pub struct CostArgs {}
#[derive(clap::Args)]
pub struct CompareArgs {}

pub fn convert(_catalog: &Catalog, _a: ConvertArgs) -> Result<()> {
    bail!("not available in this build yet")
}
pub fn cost(_catalog: &Catalog, _a: CostArgs) -> Result<()> {
    bail!("not available in this build yet")
}
pub fn compare(_catalog: &Catalog, _a: CompareArgs) -> Result<()> {
    bail!("not available in this build yet")
}
