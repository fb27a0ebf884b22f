"""A one-line input editor run on the server, in the event loop: no OS pipe, no thread.

The terminal is in raw mode (the client asked for a pty), so every key arrives as bytes.
The editor keeps the line being typed and tells the connection what to do: a finished
line, end of input, or nothing.  Escape sequences (arrows, function keys, pastes' brackets)
are skipped, other control characters dropped; a line longer than ``max_line`` is refused
whole when Enter comes, so a 1 MB paste costs its bytes and no more.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass

EOF_KEY, INTERRUPT, ERASE_LINE = "\x04", "\x03", "\x15"
BACKSPACES = ("\x7f", "\x08")
ERASE_WORD = "\x17"
_KEYS = re.compile(r"[\x00-\x1f\x7f]")      # control keys and the start of escape sequences


@dataclass
class Feed:
    """What some input amounted to: whole lines, whether input ended, whether the line
    shown must be drawn again, and how many over-long lines were refused."""

    lines: list[str]
    eof: bool = False
    redraw: bool = False
    too_long: int = 0


class LineEditor:
    def __init__(self, max_line: int = 500) -> None:
        self.max_line = max_line
        self.line = ""
        self.overflow = False        # the line typed now went past max_line
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._escape = ""            # an escape sequence being skipped
        self._last_cr = False

    def feed(self, data: bytes) -> Feed:
        out = Feed([])
        text = self._decoder.decode(data)
        i, n = 0, len(text)
        while i < n:
            if self._escape:
                self._escape += text[i]
                i += 1
                if self._escape_done():
                    self._escape = ""
                continue
            key = _KEYS.search(text, i)
            stop = key.start() if key else n
            if stop > i:      # typed or pasted text: taken as one run, not a character at a time
                run = text[i:stop]
                if not run.isprintable():
                    run = "".join(ch for ch in run if ch.isprintable())
                self._add(run, out)
                self._last_cr = False
                i = stop
                continue
            ch = text[i]
            i += 1
            newline_after_cr = ch == "\n" and self._last_cr
            self._last_cr = ch == "\r"
            if ch == "\x1b":
                self._escape = ch
            elif ch in "\r\n":
                if newline_after_cr:
                    continue
                if self.overflow:
                    out.too_long += 1
                else:
                    out.lines.append(self.line)
                self.line, self.overflow = "", False
                out.redraw = True
            elif ch in BACKSPACES:
                self.line = self.line[:-1]
                out.redraw = True
            elif ch in (ERASE_LINE, INTERRUPT):
                self.line, self.overflow = "", False
                out.redraw = True
            elif ch == ERASE_WORD:
                self.line = self.line.rstrip().rpartition(" ")[0] + (" " if " " in self.line.strip() else "")
                out.redraw = True
            elif ch == EOF_KEY:
                if not self.line:
                    out.eof = True
                    return out
            elif ch == "\t":
                self._add(" ", out)
        return out

    def _add(self, run: str, out: Feed) -> None:
        room = self.max_line - len(self.line)
        if len(run) > room:
            self.overflow = True
            run = run[:room]
        if run:
            self.line += run
            out.redraw = True

    def _escape_done(self) -> bool:
        """Whether the escape sequence collected so far is complete (CSI, SS3 or two keys);
        a runaway one is given up after 32 characters."""
        seq = self._escape
        if len(seq) < 2:
            return False
        if seq[1] == "[":
            return len(seq) > 2 and "\x40" <= seq[-1] <= "\x7e" or len(seq) > 32
        if seq[1] == "O":
            return len(seq) >= 3
        return True

    def shown(self, width: int, prompt_width: int) -> str:
        """The end of the line that fits after the prompt (the line scrolls sideways)."""
        room = max(8, width - prompt_width - 1)
        return self.line[-room:]
