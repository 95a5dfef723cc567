"""The examples of python/README.md run as doctests, as the top-level
README's `console` examples run in crates/grundy-cli/tests/suite/readme.rs.

Every ```python block whose lines start with `>>>` is run, in order, in one
namespace (a later block may use what an earlier one imported), in a
temporary directory (the examples write files). A block preceded by a line
`<!-- doctest: skip (REASON) -->` is not run; the reason is reported.
Output is compared with `...` standing for any text (ELLIPSIS) and runs of
white space taken as equal."""

import doctest
import os
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
SKIP = re.compile(r"<!-- doctest: skip \((?P<reason>[^)]*)\) -->\s*$")


def blocks():
    """(line number, skip reason or None, text) of each ```python block."""
    lines = README.read_text(encoding="utf-8").splitlines()
    out = []
    i = 0
    while i < len(lines):
        if lines[i].strip() == "```python":
            start = i + 1
            j = start
            while j < len(lines) and lines[j].strip() != "```":
                j += 1
            skip = None
            k = i - 1
            while k >= 0 and not lines[k].strip():
                k -= 1
            if k >= 0:
                m = SKIP.match(lines[k].strip())
                if m:
                    skip = m.group("reason")
            out.append((start, skip, "\n".join(lines[start:j]) + "\n"))
            i = j
        i += 1
    return out


def test_the_readme_has_python_examples():
    found = blocks()
    assert len(found) >= 8, found
    assert any(">>> grundy.values(" in text for _, _, text in found)


def test_the_python_readme_examples_print_what_the_readme_shows(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    try:
        import matplotlib  # noqa: F401

        plots = True
    except ImportError:
        plots = False
    globs = {}
    parser = doctest.DocTestParser()
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    runner = doctest.DocTestRunner(optionflags=flags)
    skipped = []
    for line, skip, text in blocks():
        if skip is None and "grundy.plot(" in text and not plots:
            skip = "matplotlib is not installed"
        if skip is not None:
            skipped.append(f"line {line}: {skip}")
            continue
        test = parser.get_doctest(text, globs, f"README.md:{line}", str(README), line - 1)
        runner.run(test, clear_globs=False)
        # A DocTest runs in a copy of `globs`: carry its names to the next block.
        globs.update(test.globs)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} README example(s) failed (see the output above)"
    assert result.attempted > 0
    # The skipped blocks say why.
    assert all(s.split(": ", 1)[1] for s in skipped)
    assert os.path.exists("census2.csv")
    assert os.path.exists("dawson.png") or not plots
