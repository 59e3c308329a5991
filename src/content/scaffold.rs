//! The mod `delve new-mod NAME` writes: `mod.toml` and one commented content file with a new
//! creature, its ability, its picture and a `spawn` on floor 1. MODDING.md's "Your first mod
//! in five minutes" shows the same files, so the guide and the tool cannot drift apart.

/// The creature's name after the namespace: the scaffolded id is `NAME:cave_toad`.
pub const CREATURE: &str = "cave_toad";

const MOD_TOML: &str = r#"# Your mod. `id` is its namespace: every new id in it starts with `{id}:`.
id = "{id}"
name = "{id}"
version = "0.1.0"
# The engine version it is written for.
engine = "1"
# Mods that must load before this one (e.g. one whose creatures it uses).
load_after = []
# Mods it cannot load with: when one of them is enabled too, this one is left out.
conflicts = []
"#;

const CREATURES_TOML: &str = r##"# One new creature with its own ability, met on floor 1. MODDING.md explains every field;
# `delve check-mods` checks this file, `delve sim --mods mods` plays it.

# What it can do in a fight: venom that poisons, at most every third turn.
[[abilities]]
id = "{id}:venom_spit"
name = "Venom spit"
symbol = "~"
icon = "acid-blob"        # a picture of the game's atlas (MODDING.md: Pictures)
color = "green"
cost = 4                  # stamina
cooldown = 3              # turns until it can spit again
actions = [
  { action = "damage", amount = 2, scale = 0.5, damage_type = "poison", target = "target" },
  { action = "apply_modifier", modifier = "core:poisoned", target = "target" },
]

[[creatures]]
id = "{id}:cave_toad"
name = "Cave toad"
symbol = "t"              # drawn when no picture is shown
icon = "frog"             # its picture; a PNG beside this file also works: sprite = "toad.png"
color = "#6fbf4a"
tags = ["core:beast"]
base = { max_health = 9, max_stamina = 8, damage = 3, hit_chance = 0.7, dexterity = 4 }
abilities = ["core:bite", "{id}:venom_spit"]
# In a fight it takes the first rule whose ability it can use now: spit, else bite.
ai = [ { ability = "{id}:venom_spit" }, { ability = "core:bite" } ]
xp = 4
gold = [0, 3]
loot = "core:vermin"
movement = { target = "hero", sight = 6 }
# Where it appears: added to floor 1's spawn table beside core's monsters (rats weigh 4,
# bats 3 there); no floor is copied. `depths = [1, 3]` would add it to floors 1 to 3.
spawn = [ { depths = 1, weight = 4 } ]
"##;

/// The scaffold's files for the mod `id` (already checked): (file name, text).
pub fn files(id: &str) -> [(&'static str, String); 2] {
    [
        ("mod.toml", MOD_TOML.replace("{id}", id)),
        ("creatures.toml", CREATURES_TOML.replace("{id}", id)),
    ]
}
