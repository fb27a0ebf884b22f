"""The bounded key filter every connection's input passes before any screen sees it.

Bytes from the client become keys here, in the event loop, at C speed over runs of text:
printable text, Enter, the editing control keys, and the escape sequences of arrows, PgUp/PgDn
and F-keys.  What comes out is bounded per connection, whatever comes in:

- **rate**: every key handed on takes a token of the connection's key allowance
  (``Limits.keys_per_second``, bursts of ``Limits.key_burst``) and every Enter a token of its
  line allowance (``Limits.lines_per_second``); past either, keys are dropped and the line
  being typed is refused whole (cleared at its Enter);
- **size**: a line longer than ``Limits.max_line`` is refused whole at its Enter;
- **noise** (mouse reports, C1 controls, bidi marks, OSC strings, unknown sequences) never
  gets through: prompt_toolkit's parser trusts what it is given.

So a 1 MB paste of Enter keys costs its bytes and a few dozen keys, never a million key
presses for the screen to process.  Excess is announced once per flood (a second of quiet
ends a flood), to that client only.
"""

from __future__ import annotations

import codecs
import re
import time
from typing import Callable

from .limits import TokenBucket

ENTER, CLEAR = "\r", "\x03"          # what the screens take for Enter and 'forget this line'
_PASTE_MARKS = ("\x1b[200~", "\x1b[201~")
# control keys handed on (editing, Tab, Ctrl-D); every other C0 control is dropped
_CONTROL_KEYS = "\t\x7f\x08\x01\x02\x04\x05\x06\x0b\x0e\x10\x12\x17\x19"
_LINE_KILLERS = "\x03\x15"           # Ctrl-C, Ctrl-U: the line typed so far goes
_LINE_ENDERS = "\r\n" + _LINE_KILLERS
_CONTROLS = re.compile(r"[\x00-\x1f\x7f]")
_CONTROL_RUN = re.compile(r"[\x00-\x1f\x7f]+")


def _run_of(chars: set[str]) -> "re.Pattern[str]":
    return re.compile("[" + "".join(re.escape(ch) for ch in sorted(chars)) + "]+")


_C0 = {chr(c) for c in range(32)} | {"\x7f"}
# runs read in one step: controls no key is made of; a run of Escapes is noise but its last
_NOISE_RUN = _run_of(_C0 - set(_CONTROL_KEYS) - set(_LINE_ENDERS) - {"\x1b"})
_ESCAPES = re.compile("\x1b{2,}")
_KEY_SEQUENCE = re.compile(r"\x1b(\[[0-9;]{1,8}[A-LN-Za-ln-z~]|\[[A-LN-Za-z]|O[A-Z]|[A-Za-z])")
_MAX_ESCAPE = 16
QUIET = 1.0                          # seconds without a drop that end a flood


class KeyFilter:
    """One connection's input, bounded: :meth:`feed` takes bytes, returns keys."""

    def __init__(self, max_line: int, keys: TokenBucket, line_token: Callable[[], bool],
                 notice: Callable[[str], None]) -> None:
        self.max_line = max_line
        self.keys = keys                  # the key allowance
        self.line_token = line_token      # the line allowance (the connection's)
        self.notice = notice              # a message to this client alone
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self.typed = 0                    # characters handed on of the line typed now
        self.refusing = ""                # "long" or "fast": the line typed now goes at Enter
        self._escape = ""                 # an escape sequence being collected
        self._last_cr = False
        self._last_drop = -QUIET - 1.0
        self.dropped = 0                  # keys dropped so far (for tests and the log)

    def feed(self, data: bytes) -> str:
        text = self._decoder.decode(data)
        out: list[str] = []
        i, n = 0, len(text)
        while i < n:
            if self._escape:
                i = self._collect_escape(text, i, out)
                continue
            if self.refusing:            # only a key that ends the line matters: found by memchr
                ends = [j for j in (text.find(ch, i) for ch in _LINE_ENDERS) if j >= 0]
                end = min(ends, default=n)
                if end > i:
                    self._last_cr = False
                    i = end
                    continue
            found = _CONTROLS.search(text, i)
            stop = found.start() if found else n
            if stop > i:
                self._text(text, i, stop, out)
                self._last_cr = False
                i = stop
                continue
            skip = _NOISE_RUN.match(text, i) or _ESCAPES.match(text, i)
            if skip:
                i = skip.end() - (text[i] == "\x1b")     # of a run of Escapes, the last may begin a key
                if i > skip.start():
                    self._last_cr = False
                    continue
            if not self.typed and self.keys.available() < 1:
                i = self._skip_flood(text, i)
                continue
            ch = text[i]
            i += 1
            after_cr = ch == "\n" and self._last_cr
            self._last_cr = ch == "\r"
            if ch == "\x1b":
                self._escape = ch
            elif ch in "\r\n":
                if not after_cr:           # CR LF is one Enter
                    self._enter(out)
            elif ch in _LINE_KILLERS:
                self._kill_line(ch, out)
            elif ch in _CONTROL_KEYS:
                if not self.refusing and self._take(1):
                    out.append(ch)
                    if ch in "\x7f\x08":
                        self.typed = max(0, self.typed - 1)
        return "".join(out)

    # ------------------------------------------------------------------ pieces of input
    def _text(self, text: str, start: int, stop: int, out: list[str]) -> None:
        """Printable text (a typed key or a paste): up to the line's room and the allowance."""
        if self.refusing:
            return                          # the rest of a refused line: skipped, not read
        room = self.max_line - self.typed
        over = stop - start > room          # what is sent counts, dropped characters too
        run = text[start:min(stop, start + room)]
        run = run[:self._take(len(run))]    # short of the allowance: refused as "fast"
        if over:
            self.refusing = "long"
        self.typed += len(run)
        if not run.isprintable():           # C1 controls, bidi marks: dropped
            run = "".join(ch for ch in run if ch.isprintable())
        out.append(run)

    def _enter(self, out: list[str]) -> None:
        if self.refusing:
            if self.refusing == "long":
                self.notice(f"✗ line refused: longer than {self.max_line} characters\n")
            self._forget_line(out)
            return
        if not self._take(1):
            self._forget_line(out)
            return
        if not self.line_token():
            self._drop("lines", 1)
            self._forget_line(out)
            return
        out.append(ENTER)
        self.typed = 0

    def _skip_flood(self, text: str, i: int) -> int:
        """Out of allowance with nothing typed: a run of control keys (a paste of Enter
        keys, of Escapes) is dropped whole, at C speed; an Enter in it ends the refused line."""
        found = _CONTROL_RUN.match(text, i)
        end = found.end() if found else i + 1
        self._drop("keys", end - i)
        if "\r" in text[i:end] or "\n" in text[i:end]:
            self.refusing = ""
        else:
            self.refusing = self.refusing or "fast"
        self._last_cr = text[end - 1] == "\r"
        return end

    def _kill_line(self, ch: str, out: list[str]) -> None:
        if self.refusing:
            self._forget_line(out)          # a fresh line may begin
        elif self._take(1):
            out.append(ch)
            self.typed = 0

    def _forget_line(self, out: list[str]) -> None:
        """The line typed now goes: one CLEAR if anything of it was handed on."""
        if self.typed:
            out.append(CLEAR)
        self.typed, self.refusing = 0, ""

    def _collect_escape(self, text: str, i: int, out: list[str]) -> int:
        """One more character of an escape sequence; a control character ends it as noise."""
        ch = text[i]
        if ch < " " or ch == "\x7f":
            self._escape = ""               # that control is read as itself next
            return i
        self._escape += ch
        seq = self._escape
        if len(seq) > _MAX_ESCAPE or (len(seq) > 2 and (ch.isalpha() or ch == "~")) \
                or (len(seq) == 2 and ch not in "[O"):
            self._escape = ""
            if not self.refusing and seq not in _PASTE_MARKS and _KEY_SEQUENCE.fullmatch(seq) \
                    and self._take(1):
                out.append(seq)
        return i + 1

    # ------------------------------------------------------------------ allowance
    def _take(self, wanted: int) -> int:
        """Tokens for ``wanted`` keys (fewer when the allowance runs out: then a flood)."""
        got = self.keys.take_up_to(wanted)
        if got < wanted:
            self._drop("keys", wanted - got)
            if not self.refusing:
                self.refusing = "fast"
        return got

    def _drop(self, what: str, count: int) -> None:
        self.dropped += count
        now = time.monotonic()
        if now - self._last_drop > QUIET:
            self.notice(f"✗ too fast: some {what} were dropped\n")
        self._last_drop = now
