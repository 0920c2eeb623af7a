//! Loading the catalog: the embedded files, or a directory whose files replace them; every
//! entry validated (provenance, unambiguous names) before the bot answers from it.

use super::error::CatalogError;
use super::index::{Catalog, SuggestNames};
use super::lookup::normalize;
use super::platform::Platform;
use super::types::{FxRate, Gpu, Model};
use serde::Deserialize;
use std::collections::HashMap;
use std::path::Path;

pub const EMBEDDED_GPUS: &str = include_str!("../../catalog/gpus.toml");

pub const EMBEDDED_PLATFORMS: &str = include_str!("../../catalog/platforms.toml");

pub const EMBEDDED_MODELS: &str = include_str!("../../catalog/models.toml");

pub const EMBEDDED_FX: &str = include_str!("../../catalog/fx.toml");

#[derive(Deserialize)]
pub(super) struct GpuFile {
    gpu: Vec<Gpu>,
}

#[derive(Deserialize)]
pub(super) struct PlatformFile {
    platform: Vec<Platform>,
}

#[derive(Deserialize)]
pub(super) struct ModelFile {
    model: Vec<Model>,
    #[serde(default)]
    variant: Vec<super::variant::ModelVariant>,
}

#[derive(Deserialize)]
pub(super) struct FxFile {
    rate: Vec<FxRate>,
}

pub(super) fn parse<T: for<'de> Deserialize<'de>>(
    file: &str,
    text: &str,
) -> Result<T, CatalogError> {
    toml::from_str(text).map_err(|e| CatalogError::Parse {
        file: file.to_string(),
        message: e.to_string(),
    })
}

/// The `[[model]]` entries of the embedded `models.toml` (not its variants, which repeat a
/// shape under another name), read once: the real shapes a size-only guess is modelled on
/// (`vram::Shape::size_only`). Empty if the embedded file does not parse (the catalog load
/// reports that).
pub fn embedded_base_models() -> &'static [Model] {
    static MODELS: std::sync::OnceLock<Vec<Model>> = std::sync::OnceLock::new();
    MODELS.get_or_init(|| {
        parse::<ModelFile>("models.toml", EMBEDDED_MODELS)
            .map(|f| f.model)
            .unwrap_or_default()
    })
}

impl Catalog {
    /// The catalog compiled into the binary, parsed and indexed once per process and cloned
    /// (each bot owns its catalog; a clone is a fraction of parsing four files and indexing
    /// every name, which tests and `--data-dir`-less tools did per bot).
    pub fn embedded() -> Result<Catalog, CatalogError> {
        static EMBEDDED: std::sync::OnceLock<Result<Catalog, CatalogError>> =
            std::sync::OnceLock::new();
        EMBEDDED
            .get_or_init(|| {
                Catalog::from_sources(
                    EMBEDDED_GPUS,
                    EMBEDDED_PLATFORMS,
                    EMBEDDED_MODELS,
                    EMBEDDED_FX,
                )
            })
            .clone()
    }

    /// The embedded catalog with any of `gpus.toml`, `platforms.toml`, `models.toml`,
    /// `fx.toml` found in `dir` used instead of the embedded file.
    pub fn load(dir: Option<&Path>) -> Result<Catalog, CatalogError> {
        if let Some(d) = dir
            && !d.is_dir()
        {
            return Err(CatalogError::Io {
                file: d.display().to_string(),
                message: "the catalog directory does not exist (or is not a directory)".into(),
            });
        }
        let read = |name: &str, embedded: &'static str| -> Result<String, CatalogError> {
            match dir.map(|d| d.join(name)) {
                Some(p) if p.exists() => {
                    std::fs::read_to_string(&p).map_err(|e| CatalogError::Io {
                        file: p.display().to_string(),
                        message: e.to_string(),
                    })
                }
                _ => Ok(embedded.to_string()),
            }
        };
        let catalog = Catalog::from_sources(
            &read("gpus.toml", EMBEDDED_GPUS)?,
            &read("platforms.toml", EMBEDDED_PLATFORMS)?,
            &read("models.toml", EMBEDDED_MODELS)?,
            &read("fx.toml", EMBEDDED_FX)?,
        )?;
        let instances = read("instances.toml", super::instance_data::EMBEDDED_INSTANCES)?;
        if instances == super::instance_data::EMBEDDED_INSTANCES {
            return Ok(catalog);
        }
        catalog.with_instances(&instances)
    }

    /// The catalog with its instance families from `text` (an `instances.toml`), validated.
    pub fn with_instances(mut self, text: &str) -> Result<Catalog, CatalogError> {
        self.instances = super::instance_data::parse(text)?;
        self.instance_names = super::instance_data::names(&self.instances);
        super::instance::validate(&self)?;
        Ok(self)
    }

    pub fn from_sources(
        gpus: &str,
        platforms: &str,
        models: &str,
        fx: &str,
    ) -> Result<Catalog, CatalogError> {
        let gpus = parse::<GpuFile>("gpus.toml", gpus)?.gpu;
        let platforms = parse::<PlatformFile>("platforms.toml", platforms)?.platform;
        let ModelFile {
            model: mut models,
            variant,
        } = parse::<ModelFile>("models.toml", models)?;
        super::variant::resolve_all(&mut models, &variant)?;
        let fx = parse::<FxFile>("fx.toml", fx)?.rate;
        Catalog::from_parts(gpus, platforms, models, fx)
    }

    /// A catalog from entries already read (a generated catalog in a benchmark, a
    /// converted import): the name and price indexes are built and everything is validated as
    /// for the files.
    pub fn from_parts(
        gpus: Vec<Gpu>,
        mut platforms: Vec<Platform>,
        models: Vec<Model>,
        fx: Vec<FxRate>,
    ) -> Result<Catalog, CatalogError> {
        site_names(&mut platforms);
        let gpu_index = build_index(
            "GPU",
            gpus.iter().map(|g| {
                let mut keys = vec![g.id.clone(), g.name.clone()];
                keys.extend(g.aliases.iter().cloned());
                keys
            }),
        )?;
        let platform_index = build_index(
            "platform",
            platforms.iter().map(|p| {
                let mut keys = vec![p.id.clone(), p.name.clone()];
                keys.extend(p.name_zh.iter().cloned());
                keys.extend(p.aliases.iter().cloned());
                keys.extend(p.nicknames.iter().map(|n| n.name.clone()));
                keys
            }),
        )?;
        let model_index = build_index(
            "model",
            models.iter().map(|m| {
                let mut keys = vec![m.id.clone(), m.name.clone()];
                keys.extend(m.hf_ids.iter().cloned());
                keys.extend(m.aliases.iter().cloned());
                keys
            }),
        )?;
        let suggest_names = SuggestNames::new(&gpus, &platforms, &models);
        let mut family_parts: HashMap<String, Vec<usize>> = HashMap::new();
        for (i, m) in models.iter().enumerate() {
            for part in super::lookup::names_of(m).flat_map(super::lookup::leading_parts) {
                let list = family_parts.entry(part).or_default();
                if list.last() != Some(&i) {
                    list.push(i);
                }
            }
        }
        let name_sizes = models
            .iter()
            .map(|m| (m.id.clone(), super::lookup::name_sizes_of(m)))
            .collect();
        let mut price_index: HashMap<String, Vec<(usize, usize)>> = HashMap::new();
        for (pi, p) in platforms.iter().enumerate() {
            for (qi, q) in p.prices.iter().enumerate() {
                price_index.entry(q.gpu.clone()).or_default().push((pi, qi));
            }
        }
        // The embedded instance families: `Catalog::with_instances` replaces them.
        let instances = super::instance_data::parse(super::instance_data::EMBEDDED_INSTANCES)?;
        let mut catalog = Catalog {
            gpus,
            platforms,
            models,
            fx,
            instance_names: super::instance_data::names(&instances),
            instances,
            gpu_index,
            platform_index,
            model_index,
            family_parts,
            name_sizes,
            suggest_names,
            price_index,
            cheapest_hourly: HashMap::new(),
            price_floor: HashMap::new(),
            found_models: Default::default(),
        };
        catalog.validate()?;
        let cheapest_hourly = catalog
            .price_index
            .keys()
            .filter_map(|id| Some((id.clone(), catalog.scan_cheapest_hourly_usd(id)?)))
            .collect();
        catalog.cheapest_hourly = cheapest_hourly;
        let price_floor = catalog
            .price_index
            .keys()
            .map(|id| (id.clone(), catalog.scan_price_floor(id)))
            .collect();
        catalog.price_floor = price_floor;
        Ok(catalog)
    }

    fn validate(&self) -> Result<(), CatalogError> {
        super::validate::validate(self)?;
        super::instance::validate(self)
    }
}

pub(super) fn build_index(
    what: &str,
    entries: impl Iterator<Item = Vec<String>>,
) -> Result<HashMap<String, usize>, CatalogError> {
    let mut index: HashMap<String, usize> = HashMap::new();
    for (i, keys) in entries.enumerate() {
        for key in keys {
            let k = normalize(&key);
            if k.is_empty() {
                continue;
            }
            match index.get(&k) {
                Some(&j) if j != i => {
                    return Err(CatalogError::Invalid(format!(
                        "{what} name `{key}` is ambiguous: it names entries #{j} and #{i}"
                    )));
                }
                _ => {
                    index.insert(k, i);
                }
            }
        }
    }
    Ok(index)
}

impl SuggestNames {
    pub(super) fn new(gpus: &[Gpu], platforms: &[Platform], models: &[Model]) -> SuggestNames {
        fn entry<'a>(
            display: &'a str,
            names: impl Iterator<Item = &'a str>,
        ) -> (String, Vec<String>) {
            let keys = names.chain([display]).map(normalize).collect();
            (display.to_string(), keys)
        }
        SuggestNames {
            gpus: gpus
                .iter()
                .map(|g| {
                    entry(
                        &g.name,
                        g.aliases.iter().map(String::as_str).chain([g.id.as_str()]),
                    )
                })
                .collect(),
            platforms: platforms
                .iter()
                .map(|p| {
                    entry(
                        &p.name,
                        p.aliases.iter().map(String::as_str).chain([p.id.as_str()]),
                    )
                })
                .collect(),
            models: models
                .iter()
                .map(|m| {
                    entry(
                        &m.id,
                        m.aliases
                            .iter()
                            .map(String::as_str)
                            .chain([m.name.as_str()]),
                    )
                })
                .collect(),
        }
    }
}

/// A platform's own domain as a name for it (`autodl.com关机还扣钱吗`, `runpod.io pricing`): the
/// host of its catalog `website` without `www.`, added to its aliases unless another platform
/// already goes by it or it is one already (two platforms of one company's site are left to
/// their own names).
fn site_names(platforms: &mut [Platform]) {
    let host = |p: &Platform| {
        let w = p.website.as_deref()?.to_lowercase();
        let rest = w.split_once("://").map_or(w.as_str(), |(_, r)| r);
        let host = rest.split(['/', '?', '#']).next()?;
        let host = host.strip_prefix("www.").unwrap_or(host);
        host.contains('.').then(|| host.to_string())
    };
    let hosts: Vec<Option<String>> = platforms.iter().map(host).collect();
    for (i, h) in hosts.iter().enumerate() {
        let Some(h) = h else { continue };
        let shared = hosts
            .iter()
            .enumerate()
            .any(|(j, o)| j != i && o.as_ref() == Some(h));
        let taken = platforms.iter().any(|p| {
            p.id == *h
                || p.name.to_lowercase() == *h
                || p.aliases.iter().any(|a| a.to_lowercase() == *h)
        });
        if !shared && !taken {
            platforms[i].aliases.push(h.clone());
        }
    }
}
