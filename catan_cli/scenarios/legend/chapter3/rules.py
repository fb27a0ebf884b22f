"""Chapter 3, The Battle Against the Sea Robbers (seed 000 "Chapter 3" with its "Postscript to
Chapter 2"; digest E.3.1, F.0.12-F.0.15).

- Harbours earned (F.0.12): when Chapter 2's gold panned in all reached 30 (3 players) / 40
  (4 players), ``[params] harbor_gold``, each player chooses a 2:1 harbour (``harbor RES``,
  a different resource each, in set-up order) that lies beside their first settlement;
  played alone, everyone takes one with the first settlement.  Otherwise no harbours.
- Catapults, sea robber ships and battles, the Greatest Sea Robber Nemesis
  (:mod:`.sea_robbers`).
- The Gold Isles (area ``gold_isles``): your first settlement beside one of their gold
  fields wins 1 Catan chit and a choice of Hakon, Lias, Wulf and Lea; with 3 players the
  card left over leaves play.  A later one wins nothing more.
- The new friends (:mod:`.friends`).  Played alone: 2 of the 9 friend cards of Chapters 1
  and 2 at random each.  15 ships each.  13 VP on your own turn wins.  The Chronicle records
  VP and sea robbers sunk, and the sea robbers left on the board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ....engine.actions import Action, Event
from ....engine.declare import HelpEntry, PendingKind, StateItem, Verb, Visibility
from ....engine.geometry import RESOURCES
from ....wording import plural
from ..chapter import Chapter
from .sea_robbers import SeaRobbers

if TYPE_CHECKING:
    from ..general import LegendRules

RULES_TEXT = """\
Legend of the Sea Robbers, Chapter 3: The Battle Against the Sea Robbers ({players} players; {vp_target} VP
on your turn wins; {pieces_ship} ships each).
- Harbours: if Chapter 2's gold reached {harbor_gold_text}, or the chapter is
  played alone, each player chooses a 2:1 harbour beside the first settlement ('harbor ore'),
  a different resource each, in set-up order.
Tasks of the Council of Catan:
1. Sink the sea robber ships: 'build catapult' ({catapult_cost}) adds a clay jug (0-{jugs_max}). A
   ship you build or move with an end on a corner of a sea robber's hex attacks at once: a
   card from the low stack (fewer than {high_stack_from} sunk) or the high stack. Fewer jugs: the ship is lost,
   'salvage {loss_choice}'. As many: the ship must move ('retreat PATH') to a path next to no
   sea robber. More: the sea robber is sunk, yours with its chest. The battle ends your turn.
   The first to sink {nemesis_from} is the Greatest Sea Robber Nemesis (1 VP) until someone sinks more.
2. Your first settlement beside a gold field of the Gold Isles wins {isles_chits} and a friend
   card: {friend_names} ('choose friend NAME').
"""


class Chapter3(Chapter):
    number: ClassVar[int] = 3
    title: ClassVar[str] = "The Battle Against the Sea Robbers"
    record_columns: ClassVar[tuple[tuple[str, str], ...]] = (("sunk", "sea robbers sunk"),)
    total_column: ClassVar[tuple[str, str] | None] = ("robbers_left", "sea robbers left on the board")
    rules_text: ClassVar[str] = RULES_TEXT

    def rules_words(self) -> dict[str, object]:
        params = self.ctx.scen.params
        gold = " / ".join(f"{need} ({players} players)" for players, need in params["harbor_gold"].items())
        return {"friend_names": self.friend_names(params["friends"]), "harbor_gold_text": gold,
                "loss_choice": "|".join(params["battle_loss"]),
                "isles_chits": plural(int(params["gold_isles_chits"]), "Catan chit")}

    def __init__(self, rules: "LegendRules") -> None:
        super().__init__(rules)
        self.sea = SeaRobbers(rules)
        ctx = self.ctx
        self.isle_golds: tuple[int, ...] = tuple(
            h for h in range(ctx.geo.n_hexes)
            if ctx.scen.hex_area[h] == "gold_isles" and ctx.scen.terrain[h] == "gold")
        # the corners of those gold fields, each once: after_action reads them after every action
        self.isle_nodes: tuple[int, ...] = tuple(sorted({n for h in self.isle_golds for n in ctx.geo.hex_nodes[h]}))
        self.harbor_kinds = tuple(RESOURCES.index(r) for r in ctx.scen.params.get("harbors", RESOURCES))

    # --- declarations -------------------------------------------------------------------------
    def state_items(self) -> tuple[StateItem, ...]:
        return self.sea.state_items() + (
            StateItem("harbors_earned", Visibility.PUBLIC, doc="whether the 2:1 harbours were earned (F.0.12)"),
            StateItem("harbor", Visibility.PUBLIC, scope="player",
                      doc="the resource of the player's earned 2:1 harbour (index), or -1"),
            StateItem("isle_reward", Visibility.PUBLIC, scope="player",
                      doc="whether the player's first settlement at a Gold Isles gold field was rewarded"),
        )

    def verbs(self) -> tuple[Verb, ...]:
        return self.sea.verbs() + (
            Verb("harbor", ("harbor",), parse=lambda r, a: Action("harbor", (r.resource(),), a),
                 format=lambda a, w: f"harbor {RESOURCES[a.args[0]]}",
                 check=self.check_harbor, apply=self.apply_harbor,
                 legal=lambda seat: [Action("harbor", (r,), seat) for r in self.harbor_kinds],
                 help=HelpEntry("harbor", "harbor RES",
                                "Choose your earned 2:1 harbour (a resource nobody chose yet); it lies beside "
                                "your first settlement.", "harbor ore"),
                 answers="harbor"),
        )

    def pendings(self) -> tuple[PendingKind, ...]:
        return self.sea.pendings() + (
            PendingKind("harbor", prompt=lambda it: "choose your 2:1 harbour",
                        reason=lambda it: f"{self.ctx.name(it['seat'])} must choose a 2:1 harbour ('harbor RES')",
                        answers=lambda it: [Action("harbor", (r,), it["seat"]) for r in self.free_harbors()],
                        exact=True),
        )

    # --- creation -------------------------------------------------------------------------------------
    def on_new_game(self) -> None:
        ctx = self.ctx
        self.deal_friends_when_alone()      # 2 of the 9 friend cards of Chapters 1 and 2 at random each
        self.sea.on_new_game()
        earned = self.harbors_earned()
        ctx.data["harbors_earned"] = earned
        for seat in range(ctx.n):
            ctx.player_data(seat).update(harbor=-1, isle_reward=False)
            if earned:               # in set-up order: the first round goes by seat
                ctx.ask({"kind": "harbor", "seat": seat})

    def harbors_earned(self) -> bool:
        ctx = self.ctx
        if not ctx.carry:
            return True              # the stand-alone option (F.0.12)
        need = {int(k): int(v) for k, v in ctx.scen.params.get("harbor_gold", {}).items()}
        total = int(ctx.carry.get("gold_total", 0))
        return total >= need.get(ctx.n, 10**9)

    # --- harbours ----------------------------------------------------------------------------------------
    def free_harbors(self) -> list[int]:
        ctx = self.ctx
        taken = {ctx.player_data(p)["harbor"] for p in range(ctx.n)}
        return [r for r in self.harbor_kinds if r not in taken]

    def check_harbor(self, action: Action) -> str | None:
        ctx = self.ctx
        if ctx.pending_for("harbor", action.seat) is None:
            return "you have no harbour to choose now"
        res = action.args[0]
        if res not in self.free_harbors():
            return f"the 2:1 {RESOURCES[res]} harbour is taken; choose another resource"
        return None

    def apply_harbor(self, action: Action) -> list[Event]:
        ctx = self.ctx
        seat, res = action.seat, action.args[0]
        ctx.close_pending("harbor", seat)
        ctx.player_data(seat)["harbor"] = res
        return [Event("harbor", seat, f"{ctx.name(seat)} takes the 2:1 {RESOURCES[res]} harbour, beside the "
                                      "first settlement")]

    def first_settlement(self, seat: int) -> int:
        s = self.ctx.state
        for node in self.rules.start_nodes:
            if s.node_owner[node] == seat and self.ctx.pieces.produces[s.node_kind[node]]:
                return node
        return -1

    def trade_rates(self, seat: int, rates: list[int]) -> list[int]:
        res = self.ctx.player_data(seat)["harbor"]
        if res >= 0 and self.first_settlement(seat) >= 0:
            rates = list(rates)
            rates[res] = min(rates[res], 2)
        return rates

    # --- the Gold Isles -------------------------------------------------------------------------------------
    def after_route_change(self, seat: int) -> list[Event]:
        return self.sea.after_route_change(seat)

    def after_action(self) -> list[Event]:
        """The first settlement beside a gold field of the Gold Isles wins its reward."""
        ctx = self.ctx
        s = ctx.state
        events: list[Event] = []
        if s.phase == "setup":
            return events
        node_owner, node_kind, produces = s.node_owner, s.node_kind, ctx.pieces.produces
        settled = {node_owner[n] for n in self.isle_nodes if node_owner[n] >= 0 and produces[node_kind[n]]}
        for seat in sorted(settled):
            pd = ctx.player_data(seat)
            if pd["isle_reward"]:
                continue
            pd["isle_reward"] = True
            chits = min(int(ctx.scen.params.get("gold_isles_chits", 1)), ctx.data["chits_left"])
            ctx.data["chits_left"] -= chits
            pd["chits"] += chits
            events.append(Event("chit", seat, f"{ctx.name(seat)} settles beside a gold field of the Gold Isles: "
                                              f"{chits} Catan chit"))
            if ctx.data["friend_pool"]:
                ctx.ask({"kind": "friend", "seat": seat}, first=True)
                events.append(Event("friend", seat, f"{ctx.name(seat)} may choose a friend card"))
        return events

    # --- view, scoring, checks, the Chronicle -----------------------------------------------------------------
    def view_items(self, viewer: int | None) -> dict[str, object]:
        ctx = self.ctx
        names = [ctx.name(p) for p in range(ctx.n)]
        return {
            "sea_robber_hexes": [ctx.hex_id(h) for h, _ in ctx.data["sea_robbers"]],
            "gold_isles": [ctx.hex_id(h) for h in self.isle_golds],
            "jugs": {names[p]: ctx.player_data(p)["jugs"] for p in range(ctx.n)},
            # counters per player, for the tables and 'expect red sea-robbers-sunk 1'
            "sea_robbers_sunk": {names[p]: ctx.player_data(p)["sunk"] for p in range(ctx.n)},
            "nemesis_holder": names[ctx.data["nemesis"]] if ctx.data["nemesis"] >= 0 else None,
            "earned_harbors": {names[p]: {"resource": RESOURCES[ctx.player_data(p)["harbor"]],
                                          "node": self.first_settlement(p) + 1}
                               for p in range(ctx.n) if ctx.player_data(p)["harbor"] >= 0},
        }

    def vp_sources(self, seat: int) -> dict[str, int]:
        return self.sea.vp_sources(seat)

    def chests_elsewhere(self) -> int:
        return self.sea.chests_under()

    def chest_slots(self) -> list[list[Any]]:
        return [robber for robber in self.ctx.data["sea_robbers"] if robber[1]]

    def invariant_problems(self) -> list[str]:
        ctx = self.ctx
        out = self.sea.invariant_problems()
        chosen = [ctx.player_data(p)["harbor"] for p in range(ctx.n) if ctx.player_data(p)["harbor"] >= 0]
        if len(chosen) != len(set(chosen)):
            out.append("two players hold the same 2:1 harbour")
        return out

    def record(self, seat: int) -> dict[str, int]:
        return {"sunk": int(self.ctx.player_data(seat)["sunk"])}

    def table_total(self, records: list[dict[str, int]]) -> int:
        return len(self.ctx.data["sea_robbers"])

    def passes_on(self) -> dict[str, Any]:
        ctx = self.ctx
        return {
            "sunk": {ctx.name(p): int(ctx.player_data(p)["sunk"]) for p in range(ctx.n)},
            "robbers_left": len(ctx.data["sea_robbers"]),
        }
