//! BLITZKRIEG '85's bombardment effect on a facility (52.4, with 41.10's damage
//! markers; "this alters 33"): a port, city-road or city's supply and industry bombed
//! takes a light or heavy damage marker instead of 33's timed PX, RCX or SRIX marker.
//! Owns the level a BBT result gives ([`level_of`]), the markers placed ([`bombed`]),
//! their removal in the owner's player-turns ([`wear_off`]) and the report's account
//! of every facility still damaged ([`status`]). While a facility has any damage its
//! PX, RCX or SRIX marker stays on the hex, so every question rule 33 answers (the
//! port, road and supply of `bombing/mod.rs`, 36's critical resources, 38.21's
//! aircraft cities) finds it inoperative (52.42-52.43: "for all the purposes of Rule
//! 33").
//!
//! Readings where 004 is silent:
//! - 52.44's "Intelligence Phase" is in none of the sequences of play: a level comes
//!   off at the end of each of the owner's player-turns. So light damage placed in the
//!   enemy's player-turn lasts through the rest of it and the owner's next (one enemy
//!   and one friendly player-turn, 52.42), heavy damage through two of each (52.43).
//! - 52.44's example lets the owner "remove one light or convert the heavy to light":
//!   either takes a level off; the umpire takes a light marker first, else turns a
//!   heavy one to light.
//! - The owner is the side whose facility was bombed (the bomber's enemy), who removes
//!   its markers in his player-turns until none is left.
//! - 41.10's mix of ten markers of each kind does not limit them: 52.44 allows "an
//!   unlimited number".

use crate::cite::{Paragraph, Ref, Rule};
use crate::event::Event;
use crate::hex::Hex;
use crate::marker::{Damage, DamageLevel, HexMarker, HexMarkerKind};
pub use crate::model::strike::facility;
use crate::position::Position;
use crate::rules::Rules;
use crate::units::Side;

/// 52: whether a bombed facility takes 52's damage markers (a game of BLITZKRIEG
/// '85) rather than 33's timed markers.
pub fn played(rules: &Rules) -> bool {
    rules.ruleset.plays85(52)
}

/// 52.5: whether the game plays 52.5's city capture effects (a game of '85 that
/// records them; one made before 52.5 was built plays on without, as it was begun).
pub fn capture_played(rules: &Rules) -> bool {
    rules.ruleset.plays85(crate::ruleset::CAPTURE_DAMAGE_52_5)
}

/// Whether `hex` is a hex of a city with a critical resource (36.2-36.4).
pub fn resource_city(rules: &Rules, hex: Hex) -> bool {
    rules.board.city_at(hex).is_some_and(|c| {
        c.roles.iter().any(|r| {
            matches!(
                r,
                crate::board::CityRole::Oil
                    | crate::board::CityRole::Industry
                    | crate::board::CityRole::Naval
            )
        })
    })
}

/// 52.51-52.52: heavy damage on the critical resources of the resource city hex `hex`
/// (CRX), owned by `owner` who took it (he removes its levels in his player-turns), in
/// the player-turn `now`; the note says why (`what`, with its paragraph).
fn heavy_on_resources(
    pos: &mut Position,
    hex: Hex,
    owner: Side,
    now: (u32, Side),
    (what, para): (String, Paragraph),
) -> Option<Event> {
    let (_, d) = bombed(pos, (hex, HexMarkerKind::CRX), owner, 3, now)?;
    Some(Event::Note {
        text: format!("{hex} {what}: its critical resources take heavy damage, now {d} (CRX)"),
        rule: Rule::para(para),
    })
}

/// 52.52: "Any time a city falls through combat all critical resources are assumed to
/// sustain heavy damage": each hex of `targets` (a battle's) that is a resource city
/// hex `side` did not hold at the start of the player-turn (`held`) and has a ground
/// unit of `side` in it after the battle.
pub fn fallen(
    rules: &Rules,
    pos: &mut Position,
    targets: &[Hex],
    held: &std::collections::BTreeMap<Hex, Side>,
    (turn, side): (u32, Side),
) -> Vec<Event> {
    if !capture_played(rules) {
        return Vec::new();
    }
    let taken: Vec<Hex> = targets
        .iter()
        .copied()
        .filter(|h| resource_city(rules, *h) && held.get(h) != Some(&side))
        .filter(|h| {
            pos.at(*h)
                .any(|p| p.side == side && !p.kind.is_air() && !pos.is_aloft(&p.id))
        })
        .collect();
    taken
        .into_iter()
        .filter_map(|h| {
            let why = (format!("falls to {side} through combat"), para!("52.52"));
            heavy_on_resources(pos, h, side, (turn, side), why)
        })
        .collect()
}

/// 52.51: "Reduced minor city critical resources are always assumed to sustained heavy
/// damage in its reduction": the minor country city hex `hex`, reduced by `side` in
/// this battle, if it is a resource city.
pub fn reduced(
    rules: &Rules,
    pos: &mut Position,
    hex: Hex,
    (turn, side): (u32, Side),
) -> Vec<Event> {
    if !capture_played(rules) || !resource_city(rules, hex) {
        return Vec::new();
    }
    let why = ("is reduced on the MCRT".to_string(), para!("52.51"));
    heavy_on_resources(pos, hex, side, (turn, side), why)
        .into_iter()
        .collect()
}

/// 52.41: "BBT results of "1" or "2" cause light damage. BBT results of "3" or more
/// cause heavy damage. BBT results of "-" have no effect."
pub fn level_of(result: u32) -> Option<DamageLevel> {
    match result {
        0 => None,
        1 | 2 => Some(DamageLevel::Light),
        _ => Some(DamageLevel::Heavy),
    }
}

/// The end of `owner`'s first player-turn after `now`'s (turn, side): when the
/// next level of its damage comes off.
fn owners_next(now: (u32, Side), owner: Side) -> (u32, Side) {
    if (now.0, owner) > now {
        (now.0, owner)
    } else {
        (now.0 + 1, owner)
    }
}

/// 52.41-52.44: the facility `kind` of `hex`, owned by `owner`, bombed in the
/// player-turn `now` with the BBT's `result`: the level it takes and the damage now on
/// it (`None` for a blank, which places nothing). Damage accumulates without limit.
pub fn bombed(
    pos: &mut Position,
    (hex, kind): (Hex, HexMarkerKind),
    owner: Side,
    result: u32,
    now: (u32, Side),
) -> Option<(DamageLevel, Damage)> {
    let level = level_of(result)?;
    let mut damage = pos
        .damage()
        .get(&hex)
        .and_then(|f| f.get(&kind))
        .copied()
        .unwrap_or_else(|| Damage::none(owner));
    damage.add(level);
    let (until_turn, until_side) = owners_next(now, damage.owner);
    let marker = HexMarker {
        kind,
        until_turn,
        until_side,
    };
    pos.set_damage(hex, marker, damage);
    Some((level, damage))
}

/// 52.44 at the end of `side`'s player-turn of `turn`: "One level of damage is
/// removed per friendly player turn": each of `side`'s damaged facilities loses one,
/// each said; a facility whose last comes off works again. Those in `keep` lose none
/// (52.6: "He may also choose not to remove damage").
pub fn wear_off(
    pos: &mut Position,
    turn: u32,
    side: Side,
    keep: &[(Hex, HexMarkerKind)],
) -> Vec<Event> {
    let due: Vec<(Hex, HexMarkerKind, Damage)> = pos
        .damage()
        .iter()
        .flat_map(|(h, f)| f.iter().map(move |(k, d)| (*h, *k, *d)))
        .filter(|(h, k, d)| {
            d.owner == side
                && pos.hex_marks().get(h).is_some_and(|set| {
                    set.iter()
                        .any(|m| m.kind == *k && (m.until_turn, m.until_side) <= (turn, side))
                })
        })
        .collect();
    let mut events = Vec::new();
    for (hex, kind, before) in due {
        let mut after = before;
        let marker = HexMarker {
            kind,
            until_turn: turn + 1,
            until_side: side,
        };
        if keep.contains(&(hex, kind)) {
            pos.set_damage(hex, marker, after);
            events.push(super::own::kept_note(side, hex, kind, after));
            continue;
        }
        after.remove_level();
        pos.set_damage(hex, marker, after);
        let what = facility(kind);
        let text = if after.is_clear() {
            format!("{side}'s {what} at {hex}: its last light damage marker comes off; it works again, its {kind} marker off")
        } else if after.heavy < before.heavy {
            format!("{side}'s {what} at {hex}: a heavy damage marker turned to light; damage left {after}")
        } else {
            format!(
                "{side}'s {what} at {hex}: a light damage marker comes off; damage left {after}"
            )
        };
        events.push(Event::Note {
            text,
            rule: Rule::para(para!("52.44")),
        });
    }
    events
}

/// 52.42-52.44, for the report: each damaged facility, its markers and the owner's
/// player-turns still to end before it works again, in hex order.
pub fn status(pos: &Position) -> Vec<Event> {
    pos.damage()
        .iter()
        .flat_map(|(h, f)| f.iter().map(move |(k, d)| (*h, *k, *d)))
        .map(|(hex, kind, d)| {
            let turns = d.turns_left();
            let plural = if turns == 1 { "" } else { "s" };
            Event::Note {
                text: format!(
                    "{}'s {} at {hex} is inoperative ({kind}): damage {d}; it works again after {turns} more of {}'s player-turn{plural}",
                    d.owner,
                    facility(kind),
                    d.owner
                ),
                rule: Rule::para(para!("52.42")).and(Ref::Para(para!("52.43").into())),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(s: &str) -> Hex {
        s.parse().unwrap()
    }

    /// 52.41: 1-2 light, 3 or more heavy, a blank nothing.
    #[test]
    fn a_bbt_number_is_light_or_heavy_damage_52_41() {
        assert_eq!(level_of(0), None);
        assert_eq!(level_of(1), Some(DamageLevel::Light));
        assert_eq!(level_of(2), Some(DamageLevel::Light));
        assert_eq!(level_of(3), Some(DamageLevel::Heavy));
        assert_eq!(level_of(6), Some(DamageLevel::Heavy));
    }

    /// 52.42-52.44: Blue bombs Red's port in Blue's turn 3, heavy then (turn 4) light:
    /// the levels accumulate, one comes off at the end of each of Red's player-turns
    /// (heavy to light first only when no light is left), and the PX marker stays
    /// while any is on it.
    #[test]
    fn damage_accumulates_and_wears_off_one_level_a_friendly_player_turn_52_44() {
        let mut pos = Position::new();
        let port = (h("NN48"), HexMarkerKind::PX);
        let d = bombed(&mut pos, port, Side::Red, 4, (3, Side::Blue));
        assert_eq!(d.map(|d| d.0), Some(DamageLevel::Heavy));
        assert!(pos.hex_marked(port.0, HexMarkerKind::PX, 3, Side::Red));
        // Blue's own player-turn ends: nothing comes off.
        pos.clear_expired(3, Side::Blue);
        assert!(wear_off(&mut pos, 3, Side::Blue, &[]).is_empty());
        // Red's turn 3 ends: heavy turned to light.
        assert_eq!(wear_off(&mut pos, 3, Side::Red, &[]).len(), 1);
        pos.clear_expired(3, Side::Red);
        let now = pos.damage()[&port.0][&port.1];
        assert_eq!((now.heavy, now.light), (0, 1));
        assert!(pos.hex_marked(port.0, HexMarkerKind::PX, 4, Side::Blue));
        // Blue's turn 4 adds a light: two light.
        bombed(&mut pos, port, Side::Red, 1, (4, Side::Blue));
        assert_eq!(pos.damage()[&port.0][&port.1].light, 2);
        wear_off(&mut pos, 4, Side::Red, &[]);
        pos.clear_expired(4, Side::Red);
        assert!(pos.hex_marked(port.0, HexMarkerKind::PX, 5, Side::Red));
        let events = wear_off(&mut pos, 5, Side::Red, &[]);
        pos.clear_expired(5, Side::Red);
        assert!(pos.damage().is_empty());
        assert!(!pos.hex_marked(port.0, HexMarkerKind::PX, 6, Side::Blue));
        assert!(
            format!("{events:?}").contains("it works again, its PX marker off"),
            "{events:?}"
        );
    }

    /// 52.42: light damage placed by Red on Blue's city in Red's turn 2 lasts through
    /// Blue's turn 3, and is off for Red's turn 3.
    #[test]
    fn light_damage_lasts_one_enemy_and_one_friendly_player_turn_52_42() {
        let mut pos = Position::new();
        let city = (h("J28"), HexMarkerKind::SRIX);
        bombed(&mut pos, city, Side::Blue, 2, (2, Side::Red));
        assert!(wear_off(&mut pos, 2, Side::Red, &[]).is_empty());
        assert!(pos.hex_marked(city.0, HexMarkerKind::SRIX, 3, Side::Blue));
        assert_eq!(wear_off(&mut pos, 3, Side::Blue, &[]).len(), 1);
        pos.clear_expired(3, Side::Blue);
        assert!(!pos.hex_marked(city.0, HexMarkerKind::SRIX, 3, Side::Red));
    }
}
