//! 47: BLITZKRIEG '85's changes to rule 32 (air combat), played in a game of '85 that
//! records rule 32 (37.35, [`crate::ruleset::Ruleset::recorded_at_new`]).
//!
//! - 47.1: a fighter's strength for activity beyond 8 hexes of its base is halved,
//!   fractions down, after 32.32's doubling or tripling and before 47.34's halving; full
//!   only when it flies no further than 8 hexes to its target and lands within 8 of it.
//!   The interceptors (on patrol too: "this applies to Patrol Interception as well") are
//!   measured from their base to the hex they intercept over (a patroller by way of its
//!   patrol hex, 32.7), and back to their base, where they return (32.34).
//! - 47.1 too for the rest of 32's fighters in a game of '85 ([`fire_beyond`]): the
//!   escorts' part of the return fire (32.4: halved before the whole is halved,
//!   fractions up), the hunters meeting interceptors (32.52) or attacking them (32.51),
//!   and the strafers (32.6, 33.7: after the doubling). Each is measured from the base
//!   it took off from to the hex it fights over (the interceptors' hex a hunter
//!   attacks, the airbase a strafer strafes), and back: "beyond 8 hexes range from
//!   their initial base".
//! - 47.34: night bombing (33.6) may be intercepted, the interceptors' whole strength
//!   halved after all else, fractions down.
//! - 47.31: 32.31's case C reads "entering the first sea hex of a Sea Zone containing
//!   six or more naval surface combat strength points": the air and ground factors at
//!   sea of 32.31 no longer count, and no naval unit is built (42-45), so case C never
//!   starts an intercept range in '85 until they are.
//!
//! Nothing here changes a game of the Tournament Game, nor a game of '85 made before
//! rule 32 was played in '85 (it does not play 32 at all).

use crate::hex::Hex;
use crate::model::flight::Flight;
use crate::odds::Factor;
use crate::position::Position;
use crate::rules::Rules;
use crate::state::RuleSet;
use crate::units::{UnitId, UnitKind};

/// 47.1: the hexes a fighter flies to its target, and back, within which it keeps its
/// full strength (`85.toml`; none is halved should the figures not read, which a test
/// of the embedded figures rules out).
pub fn full_strength_hexes() -> u32 {
    crate::eighty5::Figures85::embedded().map_or(u32::MAX, |f| f.fighters.full_strength_hexes)
}

/// Whether rule 47 changes rule 32 in this game: a game of '85 that plays rule 32.
pub fn in_play(rules: &Rules) -> bool {
    rules.ruleset.rules == RuleSet::Eighty5 && super::in_play(&rules.ruleset)
}

/// 47.1: the hexes the defender's fighter `unit` flies from its base to `hex` (by way
/// of its patrol hex when on patrol, 32.7) and from `hex` back to its base: `None` for
/// a unit not on the map.
pub fn legs(pos: &Position, unit: &UnitId, hex: Hex) -> Option<(u32, u32)> {
    let base = pos.hex_of(unit)?;
    let out = match pos.patrol_of(unit) {
        Some(p) => base.distance(p.hex) + p.hex.distance(hex),
        None => base.distance(hex),
    };
    Some((out, hex.distance(base)))
}

/// 47.1: whether `unit` fights over `hex` beyond 8 hexes of its base (out or back).
pub fn beyond_range(pos: &Position, unit: &UnitId, hex: Hex) -> bool {
    legs(pos, unit, hex).is_some_and(|(out, back)| out.max(back) > full_strength_hexes())
}

/// 32.32 with 47.1 and 47.34: the factors `fighters` intercept `flight` with: each
/// one's attack factor, halved for want of basic industry (36.32-36.33), times `times`
/// (32.32's double or triple); in a game of '85 the part of those beyond 8 hexes of their
/// base halved, fractions down (47.1), then the whole halved at night, fractions down
/// (47.34). With the words the report adds to who fires.
pub fn interceptors_fire(
    rules: &Rules,
    pos: &Position,
    (fighters, flight): (&[UnitId], &Flight),
    times: u32,
) -> (Factor, String) {
    let night = flight.night;
    // 47.32: each measured to the hex of an air transport's way it meets it over.
    let over = |id: &UnitId| match (pos.patrol_of(id), pos.hex_of(id)) {
        (None, Some(base)) => flight.nearest_to(base),
        _ => flight.hex,
    };
    let attack = |id: &UnitId| rules.counters.get(id).map_or(0, |c| c.attack);
    let eighty5 = in_play(rules);
    let (far, near): (Vec<UnitId>, Vec<UnitId>) = fighters
        .iter()
        .cloned()
        .partition(|id| eighty5 && beyond_range(pos, id, over(id)));
    let group = |units: &[UnitId]| {
        let (f, words) =
            super::industry::fire_of(rules, pos, units, units.iter().map(attack).sum());
        (f.times(u64::from(times)), words)
    };
    let (mut fire, mut words) = group(fighters);
    if !far.is_empty() {
        let (n, _) = group(&near);
        let (f, _) = group(&far);
        fire = n + Factor::from(f.half().floor());
        let names: Vec<String> = far.iter().map(ToString::to_string).collect();
        words.push_str(&format!(
            ", {} at half beyond {} hexes of base (47.1)",
            names.join(", "),
            full_strength_hexes()
        ));
    }
    for id in fighters {
        let hex = over(id);
        if hex != flight.hex {
            words.push_str(&format!(", {id} meeting it over {hex} on its way (47.32)"));
        }
    }
    if eighty5 && night {
        fire = Factor::from(fire.half().floor());
        words.push_str(", halved at night (47.34)");
    }
    (fire, words)
}

/// 47.1 for the rest of rule 32's fighters (escorts returning fire, 32.4; hunters,
/// 32.5; strafers, 32.6): the factors `units` fire with over `hex`, each one's attack
/// factor times `times` (32's multiple for the fire), in a game of '85 the fighters'
/// beyond 8 hexes of their base (out or back, [`beyond_range`]) halved together,
/// fractions down, after the multiple; with the words the report adds to who fires
/// ("" when none is halved). A unit other than a fighter is never halved.
pub fn fire_beyond(
    rules: &Rules,
    pos: &Position,
    (units, hex): (&[UnitId], Hex),
    times: u32,
) -> (u32, String) {
    let eighty5 = in_play(rules);
    let counter = |id: &UnitId| rules.counters.get(id);
    let (far, near): (Vec<&UnitId>, Vec<&UnitId>) = units.iter().partition(|id| {
        eighty5
            && counter(id).is_some_and(|c| c.kind == UnitKind::Ftr)
            && beyond_range(pos, id, hex)
    });
    let sum = |u: &[&UnitId]| -> u32 {
        u.iter()
            .map(|id| counter(id).map_or(0, |c| c.attack))
            .sum::<u32>()
            .saturating_mul(times)
    };
    let fire = sum(&near).saturating_add(sum(&far) / 2);
    if far.is_empty() {
        return (fire, String::new());
    }
    let names: Vec<String> = far.iter().map(ToString::to_string).collect();
    let words = format!(
        ", {} at half beyond {} hexes of base (47.1)",
        names.join(", "),
        full_strength_hexes()
    );
    (fire, words)
}

/// 47.1, 47.34: what the defender's reaction template says of `flight` in a game of
/// '85: the halving beyond 8 hexes, and at night; `None` elsewhere.
pub fn template_note(rules: &Rules, flight: &crate::model::flight::Flight) -> Option<String> {
    if !in_play(rules) {
        return None;
    }
    let mut note = format!(
        "47.1: a fighter flying more than {} hexes from its base to the hex, or back, fires at half strength",
        full_strength_hexes()
    );
    if flight.night {
        note.push_str("; a night bombing: all your fighters' strength halved after that (47.34)");
    }
    Some(note)
}

/// 47.31: whether 32.31's case C counts naval surface combat strength alone (a game of
/// '85), so that the defender's air and ground factors at sea start no intercept
/// range. No naval unit is built yet (42-45): in '85 case C never triggers until one is.
pub fn case_c_naval(rules: &Rules) -> bool {
    rules.ruleset.rules == RuleSet::Eighty5
}
