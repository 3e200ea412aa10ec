//! 37.2: the pre-game set-up of BLITZKRIEG '85 by secret simultaneous purchase, and the
//! open ledger of points it leaves (38.7).
//!
//! "Blue player secretly spends up to 4100 points while Red player simultaneously
//! secretly spends up to 4000 points" (37.21). By mail nobody can buy at the same
//! moment, so each side first mails a commitment to its purchase list: the SHA-256 of
//! the list with a salt only he knows (`pbem::commit::sealed_choice`, tag
//! [`PURCHASE_TAG`], bound to the game and the side). Only when both commitments are in
//! does either reveal: Blue commits, Red commits, Blue reveals, Red reveals, each a file
//! of its own (the set-up's steps). A reveal is refused, saying whose, when it does not
//! open its side's commitment, spends more than the side's points, or buys more of a
//! counter than the counter mix holds (40.8). Then Blue places (37.211) and Red
//! (37.212). Red sees Blue's list before revealing his own, but his is already sealed:
//! he can change nothing.
//!
//! The state keeps each commitment and each list revealed, so anyone who holds the
//! folder re-checks every reveal against its commitment when it replays the game.

use super::cost::{ItemKind, PriceList};
use super::Figures85;
use crate::units::Side;
use pbem::commit::{opens, sealed_choice, Commitment};
use std::collections::BTreeMap;

/// The domain tag of a purchase list's commitment.
pub const PURCHASE_TAG: &str = "blitzkrieg-pbem/purchase-85/v1";

/// A list as a player writes it: how many of each counter type, named as the price
/// list names them ([`super::cost::item_key`]), in any case.
pub type PurchaseList = BTreeMap<String, u32>;

/// The canonical text of a list, the one its commitment is made on: one line
/// `type factors=count` a counter type, in the price list's spelling, sorted, none
/// of count 0. The same purchase written in any case or order gives one text.
pub fn canonical(list: &PurchaseList) -> String {
    let mut lines: BTreeMap<String, u32> = BTreeMap::new();
    for (k, n) in list {
        *lines.entry(super::cost::normalise_key(k)).or_default() += n;
    }
    lines
        .iter()
        .filter(|(_, n)| **n > 0)
        .map(|(k, n)| format!("{k}={n}\n"))
        .collect()
}

/// The commitment to a side's purchase list in a game: what `blitz purchase` prints,
/// and what the side's first set-up file carries.
pub fn commitment(game: &str, side: Side, salt: &str, list: &PurchaseList) -> Commitment {
    let side = side.to_string();
    sealed_choice(
        PURCHASE_TAG,
        &[game.as_bytes(), side.as_bytes()],
        salt.as_bytes(),
        canonical(list).as_bytes(),
    )
}

pub use crate::model::purchase::{Purchase, Revealed};

/// What a side owes in the purchase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owed {
    /// The commitment to its list.
    Commitment,
    /// The list and salt.
    Reveal,
}

impl Owed {
    /// As a player reads it.
    pub fn what(self) -> &'static str {
        match self {
            Owed::Commitment => "the commitment to its purchase list ([purchase] commitment)",
            Owed::Reveal => "its purchase list and salt ([purchase] salt and buy)",
        }
    }
}

/// Why a purchase file was refused: the rule, and whose file it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PurchaseProblem {
    /// A reveal that does not open the side's commitment.
    Mismatch { side: Side },
    /// More points spent than the side has.
    OverBudget { side: Side, spent: u32, budget: u32 },
    /// More of a counter than the mix holds (40.8).
    BeyondMix {
        side: Side,
        item: String,
        bought: u32,
        mix: u32,
    },
    /// A counter type the price list does not have.
    Unknown { item: String },
    /// A reveal while the other side's commitment is still to come.
    TooEarly { side: Side, waiting: Side },
    /// The file holds something else than what is owed.
    Owed { side: Side, owed: Owed },
    /// A commitment that is not 64 hex digits.
    Malformed { given: String },
}

/// The points a side has for the pre-game set-up: 37.21's (4100 and 4000), or, in a
/// game that starts in Cold War (38.8), a Cold War season's, 37.11's (1025 and 1000:
/// "25% of Hot War point value per pre-game turn", 38.81).
pub fn budget(figures: &Figures85, side: Side, cold_war: bool) -> u32 {
    if cold_war {
        figures.cold_war.of(side)
    } else {
        figures.setup.of(side)
    }
}

/// Who owes what next in a commit-then-reveal exchange: Blue's commitment, Red's,
/// Blue's reveal, Red's; `None` once both have revealed.
pub fn next_owed<C, R>(
    committed: &BTreeMap<Side, C>,
    revealed: &BTreeMap<Side, R>,
) -> Option<(Side, Owed)> {
    if let Some(side) = Side::BOTH.into_iter().find(|s| !committed.contains_key(s)) {
        return Some((side, Owed::Commitment));
    }
    Side::BOTH
        .into_iter()
        .find(|s| !revealed.contains_key(s))
        .map(|s| (s, Owed::Reveal))
}

/// Why a commitment was not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The side owes this instead.
    Owed(Owed),
    /// Not 64 hex digits (as given, trimmed).
    Malformed(String),
}

/// A commitment `side` mails while the exchange `owes` the next file: the commitment as
/// kept, or why it is refused (the side owes its reveal, or it is no commitment).
pub fn accept_commitment(
    owes: Option<(Side, Owed)>,
    side: Side,
    given: &str,
) -> Result<String, Refused> {
    match owes {
        Some((s, Owed::Commitment)) if s == side => {}
        Some((s, owed)) if s == side => return Err(Refused::Owed(owed)),
        _ => return Err(Refused::Owed(Owed::Reveal)),
    }
    let c: Commitment = given
        .parse()
        .map_err(|_| Refused::Malformed(given.trim().to_string()))?;
    Ok(c.to_string())
}

/// Why `side` may not reveal now, if it may not: `Err(waiting)` while `waiting`'s
/// commitment is still to come, `Ok(owed)` when the side owes something else.
pub fn reveal_refused<C>(
    committed: &BTreeMap<Side, C>,
    owes: Option<(Side, Owed)>,
    side: Side,
) -> Option<Result<Owed, Side>> {
    if let Some(waiting) = Side::BOTH.into_iter().find(|s| !committed.contains_key(s)) {
        return Some(Err(waiting));
    }
    (owes != Some((side, Owed::Reveal))).then(|| Ok(owes.map_or(Owed::Reveal, |(_, o)| o)))
}

impl Purchase {
    /// A new game's: nothing committed, each side's points those of 37.21, or of 37.11
    /// in Cold War (38.8).
    pub fn start(figures: &Figures85, cold_war: bool) -> Purchase {
        Purchase {
            points: Side::BOTH
                .iter()
                .map(|s| (*s, budget(figures, *s, cold_war)))
                .collect(),
            ..Purchase::default()
        }
    }

    /// Who owes what next: Blue's commitment, Red's, Blue's reveal, Red's; `None` once
    /// both lists are revealed.
    pub fn owes(&self) -> Option<(Side, Owed)> {
        next_owed(&self.committed, &self.revealed)
    }

    /// Whether the purchase is over (both lists revealed).
    pub fn done(&self) -> bool {
        self.owes().is_none()
    }

    /// 37.21: `side` mails its commitment. Refused when it owes something else, or the
    /// commitment is not one.
    pub fn commit(&mut self, side: Side, given: &str) -> Result<(), PurchaseProblem> {
        let c = accept_commitment(self.owes(), side, given).map_err(|r| match r {
            Refused::Owed(owed) => PurchaseProblem::Owed { side, owed },
            Refused::Malformed(given) => PurchaseProblem::Malformed { given },
        })?;
        self.committed.insert(side, c);
        Ok(())
    }

    /// 37.21, 40.8: `side` reveals its list and salt. Refused, each saying whose: before
    /// both commitments are in; a list that does not open the side's commitment; a
    /// counter type not on the price list; more of one than the mix holds; more
    /// points than the side has. Accepted, the points left are recorded (38.7) and the
    /// 1975 counters bought are chosen, the first of each type in id order.
    pub fn reveal(
        &mut self,
        game: &str,
        side: Side,
        salt: &str,
        list: &PurchaseList,
        prices: &PriceList,
    ) -> Result<(), Vec<PurchaseProblem>> {
        match reveal_refused(&self.committed, self.owes(), side) {
            Some(Err(waiting)) => return Err(vec![PurchaseProblem::TooEarly { side, waiting }]),
            Some(Ok(owed)) => return Err(vec![PurchaseProblem::Owed { side, owed }]),
            None => {}
        }
        let sealed = self
            .committed
            .get(&side)
            .and_then(|c| c.parse::<Commitment>().ok());
        let side_name = side.to_string();
        let context: [&[u8]; 2] = [game.as_bytes(), side_name.as_bytes()];
        let matches = sealed.is_some_and(|c| {
            opens(
                &c,
                PURCHASE_TAG,
                &context,
                salt.as_bytes(),
                canonical(list).as_bytes(),
            )
        });
        if !matches {
            return Err(vec![PurchaseProblem::Mismatch { side }]);
        }
        let mut problems = Vec::new();
        let mut buy: BTreeMap<String, u32> = BTreeMap::new();
        let mut spent: u32 = 0;
        for (typed, n) in list {
            let Some(item) = prices.get(typed) else {
                problems.push(PurchaseProblem::Unknown {
                    item: typed.clone(),
                });
                continue;
            };
            *buy.entry(item.key.clone()).or_default() += n;
        }
        let mut to_place = Vec::new();
        let mut held = BTreeMap::new();
        for (key, n) in &buy {
            let Some(item) = prices.get(key) else {
                continue;
            };
            if *n > item.mix {
                problems.push(PurchaseProblem::BeyondMix {
                    side,
                    item: key.clone(),
                    bought: *n,
                    mix: item.mix,
                });
            }
            spent = spent.saturating_add(item.cost.saturating_mul(*n));
            match &item.what {
                ItemKind::Counter { ids, .. } => {
                    to_place.extend(ids.iter().take(*n as usize).cloned());
                }
                ItemKind::New { .. } => {
                    held.insert(key.clone(), *n);
                }
            }
        }
        let budget = self.points.get(&side).copied().unwrap_or(0);
        if spent > budget {
            problems.push(PurchaseProblem::OverBudget {
                side,
                spent,
                budget,
            });
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        self.points.insert(side, budget - spent);
        self.revealed.insert(
            side,
            Revealed {
                salt: salt.to_string(),
                buy: buy.clone(),
                spent,
            },
        );
        to_place.sort();
        self.to_place.insert(side, to_place);
        if !held.is_empty() {
            // 37.13: what a later Cold War season buys is held beside the earlier.
            let kept = self.held.entry(side).or_default();
            for (k, n) in held {
                *kept.entry(k).or_default() += n;
            }
        }
        Ok(())
    }

    /// 38.7: the open record, "Blue 3652, Red 3808 points (38.7)".
    pub fn ledger(&self) -> String {
        let each: Vec<String> = self
            .points
            .iter()
            .map(|(side, n)| format!("{side} {n}"))
            .collect();
        format!("{} points (38.7)", each.join(", "))
    }

    /// Who owes which purchase file next, for the report's header.
    pub fn next_line(purchase: Option<&Purchase>) -> String {
        match purchase.and_then(Purchase::owes) {
            Some((side, Owed::Commitment)) => {
                format!("{side} commits to its purchase list (37.21)")
            }
            Some((side, Owed::Reveal)) => format!("{side} reveals its purchase list (37.21)"),
            None => "the purchase is over".to_string(),
        }
    }

    /// Every revealed list re-checked against its commitment (for `verify` and a
    /// replay): the sides whose list does not open their commitment.
    pub fn unopened(&self, game: &str) -> Vec<Side> {
        self.revealed
            .iter()
            .filter(|(side, r)| {
                let sealed = self
                    .committed
                    .get(side)
                    .and_then(|c| c.parse::<Commitment>().ok());
                let list: PurchaseList = r.buy.clone();
                sealed.is_none_or(|c| c != commitment(game, **side, &r.salt, &list))
            })
            .map(|(side, _)| *side)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::units::Counters;

    fn prices(side: Side) -> PriceList {
        PriceList::of(
            Figures85::embedded().unwrap(),
            &Counters::embedded().unwrap(),
            side,
        )
    }

    fn list(items: &[(&str, u32)]) -> PurchaseList {
        items.iter().map(|(k, n)| (k.to_string(), *n)).collect()
    }

    fn committed_both(blue: &PurchaseList, red: &PurchaseList) -> Purchase {
        let mut p = Purchase::start(Figures85::embedded().unwrap(), false);
        p.commit(
            Side::Blue,
            &commitment("g", Side::Blue, "b-salt", blue).to_string(),
        )
        .unwrap();
        p.commit(
            Side::Red,
            &commitment("g", Side::Red, "r-salt", red).to_string(),
        )
        .unwrap();
        p
    }

    /// 37.21: commit, commit, reveal, reveal; the points left are kept (38.7) and the
    /// counters bought wait to be placed.
    #[test]
    fn both_commit_then_both_reveal_37_21() {
        let blue = list(&[("Infantry 4-4", 10), ("transport-helicopter 2-8", 2)]);
        let red = list(&[("armor 6-6", 3)]);
        let mut p = committed_both(&blue, &red);
        assert_eq!(p.owes(), Some((Side::Blue, Owed::Reveal)));
        p.reveal("g", Side::Blue, "b-salt", &blue, &prices(Side::Blue))
            .unwrap();
        assert_eq!(p.points[&Side::Blue], 4100 - 10 * 32 - 2 * 32);
        assert_eq!(p.to_place[&Side::Blue].len(), 10);
        assert_eq!(p.held[&Side::Blue]["transport-helicopter 2-8"], 2);
        p.reveal("g", Side::Red, "r-salt", &red, &prices(Side::Red))
            .unwrap();
        assert_eq!(p.points[&Side::Red], 4000 - 3 * 72);
        assert!(p.done());
        assert!(p.unopened("g").is_empty());
    }

    /// A reveal before both commitments are in is refused, naming the side awaited.
    #[test]
    fn a_reveal_before_both_commitments_is_refused() {
        let blue = list(&[("infantry 4-4", 1)]);
        let mut p = Purchase::start(Figures85::embedded().unwrap(), false);
        p.commit(
            Side::Blue,
            &commitment("g", Side::Blue, "s", &blue).to_string(),
        )
        .unwrap();
        let e = p
            .reveal("g", Side::Blue, "s", &blue, &prices(Side::Blue))
            .unwrap_err();
        assert_eq!(
            e,
            [PurchaseProblem::TooEarly {
                side: Side::Blue,
                waiting: Side::Red
            }]
        );
    }

    /// A doctored reveal (another list, or another salt) is refused and names its side;
    /// nothing is recorded.
    #[test]
    fn a_doctored_reveal_is_refused_and_names_the_side() {
        let blue = list(&[("infantry 4-4", 10)]);
        let red = list(&[("infantry 4-4", 10)]);
        let mut p = committed_both(&blue, &red);
        let before = p.clone();
        let more = list(&[("infantry 4-4", 11)]);
        let e = p
            .reveal("g", Side::Blue, "b-salt", &more, &prices(Side::Blue))
            .unwrap_err();
        assert_eq!(e, [PurchaseProblem::Mismatch { side: Side::Blue }]);
        let e = p
            .reveal("g", Side::Blue, "other", &blue, &prices(Side::Blue))
            .unwrap_err();
        assert_eq!(e, [PurchaseProblem::Mismatch { side: Side::Blue }]);
        assert_eq!(p, before);
        // The same list in other words opens it: case and order do not count.
        let same = list(&[("INFANTRY   4-4", 10)]);
        assert!(p
            .reveal("g", Side::Blue, "b-salt", &same, &prices(Side::Blue))
            .is_ok());
    }

    /// 37.21, 40.8: over the points, or beyond the counter mix, refused, each saying
    /// whose list it is.
    #[test]
    fn over_budget_and_beyond_the_mix_are_refused_37_21_40_8() {
        let blue = list(&[("cv 1", 5)]);
        let red = list(&[
            ("armor 8-6", 3),
            ("bb 4", 4),
            ("cv 1", 4),
            ("escort 2", 10),
            ("infantry 4-4", 36),
            ("armor 6-6", 14),
            ("artillery 8-4-4", 6),
        ]);
        let mut p = committed_both(&blue, &red);
        let e = p
            .reveal("g", Side::Blue, "b-salt", &blue, &prices(Side::Blue))
            .unwrap_err();
        assert_eq!(
            e,
            [PurchaseProblem::BeyondMix {
                side: Side::Blue,
                item: "cv 1".into(),
                bought: 5,
                mix: 4
            }]
        );
        // Red's turn comes only after Blue's reveal is accepted.
        let blue_ok = list(&[("cv 1", 1)]);
        let mut p = committed_both(&blue_ok, &red);
        p.reveal("g", Side::Blue, "b-salt", &blue_ok, &prices(Side::Blue))
            .unwrap();
        let e = p
            .reveal("g", Side::Red, "r-salt", &red, &prices(Side::Red))
            .unwrap_err();
        let spent = 3 * 108 + 800 + 400 + 36 * 32 + 14 * 72 + 6 * 54;
        assert_eq!(spent, 4008);
        assert_eq!(
            e,
            [PurchaseProblem::OverBudget {
                side: Side::Red,
                spent,
                budget: 4000
            }]
        );
    }

    /// 38.8, 37.11: a game in Cold War buys with a season's points, 1025 and 1000,
    /// a quarter of 37.21's (38.81).
    #[test]
    fn a_cold_war_season_buys_with_37_11_points() {
        let f = Figures85::embedded().unwrap();
        let p = Purchase::start(f, true);
        assert_eq!(p.points[&Side::Blue], 1025);
        assert_eq!(p.points[&Side::Red], 1000);
        assert_eq!(Purchase::start(f, false).points[&Side::Blue], 4100);
    }

    /// The commitment is bound to the game and the side: Blue's list committed by Red,
    /// or in another game, is another commitment.
    #[test]
    fn a_commitment_is_bound_to_its_game_and_side() {
        let l = list(&[("infantry 4-4", 1)]);
        let c = commitment("g", Side::Blue, "s", &l);
        assert_ne!(c, commitment("g", Side::Red, "s", &l));
        assert_ne!(c, commitment("h", Side::Blue, "s", &l));
        assert_eq!(canonical(&l), "infantry 4-4=1\n");
    }
}
