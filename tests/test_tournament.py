"""The bots' tournament runner (issue 19): every registered scenario, and the seat counts a
scenario's own maps are made for, with parity and its band per seat count."""

from __future__ import annotations

from catan_cli.benchmarks import tournament


def test_all_scenarios_lists_every_registered_scenario_but_not_a_map_for_a_player_count() -> None:
    keys = tournament.scenario_keys("all")
    assert {"base", "cloth-for-catan", "pirate-islands", "legend-1", "legend-4", "land-ho",
            "barbarian-attack"} <= set(keys)
    assert "legend-1-3p" not in keys      # legend-1 plays it with 3 players


def test_a_seat_count_is_played_only_where_the_scenario_allows_it() -> None:
    assert tournament.pairs(["legend-1", "base"], [3, 4]) == [
        ("legend-1", 3), ("legend-1", 4), ("base", 3), ("base", 4)]
    assert tournament.pairs(["barbarian-attack"], [2]) == []


def test_the_lineups_fill_every_seat() -> None:
    assert tournament.lineup("balance", 3) == ["greedy"] * 3
    assert tournament.lineup("random", 4) == ["greedy", "random", "random", "random"]


def test_wilson_interval_holds_the_rate_and_narrows_with_more_games() -> None:
    lo, hi = tournament.wilson(100, 400)
    assert lo < 0.25 < hi and round(lo, 3) == 0.210 and round(hi, 3) == 0.295
    lo2, hi2 = tournament.wilson(25, 100)
    assert hi2 - lo2 > hi - lo
    assert tournament.wilson(0, 0) == (0.0, 1.0)


def test_balance_with_three_players_plays_the_three_player_map_at_parity_one_third() -> None:
    r = tournament.run("balance", "legend-1", 2, 1000, 1, 1000, players=3)
    assert r["players"] == 3 and r["parity"] == round(1 / 3, 4)
    assert set(r["seats"]) == {"red", "blue", "white"}
    assert sum(r["seats"].values()) + r["capped"] == 2
    for seat in r["seat_rates"].values():
        assert seat["within"] == (abs(seat["rate"] - 1 / 3) * 100 <= tournament.BAND)


def test_bad_player_counts_and_scenarios_are_refused_in_one_line(capsys: object) -> None:
    assert tournament.main(["--only", "balance", "--players", "x"]) == 2
    assert tournament.main(["--only", "balance", "--scenarios", "nope"]) == 2
    assert tournament.main(["--only", "balance", "--scenarios", "base", "--players", "5"]) == 2
    assert tournament.main(["--only", "nope"]) == 2
