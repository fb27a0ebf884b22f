"""Campaigns: chapters played one after the other by the same players, each chapter's
results kept in a record and what it passes on carried into the next.

The core knows the door, not any campaign: a scenario package that offers one has a
``campaign_door`` module whose ``DOOR`` answers :class:`CampaignDoor`.  ``catan campaign``
and the REPL's record command (the door's ``record_word``) go through it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from .engine.packages import package_part
from .errors import CatanError

if TYPE_CHECKING:
    from rich.console import RenderableType

    from .game import Game
    from .script import Header


class CampaignDoor(Protocol):
    key: str              # what 'catan campaign --kind KEY' names
    title: str
    record_word: str      # the REPL command showing the campaign's record
    record_help: str      # its help text

    def new(self, name: str, players: str, seed: int, folder: str | Path | None) -> Any: ...

    def load(self, name: str, folder: str | Path | None) -> Any: ...

    def advance(self, campaign: Any, folder: str | Path | None) -> bool:
        """If the chapter in play has ended: record it and move on; whether it had ended."""

    def finished_text(self, campaign: Any) -> str | None:
        """What to say when no further chapter can be played (None: one can)."""

    def save_name(self, campaign: Any) -> str: ...

    def header(self, campaign: Any) -> "Header": ...

    def record_table(self, campaign: Any) -> "RenderableType": ...

    def record_json(self, campaign: Any) -> dict[str, Any]: ...

    def find_for_save(self, save_name: str, folder: str | Path | None) -> Any | None: ...

    def record_in_play(self, campaign: Any, game: "Game") -> "RenderableType | None":
        """The record with the chapter ``game`` scored as it stands (None: the game is not
        one of this campaign's chapters)."""


def campaign_doors() -> dict[str, CampaignDoor]:
    """Every campaign the scenario packages offer, by key."""
    from .engine.scenario import available_scenarios, load_scenario

    doors: dict[str, CampaignDoor] = {}
    seen: set[str] = set()
    for key in available_scenarios():
        try:
            package = load_scenario(key).package
        except CatanError:
            continue          # an unreadable scenario file offers nothing (catan scenarios says why)
        if not package or package in seen:
            continue
        seen.add(package)
        module = package_part(package, "campaign_door")
        door = getattr(module, "DOOR", None) if module is not None else None
        if door is not None:
            doors[door.key] = door
    return doors


def campaign_door(kind: str | None) -> CampaignDoor:
    """The door named ``kind`` (None: the only one there is)."""
    doors = campaign_doors()
    if kind is None:
        if len(doors) == 1:
            return next(iter(doors.values()))
        if not doors:
            raise CatanError("no scenario offers a campaign")
        raise CatanError(f"name the campaign's kind with --kind ({', '.join(sorted(doors))})")
    door = doors.get(kind)
    if door is None:
        known = ", ".join(sorted(doors)) or "none"
        raise CatanError(f"no campaign kind {kind!r} (known: {known})")
    return door


__all__ = ["CampaignDoor", "campaign_door", "campaign_doors"]
