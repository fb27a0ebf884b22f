"""What each pane of the table screen shows, for a given size: pure functions of the session,
so tests and the benchmark build panes without a terminal.

- :class:`MapPane`: the map drawing (full size when it fits, else compact) and a viewport
  on it that pans; the drawing is cached per position, so panning only re-slices it.
- :func:`side_sections`: hand, costs, score with VP by source, the scenario's rows, the key;
  :func:`side_panel` stacks as many as fit and folds the rest into tabs.
- :func:`fit_items`: the toolbar, whole items dropped from the right, never cut mid-word.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, AbstractSet, Any, Mapping, Sequence

from rich.text import Text

from .. import helptext
from ..render import layer_for, render_board, theme
from ..render.board import _legend_items, render_runs
from .fragments import Line, crop, line_len, plain, rich_to_pt, runs_lines, styled, wrap

if TYPE_CHECKING:
    from ..session import Session

View = Mapping[str, Any]
TITLE = "reverse"
DIM = "#8a8a8a"
LETTERS = {"lumber": "L", "brick": "B", "wool": "W", "grain": "G", "ore": "O"}
VP_SHORT = {"settlements": "s", "cities": "c", "longest road": "LR", "longest route": "LR",
            "largest army": "LA", "victory cards": "vp"}


# ---------------------------------------------------------------------------- the map


@dataclass
class MapPane:
    """The map in a viewport of ``width`` x ``height`` cells, panned by (top, left)."""

    top: int = 0
    left: int = 0
    layout: str = "auto"        # "auto", "full" or "compact" (the 'map full' / 'map compact' words)
    _key: Any = None
    _facts: Any = None
    _lines: list[Line] = field(default_factory=list)
    _width: int = 0
    compact: bool = False

    def drawing(self, session: "Session", width: int, height: int) -> list[Line]:
        """The whole map as fragment lines, redrawn only when the position or layout changed."""
        game = session.game
        viewer = session.viewer()
        compact = self._choose(session, width, height)
        key = (id(game), len(game.history), viewer, compact, game.over)
        if key != self._key:
            view = game.view(viewer)
            facts = (key[0], viewer, compact, game.over, _board_key(session), _map_facts(view))
            if facts != self._facts:     # most commands (rolls, trades, cards) leave the map as it is
                self._lines = runs_lines(render_runs(board_of(session), view, compact=compact))
                self._width = max((line_len(line) for line in self._lines), default=0)
                self._facts = facts
            self._key, self.compact = key, compact
        return self._lines

    def _choose(self, session: "Session", width: int, height: int) -> bool:
        if self.layout != "auto":
            return self.layout == "compact"
        size = _full_size(session)
        return size[0] > width or size[1] > height

    def size(self) -> tuple[int, int]:
        return self._width, len(self._lines)

    def view(self, session: "Session", width: int, height: int) -> list[Line]:
        """The lines of the viewport, the pan kept inside the drawing."""
        lines = self.drawing(session, width, height)
        self.top = max(0, min(self.top, len(lines) - height))
        self.left = max(0, min(self.left, self._width - width))
        return [crop(line, self.left, width) for line in lines[self.top:self.top + height]]

    def pan(self, rows: int, cols: int) -> None:
        self.top = max(0, self.top + rows)
        self.left = max(0, self.left + cols)

    def centre_on(self, session: "Session", region: str, width: int, height: int) -> None:
        """Centre the viewport on a hex id or a compass region (n, sw, ...); ValueError else."""
        lines = self.drawing(session, width, height)
        w, h = self._width, len(lines)
        key = region.lower()
        compass = {"n": (0, None), "s": (1, None), "w": (None, 0), "e": (None, 1), "nw": (0, 0),
                   "ne": (0, 1), "sw": (1, 0), "se": (1, 1)}
        if key in compass:
            ry, rx = compass[key]
            self.top = 0 if ry == 0 else h if ry == 1 else (h - height) // 2
            self.left = 0 if rx == 0 else w if rx == 1 else (w - width) // 2
            return
        for y, line in enumerate(lines):
            words = plain(line)
            at = _word_at(words, region.upper())
            if at >= 0:
                self.top, self.left = y - height // 2, at - width // 2
                self.top, self.left = max(0, self.top), max(0, self.left)
                return
        raise ValueError(f"unknown region {region!r}: use n, s, e, w, nw, ne, sw, se or a hex id")


    def follow(self, session: "Session", node: int, width: int, height: int) -> None:
        """Bring an intersection into view (a new piece of yours), moving as little as needed."""
        self._follow(session, re.compile(rf"(?<![\w])[A-Za-z]?{node}(?!\w)"), width, height)

    def follow_hex(self, session: "Session", hex_id: str, width: int, height: int) -> None:
        """Bring a hex's label into view (the robber or the pirate just moved there)."""
        self._follow(session, re.compile(rf"(?<![\w]){re.escape(hex_id.upper())}(?!\w)"), width, height)

    def _follow(self, session: "Session", pattern: "re.Pattern[str]", width: int, height: int) -> None:
        lines = self.drawing(session, width, height)
        for y, line in enumerate(lines):
            found = pattern.search(plain(line))
            if found:
                x = found.start()
                if not self.top <= y < self.top + height:
                    self.top = max(0, y - height // 2)
                if not self.left <= x < self.left + width - 4:
                    self.left = max(0, x - width // 2)
                return


MAP_VIEW_KEYS = ("scenario", "robber", "pirate", "buildings", "routes", "harbors", "extra")


def _map_facts(view: View) -> tuple[Any, ...]:
    """What the map drawing reads of a view: the pieces, the robber and pirate, the harbours,
    the scenario's public items, and each player's name, colour and own items."""
    players = tuple((p.get("name"), p.get("color"), p.get("extra")) for p in view.get("players") or [])
    return (*(view.get(k) for k in MAP_VIEW_KEYS), players)


def _word_at(line: str, word: str) -> int:
    start = 0
    while True:
        at = line.find(word, start)
        if at < 0:
            return -1
        before = line[at - 1] if at else " "
        after = line[at + len(word)] if at + len(word) < len(line) else " "
        if not before.isalnum() and not after.isalnum():
            return at
        start = at + 1


_FULL_SIZES: dict[str, tuple[int, int]] = {}


_BOARDS: dict[Any, Any] = {}


def board_of(session: "Session") -> Any:
    """The game's board_json, kept while its hexes and harbours stay (it takes milliseconds)."""
    key = _board_key(session)
    board = _BOARDS.get(key)
    if board is None:     # several tables (SSH connections) share this cache from their threads
        board = session.game.board_json()
        if len(_BOARDS) >= 16:
            _BOARDS.clear()
        _BOARDS[key] = board
    return board


def _board_key(session: "Session") -> tuple[Any, ...]:
    """The board changes only with terrain, numbers or harbours (exploration)."""
    state = session.game.state
    return (id(session.game), tuple(state.terrain), tuple(state.numbers), tuple(state.harbor_types))


def _full_size(session: "Session") -> tuple[int, int]:
    """Columns and lines of the full-size drawing of this scenario's map (cached per map)."""
    game = session.game
    board = board_of(session)
    key = f"{game.engine.scen.key}/{len(board['hexes'])}"
    if key not in _FULL_SIZES:
        lines = render_board(board, {}, legend=False).plain.split("\n")
        _FULL_SIZES[key] = (max(len(x) for x in lines), len(lines))
    return _FULL_SIZES[key]


# ---------------------------------------------------------------------------- the side panel


@dataclass(frozen=True)
class Section:
    name: str
    lines: list[Line]
    short: str = ""     # its tab's word, when the panel folds


def side_sections(session: "Session", width: int) -> list[Section]:
    """The panel's sections, in order: hand, score, costs, the scenario's rows, the key."""
    game = session.game
    viewer = session.viewer()
    view = game.view(viewer)
    colors = theme.player_colors(view.get("players") or [])
    out = []
    if viewer is not None:
        out.append(Section(f"{viewer} · your hand", _hand(view, viewer, width), "hand"))
    out.append(Section(f"score (to {view.get('vp_target')})", _score(view, colors, width), "score"))
    out.append(Section("costs", _costs(session, width), "costs"))
    rows = layer_for(view).status_rows(view, colors)
    if rows:
        lines: list[Line] = []
        for what, value in rows:
            lines += wrap([("bold", f"{what}: "), *_text_line(value)], width)
        out.append(Section(game.engine.scen.name.lower(), lines, "scenario"))
    terrains = frozenset(str(h["terrain"]) for h in game.board_json()["hexes"])   # the key's terrain codes
    out.append(Section("key", _key(view, width, terrains), "key"))
    return out


def _text_line(text: Text) -> Line:
    from .fragments import text_lines

    lines = text_lines(text)
    return lines[0] if lines else []


def _hand(view: View, viewer: str, width: int) -> list[Line]:
    me = next(p for p in view["players"] if p["name"] == viewer)
    res = me.get("resources") or {}
    items = [[(_pt_style(theme.RESOURCE_STYLE.get(r, "")), r), ("bold" if n else DIM, f" {n}")] for r, n in res.items()]
    lines = _flow(items, width)
    cards = me.get("dev_cards") or []
    names = sorted({str(c) for c in cards})
    text = ", ".join(f"{cards.count(c)} {c}" if cards.count(c) > 1 else c for c in names) or "no cards"
    lines += wrap(styled(f"cards: {text}"), width)
    return lines


def _costs(session: "Session", width: int) -> list[Line]:
    """The general pieces' prices, then those of the pieces the scenario's verbs build
    (the price their help declares)."""
    priced = helptext.general_prices(session.game)
    for verb in session.game.engine.verbs.values():
        if verb.help.price is not None and any(verb.help.price[1]):
            priced.setdefault(*verb.help.price)
    items = []
    for name, vector in priced.items():
        letters = "".join(letter * n for letter, n in zip(LETTERS.values(), vector))
        items.append([("bold", name), ("", f" {letters}")])
    return _flow(items, width, sep=" · ") + [styled("L lumber B brick W wool G grain O ore", DIM)][:1 if width >= 38 else 0]


def _score(view: View, colors: Mapping[str, str], width: int) -> list[Line]:
    players = view.get("players") or []
    marks = theme.owner_marks(players)
    lines = []
    for p in players:
        name = str(p["name"])
        mark = f"{marks[name]} " if name in marks else ""
        won = " won" if name in (view.get("winners") or []) else ""
        head: Line = [(f"bold {pt_color(colors.get(name))}".strip(), f"{mark}{name:<7}"), ("bold", f"{p['vp']:>2}")]
        words, _ = _sources_text(p, width - line_len(head) - len(won) - 1)
        lines += wrap([*head, ("", f"{won} {words}".rstrip())], width)
    return lines


def _sources_text(player: Mapping[str, Any], room: int) -> tuple[str, bool]:
    """A player's VP by source: '(settlements 2, cities 4)' when it fits in ``room``, else
    '(2s 4c)'; and whether the short form was used (the key then says what 's' means)."""
    sources = {k: v for k, v in (player.get("vp_sources") or {}).items() if v}
    if not sources:
        return "", False
    words = "(VP: " + ", ".join(f"{k} {v}" for k, v in sources.items()) + ")"   # VP, not pieces
    if len(words) <= room:
        return words, False
    return "(" + " ".join(_vp_short(k, v) for k, v in sources.items()) + ")", True


def vp_short_name(source: str) -> str:
    """A VP source's short name: 's', 'c', 'LR' ...; a scenario's source by its words'
    initials ('harbor-settlements': 'hs'), never a word cut short."""
    known = VP_SHORT.get(source)
    if known:
        return known
    words = [w for w in source.replace("-", " ").split() if w]
    short = "".join(w[0] for w in words).lower() if len(words) > 1 else source[:3]
    return short if short not in VP_SHORT.values() else source[:3]


def _vp_short(source: str, vp: int) -> str:
    """'3s' for 3 VP of settlements, 'LR' for the longest road."""
    short = vp_short_name(source)
    return short if short in ("LR", "LA") else f"{vp}{short}"


def _vp_key(view: View, width: int) -> list[Line]:
    """What the score's short VP sources stand for, when the panel was too narrow for words."""
    used: dict[str, str] = {}
    for p in view.get("players") or []:
        if _sources_text(p, width - 12)[1]:        # the room _score leaves beside mark, name, VP
            for k, v in (p.get("vp_sources") or {}).items():
                short = vp_short_name(k)
                if v and short != k:
                    used[short] = k
    return [[("", f"VP: {short} {name}")] for short, name in used.items()]


def pt_color(color: str | None) -> str:
    return rich_to_pt(color or "")


def _key(view: View, width: int, terrains: AbstractSet[str] | None = None) -> list[Line]:
    """The key to the compact map: the terrains on the board, the glyphs the view can show."""
    items = [[(_pt_style(style), text)] for text, style in _legend_items(view, True, terrains)]
    return _flow(items + _vp_key(view, width), width, sep="  ")


def _pt_style(style: str) -> str:
    return rich_to_pt(style)


def _flow(items: Sequence[Line], width: int, sep: str = "  ") -> list[Line]:
    """Items laid out left to right on lines of at most ``width`` columns."""
    lines: list[Line] = []
    current: Line = []
    used = 0
    for item in items:
        n = line_len(item)
        if current and used + len(sep) + n > width:
            lines.append(current)
            current, used = [], 0
        if current:
            current.append(("", sep))
            used += len(sep)
        current.extend(item)
        used += n
    if current:
        lines.append(current)
    return [piece for line in lines for piece in wrap(line, width)]


def side_panel(sections: Sequence[Section], width: int, height: int, tab: int) -> list[Line]:
    """The sections stacked under their titles as far as ``height`` allows.  When they do not
    all fit, the first line lists them as tabs (F2 cycles; the names that do not fit in
    ``width`` are counted, "+2") and the panel starts at ``tab``."""
    def block(s: Section) -> list[Line]:
        return [styled(f" {s.name} ".ljust(width)[:width], TITLE), *s.lines]

    everything = [line for s in sections for line in block(s)]
    if len(everything) <= height:
        return everything
    n = len(sections)
    tab %= n
    names: Line = [("", "F2:")]
    order = [sections[(tab + i) % n] for i in range(n)]
    out: list[Line] = []
    shown: list[str] = []
    for s in order:
        lines = block(s)
        if out and len(out) + len(lines) > height - 1:
            continue
        out += lines
        shown.append(s.name)
    words = [(" " + (s.short or s.name), s.name in shown) for s in sections]
    used = len(names[0][1])
    fitting = 0                         # whole names only, from the left
    while fitting < n and used + len(words[fitting][0]) <= width:
        used += len(words[fitting][0])
        fitting += 1
    while fitting < n and fitting and used + len(f" +{n - fitting}") > width:
        fitting -= 1                    # room to say how many more there are
        used -= len(words[fitting][0])
    names += [("bold reverse" if on else DIM, word) for word, on in words[:fitting]]
    if fitting < n:
        more = f" +{n - fitting}"
        names.append(("bold reverse" if any(on for _, on in words[fitting:]) else DIM, more))
    return [names] + out[:height - 1]


# ---------------------------------------------------------------------------- the toolbar


def fit_items(items: Sequence[str], width: int, sep: str = " · ") -> str:
    """Items joined by ``sep`` as far as they fit in ``width``: whole items are dropped from
    the right, and a first item too long alone is cut after its last whole word."""
    out = ""
    for item in items:
        candidate = f"{out}{sep}{item}" if out else item
        if len(candidate) > width:
            break
        out = candidate
    if not out and items:
        words = items[0].split(" ")
        while words and len(" ".join(words)) > width:
            words.pop()
        out = " ".join(words)
    return out


def toolbar_items(session: "Session") -> list[str]:
    """Turn, whose move and what the game waits for (the phase in words), dice, every VP."""
    game = session.game
    view = game.view(session.viewer())
    dice = view["dice"]
    items = [f"turn {view['turn']}"]
    if game.over:
        items.append(f"game over: {game.winner or 'nobody'} won")
    else:
        items.append(f"{view['prompt']}: {view['waiting_for']}")
    items.append(f"dice {dice[0]}+{dice[1]}={sum(dice)}" if dice else "no dice yet")
    items.append("  ".join(f"{p['name']} {p['vp']}" for p in view["players"]) + f" VP (to {view['vp_target']})")
    if session.autosave:
        items.append(f"saving to {session.save_name}")
    return items


def fit_line(text: str, width: int, style: str = "") -> Line:
    """A one-line title: whole words that fit, padded to the width."""
    return [(style, fit_items(text.split(" · "), width).ljust(width)[:width])]
