"""The tournament file's envelope: its bytes read as JSON (the size first, then the encoding),
its format and version; the walk over every value (nesting, numbers, text), and the small
readers every key of the format is checked with (``shape`` lists the keys). Every refusal
names its place as a JSON path, ``series[1].tables[3].deals[6].card_points`` (from 0)."""

from __future__ import annotations

import datetime
import json
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from django.core.exceptions import ValidationError
from django.db import models
from django.db.backends.base.operations import BaseDatabaseOperations
from django.utils.translation import gettext as _

FORMAT = "skat-congress/tournament"
VERSION = 3  # raised with every change of the format (docs/tournament-file.md)
# The versions this site reads: 1 is 2 without the outer apps' parts (the money's rules);
# 2 is 3 without the tournament's provisional_public (read as false).
READS = (1, 2, 3)
MAX_BYTES = 45 * 2**20  # 47 MB: a congress of 110,000 deals writes about 33 MB
MAX_DEPTH = 12  # the format nests 7 deep (a deck's hands); more is no tournament file
MAX_PROBLEMS = 100  # a refusal lists this many places, and stops looking
# every number of the format fits a database's integer column; a key's own range is narrower
WHOLE = BaseDatabaseOperations.integer_field_ranges["IntegerField"]


@dataclass(frozen=True)
class Problem:
    """One refusal: where in the document (a JSON path; "" for the whole file) and why."""

    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message


class FileRefused(Exception):
    """The file cannot be read into a tournament: every problem found, each at its place."""

    def __init__(self, problems: Iterable[Problem]):
        self.problems = list(problems)[:MAX_PROBLEMS]
        super().__init__("\n".join(str(p) for p in self.problems))


class TooMany(Exception):
    """Enough problems found: looking further would only lengthen the list."""


@dataclass
class Found:
    """The problems found so far; ``add`` returns ``INVALID`` for the reader to hand back."""

    problems: list[Problem] = field(default_factory=list)

    def add(self, path: str, message: str):
        if path and any(p.path == path for p in self.problems[-20:]):
            return INVALID  # one problem a place: a float is not also "not a whole number"
        # a hostile value echoed by a refusal stays short
        self.problems.append(Problem(path, message if len(message) <= 300
                                     else message[:300] + "…"))
        if len(self.problems) >= MAX_PROBLEMS:
            raise TooMany
        return INVALID

    def refuse(self) -> None:
        if self.problems:
            raise FileRefused(self.problems)


INVALID = type("Invalid", (), {"__repr__": lambda self: "INVALID", "__bool__": lambda s: False})()


def at(path: str, key: str | int) -> str:
    """The path of ``key`` (a name, or an index from 0) inside ``path``."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    shown = key if len(key) <= 40 else key[:40] + "…"  # a hostile key stays short in a message
    return f"{path}.{shown}" if path else shown


# --- the bytes -------------------------------------------------------------------------------

class _Constant(ValueError):
    pass


def _no_constant(name: str):
    raise _Constant(name)


def read_document(data: bytes) -> dict:
    """The document in ``data``, its format and version checked; raises FileRefused. Its
    values are ``shape.check_document``'s, which ``walk``s them first."""
    if len(data) > MAX_BYTES:
        raise FileRefused([Problem("", _(
            "The file has %(size)s MB; a tournament file may have at most %(limit)s MB.")
            % {"size": round(len(data) / 2**20, 1), "limit": MAX_BYTES // 2**20})])
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise FileRefused([Problem("", _("The file is not UTF-8 text (byte %(at)s).")
                                   % {"at": exc.start})]) from None
    try:
        document = json.loads(text, parse_constant=_no_constant)
    except _Constant as exc:
        raise FileRefused([Problem("", _("The file writes %(constant)s, which is no number of "
                                         "a tournament file.") % {"constant": exc})]) from None
    except json.JSONDecodeError as exc:
        raise FileRefused([Problem("", _("The file is not JSON: %(error)s at line %(line)s, "
                                         "column %(column)s.")
                                   % {"error": exc.msg, "line": exc.lineno,
                                      "column": exc.colno})]) from None
    except (ValueError, RecursionError):  # a number of thousands of digits, [[[[…]]]]
        raise FileRefused([Problem("", _("The file is not JSON a tournament file can be: a "
                                         "number thousands of digits long, or lists nested "
                                         "thousands deep."))]) from None
    problem = _envelope(document)
    if problem is not None:
        raise FileRefused([problem])
    return document


def walk(document, found: Found) -> None:
    """Every value of the document: nested at most ``MAX_DEPTH`` deep, numbers whole and of a
    size a database holds, text without NUL, control characters or lone surrogates (which no
    database stores and no page shows)."""
    stack = [(document, "", 0)]
    while stack:
        value, path, depth = stack.pop()
        if isinstance(value, dict):
            if depth >= MAX_DEPTH:
                found.add(path, _("is nested deeper than a tournament file goes."))
                continue
            for key in reversed(list(value)):
                bad = _bad_text(key)
                if bad:
                    found.add(at(path, key), bad)
                stack.append((value[key], at(path, key), depth + 1))
        elif isinstance(value, list):
            if depth >= MAX_DEPTH:
                found.add(path, _("is nested deeper than a tournament file goes."))
                continue
            stack.extend((item, at(path, i), depth + 1) for i, item in reversed(
                list(enumerate(value))))
        elif isinstance(value, str):
            bad = _bad_text(value)
            if bad:
                found.add(path, bad)
        elif isinstance(value, float):
            found.add(path, _("must be a whole number, not %(value)s.") % {"value": value})
        elif isinstance(value, int) and not isinstance(value, bool) and not (
                WHOLE[0] <= value <= WHOLE[1]):
            found.add(path, _("%(digits)s digits: no number of a tournament file is that "
                              "large.") % {"digits": len(str(abs(value)))})


def _bad_text(text: str) -> str | None:
    for ch in text:
        category = unicodedata.category(ch)
        if category == "Cs" or (category == "Cc" and ch not in "\t\n\r"):
            return _("holds the character U+%(code)04X, which text of a tournament file may "
                     "not hold.") % {"code": ord(ch)}
    return None


def _envelope(document) -> Problem | None:
    """What makes ``document`` no tournament file of this site's version, or None."""
    if not isinstance(document, dict):
        return Problem("", _("A tournament file is one JSON object; this file is not."))
    if document.get("format") != FORMAT:
        return Problem("format", _("must be “%(format)s”: this is not a tournament file of "
                                   "this site.") % {"format": FORMAT})
    version = document.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        return Problem("version", _("must be the format's version, a whole number from 1."))
    if version not in READS:
        return Problem("version", _("the file is of version %(version)s of the format; this "
                                    "site reads versions %(first)s to %(ours)s.")
                       % {"version": version, "first": READS[0], "ours": VERSION})
    return None


# --- the readers of one value ----------------------------------------------------------------

class Kind:
    """What one key holds. ``read`` returns the value as the database takes it, or INVALID
    after adding the problem."""

    null = False

    def read(self, value, path: str, found: Found):
        if value is None:
            return None if self.null else found.add(path, _("must not be null."))
        return self.check(value, path, found)

    def check(self, value, path: str, found: Found):
        raise NotImplementedError


@dataclass
class Text(Kind):
    max_length: int = 200
    blank: bool = True
    choices: tuple[str, ...] | None = None
    validators: tuple[Callable, ...] = ()
    null: bool = False

    def check(self, value, path, found):
        if not isinstance(value, str):
            return found.add(path, _("must be text."))
        if self.choices is not None and value not in self.choices and (value or not self.blank):
            return found.add(path, _("must be one of %(choices)s, not “%(value)s”.")
                             % {"choices": ", ".join(f"“{c}”" for c in self.choices),
                                "value": value[:40]})
        if not value and not self.blank:
            return found.add(path, _("must not be empty."))
        if len(value) > self.max_length:
            return found.add(path, _("is longer than %(max)s characters.")
                             % {"max": self.max_length})
        for validate in self.validators if value else ():  # an empty value is blank's
            try:
                validate(value)
            except ValidationError as exc:
                return found.add(path, " ".join(exc.messages))
        return value


@dataclass
class Whole(Kind):
    low: int = WHOLE[0]
    high: int = WHOLE[1]
    null: bool = False

    def check(self, value, path, found):
        if not isinstance(value, int) or isinstance(value, bool):
            return found.add(path, _("must be a whole number."))
        if not self.low <= value <= self.high:
            return found.add(path, _("must be from %(low)s to %(high)s, not %(value)s.")
                             % {"low": self.low, "high": self.high, "value": value})
        return value


@dataclass
class Flag(Kind):
    null: bool = False

    def check(self, value, path, found):
        return value if isinstance(value, bool) else found.add(path, _("must be true or false."))


@dataclass
class Day(Kind):
    null: bool = False

    def check(self, value, path, found):
        try:
            return datetime.date.fromisoformat(value) if isinstance(value, str) else _no()
        except ValueError:
            return found.add(path, _("must be a date written 2027-06-12."))


@dataclass
class Moment(Kind):
    null: bool = False

    def check(self, value, path, found):
        try:
            moment = datetime.datetime.fromisoformat(value) if isinstance(value, str) else _no()
        except ValueError:
            moment = None
        if moment is None or moment.tzinfo is None:
            return found.add(path, _("must be a date and time with its offset from UTC, "
                                     "written 2027-06-12T14:30:00+00:00."))
        return moment.astimezone(datetime.UTC)


@dataclass
class Amount(Kind):
    places: int = 4
    low: Decimal = Decimal("0")
    high: Decimal = Decimal("100")

    def check(self, value, path, found):
        try:
            amount = Decimal(value) if isinstance(value, str) else _no()
        except (InvalidOperation, ValueError):
            amount = None
        if amount is None or not amount.is_finite() or amount.as_tuple().exponent < -self.places:
            return found.add(path, _("must be a decimal number written as text with at most "
                                     "%(places)s decimals, e.g. “0.25”.") % {"places": self.places})
        if not self.low <= amount <= self.high:
            return found.add(path, _("must be from %(low)s to %(high)s.")
                             % {"low": self.low, "high": self.high})
        return amount


@dataclass
class Json(Kind):
    """Any JSON object (``shape`` or the engine judges what it holds), or null where allowed."""

    null: bool = False

    def check(self, value, path, found):
        return value if isinstance(value, dict) else found.add(path, _("must be an object."))


def _no():
    raise ValueError


def of_field(model: type[models.Model], name: str, **changes) -> Kind:
    """The reader of a model field's value: its type, length, choices, range and validators,
    and null where the column takes it."""
    column = model._meta.get_field(name)
    null = column.null
    if isinstance(column, models.BooleanField):
        kind: Kind = Flag(null=null)
    elif isinstance(column, models.IntegerField):
        low, high = BaseDatabaseOperations.integer_field_ranges[column.get_internal_type()]
        kind = Whole(low, high, null=null)
    elif isinstance(column, models.DateTimeField):
        kind = Moment(null=null)
    elif isinstance(column, models.DateField):
        kind = Day(null=null)
    elif isinstance(column, models.DecimalField):
        kind = Amount(column.decimal_places, *_range(column))
    elif isinstance(column, models.JSONField):
        kind = Json(null=null)
    else:
        choices = tuple(str(value) for value, _label in column.choices) if column.choices else None
        # free text may be empty, a form's "required" is no rule of the file (an anonymized
        # entry has no first name); a choice is one of its choices
        kind = Text(column.max_length or 10_000, column.blank if choices else True, choices,
                    tuple(column.validators), null=null)
    for key, value in changes.items():
        setattr(kind, key, value)
    return kind


def _range(column) -> tuple[Decimal, Decimal]:
    low = max((v.limit_value for v in column.validators if getattr(v, "code", "") == "min_value"),
              default=Decimal("0"))
    high = min((v.limit_value for v in column.validators if getattr(v, "code", "") == "max_value"),
               default=Decimal(10) ** (column.max_digits - column.decimal_places))
    return low, high


def older_tournament(document: dict, tournament):
    """A file of version 1 or 2 has no ``provisional_public``: the public saw no standings
    during play then, as the switch's default says."""
    if (isinstance(tournament, dict) and document.get("version", VERSION) < 3
            and "provisional_public" not in tournament):
        return {**tournament, "provisional_public": False}
    return tournament


def read_object(value, spec: dict[str, Kind], path: str, found: Found,
                rest: bool = False) -> dict | None:
    """The keys of ``spec`` read from the object ``value``: every key needed, none other
    (with ``rest``, the others are returned under ``"rest"`` for their own reader). None when
    ``value`` is not an object; a key's value INVALID when refused."""
    if not isinstance(value, dict):
        found.add(path, _("must be an object."))
        return None
    read = {}
    for key, kind in spec.items():
        if key not in value:
            found.add(at(path, key), _("is missing."))
            read[key] = INVALID
        else:
            read[key] = kind.read(value[key], at(path, key), found)
    others = {key: item for key, item in value.items() if key not in spec}
    if rest:
        read["rest"] = others
    else:
        for key in others:
            found.add(at(path, key), _("is not a key of this format (version %(version)s).")
                      % {"version": VERSION})
    return read


def read_list(value, path: str, found: Found) -> list:
    """``value`` as a list, or an empty one after the problem."""
    if value is INVALID:  # its problem is said already
        return []
    if isinstance(value, list):
        return value
    found.add(path, _("must be a list."))
    return []
