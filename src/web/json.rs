//! Results cross to JavaScript as one JSON text, parsed by the engine's `JSON.parse`.
//!
//! `serde_wasm_bindgen` builds the same objects call by call: one boundary crossing per
//! field and one `TextDecoder` call per string, which made the ledger of a long message
//! cost more to hand over than to compute (a 300-word ledger: ~450 strings; a 1 MB paste:
//! ~24,000). Writing JSON here and parsing it in one call gives the page the same values:
//! structs and maps as plain objects, sequences and tuples as arrays, `None` and `()` as
//! `null`, unit enum variants as strings, and every number as a number, **±∞ included**:
//! JSON has no literal for them, so they are written as `1e999` / `-1e999`, which
//! `JSON.parse` reads as ±Infinity (the ledger's vetoes are infinite by design). NaN, which
//! the core never hands over, would become `null`. Finite numbers are written in Rust's
//! shortest round-trip form, so the page reads back the very same `f64`.

use std::fmt::{self, Write};

use serde::ser::{self, Serialize};

/// Serializes `value` as JSON text with the conventions of the [module docs](self).
///
/// # Errors
/// A map key that is not a string or a number, or a type's own serialization error.
pub(crate) fn to_json<T: Serialize + ?Sized>(value: &T) -> Result<String, Error> {
    let mut json = Json { out: String::with_capacity(256) };
    value.serialize(&mut json)?;
    Ok(json.out)
}

/// Why a value could not be written as JSON.
#[derive(Debug)]
pub(crate) struct Error(String);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Error(msg.to_string())
    }
}

struct Json {
    out: String,
}

impl Json {
    fn string(&mut self, s: &str) {
        self.out.reserve(s.len() + 2);
        self.out.push('"');
        // Most strings need no escape: copy them whole.
        if !s.bytes().any(|b| b < 0x20 || b == b'"' || b == b'\\') {
            self.out.push_str(s);
            self.out.push('"');
            return;
        }
        let mut start = 0;
        for (i, b) in s.bytes().enumerate() {
            let escape = match b {
                b'"' => "\\\"",
                b'\\' => "\\\\",
                b'\n' => "\\n",
                b'\r' => "\\r",
                b'\t' => "\\t",
                0..=0x1F => "",
                _ => continue,
            };
            self.out.push_str(&s[start..i]);
            if escape.is_empty() {
                let _ = write!(self.out, "\\u{b:04x}");
            } else {
                self.out.push_str(escape);
            }
            start = i + 1;
        }
        self.out.push_str(&s[start..]);
        self.out.push('"');
    }

    fn float(&mut self, v: f64) {
        if v.is_nan() {
            self.out.push_str("null");
        } else if v.is_infinite() {
            self.out.push_str(if v > 0.0 { "1e999" } else { "-1e999" });
        } else if v == 0.0 || (1e-6..1e21).contains(&v.abs()) {
            // `{}` never uses an exponent: keep it for the usual magnitudes only.
            let _ = write!(self.out, "{v}");
        } else {
            let _ = write!(self.out, "{v:e}");
        }
    }

    fn integer(&mut self, v: impl fmt::Display) {
        let _ = write!(self.out, "{v}");
    }

    /// `{"variant":` before a variant's content (closed by the caller).
    fn variant_key(&mut self, variant: &str) {
        self.out.push('{');
        self.string(variant);
        self.out.push(':');
    }
}

/// An array or object being written; `first` says whether a comma is due.
struct Compound<'a> {
    json: &'a mut Json,
    first: bool,
    /// What closes it: `]`, `}`, or `]}` / `}}` for an enum variant's content.
    close: &'static str,
}

impl Compound<'_> {
    fn comma(&mut self) {
        if !std::mem::take(&mut self.first) {
            self.json.out.push(',');
        }
    }

    fn field<T: Serialize + ?Sized>(&mut self, key: &str, value: &T) -> Result<(), Error> {
        self.comma();
        self.json.string(key);
        self.json.out.push(':');
        value.serialize(&mut *self.json)
    }

    fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.comma();
        value.serialize(&mut *self.json)
    }

    fn finish(self) -> Result<(), Error> {
        self.json.out.push_str(self.close);
        Ok(())
    }
}

impl<'a> ser::Serializer for &'a mut Json {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Compound<'a>;
    type SerializeTuple = Compound<'a>;
    type SerializeTupleStruct = Compound<'a>;
    type SerializeTupleVariant = Compound<'a>;
    type SerializeMap = Compound<'a>;
    type SerializeStruct = Compound<'a>;
    type SerializeStructVariant = Compound<'a>;

    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.out.push_str(if v { "true" } else { "false" });
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> Result<(), Error> {
        self.integer(v);
        Ok(())
    }
    fn serialize_i16(self, v: i16) -> Result<(), Error> {
        self.integer(v);
        Ok(())
    }
    fn serialize_i32(self, v: i32) -> Result<(), Error> {
        self.integer(v);
        Ok(())
    }
    fn serialize_i64(self, v: i64) -> Result<(), Error> {
        self.integer(v);
        Ok(())
    }
    fn serialize_u8(self, v: u8) -> Result<(), Error> {
        self.integer(v);
        Ok(())
    }
    fn serialize_u16(self, v: u16) -> Result<(), Error> {
        self.integer(v);
        Ok(())
    }
    fn serialize_u32(self, v: u32) -> Result<(), Error> {
        self.integer(v);
        Ok(())
    }
    fn serialize_u64(self, v: u64) -> Result<(), Error> {
        self.integer(v);
        Ok(())
    }
    fn serialize_f32(self, v: f32) -> Result<(), Error> {
        self.float(f64::from(v));
        Ok(())
    }
    fn serialize_f64(self, v: f64) -> Result<(), Error> {
        self.float(v);
        Ok(())
    }
    fn serialize_char(self, v: char) -> Result<(), Error> {
        self.string(v.encode_utf8(&mut [0; 4]));
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Result<(), Error> {
        self.string(v);
        Ok(())
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<(), Error> {
        let mut seq = ser::Serializer::serialize_seq(self, Some(v.len()))?;
        for b in v {
            ser::SerializeSeq::serialize_element(&mut seq, b)?;
        }
        ser::SerializeSeq::end(seq)
    }
    fn serialize_none(self) -> Result<(), Error> {
        self.out.push_str("null");
        Ok(())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Error> {
        self.serialize_none()
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        self.serialize_none()
    }
    fn serialize_unit_variant(self, _name: &'static str, _index: u32, variant: &'static str) -> Result<(), Error> {
        self.string(variant);
        Ok(())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _name: &'static str, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.variant_key(variant);
        value.serialize(&mut *self)?;
        self.out.push('}');
        Ok(())
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Compound<'a>, Error> {
        self.out.push('[');
        Ok(Compound { json: self, first: true, close: "]" })
    }
    fn serialize_tuple(self, len: usize) -> Result<Compound<'a>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<Compound<'a>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'a>, Error> {
        self.variant_key(variant);
        self.out.push('[');
        Ok(Compound { json: self, first: true, close: "]}" })
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Compound<'a>, Error> {
        self.out.push('{');
        Ok(Compound { json: self, first: true, close: "}" })
    }
    fn serialize_struct(self, _name: &'static str, len: usize) -> Result<Compound<'a>, Error> {
        self.serialize_map(Some(len))
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'a>, Error> {
        self.variant_key(variant);
        self.out.push('{');
        Ok(Compound { json: self, first: true, close: "}}" })
    }
}

impl ser::SerializeSeq for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.element(value)
    }
    fn end(self) -> Result<(), Error> {
        self.finish()
    }
}

impl ser::SerializeTuple for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.element(value)
    }
    fn end(self) -> Result<(), Error> {
        self.finish()
    }
}

impl ser::SerializeTupleStruct for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.element(value)
    }
    fn end(self) -> Result<(), Error> {
        self.finish()
    }
}

impl ser::SerializeTupleVariant for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.element(value)
    }
    fn end(self) -> Result<(), Error> {
        self.finish()
    }
}

impl ser::SerializeMap for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        self.comma();
        key.serialize(MapKey { json: &mut *self.json })?;
        self.json.out.push(':');
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        value.serialize(&mut *self.json)
    }
    fn end(self) -> Result<(), Error> {
        self.finish()
    }
}

impl ser::SerializeStruct for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Error> {
        self.field(key, value)
    }
    fn end(self) -> Result<(), Error> {
        self.finish()
    }
}

impl ser::SerializeStructVariant for Compound<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Error> {
        self.field(key, value)
    }
    fn end(self) -> Result<(), Error> {
        self.finish()
    }
}

/// A map key: a string, or a number or character written as one (as a JavaScript object's
/// property names are).
struct MapKey<'a> {
    json: &'a mut Json,
}

impl MapKey<'_> {
    fn quoted(self, v: impl fmt::Display) -> Result<(), Error> {
        let _ = write!(self.json.out, "\"{v}\"");
        Ok(())
    }
}

fn bad_key() -> Error {
    Error("a map key must be a string or a number to become an object's property".to_string())
}

impl ser::Serializer for MapKey<'_> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = ser::Impossible<(), Error>;
    type SerializeTuple = ser::Impossible<(), Error>;
    type SerializeTupleStruct = ser::Impossible<(), Error>;
    type SerializeTupleVariant = ser::Impossible<(), Error>;
    type SerializeMap = ser::Impossible<(), Error>;
    type SerializeStruct = ser::Impossible<(), Error>;
    type SerializeStructVariant = ser::Impossible<(), Error>;

    fn serialize_str(self, v: &str) -> Result<(), Error> {
        self.json.string(v);
        Ok(())
    }
    fn serialize_char(self, v: char) -> Result<(), Error> {
        self.json.string(v.encode_utf8(&mut [0; 4]));
        Ok(())
    }
    fn serialize_unit_variant(self, _name: &'static str, _index: u32, variant: &'static str) -> Result<(), Error> {
        self.json.string(variant);
        Ok(())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _name: &'static str, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.quoted(v)
    }
    fn serialize_i8(self, v: i8) -> Result<(), Error> {
        self.quoted(v)
    }
    fn serialize_i16(self, v: i16) -> Result<(), Error> {
        self.quoted(v)
    }
    fn serialize_i32(self, v: i32) -> Result<(), Error> {
        self.quoted(v)
    }
    fn serialize_i64(self, v: i64) -> Result<(), Error> {
        self.quoted(v)
    }
    fn serialize_u8(self, v: u8) -> Result<(), Error> {
        self.quoted(v)
    }
    fn serialize_u16(self, v: u16) -> Result<(), Error> {
        self.quoted(v)
    }
    fn serialize_u32(self, v: u32) -> Result<(), Error> {
        self.quoted(v)
    }
    fn serialize_u64(self, v: u64) -> Result<(), Error> {
        self.quoted(v)
    }
    fn serialize_f32(self, _v: f32) -> Result<(), Error> {
        Err(bad_key())
    }
    fn serialize_f64(self, _v: f64) -> Result<(), Error> {
        Err(bad_key())
    }
    fn serialize_bytes(self, _v: &[u8]) -> Result<(), Error> {
        Err(bad_key())
    }
    fn serialize_none(self) -> Result<(), Error> {
        Err(bad_key())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, _value: &T) -> Result<(), Error> {
        Err(bad_key())
    }
    fn serialize_unit(self) -> Result<(), Error> {
        Err(bad_key())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        Err(bad_key())
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _value: &T,
    ) -> Result<(), Error> {
        Err(bad_key())
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        Err(bad_key())
    }
    fn serialize_tuple(self, _len: usize) -> Result<Self::SerializeTuple, Error> {
        Err(bad_key())
    }
    fn serialize_tuple_struct(self, _name: &'static str, _len: usize) -> Result<Self::SerializeTupleStruct, Error> {
        Err(bad_key())
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Err(bad_key())
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap, Error> {
        Err(bad_key())
    }
    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Self::SerializeStruct, Error> {
        Err(bad_key())
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Err(bad_key())
    }
}

#[cfg(test)]
mod tests {
    use wasm_bindgen::JsValue;
    use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

    use super::to_json;

    wasm_bindgen_test_configure!(run_in_browser);

    #[derive(serde::Serialize)]
    #[serde(rename_all = "lowercase")]
    enum Kind {
        Spam,
    }

    #[derive(serde::Serialize)]
    struct Sample {
        none: Option<f64>,
        kind: Kind,
        pair: (u64, f64),
        text: String,
        numbers: Vec<f64>,
        unit: (),
    }

    #[wasm_bindgen_test]
    fn writes_json_with_infinities_as_overflowing_literals() {
        let s = Sample {
            none: None,
            kind: Kind::Spam,
            pair: (7, -0.0),
            text: "a \"b\"\\\n\t\u{1}中".to_string(),
            numbers: vec![0.1, 1e-7, 1e300, f64::INFINITY, f64::NEG_INFINITY, -2.5],
            unit: (),
        };
        assert_eq!(
            to_json(&s).unwrap(),
            r#"{"none":null,"kind":"spam","pair":[7,-0],"text":"a \"b\"\\\n\t\u0001中","numbers":[0.1,1e-7,1e300,1e999,-1e999,-2.5],"unit":null}"#
        );
    }

    #[wasm_bindgen_test]
    fn json_parse_reads_back_the_same_values() {
        let values = [0.1, 1.0 / 3.0, 1e-7, 123_456_789.123_456_78, 5e-324, f64::MAX, f64::INFINITY, f64::NEG_INFINITY];
        let parsed = js_sys::JSON::parse(&to_json(&values).unwrap()).unwrap();
        let array = js_sys::Array::from(&parsed);
        for (i, v) in values.iter().enumerate() {
            assert_eq!(array.get(i as u32).as_f64(), Some(*v), "element {i}");
        }
        assert_eq!(js_sys::JSON::parse(&to_json(&"tab\there").unwrap()).unwrap(), JsValue::from_str("tab\there"));
    }
}
