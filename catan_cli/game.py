"""The public face of the rules library, driven like python-chess::

    from catan_cli import Game, RuleError
    g = Game.new("base", players=["red", "blue", "white"], seed=7)
    g.execute("build settlement 12")       # RuleError if illegal; state unchanged
    g.check("build road 12-13").ok          # legality and the reason, without playing
    g.legal_commands()                      # canonical text of every legal action

Text goes through :mod:`catan_cli.notation`; the rules are in :mod:`catan_cli.engine`.
"""

from __future__ import annotations

import copy
import hashlib
import json
from dataclasses import dataclass
from typing import Any, Sequence

from .engine.actions import Action, Event
from .engine.boardjson import board_json
from .engine.core import Engine
from .engine.newgame import PLAYER_COLORS, new_state
from .engine.scenario import HARBOR_TYPES, load_scenario
from .engine.declare import Visibility
from .engine.state import GameState
from .errors import CatanError, RuleError, SaveError, ScenarioError
from .engine.geometry import RESOURCES
from . import notation, statecheck
from .engine.phases import Phase


@dataclass(frozen=True)
class Verdict:
    """The answer of :meth:`Game.check`: whether a command is legal now, and why (not)."""

    ok: bool
    reason: str
    command: str = ""

    def __bool__(self) -> bool:
        return self.ok


class Game:
    """One game.  Every door (REPL, scripts, saves, bots, tests) goes through here."""

    def __init__(self, engine: Engine, history: list[str] | None = None) -> None:
        self.engine = engine
        self.history: list[str] = history if history is not None else []

    # --- creation ---------------------------------------------------------------------------
    @classmethod
    def new(cls, scenario: str = "base", players: Sequence[str] = ("red", "blue", "white"),
            seed: int = 0, sandbox: bool = False, options: Sequence[str] = ()) -> "Game":
        scen = load_scenario(scenario)
        state = new_state(scen, list(players), int(seed), list(options), bool(sandbox))
        return cls(Engine(scen, state))

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Game":
        """Restore a game from :meth:`to_json`; a damaged document raises SaveError."""
        try:
            state_data = copy.deepcopy(data["state"])
            try:
                scen = load_scenario(str(state_data["scenario"]))
            except ScenarioError as exc:
                raise SaveError(f"not a saved catan game: {exc}") from None
            state = GameState.from_json(state_data)
            if problems := statecheck.shape_problems(scen, state):
                raise SaveError(f"not a sound catan game: {statecheck.refusal(problems)}")
            engine = Engine(scen, state)
            history = [str(line) for line in data.get("history", [])]
        except CatanError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError, RecursionError) as exc:
            raise SaveError(f"not a saved catan game: {exc.__class__.__name__} {exc}") from None
        _validate_state(engine)
        game = cls(engine, history)
        if problems := statecheck.position_problems(game):
            raise SaveError(f"not a sound catan game: {statecheck.refusal(problems)}")
        return game

    # --- playing ------------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self.engine.s

    def parse(self, text: str) -> Action:
        """Text to an action (NotationError, a RuleError, when it does not parse)."""
        return notation.parse(text, self)

    def text(self, action: Action) -> str:
        """An action's canonical text; the actor prefix is added when it is not the seat
        the game waits for."""
        return notation.format_action(action, self)

    def _object_action(self, action: Action) -> Action:
        """An action given as an object must be exactly what its own canonical text parses
        to.  That one rule refuses, with a RuleError, every index past the end (or before the
        start) of its table and every argument of the wrong shape or type, as a command line
        that does not parse would be refused, instead of failing deep in the rules."""
        try:
            if not isinstance(action, Action) or not isinstance(action.seat, int):
                raise TypeError
            parsed = self.parse(notation.format_action(action, self))
            same = (parsed.kind, parsed.args) == (action.kind, action.args) and (
                action.seat == -1 or self.engine.actor_of(parsed) == action.seat)
        except (IndexError, KeyError, TypeError, ValueError, AttributeError):
            same = False
        if not same:
            by = f" by seat {action.seat}" if getattr(action, "seat", -1) != -1 else ""
            raise RuleError(f"malformed action: {getattr(action, 'kind', action)!r} "
                            f"{getattr(action, 'args', ())!r}{by}") from None
        return action

    def execute(self, command: str | Action) -> list[Event]:
        """Play one command; returns the events.  RuleError if illegal (state unchanged)."""
        action = self.parse(command) if isinstance(command, str) else self._object_action(command)
        actor = self.engine.actor_of(action)
        resolved = notation.resolve_defaults(action.by(actor), self)
        events = self.engine.apply(resolved)
        self.history.append(notation.format_action(resolved, self, always_prefix=True))
        return events

    def check(self, command: str | Action) -> Verdict:
        """Whether ``command`` is legal now, with the reason; nothing is played."""
        try:
            action = self.parse(command) if isinstance(command, str) else self._object_action(command)
            action = notation.resolve_defaults(action.by(self.engine.actor_of(action)), self)
        except RuleError as exc:
            return Verdict(False, str(exc), command if isinstance(command, str) else "")
        reason = self.engine.check(action)
        text = notation.format_action(action, self)
        if reason is None:
            return Verdict(True, f"{text} is legal now", text)
        return Verdict(False, reason, text)

    def legal_actions(self, offers: bool = False) -> list[Action]:
        return self.engine.legal_actions(offers)

    def legal_commands(self, offers: bool = False) -> list[str]:
        """Canonical text of every legal action of the seat(s) to act.  Domestic offers
        have open-ended amounts; ``offers=True`` adds the one-for-one ones."""
        return [notation.format_action(a, self) for a in self.engine.legal_actions(offers)]

    # --- questions --------------------------------------------------------------------------------
    @property
    def players(self) -> list[str]:
        return [p.name for p in self.engine.s.players]

    @property
    def winner(self) -> str | None:
        w = self.engine.s.winners
        return self.engine.name(w[0]) if w else None

    @property
    def over(self) -> bool:
        return self.engine.s.phase == Phase.OVER

    def seat(self, name: str) -> int:
        try:
            return self.players.index(name.lower())
        except ValueError:
            raise RuleError(f"no player named {name!r} (players: {', '.join(self.players)})") from None

    def prompt_player(self) -> str:
        return self.engine.name(self.engine.prompt_seat())

    def waiting_for(self) -> str:
        """What the game waits for, in a few words: 'build/trade', 'roll', 'discard 4' ..."""
        e, s = self.engine, self.engine.s
        if s.phase == Phase.OVER:
            return "game over"
        items = e.actionable_pending()
        if items:
            return e.pending_prompt(items[0])
        if s.phase == Phase.SETUP:
            return "place settlement" if s.setup_step == "settlement" else "place road" + (
                "/ship" if e.scen.rules.ships else "")
        if s.phase == Phase.ROLL:
            return "roll"
        if s.phase in e.scenario_phases:
            return e.scenario_phases[s.phase].prompt
        return "build/trade"

    def deciding(self) -> dict[str, str]:
        """Every seat the game waits for now, with what for: the prompt player, and beside
        it each seat whose decision may be answered at once (all discards on a 7), so a
        client with one screen per seat can ask each of them at the same time."""
        if self.over:
            return {}
        out = {self.prompt_player(): self.waiting_for()}
        e = self.engine
        for item in e.actionable_pending():
            out.setdefault(e.name(item["seat"]), e.pending_prompt(item))
        return out

    def vp(self, name: str, hidden: bool = True) -> int:
        return self.engine.vp(self.seat(name), hidden)

    # --- serialisation -------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        e, s = self.engine, self.engine.s
        return {
            "format": "catan-game/1",
            "scenario": s.scenario,
            "turn": s.turn,
            "phase": s.phase,
            "current": e.name(s.current),
            "winner": self.winner,
            "winners": [e.name(w) for w in s.winners],
            "bank": dict(zip(RESOURCES, s.bank)),
            "players": [
                {"name": p.name, "vp": e.vp(i), "resources": dict(zip(RESOURCES, p.resources))}
                for i, p in enumerate(s.players)
            ],
            "state": s.to_json(),
            "history": list(self.history),
        }

    def digest(self) -> str:
        """A short hash of the position (not of how it was reached)."""
        blob = json.dumps(self.engine.s.to_json(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode()).hexdigest()[:16]

    def board_json(self) -> dict[str, Any]:
        s = self.engine.s
        return board_json(self.engine.scen, s.terrain, s.numbers, s.harbor_types)

    def view(self, seat: str | int | None = None) -> dict[str, Any]:
        """What one seat may see: others' hidden cards only as counts.  ``None``: a
        spectator, who sees no hand."""
        e, s = self.engine, self.engine.s
        me = self.seat(seat) if isinstance(seat, str) else seat
        players = []
        for i, p in enumerate(s.players):
            visible = i == me
            sources = e.vp_sources(i, hidden=visible)
            players.append({
                "name": p.name, "color": PLAYER_COLORS[i % len(PLAYER_COLORS)] if p.name not in PLAYER_COLORS else p.name,
                "vp": sum(sources.values()),
                "resources": dict(zip(RESOURCES, p.resources)) if visible else None,
                "resource_count": sum(p.resources),
                "dev_cards": [c for c, _ in p.dev_cards] if visible else None,
                "dev_count": len(p.dev_cards),
                "knights": p.knights,
                "pieces": dict(p.pieces),
                "route_length": s.route_len[i],
                "longest_route": s.longest_holder == i,
                "largest_army": s.army_holder == i,
                "vp_sources": sources,
                "extra": _scenario_view(e, "player", p.extra, me, owner=i),
            })
        geo = e.geo
        return {
            "scenario": s.scenario, "turn": s.turn, "phase": s.phase,
            "current": e.name(s.current), "prompt": self.prompt_player(), "waiting_for": self.waiting_for(),
            "winner": self.winner, "winners": [e.name(w) for w in s.winners],
            "seat": e.name(me) if me is not None else None,
            "dice": list(s.dice) if s.dice else None,
            "robber": geo.hex_ids[s.robber] if s.robber >= 0 else None,
            "pirate": geo.hex_ids[s.pirate] if s.pirate >= 0 else None,
            "bank": dict(zip(RESOURCES, s.bank)), "deck": len(s.deck),
            "vp_target": e.scen.vp_target,
            "players": players,
            "buildings": [{"node": n + 1, "owner": e.name(o), "kind": e.pieces.node_names[s.node_kind[n]]}
                          for n, o in enumerate(s.node_owner) if o >= 0 and s.node_kind[n]],
            "routes": [{"edge": geo.edge_name(x), "owner": e.name(o), "kind": e.pieces.edge_names[s.edge_kind[x]]}
                       for x, o in enumerate(s.edge_owner) if o >= 0],
            "harbors": [HARBOR_TYPES[k] if k >= 0 else "?" for k in s.harbor_types],
            "pending": [_pending_view(e, item) for item in s.pending],
            "extra": {**_scenario_view(e, "game", s.extra, me, owner=None), **e.rules.view_items(me)},
        }


def _scenario_view(e: Engine, scope: str, values: dict[str, Any], viewer: int | None,
                   owner: int | None) -> dict[str, Any]:
    """The scenario's state of one scope as ``viewer`` may see it, by each item's declared
    visibility: public to all, owner-only to its owner, nobody's to none; who may not see an
    item gets its ``shown_as`` stand-in (a count, say) or nothing."""
    out: dict[str, Any] = {}
    for key, value in values.items():
        item = e.state_items.get((scope, key))
        if item is None:
            continue      # undeclared state is never shown (and is an invariant violation)
        visible = item.visibility is Visibility.PUBLIC or (
            item.visibility is Visibility.OWNER and owner is not None and viewer == owner)
        if visible:
            out[key] = item.present(value) if item.present else copy.deepcopy(value)
        elif item.shown_as is not None:
            out[key] = item.shown_as(value)
    return out


def _pending_view(e: Engine, item: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in item.items() if k not in ("seat", "from")}
    out["player"] = e.name(item["seat"])
    if "from" in item:
        out["from"] = e.name(item["from"])
    return out


def _validate_state(engine: Engine) -> None:
    """Reject a restored state whose tables do not fit its scenario's map."""
    s, geo = engine.s, engine.geo
    problems = []
    if len(s.node_owner) != geo.n_nodes or len(s.node_kind) != geo.n_nodes:
        problems.append("intersection table")
    if len(s.edge_owner) != geo.n_edges or len(s.edge_kind) != geo.n_edges:
        problems.append("path table")
    if len(s.terrain) != geo.n_hexes or len(s.numbers) != geo.n_hexes:
        problems.append("hex table")
    if len(s.bank) != 5 or any(len(p.resources) != 5 for p in s.players):
        problems.append("card counts")
    if not engine.scen.min_players <= len(s.players) <= engine.scen.max_players:
        problems.append("player count")
    if problems:
        raise SaveError(f"not a saved catan game: damaged {', '.join(problems)}")


__all__ = ["Game", "Verdict", "Event", "Action", "RuleError", "PLAYER_COLORS"]
