//! The turn as a table of named steps: what runs, in which order, and which plugin runs it.
//!
//! `execute` judges a command, then runs every step of [`TURN_STEPS`] in order. The Bevy app
//! runs the same steps as systems, one per step, owned by the plugin the table names and
//! chained in the table's order, so both drivers change the `Game` identically. A step that
//! does not act in this kind of turn (a monster move in a fight, the combat round outside one)
//! passes and changes nothing.
use super::combat::HeroAction;
use super::command::{Command, Outcome, Reason, RunOutcome};
use super::depths::Stairs;
use super::events::{CombatEnd, Event};
use super::log::Log;
use super::origin::Origin;
use super::state::Game;
use crate::content::Content;

/// One named step of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TurnStep {
    Begin,
    HeroCommand,
    EnterFloor,
    MonsterMovement,
    Encounter,
    ExplorationTicks,
    CombatRound,
    End,
}

/// The plugin of the app that runs a step (the core's `execute` runs them all).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepOwner {
    /// Turn scheduling: the phase machine, a turn's begin and end, the hero's command.
    Turn,
    /// Dungeon generation: floors and entering them.
    Dungeon,
    /// Ghost-style AI: monster movement, the forager among them.
    Ai,
    /// Combat resolution: encounters and the initiative-ordered round.
    Combat,
}

impl StepOwner {
    /// The app's folder (and plugin) that runs the step: `src/app/<name>/`.
    pub fn plugin(self) -> &'static str {
        match self {
            StepOwner::Turn => "turn",
            StepOwner::Dungeon => "dungeon",
            StepOwner::Ai => "ai",
            StepOwner::Combat => "combat",
        }
    }
}

/// The two kinds of turn: decided when the turn begins (is the hero in a fight?).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnKind {
    Exploration,
    Combat,
}

/// A row of the step table.
#[derive(Clone, Copy, Debug)]
pub struct StepInfo {
    pub step: TurnStep,
    /// Its name in the docs and logs.
    pub name: &'static str,
    pub owner: StepOwner,
    /// The kinds of turn it acts in; in the other it passes.
    pub acts_in: &'static [TurnKind],
    /// What it does, in a modder's words (MODDING.md's "When things happen in a turn").
    pub does: &'static str,
}

const BOTH: &[TurnKind] = &[TurnKind::Exploration, TurnKind::Combat];
const EXPLORING: &[TurnKind] = &[TurnKind::Exploration];
const FIGHTING: &[TurnKind] = &[TurnKind::Combat];

/// Every turn, in order.
pub const TURN_STEPS: [StepInfo; 8] = [
    StepInfo {
        step: TurnStep::Begin,
        name: "begin",
        owner: StepOwner::Turn,
        acts_in: BOTH,
        does: "`turn_started` fires, and in a fight's first turn `combat_started` right \
               after it; their triggers run. In a fight the tick follows, unless they killed \
               the hero: modifiers run down \
               (their `modifier_expired` fires), stamina regenerates and cooldowns drop by \
               one, for the hero and every enemy.",
    },
    StepInfo {
        step: TurnStep::HeroCommand,
        name: "hero command",
        owner: StepOwner::Turn,
        acts_in: EXPLORING,
        does: "The hero's command: a move (onto gold, a trap, into a prefab room, which starts \
               its fight; into a monster, which starts a fight, with a sneak attack first when \
               it sleeps or has not noticed the hero; into a door, which opens it; into a \
               chasm, whose fall ends the turn), a wait, a search, a shout, an item, or a \
               throw (a creature struck or missed on its line opens a fight, the throw its \
               first strike). Its events are processed, then the hero's field of view is \
               updated.",
    },
    StepInfo {
        step: TurnStep::EnterFloor,
        name: "enter floor",
        owner: StepOwner::Dungeon,
        acts_in: EXPLORING,
        does: "Only for *descend* and *ascend*: the hero leaves the floor, which is kept as it \
               is, for the next one down or up (`floor_entered`): made on the first visit, as it \
               was left on a later one. Descending off the last floor wins the run; climbing \
               off the first ends it. The turn then goes straight to its end.",
    },
    StepInfo {
        step: TurnStep::MonsterMovement,
        name: "monster movement",
        owner: StepOwner::Ai,
        acts_in: EXPLORING,
        does: "Unless a fight has started, every monster moves once, in id order, after its \
               awareness is brought up to date (a sleeper may wake and does not move, the \
               unaware may notice the hero and fire `hero_noticed`, a hunter may lose \
               track): the ghosts' greedy \
               steps, the forager's run for treasure; fear that runs out fires \
               `modifier_expired`. A hunter whose `ai` list would now choose a ranged ability, \
               with the hero in its sights and in reach, aims instead of stepping. When all \
               have moved, `hero_noticed` is processed, then the first to aim shoots: the \
               fight opens with the shot as its action. Then the hero's field of view is \
               updated.",
    },
    StepInfo {
        step: TurnStep::Encounter,
        name: "encounter",
        owner: StepOwner::Combat,
        acts_in: EXPLORING,
        does: "Unless a fight has started, a hostile monster orthogonally next to the hero \
               that hunts it starts one, joined by the hostiles hunting it within the \
               encounter radius that the hero sees: initiative is rolled now, `combat_started` fires in \
               the next turn. The fight is heard `fight_noise` tiles around.",
    },
    StepInfo {
        step: TurnStep::ExplorationTicks,
        name: "exploration ticks",
        owner: StepOwner::Turn,
        acts_in: EXPLORING,
        does: "Modifiers run down on every creature (`modifier_expired`); the hero, if alive, regains \
               health and stamina and its cooldowns drop by one.",
    },
    StepInfo {
        step: TurnStep::CombatRound,
        name: "combat round",
        owner: StepOwner::Combat,
        acts_in: FIGHTING,
        does: "Everyone in the fight acts once, highest initiative first (the hero at its \
               place with its command, judged again there: an ability locked by then costs \
               the hero its action); each action's events (`damage_dealt`, `healed`, \
               `creature_died`, `ability_used` …) are processed before the next actor, and \
               the round stops when the hero dies. Then the dead leave, and the fight ends \
               (`combat_ended`) if the hero fled or no enemy is left.",
    },
    StepInfo {
        step: TurnStep::End,
        name: "end",
        owner: StepOwner::Turn,
        acts_in: BOTH,
        does: "`turn_ended` fires and its triggers run, the dead leave (a fight whose last \
               enemy fell outside its round is won: `combat_ended`), the turn counter \
               advances; the run ends here if the hero won. When the hero died this turn, only \
               the run ends: no `turn_ended`, and the counter stays.",
    },
];

/// What one turn's steps tell each other: the command, the kind of turn, and whether the turn
/// is already over. It lives for one turn only and is never part of the serialized `Game`,
/// so the state hash cannot see it.
#[derive(Clone, Debug)]
pub struct TurnContext {
    command: Command,
    /// The turn's number when it began.
    turn: u64,
    kind: TurnKind,
    /// In a fight: what the hero does at its place in the initiative order.
    hero_action: Option<HeroAction>,
    /// Descending (or a fall) ended the turn: the steps up to `End` pass.
    floor_changed: bool,
    /// The hero's command was loud (a door, a shout): the stealth range doubles this turn.
    loud: bool,
    outcome: Outcome,
    /// The steps that have run so far, in order (the app's order test reads it).
    ran: Vec<TurnStep>,
}

impl TurnContext {
    pub fn command(&self) -> &Command {
        &self.command
    }

    /// The turn's number when it began (`End` advances the game's counter).
    pub fn turn(&self) -> u64 {
        self.turn
    }

    pub fn kind(&self) -> TurnKind {
        self.kind
    }

    /// The turn's outcome, final once `End` has run.
    pub fn outcome(&self) -> &Outcome {
        &self.outcome
    }

    /// The steps run so far, in the order they ran.
    pub fn steps_run(&self) -> &[TurnStep] {
        &self.ran
    }

    /// Whether this step acts in this turn: it is one of this kind of turn's, and the turn
    /// has not already ended early (the floor changed, or the run ended: when the hero dies
    /// mid-turn the running action and its queue finish, nothing after but `End`).
    fn acts(&mut self, step: TurnStep, run_over: bool) -> bool {
        self.ran.push(step);
        let info = &TURN_STEPS[step as usize];
        info.acts_in.contains(&self.kind)
            && (step == TurnStep::End || !(self.floor_changed || run_over))
    }
}

impl Game {
    /// Runs one command: judged first, then every step of the turn in order. A refused
    /// command returns `Rejected` and leaves the state untouched.
    pub fn execute(&mut self, cmd: &Command, content: &Content) -> Outcome {
        if cmd.costs_no_turn() {
            return self.execute_no_turn(cmd, content);
        }
        let mut ctx = match self.accept(cmd, content) {
            Ok(ctx) => ctx,
            Err(reason) => return Outcome::Rejected(reason),
        };
        for info in &TURN_STEPS {
            self.run_step(info.step, &mut ctx, content);
        }
        ctx.outcome
    }

    /// A command that costs no turn (`Command::costs_no_turn`): judged, then done at once and
    /// recorded, with no step of the turn run; in a fight or out of one.
    pub fn execute_no_turn(&mut self, cmd: &Command, content: &Content) -> Outcome {
        if self.is_over() {
            return Outcome::Rejected(Reason::RunOver);
        }
        if let Some(reason) =
            (self.item_refusal(cmd, content)).or_else(|| self.trade_refusal(cmd, content))
        {
            return Outcome::Rejected(reason);
        }
        match cmd {
            Command::Call { index, name } => self.call_item(*index, name),
            Command::Buy(i) => self.buy(*i, content),
            Command::Sell(i) => self.sell(*i, content),
            Command::Abandon => {
                self.log("You give up the run.");
                self.run.outcome = Some(RunOutcome::Abandoned);
                self.fight.enemies.clear();
                self.fight.starting = false;
                self.log.record.push(cmd.clone());
                return Outcome::GameOver(RunOutcome::Abandoned);
            }
            _ => return Outcome::Rejected(Reason::ConditionFalse),
        }
        self.log.record.push(cmd.clone());
        Outcome::NoTurn
    }

    /// Judges a command against the state as it is, changing nothing: the turn it would start,
    /// or why it is refused.
    pub fn accept(&self, cmd: &Command, content: &Content) -> Result<TurnContext, Reason> {
        if self.is_over() {
            return Err(Reason::RunOver);
        }
        let (kind, hero_action) = if self.in_combat() {
            // One lock rule for both sides: the hero's command is judged against the state
            // the tick will leave, as the enemies' choices are.
            let action = if matches!(cmd, Command::Ability { .. }) {
                self.as_the_round_begins(content)
                    .hero_action(cmd, content)?
            } else {
                self.hero_action(cmd, content)?
            };
            (TurnKind::Combat, Some(action))
        } else {
            if let Some(reason) = self.refusal(cmd, content) {
                return Err(reason);
            }
            (TurnKind::Exploration, None)
        };
        Ok(TurnContext {
            command: cmd.clone(),
            turn: self.run.turn,
            kind,
            hero_action,
            floor_changed: false,
            loud: false,
            outcome: Outcome::TurnPassed,
            ran: Vec::with_capacity(TURN_STEPS.len()),
        })
    }

    /// In a fight: a copy of the state as the next turn's begin will leave it (`turn_started`
    /// processed, then the tick: modifiers, stamina regeneration, cooldowns down by one),
    /// which is what the hero's abilities are judged against; the UI and the bot show and
    /// choose from it too. The log, the record of commands and the last turn's events, which
    /// no rule reads, are left out of the copy.
    pub fn as_the_round_begins(&self, content: &Content) -> Game {
        let mut probe = Game {
            origin: Origin {
                reloads: Vec::new(),
                ..self.origin.clone()
            },
            run: self.run.clone(),
            floor: self.floor.clone(),
            // No rule of a round reads the floors the hero is not on.
            depths: super::depths::Depths::default(),
            party: self.party.clone(),
            fight: self.fight.clone(),
            log: Log::default(),
        };
        if probe.in_combat() && !probe.is_over() {
            probe.open_turn(TurnKind::Combat, content);
        }
        probe
    }

    /// Runs one step of an accepted turn.
    pub fn run_step(&mut self, step: TurnStep, ctx: &mut TurnContext, content: &Content) {
        match step {
            TurnStep::Begin => self.begin_turn(ctx, content),
            TurnStep::HeroCommand => self.hero_command(ctx, content),
            TurnStep::EnterFloor => self.take_stairs(ctx, content),
            TurnStep::MonsterMovement => self.monster_movement(ctx, content),
            TurnStep::Encounter => self.encounter(ctx, content),
            TurnStep::ExplorationTicks => self.exploration_ticks(ctx, content),
            TurnStep::CombatRound => self.combat_round(ctx, content),
            TurnStep::End => self.end_turn(ctx, content),
        }
    }

    /// `turn_started`; in a fight also the tick (step 2 of the combat turn).
    pub fn begin_turn(&mut self, ctx: &mut TurnContext, content: &Content) {
        if !ctx.acts(TurnStep::Begin, self.is_over()) {
            return;
        }
        self.log.last_events.clear();
        self.open_turn(ctx.kind, content);
    }

    /// What a turn's begin does to the game: `turn_started` processed, and in a fight then the
    /// tick (modifiers, stamina, cooldowns) processed too. The probe the hero's command is
    /// judged against runs the same.
    fn open_turn(&mut self, kind: TurnKind, content: &Content) {
        self.run.queue.push_back(Event::TurnStarted {
            turn: self.run.turn,
        });
        if kind == TurnKind::Combat {
            self.queue_combat_started();
        }
        self.drain(content);
        // A hero killed by `turn_started` (poison, burning) ends the turn there: no tick.
        if kind == TurnKind::Combat && !self.is_over() {
            self.tick(content);
            self.drain(content);
        }
    }

    /// The hero's command outside a fight (descending is the dungeon's step).
    pub fn hero_command(&mut self, ctx: &mut TurnContext, content: &Content) {
        if !ctx.acts(TurnStep::HeroCommand, self.is_over())
            || matches!(ctx.command, Command::Descend | Command::Ascend)
        {
            return;
        }
        ctx.loud = self.loud_command(&ctx.command);
        let floor = self.floor.depth;
        self.explore_command(&ctx.command, content);
        // A fall to the floor below ends the turn as the stairs do.
        ctx.floor_changed |= self.floor.depth != floor;
        self.drain(content);
        self.update_sight(content);
    }

    /// The stairs: the next floor down or up, or the run's end off the last or the first
    /// floor; either ends the turn.
    pub fn take_stairs(&mut self, ctx: &mut TurnContext, content: &Content) {
        if !ctx.acts(TurnStep::EnterFloor, self.is_over()) {
            return;
        }
        let stairs = match ctx.command {
            Command::Descend => Stairs::Down,
            Command::Ascend => Stairs::Up,
            _ => return,
        };
        ctx.floor_changed = true;
        let here = self.floor.depth;
        let to = match stairs {
            Stairs::Down if here >= self.run.floors => {
                self.log("You climb out of the last floor into daylight. You win!");
                self.run.outcome = Some(RunOutcome::Won);
                return;
            }
            Stairs::Up if here <= 1 => {
                self.log("You climb the stairs out of the dungeon and leave it behind.");
                self.run.outcome = Some(RunOutcome::Left);
                return;
            }
            Stairs::Down => here + 1,
            Stairs::Up => here - 1,
        };
        match self.change_floor(to, stairs, content) {
            // Content was checked at load; should a profile still fail, the run stays here.
            Err(e) => self.log(format!("The stairs are blocked: {e}")),
            Ok(_) if stairs == Stairs::Down => self.log(format!("You descend to floor {to}.")),
            Ok(_) => self.log(format!("You climb to floor {to}.")),
        }
        self.drain(content);
    }

    /// Every monster not in a fight moves once; then the hero's sight is brought up to date.
    pub fn monster_movement(&mut self, ctx: &mut TurnContext, content: &Content) {
        if !ctx.acts(TurnStep::MonsterMovement, self.is_over()) {
            return;
        }
        if !self.in_combat() {
            let stealth = self.stealth_range(Some(&ctx.command), ctx.loud, content);
            self.monsters_act_with(content, stealth);
        }
        self.update_sight(content);
    }

    /// A hostile next to the hero starts a fight.
    pub fn encounter(&mut self, ctx: &mut TurnContext, content: &Content) {
        if !ctx.acts(TurnStep::Encounter, self.is_over()) {
            return;
        }
        if !self.in_combat()
            && let Some(trigger) = self.adjacent_hostile(content)
        {
            self.start_combat(trigger, &[], content);
            self.drain(content);
        }
    }

    /// Modifiers, regeneration and cooldowns outside a fight.
    pub fn exploration_ticks(&mut self, ctx: &mut TurnContext, content: &Content) {
        if !ctx.acts(TurnStep::ExplorationTicks, self.is_over()) {
            return;
        }
        self.tick_exploration(content);
    }

    /// The initiative-ordered round of a fight, then its end if it came.
    pub fn combat_round(&mut self, ctx: &mut TurnContext, content: &Content) {
        if !ctx.acts(TurnStep::CombatRound, self.is_over()) {
            return;
        }
        if let Some(action) = &ctx.hero_action {
            self.fight_round(action, content);
        }
    }

    /// The last step of every turn: `turn_ended`, a fight won since its round, turn += 1, the
    /// command recorded, and the run's end if it came. When the hero died this turn the turn
    /// stops where it died: only the command is recorded and the run ends.
    pub fn end_turn(&mut self, ctx: &mut TurnContext, content: &Content) {
        if !ctx.acts(TurnStep::End, self.is_over()) {
            return;
        }
        if self.run.outcome == Some(RunOutcome::Died) {
            self.remove_dead();
            self.fight.enemies.clear();
            self.fight.starting = false;
            self.log.record.push(ctx.command.clone());
            ctx.outcome = Outcome::GameOver(RunOutcome::Died);
            return;
        }
        let fighting = self.in_combat() || self.fight.starting;
        self.run.queue.push_back(Event::TurnEnded {
            turn: self.run.turn,
        });
        self.drain(content);
        self.remove_dead();
        // The last enemy fell outside a round (a `turn_ended` or `modifier_expired` trigger):
        // the fight is won all the same.
        if fighting && !self.in_combat() && self.hero().is_alive() {
            self.end_combat(CombatEnd::Victory, content);
        }
        self.run.turn += 1;
        self.log.record.push(ctx.command.clone());
        ctx.outcome = match self.run.outcome {
            Some(o) => {
                self.fight.enemies.clear();
                Outcome::GameOver(o)
            }
            None => Outcome::TurnPassed,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_lists_every_step_once_in_declaration_order() {
        for (i, info) in TURN_STEPS.iter().enumerate() {
            assert_eq!(info.step as usize, i, "{:?} is out of place", info.step);
        }
        assert_eq!(TURN_STEPS[0].step, TurnStep::Begin);
        assert_eq!(TURN_STEPS[TURN_STEPS.len() - 1].step, TurnStep::End);
    }

    /// docs/DESIGN.md's table of the turn names the steps and their plugins as the code does.
    #[test]
    fn the_design_docs_turn_table_follows_the_code() {
        let doc = include_str!("../../docs/DESIGN.md");
        let rows: Vec<(String, String)> = doc
            .lines()
            .filter_map(|l| {
                let cells: Vec<&str> = l.split('|').map(str::trim).collect();
                // "| 3 | enter floor | dungeon | ..." → ("enter floor", "dungeon")
                (cells.len() > 4 && cells[1].parse::<usize>().is_ok())
                    .then(|| (cells[2].to_string(), cells[3].to_string()))
            })
            .collect();
        let code: Vec<(String, String)> = TURN_STEPS
            .iter()
            .map(|s| (s.name.to_string(), s.owner.plugin().to_string()))
            .collect();
        assert_eq!(rows, code);
    }

    /// docs/DESIGN.md counts the events in words; the count is the registry's.
    #[test]
    fn the_design_doc_counts_the_events_the_registry_has() {
        const WORDS: [&str; 16] = [
            "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
            "eleven", "twelve", "thirteen", "fourteen", "fifteen",
        ];
        let doc = include_str!("../../docs/DESIGN.md");
        let count = crate::content::registry::EVENT_NAMES.len();
        let said = WORDS
            .iter()
            .position(|w| doc.contains(&format!("the {w} events")));
        assert_eq!(said, Some(count), "DESIGN.md names {count} events in words");
    }

    /// A rules change is news for players (their replays are refused): CHANGELOG.md's newest
    /// entry names the version the code plays.
    #[test]
    fn the_changelog_names_the_rules_version() {
        let log = include_str!("../../CHANGELOG.md");
        let newest = log
            .split("\n## ")
            .nth(1)
            .expect("CHANGELOG.md has an entry");
        let named = format!("**Rules version {}**", crate::game::RULES_VERSION);
        assert!(
            newest.contains(&named),
            "CHANGELOG.md's newest entry lacks {named}"
        );
    }
}
