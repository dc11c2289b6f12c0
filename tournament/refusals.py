"""One refusal type for every change the site refuses (the engine's ``InvalidRecord`` is the
model): a sentence the person at the table or the door understands, and the form field at
fault. Views, forms and an API treat every refusal alike."""

from __future__ import annotations

WHOLE_FORM = "__all__"


class Refusal(ValueError):
    """A refused change: ``message`` for the person (translated: ``gettext``, or a
    ``gettext_lazy`` constant), ``field`` the form field at fault."""

    def __init__(self, message: str, field: str = WHOLE_FORM) -> None:
        super().__init__(message)
        self.message = message
        self.field = field

    def __str__(self) -> str:
        return str(self.message)  # a lazy translation, said in the active language


def show_on_form(form, refusal: Refusal) -> None:
    """Put a refusal on its field of ``form``, or on the whole form when it has no such field."""
    field = refusal.field if refusal.field in form.fields else None
    form.add_error(field, refusal.message)
