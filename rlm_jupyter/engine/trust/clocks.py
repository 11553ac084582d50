"""Times of day and durations an answer works out from ones it states: what a capable model writes after
reading a log ("started at 21:58:43 and runs 3:58": it ended at 22:02:41; "from 07:53 to 10:40": 2 h 47 min;
"15:13:50 Oslo time (UTC+1), i.e. 14:13:50 UTC"), and a duration written as a clock over printed seconds.

Why apart from ``derive``: these are steps on a 24-hour clock (sums modulo a day, a zone's offset the answer
writes), not arithmetic over the printed figures; each needs the operands the answer states to have sources of
their own, so a time worked out from an invented one has none.
"""
from __future__ import annotations

import datetime as _dt
import itertools
import re
from decimal import Decimal

from ..record.trajectory import Source
from .printed import Line, Shown, shown_at
from .readings import CLOCK, Value, clock_in, clock_seconds, date_of


def clock_of_seconds(value: Value, shown: Shown, text: str) -> Source | None:
    """A duration written as a clock ("11:08", "1:02:15") that is a printed number of seconds (668, 3735), where
    seconds are what was read: the answer writes a figure in seconds, or the block's code names them
    (``roast_s``, ``duration_sec``); or an h:mm that is a printed number of minutes, where minutes are ("1:19 (79
    min)", ``minutter``). A time of day of a log is matched as printed, before this."""
    parts = re.fullmatch(r"(\d{1,2}):(\d{2})(?::(\d{2}))?", value.key) if value.kind == "token" else None
    if parts is None:
        return None
    a, b, c = int(parts.group(1)), int(parts.group(2)), int(parts.group(3) or 0)
    seconds = Decimal(a * 3600 + b * 60 + c if parts.group(3) else a * 60 + b)
    said = re.search(r"\d\s?(?:s|secs?|seconds?|Sekunden|secondes|segundos)\b", text) is not None
    for figure in shown.figures_near(seconds, Decimal("0.5")):
        line = shown.lines[figure.line]
        if line.where.place == "output" and (said or _SECONDS_NAME.search(line.code)):
            printed = shown_at(line, figure.text)
            return Source(value.text, "derived", how=f"{figure.text} s as {'h:mm:ss' if parts.group(3) else 'm:ss'}",
                          loose=True, operands=[printed])
    if parts.group(3):
        return None
    # "1:19 (79 min)": an h:mm duration of a printed number of minutes, where minutes are what was read
    said = re.match(rf"\s*\(\s*{a * 60 + b}\s?(?:min|mins|minutes?|minutter|Minuten|minutos|minuty|minuut)\b",
                    text[value.start + len(value.text):]) is not None
    for figure in shown.figures_near(Decimal(a * 60 + b), Decimal("0.5")):
        line = shown.lines[figure.line]
        if line.where.place == "output" and (said or _MINUTES_NAME.search(line.code)):
            return Source(value.text, "derived", how=f"{figure.text} min as h:mm", loose=True,
                          operands=[shown_at(line, figure.text)])
    return None


_SECONDS_NAME = re.compile(r"\w_(?:s|sec|secs|seconds)\b|\bseconds\b")
_MINUTES_NAME = re.compile(r"\w_(?:min|mins|minutes)\b|\bminut\w*|\bminutes\b", re.IGNORECASE)


def between_clocks(value: Value, found: list[Value], sources: dict[int, Source], text: str) -> Source | None:
    """A duration ("2 h 47 min") that is the time between two times the answer states with a source ("from 07:53
    to 10:40", "from 5/6/2024 7:31:07 AM to 5/26/2024 9:42:24 PM"): the later minus the earlier, past midnight too;
    over the days between them when both carry a date (each day a numeric date may be). A time written to the
    minute stands for any second of it (10:12 for a logged 10:12:40), so the difference of two such is known only
    to the minute."""
    if value.unit is None or value.unit.dimension != "duration" or not value.readings:
        return None
    stamps = [(i, v, key) for i, v in enumerate(found) if i in sources and (key := clock_in(v, text)) is not None]
    seconds = abs(value.readings[0].value) * value.unit.factor
    tolerance = value.readings[0].tolerance * value.unit.factor
    for (a, first, one), (b, second, other) in itertools.combinations(stamps, 2):
        start, end = clock_seconds(one), clock_seconds(other)
        truncated = Decimal(60) if one.count(":") == 1 or other.count(":") == 1 else Decimal(0)
        days = [(d2 - d1).days for d1 in _days(first, found, sources, text)
                for d2 in _days(second, found, sources, text)]
        # forward from the first the answer states: "from 23:30 to 01:15" runs past midnight, 1 h 45 min (a
        # Decimal's remainder keeps the dividend's sign, so a negative difference is brought onto the clock first);
        # back to the second only where the answer writes the duration as after it, the shorter way round the
        # clock: "at 10:03:49, 3 minutes and 49 seconds after its 10:00 slot"
        forward, back = (end - start + 86400) % 86400, (start - end + 86400) % 86400
        after = value.start < second.start and _AFTER.match(text, value.start + len(value.text)) is not None
        spans = [abs(day * 86400 + end - start) for day in days] or [
            forward, *([back] if after and back < forward else [])]
        if any(abs(span - seconds) <= tolerance + truncated for span in spans):
            return Source(value.text, "derived", how=f"{second.text} − {first.text}", loose=True,
                          operands=[sources[a], sources[b]])
    return None


def _days(value: Value, found: list[Value], sources: dict[int, Source], text: str) -> list[_dt.date]:
    """The days a stamp can be on: its own date's, or those of the date the answer writes beside its time ("12:30
    UTC on 24 November", "24 November at 12:30"), when that date has a source. A day without its year is placed
    in a leap year and the next one, so a span from 30 December to 2 January counts its 3 days."""
    if value.kind == "date":
        return [day for key in value.date_keys if (day := date_of(key)) is not None]
    beside = next((v for i, v in enumerate(found) if v.kind == "date" and i in sources and sources[i].kind != "nowhere"
                   and _BESIDE.fullmatch(text[min(v.start + len(v.text), value.start + len(value.text)):
                                             max(v.start, value.start)])), None)
    if beside is None:
        return []
    return [day for key in beside.date_keys for year in (("2000", "2001") if key.startswith("--") else ("",))
            if (day := date_of(year + key[1:] if year else key)) is not None]


# a duration written as after (behind, later than) the time it is measured from, which follows
_AFTER = re.compile(r"\s+(?:after|later than|behind|past|late on|late for|nach|après|después de|dopo|depois d[eo])\b",
                    re.IGNORECASE)
# what may stand between a time of day and the date it is on: its zone, "on", "at", a comma
_BESIDE = re.compile(r"\s*(?:(?:UTC|GMT|Z)\s*)?(?:,\s*)?(?:on|at|um|à|le|am|el|il|op|,)?\s*(?:the\s+)?", re.IGNORECASE)


def clock_shifted(value: Value, found: list[Value], sources: dict[int, Source], text: str,
                  shown: Shown) -> Source | None:
    """A time of day that is another the answer states with a source, plus or minus a duration it states with a
    source ("started at 21:58:43 and runs 3:58": ends at 22:02:41) or a UTC offset it writes ("15:13:50 Oslo time
    (UTC+1), i.e. 14:13:50 UTC") or an output printed ("Times are Turkish time (UTC+3)" over a catalogue whose
    03:41:12 the answer gives as 00:41:12 UTC), on a 24-hour clock. The offset is a word, so the source is loose."""
    if value.kind != "token" or not CLOCK.fullmatch(value.key):
        return None
    target = clock_seconds(value.key)
    sourced = [(i, v) for i, v in enumerate(found) if i in sources and sources[i].kind != "nowhere"]
    steps: list[tuple[Decimal, str, list[Source]]] = [
        (hours * 3600 + minutes * 60, match.group(0), [])
        for match in _UTC_OFFSET.finditer(text)
        for hours, minutes in [(Decimal(match.group(2)), Decimal(match.group(3) or 0))]]
    # an offset an output printed is the zone of the data's times: a printed local time in UTC is that time less
    # the offset (with its sign), and only for a time the answer itself marks as UTC
    in_utc = _MARKED_UTC.match(text, value.start + len(value.text)) is not None
    printed = [((-1 if match.group(1) in "−-" else 1) * (int(match.group(2)) * 3600 + int(match.group(3) or 0) * 60),
                match.group(0), shown_at(line, match.group(0)))
               for line, match in (_printed_offsets(shown) if in_utc else [])]
    for i, step in sourced:
        if step.kind == "number" and step.unit is not None and step.unit.dimension == "duration" and step.readings:
            steps.append((abs(step.readings[0].value) * step.unit.factor, step.text, [sources[i]]))
        elif step.kind == "token" and CLOCK.fullmatch(step.key) and step is not value:
            parts = [int(p) for p in step.key.split(":")]
            # "3:58" of a track is minutes and seconds, of a shift hours and minutes: either reading
            readings = [clock_seconds(step.key)] + ([Decimal(parts[0] * 60 + parts[1])] if len(parts) == 2 else [])
            steps += [(seconds, step.text, [sources[i]]) for seconds in readings]
    for i, start in sourced:
        if start is value or start.kind != "token" or not CLOCK.fullmatch(start.key):
            continue
        for seconds, written, operands in steps:
            for sign in (1, -1):
                if (clock_seconds(start.key) + sign * seconds - target) % 86400 == 0 and seconds:
                    how = f"{start.text} {'+' if sign > 0 else '−'} {written}"
                    return Source(value.text, "derived", how=how, loose=True, operands=[sources[i], *operands])
        for offset, written, source in printed:
            if (clock_seconds(start.key) - offset - target) % 86400 == 0 and offset:
                return Source(value.text, "derived", how=f"{start.text} in UTC ({written})", loose=True,
                              operands=[sources[i], source])
        # a time the answer marks UTC, given again in a local time it names ("06:24 UTC, i.e. 08:24 in Hamburg",
        # "12:54 Uhr UTC, also 14:54 Uhr MESZ"): a whole number of hours apart, to the same minute
        ahead = (target - clock_seconds(start.key)) % 86400
        hours = int(ahead // 3600) if ahead <= 14 * 3600 else int(ahead // 3600) - 24
        if (ahead and ahead % 3600 == 0 and abs(hours) <= 14 and abs(value.start - start.start) <= 60
                and _MARKED_UTC.match(text, start.start + len(start.text)) is not None
                and _MARKED_UTC.match(text, value.start + len(value.text)) is None):
            return Source(value.text, "derived", how=f"{start.text} UTC {hours:+d} h, the local time the answer names",
                          loose=True, operands=[sources[i]])
    return None


_MARKED_UTC = re.compile(r"\s*(?:Uhr\s+|h\s+)?(?:UTC|GMT|Z)\b")


def _printed_offsets(shown: Shown) -> list[tuple[Line, re.Match[str]]]:
    """The UTC offsets the outputs and the question write ("UTC+3"), each once, with its line."""
    seen: dict[str, tuple[Line, re.Match[str]]] = {}
    for line in shown.lines:
        if "UTC" in line.text or "GMT" in line.text:
            for match in _UTC_OFFSET.finditer(line.text):
                seen.setdefault(match.group(0), (line, match))
    return list(seen.values())


_UTC_OFFSET = re.compile(r"\b(?:UTC|GMT)\s?([+−-])\s?(\d{1,2})(?::?(\d{2}))?\b")
