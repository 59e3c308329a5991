//! Content loading: core plus 20 generated mods (about 10,000 definitions) through `load_packs`,
//! and their parsing alone by the loader's fast reader and by the toml crate.
use std::fmt::Write;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use delve::content::schema::ContentFile;
use delve::content::{MAX_NESTING, Pack, core_pack, fast_toml, load_packs};

const MODS: usize = 20;
/// Definitions per mod, split over the registries below (500 × 20 = 10,000).
const TAGS: usize = 20;
const MODIFIERS: usize = 80;
const ABILITIES: usize = 100;
const ITEMS: usize = 80;
const LOOT: usize = 40;
const TRAPS: usize = 30;
const CREATURES: usize = 150;

/// One mod's files: entries that reference each other, core and the previous mod, as real
/// mods do, so reference resolution does its full work.
fn generated_mod(m: usize) -> Pack {
    let ns = format!("gen{m:02}");
    let prev = if m > 0 {
        format!("gen{:02}", m - 1)
    } else {
        "core".into()
    };
    let mut tags = String::new();
    for i in 0..TAGS {
        let _ = write!(
            tags,
            "[[tags]]\nid = \"{ns}:tag{i}\"\nname = \"Tag {i}\"\n\n"
        );
    }
    let mut modifiers = String::new();
    for i in 0..MODIFIERS {
        let _ = write!(
            modifiers,
            "[[modifiers]]\nid = \"{ns}:mod{i}\"\nname = \"Modifier {i}\"\nduration = {}\n\
             stacking = \"stack\"\nmax_stacks = 3\n\
             effects = [\n  {{ attribute = \"damage\", flat = 1, percent = 0.1 }},\n  \
             {{ attribute = \"resistance\", damage_type = \"fire\", flat = 0.1 }},\n  \
             {{ attribute = \"hit_chance\", flat = 0.05, condition = [{{ check = \"tag\", tag = \"{ns}:tag{}\" }}] }},\n]\n\
             triggers = [{{ event = \"turn_started\", actions = [{{ action = \"heal\", amount = 1 }}] }}]\n\n",
            i % 7,
            i % TAGS
        );
    }
    let mut abilities = String::new();
    for i in 0..ABILITIES {
        let _ = write!(
            abilities,
            "[[abilities]]\nid = \"{ns}:ab{i}\"\nname = \"Ability {i}\"\nsymbol = \"!\"\ncolor = \"red\"\n\
             cost = {}\ncooldown = {}\n\
             condition = [{{ check = \"attribute\", attribute = \"stamina\", above = 0.2 }}]\n\
             actions = [\n  {{ action = \"damage\", amount = 3, scale = 1.0, damage_type = \"blunt\" }},\n  \
             {{ action = \"apply_modifier\", modifier = \"{ns}:mod{}\", turns = 3 }},\n]\n\n",
            i % 5,
            i % 4,
            i % MODIFIERS
        );
    }
    let mut items = String::new();
    for i in 0..ITEMS {
        if i % 4 == 0 {
            let _ = write!(
                items,
                "[[items]]\nid = \"{ns}:item{i}\"\nname = \"Potion {i}\"\nsymbol = \"!\"\ncolor = \"pink\"\n\
                 slot = \"consumable\"\nactions = [{{ action = \"heal\", amount = 10 }}]\n\
                 description = \"Heals.\"\n\n"
            );
        } else {
            let slot = ["weapon", "armour", "trinket"][i % 3];
            let _ = write!(
                items,
                "[[items]]\nid = \"{ns}:item{i}\"\nname = \"Gear {i}\"\nsymbol = \")\"\ncolor = \"#a0a0f0\"\n\
                 slot = \"{slot}\"\nmodifiers = [\"{ns}:mod{}\", \"{ns}:mod{}\"]\n\n",
                i % MODIFIERS,
                (i * 7) % MODIFIERS
            );
        }
    }
    let mut loot = String::new();
    for i in 0..LOOT {
        let _ = write!(
            loot,
            "[[loot]]\nid = \"{ns}:loot{i}\"\nrolls = 2\ngold = [1, 9]\naffix_chance = 0.25\n\
             entries = [\n  {{ item = \"{ns}:item{}\", weight = 3 }},\n  {{ item = \"{ns}:item{}\", weight = 1 }},\n  \
             {{ weight = 2 }},\n]\n\n",
            i % ITEMS,
            (i * 3) % ITEMS
        );
    }
    let mut traps = String::new();
    for i in 0..TRAPS {
        let _ = write!(
            traps,
            "[[traps]]\nid = \"{ns}:trap{i}\"\nname = \"Trap {i}\"\nsymbol = \"^\"\ncolor = \"orange\"\n\
             actions = [{{ action = \"damage\", amount = 4, damage_type = \"fire\", target = \"self\" }}]\n\n"
        );
    }
    let mut creatures = String::new();
    for i in 0..CREATURES {
        let _ = write!(
            creatures,
            "[[creatures]]\nid = \"{ns}:beast{i}\"\nname = \"Beast {i}\"\nsymbol = \"b\"\ncolor = \"green\"\n\
             tags = [\"{ns}:tag{}\", \"core:undead\"]\n\
             base = {{ max_health = {}, damage = 3, hit_chance = 0.7, dexterity = 2, resistance = {{ physical = 0.1 }} }}\n\
             abilities = [\"core:attack\", \"{ns}:ab{}\", \"{ns}:ab{}\"]\n\
             ai = [\n  {{ ability = \"core:flee\", condition = [{{ check = \"attribute\", attribute = \"health\", below = 0.2 }}] }},\n  \
             {{ ability = \"{ns}:ab{}\", condition = [{{ check = \"has_modifier\", who = \"target\", modifier = \"{ns}:mod{}\" }}] }},\n  \
             {{ ability = \"core:attack\" }},\n]\n\
             xp = {}\ngold = [0, 5]\nloot = \"{ns}:loot{}\"\n\
             triggers = [{{ event = \"creature_died\", actions = [{{ action = \"grant_gold\", amount = 2 }}] }}]\n\
             movement = {{ target = \"hero\", nav = \"path\", sight = 7 }}\n\n",
            i % TAGS,
            10 + i % 20,
            i % ABILITIES,
            (i * 3) % ABILITIES,
            (i * 5) % ABILITIES,
            i % MODIFIERS,
            5 + i % 10,
            i % LOOT
        );
    }
    // Each mod also overrides one entry of the mod before it, as content packs do.
    let _ = write!(
        creatures,
        "[[creatures]]\nid = \"{prev}:{}\"\nname = \"Retouched\"\nsymbol = \"R\"\ncolor = \"gold\"\n\n",
        if m > 0 { "beast0" } else { "skeleton" }
    );
    let files = [
        ("tags.toml", tags),
        ("modifiers.toml", modifiers),
        ("abilities.toml", abilities),
        ("items.toml", items),
        ("loot.toml", loot),
        ("traps.toml", traps),
        ("creatures.toml", creatures),
        ("balance.toml", format!("[balance]\nflee = 0.0{m}\n")),
    ];
    Pack {
        id: ns,
        files: files
            .into_iter()
            .map(|(n, t)| (n.to_string(), t.into_bytes()))
            .collect(),
    }
}

fn packs() -> Vec<Pack> {
    let mut packs = vec![core_pack()];
    packs.extend((0..MODS).map(generated_mod));
    packs
}

fn content_load(c: &mut Criterion) {
    let packs = packs();
    let (content, report) = load_packs(&packs);
    // The figure only means something if everything loaded.
    assert!(!report.has_errors(), "{report}");
    let defs = content.creatures.len()
        + content.abilities.len()
        + content.modifiers.len()
        + content.items.len()
        + content.loot.len()
        + content.traps.len()
        + content.tags.len();
    assert!(defs >= 10_000, "only {defs} definitions");
    // Our reader against the toml crate's on the same files, one thread, parse only: the
    // loader's fast path has to earn its place.
    let texts: Vec<&str> = packs
        .iter()
        .flat_map(|p| &p.files)
        .map(|(_, b)| std::str::from_utf8(b).expect("generated files are UTF-8"))
        .collect();
    let mut group = c.benchmark_group("content_parse");
    group.sample_size(20);
    /// Whether a reader took a file.
    type Reader = fn(&str) -> bool;
    let readers: [(&str, Reader); 2] = [
        ("fast_toml", |t| {
            fast_toml::from_str::<ContentFile>(t, MAX_NESTING).is_some()
        }),
        ("toml_crate", |t| toml::from_str::<ContentFile>(t).is_ok()),
    ];
    for (name, read) in readers {
        group.bench_with_input(BenchmarkId::new(name, "20mods"), &texts, |b, texts| {
            b.iter(|| {
                for text in texts {
                    assert!(read(text), "{name} refused a generated file");
                }
            })
        });
    }
    group.finish();

    let mut group = c.benchmark_group("content_load");
    group.sample_size(20);
    group.bench_with_input(BenchmarkId::new("delve", "20mods"), &packs, |b, packs| {
        b.iter(|| load_packs(std::hint::black_box(packs)))
    });
    group.finish();
}

criterion_group!(benches, content_load);
criterion_main!(benches);
