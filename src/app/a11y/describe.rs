//! Reading on a key, for playing by ear: the surroundings (V; in a fight the fight first), the
//! fight alone (C: enemies, hit chances, abilities with their locks), the log's last lines (N)
//! and the last announcement again (R); `keys.toml` rebinds each. What is read is also shown in
//! a panel over the map until the next turn. The look cursor is read as it moves.
use bevy::prelude::*;

use super::announce::{Announce, LastSaid, Urgency};
use crate::app::shared::SelectedTarget;
use crate::app::shared::{
    AppSystems, ContentRes, GameRes, Overlay, RunShown, SIDEBAR_WIDTH, Screen, TurnResolved,
};
use crate::app::turn::{Action, Bindings, LookCursor, Mods, TurnInput};
use crate::app::ui::combat_panel::panel_view;
use crate::app::ui::examine::throw_words;
use crate::app::ui::log::MessageLog;
use crate::content::Content;
use crate::game::Game;
use crate::game::examine::{bearing, describe};
use crate::game::surroundings::surroundings;

/// The panel that shows what was read.
#[derive(Component, Debug)]
pub struct ReadPanel;

/// What was last read on a key, shown until the next turn.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct ReadAloud(pub Option<String>);

/// How many of the log's lines N reads.
const LOG_LINES: usize = 5;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ReadAloud>();
    app.add_systems(OnEnter(RunShown), spawn_panel);
    // In play only: watching a replay gives C, X and Z to its speeds.
    app.add_systems(
        Update,
        read_keys
            .in_set(AppSystems::Input)
            .after(TurnInput)
            .run_if(in_state(Screen::InGame)),
    );
    // Before the news is spoken, and after the turn's news was written.
    app.add_systems(
        Update,
        read_look
            .in_set(AppSystems::Present)
            .after(super::announce::news)
            .before(super::announce::speak)
            .run_if(resource_exists_and_changed::<LookCursor>),
    );
    // After the frame is drawn, before the tree's labels are taken from the texts.
    app.add_systems(
        Update,
        show_read_panel
            .after(AppSystems::Present)
            .before(super::nodes::label_texts),
    );
}

/// The look cursor's tile in words: where it is from the hero, then what the examine panel
/// says of it ("3 east, 2 north: Floor. Skeleton (hostile): …"); aiming, the throw's odds
/// come first.
pub fn look_words(game: &Game, content: &Content, cursor: &LookCursor) -> String {
    let at = cursor.at;
    let lines = describe(game, content, at).unwrap_or_else(|| vec!["Unexplored.".into()]);
    let throw = (cursor.throwing).map_or_else(String::new, |i| {
        format!(" {}", throw_words(game, content, i, at))
    });
    format!("{}:{throw} {}", bearing(game, at), lines.join(" "))
}

/// Each tile the look cursor comes to is read out.
fn read_look(
    cursor: Res<LookCursor>,
    game: Res<GameRes>,
    content: Res<ContentRes>,
    mut said: MessageWriter<Announce>,
) {
    said.write(Announce::polite(look_words(
        game.game(),
        &content.0,
        &cursor,
    )));
}

fn spawn_panel(mut commands: Commands) {
    commands.spawn((
        Name::new("Read aloud"),
        ReadPanel,
        crate::app::shared::Region::ReadPanel,
        Text::new(""),
        TextFont::from_font_size(16.0),
        TextColor(Color::srgb(0.95, 0.95, 0.9)),
        Node {
            position_type: PositionType::Absolute,
            top: px(8),
            left: px(SIDEBAR_WIDTH + 8.0),
            max_width: px(620),
            padding: UiRect::all(px(8)),
            ..default()
        },
        GlobalZIndex(3),
        Visibility::Hidden,
        BackgroundColor(Color::srgba(0.04, 0.04, 0.07, 0.95)),
        DespawnOnExit(RunShown),
    ));
}

/// The fight in words: the enemies (the selected one marked), the initiative order, and each
/// ability with its key and lock, as the combat panel shows them.
pub fn fight_lines(game: &Game, content: &Content, selected: usize) -> Vec<String> {
    if !game.in_combat() {
        return vec!["You are not in a fight.".into()];
    }
    let (header, abilities) = panel_view(game, content, selected);
    header
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.trim().replacen("> ", "Selected: ", 1))
        .chain(
            abilities
                .into_iter()
                .map(|a| format!("Ability {}", a.text.replace("LOCKED", "locked"))),
        )
        .collect()
}

/// What each reading key says, or `None` when the key means something else here.
fn read_keys(
    keys: Res<ButtonInput<KeyCode>>,
    bindings: Res<Bindings>,
    overlay: Option<Res<State<Overlay>>>,
    game: Res<GameRes>,
    content: Res<ContentRes>,
    target: Option<Res<SelectedTarget>>,
    log: Option<Res<MessageLog>>,
    last: Res<LastSaid>,
    mut said: MessageWriter<Announce>,
    mut read: ResMut<ReadAloud>,
) {
    if overlay.is_some_and(|o| *o.get() != Overlay::None) {
        return;
    }
    let (g, c) = (game.game(), &content.0);
    let selected = target.map_or(0, |t| t.0);
    let Some(action) = keys
        .get_just_pressed()
        .filter_map(|k| bindings.pressed(*k, Mods::held(&keys)))
        .find(|a| {
            matches!(
                a,
                Action::Describe | Action::ReadFight | Action::ReadLog | Action::SayAgain
            )
        })
    else {
        return;
    };
    let lines = match action {
        Action::Describe if g.in_combat() => {
            let mut l = fight_lines(g, c, selected);
            l.extend(surroundings(g, c));
            l
        }
        Action::Describe => surroundings(g, c),
        Action::ReadFight => fight_lines(g, c, selected),
        Action::ReadLog => {
            let shown: Vec<String> = match log {
                Some(log) if !log.0.is_empty() => log.0.iter().map(|e| e.shown()).collect(),
                _ => g.log.lines.iter().map(|l| l.text.clone()).collect(),
            };
            let from = shown.len().saturating_sub(LOG_LINES);
            let mut l = vec![format!("The last {} lines of the log:", shown.len() - from)];
            l.extend(shown[from..].iter().cloned());
            l
        }
        _ => {
            // Said again at its own urgency.
            if let Some(text) = &last.text {
                said.write(Announce {
                    text: text.clone(),
                    urgency: last.urgency.unwrap_or(Urgency::Polite),
                });
            }
            return;
        }
    };
    read.0 = Some(lines.join("\n"));
    said.write(Announce::polite(lines.join(" ")));
}

/// Shows what was read; the next turn puts it away.
fn show_read_panel(
    mut read: ResMut<ReadAloud>,
    mut turns: MessageReader<TurnResolved>,
    mut panel: Query<(&mut Text, &mut Visibility), With<ReadPanel>>,
) {
    if turns.read().count() > 0 {
        read.0 = None;
    }
    if !read.is_changed() {
        return;
    }
    for (mut text, mut shown) in &mut panel {
        text.0 = read.0.clone().unwrap_or_default();
        *shown = if read.0.is_some() {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
    }
}
