"""The Legend's general rules, for every chapter (seed 000 "General Rules"; digest E.0, F.0).

- Set-up (F.0.5): 3 settlements each in the order clockwise, counter-clockwise, clockwise
  (``setup = "snake-then-third"``); the first on one of the chapter's start intersections
  with a ship instead of a road; the 2nd and 3rd not on the coast, each with a road;
  starting resources from the 3rd.  Everyone starts at 3 VP.  Decision: should no free
  intersection off the coast be left for a 2nd or 3rd settlement (the designed maps, ringed
  with sea, leave few), the coast is allowed rather than leave the set-up stuck.
- The friendly robber (E.0.1, F.0.6): it starts off the board beside VP space 4; it may
  not go next to a settlement, city or outpost of a player with ``robber_protects_up_to``
  VP or fewer; with no legal hex it goes back to its start and nobody is robbed.  Discards
  on a 7 apply to everyone as usual.
- The general 3:1 trade on your own turn (E.0.4): ``[rules] bank_rate = 3``.
- Outposts (F.0.8): ``build outpost N``, 2 lumber + 1 wool, where your ship has reached a
  free coastal intersection of the chapter's target island; 1 VP, no production, no
  upgrade, no distance rule; it closes your shipping route; one per player.
- Chests (F.0.9, E.3.2): taken when you build or move a ship onto a path touching the
  token; only the taker learns the face.  ``open chest K ...`` from your next turn on, on
  your own turn, one per turn.
- Friend cards (:mod:`.friends`), Catan chits (1 VP each), the ship limit (``[pieces]``).

- Two ships on a sea route (E.0.2): ``[rules] ships_per_path = 2`` lets a ship join another
  player's ship on a path, never a second of your own; routes still stop at an opponent's
  building (B.4.3).  The core keeps the second ship (``GameState.shared_ships``).
"""

from __future__ import annotations

import random
from typing import Any, Iterable

from ...engine.actions import Action, Event, Private
from ...engine.context import RulesContext
from ...engine.declare import HelpEntry, PendingKind, StateItem, Verb, Visibility
from ...engine.geometry import RESOURCES
from ...engine.hidden import deal, unseen
from ...engine.pieces import PieceKind
from ...engine.words import ordinal
from ...errors import RuleError
from ...notation import Reader
from .chapters import chapter_class
from .friends import FRIENDS, side
from .chapter3.friends import Friends3Rules
from .chapter4.merchants import MERCHANT_PIECE

OUTPOST = 3          # node code of an outpost

GENERAL_TEXT = """\
The Legend's general rules:
- Set-up: 3 settlements each. The 1st on a start intersection, with a ship instead of a
  road; then counter-clockwise from the last placer; then clockwise from the last placer.
  The 2nd and 3rd not on the coast. Starting resources from the {setup_resources}. Everyone starts at 3 VP.
- Friendly robber: it starts off the board and may not go next to a settlement, city or
  outpost of a player with {robber_protects_up_to} VP or fewer; with nowhere to go it returns to its start.
- Two ships of different players may share a sea route (never two of yours); no route
  passes an opponent's settlement or city.
- General {bank_rate}:1 trade with the bank on your own turn ('trade {bank_rate} wool for 1 ore').
{outpost_rule}- Chests: a ship built or moved next to a chest takes it (only you see its face). Open one
  from your next turn on, one per turn ('open chest 1 ...'): a free road or ship, 1 resource
  of your choice, a development card (not playable that turn), or the 2 resources shown.
- Friend cards: A side, then B side; {friend_uses} uses a chapter, one friend card per turn, on your
  own turn (Oda also on others' rolls). Catan chits are 1 VP each.
- Ships: at most {pieces_ship} each in this chapter (F.0.10).
"""

# Chapters 1 and 2 only: the later chapters have no outposts.
OUTPOST_TEXT = """\
- Outpost ('build outpost N', {outpost_cost}, {outpost_vp} VP): where your ship reached a free
  coastal intersection of the target island; it closes your shipping route; {pieces_outpost} each.
"""


# The scenario's own pieces, also read by its drawing: a compiled rules class keeps class-level
# declarations in its instances' slots, so the class itself cannot be asked for them.
PIECES: tuple[PieceKind, ...] = (PieceKind("outpost", "node", OUTPOST, "O", supply="outpost", vp=1), MERCHANT_PIECE)


class LegendRules(Friends3Rules):
    pieces: tuple[PieceKind, ...] = PIECES
    # Outside set-up ship_reason refuses nothing, and road_reason and settlement_reason
    # ask only the chapter's map (Chapter 4's spice islands): the sites and ship moves
    # listed at every decision are the pieces' answer, kept while they stay.
    answers_from_pieces: frozenset[str] = frozenset({"ship_reason", "road_reason", "settlement_reason"})

    def __init__(self, ctx: RulesContext) -> None:
        super().__init__(ctx)
        scen = ctx.scen
        # inland_site_left's memo: the position's memo key it was worked out at, and its answer
        self._inland_key: int | None = None
        self._inland = False
        # free_start_marks' memo: the position's memo key and its words
        self._start_marks: tuple[int | None, str] = (None, "")
        # outpost_of's and outpost_moves' answers per seat, with the pieces (board_version)
        # they were found on: asked at every listing (the castaway and miner verbs, the
        # outpost verb), they read the pieces alone
        self._outposts: tuple[int, dict[int, int]] = (-1, {})
        self._outpost_moves: tuple[int, dict[int, tuple[Action, ...]]] = (-1, {})
        self.chapter = chapter_class(int(scen.params.get("chapter", 0)))(self)
        self.start_nodes: tuple[int, ...] = tuple(int(p["node"]) for p in scen.places if p["kind"] == "start")
        self.chest_nodes: tuple[int, ...] = tuple(
            int(n) for p in scen.places if p["kind"] == "chests" for n in p["nodes"])
        island = str(scen.params.get("outpost_island", ""))
        self.outpost_sites: frozenset[int] = frozenset(
            n for n in range(ctx.geo.n_nodes)
            if scen.node_touches_sea[n] and any(scen.hex_area[h] == island for h in ctx.geo.node_hexes[n]))
        # Chapters 1 and 2 only: the later chapters give no outposts, so no verb, help or rule line
        self.has_outposts = scen.pieces.get("outpost", 0) > 0
        outposts = OUTPOST_TEXT if self.has_outposts else ""
        self.rules_text = self.chapter.rules_text + GENERAL_TEXT.replace("{outpost_rule}", outposts)
        self.state_items = (
            StateItem("chests", Visibility.NOBODY, shown_as=lambda v: sorted(n + 1 for n, _ in v),
                      scramble=_scramble_pairs, redeal=self.redeal_chests,
                      doc="chest tokens face down on the board: [node, face]"),
            StateItem("chests_aside", Visibility.NOBODY, shown_as=len, scramble=_scramble_list,
                      redeal=self.redeal_chests, doc="chest tokens set aside unseen"),
            StateItem("chests_used", Visibility.PUBLIC, doc="opened chests, face up on the discard pile"),
            StateItem("friend_pool", Visibility.PUBLIC, doc="friend cards on display to be won"),
            StateItem("friends_removed", Visibility.PUBLIC, doc="friend cards out of play"),
            StateItem("friend_choices", Visibility.PUBLIC, doc="friend cards chosen so far this chapter"),
            StateItem("chits_left", Visibility.PUBLIC, doc="Catan chits beside the board"),
            StateItem("hands_before", Visibility.PUBLIC, doc="hand sizes before the last production"),
            StateItem("friends", Visibility.PUBLIC, scope="player", present=self.present_friends,
                      doc="friend cards held, with their uses this chapter"),
            StateItem("friend_turn", Visibility.PUBLIC, scope="player", doc="the turn a friend card was last used"),
            StateItem("chests", Visibility.OWNER, scope="player", shown_as=len, scramble=_scramble_pairs,
                      present=lambda v: [{"face": f, "taken": t} for f, t in v], redeal=self.redeal_chests,
                      doc="chests held: [face, turn taken]; the others see how many"),
            StateItem("chest_turn", Visibility.PUBLIC, scope="player", doc="the turn a chest was last opened"),
            StateItem("chits", Visibility.PUBLIC, scope="player", doc="Catan chits won (1 VP each)"),
        ) + self.chapter.state_items()

    def rules_words(self) -> dict[str, object]:
        return super().rules_words() | {
            "setup_resources": ordinal(self.ctx.scen.rules.resources_from_setup),
            "outpost_vp": self.pieces[0].vp} | self.chapter.rules_words()

    # --- declarations ---------------------------------------------------------------------
    def outpost_verbs(self) -> tuple[Verb, ...]:
        return (
            Verb("build-outpost", ("build", "outpost"), parse=lambda r, a: Action("build-outpost", (r.node(),), a),
                 format=lambda a, w: f"build outpost {w.node(a.args[0])}",
                 check=self.check_outpost, apply=self.apply_outpost, legal=self.outpost_moves, exact=True,
                 help=HelpEntry("build", "build outpost N",
                                f"Build your outpost ({self.pieces[0].vp} VP) on a free coastal intersection of the target island "
                                "that your ship has reached. No distance rule; it closes your shipping route; "
                                "one per player.", "build outpost 21",
                                price=self.piece_price("outpost", "outpost_cost"))),
        )

    def verbs(self) -> tuple[Verb, ...]:
        # no verb where the chapter has no outposts: no help for one, and no refusal that
        # speaks of one built already
        outposts = self.outpost_verbs() if self.has_outposts else ()
        return outposts + (
            Verb("open-chest", ("open", "chest"), parse=_parse_open_chest, format=_format_open_chest,
                 check=self.check_open_chest, apply=self.apply_open_chest, legal=self.chest_moves, exact=True,
                 help=HelpEntry("open", "open chest K [road PATH | ship PATH | RES] [dever RES]",
                                "Open your K-th chest (taken on an earlier turn; one per turn, your own turn): "
                                "a free road or ship, 1 resource of your choice, a development card, or the 2 "
                                "resources shown. With Captain Dever add 'dever RES' for 1 more.",
                                "open chest 1 ship 23-24")),
        ) + self.friend_verbs() + self.chapter.verbs()

    def pendings(self) -> tuple[PendingKind, ...]:
        return self.friend_pendings() + self.chapter.pendings()

    def present_friends(self, friends: dict[str, int]) -> list[dict[str, Any]]:
        return [{"name": n, "title": FRIENDS[n].title, "side": side(u, self.friend_uses), "uses": u}
                for n, u in friends.items()]

    def view_items(self, viewer: int | None) -> dict[str, object]:
        ctx = self.ctx
        return {
            "start_nodes": [n + 1 for n in self.start_nodes if ctx.state.node_kind[n] == 0],
            "outpost_sites": sorted(n + 1 for n in self.outpost_sites),
            "robber_at_start": ctx.state.robber < 0,
            "protected": [ctx.name(p) for p in range(ctx.n) if self.protected(p)],
            **self.chapter.view_items(viewer),
        }

    # --- creation ---------------------------------------------------------------------------
    def on_new_game(self) -> None:
        ctx = self.ctx
        params = ctx.scen.params
        for seat in range(ctx.n):
            pd = ctx.player_data(seat)
            pd.update(friends={}, friend_turn=-1, chests=[], chest_turn=-1, chits=0)
        faces = [str(f) for f in params.get("chests", [])]
        ctx.state.rng.shuffle(faces)
        nodes = self.chest_nodes[: len(faces)]
        ctx.data["chests"] = [[n, faces[i]] for i, n in enumerate(nodes)]
        ctx.data["chests_aside"] = faces[len(nodes):]
        ctx.data["chests_used"] = []
        held = self.carry_friends()
        ctx.data["friend_pool"] = [str(f) for f in params.get("friends", []) if not any(f in h for h in held)]
        ctx.data["friends_removed"] = []
        ctx.data["friend_choices"] = 0
        ctx.data["chits_left"] = int(params.get("chits", 0))
        ctx.data["hands_before"] = [0] * ctx.n
        self.chapter.on_new_game()

    def carry_friends(self) -> list[list[str]]:
        """Each seat's friend cards from earlier chapters (``ctx.carry["friends"]``, by
        player name), given fresh, A side up (F.0.7: every chapter starts them anew)."""
        ctx = self.ctx
        carried = ctx.carry.get("friends") or {}
        names = [ctx.name(p) for p in range(ctx.n)]
        if not isinstance(carried, dict) or any(str(n) not in names for n in carried):
            raise RuleError(f"the friend cards carried in name players of this game ({', '.join(names)})")
        held: list[list[str]] = []
        for seat, name in enumerate(names):
            cards = [str(c) for c in carried.get(name) or []]
            unknown = [c for c in cards if c not in FRIENDS]
            if unknown:
                raise RuleError(f"no friend card named {unknown[0]!r} ({', '.join(FRIENDS)})")
            twice = [c for c in cards if cards.count(c) > 1 or any(c in h for h in held)]
            if twice:
                raise RuleError(f"friend card {twice[0]!r} is carried in twice; each card has one holder")
            for card in cards:
                self.give_friend(seat, card)
            held.append(cards)
        return held

    # --- set-up (F.0.5) ------------------------------------------------------------------------
    def setup_count(self, seat: int) -> int:
        return self.ctx.state.players[seat].setup_settlements

    def inland_site_left(self, seat: int) -> bool:
        """Whether some free intersection off the coast still takes a settlement: kept for
        the position (``ctx.memo_key()``), since listing the set-up sites asks it of every
        coastal intersection."""
        ctx = self.ctx
        key = ctx.memo_key()
        if key is not None and key == self._inland_key:
            return self._inland
        scen = ctx.scen
        found = any(scen.node_settleable[n] and not scen.node_touches_sea[n] and ctx.distance_reason(n) is None
                    and ctx.unexplored_at(n) < 0 for n in range(ctx.geo.n_nodes))
        if key is not None:
            self._inland_key, self._inland = key, found
        return found

    def settlement_reason(self, seat: int, node: int, setup: bool) -> str | None:
        reason = self.chapter.settlement_reason(seat, node)
        if reason or not setup:
            return reason
        ctx = self.ctx
        if self.setup_count(seat) == 0:
            if node not in self.start_nodes:
                return f"your first settlement goes on a start intersection ({self.free_start_marks()})"
            return None
        if node in self.start_nodes:
            return f"intersection {node + 1} is a start intersection, for first settlements only"
        if ctx.scen.node_touches_sea[node] and self.inland_site_left(seat):
            return "your 2nd and 3rd set-up settlements may not be on the coast"
        return None

    def setup_settlement_note(self, seat: int) -> str | None:
        """The prompt says what ``settlement_reason`` would refuse: the first on a start
        intersection (the free ones named), the 2nd and 3rd inland while inland sites last."""
        if self.setup_count(seat) == 0:
            return f"on a start intersection: {self.free_start_marks()}"
        if self.inland_site_left(seat):
            return "not on the coast"
        return None

    def free_start_marks(self) -> str:
        """The start intersections still free, by number (kept for the position: the first
        set-up listing words it for every intersection off the start ones)."""
        key = self.ctx.memo_key()
        if key is not None and key == self._start_marks[0]:
            return self._start_marks[1]
        kinds = self.ctx.state.node_kind
        marks = ", ".join(str(n + 1) for n in self.start_nodes if kinds[n] == 0)
        if key is not None:
            self._start_marks = (key, marks)
        return marks

    def road_reason(self, seat: int, edge: int, setup: bool) -> str | None:
        if setup and self.setup_count(seat) == 1:
            return "instead of a road, your first settlement takes a ship ('ship PATH')"
        return self.chapter.road_reason(seat, edge)

    def ship_reason(self, seat: int, edge: int, lifted: int) -> str | None:
        if self.ctx.state.phase == "setup" and self.setup_count(seat) != 1:
            return "your 2nd and 3rd set-up settlements take a road, not a ship"
        return None

    # --- the friendly robber (E.0.1, F.0.6; its hexes in :mod:`.friendly_robber`) -------------
    def on_seven(self, seat: int) -> list[Event]:
        if not self.robber_hex_left(seat) and not self.chapter.pirate_hexes(seat):
            return self.robber_to_start(seat)
        return super().on_seven(seat)

    def on_knight(self, seat: int) -> list[Event]:
        if not self.robber_hex_left(seat) and not self.chapter.pirate_hexes(seat):
            return self.robber_to_start(seat)
        return super().on_knight(seat)

    def pirate_hex_reason(self, seat: int, hex_: int) -> str | None:
        return self.chapter.pirate_hex_reason(seat, hex_)

    def pirate_barred_hexes(self, seat: int) -> set[int] | None:
        return self.chapter.pirate_barred_hexes(seat)

    # --- cards in hand the chapter adds (Chapter 4's spices), the 7's limit -----------------
    def extra_hand(self, seat: int) -> int:
        return self.chapter.extra_hand(seat)

    def steal_extra_card(self, thief: int, victim: int, pick: int) -> list[Event]:
        return self.chapter.steal_extra_card(thief, victim, pick)

    def discard_limit(self, seat: int) -> int:
        return self.ctx.scen.rules.discard_limit + self.chapter.discard_bonus(seat)

    def discovery_reward(self, seat: int, hex_: int) -> list[Event]:
        events = self.chapter.discovery_reward(seat, hex_)
        return super().discovery_reward(seat, hex_) if events is None else events

    # --- outposts (F.0.8) -------------------------------------------------------------------------
    def closes_route(self, seat: int, node: int) -> bool:
        s = self.ctx.state
        return (s.node_owner[node] == seat and s.node_kind[node] == OUTPOST) or self.chapter.closes_route(seat, node)

    def outpost_of(self, seat: int) -> int:
        """The intersection of ``seat``'s outpost, or -1 (kept while the pieces stay)."""
        board = self.ctx.board_version()
        if self._outposts[0] != board:
            self._outposts = (board, {})
        found = self._outposts[1].get(seat)
        if found is None:
            found = self._outposts[1][seat] = self._find_outpost(seat)
        return found

    def _find_outpost(self, seat: int) -> int:
        s = self.ctx.state
        for node in self.outpost_sites:
            if s.node_owner[node] == seat and s.node_kind[node] == OUTPOST:
                return node
        return -1

    def ship_reaches(self, seat: int, node: int) -> bool:
        has_ship = self.ctx.has_ship
        return any(has_ship(seat, e) for e in self.ctx.geo.node_edges[node])

    def nodes_ships_reach(self, seat: int, nodes: list[int]) -> list[int]:
        """Those of ``nodes`` that a ship of ``seat`` touches, in order: only a node at one
        of the seat's paths (found once) is asked about its ships."""
        ctx = self.ctx
        paths = set(ctx.route_edges(seat))
        node_edges = ctx.geo.node_edges
        return [n for n in nodes if not paths.isdisjoint(node_edges[n]) and self.ship_reaches(seat, n)]

    def check_outpost(self, action: Action) -> str | None:
        ctx = self.ctx
        seat, node = action.seat, action.args[0]
        reason = ctx.main_phase_reason(seat, "build")
        if reason:
            return reason
        if ctx.state.players[seat].pieces.get("outpost", 0) <= 0:
            return "you have built your outpost already (one per player)"
        if node not in self.outpost_sites:
            return f"an outpost goes on a coastal intersection of the target island; {node + 1} is not one"
        if ctx.state.node_kind[node]:
            return f"intersection {node + 1} is already taken"
        if not self.ship_reaches(seat, node):
            return f"your ships have not reached {node + 1}"
        cost = self.cost_of("outpost_cost")
        if not ctx.affords(seat, cost):
            return "an outpost costs 2 lumber and 1 wool"
        return None

    def apply_outpost(self, action: Action) -> list[Event]:
        ctx = self.ctx
        seat, node = action.seat, action.args[0]
        ctx.pay(seat, self.cost_of("outpost_cost"))
        ctx.place_node_piece(seat, node, "outpost")
        events = [Event("build", seat, f"{ctx.name(seat)} builds an outpost on {node + 1}; "
                                       "the shipping route to it is closed")]
        events += ctx.building_placed(seat, node)      # it breaks others' trade routes (F.0.8)
        return events + self.chapter.on_outpost(seat)

    def outpost_moves(self, seat: int) -> list[Action]:
        """The outposts check_outpost allows: the timing, supply and price asked once, then
        the free target-island sites the seat's ships reach."""
        ctx = self.ctx
        s = ctx.state
        # the questions that most often say no first (the piece built, the price)
        if (s.players[seat].pieces.get("outpost", 0) <= 0 or not ctx.affords(seat, self.cost_of("outpost_cost"))
                or not self.main_phase_open(seat)):
            return []
        # the sites read the pieces alone: kept while they stay
        board = ctx.board_version()
        if self._outpost_moves[0] != board:
            self._outpost_moves = (board, {})
        found = self._outpost_moves[1].get(seat)
        if found is None:
            node_kind = s.node_kind
            free = [n for n in sorted(self.outpost_sites) if not node_kind[n]]
            found = self._outpost_moves[1][seat] = tuple(
                [Action("build-outpost", (n,), seat) for n in self.nodes_ships_reach(seat, free)])
        return list(found)

    # --- chests (F.0.9, E.3.2) --------------------------------------------------------------------
    def after_route_change(self, seat: int) -> list[Event]:
        """A ship built or moved onto a path touching a chest takes it."""
        ctx = self.ctx
        events: list[Event] = []
        board = ctx.data["chests"]
        reached = set(self.nodes_ships_reach(seat, [node for node, _ in board]))
        for item in list(board):
            node, face = item
            if node in reached:
                board.remove(item)
                ctx.player_data(seat)["chests"].append([face, ctx.state.turn])
                events.append(Event("chest", seat, f"{ctx.name(seat)} takes the chest on {node + 1}",
                                    private=Private((seat,), f"{ctx.name(seat)} takes the chest on {node + 1}: "
                                                             f"{chest_text(face)}", (("chest", face),))))
        return events + self.chapter.after_route_change(seat)

    def draw_chest(self, seat: int, text: str) -> list[Event]:
        """The top chest of the face-down stack beside the board (Chapter 4's discoveries and
        lairs); only the taker sees its face."""
        ctx = self.ctx
        stack = ctx.data["chests_aside"]
        if not stack:
            return [Event("chest", seat, f"{text}, but the chest stack is empty")]
        face = stack.pop()
        ctx.player_data(seat)["chests"].append([face, ctx.state.turn])
        return [Event("chest", seat, text, private=Private((seat,), f"{text}: {chest_text(face)}",
                                                            (("chest", face),)))]

    def redeal_chests(self, ctx: RulesContext, seat: int, rng: random.Random) -> None:
        """The chests hidden from ``seat`` dealt afresh (``StateItem.redeal``): the
        scenario's faces less those opened and ``seat``'s own, over the tokens on the board,
        the stack aside, the chapter's own places (under sea robbers) and the other hands,
        each keeping its count (and a hand when each chest was taken)."""
        data = self.ctx.data
        whole = [str(f) for f in self.ctx.scen.params.get("chests", [])]
        mine = [face for face, _ in self.ctx.player_data(seat)["chests"]]
        pool = unseen(whole, list(data["chests_used"]) + mine)
        others = [p for p in range(self.ctx.n) if p != seat]
        elsewhere = self.chapter.chest_slots()
        sizes = [len(data["chests"]), len(data["chests_aside"]), len(elsewhere)]
        sizes += [len(self.ctx.player_data(p)["chests"]) for p in others]
        board, aside, under, *hands = deal(pool, sizes, rng, whole)
        data["chests"] = [[item[0], face] for item, face in zip(data["chests"], board)]
        data["chests_aside"] = aside
        for slot, face in zip(elsewhere, under):
            slot[1] = face
        for p, hand in zip(others, hands):
            held = self.ctx.player_data(p)["chests"]
            self.ctx.player_data(p)["chests"] = [[face, item[1]] for item, face in zip(held, hand)]

    def after_action(self) -> list[Event]:
        return self.chapter.after_action()

    def trade_rates(self, seat: int, rates: list[int]) -> list[int]:
        return self.chapter.trade_rates(seat, rates)

    def chest_reason(self, seat: int, k: int) -> str | None:
        """Why ``seat`` may not open chest ``k`` now (its reward's details aside)."""
        ctx = self.ctx
        reason = ctx.main_phase_reason(seat, "open a chest")
        if reason:
            return reason
        held = ctx.player_data(seat)["chests"]
        if not 0 <= k < len(held):
            return f"you have no chest {k + 1}" if held else "you have no chests"
        if ctx.player_data(seat)["chest_turn"] == ctx.state.turn:
            return "you have already opened a chest this turn (one per turn)"
        if held[k][1] == ctx.state.turn:
            return "a chest taken this turn can be opened from your next turn on"
        return None

    def check_open_chest(self, action: Action) -> str | None:
        ctx = self.ctx
        seat = action.seat
        k, piece, edge, res, dever = action.args
        reason = self.chest_reason(seat, k)
        if reason:
            return reason
        face = ctx.player_data(seat)["chests"][k][0]
        bank = ctx.state.bank
        if face == "route":
            if piece not in ("road", "ship"):
                return "this chest gives a free road or ship: say 'road PATH' or 'ship PATH'"
            reason = ctx.free_route_reason(seat, piece, edge)
        elif piece:
            return f"this chest gives {chest_text(face)}, not a {piece}"
        elif face == "any":
            if res < 0:
                return "this chest gives 1 resource of your choice: name it"
            if bank[res] < 1:
                return f"the bank has no {RESOURCES[res]}"
        elif res >= 0:
            return f"this chest gives {chest_text(face)}; there is nothing to choose"
        elif face == "card" and not ctx.state.deck:
            return "the development deck is empty"
        elif "+" in face:
            need = _pair_counts(face)
            short = [RESOURCES[i] for i in range(5) if bank[i] < need[i]]
            if short:
                return f"the bank is short of {', '.join(short)}"
        if reason:
            return reason
        if dever >= 0:
            reason = self.friend_reason(seat, "dever")
            if reason:
                return reason
            if bank[dever] < 1 + (res == dever) + (_pair_counts(face)[dever] if "+" in face else 0):
                return f"the bank has no {RESOURCES[dever]} left for Captain Dever"
        return None

    def apply_open_chest(self, action: Action) -> list[Event]:
        ctx = self.ctx
        seat = action.seat
        k, piece, edge, res, dever = action.args
        face, _ = ctx.player_data(seat)["chests"].pop(k)
        ctx.player_data(seat)["chest_turn"] = ctx.state.turn
        ctx.data["chests_used"].append(face)
        name = ctx.name(seat)
        reveal = (("reveals", "chest"), ("chest", face))
        events: list[Event] = []
        if face == "route":
            events.append(Event("chest", seat, f"{name} opens a chest ({chest_text(face)}) and builds a {piece} "
                                               f"on {ctx.edge_text(edge)}", reveal))
            events += ctx.build_route(seat, edge, piece)
        elif face == "card":
            card = ctx.draw_development_card(seat)
            events.append(Event("chest", seat, f"{name} opens a chest and takes a development card", reveal,
                                private=Private((seat,), f"{name} opens a chest and takes a development card: "
                                                         f"{card}", (("card", card),))))
        else:
            gain = _pair_counts(face) if "+" in face else [int(i == res) for i in range(5)]
            ctx.gain(seat, gain)
            events.append(Event("chest", seat, f"{name} opens a chest and takes "
                                               f"{' and '.join(RESOURCES[i] for i in range(5) for _ in range(gain[i]))}",
                                reveal))
        if dever >= 0:
            text = self.use_friend(seat, "dever")
            ctx.gain(seat, [int(i == dever) for i in range(5)])
            events.append(Event("friend", seat, f"{text}: {name} takes 1 {RESOURCES[dever]} more"))
        return events

    def chest_moves(self, seat: int) -> list[Action]:
        """The chest openings check_open_chest allows, in legal_open_chest's order: the
        timing and Captain Dever asked once, each face's reward from the bank and the
        deck, a route's paths once each (not once per piece and Dever's resource)."""
        ctx = self.ctx
        held = ctx.player_data(seat)["chests"]
        turn = ctx.state.turn
        if (not held or ctx.player_data(seat)["chest_turn"] == turn
                or not self.main_phase_open(seat)):
            return []
        bank = ctx.state.bank
        dever_ready = self.friend_ready(seat, "dever")
        out: list[Action] = []
        for k, (face, taken) in enumerate(held):
            if taken == turn:
                continue
            need = _pair_counts(face) if "+" in face else [0] * 5
            if "+" in face and any(bank[i] < need[i] for i in range(5)):
                continue
            if face == "route":
                roads, ships = ctx.free_route_sites(seat)
                base = [(p, e, -1) for e in ctx.candidate_route_edges(seat) for p in ("road", "ship")
                        if e in (roads if p == "road" else ships)]
            elif face == "any":
                base = [("", -1, r) for r in range(5) if bank[r] >= 1]
            elif face == "card" and not ctx.state.deck:
                continue
            else:
                base = [("", -1, -1)]
            for p, e, r in base:
                out.append(Action("open-chest", (k, p, e, r, -1), seat))
                if dever_ready:
                    out += [Action("open-chest", (k, p, e, r, d), seat) for d in range(5)
                            if bank[d] >= 1 + (r == d) + need[d]]
        return out

    # --- production -------------------------------------------------------------------------------
    def before_production(self, roll: tuple[int, int]) -> list[Event]:
        ctx = self.ctx
        # ctx.hand_size of each seat, read straight from the hands (at every roll)
        players, extra = ctx.state.players, self.chapter.extra_hand
        ctx.data["hands_before"] = [sum(players[p].resources) + extra(p) for p in range(ctx.n)]
        self.chapter.before_production()
        return []

    def after_production(self, total: int) -> list[Event]:
        ctx = self.ctx
        for seat in self.oda_askers(ctx.data["hands_before"]):
            ctx.ask({"kind": "oda", "seat": seat})
        return self.chapter.after_production(total)

    # --- scoring and checks -----------------------------------------------------------------------
    def chapter_result(self) -> dict[str, Any]:
        """What the Chronicle records of this chapter and what it passes on to the next:
        VP, the chapter's own result per player and for the table, the friend cards held."""
        ctx = self.ctx
        chapter = self.chapter
        names = [ctx.name(p) for p in range(ctx.n)]
        records = {names[p]: chapter.record(p) for p in range(ctx.n)}
        total = {}
        if chapter.total_column:
            total[chapter.total_column[0]] = chapter.table_total(list(records.values()))
        # What every chapter passes on (the carry's general keys, see .chapter), then its own.
        passes: dict[str, Any] = {
            "chapter": chapter.number,
            "friends": {names[p]: sorted(self.friends_of(p)) for p in range(ctx.n)},
            "friends_removed": list(ctx.data["friends_removed"]),
        }
        passes.update(chapter.passes_on())
        return {"vp": {names[p]: ctx.vp(p) for p in range(ctx.n)}, "record": records, "total": total,
                "winners": [names[w] for w in ctx.state.winners], "passes_on": passes}

    def vp_sources(self, seat: int) -> dict[str, int]:
        return {"Catan chits": int(self.ctx.player_data(seat)["chits"]), **self.chapter.vp_sources(seat)}

    def invariant_problems(self) -> list[str]:
        ctx = self.ctx
        s = ctx.state
        out = []
        faces = len(ctx.scen.params.get("chests", []))
        held = sum(len(ctx.player_data(p)["chests"]) for p in range(ctx.n))
        count = (len(ctx.data["chests"]) + len(ctx.data["chests_aside"]) + len(ctx.data["chests_used"]) + held
                 + self.chapter.chests_elsewhere())
        if count != faces:
            out.append(f"chests not conserved: {count} != {faces}")
        n_nodes = ctx.geo.n_nodes          # read back from a file: each chest on an intersection
        if any(not isinstance(c, list) or len(c) != 2 or type(c[0]) is not int or not 0 <= c[0] < n_nodes
               or not isinstance(c[1], str) for c in ctx.data["chests"]):
            out.append("a treasure chest is off the board")
        friends = len(ctx.scen.params.get("friends", []))
        won = sum(1 for p in range(ctx.n) for f in ctx.player_data(p)["friends"]
                  if f in ctx.scen.params.get("friends", []))
        if won + len(ctx.data["friend_pool"]) + len(ctx.data["friends_removed"]) != friends:
            out.append("friend cards not conserved")
        chits = int(ctx.scen.params.get("chits", 0))
        if ctx.data["chits_left"] + sum(ctx.player_data(p)["chits"] for p in range(ctx.n)) != chits:
            out.append("Catan chits not conserved")
        for p in range(ctx.n):
            posts = sum(1 for n, o in enumerate(s.node_owner) if o == p and s.node_kind[n] == OUTPOST)
            if posts > 1:
                out.append(f"{ctx.name(p)} has {posts} outposts")
            for name, uses in ctx.player_data(p)["friends"].items():
                if not 0 <= uses <= self.friend_uses:
                    out.append(f"{ctx.name(p)}'s {name} used {uses} times")
        return out + self.chapter.invariant_problems()


def chest_text(face: str) -> str:
    if face == "route":
        return "a free road or ship"
    if face == "any":
        return "1 resource of your choice"
    if face == "card":
        return "a development card"
    return " + ".join(face.split("+"))


def _pair_counts(face: str) -> list[int]:
    counts = [0] * 5
    for r in face.split("+"):
        counts[RESOURCES.index(r)] += 1
    return counts


def _scramble_pairs(value: Any, rng: Any) -> Any:
    faces = [item[1] for item in value]
    rng.shuffle(faces)
    return [[item[0], faces[i]] for i, item in enumerate(value)]


def _scramble_list(value: Any, rng: Any) -> Any:
    out = list(value)
    rng.shuffle(out)
    return out


def _parse_open_chest(r: Reader, actor: int) -> Action:
    tok = r.next("chest number")
    if not tok.isdecimal() or int(tok) < 1:
        raise r.fail(f"'{tok}' is not a chest number (1 for your first chest)")
    k = int(tok) - 1
    piece, edge, res, dever = "", -1, -1, -1
    if r.more() and r.peek() in ("road", "ship"):
        piece = r.next("road or ship")
        edge = r.edge()
    elif r.more() and r.peek() != "dever":
        res = r.resource()
    if r.more() and r.peek() == "dever":
        r.next("dever")
        dever = r.resource()
    return Action("open-chest", (k, piece, edge, res, dever), actor)


def _format_open_chest(action: Action, w: Any) -> str:
    k, piece, edge, res, dever = action.args
    text = f"open chest {k + 1}"
    if piece:
        text += f" {piece} {w.edge(edge)}"
    elif res >= 0:
        text += f" {RESOURCES[res]}"
    if dever >= 0:
        text += f" dever {RESOURCES[dever]}"
    return text
