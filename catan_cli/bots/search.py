"""The searching bot (``search``, level ``hard``): Monte Carlo search over the real engine.

For one decision it takes a few candidate moves (the greedy bot's choice first, then the
best alternatives of each kind) and plays each out, again and again, in worlds its seat
cannot tell apart from the real game (:mod:`.determinise`: the unseen cards dealt afresh,
new dice), greedy playing every seat in the copies until the same seat's turn has come
round twice (``HORIZON``; a scenario may give its own, ``Strategy.playout_horizon``).
The copies keep the game's history and play on through ``Game.execute``, so a greedy
seat in a copy breaks near-ties as the real greedy bot will (its generator is seeded
with the commands played: :func:`.rng.bot_rng`).
Each round plays every candidate in the same world with the same dice (common random
numbers; the dice have a stream of their own, :class:`.determinise.PairedDice`, so a steal
in one play-out does not shift the next rolls), so candidates are compared on equal luck;
the dice and the deals are the chance nodes, sampled.  A world is scored by
:func:`evaluate` (victory points, production worth more the more points the leader still
needs, cards).  A set-up settlement is judged wider instead (:meth:`SearchBot.place`): no
dice fall in the set-up, so each of ``SETUP_WIDTH`` spots is played once, by greedy for
every seat, to the set-up's end; on a map without ships the best of them then play on
through rounds of dice.

It keeps the greedy move unless another candidate beats it, paired round by round, by
more than the noise (``CONFIDENCE`` standard errors, after ``MIN_ROUNDS`` rounds): search
refines greedy and does not replace it with luck.  Decisions with one sensible move (a
roll, a forced answer, a discard) are the greedy bot's at once.

The budget, ``think_ms`` per decision, is counted in play-out moves (``MOVES_PER_MS`` of
them per millisecond, the pace of the reference machine), not read off a clock: so the
bot's play does not depend on the machine's speed or load, games with it reproduce, and a
saved game resumes exactly.  The build may count a faster pace: where a scenario's strategy
gives the compiled build's measured speed-up (``Strategy.compiled_speedup``, Barbarian
Attack's), the compiled build's budget buys that many more moves, so it takes the same time
as the pure one and plays deeper (games then reproduce within a build); elsewhere both builds
play the same play-outs.  A clock guards people on slow machines only: a decision stops
at ``CPU_CAP`` times its budget of this thread's processor time (``rollouts`` instead gives
a fixed number of rounds).
"""

from __future__ import annotations

import functools
import math
import random
import time
from typing import TYPE_CHECKING

from ..engine.actions import Action
from ..errors import CatanError
from .context import Ctx, board_of
from .determinise import can_determinise, copy_game, determinise
from .greedy import GreedyBot
from .rng import bot_rng
from .strategies import strategy_for
from .strategies.base import GENERAL_YIELDS

if TYPE_CHECKING:
    from ..game import Game

DEFAULT_THINK_MS = 1000
#: candidate moves compared per decision (the greedy move among them)
MAX_CANDIDATES = 6
#: alternatives per kind of move (roads, robber places, settlements ...)
PER_KIND = 2
#: a play-out stops after this many moves even if the seat's turn has not come back
MAX_PLAYOUT_MOVES = 400
#: kinds never searched (the greedy bot's answer is taken): bank trades and discards
#: (too many, each small), offers (open-ended)
SKIPPED_KINDS = frozenset({"trade", "offer", "discard"})
#: a won (lost) play-out's score: above any standing short of a win, not far above
WIN_SCORE = 10.0
#: a production pip's worth in VP: the first plus the second per point the leader still
#: needs (up to 8): early, production is the game; near the end, only points count
PIP_WORTH = (0.02, 0.015)
#: an alternative replaces the greedy move only when its paired advantage exceeds this many
#: standard errors (several alternatives are compared at once: one would be chosen on luck)
CONFIDENCE = 2.0
#: at least this many rounds before an alternative may replace the greedy move
MIN_ROUNDS = 3
#: a search narrows to fewer candidates when its budget would not play this many rounds
#: of them all (see fit_budget)
TARGET_ROUNDS = 6
#: play-outs run until the seat's turn has come back this many times (two rounds measured
#: better than one or three against greedy, in the base game at 250-500 ms)
HORIZON = 2
#: play-out moves per millisecond of thinking (greedy moves with the copies and the dealing)
#: on a map with ships.  Below the pace measured on the reference machine
#: (benchmarks/search_time.py, 200 ms, 30 turns: Cloth 2.9, Pirate Islands 3.9 moves per
#: processor ms), so the median decision stays within its budget
MOVES_PER_MS = 2.4
#: the same on a map without ships (measured: base 8.3)
MOVES_PER_MS_LAND = 6.0
#: a set-up placement's budget is this many times a decision's
SETUP_FACTOR = 4.0
#: a set-up settlement compares this many spots (the greedy one among them), each played
#: to the end of the set-up; with a budget too small for dice (below), it leaves the
#: greedy spot only for one this much better at the set-up's end
SETUP_WIDTH = 12
SETUP_MARGIN = 0.05
#: then, on a map without ships, the greedy spot and the best others at the set-up's end,
#: this many in all, play on through this many rounds of dice, world by world on the same
#: dice; another spot replaces the greedy one when its paired advantage exceeds this many
#: standard errors.  Measured against three greedy bots at 200 ms: base, 200 games with
#: the set-up alone searched, 30.0% of wins judged at the set-up's end, 35.0% with the
#: dice; on the sea maps the whole bot won less with them (Cloth 45.0% -> 33.3%, The
#: Pirate Islands 31.7% -> 23.3%, 60 games each), so there the set-up's end decides
SETUP_KEEP = 6
SETUP_ROUNDS = 8
SETUP_ROUNDS_SEA = 0
SETUP_CONFIDENCE = 1.0
#: after this many rounds, only the greedy move and the best KEEP alternatives play on
PRUNE_ROUNDS = (2, 5)
KEEP = (3, 1)
#: a decision never takes more than this multiple of its budget in processor time (a
#: machine much slower than the reference one; only then does the clock change the play)
CPU_CAP = 3.0


class SearchBot:
    kind = "search"

    def __init__(self, think_ms: int = DEFAULT_THINK_MS, rollouts: int | None = None) -> None:
        self.think_ms = think_ms
        self.rollouts = rollouts
        self.greedy = GreedyBot()
        self.playout = GreedyBot()
        self.last_rounds = 0       # rounds played for the last decision (benchmarks)
        self.last_moves = 0        # play-out moves made for the last decision (benchmarks)
        self.last_searched = False  # the last decision compared two or more candidates (benchmarks)
        self.last_changed = False   # ... and played another than the greedy move (benchmarks)

    def choose(self, game: "Game", seat: str) -> str:
        return game.text(self.choose_action(game, seat))

    def choose_action(self, game: "Game", seat: str) -> Action:
        start = time.thread_time()
        self.last_rounds = self.last_moves = 0
        self.last_searched = self.last_changed = False
        greedy_move = self.greedy.choose_action(game, seat)
        me = game.seat(seat)
        candidates = self.candidates(game, seat, greedy_move)
        if len(candidates) < 2 or not can_determinise(game, me):
            return greedy_move
        self.last_searched = True
        if game.engine.s.phase == "setup" and greedy_move.kind == "build-settlement":
            chosen = self.place(game, me, candidates)
        else:
            chosen = self.search(game, me, candidates, start)
        self.last_changed = chosen != greedy_move
        return chosen

    # --- what to compare ------------------------------------------------------------
    def candidates(self, game: "Game", seat: str, greedy_move: Action) -> list[Action]:
        """The greedy move, then per kind the moves the greedy bot values most (setup
        spots, roads toward sites) or a few chosen by the bot's generator."""
        if greedy_move.kind in SKIPPED_KINDS:
            return [greedy_move]
        ctx = Ctx(game, seat)
        kinds = {k: v for k, v in ctx.kinds().items() if k not in SKIPPED_KINDS}
        if set(kinds) <= {"roll"} or (set(kinds) <= {"roll", "play-knight"} and greedy_move.kind == "roll"
                                      and self.greedy.robber_hurts_me(ctx) == 0):
            return [greedy_move]
        rng = bot_rng(game, ctx.me, "search-candidates")
        strat = strategy_for(ctx.board.scenario)
        out = [greedy_move]
        if game.engine.s.phase == "setup" and greedy_move.kind == "build-settlement":
            spots = sorted((a for a in kinds["build-settlement"] if a != greedy_move),
                           key=lambda a: (-self.greedy.spot_value(ctx, strat, a.args[0]), a.args[0]))
            return out + spots[:SETUP_WIDTH - 1]
        for kind in sorted(kinds):
            options = [a for a in kinds[kind] if a != greedy_move]
            if kind == "build-settlement":
                options.sort(key=lambda a: -self.greedy.spot_value(ctx, strat, a.args[0]))
            elif kind == "build-city":
                b = board_of(game)
                options.sort(key=lambda a: -b.node_pips[a.args[0]])
            else:
                rng.shuffle(options)
            out.extend(options[:PER_KIND])
        cap = width(game)
        if len(out) > cap:
            rest = out[1:]
            ends = [a for a in rest if a.kind == "end"]
            others = [a for a in rest if a.kind != "end"]
            out = [greedy_move] + ends + others[:cap - 1 - len(ends)]
        return self.with_own_verbs(game, ctx.me, kinds, out, cap)

    def with_own_verbs(self, game: "Game", me: int, kinds: dict[str, list[Action]],
                       out: list[Action], cap: int = MAX_CANDIDATES) -> list[Action]:
        """``out`` with a move of each of the scenario's own kinds it lacks (sail, rescue,
        move knight ...): the cap above keeps kinds in alphabetical order, and would drop
        a scenario's verbs after the general ones.  A missing kind takes a free place, else
        the last second move of a kind, else the last general move other than ending the
        turn (never the greedy move); where no kind of its own was dropped, nothing changes."""
        own = game.engine.verbs
        missing = [k for k in sorted(kinds) if k in own and all(a.kind != k for a in out)]
        if not missing:
            return out
        rng = bot_rng(game, me, "search-own-verbs")
        for kind in missing:
            move = rng.choice(kinds[kind])
            if len(out) < cap:
                out.append(move)
                continue
            seen: dict[str, int] = {}
            for a in out:
                seen[a.kind] = seen.get(a.kind, 0) + 1
            places = range(len(out) - 1, 0, -1)
            slot = next((i for i in places if seen[out[i].kind] > 1 and out[i].kind != "end"), None)
            if slot is None:
                slot = next((i for i in places if out[i].kind not in own and out[i].kind != "end"), None)
            if slot is None:
                break
            out[slot] = move
        return out

    # --- the search --------------------------------------------------------------------
    def budget(self, game: "Game") -> float:
        """This decision's budget in play-out moves: ``think_ms`` at the pace of the map's
        play-outs (a map with ships plays out slower), ``SETUP_FACTOR`` times that for a
        set-up placement (four decisions a game that shape all the rest)."""
        factor = SETUP_FACTOR if game.engine.s.phase == "setup" else 1.0
        return self.think_ms * pace(game) * factor

    def search(self, game: "Game", me: int, candidates: list[Action], start: float) -> Action:
        """Rounds of paired play-outs until the next round would overrun the budget of
        moves (each live candidate's mean play-out predicts it), or ``rollouts`` rounds.
        After ``PRUNE_ROUNDS[k]`` rounds only the greedy move and the ``KEEP[k]`` best
        alternatives (by their paired advantage) play on, so the budget goes to the moves
        that may still beat the greedy one."""
        base = copy_game(game)
        rng = bot_rng(game, me, "search-worlds")
        scores: list[list[float]] = [[] for _ in candidates]
        made_by = [0] * len(candidates)
        live = list(range(len(candidates)))
        work = self.budget(game)
        cpu_cap = start + CPU_CAP * work / pace(game) / 1000.0
        rounds = used = 0
        while True:
            if self.rollouts is not None:
                if rounds >= self.rollouts:
                    break
            elif rounds >= 1:
                predicted = sum(made_by[i] / len(scores[i]) for i in live)
                if used + predicted > work or time.thread_time() > cpu_cap:
                    break
            world_seed = rng.getrandbits(64)
            for i in live:
                score, made = self.playout_score(base, me, candidates[i], world_seed)
                scores[i].append(score)
                made_by[i] += made + 1
                used += made + 1
            rounds += 1
            for after, keep in zip(PRUNE_ROUNDS, KEEP):
                if rounds == after and len(live) > keep + 1:
                    live = [0] + sorted(by_advantage(live, scores)[:keep])
            if self.rollouts is None:
                live = fit_budget(live, scores, made_by, rounds, work - used)
                if len(live) < 2:
                    break       # not even one alternative could reach MIN_ROUNDS: greedy's move
        self.last_rounds, self.last_moves = rounds, used
        return candidates[best_paired(scores)]

    def place(self, game: "Game", me: int, candidates: list[Action]) -> Action:
        """A set-up settlement, judged in two steps.  First each candidate spot is played
        on by greedy for every seat to the end of the set-up: no dice fall in it and the
        greedy bots place as the real ones would (their choices among near-equal spots
        drawn from the position), so one play-out per spot says where everyone settles,
        and the ``SETUP_WIDTH`` best spots by the greedy bot's value are weighed.  Then the
        greedy spot and the best others at the set-up's end (``SETUP_KEEP``) play on
        through ``SETUP_ROUNDS`` rounds of dice, round after round of common worlds, the
        placements' worth measured by what they build and win (:func:`evaluate`), not by
        their pips alone; another spot replaces the greedy one only when it is better by
        ``SETUP_CONFIDENCE`` standard errors.  A map with ships (``SETUP_ROUNDS_SEA``)
        or a budget too small for two rounds of dice decides at the set-up's end
        (``SETUP_MARGIN``)."""
        base = copy_game(game)
        rng = bot_rng(game, me, "search-worlds")
        world_seed = rng.getrandbits(64)
        work = self.budget(game)
        settled: list[tuple[float, Game | None]] = []
        for action in candidates:
            if settled and self.rollouts is None and self.last_moves * (1 + 1 / len(settled)) > work:
                break           # the next spot would overrun the budget (a small one)
            world, made = self.play_out(base, me, action, world_seed, setup_only=True)
            settled.append((-WIN_SCORE, None) if world is None else (setup_worth(world, me), world))
            self.last_moves += made + 1
        self.last_rounds = 1
        scores = [score for score, _ in settled]
        best = max(range(len(scores)), key=lambda i: (scores[i], -i))
        at_setup_end = candidates[best] if scores[best] > scores[0] + SETUP_MARGIN else candidates[0]
        dice_rounds = SETUP_ROUNDS_SEA if game.engine.scen.rules.ships else SETUP_ROUNDS
        ranked = sorted((i for i in range(1, len(settled)) if settled[i][1] is not None),
                        key=lambda i: (-scores[i], i))
        keep = [0] + ranked[:SETUP_KEEP - 1]
        starts = [world for i in keep if (world := settled[i][1]) is not None]
        if not dice_rounds or len(starts) != len(keep) or len(keep) < 2:
            return at_setup_end
        results: list[list[float]] = [[] for _ in keep]
        start_moves = self.last_moves
        rounds = 0
        while self.rollouts is None or rounds < self.rollouts:
            if self.rollouts is None:
                # before the first round, a floor: a few moves a round for every spot
                per_round = (self.last_moves - start_moves) / rounds if rounds else dice_rounds * 4 * len(keep)
                if self.last_moves + per_round > work:
                    break
            seed = rng.getrandbits(64)
            for k, start in enumerate(starts):
                world = copy_game(start)
                determinise(world, me, random.Random(seed), paired=True)
                self.playout.forget_turn_memo()
                made = self.play_on(world, me, dice_rounds)
                results[k].append(evaluate(world, me))
                self.last_moves += made + 1
            rounds += 1
        if rounds < 2:
            return at_setup_end
        self.last_rounds += rounds
        return candidates[keep[best_paired(results, SETUP_CONFIDENCE)]]

    def playout_score(self, base: "Game", me: int, action: Action, world_seed: int) -> tuple[float, int]:
        """The score for ``me`` of :meth:`play_out`'s world and the number of moves played
        after ``action`` (a set-up spot is scored in :meth:`place`, which keeps the world)."""
        world, made = self.play_out(base, me, action, world_seed)
        if world is None:
            return -WIN_SCORE, 0  # not legal in this world (cannot happen for a seat's own move)
        return evaluate(world, me), made

    def play_out(self, base: "Game", me: int, action: Action, world_seed: int,
                 setup_only: bool = False) -> tuple["Game | None", int]:
        """Play ``action`` in a fresh world of seed ``world_seed``, then greedy for every
        seat until ``me``'s turn has come round :func:`horizon` times (``setup_only``: until
        the set-up ends); the world (None if ``action`` is not legal in it) and the number
        of moves played after ``action``."""
        world = copy_game(base)
        determinise(world, me, random.Random(world_seed), paired=True)
        # a new copy may reuse a dropped one's id, the play-out bot's memo key
        self.playout.forget_turn_memo()
        try:
            world.execute(action)
        except CatanError:
            return None, 0
        return world, self.play_on(world, me, horizon(base), setup_only)

    def play_on(self, world: "Game", me: int, rounds: int, setup_only: bool = False) -> int:
        """Greedy for every seat in ``world`` until ``me``'s turn has come round ``rounds``
        times after the set-up (``setup_only``: until the set-up ends), at most
        ``MAX_PLAYOUT_MOVES`` moves for ``HORIZON`` rounds (more rounds, more in
        proportion); the number of moves played."""
        engine = world.engine
        s = engine.s
        setup = s.phase == "setup"
        left_my_turn = s.current != me
        returns = made = 0
        for made in range(MAX_PLAYOUT_MOVES * max(rounds, HORIZON) // HORIZON):
            if world.over:
                break
            if not setup and left_my_turn and s.current == me:
                returns += 1
                if returns >= rounds:
                    break
                left_my_turn = False
            if setup and s.phase != "setup":
                if setup_only:
                    return made
                setup = False
                left_my_turn = s.current != me
            seat = engine.prompt_seat()
            try:
                # execute, not engine.apply: the history's lines count the commands, so
                # the greedy seats choose as the real ones will (see determinise.copy_game)
                world.execute(self.playout.choose_action(world, engine.name(seat)))
            except CatanError:
                break
            if s.current != me:
                left_my_turn = True
        return made


def pace(game: "Game") -> float:
    """Play-out moves per processor millisecond of thinking in ``game``'s scenario: its
    strategy's measured ``playout_pace``, else the general pace of its map; in the compiled
    build, times the strategy's measured ``compiled_speedup`` (1.0 unless it gives one)."""
    strat = strategy_for(game.engine.s.scenario)
    own = strat.playout_pace(game)
    general = own if own is not None else (MOVES_PER_MS if game.engine.scen.rules.ships else MOVES_PER_MS_LAND)
    return general * strat.compiled_speedup(game) if compiled_build() else general


@functools.cache
def compiled_build() -> bool:
    """Whether the engine runs compiled (:func:`catan_cli.build`, looked up once)."""
    from .. import build
    return build() == "compiled"


def width(game: "Game") -> int:
    """Candidates a decision compares at most in ``game``'s scenario: its strategy's
    ``search_width`` (a scenario whose budget buys about one round of six play-outs keeps
    fewer, so its alternatives play more rounds), else ``MAX_CANDIDATES``."""
    own = strategy_for(game.engine.s.scenario).search_width(game)
    return MAX_CANDIDATES if own is None else max(2, own)


def horizon(game: "Game") -> int:
    """Rounds a play-out runs in ``game``'s scenario: its strategy's ``playout_horizon``
    (a slow scenario's shorter play-outs let more of them fit the budget), else ``HORIZON``."""
    own = strategy_for(game.engine.s.scenario).playout_horizon(game)
    return HORIZON if own is None else max(1, own)


def evaluate(world: "Game", me: int) -> float:
    """``me``'s standing in ``world``: its worth minus the best other seat's.  A seat's
    worth is its scenario strategy's ``standing`` where the scenario measures it its own
    way (The Pirate Islands', Land Ho!'s and the Legend's Chapter 4's fitted weights);
    otherwise victory points, then what they will bring: production
    (:func:`production_worth`) worth more the more points the leader still needs
    (``PIP_WORTH``), cards in hand, development cards, knights and the strategy's
    ``playout_worth`` (the scenario's own goals, such as Cloth's).  A won play-out counts
    ``WIN_SCORE``: decisive, yet not so far off the scale that one lucky round outweighs
    every other round's difference."""
    if world.engine.s.winners:
        return WIN_SCORE if me in world.engine.s.winners else -WIN_SCORE
    worth = worths(world)
    return worth[me] - max(w for i, w in enumerate(worth) if i != me)


def worths(world: "Game") -> list[float]:
    """Every seat's worth in ``world``, in victory points (see :func:`evaluate`); the coach
    turns them into win chances (:func:`.coach.win_shares`)."""
    e, s = world.engine, world.engine.s
    strat = strategy_for(s.scenario)
    n = len(s.players)
    prod = production_worth(world, yields=strat.production_yields())
    vps = [e.vp(i) for i in range(n)]
    left = max(1, e.scen.vp_target - max(vps))
    pip_worth = PIP_WORTH[0] + PIP_WORTH[1] * min(left, 8)
    worth = []
    for i, p in enumerate(s.players):
        own = strat.standing(world, i, prod[i])
        if own is not None:
            worth.append(own)
            continue
        cards = sum(p.resources)
        worth.append(vps[i] + pip_worth * prod[i] + 0.06 * min(cards, 7) + 0.25 * len(p.dev_cards)
                     + 0.15 * p.knights + strat.playout_worth(world, i))
    return worth


def setup_worth(world: "Game", me: int) -> float:
    """``me``'s standing at the end of the set-up (no dice have fallen, no points differ):
    :func:`evaluate`'s production worth with the scenario's resource weights and the
    greedy bot's own scenario bonus of each settlement (a village in reach, a lane's
    lumber), the best other seat's subtracted."""
    e, s = world.engine, world.engine.s
    strat = strategy_for(s.scenario)
    n = len(s.players)
    pip_worth = PIP_WORTH[0] + PIP_WORTH[1] * min(e.scen.vp_target - max(e.vp(i) for i in range(n)), 8)
    worth = []
    for i in range(n):
        ctx = Ctx(world, e.name(i))
        weights = strat.resource_weights(ctx)
        prod = production_worth(world, weights)[i]
        bonus = sum(strat.spot_bonus(ctx, node) for node, owner in enumerate(s.node_owner)
                    if owner == i and s.node_kind[node] in (1, 2))
        worth.append(pip_worth * (prod + bonus) + strat.playout_worth(world, i))
    return worth[me] - max(w for i, w in enumerate(worth) if i != me)


def production_worth(world: "Game", weights: tuple[float, ...] = (1.0,) * 5,
                     yields: tuple[int, ...] = GENERAL_YIELDS) -> list[float]:
    """Each seat's production in pips (off the robber, cities double), a resource's first
    pips worth more than its later ones (``p + 3 ln(1 + p / 2.5)``: the greedy bot's
    set-up weighting, summed), gold 1.7 a pip, and its harbours (a 3:1 worth 1.5 pips,
    a 2:1 a third of its resource's pips); ``weights`` per resource (lumber .. ore);
    ``yields``: what a building of each node code yields per pip (the strategy's
    ``production_yields``: Land Ho!'s harbour settlements produce too)."""
    s = world.engine.s
    board = board_of(world)
    n = len(s.players)
    pips = [[0.0] * 6 for _ in range(n)]
    harbors: list[set[int]] = [set() for _ in range(n)]
    for node, owner in enumerate(s.node_owner):
        kind = s.node_kind[node]
        made = yields[kind] if owner >= 0 and kind < len(yields) else 0
        if made > 0:
            for h in board.node_hexes[node]:
                r = board.hex_res[h]
                if h != s.robber and 0 <= r <= 5:
                    pips[owner][r] += board.hex_pips[h] * made
            if board.node_harbor[node] >= 0:
                harbors[owner].add(board.node_harbor[node])
    out = []
    for i in range(n):
        mine = pips[i]
        val = sum(weights[r] * (mine[r] + 3.0 * math.log1p(mine[r] / 2.5)) for r in range(5)) + 1.7 * mine[5]
        for hb in harbors[i]:
            val += 1.5 if hb == 5 else 0.35 * mine[hb]
        out.append(val)
    return out


def fit_budget(live: list[int], scores: list[list[float]], made_by: list[int], rounds: int,
               left: float) -> list[int]:
    """The candidates to play on (the greedy move first) so that the moves ``left`` buy at
    least ``TARGET_ROUNDS`` rounds in all: the best alternatives by their paired advantage,
    as many as fit (at least one).  A slow map's play-outs are long, and six candidates
    would share its budget in two or three rounds, too few for any to be trusted over the
    greedy move (``MIN_ROUNDS``): then the budget goes to the likeliest.  Only the greedy
    move when not even one alternative can reach ``MIN_ROUNDS``."""
    mean = {i: made_by[i] / len(scores[i]) for i in live}

    def reach(kept: list[int]) -> float:
        return rounds + left / sum(mean[i] for i in kept)

    if len(live) > 2 and reach(live) < TARGET_ROUNDS:
        ranked = by_advantage(live, scores)
        keep = len(ranked)
        while keep > 1 and reach([live[0]] + ranked[:keep]) < TARGET_ROUNDS:
            keep -= 1
        live = [live[0]] + sorted(ranked[:keep])
    if len(live) == 2 and reach(live) < MIN_ROUNDS:
        return live[:1]
    return live


def by_advantage(live: list[int], scores: list[list[float]]) -> list[int]:
    """The live alternatives (``live`` without the greedy move, its first), best paired
    advantage over the greedy move first, ties by index."""
    return sorted(live[1:], key=lambda i: (-paired_mean(scores[0], scores[i]), i))


def paired_mean(greedy: list[float], other: list[float]) -> float:
    """``other``'s mean advantage over the greedy move in the rounds both played."""
    n = len(other)
    return sum(other[k] - greedy[k] for k in range(n)) / n if n else 0.0


def best_paired(scores: list[list[float]], confidence: float = CONFIDENCE) -> int:
    """The candidate to play: the alternative with the best paired advantage over the first
    (the greedy move), if it played at least ``MIN_ROUNDS`` rounds and that advantage exceeds
    ``confidence`` standard errors; else the first.  An alternative's rounds are the first
    ones (it may have been pruned after them), paired with the greedy move's same rounds."""
    best, best_mean = 0, 0.0
    for i in range(1, len(scores)):
        n = len(scores[i])
        if n < max(2, MIN_ROUNDS):
            continue
        diffs = [scores[i][k] - scores[0][k] for k in range(n)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if mean > confidence * math.sqrt(var / n) and mean > best_mean:
            best, best_mean = i, mean
    return best


__all__ = ["DEFAULT_THINK_MS", "GENERAL_YIELDS", "SearchBot", "best_paired", "evaluate", "horizon", "pace",
           "paired_mean", "width", "worths"]
