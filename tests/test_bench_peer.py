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


def test_the_peer_figure_does_not_count_the_peers_first_time_set_up(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    script = tmp_path / "catanatron.sh"
    script.write_text(_FAKE_PEER.replace("{marker}", str(tmp_path / "installed")))
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("CATANATRON_BENCH", str(script))
    line = bench.run_peer(6, 1)
    # five timed games of 1000 decisions at 0.05 s each: about 20,000 decisions a second
    # (the set-up's 0.6 s, had it been taken for start-up, would leave no time or a huge figure)
    assert 12_000 < _peer_figure(line) < 30_000, line
