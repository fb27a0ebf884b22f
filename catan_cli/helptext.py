"""Help for every command: its syntax, what it costs, and an example.

General verbs are those of :func:`catan_cli.notation.verb_names`; a test checks that each one
has an entry here.  A scenario's verbs bring their own help (``Verb.help``) and its package
its rules text (``help rules``).  Costs are read from the game's scenario when a game is
given, so the help tells the truth for every scenario.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Game
    from .session import Session

#: columns 'help rules' is wrapped for when the screen does not say (a terminal's 80, less
#: the last column, which some terminals wrap at)
RULES_WIDTH = 79


@dataclass(frozen=True)
class Help:
    verb: str
    syntax: str
    summary: str
    example: str
    cost: str = ""          # a key of the scenario's [costs] table, or a fixed text
    sandbox: bool = False


GAME_VERBS: dict[str, Help] = {h.verb: h for h in [
    Help("roll", "roll", "Roll the dice at the start of your turn (alias: r).", "roll"),
    Help("end", "end", "End your turn (aliases: e, done, pass).", "end"),
    Help("build", "build road|ship A-B  |  build settlement|city N",
         "Build a piece: roads and ships on a path named by its two intersections, settlements "
         "and cities on an intersection. 'road 12-13' and 'b s 12' work too.",
         "build road 12-13", "road, ship, settlement, city"),
    Help("buy", "buy card", "Buy a development card from the deck.", "buy card", "card"),
    Help("play", "play knight | monopoly RES | year-of-plenty RES RES | road-building A-B C-D",
         "Play a development card bought on an earlier turn (one per turn).",
         "play year-of-plenty ore wool"),
    Help("robber", "robber HEX [steal PLAYER]",
         "Move the robber to a hex (ids are the letters on the map) and steal from a player "
         "with a building there; the victim may be left out when only one can be robbed.",
         "robber K steal blue"),
    Help("pirate", "pirate HEX [steal PLAYER]",
         "Move the pirate to a sea hex and steal from a player with a ship beside it.",
         "pirate AB steal red"),
    Help("discard", "discard CARDS", "Give up half your cards (rounded down) after a 7 with more "
         "than the limit in hand; any player may have to answer, so scripts write 'blue: discard ...'.",
         "blue: discard 2 ore 1 wool"),
    Help("trade", "trade N RES for [M] RES",
         "Trade with the bank or a harbour: 4:1, 3:1 at a generic harbour, 2:1 at a special one.",
         "trade 4 wool for ore"),
    Help("offer", "offer PLAYER CARDS for CARDS",
         "Offer a trade to another player; they answer with accept or decline.",
         "offer blue 1 ore for 2 wool"),
    Help("accept", "accept", "Accept the trade offered to you.", "blue: accept"),
    Help("decline", "decline", "Decline the trade offered to you.", "blue: decline"),
    Help("move", "move ship A-B to C-D",
         "Move one ship at the open end of a shipping line (once per turn, not one built this turn).",
         "move ship 14-15 to 15-16"),
    Help("choose", "choose gold RES [RES ...]",
         "Pick resources from a gold field when the game asks (1 per settlement, 2 per city).",
         "choose gold ore grain"),
    Help("dice", "dice D1 D2", "Sandbox: force the next roll.", "dice 3 4", sandbox=True),
    Help("give", "give PLAYER CARDS", "Sandbox: move cards from the bank to a player.",
         "give red 2 ore 1 grain", sandbox=True),
    Help("take", "take PLAYER CARDS", "Sandbox: move cards from a player to the bank.",
         "take blue 1 wool", sandbox=True),
    Help("put", "put settlement|city|road|ship PLAYER WHERE",
         "Sandbox: place a piece for free (the distance rule still holds).",
         "put settlement red 12", sandbox=True),
    Help("turn", "turn PLAYER", "Sandbox: make it PLAYER's turn, dice already rolled.", "turn blue",
         sandbox=True),
    Help("draw", "draw PLAYER CARD", "Sandbox: give a player a development card from the deck.",
         "draw red knight", sandbox=True),
]}

META_COMMANDS: dict[str, Help] = {h.verb: h for h in [
    Help("help", "help [COMMAND|rules]", "List the commands, explain one, or ('help rules') give the "
         "scenario's rules and how to win.", "help rules"),
    Help("why", "why COMMAND", "Say whether COMMAND is legal now and why, without playing it.",
         "why build city 12"),
    Help("legal", "legal", "List every command the player to act can play now.", "legal"),
    Help("hint", "hint", "The hard bot's three best moves for your decision now, each with its "
         "estimated chance to win and why (within its thinking time, from what you can see). "
         "Nothing is played or saved; off in games started with --no-hints.", "hint"),
    Help("map", "map [compact|full] [REGION]",
         "Draw the map; REGION is n, s, e, w, nw, ne, sw, se or a hex id to centre on.", "map K"),
    Help("hand", "hand [PLAYER]", "Your cards (others' only as counts).", "hand"),
    Help("hands", "hands", "Everyone's card counts and pieces left.", "hands"),
    Help("score", "score", "Victory points by source.", "score"),
    Help("status", "status", "Turn, dice, whose move, pending decisions.", "status"),
    Help("bank", "bank", "Cards left in the bank and the deck ('bank 4 wool for ore' trades).", "bank"),
    Help("log", "log [N]", "The last N events (12 by default).", "log 30"),
    Help("dice", "dice", "A histogram of the totals rolled so far beside the counts two fair dice "
         "would give ('dice D1 D2' forces a roll in a sandbox).", "dice"),
    Help("save", "save [NAME]", "Save the game as saves/NAME.catan (asks before replacing another "
         "game's save); it is autosaved after every command unless --no-autosave.", "save friday"),
    Help("load", "load NAME", "Load a saved game.", "load friday"),
    Help("saves", "saves", "List the saved games.", "saves"),
    Help("undo", "undo", "Take back your last command, when it drew on no chance.", "undo"),
    Help("quit", "quit", "Leave (offers to save first). Ctrl-D works too.", "quit"),
]}
ALIASES = {"?": "help", "exit": "quit", "q": "quit", "moves": "legal"}

#: the bots a seat can be given at the start ('catan play --players red,blue:bot:hard')
OPPONENTS: list[tuple[str, str]] = [
    ("NAME:bot:easy", "a gentle bot: half its moves greedy, half any legal move"),
    ("NAME:bot:medium", "the greedy bot (also NAME:bot): builds by production and the scenario's goals"),
    ("NAME:bot:hard", "the searching bot: plays its candidate moves out in copies of the game "
                      "(catan play --think MS, default 1000)"),
]


def general_prices(game: "Game") -> dict[str, tuple[int, ...]]:
    """The general pieces and the development card that ``game``'s scenario sells, with
    their prices (the [costs] table's order): a ship only where ships sail, and nothing
    the data prices at nothing (a scenario without cities or cards).  Help and the costs
    pane both list these."""
    scen = game.engine.scen
    return {name: tuple(vector) for name, vector in scen.costs.items()
            if (name != "ship" or scen.rules.ships) and any(vector)}


def _cost_text(help_: Help, game: "Game | None") -> str:
    if not help_.cost:
        return ""
    if game is None:
        return ""
    from .engine.words import sum_text

    items = [c.strip() for c in help_.cost.split(",")]
    if not all(item in game.engine.scen.costs for item in items):
        return help_.cost           # a scenario verb's own price, in words
    prices = general_prices(game)
    parts = []
    for item in items:
        if item in prices:
            parts.append(f"{item}: {sum_text(prices[item])}")
    return "; ".join(parts)


GENERAL_RULES_TEXT = """\
The base game ({players} players, {vp} VP).
- On your turn: roll (each hex with the number produces for the buildings at its corners),
  then trade and build in any order, then 'end'.
- A 7 produces nothing: everyone holding more than 7 cards discards half, and you move the
  robber (it blocks its hex and you steal 1 card from a player beside it).
- Costs: road = lumber + brick; settlement = lumber + brick + wool + grain;
  city = 2 grain + 3 ore; development card = wool + grain + ore.
- Settlements keep one free intersection on every side and (after the set-up) join your roads.
- Longest Road (5+) and Largest Army (3+ knights) are worth 2 VP each.
- Win with 10 VP on your own turn.
"""


def for_game(h: Help, game: "Game | None") -> Help:
    """A general verb's help as it reads in ``game``: 'build' names only the pieces the
    scenario has (a map without ships, a scenario without cities)."""
    if h.verb != "build" or game is None:
        return h
    sold = general_prices(game)
    routes = ["road"] + (["ship"] if "ship" in sold else [])
    nodes = ["settlement"] + (["city"] if "city" in sold else [])
    plural = {"road": "roads", "ship": "ships", "settlement": "settlements", "city": "cities"}
    return replace(
        h, syntax=f"build {'|'.join(routes)} A-B  |  build {'|'.join(nodes)} N",
        summary=(f"Build a piece: {' and '.join(plural[r] for r in routes)} on a path named by its two "
                 f"intersections, {' and '.join(plural[n] for n in nodes)} on an intersection. "
                 "'road 12-13' and 'b s 12' work too."),
        cost=", ".join(routes + nodes))


def scenario_help(game: "Game | None") -> dict[str, list[Help]]:
    """The scenario's verbs' help, by their first word (several may share one: 'choose')."""
    out: dict[str, list[Help]] = {}
    if game is None:
        return out
    for verb in game.engine.verbs.values():
        h = verb.help
        out.setdefault(verb.words[0], []).append(Help(h.verb, h.syntax, h.text, h.example, h.cost))
    return out


def lookup(word: str, game: "Game | None" = None) -> list[Help]:
    """Every help entry for a command word: the general one and the scenario's."""
    from .notation import SHORT_BUILDS, SPELLINGS, VERB_ALIASES

    word = ALIASES.get(word.lower(), word.lower())
    word = SPELLINGS.get(word, word)

    if word in SHORT_BUILDS:
        word = "build"
    word = VERB_ALIASES.get(word, word) if word not in META_COMMANDS else word
    found = [for_game(h, game) for h in (GAME_VERBS.get(word), META_COMMANDS.get(word))
             if h is not None and in_play(h.verb, game)]
    return found + scenario_help(game).get(word, [])


def rules_help(game: "Game | None", width: int = RULES_WIDTH) -> list[str]:
    """'help rules': the scenario's rules and how to win, in short, with its set-up (from
    the scenario's data when its text leaves it out), wrapped for ``width`` columns."""
    text = game.engine.rules.rules_summary() if game is not None else ""
    if not text:
        scen = game.engine.scen if game is not None else None
        text = GENERAL_RULES_TEXT.format(players=scen.seat_counts("-") if scen else "2-4",
                                         vp=scen.vp_target if scen else 10)
    lines = text.rstrip("\n").splitlines()
    if game is not None and not re.search(r"^\W*set-?up\b", text, re.I | re.M):   # no paragraph on it
        lines[1:1] = [setup_text(game)]
    return wrap_paragraphs(lines, width)


def wrap_paragraphs(lines: list[str], width: int) -> list[str]:
    """Text rewrapped at word boundaries for ``width`` columns.  A line starting at the
    margin starts a paragraph (a list item, '- ' or '1. ', hangs its other lines under its
    text); an indented line, or one inside a parenthesis left open, goes on with the one
    before it (the scenarios' texts are wrapped by hand, some at 90 columns or never)."""
    paragraphs: list[list[str]] = []
    for line in lines:
        words = line.strip()
        last = " ".join(paragraphs[-1]) if paragraphs else ""
        if words and last and (line[:1].isspace() or last.count("(") > last.count(")")):
            paragraphs[-1].append(words)
        else:
            paragraphs.append([words] if words else [])
    out: list[str] = []
    for paragraph in paragraphs:
        text = " ".join(paragraph)
        item = re.match(r"(- |\d+\. )", text)
        hang = " " * (len(item.group(1)) if item else 2)
        out += textwrap.wrap(text, max(20, width), subsequent_indent=hang, break_long_words=False,
                             break_on_hyphens=False) or [""]
    return out


def setup_text(game: "Game") -> str:
    """The set-up in words, from the scenario's data ([rules] setup, setup_pieces,
    resources_from_setup): its extras (a third settlement, a city, pieces already placed)
    said where they come."""
    from .engine.words import ordinal

    scen = game.engine.scen
    rules = scen.rules
    first, last = game.players[0], game.players[-1]
    route = "a road or ship" if rules.ships else "a road"
    pieces = rules.setup_pieces
    second = pieces[min(1, len(pieces) - 1)]
    if rules.setup == "fixed":
        return (f"- Set-up: none to play: every player's start pieces stand where the scenario puts them "
                f"(and bring their starting resources); {first} rolls first.")
    rounds = (f"a {pieces[0]} with {route} each, from {first} round the table; then a {second} with "
              f"{route} each, back from {last} to {first}")
    if rules.setup == "snake-preplaced":
        rounds = f"a settlement and a ship of each player stand on the map from the start; then {rounds}"
    if rules.setup == "snake-then-third":
        rounds += f"; then a 3rd settlement with {route} each, from {first} round the table again"
    which = ordinal(rules.resources_from_setup)
    piece = pieces[min(rules.resources_from_setup - 1, len(pieces) - 1)]
    return (f"- Set-up: {rounds}. Your {which} {piece} brings your starting resources (1 per "
            "producing hex beside it).")


def setup_prompt(game: "Game") -> str | None:
    """The prompt of a set-up placement the base game does not have (a 3rd settlement, a
    city), saying what it is and whether it brings the starting resources, and of any set-up
    settlement the scenario restricts (the Legend's: "on a start intersection: 5, 12"); None
    for the base game's two settlements and everything else.""" 
    from .engine.phases import Phase
    from .engine.words import ordinal

    e = game.engine
    s = e.s
    if s.phase != Phase.SETUP or s.setup_step != "settlement" or not s.setup_order or e.actionable_pending():
        return None
    seat = s.setup_order[0]
    number = s.players[seat].setup_settlements + 1
    piece = e.setup_piece(seat)
    note = e.rules.setup_settlement_note(seat) if piece == "settlement" else None
    if piece == "settlement" and number <= 2:
        return f"place settlement {note}" if note else None
    what = f"place your {ordinal(number)} settlement" if piece == "settlement" else f"place your {piece}"
    if note:
        what += f" {note}"
    if number == e.scen.rules.resources_from_setup:
        what += " (it brings your starting resources)"
    return what


def welcome(session: "Session") -> list[str]:
    """The first lines of a game: what it is, who plays whom, and how to get help and how
    to leave (the table screen and the line mode both start with them)."""
    h = session.header
    scen = session.game.engine.scen
    seats = ", ".join(seat.spec() for seat in h.seats)
    lines = [f"{scen.name}: {seats} · seed {h.seed}" + (" · sandbox" if h.sandbox else "")]
    people = session.humans
    bots = [seat.name for seat in h.seats if seat.bot is not None]
    if len(people) == 1 and bots:
        lines.append(f"You are {people[0]}; {_and(bots)} {'is a bot' if len(bots) == 1 else 'are bots'}.")
    elif len(people) > 1:
        lines.append(f"{_and(people)} play at this keyboard: the prompt names who is to act"
                     + (f"; {_and(bots)} {'is a bot' if len(bots) == 1 else 'are bots'}." if bots else "."))
    saving = (f"the game is autosaved after every command, as {session.save_name}" if session.autosave
              else "autosave is off: 'save NAME' saves the game")
    lines.append(f"First to {scen.vp_target} VP. Type 'help' for the commands, 'help rules' for the rules.")
    lines.append(f"Tab completes; Ctrl-D or 'quit' leaves ({saving}).")
    return lines


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def verb_help(word: str, game: "Game | None" = None, width: int = RULES_WIDTH) -> list[str]:
    """Lines of help for one command; a single 'no such command' line when unknown.
    ``width``: the columns 'help rules' is wrapped for."""
    if word.lower() == "rules":
        return rules_help(game, width)
    entries = lookup(word, game)
    if not entries:
        return [f"no command '{word}'; type 'help' for the list"]
    lines: list[str] = []
    for h in entries:
        lines += [f"{h.syntax}", f"  {h.summary}"]
        note = game.engine.rules.help_notes.get(h.verb) if game is not None and h.verb in GAME_VERBS else None
        if note:
            lines.append(f"  in {game.engine.scen.name}: {note}")   # type: ignore[union-attr]
        cost = _cost_text(h, game)
        if cost:
            lines.append(f"  cost: {cost}")
        if h.sandbox:
            lines.append("  only in a sandbox game (catan play --sandbox, or '# sandbox: yes')")
        lines.append(f"  example: {h.example}")
    return lines


def in_play(verb: str, game: "Game | None") -> bool:
    """Whether a general verb can ever be used in this game: no pirate, ship moves, cards or
    gold picks in a game without a pirate, moving ships, a deck or gold fields (face down
    ones too); every verb without a game."""
    if game is None:
        return True
    e = game.engine
    rules = e.scen.rules
    if verb == "pirate":
        return bool(rules.pirate)
    if verb == "robber":
        return bool(rules.robber)
    if verb == "move":
        return bool(rules.ships and rules.ship_move)
    if verb in ("buy", "play"):
        return sum(e.scen.deck.values()) > 0
    if verb == "choose":
        return ("gold" in {h["terrain"] for h in game.board_json()["hexes"]}
                or any("gold" in area.terrain for area in e.scen.face_down.values()))
    return True


def overview(sandbox: bool = False, game: "Game | None" = None) -> list[tuple[str, list[tuple[str, str]]]]:
    """(section title, [(syntax, summary)]) for the 'help' screen."""
    def first(h: Help) -> str:
        return h.summary.removeprefix("Sandbox: ").split(". ")[0].rstrip(".")

    general = [for_game(h, game) for h in GAME_VERBS.values() if not h.sandbox and in_play(h.verb, game)]
    sections = [("Game commands", [(h.syntax, first(h)) for h in general])]
    extra = [h for hs in scenario_help(game).values() for h in hs]
    if extra and game is not None:
        sections.append((f"{game.engine.scen.name} commands", [(h.syntax, first(h)) for h in extra]))
    sections.append(("Other commands", [(h.syntax, first(h)) for h in META_COMMANDS.values()]))
    if sandbox:
        sections.append(("Sandbox", [(h.syntax, first(h)) for h in GAME_VERBS.values() if h.sandbox]))
    sections.append(("Bots (catan play --players ...)", list(OPPONENTS)))
    return sections
