//! Small boards built in code, for rule tests: a rectangle of clear land in one
//! country, then terrain, roads, rivers and cities drawn on it. A sketch turns into a
//! real [`Board`] through [`Board::from_parts`], so the engine sees no difference.

use crate::board::{Board, City, Country, HexInfo, RiverHex, Terrain};
use crate::hex::Hex;
use std::collections::{BTreeMap, BTreeSet};

/// A board under construction.
#[derive(Clone, Debug, Default)]
pub struct Sketch {
    hexes: BTreeMap<Hex, HexInfo>,
    roads: Vec<(Hex, Hex)>,
    cities: Vec<City>,
}

fn hex(name: &str) -> Option<Hex> {
    name.parse().ok()
}

impl Sketch {
    /// Clear land of `country` for columns `cols` and numbers `nums` (inclusive).
    pub fn land(
        cols: std::ops::RangeInclusive<i16>,
        nums: std::ops::RangeInclusive<i16>,
        country: Country,
    ) -> Sketch {
        let mut hexes = BTreeMap::new();
        for c in cols {
            for n in nums.clone() {
                if let Some(h) = Hex::new(c, n) {
                    hexes.insert(
                        h,
                        HexInfo {
                            terrain: Terrain::Clear,
                            country: Some(country),
                            city: None,
                            river: None,
                            beach: None,
                            sea_zone: None,
                        },
                    );
                }
            }
        }
        Sketch {
            hexes,
            ..Sketch::default()
        }
    }

    /// Sets the terrain of the named hexes (unknown names are ignored).
    pub fn terrain(mut self, t: Terrain, names: &[&str]) -> Sketch {
        for h in names.iter().filter_map(|n| hex(n)) {
            if let Some(i) = self.hexes.get_mut(&h) {
                i.terrain = t;
                if !t.is_land() {
                    i.country = None;
                }
            }
        }
        self
    }

    /// Sets the country of the named hexes.
    pub fn country(mut self, c: Country, names: &[&str]) -> Sketch {
        for h in names.iter().filter_map(|n| hex(n)) {
            if let Some(i) = self.hexes.get_mut(&h) {
                i.country = Some(c);
            }
        }
        self
    }

    /// A road through the named hexes, in order.
    pub fn road(mut self, names: &[&str]) -> Sketch {
        let hs: Vec<Hex> = names.iter().filter_map(|n| hex(n)).collect();
        self.roads.extend(hs.windows(2).map(|w| (w[0], w[1])));
        self
    }

    /// River hexes of one branch; `ends` are its end-of-river hexes.
    pub fn river(mut self, branch: &str, names: &[&str], ends: &[&str]) -> Sketch {
        let ends: BTreeSet<Hex> = ends.iter().filter_map(|n| hex(n)).collect();
        for h in names.iter().filter_map(|n| hex(n)) {
            if let Some(i) = self.hexes.get_mut(&h) {
                i.river = Some(RiverHex {
                    branch: branch.to_string().into(),
                    end: ends.contains(&h),
                });
            }
        }
        self
    }

    /// A city of one or more hexes.
    pub fn city(mut self, name: &str, names: &[&str]) -> Sketch {
        self.cities.push(City {
            name: name.to_string(),
            hexes: names.iter().filter_map(|n| hex(n)).collect(),
            roles: BTreeSet::new(),
            aircraft: BTreeSet::new(),
        });
        self
    }

    /// Removes the named hexes from the board.
    pub fn cut(mut self, names: &[&str]) -> Sketch {
        for h in names.iter().filter_map(|n| hex(n)) {
            self.hexes.remove(&h);
        }
        self
    }

    pub fn build(self) -> Board {
        Board::from_parts(
            "sketch",
            self.hexes,
            self.roads,
            self.cities,
            Vec::new(),
            BTreeMap::new(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sketch_becomes_a_board() {
        let b = Sketch::land(1..=6, 1..=8, Country::GreatBlue)
            .terrain(Terrain::Forest, &["C3"])
            .road(&["A1", "B2", "C2"])
            .city("Azure", &["B2"])
            .river("R", &["D4", "E5"], &["E5"])
            .build();
        assert_eq!(b.terrain("C3".parse().unwrap()), Some(Terrain::Forest));
        assert!(b.road_joins("B2".parse().unwrap(), "A1".parse().unwrap()));
        assert!(!b.road_joins("A1".parse().unwrap(), "C2".parse().unwrap()));
        assert!(b.is_city("B2".parse().unwrap()));
        assert!(b.river_at("E5".parse().unwrap()).is_some_and(|r| r.end));
        assert_eq!(
            b.home_of("A1".parse().unwrap()),
            Some(crate::units::Side::Blue)
        );
    }
}
