//! The sea questions of rule 19 the board can answer on its own: which zone a port
//! opens onto, whether a port can reach the open sea past enemy ZOC (19.4), and how
//! many turns it takes to sail from one zone to another (19.5). What counts as
//! "blocked" (whose ZOC) is the caller's business. Both walks are the one budgeted
//! search of [`search`](crate::search).

use super::{Board, Port, SeaZone};
use crate::hex::Hex;
use crate::search::{self, HexField};

impl Board {
    /// The sea zone a port opens onto: the zone of its docking hex (19.3).
    pub fn port_zone(&self, port: Hex) -> Option<SeaZone> {
        self.port_at(port).and_then(|p| self.sea_zone(p.dock))
    }

    /// 19.2 "either in their sea zone, or in an adjacent zone": the full sea hexes next
    /// to `hex` in zone `from` or a zone next to it, from which a unit at sea in `from`
    /// may come ashore on `hex` (in hex order).
    pub fn landing_seas(&self, from: SeaZone, hex: Hex) -> Vec<Hex> {
        hex.neighbours()
            .filter(|&n| {
                self.sea_zone(n)
                    .is_some_and(|z| z == from || self.zone_links(from).any(|l| l == z))
            })
            .collect()
    }

    /// Ports that open onto `zone`, in file order.
    pub fn ports_on(&self, zone: SeaZone) -> impl Iterator<Item = &Port> + '_ {
        self.ports
            .iter()
            .filter(move |p| self.sea_zone(p.dock) == Some(zone))
    }

    /// 19.4: "Inland ports may not be used if any of the river hexes between the port
    /// and its sea zone are in enemy ZOC. No port may be used if enemy ZOC extend into
    /// full sea hexes in such a way as to completely block access to the open sea,
    /// i.e., the board edge sea hexes."
    ///
    /// True when `port` is a port of this board, none of its inland river hexes is
    /// `blocked`, and its docking hex reaches a board-edge sea hex through sea hexes
    /// none of which is `blocked` (the docking hex and the edge hex included). Pass the
    /// enemy ZOC as `blocked`. Sea zones themselves extend beyond the board edge
    /// (003 19.1), so once at the edge the port is open.
    pub fn port_reaches_open_sea(&self, port: Hex, blocked: &dyn Fn(Hex) -> bool) -> bool {
        let Some(p) = self.port_at(port) else {
            return false;
        };
        if p.inland_river.iter().any(|&h| blocked(h)) {
            return false;
        }
        self.reaches_open_sea(p.dock, blocked)
    }

    /// Whether a chain of sea hexes joins `start` to a board-edge sea hex avoiding
    /// `blocked` hexes (both ends included): the answer of [`Board::open_sea_path`]
    /// without the path, found as soon as the nearest edge hex is reached.
    pub fn reaches_open_sea(&self, start: Hex, blocked: &dyn Fn(Hex) -> bool) -> bool {
        if !self.is_sea(start) || blocked(start) {
            return false;
        }
        let next = |h: Hex| {
            h.neighbours()
                .filter(|&n| self.is_sea(n) && !blocked(n))
                .map(|n| (n, 1u32))
                .collect::<Vec<_>>()
        };
        search::first(start, u32::MAX, next, |h| self.is_board_edge(h)).is_some()
    }

    /// Every sea hex a chain of sea hexes avoiding `blocked` joins to a board-edge sea
    /// hex: [`Board::reaches_open_sea`] for all hexes at once, for a question asked of
    /// every port.
    pub fn open_sea(&self, blocked: &dyn Fn(Hex) -> bool) -> HexField<Option<u32>> {
        let edge = self
            .grid
            .sea_edge()
            .iter()
            .copied()
            .filter(|&h| !blocked(h));
        search::breadth_first(self.extent(), edge, u32::MAX, |_, n| {
            self.is_sea(n) && !blocked(n)
        })
    }

    /// The shortest chain of sea hexes from `start` to a board-edge sea hex avoiding
    /// `blocked` hexes (both ends included), or `None` when there is none. Ties are
    /// broken by hex order, so the answer is always the same.
    pub fn open_sea_path(&self, start: Hex, blocked: &dyn Fn(Hex) -> bool) -> Option<Vec<Hex>> {
        if !self.is_sea(start) || blocked(start) {
            return None;
        }
        let found = search::reach(start, u32::MAX, |_, to| {
            (self.is_sea(to) && !blocked(to)).then_some(1u32)
        });
        let edge = found
            .iter()
            .filter(|(h, _)| self.is_board_edge(*h))
            .min_by_key(|(h, cost)| (*cost, *h))?;
        found.path(edge.0)
    }

    /// 19.5: the number of turns to sail from zone `from` to zone `to`, one adjacent
    /// zone a turn. Zone adjacency is fixed by the board and no ZOC ever blocks it
    /// (003 19.1). `None` when either is not a zone or no chain of zones joins them.
    pub fn zone_distance(&self, from: SeaZone, to: SeaZone) -> Option<u32> {
        if !self.zone_links.contains_key(&from) || !self.zone_links.contains_key(&to) {
            return None;
        }
        search::search(
            from,
            u32::MAX,
            |z: SeaZone| self.zone_links(z).map(|n| (n, 1u32)).collect::<Vec<_>>(),
            |_| false,
        )
        .cost(to)
    }
}
