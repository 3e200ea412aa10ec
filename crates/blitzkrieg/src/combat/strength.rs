//! The factors of one battle (2.4, 12.4, 13.2, 13.3 with 003, 14.1, 14.2, 14.4) and
//! whether its odds are legal (14.7, 15.1). Exact integers: the Basic Game only ever
//! doubles, and a factor is doubled once at most (003 Rounding).

use crate::board::{Board, Terrain};
use crate::hex::Hex;
use crate::orders::Attack;
use crate::position::Position;
use crate::rules::Rules;
use crate::units::UnitId;
use std::collections::BTreeSet;

/// The factors of one battle as the report shows them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Strength {
    /// 14.1: the attackers' factors added together; never doubled (12.4).
    pub attack: u32,
    /// 14.2, 14.4: every unit in every defending hex, added together after terrain.
    pub defence: u32,
    /// (unit, hex it attacks from, attack factor), in the order the battle names them.
    pub attackers: Vec<(UnitId, Hex, u32)>,
    /// (unit, printed defence factor, factor after terrain), hex by hex.
    pub defenders: Vec<(UnitId, u32, u32)>,
    /// Why a defending hex is doubled, one line per doubled hex, with its rule.
    pub doubling: Vec<String>,
    /// The defending hexes, in the order the battle names them.
    pub targets: Vec<Hex>,
}

/// 14.7, 15.1: odds worse than 1-6 are illegal. The odds are rounded in the
/// defender's favour, so anything above exactly six defence factors per attack
/// factor (2 against 13 reads 1-7) is illegal.
pub fn legal_odds(attack: u32, defence: u32) -> bool {
    u64::from(defence) <= 6 * u64::from(attack)
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
    for id in attackers {
        if let (true, Some(h)) = (seen.insert(id.clone()), pos.hex_of(id)) {
            let f = attack_factor(rules, id);
            s.attack += f;
            s.attackers.push((id.clone(), h, f));
        }
    }
    let from: BTreeSet<Hex> = s.attackers.iter().map(|a| a.1).collect();
    for &hex in targets {
        if s.targets.contains(&hex) {
            continue;
        }
        s.targets.push(hex);
        let reasons = doubling_reasons(&rules.board, hex, &from);
        let doubled = !reasons.is_empty();
        for p in pos.at(hex) {
            let printed = defence_factor(rules, &p.id);
            let after = if doubled { printed * 2 } else { printed };
            s.defence += after;
            s.defenders.push((p.id.clone(), printed, after));
        }
        if doubled && pos.count_at(hex) > 0 {
            s.doubling.push(doubling_line(hex, &reasons));
        }
    }
    s
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
fn doubling_reasons(board: &Board, hex: Hex, from: &BTreeSet<Hex>) -> Vec<String> {
    let mut out = Vec::new();
    if board.is_city(hex) {
        out.push("city (13.2)".to_string());
    }
    if board.terrain(hex) == Some(Terrain::Mountain) {
        out.push("mountain (13.2)".to_string());
    }
    out.extend(river_reason(board, hex, from));
    out
}

/// 13.3 with 003: a defender is doubled by a river (a) on a non-river hex when every
/// attacker stands on a river hex (end-of-river hexes included), or (b) on a river hex
/// when every attacker stands on a river hex of a different branch (EE40 against DD40
/// doubles; EE41 against DD40 does not). One attacker off the river nullifies it.
fn river_reason(board: &Board, hex: Hex, from: &BTreeSet<Hex>) -> Option<String> {
    if from.is_empty() {
        return None;
    }
    let branches: Option<Vec<&str>> = from
        .iter()
        .map(|h| board.river_at(*h).map(|r| r.branch.as_str()))
        .collect();
    let branches = branches?;
    match board.river_at(hex) {
        None => Some("behind a river: every attacker is on a river hex (13.3)".to_string()),
        Some(own) if branches.iter().all(|b| *b != own.branch) => Some(format!(
            "behind a river: every attacker is on another branch than {hex}'s branch {} (13.3, 003)",
            own.branch
        )),
        Some(_) => None,
    }
}

/// "E5 (city (13.2)): defence doubled", noting 003's once-only doubling.
fn doubling_line(hex: Hex, reasons: &[String]) -> String {
    let once = if reasons.len() > 1 {
        "; doubled once only (003 Rounding)"
    } else {
        ""
    };
    format!("{hex}: defence doubled, {}{once}", reasons.join(" and "))
}
