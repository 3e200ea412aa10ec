//! Where every counter in play is, and the questions the rules ask of that: who is in
//! a hex, stacking counts, and zones of control (8.1). Besides the map: the units at
//! sea in each zone's At Sea Box (19.1) (units on assault hexes, 20.31, are on the map,
//! on their full sea hex, marked [`UnitMarker::Assault`]), which aircraft are in the air (the rest of
//! them on the map are on the ground, 30), and the markers on units and hexes (21.1,
//! 33.2-33.5).
//!
//! 21.1-21.2: units beaten by an automatic victory ([`UnitMarker::AutomaticVictory`])
//! stay on the map, turned over, until they are removed after combat; until then they
//! are out of every question but [`Position::pieces`], [`Position::get`] and
//! [`Position::beaten_at`]: their ZOC is ignored, they hold no hex against the
//! enemy (who may move through and stop on it), they are not attacked and they count
//! for no stacking limit (003 21.2).

mod grid;
mod zoc;

use crate::board::SeaZone;
use crate::hex::Hex;
use crate::marker::{HexMarker, HexMarkerKind, UnitMarker};
use crate::units::{stack_halves, Counter, Side, UnitId, UnitKind};
use grid::SideGrid;
use std::collections::{BTreeMap, BTreeSet};
use zoc::ZocField;

/// A counter on the map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    pub id: UnitId,
    pub side: Side,
    pub kind: UnitKind,
    pub hex: Hex,
    /// 26.4: a substitute, counted as half a unit like rangers.
    pub substitute: bool,
}

/// A unit in the At Sea Box of a sea zone (19.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Afloat {
    pub id: UnitId,
    pub side: Side,
    pub kind: UnitKind,
    pub zone: SeaZone,
    /// 26.4: a substitute, half a unit toward the 10 at sea (19.3).
    pub substitute: bool,
}

/// The counters in play, the map's indexed by id and by hex. Plain data; cloning is
/// cheap enough for the engine to work on a copy and hand the original back untouched.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Position {
    pieces: BTreeMap<UnitId, Piece>,
    /// The same pieces by hex, each hex's in id order: asking who is in a hex, which
    /// every rule of movement, combat and supply does, reads one list.
    by_hex: BTreeMap<Hex, Vec<Piece>>,
    /// The aircraft among the pieces (30), for the questions only they are asked.
    aircraft: BTreeSet<UnitId>,
    /// 8.1, 8.3: for each side and hex, how many of the side's ground units have it in
    /// their ZOC, and how many of those are armor or air-assault: kept with the map so
    /// that asking whether a hex is in enemy ZOC is one look-up.
    zoc: ZocField,
    at_sea: BTreeMap<UnitId, Afloat>,
    aloft: BTreeSet<UnitId>,
    marks: BTreeMap<UnitId, BTreeSet<UnitMarker>>,
    /// 21.1: the units marked [`UnitMarker::AutomaticVictory`], kept apart from
    /// `marks` so that a position without any is asked nothing.
    beaten: BTreeSet<UnitId>,
    hex_marks: BTreeMap<Hex, BTreeSet<HexMarker>>,
    /// 26.1, 26.3: counters taken out of play this player-turn without being lost:
    /// broken down into substitutes, or substitutes recombined.
    retired: BTreeSet<UnitId>,
    /// 29.2-29.4, 29.7: what the minor countries add to the map, set by
    /// the minor-country rules: unreduced cities closed to a side, hexes its supply
    /// routes may not cross, and cities friendly to their liberator.
    minor: MinorOverlay,
    // 34 (weather)
    /// 34: the weather of the complete-turn, which the rules of combat and air
    /// operations ask (clear in a game without rule 34).
    weather: crate::tables::Weather,
    // 36: critical resources.
    /// 36.1: what each side has the use of this player-turn (optional rule 36).
    resources: crate::model::resources::Uses,
    // 32.7, 33.7: patrol and patrol/interdiction.
    /// 32.7, 33.7: the aircraft in the air over a patrol hex (standing at their base).
    patrols: BTreeMap<UnitId, crate::model::flight::Patrol>,
    /// 33.7: the patrol/interdiction zones counted into the ZOC field, by side and
    /// patrol hex.
    interdiction: BTreeSet<(Side, Hex)>,
    // 52: bombardment effect (BLITZKRIEG '85).
    /// 52.4: the damage markers on each bombed facility, by hex and facility (its
    /// PX, RCX or SRIX kind).
    damage: BTreeMap<Hex, BTreeMap<HexMarkerKind, crate::marker::Damage>>,
    // 49: airfields (BLITZKRIEG '85).
    /// 49.3, 49.5: the airfields on the board, each with the side that owns it now.
    airfields: BTreeMap<Hex, Side>,
}

/// 29: the minor countries' part of the map, for one player-turn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct MinorOverlay {
    /// 29.4: unreduced cities the side may not enter.
    barred: SideGrid<bool>,
    /// 29.7: hexes the side's supply routes may not cross.
    no_supply: SideGrid<bool>,
    /// 29.2: unreduced cities friendly to their liberator when not in the aggressor's
    /// ZOC.
    liberated: BTreeMap<Hex, Side>,
}

impl Position {
    pub fn new() -> Position {
        Position::default()
    }

    /// 34: the weather of the complete-turn.
    pub fn weather(&self) -> crate::tables::Weather {
        self.weather
    }

    /// 34: sets the weather of the complete-turn.
    pub fn set_weather(&mut self, weather: crate::tables::Weather) {
        self.weather = weather;
    }

    /// Puts a counter on `hex` (moving it if it is already on the map).
    pub fn put(&mut self, id: UnitId, side: Side, kind: UnitKind, hex: Hex) {
        self.place(id, side, kind, hex, false);
    }

    /// Puts the counter `c` on `hex`: a full unit or a substitute (26.4).
    pub fn put_counter(&mut self, c: &Counter, hex: Hex) {
        self.place(c.id.clone(), c.side, c.kind, hex, c.is_substitute());
    }

    fn place(&mut self, id: UnitId, side: Side, kind: UnitKind, hex: Hex, substitute: bool) {
        self.unindex(&id);
        if !self.retired.is_empty() {
            self.retired.remove(&id);
        }
        if !self.at_sea.is_empty() {
            self.at_sea.remove(&id);
        }
        if !self.is_beaten(&id) {
            self.count_zoc(side, kind, hex, true);
        }
        let piece = Piece {
            id,
            side,
            kind,
            hex,
            substitute,
        };
        let list = self.by_hex.entry(hex).or_default();
        let at = list.partition_point(|q| q.id < piece.id);
        list.insert(at, piece.clone());
        if kind.is_air() {
            self.aircraft.insert(piece.id.clone());
        }
        self.pieces.insert(piece.id.clone(), piece);
    }

    /// Puts many counters on the map at once (a state's map, read whole): each index
    /// built in one pass when the map is empty and `pieces` come in id order, else one
    /// by one as [`Position::put`] does.
    pub fn put_all(&mut self, pieces: Vec<Piece>) {
        let fresh = self.pieces.is_empty()
            && self.at_sea.is_empty()
            && self.retired.is_empty()
            && self.beaten.is_empty();
        if !fresh || !pieces.is_sorted_by(|a, b| a.id < b.id) {
            for p in pieces {
                self.place(p.id, p.side, p.kind, p.hex, p.substitute);
            }
            return;
        }
        let cols = pieces.iter().map(|p| p.hex.col()).max().unwrap_or(0);
        let nums = pieces.iter().map(|p| p.hex.num()).max().unwrap_or(0);
        if let Some(last) = Hex::new(cols.saturating_add(1), nums.saturating_add(1)) {
            self.zoc.reserve(last);
        }
        for p in &pieces {
            self.count_zoc(p.side, p.kind, p.hex, true);
            self.by_hex.entry(p.hex).or_default().push(p.clone());
            if p.kind.is_air() {
                self.aircraft.insert(p.id.clone());
            }
        }
        self.pieces = pieces.into_iter().map(|p| (p.id.clone(), p)).collect();
    }

    /// Moves a counter already on the map; returns false if it is not on the map.
    pub fn move_to(&mut self, id: &UnitId, hex: Hex) -> bool {
        let Some(p) = self.pieces.get(id).cloned() else {
            return false;
        };
        self.place(p.id, p.side, p.kind, hex, p.substitute);
        true
    }

    /// Takes a counter out of play: off the map (or out of the At Sea Box), its markers
    /// with it. Returns it as it stood on the map, if it was there.
    pub fn remove(&mut self, id: &UnitId) -> Option<Piece> {
        self.at_sea.remove(id);
        self.aloft.remove(id);
        if !self.patrols.is_empty() {
            self.patrols.remove(id);
        }
        let piece = self.unindex(id);
        self.marks.remove(id);
        self.beaten.remove(id);
        piece
    }

    /// 26.1, 26.3: takes a counter out of play among the inactive counters, not lost:
    /// a full unit broken down, or substitutes recombined (on the map or at sea).
    /// Returns it as it stood on the map, if it was there.
    pub fn retire(&mut self, id: &UnitId) -> Option<Piece> {
        if self.pieces.contains_key(id) || self.at_sea.contains_key(id) {
            self.retired.insert(id.clone());
        }
        self.remove(id)
    }

    /// Whether the counter was taken out of play this player-turn without being lost.
    pub fn is_retired(&self, id: &UnitId) -> bool {
        self.retired.contains(id)
    }

    /// Takes a counter off the map's indexes, keeping its markers.
    fn unindex(&mut self, id: &UnitId) -> Option<Piece> {
        let p = self.pieces.remove(id)?;
        if p.kind.is_air() {
            self.aircraft.remove(id);
        }
        if let Some(list) = self.by_hex.get_mut(&p.hex) {
            list.retain(|q| q.id != *id);
            if list.is_empty() {
                self.by_hex.remove(&p.hex);
            }
        }
        if !self.is_beaten(id) {
            self.count_zoc(p.side, p.kind, p.hex, false);
        }
        Some(p)
    }

    /// 8.1: a ground unit of `side` in `hex` adds (or, taken away, removes) its ZOC over
    /// the hex and the six around it. Aircraft have none (30.5).
    fn count_zoc(&mut self, side: Side, kind: UnitKind, hex: Hex, add: bool) {
        if kind.is_air() {
            return;
        }
        let armor = kind.is_armor_type();
        for h in std::iter::once(hex).chain(hex.neighbours()) {
            self.zoc.count(side, h, armor, add);
        }
    }

    pub fn get(&self, id: &UnitId) -> Option<&Piece> {
        self.pieces.get(id)
    }

    pub fn hex_of(&self, id: &UnitId) -> Option<Hex> {
        self.pieces.get(id).map(|p| p.hex)
    }

    /// Every counter on the map, in id order.
    pub fn pieces(&self) -> impl Iterator<Item = &Piece> {
        self.pieces.values()
    }

    /// The aircraft on the map (on the ground or in the air), in id order.
    pub fn aircraft(&self) -> impl Iterator<Item = &Piece> {
        self.aircraft.iter().filter_map(|id| self.pieces.get(id))
    }

    /// The counters in `hex`, in id order, but those beaten by an automatic victory
    /// (21.1).
    pub fn at(&self, hex: Hex) -> impl Iterator<Item = &Piece> {
        self.all_at(hex).filter(|p| !self.is_beaten(&p.id))
    }

    /// 21.1: the counters in `hex` beaten by an automatic victory and not yet removed,
    /// in id order.
    pub fn beaten_at(&self, hex: Hex) -> impl Iterator<Item = &Piece> {
        self.all_at(hex).filter(|p| self.is_beaten(&p.id))
    }

    /// Every counter in `hex`, in id order.
    fn all_at(&self, hex: Hex) -> impl Iterator<Item = &Piece> {
        self.by_hex.get(&hex).into_iter().flatten()
    }

    /// 21.1: the unit was beaten by an automatic victory this player-turn (turned over
    /// until it is removed after combat).
    pub fn is_beaten(&self, id: &UnitId) -> bool {
        !self.beaten.is_empty() && self.beaten.contains(id)
    }

    /// Occupied hexes, in hex order.
    pub fn occupied(&self) -> impl Iterator<Item = Hex> + '_ {
        self.by_hex.keys().copied()
    }

    /// 11.1 with 26.4: the counters in `hex` in half units, as the stacking limit counts
    /// them (a ranger half a unit; substitutes likewise once they are in play, 26).
    /// Aircraft are based "in addition to 3 ground units" (30.2): they are not counted.
    pub fn stack_halves_at(&self, hex: Hex) -> u32 {
        self.at(hex)
            .filter(|p| !p.kind.is_air())
            .map(Position::halves_of)
            .sum()
    }

    /// 11.1 with 26.4: a piece's weight for stacking, in half units.
    pub fn halves_of(piece: &Piece) -> u32 {
        stack_halves(piece.kind, piece.substitute)
    }

    /// 11.1: how many counters stand in `hex` (003 21.2: not those beaten by an
    /// automatic victory).
    pub fn count_at(&self, hex: Hex) -> usize {
        self.at(hex).count()
    }

    /// The side holding `hex`, if anyone does (two sides never share a hex, 7.5).
    pub fn side_at(&self, hex: Hex) -> Option<Side> {
        self.at(hex).next().map(|p| p.side)
    }

    /// 8.1: `hex` lies in the zone of control of some unit of `side`: the unit's own hex
    /// and the six around it, whatever the terrain. Aircraft have no ZOC (30.5).
    pub fn in_zoc_of(&self, side: Side, hex: Hex) -> bool {
        self.zoc.get(side, hex).units > 0
    }

    /// 8.3: `hex` lies in the zone of control of an armor or air-assault unit of `side`.
    pub fn in_armor_zoc_of(&self, side: Side, hex: Hex) -> bool {
        self.zoc.get(side, hex).armor > 0
    }

    /// 8.1, 8.3: the hexes of the armor and air-assault units of `side` whose ZOC
    /// holds `hex` (the hex itself and its neighbours that have one), in hex order.
    pub fn armor_zoc_sources(&self, side: Side, hex: Hex) -> Vec<Hex> {
        std::iter::once(hex)
            .chain(hex.neighbours())
            .filter(|&h| {
                self.at(h)
                    .any(|p| p.side == side && !p.kind.is_air() && p.kind.is_armor_type())
                    // 33.7: a patrol/interdiction zone is an armor-type ZOC.
                    || self.interdiction.contains(&(side, h))
            })
            .collect()
    }

    /// 19.1, 19.3: puts the counter `c` in the At Sea Box of `zone`, off the map.
    pub fn put_to_sea(&mut self, c: &Counter, zone: SeaZone) {
        self.remove(&c.id);
        self.retired.remove(&c.id);
        self.at_sea.insert(
            c.id.clone(),
            Afloat {
                id: c.id.clone(),
                side: c.side,
                kind: c.kind,
                zone,
                substitute: c.is_substitute(),
            },
        );
    }

    /// The unit `id` if it is at sea.
    pub fn afloat(&self, id: &UnitId) -> Option<&Afloat> {
        self.at_sea.get(id)
    }

    /// Every unit at sea, in id order.
    pub fn at_sea(&self) -> impl Iterator<Item = &Afloat> {
        self.at_sea.values()
    }

    /// 19.3 with 26.4: the units `side` has at sea, in half units ("the total number of
    /// units at sea may never exceed 10 per side"); 003 19.3: "Invading units on sea
    /// hexes count towards this limit" (those on assault hexes, 20.31).
    pub fn sea_halves(&self, side: Side) -> u32 {
        let boxes: u32 = self
            .at_sea
            .values()
            // 30.3: aircraft at sea are "in addition to the 10 ground units".
            .filter(|a| a.side == side && !a.kind.is_air())
            .map(|a| stack_halves(a.kind, a.substitute))
            .sum();
        let assault: u32 = self
            .on_assault_hexes()
            .filter(|p| p.side == side)
            .map(Position::halves_of)
            .sum();
        boxes + assault
    }

    /// 20.31: the units standing on assault hexes (full sea hexes) for an opposed
    /// invasion, in id order.
    pub fn on_assault_hexes(&self) -> impl Iterator<Item = &Piece> {
        self.marked_with(UnitMarker::Assault)
            .filter_map(|id| self.pieces.get(id))
    }

    /// 19.2: a unit at sea lands on `hex`; false if it was not at sea.
    pub fn land(&mut self, id: &UnitId, hex: Hex) -> bool {
        let Some(a) = self.at_sea.remove(id) else {
            return false;
        };
        self.place(a.id, a.side, a.kind, hex, a.substitute);
        true
    }

    /// 30, 32: an aircraft on the map takes to the air over its hex, or lands again.
    /// False if `id` is not an aircraft on the map.
    pub fn set_aloft(&mut self, id: &UnitId, aloft: bool) -> bool {
        if !self.pieces.get(id).is_some_and(|p| p.kind.is_air()) {
            return false;
        }
        if aloft {
            self.aloft.insert(id.clone());
        } else {
            self.aloft.remove(id);
        }
        true
    }

    /// Whether `id` is an aircraft in the air (else, on the map, on the ground).
    pub fn is_aloft(&self, id: &UnitId) -> bool {
        self.aloft.contains(id)
    }

    /// 21.1, 33.2: marks a unit in play; false if it is not in play.
    pub fn mark(&mut self, id: &UnitId, m: UnitMarker) -> bool {
        if self.pieces.contains_key(id) || self.at_sea.contains_key(id) {
            let added = self.marks.entry(id.clone()).or_default().insert(m);
            if added && m == UnitMarker::AutomaticVictory {
                self.beaten.insert(id.clone());
                self.beaten_zoc(id, false);
            }
            true
        } else {
            false
        }
    }

    /// Takes a marker off a unit.
    pub fn unmark(&mut self, id: &UnitId, m: UnitMarker) {
        let Some(set) = self.marks.get_mut(id) else {
            return;
        };
        let removed = set.remove(&m);
        if set.is_empty() {
            self.marks.remove(id);
        }
        if removed && m == UnitMarker::AutomaticVictory {
            self.beaten.remove(id);
            self.beaten_zoc(id, true);
        }
    }

    /// 21.1: a unit beaten by an automatic victory loses its ZOC (`add` false), and has
    /// it again if the marker comes off while it is on the map.
    fn beaten_zoc(&mut self, id: &UnitId, add: bool) {
        if let Some(p) = self.pieces.get(id) {
            let (side, kind, hex) = (p.side, p.kind, p.hex);
            self.count_zoc(side, kind, hex, add);
        }
    }

    /// The units carrying the marker `m`, in id order.
    pub fn marked_with(&self, m: UnitMarker) -> impl Iterator<Item = &UnitId> + '_ {
        self.marks
            .iter()
            .filter(move |(_, set)| set.contains(&m))
            .map(|(id, _)| id)
    }

    /// Takes the marker `m` off every unit carrying it.
    pub fn unmark_all(&mut self, m: UnitMarker) {
        let marked: Vec<UnitId> = self.marked_with(m).cloned().collect();
        for id in marked {
            self.unmark(&id, m);
        }
    }

    pub fn is_marked(&self, id: &UnitId, m: UnitMarker) -> bool {
        self.marks.get(id).is_some_and(|s| s.contains(&m))
    }

    /// Every marked unit and its markers, in id order.
    pub fn marks(&self) -> &BTreeMap<UnitId, BTreeSet<UnitMarker>> {
        &self.marks
    }

    /// 33.3-33.5: puts a PX, RCX or SRIX counter on `hex`.
    pub fn mark_hex(&mut self, hex: Hex, m: HexMarker) {
        self.hex_marks.entry(hex).or_default().insert(m);
    }

    /// Whether a marker of `kind` is on `hex` during `side`'s player-turn of `turn`.
    pub fn hex_marked(&self, hex: Hex, kind: HexMarkerKind, turn: u32, side: Side) -> bool {
        self.hex_marks
            .get(&hex)
            .is_some_and(|s| s.iter().any(|m| m.kind == kind && m.in_force(turn, side)))
    }

    /// Every marked hex and its markers, in hex order.
    /// 36.1: records what each side has the use of this player-turn.
    pub fn set_resources(&mut self, uses: crate::model::resources::Uses) {
        self.resources = uses;
    }

    /// 36.1: what `side` has the use of this player-turn; `None` in a game without
    /// optional rule 36.
    pub fn resources(&self, side: Side) -> Option<crate::model::resources::Use> {
        self.resources.get(&side).copied()
    }

    pub fn hex_marks(&self) -> &BTreeMap<Hex, BTreeSet<HexMarker>> {
        &self.hex_marks
    }

    /// 33.3: takes off the PX, RCX and SRIX markers whose time is up at the end of
    /// `side`'s player-turn of `turn` (the hexes barraged come off by
    /// [`Position::clear_barrages`]).
    pub fn clear_expired(&mut self, turn: u32, side: Side) {
        let damage = &self.damage;
        for (hex, set) in self.hex_marks.iter_mut() {
            set.retain(|m| {
                m.kind == HexMarkerKind::Barraged
                    || (m.until_turn, m.until_side) > (turn, side)
                    || damage.get(hex).is_some_and(|d| d.contains_key(&m.kind))
            });
        }
        self.hex_marks.retain(|_, set| !set.is_empty());
    }

    /// 52.4: the damage markers on every damaged facility, by hex and facility.
    pub fn damage(&self) -> &BTreeMap<Hex, BTreeMap<HexMarkerKind, crate::marker::Damage>> {
        &self.damage
    }

    /// 52.4: sets the damage markers on the facility `kind` of `hex`, and the
    /// facility's PX, RCX or SRIX marker with them: `marker` while any damage is left
    /// (it names the end of the owner's player-turn that takes the next level off),
    /// neither once the damage is clear.
    pub fn set_damage(&mut self, hex: Hex, marker: HexMarker, damage: crate::marker::Damage) {
        let kind = marker.kind;
        if let Some(set) = self.hex_marks.get_mut(&hex) {
            set.retain(|m| m.kind != kind);
        }
        if damage.is_clear() {
            if let Some(d) = self.damage.get_mut(&hex) {
                d.remove(&kind);
            }
        } else {
            self.damage.entry(hex).or_default().insert(kind, damage);
            self.hex_marks.entry(hex).or_default().insert(marker);
        }
        self.damage.retain(|_, d| !d.is_empty());
        self.hex_marks.retain(|_, set| !set.is_empty());
    }

    /// 25.3-25.4: whether `hex` was attacked on the BBT this player-turn.
    pub fn is_barraged(&self, hex: Hex) -> bool {
        self.hex_marks
            .get(&hex)
            .is_some_and(|s| s.iter().any(|m| m.kind == HexMarkerKind::Barraged))
    }

    /// 25.3-25.4: takes the marks of the hexes barraged off at the end of the
    /// player-turn.
    pub fn clear_barrages(&mut self) {
        for set in self.hex_marks.values_mut() {
            set.retain(|m| m.kind != HexMarkerKind::Barraged);
        }
        self.hex_marks.retain(|_, set| !set.is_empty());
    }

    /// 29.4: an unreduced minor country city exerts an infantry ZOC over `hexes` as a
    /// unit of `side` would (`add` false takes it away once the city is reduced).
    pub fn count_city_zoc(&mut self, side: Side, hexes: &[Hex], add: bool) {
        for &h in hexes {
            self.zoc.count(side, h, false, add);
        }
    }

    /// 29.4: `side` may not enter `hex` (an unreduced minor country city), or may again
    /// (`barred` false).
    pub fn bar(&mut self, side: Side, hex: Hex, barred: bool) {
        if barred || !self.minor.barred.is_default(side, hex) {
            if let Some(b) = self.minor.barred.get_mut(side, hex) {
                *b = barred;
            }
        }
    }

    /// 29.4: whether `side` may not enter `hex`.
    pub fn is_barred(&self, side: Side, hex: Hex) -> bool {
        self.minor.barred.get(side, hex)
    }

    /// 29.7: the supply routes of `side` may not cross `hex`.
    pub fn bar_supply(&mut self, side: Side, hex: Hex) {
        if let Some(b) = self.minor.no_supply.get_mut(side, hex) {
            *b = true;
        }
    }

    /// 29.7: whether the supply routes of `side` may not cross `hex`.
    pub fn supply_barred(&self, side: Side, hex: Hex) -> bool {
        self.minor.no_supply.get(side, hex)
    }

    /// 29.2: the unreduced city `hex` is friendly to its liberator `side` whenever it
    /// is not in the aggressor's ZOC (`None`: no longer, once reduced).
    pub fn set_liberator(&mut self, hex: Hex, side: Option<Side>) {
        match side {
            Some(s) => self.minor.liberated.insert(hex, s),
            None => self.minor.liberated.remove(&hex),
        };
    }

    /// 29.2: the liberator a minor country city is friendly to as a home city is.
    pub fn liberator_of(&self, hex: Hex) -> Option<Side> {
        self.minor.liberated.get(&hex).copied()
    }

    /// Ground units of `side` adjacent to `hex` (not in it), in hex then id order.
    /// Aircraft on the ground neither attack nor are attacked by adjacency (30.5, 30.9).
    pub fn adjacent_of(&self, side: Side, hex: Hex) -> Vec<&Piece> {
        hex.neighbours()
            .flat_map(|h| self.at(h))
            .filter(|p| p.side == side && !p.kind.is_air())
            .collect()
    }

    // 32.7, 33.7: patrol and patrol/interdiction.
    /// 32.7, 33.7: puts `id` on patrol over a hex, or takes it off (`None`).
    pub fn set_patrol(&mut self, id: &UnitId, patrol: Option<crate::model::flight::Patrol>) {
        match patrol {
            Some(p) => {
                self.patrols.insert(id.clone(), p);
            }
            None => {
                self.patrols.remove(id);
            }
        }
    }

    /// 32.7, 33.7: the aircraft on patrol and their patrol hexes, in id order.
    /// 49.3, 49.5: the airfields on the board and their owners.
    pub fn set_airfields(&mut self, airfields: BTreeMap<Hex, Side>) {
        self.airfields = airfields;
    }

    /// 49.3, 49.5: the side that owns the airfield in `hex`, if there is one.
    pub fn airfield_owner(&self, hex: Hex) -> Option<Side> {
        self.airfields.get(&hex).copied()
    }

    /// 49.3, 49.5: the airfields on the board, each with its owner now, in hex order.
    pub fn airfields(&self) -> &BTreeMap<Hex, Side> {
        &self.airfields
    }

    pub fn patrols(&self) -> &BTreeMap<UnitId, crate::model::flight::Patrol> {
        &self.patrols
    }

    /// 32.7, 33.7: the patrol of `id`, if it is on one.
    pub fn patrol_of(&self, id: &UnitId) -> Option<&crate::model::flight::Patrol> {
        self.patrols.get(id)
    }

    /// 33.7: the patrol/interdiction zones that exert an armor-type ZOC (the patrol
    /// hex and the six around it), by side and patrol hex: those counted before are
    /// taken out of the ZOC field and these counted in.
    pub fn set_interdiction(&mut self, zones: BTreeSet<(Side, Hex)>) {
        if zones == self.interdiction {
            return;
        }
        for (side, hex) in std::mem::take(&mut self.interdiction) {
            for h in std::iter::once(hex).chain(hex.neighbours()) {
                self.zoc.count(side, h, true, false);
            }
        }
        for &(side, hex) in &zones {
            for h in std::iter::once(hex).chain(hex.neighbours()) {
                self.zoc.count(side, h, true, true);
            }
        }
        self.interdiction = zones;
    }

    /// 003 33.7: whether `hex` is in the ZOC of `side`'s ground units, not counting
    /// patrol/interdiction (which eliminates no grounded aircraft).
    pub fn in_ground_zoc_of(&self, side: Side, hex: Hex) -> bool {
        let zones = self
            .interdiction
            .iter()
            .filter(|(s, h)| *s == side && h.distance(hex) <= 1)
            .count();
        usize::from(self.zoc.get(side, hex).units) > zones
    }
}

/// 23.6: a unit cut off attacks at half its factor (the report shows the exact half,
/// 003 Rounding); it "may not ... advance after combat in that player-turn". What
/// the position holds of it (its out-of-supply marker), asked by the rules that build
/// on supply (36's factors), so it sits with the position; `supply::is_cut_off` is it.
pub fn is_cut_off(pos: &Position, id: &UnitId) -> bool {
    pos.is_marked(id, UnitMarker::OutOfSupply)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(s: &str) -> Hex {
        s.parse().unwrap()
    }
    fn id(s: &str) -> UnitId {
        UnitId::new(s).unwrap()
    }

    #[test]
    fn zoc_is_the_hex_and_its_six_neighbours_8_1() {
        let mut p = Position::new();
        p.put(id("R-1IN"), Side::Red, UnitKind::Infantry, h("M10"));
        assert!(p.in_zoc_of(Side::Red, h("M10")));
        for n in h("M10").neighbours() {
            assert!(p.in_zoc_of(Side::Red, n), "{n}");
        }
        assert!(!p.in_zoc_of(Side::Red, h("M12")));
        assert!(!p.in_zoc_of(Side::Blue, h("M10")));
        assert!(!p.in_armor_zoc_of(Side::Red, h("M11")));
        p.put(id("R-2AR"), Side::Red, UnitKind::Armor, h("M10"));
        assert!(p.in_armor_zoc_of(Side::Red, h("M11")));
    }

    /// The ZOC kept with the map is the ZOC of the units on it, after every kind of
    /// change: placing, moving, stacking, removing, aircraft that have none, units
    /// beaten by an automatic victory that have none until the marker comes off (21.1).
    #[test]
    fn the_zoc_kept_with_the_map_follows_every_change_8_1() {
        let brute = |p: &Position, side: Side, hex: Hex, armor: bool| {
            std::iter::once(hex)
                .chain(hex.neighbours())
                .flat_map(|n| p.at(n))
                .any(|u| u.side == side && !u.kind.is_air() && (!armor || u.kind.is_armor_type()))
        };
        let mut p = Position::new();
        let steps: [(&str, Side, UnitKind, &str); 7] = [
            ("R-1IN", Side::Red, UnitKind::Infantry, "M10"),
            ("R-2AR", Side::Red, UnitKind::Armor, "M10"),
            ("B-1AR", Side::Blue, UnitKind::Armor, "N12"),
            ("R-2AR", Side::Red, UnitKind::Armor, "O11"),
            ("B-TAC", Side::Blue, UnitKind::Tac, "M11"),
            ("R-1IN", Side::Red, UnitKind::Infantry, "N12"),
            ("B-1AR", Side::Blue, UnitKind::Armor, "K9"),
        ];
        let area: Vec<Hex> = (8..15)
            .flat_map(|c: i16| (6..16).filter_map(move |n: i16| Hex::new(c, n)))
            .collect();
        let check = |p: &Position| {
            for &hex in &area {
                for side in Side::BOTH {
                    assert_eq!(p.in_zoc_of(side, hex), brute(p, side, hex, false), "{hex}");
                    assert_eq!(
                        p.in_armor_zoc_of(side, hex),
                        brute(p, side, hex, true),
                        "{hex}"
                    );
                }
            }
        };
        for (unit, side, kind, hex) in steps {
            p.put(id(unit), side, kind, h(hex));
            check(&p);
        }
        assert!(p.mark(&id("R-2AR"), UnitMarker::AutomaticVictory));
        check(&p);
        assert!(p.move_to(&id("R-2AR"), h("O12")));
        check(&p);
        p.unmark(&id("R-2AR"), UnitMarker::AutomaticVictory);
        check(&p);
        assert!(p.mark(&id("R-2AR"), UnitMarker::AutomaticVictory));
        assert!(p.remove(&id("R-2AR")).is_some());
        check(&p);
        assert!(p.move_to(&id("R-1IN"), h("M9")));
        check(&p);
        assert!(p.in_zoc_of(Side::Red, h("M10")) && !p.in_armor_zoc_of(Side::Red, h("M10")));
        assert!(!p.in_zoc_of(Side::Blue, h("M11")), "aircraft have no ZOC");
    }

    fn counter(name: &str, kind: UnitKind, size: crate::units::Size) -> Counter {
        Counter {
            id: id(name),
            side: Side::Blue,
            kind,
            size,
            attack: 2,
            defence: 2,
            movement: 4,
            name: name.to_string().into(),
            enters: 1,
        }
    }

    /// 19.1-19.3 with 26.4: units at sea are off the map, in a zone, and count toward
    /// the 10 a side may have at sea in half units; landing puts them on the map.
    #[test]
    fn units_at_sea_are_in_a_zone_and_land_on_the_map_19() {
        use crate::units::Size;
        let mut p = Position::new();
        let inf = counter("B-1IN", UnitKind::Infantry, Size::Division);
        let sub = counter("B-S1", UnitKind::Infantry, Size::Substitute);
        p.put_counter(&inf, h("C3"));
        p.put_to_sea(&inf, 'A');
        p.put_to_sea(&sub, 'B');
        assert_eq!(p.hex_of(&id("B-1IN")), None);
        assert_eq!(p.count_at(h("C3")), 0);
        assert_eq!(p.afloat(&id("B-1IN")).map(|a| a.zone), Some('A'));
        assert_eq!(p.sea_halves(Side::Blue), 3);
        assert!(p.land(&id("B-S1"), h("D4")));
        assert_eq!(p.stack_halves_at(h("D4")), 1);
        assert_eq!(p.sea_halves(Side::Blue), 2);
        assert!(!p.land(&id("B-S1"), h("D5")), "no longer at sea");
    }

    /// 003 19.3: "Invading units on sea hexes count towards this limit": a unit on an
    /// assault hex (20.31) counts as one at sea, until it goes ashore.
    #[test]
    fn units_on_assault_hexes_count_at_sea() {
        let mut p = Position::new();
        let c = |s: &str| counter(s, UnitKind::Infantry, crate::units::Size::Division);
        p.put_to_sea(&c("B-1IN"), 'D');
        p.put_to_sea(&c("B-2IN"), 'D');
        assert!(p.land(&id("B-2IN"), h("FFF56")));
        p.mark(&id("B-2IN"), UnitMarker::Assault);
        assert_eq!(p.sea_halves(Side::Blue), 4);
        let on: Vec<&UnitId> = p.on_assault_hexes().map(|q| &q.id).collect();
        assert_eq!(on, [&id("B-2IN")]);
        p.unmark(&id("B-2IN"), UnitMarker::Assault);
        assert_eq!(p.sea_halves(Side::Blue), 2);
    }

    /// 30, 33.2: aircraft are on the ground or in the air; a marker stays with a unit
    /// that moves and goes when it leaves play.
    #[test]
    fn aircraft_fly_and_markers_follow_their_unit() {
        use crate::units::Size;
        let mut p = Position::new();
        let tac = counter("B-1TAC", UnitKind::Tac, Size::Division);
        p.put_counter(&tac, h("C3"));
        assert!(!p.is_aloft(&id("B-1TAC")));
        assert!(p.set_aloft(&id("B-1TAC"), true));
        assert!(p.is_aloft(&id("B-1TAC")));
        p.put(id("B-1IN"), Side::Blue, UnitKind::Infantry, h("C4"));
        assert!(!p.set_aloft(&id("B-1IN"), true), "only aircraft fly");
        assert!(p.mark(&id("B-1TAC"), UnitMarker::Inverted));
        p.move_to(&id("B-1TAC"), h("C5"));
        assert!(p.is_marked(&id("B-1TAC"), UnitMarker::Inverted));
        p.remove(&id("B-1TAC"));
        assert!(p.marks().is_empty());
        assert!(!p.mark(&id("B-9IN"), UnitMarker::AutomaticVictory));
    }

    /// 33.3: a PX is on the port until the end of the damaging player's next
    /// player-turn.
    #[test]
    fn hex_markers_come_off_when_their_time_is_up_33_3() {
        use crate::marker::HexMarkerKind::PX;
        let mut p = Position::new();
        let m = HexMarker {
            kind: PX,
            until_turn: 5,
            until_side: Side::Blue,
        };
        p.mark_hex(h("L19"), m);
        assert!(p.hex_marked(h("L19"), PX, 5, Side::Blue));
        p.clear_expired(4, Side::Red);
        assert!(p.hex_marked(h("L19"), PX, 5, Side::Blue));
        p.clear_expired(5, Side::Blue);
        assert!(p.hex_marks().is_empty());
    }

    /// 21.1-21.2, 003 21.2: a beaten unit stays on the map but holds nothing: no ZOC,
    /// no hex against the enemy, no place in the stacking count.
    #[test]
    fn a_unit_beaten_by_automatic_victory_holds_nothing_21() {
        let mut p = Position::new();
        p.put(id("R-1AR"), Side::Red, UnitKind::Armor, h("M10"));
        p.put(id("B-1IN"), Side::Blue, UnitKind::Infantry, h("L10"));
        assert!(p.mark(&id("R-1AR"), UnitMarker::AutomaticVictory));
        assert!(p.is_beaten(&id("R-1AR")));
        assert!(!p.in_zoc_of(Side::Red, h("M11")));
        assert!(!p.in_armor_zoc_of(Side::Red, h("M11")));
        assert!(p.armor_zoc_sources(Side::Red, h("M11")).is_empty());
        assert_eq!(p.side_at(h("M10")), None);
        assert!(p.adjacent_of(Side::Red, h("L10")).is_empty());
        p.put(id("B-2IN"), Side::Blue, UnitKind::Infantry, h("M10"));
        assert_eq!(p.side_at(h("M10")), Some(Side::Blue));
        assert_eq!(p.count_at(h("M10")), 1);
        assert_eq!(p.stack_halves_at(h("M10")), 2);
        assert_eq!(p.beaten_at(h("M10")).count(), 1);
        assert_eq!(p.hex_of(&id("R-1AR")), Some(h("M10")));
        assert_eq!(p.pieces().count(), 3);
        p.remove(&id("R-1AR"));
        assert!(p.marks().is_empty());
    }

    #[test]
    fn moving_and_removing_keep_the_hex_index() {
        let mut p = Position::new();
        p.put(id("B-1IN"), Side::Blue, UnitKind::Infantry, h("C3"));
        p.put(id("B-2IN"), Side::Blue, UnitKind::Infantry, h("C3"));
        assert_eq!(p.count_at(h("C3")), 2);
        assert!(p.move_to(&id("B-1IN"), h("C4")));
        assert_eq!(p.count_at(h("C3")), 1);
        assert_eq!(p.side_at(h("C4")), Some(Side::Blue));
        p.remove(&id("B-2IN"));
        assert_eq!(p.count_at(h("C3")), 0);
        assert_eq!(p.occupied().collect::<Vec<_>>(), vec![h("C4")]);
        assert!(!p.move_to(&id("B-9IN"), h("C5")));
    }
}
