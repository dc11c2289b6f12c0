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
        # One literal path in module units: a rect per run of dark modules, each with its
        # coordinates formatted by reportlab would cost more than the rest of a sheet.
        count = len(self.modules)
        box = self.size / (count + 2 * QUIET)
        runs = []
        for r, row in enumerate(self.modules):
            column = 0
            y = count + QUIET - r - 1
            for dark, run in itertools.groupby(row):
                length = len(list(run))
                if dark:
                    runs.append(f"{column + QUIET} {y} {length} 1 re")
                column += length
        self.canv.saveState()
        self.canv.setFillColorRGB(0, 0, 0)
        self.canv.addLiteral(f"{box:.5f} 0 0 {box:.5f} 0 0 cm\n" + "\n".join(runs) + "\nf")
        self.canv.restoreState()
