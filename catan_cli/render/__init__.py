"""Rendering: plain board / view dicts to rich renderables (the map and the side tables).

Nothing here imports the engine: it draws what ``Game.board_json()`` and ``Game.view(seat)``
return, so a hidden card cannot reach a screen by accident.
"""

from .board import COMPACT, FULL, REGIONS, Layout, render_board
from .tables import (
    bank_table, fleet_steps, hand_table, hands_table, log_table, score_table, status_table,
)

__all__ = [
    "COMPACT", "FULL", "REGIONS", "Layout", "render_board",
    "bank_table", "fleet_steps", "hand_table", "hands_table", "log_table", "score_table", "status_table",
]
