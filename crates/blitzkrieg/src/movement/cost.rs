//! Movement-factor accounting (7.3, 9.1, 9.2), exact and without fractions of floats.
//!
//! A unit pays for each hex it enters in one of three ways:
//! - a **road** step (9.1: a road or city hex entered from a hex joined to it by the
//!   road) costs 1/3 MF: it uses one third of road credit, and when none is left the
//!   unit pays one whole MF for three thirds and uses one;
//! - a **desert** step (9.2: armor and air-assault entering a desert hex) costs 1/2 MF
//!   the same way, from desert credit in halves;
//! - any other step costs one whole MF.
//!
//! The two credits never mix (9.2) and no credit pays for a whole-MF step (9.1: "a unit
//! may not use a fractional MF to move into a non-road or a non-city hex"); credit
//! left over carries over to the next road (or desert) step of the same move (9.1:
//! "unused fractions may be carried over ... to a different portion of road"). In a
//! desert hex entered along a road, a unit with the desert bonus uses one bonus or the
//! other, never both (9.2); the path checker tries both. A move is within the unit's
//! movement factor when the whole MF paid do not exceed it (2.5, 7.3).

use crate::board::{Board, Terrain};
use crate::hex::Hex;
use crate::readings::CityHexRoad;

/// What one unit has paid so far in a move: whole MF, and the road thirds and desert
/// halves bought with them and not yet used.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Spent {
    pub whole: u32,
    /// Unused thirds of road credit (0-2).
    pub road_left: u8,
    /// Unused halves of desert credit (0-1).
    pub desert_left: u8,
}

/// How one step is paid (9.1, 9.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Pay {
    /// 9.1: 1/3 MF along the road.
    Road,
    /// 9.2: 1/2 MF in desert (armor and air-assault).
    Desert,
    /// 7.3: one whole MF.
    Whole,
    // 34 (weather)
    /// 34, Weather Chart: a step of movement the weather halves, two whole MF.
    Halved,
}

impl Spent {
    /// 9.1, 9.2: the state after paying one more step `how`; a step the weather halves
    /// is the weather's to price (`weather::going::Going::pay`): here, as in clear
    /// weather, one whole MF.
    pub fn pay(self, how: Pay) -> Spent {
        match how {
            Pay::Whole | Pay::Halved => Spent {
                whole: self.whole + 1,
                ..self
            },
            Pay::Road if self.road_left > 0 => Spent {
                road_left: self.road_left - 1,
                ..self
            },
            Pay::Road => Spent {
                whole: self.whole + 1,
                road_left: 2,
                ..self
            },
            Pay::Desert if self.desert_left > 0 => Spent {
                desert_left: self.desert_left - 1,
                ..self
            },
            Pay::Desert => Spent {
                whole: self.whole + 1,
                desert_left: 1,
                ..self
            },
        }
    }

    /// The exact movement used, in sixths of a MF (a road step is 2, a desert step 3,
    /// any other step 6).
    pub fn sixths(self) -> u32 {
        (self.whole * 6)
            .saturating_sub(u32::from(self.road_left) * 2 + u32::from(self.desert_left) * 3)
    }

    /// The movement used in thirds of a MF, as the turn report shows it: exact for road
    /// moves; a desert half left unused counts as used (it can pay for nothing else,
    /// 9.2), so the figure is always whole thirds.
    pub fn thirds(self) -> u32 {
        (self.whole * 3).saturating_sub(u32::from(self.road_left))
    }

    /// 2.5, 7.3: the whole MF paid do not exceed the movement factor `mf`.
    pub fn fits(self, mf: u32) -> bool {
        self.whole <= mf
    }

    /// The exact cost as players write it: "4", "4 1/3", "2 1/2", "5/6".
    pub fn text(self) -> String {
        mf_text(self.sixths())
    }

    /// The cost for an error message: the exact figure, and the whole MF when a
    /// fraction that cannot be used makes them differ.
    pub fn needed_text(self) -> String {
        let exact = self.sixths();
        if exact.div_ceil(6) < self.whole {
            format!(
                "{} ({} whole MF: an unused road or desert fraction cannot pay for another kind of hex, 9.1-9.2)",
                mf_text(exact),
                self.whole
            )
        } else {
            mf_text(exact)
        }
    }
}

/// A number of sixths of a MF written as players write it: "4", "4 1/3", "1/2".
pub fn mf_text(sixths: u32) -> String {
    let (w, f) = (sixths / 6, sixths % 6);
    let frac = match f {
        0 => "",
        1 => "1/6",
        2 => "1/3",
        3 => "1/2",
        4 => "2/3",
        _ => "5/6",
    };
    match (w, f) {
        (w, 0) => format!("{w}"),
        (0, _) => frac.to_string(),
        (w, _) => format!("{w} {frac}"),
    }
}

/// 9.1, reading `city-hex-road`: `a` and `b` are joined by the road: a road link runs
/// between them, or, under `joined` (the default), they are two hexes of the same city
/// (movement "through cities" is at the road rate, even where no road is drawn between
/// the hexes of a multi-hex city). Under `road-only` only a drawn road joins them.
pub fn road_connected(board: &Board, city: CityHexRoad, a: Hex, b: Hex) -> bool {
    if board.road_joins(a, b) {
        return true;
    }
    if city == CityHexRoad::RoadOnly {
        return false;
    }
    match (
        board.hex(a).and_then(|i| i.city),
        board.hex(b).and_then(|i| i.city),
    ) {
        (Some(x), Some(y)) => x == y && a.is_adjacent(b),
        _ => false,
    }
}

/// 9.1, 9.2: the ways a unit may pay for the step `from` -> `to`. `desert_bonus` is
/// whether the unit is armor or air-assault. One way, or two in a desert hex entered
/// along a road by a unit with the desert bonus (one bonus or the other, 9.2).
/// `road_bonus` false: the road is no help (20.4, a unit that invaded); `city` is the
/// game's reading `city-hex-road`.
pub fn payments(
    board: &Board,
    city: CityHexRoad,
    from: Hex,
    to: Hex,
    desert_bonus: bool,
    road_bonus: bool,
) -> &'static [Pay] {
    let along = road_bonus && road_connected(board, city, from, to);
    let desert = board.terrain(to) == Some(Terrain::Desert);
    payments_of(along, desert, desert_bonus)
}

/// 9.1, 9.2: [`payments`] of a step already looked at: whether it runs along the road
/// with the road bonus (`along`), whether it enters a desert hex (`desert`) and
/// whether the unit has the desert bonus, so that a caller that knows the step need
/// not look again.
pub fn payments_of(along: bool, desert: bool, desert_bonus: bool) -> &'static [Pay] {
    match (along, desert && desert_bonus) {
        (true, true) => &[Pay::Road, Pay::Desert],
        (true, false) => &[Pay::Road],
        (false, true) => &[Pay::Desert],
        (false, false) => &[Pay::Whole],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(steps: &[Pay]) -> Spent {
        steps.iter().fold(Spent::default(), |s, &p| s.pay(p))
    }

    /// 9.1: a unit with MF 4 moves 12 road hexes.
    #[test]
    fn twelve_road_steps_cost_four_mf_9_1() {
        let s = run(&[Pay::Road; 12]);
        assert_eq!(s.whole, 4);
        assert_eq!(s.sixths(), 24);
        assert!(s.fits(4));
        assert!(!run(&[Pay::Road; 13]).fits(4));
    }

    /// 9.1: the fraction carries over to a later road portion but never pays for a
    /// non-road hex.
    #[test]
    fn fractions_carry_over_but_never_pay_whole_steps_9_1() {
        let s = run(&[Pay::Road, Pay::Whole, Pay::Road, Pay::Road]);
        assert_eq!(s.whole, 2);
        assert_eq!(s.text(), "2");
        let s = run(&[Pay::Road, Pay::Whole]);
        assert_eq!(s.whole, 2);
        assert_eq!(s.text(), "1 1/3");
        assert_eq!(s.needed_text(), "1 1/3");
        let mixed = run(&[Pay::Road, Pay::Desert]);
        assert!(
            mixed.needed_text().starts_with("5/6 (2 whole MF"),
            "{}",
            mixed.needed_text()
        );
    }

    /// 9.2: road and desert fractions are separate.
    #[test]
    fn desert_and_road_credits_never_mix_9_2() {
        let s = run(&[Pay::Road, Pay::Desert]);
        assert_eq!(s.whole, 2);
        assert_eq!(s.text(), "5/6");
        assert_eq!(s.thirds(), 4, "the unused desert half counts as spent");
        assert_eq!(run(&[Pay::Desert; 2]).whole, 1);
        assert_eq!(run(&[Pay::Desert; 3]).text(), "1 1/2");
        assert_eq!(run(&[Pay::Desert; 3]).thirds(), 6);
    }

    /// 9.1-9.2: the ways of a step looked at once are those of the step looked up.
    #[test]
    fn payments_of_a_step_known_are_the_payments_of_the_step() {
        use crate::board::Country;
        let board = crate::sketch::Sketch::land(1..=4, 1..=4, Country::GreatBlue)
            .terrain(Terrain::Desert, &["B2", "C2"])
            .road(&["A1", "B2"])
            .build();
        let h = |s: &str| -> Hex { s.parse().unwrap() };
        let city = CityHexRoad::Joined;
        for (from, to) in [("A1", "B2"), ("B2", "C2"), ("A1", "B1"), ("B2", "A1")] {
            let (a, b) = (h(from), h(to));
            for (bonus, road) in [(false, false), (false, true), (true, false), (true, true)] {
                let along = road && road_connected(&board, city, a, b);
                let desert = board.terrain(b) == Some(Terrain::Desert);
                assert_eq!(
                    payments_of(along, desert, bonus),
                    payments(&board, city, a, b, bonus, road),
                    "{from}-{to} bonus {bonus} road {road}"
                );
            }
        }
        assert_eq!(payments_of(true, true, true), [Pay::Road, Pay::Desert]);
        assert_eq!(payments_of(true, true, false), [Pay::Road]);
        assert_eq!(payments_of(false, true, true), [Pay::Desert]);
        assert_eq!(payments_of(false, false, true), [Pay::Whole]);
    }

    #[test]
    fn mf_text_reads_like_the_rules() {
        assert_eq!(mf_text(0), "0");
        assert_eq!(mf_text(26), "4 1/3");
        assert_eq!(mf_text(3), "1/2");
    }
}
