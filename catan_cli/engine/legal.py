"""Legal-move generation: every action the seat(s) to act may take now.

Candidates come from the players' own networks (never a scan of the whole map), and each
is judged by the same predicates the checks use, so the generator cannot drift from the
rules.  Domestic offers are open-ended (any amounts); they are listed only on request,
as one-for-one offers.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Any, Callable, Iterable, Iterator

from .actions import Action
from .context import weakly
from .declare import PendingKind
from .geometry import UNEXPLORED
from .rulebook import ScenarioRules
from .sandbox import SandboxRules
from .state import NONE, ROAD, SETTLEMENT
from .words import resource_text
from .phases import Phase

_PAIRS = tuple(combinations_with_replacement(range(5), 2))
_VP_ONLY = {"victory-point"}      # cards never played (A.11.4): no action
# Action(kind, args, seat) without the named tuple's Python-level __new__: the generators
# below make thousands of actions a game (each discard, each robber hex).
_new = tuple.__new__


def discard_choices(have: list[int], k: int) -> Iterator[tuple[int, ...]]:
    """Every way to discard exactly ``k`` cards from a hand (counts per resource), the
    most of the first resource first."""
    return iter(_discards(tuple(have), k))


@lru_cache(maxsize=2048)
def _discards(have: tuple[int, ...], k: int) -> tuple[tuple[int, ...], ...]:
    h0, h1, h2, h3, h4 = have
    r1, r2, r3 = h1 + h2 + h3 + h4, h2 + h3 + h4, h3 + h4     # what the later kinds can take
    out = []
    for a in range(min(h0, k), max(k - r1, 0) - 1, -1):
        k1 = k - a
        for b in range(min(h1, k1), max(k1 - r2, 0) - 1, -1):
            k2 = k1 - b
            for c in range(min(h2, k2), max(k2 - r3, 0) - 1, -1):
                k3 = k2 - c
                for d in range(min(h3, k3), max(k3 - h4, 0) - 1, -1):
                    out.append((a, b, c, d, k3 - d))
    return tuple(out)


@lru_cache(maxsize=16384)
def _discard_actions(have: tuple[int, ...], k: int, seat: int) -> tuple[Action, ...]:
    """``seat``'s discard actions for a hand: a 7 in a long game meets the same hands again."""
    return tuple([_new(Action, ("discard", (d,), seat)) for d in _discards(have, k)])


class LegalMoves(SandboxRules):
    # ship_moves' targets, per (board_version, seat, pirate hex), for one board_version.
    _ship_targets_board = -1
    _ship_targets: dict[tuple[int, int, int], list[tuple[int, int]]] = {}
    # ship_moves' last answer and what it was worked out from.
    _moves_key: tuple[int, int, int, tuple[int, ...]] | None = None
    _moves: list[Action] = []
    # The position _moves stands for while nothing is placed, moved or built (see ship_moves).
    _moves_quick: tuple[int, int, int, int, int, int] | None = None
    # road_building_options' last answer and the position it was worked out in.
    _road_building: tuple[tuple[Any, ...], list[Action]] | None = None
    # _robber_moves' memo, for one _nodes_version: (seat, which hands hold cards) -> the
    # moves to every hex and each hex's span in them.
    _robber_memo_version = -1
    _robber_memo: dict[tuple[int, tuple[bool, ...]], tuple[list[Action], dict[int, tuple[int, int]]]] = {}
    # robber_moves' pirate moves that take nothing, per seat: the sea hexes they were made
    # for (exploration turns some up), the move to each in their order, and each hex's place.
    _pirate_alone: dict[int, tuple[tuple[int, ...], list[Action], dict[int, int]]] | None = None
    # _bank_trades' actions per (seat, resource given, rate), when the bank has every resource.
    _trades_kept: dict[tuple[int, int, int], tuple[Action, ...]]
    # _card_options' actions per (kind, seat).
    _cards_kept: dict[tuple[str, int], tuple[Action, ...]]
    # Whether the main phase's moves take _plain_main_actions (set by the engine), and the
    # lowest maritime rate there (a 2:1 harbour's, or the bank's when lower).
    _plain_main = False
    _min_rate = 2
    # Whether the scenario has an end-of-turn or a build/trade rule of its own, the verbs
    # listed among the main phase's moves without offers, and whether ships move at all
    # (set by the engine).
    _end_rule = True
    _build_trade_rule = True
    _listing_verbs: tuple[Any, ...] = ()
    # the listing verbs' (legal, exact, group), and whether the scenario closes groups
    _listing: tuple[tuple[Callable[[int], Iterable[Action]], bool, str], ...] = ()
    _verb_groups = False
    _card_verbs: tuple[Any, ...] = ()     # scenario verbs that play a card: listed before the roll too
    _ship_moves_listed = False
    # Whether the scenario plays a card as another kind (ScenarioRules.card_plays_as).
    _own_card_kinds = True
    # _road_sites', _ship_sites' and _settlement_sites' memos, and build_actions' actions
    # made from them, for one board_version.
    _sites_board = -1
    _sites: dict[tuple[str, int], Any] = {}

    def legal_actions(self, offers: bool = False) -> list[Action]:
        s = self.s
        phase = s.phase
        if not s.pending:
            # the usual positions first: before the roll, and the base game's main phase
            if phase == Phase.ROLL:
                seat = s.current
                if s.dev_played or not s.players[seat].dev_cards:     # card_actions: none
                    return [_new(Action, ("roll", (), seat))]
                cards = [_new(Action, ("roll", (), seat))] + self.card_actions(seat)
                for verb in self._card_verbs:
                    cards += verb.legal(seat) if verb.exact else [a for a in verb.legal(seat) if self.check(a) is None]
                return cards
            if phase == Phase.MAIN and self._plain_main and not offers:
                return self._plain_main_actions(s.current)
        if phase == Phase.OVER:
            return []
        if s.pending:
            out: list[Action] = []
            for item in self.actionable_pending():
                out.extend(self.pending_answers(item))
            return out
        if phase == Phase.SETUP:
            return self.setup_actions()
        seat = s.current
        out = [] if self._end_rule and self.rules.end_turn_reason(seat) is not None else [
            _new(Action, ("end", (), seat))]
        if phase == Phase.MAIN:     # a scenario's later phase (movement ...) closes these
            trading = not self._build_trade_rule or self.rules.build_trade_reason(seat, "build") is None
            if trading:
                out += self.build_actions(seat)
            if not s.dev_played and s.players[seat].dev_cards:      # else card_actions: none
                out += self.card_actions(seat)
            if trading:
                out += self.trade_actions(seat, offers)
            if self._ship_moves_listed and not s.ship_moved:
                out += self.ship_moves(seat)
        check = self.check
        if offers:
            for verb in self.verbs.values():
                if verb.answers:
                    continue
                if verb.exact:
                    out += verb.legal(seat)
                else:
                    out += [a for a in verb.legal(seat) if check(a) is None]
            return out
        groups = self.rules.open_verb_groups(seat) if self._verb_groups else None
        for legal, exact, group in self._listing:
            if group and groups is not None and group not in groups:
                continue        # a closed group: its verbs would list nothing
            if exact:      # the scenario's own generator lists only legal moves
                out += legal(seat)
            else:
                out += [a for a in legal(seat) if check(a) is None]
        return out

    def _plain_main_actions(self, seat: int) -> list[Action]:
        """The main phase's moves where the scenario adds no rule to them (no end or
        build/trade rule, no ships, no verbs, no rates, deck or site rules of its own: the
        base game), in legal_actions' order: end, build_actions, card_actions,
        trade_actions, each inlined to one pass with what they keep."""
        s = self.s
        p = s.players[seat]
        out = [_new(Action, ("end", (), seat))]
        have = p.resources
        afford = self._afford_memo.get(tuple(have))
        if afford is None:
            afford = self.affordable(seat)
        road, settlement, city, card, _ship = afford
        if road or settlement or city:
            pieces = p.pieces
            if road and pieces["road"] > 0:
                out += self._road_actions(seat)
            if settlement and pieces["settlement"] > 0:
                out += [_new(Action, ("build-settlement", (node,), seat)) for node in self._settlement_sites(seat)]
            if city and pieces["city"] > 0:
                node_kind = s.node_kind
                for node in self.seat_nodes(seat):
                    if node_kind[node] == SETTLEMENT:
                        out.append(_new(Action, ("build-city", (node,), seat)))
        if card and s.deck:
            out.append(_new(Action, ("buy-card", (), seat)))
        if not s.dev_played and p.dev_cards:
            out += self.card_actions(seat)
        if max(have) < self._min_rate:
            return out          # no rate is that low
        rates = self._rates.get(seat) if self._rates_board == self.board_version() else None
        if rates is None:
            rates = self._board_rates(seat)
        bank = s.bank
        if 0 in bank:
            return out + self._bank_trades(seat, have, rates, bank)
        kept = self._trades_kept
        for give in range(5):
            rate = rates[give]
            if have[give] >= rate:
                found = kept.get((seat, give, rate))
                if found is None:
                    found = kept[(seat, give, rate)] = tuple(
                        _new(Action, ("trade", (give, rate, get, 1), seat)) for get in range(5) if get != give)
                out += found
        return out

    def _road_actions(self, seat: int) -> tuple[Action, ...]:
        """build_actions' roads (no ships): kept with the sites they are made from."""
        found = self._kept_sites("road actions", seat)
        if found is None:
            sites = self._road_sites(seat)
            found = tuple(_new(Action, ("build-road", (e,), seat)) for e in self.candidate_route_edges(seat)
                          if e in sites)
            if ("road", seat) in self._sites:     # the sites are kept: their actions with them
                self._sites[("road actions", seat)] = found
        return found  # type: ignore[no-any-return]

    # --- set-up -------------------------------------------------------------------------
    def setup_actions(self) -> list[Action]:
        s = self.s
        seat = s.setup_order[0]
        out = []
        if s.setup_step == "settlement":
            kind = "build-" + self.setup_piece(seat)
            settleable = self.scen.node_settleable
            # settlement_site_reason as a yes/no where it reads the pieces and the map alone;
            # a reserved intersection asks it whole, and the scenario's settlement_reason is
            # asked only where the general rules allow (no refusal worded for the others)
            node_kind, neighbors, face_down = s.node_kind, self.geo.node_neighbors, self.scen.face_down
            kind_at = node_kind.__getitem__          # NONE is 0: any() finds a building
            reserved = self.rules.reserved_nodes
            rule = (self.rules.settlement_reason
                    if type(self.rules).settlement_reason is not ScenarioRules.settlement_reason else None)
            for node in range(self.geo.n_nodes):
                if not settleable[node]:
                    continue
                if reserved and node in reserved:
                    if self.settlement_site_reason(seat, node, True) is None:
                        out.append(_new(Action, (kind, (node,), seat)))
                elif (node_kind[node] == NONE and not any(map(kind_at, neighbors[node]))
                        and not (face_down and self.unexplored_at(node) >= 0)
                        and (rule is None or rule(seat, node, True) is None)):
                    out.append(_new(Action, (kind, (node,), seat)))
            return out
        for e in self.geo.node_edges[s.setup_node]:
            if self.road_edge_reason(seat, e, s.setup_node) is None:
                out.append(Action("build-road", (e,), seat))
            if (self.scen.rules.ships and self.scen.rules.setup_ship_instead_of_road
                    and self.ship_edge_reason(seat, e, setup_node=s.setup_node) is None):
                out.append(Action("build-ship", (e,), seat))
        return out

    def general_pendings(self) -> tuple[PendingKind, ...]:
        """The general game's decisions; each says itself how it is put and answered."""
        pirate = self.scen.rules.pirate
        # The engine keeps these kinds: they reach it weakly, or every game would be a cycle.
        e: LegalMoves = weakly(self)

        def who(item: dict[str, Any]) -> str:
            return e.name(item["seat"])

        return (
            PendingKind("discard", prompt=lambda it: f"must discard {it['count']}",
                        reason=lambda it: f"{who(it)} must discard {it['count']}",
                        answers=lambda it: e.discard_answers(it), any_order=True, exact=True),
            PendingKind("robber", prompt=lambda it: "move the robber" + (" or pirate" if pirate else ""),
                        reason=lambda it: f"{who(it)} must move the robber" + (" or the pirate" if pirate else ""),
                        answers=lambda it: e.robber_moves(it["seat"]), exact=True),
            PendingKind("gold", prompt=lambda it: f"choose {e.gold_count(it)} from gold",
                        reason=lambda it: f"{who(it)} must choose {e.gold_count(it)} from the gold field",
                        answers=lambda it: e.gold_answers(it), exact=True),
            PendingKind("offer", prompt=lambda it: f"accept or decline: {e.name(it['from'])} offers you "
                                                   f"{resource_text(it['give'])} for {resource_text(it['get'])}",
                        reason=lambda it: f"{who(it)} must accept or decline {e.name(it['from'])}'s offer",
                        answers=lambda it: e.offer_answers(it), exact=True),
        )

    # --- pending decisions ------------------------------------------------------------------
    def pending_answers(self, item: dict[str, Any]) -> list[Action]:
        """The legal answers to one open decision (a scenario's are filtered by check)."""
        pending = self.pending_kinds[item["kind"]]
        answers = pending.answers(item)
        if pending.exact:
            return list(answers)
        return [a for a in answers if self.check(a) is None]

    def discard_answers(self, item: dict[str, Any]) -> list[Action]:
        seat = item["seat"]
        have = self.s.players[seat].resources
        out = list(_discard_actions(tuple(have), item["count"], seat))
        if self._extra_hand is not None:
            # cards of the scenario's own in hand are discarded by its verbs answering "discard"
            for verb in self.verbs.values():
                if verb.answers == "discard":
                    if verb.exact:      # its own generator lists only legal answers
                        out.extend(verb.legal(seat))
                    else:
                        out.extend(a for a in verb.legal(seat) if self.check(a) is None)
        return out

    def gold_answers(self, item: dict[str, Any]) -> list[Action]:
        seat = item["seat"]
        out = []
        for combo in combinations_with_replacement(range(5), self.gold_count(item)):
            a = Action("choose-gold", (combo,), seat)
            if self.check_choose_gold(a) is None:
                out.append(a)
        return out

    def offer_answers(self, item: dict[str, Any]) -> list[Action]:
        seat = item["seat"]
        out = [Action("decline", (), seat)]
        if self.check_accept(Action("accept", (), seat)) is None:
            out.insert(0, Action("accept", (), seat))
        return out

    def robber_moves(self, seat: int) -> list[Action]:
        out: list[Action] = []
        if self.scen.rules.robber:
            out = self._robber_moves(seat)
        if self.scen.rules.pirate and self.rules.pirate_reason(seat) is None:
            # pirate_victims and stealable, inlined: the victims by sea hex from the
            # opponents' ships, and what each could lose worked out once, not once per hex.
            s, geo = self.s, self.geo
            takes = {p: self.stealable(seat, p) for p in range(self.n) if p != seat}
            ship_victims: dict[int, set[int]] = {}
            edge_hexes, edge_kind, is_ship, shared = geo.edge_hexes, s.edge_kind, self.pieces.is_ship, s.shared_ships
            for p, what in takes.items():
                if what:
                    # is_ship, read from the tables: the seat's own paths, a shared path's second ship
                    for e in self.route_edges(p):
                        if is_ship[edge_kind[e]] if s.edge_owner[e] == p else shared[e] == p:
                            for h in edge_hexes[e]:
                                found = ship_victims.get(h)
                                if found is None:
                                    ship_victims[h] = {p}
                                else:
                                    found.add(p)
            # the moves that take nothing, one per sea hex in order, made once per seat (most
            # hexes), with each hex's place among them
            kept = self._pirate_alone
            if kept is None:
                kept = self._pirate_alone = {}
            alone = kept.get(seat)
            sea = self.sea_hexes
            if alone is None or alone[0] is not sea:
                alone = kept[seat] = (sea, [_new(Action, ("pirate", (h, -1, "resource"), seat)) for h in sea],
                                      {h: i for i, h in enumerate(sea)})
            plain, place = alone[1], alone[2]
            own_rule = type(self.rules).pirate_hex_reason is not ScenarioRules.pirate_hex_reason
            barred = self.rules.pirate_barred_hexes(seat) if own_rule else None
            if barred is None and own_rule:
                pirate_reason = self.rules.pirate_hex_reason
                for i, h in enumerate(sea):
                    if h != s.pirate and pirate_reason(seat, h) is None:
                        self._pirate_moves_at(out, seat, h, plain[i], ship_victims.get(h), takes)
                return out
            # Runs of hexes with nobody to rob are copied from the kept moves at once; only
            # the hexes beside an opponent's ship, and the pirate's own (no move), are apart.
            # Hexes the scenario bars (barred) give no move.
            apart = {place[h] for h in ship_victims if h in place}
            if s.pirate in place:
                apart.add(place[s.pirate])
            if barred:
                apart.update([place[h] for h in barred if h in place])
            done = 0
            for i in sorted(apart):
                out += plain[done:i]
                h = sea[i]
                if h != s.pirate and not (barred and h in barred):
                    self._pirate_moves_at(out, seat, h, plain[i], ship_victims.get(h), takes)
                done = i + 1
            out += plain[done:]
        return out

    @staticmethod
    def _pirate_moves_at(out: list[Action], seat: int, h: int, plain: Action, victims: set[int] | None,
                         takes: dict[int, list[str]]) -> None:
        """The pirate's moves to sea hex ``h``, added to ``out``: one per victim beside it and
        what each could lose, or ``plain`` (no theft) when nobody is."""
        if not victims:
            out.append(plain)
            return
        for v in sorted(victims):
            out.extend([_new(Action, ("pirate", (h, v, what), seat)) for what in takes[v]])

    def _robber_moves(self, seat: int) -> list[Action]:
        """The robber's moves.  Without a scenario rule for the robber's hexes (which may
        read more), they depend on the buildings, which hands hold cards and the robber's
        hex alone: every hex's moves are kept per seat and hands while the buildings stay
        (roads do not matter), and the robber's own hex is cut out of them."""
        barred: set[int] | None = None
        if type(self.rules).robber_hex_reason is not ScenarioRules.robber_hex_reason:
            barred = self.rules.robber_barred_hexes(seat)
            if barred is None:
                return self._fresh_robber_moves(seat, True, self.s.robber)[0]
        self.board_version()
        if self._robber_memo_version != self._nodes_version:
            self._robber_memo_version, self._robber_memo = self._nodes_version, {}
        if self._extra_hand is None:
            key = (seat, tuple([any(p.resources) for p in self.s.players]))
        else:
            key = (seat, tuple([self.hand_size(p) > 0 for p in range(self.n)]))
        found = self._robber_memo.get(key)
        if found is None:
            found = self._robber_memo[key] = self._fresh_robber_moves(seat, False, -1)
        moves, spans = found
        if barred:
            # the hexes the scenario bars cut out too, the moves left in the same order
            cut = sorted([spans[h] for h in barred | {self.s.robber} if h in spans])
            out: list[Action] = []
            done = 0
            for first, end in cut:
                out += moves[done:first]
                done = end
            out += moves[done:]
            return out
        span = spans.get(self.s.robber)
        if span is None:
            return list(moves)
        return moves[:span[0]] + moves[span[1]:]

    def _fresh_robber_moves(self, seat: int, ask: bool, robber: int
                            ) -> tuple[list[Action], dict[int, tuple[int, int]]]:
        """The robber's moves to every hex but ``robber``, and where each hex's moves lie in
        the list (robber_hex_reason and robber_victims, inlined: most of their work is the
        same for every hex).  ``ask``: the scenario's robber_hex_reason is asked too."""
        out: list[Action] = []
        spans: dict[int, tuple[int, int]] = {}
        s, scen = self.s, self.scen
        forbidden = scen.rules.robber_forbidden_areas
        hex_area, node_hexes = scen.hex_area, self.geo.node_hexes
        node_kind, produces = s.node_kind, self.pieces.produces
        # The victims by hex, from the robbable opponents' own buildings (a few nodes)
        # rather than from every corner of every hex.
        victims_at: dict[int, list[int]] = {}
        for p in range(self.n):
            if p != seat and self.hand_size(p) > 0:
                for node in self.seat_nodes(p):
                    if produces[node_kind[node]]:
                        for h in node_hexes[node]:
                            at = victims_at.setdefault(h, [])
                            if not at or at[-1] != p:     # seats come in order
                                at.append(p)
        hex_reason = self.rules.robber_hex_reason
        terrain = s.terrain
        for h in self.land_hexes:
            if (h == robber or hex_area[h] in forbidden or terrain[h] == UNEXPLORED
                    or (ask and hex_reason(seat, h) is not None)):
                continue
            first = len(out)
            victims = victims_at.get(h)
            if victims is None:
                out.append(_new(Action, ("robber", (h, -1), seat)))
            else:
                out.extend([_new(Action, ("robber", (h, v), seat)) for v in victims])
            spans[h] = (first, len(out))
        return out, spans

    # --- building ------------------------------------------------------------------------------
    def build_actions(self, seat: int) -> list[Action]:
        s = self.s
        p = s.players[seat]
        out: list[Action] = []
        # one memo lookup for the five costs (COSTED's order)
        road, settlement, city, card, ship = self.affordable(seat)
        pieces = p.pieces
        can_road = road and pieces["road"] > 0
        can_ship = ship and self.scen.rules.ships and pieces["ship"] > 0
        if can_road or can_ship:
            # kept with the sites they are made from, for the pieces affordable and the pirate
            wanted = (can_road, can_ship, s.pirate)
            found = self._kept_sites("route actions", seat)
            if found is not None and found[0] == wanted:
                out += found[1]
            else:
                candidates = self.candidate_route_edges(seat)
                ship_ok = self._ship_sites(seat) if can_ship else frozenset()
                road_ok = self._road_sites(seat) if can_road else frozenset()
                route: list[Action] = []
                for e in candidates:
                    if e in road_ok:
                        route.append(_new(Action, ("build-road", (e,), seat)))
                    if e in ship_ok:
                        route.append(_new(Action, ("build-ship", (e,), seat)))
                sites = self._sites
                if (not can_road or ("road", seat) in sites) and (not can_ship or ("ship", seat) in sites):
                    sites[("route actions", seat)] = (wanted, tuple(route))
                out += route
        if settlement and pieces["settlement"] > 0:
            found = self._kept_sites("settlement actions", seat)
            if found is None:
                found = tuple([_new(Action, ("build-settlement", (node,), seat)) for node in self._settlement_sites(seat)])
                if ("settlement", seat) in self._sites:
                    self._sites[("settlement actions", seat)] = found
            out += found
        if city and pieces["city"] > 0:
            for node in self.seat_nodes(seat):
                if s.node_kind[node] == SETTLEMENT:
                    out.append(_new(Action, ("build-city", (node,), seat)))
        if card and self.cards_left():
            out.append(_new(Action, ("buy-card", (), seat)))
        return out

    def _kept_sites(self, name: str, seat: int) -> Any:
        """The memo ``name`` of ``seat`` kept under board_version, or None."""
        board = self.board_version()
        if self._sites_board != board:
            self._sites_board, self._sites = board, {}
            return None
        return self._sites.get((name, seat))

    def _road_sites(self, seat: int) -> frozenset[int]:
        """The candidate paths where a road of ``seat``'s may go (road_edge_reason), kept
        while the pieces stay: it reads the pieces alone (node_blocks_route included, as
        board_version asks of it), unless the scenario has a road rule of its own or
        face-down hexes (roads keep off an undiscovered hex)."""
        found = self._kept_sites("road", seat)
        if found is None:
            own_rule = type(self.rules).road_reason is not ScenarioRules.road_reason
            found = self._plain_road_sites(seat, own_rule)
            if (not own_rule and not self.scen.face_down) or "road_reason" in self.rules.answers_from_pieces:
                # the whole reason read the pieces and the map alone (hexes turned up give
                # board_version a new number): kept like the plain sites
                self._sites[("road", seat)] = found
        return found  # type: ignore[no-any-return]

    def _plain_road_sites(self, seat: int, own_rule: bool = False) -> frozenset[int]:
        """road_edge_reason(seat, e) is None for each candidate path, as a yes/no without
        the reasons (no refusal is worded): a path beside a face-down hex is refused, and
        the scenario's road_reason (``own_rule``) is asked only of a path the general
        rules allow."""
        s, geo = self.s, self.geo
        roadable = self.scen.edge_roadable
        edge_owner, edge_kind, node_owner, node_kind = s.edge_owner, s.edge_kind, s.node_owner, s.node_kind
        produces, node_blocks, edge_nodes, node_edges = (self.pieces.produces, self.rules.node_blocks_route,
                                                         geo.edge_nodes, geo.node_edges)
        face_down, terrain, edge_hexes = self.scen.face_down, s.terrain, geo.edge_hexes
        found = []
        for e in self.candidate_route_edges(seat):
            if not roadable[e] or edge_kind[e]:
                continue
            if face_down and any(terrain[h] == UNEXPLORED for h in edge_hexes[e]):
                continue
            for x in edge_nodes[e]:
                owner = node_owner[x]
                if owner == seat and produces[node_kind[x]] > 0:
                    found.append(e)        # at the seat's own building
                    break
                if (owner >= 0 and owner != seat) or node_blocks(seat, x):
                    continue               # no road joins across an opponent's building
                joined = False
                for e2 in node_edges[x]:
                    if e2 != e and edge_owner[e2] == seat and edge_kind[e2] == ROAD:
                        joined = True
                        break
                if joined:
                    found.append(e)
                    break
        if own_rule:
            road_reason = self.rules.road_reason
            return frozenset([e for e in found if road_reason(seat, e, False) is None])
        return frozenset(found)

    def _ship_sites(self, seat: int) -> frozenset[int]:
        """The candidate paths where a ship of ``seat``'s may be built (ship_edge_ok), kept
        while the pieces and the pirate stay when the scenario's ship_reason answers from
        the pieces alone (or there is none): a turn's trades and builds ask again."""
        pirate = self.s.pirate
        found = self._kept_sites("ship", seat)
        if found is not None and found[0] == pirate:
            return found[1]  # type: ignore[no-any-return]
        rules = self.rules
        if type(rules).ship_reason is ScenarioRules.ship_reason:
            # Without a ship rule of the scenario's, a ship may be built exactly where a moved
            # one may go (joined to a building or ship of the seat's): the same table, which
            # the turn's ship moves read too.
            ships = frozenset(dst for dst, _ in self.ship_targets(seat))
        else:
            # ship_edge_ok without its own walk to the seat's pieces: ship_targets holds the
            # open paths a ship of the seat's joins (kept under the pieces and the pirate,
            # read by the turn's ship moves too), and the scenario's rule is asked of those.
            ship_reason = rules.ship_reason
            ships = frozenset(dst for dst, _ in self.ship_targets(seat) if ship_reason(seat, dst, -1) is None)
        if type(rules).ship_reason is ScenarioRules.ship_reason or "ship_reason" in rules.answers_from_pieces:
            self._sites[("ship", seat)] = (pirate, ships)
        return ships

    def _settlement_sites(self, seat: int) -> list[int]:
        """The intersections where ``seat`` may build a settlement now, in order; kept
        while the pieces stay unless the scenario has site rules of its own (which may read
        more than the pieces)."""
        found = self._kept_sites("settlement", seat)
        if found is not None:
            return found  # type: ignore[no-any-return]
        sites: set[int] = set()
        for e in self.route_edges(seat):
            sites.update(self.geo.edge_nodes[e])
        rules = type(self.rules)
        if (not self.scen.face_down          # exploration: the sites follow the hexes turned up too
                and rules.settlement_reason is ScenarioRules.settlement_reason
                and (not self.rules.reserved_nodes or rules.reserved_site_reason is ScenarioRules.reserved_site_reason
                     or "reserved_site_reason" in self.rules.answers_from_pieces)):
            # settlement_site_reason as a yes/no (no reasons written) where it reads the
            # pieces alone; a reserved intersection still asks the scenario
            reserved, settleable = self.rules.reserved_nodes, self.scen.node_settleable
            node_kind, neighbors = self.s.node_kind, self.geo.node_neighbors
            found = [node for node in sorted(sites)
                     if (self.settlement_site_reason(seat, node, False) is None if node in reserved
                         else settleable[node] and node_kind[node] == NONE
                         and not any(map(node_kind.__getitem__, neighbors[node])))]
            self._sites[("settlement", seat)] = found
            return found
        found = [node for node in sorted(sites) if self.settlement_site_reason(seat, node, False) is None]
        if ("settlement_reason" in self.rules.answers_from_pieces
                and (not self.rules.reserved_nodes or rules.reserved_site_reason is ScenarioRules.reserved_site_reason
                     or "reserved_site_reason" in self.rules.answers_from_pieces)):
            # the whole reasons read the pieces and the map alone: kept as above
            self._sites[("settlement", seat)] = found
        return found

    # --- cards ---------------------------------------------------------------------------------
    def card_actions(self, seat: int) -> list[Action]:
        s = self.s
        if s.dev_played or not s.players[seat].dev_cards:
            return []
        out: list[Action] = []
        turn = s.turn
        if self._own_card_kinds:
            kinds = {self.rules.card_plays_as(c) for c, bought in s.players[seat].dev_cards if bought != turn}
        else:
            kinds = {c for c, bought in s.players[seat].dev_cards if bought != turn}
        if not kinds or kinds == _VP_ONLY:
            return out
        # Called before the roll and in the main phase with nothing pending, by the seat on
        # turn that has not played a card, for kinds it holds from before this turn: the
        # timing rules (play_reason) pass, what is left of each check is asked below.
        if "knight" in kinds and self.rules.knight_reason(seat) is None:
            out.append(_new(Action, ("play-knight", (), seat)))
        if "year-of-plenty" in kinds:
            pairs = self._card_options("year-of-plenty", seat)
            bank = s.bank
            if min(bank) >= 2:
                out.extend(pairs)
            else:
                out.extend([a for a in pairs if (bank[a[1][0]] >= 2 if a[1][0] == a[1][1]
                                                 else bank[a[1][0]] >= 1 and bank[a[1][1]] >= 1)])
        if "monopoly" in kinds:
            out.extend(self._card_options("monopoly", seat))
        if "road-building" in kinds:
            out.extend(self.road_building_options(seat))
        return out

    def _card_options(self, kind: str, seat: int) -> tuple[Action, ...]:
        """Every year-of-plenty pair, or every monopoly, as actions of ``seat``'s, made once
        per game."""
        found = self._cards_kept.get((kind, seat))
        if found is None:
            if kind == "monopoly":
                found = tuple(_new(Action, ("play-monopoly", (r,), seat)) for r in range(5))
            else:
                found = tuple(_new(Action, ("play-year-of-plenty", pair, seat)) for pair in _PAIRS)
            self._cards_kept[(kind, seat)] = found
        return found

    def road_building_options(self, seat: int) -> list[Action]:
        """Every placement of the card's two free roads or ships.  On a sea map each first
        piece is tried with every second (a few thousand checks), and the card is listed
        at every decision of its holder's turn: the answer is kept while the pieces, the
        pirate and the seat's supply stay, when the scenario's road and ship rules read the
        pieces alone (as for _road_sites and _ship_sites)."""
        s = self.s
        supply = s.players[seat].pieces
        rules = type(self.rules)
        if (not self.scen.rules.ships and not self.scen.face_down
                and rules.road_reason is ScenarioRules.road_reason):
            # Roads alone: kept with the sites under board_version (the look-ahead puts the
            # version back), while the seat's roads in supply stay.
            found = self._kept_sites("road-building", seat)
            if found is None or found[0] != supply["road"]:
                general = rules.node_blocks_route is ScenarioRules.node_blocks_route and not s.shared_ships
                found = (supply["road"], self._road_building_look_ahead(seat, general, None))
                self._sites[("road-building", seat)] = found
            return list(found[1])
        # kept where _road_sites and _ship_sites are: the road and ship rules read the
        # pieces alone (and the map: hexes turned up give board_version a new number)
        own_road = rules.road_reason is not ScenarioRules.road_reason
        keep = (((not own_road and not self.scen.face_down) or "road_reason" in self.rules.answers_from_pieces)
                and (rules.ship_reason is ScenarioRules.ship_reason
                     or "ship_reason" in self.rules.answers_from_pieces))
        if keep:
            # Keyed by board_version (the look-ahead puts it back), not by copies of the five
            # tables: the card is listed at every decision of its holder's turn.
            key = (seat, s.pirate, supply["road"], supply.get("ship", 0), self.board_version())
            kept = self._road_building
            if kept is not None and kept[0] == key:
                return list(kept[1])
        general = (keep and not own_road and not self.scen.face_down
                   and rules.node_blocks_route is ScenarioRules.node_blocks_route
                   and rules.ship_reason is ScenarioRules.ship_reason and not s.shared_ships)
        return self._road_building_look_ahead(seat, general, key if keep else None)

    def _road_building_look_ahead(self, seat: int, general: bool, key: tuple[Any, ...] | None) -> list[Action]:
        """road_building_options worked out: each first piece put down in thought, and the
        second pieces it allows.  ``general``: the scenario adds no rule of its own to where
        a road or ship goes (nor blocks routes, nor shares paths); then a piece put down
        only occupies its path, uses one of its supply and joins the paths at its ends, so
        only those are judged again: a second elsewhere is what it was as a first."""
        s = self.s
        supply = s.players[seat].pieces
        pieces = ["road"] + (["ship"] if self.scen.rules.ships else [])
        judge = self._route_judge(seat)
        candidates = self.candidate_route_edges(seat)
        firsts = [(piece, e) for e in candidates for piece in pieces if judge(piece, e)]
        edge_nodes, node_edges, edge_owner = self.geo.edge_nodes, self.geo.node_edges, s.edge_owner
        order = {p: i for i, p in enumerate(pieces)}
        found: dict[frozenset[tuple[str, int]], Action] = {}
        for first in firsts:
            if general:
                piece, edge = first
                near = {e for x in edge_nodes[edge] for e in node_edges[x] if e != edge and edge_owner[e] < 0}
                with self.tentative_piece(seat, *first):
                    again_ok = self._route_judge(seat, few=True)
                    again = [(p2, e2) for e2 in near for p2 in pieces if again_ok(p2, e2)]
                left = supply[piece] - 1     # the first used one of its kind
                seconds = sorted([(p2, e2) for p2, e2 in firsts
                                  if e2 != edge and e2 not in near and (p2 != piece or left > 0)] + again,
                                 key=lambda pe: (pe[1], order[pe[0]]))
            else:
                with self.tentative_piece(seat, *first):
                    second_ok = self._route_judge(seat)
                    seconds = [(p2, e2) for e2 in self.candidate_route_edges(seat) for p2 in pieces
                               if second_ok(p2, e2)]
            if not seconds:
                found.setdefault(frozenset([first]), Action("play-road-building", (first,), seat))
            for second in seconds:
                found.setdefault(frozenset([first, second]), Action("play-road-building", (first, second), seat))
        out = list(found.values())
        if key is not None:
            self._road_building = (key, out)
            return list(out)
        return out

    def _route_judge(self, seat: int, few: bool = False) -> Callable[[str, int], bool]:
        """``free_route_reason(seat, piece, edge) is None`` as a plain yes or no, on the board
        as it is now (a first piece put down in thought on it).  Where the scenario's road
        or ship rule reads the pieces alone, the board's road or ship sites are worked out
        once, at the first path asked, in one pass without reasons; elsewhere, and with
        ``few`` (only a few paths will be asked), each path is judged alone, a ship's
        without writing the reason."""
        supply = self.s.players[seat].pieces
        rules = self.rules
        road_sites = not few and type(rules).road_reason is ScenarioRules.road_reason and not self.scen.face_down
        ship_sites = not few and (type(rules).ship_reason is ScenarioRules.ship_reason
                                  or "ship_reason" in rules.answers_from_pieces)
        sites: dict[str, frozenset[int]] = {}

        def judge(piece: str, edge: int) -> bool:
            if supply[piece] <= 0:
                return False
            if piece == "road":
                if not road_sites:
                    return self.road_edge_reason(seat, edge) is None
                found = sites.get(piece)
                if found is None:
                    found = sites[piece] = self._road_sites(seat)
                return edge in found
            if not ship_sites:
                return self.ship_edge_ok(seat, edge)
            found = sites.get(piece)
            if found is None:
                found = sites[piece] = self._ship_sites(seat)
            return edge in found
        return judge

    # --- trade ----------------------------------------------------------------------------------
    def trade_actions(self, seat: int, offers: bool) -> list[Action]:
        s = self.s
        have = s.players[seat].resources
        if not offers and not self._own_trade_rates and max(have) < self._min_rate:
            return []           # no rate of the board's is that low (most hands at sea)
        rates = self.kept_harbor_rates(seat)
        bank = s.bank
        out = self._bank_trades(seat, have, rates, bank)
        if offers:
            for target in range(self.n):
                if target == seat:
                    continue
                for give in range(5):
                    if have[give]:
                        for get in range(5):
                            if get != give:
                                g, w = [0] * 5, [0] * 5
                                g[give], w[get] = 1, 1
                                out.append(Action("offer", (target, tuple(g), tuple(w)), seat))
        return out

    def _bank_trades(self, seat: int, have: list[int], rates: list[int], bank: list[int]) -> list[Action]:
        """The maritime trades (A.15) a hand allows, one card at a time."""
        out: list[Action] = []
        full = 0 not in bank
        for give in range(5):
            rate = rates[give]
            if have[give] >= rate:
                if full:
                    # every other resource in the bank: the four trades, made once per game
                    found = self._trades_kept.get((seat, give, rate))
                    if found is None:
                        found = self._trades_kept[(seat, give, rate)] = tuple(
                            _new(Action, ("trade", (give, rate, get, 1), seat)) for get in range(5) if get != give)
                    out.extend(found)
                    continue
                for get in range(5):
                    if get != give and bank[get] > 0:
                        out.append(_new(Action, ("trade", (give, rate, get, 1), seat)))
        return out

    # --- ship moves -------------------------------------------------------------------------------
    def ship_moves(self, seat: int) -> list[Action]:
        s = self.s
        # The moves read the pieces, the pirate and the ships built this turn (through
        # `movable`) alone, unless the scenario's ship_reason reads more: kept for the
        # other decisions of the turn (the player trades and builds between them).
        rules = self.rules
        keep = type(rules).ship_reason is ScenarioRules.ship_reason or "ship_reason" in rules.answers_from_pieces
        if keep:
            # Nothing placed, moved or lifted since the last answer, in the same turn with
            # the same ships built in it: the same moves, without working out the movable
            # ships again (a ship built changes the board, a new turn empties the list).
            quick = (self.board_version(), seat, s.pirate, s.turn, len(s.built_this_turn), id(self.scen))
            if quick == self._moves_quick:
                return list(self._moves)
        movable = self.movable_ships(seat)
        if not keep:
            return self._ship_moves(seat, movable) if movable else []
        if not movable:
            # none movable is kept too: at sea most decisions of a turn meet it again
            self._moves_key, self._moves, self._moves_quick = None, [], quick
            return []
        key = (quick[0], seat, s.pirate, tuple(movable))
        if key != self._moves_key:
            self._moves_key, self._moves = key, self._ship_moves(seat, movable)
        self._moves_quick = quick
        return list(self._moves)

    def _ship_moves(self, seat: int, movable: list[int]) -> list[Action]:
        out: list[Action] = []
        ship_reason, targets = self.rules.ship_reason, self.ship_targets(seat)
        if type(self.rules).ship_reason is ScenarioRules.ship_reason:
            # No scenario rule for ships' places: the moves are the pairs the targets allow.
            for src in movable:
                out.extend([_new(Action, ("move-ship", (src, dst), seat)) for dst, only in targets if only != src])
            return out
        for src in movable:
            out.extend([_new(Action, ("move-ship", (src, dst), seat)) for dst, only in targets
                        if only != src and ship_reason(seat, dst, src) is None])
        return out

    def ship_targets(self, seat: int) -> list[tuple[int, int]]:
        """Where a moved ship of ``seat``'s might go: ship_edge_ok(seat, dst, lifted=src) for
        every pair, with what does not depend on the lifted ship worked out once per target:
        whether it is open, and whether one ship of the seat's alone joins it.  Each target
        comes with that ship (which cannot move there: lifting it cuts the target off), or
        -1 when a building of the seat's or two of its ships join it, whatever is lifted.
        Depends on the pieces and the pirate alone, so it is kept while they stay (see
        board_version)."""
        s = self.s
        key = (self.board_version(), seat, s.pirate)
        if self._ship_targets_board != key[0]:
            self._ship_targets_board, self._ship_targets = key[0], {}
        targets = self._ship_targets.get(key)
        if targets is not None:
            return targets
        # From the pieces, unless the scenario narrows the candidates itself (then they are few).
        rules = type(self.rules)
        by_pieces = (rules.ship_candidates is ScenarioRules.ship_candidates
                     and (not s.shared_ships or rules.own_ship_candidates is ScenarioRules.own_ship_candidates))
        targets = self._ship_targets[key] = (self._ship_targets_from_pieces(seat) if by_pieces
                                             else self._ship_targets_by_candidates(seat))
        return targets

    def _ship_targets_by_candidates(self, seat: int) -> list[tuple[int, int]]:
        """:meth:`ship_targets` worked out by asking every candidate path about its ends
        (any scenario, shared paths included)."""
        s = self.s
        # Lifting a ship only removes connections, so today's candidates cover every target.
        shippable = self.scen.edge_shippable
        candidates = self.rules.own_ship_candidates(seat)
        if candidates is None:
            candidates = self.rules.ship_candidates(
                seat, [e for e in self.candidate_route_edges(seat) if shippable[e]])
        geo, is_ship = self.geo, self.pieces.is_ship
        edge_owner, edge_kind, shared = s.edge_owner, s.edge_kind, s.shared_ships
        # own_building, blocked_for and on_pirate_hex, read from the tables directly.
        node_owner, node_kind, produces = s.node_owner, s.node_kind, self.pieces.produces
        rules = self.rules
        node_blocks = None if type(rules).node_blocks_route is ScenarioRules.node_blocks_route else rules.node_blocks_route
        edge_nodes, node_edges, edge_hexes, pirate = geo.edge_nodes, geo.node_edges, geo.edge_hexes, s.pirate
        targets: list[tuple[int, int]] = []
        for dst in candidates:
            if ((edge_kind[dst] and (not shared or self.shared_path_reason(seat, dst)))
                    or (pirate >= 0 and pirate in edge_hexes[dst])):
                continue
            joiners = 0           # the seat's ships joining dst (no ship touches both its ends)
            only = -1
            for x in edge_nodes[dst]:
                owner = node_owner[x]
                if owner == seat and produces[node_kind[x]] > 0:
                    joiners = 2       # anchored by a building: any ship may come
                    only = -1
                    break
                if not ((owner >= 0 and owner != seat) or (node_blocks is not None and node_blocks(seat, x))):
                    for e2 in node_edges[x]:
                        if e2 != dst and ((edge_owner[e2] == seat and is_ship[edge_kind[e2]])
                                          or (shared and shared[e2] == seat)):
                            joiners += 1
                            only = e2 if joiners == 1 else -1
            if joiners:
                targets.append((dst, only))
        return targets

    def _ship_targets_from_pieces(self, seat: int) -> list[tuple[int, int]]:
        """:meth:`ship_targets` found from the seat's own ships and buildings rather than by
        asking every candidate path about both its ends: a target is an open path beside a
        building of the seat's (anything may come), or beside a ship of the seat's at an end
        not blocked (that ship joins it).  Open: empty, or where two ships may share a path
        (E.0.2), holding one ship of another player's (shared_path_reason).  The same targets
        in the same order (by path)."""
        s, geo = self.s, self.geo
        edge_owner, edge_kind, node_owner, node_kind = s.edge_owner, s.edge_kind, s.node_owner, s.node_kind
        produces, is_ship = self.pieces.produces, self.pieces.is_ship
        edge_nodes, node_edges = geo.edge_nodes, geo.node_edges
        rules = self.rules
        blocks = None if type(rules).node_blocks_route is ScenarioRules.node_blocks_route else rules.node_blocks_route
        shippable = self.scen.edge_shippable
        shared = s.shared_ships
        # open: empty, or (two: where two ships may share a path) one ship of another player's
        two = bool(shared) and self.scen.rules.ships_per_path >= 2
        if shared:
            ships = [e for e in self.route_edges(seat)
                     if (edge_owner[e] == seat and is_ship[edge_kind[e]]) or shared[e] == seat]
        else:
            ships = [e for e in self.seat_edges(seat) if is_ship[edge_kind[e]]]
        joined: dict[int, int] = {}        # path -> the one ship joining it, or -1: anchored or two
        for x in self.seat_nodes(seat):
            if produces[node_kind[x]] > 0:
                for dst in node_edges[x]:
                    if shippable[dst] and (edge_owner[dst] < 0 or (
                            two and shared[dst] < 0 and edge_owner[dst] != seat and is_ship[edge_kind[dst]])):
                        joined[dst] = -1
        for e in ships:
            for x in edge_nodes[e]:
                owner = node_owner[x]
                if owner >= 0 and (owner != seat or produces[node_kind[x]] > 0):
                    continue           # blocked, or a building of the seat's (anchored above)
                if blocks is not None and blocks(seat, x):
                    continue
                for dst in node_edges[x]:
                    if dst != e and shippable[dst] and (edge_owner[dst] < 0 or (
                            two and shared[dst] < 0 and edge_owner[dst] != seat and is_ship[edge_kind[dst]])):
                        # a second joiner, or a path anchored by a building: any ship may come
                        joined[dst] = -1 if dst in joined else e
        if not joined:
            return []
        pirate = s.pirate
        if pirate >= 0:
            edge_hexes = geo.edge_hexes
            return [(dst, joined[dst]) for dst in sorted(joined) if pirate not in edge_hexes[dst]]
        return sorted(joined.items())

