"""The legal moves of one position, computed once and kept until the position changes.

A :class:`Position` belongs to one engine version (:attr:`Engine.version`, bumped by every
``Engine.apply`` and by :meth:`Engine.touch`), so a cache can never outlive the position
it describes: whoever asks with a newer version gets a fresh one.  It answers the three
questions of the hot path: the list (``legal_actions``), membership (an Action that is a
member needs no second check), and the canonical text of each member (``legal_commands``,
and a listed command executed as text is not parsed again).
"""

from __future__ import annotations

from typing import Callable

from .engine.actions import Action


class Position:
    # What is worked out only when asked: class-level defaults until then (one is made per
    # decision, and most are asked for the list and one membership alone).
    _members: dict[Action, Action] | None = None
    _texts: dict[str, Action] | None = None
    _text_list: list[str] = []
    _wrote = False

    def __init__(self, version: int, actions: list[Action]) -> None:
        self.version = version
        self.actions = actions

    def member(self, action: Action) -> Action | None:
        """The listed action equal to ``action`` (the listed object itself, so an argument
        given as 5.0 is played as the listed 5), or None."""
        members = self._members
        if members is None:
            if len(self.actions) < 64:
                # A scan in C, which meets the listed object itself first (by identity), is
                # cheaper than hashing every listed action for one lookup.
                try:
                    return self.actions[self.actions.index(action)]
                except ValueError:
                    return None
            members = self._members = {a: a for a in self.actions}
        try:
            return members.get(action)
        except TypeError:       # an unhashable argument: certainly not a listed action
            return None

    def texts(self, write: Callable[[list[Action]], list[str]]) -> list[str]:
        """The canonical text of every listed action, in order, written once."""
        if self._wrote is False:
            self._text_list = write(self.actions)
            self._wrote = True
        return list(self._text_list)

    def by_text(self, text: str) -> Action | None:
        """The listed action whose canonical text is ``text`` (only once texts were asked
        for: writing every text to play one would cost more than parsing it).  Of two
        listed actions with one text, the later is meant."""
        if self._wrote is False:
            return None
        texts = self._texts
        if texts is None:
            listed = self._text_list
            if len(listed) < 64:
                # A scan in C is cheaper than hashing every text for one lookup.
                try:
                    i = listed.index(text)
                except ValueError:
                    return None
                if listed.count(text) == 1:
                    return self.actions[i]
            texts = self._texts = dict(zip(listed, self.actions))
        return texts.get(text)
