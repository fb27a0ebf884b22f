"""The Legend as a campaign: its chapters played one after the other by the same players,
each chapter's results written into the Chronicle and what it passes on kept for the next.

A campaign is a JSON file ``NAME.legend.json`` in the saves folder beside the chapter being
played, which is an ordinary save (``NAME-ch1.catan``).  ``catan campaign new NAME`` starts
Chapter 1; ``catan campaign NAME`` resumes the chapter in play or, once it has ended,
records it and starts the next chapter; ``catan campaign show NAME`` prints the Chronicle.
After Chapter 4, the last, ``catan campaign NAME`` records it with its legend points, marks
the campaign finished and shows the final Chronicle with the legendary winner (seed 000
"The Legendary Winner", digest E.2.4).  A campaign finished at a chapter after which the
version that played it had no more (the :data:`LATER` message) goes on to the next chapter
once a version that has it is run.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ... import boundedjson as bj
from ...errors import CatanError, SaveError
from ...saves import check_name, load_game, saves_dir, write_atomic
from ...script import CARRY_SCHEMA, PLAYER_NAME, Header, parse_seats
from .chapters import CHAPTERS
from .chronicle import chapter_entry, chronicle_json, chronicle_table, legend_over
from .general import LegendRules

SUFFIX = ".legend.json"
__all__ = ["Campaign", "chronicle_table", "find_for_save", "load_campaign", "new_campaign", "record_chapter"]
LATER = "The legend continues in a later version: Chapter {n} is not written yet."
OVER = "The legend is over: its four chapters are in the Chronicle above, and its winner below it."


@dataclass
class Campaign:
    name: str
    seats: list[str]                 # seat specs: "red", "blue:bot"
    seed: int
    chapter: int = 1                 # the chapter in play (or the last one played)
    save: str = ""                   # the save of the chapter in play
    chronicle: list[dict[str, Any]] = field(default_factory=list)
    carry: dict[str, Any] = field(default_factory=dict)   # what the last chapter passes on
    finished: bool = False           # every chapter there is has been played

    @property
    def players(self) -> list[str]:
        return [s.name for s in parse_seats(self.seats)]

    def header(self) -> Header:
        """How the chapter in play starts: its own seed per chapter and, after the first,
        what the chapter before passes on (the save's ``# carry:`` header)."""
        carry = dict(self.carry) if self.chapter > 1 else {}
        return Header(CHAPTERS[self.chapter].key, parse_seats(self.seats), self.seed + self.chapter - 1,
                      carry=carry)

    @property
    def over(self) -> bool:
        """Every chapter of the legend is recorded: it has its winner."""
        return legend_over(self.chronicle)

    def finished_text(self) -> str | None:
        """What ``catan campaign NAME`` says once no chapter is left to play."""
        if not self.finished:
            return None
        if self.over:
            return OVER
        return LATER.format(n=self.chapter + 1)

    def chronicle_data(self) -> dict[str, Any]:
        return {"campaign": self.name, "players": self.players, "chapter": self.chapter,
                "finished": self.finished, **chronicle_json(self.chronicle), "passes_on": self.carry}


#: the largest campaign file read (a finished legend's is some 5 KB)
MAX_CAMPAIGN_BYTES = 256 << 10


def _seats_problem(specs: list[str]) -> str | None:
    try:
        names = [seat.name for seat in parse_seats(specs)]
    except CatanError as exc:
        return str(exc)
    if len(set(names)) != len(names):
        return "a player is named twice"
    bad = [name for name in names if not PLAYER_NAME.fullmatch(name)]
    return f"'{bad[0]}' is not a player's name" if bad else None


_NAME = bj.Str(64, bj.PLAIN_NAME, "a plain name (letters, digits, '-', '_', '.')")
_PLAYER = bj.Str(24, PLAYER_NAME, "a player's name")
_COUNT = bj.Int(-10**9, 10**9)
_ENTRY = bj.Obj({"chapter": bj.Int(1, max(CHAPTERS)), "title": bj.Str(200), "players": bj.ListOf(_PLAYER, 8),
                 "vp": bj.MapOf(_PLAYER, _COUNT, 8), "record": bj.MapOf(_PLAYER, bj.MapOf(bj.Str(64), _COUNT, 64), 8),
                 "total": bj.MapOf(bj.Str(64), _COUNT, 64), "winners": bj.ListOf(_PLAYER, 8),
                 "legend_points": bj.MapOf(_PLAYER, _COUNT, 8)}, extra=bj.ANY)
#: what a campaign file may hold: the fields of :class:`Campaign`, each of its own type (the
#: save it names is a plain save name, found in the saves folder and nowhere else)
CAMPAIGN_SCHEMA = bj.Obj({
    "name": _NAME, "seats": bj.Check(bj.ListOf(bj.Str(80), 4, 3), _seats_problem), "seed": bj.Int(-2**63, 2**63),
    "chapter": bj.Int(1, max(CHAPTERS)), "save": _NAME, "chronicle": bj.ListOf(_ENTRY, 2 * len(CHAPTERS)),
    "carry": CARRY_SCHEMA, "finished": bj.Bool()})


def campaign_path(name: str, folder: str | Path | None = None) -> Path:
    return saves_dir(folder) / f"{check_name(name)}{SUFFIX}"


def save_campaign(c: Campaign, folder: str | Path | None = None) -> Path:
    path = campaign_path(c.name, folder)
    try:
        write_atomic(path, json.dumps(asdict(c), indent=1, sort_keys=True) + "\n")
    except OSError as exc:
        raise SaveError(f"cannot save campaign {c.name} to {path}: {exc.strerror or exc}") from None
    return path


def load_campaign(name: str, folder: str | Path | None = None) -> Campaign:
    path = campaign_path(name, folder)
    try:
        data = bj.read_json_file(path, f"campaign {name}", CAMPAIGN_SCHEMA, MAX_CAMPAIGN_BYTES)
    except FileNotFoundError:
        raise SaveError(f"no campaign named {name!r} (in {path.parent}); "
                        f"'catan campaign new {name} --players ...' starts one") from None
    return Campaign(**data)


def new_campaign(name: str, players: str, seed: int, folder: str | Path | None = None) -> Campaign:
    """A new campaign at Chapter 1 (its file written; the chapter's save comes with play)."""
    if campaign_path(name, folder).exists():
        raise CatanError(f"a campaign named {name!r} exists already; 'catan campaign {name}' resumes it")
    seats = parse_seats(players)
    if not 3 <= len(seats) <= 4:
        raise CatanError("the Legend is for 3 or 4 players")
    problem = _seats_problem([s.spec() for s in seats])   # what a campaign file may hold, before it is written
    if problem is not None:
        raise CatanError(f"players need distinct one-word names, such as red, blue, white ({problem})")
    c = Campaign(name=name, seats=[s.spec() for s in seats], seed=seed, chapter=1, save=f"{name}-ch1")
    save_campaign(c, folder)
    return c


def record_chapter(c: Campaign, folder: str | Path | None = None) -> bool:
    """If the chapter in play has ended, write its results into the Chronicle, keep what it
    passes on, and move to the next chapter (or, after the last one, mark the legend
    finished).  Returns whether it had ended."""
    if c.finished:
        if not c.over and c.chapter + 1 in CHAPTERS:
            # finished by a version without the next chapter: the legend goes on now
            c.chapter += 1
            c.save = f"{c.name}-ch{c.chapter}"
            c.finished = False
            save_campaign(c, folder)
        return True
    loaded = load_game(c.save, folder)
    game = loaded.game
    if not game.over:
        return False
    rules = game.engine.rules
    if not isinstance(rules, LegendRules):
        raise SaveError(f"save {c.save} is not a chapter of the Legend")
    result = rules.chapter_result()
    entry = chapter_entry(c.chapter, game.players, result["vp"], result["record"], result["total"],
                          result["winners"])
    c.chronicle = [e for e in c.chronicle if e["chapter"] != c.chapter] + [entry]
    c.carry = result["passes_on"]
    if c.chapter + 1 in CHAPTERS:
        c.chapter += 1
        c.save = f"{c.name}-ch{c.chapter}"
    else:
        c.finished = True
    save_campaign(c, folder)
    return True


def find_for_save(save_name: str, folder: str | Path | None = None) -> Campaign | None:
    """The campaign whose chapter in play is the save ``save_name``, if any."""
    base = saves_dir(folder)
    if not base.is_dir():
        return None
    for path in sorted(base.glob(f"*{SUFFIX}")):
        try:
            c = load_campaign(path.name[: -len(SUFFIX)], folder)
        except CatanError:
            continue
        if c.save == save_name or any(save_name == f"{c.name}-ch{e['chapter']}" for e in c.chronicle):
            return c
    return None
