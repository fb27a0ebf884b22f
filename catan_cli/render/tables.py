"""The game's side panels as rich Tables, built from a view (what one seat may see).

Nothing here reads hidden state: a hand the view hides (``resources`` / ``dev_cards`` None)
is shown as counts only.  Player names are coloured with the player's colour and stay plain
words, so every table reads the same without colour.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Mapping, Sequence

from rich import box
from rich.table import Table
from rich.text import Text

from . import theme
from .layers import layer_for

View = Mapping[str, Any]
Player = Mapping[str, Any]

# Victory-point sources in a fixed order; scenario sources follow in order of appearance.
VP_ORDER: tuple[str, ...] = (
    "settlements", "cities", "longest road", "longest route", "largest army", "victory cards",
)
PIECE_ORDER: tuple[str, ...] = ("road", "ship", "settlement", "city")
PIECE_HEADERS: dict[str, str] = {"road": "roads", "ship": "ships", "settlement": "settl.", "city": "cities"}


def _table(title: str | Text | None = None, **kwargs: Any) -> Table:
    return Table(title=title, box=box.SIMPLE_HEAD, show_edge=False, title_justify="left",
                 title_style="bold", pad_edge=False, **kwargs)


def player_colors(view: View) -> dict[str, str]:
    """Player name -> rich colour, from the view's players."""
    return theme.player_colors(view.get("players") or [])


def player_text(name: Any, colors: Mapping[str, str], *, marker: str = "") -> Text:
    """A player's name in their colour (bold); unknown names stay plain."""
    if name is None:
        return Text("-")
    style = colors.get(str(name))
    text = Text()
    text.append(f"{name}{marker}", style=f"bold {style}" if style else "bold")
    return text


def _find_player(view: View, name: str) -> Player:
    players: Sequence[Player] = view.get("players") or []
    for p in players:
        if str(p["name"]).lower() == name.lower():
            return p
    raise ValueError(f"no player named {name!r}")


# ---------------------------------------------------------------------------- hands


def hand_table(view: View, seat_name: str) -> Table:
    """One player's resource cards and development cards, as far as the view shows them."""
    p = _find_player(view, seat_name)
    title = Text("Hand of ", style="bold")
    title.append_text(player_text(p["name"], player_colors(view)))
    table = _table(title)
    table.add_column("card")
    table.add_column("count", justify="right")
    resources: Mapping[str, int] | None = p.get("resources")
    if resources is None:
        table.add_row(Text("resource cards (hidden)", style="italic"), str(p.get("resource_count", "?")))
    else:
        for res in _resource_names(resources):
            count = int(resources.get(res, 0))
            table.add_row(Text(res, style=theme.RESOURCE_STYLE.get(res, "")), str(count),
                          style=None if count else "dim")
    for what, count_text in layer_for(view).hand_rows(view, str(p["name"])):
        table.add_row(Text(what, style="bold"), count_text)
    table.add_section()
    cards = p.get("dev_cards")
    if cards is None:
        table.add_row(Text("development cards (hidden)", style="italic"), str(p.get("dev_count", 0)))
    elif not cards:
        table.add_row(Text("no development cards", style="dim"), "0")
    else:
        for card, count in sorted(Counter(str(c) for c in cards).items()):
            table.add_row(Text(card, style="bold"), str(count))
    return table


def _resource_names(resources: Mapping[str, Any]) -> list[str]:
    known = [r for r in theme.RESOURCES if r in resources]
    return known + [r for r in resources if r not in theme.RESOURCES]


def hands_table(view: View) -> Table:
    """Everyone's card counts and pieces left; never the cards themselves."""
    colors = player_colors(view)
    players = list(view.get("players") or [])
    pieces = [k for k in PIECE_ORDER if any(int((p.get("pieces") or {}).get(k, 0)) for p in players)]
    table = _table("Hands and pieces left")
    table.add_column("player")
    table.add_column("cards", justify="right")
    table.add_column("dev", justify="right")
    table.add_column("knights", justify="right")
    table.add_column("route", justify="right")
    for k in pieces:
        table.add_column(PIECE_HEADERS.get(k, k), justify="right")
    extra_columns = layer_for(view).player_columns(view)
    for header, _values in extra_columns:
        table.add_column(header, justify="right")
    for p in players:
        marker = " *" if p["name"] == view.get("current") else ""
        route = str(p.get("route_length", 0)) + (" L" if p.get("longest_route") else "")
        knights = str(p.get("knights", 0)) + (" A" if p.get("largest_army") else "")
        row: list[str | Text] = [player_text(p["name"], colors, marker=marker), str(p.get("resource_count", 0)),
                                 str(p.get("dev_count", 0)), knights, route]
        row += [str((p.get("pieces") or {}).get(k, 0)) for k in pieces]
        row += [values.get(str(p["name"]), "") for _header, values in extra_columns]
        table.add_row(*row)
    table.caption = "* on turn   L longest route   A largest army"
    table.caption_justify = "left"
    return table


# ---------------------------------------------------------------------------- score


def vp_columns(players: Iterable[Player]) -> list[str]:
    """The VP sources present in any player's vp_sources, known ones first."""
    seen: list[str] = []
    for p in players:
        for key in p.get("vp_sources") or {}:
            if key not in seen:
                seen.append(key)
    return [k for k in VP_ORDER if k in seen] + [k for k in seen if k not in VP_ORDER]


def score_table(view: View) -> Table:
    """Victory points by source, one column per source any player has, and the total."""
    colors = player_colors(view)
    players = list(view.get("players") or [])
    target = view.get("vp_target")
    table = _table(f"Score (first to {target})" if target else "Score")
    table.add_column("player")
    columns = vp_columns(players)
    for key in columns:          # the cells are VP, not pieces: "cities VP 4" is 2 cities
        table.add_column(f"{key} VP", justify="right")
    table.add_column("VP", justify="right", style="bold")
    winners = {str(w) for w in (view.get("winners") or [])} | ({str(view["winner"])} if view.get("winner") else set())
    for p in players:
        sources = p.get("vp_sources") or {}
        marker = " (won)" if str(p["name"]) in winners else ""
        row: list[str | Text] = [player_text(p["name"], colors, marker=marker)]
        extra = p.get("extra") or {}
        row += [_vp_cell(sources.get(key, 0), extra.get(key)) for key in columns]
        row.append(str(p.get("vp", sum(int(v) for v in sources.values()))))
        table.add_row(*row)
    return table


def _vp_cell(vp: Any, held: Any) -> Text:
    """A VP source; where it is a count of tokens (say 2 tokens = 1 VP), the count held too."""
    if isinstance(held, int) and not isinstance(held, bool) and held != vp:
        return Text(f"{held} ({vp} VP)", style="dim" if not held else "")
    return _zero_dim(vp)


def _zero_dim(value: Any) -> Text:
    return Text(str(value), style="dim" if not value else "")


# ---------------------------------------------------------------------------- bank


def bank_table(view: View) -> Table:
    """Resource cards left in the bank and development cards left in the deck."""
    bank: Mapping[str, Any] = view.get("bank") or {}
    table = _table("Bank")
    names = _resource_names(bank)
    for res in names:
        table.add_column(Text(res, style=theme.RESOURCE_STYLE.get(res, "")), justify="right")
    table.add_column("dev deck", justify="right")
    table.add_row(*[_zero_dim(bank.get(r, 0)) for r in names], _zero_dim(view.get("deck", 0)))
    return table


# ---------------------------------------------------------------------------- status


def status_table(view: View) -> Table:
    """Turn, phase, who is on turn, dice, pending decisions, tokens and scenario lines."""
    colors = player_colors(view)
    table = _table("Status", show_header=False)
    table.add_column("what", style="bold")
    table.add_column("value")
    table.add_row("turn", str(view.get("turn", "-")))
    table.add_row("phase", str(view.get("phase", "-")))
    table.add_row("on turn", player_text(view.get("current"), colors))
    winner = view.get("winner")
    if winner:
        table.add_row("winner", player_text(winner, colors))
    table.add_row("dice", _dice_text(view.get("dice")))
    pending = list(view.get("pending") or [])
    for item in pending:
        table.add_row("waiting for", pending_text(item, colors))
    if not pending and view.get("waiting_for") and not winner:
        text = player_text(view.get("prompt") or view.get("current"), colors)
        text.append(f": {view['waiting_for']}")
        table.add_row("waiting for", text)
    if view.get("robber"):
        table.add_row("robber", str(view["robber"]))
    if view.get("pirate"):
        table.add_row("pirate", str(view["pirate"]))
    for what, value in layer_for(view).status_rows(view, colors):
        table.add_row(what, value)
    return table


def _dice_text(dice: Sequence[int] | None) -> Text:
    if not dice:
        return Text("not rolled", style="dim")
    total = sum(int(d) for d in dice)
    text = Text(" + ".join(str(d) for d in dice) + " = ")
    text.append(str(total), style=theme.number_style(total) if total != 7 else "bold reverse")
    return text


def _cards(counts: Sequence[int]) -> str:
    """[0, 0, 0, 0, 1] -> '1 ore' (resources in the order of theme.RESOURCES)."""
    return " ".join(f"{n} {r}" for r, n in zip(theme.RESOURCES, counts) if n) or "nothing"


def pending_text(item: Mapping[str, Any], colors: Mapping[str, str]) -> Text:
    """One pending decision: 'blue: discard 4 cards'."""
    text = player_text(item.get("player"), colors)
    kind = str(item.get("kind", "?"))
    count = item.get("count")
    if kind == "discard" and count is not None:
        words = f"discard {count} card{'s' if count != 1 else ''}"
    elif kind == "offer" and "give" in item and "get" in item:
        words = f"accept or decline: {item.get('from', '?')} offers {_cards(item['give'])} for {_cards(item['get'])}"
    elif kind == "gold" and count is not None:
        words = f"choose {count} resource{'s' if count != 1 else ''} for gold"
    else:
        rest = ", ".join(f"{k} {v}" for k, v in item.items() if k not in ("kind", "player"))
        words = f"{kind.replace('_', ' ')}" + (f" ({rest})" if rest else "")
    text.append(f": {words}")
    return text


# ---------------------------------------------------------------------------- log


def log_table(lines: Sequence[tuple[str | None, str]], limit: int = 12,
              colors: Mapping[str, str] | None = None) -> Table:
    """The last ``limit`` events; the first element of each line names the player (or None)."""
    table = _table("Log", show_header=False)
    table.add_column("who", no_wrap=True)
    table.add_column("event")
    for who, event in list(lines)[-limit:] if limit > 0 else []:
        if who is None:
            table.add_row("", event)
            continue
        color = (colors or {}).get(who) or theme.player_color(who)
        table.add_row(Text(who, style=f"bold {color}"), event)
    return table
