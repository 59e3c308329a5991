//! The message log under the map: the core's lines for each turn, refusals with their reason
//! and the app's notices, coloured by kind, with repeats folded ("… (x3)"). The whole kept log
//! scrolls in the message history overlay.
use bevy::prelude::*;

use crate::app::shared::{
    ContentRes, FloorEntered, GameRes, LOG_HEIGHT, Notice, RunShown, SIDEBAR_WIDTH, TurnResolved,
    UiSystems,
};

use crate::game::Outcome;

/// What a line tells, for its colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineKind {
    /// Harm to the hero.
    Harm,
    /// A monster killed, a fight won.
    Kill,
    Loot,
    /// A level reached.
    Level,
    /// Something to look at: a fight begins, a monster comes into view or appears.
    Alert,
    /// A command refused, travel that cannot go on.
    Refusal,
    Info,
}

impl LineKind {
    pub fn colour(self) -> Color {
        match self {
            LineKind::Harm => Color::srgb(1.0, 0.45, 0.4),
            LineKind::Kill => Color::srgb(1.0, 0.7, 0.35),
            LineKind::Loot => Color::srgb(0.95, 0.85, 0.35),
            LineKind::Level => Color::srgb(0.75, 0.6, 1.0),
            LineKind::Alert => Color::srgb(0.5, 0.8, 1.0),
            LineKind::Refusal => Color::srgb(0.6, 0.6, 0.62),
            LineKind::Info => Color::srgb(0.86, 0.85, 0.8),
        }
    }
}

/// The kind of one of the core's log lines, read from its wording (the rules' own phrases);
/// `hero` is the hero's shown name, which the lines use for it.
pub fn kind_of(text: &str, hero: &str) -> LineKind {
    let has = |s: &str| text.contains(s);
    // "hits you": the log's one voice; "hits Hero": a run's lines from before it.
    let harmed = has("hits you for")
        || has("hurts you for")
        || has(&format!("hits {hero} for"))
        || has(&format!("hurts {hero} for"));
    if harmed || has("You are killed") || has("You set off") {
        LineKind::Harm
    } else if has(" dies") || has("Victory!") {
        LineKind::Kill
    } else if has("You pick up") || has("You gain") || has("It drops") {
        LineKind::Loot
    } else if has("You reach level") || has("You win") {
        LineKind::Level
    } else if has("A fight begins")
        || has("appears!")
        || has("comes into view")
        || has("alarm sounds")
    {
        LineKind::Alert
    } else {
        LineKind::Info
    }
}

/// One line of the log; `count` folds the same line said again at once.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub text: String,
    pub kind: LineKind,
    pub count: u32,
}

impl Entry {
    /// The line as shown: with "(xn)" when it was said n times in a row (the UI font has no
    /// multiplication sign).
    pub fn shown(&self) -> String {
        counted(&self.text, self.count)
    }
}

/// A line said `n` times in a row, as the log and the announcements show it: "… (x3)".
pub fn counted(text: &str, n: u32) -> String {
    if n > 1 {
        format!("{text} (x{n})")
    } else {
        text.to_string()
    }
}

/// The lines the log keeps, newest last.
#[derive(Resource, Debug, Default, Clone)]
pub struct MessageLog(pub Vec<Entry>);

impl MessageLog {
    /// The log as the game's own kept lines tell it (watching a replay, after a jump).
    pub fn refill(&mut self, game: &crate::game::Game, content: &crate::content::Content) {
        self.0.clear();
        let hero = game.name(game.party.hero, content);
        for line in &game.log.lines {
            self.push(line.text.clone(), kind_of(&line.text, &hero));
        }
    }

    /// Adds a line, folding it into the last one when it says the same.
    pub fn push(&mut self, text: String, kind: LineKind) {
        match self.0.last_mut() {
            Some(last) if last.text == text => last.count += 1,
            _ => self.0.push(Entry {
                text,
                kind,
                count: 1,
            }),
        }
        if self.0.len() > KEPT {
            let extra = self.0.len() - KEPT;
            self.0.drain(..extra);
        }
    }
}

#[derive(Component)]
struct LogText;

const SHOWN: usize = 7;
pub const KEPT: usize = 500;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MessageLog>();
    app.add_systems(OnEnter(RunShown), spawn_log);
    app.add_systems(
        Update,
        (collect, show)
            .chain()
            .in_set(UiSystems::Log)
            .run_if(in_state(RunShown)),
    );
}

/// The first line of a new run.
pub fn welcome(seed: u64) -> String {
    format!("Welcome to Delve. Seed {seed}. Find the stairs down. M: message history, F1: keys.")
}

fn spawn_log(mut commands: Commands) {
    commands.spawn((
        Name::new("Message log"),
        LogText,
        // Placed by the layout; in the narrow one a tap opens it as a drawer.
        crate::app::shared::Region::Log,
        Interaction::default(),
        GlobalZIndex(0),
        Node {
            position_type: PositionType::Absolute,
            bottom: px(0),
            left: px(SIDEBAR_WIDTH),
            right: px(0),
            height: px(LOG_HEIGHT),
            padding: UiRect::axes(px(10), px(6)),
            flex_direction: FlexDirection::Column,
            justify_content: JustifyContent::End,
            border: UiRect::top(px(2)),
            overflow: Overflow::clip(),
            ..default()
        },
        BackgroundColor(Color::srgb(0.055, 0.05, 0.07)),
        BorderColor::all(Color::srgb(0.22, 0.19, 0.26)),
        DespawnOnExit(RunShown),
        // The lines shown, made once and rewritten in place.
        Children::spawn(SpawnIter((0..SHOWN).map(|_| {
            (
                LogLine,
                Text::new(""),
                TextFont::from_font_size(16.0),
                TextColor(Color::NONE),
            )
        }))),
    ));
}

/// One of the log's shown lines, oldest first.
#[derive(Component)]
struct LogLine;

/// What one resolved command says: its refusal, or the core's lines of that turn.
pub fn lines_for(
    resolved: &TurnResolved,
    game: &crate::game::Game,
    content: &crate::content::Content,
) -> Vec<(String, LineKind)> {
    let hero = game.name(game.party.hero, content);
    match &resolved.outcome {
        Outcome::Rejected(reason) => vec![(reason.to_string(), LineKind::Refusal)],
        _ => game
            .log
            .lines
            .iter()
            .filter(|l| l.turn == resolved.turn)
            .map(|l| (l.text.clone(), kind_of(&l.text, &hero)))
            .collect(),
    }
}

fn collect(
    mut turns: MessageReader<TurnResolved>,
    mut notices: MessageReader<Notice>,
    mut floors: MessageReader<FloorEntered>,
    game: Res<GameRes>,
    content: Res<ContentRes>,
    mut log: ResMut<MessageLog>,
) {
    // A new run (its first floor at turn 0) starts a new log.
    if floors.read().count() > 0 {
        if game.run.turn == 0 {
            log.0.clear();
            log.push(welcome(game.origin.seed), LineKind::Info);
        } else if log.0.is_empty() {
            log.push(
                format!(
                    "You go on with your run: floor {}, turn {}.",
                    game.floor.depth, game.run.turn
                ),
                LineKind::Info,
            );
        }
    }
    for t in turns.read() {
        for (text, kind) in lines_for(t, game.game(), &content.0) {
            log.push(text, kind);
        }
    }
    for n in notices.read() {
        let kind = match kind_of(&n.0, "") {
            LineKind::Info => LineKind::Refusal,
            k => k,
        };
        log.push(n.0.clone(), kind);
    }
}

fn show(
    log: Res<MessageLog>,
    root: Single<&Children, With<LogText>>,
    mut lines: Query<(&mut Text, &mut TextColor), With<LogLine>>,
    mut drawn: Local<Option<Entity>>,
) {
    let first = root.first().copied();
    if !log.is_changed() && *drawn == first {
        return;
    }
    *drawn = first;
    let start = log.0.len().saturating_sub(SHOWN);
    let shown = &log.0[start..];
    // The newest at the foot: the slots above the lines there are stay empty.
    let empty = SHOWN - shown.len();
    for (slot, child) in root.iter().enumerate() {
        let Ok((mut text, mut colour)) = lines.get_mut(child) else {
            continue;
        };
        let (words, c) = match slot.checked_sub(empty).and_then(|i| shown.get(i)) {
            Some(e) => {
                // Older lines a little dimmer, so the newest stand out.
                let age = (SHOWN - 1 - slot) as f32;
                let a = (1.0 - age * 0.1).max(0.5);
                (e.shown(), e.kind.colour().with_alpha(a))
            }
            None => (String::new(), Color::NONE),
        };
        if text.0 != words {
            text.0 = words;
        }
        colour.set_if_neq(TextColor(c));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeats_fold_and_kinds_follow_the_rules_wording() {
        let mut log = MessageLog::default();
        for _ in 0..3 {
            log.push("A rat comes into view.".into(), LineKind::Alert);
        }
        log.push("You wait.".into(), LineKind::Info);
        assert_eq!(log.0.len(), 2);
        assert_eq!(log.0[0].shown(), "A rat comes into view. (x3)");
        assert_eq!(log.0[1].shown(), "You wait.");
        let kind = |t: &str| kind_of(t, "Hero");
        assert_eq!(kind("The skeleton hits you for 4."), LineKind::Harm);
        assert_eq!(kind("You hit the skeleton for 4."), LineKind::Info);
        assert_eq!(kind("The spike trap hurts you for 3."), LineKind::Harm);
        assert_eq!(
            kind("Skeleton hits Hero for 4."),
            LineKind::Harm,
            "a line from before"
        );
        assert_eq!(kind("The giant rat dies. (+3 XP, +2 gold)"), LineKind::Kill);
        assert_eq!(kind("You pick up 12 gold."), LineKind::Loot);
        assert_eq!(kind("You reach level 2!"), LineKind::Level);
        assert_eq!(kind("A fight begins with the giant rat."), LineKind::Alert);
        assert_eq!(kind("You descend to floor 2."), LineKind::Info);
        for _ in 0..KEPT + 20 {
            log.push(format!("line {}", log.0.len()), LineKind::Info);
        }
        assert_eq!(log.0.len(), KEPT);
    }
}
