"""The phases of the general turn machine.

A game is in set-up, then each turn goes roll → main (trade and build) → the next turn,
until it is over.  A scenario adds its own phases (``PhaseKind``) with their prompt text.
The values are plain strings in the state (``Phase`` is a ``str`` enum), so saves and digests
read the same as before the names existed.
"""

from __future__ import annotations

import enum


class Phase(enum.StrEnum):
    SETUP = "setup"      # the set-up placements
    ROLL = "roll"        # the player on turn must roll (or play a card first)
    MAIN = "main"        # after the roll: trade, build, play
    OVER = "over"        # someone has won


GENERAL_PHASES: frozenset[str] = frozenset(Phase)

# The members as plain module names for the hot path: on Python 3.11 looking a member up on
# an enum class costs several times a global lookup, and the engine compares the phase
# several times per action.  The same objects: states and digests do not change.
SETUP, ROLL, MAIN, OVER = Phase.SETUP, Phase.ROLL, Phase.MAIN, Phase.OVER
