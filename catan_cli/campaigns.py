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
    """A campaign kind.  Its campaign objects carry their ``name``."""

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

    def next_chapter(self, campaign: Any) -> str | None:
        """The chapter after the one in play, in words ('Chapter 2 (The Attack)'); None
        after the last."""

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


def chapter_saved(door: CampaignDoor, campaign: Any, folder: str | Path | None) -> bool:
    """Whether the chapter in play has a save: none before its first command (or when it
    was removed), and then the chapter starts from its beginning."""
    from .saves import save_path

    return save_path(door.save_name(campaign), folder).exists()


def catch_up(door: CampaignDoor, campaign: Any, folder: str | Path | None) -> bool:
    """Record the chapter in play if its save shows it ended, and move on (the door's
    ``advance``); whether one was recorded or the campaign is finished.  A chapter without
    a save has not ended: it is never looked for elsewhere."""
    if door.finished_text(campaign) is None and not chapter_saved(door, campaign, folder):
        return False
    return door.advance(campaign, folder)


def ending_text(door: CampaignDoor, campaign: Any) -> str:
    """What the game-over screen of a chapter says comes next."""
    name = campaign.name
    after = door.next_chapter(campaign)
    if after is None:
        return (f"The campaign's last chapter is over: it goes into {name}'s record as you leave "
                f"('quit'); 'catan campaign {name}' then shows the whole record.")
    return (f"This chapter is over: it goes into {name}'s record as you leave ('quit'); "
            f"then 'catan campaign {name}' plays {after}.")


def recorded_text(campaign: Any, after: str | None) -> str:
    """What is said once an ended chapter is recorded and ``after`` is the one in play."""
    name = campaign.name
    return f"{name}: the chapter is in the record ('catan campaign show {name}'); " + (
        f"'catan campaign {name}' plays {after}." if after else f"'catan campaign {name}' goes on.")


__all__ = ["CampaignDoor", "campaign_door", "campaign_doors", "catch_up", "chapter_saved", "ending_text",
           "recorded_text"]
