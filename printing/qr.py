"""The QR code of a table's entry link: reportlab's encoder, drawn straight on the canvas.

The encoder runs once per code (reportlab's widget encodes it again for its bounds and for
drawing, which made a sheet's QR code cost more than the rest of the sheet)."""

from __future__ import annotations

import itertools

from reportlab.graphics.barcode import qrencoder
from reportlab.platypus import Flowable

LEVEL = "M"  # error correction: 15 % of the code may be smudged
QUIET = 4  # modules of white around the code, as the standard asks


def encode(link: str) -> list[list[bool]]:
    """The dark modules of ``link``'s code, row by row from the top."""
    code = qrencoder.QRCode(None, getattr(qrencoder.QRErrorCorrectLevel, LEVEL))
    code.addData(link)
    code.make()
    return [[bool(dark) for dark in row] for row in code.modules]


class QrCode(Flowable):
    """A square ``size`` points wide: the code of ``link`` with its quiet zone."""

    def __init__(self, link: str, size: float):
        super().__init__()
        self.link, self.size = link, size
        self.modules = encode(link)
        self.width = self.height = size

    def wrap(self, available_width, available_height):
        return self.size, self.size

    def draw(self):
        count = len(self.modules)
        box = self.size / (count + 2 * QUIET)
        self.canv.setFillColorRGB(0, 0, 0)
        for r, row in enumerate(self.modules):
            column = 0
            y = self.size - (r + QUIET + 1) * box
            for dark, run in itertools.groupby(row):
                length = len(list(run))
                if dark:
                    self.canv.rect((column + QUIET) * box, y, length * box, box,
                                   stroke=0, fill=1)
                column += length
