"""Bots: they only say legal, canonical commands; greedy beats random; they decide from
what their seat may see; and a simulation's results do not depend on how many processes
played it."""

from __future__ import annotations

import random

import pytest

from catan_cli import Game
from catan_cli.bots import make_bot
from catan_cli.engine.geometry import RESOURCES
from catan_cli.errors import CatanError
from catan_cli.simulate import play_game, run_simulation

SCENARIOS = ["base", "cloth-for-catan", "pirate-islands", "land-ho"]
NAMES = ["red", "blue", "white", "orange"]


def test_make_bot_knows_two_kinds() -> None:
    assert make_bot("greedy", 1).kind == "greedy"
    assert make_bot("random", 1).kind == "random"
    with pytest.raises(CatanError):
        make_bot("clever", 1)


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("bots", [["greedy", "random", "greedy", "random"], ["random", "greedy", "greedy"]])
def test_bots_only_say_legal_canonical_commands(scenario: str, bots: list[str]) -> None:
    """Every line a bot says is legal, and is the canonical text of the action it parses to."""
    names = NAMES[:len(bots)]
    game = Game.new(scenario, players=names, seed=11)
    agents = [make_bot(kind, 100 + i) for i, kind in enumerate(bots)]
    moves = 0
    while not game.over and game.engine.s.turn <= 140:
        seat = game.prompt_player()
        line = agents[names.index(seat)].choose(game, seat)
        verdict = game.check(line)
        assert verdict.ok, f"{seat} said {line!r}: {verdict.reason}"
        assert game.text(game.parse(line)) == line
        game.execute(line)
        moves += 1
    assert moves > 50


def test_bot_answers_for_a_seat_not_on_turn() -> None:
    """Both red (on turn) and blue must discard: blue's line names its actor."""
    game = Game.new("base", players=["red", "blue", "white"], seed=3, sandbox=True)
    bot = make_bot("greedy", 0)
    while game.engine.s.phase == "setup":
        game.execute(bot.choose(game, game.prompt_player()))
    game.execute("give red 4 lumber 4 brick")
    game.execute("give blue 5 ore 4 wool")
    game.execute("dice 3 4")
    game.execute("roll")
    before = game.view("blue")["players"][1]["resource_count"]
    line = bot.choose(game, "blue")
    assert line.startswith("blue: discard ")
    game.execute(line)
    assert game.view("blue")["players"][1]["resource_count"] == before - before // 2


def test_greedy_beats_random_in_a_handful_of_games() -> None:
    report = run_simulation("base", 4, ["greedy", "random", "random", "random"], games=6, seed=500)
    assert report["wins"]["red"] >= 5, report
    report = run_simulation("base", 4, ["random", "random", "random", "greedy"], games=4, seed=600)
    assert report["wins"]["orange"] >= 3, report


@pytest.mark.parametrize("scenario", ["cloth-for-catan", "pirate-islands", "land-ho"])
def test_greedy_beats_random_in_the_sea_scenarios(scenario: str) -> None:
    report = run_simulation(scenario, 4, ["greedy", "random", "random", "random"], games=3, seed=700)
    assert report["wins"]["red"] >= 2, report
    assert not report["errors"]


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_greedy_games_end_with_a_winner(scenario: str) -> None:
    game = play_game(scenario, ["greedy"] * 4, seed=21)
    assert game["winners"] and not game["capped"] and not game["error"]


# --- hidden information --------------------------------------------------------------------
def _shuffle_hidden(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of ``game`` in which the other seats' hidden cards are dealt afresh: their
    resource cards are pooled and dealt back with each hand's size kept (the bank, which
    everyone sees, stays as it is), and their development cards and the deck likewise; the
    face-down hexes' stacks are shuffled.
    Cards a pending offer promises stay in the offerer's hand, and so do the cards the whole
    table knows a hand holds (``Game.known_cards``): they are not hidden."""
    copy = Game.from_json(game.to_json())
    s = copy.engine.s
    promised = {item["from"]: item["give"] for item in s.pending if item["kind"] == "offer"}
    others = [i for i in range(len(s.players)) if i != seat]
    kept = {i: [max(a, b) for a, b in zip(promised.get(i, [0] * 5), s.public_min[i])] for i in others}
    pool: list[int] = []
    for i in others:
        keep = kept[i]
        pool += [r for r in range(5) for _ in range(s.players[i].resources[r] - keep[r])]
    rng.shuffle(pool)
    for i in others:
        p = s.players[i]
        hand = list(kept[i])
        for _ in range(sum(p.resources) - sum(hand)):
            hand[pool.pop()] += 1
        p.resources[:] = hand
    cards = list(s.deck) + [card for i in others for card, _ in s.players[i].dev_cards]
    rng.shuffle(cards)
    for i in others:
        p = s.players[i]
        p.dev_cards = [[cards.pop(), bought] for _, bought in p.dev_cards]
    s.deck = cards
    for stack in s.extra.get("face_down", {}).values():    # exploration: the face-down stacks
        for pile in stack.values():
            rng.shuffle(pile)
    copy.engine.touch()     # the cards changed outside apply: no picture of the old deal may stay
    return copy


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("kind", ["greedy", "random"])
def test_decisions_do_not_depend_on_hidden_cards(scenario: str, kind: str) -> None:
    """Shuffling what a seat cannot see (others' cards, the deck) never changes its move."""
    rng = random.Random(5)
    game = Game.new(scenario, players=NAMES, seed=8)
    players = [make_bot("greedy", i) for i in range(4)]
    checked = 0
    while not game.over and game.engine.s.turn <= 120:
        seat = game.prompt_player()
        idx = NAMES.index(seat)
        if len(game.legal_actions()) > 1 and rng.random() < 0.3:
            mine = make_bot(kind, 42).choose(game, seat)
            for _ in range(2):
                other = _shuffle_hidden(game, idx, rng)
                assert sum(map(sum, (p.resources for p in other.engine.s.players))) + sum(other.engine.s.bank) \
                    == 19 * len(RESOURCES)
                assert make_bot(kind, 42).choose(other, seat) == mine
            checked += 1
        game.execute(players[idx].choose(game, seat))
    assert checked >= 20


def test_the_shuffle_catches_a_bot_that_peeks() -> None:
    """Control: a bot that reads another hand from the hidden state is caught."""

    def peeking(game: Game, seat: str) -> str:
        legal = [a for a in game.legal_actions() if a.seat == game.seat(seat)]
        other = game.engine.s.players[(game.seat(seat) + 1) % len(game.players)]
        return game.text(legal[(other.resources[4] * 7 + other.resources[0]) % len(legal)])

    rng = random.Random(2)
    game = Game.new("base", players=NAMES, seed=4)
    bots = [make_bot("greedy", i) for i in range(4)]
    caught = False
    while not game.over and not caught:
        seat = game.prompt_player()
        if len(game.legal_actions()) > 3:
            mine = peeking(game, seat)
            caught = any(peeking(_shuffle_hidden(game, NAMES.index(seat), rng), seat) != mine for _ in range(3))
        game.execute(bots[NAMES.index(seat)].choose(game, seat))
    assert caught


# --- simulation --------------------------------------------------------------------------------
def test_simulation_results_do_not_depend_on_jobs() -> None:
    args = dict(scenario="base", n_players=3, bots=["greedy", "random", "random"], games=4, seed=900)
    one = run_simulation(jobs=1, **args)  # type: ignore[arg-type]
    two = run_simulation(jobs=2, **args)  # type: ignore[arg-type]
    for key in ("wins", "avg_turns", "capped", "finished", "decisions", "fingerprint"):
        assert one[key] == two[key], key
    assert one["games"] == 4 and one["jobs"] == 1 and two["jobs"] == 2


def test_simulation_reports_progress_and_the_table() -> None:
    seen: list[tuple[int, int]] = []
    report = run_simulation("base", 4, ["random"], games=2, seed=1, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(1, 2), (2, 2)]
    assert set(report["wins"]) == {"red", "blue", "white", "orange"}
    for key in ("avg_turns", "capped", "decisions_per_s", "games_per_s", "violations"):
        assert key in report


def test_simulation_check_finds_no_violation_in_a_small_slice() -> None:
    for scenario, n in (("base", 3), ("cloth-for-catan", 4), ("pirate-islands", 3)):
        report = run_simulation(scenario, n, ["greedy"] + ["random"] * (n - 1), games=2, seed=40, check=True)
        assert not report["violations"] and not report["errors"], report


def test_simulation_check_names_seed_and_move(monkeypatch: pytest.MonkeyPatch) -> None:
    """A broken invariant is reported with the game's seed and the move that broke it."""
    import catan_cli.engine.invariants as inv

    def fake(game: Game) -> list[str]:
        return ["resources not conserved"] if len(game.history) >= 7 else []

    monkeypatch.setattr(inv, "check_invariants", fake)
    report = run_simulation("base", 3, ["random"], games=2, seed=77, check=True)
    assert [(v["seed"], v["move"]) for v in report["violations"]] == [(77, 7), (78, 7)]
    assert report["violations"][0]["problems"] == ["resources not conserved"]


def test_simulation_refuses_bad_arguments() -> None:
    with pytest.raises(CatanError):
        run_simulation("base", 4, ["greedy", "random"], games=1)
    with pytest.raises(CatanError):
        run_simulation("base", 4, ["wizard"], games=1)
    with pytest.raises(CatanError):
        run_simulation("nowhere", 4, ["random"], games=1)


@pytest.mark.slow
@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("n", [3, 4])
def test_bulk_check_2000_games(scenario: str, n: int) -> None:
    """The issue's bulk check: 2,000 games per scenario and player count, no violation."""
    bots = ["greedy"] + ["random"] * (n - 1)
    report = run_simulation(scenario, n, bots, games=2000, seed=10_000, jobs=2, check=True)
    assert not report["violations"], report["violations"][:3]
    assert not report["errors"], report["errors"][:3]


@pytest.mark.parametrize("scenario, module", [
    ("base", "catan_cli.bots.strategies.base"),
    ("cloth-for-catan", "catan_cli.scenarios.cloth.bot"),
    ("pirate-islands", "catan_cli.scenarios.pirate_islands.bot"),
    ("land-ho", "catan_cli.scenarios.land_ho.bot"),
    ("no-such-scenario", "catan_cli.bots.strategies.base"),
])
def test_a_scenario_strategy_comes_from_its_package(scenario: str, module: str) -> None:
    from catan_cli.bots.strategies import strategy_for
    assert type(strategy_for(scenario)).__module__ == module


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_bots_board_numbers_pieces_as_the_engine_does(scenario: str) -> None:
    from catan_cli.bots.context import Ctx
    game = Game.new(scenario, players=NAMES[:3], seed=5)
    ctx = Ctx(game, "red")
    s, pieces = game.engine.s, game.engine.pieces
    assert list(ctx.node_kind) == [int(k) for k in s.node_kind]
    assert list(ctx.edge_kind) == [int(k) for k in s.edge_kind]
    assert set(ctx.board.node_code) | set(ctx.board.edge_code) == set(pieces.by_name)
