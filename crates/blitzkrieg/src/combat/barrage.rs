//! Artillery barrages on the Barrage and Bombardment Table (BBT), rules 25.2-25.5 of
//! the Tournament Game: checking the barrages declared with the attacks, resolving
//! them, and the mark a barraged hex keeps for the rest of the player-turn.
//!
//! - [`check_barrages`]: 25.2 (range, enemy ZOC, combat supply, artillery only), 25.3
//!   (a defender barraged once a player-turn), artillery that barrages in no battle.
//! - [`resolve_barrages`]: 25.2, 25.5 and the BBT: the roll, the defender's loss of
//!   factors (grounded aircraft first, at double value in mountains).
//! - [`limit_advance`]: 25.3, a battle on a barraged hex lets the winner advance one hex.
//!
//! Readings where the rules are silent:
//! - A barrage is resolved before the first battle, in the order written, unless it
//!   names with `after` the battle it follows (003 25.3 leaves the order to the
//!   attacker: "he does not have to resolve all BBT attacks before beginning his TGAT
//!   attacks"; [`super::interleave`]). A barrage whose target holds no enemy unit when
//!   its turn comes is resolved all the same (the roll, the hex marked, 25.4) and
//!   takes nothing.
//! - The defender's choice of which factors go is taken from his standing order
//!   `lose_first`, else the weakest unit first, in pending-decision games too: a barrage
//!   owes no decision.
//! - Losses are counted in defence factors (the defender's, 2.4) for ground units and
//!   aircraft alike; beyond the factors in the hex they are ignored.
//! - 25.4 "AV cannot be achieved on the BBT": automatic victories (21.1) are made during
//!   movement, before any barrage, so a barrage never counts toward one; advances after
//!   an AV or a TGAT battle stop on entering a barraged hex
//!   ([`crate::automatic::advance_along`]).

use super::choose::{self, Choices};
use super::strength::{attack_factor, defence_factor};
use super::substitute;
use crate::board::Terrain;
use crate::cite::{Ref, Rule};
use crate::event::Event;
use crate::hex::Hex;
use crate::marker::{HexMarker, HexMarkerKind};
use crate::minor::bombard::open_city;
use crate::minor::Minors;
use crate::model::outcome::Effects;
use crate::odds::Factor;
use crate::orders::{Attack, Barrage, OrderError, Problem};
use crate::position::Position;
use crate::rules::Rules;
use crate::state::StandingOrders;
use crate::supply;
use crate::tables::{Losses, TableId};
use crate::units::{Side, UnitId, UnitKind};
use std::collections::BTreeMap;

/// What the engine needs to roll one barrage: its id (the roll id), the artillery's
/// factors and its stock symbol in stock-sales games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BarrageSetup<'a> {
    pub id: &'a str,
    pub factors: Factor,
    pub stock: Option<&'a str>,
}

/// What the BBT said: the factors lost, and for the report the roll and the cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BarrageRolled {
    pub losses: Losses,
    pub roll: String,
    pub table: String,
}

/// 25.2-25.3: every problem of the barrages `side` declares, against the position after
/// movement: a game other than the Tournament Game, an id another battle or barrage
/// has, a target with no enemy unit on the ground (but an unreduced minor country city
/// open to `side`, 003 29.4) or barraged twice (25.3), a unit that
/// is not artillery on the map, not exactly `range_hexes` from its target, in enemy
/// ZOC, not combat supplied (25.2), or named in a battle or another barrage as well.
pub fn check_barrages(
    rules: &Rules,
    pos: &Position,
    side: Side,
    barrages: &[Barrage],
    (attacks, minors): (&[Attack], &Minors),
) -> Vec<OrderError> {
    let mut errors = Vec::new();
    if !rules.ruleset.tournament() {
        return barrages
            .iter()
            .map(|b| {
                OrderError::new(
                    Problem::BarrageNotPlayed,
                    Some(b.id.span.clone()),
                    cite!("25.2"),
                )
            })
            .collect();
    }
    let mut named: BTreeMap<UnitId, String> = BTreeMap::new();
    for a in attacks {
        for u in &a.units {
            named.insert(u.value.clone(), format!("battle {}", a.id.value));
        }
    }
    let mut ids: Vec<&str> = attacks.iter().map(|a| a.id.value.as_str()).collect();
    let mut barraged: BTreeMap<Hex, &str> = BTreeMap::new();
    for b in barrages {
        if ids.contains(&b.id.value.as_str()) {
            errors.push(OrderError::new(
                Problem::BarrageId {
                    id: b.id.value.clone(),
                },
                Some(b.id.span.clone()),
                cite!("PBEM"),
            ));
        }
        ids.push(&b.id.value);
        // 52.2-52.3 ('85): a facility bombarded is `bombing::barrage`'s to check.
        if b.facility.is_none() {
            let city = open_city(rules, minors, side, b.target.value).is_some();
            errors.extend(check_target((pos, side, city), b, &mut barraged));
        }
        errors.extend(check_units(rules, (pos, side), b, &mut named));
    }
    errors
}

/// 25.2: each unit of barrage `b` is artillery fit to barrage, in no battle and no other
/// barrage (`named` holds where the units named so far are, and takes this barrage's).
fn check_units(
    rules: &Rules,
    (pos, side): (&Position, Side),
    b: &Barrage,
    named: &mut BTreeMap<UnitId, String>,
) -> Vec<OrderError> {
    let mut errors = Vec::new();
    for u in &b.units {
        let problem = match named.get(&u.value) {
            Some(other) => Some(Problem::BarrageAndAttack {
                unit: u.value.clone(),
                barrage: b.id.value.clone(),
                other: other.clone(),
            }),
            None => {
                named.insert(u.value.clone(), format!("barrage {}", b.id.value));
                check_artillery(rules, pos, side, &u.value, b.target.value)
            }
        };
        if let Some(problem) = problem {
            errors
                .push(OrderError::new(problem, Some(u.span.clone()), cite!("25.2")).unit(&u.value));
        }
    }
    errors
}

/// 25.2, 25.3: the target holds enemy units on the ground (or is an unreduced minor
/// country city open to the BBT of `side`: `city`, 003 29.4) and is barraged once.
fn check_target<'b>(
    (pos, side, city): (&Position, Side, bool),
    b: &'b Barrage,
    barraged: &mut BTreeMap<Hex, &'b str>,
) -> Option<OrderError> {
    let target = b.target.value;
    let span = Some(b.target.span.clone());
    if !city && defenders(pos, side, target).is_empty() {
        return Some(OrderError::new(
            Problem::BarrageNoTarget(target),
            span,
            cite!("25.2"),
        ));
    }
    if let Some(first) = barraged.get(&target) {
        return Some(OrderError::new(
            Problem::BarragedTwice {
                hex: target,
                first: (*first).to_string(),
            },
            span,
            cite!("25.3"),
        ));
    }
    barraged.insert(target, &b.id.value);
    None
}

/// 25.2: "A barrage may only be made when the artillery are 2 hexes from their target,
/// not in enemy ZOC, and are combat supplied."
fn check_artillery(
    rules: &Rules,
    pos: &Position,
    side: Side,
    unit: &UnitId,
    target: Hex,
) -> Option<Problem> {
    let Some(piece) = pos.get(unit) else {
        return Some(Problem::NotOnMap { unit: unit.clone() });
    };
    // 46.5: attack helicopters "attack as if they were artillery, including the
    // two-hex range".
    if !matches!(piece.kind, UnitKind::Artillery | UnitKind::AttackHelicopter) {
        return Some(Problem::BarrageNotArtillery {
            unit: unit.clone(),
            kind: piece.kind.to_string(),
        });
    }
    let range = rules.ruleset.tournament_figures.barrage.range_hexes;
    let distance = piece.hex.distance(target);
    let problem = if distance != range {
        Problem::BarrageRange {
            unit: unit.clone(),
            from: piece.hex,
            target,
            distance,
            range,
        }
    } else if pos.in_zoc_of(side.other(), piece.hex) {
        Problem::BarrageInZoc {
            unit: unit.clone(),
            hex: piece.hex,
        }
    } else if supply::is_cut_off(pos, unit) {
        Problem::BarrageUnsupplied { unit: unit.clone() }
    } else {
        return None;
    };
    Some(problem)
}

/// The enemy units on the ground in `hex` (aircraft in the air are not barraged).
fn defenders(pos: &Position, side: Side, hex: Hex) -> Vec<UnitId> {
    pos.at(hex)
        .filter(|p| p.side == side.other() && !pos.is_aloft(&p.id))
        .map(|p| p.id.clone())
        .collect()
}

/// 25.2, 25.5, BBT: resolves the barrages given in the order written (before any
/// battle, or after the battle they follow, 003 25.3): the artillery's attack factors
/// on the BBT, the hex marked as barraged for the rest of the player-turn, and the
/// defender's loss. `roll` looks the barrage up on the BBT. A target with no enemy
/// unit left in it (emptied by an earlier battle) is barraged all the same: the hex is
/// marked, and the loss falls on no one (said in the report).
pub fn resolve_barrages(
    rules: &Rules,
    pos: &mut Position,
    (turn, side): (u32, Side),
    barrages: &[Barrage],
    standing: &StandingOrders,
    roll: &mut dyn FnMut(&BarrageSetup) -> Result<BarrageRolled, String>,
) -> Result<Vec<Event>, String> {
    let mut events = Vec::new();
    for b in barrages {
        let target = b.target.value;
        let emptied = defenders(pos, side, target).is_empty();
        let artillery: Vec<(UnitId, u32)> = b
            .units
            .iter()
            .filter(|u| pos.get(&u.value).is_some())
            .map(|u| (u.value.clone(), attack_factor(rules, &u.value)))
            .collect();
        // 46.21-46.22: attack helicopters barrage with their factor in the weather.
        let factors = artillery.iter().fold(Factor::ZERO, |sum, (id, f)| {
            let f = Factor::from(*f);
            match pos.get(id) {
                Some(p) if p.kind.is_helicopter() => {
                    sum + crate::eighty5::helicopter::attack(pos.weather(), f)
                }
                _ => sum + f,
            }
        });
        let setup = BarrageSetup {
            id: &b.id.value,
            factors,
            stock: b.stock.as_ref().map(|s| s.value.as_str()),
        };
        let rolled = roll(&setup)?;
        // 52.2-52.3 ('85): a facility bombarded takes damage; the units are not attacked.
        if let Some(facility) = &b.facility {
            let fired = crate::bombing::barrage::Fired {
                id: &b.id.value,
                hex: target,
                target: facility.value,
                units: artillery.into_iter().map(|(u, _)| u).collect(),
                factors,
                roll: rolled.roll,
                table: rolled.table,
                result: rolled.losses.factors,
            };
            events.push(crate::bombing::barrage::strike(pos, fired, (turn, side)));
            continue;
        }
        pos.mark_hex(
            target,
            HexMarker {
                kind: HexMarkerKind::Barraged,
                until_turn: turn,
                until_side: side,
            },
        );
        let mountain = rules.board.terrain(target) == Some(Terrain::Mountain);
        let removed = if mountain {
            rolled.losses.removed_in_mountains()
        } else {
            rolled.losses.factors
        };
        let rule = Rule::para(para!("25.2")).and(Ref::Table {
            table: TableId::Bbt,
            result: None,
        });
        events.push(Event::Barraged {
            id: b.id.value.clone(),
            target,
            artillery,
            // Whole for artillery; a helicopter's half in rain or snow shown down.
            factors: u32::try_from(factors.floor()).unwrap_or(u32::MAX),
            roll: rolled.roll,
            table: rolled.table,
            lost: rolled.losses.factors,
            removed,
            mountain,
            rule,
        });
        if emptied {
            events.push(Event::BarrageWithoutTarget {
                id: b.id.value.clone(),
                target,
                rule: Rule::para(para!("25.4")).and(Ref::Reading("25.3".into())),
            });
        }
        let loser = Loser {
            side: side.other(),
            barrage: &b.id.value,
            standing,
        };
        events.extend(lose(rules, pos, &loser, target, removed));
    }
    Ok(events)
}

/// The side that loses factors to one barrage.
struct Loser<'a> {
    side: Side,
    barrage: &'a str,
    standing: &'a StandingOrders,
}

impl Loser<'_> {
    fn choices(&self) -> Choices {
        Choices {
            side: self.side,
            homes: Vec::new(),
            lose: self.standing.lose_first.clone(),
            lose_by: "standing order `lose_first`".to_string(),
            prefer: Vec::new(),
            prefer_by: String::new(),
            toward: None,
            toward_by: String::new(),
            advance: choose::AdvanceOrder::Never,
            advance_by: String::new(),
        }
    }

    /// 25.2 for a ground unit's loss, 25.5 for an aircraft's.
    fn rule(&self, air: bool) -> Rule {
        Rule::para(if air { para!("25.5") } else { para!("25.2") }).and(Ref::Table {
            table: TableId::Bbt,
            result: None,
        })
    }
}

/// 25.5, 26.2, 26.5: the defender in `hex` removes `factors` defence factors, every
/// grounded aircraft factor before any ground unit, each group in the order of his
/// choice (standing order `lose_first`, else the weakest first); a unit that loses part
/// of its factors is made up from inactive substitutes of its type (or lost whole, 26.5).
/// Losses beyond the factors in the hex are ignored.
fn lose(rules: &Rules, pos: &mut Position, loser: &Loser, hex: Hex, factors: u32) -> Vec<Event> {
    let mut events = Vec::new();
    let choices = loser.choices();
    let all = defenders(pos, loser.side.other(), hex);
    let (air, ground): (Vec<UnitId>, Vec<UnitId>) = all
        .into_iter()
        .partition(|u| pos.get(u).is_some_and(|p| p.kind.is_air()));
    let factor = |u: &UnitId| defence_factor(rules, u);
    let order = choose::loss_order(&choices, &air, factor)
        .into_iter()
        .chain(choose::loss_order(&choices, &ground, factor));
    let mut owed = factors;
    for choice in order {
        if owed == 0 {
            break;
        }
        let id = choice.value;
        let f = factor(&id);
        let Some(piece) = pos.remove(&id) else {
            continue;
        };
        events.push(Event::Decided {
            side: loser.side,
            what: format!(
                "takes {} of the {owed} factors lost in barrage {} from {id}",
                f.min(owed),
                loser.barrage
            ),
            how: choice.how,
        });
        events.push(Event::Eliminated {
            unit: piece.id.clone(),
            hex: piece.hex,
            cause: format!("barrage {}: factors lost on the BBT", loser.barrage),
            rule: loser.rule(piece.kind.is_air()),
        });
        if f > owed {
            let left = f - owed;
            let change = substitute::make_up(rules, pos, &piece, left, false);
            let rule = loser.rule(piece.kind.is_air());
            events.push(substitute::event(&piece, left, change, rule));
            owed = 0;
        } else {
            owed -= f;
        }
    }
    events
}

/// 25.3: "Such a combined BBT and TGAT attack limits advance after combat to one hex
/// maximum": a battle against a hex barraged this player-turn lets the attacker advance
/// at most `advance_hexes`. The note, when the result allowed more.
pub(super) fn limit_advance(
    rules: &Rules,
    pos: &Position,
    (battle, targets): (&str, &[Hex]),
    effects: &mut Effects,
) -> Option<Event> {
    let barraged: Vec<Hex> = targets
        .iter()
        .copied()
        .filter(|h| pos.is_barraged(*h))
        .collect();
    let most = rules.ruleset.tournament_figures.barrage.advance_hexes;
    let first = barraged.first()?;
    if effects.attacker.advance <= most {
        return None;
    }
    effects.attacker.advance = most;
    Some(Event::Note {
        text: format!(
            "battle {battle} is against {first}, barraged this player-turn: the attacker advances {most} hex at most"
        ),
        rule: Rule::para(para!("25.3")),
    })
}

#[cfg(test)]
mod tests {
    use crate::tables::Losses;

    /// BBT note: "If defending in mountains, defender's factors are computed at double
    /// value; a loss of 9 would thus mean removal of 5 factors."
    #[test]
    fn a_loss_of_9_in_mountains_removes_5() {
        assert_eq!(Losses { factors: 9 }.removed_in_mountains(), 5);
        assert_eq!(Losses { factors: 1 }.removed_in_mountains(), 1);
        assert_eq!(Losses { factors: 0 }.removed_in_mountains(), 0);
    }
}
