"""The catanatron side of the versus_catanatron match: a JSON-lines worker on stdin/stdout.

It runs ONLY with the python of a throwaway virtualenv that has catanatron installed (see
versus_catanatron.py); it imports nothing of catan_cli, and catan_cli never imports it.
One request per line, one answer per line:

* ``{"cmd": "new", "seed": S, "seats": ["alphabeta"|"ours", ...], "lands": [...],
  "ports": [...]}``: a 4-seat game on the given map (lands: ``[[x, y, z], resource|null,
  number|null]`` for the 19 land tiles, ports: ``[[x, y, z], direction, resource|null]``),
  seated in the given order (catanatron's own random seating is undone).  Answers the
  board's geometry: every land tile's coordinate with its corner node ids and every land
  edge, so the other side can derive its coordinate map.
* ``{"cmd": "decide"}``: AlphaBeta's move for the seat to act (a discard or Road Building
  followed to its end: a list of actions), with each decision's processor time and the
  number of actions it chose from.
* ``{"cmd": "apply", "action": action, "result": value | null}``: play one action, the
  chance outcome forced (the dice, the card drawn, the card stolen).
* ``{"cmd": "playable"}``, ``{"cmd": "state"}``: the playable actions; the comparable state.
* ``{"cmd": "set_longest", "holder": seat | null}``, ``{"cmd": "set_hands", "hands":
  [[5 ints] per seat], "bank": [5 ints]}``: bring a documented rule difference back in line
  (see the README's match section).
* ``{"cmd": "quit"}``.

Actions are ``[seat, ACTION_TYPE, value]`` with JSON values: resources and cards by
catanatron's names, a node as its id, an edge as ``[a, b]``, a robber move as
``[[x, y, z], victim seat | null]``.  Errors answer ``{"error": "..."}``.
"""

from __future__ import annotations

import json
import random
import sys
import time
from typing import Any

try:
    from catanatron.game import Game  # type: ignore[import-not-found]
    from catanatron.models.actions import generate_playable_actions  # type: ignore[import-not-found]
    from catanatron.models.board import STATIC_GRAPH  # type: ignore[import-not-found]
    from catanatron.models.coordinate_system import Direction  # type: ignore[import-not-found]
    from catanatron.models.enums import (  # type: ignore[import-not-found]
        DEVELOPMENT_CARDS, RESOURCES, Action, ActionRecord, ActionType,
    )
    from catanatron.models.map import (  # type: ignore[import-not-found]
        BASE_MAP_TEMPLATE, CatanMap, MapTemplate, initialize_tiles,
    )
    from catanatron.models.player import Color, Player  # type: ignore[import-not-found]
    from catanatron.models.tiles import LandTile, Port, Water  # type: ignore[import-not-found]
    from catanatron.players.minimax import AlphaBetaPlayer  # type: ignore[import-not-found]
    from catanatron.state_functions import get_largest_army, get_longest_road_color  # type: ignore[import-not-found]
except ImportError as exc:      # not the python of catanatron's virtualenv
    sys.exit(f"the catanatron worker needs catanatron installed in this python: {exc}")

COLORS = (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)


def follows_rules(state: Any, action: Any) -> bool:
    """Whether one of catanatron's playable actions is allowed by the rules where catanatron
    allows more (documented rule differences; AlphaBeta chooses among the others):

    * A.12: Year of Plenty takes two cards (catanatron offers one when the bank is short);
    * A.7: a road does not continue through an opponent's building (catanatron lets a
      player whose road an opponent's settlement broke build on from that settlement).
    """
    kind = action.action_type
    if kind == ActionType.PLAY_YEAR_OF_PLENTY:
        return len(action.value) == 2
    if kind == ActionType.BUILD_ROAD and not state.is_initial_build_phase:
        board, color = state.board, action.color
        for node in action.value:
            owner = board.get_node_color(node)
            if owner == color:
                return True
            if owner is None and any(board.roads.get((node, other)) == color
                                     for other in STATIC_GRAPH.neighbors(node)):
                return True
        return False
    return True


class Worker:
    def __init__(self) -> None:
        self.game: Any = None
        self.seats: list[Any] = []

    # --- the map and the game --------------------------------------------------------------
    def new(self, req: dict[str, Any]) -> dict[str, Any]:
        random.seed(int(req["seed"]))
        lands = {tuple(c): (r, n) for c, r, n in req["lands"]}
        ports = {tuple(c): (Direction[d], r) for c, d, r in req["ports"]}
        # The base template's coordinates in its own order (catanatron numbers nodes in that
        # order, and its road graph is built from that numbering), ports where ours are.
        topology: dict[Any, Any] = {}
        for coord, kind in BASE_MAP_TEMPLATE.topology.items():
            if kind is LandTile:
                topology[coord] = LandTile
            elif coord in ports:
                topology[coord] = (Port, ports[coord][0])
            else:
                topology[coord] = Water
        land_order = [c for c, k in topology.items() if k is LandTile]
        port_order = [c for c, k in topology.items() if isinstance(k, tuple)]
        if set(land_order) != set(lands) or set(port_order) != set(ports):
            raise ValueError("the map does not fit the base board's coordinates")
        # initialize_tiles pops its lists from the end, in the topology's order.
        tile_resources = [lands[c][0] for c in reversed(land_order)]
        numbers = [lands[c][1] for c in reversed(land_order) if lands[c][0] is not None]
        port_resources = [ports[c][1] for c in reversed(port_order)]
        template = MapTemplate(numbers, port_resources, tile_resources, topology)
        tiles = initialize_tiles(template, list(numbers), list(port_resources), list(tile_resources),
                                 number_placement="random")
        catan_map = CatanMap.from_tiles(tiles)
        players = [AlphaBetaPlayer(COLORS[i]) if kind == "alphabeta" else Player(COLORS[i])
                   for i, kind in enumerate(req["seats"])]
        game = Game(players, seed=int(req["seed"]), catan_map=catan_map)
        state = game.state
        # Our seating, not catanatron's shuffle (every per-seat table is still empty).
        state.players = players
        state.colors = tuple(p.color for p in players)
        state.color_to_index = {c: i for i, c in enumerate(state.colors)}
        game.playable_actions = generate_playable_actions(state)
        self.game, self.seats = game, list(state.colors)
        out_tiles = []
        for coord, tile in catan_map.land_tiles.items():
            out_tiles.append({"coord": list(coord), "resource": tile.resource, "number": tile.number,
                              "nodes": {ref.name: node for ref, node in tile.nodes.items()}})
        edges = sorted({tuple(sorted(e)) for t in catan_map.land_tiles.values() for e in t.edges.values()})
        ports_out = {str(res): sorted(nodes) for res, nodes in catan_map.port_nodes.items()}
        return {"tiles": out_tiles, "edges": [list(e) for e in edges], "port_nodes": ports_out,
                "robber": list(state.board.robber_coordinate)}

    # --- actions as JSON ---------------------------------------------------------------------
    def encode(self, action: Any) -> list[Any]:
        seat = self.seats.index(action.color)
        value = action.value
        kind = action.action_type
        if kind == ActionType.MOVE_ROBBER:
            coord, victim = value
            value = [list(coord), None if victim is None else self.seats.index(victim)]
        elif kind == ActionType.BUILD_ROAD:
            value = list(value)
        elif isinstance(value, tuple):
            value = list(value)
        return [seat, kind.name, value]

    def decode(self, data: list[Any]) -> Any:
        seat, kind_name, value = data
        kind = ActionType[kind_name]
        if kind == ActionType.MOVE_ROBBER:
            coord, victim = value
            value = (tuple(coord), None if victim is None else self.seats[victim])
        elif kind == ActionType.BUILD_ROAD:
            value = tuple(value)
        elif kind in (ActionType.MARITIME_TRADE, ActionType.PLAY_YEAR_OF_PLENTY, ActionType.ROLL):
            value = None if value is None else tuple(value)
        return Action(self.seats[seat], kind, value)

    def playable(self) -> list[list[Any]]:
        return [self.encode(a) for a in self.game.playable_actions]

    # --- the commands ----------------------------------------------------------------------
    def decide(self, req: dict[str, Any]) -> dict[str, Any]:
        """AlphaBeta's decision for the seat to act; a discard (one card at a time here) and
        Road Building (the card, then each free road) are followed to their end on a copy
        of the game, so the answer is one whole move: the list of actions and each one's
        processor time."""
        game = self.game
        actions, times, choices = [], [], []
        work = game
        while True:
            player = work.state.current_player()
            full = list(work.playable_actions)
            work.playable_actions = [a for a in full if follows_rules(work.state, a)] or full
            start = time.process_time()
            try:
                action = player.decide(work, work.playable_actions)
            finally:
                work.playable_actions = full
            times.append(1000.0 * (time.process_time() - start))
            choices.append(len(work.playable_actions))
            actions.append(action)
            kind = action.action_type
            discarding = kind == ActionType.DISCARD_RESOURCE
            building = kind == ActionType.PLAY_ROAD_BUILDING or (
                kind == ActionType.BUILD_ROAD and work.state.is_road_building)
            if not (discarding or building):
                break
            if work is game:
                work = game.copy()
            work.execute(action)
            st = work.state
            seat = st.color_to_index[action.color]
            more = st.current_color() == action.color and (
                (discarding and st.is_discarding and st.discard_counts[seat] > 0)
                or (building and st.is_road_building))
            if not more:
                break
        return {"actions": [self.encode(a) for a in actions], "ms": times, "choices": choices}

    def apply(self, req: dict[str, Any]) -> dict[str, Any]:
        action = self.decode(req["action"])
        result = req.get("result")
        record = None
        if action.action_type == ActionType.ROLL:
            record = ActionRecord(action, tuple(result or ()))
        elif action.action_type in (ActionType.BUY_DEVELOPMENT_CARD, ActionType.MOVE_ROBBER):
            record = ActionRecord(action, result)
        self.game.execute(action, action_record=record)
        return {"ok": True}

    def state(self) -> dict[str, Any]:
        st = self.game.state
        players = []
        for i, color in enumerate(st.colors):
            key = f"P{i}_"
            ps = st.player_state
            players.append({
                "resources": [ps[key + r + "_IN_HAND"] for r in RESOURCES],
                "dev_cards": {c: ps[key + c + "_IN_HAND"] for c in DEVELOPMENT_CARDS},
                "knights": ps[key + "PLAYED_KNIGHT"],
                "vp": ps[key + "ACTUAL_VICTORY_POINTS"],
                "roads_left": ps[key + "ROADS_AVAILABLE"],
                "settlements_left": ps[key + "SETTLEMENTS_AVAILABLE"],
                "cities_left": ps[key + "CITIES_AVAILABLE"],
                "road_length": ps[key + "LONGEST_ROAD_LENGTH"],
            })
        road = get_longest_road_color(st)
        army, _ = get_largest_army(st)
        buildings = {str(n): [self.seats.index(c), kind] for n, (c, kind) in st.board.buildings.items()}
        roads = sorted([list(e), self.seats.index(c)] for e, c in st.board.roads.items() if e[0] < e[1])
        return {
            "players": players, "bank": list(st.resource_freqdeck), "deck": len(st.development_listdeck),
            "longest": None if road is None else self.seats.index(road),
            "army": None if army is None else self.seats.index(army),
            "turn": st.current_turn_index, "to_act": st.current_player_index,
            "prompt": st.current_prompt.name, "robber": list(st.board.robber_coordinate),
            "buildings": buildings, "roads": roads,
        }

    def set_longest(self, req: dict[str, Any]) -> dict[str, Any]:
        st = self.game.state
        holder = req["holder"]
        for i in range(len(st.colors)):
            key = f"P{i}_"
            had, has = st.player_state[key + "HAS_ROAD"], holder == i
            if had != has:
                delta = 2 if has else -2
                st.player_state[key + "HAS_ROAD"] = has
                st.player_state[key + "VICTORY_POINTS"] += delta
                st.player_state[key + "ACTUAL_VICTORY_POINTS"] += delta
        board = st.board
        board.road_color = None if holder is None else st.colors[holder]
        board.road_length = 0 if holder is None else board.road_lengths[board.road_color]
        return {"ok": True}

    def set_hands(self, req: dict[str, Any]) -> dict[str, Any]:
        st = self.game.state
        for i, hand in enumerate(req["hands"]):
            for r, n in zip(RESOURCES, hand):
                st.player_state[f"P{i}_{r}_IN_HAND"] = int(n)
        st.resource_freqdeck = [int(n) for n in req["bank"]]
        self.game.playable_actions = generate_playable_actions(st)
        return {"ok": True}

    def handle(self, req: dict[str, Any]) -> dict[str, Any]:
        cmd = req.get("cmd")
        if cmd == "new":
            return self.new(req)
        if self.game is None:
            raise ValueError("no game yet: send new first")
        if cmd == "decide":
            return self.decide(req)
        if cmd == "apply":
            return self.apply(req)
        if cmd == "playable":
            return {"actions": self.playable()}
        if cmd == "state":
            return self.state()
        if cmd == "set_longest":
            return self.set_longest(req)
        if cmd == "set_hands":
            return self.set_hands(req)
        raise ValueError(f"unknown command {cmd!r}")


def main() -> None:
    worker = Worker()
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            req = json.loads(line)
            if req.get("cmd") == "quit":
                break
            answer = worker.handle(req)
        except Exception as exc:     # every failure is an answer: the match reports it
            answer = {"error": f"{exc.__class__.__name__}: {exc}"}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
