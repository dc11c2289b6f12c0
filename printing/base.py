"""What every PDF shares: the paper, fonts with the suit symbols, the header with the
tournament's name and "page n of m", the footer with the time printed, and ``render``.

Paper: the tournament's setting (A4 or US Letter); any PDF's URL takes ``?paper=a4`` or
``?paper=letter`` to print one copy on the other.

Fonts: DejaVu Sans (Debian's ``fonts-dejavu-core``, installed by ``make install``) has ♣♠♥♦
and the umlauts, which reportlab's built-in Helvetica lacks.
"""

from __future__ import annotations

import datetime
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from django.conf import settings
from django.utils.formats import date_format
from django.utils.translation import gettext
from reportlab import rl_config
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, SimpleDocTemplate

PAPERS = {"a4": A4, "letter": LETTER}
DEFAULT_PAPER = "a4"

FONT = "DejaVuSans"
FONT_BOLD = "DejaVuSans-Bold"
FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")
FONT_FILES = {FONT: "DejaVuSans.ttf", FONT_BOLD: "DejaVuSans-Bold.ttf"}

MARGIN = 10 * mm
HEADER = 7 * mm  # the band above the frame for the header
FOOTER = 5 * mm


def paper(name: str | None) -> str:
    """The paper's key for a query parameter's value: ``letter`` or else the default."""
    name = (name or "").strip().lower()
    return name if name in PAPERS else DEFAULT_PAPER


def register_fonts() -> None:
    """Register DejaVu Sans and its bold once per process."""
    # Page streams compressed but not also ASCII85-encoded: a quarter smaller and faster
    # to write, and every PDF reader takes binary streams.
    rl_config.useA85 = 0
    registered = set(pdfmetrics.getRegisteredFontNames())
    folder = Path(getattr(settings, "PRINTING_FONT_DIR", FONT_DIR))
    for name, filename in FONT_FILES.items():
        if name not in registered:
            pdfmetrics.registerFont(TTFont(name, str(folder / filename)))
    pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=FONT_BOLD, italic=FONT,
                                  boldItalic=FONT_BOLD)


def style(size: float = 8, *, bold: bool = False, leading: float | None = None,
          align: int = 0) -> ParagraphStyle:
    return ParagraphStyle(f"s{size}{bold}{align}", fontName=FONT_BOLD if bold else FONT,
                          fontSize=size, leading=leading or size * 1.2, alignment=align)


def fit(text: str, width: float, size: float = 7, *, bold: bool = False,
        smallest: float = 5) -> tuple[str, float]:
    """``text`` at the largest size down to ``smallest`` that fits ``width`` points on one
    line, cut with "…" if even the smallest is too wide."""
    font = FONT_BOLD if bold else FONT
    while size > smallest and pdfmetrics.stringWidth(text, font, size) > width:
        size -= 0.5
    if pdfmetrics.stringWidth(text, font, size) > width:
        while text and pdfmetrics.stringWidth(text + "…", font, size) > width:
            text = text[:-1]
        text += "…"
    return text, size


@dataclass(frozen=True)
class Layout:
    """The frame a story fills."""

    paper: str
    width: float
    height: float


class PageGroup(Flowable):
    """Starts a group of pages numbered on their own ("page n of m" within the group), with
    its own header title: one table's sheet in a PDF of all sheets."""

    def __init__(self, key: str, title: str):
        super().__init__()
        self.key, self.title = key, title
        self.width = self.height = 0

    def wrap(self, available_width, available_height):
        return 0, 0

    def draw(self):
        self.canv.page_group = (self.key, self.title)


def _canvas_class(title: str, printed_at: datetime.datetime):
    class NumberedCanvas(Canvas):
        """Keeps every page until the end, then writes the header with "page n of m"."""

        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self._pages: list[tuple[dict, tuple[str, str]]] = []
            self.page_group = ("", title)

        def showPage(self):  # noqa: N802 (reportlab's name)
            self._pages.append((dict(self.__dict__), self.page_group))
            self._startPage()

        def save(self):
            counts = Counter(group[0] for _, group in self._pages)
            seen: Counter[str] = Counter()
            for state, (key, group_title) in self._pages:
                self.__dict__.update(state)
                seen[key] += 1
                self._decorate(group_title, seen[key], counts[key])
                Canvas.showPage(self)
            Canvas.save(self)

        def _decorate(self, group_title: str, number: int, count: int):
            width, height = self._pagesize
            top = height - MARGIN - 4
            text, size = fit(group_title, width - 2 * MARGIN - 80, 9, bold=True)
            self.setFont(FONT_BOLD, size)
            self.drawString(MARGIN, top, text)
            self.setFont(FONT, 8)
            # Translators: the top right corner of every PDF page
            self.drawRightString(width - MARGIN, top, gettext("page %(number)s of %(count)s")
                                 % {"number": number, "count": count})
            self.setLineWidth(0.4)
            self.line(MARGIN, top - 3, width - MARGIN, top - 3)
            self.setFont(FONT, 6.5)
            # Translators: the foot of every PDF page; the date and time it was printed
            self.drawString(MARGIN, MARGIN - 2, gettext("printed %(when)s") % {
                "when": date_format(printed_at, "SHORT_DATETIME_FORMAT")})

    return NumberedCanvas


def render(story_builder: Callable[[Layout], list[Flowable]], handle: IO[bytes], *,
           title: str, paper_name: str = DEFAULT_PAPER,
           printed_at: datetime.datetime | None = None) -> None:
    """Write the PDF of ``story_builder(layout)``'s flowables to the file-like ``handle``."""
    register_fonts()
    size = PAPERS[paper(paper_name)]
    doc = SimpleDocTemplate(handle, pagesize=size, title=title, author="",
                            leftMargin=MARGIN, rightMargin=MARGIN,
                            topMargin=MARGIN + HEADER, bottomMargin=MARGIN + FOOTER)
    layout = Layout(paper(paper_name), doc.width, doc.height)
    printed = printed_at or datetime.datetime.now()
    doc.build(story_builder(layout), canvasmaker=_canvas_class(title, printed))
