"""The values an answer states: numbers, dates, codes and quoted tokens, each with every reading its writing allows.

Why readings and not one parse: "1.234" is one and a quarter in English and twelve hundred in German, "03/05/2024"
is March or May, "12.5%" is 12.5 or 0.125, "1,2 Mio." is 1.2 million. An answer is checked against what the
model was shown, so a value matches when any of its readings does, to the precision the answer wrote it.

Who parses: numbers go through Babel's ``parse_decimal`` in each locale of ``localedata.LOCALES`` (each rejects a
grouping it does not use), magnitudes, percent and unit words come from CLDR (``localedata``), and dates from
dateparser, told the language of the month name it was given. This module only finds where a number or a date
is written (a scan for digits and the month names CLDR knows) and hands each piece to the library. Both
libraries are imported on the first answer that needs them, never by a run that checks none.

What is a value: numbers (with a sign, a percent, a magnitude or a unit when written), dates (a day and a month,
with or without a year, or a month and a year; the time of day, if any, is not part of the date), codes (a token
with letters and digits such as ``ERR-42``, ``user_42`` or ``3f2a9c``, not ``3rd`` or ``12ms``, which are
numbers) and short quoted tokens (``"timeout"``). A word of prose is never a value: "Paris" is not checked.
"""
from __future__ import annotations

import dataclasses
import datetime as _dt
import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from . import localedata

MAX_VALUES = 50  # values checked per answer: a long answer is judged by its first ones, the record stays small
MAX_QUOTED_CHARS = 40  # a quoted span longer than this is prose, not a token
MAX_QUOTED_WORDS = 3
NUMBER_LOCALES: tuple[str, ...] = ("en", "de", "fr", "de_CH", "en_IN", "sv")  # one of each way to group digits
# Currencies an analysis names by code, and the symbols that stand for one of them wherever they are written
CURRENCIES: tuple[str, ...] = ("EUR", "USD", "GBP", "CHF", "JPY", "CNY", "CAD", "AUD", "SEK", "NOK", "DKK", "PLN",
                               "INR", "BRL", "RUB", "UAH", "CZK", "HUF", "TRY", "THB", "KRW", "MYR", "KES", "ZAR",
                               "IDR", "VND", "RON", "ILS", "BGN", "ISK", "IRR", "SGD", "HKD", "NZD", "MXN", "PHP",
                               # the largest economies of Africa, Latin America, South Asia and the Gulf
                               "NGN", "GHS", "EGP", "MAD", "TZS", "UGX", "ARS", "CLP", "COP", "PEN", "SAR", "AED",
                               "QAR", "KWD", "PKR", "BDT", "LKR", "NPR", "TWD")
# "$" writes any dollar ("$327,000", "32,8 k$" in Québec): it names no one currency, so it is kept as "$"; CLDR's
# symbols that name one ("CA$", "R$", "₹") are read as that currency (``localedata.currency_symbols``)
_SYMBOLS = {"$": "$", "€": "EUR", "£": "GBP", "¥": "JPY"}
_CODE_BEFORE = re.compile(r"\b(?:" + "|".join(CURRENCIES) + r")\s?\Z")  # "EUR 3m": a currency's code before it
DOLLARS = frozenset({"USD", "CAD", "AUD"})  # the currencies of CURRENCIES that "$" may write

Kind = str  # "number", "date" or "token"


@dataclass(frozen=True)
class Reading:
    """One way to read a written number: its value, half a unit of its last written digit, and how it was read."""

    value: Decimal
    tolerance: Decimal
    how: str = "as written"  # "as written", "percent", "magnitude" (1.2 million), "hedged" (about 560)

    @property
    def loose(self) -> bool:
        """A reading that matches a range, not one figure: a magnitude word or a hedge rounds the printed figure."""
        return self.how in ("magnitude", "hedged")


@dataclass(frozen=True)
class Value:
    """One value of a text: as written (for the record), where it is, and what it is compared as."""

    text: str
    kind: Kind
    readings: tuple[Reading, ...] = ()  # for a number
    key: str = ""  # for a date: ISO ("2024-03-05"; "--03-05" without a year; "2024-03" a month); a token: lower case
    start: int = 0  # where the text writes it
    sign: int = 0  # -1: written with a minus; +1: with a plus; 0: neither
    unit: localedata.Unit | None = None  # a duration or a data size written after the number
    currency: str = ""  # ISO code of a currency written with it ($, €, £, ¥, EUR, CHF...)
    alternatives: tuple[str, ...] = ()  # other date keys the writing allows (03/05/2024: May 3 or March 5)

    @property
    def numbers(self) -> tuple[tuple[Decimal, Decimal], ...]:
        """(value, tolerance) of each reading, absolute."""
        return tuple((abs(r.value), r.tolerance) for r in self.readings)

    @property
    def first(self) -> Decimal:
        """The reading as written, signed: what an operation uses as an operand."""
        value = self.readings[0].value
        return -abs(value) if self.sign < 0 else value

    @property
    def date_keys(self) -> tuple[str, ...]:
        return (self.key, *self.alternatives) if self.kind == "date" else ()


# -- finding values -------------------------------------------------------------------------------------------
# Digits other scripts write, read as the ASCII ones, one character for one so positions hold: Arabic-Indic
# (١٩٤), Eastern Arabic-Indic (Persian, Urdu: ۱۹۴), Devanagari, Bengali, Thai (๑๙๔), Lao, Myanmar and the
# full-width digits of Japanese and Chinese text (１９４), with the Arabic decimal and group separators and the
# Arabic and full-width percent signs (٫ ٬ ٪ ％)
_ZEROS = (0x0660, 0x06F0, 0x0966, 0x09E6, 0x0E50, 0x0ED0, 0x1040, 0xFF10)
NATIVE_DIGITS = str.maketrans({**{chr(zero + d): str(d) for zero in _ZEROS for d in range(10)},
                               "٫": ".", "٬": ",", "٪": "%", "％": "%", "．": "."})


def values(text: str) -> list[Value]:
    """The values in ``text``, in order of appearance and without repeats; prose words are not values. Digits of
    other scripts are read as ASCII ones (``NATIVE_DIGITS``), and the values' texts are written with them."""
    return list(_values(text.translate(NATIVE_DIGITS)))


def every_value(text: str) -> list[Value]:
    """The values in ``text`` in order, a repeated one each time it is written: what a written chain of arithmetic
    reads ("zone B has 4 stalls: (a + b + c + d) / 4"), where ``values`` keeps the first."""
    return list(_every_value(text.translate(NATIVE_DIGITS)))


@functools.lru_cache(maxsize=1024)
def _values(text: str) -> tuple[Value, ...]:
    """``values``, read once per text: every gate of a FINAL reads the same answer and its sentences."""
    unique: dict[tuple[str, str], Value] = {}
    for value in _every_value(text):
        unique.setdefault((value.kind, value.text), value)
    return tuple(list(unique.values())[:MAX_VALUES])


@functools.lru_cache(maxsize=1024)
def _every_value(text: str) -> tuple[Value, ...]:
    found: list[Value] = []
    blanked = _ZONE_OFFSET.sub(lambda m: " " * len(m.group(0)), text)  # "UTC+2" names a zone, not a figure
    blanked = _YEAR_PAIR.sub(_first_year, blanked)
    blanked = _take(blanked, _QUOTED, found, _quoted)
    blanked = _take(blanked, ADDRESS, found, lambda m: [Value(m.group(0), "token", key=m.group(0), start=m.start())])
    for pattern in date_patterns():
        blanked = _take(blanked, pattern, found, _date)
    blanked = _range_starts(blanked, found)
    blanked = _CJK_MONTH.sub(lambda m: " " * len(m.group(0)), blanked)  # "6 月" is June, as the word is
    blanked = _numbered_month().sub(lambda m: " " * len(m.group(0)), blanked)  # "tháng 6" too
    blanked = _take(blanked, _CLOCK_HALF, found, _clock)
    blanked = _take(blanked, _TOKEN, found, _code)
    blanked = _LIST.sub(lambda m: m.group(0) if _grouped(m.group(0)) else m.group(0).replace(",", " "), blanked)
    _take(blanked, _number_pattern(), found, _number)
    return tuple(_shared_units(_compound_durations(sorted(found, key=lambda v: v.start), text), text))


# between figures of one list: a comma, or "and", "or" in the languages of ``_DURATION_JOIN`` ("26 and 41 minutes")


def _shared_units(found: list[Value], text: str) -> list[Value]:
    """A list of bare figures before one that writes its unit ("26 and 41 minutes", "3, 5 or 7 km"), or a range's
    first ("from 27.1 to 34.8 km", "27.1–34.8 km"), gives them that unit: the words write it once for all. Read
    from the last figure back, so it reaches the whole list."""
    out = list(found)
    for index in range(len(out) - 2, -1, -1):
        value, after = out[index], out[index + 1]
        if (value.kind == "number" and after.kind == "number" and value.unit is None and after.unit is not None
                and not is_year(value) and not value.currency and not after.currency and value.sign == after.sign
                and all(r.how in ("as written", "hedged") for r in value.readings)
                and _LIST_JOIN.fullmatch(text[value.start + len(value.text):after.start])):
            out[index] = dataclasses.replace(value, unit=after.unit)
    return out


# between the parts of one duration: a space, a comma or an "and" ("20 days, 14 hours and 11 minutes", "2 h 15 min",
# "3 Stunden und 5 Minuten"); not "to" or "or" ("from 5 days to 3 hours" is a range)
_DURATION_JOIN = re.compile(r"[\s,]*(?:(?:and|und|et|y|e|и|og|och|en|i|ve|és)\s+)?", re.IGNORECASE)


def _compound_durations(found: list[Value], text: str) -> list[Value]:
    """Durations written in parts, each a smaller unit than the one before ("0 h 23 min 34 s", "20 days, 14 hours
    and 11 minutes"), read as one: in the smallest part's unit, to half of it. Why: the parts are no figures of
    their own; the whole is what a printed Timedelta (``20 days 14:11:17``) or two timestamps' difference shows."""
    merged: list[Value] = []
    for value in found:
        last = merged[-1] if merged else None
        if (last is not None and _a_duration(last) and _a_duration(value) and last.unit and value.unit
                and value.unit.factor < last.unit.factor and not value.sign
                and _DURATION_JOIN.fullmatch(text[last.start + len(last.text):value.start])):
            total = last.readings[0].value * last.unit.factor / value.unit.factor + value.readings[0].value
            merged[-1] = dataclasses.replace(last, text=text[last.start:value.start + len(value.text)],
                                             readings=(Reading(total, value.readings[0].tolerance),),
                                             unit=value.unit)
        else:
            merged.append(value)
    return merged


def _a_duration(value: Value) -> bool:
    return (value.kind == "number" and value.unit is not None and value.unit.dimension == "duration"
            and len(value.readings) == 1 and value.readings[0].how == "as written")


def _take(text: str, pattern: re.Pattern[str], found: list[Value], read: Callable[[re.Match[str]], list[Value]]) -> str:
    """Record what ``read`` makes of each match and blank the matches it took, so no later pattern re-reads them."""
    kept: list[str] = []
    last = 0
    for match in pattern.finditer(text):
        taken = read(match)
        if taken:
            found.extend(taken)
            kept += [text[last:match.start()], " " * (match.end() - match.start())]
            last = match.end()
    return "".join(kept) + text[last:]


# the first day of a range written with one month ("15–21 липня", "3-7 March", "з 15 по 21 липня", "du 3 au 7
# mars"): a day before a dash, or a short word of a range, before a date
RANGE_WORDS = r"(?:to|till|until|through|bis|à|au|al|a|do|po|až|tot|til|và|hingga|sampai|по|до)"  # "3 to 7", "3 bis 7"
# between the figures of a list or a range that write their unit once ("26 and 41 minutes", "from 27.1 to 34.8 km")
_LIST_JOIN = re.compile(rf"\s*,\s*|\s*–\s*|\s+(?:and|or|und|oder|et|ou|y|o|e|og|eller|och|en|i|lub|и|или|ve|és|"
                        rf"{RANGE_WORDS})\s+", re.IGNORECASE)
_RANGE_START = re.compile(rf"(?<![\w.,:/])(\d{{1,2}})\.?(?:\s?[–-]\s?|\s{RANGE_WORDS}\s)$", re.IGNORECASE)


# the days of a list written with the month of its last ("19 and 20 January", "3, 4 and 5 March", "19 et 20
# janvier"): a day before a word for "and", and the days before it with commas
AND_WORDS = r"(?:and|&|et|und|y|e|i|og|och|en|ja|és|ve|và|и|і|oraz|dan|na)"  # not Tagalog "at", English "at"
_LIST_LAST = re.compile(rf"(?<![\w.,:/])(\d{{1,2}})\.?\s{AND_WORDS}\s$", re.IGNORECASE)
_LIST_MORE = re.compile(r"(?<![\w.,:/])(\d{1,2})\.?,\s$")


def _range_starts(blanked: str, found: list[Value]) -> str:
    """The first days of ranges of days written with the month of their last ("15–21 July" is 15 July to 21 July),
    and the days of a list of them ("19 and 20 January"): read as dates of that month, and blanked. Each day is
    before the next, as a range and a list write them."""
    days = [v for v in found if v.kind == "date" and re.match(r"\d{1,2}(?!\d)", v.text)
            and re.fullmatch(r"(?:\d{4}|-)-\d\d-\d\d", v.key)]
    for value in days:
        after, position = int(value.key[-2:]), value.start
        match = _RANGE_START.search(blanked, max(0, position - 12), position)
        more = None if match is not None else _LIST_MORE  # a range has one start; a list, days before its last
        match = match or _LIST_LAST.search(blanked, max(0, position - 12), position)
        while match is not None and 1 <= int(match.group(1)) < after:
            key = f"{value.key[:-2]}{int(match.group(1)):02d}"
            found.append(Value(match.group(1), "date", key=key, start=match.start(1)))
            blanked = blanked[:match.start(1)] + " " * len(match.group(1)) + blanked[match.end(1):]
            after, position = int(match.group(1)), match.start(1)
            match = more.search(blanked, max(0, position - 12), position) if more is not None else None
    return blanked


# -- quoted tokens and codes ---------------------------------------------------------------------------------
# Not backticks: in a model's prose they mark code (`df.status`), not a value it read.
_QUOTED = re.compile(r'"([^"\n]+)"|“([^”\n]+)”|‘([^’\n]+)’|(?<![\w\'])\'([^\'\n]+)\'(?![\w])')
_TOKEN = re.compile(r"(?<![\w.\-/])[A-Za-z0-9]+(?:[-_/][A-Za-z0-9]+)*(?![\w\-/]|\.\d)")
_NUMBER_WITH_UNIT = re.compile(r"\d+[A-Za-z]{1,3}(?:[-_][A-Za-z]+)*")  # 3rd, 12ms, 5GB, 2nd-largest: numbers
# After a magnitude word: no letter of a word, unless the script writes no spaces between words (万円: ten thousand
# yen; ล้านบาท: million baht): Chinese, Japanese, Thai, Lao, Myanmar, Khmer
_CJK_END = r"(?![^\W\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff])"
# a fiscal or a school year written as two ("FY 2024-25", "2023/24"): one span, read as its first year; "2011-12"
# is left to the dates (December 2011)
_YEAR_PAIR = re.compile(r"(?<![\w.,/-])((?:19|20)(\d\d))[-–/](\d\d)(?![\w/-]|[.,]\d)")


def _first_year(match: re.Match[str]) -> str:
    first, short, second = match.groups()
    if (int(short) + 1) % 100 != int(second) or int(second) <= 12:
        return match.group(0)
    return first + " " * (len(match.group(0)) - len(first))


# a month without a year in the CJK signs ("6月", "6 月", "6월"): a month's name, no figure (after the dates took
# those with a day or a year)
_CJK_MONTH = re.compile(r"(?<![\d.])\d{1,2}\s?[월月](?!\s?\d)")


@functools.cache
def _numbered_month() -> re.Pattern[str]:
    """A month a locale names by its number ("tháng 6", "thg 6"): without its year, a month's name, no figure."""
    words = localedata.alternation(localedata.numbered_month_words())
    return re.compile(r"(?<![\w])(?:" + words + r")\.?\s?(?P<numbered_month>\d{1,2})(?!\d)", re.IGNORECASE)
_ZONE_OFFSET = re.compile(r"\b(?:UTC|GMT)\s?[+-]\d{1,2}(?::?\d{2})?(?!\d)")
# a time of day: 14:02, 14:02:11.5, and the French 18h30 (keyed 18:30, as the colon writes it)
# a time of day, also with ISO 8601's "Z" for UTC right after it ("07:41Z", as GPX tracks and ISO stamps write it)
CLOCK = re.compile(r"\b\d{1,2}(?::|h(?=\d{2}\b))\d{2}(?::\d{2}(?:\.\d+)?)?(?:\b|(?=Z\b))")
# a time of day with the half of the day, as US stamps write it: "9:12:03 PM" is 21:12:03
# (a.m. with its dots, AM, or a bare lowercase am / pm not before a capital: German "12:15 am Freitag" is "on")
_CLOCK_HALF = re.compile(CLOCK.pattern + r"(?:\s?(?:(?P<half>[AaPp])\.[Mm]\.|(?P<upper>[AP])M\b|"
                         r"(?P<lower>[ap])m\b(?!\s+[A-ZÄÖÜ])))?")


def _clock(match: re.Match[str]) -> list[Value]:
    """A time of day, keyed on a 24-hour clock (``18h30`` as 18:30, ``9:12 PM`` as 21:12)."""
    key = CLOCK.match(match.group(0)).group(0).replace("h", ":")  # type: ignore[union-attr]
    half = (match.group("half") or match.group("upper") or match.group("lower") or "").lower()
    hours, rest = key.split(":", 1)
    if half and 1 <= int(hours) <= 12:
        key = f"{int(hours) % 12 + (12 if half == 'p' else 0):02d}:{rest}"
    return [Value(match.group(0), "token", key=key, start=match.start())]


def clock_in(value: Value, text: str) -> str | None:
    """The 24-hour key of the time of day a value writes: a clock's own, or the time a date stamp carries
    ("5/6/2024 8:12:36 AM", with the half-day written after it in ``text``); None when it writes none."""
    if value.kind == "token" and CLOCK.fullmatch(value.key):
        return value.key
    inner = CLOCK.search(value.text) if value.kind == "date" else None
    if inner is None:
        return None
    match = _CLOCK_HALF.match(text.translate(NATIVE_DIGITS), value.start + inner.start())
    return _clock(match)[0].key if match is not None else None


def clock_seconds(key: str) -> Decimal:
    """The seconds a clock key counts ("14:02", "07:03:11.412"): since midnight for a time of day, the length of an
    h:mm:ss duration."""
    parts = [Decimal(part) for part in key.split(":")]
    return parts[0] * 3600 + parts[1] * 60 + (parts[2] if len(parts) > 2 else Decimal(0))


# an IPv4 address is a code, not four numbers: four octets up to 255 (9.470.373.517,24 is a continental figure)
_OCTET = r"(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)"
ADDRESS = re.compile(r"(?<![\w.])" + _OCTET + r"(?:\." + _OCTET + r"){3}(?::\d+)?(?![\w]|[.,]\d)"
                     r"(?!\s?(?:[€$£¥₽₩₴฿]|[A-Z]{3}\b))")  # "1.200.100.250 €" is an amount


def _quoted(match: re.Match[str]) -> list[Value]:
    inner = next(group for group in match.groups() if group is not None).strip()
    if not inner or len(inner) > MAX_QUOTED_CHARS or len(inner.split()) > MAX_QUOTED_WORDS:
        return []
    start = match.start() + match.group(0).index(inner)
    inside = [_moved(v, start) for v in values(inner)]
    return inside or [Value(inner, "token", key=token_key(inner), start=start)]  # "ERR-42" a code, "1,234" a number


def _moved(value: Value, by: int) -> Value:
    return dataclasses.replace(value, start=value.start + by)


def is_year(value: Value) -> bool:
    """A year written as one ("in 2024"): the time a figure is about, not a figure of the data."""
    return value.kind == "number" and re.fullmatch(r"(?:19|20)\d\d", value.text) is not None


def is_era_year(text: str) -> bool:
    """A year of the Buddhist era as Thai records write one (2400 to 2700: 1857 to 2157 of the common era)."""
    return text.isdigit() and len(text) == 4 and 2400 <= int(text) <= 2700


def token_key(text: str) -> str:
    """A token as compared: lower case, with ``_``, ``-`` and spaces one separator ("payment failed" is
    ``payment_failed``: a readable label for a printed one)."""
    return re.sub(r"[\s_\-]+", " ", text.lower()).strip()


def _glued_amount(token: str, after: str = "") -> bool:
    """An amount written right after its currency's symbol of letters, in a money's shape: three digits or more, or
    grouped or with decimals ("RM250,000", "Ksh92,600", "R740"; not "R2", "RM3", "Rs5", a room's or a model's name)."""
    glued = re.fullmatch(r"([A-Za-z]+)(\d+)", token)
    return glued is not None and glued.group(1) in localedata.currency_symbols(CURRENCIES) and (
        len(glued.group(2)) >= 3 or re.match(r"[.,]\d", after) is not None)


def _code(match: re.Match[str]) -> list[Value]:
    token = match.group(0)
    if _glued_amount(token, match.string[match.end():]):
        return []
    return [Value(token, "token", key=token_key(token), start=match.start())] if is_code(token) else []


def is_code(token: str) -> bool:
    """A code mixes letters and digits and is marked as one: CAPITALS (ERR-42, KSE/24-25/0205), ``_`` (user_42), or
    a1b2; not ``3rd`` or ``12ms`` (numbers), nor ``web-1`` (a name and a number), nor ``under-5s``."""
    if len(token) < 3 or not re.search(r"\d", token) or not re.search(r"[A-Za-z]", token):
        return False
    if _NUMBER_WITH_UNIT.fullmatch(token):
        return False
    if _glued_amount(token):
        return False
    parts = re.split(r"[-_/]", token)
    if "/" in token:  # a number joined by slashes is a code only with a name in capitals and a bare number in it
        # (KSE/24-25/0205); units per unit are not (m3/s, kWh/m2, L/100km), nor a date (no letters)
        return any(p.isalpha() and p.isupper() and len(p) > 1 for p in parts) and any(p.isdigit() for p in parts)
    # a number in the plural is an age band's or a decade's ("under-5s", "over-60s", "mid-1990s"), no code's part
    return ("_" in token or any(part.isalpha() and part.isupper() for part in parts)
            or any(bool(re.search(r"[A-Za-z]", part) and re.search(r"\d", part)) and not re.fullmatch(r"\d+s", part)
                   for part in parts))


# parts joined by - or _, or by / as an invoice's or a case's number is ("KSE/24-25/0205"; a date has no letter)
CODE_TOKEN = re.compile(r"(?<![\w.\-/])[A-Za-z0-9]+(?:[-_/][A-Za-z0-9]+)+(?![\w\-/]|\.\d)")


# -- numbers --------------------------------------------------------------------------------------------------
# Where a number is written: digits grouped by , . ' or a (no-break) space, a decimal part, an exponent; then what
# follows it. A plain space groups digits only before a decimal comma or a currency ("12 345 ₽"; "in 2023 300
# orders" and "3 500 ml bottles" are two).
_GROUPED = r"\d{1,3}(?:(?P<sep>[,.'\u00a0\u202f])\d{3})(?:(?P=sep)\d{3})*(?![\d])"
_INDIAN = r"\d{1,2}(?:,\d{2})+,\d{3}(?![\d])"  # 12,34,567: lakh grouping
_SPACED = r"\d{1,3}(?: \d{3})+"
_LIST = re.compile(r"\d+(?:,\d+){2,}")  # 1,2,3 is three numbers; 1,234,567 is one
_HEDGE = re.compile(r"(?:about|around|roughly|approx(?:imately|\.)?|nearly|almost|some|over|under|more than|"
                    r"less than|close to|circa|ca\.|environ|etwa|rund|unos|aproximadamente|ongeveer|bijna|ruim|"
                    r"zo['’]n|~|≈)\s*"
                    # a currency code between: "roughly CHF 4,800", "roughly CA$327,000" (not "some of 50")
                    r"(?:[$€£¥]|(?-i:[A-Z]{2,3})\b)?\s*\Z",
                    re.IGNORECASE)


def _grouped(text: str) -> bool:
    """1,234,567 and 12,34,567 (lakh) are one number each; 1,2,3 is a list."""
    return all(len(group) == 3 for group in text.split(",")[1:]) or re.fullmatch(_INDIAN, text) is not None


@functools.cache
def _number_pattern() -> re.Pattern[str]:
    """The number scanner, with CLDR's percent, magnitude and unit words after the digits (and the magnitude words
    a locale writes before them, not before a year: Italian's "milioni" is also a plural)."""
    percent = localedata.alternation(localedata.percent_words())
    scales = localedata.scale_words()
    long_scales = localedata.alternation(w for w in scales if len(w) > 1)
    words = localedata.unit_words()
    # a one-letter magnitude that is also a unit is the unit ("80.12 t" is tonnes); "T" stays a trillion
    short_scales = localedata.alternation(w for w in scales if len(w) == 1 and (w not in words or w.isupper()))
    # a unit word of three letters or more in any case ("Minuten", a German noun); shorter ones as written (m, s)
    units = (f"(?i:{localedata.alternation(w for w in words if len(w) > 2)})|"
             f"{localedata.alternation(w for w in words if len(w) <= 2)}")
    symbols = r"(?<![A-Za-z])(?:" + localedata.alternation(localedata.currency_symbols(CURRENCIES)) + ")"
    end = r"(?![\w=])"  # nor the key of the next reading ("SG=1.008 T=78.6F": T names a temperature)
    leading = localedata.alternation(localedata.leading_scale_words())
    return re.compile(
        # a minus may be an en dash set before the digits after a space ("–12,5 %", as Czech, Swedish or Finnish
        # typeset it); after a figure or a sign it is a range ("10–12", "64%–78%"), between spaces a clause's dash
        r"(?:(?<![\w.,])(?P<sign>[-−+]|(?<![^\s(\[])–)(?=[$€£¥]?\d))?(?:(?P<currency>" + symbols + r"|[$€£¥])\s?)?"
        # "Sh milioni 1.62": a magnitude before its digits, not before a year ("in milioni 2024")
        r"(?:(?<!\w)(?P<leading>(?i:" + leading + r"))[\s\u00a0](?=\d)(?!(?:19|20)\d\d(?![\d.,]\d)))?"
        # (digits right after a symbol of letters too: "RM96,172.37", see ``is_code``)
        r"(?(currency)|(?<![A-Za-z0-9_.]))(?P<digits>" + _SPACED + r"(?=,\d|\s?(?:" + symbols
        + "|" + "|".join(CURRENCIES) + r"|kr)(?![^\W\d_]))|" + _INDIAN + "|" + _GROUPED + r"|\d+)"
        r"(?P<fraction>\.\d+|,\d+(?![,\d])|(?<=\d\d),\d+(?=,\s))?(?P<exponent>[eE][-+]?\d+)?"
        r"(?:\s?(?P<percent>" + percent + r")(?:(?<=[%٪％])|" + end + "))?"  # "約47%にあたります": a sign, no word
        r"(?:[\s\u00a0\u202f]?(?P<scale>(?i:" + long_scales + r")|" + short_scales + r")" + _CJK_END
        + r"(?!=|[<>→][^\W\d_]))?"  # nor a letter a change starts from ("118576703 T>G": a base)
        # a unit, before a word of a script written without spaces too ("2,940トンを", "149,910リットルです")
        r"(?:\s?(?P<unit>" + units + r")" + _CJK_END + "(?!=))?"
        r"(?:[\s\u00a0]?(?P<code>" + symbols + r"|€|£|\$|" + "|".join(CURRENCIES) + r")(?![A-Za-z]))?",
    )


def _number(match: re.Match[str]) -> list[Value]:
    """A number with every reading its writing allows: ``1.234`` is 1.234 or (German) 1234, ``13 402,75``
    is 13402.75, ``12.5%`` is 12.5 or 0.125, ``1,2 Mio.`` 1,200,000, and after "about" trailing zeros round."""
    symbol = match.group("currency") or ""
    rest = match.string[match.start("digits"):]
    if symbol.isalpha() and match.start("digits") == match.end("currency") and not _glued_amount(
            symbol + re.sub(r"\D.*", "", rest), rest.lstrip("0123456789")):
        return []  # "R2 = 0.93" names a statistic, "RM3" a room; "R740", "RM96,172.37" are money (``_glued_amount``)
    hedged = bool(_HEDGE.search(match.string[max(0, match.start() - 24):match.start()]))
    sign_text = match.group("sign") or ""
    sign = -1 if sign_text in ("-", "−", "–") else 1 if sign_text == "+" else 0
    readings: list[Reading] = []
    scale, unit_word = match.group("scale") or match.group("leading"), match.group("unit")
    known = localedata.unit_words()
    text = match.group(0).strip()
    last = unit_word or (match.group("scale") if not match.group("code") else None)
    if last and last.endswith(".") and last[:-1] in known and _SENTENCE_END.match(match.string, match.end()):
        # "… to 1,527 t. Frøya": the sentence's full stop after a unit (tonnes), not the Norwegian "t." of hours
        # nor the Danish "t." of thousands
        scale, unit_word, text = (None if last == scale else scale), last[:-1], text.removesuffix(".")
    if not scale and unit_word == "m" and (match.group("currency") or match.group("code") or _CODE_BEFORE.search(
            match.string, max(0, match.start() - 5), match.start())):
        scale, unit_word = "M", None  # "GH₵1.18m", "$3m", "3m EUR", "EUR 3m": an amount in money has no length;
        # financial writing's million
    for number, tolerance in _decimals(match, hedged):
        if not scale:  # "1,2 Mio.", "1,801,804万": the magnitude is the reading, the digits alone are not the figure
            readings.append(Reading(number, tolerance, "hedged" if hedged else "as written"))
        if match.group("percent"):
            readings.append(Reading(number / 100, tolerance / 100, "percent"))
        if scale:
            words = localedata.scale_words()
            for power in words.get(scale, words.get(scale.lower(), ())):
                factor = Decimal(10) ** power
                readings.append(Reading(number * factor, tolerance * factor, "magnitude"))
    if not readings:
        return []
    if scale in known:  # "38,395.8 L": a capital that is a magnitude (lakh) and a unit (litres) is read as both
        readings.extend(Reading(number, tolerance, "hedged" if hedged else "as written")
                        for number, tolerance in _decimals(match, hedged))
        unit_word = unit_word or scale
    unit = None
    if unit_word and not _PER_UNIT.match(match.string, match.end()):  # "13.7 km/h", "5 m per second": a rate
        unit = known.get(unit_word) or known.get(unit_word.lower())
    start = match.start() + (len(match.group(0)) - len(match.group(0).lstrip()))
    written = match.group("currency") or match.group("code") or ""
    currency = _SYMBOLS.get(written) or localedata.currency_symbols(CURRENCIES).get(written, written.upper())
    return [Value(text, "number", tuple(readings), start=start, sign=sign, unit=unit, currency=currency)]


_PER_UNIT = re.compile(r"\s?/\s?[^\W\d_]|\s+(?:per|pro|par|je|por)\s+(?!\d)[^\W\d_]", re.IGNORECASE)
_SENTENCE_END = re.compile(r"\s*(?:\Z|\s[^\W\d_](?<=[A-ZÀ-ÞА-ЯΑ-Ω]))|\)")


def _decimals(match: re.Match[str], hedged: bool) -> list[tuple[Decimal, Decimal]]:
    return _readings_of(match.group("digits") + (match.group("fraction") or ""), match.group("exponent") or "", hedged)


@functools.lru_cache(maxsize=4096)
def _readings_of(written: str, exponent: str, hedged: bool) -> list[tuple[Decimal, Decimal]]:
    """Each reading of the written digits (Babel's ``parse_decimal`` in each grouping), with half a unit of the
    last written digit as its tolerance; after a hedge ("about 560"), trailing zeros are rounding, not digits."""
    from babel.numbers import NumberFormatError, parse_decimal

    found: dict[Decimal, Decimal] = {}
    for locale, group in _number_locales():
        try:
            number = parse_decimal(_spaces_as_group(written, group), locale=locale, strict=True)
        except (NumberFormatError, InvalidOperation, ValueError):
            continue
        places = max(-int(number.as_tuple().exponent), 0)
        unit = Decimal(10) ** -places
        if hedged and not places:
            digits = str(number)
            unit = Decimal(10) ** (len(digits) - len(digits.rstrip("0")))
        scale = Decimal(10) ** int(exponent[1:]) if exponent else Decimal(1)
        found.setdefault(number * scale, unit / 2 * scale)
    return list(found.items())


@functools.cache
def _number_locales() -> tuple[tuple[Any, str], ...]:
    """Babel's locales of ``NUMBER_LOCALES`` with their group symbols, parsed once."""
    from babel import Locale
    from babel.numbers import get_group_symbol

    return tuple((Locale.parse(code), get_group_symbol(code)) for code in NUMBER_LOCALES)


def _spaces_as_group(text: str, group: str) -> str:
    """Any space between digit groups as the locale's own group symbol (a plain space, a no-break space, a
    narrow one: people type any of them), so Babel reads "13 402,75" in French."""
    return re.sub(r"(?<=\d)[ \u00a0\u202f](?=\d{3})", group, text) if group.isspace() else text


# -- dates ----------------------------------------------------------------------------------------------------
_ZONE = r"(?:\s?(?:[+-]\d{2}:?\d{2}|Z|UTC|GMT))?"
_TIME = r"(?:(?:[T ]|:)\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?" + _ZONE + ")?"


@functools.cache
def date_patterns() -> tuple[re.Pattern[str], ...]:
    """Where dates are written: digits in the common orders, or a day and a CLDR month name, year optional.

    The scan only says where a date may be and which parts it wrote; dateparser reads it (``_parsed``).
    Every month name with a year; without one, only whole names and English abbreviations (``Mar 5``):
    "set 5" is not an Italian September.
    """
    months = localedata.month_names()
    any_month = localedata.alternation(months)
    bare = localedata.alternation(name for name, pairs in months.items()
                                  if len(name) > 4 or any(code == "en" for code, _ in pairs))
    # a weekday may lead; one of two letters ("Di", "to") only with its dot or comma: bare, it is a word ("to 3 May")
    names = localedata.weekday_names()
    named = (r"(?P<weekday>(?:" + localedata.alternation(n for n in names if len(n) > 2) + r")\.?,?\s+|(?:"
             + localedata.alternation(n for n in names if len(n) <= 2) + r")[.,]\s*)")
    weekday = named + "?"
    capitalised = (r"(?P<weekday>(?:" + localedata.alternation(n[0].upper() + n[1:] for n in names if len(n) > 2
                                                                if n[0].isalpha()) + r")\.?,?\s+)")
    day = r"(?P<day>\d{1,2})(?:st|nd|rd|th|er|º)?"
    day_dot = r"(?P<day>\d{1,2})(?:st|nd|rd|th|er|º|\.)?"  # 5. März
    year = r"(?P<year>\d{4})"
    clock = _TIME.replace("(?:[T ]|:)", r"\s")  # Tue Mar 5 14:02:11 2024: the time between the day and the year
    return (
        # 2024-03-05, 2024/3/5, 2024-03-05T14:02:11Z
        re.compile(r"(?<![\w.])(?P<iso>\d{4}[-/]\d{1,2}[-/]\d{1,2})" + _TIME + r"(?![\w])"),
        # 10/Oct/2024:13:55:36 +0000 (web server logs), 5-Mar-2024
        re.compile(r"(?<![\w.])" + day + r"[/\-](?P<month>" + any_month + r")\.?[/\-]" + year + _TIME + r"(?![\w])",
                   re.IGNORECASE),
        # Tue Mar 5 14:02:11 2024 (version-control logs), March 5, 2024, March 5th; not the "March 18" of
        # "16 March 18:00" (a clock) nor the "June 26" of "June 26,853 lb" (a grouped figure)
        re.compile(r"(?<![\w])" + weekday + r"(?P<month>" + bare + r")\.?\s+" + day
                   + r"(?:,?" + clock + r")?(?:,?\s+" + year + _ZONE + r")?(?![\w]|[:,]\d)", re.IGNORECASE),
        re.compile(r"(?<![\w])" + weekday + r"(?P<month>" + any_month + r")\.?\s+" + day + r",?\s+" + year
                   + r"(?![\w])", re.IGNORECASE),
        # 5 March 2024, 5. März 2024, le 5 mars, 5th of March
        re.compile(r"(?<![\w])" + weekday + day_dot + r"\s+(?:of\s+|de\s+)?(?P<month>" + bare + r")\.?"
                   r"(?:,?\s+(?:de\s+)?" + year + r")?(?![\w])", re.IGNORECASE),
        re.compile(r"(?<![\w])" + weekday + day_dot + r"\s+(?:of\s+|de\s+)?(?P<month>" + any_month + r")\.?"
                   r",?\s+(?:de\s+)?" + year + r"(?![\w])", re.IGNORECASE),
        # 12AUG24, as airline and mainframe logs write a day: its capital month fixes the order of the digits
        re.compile(r"(?<![\w])(?P<day>\d{2})(?P<month>JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)"
                   r"(?P<year>\d{2})(?![\w])"),
        # 05.03.2024, 05/03/2024; 29/3/24 (its 29 is the day: M-Pesa's and many phones' messages write their days
        # so), and 7/3/24 as either day, 7 March or 3 July, as 03/05/2024 is
        re.compile(r"(?<![\w.])(?P<numeric>\d{1,2}[./-]\d{1,2}[./-]\d{4})" + _TIME + r"(?![\w])"),
        re.compile(r"(?<![\w./-])(?P<short_numeric>\d{1,2}/\d{1,2}/\d{2})(?![\w/]|[.,]\d)"),
        # Wed 11/12, Sun 24.11. (a log's day without its year): only after a weekday's name written with its
        # capital, as "11/12" alone is as often a fraction or a score ("min 1.2", "per 1.5 kg" are no days), and
        # with a slash or the dots of both parts; its order and its year are the weekday's to tell (``printed.Shown``)
        re.compile(r"(?<![\w])" + capitalised + r"(?P<day_month>\d{1,2}/\d{1,2}|\d{1,2}\.\d{1,2}\.)"
                   r"(?![\w]|[./-]\d)"),
        # 18.I.2025, 17-II-2025: a month in Roman numerals, as Polish, Slovak and Czech registers write a day
        re.compile(r"(?<![\w.])(?P<day>\d{1,2})(?P<join>[./-])\s?(?P<roman>" + "|".join(sorted(ROMAN_MONTHS, key=len,
                   reverse=True)) + r")(?P=join)\s?" + year + r"(?![\w]|[.,]\d)"),
        # 2024. 3. 5. (Korean, Hungarian: the year first, each part closed by a dot); 2024年3月5日, 3월 5일 (the
        # Chinese, Japanese and Korean signs for year, month and day)
        re.compile(r"(?<![\w.])(?P<ymd>\d{4})\.\s?(?P<m>\d{1,2})\.\s?(?P<d>\d{1,2})\.(?!\d)"),
        # 7. 3. 2024 (Czech and Slovak: the day first, each part closed by a dot and a space; 05.03.2024, without the
        # spaces, is ``numeric`` above)
        re.compile(r"(?<![\w.])(?P<d>\d{1,2})\.\s(?P<m>\d{1,2})\.\s?(?P<ymd>\d{4})(?![\w]|[.,]\d)"),
        re.compile(r"(?<!\d)(?:(?P<ymd>\d{4})\s?[년年]\s?)?(?P<m>\d{1,2})\s?[월月]\s?(?P<d>\d{1,2})\s?[일日]"),
        re.compile(r"(?<!\d)(?P<cjk_year>\d{4})\s?[년年]\s?(?P<cjk_month>\d{1,2})\s?[월月](?!\s?\d)"),  # 2024年3月
        # 2024-03, as pandas prints a month (a Period, a strftime('%Y-%m') label): a month
        re.compile(r"(?<![\w.\-/])(?P<ym>\d{4}-(?:0[1-9]|1[0-2]))(?![\w\-/]|\.\d)"),
        # March 2024, mars 2024: a month
        re.compile(r"(?<![\w])(?P<month>" + any_month + r")\.?\s+" + year + r"(?![\w])", re.IGNORECASE),
        # tháng 6 năm 2024, thg 6, 2024: a month a locale names by its number, with its year
        re.compile(_numbered_month().pattern + r"(?:\s+[^\W\d]{1,5})?,?\s+(?P<numbered_year>(?:19|20)\d\d)(?![\d.,])",
                   re.IGNORECASE),
    ) if bare else ()


def _date(match: re.Match[str]) -> list[Value]:
    keys = date_keys(match)
    if not keys:
        return []
    return [Value(match.group(0), "date", key=keys[0], start=match.start(), alternatives=tuple(keys[1:]))]


def date_keys(match: re.Match[str]) -> list[str]:
    """The ISO keys a date match can be: one, or two for 03/05/2024 (March or May); none if it is no date. A year
    of the Buddhist era (Thailand's: 2567 is 2024) is also read as the common era's."""
    keys = _date_keys(match)
    return keys + [f"{int(key[:4]) - BUDDHIST_ERA:04d}{key[4:]}" for key in keys if is_era_year(key[:4])]


# A day written as eight digits, as logs and Chinese spreadsheets keep it (20240305); read in outputs only, where a
# column of them is a column of days (an answer writes its days for people)
COMPACT_DATE = re.compile(r"(?<![\w.,])(?P<ymd>(?:19|20)\d\d)(?P<m>0[1-9]|1[0-2])(?P<d>0[1-9]|[12]\d|3[01])(?![\w.,])")


BUDDHIST_ERA = 543  # years the Thai solar calendar counts ahead of the common era
ROMAN_MONTHS = {numeral: month for month, numeral in enumerate(
    ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII"), 1)}


def _date_keys(match: re.Match[str]) -> list[str]:
    parts = {k: v for k, v in match.groupdict().items() if v}
    if "iso" in parts:
        found = _parsed(parts["iso"].replace("/", "-"), ("en",), "YMD")
        return [found] if found else []
    if "ym" in parts:
        return [parts["ym"]]
    if "cjk_month" in parts or "numbered_month" in parts:
        month = int(parts.get("cjk_month") or parts["numbered_month"])
        year = int(parts.get("cjk_year") or parts["numbered_year"])
        return [f"{year:04d}-{month:02d}"] if 1 <= month <= 12 else []
    if "roman" in parts:
        number, month = int(parts["day"]), ROMAN_MONTHS[parts["roman"]]
        return [f"{int(parts['year']):04d}-{month:02d}-{number:02d}"] if _is_day_of_month(number, month) else []
    if "m" in parts:
        try:
            day = _dt.date(int(parts.get("ymd", "2000")), int(parts["m"]), int(parts["d"]))
        except ValueError:
            return []
        return [day.isoformat() if "ymd" in parts else "--" + day.isoformat()[5:]]
    if "day_month" in parts:  # both orders, without a year ("--12-11" and "--11-12"), each that is a date
        first, second = (int(n) for n in re.split(r"[./]", parts["day_month"].rstrip(".")))
        return list(dict.fromkeys(f"--{month:02d}-{day:02d}" for day, month in ((first, second), (second, first))
                                  if _is_day_of_month(day, month)))
    if "short_numeric" in parts:
        first, second, short = (int(n) for n in parts["short_numeric"].split("/"))
        orders = [(first, second)] if first > 12 else [(second, first)] if second > 12 else [(first, second),
                                                                                           (second, first)]
        year = 2000 + short if short < 70 else 1900 + short  # "15/08/97" is 1997
        return [f"{year:04d}-{month:02d}-{day:02d}" for day, month in orders if _is_day_of_month(day, month)]
    if "numeric" in parts:
        text = parts["numeric"]
        if "." in text:  # 03.09.2024: dots write the day first (de, fr-CH, ru, the Nordics...), never the month
            return [k] if (k := _parsed(text, ("en",), "DMY")) else []
        return list(dict.fromkeys(k for k in (_parsed(text, ("en",), "DMY"), _parsed(text, ("en",), "MDY")) if k))
    month_word = parts.get("month", "").lower().rstrip(".")
    languages = tuple(sorted({code for code, _ in localedata.month_names().get(month_word, ())})) or ("en",)
    has_year = "year" in parts
    if "day" not in parts:  # a month of a year
        found = _parsed(f"1 {parts['month']} {parts['year']}", languages, "DMY")
        return [found[:7]] if found else []
    text = f"{int(parts['day'])} {parts['month']} {parts.get('year', '2000')}"  # 2000: a leap year, Feb 29 reads
    found = _parsed(text, languages, "DMY")
    if not found:
        return []
    return [found if has_year else "--" + found[5:]]


def _is_day_of_month(day: int, month: int) -> bool:
    try:
        _dt.date(2000, month, day)  # 2000: a leap year, so 29/2 is a date
    except ValueError:
        return False
    return True


@functools.lru_cache(maxsize=4096)
def _parsed(text: str, languages: tuple[str, ...], order: str) -> str | None:
    """dateparser's reading of one date, as ISO; None when it reads none. Cached: a log repeats its days."""
    import dateparser

    when = dateparser.parse(text, languages=list(languages),
                            settings={"DATE_ORDER": order, "PREFER_DAY_OF_MONTH": "first", "STRICT_PARSING": False,
                                      "RETURN_AS_TIMEZONE_AWARE": False, "REQUIRE_PARTS": ["month", "year"]})
    return when.date().isoformat() if isinstance(when, _dt.datetime) else None


def date_of(key: str) -> _dt.date | None:
    """The calendar date of a full key ("2024-03-05"); None for a month or a date without a year."""
    try:
        return _dt.date.fromisoformat(key)
    except ValueError:
        return None


def same_date(answer_key: str, shown_key: str) -> str | None:
    """How a date of the answer matches one that was shown: "exact", "loose" (no year, or a month of it), or None."""
    if answer_key == shown_key:
        return "exact"
    if answer_key.startswith("--") and shown_key[4:] == answer_key[1:]:
        return "loose"  # "5 March" for 2024-03-05
    if len(answer_key) == 7 and shown_key[:7] == answer_key:
        return "loose"  # "March 2024" for a day of it
    return None


def printed_number(text: str) -> Decimal | None:
    """A number as code prints it (``12,345.50``, ``-7``, ``45.2%`` read as 45.2): the value, or None."""
    plain = text.strip().replace(",", "").rstrip("%").lstrip("$€£¥").replace("−", "-")
    try:
        return Decimal(plain)
    except InvalidOperation:
        return None
