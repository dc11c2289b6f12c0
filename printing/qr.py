"""The QR code of a table's entry link, drawn by reportlab's own widget."""

from __future__ import annotations

from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing

LEVEL = "M"  # error correction: 15 % of the code may be smudged


def qr_drawing(link: str, size: float) -> Drawing:
    """A square drawing ``size`` points wide of ``link``'s QR code (its one node)."""
    widget = QrCodeWidget(link, barLevel=LEVEL)
    x0, y0, x1, y1 = widget.getBounds()
    sx, sy = size / (x1 - x0), size / (y1 - y0)
    drawing = Drawing(size, size, transform=[sx, 0, 0, sy, -x0 * sx, -y0 * sy])
    drawing.add(widget)
    return drawing


def matrix(widget: QrCodeWidget) -> list[list[bool]]:
    """The dark modules of the code a widget draws."""
    widget.draw()  # builds widget.qr
    code = widget.qr
    count = code.getModuleCount()
    return [[bool(code.isDark(row, col)) for col in range(count)] for row in range(count)]
