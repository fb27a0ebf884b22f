"""The hard bot as a coach: ``hint`` shows its three best moves for a seat's own decision,
each with an estimated win chance and one line of why.

Nothing here plays a move or reads what the seat may not see.  The candidates are the
searching bot's (:meth:`.search.SearchBot.candidates`: the greedy move, then the best of
each kind), widened to at least three where the seat has that many moves.  They are then
ranked one of two ways, and the answer says which:

* searched: paired play-outs in worlds the seat cannot tell from the real one
  (:mod:`.determinise`: every hidden card dealt afresh, new dice), greedy playing every
  seat, as the searching bot does, until the budget of play-out moves is spent or the
  seat's thread has used its ``think_ms`` of processor time;
* evaluated: where a scenario keeps state hidden from the seat that cannot be dealt afresh
  (:func:`.determinise.can_determinise`), the bot does not search; the moves are then ranked
  by the evaluation of the position right after each, in a world with the cards dealt afresh.

A win chance is the seat's share of a conditional logit over every seat's worth at the end
of a play-out (``exp(k w_i) / sum_j exp(k w_j)``, :func:`win_shares`, ``k`` fitted to who
won greedy games: ``WIN_SCALE``; a won play-out counts 1 for its winner), averaged over the
play-outs: an estimate from the evaluation, not a count of won games.  The line of why compares the position before and after the move in
one such world: victory points, production gained, longest route and largest army reached,
another seat's production or route blocked.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..engine.actions import Action
from ..engine.geometry import RESOURCES
from ..errors import CatanError, RuleError
from .context import Ctx, board_of
from .determinise import can_determinise, copy_game, determinise
from .rng import bot_rng
from .search import DEFAULT_THINK_MS, MAX_CANDIDATES, SearchBot, pace, worths

if TYPE_CHECKING:
    from ..game import Game

#: moves a hint shows
HINTS = 3
#: a worth's scale in the conditional logit of who wins (per VP of worth), fitted to who won
#: 120 greedy 3-player games from each turn's start (benchmarks/fit_win_scale.py, seed 5000:
#: base 0.510, Cloth for Catan 0.478, The Pirate Islands 0.425); elsewhere the base game's
WIN_SCALE = {"base": 0.51, "cloth-for-catan": 0.48, "pirate-islands": 0.43}
DEFAULT_WIN_SCALE = 0.51
#: after this many rounds only the best KEEP candidates play on (never fewer than HINTS)
PRUNE_AFTER = 3
KEEP = 4
#: kinds never offered as a hint: an offer is open-ended (its terms are the player's)
NEVER_HINTED = frozenset({"offer"})


@dataclass(frozen=True)
class Suggestion:
    """One move: its command as the seat types it, its estimated win chance (0..1) and why."""

    command: str
    chance: float
    why: str


@dataclass(frozen=True)
class Hint:
    """The coach's answer for ``seat``: up to three suggestions, best first, and how they were
    ranked (``searched``: play-outs, ``rounds`` of them per move; else the evaluation)."""

    seat: str
    suggestions: tuple[Suggestion, ...]
    searched: bool
    rounds: int
    elapsed_ms: float

    def lines(self) -> list[str]:
        """The answer as text lines: a heading saying how the moves were ranked, then one
        line per move (``1. build city 12 · 31% to win · +1 VP, +4 pips of ore``)."""
        if self.searched:
            how = (f"the hard bot's best moves for {self.seat} ({self.rounds} round"
                   f"{'s' if self.rounds != 1 else ''} of play-outs, in worlds dealt from what {self.seat} can see)")
        elif self.rounds:
            how = (f"the hard bot's best moves for {self.seat}: it does not search this position "
                   "(the scenario hides state it cannot deal afresh), so they are ranked by its "
                   "evaluation of the position after each move")
        else:
            how = f"the hard bot's move for {self.seat}: the only legal one"
        out = [how + ":"]
        for i, s in enumerate(self.suggestions, 1):
            out.append(f"{i}. {s.command} · {s.chance:.0%} to win (estimated) · {s.why}")
        return out


def hint(game: "Game", seat: str, think_ms: int = DEFAULT_THINK_MS, rounds: int | None = None) -> Hint:
    """The hard bot's best moves for ``seat``'s decision now, from ``seat``'s view only.
    ``think_ms``: the budget (play-out moves at the searching bot's pace, and at most that
    much processor time); ``rounds``: a fixed number of play-out rounds instead (tests).
    RuleError when the seat has nothing to decide."""
    start = time.thread_time()
    if game.over:
        raise RuleError("the game is over: there is no move to hint")
    me = game.seat(seat)
    ctx = Ctx(game, seat)
    legal = [a for a in ctx.legal if a.kind not in NEVER_HINTED]
    if not legal:
        raise RuleError(f"{seat} has nothing to decide now: the game waits for {game.prompt_player()}")
    bot = SearchBot(think_ms=think_ms)
    greedy_move = bot.greedy.choose_action(game, seat)
    candidates = widened(game, seat, bot.candidates(game, seat, greedy_move), legal)
    if len(candidates) == 1:
        only = candidates[0]
        return Hint(seat, (Suggestion(command_for(game, seat, only), *judged(game, me, [only])[0]),),
                    False, 0, _ms_since(start))
    verdicts = judged(game, me, candidates)
    whys = [why for _, why in verdicts]
    searched_ = can_determinise(game, me)
    if searched_:
        chances, played, kept = searched(game, me, candidates, think_ms, rounds, start)
    else:
        chances, played, kept = [chance for chance, _ in verdicts], 1, set(range(len(candidates)))
    order = sorted(range(len(candidates)), key=lambda i: (-chances[i], i not in kept, i))[:HINTS]
    suggestions = tuple(Suggestion(command_for(game, seat, candidates[i]), chances[i], whys[i]) for i in order)
    return Hint(seat, suggestions, searched_, played, _ms_since(start))


def _ms_since(start: float) -> float:
    return (time.thread_time() - start) * 1000.0


def command_for(game: "Game", seat: str, action: Action) -> str:
    """The command as ``seat`` types it (without its own name in front)."""
    return game.text(action).removeprefix(f"{seat}: ")


def widened(game: "Game", seat: str, candidates: list[Action], legal: list[Action]) -> list[Action]:
    """The search's candidates, and where they are fewer than ``HINTS`` other legal moves
    (drawn by the bot's generator, so the same position gives the same hint), up to
    ``MAX_CANDIDATES`` in all."""
    out = [a for a in candidates if a.kind not in NEVER_HINTED] or legal[:1]
    if len(out) >= HINTS:
        return out
    rest = [a for a in legal if a not in out]
    bot_rng(game, seat, "hint-candidates").shuffle(rest)
    return out + rest[:MAX_CANDIDATES - len(out)]


def win_shares(world: "Game") -> list[float]:
    """Every seat's estimated chance to win from ``world``: 1 for a winner; otherwise a
    conditional logit over the seats' worths (:func:`.search.worths`)."""
    s = world.engine.s
    n = len(s.players)
    if s.winners:
        return [1.0 / len(s.winners) if i in s.winners else 0.0 for i in range(n)]
    w = worths(world)
    top = max(w)
    k = WIN_SCALE.get(s.scenario, DEFAULT_WIN_SCALE)
    weights = [math.exp(k * (x - top)) for x in w]
    total = sum(weights)
    return [x / total for x in weights]


def searched(game: "Game", me: int, candidates: list[Action], think_ms: int, rounds: int | None,
             start: float) -> tuple[list[float], int, set[int]]:
    """Each candidate's mean win share over paired play-outs (every candidate in the same
    worlds with the same dice), the rounds the best ones played, and which played them.  Stops when the next
    round would overrun the budget of moves, or the ``think_ms`` of processor time (a slow
    or busy machine: the last round, per move still playing, says how long the next takes);
    after ``PRUNE_AFTER`` rounds only the ``KEEP`` best play on."""
    bot = SearchBot(think_ms=think_ms)
    base = copy_game(game)
    worlds = bot_rng(game, me, "hint-worlds")
    work = think_ms * pace(game)
    deadline = start + think_ms / 1000.0
    shares: list[list[float]] = [[] for _ in candidates]
    made_by = [0] * len(candidates)
    live = list(range(len(candidates)))
    played = used = 0
    per_move = 0.0          # processor seconds of the last round, per candidate in it
    while True:
        if rounds is not None:
            if played >= rounds:
                break
        elif played >= 1:
            predicted = sum(made_by[i] / len(shares[i]) for i in live)
            if used + predicted > work or time.thread_time() + per_move * len(live) > deadline:
                break
        seed = worlds.getrandbits(64)
        round_start = time.thread_time()
        for i in live:
            world, made = bot.play_out(base, me, candidates[i], seed)
            shares[i].append(0.0 if world is None else win_shares(world)[me])
            made_by[i] += made + 1
            used += made + 1
        per_move = (time.thread_time() - round_start) / len(live)
        played += 1
        if played == PRUNE_AFTER and len(live) > KEEP:
            live = sorted(sorted(live, key=lambda i: -_mean(shares[i]))[:KEEP])
    # a move pruned early is ranked by its fewer rounds, below every move that played on
    chances = [_mean(shares[i]) if i in live else min(_mean(shares[i]), *(_mean(shares[j]) for j in live))
               for i in range(len(candidates))]
    return chances, played, set(live)


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0


def judged(game: "Game", me: int, candidates: list[Action]) -> list[tuple[float, str]]:
    """Per candidate, the win share right after it and its line of why, in one world dealt
    from ``me``'s view (the same world for every candidate)."""
    base = copy_game(game)
    determinise(base, me, bot_rng(game, me, "hint-why"))
    out = []
    for action in candidates:
        world = copy_game(base)
        try:
            world.execute(action)
        except CatanError:
            out.append((0.0, "not legal in every world the seat cannot tell apart"))
            continue
        out.append((win_shares(world)[me], why(base, world, me, action)))
    return out


def why(before: "Game", after: "Game", me: int, action: Action) -> str:
    """One line: what ``action`` changed between ``before`` and ``after`` for ``me`` and the
    others (points, production, routes, army, what it blocks), or what kind of move it is."""
    e0, e1 = before.engine, after.engine
    s0, s1 = e0.s, e1.s
    names = [e1.name(i) for i in range(len(s1.players))]
    parts: list[str] = []
    if s1.winners and me in s1.winners:
        return "wins the game"
    if action.kind in CHANCE_KINDS:      # what it draws is not known yet: say what it is
        return _kind_words(action)
    vp = e1.vp(me) - e0.vp(me)
    if vp:
        parts.append(f"{vp:+d} VP")
    p0, p1 = _pips(before), _pips(after)
    gained = [(p1[me][r] - p0[me][r], r) for r in range(6) if p1[me][r] > p0[me][r]]
    if gained:
        total = sum(g for g, _ in gained)
        kinds = " ".join(_res_name(r) for _, r in sorted(gained, reverse=True))
        parts.append(f"+{total} pips of production ({kinds})")
    if s1.longest_holder == me and s0.longest_holder != me:
        parts.append("takes the longest route")
    elif me < len(s1.route_len) and me < len(s0.route_len) and s1.route_len[me] > s0.route_len[me]:
        parts.append(f"route {s0.route_len[me]} -> {s1.route_len[me]}")
    if s1.army_holder == me and s0.army_holder != me:
        parts.append("takes the largest army")
    elif s1.players[me].knights > s0.players[me].knights:
        parts.append(f"army {s0.players[me].knights} -> {s1.players[me].knights} knights")
    for i, name in enumerate(names):
        if i == me:
            continue
        lost = sum(p0[i]) - sum(p1[i])
        if lost > 0:
            parts.append(f"blocks {lost} pips of {name}'s")
        if i < len(s1.route_len) and i < len(s0.route_len) and s1.route_len[i] < s0.route_len[i]:
            parts.append(f"cuts {name}'s route {s0.route_len[i]} -> {s1.route_len[i]}")
    if not parts:
        parts.append(_kind_words(action))
    return ", ".join(parts)


def _pips(world: "Game") -> list[list[int]]:
    """Every seat's production in pips per resource (gold last), off the robber, cities double."""
    s = world.engine.s
    board = board_of(world)
    out = [[0] * 6 for _ in s.players]
    for node, owner in enumerate(s.node_owner):
        kind = s.node_kind[node]
        if owner >= 0 and kind in (1, 2):
            for h in board.node_hexes[node]:
                r = board.hex_res[h]
                if h != s.robber and 0 <= r <= 5:
                    out[owner][r] += board.hex_pips[h] * kind
    return out


def _res_name(r: int) -> str:
    return RESOURCES[r] if r < len(RESOURCES) else "gold"


#: moves whose outcome is drawn (the world's draw would say what the seat cannot know)
CHANCE_KINDS = frozenset({"roll", "buy-card"})
KIND_WORDS = {
    "roll": "rolls: nothing better before the dice",
    "end": "keeps the cards for a better use later",
    "buy-card": "buys a development card",
    "trade": "a trade toward the next build",
    "discard": "keeps the cards the next build needs",
    "accept": "the trade helps more than it helps them",
    "decline": "the trade helps them more",
}


def _kind_words(action: Action) -> str:
    return KIND_WORDS.get(action.kind, f"{action.kind.replace('-', ' ')}: best in the play-outs")


__all__ = ["HINTS", "Hint", "Suggestion", "hint", "win_shares"]
