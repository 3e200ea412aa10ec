//! Writes the checked rule data as Rust source, which `src/compiled.rs` includes: the
//! combat tables as the very grids a process uses, every text and cell borrowed; the
//! board and counters as statics of plain values (hexes as column and number, enums by
//! name; the board's hexes, their records, its roads and its grid as the very values a
//! `Board` borrows), the figures and readings as one expression of the rule book. A process builds
//! its values from them without parsing any text. Every name written here is checked
//! by the compiler: a field the source does not have, or one it lacks, stops the build.

use crate::src::board::Board;
use crate::src::hex::Hex;
use crate::src::tables::{Grid, Text};
use crate::src::units::Counters;
use std::fmt::Write as _;

/// A hex as the pair `(column, number)`.
fn hex(h: &Hex) -> String {
    format!("({},{})", h.col(), h.num())
}

/// A hex as a `Hex` in a static: `at(column, number)`.
fn hex_at(h: &Hex) -> String {
    format!("at({},{})", h.col(), h.num())
}

/// A slice of hexes in a static, `&[at(..), ..]`.
fn hexes_at<'a>(list: impl IntoIterator<Item = &'a Hex>) -> String {
    let each: Vec<String> = list.into_iter().map(hex_at).collect();
    format!("&[{}]", each.join(","))
}

/// A slice of hexes.
fn hexes<'a>(list: impl IntoIterator<Item = &'a Hex>) -> String {
    let each: Vec<String> = list.into_iter().map(hex).collect();
    format!("&[{}]", each.join(","))
}

/// `Some(Type::Variant)` or `None`, from the variant's `Debug` name.
fn variant(ty: &str, value: Option<impl std::fmt::Debug>) -> String {
    value.map_or_else(|| "None".to_string(), |v| format!("Some({ty}::{v:?})"))
}

/// The board's statics (`compiled.rs` names their types).
pub fn board(b: &Board) -> String {
    let mut s = String::from("// The embedded board, checked and written by build.rs.\n");
    let _ = writeln!(s, "pub(super) static NAME: &str = {:?};", b.name);
    let _ = writeln!(
        s,
        "pub(super) static HEXES: &[Hex] = {};",
        hexes_at(b.hexes().map(|(h, _)| h).collect::<Vec<_>>().iter())
    );
    s.push_str("pub(super) static INFOS: &[HexInfo] = &[\n");
    for (_, i) in b.hexes() {
        let river = i.river.as_ref().map(|r| (&*r.branch, r.end));
        let _ = writeln!(
            s,
            "cell(Terrain::{:?},{},{:?},{:?},{:?},{:?}),",
            i.terrain,
            variant("Country", i.country),
            i.city,
            river,
            i.beach.as_deref(),
            i.sea_zone,
        );
    }
    s.push_str("];\npub(super) static ROADS: &[(Hex, Hex)] = &[");
    for (a, b) in b.roads() {
        let _ = write!(s, "({},{}),", hex_at(&a), hex_at(&b));
    }
    s.push_str("];\npub(super) static CITIES: &[CityRow] = &[\n");
    for c in &b.cities {
        let roles: Vec<String> = c.roles.iter().map(|r| format!("CityRole::{r:?}")).collect();
        let _ = writeln!(
            s,
            "({:?},{},&[{}],{}),",
            c.name,
            hexes(&c.hexes),
            roles.join(","),
            hexes(&c.aircraft)
        );
    }
    s.push_str("];\npub(super) static PORTS: &[(Pair, Pair, &[Pair])] = &[\n");
    for p in &b.ports {
        let _ = writeln!(
            s,
            "({},{},{}),",
            hex(&p.hex),
            hex(&p.dock),
            hexes(&p.inland_river)
        );
    }
    s.push_str("];\npub(super) static ZONE_LINKS: &[(char, &[char])] = &[\n");
    for (zone, links) in &b.zone_links {
        let _ = writeln!(s, "({zone:?},&{:?}),", links.iter().collect::<Vec<_>>());
    }
    s.push_str("];\npub(super) static RIVERS: &[RiverRow] = &[\n");
    for r in &b.rivers {
        let _ = writeln!(
            s,
            "({:?},{},{},{:?}),",
            r.branch,
            hexes(&r.hexes),
            hexes(&r.ends),
            r.joins.as_deref()
        );
    }
    s.push_str("];\npub(super) static BEACHES: &[(&str, &[Pair])] = &[\n");
    for x in &b.beaches {
        let _ = writeln!(s, "({:?},{}),", x.id, hexes(&x.hexes));
    }
    s.push_str("];\npub(super) static LAKES: &[(&str, &[Pair])] = &[\n");
    for x in &b.lakes {
        let _ = writeln!(s, "({:?},{}),", x.name, hexes(&x.hexes));
    }
    s.push_str("];\n");
    grid(&mut s, b);
    s
}

/// The rest of the board's grid (`board/grid.rs`), as `GridTables` holds it: a
/// process borrows it instead of working it out.
fn grid(s: &mut String, b: &Board) {
    let (slots, roads, countries) = b.grid.tables();
    let (cols, nums) = b.grid.extent();
    let _ = writeln!(s, "pub(super) static GRID_EXTENT: Pair = ({cols},{nums});");
    let _ = writeln!(s, "pub(super) static GRID_SLOTS: &[u32] = &{slots:?};");
    let _ = writeln!(s, "pub(super) static GRID_ROADS: &[u8] = &{roads:?};");
    s.push_str("pub(super) static GRID_COUNTRIES: [&[Hex]; 7] = [\n");
    for list in countries {
        let _ = writeln!(s, "{},", hexes_at(list));
    }
    let _ = writeln!(
        s,
        "];\npub(super) static GRID_SEA_EDGE: &[Hex] = {};",
        hexes_at(b.grid.sea_edge())
    );
    let _ = writeln!(
        s,
        "pub(super) static GRID_CITIES: &[Hex] = {};",
        hexes_at(b.grid.cities())
    );
}

/// The counters' statics (`compiled.rs` names their types).
pub fn counters(c: &Counters) -> String {
    let mut s =
        String::from("// The embedded counters and OAC, checked and written by build.rs.\n");
    let _ = writeln!(s, "pub(super) static TITLE: &str = {:?};", c.title());
    let _ = writeln!(
        s,
        "pub(super) static RECONSTRUCTED: bool = {};",
        c.is_reconstructed()
    );
    // In id order, each id once, as `Counters::compiled` takes them.
    s.push_str("pub(super) static COUNTERS: &[Counter] = &[\n");
    for u in c.iter() {
        let _ = writeln!(
            s,
            "Counter{{id:id({:?}),side:Side::{:?},kind:UnitKind::{:?},size:Size::{:?},attack:{},defence:{},movement:{},name:B({:?}),enters:{}}},",
            u.id.as_str(),
            u.side,
            u.kind,
            u.size,
            u.attack,
            u.defence,
            u.movement,
            u.name,
            u.enters
        );
    }
    s.push_str("];\n");
    s
}

/// A list of texts as a borrowed slice of borrowed texts, `B(&[B("1-6"),..])` (`B` is
/// `Cow::Borrowed`).
fn texts(list: &[Text]) -> String {
    let each: Vec<String> = list.iter().map(|t| format!("B({:?})", &**t)).collect();
    format!("B(&[{}])", each.join(","))
}

/// A cell as a Rust expression of its type `ty`, from its `Debug` form: a struct's is
/// one already (`Losses { factors: 2 }`), a unit variant's is named with its type
/// (`BgatResult::Exchange`).
fn cell<T: std::fmt::Debug>(ty: &str, c: &T) -> String {
    let d = format!("{c:?}");
    if d.chars().all(|ch| ch.is_ascii_alphanumeric() || ch == '_') {
        format!("{ty}::{d}")
    } else {
        d
    }
}

/// One embedded table as the static `name` of `Grid<ty>`, its texts and cells borrowed
/// (`compiled.rs` names the types).
pub fn combat_table<T: Clone + std::fmt::Debug>(name: &str, ty: &str, g: &Grid<T>) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "pub(super) static {name}: Grid<{ty}> = Grid {{");
    let _ = writeln!(s, "id: TableId::{:?}, mode: TableMode::{:?},", g.id, g.mode);
    let _ = writeln!(s, "title: B({:?}), source: B({:?}),", &*g.title, &*g.source);
    let _ = writeln!(s, "columns: {},", texts(&g.columns));
    let _ = writeln!(s, "notes: {},", texts(&g.notes));
    match &g.turns {
        None => s.push_str("turns: None,\n"),
        Some(turns) => {
            let each: Vec<String> = turns.iter().map(|t| format!("B(&{:?})", &**t)).collect();
            let _ = writeln!(s, "turns: Some(B(&[{}])),", each.join(","));
        }
    }
    s.push_str("rows: B(&[\n");
    for (value, printed, cells) in g.rows() {
        let each: Vec<String> = cells.iter().map(|c| cell(ty, c)).collect();
        let _ = writeln!(
            s,
            "Row {{ value: {value}, printed: {}, cells: B(&[{}]) }},",
            texts(printed),
            each.join(",")
        );
    }
    s.push_str("]),\nreconstructed: B(&[\n");
    for r in g.reconstructed.iter() {
        let value = r.value.as_ref().map(|v| format!("B({:?})", &**v));
        let _ = writeln!(
            s,
            "Reconstructed {{ row: B({:?}), columns: {}, text: B({:?}), value: {}, why: B({:?}) }},",
            &*r.row,
            texts(&r.columns),
            &*r.text,
            value.as_deref().map_or("None".to_string(), |v| format!("Some({v})")),
            &*r.why
        );
    }
    s.push_str("]),\nunmatched: B(&[\n");
    for u in g.unmatched.iter() {
        let _ = writeln!(
            s,
            "Unmatched {{ row: B({:?}), column: B({:?}), value: B({:?}), note: B({:?}) }},",
            &*u.row, &*u.column, &*u.value, &*u.note
        );
    }
    s.push_str("]),\n};\n");
    s
}

/// Where a table or array of tables of the figures and readings files goes: its
/// field's name in Rust and the type of its value (of each element for an array).
fn field_of(key: &str) -> Option<(&'static str, &'static str)> {
    Some(match key {
        "basic" => ("basic", "Figures"),
        "sea_movement" => ("sea_movement", "SeaMovementFigures"),
        "invasions" => ("invasions", "InvasionFigures"),
        "automatic_victory" => ("automatic_victory", "AutomaticVictoryFigures"),
        "strategic_movement" => ("strategic_movement", "StrategicMovementFigures"),
        "combat_supply" => ("combat_supply", "CombatSupplyFigures"),
        "barrage" => ("barrage", "BarrageFigures"),
        "rangers" => ("rangers", "RangerFigures"),
        "replacements" => ("replacements", "ReplacementFigures"),
        "minor_countries" => ("minor_countries", "MinorCountryFigures"),
        "air" => ("air", "AirFigures"),
        // 34 (weather)
        "weather" => ("weather", "WeatherFigures"),
        // 33: additional bombing missions.
        "bombing" => ("bombing", "BombingFigures"),
        // 35
        "ascendancy" => ("ascendancy", "AscendancyFigures"),
        // 36: critical resources.
        "resources" => ("resources", "ResourceFigures"),
        // 32: air combat.
        "air_combat" => ("air_combat", "AirCombatFigures"),
        "reading" => ("readings", "ReadingDef"),
        "option" => ("options", "ReadingOption"),
        _ => return None,
    })
}

/// A TOML value as a Rust expression of the type `ty` (a table's struct; `None` for a
/// plain value).
fn value(v: &toml::Value, ty: Option<&str>) -> Result<String, String> {
    Ok(match (v, ty) {
        (toml::Value::Integer(n), None) => n.to_string(),
        (toml::Value::Boolean(b), None) => b.to_string(),
        (toml::Value::String(t), None) => format!("B({t:?})"),
        (toml::Value::Array(items), _) => {
            let each: Result<Vec<String>, String> = items.iter().map(|i| value(i, ty)).collect();
            format!("B(&[{}])", each?.join(","))
        }
        (toml::Value::Table(t), Some(ty)) => table(t, ty)?,
        (other, _) => return Err(format!("`{other}` is not a value the rule book reads")),
    })
}

/// A TOML table as a struct literal of `ty`: its keys are the struct's fields, the
/// tables among them named by [`field_of`].
fn table(t: &toml::Table, ty: &str) -> Result<String, String> {
    let mut fields = Vec::new();
    for (key, v) in t {
        let (name, inner) = match (v, field_of(key)) {
            (toml::Value::Table(_), None) => return Err(format!("no table `{key}` is read")),
            (toml::Value::Table(_) | toml::Value::Array(_), Some((name, inner))) => {
                (name, Some(inner))
            }
            _ => (key.as_str(), None),
        };
        fields.push(format!("{name}: {}", value(v, inner)?));
    }
    Ok(format!("{ty} {{ {} }}", fields.join(", ")))
}

/// Every reading's default is one of its options, and no name is used twice (as
/// `RuleBook::check_readings` holds at run time for files given).
fn check_readings(readings: &[&toml::Value]) -> Result<(), String> {
    let mut seen = std::collections::BTreeSet::new();
    for r in readings {
        let name = r.get("name").and_then(toml::Value::as_str).unwrap_or("");
        let default = r.get("default").and_then(toml::Value::as_str);
        let options = r.get("option").and_then(toml::Value::as_array);
        let named = |o: &toml::Value| o.get("name").and_then(toml::Value::as_str) == default;
        if !seen.insert(name.to_string()) {
            return Err(format!("the reading `{name}` is listed twice"));
        }
        if !options.is_some_and(|os| os.iter().any(named)) {
            return Err(format!("the default of `{name}` is none of its options"));
        }
    }
    Ok(())
}

/// The rule book as one expression of `RuleBook`, from the text of the figures,
/// optional-rule figures, Tournament figures and readings files.
pub fn rule_book(
    figures: &str,
    optional: &str,
    tournament: &str,
    readings: &str,
) -> Result<String, String> {
    let read = |name: &str, text: &str| {
        toml::from_str::<toml::Table>(text).map_err(|e| format!("{name}: {e}"))
    };
    let mut figures = read("figures.toml", figures)?;
    let optional = read("optional.toml", optional)?;
    let mut tournament = read("tournament.toml", tournament)?;
    let mut readings = read("readings.toml", readings)?;
    let basic = figures
        .remove("basic")
        .ok_or("figures.toml has no [basic]")?;
    match figures.remove("tournament") {
        Some(toml::Value::Table(t)) if !t.is_empty() => {
            return Err("figures.toml: the [tournament] figures are not read yet".into())
        }
        _ => {}
    }
    if let Some(key) = figures.keys().next() {
        return Err(format!("figures.toml: no table `{key}` is read"));
    }
    let empty = toml::Value::Array(Vec::new());
    let tournament_readings = tournament.remove("reading").unwrap_or(empty);
    let game_readings = readings
        .remove("reading")
        .ok_or("readings.toml has no reading")?;
    if let Some(key) = readings.keys().next() {
        return Err(format!("readings.toml: no table `{key}` is read"));
    }
    let all: Vec<&toml::Value> = [&game_readings, &tournament_readings]
        .into_iter()
        .filter_map(toml::Value::as_array)
        .flatten()
        .collect();
    check_readings(&all)?;
    Ok(format!(
        "RuleBook {{\nbasic: {},\noptional: {},\ntournament: {},\nreadings: {},\ntournament_readings: {},\n}}\n",
        value(&basic, Some("Figures"))?,
        table(&optional, "OptionalFigures")?,
        table(&tournament, "TournamentFigures")?,
        value(&game_readings, Some("ReadingDef"))?,
        value(&tournament_readings, Some("ReadingDef"))?,
    ))
}
