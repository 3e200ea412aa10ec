//! 32.6: strafing. Fighters attack the enemy's aircraft on the ground at an airbase at
//! double strength on the ACT; the airbase fires back at the same time (003 32.32) with
//! anti-aircraft strength half its grounded air factors, fractions up. Built for the
//! mover's hunters that attacked no interceptor (their hunt's `strafe`, 003's
//! "Hunting"); the defender's strafing during the stop before odds is not built.

use super::hunt::{fewest_first, fire_on_act};
use super::intercept::Roll;
use crate::air::AirEvent;
use crate::cite::Rule;
use crate::event::Event;
use crate::hex::Hex;
use crate::position::Position;
use crate::rules::Rules;
use crate::tables::CombatTables;
use crate::units::{Side, UnitId};

/// 32.6: the strength strafers attack at: double their factors.
const STRAFE_TIMES: u32 = 2;

/// 32.6: the enemy's aircraft on the ground at `hex`: on the map there, not in the air.
pub fn grounded(pos: &Position, enemy: Side, hex: Hex) -> Vec<UnitId> {
    pos.aircraft()
        .filter(|p| p.side == enemy && p.hex == hex && !pos.is_aloft(&p.id))
        .map(|p| p.id.clone())
        .collect()
}

/// 32.6 with 003 32.32 and 003 32.6/33.2/33.7: `strafers` of `side`'s attack the
/// enemy's grounded aircraft at `hex` at double strength (roll `strafe-HEX`), and the
/// airbase fires back at the same time at half its grounded aircraft's printed attack
/// factors, fractions up (roll `aa-HEX`): no halving for supply or weather (003). The
/// aircraft strafed take their losses the fewest factors first, the strafers theirs so
/// too. An airbase with no grounded enemy aircraft is not strafed (nothing to attack;
/// the strafers simply return to base, a reading where 32.6 is silent).
pub fn strafe(
    rules: &Rules,
    pos: &mut Position,
    (side, hex, strafers): (Side, Hex, &[UnitId]),
    tables: &dyn CombatTables,
    roll: &mut Roll,
) -> Result<Vec<Event>, String> {
    let targets = grounded(pos, side.other(), hex);
    if targets.is_empty() || strafers.is_empty() {
        return Ok(Vec::new());
    }
    let attack = |id: &UnitId| rules.counters.get(id).map_or(0, |c| c.attack);
    let names = |u: &[UnitId]| {
        u.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let ours: u32 = strafers.iter().map(attack).sum();
    let theirs: u32 = targets.iter().map(attack).sum();
    let fire = fire_on_act(
        (
            hex,
            format!(
                "{} strafing the grounded {} at double strength",
                names(strafers),
                names(&targets)
            ),
            ours * STRAFE_TIMES,
        ),
        &format!("strafe-{hex}"),
        tables,
        roll,
        Rule::para(para!("32.6")),
    )?;
    let aa = fire_on_act(
        (
            hex,
            "the airbase's anti-aircraft fire at half the grounded air factors".into(),
            theirs.div_ceil(2),
        ),
        &format!("aa-{hex}"),
        tables,
        roll,
        Rule::para(para!("32.6")),
    )?;
    let (hit_grounded, hit_strafers) = (fire.lost, aa.lost);
    let mut events = vec![
        Event::Air(AirEvent::AirCombat(fire)),
        Event::Air(AirEvent::AirCombat(aa)),
    ];
    events.extend(crate::bombing::take_factors(
        rules,
        pos,
        hex,
        fewest_first(rules, &targets),
        hit_grounded,
        "the strafing",
        &Rule::para(para!("32.6")),
    ));
    events.extend(crate::bombing::take_factors(
        rules,
        pos,
        hex,
        fewest_first(rules, strafers),
        hit_strafers,
        "the anti-aircraft fire",
        &Rule::para(para!("32.6")),
    ));
    Ok(events)
}
