"""The forms of a question and of an answer's sentences: what is claimed as an extreme, which way a change goes,
what a question asks for.

Why forms and not phrasings: a rule that lists the superlatives and questions it was tuned on ("largest",
"which region has") misses the next wording ("the busiest", "which of the cities saw"). A superlative is told by
its shape: an adjective with ``-est`` (``busiest``, ``latest``), ``most`` / ``least`` before a word or a noun
(``the most orders``), ``top`` / ``bottom``, ``max`` / ``min``, ``peak``, and the same shapes in French,
German, Spanish, Italian and Portuguese (``le plus``, ``am höchsten``, ``el mayor``), and in the other
languages the readers know by their own shapes (Dutch ``de grootste``, Tagalog ``pinakamalaki``, Korean ``가장``,
Hindi ``सबसे``...). Its direction (the
largest figure or the smallest) is what the shape says where it says one (``most``, ``least``, ``top``,
``fewest``) and otherwise what the adjective's pair says (``high``/``low``, ``large``/``small``, ``early``/
``late``...); an adjective of no known pair ("the strongest", "the worst") may be either extreme, and the check
then asks only that the label be one.

What a question asks for is read from its head: ``how many`` / ``how much`` ask for one figure, ``what is the
<quantity>`` (average, total, share, number...) too, ``which <singular noun>`` with a superlative for one choice
(and their forms in the other languages: ``hoeveel``, ``ilang``, ``welk station``, ``aling ruta``);
a distributive word (``by``, ``per``, ``each``, ``monthly``...) or a plural head asks for several.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

# -- superlatives ----------------------------------------------------------------------------------------------
# Words that end in -est and are no superlative: the -est shape is otherwise read as one.
_NOT_SUPERLATIVE = frozenset((
    "interest", "request", "test", "contest", "protest", "guest", "quest", "nest", "west", "chest", "forest",
    "harvest", "manifest", "digest", "suggest", "invest", "arrest", "honest", "modest", "earnest", "rest", "crest",
    "pest", "vest", "zest", "tempest", "behest", "conquest", "bequest", "inquest", "unrest"
))
# Pairs of adjective stems, the high one first: the direction of their superlatives ("largest" high, "smallest"
# low). Stems, so the -est, -iest and doubled-consonant forms all match. An adjective whose extreme depends on
# what is measured ("oldest", "fastest", "best") is in no pair: either extreme may be meant.
_PAIRS: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (("high", "hoch", "höch", "hoog"), ("low", "niedrig", "tief", "laag")),
    # Tagalog adjectives after pinaka- (big, many, high, long, dear, heavy; small, few, low, short, cheap, light)
    (("malak", "marami", "mataas", "mahaba", "mahal", "mabigat"),
     ("maliit", "kaunti", "konti", "mababa", "maikli", "mura", "magaan")),
    (("larg", "big", "great", "gross", "größ", "grand", "huge", "mayor", "maior", "maggior", "groot"),
     ("small", "little", "tiny", "klein", "petit", "menor", "minor")),
    (("long", "lang", "läng"), ("short", "kurz", "kürz", "brief", "kort")),
    (("many", "much", "meist", "most", "more", "mehr", "plus", "más", "mais", "più", "meest", "veel"),
     ("few", "least", "less", "wenig", "moins", "menos", "meno", "minst", "weinig")),
    (("heav", "wide", "tall", "thick", "rich", "expensive", "costl", "teuer", "cher", "duur", "zwaar"),
     ("light", "narrow", "thin", "poor", "cheap", "billig", "goedkoop")),
    (("late", "recent", "spät", "dernier", "último", "ultim"), ("earl", "früh")),
    (("busi", "popular", "frequent", "common", "strong", "peak", "top", "max", "hot", "warm", "druk"),
     ("quiet", "rare", "weak", "bottom", "min", "cold", "cool", "rustig")),
    # the first syllables or character of a Korean, Japanese or Chinese adjective (많은 many, 높은 high, 큰 big,
    # 긴 long, 비싼 dear, 적은 few; 多い, 高い, 大きい, 長い; 最多, 最高, 最大, 最长)
    (("많", "높", "크", "큰", "길", "긴", "비싸", "비싼", "무거", "늦", "多", "高", "大", "長", "长", "重", "貴", "贵"),
     ("적은", "적게", "적었", "적다", "낮", "작", "짧", "싼", "싸", "가벼", "이르",
      "少", "低", "小", "短", "軽", "轻", "安", "早")),
    # Arabic's elatives, Russian's adjective stems and superlative words, Thai's adjectives before ที่สุด
    (("أكثر", "أكبر", "أعلى", "أطول", "أغلى", "أثقل", "больш", "высок", "длин", "дорог", "тяжел", "крупн",
      "наибольш", "максимальн", "больше", "жарк", "тепл", "มาก", "สูง", "ยาว", "แพง", "ใหญ่"),
     ("أقل", "أصغر", "أدنى", "أقصر", "أرخص", "أخف", "мал", "низк", "коротк", "дешев", "легк", "наименьш",
      "минимальн", "меньше", "холодн", "น้อย", "ต่ำ", "สั้น", "ถูก", "เล็ก")),
    # Vietnamese adjectives before nhất, Indonesian's after paling or ter-, Turkish's after en, Finnish superlatives,
    # Polish and Czech naj- / nej- forms, Hungarian leg-...-bb forms
    (("nhiều", "cao", "lớn", "dài", "đắt", "đông", "mạnh", "besar", "banyak", "tinggi", "mahal", "panjang", "ramai",
      "laris", "çok", "büyük", "yüksek", "uzun", "pahalı", "fazla", "yoğun", "eniten", "suurin", "suurimm", "korkein",
      "korkeimm", "pisin", "kallein", "vilkkain", "najwię", "najwyż", "najdłuż", "najdroż", "największ", "největ",
      "nejví", "nejvyš", "nejdel", "nejdraž", "legtöbb", "legnagyobb", "legmagasabb", "leghosszabb", "legdrágább",
      # Slovak, Croatian, Slovene, Ukrainian, Bulgarian, Lithuanian, Latvian, Estonian, Persian, Swahili
      "najviac", "najväčš", "najvyšš", "najdlhš", "najdrahš", "najviš", "najveć", "najvec", "najdulj", "najskuplj",
      "najvišj", "najbolj", "найбільш", "найвищ", "найдовш", "найдорожч", "най-голям", "най-висок", "daugiau",
      "didžiau", "aukščiau", "ilgiau", "brangiau", "visvairāk", "vislielāk", "visaugstāk", "enim", "kõige rohkem",
      "kõige suurem", "kõige kõrgem", "kõige pikem", "kõige kallim", "بیش", "بزرگ", "بالا", "طولانی", "گران",
      "nyingi", "kubwa", "ndefu", "ghali", "juu", "flest", "størst", "störst", "højest", "högst", "høyest", "længst",
      "längst", "lengst", "dyrest"),
     ("ít", "thấp", "nhỏ", "ngắn", "rẻ", "yếu", "rendah", "kecil", "murah", "pendek", "sedikit", "az", "küçük",
      "düşük", "kısa", "ucuz", "vähiten", "pienin", "pienimm", "matalin", "lyhin", "halvin", "alhaisin", "najmniej",
      "najniż", "najkrót", "najtań", "nejmén", "nejmen", "nejniž", "nejkrat", "nejlevn", "legkevesebb", "legkisebb",
      "legalacsonyabb", "legrövidebb", "legolcsóbb", "najmenej", "najmenš", "najnižš", "najkratš", "najlacn",
      "najmanj", "najniž", "najkrać", "najjeftin", "najnižj", "найменш", "найнижч", "найкоротш", "найдешевш",
      "най-малк", "най-нис", "mažiau", "žemiau", "pigiau", "vismazāk", "viszemāk", "vähim", "kõige vähem",
      "kõige väiksem", "kõige madalam", "kõige lühem", "kõige odavam", "کم", "کوچک", "پایین", "کوتاه", "ارزان",
      "kidogo", "ndogo", "fupi", "rahisi", "chini", "færrest", "færrest", "mindst", "minst", "lavest", "lägst",
      "billigst")),
    # Greek comparatives after an article, Hebrew adjectives of הכי / ביותר (their article ה- taken off), Hindi's
    # and Marathi's after सबसे / सर्वात, Bengali's after সবচেয়ে, Romanian's after cel mai
    (("περισσ", "μεγαλ", "μεγάλ", "μέγιστ", "υψηλ", "ψηλ", "ακριβ", "μακρ", "βαρ", "πολλ", "רב", "גדול", "גבוה",
      "יקר", "ארוכ", "כבד", "ज़्यादा", "ज्यादा", "अधिक", "बड़", "बड़", "ऊँच", "ऊंच", "लंब", "महँग", "महंग", "जास्त", "मोठ",
      "उंच", "বেশ", "বড়", "বড়", "উঁচ", "দাম", "লম্ব", "mult", "mare", "mari", "înalt", "ridicat", "scump", "lung"),
     ("λιγ", "λίγ", "ελάχιστ", "μικρ", "χαμηλ", "φτην", "φθην", "κοντ", "ελαφρ", "מעט", "פחות", "קטנ", "נמוכ", "זול",
      "קצר", "कम",
      "छोट", "नीच", "सस्त", "लहान", "কম", "ছোট", "নিচ", "সস্ত", "puțin", "puţin", "mic", "scăzut", "ieftin", "scurt")),
)
# Bengali's সবচেয়ে / সবচাইতে ("than all") before an adjective, as Hindi's सबसे (য় precomposed or with its nukta)
_BENGALI_MOST = "সবচে(?:\u09df|\u09af\u09bc)ে|সবচাইতে"
_VI_ADJECTIVES = "nhiều|ít|cao|thấp|lớn|nhỏ|dài|ngắn|đắt|rẻ|đông|mạnh|yếu"  # Vietnamese adjectives before nhất
# Words in -ste after "de" / "het" that are no Dutch superlative: the Danish and Norwegian ones (read as Nordic), the
# ordinals and a few plain adjectives of Dutch, and words of the languages where "de" is "of" (la liste, de oeste)
_NOT_DUTCH_SUPERLATIVE = (r"(?:(?:størst|højest|høyest|lavest|dyrest|længst|lengst|billigst|flest|færrest|mindst)e?|"
                          r"eerste|laatste|achtste|[a-z]+(?:tig|derd|zend)ste|vaste|juiste|liste|poste|leste|oeste|"
                          r"teste|reste|geste|veste|peste|piste|sieste|artiste|modeste|celeste)\b")
_SUPERLATIVE = re.compile(
    # Danish, Norwegian and Swedish superlatives in -st / -est (before English -est: "flest" is "most")
    # ("minst 100", "højest 5": at least, at most)
    r"\b(?P<nordic>flest|færrest[e]?|(?:mindst|minst|højest|högst|høyest)(?!\s+\d)|størst[ea]?|störst[ae]?|"
    r"højeste|högsta|høyeste|længst[e]?|längst[a]?|lengst[e]?|lavest[e]?|lägst[a]?|dyrest[e]?|billigst[e]?)\b|"
    r"\b(?P<est>(?!best\b)[a-z]+?(?:iest|est))\b"
    r"|\b(?P<mostword>most|least|fewest|meisten|wenigsten)\b(?:\s+(?P<after>[\w-]+))?"
    # "el más vendido", "la variedad más entregada" (a noun between), "el socio que más entregó"
    r"|\b(?:le|la|les|el|los|las|il|lo|o|a|os|as|i|gli)\s+(?:(?!(?:que|con|che|com)\b)[^\W\d]+\s+)?"
    r"(?:(?:que|con|che|com)\s+)?"
    r"(?P<romance>plus|moins|más|menos|più|meno|mais|mayor|menor|maior|maggiore|minore)(?:\s+(?P<adj>[\w-]+))?"
    r"|\bam\s+(?P<german>\w+sten)\b|\b(?:der|die|das|den|dem|des)\s+(?P<germanform>\w+(?:st|ßt)e[nrs]?)\b"
    r"|\b(?P<shape>top|bottom|max(?:imum)?|min(?:imum)?|peak(?:s|ed)?)\b|\b(?P<irregular>best|worst)\b"
    # the Romance languages' best and worst after their article ("le meilleur", "el mejor", "o melhor", "il peggiore")
    r"|\b(?:le|la|les|el|los|las|il|lo|o|a|os|as|i|gli|l')\s*(?P<irregular_romance>meilleure?s?|mejor(?:es)?|"
    r"melhor(?:es)?|miglior[ei]?|pire?s?|peor(?:es)?|pior(?:es)?|peggior[ei]?)\b"
    # the superlative particles of Korean, Japanese and Chinese before their adjective: 가장 많은, 最も高い, 最多
    # (not 最近 "recently", nor 最後 / 最后 / 最初, "finally" / "at first" as often as "the last" / "the first"); a
    # Korean word ends at a space, a Japanese or Chinese one is read by its first sign
    r"|(?P<cjk>가장|제일|最も|一番|最(?![近後后初]))\s*(?P<cjkadj>[\uac00-\ud7af]+|[^\W\d_])"
    # Arabic's elative (أكبر, الأكثر: "the most", "the largest"), Russian's самый + adjective and наибольший,
    # максимальный, больше всего; Thai's adjective + ที่สุด ("most")
    r"|(?<![\u0600-\u06ff])(?:ال)?(?P<arabic>أكثر|أكبر|أعلى|أطول|أغلى|أثقل|أقل|أصغر|أدنى|أقصر|أرخص|أخف)"
    r"(?![\u0600-\u06ff])"
    r"|(?i:\b(?:сам(?:ый|ая|ое|ые|ого|ой|ых|ым|ую|ом)\s+(?P<russian>[а-яё]+)|(?P<russianform>наибольш|наименьш|"
    r"максимальн|минимальн|больше\s+всего|меньше\s+всего)[а-яё]*))"
    r"|(?P<thai>มาก|สูง|ยาว|แพง|ใหญ่|น้อย|ต่ำ|สั้น|ถูก|เล็ก)ที่สุด"
    # Vietnamese adjective (a noun may follow it) + nhất; Indonesian paling + adjective or ter + adjective; Turkish
    # en + adjective; Finnish superlatives; Polish and Czech naj- / nej-; Hungarian leg-...-bb
    r"|\b(?P<vietnamese>" + _VI_ADJECTIVES + r")(?:\s+(?!(?:" + _VI_ADJECTIVES + r")\b)[^\W\d_]+){0,2}?\s+nhất\b"
    r"|\bpaling\s+(?P<indonesian>[^\W\d_]+)|\bter(?P<ter>besar|banyak|tinggi|rendah|kecil|mahal|murah|panjang|"
    r"pendek|sedikit|ramai|laris)\b"
    r"|\ben\s+(?P<turkish>çok|az|büyük|küçük|yüksek|düşük|uzun|kısa|pahalı|ucuz|fazla|yoğun)\b"
    r"|\b(?P<finnish>eniten|vähiten|suurin|pienin|korkein|matalin|pisin|lyhin|kallein|halvin|alhaisin|vilkkain|"
    r"suurimm[^\W\d_]*|pienimm[^\W\d_]*|korkeimm[^\W\d_]*)\b"
    r"|\b(?P<slavic>(?:naj|nej)(?:więc|mniej|większ|mniejsz|wyższ|niższ|dłuż|krótsz|droż|tańsz|víc|méně|větš|"
    r"menš|vyšš|nižš|delš|kratš|draž|levn|viac|menej|väčš|viš|manj|već|več|niž|dulj|dalj|krać|skuplj|jeftin|dlhš|"
    r"lacn|drahš)[^\W\d_]*)|\b(?P<hungarian>leg[^\W\d_]+bb)\b"
    # Ukrainian and Bulgarian най- forms, Lithuanian -iausi- forms, Latvian vis-, Estonian kõige + adjective and
    # enim / vähim, Persian's -ترین suffix, Swahili's adjective + zaidi
    r"|(?i:(?<![\w])(?P<ukrainian>най-?(?:більш|менш|вищ|нижч|довш|коротш|дорожч|дешевш|голям|малк|висок|нис)"
    r"[а-яіїєґ]*))"
    r"|\b(?P<baltic>(?:daugiau|mažiau|didžiau|aukščiau|žemiau|ilgiau|brangiau|pigiau)si[^\W\d_]*|vis(?:vairāk|"
    r"mazāk|lielāk|augstāk|zemāk)[^\W\d_]*)\b"
    r"|\b(?P<estonian>enim|vähim|kõige\s+[^\W\d_]+)\b"
    r"|(?P<persian>[\u0600-\u06ff]+(?:\u200c|\s)?ترین)(?![\u0600-\u06ff])"
    # Swahili's adjective + zaidi, the adjective agreeing with its noun's class ("mwingi", "wengi", "mengi" of -ingi;
    # "mkubwa", "mdogo", "mrefu")
    # (not a comparison: "wengi zaidi ya Mafia", "zaidi kuliko", more than)
    r"|\b(?P<swahili>(?:[^\W\d_]{0,3}(?:ingi|engi|kubwa|refu|dogo|fupi)|ghali|juu|kidogo|rahisi|chini)\s+zaidi)\b"
    r"(?!\s+(?:ya|kuliko)\b)"
    # Greek's article + comparative (-ότερ-, -ύτερ-, πιο + adjective) or μέγιστος / ελάχιστος; Hebrew's הכי +
    # adjective or adjective + ביותר; Hindi's सबसे, Marathi's सर्वात and Bengali's সবচেয়ে + adjective; Romanian's
    # cel mai + adjective
    r"|(?i:(?<!\w)(?:ο|η|το|οι|τα|τον|την|του|της|των|τις|τους)\s+(?:[^\W\d_]+\s+)?"
    r"(?P<greek>πιο\s+[^\W\d_]+|(?!(?:δε[υύ]τερ|πρ[οό]τερ))[^\W\d_]+(?:ότερ|ύτερ|οτερ|υτερ)[^\W\d_]*|"
    r"μέγιστ[^\W\d_]*|ελάχιστ[^\W\d_]*))"
    r"|(?P<hebrew>הכי\s+[\u05d0-\u05ea]+|(?<![\u05d0-\u05ea])[\u05d0-\u05ea]{1,30}\s+ביותר)"
    r"|(?P<hindi>(?:सबसे|सर्वात|" + _BENGALI_MOST + r")\s+[\u0900-\u09ff]+)"
    r"|\b(?:cel|cea|cei|cele)\s+mai\s+(?!probabil)(?P<romanian>[^\W\d_]+)"
    # Dutch's article + -ste form ("de grootste", "het drukste station", "de meeste PR's") or het meest / minst
    # (the noun after meeste / minste is the measure, as after "most": "de meeste PR's")
    r"|\b(?:de|het)\s+(?:[^\W\d_]+\s+)?(?P<dutch>(?:meeste|minste)(?:\s+[\w'’-]+)?|"
    r"(?!" + _NOT_DUTCH_SUPERLATIVE + r")(?-i:[a-z])[^\W\d_]+ste)\b"
    r"|\bhet\s+(?P<dutchmost>meest|minst)\b"
    # Tagalog's pinaka- + adjective ("pinakamalaking naiuwi", "pinakamarami")
    r"|\bpinaka-?(?P<tagalog>[^\W\d_]+)"

    # a comparative against all the rest is a superlative: "longer than anywhere else", "more than any other city"
    r"|\b(?P<er>[a-z]{2,}er|more|less|fewer)\b(?=(?:\s+[\w-]+){0,3}?\s+than\s+(?:anywhere|anyone|anything|any\b|all\b"
    r"|every\s*(?:where|one|thing)|the\s+rest|the\s+others))"
    # a which-question's bare comparative asks for the extreme: "¿Qué comunidad generó más dinero?", "Qual loja
    # vendeu mais?", "Welche Filiale verkaufte mehr?" (English "which ... more" compares two: not read)
    # (not a threshold, "más de 100", "mehr als 100", nor a choice of two, "más, Norte o Este?"; French "mais" is
    # "but", so French is left out)
    r"|(?:^|(?<=[¿\s]))(?:qu[eé]|cu[aá]l|qual|quale|welche[rsnm]?|quin[ae]?s?)\s+[^\W\d]+[^?.,;:!\n]{0,80}?"
    r"\b(?P<which>más|menos|mais|più|meno|mehr|weniger|més|menys)\b"
    r"(?!\s+(?:de|que|als|di|del|than|do|da)\b|\s*\d|\s*,\s*[^\W\d]+\s+(?:o|ou|oder|or|e|y|und|i)\s)",
    re.IGNORECASE)
# An indefinite article and a comparative (by its -er form) or a word of rank before a superlative: "a smaller
# peak", "a lower maximum", "another peak", "a local maximum", "un pic secondaire" name one extreme among several.
_QUALIFIED = re.compile(r"\b(?:an?|another|une?|ein(?:e[nrm]?)?)\s+(?:[a-z]+er|secondary|second|local|minor|lesser|"
                        r"other|autre|zweite[nrs]?)\s+(?:[\w-]+\s+)?$|\banother\s+(?:[\w-]+\s+)?$"
                        # "moves past its lactation peak", "after the summer peak": an extreme gone past claims no row
                        r"|\b(?:past|beyond|after|since)\s+(?:its|their|his|her|our|the)\s+(?:[\w-]+\s+)?$",
                        re.IGNORECASE)
_ORDINAL = re.compile(r"\b(?:(?P<word>second|third|fourth|fifth)|(?P<number>[2-9])(?:nd|rd|th))[\s-]+$", re.IGNORECASE)
_TOP_N = re.compile(r"\b(?:top|bottom|first|last)\s+(?P<n>\d{1,2}|two|three|four|five|ten)\b", re.IGNORECASE)
_NEXT = re.compile(r"\b(?:next|runner-up)[\s-]+$", re.IGNORECASE)
_ORDINAL_WORDS = {"second": 2, "third": 3, "fourth": 4, "fifth": 5}
_NUMBER_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "ten": 10}
# "which three IP addresses made the most requests?", "the five most popular": a count before the superlative makes
# it a top-N list
_HOW_MANY_NAMED = re.compile(r"(?<![\d.,])\b(?P<n>two|three|four|five|ten|[2-9]|1[0-9])\s+(?!(?:is|was|has|had)\b)"
                             r"(?:[^\W\d]+(?:\s+[^\W\d]+)?\s+(?:\w+\s+){0,3}(?:the\s+)?)?$", re.IGNORECASE)
# (not a label's number with its verb: "Belt 6 is the slowest" names one belt)
# A number written after a noun is the noun's label, not a count: "belt 3, the next slowest", "week 10 the busiest"
_LABEL_NUMBER = re.compile(r"\b(?!the\b|top\b|these\b|those\b|all\b|only\b)[^\W\d]+\s+\d+$", re.IGNORECASE)


@dataclass(frozen=True)
class Superlative:
    """A superlative in a text: where, the word, which extreme it names (``high``, ``low`` or None: either),
    the rank it names (2 for "second largest") and how many it names (3 for "top 3")."""

    start: int
    end: int
    word: str
    direction: str | None
    rank: int = 1
    count: int = 1


def superlatives(text: str) -> list[Superlative]:
    """The superlatives ``text`` writes, by their form (see the module docstring)."""
    found: list[Superlative] = []
    for match in _SUPERLATIVE.finditer(text):
        est = match.group("est")
        if est is not None and (est.lower() in _NOT_SUPERLATIVE or len(est) < 5 or not _stem_of(est)):
            continue
        if _QUALIFIED.search(text[max(0, match.start() - 40):match.start()]):
            continue  # "a smaller morning peak", "another maximum": one extreme among others, not the extreme
        if match.group("shape") and re.search(r"\d\s*$", text[max(0, match.start() - 3):match.start()]):
            continue  # "96 min", "5 max": a unit or a bound after its number
        direction = _direction(match)
        before = text[max(0, match.start() - 16):match.start()]
        ordinal = _ORDINAL.search(before)
        rank = 1
        if ordinal is not None:
            rank = _ORDINAL_WORDS.get((ordinal.group("word") or "").lower()) or int(ordinal.group("number") or 1)
        elif _NEXT.search(before):  # "belt 3, the next slowest": one rank after the text's last superlative
            rank = found[-1].rank + 1 if found else 2
        top = _TOP_N.match(text, match.start()) or _HOW_MANY_NAMED.search(text[max(0, match.start() - 40):
                                                                                  match.start()])
        count = 1
        if top is not None and not _LABEL_NUMBER.search(text, 0, top.start("n") + len(top.group("n"))):
            n = top.group("n").lower()
            count = _NUMBER_WORDS.get(n) or int(n)
        if match.group("which") and (UP.match(text, match.end() + 1) or DOWN.match(text, match.end() + 1)):
            continue  # "Qual despesa mais subiu?": the most of a change, which wrong_direction's checks read
        start, end = match.span("which") if match.group("which") else match.span()
        found.append(Superlative(start, end, text[start:end], direction, rank, count))
    return found


def _stem_of(word: str) -> str:
    """An -est word's stem: ``busiest`` busi, ``biggest`` big, ``largest`` larg (enough to tell a pair)."""
    lower = word.lower()
    if lower.endswith("iest") and len(lower) > 5:
        return lower[:-4] + "i"  # busiest: busi, like busier
    for ending in ("est", "sten", "ster", "stes", "ste", "ten", "te"):
        if lower.endswith(ending) and len(lower) > len(ending) + 1:
            stem = lower[:-len(ending)]
            return stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] else stem
    return ""


def _direction(match: re.Match[str]) -> str | None:
    groups = {k: (v or "").lower() for k, v in match.groupdict().items()}
    if groups["which"]:
        return "low" if groups["which"] in ("menos", "meno", "weniger", "menys") else "high"
    if groups["mostword"]:
        low = groups["mostword"] in ("least", "fewest", "wenigsten")
        after = groups["after"]
        # of a quantity: a plural ("the most calls"), or a noun of a mass, known by its lack of an adjective's
        # ending ("the most feed", "the most rain"; not "the most active", "the most popular")
        return _of_quantity_or_quality(low, after, not after or is_plural(after)
                                       or (groups["mostword"] in ("most", "least") and after not in _FUNCTION_WORDS
                                           and not _ADJECTIVE.search(after) and _pair_direction(after) is None))
    if groups["shape"]:
        word = groups["shape"]
        return "low" if word.startswith(("bottom", "min")) else "high"
    if groups["romance"]:
        word = groups["romance"]
        adjective = groups["adj"]
        low = word in ("moins", "menos", "meno", "menor", "minore")
        if word in ("mayor", "menor", "maior", "maggiore", "minore"):
            return "low" if low else "high"  # "el mayor", "la menor": the adjective is the word itself
        quantity = (not adjective or adjective in ("d", "de", "di", "del", "des", "du", "dei", "degli", "delle", "do",
                                                   "da", "dos", "das")  # "le plus d'appels": of a quantity
                    # "la variedad más entregada", "il più venduto", "el socio que más entregó": a verb's
                    # participle or the verb itself counts how much was done
                    or _PARTICIPLE.search(adjective) is not None
                    or re.search(r"\b(?:que|che|com)\s+\w+$", match.group(0)[:match.start("romance") - match.start()]
                                 + word) is not None)
        return _of_quantity_or_quality(low, adjective, quantity)
    if groups["irregular"] or groups["irregular_romance"]:
        return None  # the best month may be the most sales or the fewest complaints
    if groups["cjk"]:
        return _pair_direction(groups["cjkadj"])
    other = (groups["arabic"] or groups["russian"] or groups["russianform"] or groups["thai"] or groups["vietnamese"]
             or groups["indonesian"] or groups["ter"] or groups["turkish"] or groups["finnish"] or groups["slavic"]
             or groups["hungarian"] or groups["ukrainian"] or groups["baltic"] or groups["estonian"]
             or groups["persian"] or _swahili_stem(groups["swahili"]) or groups["nordic"] or groups["romanian"]
             or _dutch_stem(groups["dutch"] or groups["dutchmost"]) or groups["tagalog"]
             or re.sub(rf"^(?:πιο|הכי|सबसे|सर्वात|{_BENGALI_MOST})\s+|\s+ביותר$", "", groups["greek"] or groups["hebrew"]
                       or groups["hindi"]).removeprefix("ה").translate(_HEBREW_FINALS))
    if other:
        return _pair_direction(other)
    if groups["er"]:
        word = groups["er"]
        return "high" if word == "more" else "low" if word in ("less", "fewer") else _pair_direction(word[:-2])
    if groups["est"]:
        return _pair_direction(_stem_of(groups["est"]))
    word = groups["german"] or groups["germanform"]
    return _pair_direction(word)


def _dutch_stem(word: str) -> str:
    """A Dutch superlative's adjective: "grootste" groot, "hoogste" hoog, "meeste" / "meest" meest."""
    return word[:5] if word.startswith(("meest", "minst")) else word.removesuffix("ste")


_NO_DIRECTION = ("langzaam", "mahalaga")
# Hebrew's final letters as their other forms: "קטן" (small) and "קטנה" share a stem only so
_HEBREW_FINALS = str.maketrans("ךםןףץ", "כמנפצ")
# The endings of an English adjective (active, famous, careful, reliable, visible, central, electric, frequent,
# distant, busy, delayed, useless, popular, ordinary, fragile) or a participle (growing)
_ADJECTIVE = re.compile(r"^\w{3,}(?:ive|ous|ful|able|ible|al|ic|ent|ant|y|ed|less|ar|ary|ile|ing|ish)$")
# Words after "most" that make no superlative of a quantity: "most of the herd" (a majority), "most likely"
_FUNCTION_WORDS = frozenset({"of", "the", "a", "an", "to", "in", "on", "at", "by", "and", "or", "is", "are", "was",
                             "were", "than", "likely", "often", "times", "probably"})
# The endings of a Romance past participle (entregado, vendida, venduto, livrée, vendidos)
_PARTICIPLE = re.compile(r"(?:ad[oa]s?|id[oa]s?|at[oaie]|it[oaie]|ut[oaie]|ée?s?)$")


def _of_quantity_or_quality(low: bool, word: str, quantity: bool) -> str | None:
    """The direction of "most"/"least" (``plus``, ``moins``...) and the word after it: of a quantity ("the most
    calls", "le plus d'appels") the word says it; of a quality ("the most quiet", "le plus calme") its adjective's
    pair says it, flipped by "least", and an adjective in no pair leaves the direction open (None)."""
    pair = _pair_direction(word) if word and not quantity else None
    if pair is not None:
        return ("low" if pair == "high" else "high") if low else pair
    if quantity:
        return "low" if low else "high"
    return None


def _swahili_stem(word: str | None) -> str | None:
    """A Swahili adjective without its class prefix, as the pairs list it: "mwingi" and "wengi" are "nyingi"
    (many), "mdogo" is "ndogo" (small), "mrefu" is "ndefu" (long)."""
    if not word:
        return word
    for stem, listed in (("ingi", "nyingi"), ("engi", "nyingi"), ("kubwa", "kubwa"), ("dogo", "ndogo"),
                         ("refu", "ndefu"), ("fupi", "fupi")):
        if word.split()[0].endswith(stem):
            return listed
    return word


def _pair_direction(stem: str) -> str | None:
    """The direction of an adjective by its stem; "lat" of latest is "late" without its e, as "larg" is "large"."""
    stem = stem.lower()
    if stem.startswith(_NO_DIRECTION):
        return None  # "langzaam" (slow) is no "lang" (long), "mahalaga" (important) no "mahal" (dear)

    def same(known: str) -> bool:
        return stem.startswith(known) or (len(stem) >= 3 and known.startswith(stem) and len(known) - len(stem) <= 1)

    for high, low in _PAIRS:
        if any(same(known) for known in high):
            return "high"
        if any(same(known) for known in low):
            return "low"
    return None


# -- which way a change goes -------------------------------------------------------------------------------------
UP = re.compile(r"\b(?:ris(?:e|es|en|ing)|rose|increas\w*|gr[eo]w\w*|growth|gain\w*|up|climb\w*|jump\w*|surg\w*|"
                 r"improv\w*|higher|boost\w*|soar\w*|doubled|doubling|tripled|hausse|augment\w*|anstieg|stieg|"
                 r"gestiegen|zunahme|aument\w*|subi\w*|"
                 r"cresc\w*|crec\w*|steeg|stegen|stijg\w*|gestegen|toename|toegenomen|steg|økte|ökade|økning|"
                 r"ökning|"
                 # Turkish, Vietnamese, Indonesian, Finnish, Polish, Czech, Hungarian, Romanian, Greek, Russian
                 r"art(?:tı|mış|ış|an|arak)\w*|yüksel\w*|tăng|naik|meningkat|kenaikan|kasvoi|kasvanut|kasvu|nousi|"
                 r"noussut|nousu|wzr[oó]s\w*|vzr[ouů]st\w*|stoupl\w*|nőtt|növeked\w*|crescut|creștere|αυξ\w*|"
                 r"вырос\w*|рост|увелич\w*|"
                 # Ukrainian, Estonian, Lithuanian, Slovak, Croatian, Slovene, Persian, Swahili, Afrikaans
                 r"зріс|зросл\w*|зрост\w*|збільш\w*|kasv\w*|tõus\w*|padidėj\w*|išaug\w*|stúpol|stúpla|stúpl\w*|"
                 r"vzrástol|vzrástla|porast\w*|porasl\w*|poveća\w*|povec\w*|povečal\w*|افزایش|صعودی|"
                 r"iliongezeka|ongezeko|gestyg|toegeneem|styging|"
                 # Dutch's separable "oplopen" (loopt op, liepen op, opgelopen)
                 r"oplop\w*|opgelopen|(?:loopt|lopen|liep|liepen)\s+(?:\w+\s+){0,6}?op(?=\s*[.,;:!?)]|\s*$)|"
                 # Bulgarian, Latvian, Catalan, Icelandic
                 r"нарасн\w*|pieauga|pieaugums|pieaugumu|pieaugumā|pieaudzis|augmentà|jókst|aukn\w*|hækk\w*)\b"
                 # scripts without spaces between words or with vowel signs Python's \w leaves out (Devanagari):
                 # Hindi and Marathi, Hebrew, Arabic (an "and" joined before it), Thai, Japanese, Chinese, Korean;
                 # not inside a longer word of Devanagari, Hebrew or Arabic letters (वाढदिवस, מגדל, مزاد)
                 r"|(?<![\u0900-\u0963\u0966-\u097f])(?:(?:\u092c\u0922\u093c|\u092c\u095d|\u092c\u0922)"
                 r"(?:ा|ी|े|कर|ोतरी|त)|वृद्धि|वाढली|वाढला|वाढले|वाढ)(?![\u0900-\u0963\u0966-\u097f])"
                 r"|(?<![\u05d0-\u05ea])(?:עלייה|גדל|גדלה|גדלו)(?![\u05d0-\u05ea])"
                 r"|(?<![\u0600-\u06ff])(?:و|ف)?(?:ارتفع|ارتفعت|ارتفاع|زاد|زادت|زيادة|ازداد|ازدادت)(?![\u0600-\u06ff])"
                 r"|เพิ่มขึ้น|สูงขึ้น|増加|増え|上昇|伸び(?!悩)|增加|增长|上升|上涨|증가|상승|늘었|늘어(?!서)", re.IGNORECASE)
DOWN = re.compile(r"\b(?:fall\w*|fell|drop\w*|declin\w*|decreas\w*|down|lower|shrank|shrink\w*|loss\w*|lost|dip\w*|"
                   r"slump\w*|plung\w*|contract\w*|collaps\w*|tumbl\w*|halved|halving|slid|slipped|sinking|sunk|"
                   r"baisse|diminu\w*|rückgang|sank|gesunken|abnahme|ca[íi]d\w*|"
                   r"baj\w*|descend\w*|calo|ridu\w*|caiu|daal\w*|daling|gedaald|afname|afgenomen|zakte|gezakt|"
                   r"falt|minsket|minskade|minskat|nedgang|nedgång|"
                   r"azal(?:dı|mış|an|ma|arak)\w*|düş(?:tü|müş|üş|en|erek)\w*|giảm|turun|menurun|penurunan|laski|"
                   r"laskenut|lasku|väheni|vähentynyt|spad(?:ek|ł|ła|ły|ło|a|ają)\w*|zmniejsz\w*|klesl\w*|pokles\w*|"
                   r"csökken\w*|scăzut|scădere|μειω\w*|"
                   r"снизил\w*|снижен\w*|упал\w*|уменьш\w*|"
                   r"знизи\w*|знижен\w*|зменш\w*|впав|впал[аои]|langenud|vähen\w*|sumažėj\w*|krito|"
                   r"klesol|klesla|klesl\w*|poklesol|poklesla|smanji\w*|upadl\w*|"
                   r"zmanjšal\w*|کاهش|نزولی|ilipungua|kupungua|gedaal|afgeneem|daling|"
                   r"намал\w*|спад\w*|samazin\w*|kritās|disminu\w*|lækk\w*|minnk\w*)\b"
                   r"|(?<![\u0900-\u0963\u0966-\u097f])(?:घटा|घटी|घटे|घटकर|गिरा|गिरी|गिरे|घसरण|घसरली)"
                   r"(?![\u0900-\u0963\u0966-\u097f])|कमी आई"
                   r"|(?<![\u05d0-\u05ea])(?:ירד|ירדה|ירדו|ירידה)(?![\u05d0-\u05ea])"
                   r"|(?<![\u0600-\u06ff])(?:و|ف)?(?:انخفض|انخفضت|انخفاض|تراجع|تراجعت|هبط|هبطت)(?![\u0600-\u06ff])"
                   r"|ลดลง|ต่ำลง|減少|減っ|低下|下落|减少|下降|下跌|降低|감소|하락|줄었|줄어", re.IGNORECASE)
# (a colon between digits is a time of day, "12:00", and a title's period, "Dr. Holm", no clause break)
CLAUSE = re.compile(r"[;\n]|(?<!\d):|:(?!\d)|,\s+(?:and|but|while|whereas|though|although)\b|"
                    r"\s+(?:but|while|whereas)\s+"
                    r"|(?<=[.!?])(?<!\b[A-Z]\.)(?<!\b[A-Z][a-z]\.)\s+")


def change_direction(text: str) -> str | None:
    """``up`` or ``down`` when a clause says a figure rose or fell; None when it says neither or both."""
    up, down = UP.search(text) is not None, DOWN.search(text) is not None
    return "up" if up and not down else "down" if down and not up else None


def clause_around(text: str, position: int) -> str:
    """The clause of ``text`` that holds ``position``: a figure's own words, not its neighbour's."""
    starts = [0] + [m.end() for m in CLAUSE.finditer(text) if m.end() <= position]
    ends = [m.start() for m in CLAUSE.finditer(text) if m.start() >= position] + [len(text)]
    return text[starts[-1]:ends[0]]


# -- what a question asks for -----------------------------------------------------------------------------------
# (a word of a compound is no such word: "table-linen loads" asks for no table; "cut short by a fault" names an
# agent, not a grouping)
_DISTRIBUTIVE = re.compile(r"(?<!-)\b(?:by(?!\s+(?:a|an)\b)|per|each|every|breakdown|broken down|for all|list|table|"
                           r"across|over time|trend|distribution|monthly|weekly|daily|yearly|hourly|quarterly|annual|"
                           r"split|versus|vs\.?|compare|comparison|respectively|par|pro|por|cada|chaque|"
                           r"jede[nrs]?)\b(?!-)|top \d|"
                           # German "je Monat" before its noun's capital; Croatian, Slovak "je" is "is"
                           r"(?<!koliko\s)(?<!kolik\s)(?<!koľko\s)(?<!koji\s)(?<!koja\s)(?<!koje\s)\bje\s+(?-i:[A-ZÄÖÜ])|"
                           r"\d+ (?:most|largest|biggest|highest|lowest|smallest)", re.IGNORECASE)
_HOW_MANY = re.compile(r"\b(?:how (?:many|much|long|often|old|far|big|large)|combien|wie (?:viele?|lange|oft)|"
                       r"cu[aá]nt[oa]s?|quant[oie]|quantos?|quantas?|"
                       # and in the other locales the readers know: Dutch, Swedish, Danish and Norwegian, Czech,
                       # Hungarian, Turkish, Vietnamese, Indonesian, Greek, Russian, Finnish, Romanian, Hebrew, Hindi,
                       # Swahili, Tagalog
                       # (Polish "ile" only opening the question: in Turkish it is "with")
                       r"hoeveel|hur (?:många|mycket)|hvor (?:mange|meget|mye)|kolik[ae]?|hány|kaç|bao nhiêu|berapa|"
                       r"πόσ[αοεηι]ς?|сколько|kuinka (?:monta|paljon)|montako|paljonko|câte|câți|cât|כמה|"
                       r"कितन[ेाी]|kiek|koliko|koľko|kolko|колко|скільки|kui palju|quant[ae]s|hversu|"
                       r"ngapi|kiasi gani|"
                       # Tagalog: gaano karami / katagal / kalaki / kadalas, and ilang ("how many") opening the
                       # question (within it, "some"; "ilan" is also Turkish for an advert)
                       r"gaano\s+ka[^\W\d_]+)\b|^\W*(?:ile|ilang)\b|چند|چقدر|多少|几个|몇|얼마|いくつ|"
                       r"何(?:人|件|回|個|台|日|時間|本|杯|枚|回目)",
                       re.IGNORECASE)
# Nouns that name one figure of many rows: "what is the <quantity> of ...". A possessive before it ("the
# greenhouse's average", "Lyon's total") names whose figure it is, not what is asked; "which region's sales" asks
# for a region, so only a possessive after "the" or of a name (capitalised) is read past.
_QUANTITY = re.compile(r"\b(?:number|count|total|sum|average|mean|median|share|percentage|percent|proportion|ratio|"
                       r"rate|fraction|amount|difference|maximum|minimum|max|min|value|cost|price|revenue|weight|"
                       r"volume|duration|distance|nombre|moyenne|anzahl|summe|durchschnitt|número|promedio|media|"
                       r"totale?|valor|valeur|wert|preis|prix|precio|kosten|coût|costo|"
                       # Dutch
                       r"aantal|totaal|som|gemiddelde|mediaan|aandeel|prijs)\b", re.IGNORECASE)
_ASK = re.compile(r"\b(?P<wh>what|which|who|quel(?:le)?s?|welche[rsn]?|welke?|wat|cu[aá]l(?:es)?|qual[ei]?|qu[eé])\b"
                  r"(?:'s|\s+(?:is|was|are|were|es|fue|fueron|son|era|est|était|sont|ist|war|sind|waren|é|foi|são|è|sono|fu|"
                  r"zijn))?\s+"
                  r"(?:(?:the|our|my|your|their|its|le|la|les|der|die|das|el|los|las|o|a|os|as|il|lo|notre|"
                  r"unser[e]?|nuestr[oa]|de|het|onze)\s+)?"
                  r"(?:(?<=the )[\w-]+['’]s\s+|"
                  r"(?:(?-i:[A-Z])[\w-]*\s+){0,3}(?-i:[A-Z])[\w-]*(?:['’]s|(?<=s)['’])\s+)?(?P<head>[\w-]+)(?:\s+(?P<after>[\w-]+))?"
                  r"|\b(?:give|tell|show|find|compute|calculate|report)\s+(?:me\s+)?(?:the\s+)?(?P<imperative>[\w-]+)",
                  re.IGNORECASE)
# A question for a total to date or a level (a stock, not one period's flow): a running total is its answer.
TO_DATE = re.compile(r"\b(?:cumulative(?:ly)?|running|so far|to[- ]date|year[- ]to[- ]date|ytd|since|up to|until|"
                     r"by the end|as of|read(?:ing|ings|s)?|register|meter|counter|odometer|balance|level|stock|"
                     r"inventory|kumuliert|cumul[ée]e?s?|acumulad[oa]s?)\b", re.IGNORECASE)
# A question word that opens a question: at the start, or after a comma, a semicolon or "and"/"or"; one after a noun
# is a relative pronoun ("riders who tip")
_QUESTION_WORD = re.compile(r"(?:^|[,;:]\s*|\b(?:and|or)\s+)(?:\w+\s+)?(?:how|what|which|who|when|where|why)\b",
                            re.IGNORECASE)
# A question whose answer is a date or a time: its question word ("when", "quand", "wann") or a question word and a
# calendar noun ("which day", "what time", "quel mois", "welches Jahr", "on what date").
_WHEN = re.compile(r"\b(?:when|since when|until when|quand|wann|cu[aá]ndo|quando|wanneer|n[äa]r|kiedy)\b|"
                   r"\b(?:which|what|quel(?:le)?s?|welche[rsnm]?|cu[aá]l(?:es)?|qu[eé]|qual[ei]?|welk[e]?)\s+"
                   r"(?:[\w-]+\s+)?(?:day|date|month|year|week|weekday|time|hour|period|quarter|season|jour|mois|"
                   r"ann[ée]e|semaine|heure|tag|datum|monat|jahr|woche|uhrzeit|stunde|d[ií]a|fecha|mes|a[ñn]o|semana|"
                   r"hora|giorno|mese|anno|ora|dag|maand|jaar|week|uur)s?\b", re.IGNORECASE)


_CJK_WHICH = re.compile(r"どこ|どれ(?!ら)|どの|誰|哪(?!些)|谁|어느|어디|누구|무엇"  # not 哪些, "which ones"
                        # and Arabic's, Russian's (not какие, "which ones") and Thai's
                        r"|(?<![\u0600-\u06ff])(?:أي|أيّ)(?![\u0600-\u06ff])|^\s*من\s"
                        r"|(?i:\b(?:какой|какая|какое|какого|какую|который|которая|кто)\b)|ไหน|ใคร"
                        # Vietnamese, Indonesian, Turkish, Finnish, Polish, Czech and Hungarian ones
                        # (not the relative pronouns of Polish and Czech, "który", "která", nor Finnish "mikä",
                        # which asks "what" as often as "which")
                        r"|(?i:\b(?:nào|mana|siapa|hangi|hangisi|kuka|kto|kdo|melyik)\b)"
                        # the who-words of Spanish, Italian, French, German, Portuguese and Turkish, and Polish's
                        # which-word, only opening the question (else relative: "el nadador que", "riders who")
                        r"|(?i:^\W*(?:qui[eé]n(?:es)?|chi|qui|wer|quem|kim|któr[yaeo]|którą)\b)"
                        # and Ukrainian's, Lithuanian's, Estonian's, Latvian's, Persian's, Swahili's, Catalan's,
                        # Afrikaans'; Slovak's, Croatian's and Slovene's only opening the question (else relative)
                        r"|(?i:(?<![\w])(?:який|яка|яке|які|котр[а-яії]+|kuris|kuri|kurie|kurioje|kuriame|milline|"
                        r"millises|kurš|kura|kurā|quin|quina|quins|quines|watter|hvilk(?:en|et|e)|vilk(?:en|et|a))"
                        r"(?![\w]))|کدام|\bgani\b"
                        r"|(?i:^\W*(?:[^\W\d_]+\s+)?(?:ktor[ýáéíoum][a-z]*|koj[iaeu][a-z]*|kater[iaeo][a-z]*)\b)"
                        # and Greek's, Hebrew's, Hindi's, Marathi's; Romanian's only opening the question
                        r"|(?i:(?<!\w)(?:ποιος|ποια|ποιο|ποιον|ποιου|ποιας)(?!\w))"
                        r"|(?i:^\W*(?:(?:în|la|de|din|pe|cu|pentru|despre|prin|după|până)\s+)?care\b)"
                        r"|(?<![\u05d0-\u05ea])(?:איזה|איזו|מי)(?![\u05d0-\u05ea])"
                        r"|(?<![\u0900-\u097f])(?:किस|किसने|किसका|किसकी|किसके|कौन|कौनसा|कौनसी|कौनसे|कोणता|कोणती|कोणते|"
                        r"कोणत्या|कोणी)(?![\u0900-\u097f])"
                        # and Tagalog's, opening the question (with its linker or particle: "Sinong tsuper", "Sino
                        # ang", "Aling ruta", "Anong araw"; "Ano ang ...?" asks what; Italian "Sino a" is "until")
                        r"|(?i:^\W*(?:sinong|sino\s+(?:ang|ba|sa)|aling?|anong)\b)")


def asks_for_one(question: str) -> str | None:
    """``one figure`` or ``one choice`` when the question's form asks for a single answer; None otherwise.

    Why None for several question words: "How many failed, and which service had the most?" asks for two things.
    A question after sentences that set its scene is read from where it asks (``asking_part``: in "Trams come
    every 6 minutes. How often does line 4 leave?", the first sentence's "every" asks for nothing).
    """
    question = asking_part(question)
    if not _single(question):
        return None
    if _HOW_MANY.search(question):
        return "one figure"
    ask = _ASK.search(question)
    if ask is None:
        # "一番売れた店舗はどこですか？", "어느 배가 가장 많은...?": a which-word of Japanese, Chinese or Korean and a
        # superlative ask for one choice
        return "one choice" if _CJK_WHICH.search(question) and superlatives(question) else None
    head = (ask.group("head") or ask.group("imperative") or "").lower()
    if "-" in head and ask.group("after"):  # a hyphenated word is the noun's modifier: "our no-show rate"
        head = ask.group("after").lower()
    if _QUANTITY.fullmatch(head):
        return "one figure"
    if ask.group("head") and not _plural_ask(ask.group("wh") or "", head) and superlatives(question):
        return "one choice"
    return None


# Question words that say their noun's number where the noun's ending does not ("quel cours", "quels cours")
_SINGULAR_WH = frozenset({"quel", "quelle", "welcher", "welches", "welchen", "welchem", "welk", "cual", "cuál", "qual",
                          "quale"})
_PLURAL_WH = frozenset({"quels", "quelles", "cuales", "cuáles", "quali"})


_WHAT_DONE = re.compile(r"\A\W*(?:what\s+(?:did|does|has|had|will)|was\s+(?:hat|hatte))\s+\w", re.IGNORECASE)


def asks_what_done(question: str) -> bool:
    """Whether the question asks what its subject did, one thing ("What did G2 generate in 2024?"): a figure an
    answer gives for it is one figure, as for "how much"."""
    return _single(question) and bool(_WHAT_DONE.search(question))


def asks_for_a_value(question: str) -> bool:
    """Whether the question asks for one value by the form "what <singular noun> did/does/is <subject> ...?"
    ("What ABV did the Saison reach?", "What time does the ferry leave?") or "how <adjective of measure>" ("How
    high is the highest tide?"): a whole table is not its answer. Read only for an answer's shape: which kind of
    value it is (a figure, a label) the form does not say."""
    if not _single(question):
        return False
    if _HOW_MEASURED.search(question):
        return True
    ask = _ASK.search(question)
    if ask is None or not ask.group("head") or not ask.group("after"):
        return False
    head, after = ask.group("head").lower(), ask.group("after").lower()
    return (after in _AUXILIARIES and head not in _AUXILIARIES and not _plural_ask(ask.group("wh") or "", head)
            and (ask.group("wh") or "").lower() in ("what", "which"))


# English's adjectives of measure after "how", with a singular verb: "how high is", "how deep was" ask a degree,
# one value ("how tall are the players" asks one per player)
_HOW_MEASURED = re.compile(r"\bhow (?:high|tall|deep|heavy|fast|wide|thick|hot|cold|warm|low|late|early|expensive)"
                           r"\s+(?:is|was|'s|does|did|will|can|could|would|has|had)\b", re.IGNORECASE)
_AUXILIARIES = frozenset({"did", "does", "do", "is", "was", "are", "were", "has", "had", "have", "will", "would",
                          "can", "could"})


def plural_ask(question: str) -> str | None:
    """The plural noun a question asks for all of ("which routes ...?", "what segments ...?"), or None."""
    ask = _ASK.search(question) if _single(question, grouped_too=True) else None
    if ask is None or not ask.group("head"):
        return None
    head, after = ask.group("head").lower(), (ask.group("after") or "").lower()
    if not is_plural(head) and is_plural(after) and after not in _AUXILIARIES:
        head = after  # "which audience segments ...": a noun's modifier before the plural noun
    return head if _plural_ask(ask.group("wh") or "", head) and head not in _AUXILIARIES else None


def asking_part(question: str) -> str:
    """The question from the sentence that asks on: the scene set before it is dropped ("In the morning rush trams
    come every 6 minutes. How often does line 4 leave?"), what follows it is kept ("What is the average? Give it
    for each store."). A sentence asks when it opens with a question word; only then is the text before it a
    scene, so an abbreviation ("Mrs. Lee", "Prof. Ng") splits nothing."""
    for stop in _SENTENCE_END.finditer(question):
        if stop.start() > 0 and _OPENS_A_QUESTION.match(question, stop.end()):
            return question[stop.end():]
    return question


# the end of a sentence: its stop, then spaces (not a decimal point, not "e.g.")
_SENTENCE_END = re.compile(r"(?<=[.!])\s+")
# a sentence that opens with an English question word, the forms the one-figure and one-choice readers know
_OPENS_A_QUESTION = re.compile(r"(?:how|what|which|who|when|where|why)\b", re.IGNORECASE)


def _single(question: str, *, grouped_too: bool = False) -> bool:
    """The question asks one thing: one question word, and (unless ``grouped_too``) no distributive word ("by
    month", "each") that asks for one per group. A rate after a superlative's measure ("the most water per leak",
    "the highest revenue per seat", "o melhor rendimento por hectare") is one figure's unit, no grouping; nor is
    "by" before a superlative ("served by the most lines", "visited by the fewest users"): it names the passive's
    agent, not a grouping."""
    for superlative in reversed(superlatives(question)):
        rate = _RATE.match(question, superlative.end)
        if rate is not None:
            question = question[:rate.start()] + " " * len(rate.group(0)) + question[rate.end():]
        agent = _AGENT.search(question, 0, superlative.start)
        if agent is not None:
            question = question[:agent.start()] + " " * len(agent.group(0)) + question[agent.end():]
    return len(_QUESTION_WORD.findall(question)) <= 1 and (grouped_too or not _DISTRIBUTIVE.search(question))


_RATE = re.compile(r"(?:\s+[\w-]+)?\s+(?:per|por|par|pro)\s+[\w-]+", re.IGNORECASE)
# "by" right before a superlative, with or without its article: the agent of a passive ("served by the most lines")
_AGENT = re.compile(r"\bby(?=\s+(?:the\s+)?$)", re.IGNORECASE)


def _plural_ask(wh: str, head: str) -> bool:
    wh = wh.lower()
    # Dutch "welke" goes with a plural (-en, -s) and with a singular of a de-word alike: the noun's ending says
    dutch_plural = wh == "welke" and head.lower().endswith(("en", "s"))
    return wh in _PLURAL_WH or dutch_plural or (wh not in _SINGULAR_WH and is_plural(head))


def asks_when(question: str) -> bool:
    """Whether the question's form asks for a date or a time ("When did ...", "Which month ..."): then a date is
    what the answer says, not the period it scopes its figures by. In a question for yes or no ("Is the wind
    stronger when the pressure is low?") a bare "when" joins a condition, unless its words ask: after "and", a
    comma or "if so" ("Was there an outage, and when?"), before a verb that asks ("when did it start?"), after a
    verb of telling ("Can you tell me when ..."), or at the end."""
    for found in _WHEN.finditer(question):
        if found.group(0).lower() != "when":
            return True
        sentence_start = max(question.rfind(stop, 0, found.start()) for stop in ".?!？") + 1
        if not _YES_NO.match(question, sentence_start) or _ASKING_WHEN_BEFORE.search(
                question[max(0, found.start() - 20):found.start()]) or _ASKING_WHEN_AFTER.match(question, found.end()):
            return True
    return False


# a question for yes or no, by its first word: an auxiliary verb
_YES_NO = re.compile(r"\s*(?:is|are|was|were|do|does|did|can|could|will|would|has|have|had|should)\b", re.IGNORECASE)
# what makes a "when" in a question for yes or no ask for a date: the words before it, or after it
_ASKING_WHEN_BEFORE = re.compile(r"(?:\band|\bor|,|;|\bif so|\bme|\bknow|\bsay|\bshow|\bfind|\btell)\s*$",
                                 re.IGNORECASE)
_ASKING_WHEN_AFTER = re.compile(r"\s*(?:(?:exactly|precisely)\b\s*)?(?:[?？]|$)|\s+(?:did|does|do|was|were|is|are|will|"
                                r"would|has|have|had)\b", re.IGNORECASE)


def is_plural(word: str) -> bool:
    """An English plural by its form ("regions", "cities"); "status", "analysis" and "business" are not."""
    return word.endswith("s") and not word.endswith(("ss", "us", "is", "ous"))
