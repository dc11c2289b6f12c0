"""The organizer's money pages, under ``organize/<slug>/money/`` (docs/money.md)."""

from django.urls import path

from exports import converters  # noqa: F401  (registers <fmt:…>)
from money.views import payouts, settings

urlpatterns = [
    path("money/", settings.money_settings_page, name="settings"),
    path("money/payouts/", payouts.payouts, name="payouts"),
    path("money/payouts.pdf", payouts.payouts_pdf, name="payouts_pdf"),
    path("money/payouts.<fmt:fmt>", payouts.payouts_export, name="payouts_export"),
    path("money/cash-book/", payouts.cash_book, name="cash_book"),
    path("money/cash-book.<fmt:fmt>", payouts.cash_book_export, name="cash_book_export"),
]
