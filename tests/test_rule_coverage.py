"""The rule-coverage map (issue 44): every rule of the digest and every heading of the seeds is
cited by a test's ``@pytest.mark.rule`` marker or listed in ``tests/untestable-rules.toml``
with its reason, and the map's tool reads the digest, the seeds and the tests as it says."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from catan_cli.devtools import rule_coverage as rc

SHARED = rc.DEFAULT_SHARED
needs_shared = pytest.mark.skipif(
    not (SHARED / "RULES-DIGEST.md").is_file(),
    reason=f"no shared/ at {SHARED} (set CATAN_SHARED to the folder holding RULES-DIGEST.md)",
)


# --- the guard: the map is whole ---------------------------------------------------------------------
PARTS = ["A", "B", "C", "D", "E", "F", "S0", "S1", "S2", "S3", "S4"]
# Parts still waiting for their tests (none: every part is whole).  Strict: a part listed here
# whose rules are all cited makes its xfail fail, so it must leave this set.
PENDING: set[str] = set()


def part_of(rule_id: str) -> str:
    return rule_id.split(":")[0] if ":" in rule_id else rule_id.split(".")[0]


@needs_shared
def test_every_citation_and_every_untestable_entry_names_a_rule_and_gives_a_reason() -> None:
    problems = [p for p in rc.build_map(SHARED).problems() if "has no test" not in p]
    assert problems == []


@needs_shared
@pytest.mark.parametrize("part", [
    pytest.param(p, marks=pytest.mark.xfail(strict=True, reason="rules-b's tests not merged yet"))
    if p in PENDING else p for p in PARTS])
def test_every_rule_is_cited_by_a_test_or_listed_untestable_with_a_reason(part: str) -> None:
    cmap = rc.build_map(SHARED)
    assert [r.rule_id for r in cmap.uncovered if part_of(r.rule_id) == part] == []


@needs_shared
def test_the_tool_prints_the_map_and_ends_with_the_count(capsys: pytest.CaptureFixture[str]) -> None:
    cmap = rc.build_map(SHARED)
    assert rc.main(["--shared", str(SHARED)]) == (1 if cmap.problems() else 0)
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1] == rc.summary_line(cmap)
    assert lines[-1].endswith(" rules covered (%.1f %%)" % (100 * cmap.covered_count / len(cmap.rules)))
    assert any(line.startswith("A.6  (") for line in lines)            # a rule with its tests


@needs_shared
def test_the_shared_texts_give_the_digest_leaves_and_the_seed_headings() -> None:
    ids = [r.rule_id for r in rc.load_rules(SHARED)]
    assert len(ids) == len(set(ids))
    for rid in ("A.1", "A.11.5", "B.3.3", "C.3.2", "D.18.10", "F.5.6", "S2:sea-routes",
                "S0:general/friendly-robber", "S0:ch2/set-up", "S0:ch2/panning-for-gold-2",
                "S3:loss-of-knights-after-a-victory", "S4:cloth-trade", "S1:warships"):
        assert rid in ids, rid
    for parent in ("A.11", "B.3", "C.3", "E.0", "F.0"):                # numbers with sub-rules
        assert parent not in ids


# --- the parts, on small texts ---------------------------------------------------------------------------
DIGEST = """\
## A. Base
**A.1 Components** [SRC:KG]
**A.2 Costs.** Road: brick + lumber.
**A.3 Cards**
- **A.3.1** Not played the turn bought.
- **A.3.2** One per turn.
"""


def test_a_digest_number_with_sub_numbers_is_a_heading_not_a_rule() -> None:
    assert [r.rule_id for r in rc.digest_rules(DIGEST)] == ["A.1", "A.2", "A.3.1", "A.3.2"]


def test_seed_headings_are_lines_of_their_own_in_title_case() -> None:
    text = textwrap.dedent("""\
        Sea Routes

        Ships are moved along sea routes. The edges of a sea hex are called sea routes.

        I. Production Phase
        6 frame pieces
        Frame pieces: 1x A1, A2
        3:1 Trade
        • Place the chits.
        B. Coastal field conquered
        Sea Routes
    """)
    ids = [r.rule_id for r in rc.seed_headings(2, text)]
    assert ids == ["S2:sea-routes", "S2:production-phase", "S2:3-1-trade",
                   "S2:coastal-field-conquered", "S2:sea-routes-2"]


def test_the_legends_headings_carry_their_chapter() -> None:
    text = "Set-up\nChapter 1 – The Castaways\nSet-up\nChapter 2 – The Attack\nSet-up\n"
    assert [r.rule_id for r in rc.seed_headings(0, text)] == [
        "S0:general/set-up", "S0:ch1/chapter-1-the-castaways", "S0:ch1/set-up",
        "S0:ch2/chapter-2-the-attack", "S0:ch2/set-up"]


def _shared(tmp: Path) -> Path:
    (tmp / "seeds").mkdir(parents=True)
    (tmp / "RULES-DIGEST.md").write_text(DIGEST, encoding="utf-8")
    (tmp / "seeds" / "002_abc.txt").write_text("Sea Routes\n\nText.\n", encoding="utf-8")
    return tmp


def _tests(tmp: Path, source: str) -> Path:
    folder = tmp / "tests"
    folder.mkdir()
    (folder / "test_x.py").write_text(textwrap.dedent(source), encoding="utf-8")
    return folder


def test_markers_on_tests_and_classes_are_read_without_importing_them(tmp_path: Path) -> None:
    tests = _tests(tmp_path, """\
        import pytest
        raise SystemExit("never imported")

        @pytest.mark.rule("A.1", "S2:sea-routes")
        def test_one(): ...

        @pytest.mark.rule("A.2")
        class TestCosts:
            @pytest.mark.rule("A.3.1")
            def test_two(self): ...

        def helper(): ...
    """)
    found = {c.test: c.rule_ids for c in rc.citations(tests)}
    assert found == {"tests/test_x.py::test_one": ("A.1", "S2:sea-routes"),
                     "tests/test_x.py::TestCosts::test_two": ("A.2", "A.3.1")}


def test_a_rule_that_loses_its_last_test_is_reported(tmp_path: Path) -> None:
    shared = _shared(tmp_path / "shared")
    tests = _tests(tmp_path, """\
        import pytest
        @pytest.mark.rule("A.1", "A.2", "A.3.1", "S2:sea-routes")
        def test_all_but_one(): ...
    """)
    untestable = tmp_path / "untestable.toml"
    untestable.write_text('"A.3.2" = "a reason"\n', encoding="utf-8")
    assert rc.build_map(shared, tests, untestable).problems() == []
    untestable.write_text("", encoding="utf-8")
    cmap = rc.build_map(shared, tests, untestable)
    assert cmap.problems() == ["A.3.2 has no test and is not listed untestable"]
    assert rc.summary_line(cmap) == "4 of 5 rules covered (80.0 %)"


def test_the_untestable_list_needs_a_reason_a_real_rule_and_no_test(tmp_path: Path) -> None:
    shared = _shared(tmp_path / "shared")
    tests = _tests(tmp_path, """\
        import pytest
        @pytest.mark.rule("A.1", "A.2", "A.3.1", "S2:sea-routes", "Z.9")
        def test_x(): ...
    """)
    untestable = tmp_path / "untestable.toml"
    untestable.write_text('"A.3.2" = ""\n"A.9" = "gone"\n"A.1" = "but cited"\n', encoding="utf-8")
    problems = rc.build_map(shared, tests, untestable).problems()
    assert problems == [
        "tests/test_x.py::test_x cites Z.9, which is no rule",
        "untestable list names A.9, which is no rule",
        "untestable list gives no reason for A.3.2",
        "A.1 is listed untestable but a test cites it (drop it from the list)",
    ]


def test_missing_shared_texts_are_one_clear_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert rc.main(["--shared", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("rule_coverage: no rules digest at") and err.count("\n") == 1
