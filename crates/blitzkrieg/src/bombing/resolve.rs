//! The resolution of the missions of rule 33 (33.2-33.6), in the order of the PBEM
//! sequences of 000 and 003: night bombers' operational losses first (33.6), then the
//! airbase attacks with their A-A fire (33.2), then the ports, city-roads and cities
//! (33.3-33.5), each on the BBT. Called by the engine with the strategic bombings
//! (30.42), before any battle.

use super::marker_of;
use crate::air::{bombing, AirEvent};
use crate::cite::{Ref, Rule};
use crate::combat::{make_up_substitutes, substituted_event};
use crate::event::Event;
use crate::hex::Hex;
use crate::marker::{HexMarker, UnitMarker};
pub(crate) use crate::model::raid::kind_name;
use crate::model::raid::{Raid, RaidTarget};
pub use crate::model::strike::{Hazard, Strike};
use crate::odds::Factor;
use crate::position::Position;
use crate::roll::DrawRoll;
use crate::rules::Rules;
use crate::tables::CombatTables;
use crate::units::{Side, UnitId};

/// 33.2-33.6: every raid of rule 33 among `raids` resolved, in the order the sequences
/// give: night losses, airbase attacks, then ports, city-roads and cities. The rolls
/// are drawn under the ids `night-HEX`, `aa-HEX` and `KIND-HEX` (`airbase-K10`,
/// `port-K10`, `road-K10`, `industry-K10`). `lose_first`: the defender's standing
/// order of losses (33.2: the owner chooses which aircraft).
pub fn resolve(
    rules: &Rules,
    pos: &mut Position,
    raids: &[Raid],
    (turn, side): (u32, Side),
    lose_first: &[UnitId],
    tables: &dyn CombatTables,
    roll: &mut DrawRoll,
) -> Result<Vec<Event>, String> {
    let figures = rules.ruleset.tournament_figures.bombing;
    let ours: Vec<&Raid> = raids.iter().filter(|r| !r.target.is_units()).collect();
    let mut events = Vec::new();
    // 33.6: "Each separate attacking stack must roll for losses due to operational
    // hazards on the 13-16 column of the ACT before attacking."
    for raid in ours.iter().filter(|r| r.night) {
        let (drawn, shown) = roll(&format!("night-{}", raid.hex), raid.stock.as_deref())?;
        let hazard = Factor::from(figures.night_hazard_factors);
        let cell = tables.act(hazard, drawn).map_err(|e| e.to_string())?;
        events.push(Event::Air(AirEvent::BomberLosses(Hazard {
            hex: raid.hex,
            fire: "operational hazards of night bombing".into(),
            roll: shown,
            table: format!("{}: {}", cell.cite, cell.printed),
            lost: cell.result.factors,
            rule: Rule::para(para!("33.6")),
        })));
        events.extend(lose_bombers(
            rules,
            pos,
            raid,
            cell.result.factors,
            Rule::para(para!("33.6")),
        ));
    }
    let (airbases, others): (Vec<&Raid>, Vec<&Raid>) = ours
        .into_iter()
        .partition(|r| r.target == RaidTarget::Airbase);
    for raid in airbases.into_iter().chain(others) {
        // 48 ('85): the A-A of the city and its units replaces 33.2's airbase fire.
        let (fired, owed) = super::aa::at_raid(rules, pos, (raid, side.other()), tables, roll)?;
        events.extend(fired);
        if raid.target == RaidTarget::Airbase && !super::aa::played(rules) {
            events.extend(airbase_fire(rules, pos, raid, side, tables, roll)?);
        }
        let bombers: Vec<UnitId> = raid
            .bombers
            .iter()
            .filter(|b| pos.is_aloft(b))
            .cloned()
            .collect();
        let rule = Rule::para(match (raid.night, raid.target) {
            (true, _) => para!("33.6"),
            (_, RaidTarget::Airbase) => para!("33.2"),
            (_, RaidTarget::Port) => para!("33.3"),
            (_, RaidTarget::Road) => para!("33.4"),
            (_, RaidTarget::Resource) => para!("52.3"),
            (_, RaidTarget::AirbaseFacility) => para!("52.2"),
            _ => para!("33.5"),
        });
        let mut strike = Strike {
            hex: raid.hex,
            target: raid.target,
            night: raid.night,
            bombers: bombers.clone(),
            factors: Factor::default(),
            roll: String::new(),
            table: String::new(),
            result: 0,
            marker: None,
            rule,
            damage: None,
            barrage: None,
        };
        if bombers.is_empty() {
            events.push(Event::Air(AirEvent::Struck(strike)));
            continue;
        }
        strike.factors = bombers
            .iter()
            .filter_map(|b| bombing::air_factor(rules, pos, b, &[raid.hex]))
            .sum();
        let id = format!("{}-{}", kind_name(raid.target), raid.hex);
        let (drawn, shown) = roll(&id, raid.stock.as_deref())?;
        let cell = if raid.night {
            tables.bbt_lowered(strike.factors, drawn, figures.night_columns_lower as usize)
        } else {
            tables.bbt(strike.factors, drawn)
        }
        .map_err(|e| e.to_string())?;
        strike.roll = shown;
        strike.table = format!("{}: {}", cell.cite, cell.printed);
        strike.result = cell.result.factors;
        let mut after = Vec::new();
        if strike.result > 0 {
            if let Some(kind) = marker_of(raid.target).filter(|_| super::damage::played(rules)) {
                // 52.41-52.44 ('85): damage markers instead of 33's timed marker.
                strike.marker = Some(kind);
                strike.damage = super::damage::bombed(
                    pos,
                    (raid.hex, kind),
                    side.other(),
                    strike.result,
                    (turn, side),
                );
                strike.rule = strike.rule.and(Ref::Para(para!("52.41").into()));
            } else if let Some(kind) = marker_of(raid.target) {
                strike.marker = Some(kind);
                pos.mark_hex(
                    raid.hex,
                    HexMarker {
                        kind,
                        until_turn: turn + figures.marker_complete_turns,
                        until_side: side,
                    },
                );
            } else {
                after = hit_airbase(rules, pos, raid.hex, side, strike.result, lose_first);
            }
        }
        events.push(Event::Air(AirEvent::Struck(strike)));
        events.extend(after);
        events.extend(super::aa::after_strike(rules, pos, owed, &[]));
    }
    Ok(events)
}

/// The enemy aircraft on the ground in `hex` (33.2: "grounded air factors").
fn grounded(pos: &Position, hex: Hex, side: Side) -> Vec<UnitId> {
    pos.at(hex)
        .filter(|p| p.side == side.other() && p.kind.is_air() && !pos.is_aloft(&p.id))
        .map(|p| p.id.clone())
        .collect()
}

fn attack(rules: &Rules, id: &UnitId) -> u32 {
    rules.counters.get(id).map_or(0, |c| c.attack)
}

/// 33.2 with 003 32.6 & 33.2: "The airbase returns A-A fire on the ACT equal to 1/2
/// the grounded air factors there (convert fractions up)", not halved further by
/// supply or weather: the printed attack factors of the grounded aircraft.
fn airbase_fire(
    rules: &Rules,
    pos: &mut Position,
    raid: &Raid,
    side: Side,
    tables: &dyn CombatTables,
    roll: &mut DrawRoll,
) -> Result<Vec<Event>, String> {
    let divisor = rules
        .ruleset
        .tournament_figures
        .bombing
        .airbase_aa_divisor
        .max(1);
    let on_ground: u32 = grounded(pos, raid.hex, side)
        .iter()
        .map(|id| attack(rules, id))
        .sum();
    let fire = on_ground.div_ceil(divisor);
    if fire == 0 {
        return Ok(Vec::new());
    }
    let (drawn, shown) = roll(&format!("aa-{}", raid.hex), raid.stock.as_deref())?;
    let cell = tables
        .act(Factor::from(fire), drawn)
        .map_err(|e| e.to_string())?;
    let rule = Rule::para(para!("33.2"));
    let mut events = vec![Event::Air(AirEvent::BomberLosses(Hazard {
        hex: raid.hex,
        fire: format!(
            "the airbase's A-A fire of {fire} factors ({on_ground} grounded, halved, fractions up)"
        ),
        roll: shown,
        table: format!("{}: {}", cell.cite, cell.printed),
        lost: cell.result.factors,
        rule: rule.clone(),
    }))];
    events.extend(lose_bombers(rules, pos, raid, cell.result.factors, rule));
    Ok(events)
}

/// 33.2, 33.6: `factors` of the raid's bombers eliminated, the fewest attack factors
/// first; "Eliminated factors do not bomb".
fn lose_bombers(
    rules: &Rules,
    pos: &mut Position,
    raid: &Raid,
    factors: u32,
    rule: Rule,
) -> Vec<Event> {
    let mut bombers: Vec<UnitId> = raid
        .bombers
        .iter()
        .filter(|b| pos.is_aloft(b))
        .cloned()
        .collect();
    bombers.sort_by_key(|id| (attack(rules, id), id.clone()));
    take(rules, pos, raid.hex, bombers, factors, "bombing", &rule)
}

/// 33.2: "A number result eliminates that number of aircraft" (factors), the owner
/// choosing (his standing `lose_first`, then the fewest factors first); "Surviving
/// grounded air factors are inverted".
fn hit_airbase(
    rules: &Rules,
    pos: &mut Position,
    hex: Hex,
    side: Side,
    factors: u32,
    lose_first: &[UnitId],
) -> Vec<Event> {
    let rank = |id: &UnitId| {
        lose_first
            .iter()
            .position(|l| l == id)
            .unwrap_or(usize::MAX)
    };
    let mut aircraft = grounded(pos, hex, side);
    aircraft.sort_by_key(|id| (rank(id), attack(rules, id), id.clone()));
    let rule = Rule::para(para!("33.2"));
    let mut events = take(
        rules,
        pos,
        hex,
        aircraft,
        factors,
        "the airbase attack",
        &rule,
    );
    let survivors = grounded(pos, hex, side);
    for id in &survivors {
        pos.mark(id, UnitMarker::Inverted);
    }
    if !survivors.is_empty() {
        events.push(Event::Air(AirEvent::Inverted {
            units: survivors,
            hex,
            rule,
        }));
    }
    events
}

/// `factors` attack factors taken from `units` in order, a unit worth more than what
/// is left broken into substitutes (26.2). Rule 32's air combat takes its losses so too.
pub(crate) fn take(
    rules: &Rules,
    pos: &mut Position,
    hex: Hex,
    units: Vec<UnitId>,
    factors: u32,
    what: &str,
    rule: &Rule,
) -> Vec<Event> {
    let mut owed = factors;
    let mut events = Vec::new();
    for id in units {
        if owed == 0 {
            break;
        }
        let f = attack(rules, &id);
        let Some(piece) = pos.remove(&id) else {
            continue;
        };
        events.push(Event::Eliminated {
            unit: id.clone(),
            hex,
            cause: format!("{what} over {hex} takes {} factors from it", f.min(owed)),
            rule: rule.clone(),
        });
        if f > owed {
            let left = f - owed;
            let change = make_up_substitutes(rules, pos, &piece, left, true);
            events.push(substituted_event(&piece, left, change, rule.clone()));
            owed = 0;
        } else {
            owed -= f;
        }
    }
    events
}
