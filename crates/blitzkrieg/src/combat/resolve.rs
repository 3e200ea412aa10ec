//! Resolving the battles (15) and applying the BGAT results: losses, retreats and
//! advances after combat, each decision recorded with where it came from.

use super::choose::{self, AdvanceOrder, Choices};
use super::retreat::retreat_ends;
use super::strength::{attack_factor, defence_factor, strength, Strength};
use super::{BattleSetup, CombatResult, Resolved};
use crate::board::Terrain;
use crate::cite::{Ref, Rule};
use crate::event::{BattleRecord, Event};
use crate::hex::Hex;
use crate::orders::Attack;
use crate::position::Position;
use crate::rules::Rules;
use crate::state::{Pending, StandingOrders};
use crate::tables::TableId;
use crate::units::{Side, UnitId};
use std::collections::BTreeMap;

/// One side of one battle: its units, the hexes they fought from or in, its orders.
struct Party {
    units: Vec<UnitId>,
    hexes: Vec<Hex>,
    choices: Choices,
    attacking: bool,
}

impl Party {
    /// 2.4: the factor this side fought with.
    fn factor(&self, rules: &Rules, id: &UnitId) -> u32 {
        if self.attacking {
            attack_factor(rules, id)
        } else {
            defence_factor(rules, id)
        }
    }

    /// Units of the battle still on the map.
    fn survivors(&self, pos: &Position) -> Vec<UnitId> {
        self.units
            .iter()
            .filter(|u| pos.get(u).is_some())
            .cloned()
            .collect()
    }
}

/// The battle being applied: its id and result, for event texts.
struct Fight<'a> {
    id: &'a str,
    result: CombatResult,
}

impl Fight<'_> {
    fn rule(&self) -> Rule {
        Rule::result(TableId::Bgat, self.result.code())
    }
}

/// 15, BGAT: resolves every battle in the order written (12.3: the attacker chooses
/// the order), applying losses, retreats and advances to `pos` before the next battle
/// is fought. `roll` looks the battle up on the table (the engine supplies odds, roll
/// and cell); its error stops resolution. The attacker's decisions come from each
/// `Attack` (`lose`, `retreat`, `advance`), the defender's from `defender_standing`,
/// else from the defaults in [`choose`](self). With `defer` (the player-turn's label,
/// in pending-decision games) the defender's part of each result is not applied but
/// returned as a [`Pending`] decision, with the attacker's advance that waits on it.
pub fn resolve_battles(
    rules: &Rules,
    pos: &mut Position,
    side: Side,
    attacks: &[Attack],
    defender_standing: &StandingOrders,
    defer: Option<&str>,
    roll: &mut dyn FnMut(&BattleSetup) -> Result<Resolved, String>,
) -> Result<(Vec<Event>, Vec<Pending>), String> {
    let turn = Turn {
        side,
        standing: defender_standing,
        homes: home_cities(rules),
        defer,
    };
    let mut events = Vec::new();
    let mut pending = Vec::new();
    for a in attacks {
        if let Some(p) = resolve_one(rules, pos, &turn, a, roll, &mut events)? {
            pending.push(p);
        }
    }
    Ok((events, pending))
}

/// What every battle of the player-turn shares.
struct Turn<'a> {
    /// The attacker.
    side: Side,
    standing: &'a StandingOrders,
    /// Each side's home-country city hexes (for the default retreat).
    homes: BTreeMap<Side, Vec<Hex>>,
    /// The player-turn's label when the defender's decisions are deferred.
    defer: Option<&'a str>,
}

/// Each side's home-country city hexes (5.1), in hex order.
fn home_cities(rules: &Rules) -> BTreeMap<Side, Vec<Hex>> {
    let mut out: BTreeMap<Side, Vec<Hex>> = BTreeMap::new();
    for h in rules.board.city_hexes() {
        if let Some(side) = rules.board.home_of(h) {
            out.entry(side).or_default().push(h);
        }
    }
    out
}

/// 15.1-15.3: one battle, rolled and applied.
fn resolve_one(
    rules: &Rules,
    pos: &mut Position,
    turn: &Turn,
    a: &Attack,
    roll: &mut dyn FnMut(&BattleSetup) -> Result<Resolved, String>,
    events: &mut Vec<Event>,
) -> Result<Option<Pending>, String> {
    let s = strength(rules, pos, a);
    let target = s.targets.first().copied();
    let (Some(target), false, false) = (target, s.attackers.is_empty(), s.defenders.is_empty())
    else {
        events.push(Event::Note {
            text: format!(
                "battle {} is not fought: nothing left to fight it",
                a.id.value
            ),
            rule: Rule::para("14.9"),
        });
        return Ok(None);
    };
    if s.targets.len() > 1 {
        let hexes: Vec<String> = s.targets.iter().map(Hex::to_string).collect();
        events.push(Event::Note {
            text: format!(
                "battle {} attacks {} as one defence",
                a.id.value,
                hexes.join(" and ")
            ),
            rule: Rule::para("14.2"),
        });
    }
    let setup = BattleSetup {
        id: &a.id.value,
        attack: s.attack,
        defence: s.defence,
        stock: a.stock.as_ref().map(|x| x.value.as_str()),
    };
    let r = roll(&setup)?;
    events.push(Event::Battle(record(&a.id.value, target, &s, &r)));
    let attacker = attacker_party(turn, a, &s);
    let defender = defender_party(turn, &s);
    let fight = Fight {
        id: &a.id.value,
        result: r.result,
    };
    if let Some(label) = turn.defer {
        let parties = (&attacker, &defender);
        return Ok(apply_deferred(rules, pos, &fight, parties, label, events));
    }
    apply(rules, pos, &fight, &attacker, &defender, events);
    Ok(None)
}

/// The BGAT result in a pending-decision game: the attacker's part is applied now; the
/// defender's (his loss, his retreat, or his option to advance) is owed, and with it
/// the attacker's advance into the hex the defender will vacate.
fn apply_deferred(
    rules: &Rules,
    pos: &mut Position,
    fight: &Fight,
    (attacker, defender): (&Party, &Party),
    label: &str,
    events: &mut Vec<Event>,
) -> Option<Pending> {
    let names = |units: &[UnitId]| {
        units
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let units = defender.survivors(pos);
    let follow = match &attacker.choices.advance {
        AdvanceOrder::Listed(v) => v.clone(),
        _ => Vec::new(),
    };
    let (what, foe_advance) = match fight.result {
        CombatResult::DefenderEliminated => (
            format!(
                "eliminate one of {} and retreat the rest 2 hexes",
                names(&units)
            ),
            follow,
        ),
        CombatResult::DefenderBack2 => (format!("retreat {} 2 hexes", names(&units)), follow),
        CombatResult::Exchange => {
            lose_one(rules, pos, fight, attacker, events);
            (format!("eliminate one of {}", names(&units)), Vec::new())
        }
        CombatResult::AttackerEliminated | CombatResult::AttackerBack2 => {
            if fight.result == CombatResult::AttackerEliminated {
                lose_one(rules, pos, fight, attacker, events);
            }
            retreat_all(rules, pos, fight, attacker, events);
            let vacated = vacated(pos, &attacker.hexes);
            if vacated.is_empty() {
                return None;
            }
            let hexes: Vec<String> = vacated.iter().map(Hex::to_string).collect();
            let what = format!(
                "may advance up to 3 of {} into {}",
                names(&units),
                hexes.join(" or ")
            );
            (what, Vec::new())
        }
    };
    let side = defender.choices.side;
    let battle = format!("{label}/{}", fight.id);
    events.push(Event::Owed {
        side,
        battle: battle.clone(),
        what: what.clone(),
        rule: fight.rule().and(Ref::TurnSequence),
    });
    Some(Pending {
        side,
        battle,
        what,
        result: fight.result.code().to_string(),
        units,
        hexes: defender.hexes.clone(),
        foes: attacker.units.clone(),
        foe_hexes: attacker.hexes.clone(),
        foe_advance,
    })
}

/// The battle as the report shows it.
fn record(id: &str, target: Hex, s: &Strength, r: &Resolved) -> BattleRecord {
    BattleRecord {
        id: id.to_string(),
        target,
        attackers: s.attackers.clone(),
        defenders: s.defenders.clone(),
        doubling: s.doubling.clone(),
        attack: s.attack,
        defence: s.defence,
        odds: r.odds.clone(),
        roll: r.roll.clone(),
        table: r.table.clone(),
        result: format!("{} ({})", r.result.code(), r.result.meaning()),
        rule: Rule::para("15.3").and(Ref::Table {
            table: TableId::Bgat,
            result: None,
        }),
    }
}

/// The BGAT result applied: who loses a unit, who retreats, who may advance.
fn apply(
    rules: &Rules,
    pos: &mut Position,
    fight: &Fight,
    attacker: &Party,
    defender: &Party,
    events: &mut Vec<Event>,
) {
    match fight.result {
        CombatResult::AttackerEliminated => {
            lose_one(rules, pos, fight, attacker, events);
            retreat_all(rules, pos, fight, attacker, events);
            advance(rules, pos, fight, defender, attacker, events);
        }
        CombatResult::DefenderEliminated => {
            lose_one(rules, pos, fight, defender, events);
            retreat_all(rules, pos, fight, defender, events);
            advance(rules, pos, fight, attacker, defender, events);
        }
        CombatResult::AttackerBack2 => {
            retreat_all(rules, pos, fight, attacker, events);
            advance(rules, pos, fight, defender, attacker, events);
        }
        CombatResult::DefenderBack2 => {
            retreat_all(rules, pos, fight, defender, events);
            advance(rules, pos, fight, attacker, defender, events);
        }
        CombatResult::Exchange => {
            lose_one(rules, pos, fight, attacker, events);
            lose_one(rules, pos, fight, defender, events);
        }
    }
}

/// The attacker's side of a battle: `lose`, `retreat` and `advance` of his order.
fn attacker_party(turn: &Turn, a: &Attack, s: &Strength) -> Party {
    let side = turn.side;
    let mut hexes: Vec<Hex> = s.attackers.iter().map(|x| x.1).collect();
    hexes.sort();
    hexes.dedup();
    let by = |field: &str| format!("order: `{field}` of battle {}", a.id.value);
    Party {
        units: s.attackers.iter().map(|x| x.0.clone()).collect(),
        hexes,
        choices: Choices {
            side,
            homes: turn.homes.get(&side).cloned().unwrap_or_default(),
            lose: a.lose.iter().map(|u| u.value.clone()).collect(),
            lose_by: by("lose"),
            prefer: a.retreat.iter().map(|h| h.value).collect(),
            prefer_by: by("retreat"),
            toward: None,
            toward_by: String::new(),
            advance: AdvanceOrder::Listed(a.advance.iter().map(|u| u.value.clone()).collect()),
            advance_by: if a.advance.is_empty() {
                format!("battle {} names no `advance`", a.id.value)
            } else {
                by("advance")
            },
        },
        attacking: true,
    }
}

/// The defender's side of a battle: his standing orders.
fn defender_party(turn: &Turn, s: &Strength) -> Party {
    let side = turn.side.other();
    let standing = turn.standing;
    let toward = standing.retreat_toward;
    Party {
        units: s.defenders.iter().map(|x| x.0.clone()).collect(),
        hexes: s.targets.clone(),
        choices: Choices {
            side,
            homes: turn.homes.get(&side).cloned().unwrap_or_default(),
            lose: standing.lose_first.clone(),
            lose_by: "standing order `lose_first`".to_string(),
            prefer: standing.retreat_prefer.clone(),
            prefer_by: "standing order `retreat_prefer`".to_string(),
            toward,
            toward_by: toward.map_or(String::new(), |t| {
                format!("standing order `retreat_toward = {t}` (nearest legal hex)")
            }),
            advance: if standing.advance {
                AdvanceOrder::Strongest
            } else {
                AdvanceOrder::Never
            },
            advance_by: if standing.advance {
                "standing order `advance = true` (strongest first)".to_string()
            } else {
                "standing orders do not ask to advance".to_string()
            },
        },
        attacking: false,
    }
}

/// BGAT AE/DE/EX: the losing side eliminates one unit of its choice.
fn lose_one(
    rules: &Rules,
    pos: &mut Position,
    fight: &Fight,
    party: &Party,
    events: &mut Vec<Event>,
) {
    let alive = party.survivors(pos);
    let Some(choice) = choose::loss(&party.choices, &alive, |u| party.factor(rules, u)) else {
        return;
    };
    let Some(piece) = pos.remove(&choice.value) else {
        return;
    };
    events.push(Event::Decided {
        side: party.choices.side,
        what: format!(
            "loses {} in battle {} ({})",
            piece.id, fight.id, fight.result
        ),
        how: choice.how,
    });
    events.push(Event::Eliminated {
        unit: piece.id,
        hex: piece.hex,
        cause: format!("battle {}: {}", fight.id, fight.result.meaning()),
        rule: fight.rule(),
    });
}

/// BGAT AB2/DB2 (and the rest of the losers after AE/DE): every surviving unit of the
/// side retreats 2 hexes, or is eliminated when it has no legal route.
fn retreat_all(
    rules: &Rules,
    pos: &mut Position,
    fight: &Fight,
    party: &Party,
    events: &mut Vec<Event>,
) {
    for id in party.survivors(pos) {
        let Some(piece) = pos.get(&id).cloned() else {
            continue;
        };
        let ends = retreat_ends(rules, pos, &piece);
        match choose::retreat(pos, &party.choices, &ends) {
            Some(choice) => {
                let to = choice.value.end;
                let path = choice.value.path.clone();
                pos.move_to(&id, to);
                events.push(Event::Decided {
                    side: piece.side,
                    what: format!("retreats {id} to {to} after battle {}", fight.id),
                    how: choice.how,
                });
                events.push(Event::Retreated {
                    unit: id,
                    path,
                    rule: fight.rule(),
                });
            }
            None => {
                pos.remove(&id);
                events.push(Event::Eliminated {
                    unit: id,
                    hex: piece.hex,
                    cause: format!(
                        "battle {}: no legal retreat route (enemy ZOC, terrain, board edge or stacking)",
                        fight.id
                    ),
                    rule: fight.rule(),
                });
            }
        }
    }
}

/// BGAT: the winner may advance up to 3 units of the battle into the loser's vacated
/// hex(es), ignoring enemy ZOC, but never into forest with armor, air-assault or
/// artillery (10.2) nor above 3 units a hex (11.1).
fn advance(
    rules: &Rules,
    pos: &mut Position,
    fight: &Fight,
    winner: &Party,
    loser: &Party,
    events: &mut Vec<Event>,
) {
    let vacated = vacated(pos, &loser.hexes);
    if vacated.is_empty() {
        return;
    }
    let side = winner.choices.side;
    let most = rules.ruleset.figures.advance_units;
    let movers = choose::advancers(&winner.choices, most, &winner.survivors(pos), |u| {
        winner.factor(rules, u)
    });
    if movers.is_empty() {
        events.push(Event::Decided {
            side,
            what: format!("does not advance after battle {}", fight.id),
            how: winner.choices.advance_by.clone(),
        });
        return;
    }
    for id in movers {
        advance_one(rules, pos, fight, winner, &vacated, &id, events);
    }
}

/// The hexes of `hexes` nobody stands in any more (vacated by a loser).
pub(super) fn vacated(pos: &Position, hexes: &[Hex]) -> Vec<Hex> {
    hexes
        .iter()
        .copied()
        .filter(|h| pos.count_at(*h) == 0)
        .collect()
}

/// One unit's advance into the first vacated hex it may enter.
fn advance_one(
    rules: &Rules,
    pos: &mut Position,
    fight: &Fight,
    winner: &Party,
    vacated: &[Hex],
    id: &UnitId,
    events: &mut Vec<Event>,
) {
    let side = winner.choices.side;
    let how = winner.choices.advance_by.clone();
    events.extend(advance_events(
        rules,
        pos,
        side,
        (fight.id, &fight.rule()),
        vacated,
        id,
        how,
    ));
}

/// BGAT advance after combat: moves `id` into the first hex of `vacated` it may enter
/// (adjacent, below 3 units, no forest for armor, air-assault or artillery: 10.2, 11.1)
/// and says so; `battle` is the battle's id and the rule of its result.
pub(super) fn advance_events(
    rules: &Rules,
    pos: &mut Position,
    side: Side,
    battle: (&str, &Rule),
    vacated: &[Hex],
    id: &UnitId,
    how: String,
) -> Vec<Event> {
    let (battle_id, rule) = battle;
    let Some(piece) = pos.get(id).cloned() else {
        return Vec::new();
    };
    let barred = piece.kind.barred_from_forest();
    let dest = vacated.iter().copied().find(|h| {
        h.is_adjacent(piece.hex)
            && rules
                .ruleset
                .figures
                .stack_fits(pos.stack_halves_at(*h) + Position::halves_of(&piece))
            && !(barred && rules.board.terrain(*h) == Some(Terrain::Forest))
    });
    match dest {
        Some(to) => {
            pos.move_to(id, to);
            vec![
                Event::Decided {
                    side,
                    what: format!("advances {id} into {to} after battle {battle_id}"),
                    how,
                },
                Event::Advanced {
                    unit: id.clone(),
                    path: vec![piece.hex, to],
                    rule: rule.clone().note("advance after combat, ignoring ZOC"),
                },
            ]
        }
        None => vec![Event::Decided {
            side,
            what: format!(
                "cannot advance {id} after battle {battle_id} (no vacated hex it may enter, 10.2, 11.1)"
            ),
            how,
        }],
    }
}
