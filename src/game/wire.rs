//! The state's one encoding, by part: each part of `Game` declares its own fields with their
//! serde rules for writing (a field left out while empty), and one table, [`GAME_FIELDS`],
//! gives the order the fields are written in. That order is the one saves, replays and the
//! state hash had when `Game` was a flat struct, so the same run encodes to the same bytes and
//! hashes the same as it always did. Reading goes through [`SavedGame`], the saved fields by
//! name, each with the default a save from before it gets.
use std::collections::{BTreeMap, VecDeque};

use serde::Deserialize;
use serde::ser::{self, Impossible, Serialize, SerializeStruct, Serializer};

use super::combat::Fight;
use super::command::{Command, RunOutcome};
use super::depths::Depths;
use super::events::Event;
use super::floor::{EncounterRoom, FloorState};
use super::identify::Identification;
use super::log::{Log, LogLine};
use super::origin::{Fork, Origin};
use super::party::Party;
use super::reload::ContentReload;
use super::shop::Shop;
use super::state::{Creature, CreatureId, Death, Game, ItemInstance, Run};
use crate::content::schema::Slot;
#[cfg(test)]
use crate::hash::Never;
use crate::map::{Pos, TileMap};
use crate::rng::Rng;

/// The part of `Game` that holds a field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Part {
    Origin,
    Run,
    Floor,
    Depths,
    Party,
    Fight,
    Log,
}

/// Every field of `Game`, in the order saves and the state hash write them. A new field is
/// added to its part and gets a row here at the end, so every earlier save keeps its bytes.
pub(crate) const GAME_FIELDS: [(&str, Part); 42] = [
    ("seed", Part::Origin),
    ("floor", Part::Floor),
    ("floors", Part::Run),
    ("turn", Part::Run),
    ("map", Part::Floor),
    ("up", Part::Floor),
    ("down", Part::Floor),
    ("explored", Part::Floor),
    ("visible", Part::Floor),
    ("creatures", Part::Floor),
    ("hero", Part::Party),
    ("next_id", Part::Run),
    ("enemies", Part::Fight),
    ("combat_starting", Part::Fight),
    ("queue", Part::Run),
    ("last_events", Part::Log),
    ("log", Part::Log),
    ("rng", Part::Run),
    ("treasure", Part::Floor),
    ("traps", Part::Floor),
    ("ground", Part::Floor),
    ("inventory", Part::Party),
    ("equipment", Part::Party),
    ("gold", Part::Party),
    ("kills", Part::Party),
    ("xp", Part::Party),
    ("level", Part::Party),
    ("alarm", Part::Floor),
    ("outcome", Part::Run),
    ("death", Part::Run),
    ("encounter_rooms", Part::Floor),
    ("record", Part::Log),
    ("reloads", Part::Origin),
    ("rules", Part::Origin),
    ("class", Part::Origin),
    ("daily", Part::Origin),
    ("fork", Part::Origin),
    ("ident", Part::Party),
    ("shop", Part::Floor),
    ("gold_spent", Part::Party),
    ("gold_earned", Part::Party),
    ("kept", Part::Depths),
];

impl Serialize for Game {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut out = s.serialize_struct("Game", GAME_FIELDS.len())?;
        for &(name, part) in &GAME_FIELDS {
            match part {
                Part::Origin => write_field(&self.origin, name, &mut out),
                Part::Run => write_field(&self.run, name, &mut out),
                Part::Floor => write_field(&self.floor, name, &mut out),
                Part::Depths => write_field(&self.depths, name, &mut out),
                Part::Party => write_field(&self.party, name, &mut out),
                Part::Fight => write_field(&self.fight, name, &mut out),
                Part::Log => write_field(&self.log, name, &mut out),
            }?;
        }
        out.end()
    }
}

impl<'de> Deserialize<'de> for Game {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Game, D::Error> {
        use serde::de::Error;
        Game::try_from(SavedGame::deserialize(d)?).map_err(D::Error::custom)
    }
}

/// A saved state as it is read: every field by its saved name, with the default a save from
/// before the field gets, then handed to its part. (Reading each part with `serde(flatten)`
/// would buffer the whole state and compile every field's reader a second time: about 20 KB of
/// the browser's download.) A new field of a part gets its line here too; a part's field with
/// no line here does not compile (`From` below), and the round-trip tests read every field.
#[derive(Deserialize)]
struct SavedGame {
    seed: u64,
    floor: u32,
    floors: u32,
    turn: u64,
    map: TileMap,
    up: Pos,
    down: Pos,
    #[serde(with = "bits")]
    explored: Vec<bool>,
    #[serde(with = "bits")]
    visible: Vec<bool>,
    creatures: BTreeMap<CreatureId, Creature>,
    hero: CreatureId,
    next_id: u32,
    enemies: Vec<CreatureId>,
    #[serde(default)]
    combat_starting: bool,
    queue: VecDeque<Event>,
    last_events: Vec<Event>,
    log: Vec<LogLine>,
    rng: Rng,
    #[serde(with = "pairs")]
    treasure: BTreeMap<Pos, u32>,
    #[serde(with = "pairs")]
    traps: BTreeMap<Pos, String>,
    #[serde(with = "pairs")]
    ground: BTreeMap<Pos, Vec<ItemInstance>>,
    inventory: Vec<ItemInstance>,
    #[serde(with = "pairs")]
    equipment: BTreeMap<Slot, ItemInstance>,
    gold: u32,
    kills: u32,
    xp: u32,
    level: u32,
    alarm: bool,
    outcome: Option<RunOutcome>,
    death: Option<Death>,
    encounter_rooms: Vec<EncounterRoom>,
    record: Vec<Command>,
    #[serde(default)]
    reloads: Vec<ContentReload>,
    /// Saves from before versions were recorded read as version 1.
    #[serde(default = "super::origin::first_rules")]
    rules: u32,
    #[serde(default)]
    class: String,
    #[serde(default)]
    daily: Option<String>,
    #[serde(default)]
    fork: Option<Fork>,
    #[serde(default)]
    ident: Identification,
    #[serde(default)]
    shop: Option<Shop>,
    #[serde(default)]
    gold_spent: u32,
    #[serde(default)]
    gold_earned: u32,
    #[serde(default, with = "pairs")]
    kept: BTreeMap<u32, FloorState>,
}

impl TryFrom<SavedGame> for Game {
    type Error = String;

    /// The saved fields handed to their parts; a floor whose flags do not fit its map (a
    /// damaged save) is an error that names the floor.
    fn try_from(s: SavedGame) -> Result<Game, String> {
        let mut kept = s.kept;
        for (&depth, floor) in &mut kept {
            if floor.depth != depth {
                return Err(format!(
                    "kept floor {depth} says it is floor {}",
                    floor.depth
                ));
            }
            fit_flags(floor, &format!("kept floor {depth}"))?;
        }
        let mut game = Game {
            origin: Origin {
                seed: s.seed,
                reloads: s.reloads,
                rules: s.rules,
                class: s.class,
                daily: s.daily,
                fork: s.fork,
            },
            run: Run {
                floors: s.floors,
                turn: s.turn,
                next_id: s.next_id,
                queue: s.queue,
                rng: s.rng,
                outcome: s.outcome,
                death: s.death,
            },
            floor: FloorState {
                depth: s.floor,
                map: s.map,
                up: s.up,
                down: s.down,
                explored: s.explored,
                visible: s.visible,
                creatures: s.creatures,
                treasure: s.treasure,
                traps: s.traps,
                ground: s.ground,
                encounter_rooms: s.encounter_rooms,
                shop: s.shop,
                alarm: s.alarm,
            },
            party: Party {
                hero: s.hero,
                inventory: s.inventory,
                equipment: s.equipment,
                gold: s.gold,
                kills: s.kills,
                xp: s.xp,
                level: s.level,
                ident: s.ident,
                gold_spent: s.gold_spent,
                gold_earned: s.gold_earned,
            },
            fight: Fight {
                enemies: s.enemies,
                starting: s.combat_starting,
            },
            depths: Depths { kept },
            log: Log {
                lines: s.log,
                last_events: s.last_events,
                record: s.record,
            },
        };
        let depth = game.floor.depth;
        fit_flags(&mut game.floor, &format!("floor {depth}"))?;
        Ok(game)
    }
}

/// A floor's explored and visible flags cut to its map (`bits::trim`), or the error naming it.
fn fit_flags(floor: &mut FloorState, which: &str) -> Result<(), String> {
    let len = floor.map.len();
    floor.explored = bits::trim(
        std::mem::take(&mut floor.explored),
        len,
        &format!("{which}'s explored"),
    )?;
    floor.visible = bits::trim(
        std::mem::take(&mut floor.visible),
        len,
        &format!("{which}'s visible"),
    )?;
    Ok(())
}

/// Writes the field `name` of `part` (a struct) into `out`, or leaves it out where the part's
/// own serde rules do: the part serializes itself, and only that field is passed on.
pub(crate) fn write_field<P, S>(part: &P, name: &'static str, out: &mut S) -> Result<(), S::Error>
where
    P: Serialize + ?Sized,
    S: SerializeStruct,
{
    part.serialize(Pick {
        name: Some(name),
        out,
    })
}

/// The fields a part writes, by name, in its own order (a test checks `GAME_FIELDS` against
/// them; a field left out by its rules is named too).
#[cfg(test)]
pub(crate) fn field_names<P: Serialize + ?Sized>(part: &P) -> Vec<&'static str> {
    let mut names = Names(Vec::new());
    // Only a part that is not a struct fails, and then it has no names to give.
    let _ = part.serialize(Pick {
        name: None,
        out: &mut names,
    });
    names.0
}

/// A serializer that passes one field of a struct (`None`: every field) on to the struct
/// being written.
struct Pick<'a, S> {
    name: Option<&'static str>,
    out: &'a mut S,
}

/// The fields of the struct a `Pick` runs over.
struct PickFields<'a, S> {
    name: Option<&'static str>,
    out: &'a mut S,
    found: bool,
}

impl<S> PickFields<'_, S> {
    fn wants(&mut self, key: &str) -> bool {
        let wanted = self.name.is_none_or(|n| n == key);
        self.found |= wanted;
        wanted
    }
}

fn not_a_struct<E: ser::Error>() -> E {
    E::custom("a part of the state must be a struct of named fields")
}

impl<'a, S: SerializeStruct> SerializeStruct for PickFields<'a, S> {
    type Ok = ();
    type Error = S::Error;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), S::Error> {
        if self.wants(key) {
            self.out.serialize_field(key, value)?;
        }
        Ok(())
    }

    fn skip_field(&mut self, key: &'static str) -> Result<(), S::Error> {
        if self.wants(key) {
            self.out.skip_field(key)?;
        }
        Ok(())
    }

    fn end(self) -> Result<(), S::Error> {
        match self.name {
            Some(name) if !self.found => Err(ser::Error::custom(format!(
                "no part of the state has the field `{name}`"
            ))),
            _ => Ok(()),
        }
    }
}

macro_rules! refuse {
    ($($f:ident($($t:ty),*)),* $(,)?) => {
        $(fn $f(self, $(_: $t),*) -> Result<(), S::Error> { Err(not_a_struct()) })*
    };
}

impl<'a, S: SerializeStruct> Serializer for Pick<'a, S> {
    type Ok = ();
    type Error = S::Error;
    type SerializeSeq = Impossible<(), S::Error>;
    type SerializeTuple = Impossible<(), S::Error>;
    type SerializeTupleStruct = Impossible<(), S::Error>;
    type SerializeTupleVariant = Impossible<(), S::Error>;
    type SerializeMap = Impossible<(), S::Error>;
    type SerializeStruct = PickFields<'a, S>;
    type SerializeStructVariant = Impossible<(), S::Error>;

    fn serialize_struct(self, _: &'static str, _: usize) -> Result<PickFields<'a, S>, S::Error> {
        Ok(PickFields {
            name: self.name,
            out: self.out,
            found: false,
        })
    }

    refuse!(
        serialize_bool(bool),
        serialize_i8(i8),
        serialize_i16(i16),
        serialize_i32(i32),
        serialize_i64(i64),
        serialize_u8(u8),
        serialize_u16(u16),
        serialize_u32(u32),
        serialize_u64(u64),
        serialize_f32(f32),
        serialize_f64(f64),
        serialize_char(char),
        serialize_str(&str),
        serialize_bytes(&[u8]),
        serialize_none(),
        serialize_unit(),
        serialize_unit_struct(&'static str),
        serialize_unit_variant(&'static str, u32, &'static str),
    );

    fn serialize_some<T: Serialize + ?Sized>(self, _: &T) -> Result<(), S::Error> {
        Err(not_a_struct())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: &T,
    ) -> Result<(), S::Error> {
        Err(not_a_struct())
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<(), S::Error> {
        Err(not_a_struct())
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, S::Error> {
        Err(not_a_struct())
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, S::Error> {
        Err(not_a_struct())
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, S::Error> {
        Err(not_a_struct())
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, S::Error> {
        Err(not_a_struct())
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, S::Error> {
        Err(not_a_struct())
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, S::Error> {
        Err(not_a_struct())
    }
}

/// Collects a struct's field names (`field_names`); it never fails (the state hash's error
/// type says so).
#[cfg(test)]
struct Names(Vec<&'static str>);

#[cfg(test)]
impl SerializeStruct for Names {
    type Ok = ();
    type Error = Never;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        _: &T,
    ) -> Result<(), Never> {
        self.0.push(key);
        Ok(())
    }

    fn skip_field(&mut self, key: &'static str) -> Result<(), Never> {
        self.0.push(key);
        Ok(())
    }

    fn end(self) -> Result<(), Never> {
        Ok(())
    }
}

/// Serializes an ordered map as a sequence of (key, value) pairs, whatever the key type: JSON
/// maps only take string keys.
pub(crate) mod pairs {
    use std::collections::BTreeMap;

    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<K: Serialize + Ord, V: Serialize, S: Serializer>(
        map: &BTreeMap<K, V>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        s.collect_seq(map.iter())
    }

    pub fn deserialize<'de, K, V, D>(d: D) -> Result<BTreeMap<K, V>, D::Error>
    where
        K: Deserialize<'de> + Ord,
        V: Deserialize<'de>,
        D: Deserializer<'de>,
    {
        Ok(Vec::<(K, V)>::deserialize(d)?.into_iter().collect())
    }
}

/// Serializes a list of flags (one a map tile) as hexadecimal digits, four flags a digit, the
/// first flag in a digit's lowest bit: a quarter of a character a tile where `true`/`false`
/// took five. Reads the list of booleans saves from before it wrote too; the length is the
/// digits' times four, trimmed to the map's by whoever reads it (`trim`).
pub(crate) mod bits {
    use serde::de::{self, SeqAccess, Visitor};
    use serde::{Deserializer, Serializer};

    pub fn serialize<S: Serializer>(flags: &[bool], s: S) -> Result<S::Ok, S::Error> {
        let digits: String = flags
            .chunks(4)
            .map(|four| {
                let n = (four.iter().enumerate()).fold(0, |n, (k, &f)| n | (u32::from(f) << k));
                char::from_digit(n, 16).unwrap_or('0')
            })
            .collect();
        s.serialize_str(&digits)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<bool>, D::Error> {
        d.deserialize_any(Flags)
    }

    struct Flags;

    impl<'de> Visitor<'de> for Flags {
        type Value = Vec<bool>;

        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("hexadecimal digits, or a list of booleans")
        }

        fn visit_str<E: de::Error>(self, digits: &str) -> Result<Vec<bool>, E> {
            let mut out = Vec::with_capacity(digits.len() * 4);
            for c in digits.chars() {
                let n = c
                    .to_digit(16)
                    .ok_or_else(|| E::custom(format!("`{c}` is not a hexadecimal digit")))?;
                out.extend((0..4).map(|k| n & (1 << k) != 0));
            }
            Ok(out)
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<bool>, A::Error> {
            let mut out = Vec::new();
            while let Some(f) = seq.next_element()? {
                out.push(f);
            }
            Ok(out)
        }
    }

    /// The flags cut to the map's `len` tiles (the digits' padding off); a list shorter than
    /// the map is an error: it belongs to another map.
    pub fn trim(mut flags: Vec<bool>, len: usize, what: &str) -> Result<Vec<bool>, String> {
        if flags.len() < len || flags.len() > len + 3 {
            return Err(format!(
                "{what} has {} tiles' flags for a map of {len} tiles",
                flags.len()
            ));
        }
        flags.truncate(len);
        Ok(flags)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every field of every part has exactly one row, in its part: a field added to a part
    /// without a row (or a row for a field that is gone) fails here, not in a save.
    #[test]
    fn the_table_names_every_field_of_every_part_once() {
        let content = crate::content::Content::core().unwrap();
        let g = Game::new(3, &content).unwrap();
        let parts: [(Part, Vec<&str>); 7] = [
            (Part::Origin, field_names(&g.origin)),
            (Part::Run, field_names(&g.run)),
            (Part::Floor, field_names(&g.floor)),
            (Part::Depths, field_names(&g.depths)),
            (Part::Party, field_names(&g.party)),
            (Part::Fight, field_names(&g.fight)),
            (Part::Log, field_names(&g.log)),
        ];
        let mut rows: Vec<(&str, Part)> = GAME_FIELDS.to_vec();
        for (part, names) in &parts {
            assert!(!names.is_empty(), "{part:?} is a struct of named fields");
            for name in names {
                let at = rows.iter().position(|(n, p)| n == name && p == part);
                let at = at.unwrap_or_else(|| panic!("`{name}` of {part:?} has no row"));
                rows.remove(at);
            }
        }
        assert!(rows.is_empty(), "rows for no field: {rows:?}");
        assert!(parts.len() <= 8 && parts.iter().all(|(_, n)| n.len() <= 15));
    }

    /// The encoding is the table's order: the JSON's keys come out in it (those left out by
    /// a part's rules aside), and reading it back gives the same state.
    #[test]
    fn a_state_is_written_in_the_tables_order_and_read_back_whole() {
        let content = crate::content::Content::core().unwrap();
        let mut g = Game::new(9, &content).unwrap();
        while g.run.turn < 150 && !g.is_over() {
            let cmd = super::super::bot::explore(&g, &content);
            g.execute(&cmd, &content);
        }
        let text = serde_json::to_string(&g).unwrap();
        let keys = top_level_keys(&text);
        let order: Vec<&str> = GAME_FIELDS.iter().map(|(n, _)| *n).collect();
        let mut last = 0;
        for key in &keys {
            let at = order.iter().position(|n| n == key).unwrap();
            assert!(at >= last, "`{key}` out of order in {keys:?}");
            last = at;
        }
        assert!(keys.contains(&"floor") && keys.contains(&"log") && !keys.contains(&"daily"));
        let back: Game = serde_json::from_str(&text).unwrap();
        assert_eq!(back.state_hash(), g.state_hash());
        assert_eq!(serde_json::to_string(&back).unwrap(), text);
    }

    /// The keys of a JSON object's own fields, in the order written (serde_json's `Value`
    /// sorts them).
    fn top_level_keys(text: &str) -> Vec<&str> {
        let (mut keys, mut depth, mut in_string, mut start) = (Vec::new(), 0, false, 0);
        let bytes = text.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            match (in_string, bytes[i]) {
                (true, b'\\') => i += 1,
                (true, b'"') => {
                    in_string = false;
                    if depth == 1 && bytes.get(i + 1) == Some(&b':') {
                        keys.push(&text[start..i]);
                    }
                }
                (false, b'"') => (in_string, start) = (true, i + 1),
                (false, b'{' | b'[') => depth += 1,
                (false, b'}' | b']') => depth -= 1,
                _ => {}
            }
            i += 1;
        }
        keys
    }
}
