//! The battles an order file declares, as they will be fought, before anything is
//! rolled: each battle's attackers and defenders with their factors, any doubling of
//! the defence, and the odds column the roll will be read on (14.1-14.2, 13.2-13.3,
//! 15.1). `blitz check` prints them, so a player sees his odds before he commits.
//! Worked out on the position after the orders' movement, the one the battles are
//! fought on; only for orders with no problem (with one, the position is not known).

use crate::game::{read_state, GameError, OrderText, Umpire};
use blitzkrieg::combat::{self, Strength};
use blitzkrieg::engine;
use blitzkrieg::odds::{self, Column, Factor, Odds};
use blitzkrieg::orders;
use blitzkrieg::rules::Rules;
use blitzkrieg::state::sha256_hex;
use blitzkrieg::state::GameState;
use blitzkrieg::units::UnitId;
use std::fmt::Write as _;

/// One declared battle as it stands before the roll.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BattlePreview {
    /// The battle's id, as the orders name it.
    pub id: String,
    /// Its factors, the defending hexes and why any is doubled.
    pub strength: Strength,
    /// 15.1: the odds the factors reduce to.
    pub odds: Odds,
}

/// The declared battles of legal orders, in the order the file gives them (empty
/// when the orders have a problem, declare no battle, or are a set-up).
pub fn battles(
    u: &Umpire,
    state_bytes: &[u8],
    state_file: &str,
    text: &OrderText,
) -> Result<Vec<BattlePreview>, GameError> {
    let state = read_state(state_bytes, state_file)?;
    let rules = u.rules_for(&state)?;
    Ok(battles_in(&rules, &state, &sha256_hex(state_bytes), text))
}

/// [`battles`] on a state already read, whose file hashes to `state_hash`.
pub fn battles_in(
    rules: &Rules,
    state: &GameState,
    state_hash: &str,
    text: &OrderText,
) -> Vec<BattlePreview> {
    let Ok(parsed) = orders::parse(&text.toml) else {
        return Vec::new();
    };
    match engine::check_orders(rules, state, &parsed, state_hash) {
        Ok(checked) => battles_checked(rules, &parsed, &checked),
        Err(_) => Vec::new(),
    }
}

/// The declared battles of orders already checked, read on the position checking
/// them produced: the movement is not planned again.
pub fn battles_checked(
    rules: &Rules,
    parsed: &orders::Orders,
    checked: &engine::Checked,
) -> Vec<BattlePreview> {
    let Some(pos) = checked.position_for_battles() else {
        return Vec::new();
    };
    parsed
        .attacks
        .iter()
        .map(|a| {
            let a = blitzkrieg::air::mission::with_support(a, &parsed.missions);
            let strength = combat::strength(rules, pos, &a);
            let odds = odds::reduce(strength.attack, strength.defence);
            BattlePreview {
                id: a.id.value.clone(),
                strength,
                odds,
            }
        })
        .collect()
}

/// The battles for a player to read:
///
/// ```text
/// Battle A1: 12:8 reduce to 1-1 (15.1); read on the 1-1 column
///   attack   B-4AR 6 (XX28), B-5AR 3 (XX28) = 9
///   halved   B-5AR: cut off from supply, attacking at half (23.6)
///   defence  YY29: R-1AR 6, R-2AR 6 = 12, doubled ... = 8
/// ```
pub fn render(previews: &[BattlePreview]) -> String {
    let mut t = String::new();
    if previews.is_empty() {
        return t;
    }
    let _ = writeln!(
        t,
        "\nThe battles declared, before the roll (the seed decides the results):"
    );
    for p in previews {
        let s = &p.strength;
        let _ = writeln!(t, "Battle {}: {}; {}", p.id, p.odds, column(&p.odds));
        let attackers: Vec<String> = s
            .attackers
            .iter()
            .map(|(u, h, f)| format!("{u} {f} ({h})"))
            .collect();
        let _ = writeln!(t, "  attack   {} = {}", attackers.join(", "), s.attack);
        if !s.cut_off.is_empty() {
            let ids: Vec<&str> = s.cut_off.iter().map(UnitId::as_str).collect();
            let _ = writeln!(
                t,
                "  halved   {}: cut off from supply, attacking at half (23.6)",
                ids.join(", ")
            );
        }
        let defenders: Vec<String> = s
            .defenders
            .iter()
            .map(|(u, printed, after)| {
                if *after == Factor::from(*printed) {
                    format!("{u} {after}")
                } else {
                    format!("{u} {printed} -> {after}")
                }
            })
            .collect();
        let hexes: Vec<String> = s.targets.iter().map(ToString::to_string).collect();
        let _ = writeln!(
            t,
            "  defence  {}: {} = {}",
            hexes.join(", "),
            defenders.join(", "),
            s.defence
        );
        for d in &s.doubling {
            let _ = writeln!(t, "  doubled  {d}");
        }
    }
    t
}

/// Where the roll will be read.
fn column(o: &Odds) -> String {
    match o.column() {
        Column::Table(c) => format!("read on the {} column", c.label()),
        Column::TooLow => "not allowed: worse than 1-6 (14.7)".to_string(),
        Column::Automatic => {
            "better than 6-1: the defender is eliminated without a roll".to_string()
        }
    }
}
