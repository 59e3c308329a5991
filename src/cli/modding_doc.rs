//! MODDING.md, generated from the schema types (schemars) and the turn's table so the
//! reference cannot drift (`delve modding-doc`; here, above both the content and the rules).
use std::collections::BTreeSet;
use std::fmt::Write;

use serde_json::{Map, Value};

use crate::content::art::{MAX_SPRITE_BYTES, MAX_SPRITE_SIDE, MIN_SPRITE_SIDE, atlas};
use crate::content::load::{
    BUILTIN_ABILITIES, CONDITION_ATTRIBUTES, KINDS, KindInfo, MAX_FILE_BYTES, MAX_NESTING,
    NAMED_COLORS,
};
use crate::content::mods::ENGINE_MAJOR;
use crate::content::registry::{ATTRIBUTE_NAMES, EVENT_NAMES, Role};
use crate::content::schema::ContentFile;
use crate::content::{BALANCE_RANGES, Balance};
use crate::game::{TURN_STEPS, TurnKind};

/// MODDING.md's opening up to the content kinds, in Markdown; `{FIRST_MOD}`, `{ENGINE}`,
/// `{MAX_BYTES}` and `{NESTING}` are filled in from the code.
const INTRO: &str = include_str!("modding_doc/intro.md");

/// How monsters move on the map: the modes of src/game/ai/, which no schema type names.
const MODES: &str = include_str!("modding_doc/modes.md");

/// The whole reference, as MODDING.md holds it.
pub fn modding_markdown() -> String {
    let schema = serde_json::to_value(schemars::schema_for!(ContentFile)).unwrap_or_default();
    let empty = Map::new();
    let defs = schema
        .get("$defs")
        .and_then(Value::as_object)
        .unwrap_or(&empty);
    let mut out = INTRO
        .replace("{FIRST_MOD}", &first_mod())
        .replace("{ENGINE}", &ENGINE_MAJOR.to_string())
        .replace("{MAX_BYTES}", &MAX_FILE_BYTES.to_string())
        .replace("{NESTING}", &MAX_NESTING.to_string());
    let mut pending: Vec<String> = Vec::new();
    let props = schema.get("properties").and_then(Value::as_object);
    // One section per declared kind, by name; its merge rule closes the section's intro.
    let mut declared: Vec<&KindInfo> = KINDS.iter().collect();
    declared.sort_by_key(|k| k.key);
    for kind in declared {
        let name = kind.key;
        let Some(prop) = props.and_then(|p| p.get(name)) else {
            continue;
        };
        let target = prop.get("items").unwrap_or(prop);
        let Some(def_name) = ref_name(target).or_else(|| any_ref(target)) else {
            continue;
        };
        let def = &defs[&def_name];
        let header = if prop.get("items").is_some() {
            format!("[[{name}]]")
        } else {
            format!("[{name}]")
        };
        let _ = writeln!(out, "\n### `{header}`\n");
        if let Some(d) = description(prop).or_else(|| description(def)) {
            let _ = writeln!(out, "{d}\n");
        }
        let _ = writeln!(out, "*Merging:* {}\n", kind.merge.doc());
        let code_defaults = (name == "balance")
            .then(|| serde_json::to_value(Balance::default()).unwrap_or_default());
        field_table(&mut out, def, &mut pending, code_defaults.as_ref());
    }
    let _ = writeln!(out, "\n## Shared tables and values");
    let mut done = BTreeSet::new();
    while let Some(name) = pending.first().cloned() {
        pending.remove(0);
        if !done.insert(name.clone()) {
            continue;
        }
        let def = &defs[&name];
        if let Some(tag) = tag_of(def) {
            tagged_enum(&mut out, &name, &tag, def, &mut pending);
            continue;
        }
        let _ = writeln!(out, "\n### {name}\n");
        if let Some(d) = description(def) {
            let _ = writeln!(out, "{d}\n");
        }
        if def.get("properties").is_some() {
            field_table(&mut out, def, &mut pending, None);
        } else {
            values(&mut out, def);
        }
    }
    lists(&mut out);
    out
}

/// "Your first mod in five minutes", built on the files `delve new-mod` writes.
fn first_mod() -> String {
    let id = "mymod";
    let mut out = format!(
        "\n## Your first mod in five minutes\n\n\
         1. `delve new-mod {id}` writes `mods/{id}/` with the two files below (`--mods DIR` writes\n   \
         into another folder; an existing folder is never overwritten).\n\
         2. `delve check-mods` loads core and every mod and prints what it found: it passes.\n\
         3. `delve sim --mods mods` plays a run with the bot, or start the game: the cave toad\n   \
         is on floor 1 (its `spawn`), drawn with the atlas's `frog` icon.\n\
         4. Change it: its numbers, its `icon` (see Pictures) or a `sprite` of your own, its\n   \
         `depths`; add `[[items]]` with `loot` or `[[traps]]` with `spawn` the same way. Run\n   \
         `delve check-mods` after each change: a problem names file, line and column.\n"
    );
    for (file, text) in crate::content::scaffold::files(id) {
        let _ = write!(out, "\n`mods/{id}/{file}`:\n\n```toml\n{text}```\n");
    }
    out
}

fn description(v: &Value) -> Option<String> {
    v.get("description")
        .and_then(Value::as_str)
        .map(|d| d.split_whitespace().collect::<Vec<_>>().join(" "))
}

fn ref_name(v: &Value) -> Option<String> {
    v.get("$ref")
        .and_then(Value::as_str)
        .and_then(|r| r.rsplit('/').next())
        .map(str::to_string)
}

/// `Option<T>` comes out as `anyOf: [T, null]`.
fn any_ref(v: &Value) -> Option<String> {
    v.get("anyOf")?.as_array()?.iter().find_map(ref_name)
}

fn anchor(name: &str) -> String {
    format!("[{name}](#{})", name.to_lowercase())
}

/// A field's type in words, collecting the named types it mentions.
fn type_of(v: &Value, refs: &mut Vec<String>) -> String {
    if let Some(r) = ref_name(v) {
        refs.push(r.clone());
        return anchor(&r);
    }
    if let Some(any) = v.get("anyOf").and_then(Value::as_array) {
        let parts: Vec<String> = any
            .iter()
            .filter(|s| s.get("type").and_then(Value::as_str) != Some("null"))
            .map(|s| type_of(s, refs))
            .collect();
        return parts.join(" or ");
    }
    let ty = match v.get("type") {
        Some(Value::String(t)) => t.clone(),
        Some(Value::Array(ts)) => ts
            .iter()
            .filter_map(Value::as_str)
            .find(|t| *t != "null")
            .unwrap_or("value")
            .to_string(),
        _ => "value".into(),
    };
    match ty.as_str() {
        "array" => {
            if let Some(items) = v.get("prefixItems").and_then(Value::as_array) {
                let parts: Vec<String> = items.iter().map(|i| type_of(i, refs)).collect();
                format!("[{}]", parts.join(", "))
            } else if let Some(items) = v.get("items") {
                format!("array of {}", type_of(items, refs))
            } else {
                "array".into()
            }
        }
        "object" => match v.get("additionalProperties") {
            Some(inner @ Value::Object(_)) => format!("table of {}", type_of(inner, refs)),
            _ => "table".into(),
        },
        "integer" => {
            let unsigned = v.get("minimum").and_then(Value::as_f64) == Some(0.0)
                || v.get("format")
                    .and_then(Value::as_str)
                    .is_some_and(|f| f.starts_with('u'));
            if unsigned { "integer ≥ 0" } else { "integer" }.into()
        }
        "number" => "number".into(),
        other => other.to_string(),
    }
}

/// A default value as a modder writes it in TOML.
fn toml_value(v: &Value) -> String {
    match v {
        Value::Null => "unset".into(),
        Value::String(s) => format!("\"{s}\""),
        Value::Array(a) => format!(
            "[{}]",
            a.iter().map(toml_value).collect::<Vec<_>>().join(", ")
        ),
        Value::Object(o) if o.is_empty() => "{}".into(),
        Value::Object(o) => format!(
            "{{ {} }}",
            o.iter()
                .map(|(k, v)| format!("{k} = {}", toml_value(v)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        other => other.to_string(),
    }
}

fn cell(s: &str) -> String {
    s.replace('|', "\\|")
}

/// One registry's fields. `code_defaults` holds defaults that live in code rather than in
/// the schema (`[balance]`: `Balance::default`, not the patch type, whose fields are all
/// optional, with the allowed ranges of `BALANCE_RANGES`); its types are scalars, so it
/// adds no sections to `pending`.
fn field_table(
    out: &mut String,
    def: &Value,
    pending: &mut Vec<String>,
    code_defaults: Option<&Value>,
) {
    let required: BTreeSet<&str> = def
        .get("required")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    let _ = writeln!(
        out,
        "| field | type | default | meaning |\n| --- | --- | --- | --- |"
    );
    for (name, prop) in def
        .get("properties")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
    {
        let mut refs = Vec::new();
        let ty = type_of(prop, &mut refs);
        let shown =
            |d: Option<&Value>| d.map_or("unset".into(), |d| format!("`{}`", toml_value(d)));
        let default = match code_defaults {
            Some(defaults) => shown(defaults.get(name)),
            None => {
                pending.extend(refs);
                if required.contains(name.as_str()) {
                    "required".to_string()
                } else {
                    shown(prop.get("default"))
                }
            }
        };
        let mut meaning = description(prop).unwrap_or_default();
        // `[balance]`'s ranges come from the table the loader checks against.
        if code_defaults.is_some()
            && let Some(row) = BALANCE_RANGES.iter().find(|r| r.key == name)
        {
            let _ = write!(meaning, " Allowed: {}.", row.allowed());
        }
        let _ = writeln!(
            out,
            "| `{name}` | {} | {} | {} |",
            cell(&ty),
            cell(&default),
            cell(&meaning)
        );
    }
}

/// The tag field of an internally tagged enum (`action`, `check`), if `def` is one.
fn tag_of(def: &Value) -> Option<String> {
    let first = def.get("oneOf")?.as_array()?.first()?;
    let props = first.get("properties")?.as_object()?;
    props
        .iter()
        .find(|(_, p)| p.get("const").is_some() || p.get("enum").is_some())
        .map(|(k, _)| k.clone())
}

fn tagged_enum(out: &mut String, name: &str, tag: &str, def: &Value, pending: &mut Vec<String>) {
    let _ = writeln!(out, "\n### {name}\n");
    if let Some(d) = description(def) {
        let _ = writeln!(out, "{d}\n");
    }
    let _ = writeln!(
        out,
        "Chosen by the `{tag}` field; the other fields depend on it."
    );
    for variant in def
        .get("oneOf")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let Some(tag_schema) = variant.get("properties").and_then(|p| p.get(tag)) else {
            continue;
        };
        let value = tag_schema
            .get("const")
            .or_else(|| tag_schema.get("enum").and_then(|e| e.get(0)))
            .map(toml_value)
            .unwrap_or_default();
        let _ = writeln!(out, "\n#### `{tag} = {value}`\n");
        if let Some(d) = description(variant) {
            let _ = writeln!(out, "{d}\n");
        }
        let mut fields = variant.clone();
        if let Some(p) = fields.get_mut("properties").and_then(Value::as_object_mut) {
            p.remove(tag);
        }
        if let Some(r) = fields.get_mut("required").and_then(Value::as_array_mut) {
            r.retain(|v| v.as_str() != Some(tag));
        }
        if fields
            .get("properties")
            .and_then(Value::as_object)
            .is_some_and(|p| !p.is_empty())
        {
            field_table(out, &fields, pending, None);
        } else {
            let _ = writeln!(out, "No other fields.");
        }
    }
}

/// A plain enum: its values with their doc comments.
fn values(out: &mut String, def: &Value) {
    let mut rows = Vec::new();
    if let Some(e) = def.get("enum").and_then(Value::as_array) {
        rows.extend(e.iter().map(|v| (toml_value(v), String::new())));
    }
    for v in def
        .get("oneOf")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let d = description(v).unwrap_or_default();
        if let Some(c) = v.get("const") {
            rows.push((toml_value(c), d));
        } else if let Some(e) = v.get("enum").and_then(Value::as_array) {
            rows.extend(e.iter().map(|x| (toml_value(x), d.clone())));
        } else if let Some(props) = v.get("properties").and_then(Value::as_object) {
            // Externally tagged with data: `{ ahead = 3 }`.
            for (k, p) in props {
                let ty = type_of(p, &mut Vec::new());
                rows.push((format!("{{ {k} = <{ty}> }}"), d.clone()));
            }
        }
    }
    let _ = writeln!(out, "| value | meaning |\n| --- | --- |");
    for (v, d) in rows {
        let _ = writeln!(out, "| `{}` | {} |", cell(&v), cell(&d));
    }
}

/// "When things happen in a turn", from the core's turn-step table itself.
fn turn_steps(out: &mut String) {
    let _ = writeln!(out, "\n## When things happen in a turn\n");
    let _ = writeln!(
        out,
        "Every accepted command is one turn: an *exploration* turn outside a fight, a *fight* \
         turn in one. A turn runs these steps in this order; a step that is not for this kind \
         of turn passes. Events are processed as they come, each with its triggers (at most \
         100 in a chain), inside the step that caused them: a `damage_dealt` trigger fires \
         right after that hit, before the next action and long before the monsters move. When \
         the hero dies (the action that killed it and its events finish) or descends, the \
         steps left pass but the end. A refused command runs none of them.\n"
    );
    let _ = writeln!(
        out,
        "| # | step | in | what happens |\n| --- | --- | --- | --- |"
    );
    for (i, info) in TURN_STEPS.iter().enumerate() {
        let kinds: Vec<&str> = info
            .acts_in
            .iter()
            .map(|k| match k {
                TurnKind::Exploration => "exploration",
                TurnKind::Combat => "fight",
            })
            .collect();
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} |",
            i + 1,
            info.name,
            kinds.join(", "),
            cell(info.does)
        );
    }
}

/// How content names its picture, and every icon of the atlas.
fn pictures(out: &mut String) {
    let names = &atlas().names;
    let _ = writeln!(
        out,
        "\n## Pictures\n\n\
         Creatures, items, abilities and traps are drawn by their `symbol` in their `color`\n\
         unless they name a picture:\n\n\
         - `icon = \"name\"`: an icon of the game's atlas, a white silhouette drawn in the\n  \
         entry's `color`. The icons are game-icons.net's, by Lorc, Delapouite and contributors\n  \
         (CC BY 3.0; `assets/art/CREDITS.md`). An unknown name is an error with the nearest name.\n\
         - `sprite = \"file.png\"` (mods only; the core pack uses icons): a PNG in the mod's\n  \
         folder, its path from the folder holding `mod.toml` (`/` between folders), square,\n  \
         {MIN_SPRITE_SIDE} to {MAX_SPRITE_SIDE} px a side, at most {MAX_SPRITE_BYTES} bytes, \
         drawn in its own colours. It wins\n  \
         over `icon`, which is still checked. A missing, unreadable, non-square or wrongly sized\n  \
         file is an error.\n\
         - Pictures are presentation only: changing one leaves the content's fingerprint, and so\n  \
         saves and replays, valid.\n\n\
         The atlas's {} icons:\n",
        names.len()
    );
    // Wrapped, so the list reads (and diffs) line by line.
    let mut line = String::new();
    for (i, n) in names.iter().enumerate() {
        let item = format!("`{n}`{}", if i + 1 < names.len() { "," } else { "" });
        if !line.is_empty() && line.len() + 1 + item.len() > 95 {
            let _ = writeln!(out, "{line}");
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line += &item;
    }
    let _ = writeln!(out, "{line}");
}

/// Names the schema types cannot carry: events, roles, attributes, colours.
fn lists(out: &mut String) {
    let _ = writeln!(out, "\n## Events and roles\n");
    let _ = writeln!(
        out,
        "A trigger's `event` is one of these; `role` says which part its holder plays (the\n\
         first listed is the default; `any` means every holder taking part).\n"
    );
    let _ = writeln!(out, "| event | when | roles |\n| --- | --- | --- |");
    let mut roles_seen: Vec<(&str, Role)> = Vec::new();
    for (name, kind) in EVENT_NAMES {
        let roles: Vec<String> = kind.roles().iter().map(|(r, _)| format!("`{r}`")).collect();
        for &(r, role) in kind.roles() {
            if !roles_seen.iter().any(|&(seen, _)| seen == r) {
                roles_seen.push((r, role));
            }
        }
        let _ = writeln!(
            out,
            "| `{name}` | {} | {} |",
            cell(kind.meaning()),
            roles.join(", ")
        );
    }
    let _ = writeln!(
        out,
        "\nA trigger's `target` (in its actions and conditions) is the holder's other party in \
         the event, as said above; `self` is the holder.\n"
    );
    let _ = writeln!(out, "| role | the holder is |\n| --- | --- |");
    for (r, role) in roles_seen {
        let _ = writeln!(out, "| `{r}` | {} |", cell(role.meaning()));
    }
    let _ = write!(out, "\n{MODES}");
    turn_steps(out);
    pictures(out);
    let _ = writeln!(out, "\n## Names\n");
    let quote = |xs: &[&str]| {
        xs.iter()
            .map(|x| format!("`{x}`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let _ = writeln!(
        out,
        "- Condition attributes (`check = \"attribute\"`): {}. `health` and `stamina` compare \
         as a share of their maximum (0..1), the others as values.",
        quote(&CONDITION_ATTRIBUTES)
    );
    let _ = writeln!(
        out,
        "- Effect attributes (modifiers' `effects`): {}; `resistance` needs `damage_type`.",
        quote(&ATTRIBUTE_NAMES)
    );
    let _ = writeln!(
        out,
        "- Abilities every creature knows without listing them: {}.",
        quote(&BUILTIN_ABILITIES)
    );
    let colors: Vec<&str> = NAMED_COLORS.iter().map(|(n, _)| *n).collect();
    let _ = writeln!(
        out,
        "- Colours: {} (tuned for the dark dungeon; `gray` is `grey`), any other CSS named \
         colour (`teal`, `rebeccapurple`, … in any case), or `#rrggbb`.\n\
         - Symbols: one printable ASCII character (`!` to `~`).",
        quote(&colors)
    );
}
