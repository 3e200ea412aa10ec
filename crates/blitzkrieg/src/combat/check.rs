//! Checking the declared battles against the position after movement (12.1, 14.3-14.9
//! with 003's 14.9). Every problem is collected; units that began the player-turn
//! engaged, did not move and cannot take part in any legal attack are listed for
//! removal before combat (14.9).
//!
//! Readings where the rules leave room:
//! - 14.33 with several defending hexes (14.2): every attacker must be adjacent to
//!   every defending hex of its battle.
//! - 12.1/14.31 read strictly for units that moved: every enemy hex adjacent to a unit
//!   that moved this player-turn must be attacked by some battle. A hex adjacent only to
//!   units that did not move need not be (003 14.9: the player is not obliged to act so
//!   that such units can attack), but each such unit not in a battle must attack if it
//!   can legally: join a battle whose every defending hex it touches, or attack an
//!   unattacked adjacent hex together with the other uncommitted units next to it.
//! - A declared battle at odds worse than 1-6 is an error whoever fights in it.
//!
//! Declared readings (`docs/readings.md`): `must-attack` (12.1 against 14.31-14.32:
//! under `every-adjacent` every enemy hex next to any of the mover's ground units is
//! attacked) and `engaged-support` (14.9: under `keep-support` a unit that began next
//! to the same enemy hex as an engaged unit may not move away and leave it no legal
//! attack).

use super::strength::{battle_strength, legal_odds, strength};
use crate::automatic;
use crate::hex::Hex;
use crate::odds::Factor;
use crate::orders::{Attack, Located, OrderError, Problem};
use crate::position::{Piece, Position};
use crate::readings::{EngagedSupport, MustAttack};
use crate::rules::Rules;
use crate::units::{Side, UnitId};
use std::collections::{BTreeMap, BTreeSet};

/// What [`check_battles`] found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BattleCheck {
    /// Every illegal thing about the declared battles.
    pub errors: Vec<OrderError>,
    /// 14.9: units to take off the map before combat, with their hexes, in id order.
    pub removals: Vec<(UnitId, Hex)>,
}

/// Who fights where, as declared.
struct Plan<'a> {
    /// Units of the mover named in some battle.
    assigned: BTreeSet<UnitId>,
    /// Defending hexes and the first battle that names each.
    attacked: BTreeMap<Hex, &'a Attack>,
}

impl<'a> Plan<'a> {
    fn new(attacks: &'a [Attack]) -> Plan<'a> {
        let mut plan = Plan {
            assigned: BTreeSet::new(),
            attacked: BTreeMap::new(),
        };
        for a in attacks {
            plan.assigned
                .extend(a.units.iter().map(|u| u.value.clone()));
            for t in &a.targets {
                plan.attacked.entry(t.value).or_insert(a);
            }
        }
        plan
    }
}

/// 12-14: checks the battles `side` declares against the position after movement.
/// `moved` holds the units that moved (or were placed or flown) this player-turn; a
/// unit in enemy ZOC that is not in it began the player-turn there (8.2: enemy units
/// do not move in the mover's player-turn); `start` where the mover's units began the
/// movement portion (for the reading `engaged-support`). `avers` made an automatic victory this
/// player-turn (21.1): that was their combat (003 21.1), so they fight no battle and
/// need not, and every enemy hex next to them is attacked by other units.
///
/// - 12.1, 14.32: each unit of `side` in enemy ZOC attacks (a unit that did not move
///   and cannot join any legal attack is removed instead, 14.9 with 003);
/// - 12.1, 14.31: each enemy hex adjacent to a unit that moved is attacked (reading
///   `must-attack=every-adjacent`: adjacent to any ground unit of `side`);
/// - 14.9, reading `engaged-support=keep-support`: no unit moved away from an engaged
///   unit it could have attacked with;
/// - 14.33: each attacker is adjacent to every hex its battle attacks;
/// - 14.4: a defending hex is attacked once, all its units together;
/// - 14.6, 14.8: a unit fights one battle;
/// - 14.7: odds no worse than 1-6 (soak-offs allowed);
/// - 15.3, BGAT: at most 3 units advance, each from the battle; losses named in the
///   battle are units of the battle.
pub fn check_battles(
    rules: &Rules,
    pos: &Position,
    side: Side,
    moved: &BTreeSet<UnitId>,
    start: &BTreeMap<UnitId, Hex>,
    avers: &BTreeSet<UnitId>,
    attacks: &[Attack],
) -> BattleCheck {
    let mut errors = check_avers(avers, attacks);
    errors.extend(attacks.iter().flat_map(|a| check_one(rules, pos, side, a)));
    errors.extend(check_overlaps(attacks));
    let mut plan = Plan::new(attacks);
    plan.assigned.extend(avers.iter().cloned());
    let (engaged, removals) = check_engaged(rules, pos, side, moved, &plan);
    errors.extend(engaged);
    let readings = &rules.ruleset.readings;
    match readings.engaged_support {
        EngagedSupport::NoObligation => {}
        EngagedSupport::KeepSupport => {
            errors.extend(check_support(rules, pos, side, moved, start, &removals));
        }
    }
    let committed: BTreeSet<UnitId> = moved.union(avers).cloned().collect();
    let must_attack = |q: &Piece| match readings.must_attack {
        MustAttack::MovedAdjacent => committed.contains(&q.id),
        MustAttack::EveryAdjacent => {
            committed.contains(&q.id)
                || (!q.kind.is_air() && !removals.iter().any(|(id, _)| *id == q.id))
        }
    };
    errors.extend(check_unattacked(
        pos,
        side,
        readings.must_attack,
        &must_attack,
        &plan,
    ));
    BattleCheck { errors, removals }
}

/// One problem, one message: whether `e` follows only from a refused order of its unit,
/// `refused` holding the units whose own orders (move, sea, placement) were refused. A
/// unit whose move is refused stands where the refusal left it; it is not also told
/// that it must attack from there (12.1, 14.32) or that the battle it was to fight is
/// out of its reach (14.33): its own refusal is the one problem.
pub fn follows_from_refusal(e: &OrderError, refused: &BTreeSet<UnitId>) -> bool {
    matches!(
        e.problem,
        Problem::MustAttack { .. }
            | Problem::EngagedMustAttack { .. }
            | Problem::NotAdjacent { .. }
    ) && e.unit.as_ref().is_some_and(|u| refused.contains(u))
}

/// 003 21.1: "AV is considered to be combat": a unit that made an automatic victory
/// fights no battle after it (14.8).
fn check_avers(avers: &BTreeSet<UnitId>, attacks: &[Attack]) -> Vec<OrderError> {
    attacks
        .iter()
        .flat_map(|a| &a.units)
        .filter(|u| avers.contains(&u.value))
        .map(|u| {
            let problem = Problem::TwoBattles {
                unit: u.value.clone(),
            };
            OrderError::new(problem, Some(u.span.clone()), cite!("21.1"))
                .unit(&u.value)
                .hint("it made an automatic victory this player-turn, which was its combat (003 21.1)")
        })
        .collect()
}

/// One battle on its own: its units, its hexes, adjacency, odds, choices.
fn check_one(rules: &Rules, pos: &Position, side: Side, a: &Attack) -> Vec<OrderError> {
    let mut errs = Vec::new();
    let units = attacking_units(pos, side, a, &mut errs);
    let targets = defending_hexes(rules, pos, side, a, &mut errs);
    for (u, from) in &units {
        for t in &targets {
            if !from.is_adjacent(t.value) {
                errs.push(
                    OrderError::new(
                        Problem::NotAdjacent {
                            unit: u.value.clone(),
                            target: t.value,
                        },
                        Some(u.span.clone()),
                        cite!("14.33"),
                    )
                    .unit(&u.value),
                );
            }
        }
    }
    if errs.is_empty() && !units.is_empty() && !targets.is_empty() {
        errs.extend(check_odds(rules, pos, a));
    }
    errs.extend(check_choices(rules, a));
    errs.extend(check_advance_paths(rules, &units, a));
    errs
}

/// 25.1 (with Q&A 21.3): advances along paths belong to the TGAT; each names a unit
/// of the battle, once, along a path whose first hex is a hex it attacks and that
/// terrain allows for at most the TGAT's longest advance (4 hexes). Enemy ZOC and
/// units are judged when the advance is made.
fn check_advance_paths(
    rules: &Rules,
    units: &[(&Located<UnitId>, Hex)],
    a: &Attack,
) -> Vec<OrderError> {
    let mut errs = Vec::new();
    let Some(first) = a.advance_path.first() else {
        return errs;
    };
    if !rules.ruleset.tournament() {
        let problem = Problem::AdvancePathBasic {
            battle: a.id.value.clone(),
        };
        errs.push(OrderError::new(
            problem,
            Some(first.span.clone()),
            cite!("15.3"),
        ));
        return errs;
    }
    let from: BTreeMap<&UnitId, Hex> = units.iter().map(|(u, h)| (&u.value, *h)).collect();
    let mut seen = BTreeSet::new();
    for g in &a.advance_path {
        let path: Vec<Hex> = g.path.iter().map(|h| h.value).collect();
        let start = path
            .first()
            .copied()
            .filter(|h| a.targets.iter().any(|t| t.value == *h))
            .or_else(|| a.targets.first().map(|t| t.value));
        for u in &g.units {
            let also_in_advance = a.advance.iter().any(|x| x.value == u.value);
            let once = seen.insert(&u.value) && !also_in_advance;
            let Some(&at) = from.get(&u.value).filter(|_| once) else {
                let problem = Problem::NotInBattle {
                    unit: u.value.clone(),
                    battle: a.id.value.clone(),
                    what: "advance_path (once, and not in `advance` too)".to_string(),
                };
                errs.push(
                    OrderError::new(problem, Some(u.span.clone()), cite!("25.1")).unit(&u.value),
                );
                continue;
            };
            let kind = rules.counters.get(&u.value).map(|c| c.kind);
            let (Some(kind), Some(start)) = (kind, start) else {
                continue;
            };
            let fault = automatic::path_fault(&rules.board, kind, at, start, &path, TGAT_MOST);
            if let Some((i, f)) = fault {
                let (hex, span) = g
                    .path
                    .get(i)
                    .map_or((start, g.span.clone()), |h| (h.value, h.span.clone()));
                let problem = Problem::AdvancePath {
                    unit: u.value.clone(),
                    battle: a.id.value.clone(),
                    why: f.text(hex),
                };
                errs.push(OrderError::new(problem, Some(span), cite!("25.1")).unit(&u.value));
            }
        }
    }
    errs
}

/// 25.1: the most hexes any TGAT result lets the winner advance (odds above 6-1).
const TGAT_MOST: u32 = 4;

/// The battle's units that are on the map and belong to `side`, with their hexes.
fn attacking_units<'a>(
    pos: &Position,
    side: Side,
    a: &'a Attack,
    errs: &mut Vec<OrderError>,
) -> Vec<(&'a Located<UnitId>, Hex)> {
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for u in &a.units {
        let err = |p: Problem, rule| OrderError::new(p, Some(u.span.clone()), rule).unit(&u.value);
        if !seen.insert(u.value.clone()) {
            errs.push(err(
                Problem::OrderedTwice {
                    unit: u.value.clone(),
                    what: format!("battle {}", a.id.value),
                },
                cite!("14.6"),
            ));
            continue;
        }
        match pos.get(&u.value) {
            // 19.5: units at sea "may not attack ... or be attacked".
            None => match pos.afloat(&u.value) {
                Some(at_sea) => errs.push(err(
                    Problem::AtSea {
                        unit: u.value.clone(),
                        zone: at_sea.zone,
                    },
                    cite!("19.5"),
                )),
                None => errs.push(err(
                    Problem::NotOnMap {
                        unit: u.value.clone(),
                    },
                    cite!("12.1"),
                )),
            },
            Some(p) if p.side != side => errs.push(err(
                Problem::NotYourUnit {
                    unit: u.value.clone(),
                    owner: p.side,
                    side,
                },
                cite!("12.1"),
            )),
            Some(p) => out.push((u, p.hex)),
        }
    }
    out
}

/// The battle's hexes that are on the board and hold enemy units.
fn defending_hexes<'a>(
    rules: &Rules,
    pos: &Position,
    side: Side,
    a: &'a Attack,
    errs: &mut Vec<OrderError>,
) -> Vec<&'a Located<Hex>> {
    let mut out = Vec::new();
    for t in &a.targets {
        if !rules.board.contains(t.value) {
            errs.push(OrderError::new(
                Problem::OffBoard(t.value),
                Some(t.span.clone()),
                cite!("3.1"),
            ));
        } else if pos.side_at(t.value) != Some(side.other()) {
            errs.push(OrderError::new(
                Problem::NoDefender(t.value),
                Some(t.span.clone()),
                cite!("12.1"),
            ));
        } else {
            out.push(t);
        }
    }
    out
}

/// 14.7, 15.1: soak-offs are allowed, but never at odds worse than 1-6.
fn check_odds(rules: &Rules, pos: &Position, a: &Attack) -> Option<OrderError> {
    let s = strength(rules, pos, a);
    (!legal_odds(s.attack, s.defence)).then(|| {
        OrderError::new(
            Problem::OddsTooLow {
                odds: odds_text(s.attack, s.defence),
            },
            Some(a.id.span.clone()),
            cite!("14.7"),
        )
    })
}

/// "2 to 13 (1-7)": 15.1 rounds in the defender's favour.
fn odds_text(attack: Factor, defence: Factor) -> String {
    match defence.times_ceil(attack) {
        None => format!("{attack} to {defence}"),
        Some(n) => format!("{attack} to {defence} (1-{n})"),
    }
}

/// 15.3, BGAT: up to 3 units advance, each of them from this battle; the attacker's
/// loss priority names units of this battle; preferred retreat hexes are on the board.
fn check_choices(rules: &Rules, a: &Attack) -> Vec<OrderError> {
    let mut errs = Vec::new();
    let fighting: BTreeSet<&UnitId> = a.units.iter().map(|u| &u.value).collect();
    let advancing: BTreeSet<&UnitId> = a.advance.iter().map(|u| &u.value).collect();
    let most = rules.ruleset.figures.advance_units;
    // 25.1: the TGAT lets "some or all" of the winner's units advance.
    if advancing.len() > most && !rules.ruleset.tournament() {
        let at = a
            .advance
            .get(most)
            .map_or(a.id.span.clone(), |u| u.span.clone());
        errs.push(OrderError::new(
            Problem::TooManyAdvance {
                battle: a.id.value.clone(),
                count: advancing.len(),
            },
            Some(at),
            cite!("15.3"),
        ));
    }
    let named = [
        ("advance", &a.advance, cite!("15.3")),
        ("lose", &a.lose, cite!("BGAT")),
    ];
    for (what, list, rule) in named {
        for u in list.iter().filter(|u| !fighting.contains(&u.value)) {
            errs.push(
                OrderError::new(
                    Problem::NotInBattle {
                        unit: u.value.clone(),
                        battle: a.id.value.clone(),
                        what: what.to_string(),
                    },
                    Some(u.span.clone()),
                    rule,
                )
                .unit(&u.value),
            );
        }
    }
    for h in a.retreat.iter().filter(|h| !rules.board.contains(h.value)) {
        errs.push(OrderError::new(
            Problem::OffBoard(h.value),
            Some(h.span.clone()),
            cite!("BGAT"),
        ));
    }
    errs
}

/// 4.3, 14.4, 14.6, 14.8: battle ids are unique, a unit fights once, a defending hex
/// is attacked once.
fn check_overlaps(attacks: &[Attack]) -> Vec<OrderError> {
    let mut errs = Vec::new();
    let mut ids = BTreeSet::new();
    let mut units: BTreeMap<&UnitId, &str> = BTreeMap::new();
    let mut hexes: BTreeMap<Hex, &str> = BTreeMap::new();
    for a in attacks {
        let id = a.id.value.as_str();
        if !ids.insert(id) {
            errs.push(OrderError::new(
                Problem::DuplicateBattle(id.to_string()),
                Some(a.id.span.clone()),
                cite!("4.3"),
            ));
        }
        for u in &a.units {
            if units.get(&u.value).is_some_and(|first| *first != id) {
                errs.push(
                    OrderError::new(
                        Problem::TwoBattles {
                            unit: u.value.clone(),
                        },
                        Some(u.span.clone()),
                        cite!("14.8"),
                    )
                    .unit(&u.value),
                );
            }
            units.entry(&u.value).or_insert(id);
        }
        for t in &a.targets {
            if hexes.get(&t.value).is_some_and(|first| *first != id) {
                errs.push(OrderError::new(
                    Problem::HexInTwoBattles { hex: t.value },
                    Some(t.span.clone()),
                    cite!("14.4"),
                ));
            }
            hexes.entry(t.value).or_insert(id);
        }
    }
    errs
}

/// The enemy-held hexes next to `hex`, in hex order.
fn enemy_hexes_around(pos: &Position, side: Side, hex: Hex) -> BTreeSet<Hex> {
    pos.adjacent_of(side.other(), hex)
        .into_iter()
        .map(|p| p.hex)
        .collect()
}

/// 12.1, 14.32 and 14.9 with 003: every unit of `side` in enemy ZOC fights. One that
/// moved and fights no battle is an error; one that did not move is an error if it
/// could still take part in a legal attack, and is removed before combat if not.
fn check_engaged(
    rules: &Rules,
    pos: &Position,
    side: Side,
    moved: &BTreeSet<UnitId>,
    plan: &Plan,
) -> (Vec<OrderError>, Vec<(UnitId, Hex)>) {
    let mut errs = Vec::new();
    let mut removals = Vec::new();
    for p in pos.pieces().filter(|p| p.side == side && !p.kind.is_air()) {
        let foes = enemy_hexes_around(pos, side, p.hex);
        if foes.is_empty() || plan.assigned.contains(&p.id) {
            continue;
        }
        if moved.contains(&p.id) {
            let e = Problem::MustAttack {
                unit: p.id.clone(),
                hex: p.hex,
                enemies: foes.iter().copied().collect(),
            };
            errs.push(OrderError::new(e, None, cite!("14.32")).unit(&p.id));
        } else if let Some(how) = legal_option(rules, pos, side, p, &foes, plan) {
            let e = Problem::EngagedMustAttack {
                unit: p.id.clone(),
                how,
            };
            errs.push(OrderError::new(e, None, cite!("12.1")).unit(&p.id));
        } else {
            removals.push((p.id.clone(), p.hex));
        }
    }
    (errs, removals)
}

/// 14.9: a legal attack unit `p` could still make, described for the player: joining
/// a declared battle whose every defending hex it touches (adding factors never makes
/// odds worse), or attacking an unattacked adjacent hex together with every other
/// uncommitted unit of its side next to that hex.
fn legal_option(
    rules: &Rules,
    pos: &Position,
    side: Side,
    p: &Piece,
    foes: &BTreeSet<Hex>,
    plan: &Plan,
) -> Option<String> {
    foes.iter().find_map(|&h| match plan.attacked.get(&h) {
        Some(a) => a
            .targets
            .iter()
            .all(|t| t.value.is_adjacent(p.hex))
            .then(|| format!("it may join battle {}", a.id.value)),
        None => {
            let free: Vec<UnitId> = pos
                .adjacent_of(side, h)
                .into_iter()
                .filter(|q| !plan.assigned.contains(&q.id))
                .map(|q| q.id.clone())
                .collect();
            let s = battle_strength(rules, pos, &free, &[h]);
            legal_odds(s.attack, s.defence).then(|| {
                let names: Vec<&str> = free.iter().map(UnitId::as_str).collect();
                format!("{} may attack {h}", names.join(" + "))
            })
        }
    })
}

/// 12.1, 14.31: every enemy hex next to a unit that must attack it (`must`: under
/// `must-attack=moved-adjacent` a unit that moved this player-turn; under
/// `every-adjacent` any ground unit not removed before combat) is attacked by some
/// battle.
fn check_unattacked(
    pos: &Position,
    side: Side,
    reading: MustAttack,
    must: &dyn Fn(&Piece) -> bool,
    plan: &Plan,
) -> Vec<OrderError> {
    let enemy_hexes: Vec<Hex> = pos
        .occupied()
        .filter(|h| pos.side_at(*h) == Some(side.other()) && !plan.attacked.contains_key(h))
        // 30.5, 003 32.35: aircraft alone in a hex (in the air, or scrambled) are
        // no defender to attack.
        .filter(|h| pos.at(*h).any(|p| !p.kind.is_air()))
        .collect();
    let mut errs = Vec::new();
    for h in enemy_hexes {
        let near = pos.adjacent_of(side, h);
        if let Some(m) = near.iter().find(|q| must(q)) {
            let (e, rule) = match reading {
                MustAttack::MovedAdjacent => {
                    (Problem::DefenderUnattacked { hex: h }, cite!("14.31"))
                }
                MustAttack::EveryAdjacent => {
                    (Problem::AdjacentUnattacked { hex: h }, cite!("12.1"))
                }
            };
            errs.push(OrderError::new(e, None, rule).unit(&m.id));
        }
    }
    errs
}

/// 14.9, reading `engaged-support=keep-support`: a unit removed before combat for want
/// of a legal attack may not have been left so by a unit that began the player-turn
/// next to the same enemy hex and moved away: had those units stayed, and the engaged
/// unit attacked that hex with them, the odds would have been legal. Each such unit's
/// move is refused.
fn check_support(
    rules: &Rules,
    pos: &Position,
    side: Side,
    moved: &BTreeSet<UnitId>,
    start: &BTreeMap<UnitId, Hex>,
    removals: &[(UnitId, Hex)],
) -> Vec<OrderError> {
    let mut errs = Vec::new();
    for (engaged, at) in removals {
        for h in enemy_hexes_around(pos, side, *at) {
            let left: Vec<(UnitId, Hex)> = moved
                .iter()
                .filter(|q| *q != engaged)
                .filter_map(|q| Some((q.clone(), *start.get(q)?, pos.hex_of(q)?)))
                .filter(|(_, from, now)| from.is_adjacent(h) && !now.is_adjacent(h))
                .map(|(q, from, _)| (q, from))
                .collect();
            if left.is_empty() {
                continue;
            }
            let mut stayed = pos.clone();
            for (q, from) in &left {
                stayed.move_to(q, *from);
            }
            let mut units: Vec<UnitId> = left.iter().map(|(q, _)| q.clone()).collect();
            units.push(engaged.clone());
            let s = battle_strength(rules, &stayed, &units, &[h]);
            if !legal_odds(s.attack, s.defence) {
                continue;
            }
            for (q, _) in &left {
                let e = Problem::SupportMovedAway {
                    unit: q.clone(),
                    hex: h,
                    engaged: engaged.clone(),
                };
                errs.push(OrderError::new(e, None, cite!("14.9")).unit(q));
            }
        }
    }
    errs
}
