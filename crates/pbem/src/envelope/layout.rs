//! The state file's text written directly: the layout ron's pretty printer gives with
//! the envelope's settings ([`super::pretty`]: two spaces a level, `\n`, no struct
//! names, no extensions), byte for byte, for every shape a state holds.
//!
//! Every state is written here, and every replayed state of `verify` is written here to
//! be compared with the kept file, so this is the one printer whose cost counts. ron's
//! own printer escapes each character of a string through the Unicode tables, checks
//! each field's name against them and grows its text from nothing; this one copies
//! printable ASCII as it is, knows the plain ASCII names and writes into a `String`
//! sized for the state.
//!
//! It keeps ron's rules exactly, one state variable for one (`indent`, `is_empty`),
//! and declines what it does not know: a name outside plain ASCII, a float, a
//! 128-bit number, a raw value, nesting deeper than [`MAX_DEPTH`], or an error raised
//! by a value's own `Serialize`. Then the whole value is written by ron instead
//! ([`super::to_text`]), so the bytes are ron's either way. The tests hold the two
//! printers equal on every shape serde has and on generated values.

mod read;

pub(super) use read::read;

use serde::ser::{self, Serialize};
use std::fmt;

/// Deeper than this, the value is left to ron (whose own limit is 128), by the printer
/// and the reader alike.
const MAX_DEPTH: usize = 64;
/// Two spaces a level ([`super::pretty`]).
const INDENTOR: &str = "  ";
/// Names ron writes with `r#` before them even though they are identifiers.
const RESERVED: [&str; 10] = [
    "true", "false", "Some", "None", "inf", "inff32", "inff64", "NaN", "NaNf32", "NaNf64",
];

/// Why this printer left a value to ron.
#[derive(Debug)]
pub(super) struct Declined;

impl fmt::Display for Declined {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("left to ron's printer")
    }
}

impl std::error::Error for Declined {}

impl ser::Error for Declined {
    fn custom<T: fmt::Display>(_: T) -> Self {
        Declined
    }
}

type Result<T = ()> = std::result::Result<T, Declined>;

/// `value` in ron's pretty layout, or [`Declined`] for what only ron writes. `capacity`
/// is a guess of the text's length (the state before it, say).
pub(super) fn write<T: Serialize + ?Sized>(value: &T, capacity: usize) -> Result<String> {
    let mut printer = Printer {
        out: String::with_capacity(capacity),
        indent: 0,
        is_empty: None,
        depth: 0,
    };
    value.serialize(&mut printer)?;
    Ok(printer.out)
}

/// ron's `Serializer` with the envelope's settings: the text, the level of indent, and
/// whether the container just opened is empty (`Some(true)`: no line break inside).
struct Printer {
    out: String,
    indent: usize,
    is_empty: Option<bool>,
    depth: usize,
}

/// Letters, digits and `_`: what ron writes of a name as it is. ron also takes `.`,
/// `+` and `-` (then with `r#` before the name); anything else is left to it.
fn plain_name(name: &str) -> Result<bool> {
    let mut plain = !name.is_empty();
    for (i, b) in name.bytes().enumerate() {
        match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {}
            b'0'..=b'9' => plain &= i > 0,
            b'.' | b'+' | b'-' => plain = false,
            _ => return Err(Declined),
        }
    }
    if name.is_empty() {
        return Err(Declined);
    }
    Ok(plain && !RESERVED.contains(&name))
}

/// A character ron writes in a string as it is: printable ASCII but the quotes and the
/// backslash, which `char::escape_debug` escapes.
fn as_is(b: u8) -> bool {
    matches!(b, 0x20..=0x7e) && !matches!(b, b'"' | b'\'' | b'\\')
}

impl Printer {
    /// ron's `validate_identifier`: a name must be one ron can write.
    fn validate(name: &str) -> Result {
        plain_name(name).map(|_| ())
    }

    /// ron's `write_identifier`.
    fn name(&mut self, name: &str) -> Result {
        if !plain_name(name)? {
            self.out.push_str("r#");
        }
        self.out.push_str(name);
        Ok(())
    }

    fn line(&mut self) {
        self.out.push('\n');
    }

    fn indent_here(&mut self) {
        for _ in 0..self.indent {
            self.out.push_str(INDENTOR);
        }
    }

    /// ron's `start_indent`.
    fn start_indent(&mut self) {
        self.indent += 1;
        if !self.is_empty.unwrap_or(false) {
            self.line();
        }
    }

    /// ron's `end_indent`.
    fn end_indent(&mut self) {
        if !self.is_empty.unwrap_or(false) {
            for _ in 1..self.indent {
                self.out.push_str(INDENTOR);
            }
        }
        self.indent = self.indent.saturating_sub(1);
        self.is_empty = None;
    }

    /// Serialises a nested value, one level deeper.
    fn nested<T: Serialize + ?Sized>(&mut self, value: &T) -> Result {
        if self.depth >= MAX_DEPTH {
            return Err(Declined);
        }
        self.depth += 1;
        value.serialize(&mut *self)?;
        self.depth -= 1;
        Ok(())
    }

    fn unsigned(&mut self, v: u64) {
        let mut digits = [0u8; 20];
        let mut at = digits.len();
        let mut v = v;
        loop {
            at -= 1;
            digits[at] = b'0' + (v % 10) as u8;
            v /= 10;
            if v == 0 {
                break;
            }
        }
        for &d in &digits[at..] {
            self.out.push(char::from(d));
        }
    }

    fn signed(&mut self, v: i64) {
        if v < 0 {
            self.out.push('-');
        }
        self.unsigned(v.unsigned_abs());
    }

    fn string(&mut self, v: &str) {
        self.out.push('"');
        if v.bytes().all(as_is) {
            self.out.push_str(v);
        } else {
            for c in v.chars().flat_map(char::escape_debug) {
                self.out.push(c);
            }
        }
        self.out.push('"');
    }

    /// Opens a container ron lays out one entry a line: `open`, and a line break
    /// unless it is known to be empty.
    fn open_lines(&mut self, open: char, len: Option<usize>) {
        self.out.push(open);
        if let Some(len) = len {
            self.is_empty = Some(len == 0);
        }
        self.start_indent();
    }
}

/// An open container: ron's `Compound` (whether an entry was written yet).
struct Compound<'a> {
    printer: &'a mut Printer,
    first: bool,
}

impl Compound<'_> {
    /// Before an entry of a container laid out one entry a line.
    fn next_line(&mut self) {
        if self.first {
            self.first = false;
        } else {
            self.printer.out.push_str(",\n");
        }
        self.printer.indent_here();
    }

    /// Before an element of a tuple, laid out on one line.
    fn next_inline(&mut self) {
        if self.first {
            self.first = false;
        } else {
            self.printer.out.push_str(", ");
        }
    }

    /// Closes a container laid out one entry a line.
    fn close_lines(self, close: char) {
        if !self.first {
            self.printer.out.push_str(",\n");
        }
        self.printer.end_indent();
        self.printer.out.push(close);
    }
}

/// The serializer's whole-number methods: each written by [`Printer::signed`] or
/// [`Printer::unsigned`].
macro_rules! numbers {
    ($($method:ident $t:ident $write:ident),*) => {$(
        fn $method(self, v: $t) -> Result {
            self.$write(v.into());
            Ok(())
        }
    )*};
}

impl<'a> ser::Serializer for &'a mut Printer {
    type Ok = ();
    type Error = Declined;
    type SerializeSeq = Compound<'a>;
    type SerializeTuple = Compound<'a>;
    type SerializeTupleStruct = Compound<'a>;
    type SerializeTupleVariant = Compound<'a>;
    type SerializeMap = Compound<'a>;
    type SerializeStruct = Compound<'a>;
    type SerializeStructVariant = Compound<'a>;

    fn serialize_bool(self, v: bool) -> Result {
        self.out.push_str(if v { "true" } else { "false" });
        Ok(())
    }

    numbers! {
        serialize_i8 i8 signed, serialize_i16 i16 signed, serialize_i32 i32 signed,
        serialize_i64 i64 signed, serialize_u8 u8 unsigned, serialize_u16 u16 unsigned,
        serialize_u32 u32 unsigned, serialize_u64 u64 unsigned
    }

    /// No state holds a float (exact arithmetic); ron writes them.
    fn serialize_f32(self, _: f32) -> Result {
        Err(Declined)
    }

    fn serialize_f64(self, _: f64) -> Result {
        Err(Declined)
    }

    fn serialize_char(self, v: char) -> Result {
        self.out.push('\'');
        if v == '\\' || v == '\'' {
            self.out.push('\\');
        }
        self.out.push(v);
        self.out.push('\'');
        Ok(())
    }

    fn serialize_str(self, v: &str) -> Result {
        self.string(v);
        Ok(())
    }

    fn serialize_bytes(self, v: &[u8]) -> Result {
        self.out.push_str("b\"");
        for c in v.iter().flat_map(|b| std::ascii::escape_default(*b)) {
            self.out.push(char::from(c));
        }
        self.out.push('"');
        Ok(())
    }

    fn serialize_none(self) -> Result {
        self.out.push_str("None");
        Ok(())
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result {
        self.out.push_str("Some(");
        self.nested(value)?;
        self.out.push(')');
        Ok(())
    }

    fn serialize_unit(self) -> Result {
        self.out.push_str("()");
        Ok(())
    }

    fn serialize_unit_struct(self, name: &'static str) -> Result {
        Printer::validate(name)?;
        self.serialize_unit()
    }

    fn serialize_unit_variant(self, name: &'static str, _: u32, variant: &'static str) -> Result {
        Printer::validate(name)?;
        self.name(variant)
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        value: &T,
    ) -> Result {
        // ron's raw value token starts with `$`, which `validate` declines.
        Printer::validate(name)?;
        self.out.push('(');
        self.nested(value)?;
        self.out.push(')');
        Ok(())
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Result {
        Printer::validate(name)?;
        self.name(variant)?;
        self.out.push('(');
        self.nested(value)?;
        self.out.push(')');
        Ok(())
    }

    fn serialize_seq(self, len: Option<usize>) -> Result<Compound<'a>> {
        self.open_lines('[', len);
        Ok(Compound {
            printer: self,
            first: true,
        })
    }

    fn serialize_tuple(self, _: usize) -> Result<Compound<'a>> {
        self.out.push('(');
        Ok(Compound {
            printer: self,
            first: true,
        })
    }

    fn serialize_tuple_struct(self, name: &'static str, len: usize) -> Result<Compound<'a>> {
        Printer::validate(name)?;
        self.serialize_tuple(len)
    }

    fn serialize_tuple_variant(
        self,
        name: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Compound<'a>> {
        Printer::validate(name)?;
        self.name(variant)?;
        self.out.push('(');
        Ok(Compound {
            printer: self,
            first: true,
        })
    }

    fn serialize_map(self, len: Option<usize>) -> Result<Compound<'a>> {
        self.open_lines('{', len);
        Ok(Compound {
            printer: self,
            first: true,
        })
    }

    fn serialize_struct(self, name: &'static str, len: usize) -> Result<Compound<'a>> {
        Printer::validate(name)?;
        self.open_lines('(', Some(len));
        Ok(Compound {
            printer: self,
            first: true,
        })
    }

    fn serialize_struct_variant(
        self,
        name: &'static str,
        _: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Compound<'a>> {
        Printer::validate(name)?;
        self.name(variant)?;
        self.open_lines('(', Some(len));
        Ok(Compound {
            printer: self,
            first: true,
        })
    }
}

impl ser::SerializeSeq for Compound<'_> {
    type Ok = ();
    type Error = Declined;

    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result {
        self.next_line();
        self.printer.nested(value)
    }

    fn end(self) -> Result {
        self.close_lines(']');
        Ok(())
    }
}

impl ser::SerializeTuple for Compound<'_> {
    type Ok = ();
    type Error = Declined;

    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result {
        self.next_inline();
        self.printer.nested(value)
    }

    fn end(self) -> Result {
        self.printer.out.push(')');
        Ok(())
    }
}

impl ser::SerializeTupleStruct for Compound<'_> {
    type Ok = ();
    type Error = Declined;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result {
        ser::SerializeTuple::serialize_element(self, value)
    }

    fn end(self) -> Result {
        ser::SerializeTuple::end(self)
    }
}

impl ser::SerializeTupleVariant for Compound<'_> {
    type Ok = ();
    type Error = Declined;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result {
        ser::SerializeTuple::serialize_element(self, value)
    }

    fn end(self) -> Result {
        ser::SerializeTuple::end(self)
    }
}

impl ser::SerializeMap for Compound<'_> {
    type Ok = ();
    type Error = Declined;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result {
        self.next_line();
        self.printer.nested(key)
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result {
        self.printer.out.push_str(": ");
        self.printer.nested(value)
    }

    fn end(self) -> Result {
        self.close_lines('}');
        Ok(())
    }
}

impl ser::SerializeStruct for Compound<'_> {
    type Ok = ();
    type Error = Declined;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result {
        self.next_line();
        self.printer.name(key)?;
        self.printer.out.push_str(": ");
        self.printer.nested(value)
    }

    fn end(self) -> Result {
        self.close_lines(')');
        Ok(())
    }
}

impl ser::SerializeStructVariant for Compound<'_> {
    type Ok = ();
    type Error = Declined;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result {
        ser::SerializeStruct::serialize_field(self, key, value)
    }

    fn end(self) -> Result {
        ser::SerializeStruct::end(self)
    }
}

#[cfg(test)]
mod tests {
    //! The printer against ron's, on every shape serde has: a value tree whose nodes
    //! call each of the serializer's methods, with names plain, raw, reserved, bad and
    //! beyond ASCII, and strings of any character.
    use super::super::pretty;
    use proptest::prelude::*;
    use serde::ser::{
        SerializeMap, SerializeSeq, SerializeStruct, SerializeStructVariant, SerializeTuple,
        SerializeTupleStruct, SerializeTupleVariant, Serializer,
    };
    use serde::Serialize;
    use std::collections::BTreeMap;

    /// Names a node may carry: plain, with `-`/`.`/`+` (written `r#`), reserved,
    /// starting with a digit, empty or with a space (ron refuses), beyond ASCII.
    const NAMES: [&str; 12] = [
        "units",
        "Move",
        "great-blue",
        "a.b",
        "x+y",
        "None",
        "inf",
        "_hidden",
        "9lives",
        "",
        "two words",
        "Walküre",
    ];

    #[derive(Clone, Debug)]
    enum Node {
        Bool(bool),
        Int(i64),
        Small(i8),
        Unsigned(u64),
        Float(f64),
        Char(char),
        Text(String),
        Bytes(Vec<u8>),
        Option(Option<Box<Node>>),
        Unit,
        UnitStruct(usize),
        UnitVariant(usize, usize),
        NewtypeStruct(usize, Box<Node>),
        NewtypeVariant(usize, usize, Box<Node>),
        /// A sequence, its length told to the serializer or not.
        Seq(bool, Vec<Node>),
        Tuple(Vec<Node>),
        TupleStruct(usize, Vec<Node>),
        TupleVariant(usize, usize, Vec<Node>),
        Map(bool, Vec<(Node, Node)>),
        Struct(usize, Vec<(usize, Node)>),
        StructVariant(usize, usize, Vec<(usize, Node)>),
    }

    impl Serialize for Node {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let name = |i: &usize| NAMES[*i % NAMES.len()];
            match self {
                Node::Bool(v) => s.serialize_bool(*v),
                Node::Int(v) => s.serialize_i64(*v),
                Node::Small(v) => s.serialize_i8(*v),
                Node::Unsigned(v) => s.serialize_u64(*v),
                Node::Float(v) => s.serialize_f64(*v),
                Node::Char(v) => s.serialize_char(*v),
                Node::Text(v) => s.serialize_str(v),
                Node::Bytes(v) => s.serialize_bytes(v),
                Node::Option(None) => s.serialize_none(),
                Node::Option(Some(v)) => s.serialize_some(v),
                Node::Unit => s.serialize_unit(),
                Node::UnitStruct(n) => s.serialize_unit_struct(name(n)),
                Node::UnitVariant(n, v) => s.serialize_unit_variant(name(n), 0, name(v)),
                Node::NewtypeStruct(n, v) => s.serialize_newtype_struct(name(n), v),
                Node::NewtypeVariant(n, k, v) => {
                    s.serialize_newtype_variant(name(n), 0, name(k), v)
                }
                Node::Seq(told, items) => {
                    let mut seq = s.serialize_seq(told.then_some(items.len()))?;
                    for i in items {
                        seq.serialize_element(i)?;
                    }
                    seq.end()
                }
                Node::Tuple(items) => {
                    let mut t = s.serialize_tuple(items.len())?;
                    for i in items {
                        t.serialize_element(i)?;
                    }
                    t.end()
                }
                Node::TupleStruct(n, items) => {
                    let mut t = s.serialize_tuple_struct(name(n), items.len())?;
                    for i in items {
                        t.serialize_field(i)?;
                    }
                    t.end()
                }
                Node::TupleVariant(n, k, items) => {
                    let mut t = s.serialize_tuple_variant(name(n), 0, name(k), items.len())?;
                    for i in items {
                        t.serialize_field(i)?;
                    }
                    t.end()
                }
                Node::Map(told, entries) => {
                    let mut m = s.serialize_map(told.then_some(entries.len()))?;
                    for (k, v) in entries {
                        m.serialize_key(k)?;
                        m.serialize_value(v)?;
                    }
                    m.end()
                }
                Node::Struct(n, fields) => {
                    let mut st = s.serialize_struct(name(n), fields.len())?;
                    for (k, v) in fields {
                        st.serialize_field(name(k), v)?;
                    }
                    st.end()
                }
                Node::StructVariant(n, k, fields) => {
                    let mut st = s.serialize_struct_variant(name(n), 0, name(k), fields.len())?;
                    for (f, v) in fields {
                        st.serialize_field(name(f), v)?;
                    }
                    st.end()
                }
            }
        }
    }

    /// Mostly plain names, so that most trees are written whole.
    fn a_name() -> BoxedStrategy<usize> {
        prop_oneof![8 => 0..9usize, 1 => 0..NAMES.len()].boxed()
    }

    fn a_leaf() -> impl Strategy<Value = Node> {
        prop_oneof![
            any::<bool>().prop_map(Node::Bool),
            any::<i64>().prop_map(Node::Int),
            any::<i8>().prop_map(Node::Small),
            any::<u64>().prop_map(Node::Unsigned),
            any::<f64>().prop_map(Node::Float),
            any::<char>().prop_map(Node::Char),
            "[ -~]{0,12}".prop_map(Node::Text),
            any::<String>().prop_map(Node::Text),
            proptest::collection::vec(any::<u8>(), 0..6).prop_map(Node::Bytes),
            Just(Node::Option(None)),
            Just(Node::Unit),
            a_name().prop_map(Node::UnitStruct),
            (a_name(), a_name()).prop_map(|(n, v)| Node::UnitVariant(n, v)),
        ]
    }

    fn a_node() -> impl Strategy<Value = Node> {
        a_leaf().prop_recursive(5, 48, 4, |inner| {
            let items = proptest::collection::vec(inner.clone(), 0..4);
            let fields = proptest::collection::vec((a_name(), inner.clone()), 0..4);
            prop_oneof![
                inner.clone().prop_map(|v| Node::Option(Some(Box::new(v)))),
                (a_name(), inner.clone()).prop_map(|(n, v)| Node::NewtypeStruct(n, Box::new(v))),
                (a_name(), a_name(), inner.clone()).prop_map(|(n, k, v)| Node::NewtypeVariant(
                    n,
                    k,
                    Box::new(v)
                )),
                (any::<bool>(), items.clone()).prop_map(|(t, v)| Node::Seq(t, v)),
                items.clone().prop_map(Node::Tuple),
                (a_name(), items.clone()).prop_map(|(n, v)| Node::TupleStruct(n, v)),
                (a_name(), a_name(), items).prop_map(|(n, k, v)| Node::TupleVariant(n, k, v)),
                (
                    any::<bool>(),
                    proptest::collection::vec((inner.clone(), inner), 0..4)
                )
                    .prop_map(|(t, v)| Node::Map(t, v)),
                (a_name(), fields.clone()).prop_map(|(n, v)| Node::Struct(n, v)),
                (a_name(), a_name(), fields).prop_map(|(n, k, v)| Node::StructVariant(n, k, v)),
            ]
        })
    }

    fn ron_text(node: &Node) -> Option<String> {
        ron::ser::to_string_pretty(node, pretty()).ok()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// What this printer writes is ron's text; what it declines, ron writes or refuses.
        #[test]
        fn the_printer_writes_what_ron_writes(node in a_node()) {
            if let Ok(text) = super::write(&node, 0) {
                prop_assert_eq!(Some(text), ron_text(&node));
            }
            prop_assert_eq!(super::super::to_text(&node).ok(), ron_text(&node));
        }
    }

    /// A state-like value: nested structs, maps, lists, options, enums of each kind,
    /// strings to escape, empty containers. Written whole by the printer, as ron does.
    #[test]
    fn a_state_like_value_is_written_whole_and_as_ron_writes_it() {
        #[derive(Serialize)]
        #[serde(rename_all = "kebab-case")]
        enum Country {
            GreatBlue,
            Calaedia,
        }
        #[derive(Serialize)]
        enum Step {
            Move { unit: String, path: Vec<(i16, i16)> },
            Hold(String),
            Pair(u8, i32),
            Pass,
        }
        #[derive(Serialize)]
        struct Id(String);
        #[derive(Serialize)]
        struct Empty {}
        #[derive(Serialize)]
        struct State {
            format: u32,
            kind: String,
            owners: BTreeMap<String, Country>,
            steps: Vec<Step>,
            ids: Vec<Id>,
            nothing: Vec<u8>,
            empty_map: BTreeMap<u8, u8>,
            empty: Empty,
            unit: (),
            maybe: Option<Option<i8>>,
            note: String,
            letter: char,
            integrity: String,
        }
        let state = State {
            format: 4,
            kind: "blitzkrieg".into(),
            owners: [
                ("WW28".into(), Country::GreatBlue),
                ("a\"b".into(), Country::Calaedia),
            ]
            .into_iter()
            .collect(),
            steps: vec![
                Step::Move {
                    unit: "R-5AR".into(),
                    path: vec![(1, 2), (-3, 4)],
                },
                Step::Hold("B-1IN".into()),
                Step::Pair(7, -9),
                Step::Pass,
            ],
            ids: vec![Id("Nord Walküre\ttab".into())],
            nothing: vec![],
            empty_map: BTreeMap::new(),
            empty: Empty {},
            unit: (),
            maybe: Some(None),
            note: "it's \\ \u{301} \u{7}".into(),
            letter: '\'',
            integrity: String::new(),
        };
        let text = super::write(&state, 0).expect("every shape of a state is written");
        assert_eq!(
            Some(text.clone()),
            ron::ser::to_string_pretty(&state, pretty()).ok()
        );
        assert!(text.contains("r#great-blue"), "{text}");
        assert!(text.contains("nothing: [],"), "{text}");
    }

    /// What the printer declines: a float, a name beyond ASCII, a name ron refuses.
    #[test]
    fn floats_and_names_beyond_ascii_are_left_to_ron() {
        assert!(super::write(&Node::Float(1.5), 0).is_err());
        assert!(super::write(&Node::UnitStruct(11), 0).is_err());
        assert!(super::write(&Node::UnitStruct(9), 0).is_err());
        assert_eq!(
            super::super::to_text(&Node::Float(1.5)).ok().as_deref(),
            Some("1.5")
        );
        assert!(super::super::to_text(&Node::UnitStruct(9)).is_err());
    }

    /// Nesting deeper than the printer goes is left to ron, which writes it.
    #[test]
    fn deep_nesting_is_left_to_ron() {
        let mut node = Node::Unit;
        for _ in 0..super::MAX_DEPTH + 1 {
            node = Node::Option(Some(Box::new(node)));
        }
        assert!(super::write(&node, 0).is_err());
        assert_eq!(super::super::to_text(&node).ok(), ron_text(&node));
    }
}
