//! What a shortage of critical resources forbids a side during a player-turn: oil
//! (36.22-36.24), basic industry (36.32-36.34) and naval stores (36.42-36.44), each
//! asked of the side's [`Use`] for the player-turn. The rules that move, fly and fight
//! call these; a game that does not play rule 36 has no [`Use`] and is never limited.

use super::{Resource, ResourceFigures, Use};
use crate::cite::Cite;
pub use crate::model::resources::{paragraph, Level};
use crate::units::{Side, UnitKind};

/// A side's use for the player-turn, read against the rule's figures.
#[derive(Clone, Copy, Debug)]
pub struct Shortage<'a> {
    pub figures: &'a ResourceFigures,
    pub side: Side,
    pub uses: Use,
}

impl Shortage<'_> {
    /// The level of one resource.
    pub fn level(&self, resource: Resource) -> Level {
        Level::of(self.uses.of(resource), self.figures.normal_cities)
    }

    /// The paragraph that limits `resource` now.
    pub fn rule(&self, resource: Resource) -> &'static str {
        paragraph(resource, self.uses.of(resource))
    }

    /// The rule cited by a refusal for want of `resource`.
    pub fn cite(&self, resource: Resource) -> Cite {
        match self.rule(resource) {
            "36.22" => cite!("36.22"),
            "36.23" => cite!("36.23"),
            "36.24" => cite!("36.24"),
            "36.32" => cite!("36.32"),
            "36.33" => cite!("36.33"),
            "36.34" => cite!("36.34"),
            "36.42" => cite!("36.42"),
            "36.43" => cite!("36.43"),
            "36.44" => cite!("36.44"),
            _ => cite!("36.1"),
        }
    }

    /// Why a refusal for want of `resource`: "Blue has the use of 1 oil city (36.23)".
    pub fn why(&self, resource: Resource) -> String {
        let n = self.uses.of(resource);
        let cities = if n == 1 { "city" } else { "cities" };
        format!(
            "{} has the use of {n} {resource} {cities} ({})",
            self.side,
            self.rule(resource)
        )
    }

    /// What the side may still do this player-turn, one line a limit, for the order
    /// template; empty when operations are normal.
    pub fn allowed(&self) -> Vec<String> {
        let mut lines = Vec::new();
        let oil = self.rule(Resource::Oil);
        if let Some(n) = self.air_factors() {
            lines.push(format!(
                "air missions, changes of base and air transport: {n} factors at most ({oil})"
            ));
        }
        match self.level(Resource::Oil) {
            Level::Normal => {}
            Level::Two => lines.push(format!(
                "armor: {} movement factors fewer, no strategic movement, no advance after combat ({oil})",
                self.figures.armor_mf_loss
            )),
            Level::One => lines.push(format!(
                "armor, air-assault and artillery move {} hex; no unit uses strategic movement or advances after combat ({oil})",
                self.figures.short_move_hexes
            )),
            Level::None => lines.push(format!(
                "the first {} factors of infantry (airborne and rangers too) move normally, every other unit {} hex; no strategic movement, no advance after combat ({oil})",
                self.figures.infantry_factors_none, self.figures.short_move_hexes
            )),
        }
        let industry = self.rule(Resource::Industry);
        match self.level(Resource::Industry) {
            Level::Normal => {}
            Level::Two => lines.push(format!(
                "air units at half strength, odds above {}-1 rolled at {}-1, no [[barrage]], no [[av]] ({industry}, 003 36.32)",
                self.figures.odds_cap, self.figures.odds_cap
            )),
            Level::One => lines.push(format!(
                "no tactical or strategic [[mission]], {} attacks above 1-1 at most (none above {}-1), no [[barrage]], no [[av]] ({industry})",
                self.figures.attacks_above_even, self.figures.odds_cap
            )),
            Level::None => lines.push(format!(
                "no combat air mission, no attack above 1-1, no [[barrage]], no [[av]], ground units attack and defend at half ({industry})"
            )),
        }
        if let Some((rule, limit, ports)) = self.at_sea() {
            let where_ = if ports && limit > 0 {
                ", each in a zone with a friendly port"
            } else {
                ""
            };
            lines.push(format!(
                "units at sea at the end of movement: {limit} at most{where_} ({rule})"
            ));
        }
        lines
    }

    /// 36.22-36.24 (003 36.22-36.24): the factors of air missions the side may fly this
    /// player-turn, air transport and changes of base included; `None`: no limit.
    pub fn air_factors(&self) -> Option<u32> {
        let f = self.figures;
        match self.level(Resource::Oil) {
            Level::Normal => None,
            Level::Two => Some(f.air_factors_two),
            Level::One => Some(f.air_factors_one),
            Level::None => Some(f.air_factors_none),
        }
    }

    /// 36.22: "All armor lose 2 movement factors" with the use of only 2 oil cities.
    pub fn movement_lost(&self, kind: UnitKind) -> u32 {
        match (self.level(Resource::Oil), kind) {
            (Level::Two, UnitKind::Armor) => self.figures.armor_mf_loss,
            _ => 0,
        }
    }

    /// 36.23: with 1 oil city armor, air-assault and artillery move one hex; 36.24:
    /// with none every unit does, but 12 factors of infantry (003: airborne and rangers
    /// count as infantry), which the caller counts ([`Shortage::keeps_infantry`]).
    pub fn one_hex(&self, kind: UnitKind) -> bool {
        match self.level(Resource::Oil) {
            Level::Normal | Level::Two => false,
            Level::One => matches!(
                kind,
                UnitKind::Armor | UnitKind::AirAssault | UnitKind::Artillery
            ),
            Level::None => !kind.is_air(),
        }
    }

    /// 36.24 with 003 "8.2, 34. & 36.24": the factors of infantry, airborne and
    /// rangers that keep normal movement with no oil city; `None` when not limited.
    pub fn keeps_infantry(&self, kind: UnitKind) -> Option<u32> {
        let infantry = matches!(
            kind,
            UnitKind::Infantry | UnitKind::Airborne | UnitKind::Rangers
        );
        (infantry && self.level(Resource::Oil) == Level::None)
            .then_some(self.figures.infantry_factors_none)
    }

    /// 36.23-36.24: whether a unit of `kind` and `halves` half attack factors moving
    /// `hexes` hexes is held to [`ResourceFigures::short_move_hexes`]; under 36.24 the
    /// first infantry factors to move farther, in the order of the orders, up to
    /// `infantry_factors_none`, keep normal movement (`kept` counts them, in halves; the
    /// caller gives the factors the reading `resource-factors-36` counts).
    pub fn held_to_short_move(
        &self,
        kind: UnitKind,
        halves: u32,
        hexes: u32,
        kept: &mut u32,
    ) -> bool {
        if !self.one_hex(kind) || hexes <= self.figures.short_move_hexes {
            return false;
        }
        match self.keeps_infantry(kind) {
            Some(limit) if *kept + halves <= 2 * limit => {
                *kept += halves;
                false
            }
            _ => true,
        }
    }

    /// 36.22: armor may not use strategic movement or advance after combat; 36.23-36.24:
    /// no unit may.
    pub fn no_strategic_or_advance(&self, kind: UnitKind) -> bool {
        match self.level(Resource::Oil) {
            Level::Normal => false,
            Level::Two => kind == UnitKind::Armor,
            Level::One | Level::None => true,
        }
    }

    /// 36.32 with 003 36.32: air unit factors are halved for all types of combat with
    /// fewer than 3 basic industry cities (36.33-36.34 leave them no attack at all).
    pub fn air_halved(&self) -> bool {
        self.level(Resource::Industry) < Level::Normal
    }

    /// 36.34: with no basic industry city "all ground units attack and defend at 1/2
    /// strength".
    pub fn ground_halved(&self) -> bool {
        self.level(Resource::Industry) == Level::None
    }

    /// 36.33-36.34: air units may not attack (36.33: fighters may still intercept).
    pub fn no_air_attack(&self) -> bool {
        self.level(Resource::Industry) <= Level::One
    }

    /// 36.32-36.34: artillery may not attack on the BBT.
    pub fn no_artillery_barrage(&self) -> bool {
        self.level(Resource::Industry) < Level::Normal
    }

    /// 003 36.32: "AVs are not allowed" with only 2 basic industry cities, nor with fewer
    /// (36.33-36.34 allow less still).
    pub fn no_automatic_victory(&self) -> bool {
        self.level(Resource::Industry) < Level::Normal
    }

    /// 36.32-36.34: the highest odds the side's attacks are rolled at on the TGAT
    /// (`4` for 4-1; `1` for 1-1 with no basic industry); `None`: not capped.
    pub fn odds_cap(&self) -> Option<u32> {
        match self.level(Resource::Industry) {
            Level::Normal => None,
            Level::Two | Level::One => Some(self.figures.odds_cap),
            Level::None => Some(1),
        }
    }

    /// 36.33: how many attacks may be rolled above 1-1 this player-turn; `None`: any.
    pub fn attacks_above_even(&self) -> Option<u32> {
        (self.level(Resource::Industry) == Level::One).then_some(self.figures.attacks_above_even)
    }

    /// The paragraph naming the resource that limits the side's units at sea, and the
    /// limit: 36.22-36.24 (oil) and 36.42-36.44 (naval stores, 36.44 lasting), the
    /// stricter of the two; the flag says the units may only be in zones with a
    /// friendly port (36.23, 36.43). `None`: not limited beyond 19.
    pub fn at_sea(&self) -> Option<(&'static str, u32, bool)> {
        let five = self.figures.units_at_sea;
        let each = |r: Resource| match self.level(r) {
            Level::Normal => None,
            Level::Two => Some((self.rule(r), five, false)),
            Level::One => Some((self.rule(r), five, true)),
            Level::None => Some((self.rule(r), 0, true)),
        };
        if self.uses.navy_lost {
            return Some(("36.44", 0, true));
        }
        let oil = each(Resource::Oil);
        let naval = each(Resource::NavalStores);
        match (oil, naval) {
            (Some(a), Some(b)) => Some(if (b.1, !b.2) < (a.1, !a.2) { b } else { a }),
            (a, b) => a.or(b),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn figures() -> ResourceFigures {
        #[allow(clippy::unwrap_used)]
        crate::ruleset::RuleBook::embedded()
            .unwrap()
            .tournament
            .resources
    }

    fn with(oil: u32, industry: u32, naval: u32) -> Use {
        Use {
            oil,
            industry,
            naval,
            navy_lost: naval == 0,
        }
    }

    /// 36.21-36.24: the air mission factors of each oil level, and who moves one hex.
    #[test]
    fn oil_levels() {
        let f = figures();
        let s = |oil| Shortage {
            figures: &f,
            side: Side::Blue,
            uses: with(oil, 3, 3),
        };
        assert_eq!(s(3).air_factors(), None);
        assert_eq!(s(2).air_factors(), Some(40));
        assert_eq!(s(1).air_factors(), Some(20));
        assert_eq!(s(0).air_factors(), Some(8));
        assert_eq!(s(2).movement_lost(UnitKind::Armor), 2);
        assert_eq!(s(2).movement_lost(UnitKind::Infantry), 0);
        assert!(s(2).no_strategic_or_advance(UnitKind::Armor));
        assert!(!s(2).no_strategic_or_advance(UnitKind::Infantry));
        assert!(s(1).no_strategic_or_advance(UnitKind::Infantry));
        assert!(s(1).one_hex(UnitKind::Artillery));
        assert!(!s(1).one_hex(UnitKind::Infantry));
        assert!(s(0).one_hex(UnitKind::Infantry));
        assert_eq!(s(0).keeps_infantry(UnitKind::Rangers), Some(12));
        assert_eq!(s(1).keeps_infantry(UnitKind::Rangers), None);
    }

    /// 36.31-36.34 and 36.41-36.44: odds caps, barrages, units at sea.
    #[test]
    fn industry_and_naval_levels() {
        let f = figures();
        let s = |industry, naval| Shortage {
            figures: &f,
            side: Side::Blue,
            uses: with(3, industry, naval),
        };
        assert_eq!(s(3, 3).odds_cap(), None);
        assert_eq!(s(2, 3).odds_cap(), Some(4));
        assert_eq!(s(1, 3).attacks_above_even(), Some(3));
        assert_eq!(s(0, 3).odds_cap(), Some(1));
        assert!(s(2, 3).no_artillery_barrage());
        assert!(!s(3, 3).no_artillery_barrage());
        assert_eq!(s(3, 3).at_sea(), None);
        assert_eq!(s(3, 2).at_sea(), Some(("36.42", 5, false)));
        assert_eq!(s(3, 1).at_sea(), Some(("36.43", 5, true)));
        assert_eq!(s(3, 0).at_sea(), Some(("36.44", 0, true)));
        let lost = Shortage {
            figures: &f,
            side: Side::Blue,
            uses: Use {
                navy_lost: true,
                ..with(3, 3, 3)
            },
        };
        assert_eq!(lost.at_sea(), Some(("36.44", 0, true)));
    }
}
