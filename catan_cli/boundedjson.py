"""The one reader for every JSON document catan takes from outside: a table's seat file
(``table-X.json``), a campaign file, a save's ``# carry:`` header, the document given to
``Game.from_json``.

Whatever such a document holds, reading it ends in the value its schema describes or in a
:class:`JsonRefused` (a :class:`SaveError`) of one line that names the document and the
problem; never a RecursionError, a MemoryError, a hang or a TypeError later on:

* the file is a regular file, not a link (checked with ``lstat`` before it is opened, and
  opened with ``O_NOFOLLOW | O_NONBLOCK``), so a FIFO never blocks and ``/dev/zero`` is
  never read; it is read under a size cap;
* its bytes are UTF-8 (a leading BOM is accepted and dropped);
* its nesting is measured by a scan of its brackets *before* ``json.loads``, so a document
  nested a million deep is refused without recursion;
* ``NaN``, ``Infinity`` and numbers past the float range are refused;
* the value is checked against a :data:`Schema`: the types, the ranges of numbers, the
  lengths of strings and lists, the keys of objects.

A value already in memory (``Game.from_json``'s document) gets the same depth and schema
checks through :func:`check_value`; its depth is measured without recursion, so even a list
that holds itself is refused.  File names and scenario keys are checked by
:func:`check_plain_name` before any file is opened.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from dataclasses import dataclass, field
from itertools import accumulate
from pathlib import Path
from typing import Any, Callable, Mapping, Union

from .errors import SaveError
from .safetext import clean_text
from .textfile import file_kind, read_capped

#: the deepest nesting any document catan reads may have (a game state is 5 deep)
MAX_DEPTH = 32
#: the size of a JSON file read unless its reader says otherwise
MAX_BYTES = 1 << 20
#: the most values (numbers, strings, lists, objects) a value in memory may hold
MAX_VALUES = 2_000_000
#: the longest string a schema accepts unless it says otherwise
MAX_STR = 4096
#: a plain name: a save, a campaign, a table, a scenario key
PLAIN_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")


class JsonRefused(SaveError):
    """A JSON document (or a name) that cannot be used; the message is one line that says
    which and why (``problem``: the why alone)."""

    def __init__(self, label: str, problem: str) -> None:
        self.label, self.problem = label, clean_text(problem, 300)
        super().__init__(clean_text(f"{label}: {problem}", 300) if label else self.problem)


# ---------------------------------------------------------------------------------- schemas


@dataclass(frozen=True)
class Int:
    """A whole number (not a bool) in ``low..high``."""

    low: int
    high: int


@dataclass(frozen=True)
class Num:
    """A finite number, whole or not, in ``low..high``."""

    low: float
    high: float


@dataclass(frozen=True)
class Str:
    """A string of at most ``max_len`` characters that ``pattern`` (when given) fully matches."""

    max_len: int = MAX_STR
    pattern: re.Pattern[str] | None = None
    means: str = ""          # what the pattern asks for, in words (for the refusal)


@dataclass(frozen=True)
class Bool:
    pass


@dataclass(frozen=True)
class Null:
    pass


@dataclass(frozen=True)
class ListOf:
    item: "Schema"
    max_len: int = 100_000
    min_len: int = 0


@dataclass(frozen=True)
class Fixed:
    """A list of exactly these items, in this order."""

    items: "tuple[Schema, ...]"


@dataclass(frozen=True)
class MapOf:
    """An object of any keys (each a :class:`Str`) with values of one schema."""

    key: Str
    value: "Schema"
    max_len: int = 10_000


@dataclass(frozen=True)
class Obj:
    """An object with these keys.  ``optional``: keys that may be missing; ``extra``: the
    schema of any other key (None: other keys are refused)."""

    fields: "Mapping[str, Schema]"
    optional: frozenset[str] = frozenset()
    extra: "Schema | None" = None


@dataclass(frozen=True)
class OneOf:
    options: "tuple[Schema, ...]"
    means: str = ""          # what the options are, in words (default: each named)


@dataclass(frozen=True)
class AnyJson:
    """Any JSON value (its depth and size are bounded by the reader, not here)."""


@dataclass(frozen=True)
class Check:
    """``schema``, then ``test(value)``: None when it holds, else the problem in words."""

    schema: "Schema"
    test: Callable[[Any], "str | None"] = field(compare=False)


Schema = Union[Int, Num, Str, Bool, Null, ListOf, Fixed, MapOf, Obj, OneOf, AnyJson, Check]
ANY = AnyJson()


def optional(schema: Schema) -> OneOf:
    return OneOf((schema, Null()))


# ---------------------------------------------------------------------------------- names


def check_plain_name(name: Any, what: str, pattern: re.Pattern[str] = PLAIN_NAME,
                     rule: str = "at most 64 letters, digits, '-', '_' and '.'") -> str:
    """``name`` when it is a plain name (no path, no control character, not too long);
    JsonRefused naming ``what`` otherwise.  Checked before any file is opened with it."""
    if not isinstance(name, str) or not pattern.fullmatch(name) or name.endswith("."):
        shown = clean_text(repr(name) if not isinstance(name, str) else f"'{name}'", 60)
        raise JsonRefused("", f"{shown} is not a {what}: {rule}")
    return name


def inside(folder: Path, name: str, what: str) -> Path:
    """``folder / name`` for a plain ``name`` read from a file: never a path out of ``folder``
    (``../../etc/passwd``, an absolute path, a link's target are all refused)."""
    check_plain_name(name, what)
    path = folder / name
    try:
        if path.resolve().parent != folder.resolve():
            raise JsonRefused("", f"'{clean_text(name, 60)}' leads out of {clean_text(str(folder), 80)}")
    except (OSError, RuntimeError):
        raise JsonRefused("", f"'{clean_text(name, 60)}' cannot be resolved in the saves folder") from None
    return path


# ---------------------------------------------------------------------------------- files


def read_bytes(path: Path, label: str, limit: int = MAX_BYTES) -> bytes:
    """The bytes of ``path``, a regular file (not a link) of at most ``limit`` bytes.
    FileNotFoundError when there is none (the caller knows what to say); JsonRefused for
    everything else that is wrong."""
    try:
        before = os.lstat(path)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise JsonRefused(label, f"cannot be read: {exc.strerror or exc}") from None
    except ValueError:          # an embedded NUL
        raise JsonRefused(label, "not a file name") from None
    if not stat.S_ISREG(before.st_mode):
        raise JsonRefused(label, f"is {file_kind(before.st_mode)}, not a regular file")
    if before.st_size > limit:
        raise JsonRefused(label, f"is larger than {_size(limit)} ({_size(before.st_size)})")
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise
    except OSError as exc:       # swapped for a link or a FIFO since the lstat: ELOOP, ENXIO ...
        raise JsonRefused(label, f"cannot be read: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise JsonRefused(label, f"is {file_kind(info.st_mode)}, not a regular file")
        data = read_capped(fd, limit)
        if data is None:         # it grew while being read
            raise JsonRefused(label, f"is larger than {_size(limit)}")
    except OSError as exc:
        raise JsonRefused(label, f"cannot be read: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    return data


def read_json_file(path: Path, label: str, schema: Schema, limit: int = MAX_BYTES,
                   depth: int = MAX_DEPTH) -> Any:
    """The JSON value in ``path``, checked against ``schema``; JsonRefused (one line starting
    with ``label``) otherwise, FileNotFoundError when there is no such file."""
    return parse_json(read_bytes(path, label, limit), label, schema, limit=limit, depth=depth)


def decode_text(data: bytes, label: str) -> str:
    """UTF-8 bytes as text, a leading BOM dropped; JsonRefused when they are not UTF-8."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise JsonRefused(label, f"is not UTF-8 text (a bad byte at offset {exc.start})") from None


# ---------------------------------------------------------------------------------- text

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_BRACKETS = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def nesting(text: str) -> int:
    """How deep the brackets of a JSON text nest, without parsing it (strings skipped)."""
    skeleton = _BRACKETS.sub("", _STRING.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, skeleton)), default=0)


def _constant(name: str) -> float:
    raise ValueError(f"{name} is not a number JSON allows")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text[:40]} is too large a number")
    return value


def parse_json(text: str | bytes, label: str, schema: Schema, *, limit: int = MAX_BYTES,
               depth: int = MAX_DEPTH) -> Any:
    """A JSON text (bytes: UTF-8, a BOM dropped) parsed and checked against ``schema``."""
    if isinstance(text, bytes):
        if len(text) > limit:
            raise JsonRefused(label, f"is larger than {_size(limit)} ({_size(len(text))})")
        text = decode_text(text, label)
    text = text.removeprefix("\ufeff")
    if len(text) > limit:
        raise JsonRefused(label, f"is longer than {_size(limit)}")
    if nesting(text) > depth:
        raise JsonRefused(label, f"is nested deeper than {depth} levels")
    try:
        value = json.loads(text, parse_constant=_constant, parse_float=_finite)
    except json.JSONDecodeError as exc:
        raise JsonRefused(label, f"is not JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except (ValueError, RecursionError, MemoryError) as exc:
        raise JsonRefused(label, f"is not usable JSON ({clean_text(str(exc), 80)})") from None
    return check_value(value, label, schema, depth=depth)


# ---------------------------------------------------------------------------------- values


def measure(value: Any, depth: int = MAX_DEPTH, values: int = MAX_VALUES) -> str | None:
    """Why a value in memory is too deep or too large to check (None: it is not), found
    without recursion (a list holding itself is too deep, not an endless loop)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    seen = 0
    while stack:
        item, level = stack.pop()
        seen += 1
        if seen > values:
            return f"holds more than {values:,} values"
        if isinstance(item, (dict, list, tuple)):
            if level > depth:
                return f"is nested deeper than {depth} levels"
            children = item.values() if isinstance(item, dict) else item
            if seen + len(stack) + len(children) > values:
                return f"holds more than {values:,} values"
            stack.extend((child, level + 1) for child in children)
    return None


def check_value(value: Any, label: str, schema: Schema, *, depth: int = MAX_DEPTH) -> Any:
    """``value`` when it fits ``schema``; JsonRefused naming ``label``, where in the value,
    and the problem otherwise."""
    problem = measure(value, depth)
    if problem is None:
        found = _problem(value, schema, "")
        if found is None:
            return value
        where, problem = found
        if where:
            problem = f"at {where}: {problem}"
    raise JsonRefused(label, problem)


def _show(value: Any) -> str:
    """A value as a refusal quotes it: short, and never a whole container."""
    if type(value) is dict:
        return "an object"
    if type(value) in (list, tuple):
        return "a list"
    if value is None or type(value) in (bool, int, float, str):
        text = repr(value) if type(value) is not int or abs(value) < 10**30 else f"a number of {value.bit_length() * 30103 // 100000 + 1} digits"
        return text if len(text) <= 40 else text[:37] + "..."
    return f"a {type(value).__name__}"


def _type_name(schema: Schema) -> str:
    names = {Int: "a whole number", Num: "a number", Str: "a string", Bool: "true or false",
             Null: "null", ListOf: "a list", Fixed: "a list", MapOf: "an object", Obj: "an object"}
    if isinstance(schema, OneOf):
        return schema.means or " or ".join(_type_name(option) for option in schema.options)
    if isinstance(schema, Check):
        return _type_name(schema.schema)
    return names.get(type(schema), "a JSON value")


def _at(where: str, key: str | int) -> str:
    return f"{where}[{key}]" if isinstance(key, int) else (f"{where}.{key}" if where else key)


def _problem(value: Any, schema: Schema, where: str) -> tuple[str, str] | None:
    """(where, what) of the first problem of ``value`` under ``schema``; None when it fits."""
    if isinstance(schema, AnyJson):
        return None if _is_json(value) else (where, f"{_show(value)} is not JSON data")
    if isinstance(schema, Check):
        found = _problem(value, schema.schema, where)
        if found is not None:
            return found
        problem = schema.test(value)
        return None if problem is None else (where, problem)
    if isinstance(schema, OneOf):
        for option in schema.options:
            if _problem(value, option, where) is None:
                return None
        if type(value) in (dict, list):     # the container's own problem says most
            for option in schema.options:
                if isinstance(option, (Obj, MapOf)) and type(value) is dict or \
                        isinstance(option, (ListOf, Fixed)) and type(value) is list:
                    return _problem(value, option, where)
        return where, f"{_show(value)} is not {_type_name(schema)}"
    if isinstance(schema, Int):
        if type(value) is not int:
            return where, f"{_show(value)} is not a whole number"
        if not schema.low <= value <= schema.high:
            return where, f"{_show(value)} is outside {schema.low}..{schema.high}"
        return None
    if isinstance(schema, Num):
        if type(value) not in (int, float) or not math.isfinite(value):
            return where, f"{_show(value)} is not a number"
        if not schema.low <= value <= schema.high:
            return where, f"{_show(value)} is outside {schema.low:g}..{schema.high:g}"
        return None
    if isinstance(schema, Str):
        if type(value) is not str:
            return where, f"{_show(value)} is not a string"
        if len(value) > schema.max_len:
            return where, f"a string of {len(value):,} characters (at most {schema.max_len:,})"
        if schema.pattern is not None and not schema.pattern.fullmatch(value):
            return where, f"{_show(value)} is not {schema.means or 'of the right form'}"
        return None
    if isinstance(schema, Bool):
        return None if type(value) is bool else (where, f"{_show(value)} is not true or false")
    if isinstance(schema, Null):
        return None if value is None else (where, f"{_show(value)} is not null")
    if isinstance(schema, (ListOf, Fixed)):
        if type(value) is not list:
            return where, f"{_show(value)} is not a list"
        if isinstance(schema, Fixed):
            if len(value) != len(schema.items):
                return where, f"a list of {len(value)} items, not {len(schema.items)}"
            pairs = list(zip(value, schema.items))
        else:
            if not schema.min_len <= len(value) <= schema.max_len:
                return where, f"a list of {len(value):,} items (expected {schema.min_len}..{schema.max_len:,})"
            pairs = [(item, schema.item) for item in value]
        for i, (item, item_schema) in enumerate(pairs):
            found = _problem(item, item_schema, _at(where, i))
            if found is not None:
                return found
        return None
    if isinstance(schema, (MapOf, Obj)):
        if type(value) is not dict:
            return where, f"{_show(value)} is not an object"
        for key in value:
            if type(key) is not str:
                return where, f"the key {_show(key)} is not a string"
        if isinstance(schema, MapOf):
            if len(value) > schema.max_len:
                return where, f"an object of {len(value):,} keys (at most {schema.max_len:,})"
            for key, item in value.items():
                found = _problem(key, schema.key, where) or _problem(item, schema.value, _at(where, key))
                if found is not None:
                    return found
            return None
        for key in schema.fields:
            if key not in value and key not in schema.optional:
                return where, f"'{key}' is missing"
        for key, item in value.items():
            wanted = schema.fields[key] if key in schema.fields else schema.extra
            if wanted is None:
                return where, f"unknown key '{clean_text(key, 40)}'"
            found = _problem(item, wanted, _at(where, key))
            if found is not None:
                return found
        return None
    raise TypeError(f"not a schema: {schema!r}")     # a fault in catan, not in the document


def _is_json(value: Any) -> bool:
    """Plain JSON data all the way down (the depth is already bounded)."""
    stack = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is dict:
            if any(type(k) is not str for k in item):
                return False
            stack.extend(item.values())
        elif kind is list:
            stack.extend(item)
        elif kind is float:
            if not math.isfinite(item):
                return False
        elif kind not in (str, int, bool) and item is not None:
            return False
    return True


def _size(n: int) -> str:
    for unit, scale in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= scale:
            value = n / scale
            return f"{value:.0f} {unit}" if value == int(value) else f"{value:.1f} {unit}"
    return f"{n} bytes"


__all__ = ["ANY", "AnyJson", "Bool", "Check", "Fixed", "Int", "JsonRefused", "ListOf", "MAX_BYTES",
           "MAX_DEPTH", "MapOf", "Null", "Num", "Obj", "OneOf", "PLAIN_NAME", "Schema", "Str",
           "check_plain_name", "check_value", "decode_text", "inside", "measure", "nesting",
           "optional", "parse_json", "read_bytes", "read_json_file"]
