"""Rendering: plain board / view dicts to rich renderables (the map and the side tables).

Nothing here reads game state: it draws what ``Game.board_json()`` and ``Game.view(seat)``
return, so a hidden card cannot reach a screen by accident.  A scenario's marks come from
its package's render layer (:mod:`.layers`), found through the scenario file.
"""

from .board import COMPACT, FULL, REGIONS, Layout, render_board
from .layers import BoardLayer, EdgeMark, HexMark, HexNote, layer_for
from .summary import dice_table, summary
from .tables import bank_table, hand_table, hands_table, log_table, score_table, status_table

__all__ = [
    "COMPACT", "FULL", "REGIONS", "Layout", "render_board",
    "BoardLayer", "EdgeMark", "HexMark", "HexNote", "layer_for",
    "dice_table", "summary",
    "bank_table", "hand_table", "hands_table", "log_table", "score_table", "status_table",
]
