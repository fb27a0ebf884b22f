"""The small, named set of places where a scenario adds behaviour to the general rules.

A scenario module in ``catan_cli.scenarios`` subclasses :class:`ScenarioHooks` and overrides
only what it needs.  The base rules call these hooks and never test a scenario's name:
where two scenarios differ, the difference is data or a hook.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from .actions import Action, Event

if TYPE_CHECKING:
    from .core import Engine


class ScenarioHooks:
    """Default behaviour: the plain base game and Seafarers rules."""

    #: extra verbs this scenario adds (kind -> help line); see ``check``/``apply``.
    extra_kinds: dict[str, str] = {}

    def __init__(self, engine: "Engine") -> None:
        self.e = engine

    # --- creation ------------------------------------------------------------------
    def setup_state(self) -> None:
        """Place pre-set pieces and scenario tokens on a new game's state."""

    def adjust_deck(self, deck: dict[str, int]) -> dict[str, int]:
        """Development deck contents for this game (player count may change it)."""
        return deck

    # --- placement -----------------------------------------------------------------
    def settlement_reason(self, seat: int, node: int, setup: bool) -> str | None:
        """Extra reason why ``seat`` may not build a settlement on ``node``."""
        return None

    def settlement_site(self, seat: int, node: int, setup: bool) -> tuple[bool, str | None]:
        """Take over the site rules for a special intersection: (True, reason-or-None),
        or (False, None) to leave ``node`` to the general rules."""
        return False, None

    def ship_reason(self, seat: int, edge: int, lifted: int) -> str | None:
        """Extra reason why ``seat`` may not have a ship on ``edge`` (``lifted``: the edge
        of a ship being moved, -1 when building)."""
        return None

    def closes_route(self, seat: int, node: int) -> bool:
        """Whether a scenario piece on ``node`` ends (closes) ``seat``'s shipping route."""
        return False

    def node_blocks_route(self, seat: int, node: int) -> bool:
        """Whether a scenario piece on ``node`` stops ``seat`` building past it."""
        return False

    # --- robber and pirate ---------------------------------------------------------
    def robber_hex_reason(self, seat: int, hex_: int) -> str | None:
        return None

    def pirate_reason(self, seat: int) -> str | None:
        """Why ``seat`` may not move the pirate now (None: allowed)."""
        return None

    def pirate_takes(self, seat: int, victim: int) -> tuple[str, ...]:
        """What the pirate's mover may take from ``victim``: ("resource",) by default."""
        return ("resource",)

    def on_seven(self, seat: int) -> list[Event] | None:
        """Replace the robber step of a 7 (None: the normal robber/pirate move)."""
        return None

    def on_knight(self, seat: int) -> list[Event] | None:
        """Replace the knight's robber move (None: the normal move)."""
        return None

    def knight_reason(self, seat: int, card: str) -> str | None:
        return None

    def card_plays_as(self, card: str) -> str:
        """Which card a card is played as (Pirate Islands: VP cards act as knights)."""
        return card

    # --- turn ----------------------------------------------------------------------
    def before_production(self, roll: tuple[int, int]) -> list[Event]:
        return []

    def after_production(self, total: int) -> list[Event]:
        return []

    def after_route_change(self, seat: int) -> list[Event]:
        """Called after ``seat`` built or moved a ship or road, or built a settlement."""
        return []

    def end_turn_reason(self, seat: int) -> str | None:
        return None

    def after_action(self) -> list[Event]:
        """Called after every accepted action (early game end checks)."""
        return []

    # --- scoring -------------------------------------------------------------------
    def vp_sources(self, seat: int) -> dict[str, int]:
        """Scenario VP by source name, added to the general sources."""
        return {}

    def may_win(self, seat: int) -> bool:
        """Extra victory condition beyond reaching the VP target."""
        return True

    def tiebreak(self, seat: int) -> int:
        """Secondary score when the game ends with several players on equal VP."""
        return 0

    # --- scenario verbs ------------------------------------------------------------
    def check(self, action: Action) -> str | None:
        """Reason why a scenario verb is illegal now, or None."""
        return f"'{action.kind}' is not part of this scenario"

    def apply(self, action: Action) -> list[Event]:
        return []

    def legal(self, seat: int) -> Iterable[Action]:
        """Scenario verbs ``seat`` may use now."""
        return ()

    def pending_reason(self, item: dict[str, Any], action: Action) -> str | None:
        """Check an answer to a scenario-specific pending decision."""
        return f"nothing to answer for {item['kind']}"

    def view_extra(self, seat: int) -> dict[str, Any]:
        return {}

    # --- checking ------------------------------------------------------------------
    def invariant_problems(self) -> list[str]:
        """Scenario invariants broken in the current state (conservation of scenario
        tokens, pieces on their paths ...); empty when all hold."""
        return []
