"""The interactive game: a prompt_toolkit prompt over a :class:`~catan_cli.session.Session`.

Type a command (``build road 12-13``); the game answers with what happened and the board
redraws, or with one line saying why not.  Tab completes from the commands legal now, the
bottom bar shows turn, dice and scores, and bots play their seats with a short pause.

:class:`Repl.handle` does the work for one line and prints to a rich Console, so the same
object serves a terminal (:meth:`Repl.loop`), piped input (:meth:`Repl.loop_plain`) and tests.
prompt_toolkit and rich are imported only when a REPL starts.
"""

from __future__ import annotations

import contextlib
import signal
import threading
import time
from typing import TYPE_CHECKING, Any, Awaitable, Callable, Iterable, Iterator, TextIO

from . import helptext, saves
from .completion import canonical_words, first_words, next_words, offered, split_typed, word_completer
from .errors import CatanError
from .safetext import clean_lines, clean_text
from .wording import plural

if TYPE_CHECKING:
    from prompt_toolkit.completion import Completer
    from prompt_toolkit.document import Document
    from rich.console import Console, RenderableType

    from .campaigns import CampaignDoor
    from .game import Game
    from .session import Played, Session

PACE = 0.4          # seconds per bot command
FULL_MAP_HEIGHT = 50   # terminals at least this tall get the full-size map by default

# The players' colours of render.theme (Okabe-Ito), as prompt_toolkit reads them.
PROMPT_COLORS = {
    "red": "#d55e00", "blue": "#56b4e9", "white": "#eeeeee", "orange": "#e69f00",
    "green": "#009e73", "brown": "#a6761d", "yellow": "#f0e442", "purple": "#cc79a7",
}
MAP_WORDS = ("compact", "full")
SCORE_MIN_WIDTH = 50   # the score table is never narrower than this
OFFER_KEY = "Enter declines"   # said in the prompt while an offer waits for an answer
LINE_LIMIT = 2000      # a printed line longer than this is cut (a pasted megabyte stays short)


# ---------------------------------------------------------------------------- drawing


def _render() -> Any:
    """The renderer package, or None while it is not there (plain fallbacks are used)."""
    try:
        from . import render
    except ImportError:
        return None
    return render


class Screen:
    """Turns views into rich renderables, through the renderer when it is available."""

    def __init__(self, console: "Console", compact: bool | None = None) -> None:
        self.console = console
        self.compact = compact

    def use_compact(self) -> bool:
        if self.compact is not None:
            return self.compact
        return self.console.size.height < FULL_MAP_HEIGHT

    def board(self, game: "Game", viewer: str | None, region: str | None = None,
              compact: bool | None = None) -> "RenderableType":
        view = game.view(viewer)
        compact = self.use_compact() if compact is None else compact
        r = _render()
        if r is None:
            return _plain_board(view)
        board = game.board_json()
        drawing: RenderableType = r.render_board(board, view, region=region, compact=compact,
                                                 width=self.console.width)
        if not compact and _drawn_width(drawing) > self.console.width:   # would wrap: the smaller one
            drawing = r.render_board(board, view, region=region, compact=True, width=self.console.width)
        return drawing

    def table(self, name: str, view: dict[str, Any], *args: Any) -> "RenderableType":
        r = _render()
        if r is None or not hasattr(r, f"{name}_table"):
            return _plain_table(name, view, *args)
        table: RenderableType = getattr(r, f"{name}_table")(view, *args)
        return table

    def dice(self, totals: list[int]) -> "RenderableType":
        r = _render()
        if r is None:
            from rich.text import Text

            return Text(f"{len(totals)} rolls: " + " ".join(map(str, totals)))
        table: RenderableType = r.dice_table(totals, min(self.console.width, 60))
        return table

    def summary(self, session: "Session") -> "RenderableType":
        """The end of the game: VP by source (hidden cards shown), turns and dice."""
        view = session.game.view(session.viewer())
        r = _render()
        if r is None:
            return self.table("score", view)
        out: RenderableType = r.summary(view, session.dice_totals(), min(self.console.width, 60))
        return out

    def log(self, lines: list[tuple[str | None, str]], limit: int) -> "RenderableType":
        r = _render()
        if r is None:
            from rich.text import Text

            return Text("\n".join(f"{who + ': ' if who else ''}{text}" for who, text in lines[-limit:]))
        table: RenderableType = r.log_table(lines, limit=limit)
        return table

    def main(self, session: "Session") -> "RenderableType":
        """The board, with the viewer's hand and the score beside it as far as they fit."""
        viewer = session.viewer()
        board = self.board(session.game, viewer)
        if not hasattr(board, "plain"):
            return board
        board_w = max((len(line) for line in board.plain.split("\n")), default=0)
        room = self.console.width - board_w - 2
        view = session.game.view(viewer)
        candidates = [self.table("hand", view, viewer)] if viewer is not None else []
        if room >= SCORE_MIN_WIDTH:   # never fits in less: skip measuring it
            candidates.append(self.table("score", view))
        side = [t for t in candidates if self.console.measure(t).maximum <= room]
        return SideBySide(board, board_w, side, room) if side else board


def _offer_waiting(game: Any) -> bool:
    """An offer waits for its answer (False without the bots package, which knows offers)."""
    try:
        from .bots.offers import offer_waiting
    except ImportError:
        return False
    return bool(offer_waiting(game))


def _drawn_width(drawing: Any) -> int:
    """Columns of a drawn map (a rich Text of lines), legend included."""
    plain = getattr(drawing, "plain", "")
    return max((len(line) for line in plain.split("\n")), default=0)


class SideBySide:
    """A drawn board (a rich Text of fixed-width lines) with tables to its right.  Cheaper
    than a grid Table, which would measure and re-wrap every line of the board."""

    def __init__(self, board: Any, board_width: int, side: list[Any], side_width: int) -> None:
        self.board, self.board_width, self.side, self.side_width = board, board_width, side, side_width

    def __rich_console__(self, console: "Console", options: Any) -> Iterator[Any]:
        from rich.console import Group
        from rich.segment import Segment

        left = self.board.split("\n", allow_blank=True)
        right = console.render_lines(Group(*self.side), options.update(width=self.side_width), pad=False)
        newline = Segment.line()
        for i in range(max(len(left), len(right))):
            width = 0
            if i < len(left):
                line = left[i]
                width = line.cell_len
                yield from line.render(console)
            if i < len(right):
                yield Segment(" " * (self.board_width - width + 2))
                yield from right[i]
            yield newline


def _plain_board(view: dict[str, Any]) -> "RenderableType":
    from rich.text import Text

    lines = ["(the map drawing is not available in this build)"]
    lines += [f"{b['kind']} of {b['owner']} on {b['node']}" for b in view.get("buildings", [])]
    lines += [f"{r['kind']} of {r['owner']} on {r['edge']}" for r in view.get("routes", [])]
    return Text("\n".join(lines))


def _plain_table(name: str, view: dict[str, Any], *args: Any) -> "RenderableType":
    from rich.text import Text

    out = []
    for p in view.get("players", []):
        if args and p["name"] != args[0]:
            continue
        hand = p["resources"]
        cards = (", ".join(f"{n} {r}" for r, n in hand.items() if n) or "no cards") if hand is not None \
            else f"{p['resource_count']} cards"
        out.append(f"{p['name']}: {p['vp']} VP, {cards}, {p['dev_count']} development cards")
    if name in ("bank", "status"):
        out = [f"turn {view['turn']}, {view['prompt']}: {view['waiting_for']}",
               "bank: " + ", ".join(f"{n} {r}" for r, n in view["bank"].items()) + f"; deck {view['deck']}"]
    return Text("\n".join(out))


# ---------------------------------------------------------------------------- completion


def _completer_class() -> "Callable[[Repl], Completer]":
    """What makes a REPL's Tab completer: the one word completer (:mod:`.completion`) over
    :meth:`Repl.completions`, shared with the table screens."""
    return lambda repl: word_completer(repl.completions)


# ---------------------------------------------------------------------------- the REPL


class Repl:
    PAUSED = "bots paused: press Enter to let them go on"

    def __init__(self, session: "Session", console: "Console | None" = None, *, pace: float = PACE,
                 compact: bool | None = None, sleep: Callable[[float], None] = time.sleep) -> None:
        if console is None:
            from rich.console import Console

            console = Console(highlight=False)
        self.session = session
        self.console = console
        self.screen = Screen(console, compact)
        self.pace = pace
        self.sleep = sleep
        self._legal_key: tuple[int, int] | None = None
        self._summary_shown = False
        self._board_due = True      # the board is drawn at the start
        self._hint_key: Any = None
        self._hints: dict[int, str] = {}
        self._legal: list[str] = []
        self.confirm: str | None = None   # a save name that 'save' would overwrite: asked y/n
        self._doors: dict[str, CampaignDoor] | None = None   # campaigns' record commands, found once

    # -------------------------------------------------------------- output helpers
    def say(self, text: str, style: str = "") -> None:
        """Print a line (or lines); whatever it quotes is shown escaped (:mod:`.safetext`)."""
        self.console.print(clean_lines(text, LINE_LIMIT), style=style or None, markup=False, highlight=False)

    def error(self, text: str) -> None:
        """One red refusal line: control characters escaped, long text cut."""
        self.console.print(f"✗ {clean_text(text)}", style="bold red", markup=False, highlight=False)

    def _color(self, name: str | None) -> str:
        if name is None:
            return ""
        r = _render()
        if r is None:
            return ""
        players = self.session.game.players
        seat = players.index(name) if name in players else 0
        return str(r.theme.player_color(name, seat))

    def show_events(self, played: "Played", echo: bool = False) -> None:
        """The command (``echo``: a bot's, which nobody typed) and its events, each event in
        the colour of the player it is about."""
        from rich.text import Text

        if echo:
            line = Text()
            line.append(played.seat, style=f"bold {self._color(played.seat)}".strip())
            line.append(f": {clean_text(played.body)}")
            self.console.print(line, highlight=False)
        players = self.session.game.players
        for ev in self.session.narrate(played.events):
            who = players[ev.seat] if 0 <= ev.seat < len(players) else None
            self.console.print(Text(f"  {clean_text(ev.text)}", style=self._color(who) or "grey70"), highlight=False)

    def save_now(self) -> None:
        """Write the autosave a command deferred until its answer was drawn; Ctrl-C waits
        until it is on disk.  A failure is one red line (the game goes on)."""
        with _interrupt_after():
            self.session.flush()
        if self.session.save_problem:
            self.error(self.session.save_problem)
            self.session.save_problem = None

    def draw(self) -> None:
        """The board with hand and score, then the status line.  The line mode draws it when
        asked ('map'), at the start, and after the player's own build or move: never after
        every command, so the narration of the bots' turns is not buried under the map."""
        self._board_due = False
        self.console.print(self.screen.main(self.session))
        self.status_line()

    def status_line(self) -> None:
        game = self.session.game
        if game.over:
            if not self._summary_shown:   # the summary once; after that, one line
                self._summary_shown = True
                self.console.print(self.screen.summary(self.session))
                if self.session.epilogue:          # what comes next (a campaign's next chapter)
                    self.say(self.session.epilogue, "bold")
            self.say(f"Game over: {game.winner or 'nobody'} wins. ('log', 'score', 'dice', 'map' still work; "
                     "'quit' leaves.)", "bold")

    # -------------------------------------------------------------- prompt and toolbar
    def prompt_parts(self) -> tuple[str | None, str]:
        """The prompt as (player, the rest): ``red · build/trade > ``, ``blue must discard 4 > ``."""
        if self.confirm is not None:
            return None, self.overwrite_question(self.confirm)
        game = self.session.game
        if game.over:
            return None, f"game over · {game.winner or 'nobody'} won > "
        waiting = helptext.setup_prompt(game) or game.waiting_for()
        sep = " " if waiting.startswith("must ") else " · "
        if _offer_waiting(game):
            waiting += f" · {OFFER_KEY}"
        return game.prompt_player(), f"{sep}{waiting} > "

    def prompt_plain(self) -> str:
        who, rest = self.prompt_parts()
        return f"{who or ''}{rest}"

    def prompt_message(self) -> Any:
        from prompt_toolkit.formatted_text import FormattedText

        who, rest = self.prompt_parts()
        if who is None:
            return FormattedText([("bold", rest)])
        color = PROMPT_COLORS.get(who, "")
        return FormattedText([(f"bold fg:{color}" if color else "bold", who), ("", rest)])

    def toolbar_text(self, width: int | None = None) -> str:
        """Turn, phase, whose turn, last dice, every player's VP, and a decision another player
        owes (an offer's terms); whole items dropped from the right to fit ``width``."""
        game = self.session.game
        view = game.view(self.session.viewer())
        dice = view["dice"]
        on_turn = view["prompt"] if view["phase"] == "setup" else view["current"]   # set-up: the placer
        phase = "trade/build" if view["phase"] == "main" else view["phase"]     # after the roll
        parts = [f"turn {view['turn']}", phase, f"{on_turn}'s turn"]
        parts.append(f"dice {dice[0]}+{dice[1]}={sum(dice)}" if dice else "no dice yet")
        parts.append("  ".join(f"{p['name']} {p['vp']}" for p in view["players"]) + f" VP (to {view['vp_target']})")
        if not game.over and view["prompt"] != on_turn:
            parts.append(f"{view['prompt']}: {view['waiting_for']}")
        if self.session.autosave:
            parts.append(f"saving to {self.session.save_name}")
        if width is None:
            return " · ".join(parts)
        from .screen.panes import fit_items

        return fit_items(parts, width)

    def _toolbar(self) -> Any:
        """The line mode's bottom toolbar, fitted to the terminal's width now."""
        from prompt_toolkit.application import get_app
        from prompt_toolkit.formatted_text import FormattedText

        return FormattedText([("", " " + self.toolbar_text(get_app().output.get_size().columns - 2))])

    # -------------------------------------------------------------- completion
    def legal(self) -> list[str]:
        game = self.session.game
        key = (id(game), len(game.history))
        if key != self._legal_key:
            self._legal = game.legal_commands()
            self._legal_key = key
        return self._legal

    def node_hints(self) -> dict[int, str]:
        """Intersection -> 'fo 11 · hi *6* · 7 pips': its hexes' terrain and numbers, and how
        many of the 36 dice outcomes pay it (kept while the board stays the same)."""
        game = self.session.game
        board = game.board_json()
        key = tuple((h["terrain"], h.get("number")) for h in board["hexes"])
        if key != self._hint_key:
            r = _render()
            code: dict[str, str] = r.theme.TERRAIN_CODE if r is not None else {}
            hexes = {h["id"]: h for h in board["hexes"]}
            hints = {}
            for node in board["nodes"]:
                land = [hexes[h] for h in node["hexes"] if h in hexes and hexes[h]["terrain"] != "sea"]
                parts = [f"{code.get(h['terrain'], h['terrain'])} {h['number']}" if h.get("number")
                         else code.get(h["terrain"], h["terrain"]) for h in land]
                pips = sum(6 - abs(7 - int(h["number"])) for h in land if h.get("number"))
                hints[int(node["id"])] = " · ".join(parts + [f"{pips} pips"])
            self._hints, self._hint_key = hints, key
        return self._hints

    def hex_hints(self) -> dict[str, str]:
        """Hex id -> 'fo 11 · red, blue' (or 'sea · white'): its terrain and number, and whose
        buildings stand on its corners (ships beside a sea hex), for a menu of hexes."""
        game = self.session.game
        board = game.board_json()
        view = game.view(None)
        r = _render()
        code: dict[str, str] = r.theme.TERRAIN_CODE if r is not None else {}
        owners: dict[int, set[str]] = {}
        for b in view.get("buildings") or []:
            owners.setdefault(int(b["node"]), set()).add(str(b["owner"]))
        edge_nodes = {str(e["id"]): [int(n) for n in e["nodes"]] for e in board["edges"]}
        ships: dict[int, set[str]] = {}
        for route in view.get("routes") or []:
            if "ship" in str(route.get("kind")):
                for n in edge_nodes.get(str(route["edge"]), []):
                    ships.setdefault(n, set()).add(str(route["owner"]))
        hints = {}
        for h in board["hexes"]:
            terrain = code.get(h["terrain"], h["terrain"])
            what = f"{terrain} {h['number']}" if h.get("number") else terrain
            nodes = [int(n) for n in h.get("nodes") or []]
            found = owners if h["terrain"] != "sea" else ships
            there = [p for p in game.players if any(p in found.get(n, ()) for n in nodes)]
            hints[str(h["id"])] = f"{what} · {', '.join(there) if there else 'nobody'}"
        return hints

    def completions(self, text: str) -> list[tuple[str, str]]:
        """(word, note) pairs that may follow ``text``: the next word of a legal command,
        a command name, or an argument of one of the other commands."""
        done, partial = split_typed(text)
        game = self.session.game
        out: dict[str, str] = {}
        if not done:
            out = first_words(self.legal(), "legal now")
            for verb in helptext.META_COMMANDS:
                out.setdefault(verb, "")
            sandbox = game.state.sandbox
            for verb, h in helptext.GAME_VERBS.items():
                if (sandbox or not h.sandbox) and helptext.in_play(verb, game):
                    out.setdefault(verb, "")
            for verb in helptext.scenario_help(game):
                out.setdefault(verb, "")
        else:
            head = done[0].lower()
            if head == "help" and len(done) == 1:
                out = dict.fromkeys([*helptext.GAME_VERBS, *helptext.scenario_help(game),
                                     *helptext.META_COMMANDS, "rules"], "")
            elif head == "load" and len(done) == 1:
                out = dict.fromkeys(saves.names(self.session.saves_folder), "save")
            elif head == "map":
                out = dict.fromkeys([*MAP_WORDS, "n", "s", "e", "w", "nw", "ne", "sw", "se"], "")
            elif head == "hand" and len(done) == 1:
                out = dict.fromkeys(game.players, "")
            else:
                rest = done[1:] if head == "why" else done
                out = next_words(rest, self.legal())
                if canonical_words(rest)[:1] in (["build"], ["put"]) and out and all(w.isdigit() for w in out):
                    hints = self.node_hints()   # an intersection: what it would produce
                    out = {w: hints.get(int(w), m) for w, m in out.items()}
                elif out and all(w.isalpha() and w.isupper() for w in out):
                    places = self.hex_hints()   # the robber's, the pirate's hexes: what stands there
                    if all(w in places for w in out):
                        out = {w: places[w] for w in out}
        return offered(out, partial)

    # -------------------------------------------------------------- lines
    def handle(self, raw: str) -> bool:
        """Do one line of input.  False when the user asked to leave."""
        line = raw.strip()
        if self.confirm is not None:
            name, self.confirm = self.confirm, None
            if line.lower() in ("y", "yes"):
                self.say(f"saved to {self.session.save(name, force=True)}", "green")
            else:
                self.say(f"not saved: the save {name} is left as it was")
            return True
        if not line:
            if self.session.bot_to_move():
                self.after_move()
                return True
            if not _offer_waiting(self.session.game):
                return True
            line = "decline"      # one key: Enter on an empty line declines the offer waiting
        word, _, rest = line.partition(" ")
        verb = helptext.ALIASES.get(word.lower(), word.lower())
        rest = rest.strip()
        door = self.record_door(verb)
        if door is not None:               # a campaign's record, when this game is a chapter of one
            self.show_record(door)
            return True
        if verb in helptext.META_COMMANDS and not (verb in ("bank", "dice") and rest):
            try:
                return self.meta(verb, rest)
            except CatanError as exc:
                self.error(str(exc))
            except OSError as exc:
                self.error(f"{exc.strerror or exc}")
            return True
        before = self._board_key()
        try:
            with _interrupt_after():
                played = self.session.play(line, defer_save=True)
        except CatanError as exc:
            self.error(str(exc))
            return True
        self._board_due = self._board_due or self._board_key() != before   # your own build or move
        try:   # the answer first, then the autosave: the screen does not wait for the disk
            self.show_events(played)
            self.after_move()
        finally:
            self.save_now()
        return True

    def after_move(self) -> None:
        """Let the bots play until a person must answer, then redraw the screen."""
        session = self.session
        try:
            while session.bot_to_move():
                if self.hold_bots():
                    self.say(self.PAUSED)
                    break
                try:
                    with _interrupt_after():
                        played = session.bot_move(defer_save=True)
                except CatanError as exc:
                    self.error(str(exc))
                    break
                try:
                    self.show_events(played, echo=True)
                finally:
                    self.save_now()
                if self.pace > 0 and not session.game.over:
                    self.sleep(self.pace)
        except KeyboardInterrupt:
            self.say(self.PAUSED)
        if self._board_due:
            self.draw()
        else:
            self.status_line()

    def hold_bots(self) -> bool:
        """Whether the bots wait before their next move.  The line mode pauses them with the
        KeyboardInterrupt of Ctrl-C; the table screen, where Ctrl-C is a key, says so here."""
        return False

    def _board_key(self) -> tuple[Any, ...]:
        """What the map shows of the position: a change by the player's own command redraws it."""
        view = self.session.game.view(None)
        return (len(view["buildings"]), len(view["routes"]), view["robber"], view["pirate"],
                tuple(sorted((b["node"], b["kind"]) for b in view["buildings"])))

    def start(self) -> None:
        s = self.session
        for i, text in enumerate(helptext.welcome(s)):   # shared with the table screen
            self.say(text, "bold" if i == 0 else "")
        for _, text in s.log:
            self.say(text)
        self.after_move()

    # -------------------------------------------------------------- meta commands
    def meta(self, verb: str, rest: str) -> bool:
        session, game = self.session, self.session.game

        def view() -> dict[str, Any]:   # built only when a command needs it
            return game.view(session.viewer())

        if verb == "quit":
            return False
        if verb == "help":
            self.help(rest)
        elif verb == "why":
            if not rest:
                raise CatanError("why what? e.g. 'why build city 12'")
            verdict = game.check(rest)
            if verdict.ok:
                self.say(f"✓ {verdict.reason}", "green")
            else:
                self.error(verdict.reason)
        elif verb == "legal":
            self.show_legal()
        elif verb == "hint":
            self.show_hint(rest)
        elif verb == "map":
            words = rest.lower().split()
            compact = None
            if "compact" in words:
                compact = True
            elif "full" in words:
                compact = False
            region = next((w for w in words if w not in MAP_WORDS), None)
            try:
                self.console.print(self.screen.board(game, session.viewer(), region=region, compact=compact))
            except (KeyError, ValueError) as exc:   # the renderer's word on a bad region
                raise CatanError(str(exc).strip("'\"")) from None
        elif verb == "hand":
            name = rest.lower() or session.viewer() or game.prompt_player()
            game.seat(name)
            self.console.print(self.screen.table("hand", view(), name))
        elif verb in ("hands", "score", "status", "bank"):
            self.console.print(self.screen.table(verb, view()))
        elif verb == "dice":
            self.console.print(self.screen.dice(session.dice_totals()))
        elif verb == "log":
            limit = 12
            if rest:
                if not rest.isdigit():
                    raise CatanError("log N: N is a number of lines")
                limit = int(rest)
            self.console.print(self.screen.log(session.log, limit))
        elif verb == "save":
            if session.would_overwrite(rest or None):
                self.confirm = saves.check_name(rest) if rest else session.save_name
                self.say(self.overwrite_question(self.confirm).rstrip())
                return True
            path = session.save(rest or None)
            self.say(f"saved to {path}", "green")
        elif verb == "load":
            if not rest:
                raise CatanError("load which save? ('saves' lists them)")
            session.load(rest)
            self._legal_key = None
            self.say(f"loaded {session.save_name}: {plural(len(session.game.history), 'command')} replayed", "green")
            self._board_due = True
            self.after_move()
        elif verb == "saves":
            self.show_saves()
        elif verb == "undo":
            undone = session.undo()
            self.say(f"undone: {undone}", "yellow")
            self.draw()
        return True

    def record_door(self, word: str) -> "CampaignDoor | None":
        """The campaign whose record command is ``word``: campaigns are found in the scenario
        packages, so their words are not named here."""
        if self._doors is None:
            from .campaigns import campaign_doors

            self._doors = {door.record_word: door for door in campaign_doors().values()}
        return self._doors.get(word)

    def show_record(self, door: "CampaignDoor") -> None:
        """The record of the campaign this game is a chapter of, with the chapter in play
        scored as it stands."""
        session = self.session
        c = door.find_for_save(session.save_name, session.saves_folder)
        table = door.record_in_play(c, session.game) if c is not None else None
        if table is None:
            self.error("this game is not a chapter of a campaign ('catan campaign new NAME --players ...' starts one)")
            return
        self.console.print(table)

    def help(self, rest: str) -> None:
        door = self.record_door(rest.split()[0].lower()) if rest else None
        if door is not None:
            self.say(door.record_word, "bold")
            self.say(door.record_help)
            return
        if rest:
            width = max(20, self.console.width - 1)
            for i, line in enumerate(helptext.verb_help(rest.split()[0], self.session.game, width)):
                self.say(line, "bold" if i == 0 else "")
            return
        from rich.table import Table
        from rich.text import Text

        for title, rows in helptext.overview(self.session.game.state.sandbox, self.session.game):
            table = Table(title=title, title_justify="left", title_style="bold", show_header=False,
                          box=None, padding=(0, 2))
            table.add_column(style="bold", ratio=1)
            table.add_column(ratio=1)
            for syntax, summary in rows:
                table.add_row(Text(syntax), Text(summary))
            self.console.print(table)
        self.say("'help COMMAND' for details; a line may name its player: 'blue: discard 2 ore'.")

    def show_hint(self, rest: str) -> None:
        """The hard bot's best moves for the viewer's decision: nothing is played or saved."""
        if rest:
            raise CatanError("hint takes no words: it answers for your decision now")
        seat = self.session.viewer()
        if seat is None:
            raise CatanError("hint answers for a player's own decision: nobody here is to move")
        for i, line in enumerate(self.session.hint(seat).lines()):
            self.say(line, "bold" if i == 0 else "")

    def show_legal(self) -> None:
        from rich.columns import Columns

        cmds = self.legal()
        if not cmds:
            self.say("no legal commands now" + (" (the game is over)" if self.session.game.over else ""))
            return
        shown = cmds[:120]
        self.console.print(Columns(shown, padding=(0, 3)))
        more = f" (first {len(shown)} shown)" if len(cmds) > len(shown) else ""
        self.say(f"{len(cmds)} legal commands{more}", "dim")

    def show_saves(self) -> None:
        infos = saves.list_saves(self.session.saves_folder)
        if not infos:
            self.say(f"no saves in {saves.saves_dir(self.session.saves_folder)}")
            return
        for info in infos:
            self.say(saves.describe(info))

    # -------------------------------------------------------------- loops
    def loop(self, *, input: Any = None, output: Any = None, history: Any = None) -> None:
        """Run in a terminal with prompt_toolkit (``input``/``output`` for tests).  Ctrl-C
        clears the line; Ctrl-D or 'quit' offers to save, then leaves."""
        from prompt_toolkit import PromptSession
        from prompt_toolkit.history import InMemoryHistory

        prompt: PromptSession[str] = PromptSession(
            history=history if history is not None else _history(),
            completer=_completer_class()(self), complete_while_typing=False,
            bottom_toolbar=self._toolbar,
            input=input, output=output)
        answers: PromptSession[str] = PromptSession(history=InMemoryHistory(), input=input, output=output)
        self.start()
        while True:
            try:
                line = prompt.prompt(self.prompt_message)
            except KeyboardInterrupt:
                continue
            except EOFError:
                line = "quit"
            try:
                if self.handle(line):
                    continue
            except KeyboardInterrupt:
                self.say("interrupted")
                continue
            if self.offer_save(lambda question: answers.prompt(question)):
                return

    def save_question(self) -> str:
        if self.confirm is not None:
            return self.overwrite_question(self.confirm)
        return f"save the game as [{self.session.save_name}]? (Enter: yes, or a name; n: no) "

    def overwrite_question(self, name: str) -> str:
        """The question before a save replaces another game's save."""
        return f"a save named {name} exists (another game): overwrite it? (y/n) "

    def offer_save(self, ask: Callable[[str], str]) -> bool:
        """Leaving: ask for a save name (Enter: the current one; 'n': no save).  False when
        the player changed their mind (Ctrl-C) and goes back to the game."""
        while True:
            try:
                answer: str | None = ask(self.save_question())
            except KeyboardInterrupt:
                answer = None
            except EOFError:
                answer = "n"
            leave = self.answer_save(answer)
            if leave is not None:
                return leave

    def answer_save(self, answer: str | None) -> bool | None:
        """Act on an answer to :meth:`save_question` (None: Ctrl-C).  True: leave; False:
        back to the game; None: ask again (the name was refused)."""
        if answer is None:
            self.confirm = None
            self.say("back to the game")
            return False
        answer = answer.strip()
        if self.confirm is not None:   # the answer to 'overwrite it? (y/n)'
            name, self.confirm = self.confirm, None
            if answer.lower() not in ("y", "yes"):
                return None            # ask for a name again
            self.say(f"saved to {self.session.save(name, force=True)}", "green")
            return True
        if answer.lower() in ("n", "no"):
            self.farewell()
            return True
        try:
            if self.session.would_overwrite(answer or None):
                self.confirm = saves.check_name(answer) if answer else self.session.save_name
                return None
            path = self.session.save(answer or None)
        except CatanError as exc:
            self.error(str(exc))
            return None
        self.say(f"saved to {path}", "green")
        return True

    async def loop_async(self, run: Callable[..., Awaitable[Any]], *, width: Callable[[], int] | None = None) -> None:
        """The REPL inside an asyncio program (one SSH connection): prompts are awaited in the
        current prompt_toolkit app session, and each line is handled by ``run(fn, *args)``,
        e.g. in a worker thread, so that one player's bots never hold up another's prompt.
        ``width`` gives the terminal's width before each command (it may be resized)."""
        from prompt_toolkit import PromptSession
        from prompt_toolkit.history import InMemoryHistory

        prompt: PromptSession[str] = PromptSession(
            history=InMemoryHistory(), completer=_completer_class()(self), complete_while_typing=False,
            bottom_toolbar=self._toolbar)
        answers: PromptSession[str] = PromptSession(history=InMemoryHistory())

        def fit() -> None:
            if width is not None:
                self.console.width = width()

        fit()
        await run(self.start)
        while True:
            try:
                line = await prompt.prompt_async(self.prompt_message)
            except KeyboardInterrupt:
                continue
            except EOFError:
                line = "quit"
            fit()
            if await run(self.handle, line):
                continue
            leave: bool | None = None
            while leave is None:
                try:
                    answer: str | None = await answers.prompt_async(self.save_question())
                except KeyboardInterrupt:
                    answer = None
                except EOFError:
                    answer = "n"
                leave = await run(self.answer_save, answer)
            if leave:
                return

    def farewell(self) -> None:
        """Where the game is, as the REPL ends without a save asked for."""
        self.say(self.session.saved_state())

    def loop_plain(self, lines: Iterable[str], out: TextIO | None = None) -> None:
        """Read commands from a pipe or file, echoing each after its prompt.  Nobody is
        there to answer a question, so leaving does not offer to save (the autosave is)."""
        self.start()
        for raw in lines:
            line = raw.rstrip("\n")
            self.say(f"{self.prompt_plain()}{line}")
            if not self.handle(line):
                break
        self.farewell()


@contextlib.contextmanager
def _interrupt_after() -> Iterator[None]:
    """Hold Ctrl-C back while a command is played and saved, then deliver it: a command is
    never cut in half between the game and its save."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught:
        raise KeyboardInterrupt


def _history() -> Any:
    """Command history in the user's data folder; in memory when that cannot be written."""
    from prompt_toolkit.history import FileHistory, InMemoryHistory

    try:
        import platformdirs

        folder = platformdirs.user_data_path("catan", appauthor=False)
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / "history"
        path.touch(exist_ok=True)
        return FileHistory(str(path))
    except OSError:
        return InMemoryHistory()
