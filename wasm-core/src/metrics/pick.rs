//! Reads one number out of any `Serialize` value by dotted path without building JSON.
//!
//! A chart sweeps one metric at a thousand points; serialising a whole metrics section into a
//! `serde_json::Value` just to read a single field cost more than evaluating the sub-model. This
//! serializer walks the struct, skips every field off the path and captures the number at its
//! end. It answers exactly as a look-up in the JSON would: numbers are found, booleans, strings,
//! lists and non-finite floats (JSON null) are not.

use serde::ser::{self, Impossible, Serialize};
use std::fmt;

/// The number at `path` (`"io_time_us"`, `"api.mqput_cpu_us"`) in `value`, or `None` when the
/// path names no number.
pub fn number_at_path<T: Serialize + ?Sized>(value: &T, path: &str) -> Option<f64> {
    let segments: Vec<&str> = path.split('.').collect();
    value.serialize(Picker { path: &segments }).ok().flatten()
}

/// Why a walk stopped early; it only unwinds serde and is never shown.
#[derive(Debug)]
pub struct Miss;

impl fmt::Display for Miss {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("no number at this path")
    }
}

impl std::error::Error for Miss {}

impl ser::Error for Miss {
    fn custom<T: fmt::Display>(_msg: T) -> Self {
        Miss
    }
}

type Found = Option<f64>;

/// Serializes one value, looking for the rest of the path inside it.
struct Picker<'p> {
    path: &'p [&'p str],
}

impl Picker<'_> {
    fn leaf(self, x: f64) -> Result<Found, Miss> {
        Ok(if self.path.is_empty() { Some(x) } else { None })
    }
}

/// Walks the fields of a struct or map, descending only into the one the path names next.
struct Fields<'p> {
    path: &'p [&'p str],
    found: Found,
    next_key_matches: bool,
}

impl<'p> Fields<'p> {
    fn new(path: &'p [&'p str]) -> Self {
        Fields { path, found: None, next_key_matches: false }
    }

    fn visit<T: ?Sized + Serialize>(&mut self, key: &str, value: &T) -> Result<(), Miss> {
        if self.found.is_none() && self.path.first() == Some(&key) {
            self.found = value.serialize(Picker { path: &self.path[1..] })?;
        }
        Ok(())
    }
}

impl ser::SerializeStruct for Fields<'_> {
    type Ok = Found;
    type Error = Miss;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, key: &'static str, value: &T) -> Result<(), Miss> {
        self.visit(key, value)
    }
    fn end(self) -> Result<Found, Miss> {
        Ok(self.found)
    }
}

impl ser::SerializeStructVariant for Fields<'_> {
    type Ok = Found;
    type Error = Miss;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, key: &'static str, value: &T) -> Result<(), Miss> {
        self.visit(key, value)
    }
    fn end(self) -> Result<Found, Miss> {
        Ok(self.found)
    }
}

impl ser::SerializeMap for Fields<'_> {
    type Ok = Found;
    type Error = Miss;
    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<(), Miss> {
        let head = self.path.first().copied().unwrap_or_default();
        self.next_key_matches = key.serialize(KeyIs(head)).unwrap_or(false);
        Ok(())
    }
    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Miss> {
        if self.next_key_matches && self.found.is_none() {
            self.found = value.serialize(Picker { path: &self.path[1..] })?;
        }
        Ok(())
    }
    fn end(self) -> Result<Found, Miss> {
        Ok(self.found)
    }
}

/// Lists hold nothing a dotted path can name.
struct Skip;

impl ser::SerializeSeq for Skip {
    type Ok = Found;
    type Error = Miss;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, _: &T) -> Result<(), Miss> {
        Ok(())
    }
    fn end(self) -> Result<Found, Miss> {
        Ok(None)
    }
}

impl ser::SerializeTuple for Skip {
    type Ok = Found;
    type Error = Miss;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, _: &T) -> Result<(), Miss> {
        Ok(())
    }
    fn end(self) -> Result<Found, Miss> {
        Ok(None)
    }
}

impl ser::SerializeTupleStruct for Skip {
    type Ok = Found;
    type Error = Miss;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, _: &T) -> Result<(), Miss> {
        Ok(())
    }
    fn end(self) -> Result<Found, Miss> {
        Ok(None)
    }
}

impl ser::SerializeTupleVariant for Skip {
    type Ok = Found;
    type Error = Miss;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, _: &T) -> Result<(), Miss> {
        Ok(())
    }
    fn end(self) -> Result<Found, Miss> {
        Ok(None)
    }
}

impl<'p> ser::Serializer for Picker<'p> {
    type Ok = Found;
    type Error = Miss;
    type SerializeSeq = Skip;
    type SerializeTuple = Skip;
    type SerializeTupleStruct = Skip;
    type SerializeTupleVariant = Skip;
    type SerializeMap = Fields<'p>;
    type SerializeStruct = Fields<'p>;
    type SerializeStructVariant = Fields<'p>;

    fn serialize_bool(self, _: bool) -> Result<Found, Miss> {
        Ok(None)
    }
    fn serialize_i8(self, v: i8) -> Result<Found, Miss> {
        self.leaf(f64::from(v))
    }
    fn serialize_i16(self, v: i16) -> Result<Found, Miss> {
        self.leaf(f64::from(v))
    }
    fn serialize_i32(self, v: i32) -> Result<Found, Miss> {
        self.leaf(f64::from(v))
    }
    fn serialize_i64(self, v: i64) -> Result<Found, Miss> {
        self.leaf(v as f64)
    }
    fn serialize_u8(self, v: u8) -> Result<Found, Miss> {
        self.leaf(f64::from(v))
    }
    fn serialize_u16(self, v: u16) -> Result<Found, Miss> {
        self.leaf(f64::from(v))
    }
    fn serialize_u32(self, v: u32) -> Result<Found, Miss> {
        self.leaf(f64::from(v))
    }
    fn serialize_u64(self, v: u64) -> Result<Found, Miss> {
        self.leaf(v as f64)
    }
    fn serialize_f32(self, v: f32) -> Result<Found, Miss> {
        self.serialize_f64(f64::from(v))
    }
    fn serialize_f64(self, v: f64) -> Result<Found, Miss> {
        // serde_json writes a non-finite float as null, which is not a number.
        if v.is_finite() { self.leaf(v) } else { Ok(None) }
    }
    fn serialize_char(self, _: char) -> Result<Found, Miss> {
        Ok(None)
    }
    fn serialize_str(self, _: &str) -> Result<Found, Miss> {
        Ok(None)
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<Found, Miss> {
        Ok(None)
    }
    fn serialize_none(self) -> Result<Found, Miss> {
        Ok(None)
    }
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<Found, Miss> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<Found, Miss> {
        Ok(None)
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<Found, Miss> {
        Ok(None)
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, _: &'static str) -> Result<Found, Miss> {
        Ok(None)
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, _: &'static str, value: &T) -> Result<Found, Miss> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<Found, Miss> {
        // Externally tagged, as serde_json writes it: {"variant": value}.
        if self.path.first() == Some(&variant) { value.serialize(Picker { path: &self.path[1..] }) } else { Ok(None) }
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Skip, Miss> {
        Ok(Skip)
    }
    fn serialize_tuple(self, _: usize) -> Result<Skip, Miss> {
        Ok(Skip)
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Skip, Miss> {
        Ok(Skip)
    }
    fn serialize_tuple_variant(self, _: &'static str, _: u32, _: &'static str, _: usize) -> Result<Skip, Miss> {
        Ok(Skip)
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Fields<'p>, Miss> {
        Ok(Fields::new(self.path))
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Fields<'p>, Miss> {
        Ok(Fields::new(self.path))
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Fields<'p>, Miss> {
        // {"variant": {fields}}: the variant name is one path segment; any other name matches nothing.
        let path: &'p [&'p str] = if self.path.first() == Some(&variant) { &self.path[1..] } else { &[] };
        Ok(Fields::new(path))
    }
}

/// Answers whether a map key equals the expected path segment.
struct KeyIs<'a>(&'a str);

impl ser::Serializer for KeyIs<'_> {
    type Ok = bool;
    type Error = Miss;
    type SerializeSeq = Impossible<bool, Miss>;
    type SerializeTuple = Impossible<bool, Miss>;
    type SerializeTupleStruct = Impossible<bool, Miss>;
    type SerializeTupleVariant = Impossible<bool, Miss>;
    type SerializeMap = Impossible<bool, Miss>;
    type SerializeStruct = Impossible<bool, Miss>;
    type SerializeStructVariant = Impossible<bool, Miss>;

    fn serialize_str(self, v: &str) -> Result<bool, Miss> {
        Ok(v == self.0)
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Result<bool, Miss> {
        Ok(variant == self.0)
    }
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<bool, Miss> {
        value.serialize(self)
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, _: &'static str, value: &T) -> Result<bool, Miss> {
        value.serialize(self)
    }
    // Only string-like keys can equal a path segment.
    fn serialize_bool(self, _: bool) -> Result<bool, Miss> {
        Ok(false)
    }
    fn serialize_i8(self, _: i8) -> Result<bool, Miss> {
        Ok(false)
    }
    fn serialize_i16(self, _: i16) -> Result<bool, Miss> {
        Ok(false)
    }
    fn serialize_i32(self, _: i32) -> Result<bool, Miss> {
        Ok(false)
    }
    fn serialize_i64(self, _: i64) -> Result<bool, Miss> {
        Ok(false)
    }
    fn serialize_u8(self, _: u8) -> Result<bool, Miss> {
        Ok(false)
    }
    fn serialize_u16(self, _: u16) -> Result<bool, Miss> {
        Ok(false)
    }
    fn serialize_u32(self, _: u32) -> Result<bool, Miss> {
        Ok(false)
    }
    fn serialize_u64(self, _: u64) -> Result<bool, Miss> {
        Ok(false)
    }
    fn serialize_f32(self, _: f32) -> Result<bool, Miss> {
        Ok(false)
    }
    fn serialize_f64(self, _: f64) -> Result<bool, Miss> {
        Ok(false)
    }
    fn serialize_char(self, _: char) -> Result<bool, Miss> {
        Ok(false)
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<bool, Miss> {
        Ok(false)
    }
    fn serialize_none(self) -> Result<bool, Miss> {
        Ok(false)
    }
    fn serialize_unit(self) -> Result<bool, Miss> {
        Ok(false)
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<bool, Miss> {
        Ok(false)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<bool, Miss> {
        Ok(false)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Miss> {
        Err(Miss)
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Miss> {
        Err(Miss)
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeTupleStruct, Miss> {
        Err(Miss)
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Miss> {
        Err(Miss)
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Miss> {
        Err(Miss)
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct, Miss> {
        Err(Miss)
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Miss> {
        Err(Miss)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Serialize;
    use std::collections::BTreeMap;

    #[derive(Serialize)]
    struct Inner {
        cpu_us: f64,
        count: u32,
        on: bool,
    }

    #[derive(Serialize)]
    #[serde(rename_all = "snake_case")]
    enum Mode {
        Fast,
        Tagged { speed_us: f64 },
    }

    #[derive(Serialize)]
    struct Outer {
        rate_mb_s: f64,
        inner: Inner,
        list: Vec<f64>,
        mode: Mode,
        tagged: Mode,
        maybe: Option<f64>,
        nothing: Option<f64>,
        by_name: BTreeMap<String, f64>,
        bad: f64,
    }

    #[test]
    fn answers_exactly_as_a_look_up_in_the_json_would() {
        let s = Outer {
            rate_mb_s: 1.5,
            inner: Inner { cpu_us: 2.5, count: 7, on: true },
            list: vec![1.0, 2.0],
            mode: Mode::Fast,
            tagged: Mode::Tagged { speed_us: 3.0 },
            maybe: Some(4.0),
            nothing: None,
            by_name: BTreeMap::from([("a".to_string(), 9.0)]),
            bad: f64::NAN,
        };
        let json = serde_json::to_value(&s).unwrap();
        for path in [
            "rate_mb_s",
            "inner.cpu_us",
            "inner.count",
            "inner.on",
            "maybe",
            "nothing",
            "by_name.a",
            "by_name.b",
            "bad",
            "list",
            "mode",
            "tagged.tagged.speed_us",
            "tagged.other.speed_us",
            "inner",
            "inner.nope",
            "nope",
            "rate_mb_s.deeper",
        ] {
            assert_eq!(number_at_path(&s, path), crate::metrics::number_at(&json, path), "{path}");
        }
        assert_eq!(number_at_path(&s, "inner.cpu_us"), Some(2.5));
    }
}
