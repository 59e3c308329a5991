//! Tests of loading: the core pack, located errors with hints, prefabs and floors, and
//! arbitrary or mutated bytes that must never panic the loader.
use super::{Content, Pack, core_pack, load_packs};
use crate::content::Severity;

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
    let d = &report.diagnostics[0];
    assert_eq!((d.line, d.path.as_str()), (1, "floors[0]"));
    assert!(
        d.message.starts_with("loop_min_gap: must be in 0..=100"),
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

    let stray = "[[prefabs]]\nid = \"test:den\"\nrows = [\"###\", \"#y#\", \"#+#\"]\n";
    let (_, report) = load_packs(&[core_pack(), pack(&[("p.toml", stray)])]);
    assert!(
        report.diagnostics[0]
            .message
            .contains("'y' is neither terrain")
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

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(500))]

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
}
