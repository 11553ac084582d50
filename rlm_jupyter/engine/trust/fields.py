"""A figure read off one field of a printed record and stated as another field's: "KTH won the longest game with
91 kills", when the record ``print(games.loc[games.minutes.idxmax()])`` printed showed 91.0 for ``gold_red`` and 29
for ``kills_red``.

Why: the figure was printed, so it passes as seen, and the row was the right one: the code selected it. A record's
fields are printed one per line, so ``tables`` (rows of columns) has no column to check the figure's against; the
fields' names are that column. Read: the answer's figures, each with the word right after it (the noun it counts or
measures: "kills", "Tore", "bags"); the records printed field by field (``printed.records``); the fields whose cell
is the figure, and the fields whose name has that word (``claims.same_word``: "kills" names ``kills_red`` and
``kills_blue``).

Refused (``row-mismatch``) when the word names some field of a record that prints the figure, and none of the
fields that hold it, in no record printed, and no other output printed the figure beside that word: the figure is
another field's. A word that names no field (a unit, "seconds") leaves the figure alone, as does one that names a
field holding it.
"""
from __future__ import annotations

import re

from ..dialogue import prompts
from .claims import Claim, same_word
from .derive import matches
from .printed import Record, figure_value
from .provenance import Evidence
from .readings import is_year, values

# the word right after a figure: its noun ("91 kills", "12 Tore"), past a bracket's start ("91 (kills)")
_NOUN_AFTER = re.compile(r"\s*\(?\s*([^\W\d_]{3,})")


def wrong_field(text: str, evidence: Evidence) -> Claim | None:
    """The first figure of the answer whose noun names another field of a record that printed it (see the module)."""
    if not evidence.records:
        return None
    for value in values(text):
        if value.kind != "number" or not value.readings or is_year(value) or value.unit is not None:
            continue
        noun = _NOUN_AFTER.match(text, value.start + len(value.text))
        if noun is None:
            continue
        word = noun.group(1).lower()
        claims: list[tuple[Record, str, str]] = []
        for record in evidence.records:
            holding = [name for name, cell in record.fields.items()
                       if (figure := figure_value(cell)) is not None and matches(value, figure)]
            named = [name for name in record.fields
                     if any(same_word(word, part) for part in re.split(r"[\W_]+", name.lower()) if len(part) >= 3)]
            if holding and named and set(holding) & set(named):
                claims = []  # a record whose field the word names holds it: that is where it was read
                break
            if holding and named:
                claims.append((record, holding[0], named[0]))
        if not claims:
            continue
        record, field, other = claims[0]
        mine = {id(line) for line in record.lines}
        if any(id(m.line) not in mine and any(same_word(word, w) for w in re.findall(r"[^\W\d_]{3,}",
                                                                                     m.line.text.lower()))
               for m in evidence.shown.matches(value) if m.line.where.place == "output"):
            continue  # another output printed it beside the word: it may be read there ("mean kills per game: 9")
        return Claim(prompts.other_column(value.text, "the record", field, other, record.where.describe()),
                     {"figure": value.text, "field": field, "named": other})
    return None
