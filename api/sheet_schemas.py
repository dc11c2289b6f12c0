"""The shapes of a table's score sheet in the API, and of a deal sent to it."""

from __future__ import annotations

from typing import Annotated

from ninja import Field, Schema
from pydantic import StringConstraints, field_validator

# a record's value: the canonical record's keys hold flags, whole numbers and game words
RecordValue = bool | int | Annotated[str, StringConstraints(max_length=40)] | None
RECORD_KEYS_MAX = 32


class SheetSeat(Schema):
    seat: int
    number: int = Field(description="The player's participant number.")
    name: str


class StoredDeal(Schema):
    number: int
    dealer: int = Field(description="The dealer's seat (derived from the deal's number).")
    declarer: int | None
    contra_by: int | None
    revoked_by: int | None
    record: dict = Field(description="The canonical deal record (docs/architecture.md).")
    outcome: dict = Field(description="The engine's outcome: won, value, basis, levels, …")
    value: int
    game: str = Field(description="The deal in words, as the sheet says it.")
    points: dict[str, int] = Field(description="What the deal adds to each seat's Points, "
                                               "by seat.")


class SheetPenalty(Schema):
    seat: int
    reason: str
    text: str
    points: int
    after_deal: int
    deal: int | None


class Sheet(Schema):
    tournament: str
    series: int
    table: int
    sheet_status: str = Field(description="open, submitted or confirmed.")
    sheet_version: int = Field(description="Send it back with a deal: a sheet changed since "
                                           "refuses the deal (409).")
    deal_count: int
    next_deal: int | None = Field(description="The deal to enter next; null: all entered.")
    next_dealer: int | None
    seats: list[SheetSeat]
    totals: list[int] | None = Field(description="Each seat's total; null while a blind "
                                                 "check hides them.")
    deals: list[StoredDeal]
    penalties: list[SheetPenalty]


class DealIn(Schema):
    """A deal for the table's sheet: the canonical record and the seats it names, the deal it
    means and the sheet's version the client last saw (from the sheet's answer)."""

    number: int = Field(ge=1, le=1000, description="The deal this is: the sheet's next_deal.")
    sheet_version: int = Field(ge=0, le=2_147_483_647)
    record: dict[str, RecordValue] = Field(description="The canonical deal record: game, "
                                                       "trump, matadors, card_points, …")
    declarer: int | None = Field(None, ge=1, le=4)
    contra_by: int | None = Field(None, ge=1, le=4)
    revoked_by: int | None = Field(None, ge=1, le=4)
    deck: int | None = Field(None, ge=1, le=1000, description="At a comparative table: the "
                                                               "number on the deck, checked "
                                                               "as the sheet's form checks it.")
    scorekeeper: str = Field("", max_length=120, description="Who enters (the audit log's "
                                                              "name).")

    @field_validator("record")
    @classmethod
    def _few_keys(cls, record: dict) -> dict:
        if len(record) > RECORD_KEYS_MAX:
            raise ValueError(f"a deal record has at most {RECORD_KEYS_MAX} keys")
        return record


class Entered(Schema):
    deal: StoredDeal
    totals: list[int] | None
    sheet_version: int
    next_deal: int | None
