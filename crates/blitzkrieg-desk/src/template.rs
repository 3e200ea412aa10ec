//! The ready-to-fill order file for the next player: the header filled in, and as
//! comments that side's counters with their hexes and what each may do, the hexes and
//! cities where it may set up or bring on reinforcements, the standing orders it has in
//! force, and examples of every kind of order. The orders sit between marker lines so a
//! player can reply to the mail with them quoted. The order guide it refers to comes
//! with the program (`blitz help orders`) and with the game's opening mail.

use blitzkrieg::board::SeaZone;
use blitzkrieg::combat::Loss;
use blitzkrieg::hex::Hex;
use blitzkrieg::position::Position;
use blitzkrieg::rules::Rules;
use blitzkrieg::sequence::{Ask, Asked};
use blitzkrieg::state::{GameState, Phase, Place, SeedSource, StandingOrders};
use blitzkrieg::units::{Counter, Side, UnitKind};
use std::fmt::Write as _;

/// The line before the orders in a template or a mail body.
pub const BEGIN: &str = "# ---- BEGIN BLITZ ORDERS ----";
/// The line after the orders.
pub const END: &str = "# ---- END BLITZ ORDERS ----";
/// The line above [`END`]: orders written below it are not read from a reply.
pub const WRITE_ABOVE: &str = "# ---- write your orders above this line ----";

/// The template for whoever moves in `state`, whose file hashes to `state_hash`.
/// Left as it is, it is a legal player-turn in which nothing happens.
pub fn render(rules: &Rules, state: &GameState, state_hash: &str) -> String {
    render_at(rules, state, state_hash, &state.position(&rules.counters))
}

/// [`render`] from the state's position built already (`pos`, of `state`).
pub fn render_at(rules: &Rules, state: &GameState, state_hash: &str, pos: &Position) -> String {
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
        "# attached). Lines starting with # are comments. The order guide: `blitz help\n\
         # orders` (also attached to the game's opening mail as {}).",
        blitzkrieg::guide::ORDERS_FILE
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
    weather_help(&mut t, rules, state);
    victory_die_help(&mut t, rules, state);
    let _ = writeln!(t, "{BEGIN}");
    let _ = writeln!(t, "game = \"{}\"", state.game.id);
    let _ = writeln!(t, "side = \"{}\"", side.name().to_ascii_lowercase());
    let _ = writeln!(t, "turn = {}", state.turn());
    let _ = writeln!(t, "state = \"{state_hash}\"");
    if state.resume.is_some() {
        step_help(&mut t, rules, state, side);
        // 32.3: what happens if the defender does not answer in time.
        no_answer_help(&mut t, rules, state);
        let _ = writeln!(t, "{WRITE_ABOVE}\n{END}");
        return t;
    }
    if blitzkrieg::engine::rolls_in_answer(rules, state) {
        let _ = writeln!(
            t,
            "\n# This game stops before odds: after your movement and the battles, barrages and\n\
             # air missions you announce, {} answers and names the seed of every roll. Your\n\
             # file names none.",
            side.other()
        );
    } else if matches!(state.phase, Phase::Turn { .. }) {
        seed_section(&mut t, &state.game.options.seed);
    }
    standing_intercept_help(&mut t, rules, state);
    // 32.3: a defender who does not answer (`--no-answer standing`).
    no_answer_help(&mut t, rules, state);
    // 37.31, 38.71: the production phase of a player-turn of '85's Hot War.
    if let Some(help) = blitzkrieg::eighty5::production::template_help(rules, state, side) {
        t.push_str(&help);
        if let Some((points, list)) = blitzkrieg::eighty5::production::for_sale(rules, state, side)
        {
            what_points_buy(&mut t, points, list.items().filter(|i| list.buyable(i)));
        }
    }
    match state.phase {
        Phase::SetUp { .. } => setup_help(&mut t, rules, state, side),
        _ => turn_help(&mut t, rules, state, pos, side),
    }
    let _ = writeln!(t, "{WRITE_ABOVE}\n{END}");
    t
}

/// 32.3: a game of standing interception orders says so, with the orders kept for the
/// side and how to write new ones.
fn standing_intercept_help(t: &mut String, rules: &Rules, state: &GameState) {
    if !blitzkrieg::air_combat::standing::in_play(rules) || state.resume.is_some() {
        return;
    }
    let _ = writeln!(
        t,
        "\n# This game uses standing interception orders (32.3): no player-turn stops for the\n\
         # defender. Your [[standing_intercept]] orders meet the enemy's missions in his\n\
         # player-turns, each fighter once, the first order that matches in file order:\n\
         #   [[standing_intercept]]\n\
         #   units = [\"FTR\", ...]\n\
         #   hexes = [\"HEX\", ...]        # or: base = \"HEX\" and within = N\n\
         # Those you wrote stay until you write new ones."
    );
}

/// 32.3: a game made with `--no-answer standing` says what a defender who does not
/// answer gets: in a side's own player-turn, how to write its fallback; in the answer
/// to a stop before odds, what happens without it and how many orders are kept.
fn no_answer_help(t: &mut String, rules: &Rules, state: &GameState) {
    if !blitzkrieg::air_combat::no_answer::chosen(rules) {
        return;
    }
    let Some(mover) = blitzkrieg::air_combat::no_answer::resolver(state) else {
        let _ = writeln!(
            t,
            "\n# A defender who does not answer (32.3, --no-answer standing): your\n\
             # [[standing_intercept]] orders are your fallback. If you do not answer a stop\n\
             # before odds in the time agreed, the mover may resolve it without you and they\n\
             # meet his flights:\n\
             #   [[standing_intercept]]\n\
             #   units = [\"FTR\", ...]\n\
             #   hexes = [\"HEX\", ...]        # or: base = \"HEX\" and within = N\n\
             # Those you wrote stay until you write new ones."
        );
        return;
    };
    if state.resume.as_ref().is_some_and(|r| r.flights.is_empty()) {
        return;
    }
    let kept = state
        .standing
        .get(&mover.other())
        .map_or(0, |s| s.intercepts.len());
    let _ = writeln!(
        t,
        "\n# If you do not answer in the time agreed, {mover} may resolve this step without\n\
         # you ([answer] none and his seed): your standing interception orders then meet\n\
         # his flights ({kept} kept; none: nothing intercepts) (32.3)."
    );
}

/// 51.1 (BLITZKRIEG '85): the game's last player-turn names a seed even without a
/// battle, for the die that decides condition C.
fn victory_die_help(t: &mut String, rules: &Rules, state: &GameState) {
    if blitzkrieg::victory::rolls_die(&rules.ruleset, state) {
        let _ = writeln!(
            t,
            "# This is the game's last player-turn: if neither side has won by (A) or (B), its\n\
             # seed rolls the die of 51.1 (1-4: Blue, 5-6: Red must hold 35 friendly city hexes\n\
             # or lose): name a [seed] even if you do not attack."
        );
    }
}

/// Optional rule 34: the weather of the complete-turn and what it does, for Blue and
/// Red alike, and, when this player-turn's seed rolls the next complete-turn's weather
/// (reading `weather-seed-34`), that the orders name a seed even without a battle.
/// Nothing in a game without rule 34.
fn weather_help(t: &mut String, rules: &Rules, state: &GameState) {
    if !blitzkrieg::weather::plays(rules) || !matches!(state.phase, Phase::Turn { .. }) {
        return;
    }
    let weather = blitzkrieg::weather::now(rules, state);
    let _ = writeln!(
        t,
        "# Weather of complete-turn {} (34): {weather}, for both players' player-turns:",
        state.turn()
    );
    let effects = format!("{}.", blitzkrieg::weather::effects(weather));
    comment_wrapped(t, &effects, (88, "#  "));
    if blitzkrieg::weather::rolls_after(&rules.ruleset, state) {
        let _ = writeln!(
            t,
            "# The seed of this player-turn also rolls the weather of the next complete-turn\n\
             # (34, reading weather-seed-34): name a [seed] even if you do not attack."
        );
    }
}

/// The `[seed]` section, commented out: a player-turn without attacks needs no seed
/// (15.2), so the untouched template stays legal; an attacker fills it in.
fn seed_section(t: &mut String, seed: &SeedSource) {
    let _ = writeln!(
        t,
        "\n# If you attack, name the seed that will decide your battles, one that does not\n\
         # exist yet when you mail the commitment (`blitz help orders`, the [seed] part):\n\
         # remove the leading `# ` of the lines below and fill them in. No attack, no\n\
         # seed (15.2)."
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
    // 38.81: a Cold War season ends with the war-start roll's files.
    if let Some(help) = blitzkrieg::eighty5::war_start::template_help(state, side) {
        t.push_str(&help);
        return;
    }
    // 37.21: a game of BLITZKRIEG '85 first buys its forces.
    if let Some(p) = state.purchase.as_ref() {
        if let Some((owing, owed)) = p.owes() {
            purchase_help(t, rules, p, owing, owed);
            return;
        }
        let _ = writeln!(
            t,
            "\n# BLITZKRIEG '85 (37.211-37.212): place the units you bought; {}.",
            p.ledger()
        );
        if let Some(note) = blitzkrieg::eighty5::setup::held_note(p, side, rules) {
            let _ = writeln!(t, "# {note}.");
        }
    }
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
        // 37.211-37.212: in '85 every unit bought, whatever the OAC says.
        .filter(|c| c.side == side && (c.enters <= 1 || state.purchase.is_some()))
        .collect();
    setup.sort_by_cached_key(|c| c.counting_key());
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
    setup_area(t, rules, side);
    let _ = writeln!(
        t,
        "\n# [[setup]]\n# units = [\"UNIT\", \"UNIT\"]\n# hex = \"HEX\""
    );
    if rules.ruleset.sea_movement() {
        let limit = rules.ruleset.optional_figures.sea_movement.at_sea_halves;
        let zones: Vec<String> = rules.board.zones().map(String::from).collect();
        let _ = writeln!(
            t,
            "#\n# Sea movement (optional rule 19): up to {} units may set up at sea, in the At\n\
             # Sea Box of a zone ({}) (19.1):\n# [[setup]]\n# units = [\"UNIT\"]\n# at_sea = \"ZONE\"",
            blitzkrieg::sea::units_text(limit),
            zones.join(", ")
        );
    }
    standing_help(t, state, side);
}

// 37-41: BLITZKRIEG '85.
/// 37.21, 38.7, 40-41: what the side owes in the pre-game purchase, the points each
/// side has, and what the points buy (each counter type's cost and how many of it the
/// side's points and the counter mix allow).
fn purchase_help(
    t: &mut String,
    rules: &Rules,
    p: &blitzkrieg::eighty5::purchase::Purchase,
    side: Side,
    owed: blitzkrieg::eighty5::purchase::Owed,
) {
    use blitzkrieg::eighty5::purchase::Owed;
    let points = p.points.get(&side).copied().unwrap_or(0);
    let _ = writeln!(
        t,
        "\n# BLITZKRIEG '85, pre-game set-up (37.21): both sides buy their forces secretly and\n\
         # simultaneously; {}.",
        p.ledger()
    );
    match owed {
        Owed::Commitment => {
            let _ = writeln!(
                t,
                "# First mail only the commitment to your list. Write the list and a salt (16\n\
                 # characters or more that nobody can guess) in a file of your own, with this\n\
                 # header and:\n\
                 #   [purchase]\n\
                 #   salt = \"SALT\"\n\
                 #   buy = {{ \"infantry 4-4\" = 20, \"armor 6-6\" = 10 }}\n\
                 # `blitz purchase STATE THAT-FILE` prints its cost and the commitment; keep the\n\
                 # file: you reveal it once both commitments are in. Here write:\n\
                 # [purchase]\n\
                 # commitment = \"64 HEX DIGITS\""
            );
        }
        Owed::Reveal => {
            let _ = writeln!(
                t,
                "# Both commitments are in: reveal the list and salt you sealed, exactly (case\n\
                 # and order do not count; anything else is refused, B350):\n\
                 # [purchase]\n\
                 # salt = \"SALT\"\n\
                 # buy = {{ \"TYPE FACTORS\" = COUNT }}"
            );
        }
    }
    let Some(list) = blitzkrieg::eighty5::setup::prices(rules, side) else {
        return;
    };
    what_points_buy(t, points, list.items());
}

/// 40-41: what `points` buy of `items`: each type's cost and how many of it the points
/// and the counter mix allow.
fn what_points_buy<'a>(
    t: &mut String,
    points: u32,
    items: impl Iterator<Item = &'a blitzkrieg::eighty5::cost::Item>,
) {
    let _ = writeln!(
        t,
        "#\n# What {points} points buy (40-41; * cost from our reconstructed counters):"
    );
    for i in items {
        let most = points.checked_div(i.cost).map_or(i.mix, |n| n.min(i.mix));
        let star = if i.reconstructed() { " *" } else { "" };
        let _ = writeln!(
            t,
            "#   {:<26} {:>3} points  up to {most} of {}{star}",
            i.key, i.cost, i.mix
        );
    }
}

/// 3.3, 3.4: the hexes of the side's home country, column by column, and its cities:
/// where the set-up may put units.
fn setup_area(t: &mut String, rules: &Rules, side: Side) {
    let board = &rules.board;
    let mut columns: std::collections::BTreeMap<i16, Vec<i16>> = Default::default();
    for (h, _) in board.hexes() {
        if board.home_of(h) == Some(side) {
            columns.entry(h.col()).or_default().push(h.num());
        }
    }
    let mut ranges = Vec::new();
    for (col, mut nums) in columns {
        nums.sort_unstable();
        let name = blitzkrieg::hex::column_name(col);
        for (from, to) in runs(&nums) {
            ranges.push(if from == to {
                format!("{name}{from}")
            } else {
                format!("{name}{from}-{name}{to}")
            });
        }
    }
    let _ = writeln!(
        t,
        "\n# The hexes of {} (any of them, except where the terrain bars a unit, 10.2):",
        side.country_name()
    );
    wrap_list(t, &ranges);
    let cities = home_cities(rules, side);
    if !cities.is_empty() {
        let _ = writeln!(t, "# Its cities:");
        wrap_list(t, &cities);
    }
}

/// The cities of the side's home country, "Name (HEX, HEX)", in board order.
fn home_cities(rules: &Rules, side: Side) -> Vec<String> {
    rules
        .board
        .cities()
        .iter()
        .filter(|c| {
            c.hexes
                .iter()
                .any(|&h| rules.board.home_of(h) == Some(side))
        })
        .map(|c| {
            let hexes: Vec<String> = c.hexes.iter().map(ToString::to_string).collect();
            format!("{} ({})", c.name, hexes.join(", "))
        })
        .collect()
}

/// Runs of consecutive numbers, as (first, last).
fn runs(nums: &[i16]) -> Vec<(i16, i16)> {
    let mut out: Vec<(i16, i16)> = Vec::new();
    for &n in nums {
        match out.last_mut() {
            Some((_, last)) if *last + 1 == n => *last = n,
            _ => out.push((n, n)),
        }
    }
    out
}

/// Comment lines holding `items`, comma-separated, none much past 88 characters.
fn wrap_list(t: &mut String, items: &[String]) {
    let mut line = String::from("#  ");
    for (i, item) in items.iter().enumerate() {
        let sep = if i + 1 < items.len() { "," } else { "" };
        if line.len() > 3 && line.len() + item.len() + sep.len() + 1 > 88 {
            let _ = writeln!(t, "{line}");
            line = String::from("#  ");
        }
        line.push(' ');
        line.push_str(item);
        line.push_str(sep);
    }
    if line.len() > 3 {
        let _ = writeln!(t, "{line}");
    }
}

/// 23.5: the units cut off that a beach hex reaches, and how to name those that take
/// beach supply when there are more of them than it serves.
fn beach_choice(t: &mut String, rules: &Rules, beach: &blitzkrieg::supply::BeachSupply) {
    if beach.candidates.len() <= beach.units.len() {
        return;
    }
    let names: Vec<String> = beach.candidates.iter().map(ToString::to_string).collect();
    let limit = rules.ruleset.optional_figures.combat_supply.beach_units;
    let _ = writeln!(
        t,
        "# Beach supply reaches more units than the {limit} it serves (23.5; rangers and\n# substitutes count half), the first in id order unless you name them:"
    );
    wrap_list(t, &names);
    let _ = writeln!(t, "# [[beach_supply]]\n# units = [\"UNIT\"]");
}

fn turn_help(t: &mut String, rules: &Rules, state: &GameState, pos: &Position, side: Side) {
    owed_help(t, rules, state, side);
    let found = blitzkrieg::supply::as_it_stands(rules, state, side);
    let cut = found.as_ref().map(|f| &f.cut);
    if let Some(found) = &found {
        let cut = &found.cut;
        let _ = writeln!(
            t,
            "\n# Supply, traced as the position stands: {}",
            blitzkrieg::supply::line(side, cut)
        );
        if let Some(l) = blitzkrieg::supply::beach_line(&found.beach) {
            let _ = writeln!(t, "# {l}");
        }
        beach_choice(t, rules, &found.beach);
        if !cut.is_empty() {
            let cs = rules.ruleset.optional_figures.combat_supply;
            let _ = writeln!(
                t,
                "# Up to {} of them (no armor or artillery) may be supplied by air (23.4), each\n# taking one unit of the air transport capacity:\n# [[air_supply]]\n# units = [\"UNIT\"]   # a normal route to a friendly city within {} hexes of a supplied one",
                cs.air_units, cs.air_range
            );
        }
    }
    let _ = writeln!(t, "\n# Your units on the map, stack by stack:");
    let mut mine: Vec<_> = pos.pieces().filter(|p| p.side == side).collect();
    mine.sort_by_cached_key(|p| (p.hex, p.id.counting_key()));
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
        } else if cut.as_ref().is_some_and(|cut| cut.contains(&p.id)) {
            format!("may move {} MF: cut off from supply (23.6)", c.movement / 2)
        } else if let Some(bonus) = blitzkrieg::movement::strategic::bonus(rules) {
            format!(
                "may move {} MF, {} on a path clear of the enemy (22)",
                c.movement,
                c.movement + bonus
            )
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
    airfield_help(t, rules, state, pos, side);
    if rules.ruleset.sea_movement() {
        sea_help(t, rules, state, pos, side);
        naval_help(t, rules, state, pos, side);
    }
    let mut due: Vec<&Counter> = state
        .units
        .iter()
        .filter(|(_, pl)| matches!(pl, Place::Waiting))
        .filter_map(|(id, _)| rules.counters.get(id))
        .filter(|c| c.side == side && u32::from(c.enters) <= state.turn())
        .collect();
    due.sort_by_cached_key(|c| c.counting_key());
    if !due.is_empty() {
        let _ = writeln!(
            t,
            "\n# Reinforcements you may place in friendly home cities (6.3, 3 a hex):"
        );
        for c in due {
            let _ = writeln!(t, "#   {:<9} {:<11} {}", c.id, c.kind.name(), factors(c));
        }
        placement_cities(t, rules, state, pos, side);
    }
    let _ = writeln!(
        t,
        "\n# [[place]]\n# unit = \"UNIT\"\n# hex = \"CITY HEX\"\n#\n# [[move]]\n# units = [\"UNIT\"]\n# to = \"HEX\"            # or: path = [\"FROM\", \"HEX\", \"HEX\"]\n#\n# [[air]]               # 9.3 air transport / 9.4 airdrop (drop = true)\n# units = [\"UNIT\"]\n# from = \"CITY HEX\"\n# to = \"HEX\"\n#\n# [[attack]]\n# id = \"A1\"\n# units = [\"UNIT\", \"UNIT\"]\n# target = \"HEX\"\n# advance = [\"UNIT\"]     # who follows into the vacated hex (up to 3)\n{}",
        if rules.ruleset.tournament() {
            "# lose = [\"UNIT\"]        # the order your units give up factors in (25.1, TGAT)"
        } else {
            "# lose = [\"UNIT\"]        # your loss first on AE or EX"
        }
    );
    if rules
        .ruleset
        .plays(blitzkrieg::ruleset::OptionalRule::AutomaticVictory)
    {
        let av = rules.ruleset.optional_figures.automatic_victory;
        let _ = writeln!(
            t,
            "#\n# [[av]]                # 21 automatic victory, among the moves where written\n# hex = \"HEX\"            # the enemy beaten at {}-1 ({}-1 if it cannot retreat)\n# units = [\"UNIT\", \"UNIT\"] # already next to it\n# advance = [{{ units = [\"UNIT\"], path = [\"HEX\", \"HEX\"] }}]  # after combat, up to {} hexes",
            av.odds,
            av.odds_no_retreat,
            av.advance_hexes
        );
    }
    if rules.ruleset.sea_movement() {
        let _ = writeln!(
            t,
            "#\n# [[move]]              # 19.3: to a friendly port, then to sea (no route: from the port it is in)\n# units = [\"UNIT\"]\n# to = \"PORT HEX\"\n# to_sea = \"ZONE\"       # the zone the port opens on\n#\n# [[sea]]               # 19.2, 19.5: a unit at sea sails to the next zone ...\n# units = [\"UNIT\"]\n# to = \"ZONE\"\n#\n# [[sea]]               # ... or lands at a friendly port (1 MF) and moves on\n# units = [\"UNIT\"]\n# land = \"PORT HEX\"\n# path = [\"PORT HEX\", \"HEX\"]   # optional"
        );
    }
    if rules.ruleset.tournament() {
        tournament_help(t);
    }
    // 33: additional bombing missions.
    if blitzkrieg::bombing::played(rules) {
        bombing_help(t, pos, side);
        // 52.2-52.3 ('85): the targets of '85, in games that record 52.5 and after.
        if blitzkrieg::bombing::damage::capture_played(rules) {
            let _ = writeln!(
                t,
                "# '85 (52.2-52.3): kind = \"resource\" (SAC, MDM) bombs a city's critical resources,\n# kind = \"airbase-facility\" (TAC, MDM) the airbase itself (a city or an enemy airfield);\n# a city taken in combat has its resources heavily damaged (52.52)"
            );
        }
    }
    // 50.5-50.6: '85's transport aircraft carry air transport.
    for l in blitzkrieg::eighty5::transport::template_lines(rules, pos, side) {
        let _ = writeln!(t, "# {l}");
    }
    // 36: what the shortages of critical resources leave the mover.
    let resources =
        blitzkrieg::resources::template_lines(rules, pos, &state.held, side, &state.resources);
    if !resources.is_empty() {
        let _ = writeln!(
            t,
            "#
# Critical resources (36), as the position stands before your player-turn:"
        );
        for l in resources {
            let _ = writeln!(t, "#   {l}");
        }
    }
    standing_help(t, state, side);
}

/// 49 (BLITZKRIEG '85): the airfields on the board, the side's own first, each with
/// the aircraft based there, and the builds under way; nothing in a game without any.
fn airfield_help(t: &mut String, rules: &Rules, state: &GameState, pos: &Position, side: Side) {
    if state.airfields.is_empty() {
        return;
    }
    let _ = writeln!(
        t,
        "\n# Airfields (49.3: a base for three air units of its owner; an enemy ground unit\n\
         # ending a move in one takes it, 49.5):"
    );
    for s in [side, side.other()] {
        for l in blitzkrieg::eighty5::airfield::lines(rules, &state.airfields, pos, s) {
            comment_wrapped(t, &format!("{s}: {l}"), (80, "#    "));
        }
    }
}

/// `text` as comment lines of at most `width` columns (a longer word alone on its
/// line), at `#   `, the rest at `rest` and a space.
fn comment_wrapped(t: &mut String, text: &str, (width, rest): (usize, &str)) {
    let mut line = String::from("#  ");
    let mut bare = line.len();
    for word in text.split_whitespace() {
        if line.len() > bare && line.len() + word.len() + 1 > width {
            let _ = writeln!(t, "{line}");
            line = rest.to_string();
            bare = line.len();
        }
        line.push(' ');
        line.push_str(word);
    }
    let _ = writeln!(t, "{line}");
}

/// The Tournament Game's orders (25.1, 25.2, 26): factor losses and advances of more than
/// one hex in `[[attack]]`, artillery barrages, and the breakdown and recombination of
/// units.
fn tournament_help(t: &mut String) {
    let _ = writeln!(
        t,
        "#
# In an [[attack]] of the Tournament Game (25.1, TGAT), `lose` is the order your
# units give up factors in, and a winner advancing more than one hex goes along
# advance_path = [{{ unit = \"UNIT\", path = [\"TARGET HEX\", \"HEX\"] }}]
#
# [[breakdown]]         # 26.1-26.2: before movement, a full unit into substitutes
# unit = \"UNIT\"
# into = [\"SUBSTITUTE\"]  # optional: inactive substitutes of its type adding up to it
#
# [[recombine]]         # 26.3: at the end of movement, in one hex, not in enemy ZOC
# units = [\"SUBSTITUTE\", \"SUBSTITUTE\"]
# into = \"UNIT\"         # an inactive counter of their type with their factors
#
# [[barrage]]           # 25.2: artillery 2 hexes from the target, out of enemy ZOC, supplied
# id = \"b1\"
# units = [\"ARTILLERY\"]
# target = \"ENEMY HEX\"
# after = \"A1\"          # optional: resolved right after battle A1, not before all (003 25.3)
#
# [[minor]]             # 29.6-29.7: as the aggressor of a minor country
# country = \"calaedia\"  # nord-walkure, sud-walkure, calaedia, san-estados, new-endor
# pay_supply = false    # optional: refuse the 2 factors for supply through it
# lose = [\"UNIT\"]       # optional: the units its losses come from first
#
# An [[attack]] on an unreduced minor country city names the city hex as its
# target (with `city = true` when liberator units are in it, 003 29.3).
#
# [[replace]]           # 28: from turn 5, an inactive substitute, before movement
# unit = \"SUBSTITUTE\"
# hex = \"CITY HEX\"      # ground: a friendly home city; aircraft: an aircraft city
# # or: air_transport = \"AIRCRAFT CITY HEX\"   # 28.4: half a unit of air transport
#
# [[sea]]               # 27.2: rangers alone land on any coastal hex
# units = [\"RANGERS\"]
# invade = \"COASTAL HEX\"
#
# [[lake]]              # 27.5: rangers in a city next to a lake cross it
# units = [\"RANGERS\"]
# invade = \"HEX BY THE LAKE\""
    );
    air_help(t);
}

/// Rule 30: the `[[mission]]` orders of aircraft (docs/orders.md, air missions).
fn air_help(t: &mut String) {
    let _ = writeln!(
        t,
        "#
# [[mission]]           # 30.41: TAC and MDM support a battle (double at less than half range)
# units = [\"AIRCRAFT\"]
# kind = \"tactical\"      # or \"strategic\" (30.42: SAC and MDM bomb a hex on the BBT)
# to = \"TARGET HEX\"
# battle = \"A1\"          # tactical only: the [[attack]] it supports
# land = \"CITY\"          # optional: the base to land at after combat (30.5)
#
# [[mission]]           # 30.7: change of base along friendly cities
# units = [\"AIRCRAFT\"]
# kind = \"transfer\"
# via = [\"CITY\"]         # optional: cities staged through, none farther apart than twice the range
# to = \"CITY\""
    );
}

/// Optional rule 33: the missions each of the side's bombers may still fly this
/// player-turn, and the bombing markers on the board.
fn bombing_help(t: &mut String, pos: &Position, side: Side) {
    let _ = writeln!(
        t,
        "#
# [[mission]]           # 33.2-33.5: bombing on the BBT (optional rule 33)
# units = [\"AIRCRAFT\"]
# kind = \"port\"         # \"airbase\" (TAC, MDM), \"port\", \"road\", \"industry\" (SAC, MDM)
# to = \"ENEMY HEX\"
# night = true          # optional, 33.6: port, road and industry only; 3 BBT columns lower"
    );
    let bombers = blitzkrieg::bombing::may_bomb(pos, side);
    if !bombers.is_empty() {
        let _ = writeln!(
            t,
            "# Your bombers' targets this player-turn (one each, 33.1):"
        );
        for (unit, kinds) in bombers {
            let what = if kinds.is_empty() {
                "none: inverted after its airbase was bombed; it may change base (33.2)".to_string()
            } else {
                kinds
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let _ = writeln!(t, "#   {unit}: {what}");
        }
    }
    for (hex, kind, until_side, until_turn) in blitzkrieg::bombing::markers(pos) {
        // 52.44 ('85): a damaged facility's marker stays while its damage lasts.
        if let Some(d) = pos.damage().get(&hex).and_then(|f| f.get(&kind)) {
            let _ = writeln!(
                t,
                "# {kind} on {hex}: damage {d}, a level off at the end of each of {}'s player-turns (52.44)",
                d.owner
            );
            continue;
        }
        let _ = writeln!(
            t,
            "# {kind} on {hex}, off after {until_side}'s player-turn {until_turn} (33.3-33.5)"
        );
    }
}

/// Optional rule 19: the side's units at sea and what each may do, the ports it may use
/// now zone by zone, and its room at sea.
fn sea_help(t: &mut String, rules: &Rules, state: &GameState, pos: &Position, side: Side) {
    let board = &rules.board;
    let ports = blitzkrieg::sea::usable_ports(
        board,
        pos,
        (&state.held, rules.ruleset.readings.city_friendly),
        side,
    );
    let _ = writeln!(
        t,
        "\n# Sea movement (optional rule 19): {}.",
        blitzkrieg::sea::room_line(rules, pos, side)
    );
    let afloat = blitzkrieg::sea::afloat_by_zone(rules, state, side);
    if !afloat.is_empty() {
        let _ = writeln!(
            t,
            "# Your units at sea: each may stay, sail to a zone next to its own, or land at a\n\
             # friendly port of its zone or a zone next to it (1 MF, then move on) (19.2, 19.5):"
        );
    }
    for (zone, units) in &afloat {
        let near: Vec<SeaZone> = std::iter::once(*zone)
            .chain(board.zone_links(*zone))
            .collect();
        let landing: Vec<String> = near
            .iter()
            .flat_map(|z| ports.get(z).into_iter().flatten())
            .map(ToString::to_string)
            .collect();
        let _ = writeln!(
            t,
            "#   zone {zone}: sail to {}; land at {}",
            blitzkrieg::sea::next_zones(board, *zone),
            if landing.is_empty() {
                "no port now"
            } else {
                "one of:"
            }
        );
        wrap_list(t, &landing);
        if rules.ruleset.invasions() {
            invasion_help(t, board, pos, side, *zone, state.invaded.as_deref());
        }
        for u in units {
            if let Some(c) = rules.counters.get(u) {
                let _ = writeln!(t, "#     {:<9} {:<11} {}", c.id, c.kind.name(), factors(c));
            }
        }
    }
    let _ = writeln!(
        t,
        "# Friendly ports you may use now, by the zone each opens on (19.3, 19.4; not in\n\
         # enemy ZOC, Q&A 8.3 & 19.3):"
    );
    if ports.is_empty() {
        let _ = writeln!(t, "#   none");
    }
    for (zone, hexes) in &ports {
        let names: Vec<String> = hexes
            .iter()
            .map(|h| match board.city_at(*h) {
                Some(c) => format!("{h} {}", c.name),
                None => h.to_string(),
            })
            .collect();
        let _ = writeln!(t, "#   zone {zone}:");
        wrap_list(t, &names);
    }
}

/// Optional rule 35: each sea zone's naval points and state as the start of the
/// player-turn will mark them, with what the state forbids the mover or gives him.
fn naval_help(t: &mut String, rules: &Rules, state: &GameState, pos: &Position, side: Side) {
    let Some(now) = blitzkrieg::ascendancy::as_it_stands(rules, state, pos, state.turn(), side)
    else {
        return;
    };
    let _ = writeln!(
        t,
        "# Naval ascendancy (optional rule 35), as the position stands (35.1-35.24):"
    );
    for (zone, z) in &now.zones {
        let _ = writeln!(
            t,
            "#   zone {zone}: Blue {}, Red {}: {}",
            z.blue,
            z.red,
            z.describe()
        );
        if let Some(l) = blitzkrieg::ascendancy::limits(rules, z, side) {
            let items: Vec<String> = l.split(", ").map(String::from).collect();
            wrap_list(t, &items);
        }
    }
}

/// Optional rule 20: the beaches units at sea in `zone` may invade this player-turn and
/// their hexes (not the one the enemy invaded last player-turn, `barred`, 20.2).
fn invasion_help(
    t: &mut String,
    board: &blitzkrieg::board::Board,
    pos: &Position,
    side: Side,
    zone: SeaZone,
    barred: Option<&str>,
) {
    let beaches = blitzkrieg::sea::invadable(board, pos, side, zone, barred);
    if beaches.is_empty() {
        let _ = writeln!(t, "#   invade: no beach now (20.1)");
    } else {
        let _ = writeln!(
            t,
            "#   or invade one beach, on a hex listed (20.1; no armor, artillery or air-assault):"
        );
    }
    if let Some(b) = barred {
        let _ = writeln!(
            t,
            "#   (not `{b}`: the enemy invaded it in the last player-turn, 20.2)"
        );
    }
    for (beach, hexes) in &beaches {
        let mut items: Vec<String> = hexes.iter().map(ToString::to_string).collect();
        if let Some(first) = items.first_mut() {
            *first = format!("{beach}: {first}");
        }
        wrap_list(t, &items);
    }
}

/// 6.3, 5.1: the home-country city hexes friendly to the side now, where
/// reinforcements may be placed; and those an enemy unit occupies or is next to.
fn placement_cities(t: &mut String, rules: &Rules, state: &GameState, pos: &Position, side: Side) {
    let board = &rules.board;
    let friendly = blitzkrieg::control::friendly_cities(
        board,
        pos,
        &state.held,
        rules.ruleset.readings.city_friendly,
        side,
    );
    let (free, barred): (Vec<Hex>, Vec<Hex>) = board
        .city_hexes()
        .filter(|&h| board.home_of(h) == Some(side))
        .partition(|h| friendly.contains(h));
    let name = |h: &Hex| match board.city_at(*h) {
        Some(c) => format!("{h} {}", c.name),
        None => h.to_string(),
    };
    let _ = writeln!(t, "# Friendly home cities now (5.1):");
    let free: Vec<String> = free.iter().map(name).collect();
    if free.is_empty() {
        let _ = writeln!(
            t,
            "#   none: every one is occupied by the enemy or next to him"
        );
    } else {
        wrap_list(t, &free);
    }
    if !barred.is_empty() {
        let barred: Vec<String> = barred.iter().map(name).collect();
        let _ = writeln!(t, "# Not now (an enemy unit in it or next to it, 5.1):");
        wrap_list(t, &barred);
    }
}

/// The standing orders the side has in force, which stay until it gives new ones, and
/// how to change them.
fn standing_help(t: &mut String, state: &GameState, side: Side) {
    let _ = writeln!(
        t,
        "\n# Standing orders for {}'s next player-turn, when you defend.",
        side.other()
    );
    match state.standing.get(&side) {
        Some(s) if *s != StandingOrders::default() => {
            let _ = writeln!(
                t,
                "# In force now, from your earlier orders (they stay until you write a new\n\
                 # [standing] section, which replaces them whole):"
            );
            let units: Vec<String> = s.lose_first.iter().map(|u| format!("\"{u}\"")).collect();
            let _ = writeln!(t, "#   lose_first = [{}]", units.join(", "));
            if let Some(h) = s.retreat_toward {
                let _ = writeln!(t, "#   retreat_toward = \"{h}\"");
            }
            if !s.retreat_prefer.is_empty() {
                let hexes: Vec<String> = s
                    .retreat_prefer
                    .iter()
                    .map(|h| format!("\"{h}\""))
                    .collect();
                let _ = writeln!(t, "#   retreat_prefer = [{}]", hexes.join(", "));
            }
            let _ = writeln!(t, "#   advance = {}", s.advance);
        }
        _ => {
            let _ = writeln!(
                t,
                "# None in force, so the default decides: the weakest unit of a battle is lost\n\
                 # first, a retreat goes as far from the enemy as it can, and nobody advances\n\
                 # after the attacker is eliminated or retreats. Once given, standing orders\n\
                 # stay until you write a new [standing] section."
            );
        }
    }
    let _ = writeln!(
        t,
        "# [standing]\n# lose_first = [\"UNIT\"]\n# retreat_prefer = [\"HEX\", \"HEX\"]   # or: retreat_toward = \"HEX\"\n# advance = false"
    );
}

/// Pending-decision games: the results owed from the opponent's player-turn, as
/// `[[decision]]` blocks to fill in (PBEM turn sequence).
/// PBEM sequence: a later step of the opponent's player-turn asks for decisions only,
/// and for a new seed when battles are still to be fought (docs/pbem.md).
fn step_help(t: &mut String, rules: &Rules, state: &GameState, side: Side) {
    match Ask::of(&rules.ruleset, state).map(|a| (a.what, a.holds())) {
        Some((Asked::BeforeOdds, holds)) => {
            let _ = writeln!(
                t,
                "\n# The player-turn {} stopped before odds for your answer (step {}): nothing\n\
                 # is rolled until you answer. This file gives only {holds}.",
                state.label(),
                state.step
            );
            interception_help(t, rules, state, side);
            strafe_help(t, rules, state, side);
            interdiction_strafe_help(t, rules, state, side);
            // 32.3, 003 32.3: the wait-out.
            wait_out_help(t, rules, state, side);
        }
        _ => {
            let _ = writeln!(
                t,
                "\n# The player-turn {} stopped for your decisions (step {}): this file gives only\n\
                 # [[decision]] and, when battles are still to be fought, a [seed].",
                state.label(),
                state.step
            );
        }
    }
    if let Some(r) = state.resume.as_ref().filter(|_| state.battles_waiting()) {
        // 003 25.3: barrages waiting on the battle the step stopped after come first.
        let barrages = r
            .barrages
            .iter()
            .chain(r.battles.iter().flat_map(|b| &b.barrages));
        let mut ids: Vec<String> = r.battles.iter().map(|b| b.id.clone()).collect();
        let what = if r.barrages.is_empty()
            && r.raids.is_empty()
            && r.battles.iter().all(|b| b.barrages.is_empty())
        {
            "Battles"
        } else {
            ids.extend(barrages.map(|b| b.id.clone()));
            // 30.42: the strategic bombings announced before odds.
            ids.extend(r.raids.iter().map(|b| format!("the bombing of {}", b.hex)));
            "Battles and barrages"
        };
        let _ = writeln!(
            t,
            "# {what} {} are still to be fought: name a NEW seed that does not exist\n\
             # yet when you mail the commitment (`blitz help orders`): remove the leading `# `.",
            ids.join(", ")
        );
        seed_lines(t, &state.game.options.seed);
    }
    owed_help(t, rules, state, side);
}

/// 32.3, 32.31-32.32 (optional rule 32): the reaction template: per hex the enemy's
/// bombers fly to, its escorts, the intercept range and the answering side's fighters
/// within reach, with the strength they would fire at, as `[[intercept]]` lines to
/// uncomment.
fn interception_help(t: &mut String, rules: &Rules, state: &GameState, side: Side) {
    let Some(r) = state.resume.as_ref().filter(|r| !r.flights.is_empty()) else {
        return;
    };
    let mut pos = state.position(&rules.counters);
    // 36.34: no interception without basic industry (optional rule 36).
    pos.set_resources(state.resources.clone());
    if blitzkrieg::air_combat::industry::grounded(rules, &pos, side) {
        let _ = writeln!(
            t,
            "#\n# Interception (32.3): you have the use of no basic industry city, so your fighters\n\
             # intercept nothing this player-turn (36.34)."
        );
        return;
    }
    let figures = rules.ruleset.tournament_figures.air_combat;
    let _ = writeln!(
        t,
        "#\n# Interception (32.3): the enemy's bombers over each hex, its escorts, the intercept\n\
         # range there (32.31) and your fighters on the ground within reach. Uncomment an\n\
         # [[intercept]] to meet them; each fighter intercepts once."
    );
    // 003 23.1: the fighters cut off from supply are left out of every list.
    if !r.unsupplied.is_empty() {
        let _ = writeln!(
            t,
            "# Cut off from supply (003 23.1), they may not intercept, wait out or strafe: {}",
            blitzkrieg::units::names(&r.unsupplied)
        );
    }
    for f in &r.flights {
        let names = |u: &[blitzkrieg::units::UnitId]| {
            u.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        };
        // 32.72, 33.7: patrollers alone over their patrol hex, met at normal strength.
        let (times, escort) =
            if f.bombers.is_empty() && f.transported.is_empty() && f.carriers.is_empty() {
                (
                    figures.hunter_times,
                    format!(
                        "patrollers {} (they answer 1 for 1, 32.72)",
                        names(&f.patrollers)
                    ),
                )
            } else if f.escorted() {
                (
                    figures.escorted_times,
                    format!("escorted by {}", names(&f.escorts)),
                )
            } else {
                (figures.unescorted_times, "unescorted".to_string())
            };
        // 32.5, 32.32, 32.52: hunters, met at normal strength, fire back 1 for 1.
        if f.hunts.is_empty() {
            // 32.33: the air transports and airdrops over the hex.
            let mut what = names(&f.bombers);
            if !f.transported.is_empty() || !f.carriers.is_empty() {
                let carried = carried_text(f);
                what = if what.is_empty() {
                    carried
                } else {
                    format!("{what} and {carried}")
                };
            }
            if !what.is_empty() {
                what.push(' ');
            }
            let _ = writeln!(
                t,
                "# {}: {what}{escort}; intercept range {} hexes; your fighters fire at {times} times their factors",
                f.hex,
                f.range
            );
        } else {
            let hunters: Vec<_> = f.hunters().cloned().collect();
            let _ = writeln!(
                t,
                "# {}: hunters {} (32.5); intercept range {} hexes; your fighters fire at {} times their factors, the hunters fire back 1 for 1 (32.52)",
                f.hex,
                names(&hunters),
                f.range,
                figures.hunter_times
            );
        }
        let reach = blitzkrieg::air_combat::intercept::reachable(
            rules,
            (&pos, r.grounded_fighters().as_slice()),
            side,
            f,
        );
        if reach.is_empty() {
            let _ = writeln!(t, "#   none of your fighters can reach it");
            continue;
        }
        let units: Vec<String> = reach
            .iter()
            .map(|(u, d)| format!("\"{u}\"  ({d} hexes)"))
            .collect();
        let _ = writeln!(t, "#   within reach: {}", units.join(", "));
        // 47.1, 47.34: what '85 changes in the interceptors' fire.
        if let Some(note) = blitzkrieg::air_combat::fighters85::template_note(rules, f) {
            let _ = writeln!(t, "#   {note}");
        }
        let quoted: Vec<String> = reach.iter().map(|(u, _)| format!("\"{u}\"")).collect();
        let _ = writeln!(
            t,
            "# [[intercept]]\n# units = [{}]\n# hex = \"{}\"",
            quoted.join(", "),
            f.hex
        );
    }
}

/// 32.33, 47.33, 50.76: what a flight's air transport is, for the defender's template:
/// 32.33's units transported, or in '85 the transport aircraft with what they carry or
/// supply.
fn carried_text(f: &blitzkrieg::model::flight::Flight) -> String {
    let names = blitzkrieg::units::names;
    if f.carriers.is_empty() {
        return format!(
            "air transport of {} (32.33: losses in the factors transported)",
            names(&f.transported)
        );
    }
    let mut parts = Vec::new();
    if !f.transported.is_empty() {
        parts.push(format!("air transport of {}", names(&f.transported)));
    }
    let supplied: Vec<_> = f.carriers.iter().flat_map(|c| c.supplies.clone()).collect();
    if !supplied.is_empty() {
        parts.push(format!("air supply of {} (50.76)", names(&supplied)));
    }
    let aircraft: Vec<_> = f.carriers.iter().map(|c| c.aircraft.clone()).collect();
    format!(
        "{} by transport aircraft {} (47.33: each factor lost shoots down half a stacking unit of them, with the units aboard)",
        parts.join(" and "),
        names(&aircraft)
    )
}

/// 32.3, 32.6 (optional rule 32): the airbases where the enemy has aircraft on the
/// ground and the answering side's fighters on the ground within their range of each,
/// as `[[strafe]]` lines to uncomment.
fn strafe_help(t: &mut String, rules: &Rules, state: &GameState, side: Side) {
    if state.resume.as_ref().is_none_or(|r| r.flights.is_empty()) {
        return;
    }
    let pos = state.position(&rules.counters);
    let mut bases: Vec<Hex> = pos
        .aircraft()
        .filter(|p| p.side == side.other() && !pos.is_aloft(&p.id))
        .map(|p| p.hex)
        .collect();
    bases.sort();
    bases.dedup();
    // 003 32.6: fighters on patrol or patrol/interdiction strafe too.
    let ours: Vec<_> = pos
        .pieces()
        .filter(|p| p.side == side && p.kind == UnitKind::Ftr)
        .filter(|p| !pos.is_aloft(&p.id) || pos.patrol_of(&p.id).is_some())
        .collect();
    let mut first = true;
    for hex in bases {
        let reach: Vec<String> = ours
            .iter()
            .filter(|p| blitzkrieg::air_combat::strafe::reaches(rules, &pos, &p.id, hex))
            .map(|p| format!("\"{}\"", p.id))
            .collect();
        if reach.is_empty() {
            continue;
        }
        if first {
            let _ = writeln!(
                t,
                "#\n# Strafing (32.3, 32.6): enemy aircraft on the ground and your fighters within\n\
                 # their range of them, at double strength; the airbase fires back at half its\n\
                 # grounded factors. A fighter intercepts or strafes, not both."
            );
            first = false;
        }
        let _ = writeln!(
            t,
            "# [[strafe]]\n# units = [{}]\n# hex = \"{hex}\"",
            reach.join(", ")
        );
    }
}

/// 33.7 (optional rules 32 and 33) under reading `pi-strafe-33-7`: the hexes the
/// answering side's aircraft on patrol/interdiction may strafe (`whole-zoc`: each
/// patrol hex, for the ground units of its ZOC; `one-hex`: the patrol hex or a hex next
/// to it, for the units of that hex), with the enemy ground units there, as `[[strafe]]`
/// lines to uncomment.
fn interdiction_strafe_help(t: &mut String, rules: &Rules, state: &GameState, side: Side) {
    if state.resume.as_ref().is_none_or(|r| r.flights.is_empty()) {
        return;
    }
    let pos = state.position(&rules.counters);
    let choices = blitzkrieg::air_combat::interdiction::strafe_choices(rules, &pos, side);
    if choices.is_empty() {
        return;
    }
    let _ = writeln!(
        t,
        "#\n# Strafing by patrol/interdiction (33.7, reading pi-strafe-33-7 = {}): your\n\
         # aircraft on patrol/interdiction and the enemy ground units they can strafe, at\n\
         # double strength; those units fire back at half their attack strength. An\n\
         # aircraft that strafes intercepts nothing.",
        rules.ruleset.readings.pi_strafe.option()
    );
    for c in choices {
        let ground: Vec<String> = c.ground.iter().map(|(u, h)| format!("{u} ({h})")).collect();
        let quoted: Vec<String> = c.aircraft.iter().map(|u| format!("\"{u}\"")).collect();
        let _ = writeln!(
            t,
            "# {}: ground units {}: {}\n# [[strafe]]\n# units = [{}]\n# hex = \"{}\"",
            c.hex,
            c.place,
            ground.join(", "),
            quoted.join(", "),
            c.hex
        );
    }
}

/// 32.3, 003 32.3, 003 32.34 (optional rule 32): the answering side's fighters on the
/// ground that may wait out over any hex within 12 with no enemy aircraft, and the
/// bases they may land at, as a `[[wait_out]]` to uncomment.
fn wait_out_help(t: &mut String, rules: &Rules, state: &GameState, side: Side) {
    let Some(r) = state.resume.as_ref() else {
        return;
    };
    if !blitzkrieg::air_combat::in_play(&rules.ruleset) {
        return;
    }
    let pos = state.position(&rules.counters);
    // 003 32.35, 003 23.1: those barred or cut off from supply wait out nowhere.
    let grounded = r.grounded_fighters();
    let fighters: Vec<String> = pos
        .pieces()
        .filter(|p| p.side == side && p.kind == UnitKind::Ftr && !pos.is_aloft(&p.id))
        .filter(|p| !grounded.contains(&p.id))
        .map(|p| format!("\"{}\"", p.id))
        .collect();
    if fighters.is_empty() {
        return;
    }
    let bases = blitzkrieg::air_combat::landing::Bases {
        held: &state.held,
        new: &r.new_bases,
    };
    // 49.3: an airfield of the side's is a base as a city is.
    let cities: Vec<Hex> = blitzkrieg::air::base::base_hexes(rules, &pos)
        .into_iter()
        .filter(|h| {
            blitzkrieg::air_combat::landing::refusal(rules, &pos, bases, side, *h).is_none()
        })
        .collect();
    let names: Vec<String> = cities.iter().map(ToString::to_string).collect();
    let _ = writeln!(
        t,
        "#\n# Waiting out (32.3, 003 32.3): a fighter on the ground may fly to any hex within 12\n\
         # (and its range) with no enemy aircraft in it, fight nothing, and land when the\n\
         # player-turn ends at a new base within 12 hexes of that hex, 24 in all: one friendly\n\
         # to you since the start of your own last player-turn and free of enemy ZOC (003\n\
         # 32.34): {}. Your fighters that may: {}.\n\
         # [[wait_out]]\n# units = []\n# hex = \"\"\n# land = \"\"",
        blitzkrieg::orders::and_list(&names, "none"),
        fighters.join(", ")
    );
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
        match fx.defender.loss {
            Loss::None | Loss::All => {}
            Loss::Factors(_) => {
                let _ = writeln!(
                    t,
                    "lose = [\"UNIT\"]              # the order the units above give up factors in (25.1)"
                );
            }
            Loss::Units(_) => {
                let _ = writeln!(t, "lose = [\"UNIT\"]              # one of the units above");
            }
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
