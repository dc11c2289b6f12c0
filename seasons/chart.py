"""A player's season as an inline SVG, drawn on the server (no script): above, the running
total of his counted results; below, each result he played (counted: a filled dot, dropped:
a hollow dot crossed, with the word) and the running average over the units played. Colours
and shapes by presentation attributes only (the site's Content-Security-Policy allows no
inline style). The viewBox is 420 wide: its 14-unit words read at 12 px on a 390 px phone."""

from __future__ import annotations

import datetime
import math

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from seasons.season_rows import COUNTED, DROPPED, ChartPoint

WIDTH = 420
LEFT, RIGHT = 54, 14
PANEL = 150  # the height of each panel's plot
TOTAL_TOP, AVERAGE_TOP = 34, 34 + PANEL + 64
HEIGHT = AVERAGE_TOP + PANEL + 58
TOTAL_COLOUR, AVERAGE_COLOUR, SCORE_COLOUR, DROP_COLOUR = ("#1f5f8b", "#a34b00", "#333333",
                                                           "#b00020")
FONT = 'font-family="sans-serif" font-size="14"'


def _ticks(low: float, high: float, count: int = 4) -> list[float]:
    """Round numbers from ``low`` to ``high`` (both within)."""
    if high <= low:
        high = low + 1
    raw = (high - low) / count
    step = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 2.5, 5, 10):
        if raw <= step * factor:
            step *= factor
            break
    first = math.floor(low / step) * step
    found = []
    value = first
    while value <= high + step * 0.001:
        found.append(value)
        value += step
    if found[-1] < high:
        found.append(found[-1] + step)
    return found


def _number(value: float) -> str:
    if abs(value) >= 1 or value == 0:
        return f"{value:,.0f}".replace(",", "\u202f")
    return f"{value:.2f}"


def _day(iso: str) -> str:
    return datetime.date.fromisoformat(iso).strftime("%d.%m.")


class _Panel:
    def __init__(self, top: int, low: float, high: float, count: int):
        self.top = top
        self.ticks = _ticks(min(low, 0), max(high, 0))
        self.low, self.high = self.ticks[0], self.ticks[-1]
        self.count = count

    def x(self, index: int) -> float:
        span = WIDTH - LEFT - RIGHT
        return LEFT + (span / 2 if self.count <= 1 else span * index / (self.count - 1))

    def y(self, value: float) -> float:
        return self.top + PANEL - (value - self.low) / (self.high - self.low) * PANEL

    def axes(self, title: str, points: list[ChartPoint]) -> list[str]:
        parts = [f'<text x="{LEFT}" y="{self.top - 12}" {FONT} font-weight="bold">'
                 f'{escape(title)}</text>']
        for tick in self.ticks:
            y = self.y(tick)
            colour = "#888888" if tick == 0 else "#dddddd"
            parts.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y:.1f}" y2="{y:.1f}" '
                         f'stroke="{colour}" stroke-width="1"/>')
            parts.append(f'<text x="{LEFT - 6}" y="{y + 4:.1f}" {FONT} text-anchor="end">'
                         f'{_number(tick)}</text>')
        bottom = self.top + PANEL
        parts.append(f'<line x1="{LEFT}" x2="{LEFT}" y1="{self.top}" y2="{bottom}" '
                     f'stroke="#555555"/>')
        if points:
            shown = {0, len(points) - 1, (len(points) - 1) // 2}
            for i in sorted(shown):
                anchor = "start" if i == 0 and len(points) > 1 else (
                    "end" if i == len(points) - 1 and len(points) > 1 else "middle")
                parts.append(f'<text x="{self.x(i):.1f}" y="{bottom + 18}" {FONT} '
                             f'text-anchor="{anchor}">{_day(points[i].unit.day)}</text>')
        return parts


def _title(point: ChartPoint) -> str:
    unit = point.unit
    where = _day(unit.day) if unit.series is None else gettext(
        "%(day)s series %(series)s") % {"day": _day(unit.day), "series": unit.series}
    words = {COUNTED: gettext("counted"), DROPPED: gettext("dropped")}.get(point.state, "")
    return escape(f"{where}: {point.score} ({words})")


def season_chart(points: list[ChartPoint]) -> SafeString:
    """The SVG of ``points`` (every unit of the season, missed ones included)."""
    count = len(points)
    totals = [p.total for p in points] or [0]
    played = [p for p in points if p.score is not None]
    values = [float(p.score) for p in played] + [float(p.average) for p in points
                                                 if p.average is not None]
    upper = _Panel(TOTAL_TOP, min(totals), max(totals), count)
    lower = _Panel(AVERAGE_TOP, min(values or [0]), max(values or [0]), count)
    label = gettext("Running total of the counted results, and each result with the "
                    "running average")
    parts = [f'<svg class="season-chart" xmlns="http://www.w3.org/2000/svg" '
             f'viewBox="0 0 {WIDTH} {HEIGHT}" width="100%" role="img" '
             f'aria-label="{escape(label)}">', f"<title>{escape(label)}</title>"]
    parts += upper.axes(gettext("Running total (counted results)"), points)
    line = " ".join(f"{upper.x(p.index):.1f},{upper.y(p.total):.1f}" for p in points)
    if line:
        parts.append(f'<polyline class="total" points="{line}" fill="none" '
                     f'stroke="{TOTAL_COLOUR}" stroke-width="2.5"/>')
    parts += lower.axes(gettext("Each result and the running average"), points)
    average = " ".join(f"{lower.x(p.index):.1f},{lower.y(float(p.average)):.1f}"
                       for p in points if p.average is not None)
    if average:
        parts.append(f'<polyline class="average" points="{average}" fill="none" '
                     f'stroke="{AVERAGE_COLOUR}" stroke-width="2.5" stroke-dasharray="6 3"/>')
    for p in played:
        x, y = lower.x(p.index), lower.y(float(p.score or 0))
        if p.state == DROPPED:
            parts.append(f'<g class="dropped"><title>{_title(p)}</title>'
                         f'<circle cx="{x:.1f}" cy="{y:.1f}" r="6" fill="#ffffff" '
                         f'stroke="{DROP_COLOUR}" stroke-width="2"/>'
                         f'<path d="M{x - 4:.1f},{y - 4:.1f} L{x + 4:.1f},{y + 4:.1f} '
                         f'M{x - 4:.1f},{y + 4:.1f} L{x + 4:.1f},{y - 4:.1f}" '
                         f'stroke="{DROP_COLOUR}" stroke-width="2"/>'
                         f'<text x="{x:.1f}" y="{y - 10:.1f}" {FONT} '
                         f'text-anchor="{_anchor(x)}" '
                         f'fill="{DROP_COLOUR}">{escape(gettext("dropped"))}</text></g>')
        else:
            parts.append(f'<circle class="counted" cx="{x:.1f}" cy="{y:.1f}" r="4" '
                         f'fill="{SCORE_COLOUR}"><title>{_title(p)}</title></circle>')
    parts += _legend(HEIGHT - 16)
    parts.append("</svg>")
    return mark_safe("".join(parts))  # every text above is escaped


def _legend(y: int) -> list[str]:
    items = [
        (f'<line x1="0" x2="22" y1="0" y2="0" stroke="{TOTAL_COLOUR}" stroke-width="2.5"/>',
         gettext("total")),
        (f'<line x1="0" x2="22" y1="0" y2="0" stroke="{AVERAGE_COLOUR}" stroke-width="2.5" '
         f'stroke-dasharray="6 3"/>', gettext("average")),
        (f'<circle cx="11" cy="0" r="4" fill="{SCORE_COLOUR}"/>', gettext("counted")),
        (f'<circle cx="11" cy="0" r="6" fill="#ffffff" stroke="{DROP_COLOUR}" '
         f'stroke-width="2"/>', gettext("dropped")),
    ]
    parts = []
    x = 8
    for mark, word in items:
        parts.append(f'<g transform="translate({x},{y})">{mark}<text x="28" y="4" {FONT}>'
                     f'{escape(word)}</text></g>')
        x += 104
    return parts


def _anchor(x: float) -> str:
    """A word beside a marker stays inside the chart at either edge."""
    if x > WIDTH - RIGHT - 30:
        return "end"
    return "start" if x < LEFT + 30 else "middle"
