"""The coordinate map and the action translation between our base game and catanatron's.

Pure data, no catanatron needed: catanatron's board reaches us as the worker's answer to
``new`` (every land tile's cube coordinate with its corner node ids, every land edge), and
the map between the two boards is derived from geometry alone.  Both boards have
pointy-topped hexes with east and west neighbours; in a common frame where x counts half a
hex's width and y a quarter of its height (both integers), a hex of ours at row r, doubled
column c sits at (c, 3r) and a catanatron tile at cube (x, y, z) at (2x + z, 3z); each
corner lies at a fixed offset from its hex's centre.  The two frames are aligned on the
island's centre, and nodes, paths and hexes are matched by their points.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from ..engine.actions import Action
from ..engine.geometry import CORNERS, RESOURCES, TERRAIN_RESOURCE
from ..engine.scenario import HARBOR_TYPES
from ..game import Game

#: catanatron's resource names in our resource order (lumber, brick, wool, grain, ore)
CAT_RESOURCES: tuple[str, ...] = ("WOOD", "BRICK", "SHEEP", "WHEAT", "ORE")
#: our development cards by catanatron's names
CAT_CARDS: dict[str, str] = {"knight": "KNIGHT", "victory-point": "VICTORY_POINT",
                             "road-building": "ROAD_BUILDING", "year-of-plenty": "YEAR_OF_PLENTY",
                             "monopoly": "MONOPOLY"}
#: a corner's offset from its hex's centre in the common frame, by our corner names (N, NE,
#: SE, S, SW, NW); catanatron's NodeRef names the same corners NORTH, NORTHEAST, ...
CORNER_OFFSET: dict[str, tuple[int, int]] = {
    "N": (0, -2), "NE": (1, -1), "SE": (1, 1), "S": (0, 2), "SW": (-1, 1), "NW": (-1, -1)}
CAT_CORNER: dict[str, str] = {"NORTH": "N", "NORTHEAST": "NE", "SOUTHEAST": "SE",
                              "SOUTH": "S", "SOUTHWEST": "SW", "NORTHWEST": "NW"}
#: a neighbouring hex's offset in the common frame, by catanatron's Direction names
DIRECTION_OFFSET: dict[str, tuple[int, int]] = {
    "EAST": (2, 0), "WEST": (-2, 0), "NORTHEAST": (1, -3), "NORTHWEST": (-1, -3),
    "SOUTHEAST": (1, 3), "SOUTHWEST": (-1, 3)}


class MapError(ValueError):
    """The two boards do not match (a map of the wrong shape, or a bug in the map)."""


def cube_point(coord: Sequence[int]) -> tuple[int, int]:
    """A catanatron tile's centre in the common frame."""
    x, _y, z = coord
    return 2 * x + z, 3 * z


def point_cube(point: tuple[int, int]) -> tuple[int, int, int]:
    """The catanatron cube coordinate of a hex centre in the common frame."""
    px, py = point
    if py % 3 or (px - py // 3) % 2:
        raise MapError(f"no hex centre at {point}")
    z = py // 3
    x = (px - z) // 2
    return x, -x - z, z


@dataclass(frozen=True)
class BoardMap:
    """Our board against catanatron's: node, path and hex indices both ways."""

    node_to_cat: dict[int, int]
    node_from_cat: dict[int, int]
    edge_to_cat: dict[int, tuple[int, int]]
    edge_from_cat: dict[tuple[int, int], int]
    hex_to_cat: dict[int, tuple[int, int, int]]
    hex_from_cat: dict[tuple[int, int, int], int]


def _our_centres(game: Game) -> tuple[dict[int, tuple[int, int]], tuple[int, int]]:
    """Our land hexes' centres, translated so the island's centre is the origin."""
    e, s = game.engine, game.engine.s
    land = [h for h, t in enumerate(s.terrain) if t != "sea"]
    raw = {h: (e.geo.hex_pos[h][1], 3 * e.geo.hex_pos[h][0]) for h in land}
    cx = sum(p[0] for p in raw.values()) // len(raw)
    cy = sum(p[1] for p in raw.values()) // len(raw)
    if (cx, cy) not in raw.values():
        raise MapError("the island has no centre hex")
    return {h: (x - cx, y - cy) for h, (x, y) in raw.items()}, (cx, cy)


def cat_map_request(game: Game) -> dict[str, Any]:
    """The ``lands`` and ``ports`` of the worker's ``new`` request: our map in catanatron's
    coordinates (its resource names; a port as the sea hex in front of our harbour, facing it)."""
    e, s = game.engine, game.engine.s
    centres, (cx, cy) = _our_centres(game)
    lands = []
    for h, point in sorted(centres.items()):
        r = TERRAIN_RESOURCE[s.terrain[h]]
        lands.append([list(point_cube(point)), CAT_RESOURCES[r] if r >= 0 else None,
                      s.numbers[h] if r >= 0 else None])
    ports = []
    for i, harbor in enumerate(e.scen.harbors):
        a, b = e.geo.edge_hexes[harbor.edge]
        sea = b if a == harbor.land_hex else a
        land_r, land_c = e.geo.hex_pos[harbor.land_hex]
        sea_r, sea_c = e.geo.hex_pos[sea]
        step = (land_c - sea_c, 3 * (land_r - sea_r))
        direction = next(d for d, off in DIRECTION_OFFSET.items() if off == step)
        sea_point = (sea_c - cx, 3 * sea_r - cy)
        kind = HARBOR_TYPES[s.harbor_types[i]]
        resource = CAT_RESOURCES[RESOURCES.index(kind)] if kind in RESOURCES else None
        ports.append([list(point_cube(sea_point)), direction, resource])
    return {"lands": lands, "ports": ports}


def derive_map(game: Game, board: dict[str, Any]) -> BoardMap:
    """The coordinate map from our game and the worker's answer to ``new``; MapError when
    the boards do not correspond one to one (nodes, paths, hexes and what is on them)."""
    e, s = game.engine, game.engine.s
    geo = e.geo
    centres, _ = _our_centres(game)
    # Our land nodes by point, every land hex's corners agreeing.
    ours: dict[tuple[int, int], int] = {}
    for h, (x, y) in centres.items():
        for corner, node in zip(CORNERS, geo.hex_corner_nodes[h]):
            dx, dy = CORNER_OFFSET[corner]
            point = (x + dx, y + dy)
            if node < 0 or ours.setdefault(point, node) != node:
                raise MapError(f"our corner {corner} of hex {geo.hex_ids[h]} does not fit")
    theirs: dict[tuple[int, int], int] = {}
    hex_from_cat: dict[tuple[int, int, int], int] = {}
    by_point = {p: h for h, p in centres.items()}
    for tile in board["tiles"]:
        coord = tuple(int(v) for v in tile["coord"])
        x, y = cube_point(coord)
        found = by_point.get((x, y))
        if found is None:
            raise MapError(f"catanatron's tile {coord} has no hex of ours")
        h = found
        r = TERRAIN_RESOURCE[s.terrain[h]]
        if tile["resource"] != (CAT_RESOURCES[r] if r >= 0 else None) or (
                r >= 0 and tile["number"] != s.numbers[h]):
            raise MapError(f"tile {coord} holds {tile['resource']} {tile['number']}, "
                           f"hex {geo.hex_ids[h]} {s.terrain[h]} {s.numbers[h]}")
        hex_from_cat[(coord[0], coord[1], coord[2])] = h
        for ref, node in tile["nodes"].items():
            dx, dy = CORNER_OFFSET[CAT_CORNER[ref]]
            point = (x + dx, y + dy)
            if theirs.setdefault(point, int(node)) != int(node):
                raise MapError(f"catanatron's corner {ref} of tile {coord} does not fit")
    if set(ours) != set(theirs) or len(hex_from_cat) != len(centres):
        raise MapError("the two islands differ in shape")
    node_to_cat = {ours[p]: theirs[p] for p in ours}
    node_from_cat = {c: o for o, c in node_to_cat.items()}
    if len(node_from_cat) != len(node_to_cat):
        raise MapError("two of our nodes meet one of catanatron's")
    cat_edges = {(min(a, b), max(a, b)) for a, b in board["edges"]}
    edge_to_cat: dict[int, tuple[int, int]] = {}
    for edge, (a, b) in enumerate(geo.edge_nodes):
        if a in node_to_cat and b in node_to_cat:
            ca, cb = node_to_cat[a], node_to_cat[b]
            key = (min(ca, cb), max(ca, cb))
            if key not in cat_edges:
                raise MapError(f"our path {geo.edge_names[edge]} is no edge of catanatron's")
            edge_to_cat[edge] = key
    if set(edge_to_cat.values()) != cat_edges:
        raise MapError("catanatron has edges we lack")
    # Harbours: the same nodes trade at the same rates.
    cat_ports = {res: {node_from_cat[int(n)] for n in nodes} for res, nodes in board["port_nodes"].items()}
    our_ports: dict[str, set[int]] = {}
    for i, harbor in enumerate(e.scen.harbors):
        kind = HARBOR_TYPES[s.harbor_types[i]]
        name = CAT_RESOURCES[RESOURCES.index(kind)] if kind in RESOURCES else "None"
        our_ports.setdefault(name, set()).update(geo.edge_nodes[harbor.edge])
    if cat_ports != our_ports:
        raise MapError("the harbours differ")
    robber = tuple(int(v) for v in board["robber"])
    if hex_from_cat.get((robber[0], robber[1], robber[2])) != s.robber:
        raise MapError("the robber starts elsewhere")
    return BoardMap(node_to_cat, node_from_cat, edge_to_cat, {v: k for k, v in edge_to_cat.items()},
                    {h: c for c, h in hex_from_cat.items()}, hex_from_cat)


# --- actions ------------------------------------------------------------------------------------
CatAction = list[Any]          # [seat, ACTION_TYPE, value], as the worker reads it
#: a catanatron action and the chance outcome it is to be played with (None: none)
Step = tuple[CatAction, Any]


class Untranslatable(ValueError):
    """An action one engine allows that the other cannot express."""


def to_cat(action: Action, bmap: BoardMap, hand: Sequence[int], cards: Sequence[str],
           after: Game) -> list[Step]:
    """Our action, played, as the catanatron actions that mirror it, each with its forced
    outcome: read from ``after`` (the game after it) against the actor's resources
    ``hand`` and development cards ``cards`` before it."""
    seat, kind, args = action.seat, action.kind, action.args
    if kind == "roll":
        return [([seat, "ROLL", None], list(after.engine.s.dice or ()))]
    if kind == "end":
        return [([seat, "END_TURN", None], None)]
    if kind == "build-settlement":
        return [([seat, "BUILD_SETTLEMENT", bmap.node_to_cat[args[0]]], None)]
    if kind == "build-city":
        return [([seat, "BUILD_CITY", bmap.node_to_cat[args[0]]], None)]
    if kind == "build-road":
        return [([seat, "BUILD_ROAD", list(bmap.edge_to_cat[args[0]])], None)]
    if kind == "buy-card":
        new = [c for c, _ in after.engine.s.players[seat].dev_cards]
        for card in cards:
            new.remove(card)
        if len(new) != 1:
            raise Untranslatable("the card drawn cannot be told")
        return [([seat, "BUY_DEVELOPMENT_CARD", None], CAT_CARDS[new[0]])]
    if kind == "play-knight":
        return [([seat, "PLAY_KNIGHT_CARD", None], None)]
    if kind == "robber":
        hex_, victim = args
        stolen = None
        if victim >= 0:
            gained = [a - b for a, b in zip(after.engine.s.players[seat].resources, hand)]
            if sorted(gained) != [0, 0, 0, 0, 1]:
                raise Untranslatable("the card stolen cannot be told")
            stolen = CAT_RESOURCES[gained.index(1)]
        return [([seat, "MOVE_ROBBER", [list(bmap.hex_to_cat[hex_]), None if victim < 0 else victim]], stolen)]
    if kind == "discard":
        counts = args[0]
        return [([seat, "DISCARD_RESOURCE", CAT_RESOURCES[r]], None) for r in range(5) for _ in range(counts[r])]
    if kind == "trade":
        give, give_n, get, get_n = args
        if get_n < 1 or give_n % get_n:
            raise Untranslatable(f"a bank trade of {give_n} for {get_n}")
        rate = give_n // get_n
        if rate not in (2, 3, 4):
            raise Untranslatable(f"a bank trade at {rate}:1")
        value = [CAT_RESOURCES[give]] * rate + [None] * (4 - rate) + [CAT_RESOURCES[get]]
        return [([seat, "MARITIME_TRADE", value], None) for _ in range(get_n)]
    if kind == "play-year-of-plenty":
        pair = sorted(args)
        return [([seat, "PLAY_YEAR_OF_PLENTY", [CAT_RESOURCES[r] for r in pair]], None)]
    if kind == "play-monopoly":
        return [([seat, "PLAY_MONOPOLY", CAT_RESOURCES[args[0]]], None)]
    if kind == "play-road-building":      # args: (piece, path) for each free piece
        if any(piece != "road" for piece, _ in args):
            raise Untranslatable("catanatron has no ships")
        return [([seat, "PLAY_ROAD_BUILDING", None], None)] + [
            ([seat, "BUILD_ROAD", list(bmap.edge_to_cat[e])], None) for _, e in args]
    raise Untranslatable(f"catanatron has no {kind}")


def from_cat(cat: CatAction, bmap: BoardMap) -> Action:
    """A catanatron action (a whole decision: not a discard's single card, nor a road of
    Road Building, which the bridge gathers itself) as our action."""
    seat, kind, value = cat
    if kind == "ROLL":
        return Action("roll", (), seat)
    if kind == "END_TURN":
        return Action("end", (), seat)
    if kind == "BUILD_SETTLEMENT":
        return Action("build-settlement", (bmap.node_from_cat[value],), seat)
    if kind == "BUILD_CITY":
        return Action("build-city", (bmap.node_from_cat[value],), seat)
    if kind == "BUILD_ROAD":
        return Action("build-road", (bmap.edge_from_cat[(min(value), max(value))],), seat)
    if kind == "BUY_DEVELOPMENT_CARD":
        return Action("buy-card", (), seat)
    if kind == "PLAY_KNIGHT_CARD":
        return Action("play-knight", (), seat)
    if kind == "MOVE_ROBBER":
        coord, victim = value
        return Action("robber", (bmap.hex_from_cat[tuple(coord)], -1 if victim is None else victim), seat)
    if kind == "MARITIME_TRADE":
        give = CAT_RESOURCES.index(value[0])
        rate = sum(1 for v in value[:4] if v is not None)
        return Action("trade", (give, rate, CAT_RESOURCES.index(value[4]), 1), seat)
    if kind == "PLAY_YEAR_OF_PLENTY":
        if len(value) != 2:
            raise Untranslatable("year of plenty for one card (our rules take two, A.12)")
        return Action("play-year-of-plenty", tuple(CAT_RESOURCES.index(r) for r in value), seat)
    if kind == "PLAY_MONOPOLY":
        return Action("play-monopoly", (CAT_RESOURCES.index(value),), seat)
    raise Untranslatable(f"we have no single action for catanatron's {kind}")


def discard_action(seat: int, cards: Sequence[str]) -> Action:
    """Catanatron's one-card discards of one seat as our one discard."""
    counts = [0] * 5
    for card in cards:
        counts[CAT_RESOURCES.index(card)] += 1
    return Action("discard", (tuple(counts),), seat)


def road_building_action(seat: int, edges: Sequence[Sequence[int]], bmap: BoardMap) -> Action:
    """Catanatron's Road Building and the free roads it placed as our one play."""
    return Action("play-road-building",
                  tuple(("road", bmap.edge_from_cat[(min(e), max(e))]) for e in edges), seat)
