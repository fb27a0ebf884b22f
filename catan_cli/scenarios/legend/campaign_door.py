"""The Legend's campaign behind the core's campaign door (catan_cli.campaigns): 'catan
campaign' and the REPL's 'chronicle' reach the Legend only through this module."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import campaign as legend
from .chapters import CHAPTERS
from .chronicle import chapter_entry, chronicle_table
from .general import LegendRules

if TYPE_CHECKING:
    from rich.console import RenderableType

    from ...game import Game
    from ...script import Header


class LegendDoor:
    key = "legend"
    title = "Legend of the Sea Robbers"
    record_word = "chronicle"
    record_help = ("The campaign's Chronicle: each chapter's VP, its result and the legend points "
                   "(the chapter in play as it stands); after Chapter 4 the grand total and the "
                   "legendary winner. Only in a game started by 'catan campaign'.")

    def new(self, name: str, players: str, seed: int, folder: str | Path | None) -> legend.Campaign:
        return legend.new_campaign(name, players, seed, folder)

    def load(self, name: str, folder: str | Path | None) -> legend.Campaign:
        return legend.load_campaign(name, folder)

    def advance(self, campaign: legend.Campaign, folder: str | Path | None) -> bool:
        return legend.record_chapter(campaign, folder)

    def finished_text(self, campaign: legend.Campaign) -> str | None:
        return campaign.finished_text()

    def save_name(self, campaign: legend.Campaign) -> str:
        return campaign.save

    def next_chapter(self, campaign: legend.Campaign) -> str | None:
        after = CHAPTERS.get(campaign.chapter + 1)
        return None if after is None else f"Chapter {after.number} ({after.cls.title})"

    def header(self, campaign: legend.Campaign) -> "Header":
        return campaign.header()

    def record_table(self, campaign: legend.Campaign) -> "RenderableType":
        table: RenderableType = chronicle_table(campaign.chronicle, campaign.players,
                                                f"Chronicle of {campaign.name}")
        return table

    def record_json(self, campaign: legend.Campaign) -> dict[str, Any]:
        return campaign.chronicle_data()

    def find_for_save(self, save_name: str, folder: str | Path | None) -> legend.Campaign | None:
        return legend.find_for_save(save_name, folder)

    def record_in_play(self, campaign: legend.Campaign, game: "Game") -> "RenderableType | None":
        rules = game.engine.rules
        if not isinstance(rules, LegendRules):
            return None
        if campaign.finished:            # every chapter recorded: the Chronicle as it stands
            entries = list(campaign.chronicle)
        else:
            entries = [e for e in campaign.chronicle if e["chapter"] != campaign.chapter]
            now = rules.chapter_result()
            entry = chapter_entry(campaign.chapter, game.players, now["vp"], now["record"], now["total"],
                                  now["winners"])
            entry["title"] += " (in play)"
            entries.append(entry)
        table: RenderableType = chronicle_table(entries, campaign.players, f"Chronicle of {campaign.name}",
                                                final=campaign.finished)
        return table


DOOR = LegendDoor()
