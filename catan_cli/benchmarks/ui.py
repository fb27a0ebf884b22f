"""Timing figures of the terminal client.

    python -m catan_cli.benchmarks.ui            # all three figures
    python -m catan_cli.benchmarks.ui --json

0. table: the full-screen table (catan_cli.screen) on the largest map (The Pirate Islands,
   168 intersections) at 120x45: median time from an accepted command to the screen redrawn
   (the command played, every pane rebuilt and prompt_toolkit's renderer writing the changed
   cells to a terminal output), over the commands of a seeded random game (target <= 10 ms).
1. screen: the line mode's median time from an accepted command to the fully rendered screen
   (engine, events, board and hand drawn into a 100x40 console, toolbar and prompt) on the base
   board, over the commands of a seeded random game; and the time until the REPL is ready for
   the next command, the autosave (written after the screen) included.  The line mode draws
   the board only after the player's own build or move; after the other commands the figure
   adds a board drawing anyway (the worst case, and after those the autosave is counted in
   the screen figure too).
2. version: cold start of ``catan --version`` (a fresh process each time).
3. run: ``catan run`` of a generated 1,000-command file (a fresh process each time).
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any



def random_game_lines(n: int, seed: int, scenario: str = "base",
                      players: str = "red,blue,white,orange") -> tuple[Any, list[str]]:
    """A game of at least ``n`` commands played by uniform random choice."""
    from catan_cli.script import Header, parse_seats

    for s in range(seed, seed + 50):
        header = Header(scenario, parse_seats(players), s)
        game = header.new_game()
        rnd = random.Random(s)
        while len(game.history) < n and not game.over:
            game.execute(rnd.choice(game.legal_commands()))
        if len(game.history) >= n:
            return header, game.history[:n]
    raise SystemExit("no seed gave a long enough random game")


def bench_screen(commands: int, seed: int, autosave: bool) -> dict[str, float]:
    """Per accepted command: the time until the screen is drawn (events, board and hand into
    a 100x40 console, then the toolbar and prompt texts), and until the REPL is ready for
    the next command (the autosave written too: it comes after the screen)."""
    from rich.console import Console

    from catan_cli.repl import Repl
    from catan_cli.session import Session

    header, lines = random_game_lines(commands, seed)
    with tempfile.TemporaryDirectory() as folder:
        out = io.StringIO()
        console = Console(file=out, width=100, height=40, color_system="truecolor", force_terminal=True)
        session = Session.new(header, saves_folder=folder, autosave=autosave)
        repl = Repl(session, console, pace=0.0)
        real_draw = repl.draw
        drawn: list[float] = []

        def timed_draw() -> None:
            real_draw()
            drawn.append(time.perf_counter())

        repl.draw = timed_draw  # type: ignore[method-assign]
        screen, ready = [], []
        for line in lines:
            drawn.clear()
            t0 = time.perf_counter()
            repl.handle(line)
            t_saved = time.perf_counter()
            t1 = time.perf_counter()
            repl.toolbar_text()
            repl.prompt_message()
            bar = time.perf_counter() - t1
            if drawn:
                screen.append(drawn[-1] - t0 + bar)
                ready.append(t_saved - t0 + bar)
            else:   # the line mode drew no board (not your own build): draw one anyway, the worst case
                t2 = time.perf_counter()
                real_draw()
                board = time.perf_counter() - t2
                screen.append(t_saved - t0 + board + bar)
                ready.append(t_saved - t0 + board + bar)
            out.seek(0)
            out.truncate()
    screen.sort()
    ready.sort()
    return {"commands": len(screen), "median_ms": statistics.median(screen) * 1000,
            "p90_ms": screen[int(len(screen) * 0.9)] * 1000, "max_ms": screen[-1] * 1000,
            "ready_median_ms": statistics.median(ready) * 1000}


def bench_table(commands: int, seed: int, width: int = 120, height: int = 45,
                scenario: str = "pirate-islands") -> dict[str, float]:
    """Per accepted command: play it through the table's repl, then redraw the whole screen
    (all panes and prompt_toolkit's diffing renderer into a VT100 output of width x height)."""
    from prompt_toolkit.application.current import set_app
    from prompt_toolkit.data_structures import Size
    from prompt_toolkit.history import InMemoryHistory
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output.vt100 import Vt100_Output

    from catan_cli.screen import TableScreen
    from catan_cli.session import Session

    header, lines = random_game_lines(commands, seed, scenario, "red,blue,white")
    sink = io.StringIO()
    output = Vt100_Output(sink, lambda: Size(rows=height, columns=width), term="xterm-256color")
    times: list[float] = []
    played: list[float] = []
    cpu: list[float] = []   # this process's CPU time: the wall time on a busy machine includes waiting
    keys: list[float] = []  # CPU time of a redraw after a keystroke (no command played)
    with tempfile.TemporaryDirectory() as folder, create_pipe_input() as pipe:
        session = Session.new(header, saves_folder=folder, autosave=False)
        table = TableScreen(session, pace=0.0, input=pipe, output=output, history=InMemoryHistory())
        app = table.app

        async def play() -> None:   # the buffer's history loads in a task: an event loop must run
            with set_app(app):
                app.renderer.render(app, app.layout)
                for line in lines:
                    t0, c0 = time.perf_counter(), time.process_time()
                    table._handle(line)
                    t1 = time.perf_counter()
                    app.renderer.render(app, app.layout)
                    output.flush()
                    times.append(time.perf_counter() - t0)
                    cpu.append(time.process_time() - c0)
                    played.append(t1 - t0)
                    c1 = time.process_time()              # a keystroke: the same position again
                    table.buffer.insert_text("x")
                    app.renderer.render(app, app.layout)
                    table.buffer.reset()
                    keys.append(time.process_time() - c1)
                    sink.seek(0)
                    sink.truncate()

        asyncio.run(play())
    times.sort()
    return {"commands": len(times), "median_ms": statistics.median(times) * 1000,
            "p90_ms": times[int(len(times) * 0.9)] * 1000, "max_ms": times[-1] * 1000,
            "command_median_ms": statistics.median(played) * 1000, "cpu_median_ms": statistics.median(cpu) * 1000,
            "keystroke_cpu_median_ms": statistics.median(keys) * 1000}


def catan_command() -> list[str]:
    exe = shutil.which("catan")
    return [exe] if exe else [sys.executable, "-m", "catan_cli"]


def timed_runs(cmd: list[str], runs: int) -> dict[str, float]:
    subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True)   # warm the file cache
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - t0)
    times.sort()
    return {"runs": runs, "median_ms": statistics.median(times) * 1000, "min_ms": times[0] * 1000,
            "max_ms": times[-1] * 1000}


def bench_run(commands: int, seed: int, runs: int) -> dict[str, float]:
    from catan_cli.script import file_text

    header, lines = random_game_lines(commands, seed)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "long.catan"
        path.write_text(file_text(header, lines))
        result = timed_runs(catan_command() + ["run", str(path)], runs)
    result["commands"] = len(lines)
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--screen-commands", type=int, default=300)
    ap.add_argument("--runs", type=int, default=20, help="fresh processes per start-up figure")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--table-only", action="store_true", help="only the full-screen table figure")
    args = ap.parse_args()
    if args.table_only:
        t = bench_table(args.screen_commands, args.seed)
        print(json.dumps(t, indent=2) if args.json else
              f"table screen (pirate-islands, 120x45): accepted command -> screen redrawn: median "
              f"{t['median_ms']:.1f} ms, p90 {t['p90_ms']:.1f} ms, max {t['max_ms']:.1f} ms over {t['commands']} commands "
              f"(CPU time median {t['cpu_median_ms']:.1f} ms; playing the command and its narration: "
              f"median {t['command_median_ms']:.1f} ms; a keystroke's redraw: CPU time median "
              f"{t['keystroke_cpu_median_ms']:.1f} ms)")
        return
    figures: dict[str, Any] = {
        "table": bench_table(args.screen_commands, args.seed),
        "screen": bench_screen(args.screen_commands, args.seed, autosave=True),
        "screen_no_autosave": bench_screen(args.screen_commands, args.seed, autosave=False),
        "version": timed_runs(catan_command() + ["--version"], args.runs),
        "run_1000": bench_run(1000, args.seed, max(3, args.runs // 4)),
    }
    figures["command"] = " ".join(catan_command())
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    s, v, r, t = figures["screen"], figures["version"], figures["run_1000"], figures["table"]
    print(f"table screen (pirate-islands, 120x45): accepted command -> screen redrawn: median {t['median_ms']:.1f} ms, "
          f"p90 {t['p90_ms']:.1f} ms, max {t['max_ms']:.1f} ms over {t['commands']} commands")
    print(f"accepted command -> rendered screen (base, 100x40, board+hand+toolbar): median {s['median_ms']:.1f} ms, "
          f"p90 {s['p90_ms']:.1f} ms over {s['commands']} commands; ready for the next command with the "
          f"autosave written: median {s['ready_median_ms']:.1f} ms "
          f"(autosave off: screen median {figures['screen_no_autosave']['median_ms']:.1f} ms)")
    print(f"catan --version cold start: median {v['median_ms']:.0f} ms (min {v['min_ms']:.0f}, "
          f"max {v['max_ms']:.0f}) over {v['runs']} runs of {figures['command']}")
    print(f"catan run of a {r['commands']}-command file: median {r['median_ms']:.0f} ms "
          f"(min {r['min_ms']:.0f}, max {r['max_ms']:.0f}) over {r['runs']} runs")


if __name__ == "__main__":
    main()
