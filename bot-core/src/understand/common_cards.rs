//! The cards a set of platforms all list (`矩池云和autodl有什么卡`): a leaf the stock and
//! intent readers share.

/// The cards every platform in `ps` lists, the most widely listed first, at most three.
pub(super) fn common_cards(
    catalog: &crate::catalog::Catalog,
    ps: &[String],
) -> Vec<crate::lexicon::Cards> {
    let listed: Vec<&crate::catalog::Platform> =
        ps.iter().filter_map(|p| catalog.platform(p).ok()).collect();
    let mut cards: Vec<(usize, &str)> = catalog
        .gpus
        .iter()
        .filter(|g| listed.iter().all(|p| p.prices_for(&g.id).next().is_some()))
        .map(|g| (catalog.quotes_for(&g.id).count(), g.id.as_str()))
        .collect();
    // Stable: among cards listed as widely, the catalog's order.
    cards.sort_by_key(|(n, _)| std::cmp::Reverse(*n));
    cards
        .into_iter()
        .take(3)
        .map(|(_, id)| crate::lexicon::Cards {
            gpu: id.to_string(),
            count: 1,
        })
        .collect()
}
