//! serde's deserializer over the tree, visiting values, enums, sequences and maps as
//! toml's `ValueDeserializer` does; any failure is `Unhandled`, for the slow path.
use std::borrow::Cow;
use std::ops::Range;

use serde::de::{self, DeserializeSeed, IntoDeserializer, MapAccess, SeqAccess, Visitor};
use serde_spanned::de::SpannedDeserializer;

use super::tree::{Arena, Key, Node, Value};

/// Nothing to say: every failure sends the file to the slow path, which explains it.
#[derive(Debug)]
pub(super) struct Unhandled;

impl std::fmt::Display for Unhandled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("left to the toml crate")
    }
}

impl std::error::Error for Unhandled {}

impl de::Error for Unhandled {
    fn custom<T: std::fmt::Display>(_: T) -> Self {
        Unhandled
    }
}

/// One value for serde, visited as toml's `ValueDeserializer` visits it.
#[derive(Clone, Copy)]
pub(super) struct ValueDe<'a, 'de> {
    pub(super) node: &'a Node<'de>,
    pub(super) arena: &'a Arena<'de>,
}

impl<'a, 'de> ValueDe<'a, 'de> {
    fn at(self, node: &'a Node<'de>) -> Self {
        ValueDe { node, ..self }
    }

    fn entries(self, range: &Range<usize>) -> &'a [(Key<'de>, Node<'de>)] {
        &self.arena.entries[range.clone()]
    }

    fn map(self, entries: &'a [(Key<'de>, Node<'de>)]) -> MapDe<'a, 'de> {
        MapDe {
            entries: entries.iter(),
            value: None,
            de: self,
        }
    }
}

impl<'de> IntoDeserializer<'de, Unhandled> for ValueDe<'_, 'de> {
    type Deserializer = Self;

    fn into_deserializer(self) -> Self {
        self
    }
}

fn visit_str<'de, V: Visitor<'de>>(s: &Cow<'de, str>, visitor: V) -> Result<V::Value, Unhandled> {
    match s {
        Cow::Borrowed(s) => visitor.visit_borrowed_str(s),
        Cow::Owned(s) => visitor.visit_str(s),
    }
}

impl<'de> de::Deserializer<'de> for ValueDe<'_, 'de> {
    type Error = Unhandled;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Unhandled> {
        match &self.node.value {
            Value::Str(s) => visit_str(s, visitor),
            Value::Int(i) => visitor.visit_i64(*i),
            Value::Float(f) => visitor.visit_f64(*f),
            Value::Bool(b) => visitor.visit_bool(*b),
            Value::Items(r) => visitor.visit_seq(SeqDe {
                items: self.arena.items[r.clone()].iter(),
                de: self,
            }),
            Value::Tables(items) => visitor.visit_seq(SeqDe {
                items: items.iter(),
                de: self,
            }),
            Value::Inline(r) => visitor.visit_map(self.map(self.entries(r))),
            Value::Table(t) => visitor.visit_map(self.map(&t.entries)),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Unhandled> {
        visitor.visit_some(self)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        visitor: V,
    ) -> Result<V::Value, Unhandled> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        _: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Unhandled> {
        if serde_spanned::de::is_spanned(name) {
            let span = self.node.span.clone();
            return visitor.visit_map(SpannedDeserializer::new(self, span));
        }
        self.deserialize_any(visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Unhandled> {
        let entries = match &self.node.value {
            Value::Str(s) => return visitor.visit_enum(UnitVariant(s)),
            Value::Inline(r) => self.entries(r),
            Value::Table(t) => &t.entries,
            _ => return Err(Unhandled),
        };
        match entries {
            [(key, node)] => visitor.visit_enum(VariantDe {
                key,
                value: self.at(node),
            }),
            _ => Err(Unhandled),
        }
    }

    serde::forward_to_deserialize_any! {
        bool u8 u16 u32 u64 u128 i8 i16 i32 i64 i128 f32 f64 char str string seq
        bytes byte_buf map unit ignored_any unit_struct tuple_struct tuple identifier
    }
}

/// A key or a variant's name: a string, and nothing else, as far as the fast path goes.
struct KeyDe<'a, 'de>(&'a Cow<'de, str>);

impl<'de> de::Deserializer<'de> for KeyDe<'_, 'de> {
    type Error = Unhandled;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Unhandled> {
        visit_str(self.0, visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, Unhandled> {
        Err(Unhandled)
    }

    serde::forward_to_deserialize_any! {
        bool u8 u16 u32 u64 u128 i8 i16 i32 i64 i128 f32 f64 char str string seq
        bytes byte_buf map unit ignored_any unit_struct tuple_struct tuple identifier
        option newtype_struct struct
    }
}

/// A unit variant named by a string, `"hero"`.
struct UnitVariant<'a, 'de>(&'a Cow<'de, str>);

impl<'a, 'de> de::EnumAccess<'de> for UnitVariant<'a, 'de> {
    type Error = Unhandled;
    type Variant = Self;

    fn variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<(S::Value, Self), Unhandled> {
        Ok((seed.deserialize(KeyDe(self.0))?, self))
    }
}

impl<'de> de::VariantAccess<'de> for UnitVariant<'_, 'de> {
    type Error = Unhandled;

    fn unit_variant(self) -> Result<(), Unhandled> {
        Ok(())
    }

    fn newtype_variant_seed<S: DeserializeSeed<'de>>(self, _: S) -> Result<S::Value, Unhandled> {
        Err(Unhandled)
    }

    fn tuple_variant<V: Visitor<'de>>(self, _: usize, _: V) -> Result<V::Value, Unhandled> {
        Err(Unhandled)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, Unhandled> {
        Err(Unhandled)
    }
}

/// A variant written as a one-entry table, `{ ahead = 3 }`, as toml's enum tables read.
struct VariantDe<'a, 'de> {
    key: &'a Key<'de>,
    value: ValueDe<'a, 'de>,
}

impl<'a, 'de> de::EnumAccess<'de> for VariantDe<'a, 'de> {
    type Error = Unhandled;
    type Variant = ValueDe<'a, 'de>;

    fn variant_seed<S: DeserializeSeed<'de>>(
        self,
        seed: S,
    ) -> Result<(S::Value, ValueDe<'a, 'de>), Unhandled> {
        Ok((seed.deserialize(KeyDe(&self.key.name))?, self.value))
    }
}

impl<'de> de::VariantAccess<'de> for ValueDe<'_, 'de> {
    type Error = Unhandled;

    fn unit_variant(self) -> Result<(), Unhandled> {
        let empty = match &self.node.value {
            Value::Items(r) | Value::Inline(r) => r.is_empty(),
            Value::Tables(items) => items.is_empty(),
            Value::Table(t) => t.entries.is_empty(),
            _ => false,
        };
        empty.then_some(()).ok_or(Unhandled)
    }

    fn newtype_variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<S::Value, Unhandled> {
        seed.deserialize(self)
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, Unhandled> {
        match &self.node.value {
            Value::Items(r) if r.len() == len => de::Deserializer::deserialize_any(self, visitor),
            _ => Err(Unhandled),
        }
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Unhandled> {
        // toml refuses keys the variant lacks even where the type would ignore them.
        let entries = match &self.node.value {
            Value::Inline(r) => self.entries(r),
            Value::Table(t) => &t.entries,
            _ => &[],
        };
        if entries
            .iter()
            .any(|(k, _)| !fields.contains(&k.name.as_ref()))
        {
            return Err(Unhandled);
        }
        de::Deserializer::deserialize_any(self, visitor)
    }
}

struct SeqDe<'a, 'de> {
    items: std::slice::Iter<'a, Node<'de>>,
    de: ValueDe<'a, 'de>,
}

impl<'de> SeqAccess<'de> for SeqDe<'_, 'de> {
    type Error = Unhandled;

    fn next_element_seed<S: DeserializeSeed<'de>>(
        &mut self,
        seed: S,
    ) -> Result<Option<S::Value>, Unhandled> {
        self.items
            .next()
            .map(|n| seed.deserialize(self.de.at(n)))
            .transpose()
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }
}

struct MapDe<'a, 'de> {
    entries: std::slice::Iter<'a, (Key<'de>, Node<'de>)>,
    value: Option<&'a Node<'de>>,
    de: ValueDe<'a, 'de>,
}

impl<'de> MapAccess<'de> for MapDe<'_, 'de> {
    type Error = Unhandled;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Unhandled> {
        let Some((key, node)) = self.entries.next() else {
            return Ok(None);
        };
        self.value = Some(node);
        seed.deserialize(KeyDe(&key.name)).map(Some)
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, Unhandled> {
        seed.deserialize(self.de.at(self.value.take().ok_or(Unhandled)?))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len())
    }
}
