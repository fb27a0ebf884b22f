"""Is a restored game state sound?  ``Game.from_json`` asks before it hands a state out.

A state read from JSON may say anything: negative or astronomical card counts, a phase or a
terrain that does not exist, a robber or a seat past the end of its table.  Such a state must be
refused at the door, with a reason that names what is wrong, instead of crashing on first use
or playing on from an impossible position.

Three steps: :data:`DOCUMENT_SCHEMA` (through the one JSON reader, :mod:`catan_cli.boundedjson`)
checks the document's structure before anything is built from it: every field of the state
present, each container of its own type, the random generator's state in range, nothing nested
too deep or too large; :func:`shape_problems` checks the types and ranges of the plain state
against its scenario (cheap, and safe on any input), the pieces its players need included; and
only a state of the right shape goes on to the rules' own invariants
(:func:`catan_cli.engine.invariants.check_invariants`) and a first look at its legal moves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from . import boundedjson as bj
from .engine.packages import rules_class
from .engine.phases import GENERAL_PHASES
from .engine.pieces import GENERAL_PIECES, PieceTable
from .engine.rulebook import ScenarioRules, _declared
from .engine.scenario import DEV_CARDS, HARBOR_TYPES, SCENARIO_KEY, TERRAIN_CODES
from .engine.state import GameState

if TYPE_CHECKING:
    from .game import Game
    from .engine.scenario import Scenario

SETUP_STEPS = ("settlement", "route")
TERRAINS = frozenset(TERRAIN_CODES.values())
MAX_TURN = 10**6


# The document's structure.  Numbers and names are let through as any plain value here:
# shape_problems checks them against the scenario and names the problem in the game's words.
_ATOM = bj.OneOf((bj.Int(-10**100, 10**100), bj.Num(-1e300, 1e300), bj.Str(256), bj.Bool(), bj.Null()),
                  "a number, a short string, true, false or null")
_ATOMS = bj.ListOf(_ATOM, 10_000)
_WORD = bj.Str(64)
_PLAYER = bj.Obj({"name": bj.ANY, "resources": _ATOMS, "pieces": bj.MapOf(_WORD, _ATOM, 64),
                  "dev_cards": bj.ListOf(bj.ANY, 1_000), "knights": _ATOM, "played": bj.MapOf(_WORD, _ATOM, 64),
                  "setup_settlements": _ATOM, "extra": bj.MapOf(_WORD, bj.ANY, 256)})
#: the random generator's state as ``random.Random.getstate`` gives it (version 3: 624 words
#: of 32 bits and the position in them), and the kept Gaussian value
_RNG = bj.Obj({"version": bj.Int(3, 3),
               "state": bj.Check(bj.ListOf(bj.Int(0, 2**32 - 1), 625, 625),
                                 lambda words: None if words[-1] <= 624 else "the generator's position is past 624"),
               "gauss": bj.optional(bj.Num(-1e300, 1e300))})
#: every field of a GameState (``shared_ships`` is written only where paths are shared):
#: a field left out would be filled by its default, a position no game was ever in
STATE_SCHEMA = bj.Obj({
    "scenario": bj.Str(64, SCENARIO_KEY, "a scenario key"), "options": bj.ListOf(_WORD, 32),
    "seed": bj.Int(-2**512, 2**512), "sandbox": bj.Bool(), "players": bj.ListOf(_PLAYER, 16), "bank": _ATOMS,
    "deck": _ATOMS, "terrain": _ATOMS, "numbers": _ATOMS, "harbor_types": _ATOMS, "node_owner": _ATOMS,
    "node_kind": _ATOMS, "edge_owner": _ATOMS, "edge_kind": _ATOMS, "robber": _ATOM, "pirate": _ATOM,
    "rng": _RNG, "turn": _ATOM, "current": _ATOM, "phase": _ATOM, "setup_order": _ATOMS, "setup_step": _ATOM,
    "setup_node": _ATOM, "pending": bj.ListOf(bj.ANY, 1_000), "dice": bj.optional(_ATOMS),
    "forced_dice": bj.optional(_ATOMS), "dev_played": bj.Bool(), "ship_moved": bj.Bool(),
    "built_this_turn": _ATOMS, "route_len": _ATOMS, "longest_holder": _ATOM, "army_holder": _ATOM,
    "winners": _ATOMS, "extra": bj.MapOf(_WORD, bj.ANY, 256), "shared_ships": _ATOMS,
    "public_min": bj.ListOf(_ATOMS, 16),
}, optional=frozenset({"shared_ships", "public_min"}))
#: a document of ``Game.to_json``: the state and the history (the rest is a summary for
#: readers, which a restore does not read)
DOCUMENT_SCHEMA = bj.Obj({"state": STATE_SCHEMA, "history": bj.ListOf(bj.Str(1_000), 1_000_000)},
                         optional=frozenset({"history"}), extra=bj.ANY)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Problems(list[str]):
    def int_in(self, what: str, value: Any, low: int, high: int) -> bool:
        """``value`` is a whole number in ``low..high``; else a problem naming ``what``."""
        if not _is_int(value):
            self.append(f"{what} is {value!r}, not a whole number")
            return False
        if not low <= value <= high:
            self.append(f"{what} is {value}, outside {low}..{high}")
            return False
        return True

    def table(self, what: str, values: Any, size: int | None, low: int, high: int) -> None:
        if not isinstance(values, list):
            self.append(f"{what} is not a list")
            return
        if size is not None and len(values) != size:
            self.append(f"{what} has {len(values)} entries, not {size}")
            return
        if all(type(value) is int and low <= value <= high for value in values):
            return              # the usual answer, without naming every entry to ask int_in
        for i, value in enumerate(values):
            if not self.int_in(f"{what}[{i}]", value, low, high):
                return

    def one_of(self, what: str, value: Any, allowed: Iterable[Any]) -> None:
        if value not in allowed:
            self.append(f"unknown {what} {value!r}")


def _rules_unplayed(scen: "Scenario") -> ScenarioRules:
    """The scenario's rules object, for its declarations, before the state is trusted: in
    plain Python one made without ``__init__`` (its class attributes are the declarations); a
    compiled class keeps them in its instances' slots and runs ``__init__`` when one is
    made, which wants a game: then the rules of a new game of the scenario."""
    cls = rules_class(scen)
    try:
        return cls.__new__(cls)
    except TypeError:
        from .engine.core import Engine
        from .engine.newgame import new_state

        seats = ["a", "b", "c", "d", "e", "f", "g", "h"][:max(1, scen.min_players)]
        return Engine(scen, new_state(scen, seats, 0, (), True)).rules


def shape_problems(scen: "Scenario", s: GameState) -> list[str]:
    """Every type or range problem of ``s`` for scenario ``scen`` (empty: the right shape)."""
    geo = scen.geo
    out = _Problems()
    n = len(s.players) if isinstance(s.players, list) else 0
    if not scen.min_players <= n <= scen.max_players:
        out.append(f"{n} players in a game for {scen.seat_counts('-')}")
        return out
    names = [p.name for p in s.players]
    if len(set(map(str, names))) != n or any(
            not isinstance(name, str) or not name.isidentifier() or name in ("all", "nobody") for name in names):
        out.append(f"the players' names {names!r} are not distinct one-word names")
        return out
    rules = _rules_unplayed(scen)   # the scenario's declared pieces and phases are known too
    pieces = PieceTable(GENERAL_PIECES + _declared(rules, "pieces", ()))
    out.one_of("phase", s.phase, GENERAL_PHASES | {p.name for p in _declared(rules, "phases", ())})
    out.one_of("set-up step", s.setup_step, SETUP_STEPS)
    out.int_in("the seat on turn", s.current, 0, n - 1)
    out.int_in("the turn", s.turn, 0, MAX_TURN)
    out.table("the bank", s.bank, 5, 0, max(scen.bank))
    for i, p in enumerate(s.players):
        out.table(f"{p.name}'s cards", p.resources, 5, 0, max(scen.bank))
        if not isinstance(p.pieces, dict):
            out.append(f"{p.name}'s pieces are not a table")
        elif set(p.pieces) != set(scen.pieces):     # every piece the scenario has, and no other
            missing = sorted(set(scen.pieces) - set(p.pieces))
            odd = sorted(set(p.pieces) - set(scen.pieces))
            out.append(f"{p.name}'s supply lacks {scen.key}'s piece {missing[0]!r}" if missing
                       else f"{p.name}'s supply holds {odd[0]!r}, not a piece of {scen.key}")
        else:
            for piece, left in p.pieces.items():
                out.int_in(f"{p.name}'s {piece} supply", left, 0, scen.pieces.get(piece, 0))
        out.int_in(f"{p.name}'s knights", p.knights, 0, sum(scen.deck.values()))
        if not isinstance(p.dev_cards, list) or any(
                not isinstance(c, list) or len(c) != 2 or c[0] not in DEV_CARDS or not _is_int(c[1])
                for c in p.dev_cards):
            out.append(f"{p.name}'s development cards are damaged")
        if not isinstance(p.played, dict) or any(not _is_int(v) or v < 0 for v in p.played.values()):
            out.append(f"{p.name}'s played cards are damaged")
    if s.public_min:       # left out by a save written before it was kept
        if not isinstance(s.public_min, list) or len(s.public_min) != n:
            out.append(f"the cards known in hand have {len(s.public_min)} entries, not {n}")
        else:
            for p, known in zip(s.players, s.public_min):
                out.table(f"{p.name}'s cards known to all", known, 5, 0, max(scen.bank))
    if not isinstance(s.deck, list) or any(card not in DEV_CARDS for card in s.deck):
        out.append("the development deck holds an unknown card")
    if not isinstance(s.terrain, list) or len(s.terrain) != geo.n_hexes:
        out.append("the hex table is damaged")
    else:
        for terrain in s.terrain:
            out.one_of("terrain", terrain, TERRAINS | frozenset(scen.barren))
    out.table("the number tokens", s.numbers, geo.n_hexes, 0, 12)
    out.table("the harbours", s.harbor_types, None, -1, len(HARBOR_TYPES) - 1)
    out.table("the intersection owners", s.node_owner, geo.n_nodes, -1, n - 1)
    out.table("the buildings", s.node_kind, geo.n_nodes, 0, len(pieces.node_names) - 1)
    out.table("the path owners", s.edge_owner, geo.n_edges, -1, n - 1)
    out.table("the routes", s.edge_kind, geo.n_edges, 0, len(pieces.edge_names) - 1)
    out.int_in("the robber's hex", s.robber, -1, geo.n_hexes - 1)
    out.int_in("the pirate's hex", s.pirate, -1, geo.n_hexes - 1)
    out.table("the set-up order", s.setup_order, None, 0, n - 1)
    out.int_in("the set-up settlement", s.setup_node, -1, geo.n_nodes - 1)
    out.table("the route lengths", s.route_len, n, 0, geo.n_edges)
    out.int_in("the longest route's holder", s.longest_holder, -1, n - 1)
    out.int_in("the largest army's holder", s.army_holder, -1, n - 1)
    out.table("the winners", s.winners, None, 0, n - 1)
    out.table("the ships built this turn", s.built_this_turn, None, 0, geo.n_edges - 1)
    for what, dice in (("the dice", s.dice), ("the set dice", s.forced_dice)):
        if dice is not None:
            out.table(what, dice, 2, 1, 6)
    if not isinstance(s.pending, list) or any(not isinstance(item, dict) for item in s.pending):
        out.append("the pending answers are damaged")
    else:
        for item in s.pending:
            out.int_in(f"a pending {item.get('kind')!r}'s player", item.get("seat"), 0, n - 1)
    if not isinstance(s.extra, dict):
        out.append("the scenario's state is not a table")
    return out


def position_problems(game: "Game") -> list[str]:
    """What is wrong with a restored position of the right shape: the rules' invariants, or
    a failure to list its moves or draw its views (a state no play could have reached)."""
    from .engine.invariants import check_invariants

    engine = game.engine
    unknown = [repr(kind) for kind in (item.get("kind") for item in engine.s.pending)
               if not isinstance(kind, str) or kind not in engine.pending_kinds]
    if unknown:    # only the first answer is asked for at once: a later one would break play later
        return [f"a pending answer of an unknown kind ({unknown[0]})"]
    try:
        problems = check_invariants(engine)
        if not problems:
            game.legal_actions()
            game.waiting_for()
            for seat in [None, *range(len(game.players))]:
                game.view(seat)
    except Exception as exc:   # a damaged scenario state: anything may break, say what
        return [f"it cannot be played ({exc.__class__.__name__}: {exc})"]
    return problems


def refusal(problems: list[str]) -> str:
    """The first problem, and how many more there are."""
    more = len(problems) - 1
    return problems[0] + (f" (and {more} more problem{'s' if more != 1 else ''})" if more else "")


__all__ = ["shape_problems", "position_problems", "refusal"]
