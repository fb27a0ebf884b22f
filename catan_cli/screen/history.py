"""What Up/Down recall on the table screen: the line mode's history file, shared."""

from __future__ import annotations

from typing import Callable, Iterable

from prompt_toolkit.history import History


class CommandHistory(History):
    """The line mode's history (its file), less the answers to the save question: a save name
    is not a command to recall.  ``is_command()`` says whether the line being stored is one."""

    def __init__(self, kept: History, is_command: Callable[[], bool]) -> None:
        super().__init__()
        self.kept = kept
        self.is_command = is_command

    def load_history_strings(self) -> Iterable[str]:
        return self.kept.load_history_strings()

    def store_string(self, string: str) -> None:
        self.kept.store_string(string)

    def append_string(self, string: str) -> None:
        if self.is_command():
            super().append_string(string)


__all__ = ["CommandHistory"]
