"""Help for every command: its syntax, what it costs, and an example.

Game verbs are those of :func:`catan_cli.notation.verb_names`; a test checks that each one has
an entry here.  Costs are read from the game's scenario when a game is given, so the help
tells the truth for every scenario.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Game


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
    Help("choose", "choose gold RES [RES ...]  |  choose reward RES",
         "Pick resources when the game asks: from a gold field, or a scenario reward.",
         "choose gold ore grain"),
    Help("attack", "attack fortress", "Attack a pirate fortress next to your warship (Pirate Islands).",
         "attack fortress"),
    Help("steal", "steal PLAYER|nobody", "Pick whom to rob when the game asks.", "steal blue"),
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
    Help("help", "help [COMMAND]", "List the commands, or explain one.", "help build"),
    Help("why", "why COMMAND", "Say whether COMMAND is legal now and why, without playing it.",
         "why build city 12"),
    Help("legal", "legal", "List every command the player to act can play now.", "legal"),
    Help("map", "map [compact|full] [REGION]",
         "Draw the map; REGION is n, s, e, w, nw, ne, sw, se or a hex id to centre on.", "map K"),
    Help("hand", "hand [PLAYER]", "Your cards (others' only as counts).", "hand"),
    Help("hands", "hands", "Everyone's card counts and pieces left.", "hands"),
    Help("score", "score", "Victory points by source.", "score"),
    Help("status", "status", "Turn, dice, whose move, pending decisions.", "status"),
    Help("bank", "bank", "Cards left in the bank and the deck ('bank 4 wool for ore' trades).", "bank"),
    Help("log", "log [N]", "The last N events (12 by default).", "log 30"),
    Help("save", "save [NAME]", "Save the game as saves/NAME.catan (asks before replacing another "
         "game's save); it is autosaved after every command unless --no-autosave.", "save friday"),
    Help("load", "load NAME", "Load a saved game.", "load friday"),
    Help("saves", "saves", "List the saved games.", "saves"),
    Help("undo", "undo", "Take back your last command, when it drew on no chance.", "undo"),
    Help("quit", "quit", "Leave (offers to save first). Ctrl-D works too.", "quit"),
]}
ALIASES = {"?": "help", "exit": "quit", "q": "quit", "moves": "legal"}


def _cost_text(help_: Help, game: "Game | None") -> str:
    if not help_.cost:
        return ""
    if game is None:
        return ""
    from .engine.geometry import RESOURCES

    costs = game.engine.scen.costs
    parts = []
    for item in [c.strip() for c in help_.cost.split(",")]:
        if item not in costs:
            continue
        if item == "ship" and not game.engine.scen.rules.ships:
            continue
        cards = ", ".join(f"{n} {RESOURCES[i]}" for i, n in enumerate(costs[item]) if n)
        parts.append(f"{item}: {cards}")
    return "; ".join(parts)


def lookup(word: str) -> Help | None:
    word = ALIASES.get(word.lower(), word.lower())
    from .notation import SHORT_BUILDS, VERB_ALIASES

    if word in SHORT_BUILDS:
        word = "build"
    word = VERB_ALIASES.get(word, word) if word not in META_COMMANDS else word
    return GAME_VERBS.get(word) or META_COMMANDS.get(word)


def verb_help(word: str, game: "Game | None" = None) -> list[str]:
    """Lines of help for one command; a single 'no such command' line when unknown."""
    h = lookup(word)
    if h is None:
        return [f"no command '{word}'; type 'help' for the list"]
    lines = [f"{h.syntax}", f"  {h.summary}"]
    cost = _cost_text(h, game)
    if cost:
        lines.append(f"  cost: {cost}")
    if h.sandbox:
        lines.append("  only in a sandbox game (catan play --sandbox, or '# sandbox: yes')")
    lines.append(f"  example: {h.example}")
    return lines


def overview(sandbox: bool = False) -> list[tuple[str, list[tuple[str, str]]]]:
    """(section title, [(syntax, summary)]) for the 'help' screen."""
    def first(h: Help) -> str:
        return h.summary.removeprefix("Sandbox: ").split(". ")[0].rstrip(".")

    sections = [("Game commands", [(h.syntax, first(h)) for h in GAME_VERBS.values() if not h.sandbox]),
                ("Other commands", [(h.syntax, first(h)) for h in META_COMMANDS.values()])]
    if sandbox:
        sections.append(("Sandbox", [(h.syntax, first(h)) for h in GAME_VERBS.values() if h.sandbox]))
    return sections
