"""The README's examples are run, so they cannot go stale: every ```catan block (a command
file) must play through `catan run` with status 0, every ```console block (a REPL session)
must happen as written, and every ```python block must run.  A block that looks like a
command file or a session but is not marked so fails too: nothing runnable goes unchecked."""

from __future__ import annotations

import io
import re
import shlex
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from catan_cli.cli import build_app, table_seats
from catan_cli.repl import Repl
from catan_cli.script import Header, parse_seats
from catan_cli.session import Session

README = Path(__file__).resolve().parent.parent / "README.md"
FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", re.M | re.S)
PROMPT = re.compile(r"^(?P<prompt>\S+(?: · | must ).*? > )(?P<command>.*)$")
ANNOTATION = re.compile(r"\s{2,}[#(].*$")   # '          (offers ...)' or '   # later: ...'
runner = CliRunner()


def blocks(kind: str) -> list[str]:
    return [body for info, body in FENCE.findall(README.read_text(encoding="utf-8")) if info == kind]


def test_the_readme_has_runnable_examples():
    assert blocks("catan") and blocks("console") and blocks("python")


def test_every_runnable_looking_block_is_marked_to_be_run():
    for info, body in FENCE.findall(README.read_text(encoding="utf-8")):
        first = body.lstrip().splitlines()[0] if body.strip() else ""
        if first.startswith("# scenario:"):
            assert info == "catan", f"a command file not marked ```catan:\n{body}"
        if first.startswith("$ catan"):
            assert info == "console", f"a session not marked ```console:\n{body}"


@pytest.mark.parametrize("body", blocks("catan"))
def test_readme_command_files_run_ok(tmp_path, body):
    path = tmp_path / "game.catan"
    path.write_text(body)
    result = runner.invoke(build_app(), ["run", "-q", str(path)])
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"{path}: ") and ": ok\n" in result.output


@pytest.mark.parametrize("body", blocks("python"))
def test_readme_python_runs(body):
    exec(compile(body, "README.md", "exec"), {})


FLAGS = {"--line", "--fast", "--sandbox", "--no-autosave", "--no-color", "--hotseat"}   # options without a value


def _options(words: list[str]) -> dict[str, str]:
    out, i = {}, 0
    while i < len(words):
        if words[i] in FLAGS:
            out[words[i]] = ""
            i += 1
            continue
        out[words[i]] = words[i + 1]
        i += 2
    return out


@pytest.mark.parametrize("body", blocks("console"))
def test_readme_sessions_happen_as_written(tmp_path, monkeypatch, body):
    """``$ catan play ...`` then the session line by line: a prompt line is checked against
    the REPL's prompt and its command played (``<Tab>`` lines show completion and are
    skipped; ``^D`` leaves, and the next line answers the save question); every other line
    must be what the REPL printed next.  A ``$ catan play --load NAME`` resumes the save."""
    monkeypatch.chdir(tmp_path)
    lines = [ANNOTATION.sub("", line) for line in body.splitlines()]
    out = io.StringIO()
    repl: Repl | None = None
    expected: list[str] = []

    def check_printed() -> None:
        printed = [ln.rstrip() for ln in out.getvalue().splitlines()]
        at = 0
        for want in expected:
            prefix = want.split("(...)")[0].rstrip() if "(...)" in want else None
            while at < len(printed) and not (printed[at] == want or (prefix and printed[at].startswith(prefix))):
                at += 1
            assert at < len(printed), f"README line not printed: {want!r}\n{out.getvalue()[-3000:]}"
            at += 1
        expected.clear()
        out.seek(0)
        out.truncate()

    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if line.startswith("$ catan "):
            words = shlex.split(line[2:])
            opts = _options(words[2:])
            if "--load" in opts:
                result = runner.invoke(build_app(), ["play", "--load", opts["--load"]], input="")
                assert result.exit_code == 0 and f"loaded {opts['--load']}" in result.output, result.output
                continue
            seats = table_seats(opts.get("--players"), "--hotseat" in opts)   # as 'catan play' seats them
            header = Header(opts.get("--scenario", "base"), parse_seats(seats), int(opts["--seed"]))
            console = Console(file=out, width=200, height=60, color_system=None, highlight=False)
            repl = Repl(Session.new(header), console, pace=0.0)
            repl.start()
            continue
        assert repl is not None, f"a session line before '$ catan play': {line!r}"
        m = PROMPT.match(line)
        if m is None:
            expected.append(line)
            continue
        if "<Tab>" in line:
            continue
        check_printed()
        assert repl.prompt_plain() == m.group("prompt")
        if m.group("command") == "^D":
            question, _, answer = lines[i].partition("? (Enter: yes, or a name; n: no) ")
            assert repl.save_question() == f"{question}? (Enter: yes, or a name; n: no) "
            i += 1
            assert repl.offer_save(lambda q: answer)
            continue
        repl.handle(m.group("command"))
    check_printed()


# ---------------------------------------------------------------------------- every other block

#: blocks that are not commands to run here, by their first line, and why
NOT_RUN = {
    "python3 -m venv": "the install: .ci/run does it on a clean clone (test_the_quickstart_is_what_ci_runs)",
    "pip install": "the install: .ci/run does it on a clean clone (test_the_quickstart_is_what_ci_runs)",
    " map · ": "a capture of the table screen (tests/test_screen.py draws the screen)",
    "ssh-ed25519": "the lines of a key file, not commands",
    "[Service]": "the lines of a systemd unit, not commands",
    "catan serve": "a server that runs until stopped (tests/test_server_*.py serve)",
    "ssh -t": "needs a running server and an ssh client (tests/test_server_*.py connect)",
    "expect NAME": "the syntax of expect lines, with placeholders",
    "expect legal COMMAND": "the syntax of expect lines, with placeholders",
    "python -m pytest": "the suite itself, the benchmarks and the type check",
    "printf '%s' 'SEED:SALT'": "a template for the seed a finished table reveals "
                               "(tests/test_server_tables.py checks that hash)",
}
#: shortened so that the suite stays fast: the same commands, fewer games and less thinking
SHORTER = [(re.compile(r"--games \d+"), "--games 1"), (re.compile(r"--think \d+"), "--think 10")]


def _plain_blocks() -> list[str]:
    return [body for info, body in FENCE.findall(README.read_text(encoding="utf-8")) if not info]


def _command_lines(body: str) -> list[list[str]]:
    """A block of 'catan ...' lines as argument lists, the comments cut and '[--json]' both
    ways: without it, then with it."""
    out = []
    for line in body.splitlines():
        line = re.sub(r"\s+#.*$", "", line).strip()
        if not line:
            continue
        optional = re.findall(r"\[(--[\w-]+)\]", line)
        line = re.sub(r"\s*\[--[\w-]+\]", "", line)
        for pattern, shorter in SHORTER:
            line = pattern.sub(shorter, line)
        out.append(shlex.split(line)[1:])
        if optional:
            out.append(shlex.split(line)[1:] + optional)
    return out


def test_every_plain_block_is_run_or_says_why_not():
    for body in _plain_blocks():
        lines = [ln for ln in body.splitlines() if ln.strip()]
        if all(ln.startswith("catan ") for ln in lines) and not lines[0].startswith("catan serve"):
            continue                                       # run below
        if all(ln.startswith("expect ") for ln in lines) and not any("  " in ln for ln in lines):
            continue                                       # read below
        assert any(lines[0].startswith(head) for head in NOT_RUN), f"a README block neither run nor excused:\n{body}"


CATAN_BLOCKS = [body for body in _plain_blocks()
                if all(ln.startswith("catan ") for ln in body.splitlines() if ln.strip())
                and not body.startswith("catan serve")]


@pytest.mark.parametrize("body", CATAN_BLOCKS, ids=[b.split()[1] + "-" + str(i) for i, b in enumerate(CATAN_BLOCKS)])
def test_readme_catan_commands_run(tmp_path, monkeypatch, body):
    """Each 'catan ...' line of the block, in order, in one folder holding the README's
    command file as game.catan and checks.catan, and its result saved as 'friday' (unless the
    block saves it itself); 'catan play' reads no commands (a pipe: it starts and leaves)."""
    monkeypatch.chdir(tmp_path)
    game = blocks("catan")[0]
    for name in ("game.catan", "checks.catan"):
        (tmp_path / name).write_text(game)
    if "--save friday" not in body:
        assert runner.invoke(build_app(), ["run", "-q", "game.catan", "--save", "friday"]).exit_code == 0
    for args in _command_lines(body):
        result = runner.invoke(build_app(), args, input="")
        assert result.exit_code == 0, f"catan {' '.join(args)}:\n{result.output}"
        assert "Traceback" not in result.output


def test_readme_expect_examples_are_read_as_written():
    from catan_cli import Game
    from catan_cli.script import check_expectation

    examples = [body for body in _plain_blocks()
                if all(ln.startswith("expect ") for ln in body.splitlines() if ln.strip())
                and not any("  " in ln for ln in body.splitlines())]
    assert examples
    game = Game.new("base", players=["red", "blue", "white"], seed=1)
    for body in examples:
        for line in body.splitlines():
            verdict = check_expectation(game, line.removeprefix("expect "))   # raises if it cannot be read
            assert verdict is None or "is not something" not in verdict, (line, verdict)


def test_the_quickstart_is_what_ci_runs():
    """A virtual environment first, then the two commands: one starts a game, one runs the
    tests; .ci/run makes the environment, installs and runs that very test command."""
    quick = README.read_text(encoding="utf-8").split("## Quickstart", 1)[1].split("\n## ", 1)[0]
    install = quick.index('pip install -e ".[test]"')
    assert -1 < quick.index("python3 -m venv .venv") < install
    start = re.search(r"^catan play\b", quick, re.M)
    tests = re.search(r"^(python -m pytest)\b", quick, re.M)
    assert start and tests and install < start.start() < tests.start()
    ci = (README.parent / ".ci" / "run").read_text(encoding="utf-8")
    assert "python3 -m venv .venv" in ci and 'pip install --quiet -e ".[test]"' in ci
    assert ci.rstrip().splitlines()[-1] == tests.group(1)


def test_the_scenario_table_lists_every_scenario_with_its_players():
    from catan_cli.engine.scenario import available_scenarios, load_scenario, rules_dir

    section = README.read_text(encoding="utf-8").split("## Scenarios and rule data", 1)[1].split("\n## ", 1)[0]
    rows = {key: row for row in re.findall(r"^\| (.*) \|$", section, re.M) for key in re.findall(r"`([\w-]+)`", row.split(" | ")[0])}
    shipped = [k for k in available_scenarios() if (rules_dir() / f"{k}.toml").is_file()]   # not a test's own
    for key in shipped:
        assert key in rows, f"{key} is not in the README's scenario table"
        counts = re.findall(r"\b(\d(?:-\d)?) players\b", rows[key])
        assert counts == [load_scenario(key).seat_counts("-")], (key, counts)
