r"""The map as coloured ASCII: pointy-topped hexes with every intersection numbered.

Layout.  A hex row ``r`` of the map takes ``pitch`` text lines and a doubled column ``c``
takes ``half`` text columns (half a hex width), so odd rows fall half a hex east and the
corners of neighbouring hexes land on the same character cell.  A full-size hex (half=6,
pitch=5) is 13 columns by 8 lines; its lines are::

           15                   0  N corner: node number
        /     \                 1  sloped sides; a scenario's note (steps ahead on a path)
     14    K     16             2  NW and NE corners; hex id
     |   fields  |              3  terrain word (sea: harbour rate, or "sea")
     |     9     |              4  number token, 6 and 8 starred: *6*
     26   ....   28             5  SW and SE corners; pips, or ROBBER / PIRATE / a token
        \     /                 6  sloped sides
           38                   7  S corner

Every node shows its number; a building prefixes it with its owner's mark, lower case for a
settlement (``r12``) and upper case for a city (``R12``), in the owner's colour.  A route
fills its side with ``#`` (road) or ``~`` (ship) and carries the owner's mark in its middle
cell (``#r#``; a one-cell side shows only the mark), so owners read without colour.
A scenario adds its own pieces, tokens and labels through its render layer
(:mod:`.layers`): the core asks it at fixed points and draws what it returns.  A harbour is written inside its sea hex, in the corner nearest the side it
serves, and that side is dotted (``.``) up to the two intersections that use it.  Land hexes are shaded with a dark
terrain tint; rim sides of the outer sea ring (no edge there) are not drawn, so the open
sea stays light.  Compact mode (half=4, pitch=4) draws 9 by 7 hexes with terrain codes
(``fo`` ``mo`` ...) and ``fo 10`` on one line.  ``region`` draws only part of the map (a
compass half or quarter, or the hexes round a hex id) and crops to it.

Everything is drawn on a character canvas with one style per cell and returned as one
rich ``Text``; colour only repeats what the glyphs say, so NO_COLOR output reads the same.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import AbstractSet, Any, Iterable, Mapping, Sequence

from rich.text import Text

from . import theme
from .layers import EdgeMark, HexMark, key_item, layer_for, token_label

Board = Mapping[str, Any]
View = Mapping[str, Any]
Point = tuple[int, int]  # (line, column) on the canvas

REGIONS: tuple[str, ...] = ("n", "s", "w", "e", "nw", "ne", "sw", "se")
ROBBER = HexMark("ROBBER", "R", theme.ROBBER_STYLE)
PIRATE = HexMark("PIRATE", "P", theme.PIRATE_STYLE)


@dataclass(frozen=True)
class Layout:
    """Sizes of one drawing style, in text cells."""

    half: int      # columns per doubled map column (half a hex width)
    pitch: int     # lines per hex row
    drop: int      # lines between the upper and lower corners of a zig-zag row
    margin: int    # columns left and right of the outermost corners (room for labels)
    compact: bool

    def body_width(self, line: int) -> int:
        """Columns of hex interior on a hex line (0 = N corner line), centred on the hex."""
        if line in (2, self.pitch):
            return 2 * self.half - (3 if self.compact else 5)
        if line in (1, self.pitch + 1):
            return self.half - 1
        return 2 * self.half - 1

    def text_width(self, line: int) -> int:
        """Columns free for text on a hex line: corner lines keep clear of 4-character labels."""
        if line in (2, self.pitch):
            return 2 * self.half - 5
        return self.body_width(line)


FULL = Layout(half=6, pitch=5, drop=2, margin=3, compact=False)
COMPACT = Layout(half=4, pitch=4, drop=2, margin=3, compact=True)


@dataclass
class _Canvas:
    """A grid of characters with one rich style per cell."""

    height: int
    width: int

    def __post_init__(self) -> None:
        self.chars = [[" "] * self.width for _ in range(self.height)]
        self.styles = [[""] * self.width for _ in range(self.height)]
        self.bgs = [[""] * self.width for _ in range(self.height)]

    def put(self, y: int, x: int, text: str, style: str = "") -> None:
        if not 0 <= y < self.height:
            return
        for i, ch in enumerate(text):
            if 0 <= x + i < self.width:
                self.chars[y][x + i] = ch
                self.styles[y][x + i] = style

    def tint(self, y: int, x: int, length: int, bg: str) -> None:
        """Give cells a background colour (kept under whatever is drawn on them)."""
        if 0 <= y < self.height:
            for i in range(max(0, x), min(self.width, x + length)):
                self.bgs[y][i] = bg

    def style_at(self, y: int, x: int) -> str:
        style, bg = (self.styles[y][x] if self.chars[y][x] != " " else ""), self.bgs[y][x]
        return f"{style} on {bg}".strip() if bg else style

    def copy(self) -> "_Canvas":
        out = _Canvas.__new__(_Canvas)
        out.height, out.width = self.height, self.width
        out.chars = [row[:] for row in self.chars]
        out.styles = [row[:] for row in self.styles]
        out.bgs = [row[:] for row in self.bgs]
        return out

    def runs(self) -> list[list[tuple[str, str]]]:
        """The drawing cropped to its ink, lines right-stripped: per line, runs of
        (rich style, text) of equal style."""
        rows = [y for y in range(self.height) if any(c != " " for c in self.chars[y])]
        if not rows:
            return []
        x0 = min(next(x for x, c in enumerate(self.chars[y]) if c != " ") for y in rows)
        out = []
        for y in range(rows[0], rows[-1] + 1):   # style_at, inlined: this runs on every redraw
            chars, marks, bgs = self.chars[y][x0:], self.styles[y][x0:], self.bgs[y][x0:]
            line = "".join(chars).rstrip()
            n = len(line)
            styles = [m if c != " " else "" for c, m in zip(chars[:n], marks[:n])]
            if any(bgs[:n]):
                styles = [f"{st} on {bg}".strip() if bg else st for st, bg in zip(styles, bgs[:n])]
            runs, start = [], 0
            for i in range(1, n + 1):
                if i == n or styles[i] != styles[start]:
                    runs.append((styles[start], line[start:i]))
                    start = i
            out.append(runs)
        return out

    def to_text(self) -> Text:
        """The drawing cropped to its ink, lines right-stripped, as one Text."""
        out = Text(no_wrap=True, overflow="crop")
        for n, runs in enumerate(self.runs()):
            if n:
                out.append("\n")
            for style, text in runs:
                out.append(text, style=style or None)
        return out


# ---------------------------------------------------------------------------- geometry


@dataclass(frozen=True)
class _Frame:
    """Where the map sits on the canvas: grid origin and the layout."""

    layout: Layout
    row0: int
    col0: int   # doubled column of the westmost corner

    def node(self, grid: Sequence[int]) -> Point:
        big_r, c = int(grid[0]), int(grid[1])
        k = big_r // 2
        lower = (c - k) % 2 != 0
        y = (k - self.row0) * self.layout.pitch + (self.layout.drop if lower else 0)
        return y, (c - self.col0) * self.layout.half + self.layout.margin

    def hex_top(self, h: Mapping[str, Any]) -> Point:
        """(line of the N corner, column of the centre) of a hex."""
        return ((int(h["row"]) - self.row0) * self.layout.pitch,
                (int(h["col"]) - self.col0) * self.layout.half + self.layout.margin)

    def corners(self, h: Mapping[str, Any]) -> list[Point]:
        """The six corner cells, in N NE SE S SW NW order."""
        y, x = self.hex_top(h)
        p, d, w = self.layout.pitch, self.layout.drop, self.layout.half
        return [(y, x), (y + d, x + w), (y + p, x + w), (y + p + d, x), (y + p, x - w), (y + d, x - w)]


def _frame_for(board: Board, layout: Layout) -> tuple[_Frame, int, int]:
    hexes = board["hexes"]
    row0 = min(int(h["row"]) for h in hexes)
    col0 = min(int(h["col"]) for h in hexes) - 1
    rows = max(int(h["row"]) for h in hexes) - row0 + 1
    cols = max(int(h["col"]) for h in hexes) + 1 - col0
    height = rows * layout.pitch + layout.drop + 1
    width = cols * layout.half + 2 * layout.margin + 1
    return _Frame(layout, row0, col0), height, width


def _side_cells(a: Point, b: Point, layout: Layout, thick: bool) -> list[tuple[int, int, str]]:
    """Cells of the side between corner cells a and b: (line, column, glyph for a plain side)."""
    (ya, xa), (yb, xb) = sorted((a, b))
    if xa == xb:
        return [(y, xa, "|") for y in range(ya + 1, yb)]
    glyph = "/" if xa > xb else "\\"
    cells = []
    for y in range(ya + 1, yb):
        x = xa + (xb - xa) * (y - ya) // (yb - ya)
        cells.append((y, x, glyph))
        if thick:
            step = 1 if xb > xa else -1
            cells.append((y, x - step, glyph))
            cells.append((y, x + step, glyph))
    return cells


def _side_direction(a: Point, b: Point, y: int, x: int, layout: Layout) -> tuple[int, int]:
    """Where side a-b lies on the hex whose N corner is (y, x): (-1 top / 0 / 1 bottom, -1 west / 1 east)."""
    dy = a[0] + b[0] - (2 * y + layout.pitch + layout.drop)
    dx = a[1] + b[1] - 2 * x
    return (dy > 0) - (dy < 0), (dx > 0) - (dx < 0)


def _harbor_lines(vertical: int, layout: Layout) -> tuple[int, int]:
    """Hex lines for a harbour's rate and resource, nearest the side it serves."""
    if layout.compact:
        return (2, 3) if vertical < 0 else (3, 4)
    return {-1: (2, 3), 0: (3, 4), 1: (4, 5)}[vertical]


# ---------------------------------------------------------------------------- regions


def _select_hexes(board: Board, region: str | None, layout: Layout, width: int) -> set[str]:
    """Ids of the hexes drawn for a region (all when region is None)."""
    hexes = board["hexes"]
    if not region:
        return {h["id"] for h in hexes}
    key = region.strip().lower()
    if key in REGIONS:
        return _compass_region(hexes, key)
    by_id = {str(h["id"]).upper(): h for h in hexes}
    centre = by_id.get(key.upper())
    if centre is None:
        raise ValueError(f"unknown region {region!r}: use one of {', '.join(REGIONS)} or a hex id")
    reach = max(2, (width - 2 * layout.margin) // layout.half // 2 - 1)
    r0, c0 = int(centre["row"]), int(centre["col"])
    return {h["id"] for h in hexes if abs(int(h["row"]) - r0) <= 2 and abs(int(h["col"]) - c0) <= reach}


def _compass_region(hexes: Sequence[Mapping[str, Any]], key: str) -> set[str]:
    """Half or quarter of the map, overlapping the middle row/column by one hex."""
    rows = [int(h["row"]) for h in hexes]
    cols = [int(h["col"]) for h in hexes]
    rmid = (min(rows) + max(rows)) / 2
    cmid = (min(cols) + max(cols)) / 2
    chosen = set()
    for h in hexes:
        r, c = int(h["row"]), int(h["col"])
        ok = True
        if "n" in key:
            ok &= r <= rmid + 0.5
        if "s" in key:
            ok &= r >= rmid - 0.5
        if "w" in key:
            ok &= c <= cmid + 1
        if "e" in key:
            ok &= c >= cmid - 1
        if ok:
            chosen.add(h["id"])
    return chosen


# ---------------------------------------------------------------------------- view helpers


def _owner_color(styles: Mapping[str, str], owner: Any) -> str:
    return theme.owner_color(styles, owner)


# ---------------------------------------------------------------------------- drawing


_STATIC: dict[Any, _Canvas] = {}   # the board's own drawing, per board and layout (a few kept)


class _Painter:
    """Draws one map (or region of it) onto a canvas."""

    def __init__(self, board: Board, view: View, layout: Layout, chosen: set[str]) -> None:
        self.board, self.view, self.layout = board, view, layout
        self.frame, height, width = _frame_for(board, layout)
        self.canvas = _Canvas(height, width)
        self.hexes = [h for h in board["hexes"] if h["id"] in chosen]
        self.hex_by_id = {h["id"]: h for h in board["hexes"]}
        self.nodes = {int(n["id"]): n for n in board["nodes"]}
        self.edges = {str(e["id"]): e for e in board["edges"]}
        self.shown_nodes = {int(n) for h in self.hexes for n in h["nodes"]}
        self.colors = theme.player_colors(view.get("players") or [])
        self.marks = theme.owner_marks(view.get("players") or [])
        self.layer = layer_for(view)
        self.hex_marks = self.layer.hex_marks(view)
        self.harbor_sides: dict[str, list[int]] = {}
        for sea, edge, _ in self._harbor_places():
            a, b = (self.frame.node(self.nodes[int(n)]["grid"]) for n in edge["nodes"])
            y, x = self.frame.hex_top(sea)
            self.harbor_sides.setdefault(str(sea["id"]), []).append(_side_direction(a, b, y, x, layout)[0])

    def paint(self) -> Text:
        return self.paint_canvas().to_text()

    def paint_canvas(self) -> _Canvas:
        """The map: what only the board decides (sides, terrain, numbers, harbours) comes
        from a cache per board and layout; the pieces and tokens are drawn on a copy."""
        key = (self.layout, tuple(sorted(str(h["id"]) for h in self.hexes)),
               tuple((h["id"], h["terrain"], h.get("number")) for h in self.board["hexes"]),
               tuple((hb["edge"], hb["type"]) for hb in self.board.get("harbors") or []))
        static = _STATIC.get(key)
        if static is None:
            for h in sorted(self.hexes, key=lambda h: h["terrain"] != "sea"):
                self._outline(h)
            for h in self.hexes:
                self._body(h)
            self._harbors()
            static = self.canvas.copy()
            if len(_STATIC) >= 8:     # tables on SSH connections draw from several threads
                _STATIC.pop(next(iter(_STATIC.copy()), None), None)
            _STATIC[key] = static
        else:
            self.canvas = static.copy()
        for h in self.hexes:
            self._tokens(h, *self.frame.hex_top(h))
        self._hex_notes()
        marks = self.layer.edge_marks(self.view, self.colors)
        self._edge_marks([m for m in marks if not m.over])
        self._routes()
        self._edge_marks([m for m in marks if m.over])
        self._nodes()
        return self.canvas

    # -- hexes

    def _outline(self, h: Mapping[str, Any]) -> None:
        """The sides of a hex that are edges of the map; rim sides (open sea) are left out."""
        sea = h["terrain"] == "sea"
        pts = self.frame.corners(h)
        corners = h["corners"]
        for i in range(6):
            a, b = corners[i], corners[(i + 1) % 6]
            if a is None or b is None or self._edge_id(a, b) not in self.edges:
                continue
            style = theme.OUTLINE_SEA if sea else theme.OUTLINE_LAND
            for y, x, glyph in _side_cells(pts[i], pts[(i + 1) % 6], self.layout, thick=False):
                self.canvas.put(y, x, glyph, style)

    def _body(self, h: Mapping[str, Any]) -> None:
        y, x = self.frame.hex_top(h)
        if h["terrain"] == "sea":
            self._sea_body(h, y, x)
            return
        self._tint(h, y, x)
        if self.layout.compact:
            self._land_body_compact(h, y, x)
        else:
            self._land_body(h, y, x)

    def _tint(self, h: Mapping[str, Any], y: int, x: int) -> None:
        """Shade the inside of a land hex with its terrain's background colour."""
        bg = theme.TERRAIN_BG.get(str(h["terrain"]))
        if not bg:
            return
        for line in range(1, self.layout.pitch + self.layout.drop):
            room = self.layout.body_width(line)
            self.canvas.tint(y + line, x - (room - 1) // 2, room, bg)

    def _land_body(self, h: Mapping[str, Any], y: int, x: int) -> None:
        terrain = str(h["terrain"])
        self._centre(y + 2, x, str(h["id"]), theme.HEX_ID_STYLE)
        self._centre(y + 3, x, theme.TERRAIN_WORD.get(terrain, terrain), theme.TERRAIN_STYLE.get(terrain, ""))
        number = h.get("number")
        if number:
            self._centre(y + 4, x, theme.number_label(number), theme.number_style(number))
            self._centre(y + 5, x, "." * theme.pips(number), theme.PIPS_STYLE)

    def _land_body_compact(self, h: Mapping[str, Any], y: int, x: int) -> None:
        terrain = str(h["terrain"])
        self._centre(y + 2, x, str(h["id"]), theme.HEX_ID_STYLE)
        code = theme.TERRAIN_CODE.get(terrain, terrain[:2])
        number = h.get("number")
        label = f"{code} {theme.number_label(number)}" if number else code
        start = x - (len(label) - 1) // 2
        self.canvas.put(y + 3, start, code, theme.TERRAIN_STYLE.get(terrain, ""))
        if number:
            self.canvas.put(y + 3, start + len(code) + 1, theme.number_label(number), theme.number_style(number))

    def _sea_body(self, h: Mapping[str, Any], y: int, x: int) -> None:
        """Sea: id and a light wave pattern; the id keeps clear of a harbour label."""
        sides = self.harbor_sides.get(str(h["id"]), [])
        id_line = 2
        if any(v < 0 for v in sides):
            id_line = self.layout.pitch if not self.layout.compact else 4
        self._centre(y + id_line, x, str(h["id"]), theme.SEA_ID_STYLE)
        if not sides:
            self._centre(y + 3, x, theme.TERRAIN_WORD["sea"], "dim " + theme.TERRAIN_STYLE["sea"])

    def _tokens(self, h: Mapping[str, Any], y: int, x: int) -> None:
        """Robber, pirate and the scenario's tokens on their hex."""
        marks = []
        if self.view.get("robber") == h["id"]:
            marks.append(ROBBER)
        if self.view.get("pirate") == h["id"]:
            marks.append(PIRATE)
        marks += self.hex_marks.get(str(h["id"]), [])
        if not marks:
            return
        label = token_label(marks, self.layout.compact, self.layout.text_width(5))
        self._centre(y + (4 if self.layout.compact else 5), x, label, marks[0].style)

    def _centre(self, y: int, x: int, text: str, style: str) -> None:
        self.canvas.put(y, x - (len(text) - 1) // 2, text, style)

    def _hex_notes(self) -> None:
        """The scenario's texts inside hexes (line 1, or the line above the S corner)."""
        shown = {str(h["id"]) for h in self.hexes}
        for note in self.layer.hex_notes(self.board, self.view, shown):
            h = self.hex_by_id.get(note.hex)
            if h is None or note.hex not in shown:
                continue
            y, x = self.frame.hex_top(h)
            line = self.layout.pitch + 1 if note.bottom else 1
            self._centre(y + line, x, note.text, note.style)

    # -- harbours and routes

    def _harbors(self) -> None:
        for sea, edge, kind in self._harbor_places():
            if sea in self.hexes:
                self._harbor_label(sea, edge, kind)

    def _harbor_places(self) -> list[tuple[Mapping[str, Any], Mapping[str, Any], str]]:
        """(sea hex, edge, type) of every harbour."""
        places = []
        for hb in self.board.get("harbors") or []:
            edge = self.edges.get(str(hb["edge"]))
            if edge is None:
                continue
            sea_ids = [hid for hid in edge["hexes"] if hid != hb["hex"]]
            sea = self.hex_by_id.get(sea_ids[0]) if sea_ids else None
            if sea is not None:
                places.append((sea, edge, str(hb["type"])))
        return places

    def _harbor_label(self, sea: Mapping[str, Any], edge: Mapping[str, Any], kind: str) -> None:
        """Rate and resource inside the sea hex, in the corner nearest the side served."""
        y, x = self.frame.hex_top(sea)
        a, b = (self.frame.node(self.nodes[int(n)]["grid"]) for n in edge["nodes"])
        vertical, east = _side_direction(a, b, y, x, self.layout)
        rate, _, res = theme.harbor_label(kind, self.layout.compact).partition(" ")
        for line, text in zip(_harbor_lines(vertical, self.layout), (rate, res)):
            if text:
                self._aligned(y + line, x, text, east, line, theme.HARBOR_STYLE)
        for py, px, _ in _side_cells(a, b, self.layout, thick=False):
            self.canvas.put(py, px, theme.HARBOR_SIDE, theme.HARBOR_STYLE)

    def _aligned(self, y: int, x: int, text: str, east: int, line: int, style: str) -> None:
        """Write text on a hex line, pushed toward the east (1) or west (-1) side."""
        room = self.layout.text_width(line)
        left = x - (room - 1) // 2
        start = left + room - len(text) if east > 0 else left if east < 0 else x - (len(text) - 1) // 2
        self.canvas.put(y, start, text, style)

    def _edge_marks(self, marks: Sequence[EdgeMark]) -> None:
        """The scenario's marks on paths: drawn before the pieces, which cover them, or
        (``over``) after them, standing on them."""
        for mark in marks:
            self._fill_edge(mark.edge, mark.glyph, mark.style, mark=mark.mark, lone_mark=False, lone=mark.lone)

    def _routes(self) -> None:
        glyphs = {**theme.ROUTE_GLYPH, **self.layer.glyphs}
        for route in self.view.get("routes") or []:
            glyph = glyphs.get(str(route.get("kind")), "?")
            # A second ship on a shared path (E.0.2) takes every other cell of the side.
            owner = route.get("owner")
            self._fill_edge(str(route["edge"]), glyph, f"bold {_owner_color(self.colors, owner)}",
                            mark=theme.owner_mark(self.marks, owner), every_other=bool(route.get("shared")))

    def _fill_edge(self, edge_id: str, glyph: str, style: str, mark: str = "", lone_mark: bool = True,
                   every_other: bool = False, lone: str = "") -> None:
        """Fill a drawn path's side with a glyph, the owner's mark in its middle cell; a
        scenario's mark (``lone_mark`` False) keeps its glyph on a one-cell side, so that it
        never reads as a piece there, or shows ``lone`` there when it gives one.
        ``every_other``: the odd cells only (a second ship)."""
        edge = self.edges.get(edge_id)
        if edge is None:
            return
        a, b = (int(n) for n in edge["nodes"])
        if a not in self.shown_nodes or b not in self.shown_nodes:
            return
        pa, pb = self.frame.node(self.nodes[a]["grid"]), self.frame.node(self.nodes[b]["grid"])
        cells = _side_cells(pa, pb, self.layout, thick=True)
        middle = _middle_cell(cells) if mark and (lone_mark or len(cells) > 1) else -1
        if every_other and middle >= 0 and not middle % 2:
            middle = middle + 1 if middle + 1 < len(cells) else middle - 1
        if lone and len(cells) == 1:
            glyph = lone
        for i, (y, x, _) in enumerate(cells):
            if not every_other or i % 2:
                self.canvas.put(y, x, mark if i == middle else glyph, style)

    # -- nodes

    def _nodes(self) -> None:
        marks = self._node_marks()
        for nid in sorted(self.shown_nodes):
            node = self.nodes.get(nid)
            if node is None:
                continue
            y, x = self.frame.node(node["grid"])
            text, style = marks.get(nid, (str(nid), self._plain_node_style(node)))
            self.canvas.put(y, x - (len(text) - 1) // 2, text, style)

    def _plain_node_style(self, node: Mapping[str, Any]) -> str:
        land = any(self.hex_by_id[h]["terrain"] != "sea" for h in node["hexes"] if h in self.hex_by_id)
        return theme.NODE_STYLE if land else theme.SEA_ID_STYLE

    def _node_marks(self) -> dict[int, tuple[str, str]]:
        """Node id -> (label, style) for nodes carrying something."""
        marks = self.layer.node_marks(self.view, self.colors)
        for b in self.view.get("buildings") or []:
            if b.get("kind") in self.layer.own_buildings:
                continue   # the layer labels these itself, from what its view items say
            kind = str(b.get("kind"))
            mark = theme.owner_mark(self.marks, b.get("owner"))
            # a scenario's node piece has its own glyph (the layer's) before the owner's mark
            special = self.layer.glyphs.get(kind, "") if kind not in ("settlement", "city") else ""
            if not mark:   # a view that names no players: the kind alone
                glyph = theme.CITY if kind == "city" else (special or theme.SETTLEMENT)
            elif kind == "city":
                glyph = mark.upper()
            else:
                glyph = special + mark
            owner = _owner_color(self.colors, b.get("owner"))
            marks[int(b["node"])] = (f"{glyph}{b['node']}", f"bold {owner} reverse")
        return marks

    @staticmethod
    def _edge_id(a: int, b: int) -> str:
        return f"{min(a, b)}-{max(a, b)}"


def _middle_cell(cells: Sequence[tuple[int, int, str]]) -> int:
    """Index of the cell that carries a route's owner mark: the centre of the middle line of
    a thick slope (its cells come as centre, left, right per line), else the middle cell."""
    if len(cells) % 3 == 0 and len(cells) >= 3 and cells[0][0] == cells[1][0]:
        return 3 * (len(cells) // 6)
    return len(cells) // 2


# ---------------------------------------------------------------------------- legend


def _legend_items(view: View, compact: bool, terrains: AbstractSet[str] | None = None) -> list[tuple[str, str]]:
    """The key to the glyphs this view can show, players first; ``terrains``: those on the
    board (None: every known one), whose compact codes the key explains."""
    layer = layer_for(view)
    colors = theme.player_colors(view.get("players") or [])
    players = view.get("players") or []
    marks = theme.owner_marks(players)
    items = [(f"{marks[str(p['name'])]} {p['name']}", f"bold {colors[str(p['name'])]} reverse") for p in players]
    kinds = {str(r.get("kind")) for r in view.get("routes") or []}
    ships = "ship" in kinds or any(int((p.get("pieces") or {}).get("ship", 0)) for p in players)
    mark = next(iter(marks.values()), theme.SETTLEMENT)
    if players:
        items += [(f"{mark}12 settlement", "bold"), (f"{mark.upper()}12 city", "bold")]
    else:
        items += [(f"{theme.SETTLEMENT}12 settlement", "bold"), (f"{theme.CITY}12 city", "bold")]
    routes = ["road"] + (["ship"] if ships else [])
    routes += [k for k in dict.fromkeys(layer.legend_routes(view)) if k not in routes]
    glyphs = {**theme.ROUTE_GLYPH, **layer.glyphs}
    owner = mark if players else ""
    items += [(f"{glyphs.get(k, '?')}{owner}{glyphs.get(k, '?')} {k}", "bold") for k in routes]
    items.append(("*6* *8* busiest numbers", theme.HOT_NUMBER_STYLE))
    if view.get("harbors") or "harbors" not in view:     # a view without the board: say it anyway
        items.append((f"{theme.HARBOR_SIDE} harbour side", theme.HARBOR_STYLE))
    if compact:
        shown = [t for t in theme.TERRAIN_CODE if terrains is None or t in terrains]
        shown += sorted(t for t in terrains or () if t not in theme.TERRAIN_CODE)   # a scenario's own
        items += [(f"{theme.TERRAIN_CODE.get(word, word[:2])} {word}", "dim") for word in shown
                  if word not in ("sea", "?", "unexplored")]   # face-down: the layer says
    if view.get("robber"):
        items.append(key_item(ROBBER, "robber", compact))
    if view.get("pirate"):
        items.append(key_item(PIRATE, "pirate", compact))
    return items + layer.legend_marks(view, compact)


def _wrap_items(items: Iterable[tuple[str, str]], width: int, sep: str = "  ") -> Text:
    """Lay legend items out on lines no wider than width."""
    out = Text(no_wrap=True, overflow="crop")
    used = 0
    for text, style in items:
        for chunk in _split_words(text, width):
            need = len(chunk) + (len(sep) if used else 0)
            if used and used + need > width:
                out.append("\n")
                used = 0
            if used:
                out.append(sep)
                used += len(sep)
            out.append(chunk, style=style)
            used += len(chunk)
    return out


def _split_words(text: str, width: int) -> list[str]:
    """Break one over-long legend item at spaces."""
    if len(text) <= width:
        return [text]
    parts, line = [], ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > width:
            parts.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    parts.append(line)
    return parts


# ---------------------------------------------------------------------------- entry point


def render_runs(board: Board, view: View | None = None, *, region: str | None = None,
                compact: bool = False, width: int = 80) -> list[list[tuple[str, str]]]:
    """The map without its legend as lines of (rich style, text) runs: what a screen that
    is not rich (the full-screen table) converts itself, faster than through a Text."""
    layout = COMPACT if compact else FULL
    chosen = _select_hexes(board, region, layout, width)
    return _Painter(board, view or {}, layout, chosen).paint_canvas().runs()


def render_board(board: Board, view: View | None = None, *, region: str | None = None,
                 compact: bool = False, legend: bool = True, width: int = 80) -> Text:
    """Draw the map with the pieces and tokens of ``view`` as one rich Text.

    ``compact`` draws smaller hexes; ``region`` ("nw", "n", ..., or a hex id to centre on)
    draws only part of the map; ``width`` is the terminal width a hex-id region must fit.
    ``legend`` adds the key to glyphs and scenario notes below the map.
    """
    view = view or {}
    layout = COMPACT if compact else FULL
    chosen = _select_hexes(board, region, layout, width)
    drawing = _Painter(board, view, layout, chosen).paint()
    if not legend:
        return drawing
    key_width = max(60, max((len(line) for line in drawing.plain.split("\n")), default=0))
    out = Text(no_wrap=True, overflow="crop")
    out.append_text(drawing)
    out.append("\n")
    terrains = {str(h["terrain"]) for h in board["hexes"]}
    out.append_text(_wrap_items(_legend_items(view, compact, terrains), key_width))
    for note, style in layer_for(view).notes(view):
        out.append("\n")
        out.append_text(_wrap_items([(note, style)], key_width))
    return out
