"""The fast TOML reader (``fast_toml.loads_flat``) against ``tomllib``.

Whatever the fast reader reads must be exactly what ``tomllib.loads(text,
parse_float=Decimal)`` gives: the same keys in the same order, the same types
and the same decimal digits.  Whatever it does not read it declines (None), so
that ``tomllib`` reads it or reports the error; an invalid document is never
accepted.
"""

from __future__ import annotations

import os
import random
import re
import tomllib
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from pokerbook.history.fast_toml import loads_flat
from pokerbook.history.phh import PHHError, read_phh

#: the shared PHH folder beside the project (POKERBOOK_PHH_CORPUS names another place)
CORPUS = Path(
    os.environ.get("POKERBOOK_PHH_CORPUS")
    or Path(__file__).resolve().parents[2].parent / "shared" / "phh"
)

HAND = """\
variant = 'NT'
ante_trimming_status = true
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [10000, 10000, 10000]
actions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'd dh p3 2c7d', 'p3 f', 'p1 cbr 300', 'p2 cc', \
'd db 2h3h4s', 'p1 cc', 'p2 cc', 'd db 9s', 'p1 cc', 'p2 cc', 'd db Jd', 'p1 cc', 'p2 cc', \
'p1 sm AcAd', 'p2 sm']
hand = 7
players = ['Ann', 'Bob', 'Cy']
finishing_stacks = [10400.5, 9599.5, 10000.0]
"""


def _typed(value: Any) -> Any:
    """``value`` with every key order, type and decimal digit made visible."""
    if isinstance(value, dict):
        return [(key, _typed(item)) for key, item in value.items()]
    if isinstance(value, list):
        return [_typed(item) for item in value]
    return type(value).__name__, str(value)  # str keeps a decimal's exponent: 1.0, 1.00


def assert_reads_as_tomllib(text: str) -> dict[str, Any]:
    fast = loads_flat(text)
    assert fast is not None, "the fast reader declined"
    assert _typed(fast) == _typed(tomllib.loads(text, parse_float=Decimal))
    return fast


# -- the corpus -------------------------------------------------------------------------------


def test_a_sample_of_the_corpus_reads_as_tomllib_reads_it() -> None:
    files = sorted(CORPUS.rglob("*.phh"))
    sample = random.Random(20240611).sample(files, min(500, len(files)))
    famous = sorted(CORPUS.glob("*.phh"))  # comments, multi-line arrays, double quotes
    for path in sorted(set(sample) | set(famous)):
        assert_reads_as_tomllib(path.read_text(encoding="utf-8"))


def test_the_multi_hand_file_is_left_to_tomllib() -> None:
    # it records a local time (time = 00:00:09), which the fast reader does not read
    for path in CORPUS.rglob("*.phhs"):
        assert loads_flat(path.read_text(encoding="utf-8")) is None


# -- the same document laid out in other ways ---------------------------------------------------


def _one_item_a_line(text: str, quote: str = "'", comments: bool = False) -> str:
    lines = []
    for line in text.splitlines():
        key, _, raw = line.partition(" = ")
        if not raw.startswith("['"):
            lines.append(line)
            continue
        lines.append(f"{key} = [")
        lines.append("  # the items, one a line")
        for item in raw[2:-2].split("', '"):
            note = "  # it's ['#'] = 1" if comments else ""
            lines.append(f"  {quote}{item}{quote},{note}")
            lines.append("")
        lines.append("]")
    return "\n".join(lines) + "\n"


REWRITES: dict[str, Callable[[str], str]] = {
    "as is": lambda t: t,
    "windows line ends": lambda t: t.replace("\n", "\r\n"),
    "no final line end": lambda t: t.rstrip("\n"),
    "blank lines": lambda t: t.replace("\n", "\n\n"),
    "one item a line": _one_item_a_line,
    "one item a line, double quotes, comments": lambda t: _one_item_a_line(t, '"', True),
    "double quotes": lambda t: t.replace("'", '"'),
    "no spaces around =": lambda t: t.replace(" = ", "="),
    "tabs and spaces": lambda t: t.replace(" = ", " \t=  ").replace("\n", "  \t\n"),
    "comments": lambda t: "# a hand\n\n" + t.replace("\n", "  # note: it's 'x' = [1]\n"),
    "tight arrays": lambda t: t.replace(", ", ","),
    "loose arrays": lambda t: t.replace("[", "[ ").replace("]", " ,]"),
    "decimals": lambda t: re.sub(r"\b10000\b(?!\.)", "10000.00", t),
    "signs": lambda t: t.replace("[0, ", "[-0, +0.0, -1.5, ").replace("hand = 7", "hand = -7"),
    "in a table": lambda t: "[1]\n" + t + "\n[ 2 ]\n" + t,
}


@pytest.mark.parametrize("rewrite", REWRITES.values(), ids=REWRITES.keys())
def test_other_layouts_read_as_tomllib_reads_them(rewrite: Callable[[str], str]) -> None:
    assert_reads_as_tomllib(rewrite(HAND))


# -- edge cases ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "",
        "\n\n",
        "# only a comment",
        "a = 1",  # no line end
        "a = 1 # one\n# b = 2\n  # c = [\n",
        "a = 'x # y = z'\nb = \"# not a comment\"\nc = 'a ] [ , b'\n",
        "a = ['p1 cbr 5 # c', 'x=y', '#', ']']\n",
        'a = \'say "hi"\'\nb = "it\'s"\nc = [\'it"s\', "\'"]\n',
        "a = ''\nb = \"\"\nc = ['']\nd = [\"\", '']\n",
        "a = 'tab\there'\nb = 'héllo \u2019 🂡'\n",
        "a = -5\nb = +3\nc = -0.50\nd = [1.25, -2, 0.0, +4.5]\ne = 0\nf = -0\n",
        "a = 123456789012345678901234567890\nb = [0, 100000000000000000000]\n",
        "a = true\nb = false\nc = [true, false]\n",
        "a = []\nb = [ ]\nc = [\n]\nd = [ # nothing\n]\ne = [[], [1, [2, 'x']]]\n",
        "a = [1, 'x', 2.5, true, ['y']]\n",
        "a = [\n  1,\n  2\n]\nb = [\n  'x', # one\n\n  'y' # two\n  ,\n]\nc = 3\n",
        "a = [\n  'p1 cc',\n  'p2 f'\n]\n",  # the last item without a comma
        "a = [1,\n2] # c\nb = ['x',\n  'y',]\n",
        "some_key = 1\nother-key = 'x'\n_x = [1]\n123 = 4\nA-b_9 = true\n",
        "a=1\n  b\t=\t'x'  \n\tc = [ 1 ,2 , ]\n",
        "[1]\na = 1\n[ 2 ] # two\na = 'x'\n",
    ],
)
def test_edge_cases_read_as_tomllib_reads_them(text: str) -> None:
    assert_reads_as_tomllib(text)


@pytest.mark.parametrize(
    "text",
    [
        'a = "esc\\"aped"\n',  # escapes
        'a = "tab\\tand \\u00e9"\n',
        "a = ['x', \"\\\\\"]\n",
        "t = 00:00:09\n",  # dates and times
        "d = 1979-05-27\n",
        "d = 1979-05-27T07:32:00Z\n",
        "a = 1e3\n",  # exponents, special floats, other integer forms
        "a = 1.5E-2\n",
        "a = inf\n",
        "a = [nan]\n",
        "a = 0x1F\n",
        "a = 0o17\n",
        "a = 1_000\n",
        "a = {x = 1}\n",  # inline tables
        "a.b = 1\n",  # dotted and quoted keys
        '"a b" = 1\n',
        "'a' = 1\n",
        "a = '''multi\nline'''\n",  # multi-line strings
        'a = """x"""\n',
        "[[t]]\na = 1\n",  # arrays of tables, nested tables
        "[a.b]\nc = 1\n",
    ],
)
def test_what_the_fast_reader_does_not_read_goes_to_tomllib(text: str) -> None:
    assert loads_flat(text) is None
    tomllib.loads(text, parse_float=Decimal)  # valid: tomllib reads it


@pytest.mark.parametrize(
    "text",
    [
        "min_bet = [100\n",
        "a = 'unterminated\n",
        "a = ['x\ny']\n",
        "a = 1 2\n",
        "= 1\n",
        "a =\n",
        "a\n",
        "a = 007\n",
        "a = 1.\n",
        "a = .5\n",
        "a = tru\n",
        "a = [1,,2]\n",
        "a = [,]\n",
        "a = [1] ]\n",
        "a = 1\na = 2\n",
        "[t]\n[t]\n",
        "a = 1\n[a]\n",
        "[t\n",
        "a = 'x\x01'\n",
        "a = 'x'\rb = 1\n",
        "a = 1\xa0\n",  # a no-break space is not TOML whitespace
        "a = '\x7f'\n",
    ],
)
def test_malformed_documents_are_left_to_tomllib_to_report(text: str) -> None:
    assert loads_flat(text) is None
    with pytest.raises(tomllib.TOMLDecodeError):
        tomllib.loads(text, parse_float=Decimal)
    with pytest.raises(PHHError, match=r"^bad\.phh: not valid TOML: "):
        read_phh(text, "bad.phh")


def test_a_file_the_fast_reader_declines_reads_the_same() -> None:
    text = HAND.replace("variant = 'NT'", 'variant = "N\\u0054"  # an escape')
    assert loads_flat(text) is None
    assert read_phh(text).fields == read_phh(HAND).fields


# -- random edits -------------------------------------------------------------------------------

EDITS = [
    "'", '"', "'''", " ", "\t", "#", "=", " = ", "[", "]", ",", "\n", "\r\n", "\r", ".", "-",
    "+", "0", "07", "_", "e", "1e2", "inf", "true", "\\", "\\n", "\x00", "\x7f", "\xa0", "\u2019",
    "{", "}", "a.b", "1979-05-27", "[t]\n", "x = 1\n", "[]", "[ 1, ]",
]  # fmt: skip


def test_random_edits_never_make_the_fast_reader_disagree() -> None:
    rng = random.Random(5)
    rewritten = [rewrite(HAND) for rewrite in REWRITES.values()]
    read = 0
    for _ in range(3000):
        text = rng.choice(rewritten)
        for _ in range(rng.randint(1, 3)):
            at = rng.randrange(len(text) + 1)
            cut = rng.choice((0, 0, 1, 2))
            text = text[:at] + rng.choice(EDITS) + text[at + cut :]
        fast = loads_flat(text)
        if fast is None:
            continue
        read += 1
        assert _typed(fast) == _typed(tomllib.loads(text, parse_float=Decimal)), repr(text)
    assert read > 300  # the edits left many documents the fast reader still reads
