"""The phases of the general turn machine.

A game is in set-up, then each turn goes roll → main (trade and build) → the next turn,
until it is over.  A scenario adds its own phases (``PhaseKind``) with their prompt text.
The names are plain string constants, not an enum: the state keeps plain strings (saves
and digests read as before), and the rules compare phases on every action, where an
enum member's lookup and comparison cost measurably more.
"""

from __future__ import annotations

from typing import Final


class Phase:
    SETUP: Final = "setup"      # the set-up placements
    ROLL: Final = "roll"        # the player on turn must roll (or play a card first)
    MAIN: Final = "main"        # after the roll: trade, build, play
    OVER: Final = "over"        # someone has won


GENERAL_PHASES: frozenset[str] = frozenset({Phase.SETUP, Phase.ROLL, Phase.MAIN, Phase.OVER})
