//! The content kinds that are registries of ids (creatures, abilities, … tags), each declared
//! once as a row of `kinds!`: its table key, how reports name one entry, its schema type, the
//! registry it fills, how an entry is read, and a sample entry (the loader fixture its tests
//! walk). Merging a pack, undoing a failed one and naming conflicts run over these rows;
//! floors, `[progression]` and `[balance]` merge by rules of their own (`merge.rs`).
use std::collections::BTreeMap;

use toml::Spanned;

use super::convert::{ability, creature_kind, look, prefab};
use super::merge::FileMerge;
use super::refs::Refs;
use super::resolve;
use super::uses::{self, Uses};
use super::whole::{BALANCE, FLOORS, PROGRESSION};
use super::{Ability, Content, CreatureKind};
use crate::content::art::{Picture, Pictures};
use crate::content::class::{self, Class};
use crate::content::colors::color;
use crate::content::diagnostics::Diagnostic;
use crate::content::identify::{self, Appearance, ItemKind};
use crate::content::registry::{
    self, Affix, DamageType, FieldError, Item, LootTable, Modifier, Tag, Trap, damage_type_id,
};
use crate::content::schema::{
    AbilityDef, AffixDef, AppearanceDef, ClassDef, ContentFile, CreatureDef, DamageTypeDef,
    ItemDef, ItemKindDef, LootDef, ModifierDef, PrefabDef, TagDef, TerrainDef, TrapDef,
};
use crate::content::terrain::{self, TerrainKind};
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
type EachUse = fn(&Content, &mut dyn FnMut(&str, IdKind, &str));

/// Runs over every kind, one type at a time: what merging and the tests do with the list.
pub(super) trait EachKind {
    fn visit<K: Kind>(&mut self);
}

/// How mods merge into a kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MergeRule {
    /// Entries by id: a new id adds one, an existing id is replaced whole; `copy_from` makes
    /// one from another, `disable` turns one off, and `spawn`/`loot`/`depths` add it to
    /// floors and loot tables.
    ById,
    /// Floor profiles by depth: a profile replaces the one of the same depth whole.
    ByDepth,
    /// One table, replaced whole by a later pack's.
    Whole,
    /// One table, merged field by field: each field given replaces the current value.
    FieldByField,
}

impl MergeRule {
    /// The rule as MODDING.md states it under each kind's table.
    pub(crate) fn doc(self) -> &'static str {
        match self {
            MergeRule::ById => {
                "A new id adds an entry; an existing id replaces that entry whole. `copy_from` \
                 makes an entry from another, `disable` turns one off (see \"Entries made from \
                 other entries\")."
            }
            MergeRule::ByDepth => {
                "A profile replaces the one of the same `depth` whole; `copy_from = DEPTH` makes \
                 one from the profile of that depth with only what it writes changed (see \
                 \"Entries made from other entries\")."
            }
            MergeRule::Whole => "A later pack's table replaces it whole.",
            MergeRule::FieldByField => {
                "Merged field by field: each field given replaces the current value, the \
                 others stay."
            }
        }
    }
}

/// Merges one file's definitions of a kind that is not a registry of ids.
pub(super) type MergeWhole = fn(&mut FileMerge);

/// A kind's declaration as plain data: merging, the reference and conflict reports, the
/// documentation and the tests read it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct KindInfo {
    /// Its table key in content files (`[[creatures]]`, `[balance]`).
    pub(crate) key: &'static str,
    /// How reports name one entry: "creature `core:rat`".
    pub(crate) noun: &'static str,
    pub(crate) merge: MergeRule,
    /// The key of an entry that names it (`id`, a floor's `depth`), empty for one table.
    pub(super) id_key: &'static str,
    /// How a file's definitions merge, for a kind that is not a registry of ids (those merge
    /// through `each_kind`).
    pub(super) merge_whole: Option<MergeWhole>,
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
    /// The reference checks of a file's entries of the kind, against the content merged
    /// so far (`resolve`): what they name exists.
    pub(super) check: fn(&mut Refs, &ContentFile, &mut Vec<Diagnostic>),
    /// A minimal entry of the kind with the id `{id}` (a registry of ids), or a whole table
    /// (the others), as a modder writes it: the loader fixture the tests walk.
    #[cfg(test)]
    pub(super) sample: &'static str,
}

impl KindInfo {
    /// How reports name one entry: "creature `core:rat`", "the floor profile of depth 3".
    pub(super) fn describe(&self, id: &str) -> String {
        match self.merge {
            MergeRule::ById => format!("{} `{id}`", self.noun),
            MergeRule::ByDepth => format!("the {} of depth {id}", self.noun),
            MergeRule::Whole | MergeRule::FieldByField => self.noun.to_string(),
        }
    }

    /// The key path of the definition at `index` in a file: `creatures[0].id`,
    /// `floors[1].depth`, `progression`.
    pub(super) fn id_path(&self, index: usize) -> String {
        match self.id_key {
            "" => self.key.to_string(),
            id => format!("{}[{index}].{id}", self.key),
        }
    }
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
       check $check:expr,
       $sample:literal;)*
     [$($whole:expr),*]) => {
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

        /// A registry of ids, as a reference names it (`creatures`' `abilities` name
        /// `Abilities`): a row of `KINDS`, whose first rows are these, in this order.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[allow(dead_code, reason = "a kind no other kind names (classes, affixes) still has its row")]
        pub(super) enum IdKind {
            $($kind),*
        }

        impl IdKind {
            /// Its row of `KINDS`: its key, noun and what the content holds of it.
            pub(super) fn info(self) -> &'static KindInfo {
                &KINDS[self as usize]
            }
        }

        /// Every kind, in the order a file's entries merge.
        pub(crate) const KINDS: &[KindInfo] = &[$(KindInfo {
            key: stringify!($key),
            noun: $noun,
            merge: MergeRule::ById,
            id_key: "id",
            merge_whole: None,
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
            check: $check,
            #[cfg(test)]
            sample: $sample,
        }),*, $($whole),*];

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
            e.abilities.iter().for_each(|a| out(IdKind::Abilities, a));
            for rule in &e.ai {
                out(IdKind::Abilities, &rule.ability);
                uses::conditions(&rule.condition, out);
            }
            e.tags.iter().for_each(|t| out(IdKind::Tags, t));
            for dt in e.base.resistance.keys() {
                out(IdKind::DamageTypes, &damage_type_id(dt));
            }
            if let Some(l) = &e.loot {
                out(IdKind::Loot, l);
            }
            uses::triggers(&e.triggers, out);
        },
        check resolve::creatures,
        "id = \"{id}\"\nname = \"Sample\"\nsymbol = \"s\"\ncolor = \"red\"\n\
         abilities = [\"core:attack\"]\nai = [ { ability = \"core:attack\" } ]\n";
    Abilities: abilities, "ability", AbilityDef => Ability,
        |d, art| Ok(Ability { picture: art.picture(&d.icon, &d.sprite)?, ..ability(d)? }),
        uses |e, out| {
            uses::conditions(&e.condition, out);
            uses::actions(&e.actions, out);
        },
        check resolve::abilities,
        "id = \"{id}\"\nname = \"Sample\"\n";
    Prefabs: prefabs, "prefab", PrefabDef => Prefab,
        |d, _art| prefab(d),
        uses |e, out| e.legend.values().for_each(|c| out(IdKind::Creatures, c)),
        check resolve::prefabs,
        "id = \"{id}\"\nrows = [\"#####\", \"#...#\", \"##+##\"]\n";
    Modifiers: modifiers, "modifier", ModifierDef => Modifier,
        |d, _art| registry::modifier(d),
        uses |e, out| {
            uses::effects(&e.effects, out);
            uses::triggers(&e.triggers, out);
        },
        check resolve::modifiers,
        "id = \"{id}\"\nname = \"Sample\"\n";
    ItemKinds: item_kinds, "item kind", ItemKindDef => ItemKind,
        |d, art| Ok(ItemKind { picture: art.picture(&d.icon, &None)?, ..identify::item_kind(d)? }),
        uses |_e, _out| {},
        check |_, _, _| {},
        "id = \"{id}\"\nname = \"sample\"\nunidentified = true\nunknown = \"{words} sample\"\n";
    Appearances: appearances, "appearance", AppearanceDef => Appearance,
        |d, _art| {
            let c = color(d.color.get_ref()).map_err(|m| (d.color.span(), "color".into(), m))?;
            identify::appearance(d, c)
        },
        uses |e, out| out(IdKind::ItemKinds, &e.kind),
        check resolve::appearances,
        "id = \"{id}\"\nkind = \"core:potion\"\nwords = \"sample\"\ncolor = \"red\"\n";
    Items: items, "item", ItemDef => Item,
        |d, art| {
            let (symbol, color) = look(&d.symbol, &d.color)?;
            let entry = registry::item(d, symbol, color)?;
            Ok(Item { picture: art.picture(&d.icon, &d.sprite)?, ..entry })
        },
        uses |e, out| {
            e.modifiers.iter().for_each(|m| out(IdKind::Modifiers, m));
            if let Some(k) = &e.kind {
                out(IdKind::ItemKinds, k);
            }
            uses::actions(&e.actions, out);
            uses::triggers(&e.triggers, out);
        },
        check resolve::items,
        "id = \"{id}\"\nname = \"Sample\"\nsymbol = \"=\"\ncolor = \"gold\"\nslot = \"trinket\"\n";
    Affixes: affixes, "affix", AffixDef => Affix,
        |d, _art| registry::affix(d),
        uses |e, out| e.modifiers.iter().for_each(|m| out(IdKind::Modifiers, m)),
        check resolve::affixes,
        "id = \"{id}\"\nprefix = \"Sample\"\nslots = [\"weapon\"]\nmodifiers = [\"core:keen\"]\n";
    Loot: loot, "loot table", LootDef => LootTable,
        |d, _art| registry::loot(d),
        uses |e, out| e.entries.iter().flat_map(|(item, _)| item).for_each(|i| out(IdKind::Items, i)),
        check resolve::loot,
        "id = \"{id}\"\nentries = [ { weight = 1 } ]\n";
    Traps: traps, "trap", TrapDef => Trap,
        |d, art| {
            let (symbol, color) = look(&d.symbol, &d.color)?;
            let entry = registry::trap(d, symbol, color)?;
            Ok(Trap { picture: art.picture(&d.icon, &d.sprite)?, ..entry })
        },
        uses |e, out| uses::actions(&e.actions, out),
        check resolve::traps,
        "id = \"{id}\"\nname = \"sample\"\nsymbol = \"^\"\ncolor = \"grey\"\n\
         actions = [ { action = \"damage\", amount = 1, target = \"self\" } ]\n";
    DamageTypes: damage_types, "damage type", DamageTypeDef => DamageType,
        |d, _art| {
            let c = color(d.color.get_ref()).map_err(|m| (d.color.span(), "color".into(), m))?;
            registry::damage_type(d, c)
        },
        uses |_e, _out| {},
        check |_, _, _| {},
        "id = \"{id}\"\nname = \"sample\"\ncolor = \"white\"\n";
    Tags: tags, "tag", TagDef => Tag,
        |d, _art| registry::tag(d),
        uses |_e, _out| {},
        check |_, _, _| {},
        "id = \"{id}\"\nname = \"Sample\"\n";
    Classes: classes, "class", ClassDef => Class,
        |d, art| {
            let c = color(d.color.get_ref()).map_err(|m| (d.color.span(), "color".into(), m))?;
            Ok(Class { picture: art.picture(&d.icon, &d.sprite)?, ..class::class(d, c)? })
        },
        uses |e, out| {
            e.abilities.iter().for_each(|a| out(IdKind::Abilities, a));
            e.wear.iter().chain(&e.carry).for_each(|i| out(IdKind::Items, i));
            for dt in e.base.resistance.keys() {
                out(IdKind::DamageTypes, &damage_type_id(dt));
            }
        },
        check resolve::classes,
        "id = \"{id}\"\nname = \"Sample\"\ndescription = \"A sample.\"\ncolor = \"red\"\n\
         wear = [\"core:dagger\"]\ncarry = [\"core:healing_potion\"]\n";
    Terrain: terrain, "terrain kind", TerrainDef => TerrainKind,
        |d, art| {
            let read = |v: &Spanned<String>, field: &str| {
                color(v.get_ref()).map_err(|m| (v.span(), field.to_string(), m))
            };
            let lit = read(&d.color, "color")?;
            let remembered = d.remembered.as_ref().map(|r| read(r, "remembered")).transpose()?;
            let kind = terrain::terrain(d, lit, remembered)?;
            Ok(TerrainKind { picture: art.picture(&d.icon, &None)?, ..kind })
        },
        uses |e, out| {
            for id in [&e.opens_to, &e.closes_to, &e.found_as, &e.trampled_to].into_iter().flatten() {
                out(IdKind::Terrain, id);
            }
            if let Some(on) = &e.on_enter && on.damage > 0 {
                out(IdKind::DamageTypes, &on.damage_type);
            }
        },
        check resolve::terrain,
        "id = \"{id}\"\nname = \"sample\"\ndescription = \"A sample.\"\nglyph = \"s\"\n\
         color = \"grey\"\nwalkable = true\n";
    [PROGRESSION, FLOORS, BALANCE]
}

/// The declaration of the kind `key`.
pub(crate) fn kind(key: &str) -> Option<&'static KindInfo> {
    KINDS.iter().find(|k| k.key == key)
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

    /// A reference's kind is its own row of `KINDS`: the first and the last registry, so
    /// a row put before the registries, or one left out, shows.
    #[test]
    fn an_id_kind_reads_its_own_row() {
        assert_eq!(IdKind::Creatures.info().key, Creatures::KEY);
        assert_eq!(IdKind::Terrain.info().key, Terrain::KEY);
        assert_eq!(IdKind::Abilities.info().noun, "ability");
    }

    /// Each kind's sample: a registry's `[[key]]` with the id filled in, another's table.
    fn entry(kind: &KindInfo, id: &str) -> String {
        match kind.merge {
            MergeRule::ById => format!("[[{}]]\n{}", kind.key, kind.sample.replace("{id}", id)),
            _ => kind.sample.to_string(),
        }
    }

    /// Every declared kind has its MODDING.md section stating its merge rule, a sample that
    /// loads (the loader fixture), and merges by its rule: a registry's id rules (defined
    /// twice in one pack is an error at the second's id) and whole replacement by a later
    /// pack, reported with the kind's noun, `copy_from` and `disable`; a floor profile or `[progression]` replaced by a
    /// later pack, reported; `[balance]` merged field by field without a report.
    #[test]
    fn every_kind_is_documented_loads_its_sample_and_merges_by_its_rule() {
        let modding = include_str!("../../../MODDING.md");
        for kind in KINDS {
            let key = kind.key;
            let header = match kind.merge {
                MergeRule::ById | MergeRule::ByDepth => format!("### `[[{key}]]`"),
                MergeRule::Whole | MergeRule::FieldByField => format!("### `[{key}]`"),
            };
            let section = modding
                .split_once(&format!("{header}\n"))
                .map(|(_, rest)| rest.split("\n### ").next().unwrap_or_default())
                .unwrap_or_else(|| panic!("MODDING.md has no section {header}"));
            let rule = format!("*Merging:* {}", kind.merge.doc());
            assert!(
                section.contains(&rule),
                "{key}'s section does not state its rule"
            );

            let one = entry(kind, "first:sample");
            let (_, report) = load_packs(&[core_pack(), pack("first", one.clone())]);
            assert!(!report.has_errors(), "{key}'s sample: {report}");
            assert_eq!(report.loaded, ["core", "first"], "{key}");

            let (_, report) = load_packs(&[
                core_pack(),
                pack("first", one.clone()),
                pack("second", entry(kind, "first:sample")),
            ]);
            assert!(!report.has_errors(), "{key}: {report}");
            let replaced = report.diagnostics.iter().filter(|d| d.pack == "second");
            let named: Vec<&str> = replaced.map(|d| d.message.as_str()).collect();
            let describe = |id| kind.describe(id);
            match kind.merge {
                MergeRule::ById => {
                    let twice = format!("{one}\n{one}");
                    let (_, report) = load_packs(&[core_pack(), pack("first", twice)]);
                    let d = (report.diagnostics.iter())
                        .find(|d| d.severity == Severity::Error)
                        .unwrap_or_else(|| panic!("{key}: a twice-defined id loaded"));
                    assert_eq!(d.path, kind.id_path(1));
                    assert!(d.message.contains("defined twice"), "{}", d.message);
                    let name = describe("first:sample");
                    assert!(named.iter().any(|m| m.contains(&name)), "{key}: {report}");
                    // A later pack copies the entry, then turns the original off.
                    let copy = format!(
                        "disable = [\"first:sample\"]\n[[{key}]]\nid = \"second:copy\"\n\
                         copy_from = \"first:sample\"\n"
                    );
                    let (content, report) = load_packs(&[
                        core_pack(),
                        pack("first", one.clone()),
                        pack("second", copy),
                    ]);
                    assert!(!report.has_errors(), "{key}: {report}");
                    assert!((kind.has)(&content, "second:copy"), "{key}");
                    assert!(!(kind.has)(&content, "first:sample"), "{key}");
                }
                MergeRule::ByDepth => {
                    let name = describe("1");
                    assert!(named.iter().any(|m| m.contains(&name)), "{key}: {named:?}");
                }
                MergeRule::Whole => {
                    let name = describe("");
                    assert!(named.iter().any(|m| m.contains(&name)), "{key}: {named:?}");
                }
                MergeRule::FieldByField => assert!(named.is_empty(), "{key}: {named:?}"),
            }
        }
    }

    /// What a content file may hold is what `KINDS` declares (and `disable`): no kind is
    /// left out of merging, the reports and MODDING.md.
    #[test]
    fn every_table_of_a_content_file_is_a_declared_kind() {
        let schema = serde_json::to_value(schemars::schema_for!(ContentFile)).unwrap();
        let mut tables: Vec<&str> = schema["properties"]
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .filter(|&k| k != "disable")
            .collect();
        tables.sort();
        let mut declared: Vec<&str> = KINDS.iter().map(|k| k.key).collect();
        declared.sort();
        assert_eq!(tables, declared);
    }

    /// `KINDS` lists each kind once, the registries of ids first; `each_kind` visits those
    /// in its order.
    #[test]
    fn each_kind_visits_the_declared_registries_in_order() {
        struct Keys(Vec<&'static str>);
        impl EachKind for Keys {
            fn visit<K: Kind>(&mut self) {
                self.0.push(K::KEY);
            }
        }
        let mut keys = Keys(Vec::new());
        each_kind(&mut keys);
        let by_id = KINDS.iter().take_while(|k| k.merge == MergeRule::ById);
        let registries: Vec<&str> = by_id.map(|k| k.key).collect();
        assert_eq!(keys.0, registries);
        assert!(
            KINDS[registries.len()..]
                .iter()
                .all(|k| k.merge_whole.is_some())
        );
        let mut unique: Vec<&str> = KINDS.iter().map(|k| k.key).collect();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), KINDS.len());
    }
}
