"""Worlds a seat cannot tell apart from the real game: copies of the game in which every
card it cannot see is dealt afresh from what it can know.

What a seat knows: its own hand and development cards, the bank, every hand's and the
deck's size, every card ever played (each play is announced; ``PlayerState.played``), when
each development card was bought, and the cards a pending offer promises.  Everything else
-- which resources the other hands hold, which development cards they and the deck hold,
and the dice generator -- is drawn from ``rng``: the unseen resources are the supply minus
the bank and the seat's own hand; the unseen development cards are the scenario's deck
minus the seat's own and every played card.  Nothing from the real hidden cards survives
into the copy, so a decision made on such worlds cannot depend on them.

A scenario's state hidden from the seat (owner-only for another seat, or nobody's: face-down
hexes and their numbers, chests, castaways, gold-field tokens, sea robber cards, spices, a
scenario's own deck) is dealt afresh by the scenario's own declaration, each item's
``StateItem.redeal`` (the whole set less what is face up and the seat's own, shuffled over
the hidden places, every count and place the seat sees kept: :mod:`..engine.hidden`).  So a
new scenario gets searched by declaring how its hidden items are dealt; where a hidden item
holds state and declares no deal, :func:`can_determinise` says so (the searching bot then
plays greedy) rather than let the copy carry the real hidden values into the search.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Callable

from ..engine.declare import Visibility
from ..engine.scenario import DEV_CARDS

if TYPE_CHECKING:
    from ..engine.context import RulesContext
    from ..game import Game

Redeal = Callable[["RulesContext", int, random.Random], None]


def copy_game(game: "Game") -> "Game":
    """An independent copy of ``game`` for play-outs (``Engine.copy``: the state field by
    field, the map tables shared) with the history's lines (a list of the same strings).

    The history goes along because the bots read it: their generator is seeded with the
    number of commands played (:func:`.rng.bot_rng`) and the greedy bot counts the turn's
    trades and offers from it.  A copy played on with ``Game.execute`` therefore asks every
    greedy seat the question the real game will ask it, and gets the same answer: a
    play-out foresees the greedy opponents' real choices among near-equal moves (a set-up
    play-out, where no dice fall, foresees where they will settle)."""
    return game.copy()


class PairedDice(random.Random):
    """A play-out's generator whose dice (``randint``, the only call the engine rolls dice
    with) come from their own stream, apart from every other draw (steals, shuffles).  So
    the n-th roll of a play-out is the same whatever the candidate move changed before it
    (a steal more or less, a card bought): candidates compared in one world meet the same
    dice, and their difference is the move's, not the luck's."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.dice = random.Random(seed ^ 0x5DEECE66D)

    def randint(self, a: int, b: int) -> int:
        return self.dice.randint(a, b)


def can_determinise(game: "Game", me: int) -> bool:
    """Whether every piece of scenario state hidden from ``me`` can be dealt afresh: it
    declares its deal (``StateItem.redeal``), or holds nothing."""
    e, s = game.engine, game.engine.s
    for (scope, key), item in e.state_items.items():
        if item.visibility is Visibility.PUBLIC or item.redeal is not None:
            continue
        if scope == "game" and key in s.extra:
            return False
        if scope == "player" and any(key in p.extra for i, p in enumerate(s.players)
                                     if i != me or item.visibility is Visibility.NOBODY):
            return False
    return True


def _deal_scenario_state(world: "Game", me: int, rng: random.Random) -> None:
    """Each declared deal of the scenario's hidden state, once (items dealt from one pool
    name the same function), in the order the items are declared."""
    e = world.engine
    done: list[Redeal] = []
    for item in e.state_items.values():
        redeal = item.redeal
        if redeal is None or item.visibility is Visibility.PUBLIC or redeal in done:
            continue
        done.append(redeal)
        redeal(e.ctx, me, rng)


def determinise(world: "Game", me: int, rng: random.Random, paired: bool = False) -> None:
    """Deal ``world``'s cards hidden from ``me`` afresh (in place), keeping every count
    ``me`` can see; reseed its dice (``paired``: a :class:`PairedDice`, for play-outs)."""
    s = world.engine.s
    world.engine.touch()      # the cards change outside apply: drop the cached pictures
    seed = rng.getrandbits(64)
    s.rng = PairedDice(seed) if paired else random.Random(seed)
    others = [i for i in range(len(s.players)) if i != me]
    _deal_resources(world, me, others, rng)
    world.engine.public_hands.rebase(s)     # the deal is no move the table saw
    _deal_cards(world, me, others, rng)
    _deal_scenario_state(world, me, rng)


def _deal_resources(world: "Game", me: int, others: list[int], rng: random.Random) -> None:
    e, s = world.engine, world.engine.s
    promised: dict[int, list[int]] = {}
    for item in s.pending:
        # an offer (of resources, or of a scenario's goods beside them) shows what it gives
        if "from" in item and "give" in item and item["from"] != me:
            promised[int(item["from"])] = [int(x) for x in item["give"][:5]]
    # What the whole table knows a hand holds (the public count, or an offer's cards) stays
    # in that hand; only the rest is dealt from the cards nobody has seen.
    known = {i: [max(promised.get(i, [0] * 5)[r], s.public_min[i][r]) for r in range(5)] for i in others}
    pool_counts = [max(0, int(e.scen.bank[r]) - s.bank[r] - s.players[me].resources[r]
                       - sum(k[r] for k in known.values())) for r in range(5)]
    pool = [r for r in range(5) for _ in range(pool_counts[r])]
    rng.shuffle(pool)
    for i in others:
        p = s.players[i]
        hand = list(known[i])
        for _ in range(sum(p.resources) - sum(hand)):
            hand[pool.pop() if pool else rng.randrange(5)] += 1
        p.resources[:] = hand


def _deal_cards(world: "Game", me: int, others: list[int], rng: random.Random) -> None:
    e, s = world.engine, world.engine.s
    unseen = dict(e.scen.deck)
    for card, _ in s.players[me].dev_cards:
        unseen[card] = unseen.get(card, 0) - 1
    for p in s.players:
        for card, n in p.played.items():
            unseen[card] = unseen.get(card, 0) - n
    cards = [c for c in DEV_CARDS for _ in range(max(0, unseen.get(c, 0)))]
    needed = len(s.deck) + sum(len(s.players[i].dev_cards) for i in others)
    weights = [max(1, e.scen.deck.get(c, 0)) for c in DEV_CARDS]
    while len(cards) < needed:   # the counts disagree (a scenario's own use of cards): pad
        cards.append(rng.choices(DEV_CARDS, weights)[0])
    rng.shuffle(cards)
    del cards[needed:]
    for i in others:
        p = s.players[i]
        p.dev_cards = [[cards.pop(), bought] for _, bought in p.dev_cards]
    s.deck = cards


def world_of(game: "Game", me: int, rng: random.Random) -> "Game":
    """A copy of ``game`` with what ``me`` cannot see dealt afresh."""
    world = copy_game(game)
    determinise(world, me, rng)
    return world


__all__ = ["PairedDice", "can_determinise", "copy_game", "determinise", "world_of"]
