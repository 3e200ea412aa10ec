//! Resolving the battles (15) and applying their results as general effects (see
//! [`outcome`](crate::model::outcome)): losses of units or factors, retreats of *k* hexes and
//! advances after combat, each decision recorded with where it came from. The BGAT and
//! the TGAT go through the same application.

use super::assault;
use super::barrage;
use super::choose::{self, AdvanceOrder, Choices};
use super::retreat::retreat_ends_of;
use super::strength::{attack_factor, defence_factor, strength, Strength};
use super::substitute;
use super::{BattleSetup, Resolved};
use crate::automatic::{self, AvPath};
use crate::board::Terrain;
use crate::cite::{Ref, Rule};
use crate::event::{BattleRecord, Event};
use crate::hex::Hex;
use crate::model::outcome::{Effect, Effects, Loss, Outcome};
use crate::orders::Attack;
use crate::position::Position;
use crate::readings::TgatDoubledDefender;
use crate::rules::Rules;
use crate::state::{Pending, StandingOrders};
use crate::supply;
use crate::tables::TableId;
use crate::units::{Side, UnitId};
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};

/// One side of one battle: its units, the hexes they fought from or in, its orders.
struct Party {
    units: Vec<UnitId>,
    /// Substitutes that took the place of a broken unit of the battle (26.2): they
    /// retreat with the rest.
    joined: RefCell<Vec<UnitId>>,
    hexes: Vec<Hex>,
    choices: Choices,
    attacking: bool,
    /// The defenders whose factors terrain doubled (13.2, 13.3).
    doubled: BTreeSet<UnitId>,
    /// 25.1: the attacker's advances along paths (Tournament Game).
    paths: Vec<AvPath>,
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

    /// 25.1 with 003: whether a unit's factor losses are counted in its attack factor
    /// (an attacker's, except artillery's: "Losses suffered by artillery are always
    /// measured in defense factors"). 46.5: attack helicopters "attack as if they were
    /// artillery", and lose as artillery does.
    fn loses_attack(&self, rules: &Rules, id: &UnitId) -> bool {
        self.attacking
            && !rules
                .counters
                .get(id)
                .is_some_and(|c| c.kind.has_separate_defence())
    }

    /// 25.1 (with the TGAT's example and 003): what a unit counts toward a factor loss,
    /// and how many of those one printed factor is: its attack or defence factor; a
    /// defender doubled by terrain at double value under the reading
    /// `tgat-doubled-defender=double-value` (the BBT's note: "a loss of 9 would thus mean
    /// removal of 5 factors"), a bomber at double strength always (30.8).
    fn loss_worth(&self, rules: &Rules, id: &UnitId) -> (u32, u32) {
        let printed = if self.loses_attack(rules, id) {
            attack_factor(rules, id)
        } else {
            defence_factor(rules, id)
        };
        let each = if self.doubled.contains(id) { 2 } else { 1 };
        (printed * each, each)
    }

    /// 30.5: units of the battle still on the map but the bombers over it, which
    /// neither retreat nor advance (they return to base after combat).
    fn ground_survivors(&self, rules: &Rules, pos: &Position) -> Vec<UnitId> {
        let mut all = self.survivors(pos);
        all.retain(|u| !crate::air::bombing::is_air(rules, u));
        all
    }

    /// Units of the battle still on the map.
    fn survivors(&self, pos: &Position) -> Vec<UnitId> {
        survivors(pos, &self.units, &self.joined.borrow())
    }
}

/// 25.1, 26.2: the units of a battle still on the map, each once: those that fought,
/// then the substitutes that took a broken unit's place. A substitute lost in the
/// battle may be the change for a unit broken after it (26.5: it is inactive again);
/// it is then one surviving unit, and "the loser retreats all his surviving units the
/// full number of hexes" once (TGAT).
pub(super) fn survivors(pos: &Position, units: &[UnitId], joined: &[UnitId]) -> Vec<UnitId> {
    let mut seen = BTreeSet::new();
    units
        .iter()
        .chain(joined)
        .filter(|u| pos.get(u).is_some() && seen.insert(*u))
        .cloned()
        .collect()
}

/// The battle being applied: its id, its result and what the result does.
struct Fight<'a> {
    id: &'a str,
    outcome: Outcome,
    effects: Effects,
}

impl Fight<'_> {
    fn rule(&self) -> Rule {
        self.outcome.rule()
    }

    /// TGAT above 6-1: the defender is eliminated, with no retreat or advance of his
    /// own, so a pending-decision game owes him nothing to decide and the result is
    /// applied at once, the attacker's advance with it.
    fn nothing_to_decide(&self) -> bool {
        let d = self.effects.defender;
        d.loss == Loss::All && d.retreat == 0 && d.advance == 0
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
            rule: Rule::para(para!("14.9")),
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
            rule: Rule::para(para!("14.2")),
        });
    }
    let setup = BattleSetup {
        id: &a.id.value,
        attack: s.attack,
        defence: s.defence,
        stock: a.stock.as_ref().map(|x| x.value.as_str()),
    };
    let r = roll(&setup)?;
    events.push(Event::Battle(Box::new(record(&a.id.value, target, &s, &r))));
    let fighters: Vec<UnitId> = s.attackers.iter().map(|x| x.0.clone()).collect();
    let doomed = assault::doomed(rules, pos, &fighters, &s.targets);
    let attacker = attacker_party(rules, turn, a, &s, &doomed);
    let defender = defender_party(rules, turn, &s);
    let mut effects = r.result.effects(rules.ruleset.figures.advance_units);
    let limited = barrage::limit_advance(rules, pos, (&a.id.value, &s.targets), &mut effects);
    events.extend(limited);
    let fight = Fight {
        id: &a.id.value,
        outcome: r.result,
        effects,
    };
    let owed = match turn.defer {
        Some(label) if !fight.nothing_to_decide() => {
            let parties = (&attacker, &defender);
            apply_deferred(rules, pos, &fight, parties, label, events)
        }
        _ => {
            apply(rules, pos, &fight, &attacker, &defender, events);
            None
        }
    };
    events.extend(assault::eliminate_doomed(pos, &doomed, fight.id));
    Ok(owed)
}

/// A result in a pending-decision game: the attacker's part is applied now; the
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
    let fx = fight.effects;
    lose(rules, pos, fight, attacker, fx.attacker.loss, events);
    if fx.attacker.retreat > 0 {
        retreat_all(rules, pos, fight, attacker, fx.attacker.retreat, events);
    }
    let units = defender.survivors(pos);
    let d = fx.defender;
    let (what, foe_advance, foe_paths) = if d.advance > 0 {
        let vacated = vacated(pos, &attacker.hexes);
        if vacated.is_empty() {
            return None;
        }
        let hexes: Vec<String> = vacated.iter().map(Hex::to_string).collect();
        let most = fx
            .advance_units
            .map_or_else(|| "any".to_string(), |n| format!("up to {n}"));
        let what = format!(
            "may advance {most} of {} into {}",
            names(&units),
            hexes.join(" or ")
        );
        (what, Vec::new(), Vec::new())
    } else {
        // The loser's hex may be left by a retreat, or (TGAT) by the loss of every unit.
        let may_leave = d.retreat > 0 || matches!(d.loss, Loss::Factors(_) | Loss::All);
        let follow = match (&attacker.choices.advance, may_leave) {
            (AdvanceOrder::Listed(v), true) => v.clone(),
            _ => Vec::new(),
        };
        let follow_paths = if may_leave {
            attacker.paths.clone()
        } else {
            Vec::new()
        };
        let lost = match d.loss {
            Loss::None => None,
            Loss::Units(1) => Some(format!("eliminate one of {}", names(&units))),
            Loss::Units(n) => Some(format!("eliminate {n} of {}", names(&units))),
            Loss::Factors(n) => Some(format!("lose {n} factors of {}", names(&units))),
            Loss::All => Some(format!("eliminate {}", names(&units))),
        };
        let what = match (lost, d.retreat) {
            (Some(l), 0) => l,
            (Some(l), k) => format!("{l} and retreat the rest {k} hexes"),
            (None, k) if k > 0 => format!("retreat {} {k} hexes", names(&units)),
            (None, _) => return None,
        };
        (what, follow, follow_paths)
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
        result: fight.outcome,
        units,
        hexes: defender.hexes.clone(),
        foes: attacker.units.clone(),
        foe_hexes: attacker.hexes.clone(),
        foe_advance,
        foe_paths,
        foe_advance_hexes: fx.attacker.advance,
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
        result: r.result,
        rule: battle_rule(r.result.table()),
    }
}

/// 15.3 and the BGAT; 25.1 and the TGAT.
fn battle_rule(table: TableId) -> Rule {
    let para = if table == TableId::Tgat {
        para!("25.1")
    } else {
        para!("15.3")
    };
    Rule::para(para).and(Ref::Table {
        table,
        result: None,
    })
}

/// The result applied: each side, attacker first, takes its loss and retreats; then
/// a side that may advance does, into the hexes the other left.
fn apply(
    rules: &Rules,
    pos: &mut Position,
    fight: &Fight,
    attacker: &Party,
    defender: &Party,
    events: &mut Vec<Event>,
) {
    let fx = fight.effects;
    for (party, effect) in [(attacker, fx.attacker), (defender, fx.defender)] {
        lose(rules, pos, fight, party, effect.loss, events);
        if effect.retreat > 0 {
            retreat_all(rules, pos, fight, party, effect.retreat, events);
        }
    }
    for (winner, loser, effect) in [
        (attacker, defender, fx.attacker),
        (defender, attacker, fx.defender),
    ] {
        advance(rules, pos, fight, (winner, loser), effect, events);
    }
}

/// The attacker's side of a battle: `lose`, `retreat` and `advance` of his order.
/// 20.34, 003 20.34: the `doomed` units (attacking from the sea into a non-beach hex)
/// never advance, and the defender never advances onto an assault hex (a sea hex).
fn attacker_party(
    rules: &Rules,
    turn: &Turn,
    a: &Attack,
    s: &Strength,
    doomed: &[UnitId],
) -> Party {
    let side = turn.side;
    let mut hexes: Vec<Hex> = s
        .attackers
        .iter()
        .filter(|x| !crate::air::bombing::is_air(rules, &x.0))
        .map(|x| x.1)
        .filter(|h| !rules.board.is_sea(*h))
        .collect();
    hexes.sort();
    hexes.dedup();
    let by = |field: &str| format!("order: `{field}` of battle {}", a.id.value);
    Party {
        units: s.attackers.iter().map(|x| x.0.clone()).collect(),
        joined: RefCell::default(),
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
            advance: AdvanceOrder::Listed(
                a.advance
                    .iter()
                    .map(|u| u.value.clone())
                    .filter(|u| !doomed.contains(u))
                    .collect(),
            ),
            advance_by: if a.advance.is_empty() {
                format!("battle {} names no `advance`", a.id.value)
            } else {
                by("advance")
            },
        },
        attacking: true,
        // 30.8: a bomber at double strength loses at double value, as a doubled
        // defender does (25.1).
        doubled: s
            .attackers
            .iter()
            .filter(|(id, _, f)| {
                crate::air::bombing::is_air(rules, id)
                    && *f == crate::odds::Factor::from(attack_factor(rules, id)).double()
            })
            .map(|(id, _, _)| id.clone())
            .collect(),
        paths: a.advance_path.iter().map(AvPath::of).collect(),
    }
}

/// The defender's side of a battle: his standing orders.
fn defender_party(rules: &Rules, turn: &Turn, s: &Strength) -> Party {
    let side = turn.side.other();
    let standing = turn.standing;
    let toward = standing.retreat_toward;
    Party {
        units: s.defenders.iter().map(|x| x.0.clone()).collect(),
        joined: RefCell::default(),
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
        doubled: doubled_defenders(rules, s),
        paths: Vec::new(),
    }
}

/// What a result takes from one side: whole units one at a time (BGAT), factors
/// (TGAT, 25.1, made up from substitutes: 26.2, 26.5), or everything.
fn lose(
    rules: &Rules,
    pos: &mut Position,
    fight: &Fight,
    party: &Party,
    loss: Loss,
    events: &mut Vec<Event>,
) {
    match loss {
        Loss::None => {}
        Loss::Units(n) => {
            for _ in 0..n {
                lose_one(rules, pos, fight, party, events);
            }
        }
        Loss::Factors(n) => {
            let rest = lose_bombers_first(rules, pos, fight, party, n, events);
            lose_factors(rules, pos, fight, party, rest, events, &|_| true);
        }
        Loss::All => {
            for id in party.survivors(pos) {
                if let Some(piece) = pos.remove(&id) {
                    events.push(eliminated(fight, piece.id, piece.hex));
                }
            }
        }
    }
}

/// 30.41: "at least half of any losses suffered by the attacker must be taken from the
/// supporting bombers": half the attacker's factor loss (rounded up) is taken from the
/// bombers of the battle first, as far as they go. Returns the factors still to lose.
fn lose_bombers_first(
    rules: &Rules,
    pos: &mut Position,
    fight: &Fight,
    party: &Party,
    factors: u32,
    events: &mut Vec<Event>,
) -> u32 {
    let is_air = |u: &UnitId| crate::air::bombing::is_air(rules, u);
    if !party.attacking {
        return factors;
    }
    let air: u32 = party
        .survivors(pos)
        .iter()
        .filter(|u| is_air(u))
        .map(|u| party.loss_worth(rules, u).0)
        .sum();
    let share = factors.div_ceil(2).min(air);
    if share > 0 {
        lose_factors(rules, pos, fight, party, share, events, &is_air);
    }
    factors - share
}

/// The event of a unit lost to the result.
fn eliminated(fight: &Fight, unit: UnitId, hex: Hex) -> Event {
    Event::Eliminated {
        unit,
        hex,
        cause: format!("battle {}: {}", fight.id, fight.outcome.meaning()),
        rule: fight.rule(),
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
            piece.id,
            fight.id,
            fight.outcome.code()
        ),
        how: choice.how,
    });
    events.push(eliminated(fight, piece.id, piece.hex));
}

/// 25.1, 26.2, 26.5: the side removes `factors` combat factors (those it fought with,
/// artillery's defence factor, a doubled defender's at double value: see
/// [`Party::loss_worth`]) from the battle's units, in the order of its choice: whole
/// units while the loss covers them, then the next unit is broken down and what it has
/// left (rounded down to whole printed factors) is made up from the inactive substitute
/// counters of its type. When no such change can be made the whole unit goes (26.5:
/// "you may have to lose more than a combat table calls for"); where the table asks
/// for more than the units engaged, only they are lost.
fn lose_factors(
    rules: &Rules,
    pos: &mut Position,
    fight: &Fight,
    party: &Party,
    factors: u32,
    events: &mut Vec<Event>,
    pick: &dyn Fn(&UnitId) -> bool,
) {
    let mut owed = factors;
    let alive: Vec<UnitId> = party
        .survivors(pos)
        .into_iter()
        .filter(|u| pick(u))
        .collect();
    let order = choose::loss_order(&party.choices, &alive, |u| party.factor(rules, u));
    for choice in order {
        if owed == 0 {
            break;
        }
        let id = choice.value;
        let (f, each) = party.loss_worth(rules, &id);
        let Some(piece) = pos.remove(&id) else {
            continue;
        };
        events.push(Event::Decided {
            side: party.choices.side,
            what: format!(
                "takes {} of the {owed} factors lost in battle {} from {id}",
                f.min(owed),
                fight.id
            ),
            how: choice.how,
        });
        events.push(eliminated(fight, piece.id.clone(), piece.hex));
        if f > owed {
            let left = (f - owed) / each;
            let in_attack = party.loses_attack(rules, &id);
            let change = substitute::make_up(rules, pos, &piece, left, in_attack);
            if let Some(ids) = &change {
                party.joined.borrow_mut().extend(ids.iter().cloned());
            }
            events.push(substitute::event(&piece, left, change, fight.rule()));
            owed = 0;
        } else {
            owed -= f;
        }
    }
}

/// 25.1 in a pending-decision game: the owner of `item` loses `factors` factors of the
/// battle's units, those its decision names (`order`) first, as [`lose_factors`] does
/// in the battle itself. The events, and the substitutes that took a broken unit's
/// place (they retreat with the rest).
pub(super) fn lose_decided_factors(
    rules: &Rules,
    pos: &mut Position,
    item: &Pending,
    order: Vec<UnitId>,
    factors: u32,
) -> (Vec<Event>, Vec<UnitId>) {
    let s = super::strength::battle_strength(rules, pos, &item.foes, &item.hexes);
    let party = Party {
        units: item.units.clone(),
        joined: RefCell::default(),
        hexes: item.hexes.clone(),
        choices: Choices {
            side: item.side,
            homes: Vec::new(),
            lose: order,
            lose_by: format!("decision `lose` of battle {}", item.battle),
            prefer: Vec::new(),
            prefer_by: String::new(),
            toward: None,
            toward_by: String::new(),
            advance: AdvanceOrder::Never,
            advance_by: String::new(),
        },
        attacking: false,
        doubled: doubled_defenders(rules, &s),
        paths: Vec::new(),
    };
    let fight = Fight {
        id: &item.battle,
        outcome: item.result,
        effects: Effects::default(),
    };
    let mut events = Vec::new();
    lose_factors(rules, pos, &fight, &party, factors, &mut events, &|_| true);
    let joined = party.joined.into_inner();
    (events, joined)
}

/// 13.2, 13.3: the defenders whose factors terrain doubled, when they lose at double
/// value (reading `tgat-doubled-defender=double-value`); under the default, `printed`,
/// none: the TGAT counts printed factors.
fn doubled_defenders(rules: &Rules, s: &Strength) -> BTreeSet<UnitId> {
    if rules.ruleset.tgat_doubled_defender() == TgatDoubledDefender::Printed {
        return BTreeSet::new();
    }
    s.defenders
        .iter()
        .filter(|(_, printed, after)| crate::odds::Factor::from(*printed) != *after)
        .map(|(id, _, _)| id.clone())
        .collect()
}

/// BGAT AB2/DB2 (and the rest of the losers after AE/DE), TGAT: every surviving unit
/// of the side retreats `hexes` hexes, or is eliminated when it has no legal route.
fn retreat_all(
    rules: &Rules,
    pos: &mut Position,
    fight: &Fight,
    party: &Party,
    hexes: u32,
    events: &mut Vec<Event>,
) {
    for id in party.ground_survivors(rules, pos) {
        let Some(piece) = pos.get(&id).cloned() else {
            continue;
        };
        if assault::at_sea_on_map(rules, pos, &id) {
            events.extend(assault::eliminated_for_retreat(pos, &id, fight.id));
            continue;
        }
        let ends = retreat_ends_of(rules, pos, &piece, hexes);
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
                // 34, Ice: a unit on a mountain forced to retreat is eliminated.
                let why =
                    if crate::weather::going::frozen(pos.weather(), rules.board.terrain(piece.hex))
                    {
                        "in ice units on mountains are eliminated if forced to retreat (34)"
                    } else {
                        "no legal retreat route (enemy ZOC, terrain, board edge or stacking)"
                    };
                events.push(Event::Eliminated {
                    unit: id,
                    hex: piece.hex,
                    cause: format!("battle {}: {why}", fight.id),
                    rule: fight.rule(),
                });
            }
        }
    }
}

/// BGAT: the winner may advance up to 3 units of the battle into the loser's vacated
/// hex(es), ignoring enemy ZOC, but never into forest with armor, air-assault or
/// artillery (10.2) nor above 3 units a hex (11.1). The TGAT's advances of more hexes
/// enter the vacated hex first, as the BGAT's; going on from there is the winner's
/// order, not yet written (docs/rules-coverage.md, 25.1).
fn advance(
    rules: &Rules,
    pos: &mut Position,
    fight: &Fight,
    (winner, loser): (&Party, &Party),
    effect: Effect,
    events: &mut Vec<Event>,
) {
    if effect.advance == 0 {
        return;
    }
    let vacated = vacated(pos, &loser.hexes);
    if vacated.is_empty() {
        return;
    }
    let side = winner.choices.side;
    let battle = (side, fight.id, fight.rule());
    let on_paths = advance_paths(
        rules,
        pos,
        battle,
        &winner.paths,
        (&vacated, effect.advance),
        events,
    );
    let most = fight.effects.advance_units.unwrap_or(usize::MAX);
    let others: Vec<UnitId> = winner
        .ground_survivors(rules, pos)
        .into_iter()
        .filter(|u| !on_paths.contains(u))
        .collect();
    let chosen = choose::advancers(&winner.choices, most, &others, |u| winner.factor(rules, u));
    // 23.6: a unit cut off from supply does not advance after combat.
    let (cut, movers): (Vec<UnitId>, Vec<UnitId>) =
        chosen.into_iter().partition(|u| supply::is_cut_off(pos, u));
    let held_back = !cut.is_empty();
    for id in cut {
        events.push(Event::Decided {
            side,
            what: format!("cannot advance {id} after battle {}", fight.id),
            how: "it is cut off from supply (23.6)".to_string(),
        });
    }
    if movers.is_empty() && (held_back || !on_paths.is_empty()) {
        return;
    }
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

/// 25.1 (with 003 25.1): the winner's advances along paths, each unit as far along
/// its path as the result's `hexes` and the movement rules let it go (see
/// [`automatic::advance_along`]); a path must begin in a hex the loser vacated. The
/// units named.
pub(super) fn advance_paths(
    rules: &Rules,
    pos: &mut Position,
    (side, battle, result): (Side, &str, Rule),
    paths: &[AvPath],
    (vacated, hexes): (&[Hex], u32),
    events: &mut Vec<Event>,
) -> BTreeSet<UnitId> {
    let allowed = usize::try_from(hexes).unwrap_or(usize::MAX);
    let mut named = BTreeSet::new();
    for group in paths {
        let path = group.path.get(..allowed).unwrap_or(&group.path);
        for unit in &group.units {
            named.insert(unit.clone());
            let what = format!("{unit} does not advance after battle {battle}");
            if !path.first().is_some_and(|h| vacated.contains(h)) {
                let left: Vec<String> = vacated.iter().map(Hex::to_string).collect();
                let how = format!(
                    "its path does not begin in the hex the loser vacated ({})",
                    left.join(" or ")
                );
                events.push(Event::Decided { side, what, how });
                continue;
            }
            let mut rule = result
                .refs()
                .iter()
                .fold(Rule::para(para!("25.1")), |r, s| r.and(s.clone()))
                .and(Ref::Reading("25.1".into()));
            if path.len() < group.path.len() {
                rule = rule.note(format!("the result allows {hexes} hexes"));
            }
            let told = (side, what, rule);
            events.extend(automatic::advance_along(
                rules,
                pos,
                told,
                automatic::Advance::Tgat,
                unit,
                path,
            ));
        }
    }
    named
}

/// The hexes of `hexes` nobody stands in any more (vacated by a loser), but an
/// unreduced minor country city the winner may not enter (29.4).
pub(super) fn vacated(pos: &Position, hexes: &[Hex]) -> Vec<Hex> {
    hexes
        .iter()
        .copied()
        .filter(|h| pos.count_at(*h) == 0 && !Side::BOTH.iter().any(|s| pos.is_barred(*s, *h)))
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
            // 20.35: a unit that advances from its assault hex is no longer at sea.
            pos.unmark(id, crate::marker::UnitMarker::Assault);
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
