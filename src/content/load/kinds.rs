//! The content kinds that are registries of ids (creatures, abilities, … tags), each declared
//! once as a row of `kinds!`: its table key, how reports name one entry, its schema type, the
//! registry it fills, how an entry is read, and a sample entry (the loader fixture its tests
//! walk). Merging a pack, undoing a failed one and naming conflicts run over these rows;
//! floors, `[progression]` and `[balance]` merge by rules of their own (`merge.rs`).
use std::collections::BTreeMap;

use toml::Spanned;

use super::convert::{ability, creature_kind, look, prefab};
use super::refs::Kind as RefKind;
use super::uses::{self, Uses};
use super::{Ability, Content, CreatureKind};
use crate::content::art::{Picture, Pictures};
use crate::content::colors::color;
use crate::content::registry::{
    self, Affix, DamageType, FieldError, Item, LootTable, Modifier, Tag, Trap, damage_type_id,
};
use crate::content::schema::{
    AbilityDef, AffixDef, ContentFile, CreatureDef, DamageTypeDef, ItemDef, LootDef, ModifierDef,
    PrefabDef, TagDef, TrapDef,
};
use crate::dungeon::Prefab;

/// What a content kind declares.
pub(super) trait Kind: 'static {
    /// Its table key in content files (`[[creatures]]`), also its registry's name in reports.
    const KEY: &'static str;
    /// Its entries as the schema reads them, and as the registry holds them.
    type Def;
    type Entry: 'static;
    fn defs(file: &ContentFile) -> &[Spanned<Self::Def>];
    fn id(def: &Self::Def) -> &Spanned<String>;
    fn registry(content: &mut Content) -> &mut BTreeMap<String, Self::Entry>;
    /// One definition to its entry, its fields checked.
    fn read(def: &Self::Def, art: &Art) -> Result<Self::Entry, FieldError>;
}

/// Who names what: one kind's entries, each with every id it names.
type EachUse = fn(&Content, &mut dyn FnMut(&str, RefKind, &str));

/// Runs over every kind, one type at a time: what merging and the tests do with the list.
pub(super) trait EachKind {
    fn visit<K: Kind>(&mut self);
}

/// A kind's declaration as plain data (the conflict report and the tests read it).
#[derive(Clone, Copy, Debug)]
pub(super) struct KindInfo {
    pub(super) key: &'static str,
    /// How reports name one entry: "creature `core:rat`".
    pub(super) noun: &'static str,
    /// Whether the content holds an entry of the kind with this id, and its ids (for "did
    /// you mean").
    pub(super) has: fn(&Content, &str) -> bool,
    pub(super) ids: fn(&Content) -> Vec<&str>,
    /// The ids a file defines of the kind.
    pub(super) file_ids: fn(&ContentFile) -> Vec<&str>,
    /// Moves the last entry of the kind in the first file to the given place in the second
    /// (an entry made by `copy_from`, to where its file wrote it).
    pub(super) move_last: fn(&mut ContentFile, &mut ContentFile, usize),
    /// Every entry's id with each id it names (the kinds it references).
    pub(super) uses: EachUse,
    /// A minimal entry of the kind with the id `{id}`, as a modder writes it: the loader
    /// fixture the tests walk.
    #[cfg(test)]
    pub(super) sample: &'static str,
}

/// An entry's picture (`icon`, `sprite`) from its pack's art, an error placed at its field.
pub(super) struct Art<'a>(pub(super) Pictures<'a>);

impl Art<'_> {
    pub(super) fn picture(
        &self,
        icon: &Option<Spanned<String>>,
        sprite: &Option<Spanned<String>>,
    ) -> Result<Picture, FieldError> {
        fn name(v: &Option<Spanned<String>>) -> Option<&str> {
            v.as_ref().map(|s| s.get_ref().as_str())
        }
        self.0
            .picture(name(icon), name(sprite))
            .map_err(|(field, msg)| {
                let at = if field == "icon" { icon } else { sprite };
                (
                    at.as_ref().map_or(0..0, |s| s.span()),
                    field.to_string(),
                    msg,
                )
            })
    }
}

macro_rules! kinds {
    ($($kind:ident: $key:ident, $noun:literal, $def:ty => $entry:ty,
       |$d:ident, $art:ident| $read:expr,
       uses |$e:ident, $out:ident| $uses:expr,
       $sample:literal;)*) => {
        $(
            pub(super) struct $kind;

            impl Kind for $kind {
                const KEY: &'static str = stringify!($key);
                type Def = $def;
                type Entry = $entry;
                fn defs(file: &ContentFile) -> &[Spanned<$def>] {
                    &file.$key
                }
                fn id(def: &$def) -> &Spanned<String> {
                    &def.id
                }
                fn registry(content: &mut Content) -> &mut BTreeMap<String, $entry> {
                    &mut content.$key
                }
                fn read($d: &$def, $art: &Art) -> Result<$entry, FieldError> {
                    $read
                }
            }
        )*

        /// Every kind, in the order a file's entries merge.
        pub(super) const KINDS: &[KindInfo] = &[$(KindInfo {
            key: stringify!($key),
            noun: $noun,
            has: |c, id| c.$key.contains_key(id),
            ids: |c| c.$key.keys().map(String::as_str).collect(),
            file_ids: |f| f.$key.iter().map(|d| d.get_ref().id.get_ref().as_str()).collect(),
            move_last: |from, to, at| {
                if let Some(entry) = from.$key.pop() {
                    to.$key.insert(at.min(to.$key.len()), entry);
                }
            },
            uses: |c, each| {
                for (id, $e) in &c.$key {
                    let $out: &mut Uses = &mut |kind, target: &str| each(id, kind, target);
                    $uses
                }
            },
            #[cfg(test)]
            sample: $sample,
        }),*];

        /// `visit` for every kind, in `KINDS`'s order.
        pub(super) fn each_kind(v: &mut impl EachKind) {
            $(v.visit::<$kind>();)*
        }
    };
}

kinds! {
    Creatures: creatures, "creature", CreatureDef => CreatureKind,
        |d, art| Ok(CreatureKind { picture: art.picture(&d.icon, &d.sprite)?, ..creature_kind(d)? }),
        uses |e, out| {
            e.abilities.iter().for_each(|a| out(RefKind::Ability, a));
            for rule in &e.ai {
                out(RefKind::Ability, &rule.ability);
                uses::conditions(&rule.condition, out);
            }
            e.tags.iter().for_each(|t| out(RefKind::Tag, t));
            for dt in e.base.resistance.keys() {
                out(RefKind::DamageType, &damage_type_id(dt));
            }
            if let Some(l) = &e.loot {
                out(RefKind::Loot, l);
            }
            uses::triggers(&e.triggers, out);
        },
        "id = \"{id}\"\nname = \"Sample\"\nsymbol = \"s\"\ncolor = \"red\"\n\
         abilities = [\"core:attack\"]\nai = [ { ability = \"core:attack\" } ]\n";
    Abilities: abilities, "ability", AbilityDef => Ability,
        |d, art| Ok(Ability { picture: art.picture(&d.icon, &d.sprite)?, ..ability(d)? }),
        uses |e, out| {
            uses::conditions(&e.condition, out);
            uses::actions(&e.actions, out);
        },
        "id = \"{id}\"\nname = \"Sample\"\n";
    Prefabs: prefabs, "prefab", PrefabDef => Prefab,
        |d, _art| prefab(d),
        uses |e, out| e.legend.values().for_each(|c| out(RefKind::Creature, c)),
        "id = \"{id}\"\nrows = [\"#####\", \"#...#\", \"##+##\"]\n";
    Modifiers: modifiers, "modifier", ModifierDef => Modifier,
        |d, _art| registry::modifier(d),
        uses |e, out| {
            uses::effects(&e.effects, out);
            uses::triggers(&e.triggers, out);
        },
        "id = \"{id}\"\nname = \"Sample\"\n";
    Items: items, "item", ItemDef => Item,
        |d, art| {
            let (symbol, color) = look(&d.symbol, &d.color)?;
            let entry = registry::item(d, symbol, color)?;
            Ok(Item { picture: art.picture(&d.icon, &d.sprite)?, ..entry })
        },
        uses |e, out| {
            e.modifiers.iter().for_each(|m| out(RefKind::Modifier, m));
            uses::actions(&e.actions, out);
            uses::triggers(&e.triggers, out);
        },
        "id = \"{id}\"\nname = \"Sample\"\nsymbol = \"=\"\ncolor = \"gold\"\nslot = \"trinket\"\n";
    Affixes: affixes, "affix", AffixDef => Affix,
        |d, _art| registry::affix(d),
        uses |e, out| e.modifiers.iter().for_each(|m| out(RefKind::Modifier, m)),
        "id = \"{id}\"\nprefix = \"Sample\"\nslots = [\"weapon\"]\nmodifiers = [\"core:keen\"]\n";
    Loot: loot, "loot table", LootDef => LootTable,
        |d, _art| registry::loot(d),
        uses |e, out| e.entries.iter().flat_map(|(item, _)| item).for_each(|i| out(RefKind::Item, i)),
        "id = \"{id}\"\nentries = [ { weight = 1 } ]\n";
    Traps: traps, "trap", TrapDef => Trap,
        |d, art| {
            let (symbol, color) = look(&d.symbol, &d.color)?;
            let entry = registry::trap(d, symbol, color)?;
            Ok(Trap { picture: art.picture(&d.icon, &d.sprite)?, ..entry })
        },
        uses |e, out| uses::actions(&e.actions, out),
        "id = \"{id}\"\nname = \"sample\"\nsymbol = \"^\"\ncolor = \"grey\"\n\
         actions = [ { action = \"damage\", amount = 1, target = \"self\" } ]\n";
    DamageTypes: damage_types, "damage type", DamageTypeDef => DamageType,
        |d, _art| {
            let c = color(d.color.get_ref()).map_err(|m| (d.color.span(), "color".into(), m))?;
            registry::damage_type(d, c)
        },
        uses |_e, _out| {},
        "id = \"{id}\"\nname = \"sample\"\ncolor = \"white\"\n";
    Tags: tags, "tag", TagDef => Tag,
        |d, _art| registry::tag(d),
        uses |_e, _out| {},
        "id = \"{id}\"\nname = \"Sample\"\n";
}

/// How the report names one entry of the kind `key`, if it is a declared kind.
pub(super) fn noun(key: &str) -> Option<&'static str> {
    KINDS.iter().find(|k| k.key == key).map(|k| k.noun)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::{Pack, Severity, core_pack, load_packs};

    fn pack(id: &str, text: String) -> Pack {
        Pack {
            id: id.into(),
            files: vec![("k.toml".into(), text.into_bytes())],
        }
    }

    /// Each kind's sample, `[[key]]` with the id filled in.
    fn entry(kind: &KindInfo, id: &str) -> String {
        format!("[[{}]]\n{}", kind.key, kind.sample.replace("{id}", id))
    }

    /// Every declared kind has its MODDING.md section, a sample that loads, the id rules
    /// (defined twice in one pack is an error at the second's id) and whole replacement by a
    /// later pack, reported with the kind's noun.
    #[test]
    fn every_kind_is_documented_loads_its_sample_and_merges_by_the_rules() {
        let modding = include_str!("../../../MODDING.md");
        for kind in KINDS {
            let key = kind.key;
            assert!(
                modding.contains(&format!("### `[[{key}]]`")),
                "MODDING.md has no section for {key}"
            );
            let one = entry(kind, "first:sample");
            let (content, report) = load_packs(&[core_pack(), pack("first", one.clone())]);
            assert!(!report.has_errors(), "{key}'s sample: {report}");
            assert_eq!(report.loaded, ["core", "first"], "{key}");
            let _ = content;

            let twice = format!("{one}\n{one}");
            let (_, report) = load_packs(&[core_pack(), pack("first", twice)]);
            let d = report
                .diagnostics
                .iter()
                .find(|d| d.severity == Severity::Error)
                .unwrap_or_else(|| panic!("{key}: a twice-defined id loaded"));
            assert_eq!(d.path, format!("{key}[1].id"));
            assert!(d.message.contains("defined twice"), "{}", d.message);

            let (_, report) = load_packs(&[
                core_pack(),
                pack("first", one.clone()),
                pack("second", entry(kind, "first:sample")),
            ]);
            assert!(!report.has_errors(), "{key}: {report}");
            let named = format!("{} `first:sample`", kind.noun);
            assert!(
                report
                    .diagnostics
                    .iter()
                    .any(|d| d.pack == "second" && d.message.contains(&named)),
                "{key}: no report names {named}: {report}"
            );
        }
    }

    /// `KINDS` lists each kind once, and `each_kind` visits them in its order.
    #[test]
    fn each_kind_visits_the_declared_kinds_in_order() {
        struct Keys(Vec<&'static str>);
        impl EachKind for Keys {
            fn visit<K: Kind>(&mut self) {
                self.0.push(K::KEY);
            }
        }
        let mut keys = Keys(Vec::new());
        each_kind(&mut keys);
        let declared: Vec<&str> = KINDS.iter().map(|k| k.key).collect();
        assert_eq!(keys.0, declared);
        let mut unique = declared.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), declared.len());
    }
}
