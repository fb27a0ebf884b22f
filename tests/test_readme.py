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
