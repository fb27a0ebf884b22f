"""A table's seed, kept secret until its game ends (commit, then reveal).

Whoever knows a game's seed knows its future: ``Game.new`` with it deals the same
development deck and rolls the same dice.  So a server table draws a seed nobody chooses
(:func:`new_seed`), publishes only a commitment to it when the table opens (the SHA-256 of
``SEED:SALT``; the salt, 128 random bits, keeps the hash from being searched seed by seed),
and keeps seed and salt in ``table-NAME.seal`` (mode 600) beside the save.  While the game
runs the save's header reads ``# seed: sealed HASH``; when the game ends the save gets the
real seed back, with the salt in a comment, and is then an ordinary, replayable save whose
seed anyone can check against the hash published at the start.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass

from ..errors import SaveError

SEED_BITS = 63          # a whole number any reader of saves takes (it fits a signed 64-bit)
SEALED_RE = re.compile(r"^#\s*seed\s*:\s*sealed\s+([0-9a-f]{64})\s*$", re.M)
SEED_LINE_RE = re.compile(r"^#\s*seed\s*:.*$", re.M)
_SEAL_FILE_RE = re.compile(r"(\d{1,19}) ([0-9a-f]{32})")


def new_seed() -> int:
    return secrets.randbits(SEED_BITS)


@dataclass(frozen=True)
class Seal:
    seed: int
    salt: str          # 32 hex digits

    @classmethod
    def new(cls, seed: int | None = None) -> "Seal":
        return cls(new_seed() if seed is None else seed, secrets.token_hex(16))

    @property
    def commitment(self) -> str:
        """What is published at the start: the SHA-256 of ``SEED:SALT``, in hex."""
        return hashlib.sha256(f"{self.seed}:{self.salt}".encode()).hexdigest()

    def announce(self) -> str:
        return (f"seed sealed: sha256 {self.commitment} (the seed and its salt are revealed when "
                "the game ends)")

    def reveal(self) -> str:
        return (f"the seed was {self.seed}, salt {self.salt}: the sha256 of '{self.seed}:{self.salt}' is "
                f"{self.commitment}, the hash published when the table opened")

    # ------------------------------------------------------------------ save texts
    def sealed(self, text: str) -> str:
        """A save's text with its seed line replaced by the commitment."""
        return SEED_LINE_RE.sub(f"# seed: sealed {self.commitment}", text, count=1)

    def revealed(self, text: str) -> str:
        """A finished game's save: the real seed, and a comment with what checks it."""
        return SEED_LINE_RE.sub(f"# seed: {self.seed}\n# the seed was sealed while the game ran: "
                                f"sha256 of '{self.seed}:{self.salt}' is {self.commitment}", text, count=1)

    def unsealed(self, text: str, label: str) -> str:
        """A sealed save's text made replayable again (on the server, to reopen the table)."""
        m = SEALED_RE.search(text)
        if m is None:
            return text
        if m.group(1) != self.commitment:
            raise SaveError(f"{label}: its seal file does not match the hash in its save")
        return text[:m.start()] + f"# seed: {self.seed}" + text[m.end():]

    # ------------------------------------------------------------------ the seal file
    def file_text(self) -> str:
        return f"{self.seed} {self.salt}\n"

    @classmethod
    def parse(cls, text: str, label: str) -> "Seal":
        m = _SEAL_FILE_RE.fullmatch(text.strip())
        if m is None or int(m.group(1)) >= 1 << SEED_BITS:
            raise SaveError(f"{label} is damaged")
        return cls(int(m.group(1)), m.group(2))


def is_sealed(text: str) -> bool:
    return SEALED_RE.search(text) is not None
