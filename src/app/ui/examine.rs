//! Pointing at a tile: a panel describing it (terrain, treasure, a creature's health and hit
//! chances) and dots along the path a click would travel; aiming a throw, the throw's odds
//! first (the map draws its line). Reads only.
use bevy::prelude::*;

use crate::app::shared::{
    ContentRes, GameRes, RunShown, SIDEBAR_WIDTH, TurnResolved, UiSystems, world_of,
};

use crate::app::turn::{Hovered, LookCursor};
use crate::content::Content;
use crate::game::Game;
use crate::game::examine::describe;
use crate::game::known_path;
use crate::game::throwing::ThrowPreview;
use crate::map::Pos;

#[derive(Component)]
struct ExamineText;

/// One dot of the path preview.
#[derive(Component)]
struct PathDot;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(RunShown), spawn_panel);
    app.add_systems(
        Update,
        show.in_set(UiSystems::Panel)
            .run_if(in_state(RunShown))
            .run_if(resource_changed::<Hovered>.or_else(on_message::<TurnResolved>)),
    );
}

fn spawn_panel(mut commands: Commands) {
    commands.spawn((
        Name::new("Examine"),
        ExamineText,
        crate::app::shared::Region::Examine,
        Text::new(""),
        TextFont::from_font_size(15.0),
        TextColor(Color::srgb(0.85, 0.85, 0.8)),
        // At the sidebar's foot, over nothing of the map.
        Node {
            position_type: PositionType::Absolute,
            bottom: px(8),
            left: px(8),
            width: px(SIDEBAR_WIDTH - 16.0),
            padding: UiRect::all(px(6)),
            ..default()
        },
        GlobalZIndex(2),
        Visibility::Hidden,
        BackgroundColor(Color::srgba(0.1, 0.1, 0.14, 0.95)),
        DespawnOnExit(RunShown),
    ));
}

fn show(
    mut commands: Commands,
    hovered: Res<Hovered>,
    game: Res<GameRes>,
    content: Res<ContentRes>,
    panel: Single<(&mut Text, &mut Visibility), With<ExamineText>>,
    dots: Query<Entity, With<PathDot>>,
    cursor: Option<Res<LookCursor>>,
) {
    let (mut text, mut shown) = panel.into_inner();
    for e in &dots {
        commands.entity(e).despawn();
    }
    let Some(p) = hovered.0 else {
        text.0.clear();
        *shown = Visibility::Hidden;
        return;
    };
    let g = game.game();
    text.0 = describe(g, &content.0, p).map_or_else(String::new, |l| l.join("\n"));
    let aiming = cursor.as_ref().and_then(|c| c.throwing);
    if let Some(index) = aiming {
        text.0 = format!("{}\n{}", throw_words(g, &content.0, index, p), text.0);
    }
    *shown = if text.0.is_empty() {
        Visibility::Hidden
    } else {
        Visibility::Inherited
    };
    if g.in_combat() || g.is_over() || aiming.is_some() {
        return;
    }
    let Some(path) = known_path(g, &content.0, p) else {
        return;
    };
    let height = g.floor.map.height();
    for &step in &path[1..] {
        commands.spawn((
            PathDot,
            Text2d::new("*"),
            TextFont::from_font_size(14.0),
            TextColor(Color::srgba(0.9, 0.8, 0.3, 0.8)),
            Transform::from_translation(world_of(step, height).extend(4.0)),
            DespawnOnExit(RunShown),
        ));
    }
}

/// The throw the target cursor would make at `at`, in words: what is thrown, whom it would
/// meet first with the odds and about the damage, or why it cannot go.
pub fn throw_words(game: &Game, content: &Content, index: usize, at: Pos) -> String {
    let name = (game.party.inventory.get(index))
        .map_or_else(String::new, |it| game.item_called(it, content));
    match game.throw_preview(index, at, content) {
        ThrowPreview::Refused(why) => format!("Throw {name}: {why}"),
        ThrowPreview::Nobody {
            blocked_at: Some(_),
        } => {
            format!("Throw {name}: something stops it on the way, and it strikes nobody.")
        }
        ThrowPreview::Nobody { blocked_at: None } => {
            format!("Throw {name} (Enter): it comes down there, striking nobody; heard near by.")
        }
        ThrowPreview::Strikes {
            target,
            chance,
            damage,
        } => format!(
            "Throw {name} (Enter): {:.0}% to strike {}, about {damage:.0} damage.",
            chance * 100.0,
            game.called(target, content)
        ),
    }
}
