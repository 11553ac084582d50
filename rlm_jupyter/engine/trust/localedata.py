"""The words numbers and dates are written with, in many languages, read from CLDR (through Babel), not kept by hand.

Why a library's data: an answer says "1,2 Mio. €", "3,4 k", "12 mil", "5 lakh", "17 pour cent", "le 5 mars",
"5. März" or "2 Stunden"; a hand-kept list covers the languages its author tried and misses the next one.
CLDR is the Unicode consortium's locale data, which Babel ships and keeps current: the compact number
patterns give every abbreviation of thousands and millions with its power of ten, the unit data the words of
percent, durations and data sizes, and the calendar data the month and weekday names.

Everything here is built once, on the first answer that needs it, and only then: Babel is imported inside the
functions, so a run that never checks an answer never loads it (``tests/test_package.py`` checks the import).
"""
from __future__ import annotations

import datetime as _dt
import functools
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from decimal import Decimal

# The languages an answer is read in: the most used in data work, each with its own way to group digits and
# abbreviate magnitudes (en_IN: lakh and crore; de_CH: 1'234.5; fr and sv: a space before the decimal comma).
LOCALES: tuple[str, ...] = ("en", "en_IN", "de", "de_CH", "fr", "es", "it", "pt", "nl", "sv", "da", "nb", "fi",
                            "pl", "cs", "ru", "uk", "tr", "ar", "th", "ja", "zh", "ko", "id", "vi", "hu", "ro", "el",
                            "he", "hi", "sk", "hr", "sl", "bg", "lt", "lv", "et", "ca", "fa", "ms", "sw", "af",
                            "en_ZA", "sw_KE", "is", "fil", "cy", "bn")
# Units whose values convert into each other, each with its factor to the dimension's base (seconds, bytes).
DURATIONS: dict[str, Decimal] = {"duration-nanosecond": Decimal("1e-9"), "duration-microsecond": Decimal("1e-6"),
                                 "duration-millisecond": Decimal("0.001"), "duration-second": Decimal(1),
                                 "duration-minute": Decimal(60), "duration-hour": Decimal(3600),
                                 "duration-day": Decimal(86400), "duration-week": Decimal(604800)}
SIZES: dict[str, Decimal] = {"digital-byte": Decimal(1), "digital-kilobyte": Decimal(10) ** 3,
                             "digital-megabyte": Decimal(10) ** 6, "digital-gigabyte": Decimal(10) ** 9,
                             "digital-terabyte": Decimal(10) ** 12}
ENERGY: dict[str, Decimal] = {"energy-kilowatt-hour": Decimal(1000), "energy-joule": Decimal(1) / 3600}
MASS: dict[str, Decimal] = {"mass-gram": Decimal(1), "mass-kilogram": Decimal(1000), "mass-tonne": Decimal(10) ** 6,
                            "mass-pound": Decimal("453.59237"), "mass-ounce": Decimal("28.349523125")}
# Volumes in litres: a tank's, a harvest's or a meter's litres written as m³ or hectolitres. Gallons are left out:
# CLDR's "gal" is the US gallon, and a British answer's gallon is another (an ambiguous word is no conversion).
VOLUME: dict[str, Decimal] = {"volume-milliliter": Decimal("0.001"), "volume-centiliter": Decimal("0.01"),
                              "volume-deciliter": Decimal("0.1"), "volume-liter": Decimal(1),
                              "volume-hectoliter": Decimal(100), "volume-cubic-centimeter": Decimal("0.001"),
                              "volume-cubic-meter": Decimal(1000)}
# Lengths in metres and frequencies in hertz: a trip's kilometres, a log's nautical miles, a radio's kHz and MHz.
# Inches and yards are left out ("in" and "yd" after a figure are more often words than units), and nanometres (a
# sailor's "nm" is nautical miles: ``UNLISTED_UNITS``).
LENGTH: dict[str, Decimal] = {"length-millimeter": Decimal("0.001"), "length-centimeter": Decimal("0.01"),
                              "length-meter": Decimal(1), "length-kilometer": Decimal(1000),
                              "length-mile": Decimal("1609.344"), "length-foot": Decimal("0.3048"),
                              "length-nautical-mile": Decimal(1852)}
FREQUENCY: dict[str, Decimal] = {"frequency-hertz": Decimal(1), "frequency-kilohertz": Decimal(10) ** 3,
                                 "frequency-megahertz": Decimal(10) ** 6, "frequency-gigahertz": Decimal(10) ** 9}
# Speeds in metres per second: a weather report's knots, an anemometer's m/s, a ride's km/h and mph. Each is read
# as the rate it is ("65 km/h" is a speed, not 65 km), so a figure printed in knots and answered in km/h is seen.
SPEED: dict[str, Decimal] = {"speed-meter-per-second": Decimal(1), "speed-kilometer-per-hour": Decimal(1000) / 3600,
                             "speed-mile-per-hour": Decimal("1609.344") / 3600, "speed-knot": Decimal(1852) / 3600}
# The names code gives a speed's column (``gust_kt``, ``wind_ms``, ``speed_kmh``): a name cannot hold "/", and "ms"
# and "kt" are also milliseconds and (Finnish) kilobytes, so these are read so only beside an answer's speed.
CODE_SPEEDS: dict[str, str] = {"kmh": "speed-kilometer-per-hour", "kph": "speed-kilometer-per-hour",
                               "kmph": "speed-kilometer-per-hour", "ms": "speed-meter-per-second",
                               "mps": "speed-meter-per-second", "mph": "speed-mile-per-hour", "kt": "speed-knot",
                               "kts": "speed-knot", "kn": "speed-knot", "knots": "speed-knot"}
# SI prefixes an energy unit takes (CLDR names kilowatt-hours and joules, not MWh or GJ), and the factors an energy
# figure converts by, in watt-hours: watt-hours' multiples and joules' (a meter counts joules; its reader writes
# kWh or GJ), as DURATIONS and SIZES list theirs.
_ENERGY_PREFIXES = (("", 0), ("k", 3), ("M", 6), ("G", 9), ("T", 12))
ENERGY_STEPS: dict[str, Decimal] = {
    **{f"{p}Wh": Decimal(10) ** n for p, n in _ENERGY_PREFIXES},
    **{f"{p}J": Decimal(10) ** n / 3600 for p, n in _ENERGY_PREFIXES}}
# Each dimension's units, with their factors to its base; energy's CLDR units (kWh, J) take SI prefixes below
UNITS: dict[str, dict[str, Decimal]] = {"duration": DURATIONS, "size": SIZES, "energy": ENERGY, "mass": MASS,
                                        "volume": VOLUME, "length": LENGTH, "frequency": FREQUENCY, "speed": SPEED}
_SAMPLES = (1, 2, 5)  # plural forms: "1 hour", "2 hours"; Slavic languages have a third form for 5


@dataclass(frozen=True)
class Unit:
    """A unit word's meaning: which dimension (``duration``, ``size``) and its factor to that dimension's base."""

    dimension: str
    factor: Decimal


def _strip_pattern(pattern: str) -> str:
    """A CLDR pattern's literal text: quotes removed ("Mio'.'" is "Mio."), digits and spaces trimmed."""
    return re.sub(r"'([^']*)'", r"\1", pattern).replace("0", "").strip(" \u00a0\u202f")


# Unit words in common use that CLDR leaves out: nautical miles as logbooks, charts and aviation write them;
# Vietnamese "giờ", the hour of clocks and of durations alike (CLDR writes durations' "tiếng" only).
UNLISTED_UNITS: dict[str, tuple[str, Decimal]] = {"nm": ("length", Decimal(1852)), "NM": ("length", Decimal(1852)),
                                                  "giờ": ("duration", Decimal(3600))}
# The locales whose one Latin letter magnitudes are read (K, M, B, T; L of Indian English): one letter after a
# figure means too many things across locales (a newton, an exponent) to read another's; 万 and 億 are read
_ONE_LETTER_LOCALES = frozenset({"en", "en_IN"})
# Abbreviations of a magnitude in common business use that CLDR's compact patterns leave out (German writes
# thousands in full there): "69,8 Tsd. €" (Duden's abbreviation of Tausend); the billion and trillion of English
# financial writing ("$1.2bn", "3 bln", "£4trn", and before a sentence's full stop, "3.4 bln."): CLDR's English
# writes B and T, its French "Bn" and Polish "bln." are 10¹² only.
UNLISTED_SCALES: dict[str, int] = {"tsd.": 3, "tsd": 3, "bn": 9, "bln": 9, "trn": 12, "bn.": 9, "bln.": 9,
                                   "trn.": 12}


@functools.cache
def scale_words() -> dict[str, tuple[int, ...]]:
    """Each abbreviation or word of a magnitude (``K``, ``Mio.``, ``mil``, ``lakh``, ``Millionen``) → its powers of ten.

    From CLDR's compact decimal patterns: ``0K`` at 1000 is K = 10³; ``0000 M`` at 10⁹ (Spanish "mil
    millones") is M = 10⁶. A word can mean two magnitudes (French "Bn" is 10¹², English "bn" 10⁹): both are kept,
    as readings, in ``LOCALES`` order. Words of two letters or more are compared without case; one Latin letter as
    CLDR writes it and only as English does (``M`` is a million, not an Indonesian miliar; ``m`` a metre or a
    minute), plus a lower-case ``k``.
    """
    from babel import Locale

    found: dict[str, dict[int, None]] = {}
    for code in LOCALES:
        formats = Locale.parse(code).compact_decimal_formats
        for length in ("short", "long"):
            for patterns in formats.get(length, {}).values():
                for magnitude, pattern in patterns.items():
                    text = pattern.pattern.split(";")[0]
                    word = _strip_pattern(text)
                    if not word or "¤" in word:
                        continue
                    power = len(str(magnitude)) - 1 - (text.count("0") - 1)
                    if len(word.rstrip(".")) <= (2 if word.endswith(".") else 1) and word.isascii() \
                            and code not in _ONE_LETTER_LOCALES:
                        continue  # "M" is a million; an Indonesian miliar, a Vietnamese "N", an Afrikaans "m." would
                        # make it anything
                    if word.lower() in _english_symbols():
                        continue  # Catalan "kM" (milers de milions) is read without case: "km" is a kilometre
                    found.setdefault(word if len(word) == 1 else word.lower(), {})[power] = None
    found.setdefault("k", {})[3] = None
    for word, power in UNLISTED_SCALES.items():  # read first: "$1.2bn" is English's billion before French's 10¹²
        found[word] = {power: None, **found.get(word, {})}
    return {word: tuple(powers) for word, powers in found.items()}


@functools.cache
def leading_scale_words() -> frozenset[str]:
    """The magnitude words CLDR writes before the digits ("milioni 1.62", Swahili's "elfu 3"), lower case.

    Why apart from ``scale_words``: the scanner reads them before a number, where any other magnitude word is text.
    Words of one letter are left out: a letter before a figure names a column or a grade ("M 3")."""
    from babel import Locale

    found: set[str] = set()
    for code in LOCALES:
        for patterns in Locale.parse(code).compact_decimal_formats.get("long", {}).values():
            for pattern in patterns.values():
                text = pattern.pattern.split(";")[0]
                word = _strip_pattern(text[:max(text.find("0"), 0)])
                if len(word) > 1 and "¤" not in word:
                    found.add(word.lower())
    return frozenset(found)


@functools.cache
def written_days(month: int, day: int) -> list[str]:
    """A day of the year as each of ``LOCALES`` writes it with its month in words and without a year (CLDR's
    ``MMMMd`` and ``MMMd`` skeletons: "10 mars", "10. März", "March 10", "Mar 10"). A form in digits only ("10.3.",
    "03-10") is left out: without a year it may be read in either order; so is one whose month is a word of three
    letters or fewer in a script of letters ("Set 5", "10 Mac", "1 mai"): another language's word as often as a
    month."""
    from babel.dates import format_skeleton

    when = _dt.date(2000, month, day)  # a leap year: 29 February is a day too; the year is not written
    return [form for form in dict.fromkeys(format_skeleton(skeleton, when, locale=name) for name in LOCALES
                                           for skeleton in ("MMMMd", "MMMd"))
            if re.search(r"[^\W\d_]", form) and not re.search(r"(?<![^\W\d_])[a-zA-Zа-яА-Я]{1,3}\.?(?![^\W\d_])", form)]


@functools.cache
def _english_symbols() -> frozenset[str]:
    """The symbols English writes its units with (``km``, ``kg``, ``MB``), in lower case, of two letters or more."""
    from babel.units import format_unit

    every = {unit for units in UNITS.values() for unit in units}
    return frozenset(word.lower() for unit in every for length in ("short", "narrow")
                     if len(word := _unit_word(format_unit(1, unit, length=length, locale="en"), 1)) > 1)


@functools.cache
def percent_words() -> frozenset[str]:
    """Every way CLDR writes "percent" after a number: ``%``, ``percent``, ``pour cent``, ``Prozent``, ``процентов``."""
    from babel.units import format_unit

    words = {"%"}
    for code in LOCALES:
        for length in ("long", "short", "narrow"):
            for sample in _SAMPLES:
                words.add(_unit_word(format_unit(sample, "percent", length=length, locale=code), sample))
    return frozenset(word.lower() for word in words if word)


@functools.cache
def unit_words() -> dict[str, Unit]:
    """Each word of a duration, a data size, an energy, a mass, a volume, a length or a frequency (``ms``, ``hours``,
    ``Stunden``, ``MB``, ``kWh``, ``GJ``, ``kg``, ``Tonnen``, ``lb``, ``L``, ``m³``, ``km``, ``MHz``) → its ``Unit``.

    Why only these dimensions: they are the conversions an analysis of logs, metrics, meters, weighbridges, trips
    and radios writes in its head (milliseconds to seconds, bytes to megabytes, kWh to MWh, kilograms to tonnes,
    litres to m³, nautical miles to km, kHz to MHz), and each word is unambiguous within them.
    """
    words: dict[str, Unit] = {}
    # locale by locale, in ``LOCALES`` order: a word two locales use for two units is the first locale's ("d" is
    # a day in English, a minute in Turkish)
    for word, unit in _cldr_unit_words():
        words.setdefault(word, unit)
    # CLDR names kilowatt-hours and joules; their other multiples follow the SI prefixes
    for word, factor in ENERGY_STEPS.items():
        words.setdefault(word, Unit("energy", factor))
        if len(word) > 1:  # "J" as written; a lower-case "j" is a day in French ("12 j.")
            words.setdefault(word.lower(), Unit("energy", factor))
    words.setdefault("µs", words.get("μs", Unit("duration", Decimal("1e-6"))))  # the micro sign, not the Greek mu
    for word, (dimension, factor) in UNLISTED_UNITS.items():
        words.setdefault(word, Unit(dimension, factor))
    return words


@functools.cache
def code_unit_words(dimension: str | None = None) -> dict[str, Unit]:
    """``unit_words`` and each one without its accents, as code's names write them in ASCII (``phut``, minutes in
    Vietnamese ``phút``; ``dakika``): for reading the units a column's or a field's name says, not an answer's.
    Beside an answer's ``dimension`` of speed, ``CODE_SPEEDS`` too (``wind_ms`` is then metres per second)."""
    words = unit_words()
    folded = {unaccented(word): unit for word, unit in words.items()}
    found = {**{word: unit for word, unit in folded.items() if word.isascii()}, **words}
    if dimension == "speed":
        found |= {word: Unit("speed", SPEED[unit]) for word, unit in CODE_SPEEDS.items()}
    return found


@functools.lru_cache(maxsize=4096)
def unaccented(word: str) -> str:
    """``word`` without its accents ("prodáno" → "prodano", "phút" → "phut"), as ASCII names and stems compare."""
    import unicodedata

    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


def _cldr_unit_words(locales: Iterable[str] = LOCALES) -> Iterator[tuple[str, Unit]]:
    """Each unit word CLDR writes in ``locales``, with its unit, in the locales' order."""
    from babel.units import format_unit

    scales = scale_words()
    for code in locales:
        for dimension, units in UNITS.items():
            for unit, factor in units.items():
                for length in ("long", "short", "narrow"):
                    for sample in _SAMPLES:
                        word = _unit_word(format_unit(sample, unit, length=length, locale=code), sample)
                        # "#", a narrow pound, marks a number; a length's word that is a magnitude elsewhere is
                        # the magnitude ("18 mil euros": thousands in Spanish, a mile in Polish); of lengths and
                        # frequencies only the symbols and English names (other languages' long names are words:
                        # "stop", "pie", "kaki" are feet)
                        # and a unit of one letter only as English writes it (as for magnitudes): elsewhere one
                        # letter is a word of prose as often ("73 v auguste": Slovak "in", a Swedish week)
                        # of speeds, the rates written with "/" ("km/h", "km/ч") and English's words of three
                        # letters or more: the knots of other locales are words of prose ("nós", "nod"), "nd" an
                        # ordinal's ending, and English's "kn" the sign of the Croatian kuna
                        if word and any(c.isalpha() for c in word) and not (
                                dimension in ("length", "frequency") and (word in scales or word.lower() in scales
                                                                          or (length == "long" and code != "en"))
                        ) and not (dimension == "speed" and "/" not in word and (code != "en" or len(word) < 3)
                        ) and (len(word.rstrip(".")) > 1 or code in _ONE_LETTER_LOCALES):
                            yield word if len(word) <= 2 else word.lower(), Unit(dimension, factor)


@functools.cache
def ambiguous_unit_words() -> frozenset[str]:
    """The unit words that the locale they are read in (the first of ``LOCALES`` to write them, as ``unit_words``
    reads them) writes for units of two dimensions ("m": minutes and metres in English): converting a figure
    written with one to another unit would be a guess. "t" is tonnes in English before it is hours in Norwegian."""
    found: set[str] = set()
    seen: set[str] = set()
    for code in LOCALES:
        dimensions: dict[str, set[str]] = {}
        for word, unit in _cldr_unit_words((code,)):
            dimensions.setdefault(word, set()).add(unit.dimension)
        found |= {word for word, named in dimensions.items() if len(named) > 1 and word not in seen}
        seen |= set(dimensions)
    return frozenset(found)


def _unit_word(formatted: str, sample: int) -> str:
    """The word around the number in a formatted unit ("5 hours" → "hours", "5ms" → "ms")."""
    return formatted.replace(str(sample), "", 1).strip(" \u00a0\u202f")


@functools.cache
def numbered_month_words() -> frozenset[str]:
    """The words a locale names its months by with their number ("tháng 6", "thg 6": Vietnamese June), lower case:
    "6" after one is a month, not a figure. The CJK signs (6月, 6월) are one character and read apart."""
    from babel import Locale

    words: set[str] = set()
    for code in LOCALES:
        months = Locale.parse(code).months
        for context in ("format", "stand-alone"):
            for width in ("wide", "abbreviated"):
                for name in months[context][width].values():
                    word = re.sub(r"\d+", "", name).strip(" .").lower()
                    if re.search(r"\d", name) and len(word) >= 2:
                        words.add(word)
    return frozenset(words)


@functools.cache
def month_names() -> dict[str, frozenset[tuple[str, int]]]:
    """Each month name or abbreviation, without case or a final dot → the (locale, month) pairs it can be.

    Why the locale too: dateparser reads a date fastest, and without guessing, when told its language.
    """
    from babel import Locale

    names: dict[str, set[tuple[str, int]]] = {}
    for code in LOCALES:
        months = Locale.parse(code).months
        for context in ("format", "stand-alone"):
            for width in ("wide", "abbreviated"):
                for number, name in months[context][width].items():
                    key = name.lower().rstrip(".")
                    if key and not key.isdigit() and not re.search(r"\d", key):
                        names.setdefault(key, set()).add((code.split("_")[0], number))
    return {name: frozenset(pairs) for name, pairs in names.items()}


@functools.cache
def weekday_names() -> frozenset[str]:
    """Weekday names and abbreviations (``Tue``, ``mardi``, ``Di``): a date may start with one."""
    from babel import Locale

    names: set[str] = set()
    for code in LOCALES:
        days = Locale.parse(code).days
        for context in ("format", "stand-alone"):
            for width in ("wide", "abbreviated"):
                names.update(name.lower().rstrip(".") for name in days[context][width].values())
    return frozenset(name for name in names if len(name) >= 2)


@functools.cache
def _names_by_day_and_month() -> dict[str, tuple[str, ...]]:
    """Each weekday or month name, in any of ``LOCALES``, → every name of that same day or month."""
    from babel import Locale

    groups: dict[tuple[str, int], set[str]] = {}
    for code in LOCALES:
        locale = Locale.parse(code)
        for kind, table in (("day", locale.days), ("month", locale.months)):
            for context in ("format", "stand-alone"):
                for width in ("wide", "abbreviated"):
                    for number, name in table[context][width].items():
                        key = name.lower().rstrip(".")
                        if len(key) >= 3 and not re.search(r"\d", key):
                            groups.setdefault((kind, number), set()).add(key)
    owners: dict[str, int] = {}
    for group in groups.values():
        for name in group:
            owners[name] = owners.get(name, 0) + 1
    # "mar" is March in English and Tuesday in French: a name of two days or months names neither
    return {name: tuple(sorted(n for n in group if owners[n] == 1)) for group in groups.values() for name in group
            if owners[name] == 1}


@functools.cache
def prose_free_names() -> frozenset[str]:
    """The whole (wide) weekday and month names of the locales other than English, lower case: "mai", "mei", "maj"
    are May in French, Dutch and Swedish, written in lower case there, and no word of English prose."""
    from babel import Locale

    return frozenset(name.lower() for code in LOCALES if not code.startswith("en")
                     for table in (Locale.parse(code).days, Locale.parse(code).months)
                     for context in ("format", "stand-alone") for name in table[context]["wide"].values())


def same_day_or_month(label: str) -> tuple[str, ...]:
    """Every name of the weekday or month ``label`` names (in any language), or () when it names none."""
    return _names_by_day_and_month().get(label.lower().rstrip("."), ())


@functools.cache
def currency_symbols(codes: tuple[str, ...]) -> dict[str, str]:
    """Each symbol CLDR writes one of ``codes`` with in any of ``LOCALES`` or Brazil's Portuguese ("R$", "CA$",
    "US$", "₹", "zł", "Nkr"), with its code. A symbol two of them share, with or without a period ("kr", "kr.":
    Swedish, Norwegian and Danish crowns), names none, nor does "$"; a bare code is read as a code already.
    The symbol a currency's own country writes ("GH₵", "₦", "৳") counts too, unless another currency has it
    already ("Rs" stays the rupee of ``LOCALES``' Indian English) or it is short and plain ("S/" is in "SAP
    S/4HANA" as often as it is a sol)."""
    from babel import Locale

    by_symbol: dict[str, set[str]] = {}
    for name in (*LOCALES, "pt_BR"):
        symbols = Locale.parse(name).currency_symbols
        for code in codes:
            by_symbol.setdefault(symbols.get(code, code), set()).add(code)
    known = {symbol.rstrip(".") for symbol in by_symbol} | {"$"}
    for code in codes:
        for symbol in _home_symbols(code):
            if symbol.rstrip(".") not in known and not (symbol.isascii() and len(symbol) < 3):
                by_symbol.setdefault(symbol, set()).add(code)
    # "kr." (Danish) and "kr" (Swedish, Norwegian) are one symbol; "$" is any dollar
    shared = {symbol.rstrip(".") for symbol, named in by_symbol.items() if len(named) > 1} | {"$"}
    names: dict[str, set[str]] = {}
    for symbol, named in by_symbol.items():
        names.setdefault(symbol.rstrip("."), set()).update(named)
    return {symbol: next(iter(named)) for symbol, named in by_symbol.items()
            if symbol not in codes and symbol.rstrip(".") not in shared and len(names[symbol.rstrip(".")]) == 1}


def _home_symbols(code: str) -> set[str]:
    """The symbols ``code`` is written with in the official languages of the countries whose tender it is."""
    from babel import Locale, UnknownLocaleError
    from babel.core import get_global
    from babel.languages import get_official_languages

    found = set()
    for territory, tenders in get_global("territory_currencies").items():
        if not any(tender[0] == code and tender[2] is None and tender[3] for tender in tenders):
            continue
        for language in get_official_languages(territory, de_facto=True):
            try:
                found.add(Locale.parse(f"{language}_{territory}").currency_symbols.get(code, code))
            except UnknownLocaleError:
                continue  # a language CLDR has no data for in that country
    return found


def written_dates(day: _dt.date) -> list[str]:
    """``day`` as each of ``LOCALES`` writes it in CLDR's short, medium and long formats ("2024. 4. 1.",
    "2024年4月1日", "1 abr 2024"): the forms a searched date may take in the data."""
    from babel.dates import format_date

    return list(dict.fromkeys(format_date(day, width, locale=name) for name in LOCALES
                              for width in ("short", "medium", "long")))


@functools.cache
def currency_words(codes: tuple[str, ...]) -> frozenset[str]:
    """The words a column's name may write a currency with: its code and the last word of its English name, in
    lower case (``eur``, ``euro``, ``won``, ``yen``, ``krona``), so ``won_kg`` reads as money per kilo."""
    from babel.numbers import get_currency_name

    return frozenset({code.lower() for code in codes} | {get_currency_name(code, locale="en").split()[-1].lower()
                                                         for code in codes})


def alternation(words: Iterable[str]) -> str:
    """A regex alternation of ``words``, longest first (so ``Millionen`` wins over ``Mio``)."""
    return "|".join(re.escape(word) for word in sorted(set(words), key=len, reverse=True))


def weekday_number(word: str) -> int | None:
    """The day of the week (Monday 0, as ``date.weekday()``) a weekday name or abbreviation names in any of
    ``LOCALES`` ("Friday", "ven.", "Fr"), or None when it names none."""
    from babel import Locale

    names = set(same_day_or_month(word))
    english = Locale.parse("en").days["format"]["wide"]
    return next((number for number, name in english.items() if name.lower() in names), None)
