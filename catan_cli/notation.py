"""The command language: text to :class:`Action` and back, like SAN for chess.

``parse(text, game)`` reads a command line, forgiving on input (aliases such as ``b s 12``,
``build settlement at 12``, ``wood`` for lumber); ``format_action(action, game)`` writes its
one canonical form.  ``format_action(parse(t))`` is stable: parsing the canonical text gives
the same action back.  A line may start with an actor, ``blue: discard 2 ore``.
"""

from __future__ import annotations

import re
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Callable

from .engine.actions import Action
from .engine.geometry import RESOURCES, parse_hex_label
from .engine.phases import Phase
from .engine.scenario import DEV_CARDS
from .errors import NotationError

if TYPE_CHECKING:
    from .engine.core import Engine
    from .engine.declare import Verb
    from .game import Game

RESOURCE_ALIASES: dict[str, int] = {}
for _i, _name in enumerate(RESOURCES):
    RESOURCE_ALIASES[_name] = _i
    RESOURCE_ALIASES[_name + "s"] = _i
for _alias, _name in {"wood": "lumber", "clay": "brick", "bricks": "brick", "sheep": "wool",
                      "wheat": "grain", "grains": "grain", "ores": "ore", "woods": "lumber"}.items():
    RESOURCE_ALIASES[_alias] = RESOURCES.index(_name)

CARD_ALIASES = {
    "knight": "knight", "k": "knight", "soldier": "knight",
    "road-building": "road-building", "roadbuilding": "road-building", "rb": "road-building",
    "year-of-plenty": "year-of-plenty", "yearofplenty": "year-of-plenty", "yop": "year-of-plenty",
    "plenty": "year-of-plenty", "monopoly": "monopoly", "mono": "monopoly",
    "victory-point": "victory-point", "vp": "victory-point", "victory": "victory-point",
}
PIECE_ALIASES = {
    "road": "road", "r": "road", "roads": "road",
    "settlement": "settlement", "s": "settlement", "settle": "settlement", "house": "settlement",
    "city": "city", "c": "city", "ship": "ship", "sh": "ship", "boat": "ship",
}
FILLER = {"at", "on", "a", "the", "with", "from", "of", "to"}
#: British spellings of the command words, read as the commands' own (American) words:
#: 'harbour ore' is 'harbor ore', 'build harbour 12' is 'build harbor 12'
SPELLINGS = {"harbour": "harbor", "harbours": "harbors"}
#: the command words as the prompts and help spell them, which completion offers (both read)
PROMPT_SPELLINGS = {"harbor": "harbour"}


_MULTIWORD = re.compile(r"\b(year of plenty|road building|victory point)\b")
_SPACED_EDGE = re.compile(r"(\d+)\s*-\s*(\d+)")


def _tokens(text: str) -> list[str]:
    text = text.replace(",", " ").lower()
    if " " in text:   # "year of plenty", "road building" -> one token
        text = _MULTIWORD.sub(lambda m: m.group(1).replace(" ", "-"), text)
    if "- " in text or " -" in text:
        text = _SPACED_EDGE.sub(r"\1-\2", text)
    tokens = text.split()
    if "our" in text:        # a British spelling, perhaps
        tokens = [SPELLINGS.get(t, t) for t in tokens]
    return tokens


class Reader:
    """A cursor over the tokens of one command, with typed readers (scenario verbs' parsers
    get one too)."""

    def __init__(self, tokens: list[str], game: "Game", line: str) -> None:
        self.t = tokens
        self.i = 0
        self.g = game
        self.line = line

    def fail(self, why: str) -> NotationError:
        return NotationError(f"{why} (in '{self.line.strip()}')")

    def more(self) -> bool:
        return self.i < len(self.t)

    def peek(self) -> str:
        return self.t[self.i] if self.more() else ""

    def next(self, what: str) -> str:
        while self.more() and self.t[self.i] in FILLER and what not in ("player",):
            self.i += 1
        if not self.more():
            raise self.fail(f"missing {what}")
        tok = self.t[self.i]
        self.i += 1
        return tok

    def skip_filler(self) -> None:
        while self.more() and self.t[self.i] in FILLER:
            self.i += 1

    def end(self) -> None:
        self.skip_filler()
        if self.more():
            raise self.fail(f"unexpected '{' '.join(self.t[self.i:])}'")

    def node(self) -> int:
        tok = self.next("intersection number")
        n_nodes = self.g.engine.geo.n_nodes
        if not tok.isdecimal():
            raise self.fail(f"'{tok}' is not an intersection number")
        n = int(tok)
        if not 1 <= n <= n_nodes:
            raise self.fail(f"there is no intersection {n} (they run 1-{n_nodes})")
        return n - 1

    def edge(self) -> int:
        tok = self.next("path (two intersections, like 12-13)")
        m = re.fullmatch(r"(\d+)-(\d+)", tok)
        if not m:
            raise self.fail(f"'{tok}' is not a path; name it by two intersections, like 12-13")
        geo = self.g.engine.geo
        a, b = int(m.group(1)), int(m.group(2))
        for n in (a, b):
            if not 1 <= n <= geo.n_nodes:
                raise self.fail(f"there is no intersection {n} (they run 1-{geo.n_nodes})")
        e = geo.edge_between(a - 1, b - 1)
        if e < 0:
            raise self.fail(f"{a}-{b} is not a path: {a} and {b} are not neighbours")
        return e

    def hex(self) -> int:
        # Hex ids such as A, AT, ON or TO are also filler words: skip a filler word only
        # when a hex id follows it ("robber at K").
        n_hexes = self.g.engine.geo.n_hexes
        if (self.more() and self.peek() in FILLER and self.i + 1 < len(self.t)
                and (parse_hex_label(self.t[self.i + 1]) or n_hexes) < n_hexes):
            self.i += 1
        if not self.more():
            raise self.fail("missing hex")
        tok = self.t[self.i]
        self.i += 1
        idx = parse_hex_label(tok)
        if idx is None or idx >= self.g.engine.geo.n_hexes:
            raise self.fail(f"there is no hex '{tok.upper()}'")
        return idx

    def player(self) -> int:
        tok = self.next("player")
        names = self.g.players
        if tok not in names:
            raise self.fail(f"no player named '{tok}' (players: {', '.join(names)})")
        return names.index(tok)

    def resource(self) -> int:
        tok = self.next("resource")
        if tok not in RESOURCE_ALIASES:
            raise self.fail(f"'{tok}' is not a resource ({' '.join(RESOURCES)})")
        return RESOURCE_ALIASES[tok]

    def cards(self, stop: str = "", goods: tuple[str, ...] = ()) -> tuple[int, ...]:
        """'2 ore 1 wool', 'ore ore wool' or '2 ore wool' -> counts per resource.

        A scenario's own goods traded like cards (``goods``, named by the scenario) are counted
        after the five resources, in their order."""
        counts = [0] * (5 + len(goods))
        seen = False
        while self.more() and self.peek() != stop:
            tok = self.peek()
            if (tok in FILLER or tok == "and") and tok != stop:
                self.i += 1
                continue
            count = 1
            if tok.isdecimal():
                count = int(tok)
                self.i += 1
                if count > 99:
                    raise self.fail(f"{count} is too many cards")
            if self.peek() in goods:
                counts[5 + goods.index(self.next("good"))] += count
            else:
                counts[self.resource()] += count
            seen = True
        if not seen:
            raise self.fail(f"name the cards, like '2 ore 1 {goods[0] if goods else 'wool'}'")
        return tuple(counts)


def _buildable(game: "Game") -> str:
    """What a player may build in this game, in words: the general pieces its scenario
    sells, then its own 'build X' verbs ('road, settlement, city, ship, catapult')."""
    from .helptext import general_prices

    pieces = [p for p in general_prices(game) if p in PIECE_ALIASES.values()]
    pieces += [v.words[1] for v in game.engine.verbs.values() if v.words[0] == "build" and len(v.words) > 1]
    return ", ".join(dict.fromkeys(pieces))


def _parse_build(r: Reader, actor: int) -> Action:
    try:
        piece_tok = r.next("what to build")
    except NotationError:
        # the list is worked out for a refusal only, not for every build read
        raise r.fail(f"missing what to build ({_buildable(r.g)})") from None
    piece = PIECE_ALIASES.get(piece_tok)
    if piece is None:
        raise r.fail(f"cannot build '{piece_tok}' here ({_buildable(r.g)})")
    if piece in ("settlement", "city"):
        return Action(f"build-{piece}", (r.node(),), actor)
    return Action(f"build-{piece}", (r.edge(),), actor)


def _route_piece(r: Reader, explicit: str | None, edge: int) -> str:
    """Road or ship for a road-building placement: said, or the only kind the path takes."""
    if explicit:
        return explicit
    scen = r.g.engine.scen
    if scen.rules.ships and not scen.edge_roadable[edge] and scen.edge_shippable[edge]:
        return "ship"
    return "road"


def _parse_play(r: Reader, actor: int) -> Action:
    tok = r.next("card (knight, road-building, year-of-plenty, monopoly)")
    card = CARD_ALIASES.get(tok)
    if card is None or card == "victory-point":
        raise r.fail(f"cannot play '{tok}' (knight, road-building, year-of-plenty, monopoly)")
    if card == "knight":
        return Action("play-knight", (), actor)
    if card == "monopoly":
        return Action("play-monopoly", (r.resource(),), actor)
    if card == "year-of-plenty":
        pair = sorted((r.resource(), r.resource()))
        return Action("play-year-of-plenty", tuple(pair), actor)
    placements: list[tuple[str, int]] = []
    while True:
        r.skip_filler()
        if not r.more() or len(placements) == 2:
            break
        explicit = None
        if r.peek() in ("road", "ship", "r", "sh"):
            explicit = PIECE_ALIASES[r.next("piece")]
        edge = r.edge()
        placements.append((_route_piece(r, explicit, edge), edge))
    if not placements:
        raise r.fail("name the paths for road building, like 'play road-building 3-4 4-5'")
    return Action("play-road-building", tuple(placements), actor)


def _parse_steal_clause(r: Reader) -> tuple[int, str]:
    r.skip_filler()
    if not r.more():
        return -1, "resource"
    tok = r.next("steal")
    if tok not in ("steal", "rob", "from"):
        raise r.fail(f"expected 'steal <player>', got '{tok}'")
    if r.peek() in ("nobody", "none", "no-one"):
        r.i += 1
        return -1, "resource"
    victim = r.player()
    take = "resource"
    if r.more():
        take = r.next("what to take")
        if take in ("card", "resource"):
            take = "resource"
    return victim, take


def _parse_robber(r: Reader, actor: int) -> Action:
    hex_ = r.hex()
    victim, take = _parse_steal_clause(r)
    if take != "resource":
        raise r.fail(f"the robber steals a resource card, not {take}")
    return Action("robber", (hex_, victim), actor)


def _parse_trade(r: Reader, actor: int) -> Action:
    give_n_tok = r.next("amount")
    if not give_n_tok.isdecimal():
        raise r.fail("trade like 'trade 4 wool for ore'")
    give_n = int(give_n_tok)
    give_r = r.resource()
    if r.next("'for'") != "for":
        raise r.fail("trade like 'trade 4 wool for ore'")
    get_n = 1
    if r.peek().isdecimal():
        get_n = int(r.next("amount"))
    get_r = r.resource()
    return Action("trade", (give_r, give_n, get_r, get_n), actor)


def _parse_offer(r: Reader, actor: int) -> Action:
    target = r.player()
    give = r.cards(stop="for")
    if r.next("'for'") != "for":
        raise r.fail("offer like 'offer blue 1 ore for 2 wool'")
    get = r.cards()
    return Action("offer", (target, give, get), actor)


def _parse_move(r: Reader, actor: int) -> Action:
    if r.peek() in ("ship", "sh", "boat"):
        r.i += 1
    src = r.edge()
    if r.peek() == "to":
        r.i += 1
    dst = r.edge()
    return Action("move-ship", (src, dst), actor)


def _parse_choose(r: Reader, actor: int) -> Action:
    what = r.peek()
    if what == "gold":
        r.i += 1
    picks: list[int] = []
    counts = r.cards()
    for i, n in enumerate(counts):
        picks += [i] * n
    return Action("choose-gold", (tuple(picks),), actor)


def _parse_put(r: Reader, actor: int) -> Action:
    piece = PIECE_ALIASES.get(r.next("piece"))
    if piece is None:
        raise r.fail("put settlement|city|road|ship <player> <where>")
    seat = r.player()
    where = r.node() if piece in ("settlement", "city") else r.edge()
    return Action("put", (piece, seat, where), actor)


def _parse_draw(r: Reader, actor: int) -> Action:
    seat = r.player()
    tok = r.next("card")
    card = CARD_ALIASES.get(tok)
    if card is None:
        raise r.fail(f"'{tok}' is not a development card ({', '.join(DEV_CARDS)})")
    return Action("draw", (seat, card), actor)


def _parse_dice(r: Reader, actor: int) -> Action:
    values = []
    for _ in range(2):
        tok = r.next("die value")
        if not tok.isdecimal():
            raise r.fail("dice like 'dice 3 4'")
        values.append(int(tok))
    return Action("dice", tuple(values), actor)


def _parse_buy(r: Reader, actor: int) -> Action:
    """'buy', 'buy card', 'buy development card': only cards are bought; pieces are built."""
    r.skip_filler()
    while r.more():
        tok = r.next("card")
        if tok not in ("card", "dev", "development", "development-card", "devcard"):
            raise r.fail(f"only development cards are bought ('buy card'); to build, say 'build {tok} ...'")
    return Action("buy-card", (), actor)


def _nullary(kind: str) -> Callable[[Reader, int], Action]:
    return lambda r, actor: Action(kind, (), actor)


VERBS: dict[str, Callable[[Reader, int], Action]] = {
    "roll": _nullary("roll"),
    "end": _nullary("end"),
    "build": _parse_build,
    "buy": _parse_buy,
    "play": _parse_play,
    "robber": lambda r, a: _parse_robber(r, a),
    "pirate": lambda r, a: Action("pirate", (r.hex(), *_parse_steal_clause(r)), a),
    "discard": lambda r, a: Action("discard", (r.cards(),), a),
    "trade": _parse_trade,
    "offer": _parse_offer,
    "accept": _nullary("accept"),
    "decline": _nullary("decline"),
    "move": _parse_move,
    "choose": _parse_choose,
    "dice": _parse_dice,
    "give": lambda r, a: Action("give", (r.player(), r.cards()), a),
    "take": lambda r, a: Action("take", (r.player(), r.cards()), a),
    "put": _parse_put,
    "turn": lambda r, a: Action("turn", (r.player(),), a),
    "draw": _parse_draw,
}
VERB_ALIASES = {
    "r": "roll", "b": "build", "e": "end", "done": "end", "pass": "end", "buy-card": "buy",
    "p": "play", "mv": "move", "t": "trade", "bank": "trade",
}
# Verbs whose bare form is itself a build: "road 12-13", "settle 12".
SHORT_BUILDS = {"road", "settlement", "settle", "city", "ship"}


def verb_names(game: "Game | None" = None) -> list[str]:
    """The first words of every command: the general ones, and the scenario's in ``game``."""
    words = set(VERBS)
    if game is not None:
        words.update(v.words[0] for v in game.engine.verbs.values())
    return sorted(words)


def _scenario_verb(tokens: list[str], game: "Game") -> "Verb | None":
    """The scenario verb whose words start the line (the longest match wins)."""
    best: "Verb | None" = None
    for verb in game.engine.verbs.values():
        n = len(verb.words)
        if tuple(tokens[:n]) == verb.words and (best is None or n > len(best.words)):
            best = verb
    return best


def parse(text: str, game: "Game") -> Action:
    """Parse one command line; NotationError (a RuleError) when it cannot be read."""
    if not isinstance(text, str):
        raise NotationError("a command is a line of text")
    line = text.split("#", 1)[0]
    if len(line) > 500:
        raise NotationError("command too long")
    tokens = _tokens(line)
    if not tokens:
        raise NotationError("empty command")
    actor = -1
    if tokens[0].endswith(":") or (len(tokens) > 1 and tokens[1] == ":"):
        name = tokens[0].rstrip(":")
        tokens = tokens[2:] if len(tokens) > 1 and tokens[1] == ":" else tokens[1:]
        if name not in game.players:
            raise NotationError(f"no player named '{name}' (players: {', '.join(game.players)})")
        actor = game.players.index(name)
        if not tokens:
            raise NotationError(f"missing command after '{name}:'")
    verb = VERB_ALIASES.get(tokens[0], tokens[0])
    if verb in SHORT_BUILDS:
        verb, tokens = "build", ["build"] + tokens
    original = tokens[0]
    tokens = [verb] + tokens[1:]
    scenario_verb = _scenario_verb(tokens, game)
    if scenario_verb is not None:
        reader = Reader(tokens[len(scenario_verb.words):], game, line)
        action = scenario_verb.parse(reader, actor)
    elif verb in VERBS:
        reader = Reader(tokens[1:], game, line)
        action = VERBS[verb](reader, actor)
    else:
        from .suggest import did_you_mean

        known = [*VERBS, *VERB_ALIASES, *SHORT_BUILDS,
                 *(v.words[0] for v in game.engine.verbs.values())]
        raise NotationError(f"unknown command '{original}'{did_you_mean(original, known)}; "
                            "type 'help' for the list")
    reader.end()
    return action


def resolve_defaults(action: Action, game: "Game") -> Action:
    """Fill what the rules leave only one choice for: the robber's victim when exactly one
    player can be robbed."""
    e = game.engine
    if action.kind == "robber" and action.args[1] < 0 and e.robber_item(action.seat) is not None:
        hex_ = action.args[0]
        if 0 <= hex_ < e.geo.n_hexes and e.scen.is_land_hex[hex_]:
            victims = e.robber_victims(action.seat, hex_)
            if len(victims) == 1:
                return Action("robber", (hex_, victims[0]), action.seat)
    if action.kind == "pirate" and action.args[1] < 0 and e.robber_item(action.seat) is not None:
        hex_ = action.args[0]
        if 0 <= hex_ < e.geo.n_hexes and not e.scen.is_land_hex[hex_]:
            victims = e.pirate_victims(action.seat, hex_)
            if len(victims) == 1 and e.stealable(action.seat, victims[0]) == ["resource"]:
                return Action("pirate", (hex_, victims[0], "resource"), action.seat)
    return action


class Writer:
    """What a scenario verb's formatter needs to write an action's canonical text."""

    def __init__(self, game: "Game") -> None:
        self._game = game

    def name(self, seat: int) -> str:
        return self._game.engine.name(seat)

    def node(self, node: int) -> str:
        return str(node + 1)

    def edge(self, edge: int) -> str:
        return self._game.engine.geo.edge_name(edge)

    def hex(self, hex_: int) -> str:
        return self._game.engine.geo.hex_ids[hex_]

    def cards(self, counts: Any) -> str:
        return _cards_text(counts)


def _cards_text(counts: Any) -> str:
    return " ".join(f"{n} {RESOURCES[i]}" for i, n in enumerate(counts) if n)


def format_action(action: Action, game: "Game", always_prefix: bool = False, listed: bool = False) -> str:
    """The canonical text of an action.  The actor is written as a prefix when the
    game would not otherwise take the action as theirs.  ``listed``: the action is one
    the engine listed as legal (its text may be kept, see _listed_body)."""
    e = game.engine
    body = _listed_body(action, game) if listed else _body(action, game)
    seat = action.seat
    if seat >= 0 and (always_prefix and seat != e.s.current or seat != e.default_actor(action.kind)):
        return f"{e.name(seat)}: {body}"
    return body


def format_actions(actions: list[Action], game: "Game") -> list[str]:
    """``[format_action(a, game) for a in actions]`` for actions the engine listed, with
    each verb's default actor worked out once (listing every legal command of a position)."""
    e = game.engine
    kept = _kept_texts(game)
    s = e.s
    if not s.pending and s.phase != Phase.SETUP:
        # Every verb's default actor is the seat on turn (default_actor): when every action
        # is that seat's and every text is kept, the texts are the kept ones as they are.
        try:
            bodies = list(map(kept.get, actions))
        except TypeError:       # an unhashable argument (a scenario's verb): not kept
            bodies = [None]
        if None not in bodies and set(map(_seat_of, actions)) <= {s.current}:
            return bodies       # type: ignore[return-value]  # no None in it
    defaults: dict[str, int] = {}
    out = []
    for action in actions:
        try:
            body = kept.get(action)
        except TypeError:       # an unhashable argument (a scenario's verb): not kept
            body = None
        if body is None:
            body = _listed_body(action, game)
        seat = action[2]
        if seat >= 0:
            default = defaults.get(action.kind)
            if default is None:
                default = defaults[action.kind] = e.default_actor(action.kind)
            if seat != default:
                body = f"{e.name(seat)}: {body}"
        out.append(body)
    return out


_seat_of = itemgetter(2)


def _body(action: Action, game: "Game") -> str:
    """An action's text without its actor."""
    write = _WRITERS.get(action.kind)
    if write is not None:
        return write(action.args, game.engine)
    e = game.engine
    if action.kind in e.verbs:
        return e.verbs[action.kind].format(action, Writer(game))
    return action.kind.replace("-", " ")


def _listed_body(action: Action, game: "Game") -> str:
    """:func:`_body` of an action the engine listed (its arguments of the very types the
    generator makes: an argument of 5.0 or True, equal to 5 or 1 as a key, would be
    written otherwise).  A general verb's text depends on the action and the game's fixed
    names alone (players, paths, hexes), so it is written once per game and engine:
    listing every legal command of every position writes the same texts again and again."""
    kept = _kept_texts(game)
    try:
        found = kept.get(action)
    except TypeError:          # an unhashable argument: write it, keep nothing
        return _body(action, game)
    if found is None:
        found = _body(action, game)
        if action[0] in _WRITERS:
            if len(kept) >= _TEXTS_KEPT:
                kept.clear()
            kept[action] = found
    return found


def _kept_texts(game: "Game") -> dict[Action, str]:
    """The game's memo of general verbs' texts, for its present engine."""
    cache = game._texts
    if cache is None or cache[0] is not game.engine:
        cache = game._texts = (game.engine, _shared_texts(game.engine))
    return cache[1]


# The general verbs' texts by scenario (by identity) and the players' names: what they are
# written from (the map's names, the scenario's paths, the names), so every game of one
# scenario and table shares them.  Not for a map with face-down hexes: exploration changes
# its paths as the game goes.
_SHARED_TEXTS: dict[tuple[int, tuple[str, ...]], tuple[object, dict[Action, str]]] = {}


def _shared_texts(e: "Engine") -> dict[Action, str]:
    scen = e.scen
    if scen.face_down:
        return {}
    key = (id(scen), tuple([p.name for p in e.s.players]))
    found = _SHARED_TEXTS.get(key)
    if found is None or found[0] is not scen:
        if len(_SHARED_TEXTS) >= 64:
            _SHARED_TEXTS.clear()
        found = _SHARED_TEXTS[key] = (scen, {})
    return found[1]


def _road_building_text(a: tuple[Any, ...], e: "Engine") -> str:
    parts = []
    for piece, x in a:
        default = "ship" if (e.scen.rules.ships and not e.scen.edge_roadable[x]) else "road"
        parts.append(e.geo.edge_name(x) if piece == default else f"{piece} {e.geo.edge_name(x)}")
    return "play road-building " + " ".join(parts)


def _pirate_text(a: tuple[Any, ...], e: "Engine") -> str:
    body = f"pirate {e.geo.hex_ids[a[0]]}"
    if a[1] >= 0:
        body += f" steal {e.name(a[1])}" + ("" if a[2] == "resource" else f" {a[2]}")
    return body


def _put_text(a: tuple[Any, ...], e: "Engine") -> str:
    where = str(a[2] + 1) if a[0] in ("settlement", "city") else e.geo.edge_name(a[2])
    return f"put {a[0]} {e.name(a[1])} {where}"


# How many general verbs' texts a game keeps (see _body): far more than a game's
# distinct actions usually are; the memo starts afresh past it.
_TEXTS_KEPT = 8192

# The general verbs' texts, by kind (a scenario's verbs write their own).
_WRITERS: dict[str, Callable[[tuple[Any, ...], "Engine"], str]] = {
    "roll": lambda a, e: "roll",
    "end": lambda a, e: "end",
    "accept": lambda a, e: "accept",
    "decline": lambda a, e: "decline",
    "build-road": lambda a, e: f"build road {e.geo.edge_names[a[0]]}",
    "build-ship": lambda a, e: f"build ship {e.geo.edge_names[a[0]]}",
    "build-settlement": lambda a, e: f"build settlement {a[0] + 1}",
    "build-city": lambda a, e: f"build city {a[0] + 1}",
    "buy-card": lambda a, e: "buy card",
    "play-knight": lambda a, e: "play knight",
    "play-monopoly": lambda a, e: f"play monopoly {RESOURCES[a[0]]}",
    "play-year-of-plenty": lambda a, e: "play year-of-plenty " + " ".join(RESOURCES[r] for r in sorted(a)),
    "play-road-building": _road_building_text,
    "robber": lambda a, e: f"robber {e.geo.hex_ids[a[0]]}" + (f" steal {e.name(a[1])}" if a[1] >= 0 else ""),
    "pirate": _pirate_text,
    "discard": lambda a, e: f"discard {_cards_text(a[0])}",
    "trade": lambda a, e: (f"trade {a[1]} {RESOURCES[a[0]]} for " + (f"{a[3]} " if a[3] != 1 else "")
                           + RESOURCES[a[2]]),
    "offer": lambda a, e: f"offer {e.name(a[0])} {_cards_text(a[1])} for {_cards_text(a[2])}",
    "move-ship": lambda a, e: f"move ship {e.geo.edge_names[a[0]]} to {e.geo.edge_names[a[1]]}",
    "choose-gold": lambda a, e: "choose gold " + " ".join(RESOURCES[r] for r in sorted(a[0])),
    "dice": lambda a, e: f"dice {a[0]} {a[1]}",
    "give": lambda a, e: f"give {e.name(a[0])} {_cards_text(a[1])}",
    "take": lambda a, e: f"take {e.name(a[0])} {_cards_text(a[1])}",
    "put": _put_text,
    "turn": lambda a, e: f"turn {e.name(a[0])}",
    "draw": lambda a, e: f"draw {e.name(a[0])} {a[1]}",
}
