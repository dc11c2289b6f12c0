"""A score sheet's deal rows on paper, drawn straight on the canvas: a platypus Table resolves
a style for every cell, which made the rows of a sheet cost more than the rest of it together.
``Cells`` fits each text to its column; ``Grid`` draws them, splits across pages and repeats
the first row. ``printing.score_sheets`` fills them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.platypus import Flowable

from printing.base import FONT, FONT_BOLD, fit

SIZE = 7  # the rows' font size


@dataclass(frozen=True)
class Cell:
    text: str
    size: float = SIZE
    bold: bool = False


class Grid(Flowable):
    """The deal rows drawn straight on the canvas: a platypus Table resolves a style for
    every cell, which made the rows of a sheet cost more than the rest of it together.
    Columns 0 and 4 onwards (numbers) are right-aligned; the first row repeats on every page."""

    RIGHT_FROM = 4

    def __init__(self, widths: list[float], heights: list[float], rows: list[list[Cell]],
                 fills: dict[tuple[int, int], colors.Color], rules: frozenset[int]):
        super().__init__()
        self.widths, self.heights, self.rows = widths, heights, rows
        self.fills, self.rules = fills, rules  # (row, column) → colour; rows with a rule above
        self.width, self.height = sum(widths), sum(heights)

    def wrap(self, available_width, available_height):
        return self.width, self.height

    def split(self, available_width, available_height):
        if self.height <= available_height or len(self.rows) < 3:
            return []
        used, cut = 0.0, 0
        while cut < len(self.rows) and used + self.heights[cut] <= available_height:
            used += self.heights[cut]
            cut += 1
        if cut < 2:
            return []
        head = Grid(self.widths, self.heights[:cut], self.rows[:cut],
                    {k: v for k, v in self.fills.items() if k[0] < cut},
                    frozenset(r for r in self.rules if r < cut))
        tail_rows = [self.rows[0], *self.rows[cut:]]
        tail = Grid(self.widths, [self.heights[0], *self.heights[cut:]], tail_rows,
                    {((r - cut + 1) if r else 0, c): v for (r, c), v in self.fills.items()
                     if r >= cut or r == 0},
                    frozenset(r - cut + 1 for r in self.rules if r >= cut))
        return [head, tail]

    def draw(self):
        canvas = self.canv
        lefts = [sum(self.widths[:c]) for c in range(len(self.widths))]
        tops = [self.height - sum(self.heights[:r]) for r in range(len(self.rows) + 1)]
        for (r, c), colour in self.fills.items():
            canvas.setFillColor(colour)
            canvas.rect(lefts[c], tops[r + 1], self.widths[c], self.heights[r], stroke=0, fill=1)
        canvas.setFillColor(colors.black)
        for r, row in enumerate(self.rows):
            for c, cell in enumerate(row):
                if not cell.text:
                    continue
                canvas.setFont(FONT_BOLD if cell.bold else FONT, cell.size)
                y = tops[r + 1] + (self.heights[r] - cell.size * 0.7) / 2
                if c == 0 or c >= self.RIGHT_FROM:
                    canvas.drawRightString(lefts[c] + self.widths[c] - 2, y, cell.text)
                else:
                    canvas.drawString(lefts[c] + 2, y, cell.text)
        canvas.setStrokeColor(colors.grey)
        canvas.setLineWidth(0.3)
        for x in [*lefts, self.width]:
            canvas.line(x, 0, x, self.height)
        for top in tops:
            canvas.line(0, top, self.width, top)
        canvas.setStrokeColor(colors.black)
        canvas.setLineWidth(0.8)
        canvas.line(0, tops[1], self.width, tops[1])
        canvas.setLineWidth(1.2)
        for r in self.rules:
            canvas.line(0, tops[r], self.width, tops[r])


class Cells:
    """A sheet's rows as cells: each text fitted to its column."""

    def __init__(self, widths: list[float]):
        self.widths = widths
        self.rows: list[list[Cell]] = []
        self.fills: dict[tuple[int, int], colors.Color] = {}

    def row(self, texts: list[str], bold: Iterable[int] = (), size: float = SIZE) -> int:
        heavy = set(bold)
        line = []
        for c, text in enumerate(texts):
            text, fitted = fit(text, self.widths[c] - 4, size, bold=c in heavy)
            line.append(Cell(text, fitted, c in heavy))
        self.rows.append(line)
        return len(self.rows) - 1

    def fill(self, row: int, columns: Iterable[int], colour: colors.Color) -> None:
        for c in columns:
            self.fills[(row, c)] = colour
