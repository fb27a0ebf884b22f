"""Knights on paths (D.9, D.10): who stands where, where one may be put, and how far one
may move.  A knight is not a route piece: it shares a path with a road, blocks no road and
is counted for both hexes of its path."""

from __future__ import annotations

from ...engine.actions import Action
from ...engine.context import RulesContext
from .layout import Layout

# Action(...) without the named tuple's Python-level __new__ (every field given): thousands of
# knight moves are listed, and the compiled build would step into interpreted code for each.
_new = tuple.__new__


class Knights:
    def __init__(self, ctx: RulesContext, layout: Layout) -> None:
        self.ctx = ctx
        self.lay = layout
        self.per_player = int(ctx.scen.params["knights"])
        # moves()' last answer and everything it was worked out from: the seat, whether it
        # has grain, the knights that moved this turn and every seat's knights.
        self._moves_key: tuple[object, ...] | None = None
        self._moves: tuple[Action, ...] = ()
        # Per seat (None until asked): path -> every end of a move from there with its action.
        self._ends: list[dict[int, tuple[tuple[int, bool, Action], ...]] | None] = [None] * ctx.n

    def of(self, seat: int) -> list[int]:
        return self.ctx.player_data(seat)["knights"]  # type: ignore[no-any-return]

    def owner(self, edge: int) -> int:
        for seat in range(self.ctx.n):
            if edge in self.of(seat):
                return seat
        return -1

    def occupied(self) -> set[int]:
        out: set[int] = set()
        for seat in range(self.ctx.n):
            out.update(self.ctx.player_data(seat)["knights"])
        return out

    def in_supply(self, seat: int) -> int:
        return self.per_player - len(self.of(seat))

    def free(self, edge: int) -> bool:
        return edge in self.lay.reach and self.owner(edge) < 0

    def free_castle_paths(self) -> list[int]:
        taken = self.occupied()
        return sorted(e for e in self.lay.castle_paths if e not in taken)

    def free_paths(self) -> list[int]:
        taken = self.occupied()
        return [e for e in self.lay.paths if e not in taken]

    def place(self, seat: int, edge: int) -> None:
        self.of(seat).append(edge)
        if edge in self.lay.castle_paths:
            self.ctx.data["castle_knights"].append(edge)

    def distance(self, src: int, dst: int) -> int:
        """Paths between two paths (knights and buildings are passed over), or 99."""
        return self.lay.reach.get(src, {}).get(dst, 99)

    def move_reason(self, seat: int, src: int, dst: int, paid: bool) -> str | None:
        """D.10: a knight of the mover's that has not moved this turn, to a free path that
        is not a castle path, within 3 paths (5 for 1 grain)."""
        ctx = self.ctx
        if src not in self.of(seat):
            return f"you have no knight on {ctx.edge_text(src)}" if 0 <= src < ctx.geo.n_edges else "no such path"
        if src in ctx.data["moved"]:
            return f"the knight on {ctx.edge_text(src)} has already moved this turn"
        if dst not in self.lay.reach:
            return "knights stand on land paths" if 0 <= dst < ctx.geo.n_edges else "no such path"
        if dst == src:
            return "a move takes the knight to another path"
        if dst in self.occupied():
            return f"{ctx.edge_text(dst)} holds a knight: knights may pass it but not stop there"
        if dst in self.lay.castle_paths:
            return f"{ctx.edge_text(dst)} is a castle path: no knight may end a move at the castle"
        far = self.distance(src, dst)
        steps, paid_steps = self.lay.knight_steps, self.lay.knight_steps_paid
        if paid:
            if far <= steps:
                return f"{ctx.edge_text(dst)} is within {steps} paths: no grain is needed"
            if far > paid_steps:
                return f"{ctx.edge_text(dst)} is {far} paths away; a knight moves at most {paid_steps} for 1 grain"
            if ctx.state.players[seat].resources[3] < 1:
                return "moving a knight 5 paths costs 1 grain; you have none"
        elif far > steps:
            if far <= paid_steps:
                return (f"{ctx.edge_text(dst)} is {far} paths away; a knight moves {steps}, "
                        f"or {paid_steps} for 1 grain ('... pay grain')")
            return f"{ctx.edge_text(dst)} is too far: a knight moves at most {paid_steps} paths"
        return None

    def moves(self, seat: int, grain: bool) -> tuple[Action, ...]:
        """Every move ``move_reason`` allows ``seat`` (``grain``: it has grain for the longer
        moves): each knight that has not moved, to each free end of its moves.  Kept while
        the knights, the turn's moved knights and ``grain`` stay, which is most of a turn."""
        ctx = self.ctx
        moved = ctx.data["moved"]
        placed = tuple(tuple(ctx.player_data(p)["knights"]) for p in range(ctx.n))
        key = (seat, grain, tuple(moved), placed)
        if key == self._moves_key:
            return self._moves
        taken = {e for mine in placed for e in mine}
        ends = self._ends_of(seat)
        found = tuple(action for src in placed[seat] if src not in moved
                      for dst, paid, action in ends[src]
                      if dst not in taken and (grain or not paid))
        self._moves_key, self._moves = key, found
        return found

    def _ends_of(self, seat: int) -> dict[int, tuple[tuple[int, bool, Action], ...]]:
        """Path -> every end of a move from there (path, needs grain) with ``seat``'s action:
        a table of the scenario, made once for every game that plays by it (thousands of
        actions a seat, which a game would otherwise make again and keep to its end)."""
        found = self._ends[seat]
        if found is None:
            lay = self.lay
            found = self._ends[seat] = self.ctx.scen.table(
                f"barbarian-attack knight moves {seat} {lay.knight_steps} {lay.knight_steps_paid}",
                lambda: {src: tuple((dst, paid, _new(Action, ("move-knight", (src, dst, int(paid)), seat)))
                                    for dst, paid in ends) for src, ends in lay.knight_ends.items()})
        return found

    def destinations(self, src: int, grain: bool = True) -> list[tuple[int, bool]]:
        """(path, needs grain) for every free end of a move from ``src`` that is not a
        castle path (``grain``: the mover has grain for the longer moves)."""
        steps = self.lay.knight_steps
        taken = self.occupied() | self.lay.castle_paths
        return [(dst, d > steps) for dst, d in sorted(self.lay.reach[src].items())
                if d and dst not in taken and (grain or d <= steps)]
