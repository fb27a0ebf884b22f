"""The bench's peer line (catanatron beside our figures): the CPU the peer's script spends
setting itself up on a fresh machine is not counted as its start-up."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from catan_cli import bench

# A stand-in for catanatron.sh: its first run "installs" (burns CPU once, as building the
# virtualenv does), then every game costs the same CPU and has 1000 decisions.
_FAKE_PEER = """#!/usr/bin/env bash
set -eu
games=1
while [ $# -gt 0 ]; do case $1 in -n) games=$2; shift 2;; *) shift;; esac; done
burn() { python3 -c "import time,sys; t=time.process_time()
while time.process_time() - t < float(sys.argv[1]): pass" "$1"; }
if [ ! -e "{marker}" ]; then touch "{marker}"; burn 0.6; fi
burn "$(python3 -c "print($games * 0.05)")"
echo "catanatron 3.2.1 python 3 players=Rx4"
echo "avg_decisions_per_game 1000.0 (median 1000)"
echo "truncated_games 0"
echo "fingerprint 0000000000000000"
"""


def _peer_figure(line: str) -> float:
    fields = line.split()
    assert fields[:2] == ["catanatron", "peer"], line
    return float(fields[4])


def _use_fake_peer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The bench's peer is the stand-in above, new (not yet "installed") in ``tmp_path``."""
    script = tmp_path / "catanatron.sh"
    script.write_text(_FAKE_PEER.replace("{marker}", str(tmp_path / "installed")))
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("CATANATRON_BENCH", str(script))


def test_the_peer_figure_does_not_count_the_peers_first_time_set_up(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    _use_fake_peer(tmp_path, monkeypatch)
    line = bench.run_peer(6, 1)
    # five timed games of 1000 decisions at 0.05 s each: about 20,000 decisions a second
    # (the set-up's 0.6 s, had it been taken for start-up, would leave no time or a huge figure)
    assert 12_000 < _peer_figure(line) < 30_000, line


def test_rounds_print_each_lines_median_against_catanatron_and_base(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    _use_fake_peer(tmp_path, monkeypatch)
    bench.main(["-n", "6", "--scenario", "base", "--scenario", "cloth-for-catan", "--path", "game",
                "--rounds", "3", "--peer"])
    out = capsys.readouterr().out.splitlines()
    rounds = [line.split() for line in out if line.startswith(("base ", "cloth-for-catan "))
              and len(line.split()) == 9]
    assert len(rounds) == 6                                   # two lines, three rounds
    assert len({tuple(r[6:]) for r in rounds if r[0] == "base"}) == 1    # the same games each round
    peers = [_peer_figure(line) for line in out if line.startswith("catanatron ")]
    assert len(peers) == 4                                    # before the first round and after each
    summary = out[out.index("decisions/s, median of 3 rounds:") + 1:]
    base, cloth, peer = (line.split() for line in summary)
    median_base = sorted(float(r[4]) for r in rounds if r[0] == "base")[1]
    median_cloth = sorted(float(r[4]) for r in rounds if r[0] == "cloth-for-catan")[1]
    median_peer = sorted(peers)[1:3]
    assert abs(float(base[2]) - median_base) <= 1
    assert abs(float(peer[2]) - sum(median_peer) / 2) <= 1
    # the printed figures are rounded to whole decisions: the ratios, made from the exact
    # ones, agree to their last digit
    assert base[4] == "catanatron" and abs(float(base[3].rstrip("x")) - median_base / float(peer[2])) < 0.015
    assert cloth[6:] == ["%", "of", "base"] and abs(float(cloth[5]) - 100 * median_cloth / median_base) < 0.15


def test_rounds_must_be_at_least_one(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        bench.main(["--rounds", "0"])
    assert "--rounds must be 1 or more" in capsys.readouterr().err


def test_a_peer_script_that_gives_no_figure_is_reported_with_its_reason(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    # catanatron.sh's virtualenv left without catanatron (an install that failed once is not
    # retried): the line says so, rather than only the exit code
    script = tmp_path / "catanatron.sh"
    script.write_text("#!/usr/bin/env bash\necho 'Traceback (most recent call last):' >&2\n"
                      "echo \"ModuleNotFoundError: No module named 'catanatron'\" >&2\nexit 1\n")
    monkeypatch.setenv("CATANATRON_BENCH", str(script))
    line = bench.run_peer(3, 1)
    assert line == (f"catanatron: no figure from {script} (exit 1): "
                    "ModuleNotFoundError: No module named 'catanatron'")
