//! The factors of one battle (2.4, 12.4, 13.2, 13.3 with 003, 14.1, 14.2, 14.4) and
//! whether its odds are legal (14.7, 15.1). Exact fractions ([`Factor`]), never
//! rounded here: 003 Rounding halves and quarters as often as the rules say, doubles
//! once at most, and rounds once, after everything else (the odds, 15.1).

use crate::air::bombing;
use crate::board::{Board, Terrain};
use crate::hex::Hex;
use crate::odds::Factor;
use crate::orders::Attack;
use crate::position::Position;
use crate::readings::{DoubleOnce, RiverBranch, Rounding};
use crate::rules::Rules;
use crate::supply;
use crate::units::UnitId;
use std::collections::BTreeSet;

/// The factors of one battle as the report shows them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Strength {
    /// 14.1: the attackers' factors added together; never doubled (12.4).
    pub attack: Factor,
    /// 14.2, 14.4: every unit in every defending hex, added together after terrain.
    pub defence: Factor,
    /// (unit, hex it attacks from, attack factor), in the order the battle names them.
    pub attackers: Vec<(UnitId, Hex, Factor)>,
    /// (unit, printed defence factor, factor after terrain), hex by hex.
    pub defenders: Vec<(UnitId, u32, Factor)>,
    /// Why a defending hex is doubled, one line per doubled hex, with its rule.
    pub doubling: Vec<String>,
    /// 23.6: the attackers cut off from supply, whose factors are halved.
    pub cut_off: Vec<UnitId>,
    /// The defending hexes, in the order the battle names them.
    pub targets: Vec<Hex>,
    /// 30.41: the bombers' part of `attack` (after doubling at short range, 30.8).
    pub air: Factor,
}

/// 14.7, 15.1: odds worse than 1-6 are illegal. The odds are rounded in the
/// defender's favour, so anything above exactly six defence factors per attack
/// factor (2 against 13 reads 1-7) is illegal.
pub fn legal_odds(attack: Factor, defence: Factor) -> bool {
    defence <= attack.times(6)
}

/// 003 Rounding: a factor `halved` times over and doubled `doubled` times, exactly ("a
/// factor may be halved more than once ... but it may only be doubled once": the
/// caller gives 1 at most under the reading `double-once=once`).
pub fn modified(printed: u32, halved: u32, doubled: u32) -> Factor {
    let mut f = Factor::from(printed);
    for _ in 0..halved.min(32) {
        f = f.half();
    }
    for _ in 0..doubled.min(32) {
        f = f.double();
    }
    f
}

/// 12.4, 13.2, 13.3 (with 003's branch rule), 14.1-14.2, 14.4: the factors of the
/// battle `attack` declares, on the position as it stands. Units not on the map are
/// left out.
pub fn strength(rules: &Rules, pos: &Position, attack: &Attack) -> Strength {
    let units: Vec<UnitId> = attack.units.iter().map(|u| u.value.clone()).collect();
    let targets: Vec<Hex> = attack.targets.iter().map(|t| t.value).collect();
    battle_strength(rules, pos, &units, &targets)
}

/// [`strength`] for a battle given as plain lists: `attackers` against every unit in
/// `targets`. A unit or hex named twice counts once.
pub fn battle_strength(
    rules: &Rules,
    pos: &Position,
    attackers: &[UnitId],
    targets: &[Hex],
) -> Strength {
    let mut s = Strength::default();
    let mut seen = BTreeSet::new();
    // 36.32, 36.34: factors halved for want of basic industry, with the notes.
    let mut halved = BTreeSet::new();
    // 46.22: helicopters' halves are kept ("retain fractions"), not converted up.
    let mut retained = Factor::ZERO;
    for id in attackers {
        if let (true, Some(h)) = (seen.insert(id.clone()), pos.hex_of(id)) {
            let air = bombing::tactical_factor(rules, pos, id, targets);
            let f = air.unwrap_or_else(|| attack_of(rules, pos, id));
            let f = half_for_industry(rules, pos, id, air.is_some(), f, &mut halved);
            let air = air.map(|_| f);
            s.air = s.air + air.unwrap_or_default();
            if rules
                .counters
                .get(id)
                .is_some_and(|c| c.kind.is_helicopter())
            {
                retained = retained + f;
            } else {
                s.attack = s.attack + f;
            }
            if air.is_none() && supply::is_cut_off(pos, id) {
                s.cut_off.push(id.clone());
            }
            s.attackers.push((id.clone(), h, f));
        }
    }
    s.attack = tournament_round_up(rules, s.attack) + retained;
    // 30.5: bombers over the target stand on no hex the river rule looks at.
    let from: BTreeSet<Hex> = s
        .attackers
        .iter()
        .filter(|a| !bombing::is_air(rules, &a.0))
        .map(|a| a.1)
        .collect();
    for &hex in targets {
        if s.targets.contains(&hex) {
            continue;
        }
        s.targets.push(hex);
        let branch = rules.ruleset.readings.river_branch;
        let frozen = crate::weather::combat::rivers_frozen(pos.weather());
        let mut reasons = doubling_reasons(&rules.board, branch, hex, &from);
        let river = river_reason(&rules.board, branch, hex, &from);
        if frozen && river.is_some() {
            // 34, Weather Chart, Snow: rivers frozen and don't double.
            reasons.retain(|r| Some(r) != river.as_ref());
            s.doubling.push(format!(
                "{hex}: not doubled by the river: rivers are frozen in snow (34)"
            ));
        }
        let river = river.filter(|_| !frozen);
        let basic: u32 = pos
            .at(hex)
            .filter(|p| !p.kind.is_air())
            .map(|p| defence_factor(rules, &p.id))
            .sum();
        let each = rules.ruleset.readings.double_once == DoubleOnce::Each;
        // Under `double-once=once` a river behind a city or mountain doubles nothing
        // more, so undoing it changes nothing; under `each` it undoes one doubling.
        let river_undoable = river.is_some() && (each || reasons.len() == 1);
        let bombers: Vec<UnitId> = s
            .attackers
            .iter()
            .filter(|a| bombing::is_air(rules, &a.0))
            .map(|a| a.0.clone())
            .collect();
        let air = if bombing::printed_factors(rules) {
            bombing::printed_attack(rules, pos, &bombers)
        } else {
            s.air
        };
        if river_undoable && bombing::undoes_river(air, basic) {
            reasons.retain(|r| Some(r) != river.as_ref());
            s.doubling.push(format!(
                "{hex}: not doubled by the river: the bombers' {air} factors reach the defenders' basic {basic} (30.41, 003 30.41)"
            ));
        }
        // 13.2, 13.3, reading `double-once`: once however many reasons, or each.
        let doublings = match rules.ruleset.readings.double_once {
            DoubleOnce::Once => u32::from(!reasons.is_empty()),
            DoubleOnce::Each => u32::try_from(reasons.len()).unwrap_or(u32::MAX),
        };
        // 30.9: grounded aircraft have no defence of their own.
        for p in pos.at(hex).filter(|p| !p.kind.is_air()) {
            let printed = defence_factor(rules, &p.id);
            let after = if p.kind.is_helicopter() {
                // 46.21-46.22: the weather's factor, then the terrain's doubling.
                let f = crate::eighty5::helicopter::defence(pos.weather(), printed);
                (0..doublings.min(32)).fold(f, |f, _| f.double())
            } else {
                modified(printed, 0, doublings)
            };
            let after = half_for_industry(rules, pos, &p.id, false, after, &mut halved);
            s.defence = s.defence + after;
            s.defenders.push((p.id.clone(), printed, after));
        }
        if doublings > 0 && pos.count_at(hex) > 0 {
            s.doubling.push(doubling_line(hex, &reasons, doublings));
        }
    }
    s.doubling.extend(halved);
    s
}

/// 36.32, 36.34 (optional rule 36): a factor halved when the unit's side is short of
/// basic industry, noting why in `notes`.
fn half_for_industry(
    rules: &Rules,
    pos: &Position,
    id: &UnitId,
    air: bool,
    f: Factor,
    notes: &mut BTreeSet<String>,
) -> Factor {
    let Some(side) = rules.counters.get(id).map(|c| c.side) else {
        return f;
    };
    match crate::resources::halved(rules, pos, side, air) {
        Some(rule) => {
            let what = if air { "air units" } else { "ground units" };
            notes.insert(format!("{side}'s {what} at half strength ({rule})"));
            f.half()
        }
        None => f,
    }
}

/// 23.6: a unit cut off from supply attacks at half its factor. In the Tournament
/// Game fractions are converted up ("in the TG, convert fractions *up*"): under the
/// reading `rounding=per-unit` here, each unit's half; under `once-at-end` (the
/// default) once, the battle's attack after everything else ([`tournament_round_up`]).
fn attack_of(rules: &Rules, pos: &Position, id: &UnitId) -> Factor {
    let printed = attack_factor(rules, id);
    let per_unit = match rules.ruleset.readings.rounding {
        Rounding::PerUnit => true,
        Rounding::OnceAtEnd => false,
    };
    // 35.31: doubled from a full sea hex of a zone of friendly naval superiority.
    let doubled = u32::from(crate::ascendancy::doubled_invader(pos, id));
    let f = match (
        supply::is_cut_off(pos, id),
        rules.ruleset.tournament() && per_unit,
    ) {
        (false, _) => modified(printed, 0, doubled),
        (true, false) => modified(printed, 1, doubled),
        (true, true) => modified(printed.div_ceil(2), 0, doubled),
    };
    // 34: infantry doubled in fog, after any halving (003 Rounding); 46.21-46.22:
    // helicopters at 0 in gale, fog and ice, halved in rain and snow.
    match rules.counters.get(id) {
        Some(c) if c.kind.is_helicopter() => crate::eighty5::helicopter::attack(pos.weather(), f),
        Some(c) => crate::weather::combat::attack_factor(rules, pos.weather(), c.kind, f),
        None => f,
    }
}

/// 23.6 in the Tournament Game under the reading `rounding=once-at-end`: the attack of
/// a battle with a halved unit in it is converted up once, after every halving.
fn tournament_round_up(rules: &Rules, attack: Factor) -> Factor {
    let once = rules.ruleset.readings.rounding == Rounding::OnceAtEnd;
    if rules.ruleset.tournament() && once && !attack.is_whole() {
        Factor::from(attack.ceil())
    } else {
        attack
    }
}

/// 2.4: the factor a unit attacks with (artillery's first figure).
pub(crate) fn attack_factor(rules: &Rules, id: &UnitId) -> u32 {
    rules.counters.get(id).map_or(0, |c| c.attack)
}

/// 2.4: the factor a unit defends with (artillery's second figure).
pub(crate) fn defence_factor(rules: &Rules, id: &UnitId) -> u32 {
    rules.counters.get(id).map_or(0, |c| c.defence)
}

/// 13.2, 13.3: every reason the units in `hex` are doubled against attackers standing
/// in `from`. Empty when they are not.
fn doubling_reasons(
    board: &Board,
    branch: RiverBranch,
    hex: Hex,
    from: &BTreeSet<Hex>,
) -> Vec<String> {
    let mut out = Vec::new();
    if board.is_city(hex) {
        out.push("city (13.2)".to_string());
    }
    if board.terrain(hex) == Some(Terrain::Mountain) {
        out.push("mountain (13.2)".to_string());
    }
    out.extend(river_reason(board, branch, hex, from));
    out
}

/// 13.3, reading `river-branch`: a defender is doubled by a river (a) on a non-river
/// hex when every attacker stands on a river hex (end-of-river hexes included), or
/// (b) on a river hex: under `branch` (003 13.3) when every attacker stands on a river
/// hex of a different branch (EE40 against DD40 doubles; EE41 against DD40 does not),
/// under `all-on-river` whenever every attacker stands on a river hex. One attacker
/// off the river nullifies it.
fn river_reason(
    board: &Board,
    branch: RiverBranch,
    hex: Hex,
    from: &BTreeSet<Hex>,
) -> Option<String> {
    if from.is_empty() {
        return None;
    }
    let branches: Option<Vec<&str>> = from
        .iter()
        .map(|h| board.river_at(*h).map(|r| &*r.branch))
        .collect();
    let branches = branches?;
    match (board.river_at(hex), branch) {
        (None, _) => Some("behind a river: every attacker is on a river hex (13.3)".to_string()),
        (Some(_), RiverBranch::AllOnRiver) => Some(
            "behind a river: every attacker is on a river hex (13.3, reading river-branch=all-on-river)"
                .to_string(),
        ),
        (Some(own), RiverBranch::Branch) if branches.iter().all(|b| *b != own.branch) => {
            Some(format!(
                "behind a river: every attacker is on another branch than {hex}'s branch {} (13.3, 003)",
                own.branch
            ))
        }
        (Some(_), RiverBranch::Branch) => None,
    }
}

/// "E5 (city (13.2)): defence doubled", noting 003's once-only doubling, or under
/// `double-once=each` every doubling.
fn doubling_line(hex: Hex, reasons: &[String], doublings: u32) -> String {
    let why = reasons.join(" and ");
    match (reasons.len() > 1, doublings > 1) {
        (_, true) => format!(
            "{hex}: defence doubled {doublings} times, {why}: every doubling applies (reading double-once=each)"
        ),
        (true, false) => format!("{hex}: defence doubled, {why}; doubled once only (003 Rounding)"),
        (false, false) => format!("{hex}: defence doubled, {why}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 003 Rounding: "A factor may be halved more than once (in which case it is
    /// quartered, etc), but it may only be doubled once"; nothing is rounded on the way.
    #[test]
    fn factors_are_halved_and_doubled_exactly_003_rounding() {
        assert_eq!(modified(5, 1, 0).to_string(), "2½");
        assert_eq!(modified(5, 2, 0).to_string(), "1¼");
        assert_eq!(modified(5, 1, 1), Factor::from(5u32));
        assert_eq!(modified(3, 0, 1), Factor::from(6u32));
        // Three units of 5 halved: 7½, not 6 (2 + 2 + 2) nor 9 (3 + 3 + 3).
        let sum = (0..3).map(|_| modified(5, 1, 0)).sum::<Factor>();
        assert_eq!(sum.to_string(), "7½");
    }

    /// 14.7, 15.1: 2 against 12 is 1-6 and legal; 2 against 12½ is worse and is not.
    #[test]
    fn odds_worse_than_1_6_are_illegal_exactly() {
        assert!(legal_odds(Factor::from(2u32), Factor::from(12u32)));
        let twelve_and_a_half = modified(25, 1, 0);
        assert!(!legal_odds(Factor::from(2u32), twelve_and_a_half));
        assert!(legal_odds(modified(5, 2, 0), modified(15, 1, 0)));
        assert_eq!(format!("{:>4}", modified(5, 1, 0)), "  2½");
    }
}
