"""Text drawn straight on the canvas, for the pages of the seating charts and the seat slips
(``printing.seating``, ``printing.seat_slips``): a ``Page`` the size of the frame's usable
area, painted by a function, and ``draw_text``, which fits a line to its width by narrowing it
first (``squeeze``), then making it smaller, then cutting it."""

from __future__ import annotations

from collections.abc import Callable

from reportlab.lib import colors
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from printing.base import FONT, FONT_BOLD, Layout, fit

FRAME_PADDING = 6  # reportlab's Frame pads its flowables by 6 points on every side
INK = colors.black
SQUEEZE = 80.0  # a long name is narrowed down to this many per cent before it is made smaller


def usable(layout: Layout) -> tuple[float, float]:
    """The width and height a flowable may take inside the frame (one point spare)."""
    return layout.width - 2 * FRAME_PADDING, layout.height - 2 * FRAME_PADDING - 1


class Page(Flowable):
    """A page's content drawn straight on the canvas: ``paint(canvas, width, height)`` with the
    origin at the bottom left of the frame's usable area."""

    def __init__(self, width: float, height: float, paint: Callable[[Canvas, float, float],
                                                                     None]):
        super().__init__()
        self.width, self.height, self.paint = width, height, paint

    def wrap(self, available_width, available_height):
        return self.width, self.height

    def draw(self):
        self.paint(self.canv, self.width, self.height)


def squeeze(text: str, width: float, size: float, *, bold: bool = False,
            smallest: float = 5) -> tuple[str, float, float]:
    """``text``, its size and its horizontal scale (per cent) to fit ``width`` on one line:
    first narrowed down to ``SQUEEZE`` per cent at its size, then smaller, then cut."""
    font = FONT_BOLD if bold else FONT
    natural = pdfmetrics.stringWidth(text, font, size)
    if natural <= width:
        return text, size, 100.0
    if natural * SQUEEZE / 100 <= width:
        return text, size, max(SQUEEZE, 100 * width / natural)
    text, size = fit(text, width * 100 / SQUEEZE, size, bold=bold, smallest=smallest)
    return text, size, SQUEEZE


def draw_text(canv: Canvas, x: float, y: float, text: str, width: float, size: float, *,
          bold: bool = False, right: bool = False, centre: bool = False, ink=INK,
          smallest: float = 5) -> float:
    """Draw ``text`` in ``width`` points from ``x``; returns the width it took."""
    text, size, scale = squeeze(text, width, size, bold=bold, smallest=smallest)
    font = FONT_BOLD if bold else FONT
    taken = pdfmetrics.stringWidth(text, font, size) * scale / 100
    if right:
        x += width - taken
    elif centre:
        x += (width - taken) / 2
    line = canv.beginText(x, y)
    line.setFont(font, size)
    line.setHorizScale(scale)
    line.setFillColor(ink)
    line.textOut(text)
    canv.drawText(line)
    return taken
