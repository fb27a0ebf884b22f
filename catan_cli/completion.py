"""Tab completion, one completer for every prompt: the line mode, the local table screen and
each SSH seat's table screen.

Tab completes the next *word* of a command, never a whole command, and inserts the space after
it (``build s<Tab>`` gives ``build settlement ``, ready for the ``20``).  The words come from
the commands legal now (typed words read in their canonical spelling first, so ``b s`` and
``road`` complete too) and from whatever other words a prompt offers; paths are offered from
either end (``53-<Tab>`` finds ``41-53`` as ``53-41``).  Where the words come from differs
(the local REPL asks its game; an SSH screen reads the legal commands its table worked out
for the seat, never the game itself, which another thread may be changing), so each prompt
hands in a function from the typed text to the (word, note) pairs; the rest is here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator

if TYPE_CHECKING:
    from prompt_toolkit.completion import Completer, Completion
    from prompt_toolkit.document import Document

#: a prompt's words: the typed text to the (word, note) pairs that may follow it
Words = Callable[[str], list[tuple[str, str]]]


def split_typed(text: str) -> tuple[list[str], str]:
    """The words typed in full, and the word being typed ('' after a space)."""
    words = text.split()
    if text.endswith(" ") or not text:
        return words, ""
    return words[:-1], words[-1]


def first_words(commands: Iterable[str], note: str = "") -> dict[str, str]:
    """The first word of each command, with ``note``."""
    out: dict[str, str] = {}
    for cmd in commands:
        if cmd.split():
            out.setdefault(cmd.split()[0], note)
    return out


def next_words(done: list[str], commands: Iterable[str]) -> dict[str, str]:
    """The word after ``done`` in each command that begins with it (read in the commands'
    canonical spelling), noted with the whole command when it is the last word."""
    rest = canonical_words(done)
    n = len(rest)
    out: dict[str, str] = {}
    for cmd in commands:
        tokens = cmd.split()
        if len(tokens) > n and [t.lower() for t in tokens[:n]] == rest:
            out.setdefault(tokens[n], cmd if len(tokens) == n + 1 else "")
    return out


def offered(words: dict[str, str], partial: str) -> list[tuple[str, str]]:
    """The words that complete ``partial``, spelt as the prompts spell them ('harbour'), then
    the paths that end at a typed ``53-``."""
    from .notation import PROMPT_SPELLINGS   # 'harbour', as the prompts say it (both are read)

    spelt = {PROMPT_SPELLINGS.get(w, w): m for w, m in words.items()}
    return ([(w, m) for w, m in spelt.items() if w.lower().startswith(partial.lower())]
            + paths_from_end(words, partial))


def command_words(text: str, commands: list[str], more: Iterable[str] = ()) -> list[tuple[str, str]]:
    """The next words for ``text`` from ``commands`` (legal now) and ``more`` (a prompt's own
    commands, several words each allowed: 'screen line'); after ``why`` the legal commands'."""
    done, partial = split_typed(text)
    extra = list(more)
    if not done:
        words = first_words(commands, "legal now")
        for word, note in first_words(extra).items():
            words.setdefault(word, note)
    elif done[0].lower() == "why":
        words = next_words(done[1:], commands)
    else:
        words = next_words(done, [*commands, *extra])
    return offered(words, partial)


def paths_from_end(words: dict[str, str], partial: str) -> list[tuple[str, str]]:
    """Paths written from their larger end: after ``53-``, the legal ``41-53`` is offered as
    ``53-41`` (either order names the same path), so Tab finds every path at 53."""
    end, dash, rest = partial.partition("-")
    if not dash or not end.isdigit():
        return []
    out = []
    for word, meta in words.items():
        a, sep, b = word.partition("-")
        if sep and b == end and a.startswith(rest) and not word.startswith(partial):
            out.append((f"{end}-{a}", meta))
    return out


def canonical_words(words: list[str]) -> list[str]:
    """Typed words in the canonical spelling of legal_commands(): 'b s' -> 'build settlement',
    'road' -> 'build road', so completion works after an alias too."""
    from .notation import PIECE_ALIASES, SHORT_BUILDS, SPELLINGS, VERB_ALIASES

    out = [SPELLINGS.get(w.lower(), w.lower()) for w in words]
    if out and not out[0].endswith(":"):
        if out[0] in SHORT_BUILDS:
            out.insert(0, "build")
        out[0] = VERB_ALIASES.get(out[0], out[0])
        if out[0] == "build" and len(out) > 1:
            out[1] = PIECE_ALIASES.get(out[1], out[1])
    return out


def word_completer(words: Words) -> "Completer":
    """The prompt_toolkit completer of a prompt whose words are ``words`` (prompt_toolkit is
    imported only here, when a prompt is built)."""
    from prompt_toolkit.completion import Completer, Completion

    class WordCompleter(Completer):
        """Completes the word being typed; a whole word is offered, so the space after it
        comes too: 'build s<Tab>20'."""

        def get_completions(self, document: "Document", complete_event: Any) -> Iterator["Completion"]:
            text = document.text_before_cursor
            _, partial = split_typed(text)
            for word, meta in words(text):
                yield Completion(f"{word} ", start_position=-len(partial), display=word, display_meta=meta)

    return WordCompleter()
