//! Strategic bombing (30.42): SAC and MDM bomb the ground units of one hex on the
//! Barrage and Bombardment Table, before the battles are fought (the sequence of play
//! resolves the BBT before the TGAT; 003 25.3 leaves the order to the attacker).
//! Grounded aircraft in the hex take no loss ("assumed to take to the air"), and the
//! bombers none either ("There is no effective A-A fire"), but in a game of '85, whose
//! units fire A-A at the MDM (48.22-48.24, `bombing/aa.rs`).

use super::{bombing, AirEvent};
use crate::board::Terrain;
use crate::cite::Rule;
use crate::combat::{make_up_substitutes, substituted_event};
use crate::event::Event;
use crate::hex::Hex;
use crate::odds::Factor;
use crate::orders::Orders;
use crate::position::Position;
// The roll drawn by its id: `roll.rs`.
pub use crate::roll::DrawRoll;
use crate::rules::Rules;
use crate::tables::CombatTables;
use crate::units::{Side, UnitId};
use std::collections::BTreeSet;

pub use crate::model::raid::Raid;

/// 25.3 with 30.42 ("may not be combined with artillery in an attack on the same hex"):
/// the hexes artillery barrages this player-turn (`[[barrage]]`); not those whose
/// facility alone is bombarded (52.2-52.3, '85: `bombing/barrage.rs`).
pub fn barraged(orders: &Orders) -> BTreeSet<Hex> {
    orders
        .barrages
        .iter()
        .filter(|b| b.facility.is_none())
        .map(|b| b.target.value)
        .collect()
}

/// 30.42, 003 30.4, 003 32.6: why `hex` may not be bombed strategically by `side`:
/// it holds no enemy ground unit (and is no unreduced minor country city open to his
/// bombing: `city`, 003 29.4), another strategic mission bombs it, or artillery
/// barrages it.
pub fn refusal(
    (pos, side, city): (&Position, Side, bool),
    hex: Hex,
    raids: &[Raid],
    barraged: &BTreeSet<Hex>,
) -> Option<String> {
    if !city
        && !pos
            .at(hex)
            .any(|p| p.side == side.other() && !p.kind.is_air())
    {
        return Some(
            "it holds no enemy ground unit, and grounded aircraft take no loss from it (30.42, 003 32.6)"
                .into(),
        );
    }
    if raids.iter().any(|r| r.hex == hex) {
        return Some(
            "another strategic mission bombs it this player-turn (003 30.4: one of each type a hex)"
                .into(),
        );
    }
    barraged.contains(&hex).then(|| {
        "artillery barrages it this player-turn, and the two are never combined (30.42)".into()
    })
}

/// 30.42, 30.8: every raid resolved on the BBT with the bombers' factors (doubled at
/// less than half range), the roll drawn under the id `bombing-HEX`; the loss taken
/// from the defender's ground units in the hex, those of `lose_first` first, then the
/// weakest; half the loss (rounded up) in mountains (BBT note). A unit broken by the
/// loss is made up from substitutes (26.2).
pub fn resolve(
    rules: &Rules,
    pos: &mut Position,
    raids: &[Raid],
    lose_first: &[UnitId],
    tables: &dyn CombatTables,
    roll: &mut DrawRoll,
) -> Result<Vec<Event>, String> {
    let mut events = Vec::new();
    // 33.2-33.5: the other targets of the BBT are `bombing/`'s.
    for raid in raids.iter().filter(|r| r.target.is_units()) {
        // 32.32: bombers eliminated by interceptors do not bomb; no roll is drawn.
        if raid.bombers.iter().all(|b| pos.get(b).is_none()) {
            events.push(not_made(
                raid,
                "its bombers were eliminated",
                para!("32.32"),
            ));
            continue;
        }
        // 48.21-48.24 ('85): the A-A of the units bombed, half its losses before.
        let defender = raid
            .bombers
            .iter()
            .find_map(|b| rules.counters.get(b))
            .map_or(Side::Red, |c| c.side.other());
        let (fired, owed) =
            crate::bombing::aa::at_raid(rules, pos, (raid, defender), tables, roll)?;
        events.extend(fired);
        if raid.bombers.iter().all(|b| pos.get(b).is_none()) {
            events.push(not_made(
                raid,
                "the A-A eliminated its bombers",
                para!("48.21"),
            ));
            continue;
        }
        let factors: Factor = raid
            .bombers
            .iter()
            .filter_map(|b| bombing::air_factor(rules, pos, b, &[raid.hex]))
            .sum();
        let (drawn, shown) = roll(&format!("bombing-{}", raid.hex), raid.stock.as_deref())?;
        let cell = tables.bbt(factors, drawn).map_err(|e| e.to_string())?;
        let mountain = rules.board.terrain(raid.hex) == Some(Terrain::Mountain);
        let removed = if mountain {
            cell.result.removed_in_mountains()
        } else {
            cell.result.factors
        };
        events.push(Event::Air(AirEvent::Bombed {
            hex: raid.hex,
            bombers: striking(rules, pos, raid),
            factors,
            roll: shown,
            table: format!("{}: {}", cell.cite, cell.printed),
            removed,
            rule: Rule::para(para!("30.42")),
        }));
        events.extend(take_loss(rules, pos, raid.hex, removed, lose_first));
        events.extend(crate::bombing::aa::after_strike(rules, pos, owed, &[]));
    }
    Ok(events)
}

/// The bombers the line names: all the raid's, or in a game of '85 those left on the
/// map after the A-A's first half (48.21).
fn striking(rules: &Rules, pos: &Position, raid: &Raid) -> Vec<UnitId> {
    let played = crate::bombing::aa::played(rules);
    raid.bombers
        .iter()
        .filter(|b| !played || pos.get(b).is_some())
        .cloned()
        .collect()
}

/// 30.42: `factors` defence factors removed from the ground units in `hex`.
fn take_loss(
    rules: &Rules,
    pos: &mut Position,
    hex: Hex,
    factors: u32,
    lose_first: &[UnitId],
) -> Vec<Event> {
    let defence = |id: &UnitId| rules.counters.get(id).map_or(0, |c| c.defence);
    let mut units: Vec<UnitId> = pos
        .at(hex)
        .filter(|p| !p.kind.is_air())
        .map(|p| p.id.clone())
        .collect();
    let rank = |id: &UnitId| {
        lose_first
            .iter()
            .position(|l| l == id)
            .unwrap_or(usize::MAX)
    };
    units.sort_by_key(|id| (rank(id), defence(id), id.clone()));
    let mut owed = factors;
    let mut events = Vec::new();
    for id in units {
        if owed == 0 {
            break;
        }
        let f = defence(&id);
        let Some(piece) = pos.remove(&id) else {
            continue;
        };
        events.push(Event::Eliminated {
            unit: id.clone(),
            hex,
            cause: format!(
                "strategic bombing of {hex} takes {} factors from it",
                f.min(owed)
            ),
            rule: Rule::para(para!("30.42")),
        });
        if f > owed {
            let left = f - owed;
            let change = make_up_substitutes(rules, pos, &piece, left, false);
            events.push(substituted_event(
                &piece,
                left,
                change,
                Rule::para(para!("30.42")),
            ));
            owed = 0;
        } else {
            owed -= f;
        }
    }
    events
}

/// The note that the strategic bombing of `raid`'s hex is not made, and why.
fn not_made(raid: &Raid, why: &str, rule: crate::cite::Paragraph) -> Event {
    Event::Note {
        text: format!("the strategic bombing of {} is not made: {why}", raid.hex),
        rule: Rule::para(rule),
    }
}
