"""OOLONG-style records: ``Date: ... || User: ... || Instance: ...`` lines whose class labels are hidden.

Why hidden labels: in OOLONG the label of each instance is not in the
context; a model must infer it, which is what sub-calls are for. Here every
instance comes from a question template of one of six classes (TREC coarse),
with wh-words shared across classes so no keyword gives the label away. The
sub-model "knows" the labels the way a real model would understand the
question: it recognises the template (a rule on the instance text).
Shared by ``oolong`` and ``oolong_pairs``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta

from rlm_jupyter.testing import ChatRequest, RuleBasedSubModel

from ..dialects import Step

LABELS = ("abbreviation", "entity", "description and abstract concept", "human being", "location", "numeric value")

TEMPLATES: dict[str, tuple[str, ...]] = {
    "abbreviation": ("What does {abbr} stand for?", "What is the full form of {abbr}?",
                     "What is the abbreviation for the {org}?"),
    "entity": ("What kind of animal is a {animal}?", "Which instrument did {person} play?",
               "What color is a ripe {fruit}?", "What is the name of the ship in {story}?"),
    "description and abstract concept": ("What is the meaning of the word {word}?", "How does a {device} work?",
                                         "What causes {phenomenon}?", "Why do people celebrate {event}?"),
    "human being": ("Who invented the {device}?", "Who wrote {story}?",
                    "What was the name of the first {role} of {country}?"),
    "location": ("Where is {landmark} located?", "What is the capital of {country}?",
                 "Which city hosted the {event}?"),
    "numeric value": ("How many {animal}s live in {country}?", "What year did the {event} take place?",
                      "How far is {city} from {city2}?", "What is the population of {country}?"),
}
FILLERS: dict[str, tuple[str, ...]] = {
    "abbr": ("NASA", "UNESCO", "HTML", "GDP", "DNA", "RSVP", "ASAP", "FIFA", "NATO", "CPU", "LED", "UFO"),
    "org": ("World Health Organization", "European Union", "United Nations", "Federal Reserve",
            "International Space Station", "Royal Air Force"),
    "animal": ("okapi", "axolotl", "pangolin", "quokka", "narwhal", "tapir", "ibex", "lemur", "marmot", "kiwi"),
    "person": ("Miles Davis", "Jimi Hendrix", "Clara Schumann", "Yo-Yo Ma", "Louis Armstrong", "Django Reinhardt"),
    "fruit": ("mango", "plum", "papaya", "fig", "lychee", "persimmon", "quince"),
    "story": ("Moby-Dick", "Treasure Island", "The Odyssey", "Robinson Crusoe", "Twenty Thousand Leagues"),
    "word": ("serendipity", "ephemeral", "melancholy", "ubiquitous", "saudade", "hygge", "wanderlust"),
    "device": ("telescope", "barometer", "typewriter", "phonograph", "compass", "microwave oven", "zipper"),
    "phenomenon": ("the northern lights", "thunder", "tides", "rainbows", "earthquakes", "hiccups", "jet lag"),
    "event": ("1936 Olympic Games", "first World Cup", "Expo 67", "Woodstock festival", "Lunar New Year parade"),
    "role": ("president", "prime minister", "astronaut", "female pilot", "governor"),
    "country": ("Peru", "Norway", "Kenya", "Vietnam", "Portugal", "Chile", "Mongolia", "Iceland", "Ghana", "Nepal"),
    "landmark": ("Machu Picchu", "Angkor Wat", "the Alhambra", "Petra", "the Blue Mosque", "Uluru"),
    "city": ("Lisbon", "Nairobi", "Hanoi", "Oslo", "Lima", "Quito", "Accra"),
    "city2": ("Madrid", "Kampala", "Bangkok", "Stockholm", "Bogota", "Santiago"),
}
CLASSIFY_PROMPT = ("Classify each question into exactly one of these labels: " + ", ".join(LABELS) + ". "
                   "Reply with one line per question, formatted 'N: label'.")
_FIELD = re.compile(r"\{(\w+)\}")


def _pattern(template: str) -> re.Pattern[str]:
    parts = _FIELD.split(template)  # literal, field, literal, field, ...
    return re.compile("^" + "".join(re.escape(p) if i % 2 == 0 else ".+?" for i, p in enumerate(parts)) + "$")


_PATTERNS = [(_pattern(t), label) for label, templates in TEMPLATES.items() for t in templates]


def classify(instance: str) -> str:
    """The sub-model's understanding of one instance: which kind of question it is."""
    text = instance.strip()
    return next((label for pattern, label in _PATTERNS if pattern.match(text)), "unknown")


@dataclass(frozen=True)
class Records:
    text: str
    dates: list[date]
    users: list[int]
    labels: list[str]


def make_records(lines: int, users: int, seed: int) -> Records:
    """Seeded records; class frequencies differ (a skewed mix), so most/least common are well defined."""
    import numpy as np

    rng = np.random.default_rng(seed)
    weights = np.array([0.06, 0.14, 0.22, 0.18, 0.25, 0.15])[rng.permutation(len(LABELS))]
    ids = sorted({int(u) for u in rng.choice(np.arange(10_000, 99_999), users, replace=False)})
    start = date(2022, 1, 1)
    out, dates, owners, labels = [], [], [], []
    for _ in range(lines):
        label = LABELS[int(rng.choice(len(LABELS), p=weights))]
        options = TEMPLATES[label]
        template = options[int(rng.integers(0, len(options)))]
        text = _FIELD.sub(lambda m: str(rng.choice(FILLERS[m.group(1)])), template)
        day, user = start + timedelta(days=int(rng.integers(0, 730))), ids[int(rng.integers(0, len(ids)))]
        out.append(f"Date: {day:%b %d, %Y} || User: {user} || Instance: {text}")
        dates.append(day)
        owners.append(user)
        labels.append(label)
    return Records("\n".join(out), dates, owners, labels)


def _label_batch(match: re.Match[str], request: ChatRequest) -> str:
    lines = re.findall(r"^(\d+): (.+)$", request.last_user, re.MULTILINE)
    return "\n".join(f"{n}: {classify(text)}" for n, text in lines)


SUB_MODEL = RuleBasedSubModel([(r"^Classify each question into exactly one of these labels", _label_batch)])

LABEL_STEPS = """\
import re
import pandas as pd
rows = re.findall(r"Date: (.+?) \\|\\| User: (\\d+) \\|\\| Instance: (.+)", DATA)
df = pd.DataFrame(rows, columns=["date", "user", "instance"])
df["date"] = pd.to_datetime(df["date"], format="%b %d, %Y")
df["user"] = df["user"].astype(int)
chunks = [list(df["instance"].iloc[i:i + 200]) for i in range(0, len(df), 200)]
prompts = [PROMPT + chr(10) + chr(10).join(str(j) + ": " + q for j, q in enumerate(c, 1)) for c in chunks]
replies = llm_query_batched(prompts)
labels = []
for reply, chunk in zip(replies, chunks):
    got = dict(re.findall(r"^(\\d+): (.+)$", reply, re.M))
    labels += [got.get(str(j), "unknown").strip().lower() for j in range(1, len(chunk) + 1)]
df["label"] = labels
print(len(df), "records,", df["user"].nunique(), "users")
print(df["label"].value_counts().to_string())"""


def labelling_steps(var: str) -> list[Step]:
    """The first turns of both record tasks: look, parse the lines, label every instance with sub-calls."""
    return [
        Step("Let me look at the records first.", f"print(len({var}))\nprint({var}[:400])"),
        Step("The labels are not in the data. I'll parse the lines and ask the sub-model to label the instances, "
             "200 per prompt, all prompts at once.",
             LABEL_STEPS.replace("DATA", var).replace("PROMPT", repr(CLASSIFY_PROMPT))),
    ]
