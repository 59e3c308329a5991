//! Entries that say where they appear (a creature's or trap's `spawn`, an item's `loot`, a
//! prefab's `depths`): checked with their pack against the content merged so far, then added
//! to the floors and loot tables once every pack has loaded, in load order. Adding is thus
//! additive by construction: two mods that each add a monster to floor 3 both have it there,
//! whichever of them replaces floor 3's profile whole.
use std::collections::{BTreeSet, HashSet};

use toml::Spanned;

use super::kinds::IdKind;
use super::refs::Refs;
use super::{Content, Parsed};
use crate::content::diagnostics::{Diagnostic, Severity};
use crate::content::placement::{Depths, MAX_PREFAB_WEIGHT, SpawnRule};
use crate::content::schema::ContentFile;
use crate::content::schema::SpawnDef;

/// What an entry is added to.
#[derive(Clone, Debug, PartialEq)]
enum Target {
    /// The spawn tables of the floors in `depths` (a creature).
    Spawns(Depths),
    /// The trap kinds of the floors in `depths` (a trap).
    TrapKinds(Depths),
    /// The prefab lists of the floors in `depths` (a prefab).
    Prefabs(Depths),
    /// A loot table's entries (an item).
    Loot(String),
}

/// One addition a loaded pack asks for.
struct Placement<'a> {
    /// The registry (`creatures`, `traps`, `prefabs`, `items`) and id of the entry that asks:
    /// a later pack that replaces the entry whole takes its placements away with it.
    registry: &'static str,
    id: String,
    target: Target,
    weight: u32,
    /// Where the rule is written, for a warning when it can no longer be applied.
    pack: &'a str,
    path: &'a str,
    text: &'a str,
    offset: usize,
    key: String,
}

/// Every placement of the packs loaded so far, in load order.
#[derive(Default)]
pub(super) struct Placements<'a>(Vec<Placement<'a>>);

/// One pack's placements, checked, before the pack is known to load.
#[derive(Default)]
pub(super) struct PackPlacements<'a>(Vec<Placement<'a>>);

impl<'a> PackPlacements<'a> {
    /// Checks every placement one file of the pack asks for against the content merged so
    /// far (its own pack included): depths within the run's floors, weights above 0, known
    /// loot tables, prefabs that fit. Problems are located errors through `r`, which reads
    /// this file.
    pub(super) fn check_file(
        &mut self,
        r: &mut Refs<'_>,
        pack: &'a str,
        path: &'a str,
        text: &'a str,
        file: &ContentFile,
    ) {
        let mut check = Check {
            content: r.content,
            pack,
            path,
            text,
            found: &mut self.0,
        };
        for (i, c) in file.creatures.iter().enumerate() {
            let c = c.get_ref();
            let id = c.id.get_ref();
            check.spawns(r, "creatures", i, id, &c.spawn, Target::Spawns);
        }
        for (i, t) in file.traps.iter().enumerate() {
            let t = t.get_ref();
            let id = t.id.get_ref();
            check.spawns(r, "traps", i, id, &t.spawn, Target::TrapKinds);
        }
        for (i, p) in file.prefabs.iter().enumerate() {
            let def = p.get_ref();
            let key = format!("prefabs[{i}]");
            match &def.depths {
                Some(d) => {
                    if def.weight.get_ref() > &MAX_PREFAB_WEIGHT {
                        r.error(
                            def.weight.span(),
                            format!("{key}.weight"),
                            format!(
                                "weight {} is more than {MAX_PREFAB_WEIGHT}: a prefab's weight is how many times a floor lists it",
                                def.weight.get_ref()
                            ),
                        );
                        continue;
                    }
                    let id = def.id.get_ref();
                    let rule = FloorRule {
                        depths: d,
                        weight: &def.weight,
                        key,
                    };
                    check.floors(r, "prefabs", id, Target::Prefabs, rule);
                }
                None if !def.weight.span().is_empty() => r.error(
                    def.weight.span(),
                    format!("{key}.weight"),
                    "`weight` needs `depths`: without them a prefab is only where a floor's `prefabs` names it".into(),
                ),
                None => {}
            }
        }
        for (i, it) in file.items.iter().enumerate() {
            let id = it.get_ref().id.get_ref();
            for (j, rule) in it.get_ref().loot.iter().enumerate() {
                let key = format!("items[{i}].loot[{j}]");
                let known = r.check(IdKind::Loot, &rule.table, || format!("{key}.table"));
                if check_weight(r, &rule.weight, &key) && known {
                    let target = Target::Loot(rule.table.get_ref().clone());
                    let at = rule.table.span().start;
                    check.add("items", id, target, &rule.weight, at, key);
                }
            }
        }
    }
}

impl<'a> Placements<'a> {
    /// A pack that loaded: entries it defines replace earlier ones whole, their placements
    /// with them; then its own placements follow those of the packs before it.
    pub(super) fn loaded(&mut self, parsed: &Parsed<'a>, pack: PackPlacements<'a>) {
        if !self.0.is_empty() {
            let mut defined: HashSet<(&str, &str)> = HashSet::new();
            for (_, _, f) in &parsed.files {
                let ids = [
                    (
                        "creatures",
                        f.creatures
                            .iter()
                            .map(|e| e.get_ref().id.get_ref())
                            .collect::<Vec<_>>(),
                    ),
                    (
                        "traps",
                        f.traps.iter().map(|e| e.get_ref().id.get_ref()).collect(),
                    ),
                    (
                        "prefabs",
                        f.prefabs.iter().map(|e| e.get_ref().id.get_ref()).collect(),
                    ),
                    (
                        "items",
                        f.items.iter().map(|e| e.get_ref().id.get_ref()).collect(),
                    ),
                ];
                for (registry, list) in ids {
                    defined.extend(list.into_iter().map(|id| (registry, id.as_str())));
                }
            }
            self.0
                .retain(|p| !defined.contains(&(p.registry, p.id.as_str())));
        }
        self.0.extend(pack.0);
    }

    /// Entries a pack disabled take their placements with them, and a disabled loot table
    /// takes what would be added to it.
    pub(super) fn disabled(&mut self, gone: &[super::disable::Disabled]) {
        let off = |key: &str, id: &str| gone.iter().any(|d| d.key == key && d.id == id);
        self.0.retain(|p| {
            !off(p.registry, &p.id) && !matches!(&p.target, Target::Loot(t) if off("loot", t))
        });
    }

    /// Adds every placement to the content, in load order, after every pack has loaded.
    pub(super) fn apply(self, content: &mut Content, diags: &mut Vec<Diagnostic>) {
        if self.0.is_empty() {
            return;
        }
        let last = content.balance.floors;
        // Every floor a rule names gets a profile of its own, and so does the floor after a
        // range: adding to floor 3 must leave floor 4 as it was when both used one profile.
        let mut own = BTreeSet::new();
        for p in &self.0 {
            if let Some(d) = p.target.depths()
                && d.first <= last
            {
                let end = d.last.min(last);
                own.extend(d.first..=end);
                if end < last {
                    own.insert(end + 1);
                }
            }
        }
        for d in own {
            if content.floors.iter().any(|f| f.depth == d) {
                continue;
            }
            if let Some(f) = content.floor_profile(d) {
                let mut f = f.clone();
                f.depth = d;
                let at = content.floors.partition_point(|f| f.depth < d);
                content.floors.insert(at, f);
            }
        }
        let prefabs = &content.prefabs;
        for p in self.0 {
            let entry = |id: &str| SpawnDef {
                id: Spanned::new(0..0, id.to_string()),
                weight: p.weight,
            };
            let depths = match &p.target {
                Target::Loot(table) => {
                    // Checked with its pack; tables are never taken away.
                    if let Some(t) = content.loot.get_mut(table) {
                        t.entries.push((Some(p.id.clone()), p.weight));
                    }
                    continue;
                }
                Target::Spawns(d) | Target::TrapKinds(d) | Target::Prefabs(d) => *d,
            };
            let floors = content.floors.iter_mut();
            for floor in floors
                .filter(|f| f.depth <= last && (depths.first..=depths.last).contains(&f.depth))
            {
                match &p.target {
                    Target::Spawns(_) => floor.spawns.push(entry(&p.id)),
                    Target::TrapKinds(_) => floor.trap_kinds.push(entry(&p.id)),
                    Target::Prefabs(_) => {
                        let size = prefabs.get(&p.id).map(|pf| pf.size());
                        if let Some((w, h)) = size
                            && w + 2 <= floor.width
                            && h + 2 <= floor.height
                        {
                            let line = Spanned::new(0..0, p.id.clone());
                            floor
                                .prefabs
                                .extend(std::iter::repeat_n(line, p.weight as usize));
                        } else {
                            // A later pack made the floor smaller than it was when this
                            // pack was checked.
                            diags.push(Diagnostic::at(
                                Severity::Warning,
                                p.pack,
                                p.path,
                                p.text,
                                p.offset,
                                format!("{}.depths", p.key),
                                format!(
                                    "`{}` does not fit inside floor {} ({}x{}) as a later pack defines it, so that floor leaves it out",
                                    p.id, floor.depth, floor.width, floor.height
                                ),
                            ));
                        }
                    }
                    Target::Loot(_) => {}
                }
            }
        }
    }
}

impl Target {
    fn depths(&self) -> Option<Depths> {
        match self {
            Target::Spawns(d) | Target::TrapKinds(d) | Target::Prefabs(d) => Some(*d),
            Target::Loot(_) => None,
        }
    }
}

/// One rule that names floors, as written: its depths, its weight, and its key path.
struct FloorRule<'r> {
    depths: &'r Spanned<Depths>,
    weight: &'r Spanned<u32>,
    key: String,
}

/// Where one file's placements are written, and the list they join.
struct Check<'c, 'a> {
    content: &'c Content,
    pack: &'a str,
    path: &'a str,
    text: &'a str,
    found: &'c mut Vec<Placement<'a>>,
}

impl<'a> Check<'_, 'a> {
    /// The `spawn` rules of entry `i` of a registry (creatures and traps say it alike).
    fn spawns(
        &mut self,
        r: &mut Refs<'_>,
        registry: &'static str,
        i: usize,
        id: &str,
        rules: &[SpawnRule],
        target: fn(Depths) -> Target,
    ) {
        for (j, rule) in rules.iter().enumerate() {
            let key = format!("{registry}[{i}].spawn[{j}]");
            let rule = FloorRule {
                depths: &rule.depths,
                weight: &rule.weight,
                key,
            };
            self.floors(r, registry, id, target, rule);
        }
    }

    /// A rule that names floors: its depths within the run, its weight above 0, and a
    /// prefab inside every floor it names.
    fn floors(
        &mut self,
        r: &mut Refs<'_>,
        registry: &'static str,
        id: &str,
        target: fn(Depths) -> Target,
        rule: FloorRule<'_>,
    ) {
        let FloorRule {
            depths,
            weight,
            key,
        } = rule;
        let d = *depths.get_ref();
        let last = self.content.balance.floors;
        let at = || format!("{key}.depths");
        let problem = if d.first == 0 {
            Some("depth 0: floors count from 1".to_string())
        } else if d.first > d.last {
            Some(format!(
                "depths [{}, {}] run backwards: write the first floor first, [{}, {}]",
                d.first, d.last, d.last, d.first
            ))
        } else if d.last > last {
            Some(format!(
                "depth {} is past the last floor: a run has {last} floors (`[balance] floors`)",
                d.last
            ))
        } else if registry == "prefabs" {
            self.misfit(id, d)
        } else {
            None
        };
        if let Some(msg) = problem {
            r.error(depths.span(), at(), msg);
            return;
        }
        if check_weight(r, weight, &key) {
            self.add(registry, id, target(d), weight, depths.span().start, key);
        }
    }

    /// Why a prefab cannot go on one of the floors `d` names, as they are merged so far.
    fn misfit(&self, id: &str, d: Depths) -> Option<String> {
        let (w, h) = self.content.prefabs.get(id)?.size();
        d.iter().find_map(|k| {
            let f = self.content.floor_profile(k)?;
            (w + 2 > f.width || h + 2 > f.height).then(|| {
                format!(
                    "`{id}` is {w}x{h} and does not fit inside floor {k} ({}x{}), which needs a tile of wall round it",
                    f.width, f.height
                )
            })
        })
    }

    fn add(
        &mut self,
        registry: &'static str,
        id: &str,
        target: Target,
        weight: &Spanned<u32>,
        offset: usize,
        key: String,
    ) {
        self.found.push(Placement {
            registry,
            id: id.to_string(),
            target,
            weight: *weight.get_ref(),
            pack: self.pack,
            path: self.path,
            text: self.text,
            offset,
            key,
        });
    }
}

/// A weight of 0 would add an entry that is never drawn: a mistake, not a choice.
fn check_weight(r: &mut Refs<'_>, weight: &Spanned<u32>, key: &str) -> bool {
    if *weight.get_ref() > 0 {
        return true;
    }
    r.error(
        weight.span(),
        format!("{key}.weight"),
        "weight 0 never draws it: give a weight above 0, or leave the rule out".into(),
    );
    false
}
