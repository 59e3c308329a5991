//! Announcements: each turn's new log lines through a polite live region; a fight's start, the
//! hero's health falling below a quarter, a level reached and the run's end through an
//! assertive one. A turn with nothing new says nothing; the same words said again on the next
//! turn are counted ("(x2)") so a screen reader hears them as new. On Linux each announcement
//! is also a new entry of the "Messages" log that takes the focus, which is what Orca speaks.
use accesskit::{Live, Node as AccessNode, Role};
use bevy::a11y::AccessibilityNode;
use bevy::input_focus::{FocusCause, InputFocus};
use bevy::prelude::*;

use crate::app::settings::Settings;
use crate::app::shared::{
    AppSystems, ContentRes, FloorEntered, GameRes, InRun, Notice, Overlay, TurnResolved,
};
use crate::app::ui::log::{LineKind, counted, lines_for, welcome};
use crate::app::web;
use crate::game::Attr;

/// How a screen reader should say it: after what it is saying, or at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Urgency {
    Polite,
    Assertive,
}

/// Something to say: the turn's news, or what the player asked to hear.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct Announce {
    pub text: String,
    pub urgency: Urgency,
}

impl Announce {
    pub fn polite(text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            urgency: Urgency::Polite,
        }
    }
    pub fn assertive(text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            urgency: Urgency::Assertive,
        }
    }
}

/// One of the two live regions: its node's value is the last thing said at its urgency.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct LiveRegion(pub Urgency);

/// Whether the news is spoken by moving the focus to it (Linux) rather than by live regions.
/// Orca (43, Debian 12's) ignores AccessKit's announcements and speaks what takes the focus;
/// a later Orca speaks both, so on Linux the regions are not live and nothing is said twice.
pub const SPEAK_BY_FOCUS: bool = cfg!(target_os = "linux");

/// The "Messages" log: each announcement a new entry under it, the newest focused.
#[derive(Component, Debug)]
pub struct HeardLog;

/// One announcement in the "Messages" log: its number, in the order said.
#[derive(Component, Debug)]
pub struct Heard(u64);

/// How many entries the "Messages" log keeps (the message history keeps them all).
const HEARD_KEPT: usize = 20;

/// The last announcement (for "say again") and how many times running it was said.
#[derive(Resource, Debug, Default, Clone)]
pub struct LastSaid {
    pub text: Option<String>,
    pub urgency: Option<Urgency>,
    repeats: u32,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<Announce>().init_resource::<LastSaid>();
    app.add_systems(Startup, spawn_regions);
    if SPEAK_BY_FOCUS {
        app.add_systems(
            Update,
            focus_messages
                .run_if(in_state(InRun).and_then(in_state(Overlay::None)))
                .after(super::nodes::drop_stale_focus),
        );
    }
    app.add_systems(
        Update,
        // The news is a run's: the menus announce through their `Menu`.
        (news.run_if(in_state(InRun)), speak)
            .chain()
            .in_set(AppSystems::Present)
            .after(crate::app::shared::UiSystems::Screen),
    );
}

fn spawn_regions(mut commands: Commands) {
    for (urgency, live, name) in [
        (Urgency::Polite, Live::Polite, "News"),
        (Urgency::Assertive, Live::Assertive, "Alerts"),
    ] {
        let mut n = AccessNode::new(Role::Label);
        n.set_label(name);
        if !SPEAK_BY_FOCUS {
            n.set_live(live);
        }
        commands.spawn((Name::new(name), LiveRegion(urgency), AccessibilityNode(n)));
    }
    // A status bar, not a log: Orca says a focused label's role after its words ("… label.")
    // except inside a status bar, where labels are read as their words alone.
    let mut log = AccessNode::new(Role::Status);
    log.set_label("Messages");
    commands.spawn((Name::new("Messages"), HeardLog, AccessibilityNode(log)));
}

/// In a run with nothing else focused (an overlay just closed), the focus goes back to the
/// "Messages" log, so the next announcement is heard.
fn focus_messages(mut focus: ResMut<InputFocus>, log: Single<Entity, With<HeardLog>>) {
    if focus.get().is_none() {
        focus.set(*log, FocusCause::Navigated);
    }
}

/// Whether one of the rules' log lines is said at once: a fight's start, a level reached, the
/// hero's death or escape.
pub fn is_alert(text: &str, kind: LineKind) -> bool {
    text.contains("A fight begins")
        || text.contains("You are killed")
        || matches!(kind, LineKind::Level)
}

/// The turn's news: its log lines (a refused command's reason), the app's notices, a new run's
/// welcome, and the hero's health crossing below a quarter; terse, without the plain lines.
pub(super) fn news(
    mut turns: MessageReader<TurnResolved>,
    mut notices: MessageReader<Notice>,
    mut floors: MessageReader<FloorEntered>,
    game: Res<GameRes>,
    content: Res<ContentRes>,
    mut said: MessageWriter<Announce>,
    mut was_low: Local<bool>,
    settings: Option<Res<Settings>>,
) {
    let (g, c) = (game.game(), &content.0);
    // Terse: the plain news (a step, a wait, a miss) stays in the log, unsaid.
    let terse = settings.is_some_and(|s| !s.verbose);
    let mut polite = Vec::new();
    let mut assertive = Vec::new();
    if floors.read().count() > 0 && g.run.turn == 0 {
        polite.push(welcome(g.origin.seed));
        *was_low = false;
    }
    let mut any_turn = false;
    for t in turns.read() {
        any_turn = true;
        for (text, kind) in lines_for(t, g, c) {
            if terse && kind == LineKind::Info {
                continue;
            }
            if is_alert(&text, kind) {
                assertive.push(text);
            } else {
                polite.push(text);
            }
        }
    }
    polite.extend(notices.read().map(|n| n.0.clone()));
    if any_turn && !g.is_over() {
        let max = g.attribute(g.party.hero, Attr::MaxHealth, c);
        let health = g.hero().health;
        let low = health < max / 4.0;
        if low && !*was_low {
            assertive.push(format!("Health low: {:.0} of {max:.0}.", health.max(0.0)));
        }
        *was_low = low;
    }
    if !assertive.is_empty() {
        said.write(Announce::assertive(fold(assertive).join(" ")));
    }
    if !polite.is_empty() {
        said.write(Announce::polite(fold(polite).join(" ")));
    }
}

/// The lines with each repeat folded into its first ("… (x2)"), as the log folds them: two
/// goblins missing in one turn are said once, counted.
pub fn fold(lines: Vec<String>) -> Vec<String> {
    let mut out: Vec<(String, u32)> = Vec::new();
    for l in lines {
        match out.iter_mut().find(|(t, _)| *t == l) {
            Some((_, n)) => *n += 1,
            None => out.push((l, 1)),
        }
    }
    out.into_iter().map(|(t, n)| counted(&t, n)).collect()
}

/// Puts each announcement in its live region (and the page's, in the browser). Words the same
/// as the last said get a count, so the region changes and is said again.
pub(super) fn speak(
    mut said: MessageReader<Announce>,
    mut last: ResMut<LastSaid>,
    mut regions: Query<(&LiveRegion, &mut AccessibilityNode)>,
    mut heard: HeardEntries,
) {
    let (mut frame, mut alerts) = (Vec::new(), 0);
    for a in said.read() {
        if a.text.trim().is_empty() {
            continue;
        }
        if last.text.as_deref() == Some(a.text.as_str()) {
            last.repeats += 1;
        } else {
            last.text = Some(a.text.clone());
            last.repeats = 1;
        }
        last.urgency = Some(a.urgency);
        let words = counted(&a.text, last.repeats);
        for (region, mut node) in &mut regions {
            if region.0 == a.urgency {
                node.set_value(words.as_str());
            }
        }
        web::announce(&words, a.urgency == Urgency::Assertive);
        // The alerts first, in the order said: they are what a listener must not miss.
        match a.urgency {
            Urgency::Assertive => {
                frame.insert(alerts, words);
                alerts += 1;
            }
            Urgency::Polite => frame.push(words),
        }
    }
    if SPEAK_BY_FOCUS && !frame.is_empty() {
        heard.add(frame.join(" "));
    }
}

/// The "Messages" log's parts: the log, its entries, the focus.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct HeardEntries<'w, 's> {
    commands: Commands<'w, 's>,
    log: Query<'w, 's, Entity, With<HeardLog>>,
    entries: Query<'w, 's, (Entity, &'static Heard)>,
    said: Local<'s, u64>,
    focus: ResMut<'w, InputFocus>,
    menus: Query<'w, 's, (), With<crate::app::ui::list::ListRow>>,
    buttons: Query<'w, 's, (), With<super::nodes::MenuButton>>,
}

impl HeardEntries<'_, '_> {
    /// A new entry saying `words`, focused unless a menu's entry holds the focus (a screen
    /// opened with its own words).
    fn add(&mut self, words: String) {
        let Ok(log) = self.log.single() else { return };
        // A label's name (what Orca says) is its value in AccessKit.
        let mut n = AccessNode::new(Role::Label);
        n.set_value(words);
        *self.said += 1;
        let entry = self
            .commands
            .spawn((Heard(*self.said), AccessibilityNode(n), ChildOf(log)))
            .id();
        let on_menu = self
            .focus
            .get()
            .is_some_and(|e| self.menus.contains(e) || self.buttons.contains(e));
        if !on_menu {
            self.focus.set(entry, FocusCause::Navigated);
        }
        let mut old: Vec<(u64, Entity)> = self.entries.iter().map(|(e, h)| (h.0, e)).collect();
        old.sort();
        let extra = (old.len() + 1).saturating_sub(HEARD_KEPT);
        for (_, e) in old.into_iter().take(extra) {
            self.commands.entity(e).despawn();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeats_in_one_announcement_are_counted_and_alerts_are_picked_out() {
        let lines = [
            "The goblin misses you.",
            "The rat dies.",
            "The goblin misses you.",
        ];
        assert_eq!(
            fold(lines.iter().map(|s| s.to_string()).collect()),
            vec!["The goblin misses you. (x2)", "The rat dies."]
        );
        assert!(is_alert("A fight begins with the goblin.", LineKind::Alert));
        assert!(is_alert("You reach level 2!", LineKind::Level));
        assert!(is_alert(
            "You are killed by the orc (Smash).",
            LineKind::Harm
        ));
        assert!(!is_alert("A goblin comes into view.", LineKind::Alert));
    }
}
