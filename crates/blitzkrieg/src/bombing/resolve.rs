//! The resolution of the missions of rule 33 (33.2-33.6), in the order of the PBEM
//! sequences of 000 and 003: night bombers' operational losses first (33.6), then the
//! airbase attacks with their A-A fire (33.2), then the ports, city-roads and cities
//! (33.3-33.5), each on the BBT. Called by the engine with the strategic bombings
//! (30.42), before any battle.

use super::marker_of;
use crate::air::strategic::DrawRoll;
use crate::air::{bombing, AirEvent};
use crate::cite::{Ref, Rule};
use crate::combat::{make_up_substitutes, substituted_event};
use crate::event::Event;
use crate::hex::Hex;
use crate::marker::{Damage, DamageLevel, HexMarker, HexMarkerKind, UnitMarker};
use crate::model::raid::{Raid, RaidTarget};
use crate::odds::Factor;
use crate::position::Position;
use crate::rules::Rules;
use crate::tables::CombatTables;
use crate::units::{Side, UnitId};
use serde::{Deserialize, Serialize};

/// 33.2-33.6: one target of rule 33 bombed on the BBT.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Strike {
    pub hex: Hex,
    pub target: RaidTarget,
    pub night: bool,
    pub bombers: Vec<UnitId>,
    pub factors: Factor,
    /// The roll as drawn, or why there was none (no bomber left).
    pub roll: String,
    pub table: String,
    /// The BBT's number (0 for a blank).
    pub result: u32,
    /// 33.3-33.5: the marker placed.
    pub marker: Option<HexMarkerKind>,
    pub rule: Rule,
    // 52: bombardment effect (BLITZKRIEG '85).
    /// 52.41-52.44: the damage level placed, and the facility's damage after it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage: Option<(DamageLevel, Damage)>,
}

impl Strike {
    /// What was bombed, in a word: "port", "road", "airbase", "industry".
    pub fn kind(&self) -> &'static str {
        kind_name(self.target)
    }

    /// The summary's line: "R10 bombed (road): RCX (BBT)".
    pub fn glance(&self) -> String {
        let outcome = match (self.marker, self.result) {
            (_, 0) => "no effect".to_string(),
            (Some(m), _) if self.damage.is_some() => self.damage_words(m),
            (Some(m), _) => m.to_string(),
            (None, n) => format!("{n} aircraft factors"),
        };
        format!(
            "{} bombed ({}): {outcome} (BBT)",
            self.hex,
            kind_name(self.target)
        )
    }

    /// The report's line.
    pub fn line(&self) -> String {
        let names: Vec<&str> = self.bombers.iter().map(UnitId::as_str).collect();
        let what = match self.target {
            RaidTarget::Units => "Strategic bombing",
            RaidTarget::Airbase => "Airbase attack",
            RaidTarget::Port => "Bombing of the port facility",
            RaidTarget::Road => "Bombing of the city-road",
            RaidTarget::Industry => "Bombing of the city supply and industry",
            RaidTarget::Resource => "Bombing of the critical resources",
            RaidTarget::AirbaseFacility => "Bombardment of the airbase",
        };
        let night = if self.night { " at night" } else { "" };
        let outcome = match (self.marker, self.result, self.target) {
            (_, 0, _) => "no effect".to_string(),
            (Some(m), _, _) if self.damage.is_some() => self.damage_words(m),
            (Some(m), _, _) => format!("{m} placed"),
            (None, n, RaidTarget::Airbase) => format!("{n} aircraft factors eliminated"),
            (None, n, _) => format!("{n}"),
        };
        if names.is_empty() {
            return format!(
                "{what} of {}{night}: no bomber left to bomb ({})",
                self.hex, self.rule
            );
        }
        format!(
            "{what} of {}{night} by {} with {} factors; {}; {}: {outcome} ({})",
            self.hex,
            names.join(", "),
            self.factors,
            self.roll,
            self.table,
            self.rule
        )
    }

    /// 52.41: "light damage to the port facility (PX), now 1 heavy, 1 light".
    fn damage_words(&self, marker: HexMarkerKind) -> String {
        match self.damage {
            Some((level, now)) => format!(
                "{level} damage to the {} ({marker}), now {now}",
                super::damage::facility(marker)
            ),
            None => marker.to_string(),
        }
    }
}

/// 33.2, 33.6: a roll on the ACT against bombers before they bomb.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hazard {
    pub hex: Hex,
    /// What fires: "the airbase's A-A fire of 3 factors" or "operational hazards".
    pub fire: String,
    pub roll: String,
    pub table: String,
    /// Bomber factors eliminated.
    pub lost: u32,
    pub rule: Rule,
}

impl Hazard {
    /// The report's line.
    pub fn line(&self) -> String {
        format!(
            "Bombers over {}: {}; {}; {}: {} bomber factors lost ({})",
            self.hex, self.fire, self.roll, self.table, self.lost, self.rule
        )
    }
}

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

/// How a roll id names the target.
pub(crate) fn kind_name(target: RaidTarget) -> &'static str {
    match target {
        RaidTarget::Units => "bombing",
        RaidTarget::Airbase => "airbase",
        RaidTarget::Port => "port",
        RaidTarget::Road => "road",
        RaidTarget::Industry => "industry",
        RaidTarget::Resource => "resource",
        RaidTarget::AirbaseFacility => "airbase-facility",
    }
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
