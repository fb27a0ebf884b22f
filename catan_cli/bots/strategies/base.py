"""General knowledge: the base game, and the hooks a scenario module overrides.

The greedy bot (:mod:`catan_cli.bots.greedy`) plays the general game: production by pips,
settlements, cities, roads toward good spots, development cards, Longest Road, Largest
Army, trades.  A scenario's module subclasses :class:`Strategy` and overrides only what its
scenario changes: where routes should go, what a spot or a move is worth beyond the general
game, and the scenario's own verbs and decisions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Hashable

from mypy_extensions import mypyc_attr

from ...engine.actions import Action

if TYPE_CHECKING:
    from ...game import Game
    from ..context import Ctx
    from ..greedy import Goal, GreedyBot


#: the base game: brick and lumber for the first roads, ore and grain for cities
LAND_WEIGHTS = (1.0, 1.0, 0.8, 0.95, 0.9)
#: a sea game: a ship is lumber and wool
SEA_WEIGHTS = (1.05, 0.9, 0.95, 0.95, 0.9)
#: what a settlement (node code 1) and a city (2) yield per pip; other node codes nothing
GENERAL_YIELDS = (0, 1, 2)


# Compiled with the bots; a scenario package outside this one subclasses it in plain Python.
@mypyc_attr(allow_interpreted_subclasses=True)
class Strategy:
    """The base game: no scenario goals.  Every hook has a neutral default."""

    key = "base"

    # --- valuing the map -------------------------------------------------------------
    def resource_weights(self, ctx: "Ctx") -> tuple[float, ...]:
        """What a pip of each resource (lumber brick wool grain ore) is worth at set-up and
        when choosing a site.  Where ships sail, wool and lumber build them: they count more."""
        if ctx.board.ships:
            return SEA_WEIGHTS
        return LAND_WEIGHTS

    def spot_bonus(self, ctx: "Ctx", node: int) -> float:
        """Extra value of a settlement on ``node`` beyond its production and harbour."""
        return 0.0

    def valuation_key(self, ctx: "Ctx") -> Hashable | None:
        """Everything the place hooks (``spot_bonus``, ``may_settle``, ``route_allowed``,
        ``route_targets``, ``resource_weights``) read beyond the board picture and the
        seat, as one value: while it and the picture stay, the bot keeps its valuations
        between decisions.  None: they read more than a key can say, nothing is kept.  A
        strategy that overrides none of those hooks needs none (the bot keeps anyway)."""
        return None

    def may_settle(self, ctx: "Ctx", node: int) -> bool:
        """Whether ``node`` is a place this seat could ever settle (beyond the map data)."""
        return True

    def route_allowed(self, ctx: "Ctx") -> Callable[[int, int], bool] | None:
        """Narrow where this seat's roads (mode 0) and ships (mode 1) may go, or None."""
        return None

    def route_targets(self, ctx: "Ctx") -> dict[int, float]:
        """Intersections worth reaching with a route for the scenario's sake, with a value
        comparable to a settlement spot's (villages, a fortress ...)."""
        return {}

    def setup_route_bonus(self, ctx: "Ctx", action: Action) -> float:
        return 0.0

    def extra_goals(self, ctx: "Ctx", bot: "GreedyBot", kinds: dict[str, list[Action]],
                    acting: bool) -> list["Goal"]:
        """The scenario's own build goals (value, cost, the legal action when there is one),
        weighed against the general ones: settlement about 10-15, city 10-13, card 4."""
        return []

    # --- decisions ------------------------------------------------------------------------
    def answer(self, ctx: "Ctx", bot: "GreedyBot") -> Action | None:
        """A scenario decision pending for this seat (steal, choose reward ...)."""
        return None

    def before_roll(self, ctx: "Ctx", bot: "GreedyBot") -> Action | None:
        return None

    def before_main(self, ctx: "Ctx", bot: "GreedyBot") -> Action | None:
        """A scenario move to make before the general build/trade logic, or None."""
        return None

    def before_end(self, ctx: "Ctx", bot: "GreedyBot") -> Action | None:
        """A scenario move to make instead of ending the turn (it may end it), or None."""
        return None

    def knight_value(self, ctx: "Ctx") -> float | None:
        """How much playing a knight is worth now (None: the general robber logic)."""
        return None

    def card_value(self, ctx: "Ctx") -> float:
        """How much buying a development card is worth (general default 4)."""
        return 4.0

    def robber_bonus(self, ctx: "Ctx", action: Action) -> float:
        """Extra value of a robber or pirate move (cloth steals ...)."""
        return 0.0

    def city_bonus(self, ctx: "Ctx", node: int) -> float:
        return 0.0

    # --- the searching bot's leaf evaluation ---------------------------------------------
    def playout_pace(self, world: "Game") -> float | None:
        """The searching bot's pace in this scenario's play-outs: play-out moves per
        processor millisecond on the reference machine (its budget is counted in them);
        None: the general pace of the map (search.MOVES_PER_MS with ships,
        MOVES_PER_MS_LAND without).  A scenario whose moves cost more to list and choose
        gives its measured pace (benchmarks/search_time.py prints it), or its decisions
        overrun their budget."""
        return None

    def compiled_speedup(self, world: "Game") -> float:
        """How many times the pure build's pace (:meth:`playout_pace`) the compiled build
        plays this scenario's play-outs, as measured (benchmarks/search_time.py in both
        builds): there the budget, still counted in moves, buys this many times as many, so
        a decision takes the same processor time in both builds and the compiled one plays
        deeper.  1.0 (the default): both builds play the same play-outs, the same games."""
        return 1.0

    def production_yields(self) -> tuple[int, ...]:
        """What a building of each node code yields per pip in the searching bot's
        production worth (search.production_worth): a settlement 1, a city 2, other codes
        nothing; a scenario with producing pieces of its own gives its own."""
        return GENERAL_YIELDS

    def playout_horizon(self, world: "Game") -> int | None:
        """How many times the searching bot's play-outs let the searching seat's turn come
        round before they are scored (at least 1); None: search.HORIZON (2).  A scenario
        whose play-outs are so slow that its budget buys only a round or two of them may
        cut them after one round, its leaf (:meth:`playout_worth`, :meth:`standing`)
        judging what they have not yet scored, so that more of them fit."""
        return None

    def search_width(self, world: "Game") -> int | None:
        """How many candidate moves the searching bot compares at most in one decision (the
        greedy move among them; at least 2); None: search.MAX_CANDIDATES (6).  A scenario
        whose budget buys about one round of six play-outs narrows it, so that the
        alternatives it keeps can play the rounds a change needs (search.MIN_ROUNDS)."""
        return None

    def playout_worth(self, world: "Game", seat: int) -> float:
        """What ``seat`` has built toward the scenario's own goals in a play-out's world,
        in victory points (the searching bot adds it to VP, production and cards).  The
        world is a copy the searching bot dealt itself: its hidden cards are already
        guessed, so reading its state here reveals nothing."""
        return 0.0

    def standing(self, world: "Game", seat: int, production: float) -> float | None:
        """``seat``'s whole worth in a play-out's world, in victory points, where the
        scenario measures it its own way (``production``: the seat's production worth, see
        search.production_worth); None: the general worth (VP, production, cards, cards
        bought, knights) plus :meth:`playout_worth`."""
        return None

    def standing_features(self, world: "Game", seat: int, production: float) -> list[float] | None:
        """What :meth:`standing` weighs, first the points (benchmarks/fit_standing.py fits
        the weights to who won); None where the standing is not a weighed sum."""
        return None
