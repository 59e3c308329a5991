//! Tests of loading: the core pack, located errors with hints, an ability's `range`, prefabs
//! and floors, pictures (icons and sprites, outside the fingerprint), and arbitrary or
//! mutated bytes that must never panic the loader.
use super::{Content, Pack, core_pack, load_packs};
use crate::content::Severity;
use crate::content::art::{Picture, atlas};

fn pack(files: &[(&str, &str)]) -> Pack {
    Pack {
        id: "test".into(),
        files: files
            .iter()
            .map(|(p, t)| (p.to_string(), t.as_bytes().to_vec()))
            .collect(),
    }
}

#[test]
fn core_pack_loads_without_errors() {
    let content = Content::core().unwrap_or_else(|r| panic!("{r}"));
    assert!(content.creature("core:hero").is_some());
    assert!(content.creature("core:skeleton").is_some());
    assert!(content.ability("core:power_strike").is_some());
    assert!(!content.floors.is_empty());
}

#[test]
fn unknown_ability_is_located_with_a_suggestion() {
    let text = "[[creatures]]\nid = \"test:rat\"\nname = \"Rat\"\nsymbol = \"r\"\ncolor = \"brown\"\nabilities = [\"core:atack\"]\n";
    let (_, report) = load_packs(&[core_pack(), pack(&[("rat.toml", text)])]);
    let d = report
        .diagnostics
        .iter()
        .find(|d| d.severity == Severity::Error)
        .expect("an error");
    assert_eq!((d.file.as_str(), d.line, d.column), ("rat.toml", 6, 14));
    assert!(
        d.message.contains("did you mean `core:attack`"),
        "{}",
        d.message
    );
    assert_eq!(report.skipped, vec!["test".to_string()]);
}

#[test]
fn syntax_error_has_line_and_column() {
    let (_, report) = load_packs(&[pack(&[("bad.toml", "[[creatures]]\nid = \n")])]);
    let d = &report.diagnostics[0];
    assert_eq!(d.line, 2);
    assert!(report.has_errors());
}

#[test]
fn bad_symbol_and_color_are_errors() {
    let text = "[[creatures]]\nid = \"test:x\"\nname = \"X\"\nsymbol = \"xx\"\ncolor = \"gren\"\n";
    let (_, report) = load_packs(&[pack(&[("x.toml", text)])]);
    assert!(report.diagnostics[0].message.contains("symbol"));
}

#[test]
fn prefabs_load_and_floors_draw_from_them() {
    let content = Content::core().unwrap();
    assert!(content.prefabs.len() >= 8);
    let crypt = &content.prefabs["core:crypt"];
    assert_eq!(crypt.legend[&'w'], "core:wraith");
    let profile = content.generator_profile(5).unwrap();
    assert!(profile.prefab_count > 0);
    assert!(profile.prefabs.iter().any(|p| p.id == "core:crypt"));
}

#[test]
fn a_floor_with_traps_must_say_which() {
    let floor = "[[floors]]\ndepth = 1\nwidth = 21\nheight = 21\ntraps = 2\n";
    let (content, report) = load_packs(&[core_pack(), pack(&[("f.toml", floor)])]);
    let d = &report.diagnostics[0];
    assert_eq!((d.line, d.path.as_str()), (1, "floors[0].trap_kinds"));
    assert!(d.message.contains("places 2 trap(s)"), "{}", d.message);
    assert_eq!(report.skipped.len(), 1, "the pack is skipped");
    assert_eq!(content.floors, Content::core().unwrap().floors);
    let fine = format!("{floor}trap_kinds = [{{ id = \"core:spike_trap\", weight = 1 }}]\n");
    let (_, report) = load_packs(&[core_pack(), pack(&[("f.toml", &fine)])]);
    assert!(!report.has_errors(), "{report}");
}

#[test]
fn loop_min_gap_reaches_the_generator() {
    let floor = "[[floors]]\ndepth = 1\nwidth = 21\nheight = 21\n";
    let profile = |text: &str| {
        let (content, report) = load_packs(&[core_pack(), pack(&[("f.toml", text)])]);
        assert!(!report.has_errors(), "{report}");
        content.generator_profile(1).unwrap()
    };
    let default = profile(floor);
    assert_eq!(default.loop_min_gap, crate::dungeon::LOOP_MIN_GAP);
    let uniform = profile(&format!("{floor}loop_min_gap = 0\n"));
    assert_eq!(uniform.loop_min_gap, 0);
    assert_eq!(uniform.width, 21);
    // The knob changes the floor: the same seed opens other walls.
    let differs = (0..5).any(|seed| {
        crate::dungeon::generate(&default, seed, 1).map
            != crate::dungeon::generate(&uniform, seed, 1).map
    });
    assert!(differs);

    let (_, report) = load_packs(&[
        core_pack(),
        pack(&[("f.toml", &format!("{floor}loop_min_gap = 101\n"))]),
    ]);
    // Once, at the field's own line.
    assert_eq!(report.diagnostics.len(), 1, "{report}");
    let d = &report.diagnostics[0];
    assert_eq!((d.line, d.path.as_str()), (5, "floors[0].loop_min_gap"));
    assert!(
        d.message.starts_with("`loop_min_gap`: must be in 0..=100"),
        "{}",
        d.message
    );
    assert_eq!(report.skipped.len(), 1, "the pack is skipped");
}

#[test]
fn prefab_errors_are_located() {
    let floor = "[[floors]]\ndepth = 1\nwidth = 21\nheight = 21\nprefabs = [\"core:rat_dem\"]\nprefab_count = 1\n";
    let (_, report) = load_packs(&[core_pack(), pack(&[("f.toml", floor)])]);
    let d = &report.diagnostics[0];
    assert_eq!((d.line, d.path.as_str()), (5, "floors[0].prefabs[0]"));
    assert!(
        d.message.contains("did you mean `core:rat_den`"),
        "{}",
        d.message
    );

    let legend = "[[prefabs]]\nid = \"test:den\"\nrows = [\"###\", \"#x#\", \"#+#\"]\nlegend = { x = \"core:ratt\" }\n";
    let (_, report) = load_packs(&[core_pack(), pack(&[("p.toml", legend)])]);
    let d = &report.diagnostics[0];
    assert_eq!(d.path, "prefabs[0].legend.x");
    assert!(
        d.message.contains("unknown creature `core:ratt`"),
        "{}",
        d.message
    );

    // At the stray character itself: its row's line, its column.
    let stray = "[[prefabs]]\nid = \"test:den\"\nrows = [\"###\", \"#y#\", \"#+#\"]\n";
    let (_, report) = load_packs(&[core_pack(), pack(&[("p.toml", stray)])]);
    let d = &report.diagnostics[0];
    assert_eq!(report.diagnostics.len(), 1, "{report}");
    assert_eq!(
        (d.line, d.column, d.path.as_str()),
        (3, 18, "prefabs[0].rows[1]")
    );
    assert!(
        d.message.contains("'y' (column 2) is neither terrain"),
        "{}",
        d.message
    );

    let big = format!(
        "{}{}",
        legend
            .replace("core:ratt", "core:rat")
            .replace("\"###\", ", "\"###########################\", "),
        floor.replace("core:rat_dem", "test:den")
    );
    let (_, report) = load_packs(&[core_pack(), pack(&[("p.toml", &big)])]);
    assert!(report.has_errors());
    assert!(
        report.diagnostics[0].message.contains("does not fit"),
        "{}",
        report.diagnostics[0].message
    );
}

/// A 16×16 RGBA PNG of one colour.
fn sprite_png(rgba: [u8; 4]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, 16, 16);
    enc.set_color(png::ColorType::Rgba);
    enc.set_depth(png::BitDepth::Eight);
    let mut w = enc.write_header().unwrap();
    w.write_image_data(&rgba.repeat(16 * 16)).unwrap();
    w.finish().unwrap();
    out
}

/// A mod with one creature, item, ability and trap, each drawn by `look` (a TOML line).
fn pictured_mod(look: &str, files: Vec<(String, Vec<u8>)>) -> Pack {
    let text = format!(
        "[[creatures]]\nid = \"pics:ghoul\"\nname = \"Ghoul\"\nsymbol = \"g\"\ncolor = \"green\"\n{look}\n\
         [[items]]\nid = \"pics:charm\"\nname = \"Charm\"\nsymbol = \"=\"\ncolor = \"gold\"\nslot = \"trinket\"\n{look}\n\
         [[abilities]]\nid = \"pics:claw\"\nname = \"Claw\"\n{look}\n\
         [[traps]]\nid = \"pics:pit\"\nname = \"pit\"\nsymbol = \"^\"\ncolor = \"grey\"\n{look}\n\
         actions = [ {{ action = \"damage\", amount = 2, damage_type = \"physical\", target = \"self\" }} ]\n"
    );
    let mut pack = pack(&[("pics.toml", &text)]);
    pack.id = "pics".into();
    pack.files.extend(files);
    pack
}

/// The pictures of the mod's four entries.
fn pictures(c: &Content) -> [Picture; 4] {
    [
        c.creatures["pics:ghoul"].picture.clone(),
        c.items["pics:charm"].picture.clone(),
        c.abilities["pics:claw"].picture.clone(),
        c.traps["pics:pit"].picture.clone(),
    ]
}

#[test]
fn every_core_creature_item_ability_and_trap_has_an_icon() {
    let content = Content::core().unwrap();
    let pictures = content
        .creatures
        .iter()
        .map(|(id, c)| (id, &c.picture))
        .chain(content.items.iter().map(|(id, i)| (id, &i.picture)))
        .chain(content.abilities.iter().map(|(id, a)| (id, &a.picture)))
        .chain(content.traps.iter().map(|(id, t)| (id, &t.picture)));
    let mut count = 0;
    for (id, picture) in pictures {
        assert!(
            matches!(picture, Picture::Icon(_)),
            "{id} has no icon: {picture:?}"
        );
        count += 1;
    }
    assert!(count > 50, "{count}");
    let skeleton = atlas().index("skeleton").unwrap();
    assert_eq!(
        content.creatures["core:skeleton"].picture,
        Picture::Icon(skeleton)
    );
}

#[test]
fn icons_and_sprites_resolve_and_leave_the_fingerprint_alone() {
    let core_only = Content::core().unwrap().fingerprint();
    let load = |pack: Pack| {
        let (content, report) = load_packs(&[core_pack(), pack]);
        assert!(!report.has_errors(), "{report}");
        content
    };
    let glyphs = load(pictured_mod("", vec![]));
    let rats = load(pictured_mod("icon = \"rat\"", vec![]));
    let bats = load(pictured_mod("icon = \"bat\"", vec![]));
    let files = |rgba| vec![("art/ghoul.png".to_string(), sprite_png(rgba))];
    let red = load(pictured_mod(
        "icon = \"rat\"\nsprite = \"art/ghoul.png\"",
        files([255, 0, 0, 255]),
    ));
    let blue = load(pictured_mod(
        "sprite = \"art/ghoul.png\"",
        files([0, 0, 255, 255]),
    ));

    let rat = Picture::Icon(atlas().index("rat").unwrap());
    assert_eq!(pictures(&glyphs), std::array::from_fn(|_| Picture::Glyph));
    assert_eq!(pictures(&rats), std::array::from_fn(|_| rat.clone()));
    let Picture::Sprite(s) = &pictures(&red)[0] else {
        panic!("the sprite wins over the icon: {:?}", pictures(&red)[0]);
    };
    assert_eq!(
        (s.file.as_str(), s.width, s.height),
        ("art/ghoul.png", 16, 16)
    );
    assert_eq!(&s.rgba[..4], &[255, 0, 0, 255]);
    // Entries naming one file share one decoded sprite.
    let Picture::Sprite(trap) = &pictures(&red)[3] else {
        panic!()
    };
    assert!(std::sync::Arc::ptr_eq(s, trap));
    assert_ne!(pictures(&red), pictures(&blue));

    // Pictures are presentation: saves and replays of any of these stay valid for the others.
    let prints = [&rats, &bats, &red, &blue].map(|c| c.fingerprint());
    assert_eq!(prints, [glyphs.fingerprint(); 4]);
    assert_ne!(
        glyphs.fingerprint(),
        core_only,
        "the entries themselves are hashed"
    );
}

#[test]
fn core_icons_do_not_enter_the_fingerprint() {
    let mut bare = core_pack();
    for (_, bytes) in &mut bare.files {
        let text = String::from_utf8(bytes.clone()).unwrap();
        let kept: Vec<&str> = text.lines().filter(|l| !l.starts_with("icon = ")).collect();
        *bytes = kept.join("\n").into_bytes();
    }
    let (without, report) = load_packs(&[bare]);
    assert!(!report.has_errors(), "{report}");
    let with = Content::core().unwrap();
    assert_eq!(
        with.creatures["core:rat"].picture,
        Picture::Icon(atlas().index("rat").unwrap())
    );
    assert_eq!(without.creatures["core:rat"].picture, Picture::Glyph);
    assert_eq!(without.fingerprint(), with.fingerprint());
}

#[test]
fn a_bad_icon_or_sprite_is_located_and_skips_the_mod() {
    let (content, report) = load_packs(&[core_pack(), pictured_mod("icon = \"ratt\"", vec![])]);
    let d = &report.diagnostics[0];
    assert_eq!((d.file.as_str(), d.line, d.column), ("pics.toml", 6, 8));
    assert_eq!(d.path, "creatures[0].icon");
    assert!(
        d.message
            .contains("unknown icon `ratt`, did you mean `rat`?"),
        "{}",
        d.message
    );
    assert_eq!(report.skipped, ["pics"]);
    assert!(content.creature("pics:ghoul").is_none());

    let junk = vec![("ghoul.png".to_string(), b"GIF89a".to_vec())];
    let (_, report) = load_packs(&[core_pack(), pictured_mod("sprite = \"ghoul.png\"", junk)]);
    let d = &report.diagnostics[0];
    assert_eq!(
        (d.line, d.column, d.path.as_str()),
        (6, 10, "creatures[0].sprite")
    );
    assert!(
        d.message.contains("`ghoul.png` is not a readable PNG"),
        "{}",
        d.message
    );
    assert_eq!(report.skipped, ["pics"]);
}

#[test]
fn the_core_pack_cannot_name_a_sprite() {
    let mut core = core_pack();
    let (_, creatures) = core
        .files
        .iter_mut()
        .find(|(p, _)| p == "creatures.toml")
        .unwrap();
    let text = String::from_utf8(creatures.clone()).unwrap();
    *creatures = text
        .replacen("icon = \"rat\"", "sprite = \"rat.png\"", 1)
        .into_bytes();
    let (_, report) = load_packs(&[core]);
    let d = &report.diagnostics[0];
    assert!(
        d.message.contains("the core pack draws with `icon`"),
        "{}",
        d.message
    );
    assert_eq!(d.source_line, "sprite = \"rat.png\"");
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(crate::test_tier::cases(500)))]

    /// Whatever bytes a mod file holds, loading reports and never panics; a pack that
    /// failed is skipped whole and the core stays loaded.
    #[test]
    fn arbitrary_bytes_never_panic_the_loader(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..400)) {
        let junk = Pack { id: "junk".into(), files: vec![("junk.toml".into(), bytes)] };
        let (content, report) = load_packs(&[core_pack(), junk]);
        proptest::prop_assert!(content.creature("core:hero").is_some());
        if report.has_errors() {
            proptest::prop_assert_eq!(report.skipped, vec!["junk".to_string()]);
        }
    }

    /// Mutated copies of a real content file: the same promise, closer to what a modder types.
    #[test]
    fn mutated_content_never_panics_the_loader(at in 0usize..2000, byte in proptest::prelude::any::<u8>(), cut in 0usize..2000) {
        let mut text = include_bytes!("../../../assets/core/prefabs.toml").to_vec();
        let at = at % text.len();
        text[at] = byte;
        text.truncate(cut.max(at + 1));
        let pack = Pack { id: "core".into(), files: vec![("prefabs.toml".into(), text)] };
        let _ = load_packs(&[core_pack(), pack]);
    }

    /// Whatever bytes a sprite holds, loading reports and never panics.
    #[test]
    fn arbitrary_sprite_bytes_never_panic_the_loader(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..400), keep in 0usize..200) {
        let mut png = sprite_png([9, 9, 9, 9]);
        png.truncate(keep.max(8));
        png.extend(bytes);
        let pack = pictured_mod("sprite = \"junk.png\"", vec![("junk.png".into(), png)]);
        let (content, _) = load_packs(&[core_pack(), pack]);
        proptest::prop_assert!(content.creature("core:hero").is_some());
    }
}

/// The first error of loading core plus one test pack holding `text`.
fn first_error(text: &str) -> crate::content::Diagnostic {
    let (_, report) = load_packs(&[core_pack(), pack(&[("t.toml", text)])]);
    assert_eq!(report.skipped, ["test"], "{report}");
    report
        .diagnostics
        .into_iter()
        .find(|d| d.severity == Severity::Error)
        .expect("an error")
}

const RAT: &str =
    "[[creatures]]\nid = \"test:rat\"\nname = \"Rat\"\nsymbol = \"r\"\ncolor = \"brown\"\n";

#[test]
fn depths_read_one_depth_or_a_range_on_both_readers() {
    use crate::content::placement::{Depths, SpawnRule};
    for (text, want) in [
        ("depths = 3", (3, 3)),
        ("depths = [3]", (3, 3)),
        ("depths = [2, 5]\nweight = 7", (2, 5)),
    ] {
        let slow: SpawnRule = toml::from_str(text).unwrap();
        let fast: SpawnRule = crate::content::fast_toml::from_str(text, 8).unwrap();
        let (first, last) = want;
        assert_eq!(*slow.depths.get_ref(), Depths { first, last }, "{text}");
        assert_eq!(fast, slow, "{text}");
        assert_eq!(fast.depths.span(), slow.depths.span());
    }
    for bad in [
        "depths = [1, 2, 3]",
        "depths = []",
        "depths = \"3\"",
        "depths = -1",
    ] {
        let err = toml::from_str::<SpawnRule>(bad).unwrap_err();
        assert!(err.message().contains("depth"), "{bad}: {err}");
    }
}

#[test]
fn placements_out_of_the_run_are_located_errors() {
    for (rule, message, column) in [
        ("depths = 0", "depth 0: floors count from 1", 22),
        (
            "depths = [5, 3]",
            "run backwards: write the first floor first, [3, 5]",
            22,
        ),
        ("depths = [1, 8], weight = 0", "weight 0 never draws it", 39),
    ] {
        let d = first_error(&format!("{RAT}spawn = [ {{ {rule} }} ]\n"));
        assert!(d.message.contains(message), "{rule}: {}", d.message);
        assert_eq!((d.line, d.column), (6, column), "{rule}");
    }
    let prefab = "[[prefabs]]\nid = \"test:cell\"\nrows = [\"###\", \"#.#\", \"#+#\"]\n";
    let d = first_error(&format!("{prefab}weight = 3\n"));
    assert!(
        d.message.contains("`weight` needs `depths`"),
        "{}",
        d.message
    );
    assert_eq!((d.line, d.path.as_str()), (4, "prefabs[0].weight"));
    let d = first_error(&format!("{prefab}depths = 1\nweight = 101\n"));
    assert!(d.message.contains("more than 100"), "{}", d.message);
    // A pack that raises the number of floors may place on the new ones.
    let deeper = format!("[balance]\nfloors = 10\n\n{RAT}spawn = [ {{ depths = 10 }} ]\n");
    let (content, report) = load_packs(&[core_pack(), pack(&[("t.toml", &deeper)])]);
    assert!(!report.has_errors(), "{report}");
    let ten = content.floor_profile(10).unwrap();
    assert_eq!(ten.depth, 10);
    assert_eq!(ten.spawns.last().unwrap().id.get_ref(), "test:rat");
    assert!(
        content.floors.iter().all(|f| f.depth != 9),
        "floor 9 keeps floor 7's profile"
    );
    assert!(
        !content
            .floor_profile(9)
            .unwrap()
            .spawns
            .iter()
            .any(|s| s.id.get_ref() == "test:rat")
    );
}

#[test]
fn a_prefab_that_a_later_floor_no_longer_holds_is_left_out_with_a_warning() {
    let wide = format!("\"#{}#\"", ".".repeat(25));
    let prefab = format!(
        "[[prefabs]]\nid = \"test:hall\"\nrows = [\"{}\", {wide}, \"{}+#\"]\ndepths = [2, 3]\n",
        "#".repeat(27),
        "#".repeat(25)
    );
    let small = "[[floors]]\ndepth = 3\nwidth = 21\nheight = 21\n";
    let later = Pack {
        id: "later".into(),
        files: vec![("f.toml".into(), small.as_bytes().to_vec())],
    };
    let (content, report) = load_packs(&[core_pack(), pack(&[("p.toml", &prefab)]), later]);
    assert!(!report.has_errors(), "{report}");
    let listed = |depth| {
        let f = content.floor_profile(depth).unwrap();
        f.prefabs
            .iter()
            .filter(|p| p.get_ref() == "test:hall")
            .count()
    };
    assert_eq!((listed(2), listed(3)), (1, 0));
    let d = report
        .diagnostics
        .iter()
        .find(|d| d.pack == "test")
        .expect("a warning");
    assert_eq!(d.severity, Severity::Warning);
    assert_eq!((d.file.as_str(), d.line), ("p.toml", 4));
    assert!(
        d.message.contains("does not fit inside floor 3 (21x21)"),
        "{}",
        d.message
    );
}

/// A hostile creature with no `ai` entries would wait every turn of every fight: a warning at
/// its entry. The hero and non-hostile creatures need none.
#[test]
fn a_hostile_creature_without_ai_entries_is_a_warning() {
    let creature = |id: &str, extra: &str| {
        format!(
            "[[creatures]]\nid = \"{id}\"\nname = \"X\"\nsymbol = \"x\"\ncolor = \"red\"\n{extra}"
        )
    };
    let text = [
        creature("test:statue", "ai = []\n"),
        creature("test:bystander", "hostile = false\n"),
        creature(
            "test:brawler",
            "abilities = [\"core:attack\"]\nai = [ { ability = \"core:attack\" } ]\n",
        ),
    ]
    .join("\n");
    let (content, report) = load_packs(&[core_pack(), pack(&[("c.toml", &text)])]);
    assert!(!report.has_errors(), "{report}");
    assert!(
        content.creature("test:statue").is_some(),
        "a warning keeps the mod"
    );
    let warned: Vec<(&str, usize, &str)> = report
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Warning)
        .map(|d| (d.path.as_str(), d.line, d.message.as_str()))
        .collect();
    assert_eq!(
        warned,
        [(
            "creatures[0]",
            2,
            "a hostile creature without `ai` entries always waits in a fight"
        )]
    );
}

const ZAP: &str = "[[abilities]]\nid = \"test:zap\"\nname = \"Zap\"\nactions = [{ action = \"damage\", amount = 1 }]\n";

/// An ability is melee unless its `range` says otherwise; out of 1..=20 is an error at the key.
#[test]
fn an_ability_reaches_one_tile_unless_its_range_says_up_to_twenty() {
    let range = |text: &str| {
        let (content, report) = load_packs(&[core_pack(), pack(&[("t.toml", text)])]);
        assert!(!report.has_errors(), "{report}");
        content.ability("test:zap").expect("the zap").range
    };
    assert_eq!(range(ZAP), 1);
    assert_eq!(range(&format!("{ZAP}range = 5\n")), 5);
    assert_eq!(range(&format!("{ZAP}range = 20\n")), 20);
    for bad in [0, 21] {
        let d = first_error(&format!("{ZAP}range = {bad}\n"));
        assert_eq!(
            (d.file.as_str(), d.line, d.column, d.path.as_str()),
            ("t.toml", 5, 1, "abilities[0].range"),
            "range = {bad}"
        );
        assert_eq!(
            d.message,
            format!("`range` = {bad} is out of range: expected 1..=20")
        );
    }
}

/// An `ai` entry the creature can never take is warned at its ability, and only then: one
/// naming an ability it does not list, one it can never afford, one after an entry that always
/// acts. Core loads with none of them.
#[test]
fn ai_entries_a_creature_never_takes_are_warned_at_the_entry() {
    let text = "[[abilities]]\nid = \"test:nova\"\nname = \"Nova\"\ncost = 50\n\
                actions = [{ action = \"damage\", amount = 9 }]\n\n\
                [[creatures]]\nid = \"test:muddle\"\nname = \"Muddle\"\nsymbol = \"m\"\n\
                color = \"red\"\nbase = { max_stamina = 20 }\n\
                abilities = [\"core:attack\", \"test:nova\"]\n\
                ai = [\n  { ability = \"core:bite\" },\n  { ability = \"test:nova\" },\n  \
                { ability = \"core:attack\" },\n  { ability = \"test:nova\", condition = [] },\n]\n";
    let (content, report) = load_packs(&[core_pack(), pack(&[("m.toml", text)])]);
    assert!(!report.has_errors(), "{report}");
    assert!(
        content.creature("test:muddle").is_some(),
        "warnings keep the mod"
    );
    let warned: Vec<(&str, usize, &str)> = (report.diagnostics.iter())
        .filter(|d| d.severity == Severity::Warning)
        .map(|d| (d.path.as_str(), d.line, d.message.as_str()))
        .collect();
    assert_eq!(
        warned,
        [
            (
                "creatures[0].ai[0]",
                15,
                "`core:bite` is not in this creature's `abilities`: it never uses it; add it there"
            ),
            (
                "creatures[0].ai[1]",
                16,
                "`test:nova` costs 50 stamina and this creature has 20 at most: it never uses it"
            ),
            (
                "creatures[0].ai[3]",
                18,
                "this entry is never reached: `ai[2]` before it always acts (no condition, and \
                 its ability has no cost, cooldown or condition); move this one above it"
            ),
        ]
    );
    let (_, core) = load_packs(&[core_pack()]);
    assert!(core.diagnostics.is_empty(), "{core}");
}

/// A floor's number out of range is one error, in the words every number's error uses, at
/// the field's line and column (the generator's own rule, checked again with the prefabs once
/// they are known, does not say it a second time).
#[test]
fn a_floor_number_out_of_range_is_one_error_at_its_field() {
    let floor = "[[floors]]\ndepth = 1\nwidth = 21\nheight = 21\npool_chance = 35\n";
    let (_, report) = load_packs(&[core_pack(), pack(&[("f.toml", floor)])]);
    assert_eq!(report.diagnostics.len(), 1, "{report}");
    let d = &report.diagnostics[0];
    assert_eq!((d.line, d.column), (5, 1));
    assert_eq!(d.path, "floors[0].pool_chance");
    assert_eq!(
        d.message,
        "`pool_chance` = 35 is a probability: expected 0..1"
    );
    // The generator's rules, at their field too.
    let even = "[[floors]]\ndepth = 1\nwidth = 20\nheight = 21\n";
    let (_, report) = load_packs(&[core_pack(), pack(&[("f.toml", even)])]);
    assert_eq!(report.diagnostics.len(), 1, "{report}");
    let d = &report.diagnostics[0];
    assert_eq!((d.line, d.path.as_str()), (3, "floors[0].width"));
    assert!(
        d.message.starts_with("`width`: must be odd"),
        "{}",
        d.message
    );
}

/// A mod's terrain kind that nothing can put on a floor is warned of at its id; one another
/// kind turns into, or one that takes a core kind's id, is not.
#[test]
fn a_terrain_kind_nothing_places_is_warned_of() {
    let kind = |id: &str, extra: &str| {
        format!(
            "[[terrain]]\nid = \"{id}\"\nname = \"x\"\ndescription = \"x\"\nglyph = \"_\"\n\
             surface = \"floor\"\ncolor = \"cyan\"\nwalkable = true\n{extra}"
        )
    };
    let never = |text: &str| {
        let (_, report) = load_packs(&[core_pack(), pack(&[("t.toml", text)])]);
        assert!(!report.has_errors(), "{report}");
        (report.diagnostics.iter())
            .filter(|d| d.message.contains("is never placed"))
            .map(|d| (d.line, d.path.clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        never(&kind("test:ice", "")),
        [(2, "terrain[0].id".to_string())]
    );
    // Thawed ice is placed where ice is: only the kind nothing leads to is warned of.
    let pair = format!(
        "{}\n{}",
        kind("test:ice", "trampled_to = \"test:slush\"\n"),
        kind("test:slush", "")
    );
    assert_eq!(never(&pair), [(2, "terrain[0].id".to_string())]);
    assert!(
        never(&kind("core:grass", "")).is_empty(),
        "a core kind replaced"
    );
}
