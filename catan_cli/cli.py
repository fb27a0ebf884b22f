"""The ``catan`` command: play, run command files, show saves, list saves and scenarios,
simulate, soak, serve over SSH.

Start-up is kept short: typer is imported only past ``--version``, and rich, prompt_toolkit
and the rules engine only inside the command that needs them.  Every error a user can cause
ends as one line on stderr and a meaningful exit status (see :data:`EXIT_CODES`), never a
traceback.
"""

import os
import re
import sys
from typing import Any, NoReturn

VERSION_FLAGS = ("--version", "-V")

EXIT_OK = 0           # done
EXIT_FAILED = 1       # a command file failed: an illegal command, an 'expect' line, a digest
EXIT_USAGE = 2        # a usage error: unknown option, bad value (typer's own, and ours)
EXIT_FILE = 3         # a file that cannot be used: missing, unreadable, damaged, not writable
EXIT_INTERRUPTED = 130
EXIT_CODES = {
    EXIT_OK: "done",
    EXIT_FAILED: "a command file failed: an illegal command, an 'expect' line, a digest; or a game "
                 "stopped by an error of its own; or a soak found a violation",
    EXIT_USAGE: "usage: unknown option or command, bad value (scenario, players, save name)",
    EXIT_FILE: "a file cannot be used: missing, unreadable, damaged, not a save, not writable",
    EXIT_INTERRUPTED: "interrupted (Ctrl-C)",
}
#: the seats a game or campaign is played by (play, campaign new)
SEATS_HELP = ("comma-separated: NAME (a person), NAME:bot (greedy), NAME:bot:LEVEL with LEVEL easy, "
              "medium (greedy) or hard (the searching bot), or NAME:bot:random.")
#: without --players: you (red) against two greedy bots, the smallest table every scenario
#: takes; --hotseat seats three people at one keyboard instead
DEFAULT_SEATS = "red,blue:bot,white:bot"
HOTSEAT_SEATS = "red,blue,white"
EPILOG = "\b\nExit status:\n" + "\n".join(f"  {code:<3} {text}" for code, text in EXIT_CODES.items())


def _version() -> str:
    """The version and which build runs (``compiled`` or ``pure``)."""
    from . import __version__, build

    return f"{__version__} ({build()})"


def _fail(message: str, code: int = EXIT_FAILED) -> NoReturn:
    import typer

    from .safetext import clean_text

    typer.echo(f"catan: {clean_text(message)}", err=True)
    raise typer.Exit(code)


def exit_code(exc: Exception) -> int:
    """The exit status for an error: a file at fault (3), a failing command file (1), or
    anything else the user gave us (2)."""
    from .errors import SaveError
    from .saves import SaveNameError
    from .script import ScriptError

    if isinstance(exc, SaveNameError):
        return EXIT_USAGE
    if isinstance(exc, SaveError):
        return EXIT_FILE
    if isinstance(exc, ScriptError):
        return EXIT_FAILED
    return EXIT_USAGE


def _no_color(flag: bool) -> None:
    """--no-color: rich and prompt_toolkit both honour NO_COLOR."""
    if flag:
        os.environ["NO_COLOR"] = "1"


def usage_line(exc: Any) -> str:
    """A click usage error as one line: 'no such command 'frob' (did you mean ...?)', with
    where to look ('catan play --help')."""
    from .suggest import did_you_mean

    message = " ".join(str(exc.format_message()).split()).rstrip(".")
    message = message[:1].lower() + message[1:]
    message = re.sub(r"\. Did you mean (.*)\?$", r" (did you mean \1?)", message)
    ctx = getattr(exc, "ctx", None)
    if ctx is not None and message.startswith("no such command") and "did you mean" not in message.lower():
        word = message.split("'")[1] if message.count("'") >= 2 else ""
        message += did_you_mean(word, getattr(ctx.command, "commands", {}) or {})
    sub = ctx.command_path.partition(" ")[2] if ctx is not None else ""   # the program may be called anything
    where = f"catan {sub} --help" if sub else "catan --help"
    return f"{message}; see '{where}'"


def _one_line_group() -> type:
    """typer's command group, with every usage error as one 'catan: ...' line and status 2
    instead of click's usage block (and other click errors as one line too)."""
    import importlib

    import typer
    from typer.core import TyperGroup

    try:   # recent typer carries its own copy of click
        errors: Any = importlib.import_module("typer._click.exceptions")
    except ImportError:
        errors = importlib.import_module("click.exceptions")

    def echo(line: str) -> None:
        sys.stderr.write(line + "\n")
        sys.stderr.flush()

    from .safetext import clean_text

    class OneLineGroup(TyperGroup):
        def main(self, args: Any = None, prog_name: Any = None, complete_var: Any = None,
                 standalone_mode: bool = True, windows_expand_args: bool = True, **extra: Any) -> Any:
            try:
                result = super().main(args, prog_name, complete_var, standalone_mode=False,
                                      windows_expand_args=windows_expand_args, **extra)
            except errors.UsageError as exc:
                echo(f"catan: {clean_text(usage_line(exc))}")
                sys.exit(EXIT_USAGE)
            except errors.ClickException as exc:
                echo(f"catan: {clean_text(exc.format_message())}")
                sys.exit(exc.exit_code)
            except typer.Exit as exc:
                sys.exit(exc.exit_code)
            except typer.Abort:
                echo("catan: interrupted")
                sys.exit(EXIT_INTERRUPTED)
            if not standalone_mode:
                return result
            sys.exit(result if isinstance(result, int) else EXIT_OK)

    return OneLineGroup


def build_app() -> Any:
    import typer

    app = typer.Typer(add_completion=False, no_args_is_help=False, rich_markup_mode=None,
                      pretty_exceptions_enable=False, epilog=EPILOG, cls=_one_line_group(),
                      help="A terminal Catan client: play, replay command files, simulate bot games.")

    def version_cb(value: bool) -> None:
        if value:
            typer.echo(f"catan {_version()}")
            raise typer.Exit()

    def cluster_option() -> Any:
        return typer.Option(None, "--cluster", metavar="ADDRESS",
                            help="Run on Ray: 'ray' (a Ray started here), 'auto' or ray://HOST:PORT (an "
                                 "existing cluster); needs pip install \".[cluster]\".")

    def version_option() -> Any:
        return typer.Option(False, "--version", "-V", callback=version_cb, is_eager=True,
                            help="Print the version and exit.")

    def no_color_option() -> Any:
        return typer.Option(False, "--no-color", "--no-colour", help="No colour (as with NO_COLOR=1).")

    def hotseat_option() -> Any:
        return typer.Option(False, "--hotseat", help=f"People only, at one keyboard ({HOTSEAT_SEATS}, "
                                                      "or the people --players names).")

    def line_option() -> Any:
        return typer.Option(False, "--line", help="Line mode: no full-screen table (pipes, TERM=dumb "
                                                  "and screen readers get it anyway).")

    def saves_option() -> Any:
        return typer.Option(None, "--saves", help="Saves folder (default $CATAN_SAVES or ./saves).")

    @app.callback(invoke_without_command=True, epilog=EPILOG)
    def root(ctx: typer.Context, version: bool = version_option()) -> None:
        """A terminal Catan client. 'catan' alone, or 'catan play', starts a game."""
        if ctx.invoked_subcommand is None:
            ctx.invoke(ctx.command.get_command(ctx, "play"))   # type: ignore[attr-defined]

    @app.command(epilog=EPILOG)
    def play(
        scenario: str = typer.Option("base", "--scenario", "-s", help="Scenario key ('catan scenarios')."),
        players: str = typer.Option(None, "--players", "-p",
                                    help=f"Seats (default {DEFAULT_SEATS}: you against two bots), " + SEATS_HELP),
        hotseat: bool = hotseat_option(),
        seed: int = typer.Option(None, "--seed", help="Seed for board, dice and deck (random if left out)."),
        sandbox: bool = typer.Option(False, "--sandbox", help="Allow set-up commands (dice, give, put, turn ...)."),
        option: list[str] = typer.Option([], "--option", "-o", help="Scenario option, e.g. variable (repeatable)."),
        load: str = typer.Option(None, "--load", "-l", help="Resume a saved game by name or path."),
        save: str = typer.Option(None, "--save",
                                 help="Autosave under this name (default: the first free autosave-N)."),
        force: bool = typer.Option(False, "--force", help="With --save: overwrite a save of that name."),
        saves_dir: str = saves_option(),
        no_autosave: bool = typer.Option(False, "--no-autosave", help="Do not save after every command."),
        fast: bool = typer.Option(False, "--fast", help="No pause between bot commands."),
        think: int = typer.Option(None, "--think", metavar="MS",
                                  help="The hard (searching) bot's thinking time per decision in ms (default 1000)."),
        no_hints: bool = typer.Option(False, "--no-hints", help="Turn the 'hint' command off for this game."),
        compact: bool = typer.Option(None, "--compact/--full", help="Map size (default: by terminal height)."),
        line: bool = line_option(),
        no_color: bool = no_color_option(),
        version: bool = version_option(),
    ) -> None:
        """Play a game in the terminal: you (red) against two bots, or as --players says;
        --hotseat for people only at one keyboard."""
        from .errors import CatanError

        _no_color(no_color)
        if think is not None and think < 1:
            _fail("--think must be at least 1 ms", EXIT_USAGE)
        try:
            seats = table_seats(players, hotseat)
            if save and not load and not force:
                _refuse_overwrite(save, saves_dir, "--load NAME resumes it, --force overwrites it")
            session = _start_session(scenario, seats, seed, sandbox, option, load, save, saves_dir,
                                     not no_autosave, force, think_ms=think, hints=not no_hints)
        except CatanError as exc:
            _fail(str(exc), exit_code(exc))
        _play_session(session, fast, compact, line)

    @app.command(epilog=EPILOG)
    def run(
        file: str = typer.Argument(..., metavar="FILE", help="A command file (or a save)."),
        quiet: bool = typer.Option(False, "--quiet", "-q", help="Print only the result, not every command."),
        as_json: bool = typer.Option(False, "--json", help="Print the final position as JSON (Game.to_json())."),
        keep_going: bool = typer.Option(False, "--keep-going", "-k",
                                        help="Report every failing line instead of stopping at the first."),
        board: bool = typer.Option(False, "--board", "-b", help="Draw the final position's map."),
        sandbox: bool = typer.Option(None, "--sandbox/--no-sandbox", help="Override the file's sandbox header."),
        save: str = typer.Option(None, "--save", help="Save the final position under this name."),
        force: bool = typer.Option(False, "--force", help="With --save: overwrite a save of that name."),
        saves_dir: str = saves_option(),
        no_color: bool = no_color_option(),
        version: bool = version_option(),
    ) -> None:
        """Play a command file and print what happens: its commands and their events, its
        'expect' lines and digests checked.  The first failing line stops the run with
        FILE:LINE: reason and exit status 1 (--keep-going: every failing line is reported)."""
        from .errors import CatanError
        from .saves import check_name
        from .script import read_file
        from .safetext import clean_text
        from .script import run as run_file
        from .wording import plural

        _no_color(no_color)
        out: list[str] = []

        def report(line: str, events: list[Any]) -> None:
            out.append(clean_text(line))
            out.extend(f"  {clean_text(ev.text)}" for ev in events)
            if len(out) > 200:
                flush()

        def flush() -> None:
            if out:
                sys.stdout.write("\n".join(out) + "\n")
                out.clear()

        try:
            if save:
                check_name(save)
                if not force:
                    _refuse_overwrite(save, saves_dir, "add --force to overwrite it")
            cf = read_file(file)
            result = run_file(cf, sandbox=sandbox, keep_going=keep_going,
                              on_command=None if quiet or as_json else report)
        except CatanError as exc:
            flush()
            _fail(str(exc), exit_code(exc))
        flush()
        game = result.game
        if as_json:
            import json

            typer.echo(json.dumps(game.to_json(), indent=2))
        else:
            checks = f", {plural(result.expectations, 'expectation')}" if result.expectations else ""
            checks += f", {plural(result.digests, 'digest')}" if result.digests else ""
            verdict = "ok" if result.ok else plural(len(result.failures), "failing line")
            typer.echo(f"{clean_text(file)}: {plural(result.commands, 'command')}{checks}: {verdict}")
            state = f"{game.winner} has won" if game.over else f"{game.prompt_player()}: {game.waiting_for()}"
            typer.echo(f"turn {game.state.turn}, {state}; digest {game.digest()}")
            if board:
                from rich.console import Console

                from .repl import Screen

                console = Console(highlight=False)
                console.print(Screen(console).board(game, None))
        if save:
            from .saves import save_game

            try:
                path = save_game(game, cf.header, save, saves_dir, overwrite=force)
            except CatanError as exc:
                _fail(str(exc), exit_code(exc))
            typer.echo(f"saved to {clean_text(str(path))}", err=as_json)
        for failure in result.failures:
            typer.echo(f"catan: {clean_text(failure.message)}", err=True)
        if result.failures:
            raise typer.Exit(EXIT_FAILED)

    @app.command(epilog=EPILOG)
    def show(
        save: str = typer.Argument(..., metavar="SAVE", help="A save's name (in the saves folder) or a path."),
        saves_dir: str = saves_option(),
        compact: bool = typer.Option(None, "--compact/--full",
                                     help="Map size (default: full when it fits the terminal's width)."),
        no_color: bool = no_color_option(),
        version: bool = version_option(),
    ) -> None:
        """Draw the final position of a save: the map, the score and whose move it is."""
        from rich.console import Console

        from .errors import CatanError
        from .repl import Screen
        from .safetext import clean_text
        from .saves import load_game
        from .wording import plural

        _no_color(no_color)
        try:
            loaded = load_game(save, saves_dir)
        except CatanError as exc:
            _fail(str(exc), exit_code(exc))
        game, header = loaded.game, loaded.header
        console = Console(highlight=False)
        screen = Screen(console, compact if compact is not None else False)   # full when it fits the width
        seats = ", ".join(seat.spec() for seat in header.seats)
        console.print(clean_text(f"{loaded.name}: {header.scenario} · {seats} · seed {header.seed}"
                                 f"{' · sandbox' if header.sandbox else ''} · "
                                 f"{plural(len(game.history), 'command')}"), style="bold", markup=False)
        state = f"{game.winner} has won" if game.over else f"{game.prompt_player()}: {game.waiting_for()}"
        console.print(f"turn {game.state.turn}, {state}; digest {game.digest()}", markup=False)
        console.print(screen.board(game, None))
        console.print(screen.table("score", game.view(None)))

    @app.command(epilog=EPILOG)
    def serve(
        port: int = typer.Option(8022, "--port", help="TCP port to listen on (0: any free port)."),
        host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on (0.0.0.0: every interface)."),
        authorized_keys: str = typer.Option(None, "--authorized-keys", metavar="FILE",
                                            help="Players' public keys, OpenSSH format; each key's comment "
                                                 "is its player's name."),
        users: str = typer.Option(None, "--users", metavar="FILE",
                                  help="Names for keys instead of their comments: lines 'NAME SHA256:...'."),
        password_file: str = typer.Option(None, "--password-file", metavar="FILE",
                                          help="Lines 'NAME:PASSWORD' (mode 600)."),
        open_: bool = typer.Option(False, "--open", help="No login at all, the SSH user name is the player "
                                                         "(127.0.0.1 only)."),
        host_key: str = typer.Option(None, "--host-key",
                                     help="Host key file (default: generated, mode 600, in the user data folder)."),
        scenario: str = typer.Option("base", "--scenario", "-s", help="Scenario of new tables."),
        players: str = typer.Option("red,blue,white", "--players", "-p", help="Seats of new tables."),
        seed: int = typer.Option(None, "--seed", help="Seed of the first new table, counting up, for tests "
                                                      "and demonstrations (left out: each table's own secret "
                                                      "seed)."),
        option: list[str] = typer.Option([], "--option", "-o", help="Scenario option (repeatable)."),
        saves_dir: str = saves_option(),
        takeover: float = typer.Option(None, "--takeover", metavar="SECONDS", min=0,
                                       help="A bot plays a dropped player's seat after this long (default: never)."),
        idle_timeout: float = typer.Option(600, "--idle-timeout", metavar="SECONDS", min=1,
                                           help="Close lobby connections silent this long."),
        max_connections: int = typer.Option(200, "--max-connections", min=1, help="Connections in all."),
        max_per_address: int = typer.Option(8, "--max-per-address", min=1, help="Connections from one address."),
        login_timeout: float = typer.Option(10, "--login-timeout", metavar="SECONDS", min=1,
                                            help="Close connections not logged in within this long."),
        max_logins: int = typer.Option(32, "--max-logins", min=1,
                                       help="Connections still logging in, in all (apart from --max-connections)."),
        max_logins_per_address: int = typer.Option(4, "--max-logins-per-address", min=1,
                                                   help="Connections still logging in, from one address."),
        lockout_after: int = typer.Option(10, "--lockout-after", metavar="FAILURES", min=1,
                                          help="Failed password logins (by address or user) that lock password "
                                               "logins ..."),
        lockout_window: float = typer.Option(300, "--lockout-window", metavar="SECONDS", min=1,
                                             help="... counted over this long."),
        fast: bool = typer.Option(False, "--fast", help="No pause between bot commands."),
        line_screen: bool = typer.Option(False, "--line-screen",
                                         help="Seated players get the line screen, not the full-screen table "
                                              "(each may still type 'screen table')."),
        no_color: bool = no_color_option(),
        version: bool = version_option(),
    ) -> None:
        """Serve tables over SSH: friends log in with their keys, sit at one table and play.

        \b
        Set-up on the machine that hosts:
          1. collect your friends' public keys (~/.ssh/id_ed25519.pub) in one file, each
             ending with its player's name:  ssh-ed25519 AAAA... alice
          2. catan serve --host 0.0.0.0 --authorized-keys players.keys
        Each friend then runs:  ssh -t -p 8022 HOST            (the lobby)
                           or:  ssh -t -p 8022 HOST join friday (straight to table friday)
        Tables are autosaved in the saves folder and reopened when the server restarts.
        A seated player on a terminal of 80x24 or more gets the full-screen table (map,
        panel, events, prompt with Tab completion); smaller terminals, 'ssh' without -t and
        '--line-screen' get the line screen ('screen line' / 'screen table' switch).
        """
        import asyncio
        from pathlib import Path

        from .errors import CatanError
        from .repl import PACE

        _no_color(no_color)
        try:
            from . import server as ssh
            from .server import auth
        except ImportError as exc:
            _fail(f"catan serve needs asyncssh ({exc}): pip install asyncssh")
        try:   # the options must start a game before anyone connects
            _start_session(scenario, players, seed, False, option, None, None, saves_dir, False)
            accounts = auth.load(Path(authorized_keys) if authorized_keys else None, Path(users) if users else None,
                                 Path(password_file) if password_file else None, open_, host)
        except CatanError as exc:
            _fail(str(exc), exit_code(exc))
        limits = ssh.Limits(idle_timeout=idle_timeout, per_address=max_per_address, total=max_connections,
                            takeover=takeover, login_timeout=login_timeout, prelogin_total=max_logins,
                            prelogin_per_address=max_logins_per_address, lockout_after=lockout_after,
                            lockout_window=lockout_window)
        hub = ssh.Hub(saves_dir, limits, pace=0.0 if fast else PACE,
                      defaults=ssh.Defaults(scenario, players, seed, list(option)), table_screen=not line_screen)

        def ready(bound: int, notes: list[str]) -> None:
            for note in notes:
                typer.echo(f"catan serve: {note}", err=True)
            how = "anyone may log in (--open)" if accounts.open else "log in with a key or password"
            typer.echo(f"catan serve: listening on {host}:{bound}; {how}; connect with: ssh -t -p {bound} {host}")
            sys.stdout.flush()

        try:
            asyncio.run(ssh.serve(hub, accounts, host, port, Path(host_key) if host_key else None, ready))
            typer.echo("catan serve: stopped")           # SIGTERM or SIGHUP: tables saved
        except KeyboardInterrupt:
            typer.echo("catan serve: stopped")
            raise typer.Exit(EXIT_INTERRUPTED) from None     # as the exit-status table says
        except CatanError as exc:
            _fail(str(exc), exit_code(exc))
        except OSError as exc:
            _fail(f"cannot serve on {host}:{port}: {exc.strerror or exc}", EXIT_USAGE)

    @app.command("saves", epilog=EPILOG)
    def list_saves(saves_dir: str = saves_option(), version: bool = version_option()) -> None:
        """List the saved games."""
        from .safetext import clean_text
        from .saves import describe, list_saves as _list, saves_dir as _dir

        infos = _list(saves_dir)
        if not infos:
            typer.echo(clean_text(f"no saves in {_dir(saves_dir)}"))
            return
        for info in infos:
            typer.echo(describe(info))

    @app.command(epilog=EPILOG)
    def campaign(
        what: str = typer.Argument(..., help="'new NAME', 'show NAME', or NAME to resume the campaign."),
        name: str = typer.Argument(None, help="The campaign's name (after 'new' or 'show')."),
        players: str = typer.Option(None, "--players", "-p",
                                    help=f"Seats for 'new' (default {DEFAULT_SEATS}), " + SEATS_HELP),
        hotseat: bool = hotseat_option(),
        seed: int = typer.Option(None, "--seed", help="Seed of Chapter 1 for 'new' (random if left out)."),
        as_json: bool = typer.Option(False, "--json", help="'show': print the campaign's record as JSON."),
        kind: str = typer.Option(None, "--kind", help="Which campaign (default: the only one there is: legend)."),
        saves_dir: str = saves_option(),
        fast: bool = typer.Option(False, "--fast", help="No pause between bot commands."),
        compact: bool = typer.Option(None, "--compact/--full", help="Map size (default: by terminal height)."),
        line: bool = line_option(),
        no_color: bool = no_color_option(),
        version: bool = version_option(),
    ) -> None:
        """A campaign (the Legend of the Sea Robbers): chapters played in turn, each scored in its
        record.  It plays on the table screen like 'catan play' (--line, pipes, TERM=dumb: line mode)."""
        import json

        from .campaigns import campaign_door, catch_up, chapter_saved, ending_text, recorded_text
        from .errors import CatanError

        _no_color(no_color)
        try:
            door = campaign_door(kind)
            if what in ("new", "show") and not name:
                raise CatanError(f"'catan campaign {what} NAME': name the campaign")
            if what == "show":
                c = door.load(name, saves_dir)
                try:
                    catch_up(door, c, saves_dir)      # a chapter won and left is recorded at once
                except CatanError as exc:             # the record stands without it
                    from .safetext import clean_text

                    typer.echo(f"catan: the chapter in play is not recorded: {clean_text(str(exc))}", err=True)
                if as_json:
                    typer.echo(json.dumps(door.record_json(c), indent=1, sort_keys=True))
                else:
                    from rich.console import Console

                    Console().print(door.record_table(c))
                return
            fresh = False
            if what == "new":
                import random

                c = door.new(name, table_seats(players, hotseat), seed if seed is not None
                             else random.SystemRandom().randrange(1, 1_000_000), saves_dir)
                fresh = True
            else:
                c = door.load(what, saves_dir)
                if catch_up(door, c, saves_dir):
                    from rich.console import Console

                    Console().print(door.record_table(c))
                    done = door.finished_text(c)
                    if done is not None:
                        typer.echo(done)
                        return
                    fresh = True
            missing = not chapter_saved(door, c, saves_dir)
            session = _campaign_session(door, c, saves_dir)
            if missing and not fresh:    # never played, or its save removed: not a dead end
                session.log.append((None, f"{door.save_name(c)} holds no game yet: the chapter starts "
                                          "from its beginning"))
            session.epilogue = ending_text(door, c)
            after = door.next_chapter(c)
        except CatanError as exc:
            _fail(str(exc), exit_code(exc))
        _play_session(session, fast, compact, line)
        try:                                          # a chapter ended in this session: record it now
            if catch_up(door, c, saves_dir):
                from rich.console import Console

                Console().print(door.record_table(c))
                typer.echo(door.finished_text(c) or recorded_text(c, after))
        except CatanError as exc:
            _fail(str(exc), exit_code(exc))

    @app.command(epilog=EPILOG)
    def scenarios(version: bool = version_option()) -> None:
        """List the scenarios."""
        from .engine.scenario import available_scenarios, load_scenario
        from .errors import CatanError
        from .safetext import clean_text

        for key in available_scenarios():
            try:
                scen = load_scenario(key)
            except CatanError as exc:
                typer.echo(f"{key:18} (cannot be read: {clean_text(str(exc))})")
                continue
            opts = f" [options: {', '.join(scen.options)}]" if scen.options else ""
            typer.echo(f"{key:18} {scen.seat_counts('-') + ' players':12} {scen.summary}{opts}")

    @app.command(epilog=EPILOG)
    def simulate(
        scenario: str = typer.Option("base", "--scenario", "-s", help="Scenario key."),
        players: int = typer.Option(4, "--players", "-p", help="Number of seats."),
        bots: str = typer.Option("greedy,random,random,random", "--bots",
                                 help="Bot kind per seat, comma-separated (one kind fills every seat): "
                                      "random, easy, greedy (medium), search (hard)."),
        rotate: bool = typer.Option(False, "--rotate",
                                    help="Play every seating of the listed bots in turn (compares bots, not seats)."),
        think: int = typer.Option(1000, "--think", metavar="MS", help="The searching bot's time per decision in ms."),
        games: int = typer.Option(100, "--games", "-n", help="How many games."),
        seed: int = typer.Option(0, "--seed", help="Seed of the first game."),
        jobs: int = typer.Option(1, "--jobs", "-j", help="Worker processes (with --cluster ray: its CPUs)."),
        cluster: str = cluster_option(),
        check: bool = typer.Option(False, "--check", help="Check the engine's invariants after every command."),
        as_json: bool = typer.Option(False, "--json", help="Print the result as JSON."),
        version: bool = version_option(),
    ) -> None:
        """Play many bot games and report who wins how often."""
        kinds = [b.strip().lower() for b in bots.split(",") if b.strip()]
        if len(kinds) == 1:
            kinds *= players
        if len(kinds) != players:
            _fail(f"--bots names {len(kinds)} bots for {players} players", EXIT_USAGE)
        if games < 1 or jobs < 1:
            _fail("--games and --jobs must be at least 1", EXIT_USAGE)
        if think < 1:
            _fail("--think must be at least 1 ms", EXIT_USAGE)
        try:
            from .simulate import run_simulation
        except ImportError:
            _fail("simulation is not available in this build (catan_cli.simulate is missing)")
        from .errors import CatanError

        lengths: list[int] = []      # each game's turns, for the histogram (not in --json)
        try:
            if as_json or not sys.stderr.isatty():
                result = run_simulation(scenario, players, kinds, games, seed, jobs, check, None,
                                        rotate=rotate, think_ms=think, lengths=lengths, cluster=cluster)
            else:
                from rich.progress import Progress

                with Progress(transient=True) as progress:
                    task = progress.add_task("simulating", total=games)
                    result = run_simulation(scenario, players, kinds, games, seed, jobs, check,
                                            lambda done, total: progress.update(task, completed=done, total=total),
                                            rotate=rotate, think_ms=think, lengths=lengths, cluster=cluster)
        except (CatanError, ValueError, KeyError) as exc:
            _fail(str(exc), EXIT_USAGE)
        if as_json:
            import json

            typer.echo(json.dumps(result, indent=2, sort_keys=True, default=str))
        else:
            from rich.console import Console

            console = Console(highlight=False)
            console.print(*result_tables(result), *result_charts(result, lengths, min(console.width, 100)))
        if result.get("cancelled"):
            _fail(f"interrupted: {result['games']} of {result['planned']} games finished", EXIT_INTERRUPTED)

    @app.command(epilog=EPILOG)
    def soak(
        scenario: list[str] = typer.Option([], "--scenario", "-s",
                                           help="Scenario key (repeatable; default: every scenario)."),
        games: int = typer.Option(10, "--games", "-n", help="Checked bot games per scenario."),
        lines: int = typer.Option(1000, "--lines", help="Fuzzed command lines per scenario."),
        seed: int = typer.Option(0, "--seed", help="Seed of the first game and the first block of lines."),
        jobs: int = typer.Option(1, "--jobs", "-j", help="Worker processes (with --cluster ray: its CPUs)."),
        cluster: str = cluster_option(),
        json_path: str = typer.Option(None, "--json", metavar="PATH", help="Write the report here as JSON."),
        check: list[str] = typer.Option([], "--check", metavar="MODULE:FUNCTION",
                                        help="An extra invariant after every action (repeatable)."),
        version: bool = version_option(),
    ) -> None:
        """Checked bot games (invariants after every action, a save reloaded mid-game) and
        fuzzed command lines (a refused line must change nothing), per scenario; exit 1 on
        any violation."""
        if games < 0 or lines < 0 or jobs < 1:
            _fail("--games and --lines cannot be negative, --jobs must be at least 1", EXIT_USAGE)
        from .soak import command

        code = command(scenario, games, lines, seed, jobs, cluster, json_path, check, sys.stderr.isatty())
        if code:
            raise typer.Exit(code)

    return app


def _refuse_overwrite(save: str, saves_dir: str | None, advice: str) -> None:
    """A usage error when ``save`` names an existing save (overwriting needs --force)."""
    from .saves import save_path

    path = save_path(save, saves_dir)
    if path.exists():
        _fail(f"a save named '{path.stem}' exists ({path}): {advice}", EXIT_USAGE)


def _start_session(scenario: str, players: str, seed: int | None, sandbox: bool, option: list[str],
                   load: str | None, save: str | None, saves_dir: str | None, autosave: bool,
                   force: bool = False, think_ms: int | None = None, hints: bool = True) -> Any:
    """The session 'catan play' (and 'catan serve') starts: a loaded save, or a new game.
    ``save``: the name it saves as (None: the first free autosave-N); ``force``: that name
    may be overwritten even when another game wrote it; ``think_ms``: the searching bot's
    budget per decision; ``hints``: whether 'hint' answers."""
    from .saves import check_name
    from .script import Header, parse_seats
    from .session import Session

    save_name = check_name(save) if save else None
    if load:
        session = Session.from_save(load, saves_folder=saves_dir, autosave=autosave, think_ms=think_ms,
                                    hints=hints)
        if save_name:
            session.save_name = save_name
            if force:
                session.claim(save_name)
        return session
    if seed is None:
        import random

        seed = random.SystemRandom().randrange(1, 1_000_000)
    options = [o.strip().lower() for item in option for o in item.split(",") if o.strip()]
    header = Header(scenario.lower(), parse_seats(players), seed, sandbox, options)
    session = Session.new(header, save_name=save_name, saves_folder=saves_dir, autosave=autosave,
                          think_ms=think_ms, hints=hints)
    if save_name and force:
        session.claim(save_name)
    return session


def table_seats(players: str | None, hotseat: bool) -> str:
    """The seats of a new game: ``players`` as given, else you against two bots
    (:data:`DEFAULT_SEATS`), or with ``hotseat`` people only (:data:`HOTSEAT_SEATS`)."""
    from .errors import CatanError
    from .script import parse_seats

    if not hotseat:
        return players or DEFAULT_SEATS
    if players is None:
        return HOTSEAT_SEATS
    bots = [seat.name for seat in parse_seats(players) if seat.bot is not None]
    if bots:
        raise CatanError(f"--hotseat seats people only, but --players makes {', '.join(bots)} a bot: "
                         "leave out one or the other")
    return players


def _campaign_session(door: Any, c: Any, saves_dir: str | None) -> Any:
    """The session of a campaign's chapter in play: its save, or the chapter's start."""
    from .campaigns import chapter_saved
    from .session import Session

    save = door.save_name(c)
    if chapter_saved(door, c, saves_dir):
        return Session.from_save(save, saves_folder=saves_dir, autosave=True)
    return Session.new(door.header(c), save_name=save, saves_folder=saves_dir, autosave=True)


def _play_session(session: Any, fast: bool, compact: bool | None, line: bool) -> None:
    """Play a session: on the table screen when both ends are a terminal that can draw it,
    else the line mode (``--line``, pipes, ``TERM=dumb``).  Bots pause between their
    commands only when someone watches (output to a terminal) and --fast is not given."""
    from .errors import CatanError
    from .repl import PACE, Repl

    terminal = sys.stdin.isatty() and sys.stdout.isatty()
    pace = PACE if sys.stdout.isatty() and not fast else 0.0
    if terminal and not line and os.environ.get("TERM", "") != "dumb":
        from .screen import TableScreen

        table = TableScreen(session, pace=pace)
        if compact is not None:
            table.map.layout = "compact" if compact else "full"
        try:
            table.run()
        except CatanError as exc:
            _fail(str(exc), EXIT_FAILED)
        return
    repl = Repl(session, pace=pace, compact=compact)
    try:
        if terminal:
            repl.loop()
        else:
            repl.loop_plain(sys.stdin)
    except CatanError as exc:   # a bot or save failing outside a command
        _fail(str(exc), EXIT_FAILED)


def result_tables(result: dict[str, Any]) -> list[Any]:
    """A simulation result as rich renderables: wins per seat, then one summary table of
    the run (turns, cap, speed) and any invariant violation or error, by seed and move."""
    from rich.table import Table

    from rich.text import Text

    title = Text.assemble(("Simulation", "bold"), f" of {result['scenario']}: {result['games']} games of "
                          f"{result['players']} players from seed {result['seed']}, on "
                          f"{result.get('where') or str(result['jobs']) + ' processes'}"
                          + (", invariants checked after every action" if result["check"] else ""))
    seats = Table()
    for name, justify in (("seat", "left"), ("bot", "left"), ("wins", "right"), ("win %", "right")):
        seats.add_column(name, justify=justify)  # type: ignore[arg-type]
    for row in result["seats"]:
        seats.add_row(row["seat"], row["bot"], str(row["wins"]), f"{100 * row['win_rate']:.1f}")
    kinds = Table(title="by bot" + (" (every seating in turn)" if result.get("rotate") else ""))
    for name in ("bot", "wins", "win %", "fair share %", "decision median ms (processor)", "p90 ms"):
        kinds.add_column(name, justify="left" if name == "bot" else "right")
    for row in result.get("by_bot", []):
        kinds.add_row(row["bot"], str(row["wins"]), f"{100 * row['win_rate']:.1f}", f"{100 * row['parity']:.1f}",
                      f"{row['median_ms']:.1f}", f"{row['p90_ms']:.1f}")
    summary = Table(show_header=False, box=None)
    summary.add_column(style="bold")
    summary.add_column()
    summary.add_row("finished", f"{result['finished']} of {result['games']} (shared wins: {result['shared']})")
    summary.add_row("hit the turn cap", f"{result['capped']} (cap {result['turn_cap']} turns)")
    summary.add_row("average turns", f"{result['avg_turns']:.1f}")
    summary.add_row("speed", f"{result['games_per_s']:.1f} games/s, {result['decisions_per_s']:,.0f} decisions/s "
                             f"({result['decisions']:,} decisions in {result['seconds']:.2f} s); "
                             f"{result['cpu_decisions_per_s']:,.0f} decisions per CPU second in the games")
    if result["check"]:
        summary.add_row("violations", str(len(result["violations"])) if result["violations"] else "none")
    summary.add_row("errors", str(len(result["errors"])) if result["errors"] else "none")
    summary.add_row("fingerprint", str(result["fingerprint"]))
    out: list[Any] = [title, seats, kinds, summary]
    problems = list(result["violations"]) + list(result["errors"])
    if problems:
        detail = Table(title="first problems", title_justify="left")
        for name in ("seed", "move", "seat", "command", "problem"):
            detail.add_column(name)
        for item in problems[:10]:
            what = item.get("error") or "; ".join(item.get("problems", []))
            detail.add_row(str(item["seed"]), str(item["move"]), str(item["seat"]), str(item["command"]), what)
        out.append(detail)
    return out


def result_charts(result: dict[str, Any], lengths: list[int], width: int) -> list[Any]:
    """A simulation's pictures: each bot's win rate with its 95% interval and fair share,
    and the games' lengths (``lengths``: turns per game)."""
    from .render.charts import WinRate, length_histogram, win_rate_chart

    games = int(result["games"])
    rows = [WinRate(row["bot"], int(row["wins"]), games, float(row["parity"])) for row in result.get("by_bot", [])]
    out: list[Any] = []
    if rows and games:
        out.append(win_rate_chart(rows, width))
    if lengths:
        out.append(length_histogram(lengths, width, capped=int(result["capped"])))
    return out


def main(argv: "list[str] | None" = None) -> None:
    """Entry point of the ``catan`` script."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) == 1 and args[0] in VERSION_FLAGS:   # the fast path: no typer, no engine
        sys.stdout.write(f"catan {_version()}\n")
        return
    app = build_app()
    try:
        app(args=args, prog_name="catan")
    except KeyboardInterrupt:
        sys.stderr.write("\ncatan: interrupted\n")
        sys.exit(EXIT_INTERRUPTED)


if __name__ == "__main__":
    main()
