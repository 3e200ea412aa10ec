//! The seed a game's orders name, as `pbem::seed::used` keeps the names of the seeds
//! already spent (PBM ¶2): plain reading of the state and the orders, shared by the
//! engine (which refuses a spent seed) and the game folder.

use crate::orders::Orders;
use crate::state::{GameState, SeedSource};
use pbem::seed::{used, DrandChain, SeedError, SeedKind};

/// The drand chain a game records.
pub fn drand_chain(state: &GameState) -> Result<Option<DrandChain>, SeedError> {
    match &state.game.options.seed {
        SeedSource::Drand {
            chain_hash,
            public_key,
            genesis,
            period,
        } => Ok(Some(DrandChain::new(
            "quicknet", chain_hash, public_key, *genesis, *period,
        )?)),
        _ => Ok(None),
    }
}

/// The names of the seed the orders' `[seed]` names (`pbem::seed::used`).
pub fn spec_names(state: &GameState, orders: &Orders) -> Vec<String> {
    let Some(spec) = orders.seed.as_ref().map(|s| &s.value) else {
        return Vec::new();
    };
    let (kind, chain) = match &state.game.options.seed {
        SeedSource::Drand { .. } => (SeedKind::Drand, drand_chain(state).ok().flatten()),
        SeedSource::StockSales => (SeedKind::Stock, None),
        SeedSource::AgreedText => (SeedKind::Text, None),
    };
    used::names_of_spec(spec, kind, chain.as_ref())
}
