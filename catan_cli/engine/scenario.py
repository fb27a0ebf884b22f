"""Scenario files: ``rules/<key>.toml`` read into a :class:`Scenario`.

A scenario is data (the map, counts, costs, rule switches, named places, paths and
per-player start positions) plus, optionally, a scenario package (``[scenario] package``,
see :mod:`.packages`) for behaviour the data cannot express.  The format is documented
in ``rules/README.md``.  Everything here is computed once per scenario and shared by every
game of it; nothing in a Scenario changes during play.
"""

from __future__ import annotations

import copy
import os
import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Sequence, TypeVar

from ..errors import ScenarioError

_T = TypeVar("_T")
from .geometry import (
    CORNERS, EDGE_COAST, EDGE_LAND, EDGE_SEA, LAND_TERRAINS, RESOURCES, SIDES, UNEXPLORED,
    Geometry, build_geometry, connected_components,
)

TERRAIN_CODES: dict[str, str] = {
    "fo": "forest", "hi": "hills", "pa": "pasture", "fi": "fields",
    "mo": "mountains", "de": "desert", "go": "gold", "~": "sea",
    "fd": UNEXPLORED,
}
HARBOR_TYPES: tuple[str, ...] = RESOURCES + ("3:1",)
GENERIC_HARBOR = 5  # index of "3:1" in HARBOR_TYPES
DEV_CARDS: tuple[str, ...] = ("knight", "victory-point", "road-building", "year-of-plenty", "monopoly")
PIECES: tuple[str, ...] = ("road", "settlement", "city", "ship")
COSTED: tuple[str, ...] = ("road", "settlement", "city", "card", "ship")


def rules_dir() -> Path:
    """Where scenario files live: $CATAN_RULES_DIR; else ``catan_cli/_rules/``, where an
    installed package (a wheel, ``pip install .``) carries them (setup.py copies them there);
    else ``rules/`` at the top of the checkout (an editable install, or the source tree)."""
    env = os.environ.get("CATAN_RULES_DIR")
    if env:
        return Path(env)
    package = Path(__file__).resolve().parent.parent
    packaged = package / "_rules"
    if packaged.is_dir():
        return packaged
    return package.parent / "rules"


@dataclass(frozen=True)
class RuleSet:
    """The general rules a scenario switches on or tunes (all from ``[rules]``)."""

    robber: bool = True
    pirate: bool = False
    ships: bool = False
    longest_route: str = "road"          # "road", "trade-route" or "none"
    largest_army: bool = True
    discard_limit: int = 7
    setup: str = "snake"                 # "snake" or "snake-then-third"
    resources_from_setup: int = 2
    largest_army_min: int = 3
    longest_route_min: int = 5
    setup_ship_instead_of_road: bool = True
    robber_forbidden_areas: tuple[str, ...] = ()
    settle_forbidden_areas: tuple[str, ...] = ()
    road_forbidden_areas: tuple[str, ...] = ()
    ship_move: bool = True
    island_bonus: int = 0                # B.13: VP for the first settlement on each foreign island
    setup_pieces: tuple[str, ...] = ("settlement",)    # the building of each set-up round (the last repeats)
    shuffle_terrain_within: tuple[str, ...] = ()       # areas whose terrain is reshuffled, each within itself
    bank_rate: int = 4                   # A.15: the maritime rate without a harbour (3: a general 3:1 trade)
    ships_per_path: int = 1              # B.3.4; 2: two ships of different players may share a path (E.0.2)
    settled_by_ship: bool = False        # buildings may stand apart from their owner's routes


@dataclass(frozen=True)
class Harbor:
    edge: int
    land_hex: int
    type: int        # index into HARBOR_TYPES, or -1 while it is drawn from the pool


@dataclass(frozen=True)
class FaceDownArea:
    """A group of face-down hexes with its own shuffled stack of terrain hexes and its own
    stack of number tokens (exploration: a ship turns a hex up from the stack)."""

    name: str
    label: str
    hexes: tuple[int, ...]
    terrain: tuple[str, ...]      # the stack's contents, one per hex
    numbers: tuple[int, ...]      # the number tokens for its terrain hexes
    numbers_from: str = ""        # the area whose number stack it draws from ("": its own)


@dataclass
class Scenario:
    """One scenario file, resolved against its map geometry."""

    key: str
    name: str
    summary: str
    min_players: int
    max_players: int
    vp_target: int
    rules: RuleSet
    pieces: dict[str, int]
    costs: dict[str, tuple[int, ...]]
    bank: tuple[int, ...]
    deck: dict[str, int]
    geo: Geometry
    terrain: tuple[str, ...]            # per hex: terrain name, "?" when drawn from the pool
    numbers: tuple[int, ...]            # per hex: number token or 0
    areas: dict[str, tuple[int, ...]]   # area name -> hexes ("main" = land not in another area)
    hex_area: tuple[str, ...]
    robber_start: Any
    pirate_start: int                   # hex index or -1
    harbors: tuple[Harbor, ...]
    harbor_pool: tuple[int, ...]
    terrain_pool: dict[str, int]
    number_pool: tuple[int, ...]
    places: list[dict[str, Any]]
    paths: dict[str, tuple[int, ...]]
    starts: list[dict[str, Any]]
    options: dict[str, dict[str, Any]]
    params: dict[str, Any]
    package: str
    # exploration: face-down areas (name -> their terrain stack, number stack and label)
    face_down: dict[str, "FaceDownArea"] = field(default_factory=dict)
    #: the scenario's own land terrains: they produce nothing and take no number token
    barren: tuple[str, ...] = ()
    #: player count -> the key of the scenario file whose map that count plays on
    maps_by_players: dict[int, str] = field(default_factory=dict)
    # derived tables
    is_land_hex: tuple[bool, ...] = ()
    edge_kind: tuple[int, ...] = ()       # EDGE_LAND / EDGE_COAST / EDGE_SEA
    node_touches_land: tuple[bool, ...] = ()
    node_touches_sea: tuple[bool, ...] = ()
    node_settleable: tuple[bool, ...] = ()
    edge_roadable: tuple[bool, ...] = ()
    edge_shippable: tuple[bool, ...] = ()
    islands: tuple[tuple[int, ...], ...] = ()   # groups of land hexes
    hex_island: tuple[int, ...] = ()
    source: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    # Tables derived from the scenario alone, built on first use (see table()).
    _tables: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def table(self, name: str, build: Callable[[], _T]) -> _T:
        """A table that depends on this scenario alone (distances along a path, hex lists), built
        once per scenario on first use instead of once per game.  It is shared by every
        game of the scenario, so it must never be changed: use tuples and frozensets, or
        treat it as read-only."""
        try:
            found: _T = self._tables[name]
        except KeyError:
            found = self._tables[name] = build()
        return found

    def seat_counts(self, between: str = " to ") -> str:
        """How many players it takes, in words: "3", or "2 to 4" (``between`` joins a range)."""
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players}{between}{self.max_players}"

    def hex_index(self, ident: str) -> int:
        """Hex index from its id ("K"), or -1."""
        try:
            return self.geo.hex_ids.index(ident.upper())
        except ValueError:
            return -1


def _need(table: dict[str, Any], key: str, where: str) -> Any:
    if key not in table:
        raise ScenarioError(f"{where}: missing '{key}'")
    return table[key]


def _parse_cell(token: str, where: str) -> tuple[str, int]:
    if token == "?":
        return "?", 0
    for code in sorted(TERRAIN_CODES, key=len, reverse=True):
        if token.startswith(code):
            rest = token[len(code):]
            if rest and not rest.isdigit():
                break
            number = int(rest) if rest else 0
            if number and not (2 <= number <= 12 and number != 7):
                raise ScenarioError(f"{where}: number token {number} is not 2-6 or 8-12")
            return TERRAIN_CODES[code], number
    raise ScenarioError(f"{where}: unknown cell {token!r} (terrain codes: {', '.join(TERRAIN_CODES)}, ?, .)")


def resource_vector(table: dict[str, Any]) -> tuple[int, ...]:
    """A price of a scenario's [params] ({lumber = 2, wool = 1}) as counts in RESOURCES'
    order: what the rules charge and what the bots save up for read it alike."""
    return tuple(int(table.get(r, 0)) for r in RESOURCES)


def _resource_vector(table: dict[str, Any], where: str) -> tuple[int, ...]:
    vec = [0] * 5
    for name, count in table.items():
        if name not in RESOURCES:
            raise ScenarioError(f"{where}: unknown resource {name!r}")
        vec[RESOURCES.index(name)] = int(count)
    return tuple(vec)


class _Resolver:
    """Turns the data's hex / corner / side references into indices."""

    def __init__(self, geo: Geometry, where: str) -> None:
        self.geo = geo
        self.where = where

    def hex(self, ref: Any) -> int:
        if isinstance(ref, list) and len(ref) == 2:
            h = self.geo.hex_by_pos.get((int(ref[0]), int(ref[1])))
            if h is not None:
                return h
        raise ScenarioError(f"{self.where}: {ref!r} is not a hex [row, column] of the map")

    def node(self, ref: Any) -> int:
        if isinstance(ref, list) and len(ref) == 3 and ref[2] in CORNERS:
            try:
                return self.geo.corner_node(int(ref[0]), int(ref[1]), str(ref[2]))
            except ValueError as exc:
                raise ScenarioError(f"{self.where}: {exc}") from None
        raise ScenarioError(f"{self.where}: {ref!r} is not a corner [row, column, N|NE|SE|S|SW|NW]")

    def edge(self, ref: Any) -> int:
        if isinstance(ref, list) and len(ref) == 3 and ref[2] in SIDES:
            try:
                return self.geo.side_edge(int(ref[0]), int(ref[1]), str(ref[2]))
            except ValueError as exc:
                raise ScenarioError(f"{self.where}: {exc}") from None
        raise ScenarioError(f"{self.where}: {ref!r} is not a side [row, column, NE|E|SE|SW|W|NW]")

    def any(self, key: str, value: Any) -> Any:
        """Resolve a named reference by the suffix of its key: *_hex, *_node, *_edge, *_hexes ..."""
        if key == "hex" or key.endswith("_hex"):
            return self.hex(value)
        if key == "node" or key.endswith("_node"):
            return self.node(value)
        if key == "edge" or key.endswith("_edge"):
            return self.edge(value)
        if key == "hexes" or key.endswith("_hexes"):
            return [self.hex(v) for v in value]
        if key == "nodes" or key.endswith("_nodes"):
            return [self.node(v) for v in value]
        if key == "edges" or key.endswith("_edges"):
            return [self.edge(v) for v in value]
        return value


def parse_scenario(data: dict[str, Any], source: str = "<data>") -> Scenario:
    """Build a Scenario from a parsed TOML document.  Raises ScenarioError."""
    where = source
    meta = _need(data, "scenario", where)
    key = str(_need(meta, "key", f"{where} [scenario]"))
    players = meta.get("players", [2, 4])
    rules_t = dict(data.get("rules", {}))
    for area_rule in ("robber_forbidden_areas", "settle_forbidden_areas", "road_forbidden_areas",
                      "setup_pieces", "shuffle_terrain_within"):
        if area_rule in rules_t:
            rules_t[area_rule] = tuple(rules_t[area_rule])
    try:
        rules = RuleSet(**rules_t)
    except TypeError as exc:
        raise ScenarioError(f"{where} [rules]: {exc}") from None
    if rules.longest_route not in ("road", "trade-route", "none"):
        raise ScenarioError(f"{where} [rules]: longest_route must be road, trade-route or none")
    if rules.ships_per_path not in (1, 2):
        raise ScenarioError(f"{where} [rules]: ships_per_path must be 1 or 2")
    if rules.setup not in ("snake", "snake-then-third", "snake-preplaced", "fixed"):
        raise ScenarioError(f"{where} [rules]: unknown setup {rules.setup!r}")
    if not rules.setup_pieces or any(p not in ("settlement", "city") for p in rules.setup_pieces):
        raise ScenarioError(f"{where} [rules]: setup_pieces are settlement or city")

    pieces = {p: int(data.get("pieces", {}).get(p, 0)) for p in PIECES}
    # A scenario's own pieces have supplies of their own (its package registers the kind).
    pieces.update((str(p), int(n)) for p, n in data.get("pieces", {}).items() if p not in pieces)
    costs = {c: _resource_vector(data.get("costs", {}).get(c, {}), f"{where} [costs.{c}]") for c in COSTED}
    bank = _resource_vector(data.get("bank", {r: 19 for r in RESOURCES}), f"{where} [bank]")
    deck_t = data.get("deck", {})
    for name in deck_t:
        if name not in DEV_CARDS:
            raise ScenarioError(f"{where} [deck]: unknown card {name!r}")
    deck = {c: int(deck_t.get(c, 0)) for c in DEV_CARDS}

    board = _need(data, "board", where)
    rows = _need(board, "rows", f"{where} [board]")
    cells: dict[tuple[int, int], tuple[str, int]] = {}
    for r, row in enumerate(rows):
        for i, token in enumerate(str(row).split()):
            if token == ".":
                continue
            cells[(r, 2 * i + (r % 2))] = _parse_cell(token, f"{where} [board] row {r}")
    geo = build_geometry(list(cells))
    res = _Resolver(geo, where)
    terrain = tuple(cells[p][0] for p in geo.hex_pos)
    numbers = tuple(cells[p][1] for p in geo.hex_pos)
    is_land = tuple(t != "sea" for t in terrain)

    # Areas: named groups of land hexes; land in no named area is "main".
    areas_t = board.get("areas", {})
    hex_area = ["main" if land else "sea" for land in is_land]
    for name, refs in areas_t.items():
        for ref in refs:
            h = res.hex(ref)
            if not is_land[h]:
                raise ScenarioError(f"{where} [board.areas] {name}: {ref!r} is a sea hex")
            hex_area[h] = str(name)
    areas: dict[str, tuple[int, ...]] = {}
    for h, name in enumerate(hex_area):
        areas.setdefault(name, ())
        areas[name] = areas[name] + (h,)

    barren = tuple(str(t) for t in board.get("barren", []))
    for t in barren:
        if t in TERRAIN_CODES.values() or not t.isalpha():
            raise ScenarioError(f"{where} [board] barren: {t!r} is not a new terrain name")
    face_down = _face_down_areas(board.get("face_down", {}), terrain, res, where, barren)
    for area in face_down.values():
        for h in area.hexes:
            hex_area[h] = area.name
    areas = {}
    for h, name in enumerate(hex_area):
        areas.setdefault(name, ())
        areas[name] = areas[name] + (h,)

    robber_start: Any = board.get("robber", "desert")
    if isinstance(robber_start, list):
        robber_start = res.hex(robber_start)
    pirate_start = res.hex(board["pirate"]) if "pirate" in board else -1

    harbors: list[Harbor] = []
    for k, hb in enumerate(board.get("harbors", [])):
        hw = f"{where} [board] harbor {k + 1}"
        h = res.hex(_need(hb, "hex", hw))
        e = res.edge([*_need(hb, "hex", hw), _need(hb, "side", hw)])
        kind = str(hb.get("type", "?"))
        if kind != "?" and kind not in HARBOR_TYPES:
            raise ScenarioError(f"{hw}: unknown type {kind!r}")
        other = [x for x in geo.edge_hexes[e] if x != h][0]
        if not is_land[h] or is_land[other]:
            raise ScenarioError(f"{hw}: a harbour must sit between its land hex and the sea")
        harbors.append(Harbor(e, h, -1 if kind == "?" else HARBOR_TYPES.index(kind)))
    harbor_pool = tuple(HARBOR_TYPES.index(t) for t in board.get("harbor_pool", []))
    if sum(1 for hb in harbors if hb.type < 0) != len(harbor_pool):
        raise ScenarioError(f"{where} [board]: harbor_pool must hold one type per '?' harbour")

    terrain_pool = {str(k): int(v) for k, v in board.get("terrain_pool", {}).items()}
    for t in terrain_pool:
        if t not in LAND_TERRAINS:
            raise ScenarioError(f"{where} [board.terrain_pool]: unknown terrain {t!r}")
    number_pool = tuple(int(n) for n in board.get("number_pool", []))
    if sum(terrain_pool.values()) != terrain.count("?"):
        raise ScenarioError(f"{where} [board]: terrain_pool must hold one terrain per '?' hex")

    places = []
    for k, place in enumerate(data.get("places", [])):
        pw = f"{where} [[places]] {k + 1}"
        res.where = pw
        places.append({name: res.any(name, value) for name, value in place.items()})
        if "kind" not in places[-1]:
            raise ScenarioError(f"{pw}: missing 'kind'")
    res.where = where
    paths = {str(name): tuple(res.hex(ref) for ref in refs) for name, refs in data.get("paths", {}).items()}
    starts = []
    for k, start in enumerate(data.get("start", [])):
        res.where = f"{where} [[start]] {k + 1}"
        starts.append({name: res.any(name, value) for name, value in start.items()})
    res.where = where

    scen = Scenario(
        key=key, name=str(meta.get("name", key)), summary=str(meta.get("summary", "")),
        min_players=int(players[0]), max_players=int(players[-1]),
        vp_target=int(meta.get("vp_target", 10)), rules=rules, pieces=pieces, costs=costs,
        bank=bank, deck=deck, geo=geo, terrain=terrain, numbers=numbers, areas=areas,
        hex_area=tuple(hex_area), robber_start=robber_start, pirate_start=pirate_start,
        harbors=tuple(harbors), harbor_pool=harbor_pool, terrain_pool=terrain_pool,
        number_pool=number_pool, places=places, paths=paths, starts=starts,
        options={str(k): dict(v) for k, v in data.get("options", {}).items()},
        params=dict(data.get("params", {})), package=str(meta.get("package", "")), source=source,
        face_down=face_down, barren=barren,
        maps_by_players={int(n): str(k) for n, k in meta.get("maps_by_players", {}).items()},
    )
    _derive_tables(scen)
    return scen


def _face_down_areas(table: dict[str, Any], terrain: tuple[str, ...], res: "_Resolver",
                     where: str, barren: tuple[str, ...] = ()) -> dict[str, FaceDownArea]:
    """``[board.face_down.<name>]``: the hexes of each face-down area (cells ``fd``), the
    terrain stack dealt onto them as they are discovered, and their number tokens (or
    ``numbers_from``: the area whose number stack it shares)."""
    out: dict[str, FaceDownArea] = {}
    claimed: set[int] = set()
    for name, area in table.items():
        aw = f"{where} [board.face_down.{name}]"
        hexes = tuple(res.hex(ref) for ref in _need(area, "hexes", aw))
        for h in hexes:
            if terrain[h] != UNEXPLORED or h in claimed:
                raise ScenarioError(f"{aw}: hex {res.geo.hex_pos[h]} is not a face-down cell (fd) of no other area")
            claimed.add(h)
        stack: list[str] = []
        for t, count in sorted(dict(_need(area, "terrain", aw)).items()):
            if t not in LAND_TERRAINS and t != "sea" and t not in barren:
                raise ScenarioError(f"{aw}: unknown terrain {t!r}")
            stack += [str(t)] * int(count)
        if len(stack) != len(hexes):
            raise ScenarioError(f"{aw}: {len(stack)} terrain hexes in the stack for {len(hexes)} face-down hexes")
        numbers = tuple(int(n) for n in area.get("numbers", []))
        shared = str(area.get("numbers_from", ""))
        if shared and (shared not in table or numbers or table[shared].get("numbers_from")):
            raise ScenarioError(f"{aw}: numbers_from names an area with a number stack of its own, "
                                "and the area then has no numbers")
        out[str(name)] = FaceDownArea(str(name), str(area.get("label", name)), hexes, tuple(stack), numbers,
                                      shared or str(name))
    loose = [h for h, t in enumerate(terrain) if t == UNEXPLORED and h not in claimed]
    if loose:
        raise ScenarioError(f"{where} [board]: face-down cells (fd) in no [board.face_down] area: {loose}")
    return out


def explored_scenario(scen: Scenario, terrain: Sequence[str]) -> Scenario:
    """The scenario's tables for a board on which some face-down hexes have been turned up
    (exploration): the same scenario with the game's terrain, its land and sea re-derived
    (only beside the hexes that turned from land to sea: a face-down hex counts as land)."""
    terrain = tuple(terrain)
    if terrain == scen.terrain:
        return scen
    out = copy.copy(scen)
    out.terrain = terrain
    out._tables = {}          # the shared tables were worked out from the other terrain
    if len(scen.is_land_hex) == len(terrain):
        _derive_tables(out, {h for h, (was, now) in enumerate(zip(scen.terrain, terrain)) if was != now})
    else:
        _derive_tables(out)
    return out


def _derive_tables(s: Scenario, changed: set[int] | None = None) -> None:
    """The land and sea tables from ``s.terrain``.  With ``changed`` (the hexes whose terrain
    changed since the tables were worked out), only the paths and intersections beside a
    hex that changed between land and sea are worked out again: the rest read the same."""
    geo = s.geo
    land = tuple(t != "sea" for t in s.terrain)
    turned = None if changed is None else {h for h in changed if land[h] != s.is_land_hex[h]}
    if turned is not None and not turned:
        return                  # land and sea as before: every table stays
    s.is_land_hex = land
    no_settle = set(s.rules.settle_forbidden_areas)
    no_road = set(s.rules.road_forbidden_areas)
    hex_area, ships = s.hex_area, s.rules.ships
    kinds = [0] * geo.n_edges if turned is None else list(s.edge_kind)
    roadable = [False] * geo.n_edges if turned is None else list(s.edge_roadable)
    shippable = [False] * geo.n_edges if turned is None else list(s.edge_shippable)
    for e, (a, b) in enumerate(geo.edge_hexes):
        if turned is not None and a not in turned and b not in turned:
            continue
        n_land = land[a] + land[b]
        kind = kinds[e] = EDGE_LAND if n_land == 2 else EDGE_COAST if n_land == 1 else EDGE_SEA
        roadable[e] = kind != EDGE_SEA and any(land[h] and hex_area[h] not in no_road for h in (a, b))
        shippable[e] = kind != EDGE_LAND if ships else False
    s.edge_kind, s.edge_roadable, s.edge_shippable = tuple(kinds), tuple(roadable), tuple(shippable)
    n = geo.n_nodes
    touches_land = [False] * n if turned is None else list(s.node_touches_land)
    touches_sea = [False] * n if turned is None else list(s.node_touches_sea)
    settleable = [False] * n if turned is None else list(s.node_settleable)
    for node, hs in enumerate(geo.node_hexes):
        if turned is not None and not any(h in turned for h in hs):
            continue
        touches_land[node] = any(land[h] for h in hs)
        touches_sea[node] = any(not land[h] for h in hs)
        settleable[node] = any(land[h] and hex_area[h] not in no_settle for h in hs)
    s.node_touches_land, s.node_touches_sea = tuple(touches_land), tuple(touches_sea)
    s.node_settleable = tuple(settleable)
    islands = connected_components([h for h in range(geo.n_hexes) if land[h]], geo.hex_neighbors)
    s.islands = tuple(tuple(g) for g in islands)
    hex_island = [-1] * geo.n_hexes
    for i, g in enumerate(islands):
        for h in g:
            hex_island[h] = i
    s.hex_island = tuple(hex_island)


_EXTRA_RULES_DIRS: list[Path] = []


def register_rules_dir(folder: Path) -> None:
    """Also look for scenario files in ``folder`` (a scenario package that lives outside
    this project, such as the tests' example, ships its rules file beside it)."""
    if folder not in _EXTRA_RULES_DIRS:
        _EXTRA_RULES_DIRS.append(folder)


def _rules_dirs() -> list[Path]:
    return [rules_dir(), *_EXTRA_RULES_DIRS]


def available_scenarios() -> list[str]:
    """Keys of every scenario file in the rules folders, sorted."""
    return sorted({p.stem for folder in _rules_dirs() if folder.is_dir() for p in folder.glob("*.toml")})


#: what a scenario key may be (a file name under rules/, so no path and no dot)
SCENARIO_KEY = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")


@lru_cache(maxsize=None)
def load_scenario(key: str) -> Scenario:
    """Read and resolve ``rules/<key>.toml`` (cached: scenarios never change during play)."""
    if not isinstance(key, str) or not SCENARIO_KEY.fullmatch(key):
        # checked before any file is opened: a 300-character key must not reach the file system
        from ..safetext import clean_text

        raise ScenarioError(f"unknown scenario {clean_text(repr(key), 40)}: a scenario key is at most 64 "
                            "letters, digits, '-' and '_'")
    path = next((folder / f"{key}.toml" for folder in _rules_dirs() if (folder / f"{key}.toml").is_file()),
                rules_dir() / f"{key}.toml")
    if not path.is_file():
        from ..suggest import did_you_mean

        known = ", ".join(available_scenarios()) or "none found"
        raise ScenarioError(f"unknown scenario {key!r}{did_you_mean(key, available_scenarios())} (known: {known})")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ScenarioError(f"{path.name}: cannot read: {exc}") from None
    scen = parse_scenario(data, path.name)
    if scen.key != key:
        raise ScenarioError(f"{path.name}: [scenario] key is {scen.key!r}, expected {key!r}")
    return scen


def scenario_for_players(key: str, players: int) -> Scenario:
    """The scenario a game of ``players`` plays: ``key``'s own file, or the file its
    ``[scenario] maps_by_players`` names for that count (a designed map per count)."""
    scen = load_scenario(key)
    other = scen.maps_by_players.get(players)
    return load_scenario(other) if other and other != key else scen
