"""What an English sentence left in a German page looks like: the words of the site's English
that German never uses. A page, PDF or message read in German must hold none of them outside
the names people gave (players, clubs, tournaments) and the language switch's "English".

The list is of English function words and the site's own nouns and verbs whose German the
glossary fixes (docs/glossary-de.md): an unmarked sentence of any length holds one of them.
Words German shares with English ("an", "was", "will", "in", "so", "Grand", "Null", "Hand",
"Ouvert", "Schneider", "Re", "Name", "Start", "Link"…) are not in it.
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

_WORDS = """
the and of to is are were with for this that these those your you not has have had be been will
which when from by or it its there their here only each every yet into after before until than
then what who can cannot must should would please click enter save delete edit back next
previous page table tables player players deal deals sheet sheets score scores standings series
seat seats seating points games game place places prize prizes club clubs team teams print
released release results result tournament tournaments organizer organizers assistant
assistants add new none no yes open close closed lost won passed penalty declarer dealer bid
trump suit hearts spades clubs diamonds heart spade club diamond matadors announced conceded
overbid revoked totals first last number nothing password
home organize dashboard players' shown show hide draw published draft confirm confirmed
submitted submit cancel change changed phone room day date time checked registered
withdrawn corrected deleted inserted entered removed substitute
"""
ENGLISH = frozenset(_WORDS.split())

# attributes a person reads (screen readers, tooltips, empty fields)
READ_ATTRIBUTES = ("title", "placeholder", "aria-label", "alt", "value")


class _Text(HTMLParser):
    """The text a person reads on a page: its text nodes and read attributes, without scripts,
    styles, the values of hidden fields and of the language switch."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self._skip += 1
            return
        found = dict(attrs)
        if found.get("type") == "hidden" or found.get("name") == "language":
            return
        if tag in ("input", "textarea", "select", "option", "button") and "value" in found:
            # what a person typed or chose is data, not the site's words; a button shows its
            # content, its value (a preset's key) only goes with the form
            found.pop("value")
        for name in READ_ATTRIBUTES:
            if found.get(name):
                self.parts.append(found[name])

    def handle_endtag(self, tag):
        if tag in ("script", "style") and self._skip:
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip:
            self.parts.append(data)


def page_text(content: str) -> str:
    parser = _Text()
    parser.feed(content)
    return html.unescape(" ".join(parser.parts))


def english_words(text: str, names: frozenset[str] = frozenset()) -> list[str]:
    """The English words of ``text`` (case-insensitive), in order, outside ``names``."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    text = re.sub(r"\S*/\S*", " ", text)  # a time zone (Europe/Isle_of_Man), an address
    return [w for w in re.findall(r"[A-Za-z']+", text) if w.lower() in ENGLISH]


def english_lines(text: str, names: frozenset[str] = frozenset()) -> list[str]:
    """Each line of ``text`` that holds an English word, for a message that shows where."""
    return [line.strip() for line in text.splitlines() if english_words(line, names)]
