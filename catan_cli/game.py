"""The public face of the rules library, driven like python-chess::

    from catan_cli import Game, RuleError
    g = Game.new("base", players=["red", "blue", "white"], seed=7)
    g.execute("build settlement 12")       # RuleError if illegal; state unchanged
    g.check("build road 12-13").ok          # legality and the reason, without playing
    g.legal_commands()                      # canonical text of every legal action

Text goes through :mod:`catan_cli.notation`; the rules are in :mod:`catan_cli.engine`.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any, Mapping, NamedTuple, Sequence

from .engine.actions import Action, Event
from .engine.boardjson import board_json
from .engine.core import Engine
from .engine.newgame import PLAYER_COLORS, new_state
from .engine.scenario import HARBOR_TYPES, load_scenario, scenario_for_players
from .engine.declare import Visibility
from .engine.state import GameState, plain_copy
from .errors import CatanError, RuleError, SaveError, ScenarioError
from .engine.geometry import RESOURCES
from . import boundedjson as bj
from . import notation, statecheck
from .safetext import clean_text
from .position import Position
from .engine.phases import Phase


class PublicBoard(NamedTuple):
    """The pieces on the board, as everyone sees them, in the engine's numbering: per
    intersection its owner (-1: none) and piece code (0: none), per path the same, and the
    robber's and pirate's hex (-1: none).  Tuples: one picture is shared by every reader."""

    node_owner: tuple[int, ...]
    node_kind: tuple[int, ...]
    edge_owner: tuple[int, ...]
    edge_kind: tuple[int, ...]
    robber: int
    pirate: int
    #: per path the owner of a second ship sharing it (E.0.2; -1: none); empty where paths
    #: hold one piece
    shared_ships: tuple[int, ...] = ()


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
        # The legal moves of the current position, without and with one-for-one offers.
        self._positions: list[Position | None] = [None, None]
        # The list without offers, and the engine version it is of: all the usual call reads
        # (legal_actions, then execute of one of them), with no Position made for it.
        self._moves_at = -1
        self._moves_list: list[Action] = []
        self._board: tuple[int, PublicBoard] | None = None
        self._board_raw: tuple[object, ...] = ()     # the state's tables the picture was made from
        # The general verbs' texts written so far, for one engine (see notation._body).
        self._texts: tuple[Engine, dict[Action, str]] | None = None

    # --- creation ---------------------------------------------------------------------------
    @classmethod
    def new(cls, scenario: str = "base", players: Sequence[str] = ("red", "blue", "white"),
            seed: int = 0, sandbox: bool = False, options: Sequence[str] = (),
            carry: Mapping[str, Any] | None = None) -> "Game":
        """A new game.  ``carry``: what an earlier game hands on to this one (a campaign's
        chapter results), read by the scenario while it sets the game up."""
        scen = scenario_for_players(scenario, len(players))
        state = new_state(scen, list(players), int(seed), list(options), bool(sandbox), carry)
        return cls(Engine(scen, state))

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Game":
        """Restore a game from :meth:`to_json`.  A damaged document, or one whose position
        cannot be played, raises SaveError (and nothing else): its structure is checked by
        the one JSON reader's schema first, then its shape against the scenario, then the
        rules' invariants and a first look at its moves."""
        try:
            bj.check_value(data, "the game document", statecheck.DOCUMENT_SCHEMA)
        except bj.JsonRefused as exc:
            raise SaveError(f"not a saved catan game: {exc.problem}") from None
        try:
            state_data = plain_copy(data["state"])     # the caller keeps its document as it was
            try:
                scen = load_scenario(state_data["scenario"])
            except ScenarioError as exc:
                raise SaveError(f"not a saved catan game: {exc}") from None
            state = GameState.from_json(state_data)
            if problems := statecheck.shape_problems(scen, state):
                raise SaveError(f"not a sound catan game: {statecheck.refusal(problems)}")
            engine = Engine(scen, state)
            history = list(data.get("history", []))
            _validate_state(engine)
        except CatanError:
            raise
        except Exception as exc:   # whatever a damaged state breaks on the way: a SaveError, never a crash
            raise SaveError(clean_text(f"not a saved catan game: {exc.__class__.__name__} {exc}", 300)) from None
        game = cls(engine, history)
        if problems := statecheck.position_problems(game):
            raise SaveError(f"not a sound catan game: {statecheck.refusal(problems)}")
        return game

    def copy(self) -> "Game":
        """An independent game in the same position with the same history: changing one
        never changes the other.  The scenario and map tables are shared (they never
        change), so this is many times cheaper than ``copy.deepcopy``."""
        return Game(self.engine.copy(), list(self.history))

    # --- playing ------------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        """The mutable state.  Whoever takes it may change it (a test setting up a
        position), so the game's pictures of the position are dropped: the next legal_actions
        is computed afresh.  The doors themselves read ``engine.s``."""
        self.engine.touch()
        self._texts = None          # names may change too
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

    def _moves(self) -> list[Action]:
        """The current position's legal moves without offers, computed once per position
        (not to be changed: hand out copies)."""
        engine = self.engine
        if self._moves_at != engine.version:
            self._moves_list = engine.legal_actions()
            self._moves_at = engine.version
        return self._moves_list

    def _position(self, offers: bool = False) -> Position:
        """The current position's legal moves, computed at most once per position."""
        engine = self.engine
        pos = self._positions[offers]
        if pos is None or pos.version != engine.version:
            pos = self._positions[offers] = Position(engine.version,
                                                     engine.legal_actions(True) if offers else self._moves())
        return pos

    def _listed(self, command: str | Action) -> Action | None:
        """``command`` as the listed legal action it is, or None (then it takes the full
        path: parse or validate, check, and the reason when it is refused)."""
        if isinstance(command, str):
            for pos in self._positions:     # texts are written only when legal_commands was asked
                if pos is not None and pos.version == self.engine.version:
                    found = pos.by_text(command)
                    if found is not None:
                        return found
            return None
        pos = self._position()
        if type(command) is not Action or type(command.seat) is not int:
            return None
        if command.seat < 0:
            if command.kind in ("robber", "pirate"):
                return None       # a victim left to its default: resolve_defaults decides
            command = command.by(self.engine.actor_of(command))
        return pos.member(command)

    def execute(self, command: str | Action) -> list[Event]:
        """Play one command; returns the events.  RuleError if illegal (state unchanged).
        A command the position lists as legal is played at once; any other is parsed (or
        validated), resolved and checked first."""
        listed = None
        engine = self.engine
        if type(command) is Action:
            # The usual call (an Action of the legal list): _listed, inlined.  For one lookup
            # a scan in C (which meets the listed object itself by identity) costs less than
            # hashing every listed action into a table, however long the list.  Every listed
            # action names its seat, so one by the seat to act (-1) is not found here.
            acts = self._moves_list if self._moves_at == engine.version else self._moves()
            try:
                listed = acts[acts.index(command)]
            except ValueError:
                pass
        if listed is None:
            listed = self._listed(command)
        if listed is not None:
            events = engine.apply_legal(listed)
            # Written after the play, as the full path does: the prefix depends on who acts next.
            # The usual case inlined: a text kept (notation._listed_body) and no pending
            # decision nor set-up, where every verb's default actor is the seat on turn.
            texts = self._texts
            body = None
            if texts is not None and texts[0] is engine:
                try:
                    body = texts[1].get(listed)
                except TypeError:       # an unhashable argument: not kept
                    pass
            s = engine.s
            if body is None:
                body = notation.format_action(listed, self, always_prefix=True, listed=True)
            else:
                # format_action's prefix rule: with no decision pending and not in the set-up,
                # every verb's default actor is the seat on turn
                seat = listed[2]
                if seat >= 0 and (seat != s.current or ((s.pending or s.phase == Phase.SETUP)
                                                        and seat != engine.default_actor(listed[0]))):
                    body = f"{engine.name(seat)}: {body}"
            self.history.append(body)
            return events
        action = self.parse(command) if isinstance(command, str) else self._object_action(command)
        actor = self.engine.actor_of(action)
        resolved = notation.resolve_defaults(action.by(actor), self)
        events = self.engine.apply(resolved)
        self.history.append(notation.format_action(resolved, self, always_prefix=True))
        return events

    def check(self, command: str | Action) -> Verdict:
        """Whether ``command`` is legal now, with the reason; nothing is played.  A listed
        action or command is legal without a second check (see :meth:`execute`)."""
        listed = self._listed(command)
        if listed is not None:
            text = notation.format_action(listed, self, listed=True)
            return Verdict(True, f"{text} is legal now", text)
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
        """Every legal action of the seat(s) to act (a fresh list: the caller may keep or
        change it); computed once per position."""
        if offers:
            return list(self._position(True).actions)
        if self._moves_at == self.engine.version:      # _moves, inlined: hot
            return list(self._moves_list)
        return list(self._moves())

    def legal_commands(self, offers: bool = False) -> list[str]:
        """Canonical text of every legal action of the seat(s) to act.  Domestic offers
        have open-ended amounts; ``offers=True`` adds the one-for-one ones."""
        return self._position(offers).texts(lambda actions: notation.format_actions(actions, self))

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

    def known_cards(self, seat: str | int) -> tuple[int, ...]:
        """How many cards of each resource (lumber, brick, wool, grain, ore) the whole table
        knows ``seat`` holds, from what every player saw happen (see
        :mod:`catan_cli.engine.public_hands`): public, so any seat and any bot may read it;
        the seat holds at least these, maybe more."""
        index = self.seat(seat) if isinstance(seat, str) else seat
        return tuple(self.engine.s.public_min[index])

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

    def public_board(self) -> PublicBoard:
        """The pieces on the board (public: the same for every seat), the same tables as
        ``view()['buildings']`` and ``['routes']`` without the names; kept until the position
        changes, and the same object while the pieces stay as they are (most actions move
        no piece), so a bot may keep what it worked out from one picture until it changes."""
        version = self.engine.version
        kept = self._board
        if kept is None or kept[0] != version:
            s = self.engine.s
            raw = self._board_raw      # copies of the state's tables the picture was made from
            if kept is None or not raw:
                nodes = edges = shared = False
            else:
                nodes = raw[0] == s.node_owner and raw[1] == s.node_kind
                edges = raw[2] == s.edge_owner and raw[3] == s.edge_kind
                shared = raw[4] == s.shared_ships
            if kept is not None and nodes and edges and shared and raw[5] == s.robber and raw[6] == s.pirate:
                board = kept[1]    # unchanged pieces: the very same picture
            else:
                # A part whose tables stay as they were is the old picture's own tuples, so a
                # reader may compare the parts by identity (the robber moves no piece).
                old = kept[1] if kept is not None else None
                if nodes and old is not None:
                    node_owner, node_kind = old.node_owner, old.node_kind
                else:
                    shown = [o >= 0 and k != 0 for o, k in zip(s.node_owner, s.node_kind)]
                    node_owner = tuple(o if ok else -1 for o, ok in zip(s.node_owner, shown))
                    node_kind = tuple(k if ok else 0 for k, ok in zip(s.node_kind, shown))
                if edges and old is not None:
                    edge_owner, edge_kind = old.edge_owner, old.edge_kind
                else:
                    edge_owner = tuple(s.edge_owner)
                    edge_kind = tuple(k if o >= 0 else 0 for o, k in zip(s.edge_owner, s.edge_kind))
                ships = old.shared_ships if shared and old is not None else tuple(s.shared_ships)
                board = PublicBoard(node_owner, node_kind, edge_owner, edge_kind, s.robber, s.pirate, ships)
                self._board_raw = (list(s.node_owner), list(s.node_kind), list(s.edge_owner),
                                   list(s.edge_kind), list(s.shared_ships), s.robber, s.pirate)
            self._board = kept = (version, board)
        return kept[1]

    def board_json(self) -> dict[str, Any]:
        s = self.engine.s
        return board_json(self.engine.scen, s.terrain, s.numbers, s.harbor_types)

    def view(self, seat: str | int | None = None, board: bool = True, brief: bool = False) -> dict[str, Any]:
        """What one seat may see: others' hidden cards only as counts.  ``None``: a
        spectator, who sees no hand.  ``board=False`` leaves out the pieces and harbours
        (``buildings``, ``routes``, ``harbors``): a bot reads them from
        :meth:`public_board` and :meth:`board_json`, and writing them costs more than the rest.
        ``brief=True`` leaves out what only a screen shows (who is on turn and prompted, what
        the game waits for, the dice, the winners, the colours and each player's VP by source;
        the VP total stays): a bot's view, made at every decision."""
        e, s = self.engine, self.engine.s
        me = self.seat(seat) if isinstance(seat, str) else seat
        players = []
        over = s.phase == Phase.OVER
        for i, p in enumerate(s.players):
            visible = i == me
            sources = e.vp_sources(i, hidden=visible or over)   # the game over, hidden VP are shown
            extra = _scenario_view(e, "player", p.extra, me, owner=i) if p.extra else {}
            if brief:
                players.append({
                    "name": p.name, "vp": sum(sources.values()),
                    "resources": dict(zip(RESOURCES, p.resources)) if visible else None,
                    "resource_count": sum(p.resources),
                    "dev_cards": [c for c, _ in p.dev_cards] if visible else None,
                    "dev_count": len(p.dev_cards), "knights": p.knights, "pieces": dict(p.pieces),
                    "route_length": s.route_len[i], "longest_route": s.longest_holder == i,
                    "largest_army": s.army_holder == i, "extra": extra,
                })
                continue
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
                "extra": extra,
            })
        geo = e.geo
        robber = geo.hex_ids[s.robber] if s.robber >= 0 else None
        pirate = geo.hex_ids[s.pirate] if s.pirate >= 0 else None
        out: dict[str, Any]
        if brief:
            out = {"scenario": s.scenario, "turn": s.turn, "phase": s.phase, "robber": robber, "pirate": pirate,
                   "bank": dict(zip(RESOURCES, s.bank)), "deck": e.cards_left(),
                   "vp_target": e.scen.vp_target, "players": players}
        else:
            out = {
                "scenario": s.scenario, "turn": s.turn, "phase": s.phase,
                "current": e.name(s.current), "prompt": self.prompt_player(), "waiting_for": self.waiting_for(),
                "winner": self.winner, "winners": [e.name(w) for w in s.winners],
                "seat": e.name(me) if me is not None else None,
                "dice": list(s.dice) if s.dice else None,
                "robber": robber, "pirate": pirate,
                "bank": dict(zip(RESOURCES, s.bank)), "deck": e.cards_left(),
                "vp_target": e.scen.vp_target,
                "players": players,
            }
        if board:
            names = [p.name for p in s.players]
            node_names, edge_kinds, edge_names = e.pieces.node_names, e.pieces.edge_names, geo.edge_names
            out["buildings"] = [{"node": n + 1, "owner": names[o], "kind": node_names[k]}
                                for n, (o, k) in enumerate(zip(s.node_owner, s.node_kind)) if o >= 0 and k]
            out["routes"] = [{"edge": edge_names[x], "owner": names[o], "kind": edge_kinds[k]}
                             for x, (o, k) in enumerate(zip(s.edge_owner, s.edge_kind)) if o >= 0]
            # E.0.2: a second ship on a shared path, listed after the path's first piece
            out["routes"] += [{"edge": edge_names[x], "owner": names[o], "kind": "ship", "shared": True}
                              for x, o in enumerate(s.shared_ships) if o >= 0]
            out["harbors"] = [HARBOR_TYPES[k] if k >= 0 else "?" for k in s.harbor_types]
        out["pending"] = [_pending_view(e, item) for item in s.pending]
        out["extra"] = {**_scenario_view(e, "game", s.extra, me, owner=None), **e.rules.view_items(me)}
        return out


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
            out[key] = item.present(value) if item.present else plain_copy(value)
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
    if engine.scen.rules.ships_per_path > 1 and not s.shared_ships:
        s.shared_ships = [-1] * geo.n_edges
    if s.shared_ships and len(s.shared_ships) != geo.n_edges:
        problems.append("shared-path table")
    if len(s.terrain) != geo.n_hexes or len(s.numbers) != geo.n_hexes:
        problems.append("hex table")
    if len(s.bank) != 5 or any(len(p.resources) != 5 for p in s.players):
        problems.append("card counts")
    if not engine.scen.min_players <= len(s.players) <= engine.scen.max_players:
        problems.append("player count")
    if problems:
        raise SaveError(f"not a saved catan game: damaged {', '.join(problems)}")


__all__ = ["Game", "Verdict", "Event", "Action", "RuleError", "PLAYER_COLORS"]
