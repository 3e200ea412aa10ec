//! Automatic victory (optional rule 21): odds so high during movement that the
//! defenders are beaten at once (21.1), what that does for the rest of the player-turn
//! (21.2), and their removal and the winners' advance after all other combat (21.3).
//!
//! The order (`[[av]]`, docs/orders.md) is carried out among the moves, in the order
//! written (the movement portion, `movement/av.rs`). The figures are the optional
//! figures' `automatic_victory` (odds, odds with no retreat, hexes of the advance).
//!
//! Readings where the sources leave room:
//! - 21.1 "odds of at least 7-1": the odds of 15.1 (the defenders' terrain doubling
//!   and a cut-off attacker's halving applied, 13.2-13.3, 23.6), read exactly:
//!   attack factors at least 7 times the defence factors. Q&A 21.1: 3-1 against a
//!   single factor is no automatic victory.
//! - "5-1 if no legal retreat is possible": no defending unit has a legal 2-hex
//!   retreat (the BGAT retreat, `combat::retreat_ends`) in the position as it stands.
//! - 003 21.1 "AV is considered to be combat": an AVing unit fights no battle, makes no
//!   move after its automatic victory and never has strategic movement (22).
//! - 21.3, Q&A 21.3, 003 21.3, 003 25.1: the advance is up to 4 hexes, the first the
//!   hex the losers stood in, at no MF cost and without any bonus; a unit stops on
//!   entering a mountain, a forest or enemy ZOC: under the reading `advance-zoc`'s
//!   default, `movement-rules`, the ZOC that stops it when it moves (8.2, 8.3), and
//!   any enemy ZOC in the first hex (Q&A 21.3: armor too); under `any-zoc-stops`, any
//!   enemy ZOC at any hex (003 21.3 [ARH], 003 25.1); armor,
//!   air-assault and artillery never enter forest (10.2); at most 3 units end in a
//!   hex (11.1); a unit cut off from supply does not advance (23.6). Whether the way
//!   is open is judged when the advance is made, after all other combat: a unit goes
//!   as far along its path as it may, and the report says where it stopped and why.

use crate::board::{Board, Terrain};
use crate::cite::{Cite, Ref, Rule};
use crate::combat::{self, Strength};
use crate::event::Event;
use crate::hex::Hex;
pub use crate::model::av::{AvMade, AvPath};
use crate::movement::path::{self, terrain_name, Mover, Stop};
use crate::odds;
use crate::position::{Piece, Position};
use crate::rules::Rules;
use crate::ruleset::AdvanceZoc;
use crate::supply;
use crate::units::{Side, UnitId, UnitKind};

/// 21.1: what the units in position make against a hex.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    pub strength: Strength,
    /// 21.1: no defending unit has a legal retreat.
    pub no_retreat: bool,
    /// The odds needed (to 1): 7, or 5 with no retreat.
    pub needed: u32,
}

impl Judgement {
    /// 21.1: the odds are at least those needed (exactly: 15.1's odds are never better
    /// than the factors).
    pub fn wins(&self) -> bool {
        let s = &self.strength;
        !s.attack.is_zero() && s.defence.times(u64::from(self.needed)) <= s.attack
    }

    /// "14:2 reduce to 7-1", as battles write their odds.
    pub fn odds_text(&self) -> String {
        let s = &self.strength;
        let odds = odds::reduce(s.attack, s.defence);
        format!("{}:{} reduce to {}", s.attack, s.defence, odds.ratio)
    }
}

/// 21.1, Q&A 21.1: the odds `units` make against the enemy in `hex`, and the odds an
/// automatic victory needs there.
pub fn judge(rules: &Rules, pos: &Position, units: &[UnitId], hex: Hex) -> Judgement {
    let strength = combat::battle_strength(rules, pos, units, &[hex]);
    let no_retreat = pos
        .at(hex)
        .all(|p| combat::retreat_ends(rules, pos, p).is_empty());
    let figures = rules.ruleset.optional_figures.automatic_victory;
    let needed = if no_retreat {
        figures.odds_no_retreat
    } else {
        figures.odds
    };
    Judgement {
        strength,
        no_retreat,
        needed,
    }
}

impl AvPath {
    /// The advance as the order file gives it, without its place in the file.
    pub fn of(order: &crate::orders::AvAdvance) -> AvPath {
        AvPath {
            units: order.units.iter().map(|u| u.value.clone()).collect(),
            path: order.path.iter().map(|h| h.value).collect(),
        }
    }
}

/// What is wrong with an advance path whatever happens in combat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathFault {
    /// 21.3: the first hex is not the losers' hex.
    NotVacated,
    /// 21.3: more hexes than the advance allows.
    TooLong { allowed: u32 },
    /// 7.2: not adjacent to the hex before.
    Gap { from: Hex },
    /// 3.1: not on the board.
    OffBoard,
    /// 10.3: sea, lake or the Neutral Country.
    Closed(Terrain),
    /// 10.2, Q&A 21.3: armor, air-assault and artillery never advance into forest.
    Forest,
    /// 21.3, 10.1: the unit had to stop on this mountain or forest hex.
    Past { stop: Hex, terrain: Terrain },
}

impl PathFault {
    /// The paragraph it breaks.
    pub fn rule(self) -> Cite {
        match self {
            PathFault::NotVacated | PathFault::TooLong { .. } | PathFault::Past { .. } => {
                cite!("21.3")
            }
            PathFault::Gap { .. } => cite!("7.2"),
            PathFault::OffBoard => cite!("3.1"),
            PathFault::Closed(_) => cite!("10.3"),
            PathFault::Forest => cite!("Q&A 21.3"),
        }
    }

    /// Why, for a player.
    pub fn text(self, hex: Hex) -> String {
        match self {
            PathFault::NotVacated => {
                format!("the advance begins in the losers' hex, and {hex} is not it")
            }
            PathFault::TooLong { allowed } => {
                format!("the advance is {allowed} hexes at most, and {hex} is one more")
            }
            PathFault::Gap { from } => format!("{hex} is not adjacent to {from}"),
            PathFault::OffBoard => format!("{hex} is not on the board"),
            PathFault::Closed(t) => format!("no unit may enter {hex}: {}", terrain_name(t)),
            PathFault::Forest => format!(
                "{hex} is forest, which armor, air-assault and artillery never enter, advancing or not"
            ),
            PathFault::Past { stop, terrain } => format!(
                "the advance stops on entering {stop} ({}) and cannot go on to {hex}",
                terrain_name(terrain)
            ),
        }
    }
}

/// 21.3, 10.1-10.3, Q&A 21.3: the first fault of `path` for a unit of `kind` that
/// terrain alone decides (the enemy's ZOC and units are judged when the advance is
/// made), with the index of the hex at fault.
pub fn path_fault(
    board: &Board,
    kind: UnitKind,
    from: Hex,
    av_hex: Hex,
    path: &[Hex],
    allowed: u32,
) -> Option<(usize, PathFault)> {
    let mut before = from;
    let mut stopped: Option<(Hex, Terrain)> = None;
    for (i, &h) in path.iter().enumerate() {
        let fault = if i == 0 && h != av_hex {
            Some(PathFault::NotVacated)
        } else if i >= usize::try_from(allowed).unwrap_or(usize::MAX) {
            Some(PathFault::TooLong { allowed })
        } else if !h.is_adjacent(before) {
            Some(PathFault::Gap { from: before })
        } else if let Some((stop, terrain)) = stopped {
            Some(PathFault::Past { stop, terrain })
        } else {
            terrain_fault(board, kind, h)
        };
        if let Some(f) = fault {
            return Some((i, f));
        }
        stopped = match board.terrain(h) {
            Some(t @ (Terrain::Mountain | Terrain::Forest)) => Some((h, t)),
            _ => None,
        };
        before = h;
    }
    None
}

/// 3.1, 10.2, 10.3: terrain a unit of `kind` may never enter.
fn terrain_fault(board: &Board, kind: UnitKind, h: Hex) -> Option<PathFault> {
    match board.terrain(h) {
        None => Some(PathFault::OffBoard),
        Some(t) if !t.is_land() => Some(PathFault::Closed(t)),
        Some(Terrain::Forest) if kind.barred_from_forest() => Some(PathFault::Forest),
        Some(_) => None,
    }
}

/// 21.3: "After all other movement and combat in that player-turn is finished, AVd
/// units are removed and the AVing units are given an additional movement of 4 hexes."
/// Every beaten unit is removed, then every advance is made, in the order written.
pub fn conclude(rules: &Rules, pos: &mut Position, side: Side, avs: &[AvMade]) -> Vec<Event> {
    let mut events = Vec::new();
    for av in avs {
        let beaten: Vec<UnitId> = pos.beaten_at(av.hex).map(|p| p.id.clone()).collect();
        for unit in beaten {
            pos.remove(&unit);
            events.push(Event::Eliminated {
                unit,
                hex: av.hex,
                cause: "beaten by automatic victory, removed after combat".to_string(),
                rule: Rule::para(para!("21.3")),
            });
        }
    }
    for av in avs {
        for group in &av.advance {
            for unit in &group.units {
                events.extend(advance(rules, pos, side, av.hex, unit, &group.path));
            }
        }
    }
    events
}

/// 21.3 (with Q&A 21.3, 003 21.3 and 25.1, 23.6): one unit's advance along `path`, as
/// far as it may go.
fn advance(
    rules: &Rules,
    pos: &mut Position,
    side: Side,
    av_hex: Hex,
    unit: &UnitId,
    path: &[Hex],
) -> Vec<Event> {
    let what = format!("{unit} does not advance after the automatic victory in {av_hex}");
    let rule = Rule::para(para!("21.3")).and(Ref::Reading("21.3".into()));
    advance_along(rules, pos, (side, what, rule), Advance::Av, unit, path)
}

/// 21.3, 25.1, reading `advance-zoc`: whether the advancing `piece` stops on the step
/// from `from` into `hex` for enemy ZOC. Under `movement-rules` (the default) the ZOC
/// that stops the unit when it moves (8.2, 8.3), and in the first hex of an AV advance
/// any enemy ZOC (Q&A 21.3: armor too); under `any-zoc-stops` any enemy ZOC at any hex
/// (003 21.3, 25.1).
fn zoc_stops(
    rules: &Rules,
    pos: &Position,
    (piece, advance, first): (&Piece, Advance, bool),
    from: Hex,
    hex: Hex,
) -> bool {
    let enemy = piece.side.other();
    let any_zoc = rules.ruleset.advance_zoc() == AdvanceZoc::AnyZocStops;
    if any_zoc || (advance == Advance::Av && first) {
        return pos.in_zoc_of(enemy, hex);
    }
    let mover = Mover::new(piece.side, piece.kind, 0).under(&rules.ruleset.readings);
    matches!(
        path::stop_at(&rules.board, pos, &mover, from, hex),
        Some(Stop::Zoc | Stop::ArmorZoc)
    )
}

/// Which advance after combat: its first hex is judged differently (Q&A 21.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Advance {
    /// 21.3: after an automatic victory.
    Av,
    /// 25.1: after a battle on the TGAT.
    Tgat,
}

/// 21.3, 25.1 (with Q&A 21.3, 003 21.3 and 25.1, 23.6, and the weather of 34 like any
/// movement: none from a mountain in ice, none onto one in snow): one unit's advance
/// after combat along `path`, as far as it may go: no MF, no bonus; it stops on entering an
/// enemy ZOC (which, is the reading `advance-zoc`'s: [`zoc_stops`]), a mountain or a
/// forest, never enters forest with armor, air-assault or artillery, ends where it
/// fits (11.1), and a unit cut off from supply does not advance. `told` is the winner,
/// what the report says when the unit does not move, and the rule the advance is cited
/// by.
pub(crate) fn advance_along(
    rules: &Rules,
    pos: &mut Position,
    told: (Side, String, Rule),
    kind_of_advance: Advance,
    unit: &UnitId,
    path: &[Hex],
) -> Vec<Event> {
    let (side, what, mut rule) = told;
    let decided = |how: String| Event::Decided {
        side,
        what: what.clone(),
        how,
    };
    let Some(piece) = pos.get(unit).cloned() else {
        return vec![decided("it is no longer on the map".to_string())];
    };
    if supply::is_cut_off(pos, unit) {
        return vec![decided("it is cut off from supply (23.6)".to_string())];
    }
    // 34, Weather Chart, Ice: units on mountains may not move that turn.
    if crate::weather::going::frozen(pos.weather(), rules.board.terrain(piece.hex)) {
        return vec![decided(
            "it stands on a mountain in ice and may not move (34)".to_string(),
        )];
    }
    let board = &rules.board;
    let enemy = side.other();
    let mut taken: Vec<Hex> = Vec::new();
    let mut why_short = None;
    let mut from = piece.hex;
    for &h in path {
        if pos.side_at(h) == Some(enemy) {
            why_short = Some(format!("an enemy unit is in {h}"));
            break;
        }
        if terrain_fault(board, piece.kind, h).is_some() {
            why_short = Some(format!("it may not enter {h}"));
            break;
        }
        // 34, Weather Chart, Snow: no ground unit moves onto mountains.
        if board
            .terrain(h)
            .is_some_and(|t| crate::weather::going::barred(pos.weather(), t))
        {
            why_short = Some(format!(
                "{h} is a mountain, and no ground unit moves onto mountains in snow (34)"
            ));
            break;
        }
        taken.push(h);
        let first = taken.len() == 1;
        let stop = if zoc_stops(rules, pos, (&piece, kind_of_advance, first), from, h) {
            Some("in enemy ZOC")
        } else if pos.is_barraged(h) {
            // 25.4: "All AV and TGAT advances after combat must stop in any hex that
            // was attacked on the BBT that player-turn."
            Some("barraged this player-turn, 25.4")
        } else {
            match board.terrain(h) {
                Some(t @ (Terrain::Mountain | Terrain::Forest)) => Some(terrain_name(t)),
                _ => None,
            }
        };
        if let Some(stop) = stop.filter(|_| taken.len() < path.len()) {
            why_short = Some(format!("it stops on entering {h} ({stop})"));
            break;
        }
        from = h;
    }
    // 11.1: the unit ends where it fits, going back along its way if it must.
    let figures = &rules.ruleset.figures;
    let fits = |h: &Hex| figures.stack_fits(pos.stack_halves_at(*h) + Position::halves_of(&piece));
    while taken.last().is_some_and(|h| !fits(h)) {
        if let Some(h) = taken.pop() {
            why_short = Some(format!(
                "{h} would hold more than {} units (11.1)",
                figures.stacking_units()
            ));
        }
    }
    let Some(&end) = taken.last() else {
        return vec![decided(why_short.unwrap_or_default())];
    };
    pos.move_to(unit, end);
    if let Some(why) = why_short {
        rule = rule.note(format!("short of the path ordered: {why}"));
    }
    let mut full = vec![piece.hex];
    full.extend(taken);
    vec![Event::Advanced {
        unit: unit.clone(),
        path: full,
        rule,
    }]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Country;
    use crate::sketch::Sketch;

    fn h(s: &str) -> Hex {
        s.parse().unwrap_or_else(|e| panic!("{e}"))
    }

    fn hexes(list: &[&str]) -> Vec<Hex> {
        list.iter().map(|s| h(s)).collect()
    }

    /// 21.3, Q&A 21.3, 10.1-10.3: what terrain alone decides about an advance path.
    #[test]
    fn an_advance_path_is_judged_on_its_terrain_21_3() {
        let board = Sketch::land(1..=12, 1..=12, Country::GreatBlue)
            .terrain(Terrain::Forest, &["F5"])
            .terrain(Terrain::Mountain, &["E6"])
            .terrain(Terrain::Lake, &["G6"])
            .build();
        let fault =
            |kind, path: &[&str]| path_fault(&board, kind, h("D5"), h("E5"), &hexes(path), 4);
        use UnitKind::{Armor, Infantry};
        assert_eq!(fault(Infantry, &["E5", "F6", "G7", "H8"]), None);
        assert_eq!(fault(Infantry, &["F6"]), Some((0, PathFault::NotVacated)));
        assert_eq!(
            fault(Infantry, &["E5", "F6", "G7", "H8", "I9"]),
            Some((4, PathFault::TooLong { allowed: 4 }))
        );
        assert_eq!(
            fault(Infantry, &["E5", "G7"]),
            Some((1, PathFault::Gap { from: h("E5") }))
        );
        assert_eq!(
            fault(Infantry, &["E5", "F5"]),
            None,
            "infantry may end in forest"
        );
        assert_eq!(
            fault(Infantry, &["E5", "F5", "G5"]),
            Some((
                2,
                PathFault::Past {
                    stop: h("F5"),
                    terrain: Terrain::Forest
                }
            ))
        );
        assert_eq!(
            fault(Infantry, &["E5", "E6", "F7"]),
            Some((
                2,
                PathFault::Past {
                    stop: h("E6"),
                    terrain: Terrain::Mountain
                }
            ))
        );
        assert_eq!(fault(Armor, &["E5", "F5"]), Some((1, PathFault::Forest)));
        assert_eq!(PathFault::Forest.rule(), cite!("Q&A 21.3"));
        assert_eq!(
            fault(Infantry, &["E5", "F6", "G6"]),
            Some((2, PathFault::Closed(Terrain::Lake)))
        );
    }

    /// An automatic victory waiting for its advance is written in the state and read
    /// back the same; one with no advance writes none.
    #[test]
    fn an_automatic_victory_made_reads_back_from_the_state() {
        let unit = |s: &str| UnitId::new(s).unwrap_or_else(|e| panic!("{e}"));
        let made = AvMade {
            hex: h("J10"),
            units: vec![unit("B-1AR")],
            advance: vec![AvPath {
                units: vec![unit("B-1AR")],
                path: hexes(&["J10", "K10"]),
            }],
        };
        let text = ron::to_string(&made).unwrap_or_default();
        assert_eq!(ron::from_str::<AvMade>(&text).ok(), Some(made));
        let bare = AvMade {
            hex: h("J10"),
            units: vec![unit("B-1AR")],
            advance: Vec::new(),
        };
        let text = ron::to_string(&bare).unwrap_or_default();
        assert!(!text.contains("advance"), "{text}");
    }
}
