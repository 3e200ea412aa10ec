//! Combat rules 12-15 and the BGAT results, on small sketch boards. Each test cites the
//! paragraph (000) or clarification (003) it checks.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use blitzkrieg::cite;
use blitzkrieg::cite::Cite;
use blitzkrieg::cite::Rule;
use blitzkrieg::ruleset::RuleBook;
use blitzkrieg::tables::TableId;

use blitzkrieg::board::{Board, Country, Terrain};
use blitzkrieg::combat::{
    check_battles, resolve_battles, retreat_ends, strength, BattleSetup, CombatResult, Resolved,
};
use blitzkrieg::event::Event;
use blitzkrieg::hex::Hex;
use blitzkrieg::odds::Factor;
use blitzkrieg::orders::{self, Attack, Problem};
use blitzkrieg::position::Position;
use blitzkrieg::rules::Rules;
use blitzkrieg::sketch::Sketch;
use blitzkrieg::state::StandingOrders;
use blitzkrieg::units::{Counter, Counters, Side, Size, UnitId, UnitKind};
use std::collections::{BTreeMap, BTreeSet};

// ---------------------------------------------------------------------------
// Helpers.

fn h(s: &str) -> Hex {
    s.parse().unwrap()
}

fn id(s: &str) -> UnitId {
    UnitId::new(s).unwrap()
}

fn f(n: u32) -> Factor {
    Factor::from(n)
}

/// A unit on the map: id, kind, attack, defence, hex. The side is read from the id
/// (`B-` Blue, `R-` Red).
type Spec<'a> = (&'a str, UnitKind, u32, u32, &'a str);

use UnitKind::{Armor as ARM, Artillery as ART, Infantry as INF};

struct World {
    rules: Rules,
    pos: Position,
}

fn side_of(name: &str) -> Side {
    if name.starts_with("B-") {
        Side::Blue
    } else {
        Side::Red
    }
}

fn world(board: Board, units: &[Spec]) -> World {
    let counters = Counters::from_list(units.iter().map(|(n, kind, a, d, _)| Counter {
        id: id(n),
        side: side_of(n),
        kind: *kind,
        size: Size::Division,
        attack: *a,
        defence: *d,
        movement: 4,
        name: n.to_string().into(),
        enters: 1,
    }));
    let mut pos = Position::new();
    for (n, kind, _, _, hex) in units {
        pos.put(id(n), side_of(n), *kind, h(hex));
    }
    World {
        rules: Rules::new(board, counters, RuleBook::embedded().unwrap()),
        pos,
    }
}

/// Clear land A1-J12 of Great Blue.
fn open_board() -> Board {
    Sketch::land(1..=10, 1..=12, Country::GreatBlue).build()
}

/// A1-J12 where every hex but `land` is sea.
fn corridor(land: &[&str]) -> Board {
    corridor_sketch(land).build()
}

fn corridor_sketch(land: &[&str]) -> Sketch {
    let sea: Vec<String> = Sketch::land(1..=10, 1..=12, Country::GreatBlue)
        .build()
        .hexes()
        .map(|(x, _)| x.to_string())
        .filter(|x| !land.contains(&x.as_str()))
        .collect();
    let sea: Vec<&str> = sea.iter().map(String::as_str).collect();
    Sketch::land(1..=10, 1..=12, Country::GreatBlue).terrain(Terrain::Sea, &sea)
}

const HEADER: &str = "game = \"g\"\nside = \"blue\"\nturn = 1\nstate = \"ab\"\n";

/// The `[[attack]]` tables of an order file, read by the real parser.
fn attacks(toml: &str) -> Vec<Attack> {
    orders::parse(&format!("{HEADER}{toml}")).unwrap().attacks
}

fn set(names: &[&str]) -> BTreeSet<UnitId> {
    names.iter().map(|n| id(n)).collect()
}

fn problems(w: &World, moved: &[&str], toml: &str) -> Vec<(Problem, Cite)> {
    check_battles(
        &w.rules,
        &w.pos,
        Side::Blue,
        &set(moved),
        &BTreeMap::new(),
        &BTreeSet::new(),
        &attacks(toml),
    )
    .errors
    .into_iter()
    .map(|e| (e.problem, e.rule))
    .collect()
}

/// Every battle gets `result`.
fn always(result: CombatResult) -> impl FnMut(&BattleSetup) -> Result<Resolved, String> {
    move |s: &BattleSetup| {
        Ok(Resolved {
            result: blitzkrieg::combat::Outcome::Bgat(result),
            odds: format!("{}:{}", s.attack, s.defence),
            roll: format!("{}: fixed", s.id),
            table: "fixed".to_string(),
        })
    }
}

fn resolve(w: &mut World, toml: &str, standing: &StandingOrders, r: CombatResult) -> Vec<Event> {
    let a = attacks(toml);
    resolve_battles(
        &w.rules,
        &mut w.pos,
        Side::Blue,
        &a,
        standing,
        None,
        &mut always(r),
    )
    .unwrap()
    .0
}

fn at(w: &World, unit: &str) -> Option<Hex> {
    w.pos.hex_of(&id(unit))
}

fn eliminated(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Eliminated { unit, .. } => Some(unit.to_string()),
            _ => None,
        })
        .collect()
}

fn decided(events: &[Event]) -> Vec<(Side, String, String)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Decided { side, what, how } => Some((*side, what.clone(), how.clone())),
            _ => None,
        })
        .collect()
}

// ---------------------------------------------------------------------------
// 14: the three-battle example. Red 19th and 20th Infantry stacked in E5, Red 21st in
// E7; Blue 1st Infantry D5 and 2nd F6 touch only E5, 5th F7 touches only E7, the 13th
// and 4th Armor stacked in E6 touch both. (The diagram is not in the text; this is the
// situation its caption describes.)

fn fourteen() -> World {
    world(
        open_board(),
        &[
            ("R-19IN", INF, 3, 3, "E5"),
            ("R-20IN", INF, 3, 3, "E5"),
            ("R-21IN", INF, 3, 3, "E7"),
            ("B-1IN", INF, 3, 3, "D5"),
            ("B-2IN", INF, 3, 3, "F6"),
            ("B-5IN", INF, 3, 3, "F7"),
            ("B-13AR", ARM, 6, 6, "E6"),
            ("B-4AR", ARM, 6, 6, "E6"),
        ],
    )
}

const ALL_BLUE: &[&str] = &["B-1IN", "B-2IN", "B-5IN", "B-13AR", "B-4AR"];

const FOURTEEN_AS_PLAYED: &str = r#"
[[attack]]
id = "A1"
units = ["B-1IN", "B-2IN", "B-13AR"]
target = "E5"

[[attack]]
id = "A2"
units = ["B-4AR", "B-5IN"]
target = "E7"
"#;

/// 14, 14.5: Blue divides the armor stack between the two battles; both are legal.
#[test]
fn rule_14_example_as_played_is_legal_and_the_armor_stack_splits_14_5() {
    let w = fourteen();
    let c = check_battles(
        &w.rules,
        &w.pos,
        Side::Blue,
        &set(ALL_BLUE),
        &BTreeMap::new(),
        &BTreeSet::new(),
        &attacks(FOURTEEN_AS_PLAYED),
    );
    assert_eq!(c.errors, vec![]);
    assert_eq!(c.removals, vec![]);
}

/// 14.4: the 19th and 20th are attacked as one combined defence factor.
#[test]
fn rule_14_4_stacked_19th_and_20th_defend_together() {
    let w = fourteen();
    let a = attacks(FOURTEEN_AS_PLAYED);
    let s = strength(&w.rules, &w.pos, &a[0]);
    assert_eq!(s.attack, f(12));
    assert_eq!(s.defence, f(6));
    let who: Vec<String> = s.defenders.iter().map(|d| d.0.to_string()).collect();
    assert_eq!(who, ["R-19IN", "R-20IN"]);
}

/// 14.4, 14.8: the stacked hex may not be attacked in two battles.
#[test]
fn rule_14_4_19th_and_20th_may_not_be_attacked_separately() {
    let w = fourteen();
    let p = problems(
        &w,
        ALL_BLUE,
        r#"
[[attack]]
id = "A1"
units = ["B-1IN", "B-2IN"]
target = "E5"

[[attack]]
id = "A2"
units = ["B-13AR"]
target = "E5"

[[attack]]
id = "A3"
units = ["B-4AR", "B-5IN"]
target = "E7"
"#,
    );
    assert_eq!(
        p,
        vec![(Problem::HexInTwoBattles { hex: h("E5") }, cite!("14.4"))]
    );
}

/// 14.33: one battle against both hexes is illegal, since the 1st and 2nd are not
/// adjacent to the 21st (every attacker must touch every hex of its battle).
#[test]
fn rule_14_33_1st_and_2nd_cannot_attack_the_21st() {
    let w = fourteen();
    let p = problems(
        &w,
        ALL_BLUE,
        r#"
[[attack]]
id = "A1"
units = ["B-1IN", "B-2IN", "B-13AR", "B-4AR", "B-5IN"]
targets = ["E5", "E7"]
"#,
    );
    let not_adjacent: Vec<(String, Hex)> = p
        .iter()
        .filter_map(|(e, rule)| match e {
            Problem::NotAdjacent { unit, target } if *rule == cite!("14.33") => {
                Some((unit.to_string(), *target))
            }
            _ => None,
        })
        .collect();
    assert_eq!(
        not_adjacent,
        vec![
            ("B-1IN".to_string(), h("E7")),
            ("B-2IN".to_string(), h("E7")),
            ("B-5IN".to_string(), h("E5")),
        ]
    );
    assert_eq!(p.len(), 3, "{p:?}");
}

/// 14.31, 14.32: the 5th must attack the 21st; leaving it out is two errors: the 5th
/// makes no attack, and the 21st it moved next to is not attacked.
#[test]
fn rule_14_31_14_32_the_5th_must_attack_the_21st() {
    let w = fourteen();
    let p = problems(
        &w,
        ALL_BLUE,
        r#"
[[attack]]
id = "A1"
units = ["B-1IN", "B-2IN", "B-13AR", "B-4AR"]
target = "E5"
"#,
    );
    assert_eq!(
        p,
        vec![
            (
                Problem::MustAttack {
                    unit: id("B-5IN"),
                    hex: h("F7"),
                    enemies: vec![h("E7")],
                },
                cite!("14.32")
            ),
            (Problem::DefenderUnattacked { hex: h("E7") }, cite!("14.31")),
        ]
    );
}

/// 14.31: attacking the 21st with the 4th Armor alone leaves the 5th without a battle.
#[test]
fn rule_14_32_every_unit_in_enemy_zoc_attacks() {
    let w = fourteen();
    let p = problems(
        &w,
        ALL_BLUE,
        r#"
[[attack]]
id = "A1"
units = ["B-1IN", "B-2IN", "B-13AR"]
target = "E5"

[[attack]]
id = "A2"
units = ["B-4AR"]
target = "E7"
"#,
    );
    assert_eq!(
        p,
        vec![(
            Problem::MustAttack {
                unit: id("B-5IN"),
                hex: h("F7"),
                enemies: vec![h("E7")],
            },
            cite!("14.32")
        )]
    );
}

/// 14.6, 14.8: a unit fights one battle.
#[test]
fn rule_14_8_a_unit_in_two_battles_is_rejected() {
    let w = fourteen();
    let p = problems(
        &w,
        ALL_BLUE,
        r#"
[[attack]]
id = "A1"
units = ["B-1IN", "B-2IN", "B-13AR"]
target = "E5"

[[attack]]
id = "A2"
units = ["B-4AR", "B-5IN", "B-13AR"]
target = "E7"
"#,
    );
    assert_eq!(
        p,
        vec![(Problem::TwoBattles { unit: id("B-13AR") }, cite!("14.8"))]
    );
}

/// 12.1: an attack on an empty hex or a friendly hex has no defender; battle ids are
/// unique (4.3).
#[test]
fn rule_12_1_a_battle_needs_an_enemy_defender_and_its_own_id() {
    let w = fourteen();
    let p = problems(
        &w,
        ALL_BLUE,
        &format!(
            "{FOURTEEN_AS_PLAYED}\n[[attack]]\nid = \"A2\"\nunits = [\"B-1IN\"]\ntarget = \"F6\"\n"
        ),
    );
    assert!(
        p.contains(&(Problem::NoDefender(h("F6")), cite!("12.1"))),
        "{p:?}"
    );
    assert!(
        p.contains(&(Problem::DuplicateBattle("A2".into()), cite!("4.3"))),
        "{p:?}"
    );
}

// ---------------------------------------------------------------------------
// 13.2, 13.3: terrain doubling.

/// 13.3's example: Blue's 1st and 2nd Marines attack Red's 1st Infantry at basic odds
/// although the 2nd Marine stands on a river, because the 1st Marine does not; Red's
/// 2nd Infantry is doubled because the 3rd Marine attacks from an end-of-river hex.
/// (Reconstructed: river E6-F7-G8 with G8 its end; marines counted as infantry.)
#[test]
fn rule_13_3_the_marines_river_example() {
    let board = Sketch::land(1..=10, 1..=12, Country::GreatBlue)
        .river("R", &["E6", "F7", "G8"], &["G8"])
        .build();
    let w = world(
        board,
        &[
            ("R-1IN", INF, 3, 3, "E5"),
            ("R-2IN", INF, 3, 3, "G7"),
            ("B-1MA", INF, 2, 2, "D5"),
            ("B-2MA", INF, 2, 2, "E6"),
            ("B-3MA", INF, 2, 2, "G8"),
        ],
    );
    let a = attacks(
        r#"
[[attack]]
id = "M1"
units = ["B-1MA", "B-2MA"]
target = "E5"

[[attack]]
id = "M2"
units = ["B-3MA"]
target = "G7"

[[attack]]
id = "M3"
units = ["B-2MA"]
target = "E5"
"#,
    );
    let m1 = strength(&w.rules, &w.pos, &a[0]);
    assert_eq!((m1.attack, m1.defence), (f(4), f(3)));
    assert!(m1.doubling.is_empty());
    let m2 = strength(&w.rules, &w.pos, &a[1]);
    assert_eq!((m2.attack, m2.defence), (f(2), f(6)));
    assert_eq!(m2.defenders, vec![(id("R-2IN"), 3, f(6))]);
    assert!(m2.doubling[0].contains("13.3"), "{:?}", m2.doubling);
    // The 2nd Marine alone: every attacker on the river, so the 1st Infantry doubles.
    let m3 = strength(&w.rules, &w.pos, &a[2]);
    assert_eq!(m3.defence, f(6));
}

/// 003 13.3 (b): a defender on a river hex is doubled only when every attacker stands
/// on a different branch: EE40 against DD40 doubles, EE41 against DD40 does not.
#[test]
fn rule_13_3_003_branch_rule_ee40_ee41_dd40() {
    let board = Sketch::land(29..=32, 37..=43, Country::BigRed)
        .river("main", &["CC39", "DD40", "EE41", "FF42"], &["CC39"])
        .river("north", &["EE40", "FF40"], &["FF40"])
        .build();
    let cases: &[(&[&str], u32, &str)] = &[
        (&["EE40"], 6, "another branch: doubled"),
        (&["EE41"], 3, "same branch: not doubled"),
        (&["EE40", "EE41"], 3, "one attacker on the same branch"),
        (&["DD41"], 3, "attacker off the river"),
        (&["CC39"], 3, "end-of-river hex of the same branch"),
    ];
    for (from, defence, why) in cases {
        let mut units: Vec<Spec> = vec![("R-1IN", INF, 3, 3, "DD40")];
        let names: Vec<String> = (0..from.len()).map(|i| format!("B-{i}IN")).collect();
        for (n, hex) in names.iter().zip(from.iter()) {
            units.push((n.as_str(), INF, 1, 1, hex));
        }
        let w = world(board.clone(), &units);
        let list: Vec<String> = names.iter().map(|n| format!("\"{n}\"")).collect();
        let a = attacks(&format!(
            "[[attack]]\nid = \"X\"\nunits = [{}]\ntarget = \"DD40\"\n",
            list.join(", ")
        ));
        let s = strength(&w.rules, &w.pos, &a[0]);
        assert_eq!(s.defence, f(*defence), "{from:?}: {why}");
    }
}

/// 13.2, 13.3 and 003 Rounding: cities and mountains double the defence; a river adds
/// nothing more; a factor is doubled once only. Forest does not double. The attack is
/// never doubled (12.4).
#[test]
fn rule_13_2_doubling_by_terrain_once_only() {
    let board = Sketch::land(1..=10, 1..=12, Country::GreatBlue)
        .terrain(Terrain::Mountain, &["C5", "G5"])
        .terrain(Terrain::Forest, &["E8"])
        .city("Azure", &["E5"])
        .city("Peak", &["C5"])
        .city("Ford", &["G8"])
        .river("R", &["G7", "H9", "H8"], &[])
        .build();
    // (defender hex, attacker hex, defence of a 3-factor infantry)
    let cases: &[(&str, &str, u32, &str)] = &[
        ("E2", "E3", 3, "clear"),
        ("E5", "E4", 6, "city (13.2)"),
        ("G5", "G4", 6, "mountain (13.2)"),
        ("C5", "C4", 6, "city on a mountain: doubled once (003)"),
        (
            "G8",
            "G7",
            6,
            "city attacked from a river hex: doubled once (003)",
        ),
        ("E8", "E7", 3, "forest does not double"),
        (
            "H4",
            "G4",
            3,
            "attacker on a mountain: attack not doubled (12.4)",
        ),
    ];
    for (def, from, defence, why) in cases {
        let w = world(
            board.clone(),
            &[("R-1IN", INF, 3, 3, def), ("B-1IN", INF, 2, 2, from)],
        );
        let a = attacks(&format!(
            "[[attack]]\nid = \"X\"\nunit = \"B-1IN\"\ntarget = \"{def}\"\n"
        ));
        let s = strength(&w.rules, &w.pos, &a[0]);
        assert_eq!((s.attack, s.defence), (f(2), f(*defence)), "{why}");
        assert_eq!(s.doubling.len(), usize::from(*defence == 6), "{why}");
    }
}

/// 2.4: artillery attacks with its first factor and defends with its second.
#[test]
fn rule_2_4_artillery_attacks_and_defends_with_different_factors() {
    let w = world(
        open_board(),
        &[("B-1AT", ART, 6, 2, "E5"), ("R-1AT", ART, 6, 2, "E6")],
    );
    let a = attacks("[[attack]]\nid = \"X\"\nunit = \"B-1AT\"\ntarget = \"E6\"\n");
    let s = strength(&w.rules, &w.pos, &a[0]);
    assert_eq!((s.attack, s.defence), (f(6), f(2)));
}

// ---------------------------------------------------------------------------
// 14.7: soak-offs.

/// 14.7, 15.1: soak-offs at 1-6 are legal; 1-7 is not, and 2 against 13 rounds to 1-7
/// in the defender's favour.
#[test]
fn rule_14_7_soak_off_at_1_6_is_legal_and_1_7_is_not() {
    let cases: &[(u32, u32, bool)] = &[
        (1, 6, true),
        (1, 7, false),
        (2, 12, true),
        (2, 13, false),
        (3, 18, true),
        (3, 19, false),
    ];
    for &(att, def, legal) in cases {
        let w = world(
            open_board(),
            &[
                ("B-1IN", INF, att, att, "E5"),
                ("R-1IN", INF, def, def, "E6"),
            ],
        );
        let p = problems(
            &w,
            &["B-1IN"],
            "[[attack]]\nid = \"S\"\nunit = \"B-1IN\"\ntarget = \"E6\"\n",
        );
        if legal {
            assert_eq!(p, vec![], "{att} to {def}");
        } else {
            let odds = format!("{att} to {def} (1-7)");
            assert_eq!(
                p,
                vec![(Problem::OddsTooLow { odds }, cite!("14.7"))],
                "{att} to {def}"
            );
        }
    }
}

/// 14.7 with 13.2: odds are judged after terrain: 2 against 7 is legal in the open
/// and illegal (2 to 14) in a city.
#[test]
fn rule_14_7_odds_are_judged_after_doubling() {
    let board = Sketch::land(1..=10, 1..=12, Country::GreatBlue)
        .city("Azure", &["E6"])
        .build();
    let w = world(
        board,
        &[("B-1IN", INF, 2, 2, "E5"), ("R-1IN", INF, 7, 7, "E6")],
    );
    let p = problems(
        &w,
        &["B-1IN"],
        "[[attack]]\nid = \"S\"\nunit = \"B-1IN\"\ntarget = \"E6\"\n",
    );
    assert_eq!(
        p,
        vec![(
            Problem::OddsTooLow {
                odds: "2 to 14 (1-7)".into()
            },
            cite!("14.7")
        )]
    );
}

// ---------------------------------------------------------------------------
// 14.9 with 003: removal before combat, or an order error.

/// Blue B-X and B-Y attack Red in E6; B-W, alone next to a strong Red armor in H9,
/// cannot attack it at 1-6.
fn removal_world(w_factor: u32) -> World {
    world(
        open_board(),
        &[
            ("R-A", INF, 3, 3, "E6"),
            ("R-S", ARM, 10, 10, "H9"),
            ("B-X", INF, 4, 4, "E5"),
            ("B-Y", ARM, 6, 6, "D5"),
            ("B-W", INF, w_factor, w_factor, "G8"),
        ],
    )
}

const REMOVAL_ATTACK: &str =
    "[[attack]]\nid = \"A1\"\nunits = [\"B-X\", \"B-Y\"]\ntarget = \"E6\"\n";

/// 14.9 with 003: a unit that began in enemy ZOC, did not move and cannot make a legal
/// attack is removed before combat; no error, and the hex it touched need not be
/// attacked.
#[test]
fn rule_14_9_unmoved_engaged_unit_without_a_legal_attack_is_removed() {
    let w = removal_world(1);
    let c = check_battles(
        &w.rules,
        &w.pos,
        Side::Blue,
        &set(&["B-X", "B-Y"]),
        &BTreeMap::new(),
        &BTreeSet::new(),
        &attacks(REMOVAL_ATTACK),
    );
    assert_eq!(c.errors, vec![]);
    assert_eq!(c.removals, vec![(id("B-W"), h("G8"))]);
}

/// 003 14.9: a unit may not move where it will be forced to attack at illegal odds:
/// if B-W moved there, that is an order error (and the enemy it moved next to must
/// be attacked, 14.31).
#[test]
fn rule_14_9_a_unit_that_moved_into_an_impossible_attack_is_an_error() {
    let w = removal_world(1);
    let p = problems(&w, &["B-X", "B-Y", "B-W"], REMOVAL_ATTACK);
    assert_eq!(
        p,
        vec![
            (
                Problem::MustAttack {
                    unit: id("B-W"),
                    hex: h("G8"),
                    enemies: vec![h("H9")],
                },
                cite!("14.32")
            ),
            (Problem::DefenderUnattacked { hex: h("H9") }, cite!("14.31")),
        ]
    );
}

/// 12.1: an unmoved engaged unit that can attack legally must: B-W with 2 factors can
/// attack the 10 in H9 at 1-5.
#[test]
fn rule_12_1_an_unmoved_unit_that_can_attack_must() {
    let w = removal_world(2);
    let p = problems(&w, &["B-X", "B-Y"], REMOVAL_ATTACK);
    assert_eq!(
        p,
        vec![(
            Problem::EngagedMustAttack {
                unit: id("B-W"),
                how: "B-W may attack H9".into()
            },
            cite!("12.1")
        )]
    );
}

/// 12.1: an unmoved engaged unit next to a hex already attacked can join that battle,
/// so it must attack.
#[test]
fn rule_12_1_an_unmoved_unit_that_could_join_a_battle_must() {
    let mut w = removal_world(1);
    w.pos.remove(&id("B-W"));
    w.pos.put(id("B-V"), Side::Blue, INF, h("F6"));
    let p = problems(&w, &["B-X", "B-Y"], REMOVAL_ATTACK);
    assert_eq!(
        p,
        vec![(
            Problem::EngagedMustAttack {
                unit: id("B-V"),
                how: "it may join battle A1".into()
            },
            cite!("12.1")
        )]
    );
}

/// 14.9: a removed unit has no effect on combat and does not block retreats: once B-W
/// is gone, Red in E6 may retreat to F8, which B-W's ZOC closed.
#[test]
fn rule_14_9_a_removed_unit_does_not_block_retreats() {
    let mut w = removal_world(1);
    let standing = StandingOrders {
        retreat_prefer: vec![h("F8")],
        ..StandingOrders::default()
    };
    let r = w.pos.get(&id("R-A")).cloned().unwrap();
    let before: Vec<Hex> = retreat_ends(&w.rules, &w.pos, &r)
        .iter()
        .map(|e| e.end)
        .collect();
    assert!(!before.contains(&h("F8")));
    let c = check_battles(
        &w.rules,
        &w.pos,
        Side::Blue,
        &set(&["B-X", "B-Y"]),
        &BTreeMap::new(),
        &BTreeSet::new(),
        &attacks(REMOVAL_ATTACK),
    );
    for (u, _) in &c.removals {
        w.pos.remove(u);
    }
    let ev = resolve(
        &mut w,
        REMOVAL_ATTACK,
        &standing,
        CombatResult::DefenderBack2,
    );
    assert_eq!(at(&w, "R-A"), Some(h("F8")));
    assert!(ev.contains(&Event::Retreated {
        unit: id("R-A"),
        path: vec![h("E6"), h("E7"), h("F8")],
        rule: Rule::result(TableId::Bgat, "DB2")
    }));
}

/// 12.1/14.31 strictly: a unit that moved next to two enemy hexes must see both
/// attacked; F5 is left alone.
#[test]
fn rule_14_31_an_adjacent_defender_left_unattacked_is_rejected() {
    let mut w = removal_world(1);
    w.pos.remove(&id("B-W"));
    w.pos.put(id("R-T"), Side::Red, INF, h("F5"));
    let p = problems(&w, &["B-X", "B-Y"], REMOVAL_ATTACK);
    assert_eq!(
        p,
        vec![(Problem::DefenderUnattacked { hex: h("F5") }, cite!("14.31"))]
    );
}

/// 15.3, BGAT: at most 3 advance, each from the battle; losses named are of the battle.
#[test]
fn rule_15_3_advance_and_loss_orders_name_units_of_the_battle() {
    let w = removal_world(1);
    let p = problems(
        &w,
        &["B-X", "B-Y"],
        "[[attack]]\nid = \"A1\"\nunits = [\"B-X\", \"B-Y\"]\ntarget = \"E6\"\nadvance = [\"B-X\", \"B-W\", \"B-Y\", \"B-Q\"]\nlose = [\"B-W\"]\n",
    );
    let rules: Vec<String> = p.iter().map(|(_, r)| r.to_string()).collect();
    assert!(p.contains(&(
        Problem::TooManyAdvance {
            battle: "A1".into(),
            count: 4
        },
        cite!("15.3")
    )));
    assert!(p.contains(&(
        Problem::NotInBattle {
            unit: id("B-W"),
            battle: "A1".into(),
            what: "advance".into()
        },
        cite!("15.3")
    )));
    assert!(p.contains(&(
        Problem::NotInBattle {
            unit: id("B-W"),
            battle: "A1".into(),
            what: "lose".into()
        },
        cite!("BGAT")
    )));
    assert_eq!(rules.len(), 4, "{p:?}");
}

// ---------------------------------------------------------------------------
// The BGAT results. Blue B-X (infantry 4) in E5 and B-Y (armor 6) in D5 attack Red
// R-A (3) and R-B (5) stacked in E6.

fn duel() -> World {
    world(
        open_board(),
        &[
            ("R-A", INF, 3, 3, "E6"),
            ("R-B", INF, 5, 5, "E6"),
            ("B-X", INF, 4, 4, "E5"),
            ("B-Y", ARM, 6, 6, "D5"),
        ],
    )
}

const DUEL: &str = "[[attack]]\nid = \"A1\"\nunits = [\"B-X\", \"B-Y\"]\ntarget = \"E6\"\n";

/// The battle is recorded with its factors and the table's words.
#[test]
fn rule_15_the_battle_is_recorded() {
    let mut w = duel();
    let ev = resolve(
        &mut w,
        DUEL,
        &StandingOrders::default(),
        CombatResult::Exchange,
    );
    let Some(Event::Battle(b)) = ev.first() else {
        panic!("{ev:?}")
    };
    assert_eq!((b.attack, b.defence), (f(10), f(8)));
    assert_eq!(b.target, h("E6"));
    assert_eq!(b.odds, "10:8");
    assert_eq!(b.result.to_string(), "EX (exchange)");
}

/// DE: the defender eliminates one unit (default: the weakest), the rest retreat 2
/// (default: furthest from the enemy, then hex order), the attacker advances the units
/// his order names.
#[test]
fn bgat_de_default_loss_retreat_and_ordered_advance() {
    let mut w = duel();
    let ev = resolve(
        &mut w,
        &format!("{DUEL}advance = [\"B-X\"]\n"),
        &StandingOrders::default(),
        CombatResult::DefenderEliminated,
    );
    assert_eq!(eliminated(&ev), ["R-A"]);
    assert_eq!(at(&w, "R-B"), Some(h("E8")));
    assert_eq!(at(&w, "B-X"), Some(h("E6")));
    assert_eq!(at(&w, "B-Y"), Some(h("D5")));
    let d = decided(&ev);
    assert_eq!(
        d[0],
        (
            Side::Red,
            "loses R-A in battle A1 (DE)".into(),
            "default: the weakest unit (lowest factor, then id)".into()
        )
    );
    assert!(
        d[1].2.starts_with("default: furthest from enemy units"),
        "{d:?}"
    );
    assert_eq!(d[2].0, Side::Blue);
    assert_eq!(d[2].2, "order: `advance` of battle A1");
}

/// Default retreat: among the hexes furthest from the enemy (E8, F8, G8 are all 3
/// away), the one nearest a city of the unit's own home country (Big Red's J8).
#[test]
fn bgat_default_retreat_heads_for_a_home_city() {
    let board = Sketch::land(1..=10, 1..=12, Country::GreatBlue)
        .country(Country::BigRed, &["J8"])
        .city("Rubra", &["J8"])
        .build();
    let mut w = world(
        board,
        &[
            ("R-A", INF, 3, 3, "E6"),
            ("B-X", INF, 4, 4, "E5"),
            ("B-Y", ARM, 6, 6, "D5"),
        ],
    );
    resolve(
        &mut w,
        DUEL,
        &StandingOrders::default(),
        CombatResult::DefenderBack2,
    );
    assert_eq!(at(&w, "R-A"), Some(h("G8")));
}

/// DE with standing orders: Red loses the unit it named first, retreats toward its
/// preferred hex.
#[test]
fn bgat_de_standing_orders_choose_the_loss_and_the_retreat() {
    let mut w = duel();
    let standing = StandingOrders {
        lose_first: vec![id("R-Z"), id("R-B")],
        retreat_prefer: vec![h("J1"), h("D7")],
        ..StandingOrders::default()
    };
    let ev = resolve(&mut w, DUEL, &standing, CombatResult::DefenderEliminated);
    assert_eq!(eliminated(&ev), ["R-B"]);
    assert_eq!(at(&w, "R-A"), Some(h("D7")));
    let d = decided(&ev);
    assert_eq!(d[0].2, "standing order `lose_first`");
    assert_eq!(d[1].2, "standing order `retreat_prefer`");
    assert_eq!(d[2].1, "does not advance after battle A1");
}

/// DB2 with `retreat_toward`: every defender retreats 2 to the legal hex nearest J8.
#[test]
fn bgat_db2_retreat_toward_and_advance_up_to_three() {
    let mut w = duel();
    let standing = StandingOrders {
        retreat_toward: Some(h("J8")),
        ..StandingOrders::default()
    };
    let ev = resolve(
        &mut w,
        &format!("{DUEL}advance = [\"B-Y\", \"B-X\"]\n"),
        &standing,
        CombatResult::DefenderBack2,
    );
    assert_eq!(eliminated(&ev), Vec::<String>::new());
    assert_eq!(at(&w, "R-A"), Some(h("G8")));
    assert_eq!(at(&w, "R-B"), Some(h("G8")));
    assert_eq!(at(&w, "B-X"), Some(h("E6")));
    assert_eq!(at(&w, "B-Y"), Some(h("E6")));
    assert!(ev.contains(&Event::Advanced {
        unit: id("B-Y"),
        path: vec![h("D5"), h("E6")],
        rule: Rule::result(TableId::Bgat, "DB2").note("advance after combat, ignoring ZOC")
    }));
}

/// AE: the attacker eliminates one unit (his `lose` order), the rest retreat 2 (his
/// `retreat` order), and the defender advances when his standing orders say so,
/// strongest first.
#[test]
fn bgat_ae_attacker_loss_retreat_and_defender_advance() {
    let mut w = duel();
    let standing = StandingOrders {
        advance: true,
        ..StandingOrders::default()
    };
    let ev = resolve(
        &mut w,
        &format!("{DUEL}lose = [\"B-Y\"]\nretreat = [\"D3\"]\n"),
        &standing,
        CombatResult::AttackerEliminated,
    );
    assert_eq!(eliminated(&ev), ["B-Y"]);
    assert_eq!(at(&w, "B-X"), Some(h("D3")));
    // Both vacated (E5 by retreat, D5 by loss); the advance goes to the first, D5.
    assert_eq!(at(&w, "R-B"), Some(h("D5")));
    assert_eq!(at(&w, "R-A"), Some(h("D5")));
    let d = decided(&ev);
    assert_eq!(d[0].2, "order: `lose` of battle A1");
    assert_eq!(d[1].2, "order: `retreat` of battle A1");
    assert_eq!(d[2].2, "standing order `advance = true` (strongest first)");
    assert_eq!(d[2].1, "advances R-B into D5 after battle A1");
}

/// AB2: the attackers retreat 2; the defender does not advance unless his standing
/// orders say so.
#[test]
fn bgat_ab2_attackers_retreat_defender_stays() {
    let mut w = duel();
    let ev = resolve(
        &mut w,
        DUEL,
        &StandingOrders::default(),
        CombatResult::AttackerBack2,
    );
    assert_eq!(eliminated(&ev), Vec::<String>::new());
    for u in ["B-X", "B-Y"] {
        let to = at(&w, u).unwrap();
        assert!(to.distance(h("E6")) >= 2, "{u} at {to}");
        assert!(!w.pos.in_zoc_of(Side::Red, to), "{u} at {to}");
    }
    assert_eq!(at(&w, "R-A"), Some(h("E6")));
    assert_eq!(at(&w, "R-B"), Some(h("E6")));
    assert!(decided(&ev)
        .iter()
        .any(|d| d.1 == "does not advance after battle A1"
            && d.2 == "standing orders do not ask to advance"));
}

/// AB2: the defender advances only into a vacated hex: E5 still holds B-Z, which was
/// not in the battle (14.5), so only D5 is open.
#[test]
fn bgat_ab2_advance_only_into_vacated_hexes() {
    let mut w = duel();
    w.pos.put(id("B-Z"), Side::Blue, INF, h("E5"));
    let standing = StandingOrders {
        advance: true,
        ..StandingOrders::default()
    };
    resolve(&mut w, DUEL, &standing, CombatResult::AttackerBack2);
    assert_eq!(at(&w, "B-Z"), Some(h("E5")));
    assert_eq!(w.pos.count_at(h("E5")), 1);
    assert_eq!(at(&w, "R-B"), Some(h("D5")));
}

/// EX: each side eliminates one unit of the battle (defaults: the weakest); nobody
/// moves.
#[test]
fn bgat_ex_each_side_loses_one_nobody_moves() {
    let mut w = duel();
    let ev = resolve(
        &mut w,
        DUEL,
        &StandingOrders::default(),
        CombatResult::Exchange,
    );
    assert_eq!(eliminated(&ev), ["B-X", "R-A"]);
    assert_eq!(at(&w, "B-Y"), Some(h("D5")));
    assert_eq!(at(&w, "R-B"), Some(h("E6")));
    assert!(!ev
        .iter()
        .any(|e| matches!(e, Event::Retreated { .. } | Event::Advanced { .. })));
}

/// 10.2: armor never advances into forest; infantry does.
#[test]
fn bgat_armor_does_not_advance_into_forest() {
    let board = Sketch::land(1..=10, 1..=12, Country::GreatBlue)
        .terrain(Terrain::Forest, &["E6"])
        .build();
    let mut w = world(
        board,
        &[
            ("R-A", INF, 3, 3, "E6"),
            ("B-X", INF, 4, 4, "E5"),
            ("B-Y", ARM, 6, 6, "D5"),
        ],
    );
    let ev = resolve(
        &mut w,
        &format!("{DUEL}advance = [\"B-Y\", \"B-X\"]\n"),
        &StandingOrders::default(),
        CombatResult::DefenderBack2,
    );
    assert_eq!(at(&w, "B-Y"), Some(h("D5")));
    assert_eq!(at(&w, "B-X"), Some(h("E6")));
    assert!(decided(&ev)
        .iter()
        .any(|d| d.1.starts_with("cannot advance B-Y")));
}

// ---------------------------------------------------------------------------
// Retreat routes (BGAT AB2 with 003 8.3), data-driven. Blue B-X in E5 beats Red in E6.

struct RetreatCase {
    name: &'static str,
    board: Board,
    /// Red units retreating from E6: (id, kind).
    red: &'static [(&'static str, UnitKind)],
    /// Extra units: (id, kind, hex).
    extra: &'static [(&'static str, UnitKind, &'static str)],
    /// Where each red unit ends; `None` = eliminated.
    expect: &'static [Option<&'static str>],
}

fn retreat_cases() -> Vec<RetreatCase> {
    vec![
        RetreatCase {
            name: "zigzag: only hexes next to the start are open, E6-F7-E7",
            board: corridor(&["E5", "E6", "F7", "E7"]),
            red: &[("R-A", INF)],
            extra: &[],
            expect: &[Some("E7")],
        },
        RetreatCase {
            name: "sea all round: eliminated",
            board: corridor(&["E5", "E6"]),
            red: &[("R-A", INF)],
            extra: &[],
            expect: &[None],
        },
        RetreatCase {
            name: "board edge: eliminated",
            board: Sketch::land(5..=5, 5..=6, Country::GreatBlue).build(),
            red: &[("R-A", INF)],
            extra: &[],
            expect: &[None],
        },
        RetreatCase {
            name: "lake and Neutral Country are closed",
            board: Sketch::land(1..=10, 1..=12, Country::GreatBlue)
                .terrain(Terrain::Lake, &["F6", "F7", "E7"])
                .terrain(Terrain::Neutral, &["D6", "D5", "E8", "F8", "D7"])
                .build(),
            red: &[("R-A", INF)],
            extra: &[],
            expect: &[None],
        },
        RetreatCase {
            name: "enemy infantry ZOC closes F7 and F8 (G8); E7 leads nowhere",
            board: corridor(&["E5", "E6", "F7", "E7", "G8", "F8"]),
            red: &[("R-A", INF)],
            extra: &[("B-G", INF, "G8")],
            expect: &[None],
        },
        RetreatCase {
            name: "003 8.3: armor is stopped by infantry ZOC too",
            board: corridor(&["E5", "E6", "F7", "E7", "G8", "F8"]),
            red: &[("R-A", ARM)],
            extra: &[("B-G", INF, "G8")],
            expect: &[None],
        },
        RetreatCase {
            name: "forest: infantry retreats through it as if clear",
            board: corridor_sketch(&["E5", "E6", "F7", "E7"])
                .terrain(Terrain::Forest, &["F7", "E7"])
                .build(),
            red: &[("R-A", INF)],
            extra: &[],
            expect: &[Some("E7")],
        },
        RetreatCase {
            name: "forest: armor and artillery may not",
            board: corridor_sketch(&["E5", "E6", "F7", "E7"])
                .terrain(Terrain::Forest, &["F7", "E7"])
                .build(),
            red: &[("R-A", ARM), ("R-B", ART)],
            extra: &[],
            expect: &[None, None],
        },
        RetreatCase {
            name: "through friendly units; never ending above 3 a hex",
            board: corridor(&["E5", "E6", "F7", "E7"]),
            red: &[("R-A", INF), ("R-B", INF)],
            extra: &[
                ("R-1", INF, "E7"),
                ("R-2", INF, "E7"),
                ("R-3", INF, "F7"),
                ("R-4", INF, "F7"),
                ("R-5", INF, "F7"),
            ],
            expect: &[Some("E7"), None],
        },
    ]
}

#[test]
fn bgat_ab2_retreat_routes_table() {
    for case in retreat_cases() {
        let mut units: Vec<Spec> = vec![("B-X", INF, 6, 6, "E5")];
        for (n, k) in case.red {
            units.push((n, *k, 1, 1, "E6"));
        }
        for (n, k, hex) in case.extra {
            units.push((n, *k, 1, 1, hex));
        }
        let mut w = world(case.board, &units);
        let ev = resolve(
            &mut w,
            "[[attack]]\nid = \"R\"\nunit = \"B-X\"\ntarget = \"E6\"\n",
            &StandingOrders::default(),
            CombatResult::DefenderBack2,
        );
        for ((n, _), want) in case.red.iter().zip(case.expect) {
            let got = at(&w, n).filter(|x| *x != h("E6")).map(|x| x.to_string());
            // The advance may fill E6 only after every red unit has left it.
            assert_eq!(got.as_deref(), *want, "{}: {n}", case.name);
            assert_eq!(
                eliminated(&ev).contains(&n.to_string()),
                want.is_none(),
                "{}: {n}",
                case.name
            );
        }
    }
}

/// AB2: "zigzag retreats that would result in units actually retreating only one hex
/// are permitted", but a retreat never ends in the start hex.
#[test]
fn bgat_ab2_zigzag_path_never_returns_to_the_start() {
    let w = world(
        corridor(&["E5", "E6", "F7", "E7"]),
        &[("B-X", INF, 6, 6, "E5"), ("R-A", INF, 1, 1, "E6")],
    );
    let r = w.pos.get(&id("R-A")).cloned().unwrap();
    let ends = retreat_ends(&w.rules, &w.pos, &r);
    let paths: Vec<Vec<String>> = ends
        .iter()
        .map(|e| e.path.iter().map(Hex::to_string).collect())
        .collect();
    assert_eq!(paths, [["E6", "F7", "E7"], ["E6", "E7", "F7"]]);
}
