"""The rule-coverage map: which test checks which rule of the digest and the seed texts.

The rules are every numbered rule of ``RULES-DIGEST.md`` (parts A-F, down to the deepest
number given: ``A.11`` has sub-rules, so ``A.11.1`` .. ``A.11.5`` are rules and ``A.11`` is
not) and every heading of each seed text, named ``S<n>:<slug>`` (``S2:sea-routes``); the
Legend's headings repeat from chapter to chapter, so seed 0 names them with the part they
are in: ``S0:general/friendly-robber``, ``S0:ch2/set-up``, ``S0:chronicle/the-chronicle``.
A heading that comes twice in one part takes ``-2`` (``S0:ch4/awarding-of-legend-points-2``).

A test cites a rule with the marker ``@pytest.mark.rule("C.6.2", "S2:sea-routes")`` on the
test (or on its class); the tests are read with ``ast``, never imported, so the map takes
well under a second.  Rules that no test can check are listed, each with a one-line reason,
in ``tests/untestable-rules.toml`` (not under ``rules/``, whose every ``*.toml`` is a
scenario); they count as covered ("N of M rules covered" counts a
rule covered when a test cites it or the list gives a reason for it).

Usage, from the project root::

    python -m catan_cli.devtools.rule_coverage                 # ../shared/ beside the checkout
    CATAN_SHARED=PATH python -m catan_cli.devtools.rule_coverage
    python -m catan_cli.devtools.rule_coverage --shared PATH   # another copy of shared/
    python -m catan_cli.devtools.rule_coverage --uncovered     # only the rules without a test
    python -m catan_cli.devtools.rule_coverage --ids           # the rule ids, one a line
"""

from __future__ import annotations

import argparse
import ast
import os
import re
import sys
import tomllib
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parents[2]
# shared/ sits beside the clone (as in CI); CATAN_SHARED names another copy (a worktree's).
DEFAULT_SHARED = Path(os.environ.get("CATAN_SHARED") or PROJECT_ROOT.parent / "shared")
DEFAULT_TESTS = PROJECT_ROOT / "tests"
DEFAULT_UNTESTABLE = DEFAULT_TESTS / "untestable-rules.toml"

# The seed files, by number (their names carry a content hash after the number).
SEED_GLOB = "[0-9][0-9][0-9]_*.txt"

DIGEST_NUMBER = re.compile(r"\*\*([A-F]\.\d+(?:\.\d+)*)\b")
# Words a title may leave in lower case; any other word of a heading starts with a capital,
# a digit or a sign ("3:1 Trade", "Set-up Phase", "Paying Gold to Buy Resources (2:1)").
SMALL_WORDS = frozenset(
    "a an and as at by for from in into of on or the to with".split()
)
# A heading's leading enumerator ("I.", "2.", "a)", "B.") is not part of its name.
ENUMERATOR = re.compile(r"^(?:[IVX]+\.|\d+\.|[a-zA-Z]\)|[A-Z]\.)\s+")
# Barbarian Attack's translation numbers its sections "I." .. "V." and "A." .. "D." and
# writes their names in sentence case; such a line is a heading whatever its capitals.
SECTION_NUMBER = re.compile(r"^(?:[IVX]+|[A-D])\.\s+")
LEGEND_CHAPTER = re.compile(r"^Chapter (\d) [–-] ")


@dataclass(frozen=True)
class Rule:
    """One rule of the map: its id, and the text it is named by (a digest line or a heading)."""

    rule_id: str
    title: str
    source: str


@dataclass
class Citation:
    """A test that cites rules: ``tests/test_x.py::TestY::test_z``."""

    test: str
    rule_ids: tuple[str, ...]
    line: int


@dataclass
class CoverageMap:
    rules: list[Rule]
    tests_by_rule: dict[str, list[str]]
    untestable: dict[str, str]
    unknown_citations: list[tuple[str, str]] = field(default_factory=list)
    unknown_untestable: list[str] = field(default_factory=list)
    cited_untestable: list[str] = field(default_factory=list)
    missing_reasons: list[str] = field(default_factory=list)

    @property
    def uncovered(self) -> list[Rule]:
        return [
            r for r in self.rules
            if not self.tests_by_rule.get(r.rule_id) and r.rule_id not in self.untestable
        ]

    @property
    def covered_count(self) -> int:
        return len(self.rules) - len(self.uncovered)

    def problems(self) -> list[str]:
        """Everything that keeps the map from being whole, one line each."""
        out = [f"{r.rule_id} has no test and is not listed untestable" for r in self.uncovered]
        out += [f"{test} cites {rid}, which is no rule" for test, rid in self.unknown_citations]
        out += [f"untestable list names {rid}, which is no rule" for rid in self.unknown_untestable]
        out += [f"untestable list gives no reason for {rid}" for rid in self.missing_reasons]
        out += [
            f"{rid} is listed untestable but a test cites it (drop it from the list)"
            for rid in self.cited_untestable
        ]
        return out


# --- the rules ------------------------------------------------------------------------------


def digest_rules(text: str) -> list[Rule]:
    """Every numbered rule of the digest, leaves only: a number with sub-numbers is a heading."""
    seen: dict[str, str] = {}
    for line in text.splitlines():
        for match in DIGEST_NUMBER.finditer(line):
            number = match.group(1)
            title = line.strip().lstrip("-# ").replace("**", "")
            seen.setdefault(number, title[:100])
    parents = {n.rsplit(".", 1)[0] for n in seen if n.count(".") >= 2}
    return [
        Rule(n, t, "RULES-DIGEST.md") for n, t in seen.items() if n not in parents
    ]


def is_heading(line: str) -> bool:
    """A seed line that names a section rather than saying a rule.

    The seeds are plain text without markup: a heading is a line of its own, short, that
    ends without a full stop or a colon and whose words are capitalised as in a title.
    """
    text = line.strip()
    if not text or "\t" in line or text.startswith(("•", "-", "|", "…")):
        return False
    if SECTION_NUMBER.match(text):
        return len(text) <= 70 and text.rstrip("…")[-1] not in ".,;:!?"
    if len(text) > 60 or text[-1] in ".,;:!?…":
        return False
    name = ENUMERATOR.sub("", text)
    words = [w for w in re.split(r"[\s–—]+", name) if w]
    if not words or len(words) > 10:
        return False
    if not (words[0][0].isupper() or words[0][0].isdigit()):
        return False
    for word in words[1:]:
        head = word.lstrip("(\"'&")
        if not head:
            continue
        if head.lower() in SMALL_WORDS or not head[0].isalpha():
            continue
        if not head[0].isupper():
            return False
    return True


def slug(heading: str) -> str:
    name = ENUMERATOR.sub("", heading.strip().rstrip("…"))
    name = name.replace("&", " and ").replace(":", " ")
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def seed_headings(number: int, text: str) -> list[Rule]:
    """The headings of one seed text, as rules ``S<n>:<slug>`` (seed 0: ``S0:<part>/<slug>``)."""
    source = f"seed {number}"
    rules: list[Rule] = []
    used: set[str] = set()
    part = "general"
    lines = text.splitlines()
    if number == 0:
        lines = _after_table_of_contents(lines)
    for line in lines:
        if not is_heading(line):
            continue
        heading = line.strip()
        if heading in ("Continue Reading", "Table of Contents"):
            continue
        if number == 0:
            chapter = LEGEND_CHAPTER.match(heading)
            if chapter:
                part = f"ch{chapter.group(1)}"
            elif heading == "The Chronicle" and part == "ch4":
                part = "chronicle"
            base = f"S0:{part}/{slug(heading)}"
        else:
            base = f"S{number}:{slug(heading)}"
        rule_id, n = base, 2
        while rule_id in used:
            rule_id, n = f"{base}-{n}", n + 1
        used.add(rule_id)
        rules.append(Rule(rule_id, heading, source))
    return rules


def _after_table_of_contents(lines: list[str]) -> list[str]:
    """Seed 0 opens with a table of contents; its headings are the body's, so skip it."""
    for i, line in enumerate(lines):
        if line.strip() == "Please Note" and i > 0 and lines[i - 1].strip().startswith("•"):
            return lines[i:]
    return lines


def load_rules(shared: Path) -> list[Rule]:
    """The digest's rules, then each seed's headings, in reading order."""
    digest = shared / "RULES-DIGEST.md"
    if not digest.is_file():
        raise FileNotFoundError(f"no rules digest at {digest}")
    rules = digest_rules(digest.read_text(encoding="utf-8"))
    seeds = sorted((shared / "seeds").glob(SEED_GLOB))
    if not seeds:
        raise FileNotFoundError(f"no seed texts in {shared / 'seeds'}")
    for path in seeds:
        rules += seed_headings(int(path.name[:3]), path.read_text(encoding="utf-8"))
    return rules


# --- the citations --------------------------------------------------------------------------


def _is_rule_marker(node: ast.expr) -> bool:
    """``pytest.mark.rule`` or ``mark.rule`` (as imported by ``from pytest import mark``)."""
    if not (isinstance(node, ast.Attribute) and node.attr == "rule"):
        return False
    inner = node.value
    return isinstance(inner, ast.Attribute) and inner.attr == "mark" or (
        isinstance(inner, ast.Name) and inner.id == "mark"
    )


def _marker_ids(nodes: Iterable[ast.expr]) -> list[str]:
    """The rule ids of every ``rule`` marker among decorators (or a ``pytestmark`` value)."""
    ids: list[str] = []
    for node in nodes:
        if isinstance(node, ast.Call) and _is_rule_marker(node.func):
            for arg in node.args:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    ids.append(arg.value)
                else:
                    ids.append(f"<not a string: {ast.unparse(arg)}>")
    return ids


def _pytestmark(body: Sequence[ast.stmt]) -> list[str]:
    ids: list[str] = []
    for stmt in body:
        if isinstance(stmt, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "pytestmark" for t in stmt.targets
        ):
            value = stmt.value
            items = value.elts if isinstance(value, (ast.List, ast.Tuple)) else [value]
            ids += _marker_ids(items)
    return ids


def _tests_in(body: Sequence[ast.stmt], prefix: str, inherited: list[str]) -> Iterator[Citation]:
    for node in body:
        if isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            marks = inherited + _marker_ids(node.decorator_list) + _pytestmark(node.body)
            yield from _tests_in(node.body, f"{prefix}::{node.name}", marks)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
            ids = inherited + _marker_ids(node.decorator_list)
            if ids:
                yield Citation(f"{prefix}::{node.name}", tuple(dict.fromkeys(ids)), node.lineno)


def citations(tests_dir: Path) -> list[Citation]:
    """Every test that carries a ``rule`` marker, read from the source without importing it."""
    found: list[Citation] = []
    root = tests_dir.parent
    for path in sorted(tests_dir.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        name = path.relative_to(root).as_posix()
        found += _tests_in(tree.body, name, _pytestmark(tree.body))
    return found


# --- the untestable list --------------------------------------------------------------------


def load_untestable(path: Path) -> dict[str, str]:
    """``"rule id" = "one-line reason"`` per rule no test can check (an empty reason stays empty)."""
    if not path.is_file():
        return {}
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return {str(k): v.strip() if isinstance(v, str) else "" for k, v in data.items()}


# --- the map --------------------------------------------------------------------------------


def build_map(shared: Path, tests_dir: Path = DEFAULT_TESTS,
              untestable_path: Path = DEFAULT_UNTESTABLE) -> CoverageMap:
    rules = load_rules(shared)
    known = {r.rule_id for r in rules}
    tests_by_rule: dict[str, list[str]] = {r.rule_id: [] for r in rules}
    unknown: list[tuple[str, str]] = []
    for citation in citations(tests_dir):
        for rid in citation.rule_ids:
            if rid in known:
                tests_by_rule[rid].append(citation.test)
            else:
                unknown.append((citation.test, rid))
    untestable = load_untestable(untestable_path)
    return CoverageMap(
        rules=rules,
        tests_by_rule=tests_by_rule,
        untestable={k: v for k, v in untestable.items() if k in known},
        unknown_citations=unknown,
        unknown_untestable=sorted(k for k in untestable if k not in known),
        cited_untestable=sorted(k for k in untestable if tests_by_rule.get(k)),
        missing_reasons=sorted(k for k, v in untestable.items() if not v),
    )


def summary_line(cmap: CoverageMap) -> str:
    total = len(cmap.rules)
    covered = cmap.covered_count
    percent = 100.0 * covered / total if total else 100.0
    return f"{covered} of {total} rules covered ({percent:.1f} %)"


def report(cmap: CoverageMap, *, uncovered_only: bool = False) -> list[str]:
    """The printed map: each rule with its tests (or its reason), the gaps, then the summary."""
    lines: list[str] = []
    if not uncovered_only:
        source = None
        for rule in cmap.rules:
            if rule.source != source:
                source = rule.source
                lines += ["", f"== {source}"]
            tests = cmap.tests_by_rule.get(rule.rule_id, [])
            if tests:
                lines.append(f"{rule.rule_id}  ({len(tests)} test{'s' if len(tests) != 1 else ''})")
                lines += [f"    {t}" for t in tests]
            elif rule.rule_id in cmap.untestable:
                lines.append(f"{rule.rule_id}  untestable: {cmap.untestable[rule.rule_id]}")
            else:
                lines.append(f"{rule.rule_id}  NO TEST")
        lines.append("")
    gaps = cmap.uncovered
    lines.append(f"rules without a test ({len(gaps)}):")
    lines += [f"    {r.rule_id}  {r.title[:70]}" for r in gaps]
    problems = [p for p in cmap.problems() if "has no test" not in p]
    if problems:
        lines.append(f"problems ({len(problems)}):")
        lines += [f"    {p}" for p in problems]
    untested = sum(1 for r in cmap.rules if r.rule_id in cmap.untestable)
    lines.append(f"untestable, each with its reason in the list (counted as covered): {untested}")
    lines.append(summary_line(cmap))
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m catan_cli.devtools.rule_coverage",
        description="Which test checks which rule of the digest and the seeds.",
    )
    parser.add_argument("--shared", type=Path, default=DEFAULT_SHARED,
                        help="the shared/ folder holding RULES-DIGEST.md and seeds/ (default: ../shared beside the checkout)")
    parser.add_argument("--tests", type=Path, default=DEFAULT_TESTS, help="the tests folder")
    parser.add_argument("--untestable", type=Path, default=DEFAULT_UNTESTABLE,
                        help="the list of untestable rules (TOML: id = reason)")
    parser.add_argument("--uncovered", action="store_true", help="print only the rules without a test")
    parser.add_argument("--ids", action="store_true", help="print every rule id with its title, and stop")
    args = parser.parse_args(argv)
    try:
        if args.ids:
            for rule in load_rules(args.shared):
                print(f"{rule.rule_id}\t{rule.title}")
            return 0
        cmap = build_map(args.shared, args.tests, args.untestable)
    except (OSError, SyntaxError, tomllib.TOMLDecodeError) as exc:
        print(f"rule_coverage: {exc}", file=sys.stderr)
        return 2
    print("\n".join(report(cmap, uncovered_only=args.uncovered)))
    return 0 if not cmap.problems() else 1


if __name__ == "__main__":
    sys.exit(main())
