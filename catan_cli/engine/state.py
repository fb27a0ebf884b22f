"""The game state as plain data: lists and dicts of ints and strings.

Everything that changes during a game lives here and nowhere else, so a state can be
copied, serialised to JSON and restored exactly.  The random generator's state is part of
it: seed + actions reproduce a game, and a restored game continues identically.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field, fields
from typing import Any

from .phases import Phase
# The general piece codes on nodes and edges; a scenario registers more (see .pieces).
from .pieces import CITY, NONE, ROAD, SETTLEMENT, SHIP

__all__ = ["CITY", "NONE", "ROAD", "SETTLEMENT", "SHIP", "GameState", "PlayerState"]


@dataclass
class PlayerState:
    name: str
    resources: list[int]
    pieces: dict[str, int]                      # pieces left in supply
    dev_cards: list[list[Any]] = field(default_factory=list)   # [card, turn bought]
    knights: int = 0                            # knights played (Largest Army)
    played: dict[str, int] = field(default_factory=dict)   # development cards played, by card
    setup_settlements: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    def copy(self) -> "PlayerState":
        """An independent copy (see GameState.copy)."""
        return PlayerState(**self.to_json())

    def to_json(self) -> dict[str, Any]:
        """The fields as plain data, copied (what ``asdict`` gives)."""
        return {name: plain_copy(getattr(self, name)) for name in _PLAYER_FIELDS}


@dataclass
class GameState:
    scenario: str
    options: list[str]
    seed: int
    sandbox: bool
    players: list[PlayerState]
    bank: list[int]
    deck: list[str]
    terrain: list[str]
    numbers: list[int]
    harbor_types: list[int]
    node_owner: list[int]
    node_kind: list[int]
    edge_owner: list[int]
    edge_kind: list[int]
    robber: int
    pirate: int
    rng: random.Random
    turn: int = 0
    current: int = 0
    phase: str = Phase.SETUP                    # a Phase, or a phase the scenario declares
    setup_order: list[int] = field(default_factory=list)   # seats still to place, in order
    setup_step: str = "settlement"              # settlement | route
    setup_node: int = -1                        # the settlement the setup route must touch
    pending: list[dict[str, Any]] = field(default_factory=list)
    dice: list[int] | None = None
    forced_dice: list[int] | None = None
    dev_played: bool = False
    ship_moved: bool = False
    built_this_turn: list[int] = field(default_factory=list)   # edges of ships built this turn
    route_len: list[int] = field(default_factory=list)
    longest_holder: int = -1
    army_holder: int = -1
    winners: list[int] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)
    #: E.0.2: the owner of a second ship on each path (-1: none) where ``[rules]
    #: ships_per_path = 2``; empty otherwise.  It only ever holds a plain ship of another
    #: player than the path's first piece, itself a ship.
    shared_ships: list[int] = field(default_factory=list)
    #: per seat, per resource: how many of its cards the whole table knows it holds (a lower
    #: bound from the public record, kept by :mod:`.public_hands`); empty in a save written
    #: before it was kept (the engine then starts it at nothing known)
    public_min: list[list[int]] = field(default_factory=list)

    def copy(self) -> "GameState":
        """An independent copy (nothing mutable shared), field by field: many times faster
        than ``copy.deepcopy``, for look-ahead and undo snapshots.  Every field is copied,
        a field added later too (by plain_copy when it is not a known flat list)."""
        values = self._copied_fields()
        values["players"] = [p.copy() for p in self.players]
        values["rng"] = rng = random.Random()
        rng.setstate(self.rng.getstate())
        return GameState(**values)

    def _copied_fields(self) -> dict[str, Any]:
        """Every field's value copied (nothing shared), in the fields' order, but the players
        and the generator: None in their places, for :meth:`copy` (as objects) and
        :meth:`to_json` (as data) to fill."""
        values: dict[str, Any] = {}
        for name in _STATE_FIELDS:
            value = getattr(self, name)
            if name in _FLAT_LISTS and type(value) is list:
                values[name] = list(value)
            elif name == "public_min" and type(value) is list:
                values[name] = [list(row) for row in value]
            elif name == "players" or name == "rng":
                values[name] = None
            else:
                values[name] = plain_copy(value)
        return values

    def to_json(self) -> dict[str, Any]:
        """The state as JSON-shaped data, sharing nothing with it: what ``asdict`` gives
        (players as dicts), made field by field as :meth:`copy` is (asdict deep-copies
        every value through ``copy.deepcopy``, several times slower; a save is written
        after every command)."""
        data = self._copied_fields()
        data["players"] = [p.to_json() for p in self.players]
        if not self.shared_ships:
            del data["shared_ships"]      # positions without shared paths keep their digests
        version, internal, gauss = self.rng.getstate()
        data["rng"] = {"version": version, "state": list(internal), "gauss": gauss}
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "GameState":
        data = dict(data)
        rng_data = data.pop("rng")
        rng = random.Random()
        rng.setstate((int(rng_data["version"]), tuple(int(x) for x in rng_data["state"]), rng_data["gauss"]))
        players = [PlayerState(**p) for p in data.pop("players")]
        return cls(players=players, rng=rng, **data)


_ATOMS = (int, str, float, bool, type(None))
_STATE_FIELDS = tuple(f.name for f in fields(GameState))
_PLAYER_FIELDS = tuple(f.name for f in fields(PlayerState))
# Fields that are lists of numbers or strings (or None): a shallow copy is a full copy.
_FLAT_LISTS = frozenset({"options", "bank", "deck", "terrain", "numbers", "harbor_types", "node_owner",
                         "node_kind", "edge_owner", "edge_kind", "setup_order", "dice", "forced_dice",
                         "built_this_turn", "route_len", "winners"})


def plain_copy(value: Any) -> Any:
    """A deep copy of JSON-shaped data (dicts, lists, tuples of numbers and strings), the
    shape of everything in a state; anything else goes to ``copy.deepcopy``."""
    if isinstance(value, _ATOMS):
        return value
    if type(value) is dict:
        return {k: v if isinstance(v, _ATOMS) else plain_copy(v) for k, v in value.items()}
    if type(value) is list:
        return [v if isinstance(v, _ATOMS) else plain_copy(v) for v in value]
    if type(value) is tuple:
        return tuple(plain_copy(v) for v in value)
    return copy.deepcopy(value)
