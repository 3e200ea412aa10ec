//! The ready-to-fill order file for the next player: the header filled in, and as
//! comments that side's counters with their hexes and what each may do, the
//! reinforcements it may bring on, and examples of every kind of order. The orders
//! sit between marker lines so a player can reply to the mail with them quoted.

use crate::combat::Loss;
use crate::position::Position;
use crate::rules::Rules;
use crate::state::{GameState, Phase, Place, SeedSource};
use crate::units::{Counter, Side};
use std::fmt::Write as _;

/// The line before the orders in a template or a mail body.
pub const BEGIN: &str = "# ---- BEGIN BLITZ ORDERS ----";
/// The line after the orders.
pub const END: &str = "# ---- END BLITZ ORDERS ----";

/// The template for whoever moves in `state`, whose file hashes to `state_hash`.
/// Left as it is, it is a legal player-turn in which nothing happens.
pub fn render(rules: &Rules, state: &GameState, state_hash: &str) -> String {
    let mut t = String::new();
    let Some(side) = state.mover() else {
        let _ = writeln!(t, "# The game {} is over: no more orders.", state.game.id);
        return t;
    };
    let what = match state.phase {
        Phase::SetUp { .. } => "set-up".to_string(),
        _ => format!("turn {}", state.turn()),
    };
    let _ = writeln!(
        t,
        "# BLITZKRIEG orders: game {}, {what}, {side}.",
        state.game.id
    );
    let _ = writeln!(
        t,
        "# Fill in the orders between the marker lines and mail them back (quoted or"
    );
    let _ = writeln!(
        t,
        "# attached). Lines starting with # are comments. See docs/orders.md."
    );
    if state.game.keys.contains_key(&side) {
        let _ = writeln!(
            t,
            "# {side}'s orders are taken only signed with {side}'s key: sign the file with"
        );
        let _ = writeln!(
            t,
            "# `ssh-keygen -Y sign -n blitz-orders -f KEY ORDERS`, send ORDERS.sig with it."
        );
    }
    let _ = writeln!(t, "{BEGIN}");
    let _ = writeln!(t, "game = \"{}\"", state.game.id);
    let _ = writeln!(t, "side = \"{}\"", side.name().to_ascii_lowercase());
    let _ = writeln!(t, "turn = {}", state.turn());
    let _ = writeln!(t, "state = \"{state_hash}\"");
    if state.resume.is_some() {
        step_help(&mut t, rules, state, side);
        let _ = writeln!(t, "{END}");
        return t;
    }
    if matches!(state.phase, Phase::Turn { .. }) {
        seed_section(&mut t, &state.game.options.seed);
    }
    let pos = state.position(&rules.counters);
    match state.phase {
        Phase::SetUp { .. } => setup_help(&mut t, rules, state, side),
        _ => turn_help(&mut t, rules, state, &pos, side),
    }
    let _ = writeln!(t, "{END}");
    t
}

/// The `[seed]` section, commented out: a player-turn without attacks needs no seed
/// (15.2), so the untouched template stays legal; an attacker fills it in.
fn seed_section(t: &mut String, seed: &SeedSource) {
    let _ = writeln!(
        t,
        "\n# If you attack, name the seed that will decide your battles, one that does not\n\
         # exist yet when you mail the commitment (docs/dice.md): remove the leading `# `\n\
         # of the lines below and fill them in. No attack, no seed (15.2)."
    );
    seed_lines(t, seed);
}

/// The commented `[seed]` lines of the game's kind of seed.
fn seed_lines(t: &mut String, seed: &SeedSource) {
    let _ = writeln!(t, "# [seed]");
    match seed {
        SeedSource::Drand { .. } => {
            let _ = writeln!(t, "# source = \"drand\"");
            let _ = writeln!(
                t,
                "# time = \"2030-01-01T18:00:00Z\"   # a UTC time after you mail (or: round = N)"
            );
        }
        SeedSource::StockSales => {
            let _ = writeln!(t, "# source = \"stock\"");
            let _ = writeln!(
                t,
                "# date = \"2030-01-02\"   # a trading day after you mail; name a stock per attack"
            );
        }
        SeedSource::AgreedText => {
            let _ = writeln!(t, "# source = \"text\"");
            let _ = writeln!(t, "# description = \"what both players agreed on\"");
            let _ = writeln!(
                t,
                "# time = \"2030-01-02T20:45:00Z\"   # the UTC minute it is published, after you mail"
            );
            let _ = writeln!(
                t,
                "# sha256 = \"...\"   # only if its SHA-256 was published sealed in advance"
            );
        }
    }
}

fn factors(c: &Counter) -> String {
    c.factors_text()
}

fn setup_help(t: &mut String, rules: &Rules, state: &GameState, side: Side) {
    let rule = if side == Side::Blue { "3.3" } else { "3.4" };
    let _ = writeln!(
        t,
        "\n# Set-up ({rule}): place your turn-1 units anywhere in {}, at most 3 a hex.",
        side.country_name()
    );
    let _ = writeln!(
        t,
        "# Units you leave off come on later as reinforcements (003 3.3)."
    );
    let mut setup: Vec<&Counter> = state
        .units
        .iter()
        .filter(|(_, place)| matches!(place, Place::Waiting))
        .filter_map(|(id, _)| rules.counters.get(id))
        .filter(|c| c.side == side && c.enters <= 1)
        .collect();
    setup.sort_by_key(|c| c.counting_key());
    for c in setup {
        let _ = writeln!(
            t,
            "#   {:<9} {:<11} {:<8} {}",
            c.id,
            c.kind.name(),
            factors(c),
            c.name
        );
    }
    let _ = writeln!(
        t,
        "\n# [[setup]]\n# units = [\"UNIT\", \"UNIT\"]\n# hex = \"HEX\""
    );
    standing_help(t, side);
}

fn turn_help(t: &mut String, rules: &Rules, state: &GameState, pos: &Position, side: Side) {
    owed_help(t, rules, state, side);
    let _ = writeln!(t, "\n# Your units on the map, stack by stack:");
    let mut mine: Vec<_> = pos.pieces().filter(|p| p.side == side).collect();
    mine.sort_by_key(|p| (p.hex, p.id.counting_key()));
    for p in mine {
        let Some(c) = rules.counters.get(&p.id) else {
            continue;
        };
        let may = if pos.in_zoc_of(side.other(), p.hex) {
            if c.kind.is_armor_type() {
                "in enemy ZOC: may move through it, stops in armor ZOC (8.3)".to_string()
            } else {
                "engaged: may not move, must attack (8.2)".to_string()
            }
        } else {
            format!("may move {} MF", c.movement)
        };
        let _ = writeln!(
            t,
            "#   {:<9} {:<6} {:<11} {:<8} {may}",
            p.id,
            p.hex,
            c.kind.name(),
            factors(c)
        );
    }
    let mut due: Vec<&Counter> = state
        .units
        .iter()
        .filter(|(_, pl)| matches!(pl, Place::Waiting))
        .filter_map(|(id, _)| rules.counters.get(id))
        .filter(|c| c.side == side && u32::from(c.enters) <= state.turn())
        .collect();
    due.sort_by_key(|c| c.counting_key());
    if !due.is_empty() {
        let _ = writeln!(
            t,
            "\n# Reinforcements you may place in friendly home cities (6.3, 3 a hex):"
        );
        for c in due {
            let _ = writeln!(t, "#   {:<9} {:<11} {}", c.id, c.kind.name(), factors(c));
        }
    }
    let _ = writeln!(
        t,
        "\n# [[place]]\n# unit = \"UNIT\"\n# hex = \"CITY HEX\"\n#\n# [[move]]\n# units = [\"UNIT\"]\n# to = \"HEX\"            # or: path = [\"FROM\", \"HEX\", \"HEX\"]\n#\n# [[air]]               # 9.3 air transport / 9.4 airdrop (drop = true)\n# units = [\"UNIT\"]\n# from = \"CITY HEX\"\n# to = \"HEX\"\n#\n# [[attack]]\n# id = \"A1\"\n# units = [\"UNIT\", \"UNIT\"]\n# target = \"HEX\"\n# advance = [\"UNIT\"]     # who follows into the vacated hex (up to 3)\n# lose = [\"UNIT\"]        # your loss first on AE or EX"
    );
    standing_help(t, side);
}

fn standing_help(t: &mut String, side: Side) {
    let _ = writeln!(
        t,
        "\n# Standing orders for {}'s next player-turn, when you defend:\n# [standing]\n# lose_first = [\"UNIT\"]\n# retreat_prefer = [\"HEX\", \"HEX\"]   # or: retreat_toward = \"HEX\"\n# advance = false",
        side.other()
    );
}

/// Pending-decision games: the results owed from the opponent's player-turn, as
/// `[[decision]]` blocks to fill in (PBEM turn sequence).
/// PBEM sequence: a later step of the opponent's player-turn asks for decisions only,
/// and for a new seed when battles are still to be fought (docs/pbem.md).
fn step_help(t: &mut String, rules: &Rules, state: &GameState, side: Side) {
    let _ = writeln!(
        t,
        "\n# The player-turn {} stopped for your decisions (step {}): this file gives only\n\
         # [[decision]] and, when battles are still to be fought, a [seed].",
        state.label(),
        state.step
    );
    if let Some(r) = state.resume.as_ref().filter(|r| !r.battles.is_empty()) {
        let ids: Vec<&str> = r.battles.iter().map(|b| b.id.as_str()).collect();
        let _ = writeln!(
            t,
            "# Battles {} are still to be fought: name a NEW seed that does not exist\n\
             # yet when you mail the commitment (docs/pbem.md): remove the leading `# `.",
            ids.join(", ")
        );
        seed_lines(t, &state.game.options.seed);
    }
    owed_help(t, rules, state, side);
}

fn owed_help(t: &mut String, rules: &Rules, state: &GameState, side: Side) {
    let advance_units = rules.ruleset.figures.advance_units;
    let owed: Vec<_> = state.pending.iter().filter(|p| p.side == side).collect();
    if owed.is_empty() {
        return;
    }
    let heading = if state.resume.is_some() {
        "\n# Decisions owed from battles of this player-turn, carried out before the rest:"
    } else {
        "\n# Decisions owed from the last player-turn, carried out before anything else:"
    };
    let _ = writeln!(t, "{heading}");
    for p in owed {
        let _ = writeln!(t, "# battle {} ({}): {}", p.battle, p.result.code(), p.what);
        let _ = writeln!(t, "[[decision]]");
        let _ = writeln!(t, "battle = \"{}\"", p.battle);
        let fx = p.result.effects(advance_units);
        if fx.defender.loss != Loss::None {
            let _ = writeln!(t, "lose = [\"UNIT\"]              # one of the units above");
        }
        if fx.defender.retreat > 0 {
            let _ = writeln!(
                t,
                "retreat = [\"HEX\", \"HEX\"]     # end hexes {} from the battle, best first",
                fx.defender.retreat
            );
        } else if fx.defender.advance > 0 {
            let _ = writeln!(
                t,
                "advance = []                  # up to {advance_units} of the units above"
            );
        }
    }
}
