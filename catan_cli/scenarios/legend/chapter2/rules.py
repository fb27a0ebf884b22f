"""Chapter 2, The Attack (seed 000 "Chapter 2" with its "Postscript to Chapter 1"; digest
E.3.4-E.3.6, F.0.11).

- Bog iron on the pastures, as many per pasture as the Chapter 1 castaway total gives
  (:mod:`.bog_iron`; 4 each when played alone).
- Gold Island (area ``gold``): no roads or settlements; outposts on its coast.  The first
  outpost builder chooses one of Gerhild, Reiko, Suna and Isa, the next builders from the
  rest; with 3 players the last card leaves play (for the rest of the legend too).
- Gold miners, gold-field tokens and the gold-mining track with its Catan chits and
  Nyala (:mod:`.gold_field`).
- The new friends (:mod:`.friends`).
- Played alone: one Chapter 1 friend card at random each (the rest back in the box).
- 12 VP on your own turn wins.  The Chronicle records VP and gold panned, and the total.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ....engine.actions import Event
from ....engine.declare import PendingKind, StateItem, Verb
from ....engine.words import or_list
from ..chapter import Chapter
from ..friends import FRIENDS
from .bog_iron import BogIron
from .gold_field import GoldField

if TYPE_CHECKING:
    from ..general import LegendRules

RULES_TEXT = """\
Legend of the Sea Robbers, Chapter 2: The Attack ({players} players; {vp_target} VP on your turn wins).
- Bog iron: each pasture holds bog iron tokens (by the castaways rescued in Chapter 1; {bog_iron_alone}
  each when played alone). On its roll each settlement there gives 1 wool or 1 ore, each city
  2 wool or 1 wool + 1 ore (never 2 ore): 'bog ore N' or 'bog wool', in turn order from the
  player on turn. Each ore takes a token; an empty pasture gives wool only.
Tasks of the Council of Catan:
1. Sail to Gold Island (no roads or settlements there) and build your outpost on its coast.
   Your outpost wins a friend card: {friend_names} ('choose friend NAME').
2. Gold miners: 'build miner' ({miner_cost}) beside your outpost; 'move miner N to M'
   ({miner_move_cost}) up to {miner_steps} intersections on Gold Island, once a miner per turn, at most {miners_per_node} miners
   on an intersection. When the miners at a gold-field token reach the number it shows
   ({field_needs}), it turns over: each miner there moves its owner's marker on the gold-mining
   track by the nuggets shown (the player on turn first). A Catan chit for each chit space
   ({gold_track_chits}) reached or passed; {track_friend_title} to the first to reach space {gold_track_nyala}.
"""


class Chapter2(Chapter):
    number: ClassVar[int] = 2
    title: ClassVar[str] = "The Attack"
    record_columns: ClassVar[tuple[tuple[str, str], ...]] = (("gold", "gold panned"),)
    total_column: ClassVar[tuple[str, str] | None] = ("gold", "gold panned in all")
    rules_text: ClassVar[str] = RULES_TEXT

    def rules_words(self) -> dict[str, object]:
        scen = self.ctx.scen
        needs = sorted({int(p["need"]) for p in scen.places if p["kind"] == "gold_field"})
        return {"friend_names": self.friend_names(scen.params["friends"]),
                "field_needs": or_list([str(n) for n in needs]),
                "track_friend_title": FRIENDS[str(scen.params["track_friend"])].title}

    def __init__(self, rules: "LegendRules") -> None:
        super().__init__(rules)
        self.bog = BogIron(self.ctx)
        self.gold = GoldField(rules)

    def state_items(self) -> tuple[StateItem, ...]:
        return self.bog.state_items() + self.gold.state_items()

    def verbs(self) -> tuple[Verb, ...]:
        return self.bog.verbs() + self.gold.verbs()

    def pendings(self) -> tuple[PendingKind, ...]:
        return self.bog.pendings()

    def on_new_game(self) -> None:
        self.deal_friends_when_alone()      # one of the Chapter 1 friend cards each
        self.bog.on_new_game()
        self.gold.on_new_game()

    def on_outpost(self, seat: int) -> list[Event]:
        if self.ctx.data["friend_pool"]:
            self.ctx.ask({"kind": "friend", "seat": seat}, first=True)
            return [Event("friend", seat, f"{self.ctx.name(seat)} may choose a friend card")]
        return []

    def before_production(self) -> None:
        self.bog.before_production()

    def after_production(self, total: int) -> list[Event]:
        return self.bog.after_production(total)

    def view_items(self, viewer: int | None) -> dict[str, object]:
        ctx = self.ctx
        names = [ctx.name(p) for p in range(ctx.n)]
        return {
            "bog_iron": {ctx.hex_id(h): k for h, k in ctx.data["bog_iron"]},
            "gold_fields": [{"node": n + 1, "miners": need} for n, need, _ in ctx.data["gold_fields"]],
            "gold_miners": {names[p]: sorted(n + 1 for n, _ in ctx.player_data(p)["gold_miners"])
                            for p in range(ctx.n)},
            "gold_track": {names[p]: ctx.player_data(p)["gold"] for p in range(ctx.n)},
            "gold_track_chits": list(self.gold.track_chits),
            "gold_track_nyala": self.gold.nyala_space,
            "nyala_waits": bool(ctx.data["nyala_waits"]),
            "outposts": {names[p]: self.rules.outpost_of(p) + 1 for p in range(ctx.n)
                         if self.rules.outpost_of(p) >= 0},
            # counters per player, for the tables and 'expect red gold-panned 3'
            "gold_panned": {names[p]: ctx.player_data(p)["gold"] for p in range(ctx.n)},
        }

    def invariant_problems(self) -> list[str]:
        return self.bog.invariant_problems() + self.gold.invariant_problems()

    def record(self, seat: int) -> dict[str, int]:
        return {"gold": int(self.ctx.player_data(seat)["gold"])}

    def passes_on(self) -> dict[str, Any]:
        ctx = self.ctx
        return {
            "gold": {ctx.name(p): int(ctx.player_data(p)["gold"]) for p in range(ctx.n)},
            "gold_total": sum(int(ctx.player_data(p)["gold"]) for p in range(ctx.n)),
        }
