//! 32, 33.7: what the turn map shows of air combat, beyond the flights themselves
//! (drawn as the action's paths along their routes, [`super::action::Track::Mission`]):
//! each interception at its hex with what each fire of the ACT took (32.32, 32.4), the
//! hunters' search hexes (32.5), and the zones of the aircraft on patrol or
//! patrol/interdiction when the player-turn ends (the patrol hex and the six around it,
//! 32.71, 33.7), outlined in their side's colour. A game without rule 32 has none of
//! these: its picture is unchanged.

use super::action::side_of;
use crate::svg::{f, Geo, HEX_RADIUS};
use blitzkrieg::hex::Hex;
use blitzkrieg::model::flight::{Patrol, PatrolKind};
use blitzkrieg::units::{Counters, Side, UnitId};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

/// The ink of air combat's labels and the hunters' search hexes.
pub const AIR: &str = "#0b7285";

/// 32.32, 32.4: the air combat over one hex: the factors each fire took, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fight {
    pub hex: Hex,
    pub lost: Vec<u32>,
}

impl Fight {
    /// The label at its hex: "ACT 1/1".
    pub fn label(&self) -> String {
        let lost: Vec<String> = self.lost.iter().map(u32::to_string).collect();
        format!("ACT {}", lost.join("/"))
    }
}

/// 32.7, 33.7: one patrol hex and whose aircraft patrol it, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Zone {
    pub hex: Hex,
    pub side: Side,
    pub kind: PatrolKind,
}

impl Zone {
    /// The zones of the aircraft on patrol, each once, in hex order.
    pub fn of(counters: &Counters, patrols: &BTreeMap<UnitId, Patrol>) -> Vec<Zone> {
        let set: BTreeSet<Zone> = patrols
            .iter()
            .map(|(unit, p)| Zone {
                hex: p.hex,
                side: side_of(counters, unit),
                kind: p.kind,
            })
            .collect();
        set.into_iter().collect()
    }

    /// The tag at its patrol hex.
    fn tag(self) -> &'static str {
        match self.kind {
            PatrolKind::Patrol => "PATROL",
            PatrolKind::Interdiction => "P/I",
        }
    }
}

/// The key's lines for what the picture shows of air combat (none when it shows none).
pub fn key(fights: &[Fight], hunts: &[(Side, Hex)], zones: &[Zone]) -> Vec<&'static str> {
    let mut out = Vec::new();
    if !fights.is_empty() {
        out.push("Teal label ACT: air combat (32), factors lost by each fire");
    }
    if !hunts.is_empty() {
        out.push("Teal dotted circle: hunters' search hex (32.5)");
    }
    if !zones.is_empty() {
        out.push("Outline: patrol zone (32.7, dashed), P/I zone (33.7, solid)");
    }
    out
}

/// 32.71, 33.7: the outline of each zone (its hex and the six around it) in its side's
/// colour, dashed for a patrol, solid for patrol/interdiction, with a tag at the
/// patrol hex; drawn under the counters. Empty when there is no zone.
pub fn zones(geo: &Geo, zones: &[Zone]) -> String {
    if zones.is_empty() {
        return String::new();
    }
    let mut s = String::from("<g class=\"patrol-zones\" fill=\"none\">\n");
    for z in zones {
        let hexes: Vec<Hex> = std::iter::once(z.hex).chain(z.hex.neighbours()).collect();
        let mut d = String::new();
        for h in &hexes {
            for n in h.neighbours().filter(|n| !hexes.contains(n)) {
                let ((x1, y1), (x2, y2)) = hexside(geo, *h, n);
                let _ = write!(d, "M{} {} L{} {} ", f(x1), f(y1), f(x2), f(y2));
            }
        }
        let dash = match z.kind {
            PatrolKind::Patrol => r#" stroke-dasharray="2.2,1.4""#,
            PatrolKind::Interdiction => "",
        };
        let (x, y) = geo.centre(z.hex);
        let ink = super::draw::ink(z.side);
        let _ = writeln!(
            s,
            r##"<g class="patrol-zone" data-hex="{}" data-side="{}" data-kind="{}"><path d="{}" stroke="#ffffff" stroke-width="2.2"/><path d="{}" stroke="{ink}" stroke-width="1.1"{dash}/><text x="{}" y="{}" font-size="2.6" font-weight="bold" text-anchor="middle" fill="{ink}">{}</text></g>"##,
            z.hex,
            z.side,
            z.tag(),
            d.trim_end(),
            d.trim_end(),
            f(x),
            f(y + HEX_RADIUS * 0.72),
            z.tag()
        );
    }
    s.push_str("</g>\n");
    s
}

/// The hexside between neighbours `a` and `b`: the segment through the middle of their
/// centres, across the line joining them, a hex's side long (its radius).
fn hexside(geo: &Geo, a: Hex, b: Hex) -> ((f64, f64), (f64, f64)) {
    let (ax, ay) = geo.centre(a);
    let (bx, by) = geo.centre(b);
    let (mx, my) = ((ax + bx) / 2.0, (ay + by) / 2.0);
    let (dx, dy) = (bx - ax, by - ay);
    let d = (dx * dx + dy * dy).sqrt().max(0.001);
    let (px, py) = (-dy / d * HEX_RADIUS / 2.0, dx / d * HEX_RADIUS / 2.0);
    ((mx + px, my + py), (mx - px, my - py))
}

/// 32.5: a dotted circle in each hunters' search hex, in teal with their side's colour
/// at its centre. Empty when there is none.
pub fn hunts(geo: &Geo, hunts: &[(Side, Hex)]) -> String {
    if hunts.is_empty() {
        return String::new();
    }
    let mut s = String::from("<g class=\"hunts\" fill=\"none\">\n");
    for (side, h) in hunts {
        let (x, y) = geo.centre(*h);
        let _ = writeln!(
            s,
            r##"<g class="hunt" data-hex="{h}" data-side="{side}"><circle cx="{}" cy="{}" r="{}" stroke="{AIR}" stroke-width="1.2" stroke-dasharray="0.8,1"/><circle cx="{}" cy="{}" r="0.9" fill="{}"/></g>"##,
            f(x),
            f(y),
            f(HEX_RADIUS * 0.78),
            f(x),
            f(y - HEX_RADIUS * 0.78),
            super::draw::ink(*side)
        );
    }
    s.push_str("</g>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(s: &str) -> Hex {
        s.parse().unwrap()
    }

    /// 32.71, 33.7: a zone is its hex and the six around it: its outline is the 18
    /// hexsides between them and the hexes beyond, each drawn once.
    #[test]
    fn a_patrol_zone_is_outlined_round_its_seven_hexes_32_71() {
        let board =
            blitzkrieg::sketch::Sketch::land(1..=20, 1..=20, blitzkrieg::board::Country::GreatBlue)
                .build();
        let geo = Geo::of(&board);
        let zone = Zone {
            hex: h("J10"),
            side: Side::Red,
            kind: PatrolKind::Interdiction,
        };
        let svg = zones(&geo, &[zone]);
        let segments = svg.matches('M').count();
        // Two paths (the halo and the line), each of the 18 outer hexsides.
        assert_eq!(segments, 2 * 18, "{svg}");
        assert!(svg.contains(r#"data-kind="P/I""#), "{svg}");
        assert!(svg.contains(super::super::draw::ink(Side::Red)), "{svg}");
        assert!(!svg.contains("stroke-dasharray"), "P/I is solid: {svg}");
        assert!(zones(&geo, &[]).is_empty());
        assert!(hunts(&geo, &[]).is_empty());
        assert!(key(&[], &[], &[]).is_empty());
    }
}
