//! The state hash and the content fingerprint: FNV-1a 64 over a canonical, fixed-width,
//! little-endian encoding of any serializable value (the `Game`, the `Content`).
//!
//! The encoding is a serde `Serializer`, so every field is covered without a hand-kept list;
//! lengths and `usize` are written as u64 so wasm32 and x86_64 agree.
use serde::Serialize;
use serde::ser;

mod fnv;
use fnv::{OFFSET, step};
pub use fnv::{fnv1a, fnv1a_iter};

/// Hash of any serializable value's canonical encoding.
pub fn canonical_hash<T: Serialize + ?Sized>(value: &T) -> u64 {
    let mut h = Fnv(OFFSET);
    // The canonical encoder has no failure paths; an error would be a bug in it.
    value
        .serialize(&mut h)
        .expect("canonical encoding never fails");
    h.0
}

struct Fnv(u64);

impl Fnv {
    fn byte(&mut self, b: u8) {
        self.0 = step(self.0, b);
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.byte(b);
        }
    }
    fn tag(&mut self, t: u8) {
        self.write(&[t]);
    }
}

#[derive(Debug)]
pub struct Never;
impl std::fmt::Display for Never {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("canonical encoding error")
    }
}
impl std::error::Error for Never {}
impl ser::Error for Never {
    fn custom<T: std::fmt::Display>(_: T) -> Self {
        Never
    }
}

macro_rules! int {
    ($($f:ident: $t:ty),*) => {
        $(fn $f(self, v: $t) -> Result<(), Never> { self.write(&v.to_le_bytes()); Ok(()) })*
    };
}

impl ser::Serializer for &mut Fnv {
    type Ok = ();
    type Error = Never;
    type SerializeSeq = Self;
    type SerializeTuple = Self;
    type SerializeTupleStruct = Self;
    type SerializeTupleVariant = Self;
    type SerializeMap = Self;
    type SerializeStruct = Self;
    type SerializeStructVariant = Self;

    int!(serialize_i8: i8, serialize_i16: i16, serialize_i32: i32, serialize_i64: i64,
         serialize_u8: u8, serialize_u16: u16, serialize_u32: u32, serialize_u64: u64,
         serialize_i128: i128, serialize_u128: u128);

    fn serialize_bool(self, v: bool) -> Result<(), Never> {
        self.tag(v as u8);
        Ok(())
    }
    fn serialize_f32(self, v: f32) -> Result<(), Never> {
        self.write(&v.to_bits().to_le_bytes());
        Ok(())
    }
    fn serialize_f64(self, v: f64) -> Result<(), Never> {
        self.write(&v.to_bits().to_le_bytes());
        Ok(())
    }
    fn serialize_char(self, v: char) -> Result<(), Never> {
        self.write(&(v as u32).to_le_bytes());
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Result<(), Never> {
        self.serialize_bytes(v.as_bytes())
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<(), Never> {
        self.write(&(v.len() as u64).to_le_bytes());
        self.write(v);
        Ok(())
    }
    fn serialize_none(self) -> Result<(), Never> {
        self.tag(0);
        Ok(())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, v: &T) -> Result<(), Never> {
        self.tag(1);
        v.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Never> {
        Ok(())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<(), Never> {
        Ok(())
    }
    fn serialize_unit_variant(self, _: &'static str, i: u32, _: &'static str) -> Result<(), Never> {
        self.write(&i.to_le_bytes());
        Ok(())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        v: &T,
    ) -> Result<(), Never> {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        i: u32,
        _: &'static str,
        v: &T,
    ) -> Result<(), Never> {
        self.write(&i.to_le_bytes());
        v.serialize(self)
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Self, Never> {
        // Every std sequence knows its length; a marker keeps unknown ones unambiguous too.
        match len {
            Some(n) => self.write(&(n as u64).to_le_bytes()),
            None => self.tag(0xff),
        }
        Ok(self)
    }
    fn serialize_tuple(self, _: usize) -> Result<Self, Never> {
        Ok(self)
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self, Never> {
        Ok(self)
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        i: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self, Never> {
        self.write(&i.to_le_bytes());
        Ok(self)
    }
    fn serialize_map(self, len: Option<usize>) -> Result<Self, Never> {
        self.serialize_seq(len)
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self, Never> {
        Ok(self)
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        i: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self, Never> {
        self.write(&i.to_le_bytes());
        Ok(self)
    }
}

macro_rules! compound {
    ($($tr:ident :: $m:ident),*) => {
        $(impl ser::$tr for &mut Fnv {
            type Ok = ();
            type Error = Never;
            fn $m<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Never> {
                v.serialize(&mut **self)
            }
            fn end(self) -> Result<(), Never> {
                Ok(())
            }
        })*
    };
}
compound!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

impl ser::SerializeMap for &mut Fnv {
    type Ok = ();
    type Error = Never;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, k: &T) -> Result<(), Never> {
        k.serialize(&mut **self)
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Never> {
        v.serialize(&mut **self)
    }
    fn end(self) -> Result<(), Never> {
        Ok(())
    }
}

impl ser::SerializeStruct for &mut Fnv {
    type Ok = ();
    type Error = Never;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        _: &'static str,
        v: &T,
    ) -> Result<(), Never> {
        v.serialize(&mut **self)
    }
    fn end(self) -> Result<(), Never> {
        Ok(())
    }
}

impl ser::SerializeStructVariant for &mut Fnv {
    type Ok = ();
    type Error = Never;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        _: &'static str,
        v: &T,
    ) -> Result<(), Never> {
        v.serialize(&mut **self)
    }
    fn end(self) -> Result<(), Never> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[test]
    fn fnv_known_vectors() {
        assert_eq!(fnv1a(b""), 0xcbf29ce484222325);
        assert_eq!(fnv1a(b"a"), 0xaf63dc4c8601ec8c);
    }

    #[test]
    fn encoding_separates_values_and_is_width_fixed() {
        assert_ne!(canonical_hash(&(1u32, 2u32)), canonical_hash(&(2u32, 1u32)));
        assert_ne!(
            canonical_hash(&vec!["ab", "c"]),
            canonical_hash(&vec!["a", "bc"])
        );
        // usize is encoded as u64 whatever the target's pointer width.
        assert_eq!(canonical_hash(&5usize), canonical_hash(&5u64));
        let m: BTreeMap<u32, u32> = [(2, 3), (1, 4)].into();
        let n: BTreeMap<u32, u32> = [(1, 4), (2, 3)].into();
        assert_eq!(canonical_hash(&m), canonical_hash(&n));
    }
}
