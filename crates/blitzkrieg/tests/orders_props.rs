//! Properties of order checking and resolution on the full embedded board, from the
//! demo game's position at the start of turn 3: any text is read without panicking;
//! random orders (moves to random hexes, random attacks) are either refused with
//! errors or, when legal, resolved into a position that keeps the rules' invariants
//! (11.1 stacking, 10.3 no unit on sea, lake or Neutral Country, no unit lost without a
//! battle), and the same orders always give the same bytes.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use blitzkrieg::board::Terrain;
use blitzkrieg::hex::Hex;
use blitzkrieg::orders;
use blitzkrieg::state::{GameState, Place};
use blitzkrieg_desk::demo::{self, STEPS};
use blitzkrieg_desk::game::{self, OrderText, RuleFiles, SeedInput, Umpire};
use proptest::prelude::*;
use std::collections::BTreeMap;
use std::sync::OnceLock;

struct Base {
    umpire: Umpire,
    state: GameState,
    bytes: Vec<u8>,
    blue: Vec<(String, Hex)>,
}

/// The demo played up to the state that awaits Blue's turn 3.
fn base() -> &'static Base {
    static BASE: OnceLock<Base> = OnceLock::new();
    BASE.get_or_init(|| {
        let umpire = Umpire::load(&RuleFiles::default()).unwrap();
        let mut state = game::new_game(&umpire, &demo::new_game_spec()).unwrap();
        let mut bytes = state.to_ron().unwrap().into_bytes();
        for step in STEPS {
            let orders = OrderText {
                toml: demo::order_file(&state, &bytes, step.orders),
                name: step.file.to_string(),
                source_lines: Vec::new(),
            };
            let seed = step.beacon.map(|b| SeedInput::Beacon(b.to_string()));
            let r =
                game::resolve(&umpire, &bytes, "s", &orders, seed.as_ref(), None, false).unwrap();
            bytes = r.state_ron.into_bytes();
            state = r.state;
        }
        let blue = state
            .units
            .iter()
            .filter(|(id, _)| id.as_str().starts_with("B-"))
            .filter_map(|(id, p)| match p {
                Place::Map(h) => Some((id.to_string(), *h)),
                _ => None,
            })
            .collect();
        Base {
            umpire,
            state,
            bytes,
            blue,
        }
    })
}

/// A hex near `from`: up to 6 steps in random directions (may fall off the board).
fn near(from: Hex, steps: &[u8]) -> Option<Hex> {
    steps
        .iter()
        .try_fold(from, |h, d| h.step(usize::from(*d % 6)))
}

fn orders_text(moves: &[(usize, Vec<u8>)], attacks: &[(usize, Vec<u8>)]) -> String {
    let b = base();
    let mut body = String::from("[seed]\nsource = \"drand\"\nround = 1000\n");
    for (i, steps) in moves {
        let (id, h) = &b.blue[i % b.blue.len()];
        let to = near(*h, steps).map_or("ZZZ99".to_string(), |x| x.to_string());
        body.push_str(&format!("\n[[move]]\nunit = \"{id}\"\nto = \"{to}\"\n"));
    }
    for (n, (i, steps)) in attacks.iter().enumerate() {
        let (id, h) = &b.blue[i % b.blue.len()];
        let target = near(*h, steps).map_or("A1".to_string(), |x| x.to_string());
        body.push_str(&format!(
            "\n[[attack]]\nid = \"A{n}\"\nunits = [\"{id}\"]\ntarget = \"{target}\"\n"
        ));
    }
    demo::order_file(&b.state, &b.bytes, &body)
}

fn beacon() -> SeedInput {
    SeedInput::Beacon(STEPS[4].beacon.unwrap().to_string())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Bad input never panics: any text is either orders or a list of errors.
    #[test]
    fn any_text_is_read_without_panicking(text in "\\PC{0,300}") {
        let _ = orders::parse(&text);
    }

    /// Random orders are checked without panicking; legal ones resolve into a legal
    /// position, the same bytes every time.
    #[test]
    fn random_orders_are_refused_or_resolved_into_a_legal_position(
        moves in prop::collection::vec((0usize..64, prop::collection::vec(0u8..6, 0..7)), 0..6),
        attacks in prop::collection::vec((0usize..64, prop::collection::vec(0u8..6, 1..2)), 0..2),
    ) {
        let b = base();
        let text = orders_text(&moves, &attacks);
        let orders = OrderText { toml: text, name: "random.toml".to_string(), source_lines: Vec::new() };
        let errors = game::check(&b.umpire, &b.bytes, "s", &orders).unwrap();
        let seed = beacon();
        let first = game::resolve(&b.umpire, &b.bytes, "s", &orders, Some(&seed), None, false);
        // check and resolve agree on legality.
        prop_assert_eq!(errors.is_empty(), first.is_ok());
        let Ok(r) = first else { return Ok(()); };
        let again = game::resolve(&b.umpire, &b.bytes, "s", &orders, Some(&seed), None, false)
            .unwrap();
        prop_assert_eq!(&r.state_ron, &again.state_ron);
        let board = &b.umpire.rules.board;
        let mut per_hex: BTreeMap<Hex, usize> = BTreeMap::new();
        for (id, place) in &r.state.units {
            match place {
                Place::Map(h) => {
                    *per_hex.entry(*h).or_default() += 1;
                    let t = board.terrain(*h);
                    prop_assert!(
                        !matches!(t, Some(Terrain::Sea | Terrain::Lake | Terrain::Neutral) | None),
                        "{} ended on {} ({:?})", id, h, t
                    );
                }
                Place::Eliminated { .. } => {
                    // A unit lost this player-turn was lost in a battle (or 14.9).
                    let before = b.state.units.get(id);
                    if !matches!(before, Some(Place::Eliminated { .. })) {
                        prop_assert!(!attacks.is_empty(), "{} lost without a battle", id);
                    }
                }
                Place::Waiting => {}
                // The Basic Game has no sea movement, no aircraft and no substitutes.
                Place::AtSea(_) | Place::Aloft(_) | Place::Inactive => {
                    prop_assert!(false, "{} left the map in a Basic Game", id);
                }
            }
        }
        for (h, n) in per_hex {
            prop_assert!(n <= 3, "{} units in {} (11.1)", n, h);
        }
    }
}
