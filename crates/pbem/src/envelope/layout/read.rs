//! A state file read back in the layout [`super::write`] gives it, without ron's
//! general parser (comments, every number form, extensions, positions for errors).
//!
//! It is only a short cut, never a judge: it reads what the layout holds (no float, no
//! comment, no byte string, no value whose type must be guessed) and declines the rest.
//! A value it reads is taken only if [`super::write`] gives the file's own text back,
//! byte for byte: the file is then the one the umpire writes for that value, which ron
//! reads as that value. Anything else (a file of another layout, a value it cannot
//! read, an error) is read by ron, with ron's errors, as before.

use super::Declined;
use serde::de::{self, DeserializeOwned, DeserializeSeed, IntoDeserializer, Visitor};
use serde::forward_to_deserialize_any;

type Result<T> = std::result::Result<T, Declined>;

impl de::Error for Declined {
    fn custom<T: std::fmt::Display>(_: T) -> Self {
        Declined
    }
}

/// The state `src` holds, if it is laid out as [`super::write`] writes it (with the
/// line end [`crate::envelope::seal`] puts after it).
pub(in crate::envelope) fn read<T: DeserializeOwned + serde::Serialize>(src: &str) -> Option<T> {
    let mut reader = Reader {
        text: src,
        at: 0,
        depth: 0,
    };
    let value = T::deserialize(&mut reader).ok()?;
    let body = src.strip_suffix('\n')?;
    if reader.at != body.len() {
        return None;
    }
    let again = super::write(&value, src.len()).ok()?;
    (again == body).then_some(value)
}

/// Where the reading is.
struct Reader<'de> {
    text: &'de str,
    at: usize,
    depth: usize,
}

/// A letter, digit or `_`: a plain name's characters.
fn name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

impl<'de> Reader<'de> {
    fn rest(&self) -> &'de [u8] {
        self.text.as_bytes().get(self.at..).unwrap_or_default()
    }

    fn peek(&self) -> Option<u8> {
        self.rest().first().copied()
    }

    fn skip_ws(&mut self) {
        let n = (self.rest().iter())
            .take_while(|b| matches!(b, b' ' | b'\n'))
            .count();
        self.at += n;
    }

    /// `b` next (after white space), taken.
    fn eat(&mut self, b: u8) -> bool {
        self.skip_ws();
        let here = self.peek() == Some(b);
        if here {
            self.at += 1;
        }
        here
    }

    fn expect(&mut self, b: u8) -> Result<()> {
        self.eat(b).then_some(()).ok_or(Declined)
    }

    /// A name, `r#` before it taken off: letters, digits and `_`, and after `r#` also
    /// `.`, `+` and `-`.
    fn name(&mut self) -> Result<&'de str> {
        self.skip_ws();
        let raw = self.rest().starts_with(b"r#");
        let start = self.at + if raw { 2 } else { 0 };
        let len = (self.text.as_bytes().get(start..).unwrap_or_default().iter())
            .take_while(|&&b| name_byte(b) || raw && matches!(b, b'.' | b'+' | b'-'))
            .count();
        if len == 0 {
            return Err(Declined);
        }
        self.at = start + len;
        self.text.get(start..start + len).ok_or(Declined)
    }

    /// Whether the next name is `word` (not taken).
    fn next_is(&mut self, word: &str) -> bool {
        self.skip_ws();
        let rest = self.rest();
        rest.starts_with(word.as_bytes()) && !rest.get(word.len()).is_some_and(|&b| name_byte(b))
    }

    /// A whole number: its sign and size.
    fn number(&mut self) -> Result<(bool, u64)> {
        self.skip_ws();
        let negative = self.peek() == Some(b'-');
        if negative {
            self.at += 1;
        }
        let digits = self
            .rest()
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if digits == 0 {
            return Err(Declined);
        }
        let mut v: u64 = 0;
        for &d in &self.rest()[..digits] {
            v = v
                .checked_mul(10)
                .and_then(|v| v.checked_add(u64::from(d - b'0')))
                .ok_or(Declined)?;
        }
        self.at += digits;
        Ok((negative, v))
    }

    fn unsigned(&mut self) -> Result<u64> {
        match self.number()? {
            (false, v) => Ok(v),
            (true, _) => Err(Declined),
        }
    }

    fn signed(&mut self) -> Result<i64> {
        let (negative, v) = self.number()?;
        if negative {
            0i64.checked_sub_unsigned(v).ok_or(Declined)
        } else {
            i64::try_from(v).map_err(|_| Declined)
        }
    }

    /// A quoted string: borrowed when it holds no escape, else unescaped as
    /// `char::escape_debug` writes them.
    fn string(&mut self) -> Result<Text<'de>> {
        self.expect(b'"')?;
        let start = self.at;
        let plain = (self.rest().iter())
            .take_while(|&&b| b != b'"' && b != b'\\')
            .count();
        self.at += plain;
        if self.peek() == Some(b'"') {
            self.at += 1;
            return self
                .text
                .get(start..start + plain)
                .map(Text::Borrowed)
                .ok_or(Declined);
        }
        let mut out = self
            .text
            .get(start..start + plain)
            .ok_or(Declined)?
            .to_string();
        loop {
            let rest = self.text.get(self.at..).ok_or(Declined)?;
            let mut chars = rest.chars();
            match chars.next().ok_or(Declined)? {
                '"' => {
                    self.at += 1;
                    return Ok(Text::Owned(out));
                }
                '\\' => {
                    let (c, used) = unescape(chars.as_str())?;
                    out.push(c);
                    self.at += 1 + used;
                }
                c => {
                    out.push(c);
                    self.at += c.len_utf8();
                }
            }
        }
    }

    fn nested<T>(&mut self, read: impl FnOnce(&mut Self) -> Result<T>) -> Result<T> {
        if self.depth >= super::MAX_DEPTH {
            return Err(Declined);
        }
        self.depth += 1;
        let v = read(self)?;
        self.depth -= 1;
        Ok(v)
    }
}

/// A string as read.
enum Text<'de> {
    Borrowed(&'de str),
    Owned(String),
}

/// The character an escape after `\` stands for, and the bytes it took.
fn unescape(after: &str) -> Result<(char, usize)> {
    let mut chars = after.chars();
    let simple = match chars.next().ok_or(Declined)? {
        '\\' => '\\',
        '"' => '"',
        '\'' => '\'',
        'n' => '\n',
        'r' => '\r',
        't' => '\t',
        '0' => '\0',
        'u' => {
            let hex = after.strip_prefix("u{").ok_or(Declined)?;
            let end = hex.find('}').ok_or(Declined)?;
            let code =
                u32::from_str_radix(hex.get(..end).ok_or(Declined)?, 16).map_err(|_| Declined)?;
            return Ok((char::from_u32(code).ok_or(Declined)?, 3 + end));
        }
        _ => return Err(Declined),
    };
    Ok((simple, 1))
}

macro_rules! unsigned {
    ($($method:ident $visit:ident $t:ty),*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            let v = <$t>::try_from(self.unsigned()?).map_err(|_| Declined)?;
            visitor.$visit(v)
        }
    )*};
}

macro_rules! signed {
    ($($method:ident $visit:ident $t:ty),*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            let v = <$t>::try_from(self.signed()?).map_err(|_| Declined)?;
            visitor.$visit(v)
        }
    )*};
}

impl<'de> de::Deserializer<'de> for &mut Reader<'de> {
    type Error = Declined;

    /// A value whose type is told by the text: a string, a whole number or a truth
    /// value (an untagged enum of them). Anything else is left to ron.
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.skip_ws();
        match self.peek() {
            Some(b'"') => self.deserialize_str(visitor),
            Some(b'-') => visitor.visit_i64(self.signed()?),
            Some(b'0'..=b'9') => visitor.visit_u64(self.unsigned()?),
            Some(b't' | b'f') => self.deserialize_bool(visitor),
            _ => Err(Declined),
        }
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.name()? {
            "true" => visitor.visit_bool(true),
            "false" => visitor.visit_bool(false),
            _ => Err(Declined),
        }
    }

    unsigned!(deserialize_u8 visit_u8 u8, deserialize_u16 visit_u16 u16,
        deserialize_u32 visit_u32 u32, deserialize_u64 visit_u64 u64);
    signed!(deserialize_i8 visit_i8 i8, deserialize_i16 visit_i16 i16,
        deserialize_i32 visit_i32 i32, deserialize_i64 visit_i64 i64);

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.expect(b'\'')?;
        let rest = self.text.get(self.at..).ok_or(Declined)?;
        let mut chars = rest.chars();
        let c = match chars.next().ok_or(Declined)? {
            '\\' => chars
                .next()
                .filter(|c| matches!(c, '\\' | '\''))
                .ok_or(Declined)?,
            c => c,
        };
        let used = rest.len() - chars.as_str().len();
        self.at += used;
        if self.peek() != Some(b'\'') {
            return Err(Declined);
        }
        self.at += 1;
        visitor.visit_char(c)
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.string()? {
            Text::Borrowed(s) => visitor.visit_borrowed_str(s),
            Text::Owned(s) => visitor.visit_string(s),
        }
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_str(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if self.next_is("None") {
            self.name()?;
            return visitor.visit_none();
        }
        if !self.next_is("Some") {
            return Err(Declined);
        }
        self.name()?;
        self.expect(b'(')?;
        let v = self.nested(|r| visitor.visit_some(&mut *r))?;
        self.expect(b')')?;
        Ok(v)
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.expect(b'(')?;
        self.expect(b')')?;
        visitor.visit_unit()
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        self.expect(b'(')?;
        let v = self.nested(|r| visitor.visit_newtype_struct(&mut *r))?;
        self.expect(b')')?;
        Ok(v)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.expect(b'[')?;
        let v = self.nested(|r| {
            visitor.visit_seq(Items {
                reader: r,
                close: b']',
            })
        })?;
        self.expect(b']')?;
        Ok(v)
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _: usize, visitor: V) -> Result<V::Value> {
        self.expect(b'(')?;
        let v = self.nested(|r| {
            visitor.visit_seq(Items {
                reader: r,
                close: b')',
            })
        })?;
        self.expect(b')')?;
        Ok(v)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value> {
        self.deserialize_tuple(len, visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.expect(b'{')?;
        let v = self.nested(|r| {
            visitor.visit_map(Entries {
                reader: r,
                close: b'}',
                named: false,
            })
        })?;
        self.expect(b'}')?;
        Ok(v)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        self.expect(b'(')?;
        let v = self.nested(|r| {
            visitor.visit_map(Entries {
                reader: r,
                close: b')',
                named: true,
            })
        })?;
        self.expect(b')')?;
        Ok(v)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        self.nested(|r| visitor.visit_enum(Variant { reader: r }))
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_borrowed_str(self.name()?)
    }

    forward_to_deserialize_any! {
        i128 u128 f32 f64 bytes byte_buf ignored_any
    }
}

/// The elements of a list or a tuple, each followed by a comma.
struct Items<'a, 'de> {
    reader: &'a mut Reader<'de>,
    close: u8,
}

impl<'de> de::SeqAccess<'de> for Items<'_, 'de> {
    type Error = Declined;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        self.reader.skip_ws();
        if self.reader.peek() == Some(self.close) {
            return Ok(None);
        }
        let v = seed.deserialize(&mut *self.reader)?;
        if !self.reader.eat(b',') {
            self.reader.skip_ws();
            if self.reader.peek() != Some(self.close) {
                return Err(Declined);
            }
        }
        Ok(Some(v))
    }
}

/// The entries of a map (keys are values) or a struct (keys are names).
struct Entries<'a, 'de> {
    reader: &'a mut Reader<'de>,
    close: u8,
    named: bool,
}

impl<'de> de::MapAccess<'de> for Entries<'_, 'de> {
    type Error = Declined;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        self.reader.skip_ws();
        if self.reader.peek() == Some(self.close) {
            return Ok(None);
        }
        if self.named {
            let name = self.reader.name()?;
            return seed.deserialize(name.into_deserializer()).map(Some);
        }
        seed.deserialize(&mut *self.reader).map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value> {
        self.reader.expect(b':')?;
        let v = seed.deserialize(&mut *self.reader)?;
        if !self.reader.eat(b',') {
            self.reader.skip_ws();
            if self.reader.peek() != Some(self.close) {
                return Err(Declined);
            }
        }
        Ok(v)
    }
}

/// An enum's variant: its name, then what the variant holds.
struct Variant<'a, 'de> {
    reader: &'a mut Reader<'de>,
}

impl<'a, 'de> de::EnumAccess<'de> for Variant<'a, 'de> {
    type Error = Declined;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self)> {
        let name = self.reader.name()?;
        let v = seed.deserialize(name.into_deserializer())?;
        Ok((v, self))
    }
}

impl<'de> de::VariantAccess<'de> for Variant<'_, 'de> {
    type Error = Declined;

    fn unit_variant(self) -> Result<()> {
        Ok(())
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value> {
        self.reader.expect(b'(')?;
        let v = seed.deserialize(&mut *self.reader)?;
        self.reader.expect(b')')?;
        Ok(v)
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value> {
        de::Deserializer::deserialize_tuple(self.reader, len, visitor)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        de::Deserializer::deserialize_struct(self.reader, "", fields, visitor)
    }
}

#[cfg(test)]
mod tests {
    //! The short cut reads what the printer writes as ron reads it, and takes nothing
    //! ron would read otherwise: an edited file is either left to ron or read as ron
    //! reads it.
    use super::read;
    use crate::envelope::pretty;
    use proptest::prelude::*;
    use serde::{Deserialize, Serialize};
    use std::collections::BTreeMap;

    #[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
    #[serde(rename_all = "kebab-case")]
    enum Side {
        GreatBlue,
        BigRed,
    }

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    enum Place {
        Hex(String),
        Sea { zone: char, turns: u8 },
        Pair(i16, i64),
        Gone,
    }

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    struct Id(String);

    /// A value whose type the text tells (as a combat factor is written).
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    #[serde(untagged)]
    enum Told {
        Whole(u64),
        Signed(i64),
        Text(String),
        Truth(bool),
    }

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    struct State {
        format: u32,
        kind: String,
        flag: bool,
        places: BTreeMap<String, Place>,
        sides: BTreeMap<Side, Vec<Id>>,
        maybe: Option<Option<u64>>,
        pairs: Vec<(u8, i32)>,
        told: Vec<(String, Told)>,
        unit: (),
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        extra: Vec<i8>,
        note: String,
        integrity: String,
    }

    fn a_place() -> impl Strategy<Value = Place> {
        prop_oneof![
            any::<String>().prop_map(Place::Hex),
            (any::<char>(), any::<u8>()).prop_map(|(zone, turns)| Place::Sea { zone, turns }),
            (any::<i16>(), any::<i64>()).prop_map(|(a, b)| Place::Pair(a, b)),
            Just(Place::Gone),
        ]
    }

    fn a_told() -> impl Strategy<Value = Told> {
        prop_oneof![
            any::<u64>().prop_map(Told::Whole),
            (i64::MIN..0).prop_map(Told::Signed),
            any::<String>().prop_map(Told::Text),
            any::<bool>().prop_map(Told::Truth),
        ]
    }

    fn a_state() -> impl Strategy<Value = State> {
        let side = prop_oneof![Just(Side::GreatBlue), Just(Side::BigRed)];
        let ids = proptest::collection::vec("[A-Z]-[0-9]{1,2}[A-Z]{2}".prop_map(Id), 0..3);
        (
            (any::<u32>(), "[a-z]{0,8}", any::<bool>()),
            proptest::collection::btree_map("[ -~]{0,6}", a_place(), 0..4),
            proptest::collection::btree_map(side, ids, 0..2),
            any::<Option<Option<u64>>>(),
            proptest::collection::vec(any::<(u8, i32)>(), 0..3),
            proptest::collection::vec(("[a-z]{0,3}", a_told()), 0..3),
            proptest::collection::vec(any::<i8>(), 0..2),
            (any::<String>(), "[0-9a-f]{0,64}"),
        )
            .prop_map(
                |(
                    (format, kind, flag),
                    places,
                    sides,
                    maybe,
                    pairs,
                    told,
                    extra,
                    (note, integrity),
                )| {
                    State {
                        format,
                        kind,
                        flag,
                        places,
                        sides,
                        maybe,
                        pairs,
                        told,
                        unit: (),
                        extra,
                        note,
                        integrity,
                    }
                },
            )
    }

    fn file(state: &State) -> String {
        let mut text = ron::ser::to_string_pretty(state, pretty()).expect("written");
        text.push('\n');
        text
    }

    /// An edit of a file: a byte range replaced by a few characters that matter to RON.
    fn an_edit() -> impl Strategy<Value = (prop::sample::Index, usize, String)> {
        (
            any::<prop::sample::Index>(),
            0..3usize,
            "[ \n,:()\\[\\]{}\"'#r0-9a-zA-Z/*-]{0,3}",
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        /// A file the umpire writes is read back whole, as ron reads it.
        #[test]
        fn a_written_file_is_read_back_as_ron_reads_it(state in a_state()) {
            let text = file(&state);
            let fast: Option<State> = read(&text);
            prop_assert_eq!(fast.as_ref(), Some(&state));
            let by_ron: State = ron::from_str(&text).expect("ron reads it");
            prop_assert_eq!(fast, Some(by_ron));
        }

        /// A file edited anywhere is left to ron or read as ron reads it, never
        /// otherwise.
        #[test]
        fn an_edited_file_is_never_read_otherwise_than_by_ron(
            state in a_state(),
            (at, cut, put) in an_edit(),
        ) {
            let text = file(&state);
            let mut at = at.index(text.len());
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            let mut end = (at + cut).min(text.len());
            while !text.is_char_boundary(end) {
                end += 1;
            }
            let edited = format!("{}{}{}", &text[..at], put, &text[end..]);
            if let Some(fast) = read::<State>(&edited) {
                let by_ron: State = ron::from_str(&edited).expect("ron reads what was read");
                prop_assert_eq!(fast, by_ron);
            }
        }
    }

    /// The same value in another layout (a comment, other spacing, no last comma, no
    /// last line end or two) is left to ron.
    #[test]
    fn another_layout_is_left_to_ron() {
        let state = State {
            format: 3,
            kind: "blitzkrieg".into(),
            flag: true,
            places: BTreeMap::from([("WW28".into(), Place::Gone)]),
            sides: BTreeMap::new(),
            maybe: None,
            pairs: vec![(1, -2)],
            told: vec![
                ("f".into(), Told::Whole(6)),
                ("g".into(), Told::Text("3 1/2".into())),
            ],
            unit: (),
            extra: vec![],
            note: "Walküre \"x\"\n".into(),
            integrity: "ab".into(),
        };
        let text = file(&state);
        assert_eq!(read::<State>(&text).as_ref(), Some(&state));
        for other in [
            text.replacen("  format", "    format", 1),
            text.replacen("(\n", "( // a comment\n", 1),
            text.trim_end().to_string(),
            text.replacen("integrity: \"ab\",\n", "integrity: \"ab\"\n", 1),
            format!("{text}\n"),
        ] {
            assert_eq!(read::<State>(&other), None, "{other}");
            let by_ron: State = ron::from_str(&other).expect("ron reads it");
            assert_eq!(by_ron, state);
        }
    }
}
