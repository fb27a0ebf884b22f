"""Crash safety: ``kill -9`` of a ``catan play`` or ``catan run`` process at a random moment
never leaves a damaged save.  After every kill the save loads (digest checked), and what it
holds is a position the game really went through: its commands are a prefix of the whole
game's.  A 3-kill slice runs in the suite; ``-m slow`` kills 50 times.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from catan_cli import Game
from catan_cli.errors import SaveError
from catan_cli.saves import load_game, save_game

SEATS = "red:bot,blue:bot,white:bot:random,orange:bot"
ENV = dict(os.environ, NO_COLOR="1", PYTHONUNBUFFERED="1")


def _catan(*args: str, folder: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "catan_cli", *args, "--saves", str(folder)],
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env=ENV, cwd=folder)


def _play(seed: int, folder: Path) -> subprocess.Popen[bytes]:
    return _catan("play", "--players", SEATS, "--seed", str(seed), "--fast", folder=folder)


def _commands(path: Path) -> list[str]:
    return [line for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]


def _full_game(seed: int, folder: Path) -> list[str]:
    """The whole bot game for ``seed``, played without interruption."""
    proc = _play(seed, folder)
    assert proc.wait(timeout=300) == 0
    loaded = load_game("autosave", folder)
    assert loaded.game.over
    return _commands(loaded.path)


def _kill_at(proc: subprocess.Popen[bytes], delay: float) -> None:
    time.sleep(delay)
    if proc.poll() is None:
        os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=60)


def _assert_sound(folder: Path, name: str, whole: list[str]) -> int:
    """The save ``name`` loads and is a prefix of the whole game; its command count."""
    path = folder / f"{name}.catan"
    try:
        loaded = load_game(name, folder)
    except SaveError as exc:   # pragma: no cover - the failure this test exists for
        pytest.fail(f"damaged save after kill -9: {exc}\n{path.read_text(errors='replace')[-400:]}")
    commands = _commands(loaded.path)
    assert commands == whole[:len(commands)], "the save is not a position of the game"
    assert loaded.game.digest()
    return len(commands)


def _partial_save(reference: Path, whole: list[str], folder: Path, name: str) -> None:
    """A good save of the game's first half, written the ordinary way."""
    loaded = load_game("autosave", reference)
    header = loaded.header
    game = Game.new(header.scenario, players=[s.name for s in header.seats], seed=header.seed,
                    sandbox=header.sandbox, options=header.options)
    for line in whole[: len(whole) // 2]:
        game.execute(line)
    save_game(game, header, name, folder)


def crash_runs(tmp_path: Path, kills: int, seed: int = 31) -> None:
    rnd = random.Random(seed)
    reference = tmp_path / "reference"
    reference.mkdir()
    whole = _full_game(seed, reference)
    record = tmp_path / "game.catan"
    record.write_text((reference / "autosave-1.catan").read_text(encoding="utf-8"), encoding="utf-8")
    counts = []
    for k in range(kills):
        folder = tmp_path / f"kill{k}"
        folder.mkdir()
        if k % 3 == 2:
            # catan run FILE --save NAME --force over an older good save of that name
            _partial_save(reference, whole, folder, "final")
            proc = _catan("run", str(record), "--save", "final", "--force", folder=folder)
            _kill_at(proc, rnd.uniform(0.05, 1.2))
            counts.append(_assert_sound(folder, "final", whole))
        else:
            proc = _play(seed, folder)
            _kill_at(proc, rnd.uniform(0.2, 3.0))
            if (folder / "autosave-1.catan").exists():
                counts.append(_assert_sound(folder, "autosave", whole))
        saves = [p.name for p in folder.iterdir() if p.suffix == ".catan" and not p.name.startswith(".")]
        assert all(name in ("autosave-1.catan", "final.catan") for name in saves), saves
    # the kills landed at different moments of the game
    assert len(set(counts)) >= min(2, len(counts))


def test_three_kills_leave_sound_saves(tmp_path: Path) -> None:
    crash_runs(tmp_path, 3)


@pytest.mark.slow
def test_fifty_kills_leave_sound_saves(tmp_path: Path) -> None:
    crash_runs(tmp_path, 50, seed=7)
