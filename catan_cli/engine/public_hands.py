"""What the whole table knows each seat holds: per seat and resource, a lower bound on its
cards, from the public record alone.

Hands are secret: a seat's view shows another seat's cards only as a count.  But almost every
card that moves, moves in the open.  Production (A.9), building and buying (A.3), bank and
harbour trades (A.15), domestic trades (A.16), discards (A.10 step 2), Monopoly and Year of
Plenty (A.12), gold picks (B.11) and a scenario's payments either name their cards aloud or go
to and from the bank, whose counts every seat sees.  The one move the table does not see is a
steal (A.10 step 4, B.10.4, the Legend's friends): its card is shown to the thief and the
victim only.  So the table knows:

- after an open change of a hand by ``d`` (per resource), at least ``known + d`` of each
  (never below nothing: cards the table did not know of may have been the ones that left);
- after a hidden change, nothing new of what came in, and of each resource at most
  ``known - lost`` (``lost``: the cards that left), since any of them may have been of it.

The bound lives in the state (``GameState.public_min``, five counts per seat), so saves, copies
and undo carry it.  The engine brings it up to date after every action, at its one door
(``Engine.apply_legal``), from each hand as it was after the action before: one comparison per
hand, and the whole update only for the hands that changed.  Every change is therefore seen,
whoever made it (the engine, a scenario, a sandbox edit); a change whose cards the table does
not see is *declared* hidden where it happens (:meth:`PublicHands.hide`).  Either rule keeps
the bound at or below the hand (the invariant checker asks after every action), so a bot that
offers only to seats whose bound covers what it asks never asks for a card the seat lacks,
and never learns more than a player watching the table would.
"""

from __future__ import annotations

from .state import GameState


def fresh_bounds(state: GameState) -> list[list[int]]:
    """The bound at the start of a game: every card dealt so far was dealt in the open."""
    return [list(p.resources) for p in state.players]


class PublicHands:
    """One game's bookkeeping around ``state.public_min``: the hands as last brought up to date
    and the seats whose change since then the table did not see."""

    def __init__(self, state: GameState) -> None:
        n = len(state.players)
        if len(state.public_min) != n:
            # A save written before the bound was kept: nothing is known yet.
            state.public_min = [[0] * 5 for _ in range(n)]
        self.seen: list[list[int]] = [list(p.resources) for p in state.players]
        self.hidden: list[int] = []

    def rebase(self, state: GameState) -> None:
        """Take the hands as they are now, learning nothing from how they changed: for a
        change made outside any action (a search copy's hidden cards dealt afresh)."""
        self.seen = [list(p.resources) for p in state.players]
        self.hidden = []

    def hide(self, seat: int) -> None:
        """Say that ``seat``'s hand is changing in a way the table does not see (a steal)."""
        self.hidden.append(seat)

    def update(self, state: GameState) -> None:
        """Bring the bound up to date with every hand changed since the last update (after
        every action: a comparison per hand, and arithmetic only for the hands that changed)."""
        players = state.players
        hidden = self.hidden
        seen = self.seen
        for seat, before in enumerate(seen):
            now = players[seat].resources
            if now == before:
                continue
            bound = state.public_min[seat]
            if hidden and seat in hidden:
                lost = 0
                for r in range(5):
                    if before[r] > now[r]:
                        lost += before[r] - now[r]
                for r in range(5):
                    left = bound[r] - lost
                    bound[r] = left if left > 0 else 0
            else:                # written out: this runs after every other action
                n0, n1, n2, n3, n4 = now
                b0, b1, b2, b3, b4 = before
                k0, k1, k2, k3, k4 = bound
                k0 += n0 - b0
                k1 += n1 - b1
                k2 += n2 - b2
                k3 += n3 - b3
                k4 += n4 - b4
                bound[:] = (k0 if k0 > 0 else 0, k1 if k1 > 0 else 0, k2 if k2 > 0 else 0,
                            k3 if k3 > 0 else 0, k4 if k4 > 0 else 0)
            seen[seat] = now[:]
        if hidden:
            self.hidden = []
