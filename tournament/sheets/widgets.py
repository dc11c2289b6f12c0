"""The sheet's forms' inputs and selects written in Python, in Django's own markup.

The sheet page is rendered after every deal a phone saves; its deal form has some twenty
fields, and Django's widget templates (an include per attribute list, per option) took about
a third of the page's time. ``QuickWidgets`` writes the same markup for the plain inputs and
the selects and leaves every other widget to Django's templates;
``tests/tournament/test_quick_widgets.py`` holds the two to the same output."""

from __future__ import annotations

from django.forms.renderers import DjangoTemplates
from django.utils.functional import Promise
from django.utils.html import escape
from django.utils.safestring import SafeData

_INPUTS = {f"django/forms/widgets/{kind}.html"
           for kind in ("input", "text", "number", "hidden", "checkbox", "email", "password")}
_SELECT = "django/forms/widgets/select.html"
_OPTION = "django/forms/widgets/select_option.html"


class _Unusual(Exception):
    """A value the template would localize or format: left to the template."""


def _formatted(value) -> str:
    """``{{ value|stringformat:'s' }}``: escaped unless already safe."""
    return str(value) if isinstance(value, SafeData) else escape(str(value))


def _plain(value) -> str:
    """``{{ value }}`` for a text (a number or a date the template would localize)."""
    if isinstance(value, SafeData):
        return str(value)
    if isinstance(value, str | Promise):
        return escape(str(value))
    raise _Unusual


def _attrs(attrs: dict) -> str:
    """``django/forms/widgets/attrs.html``."""
    out = []
    for name, value in attrs.items():
        if value is False:
            continue
        out.append(f" {_plain(name)}" if value is True
                   else f' {_plain(name)}="{_formatted(value)}"')
    return "".join(out)


def _input(widget: dict) -> str:
    value = widget["value"]
    shown = "" if value is None else f' value="{_formatted(value)}"'
    return (f'<input type="{_plain(widget["type"])}" name="{_plain(widget["name"])}"{shown}'
            f'{_attrs(widget["attrs"])}>')


def _option(option: dict) -> str:
    if option["template_name"] != _OPTION:
        raise _Unusual
    return (f'<option value="{_formatted(option["value"])}"{_attrs(option["attrs"])}>'
            f'{_plain(option["label"])}</option>\n')  # the template's own last line break


def _select(widget: dict) -> str:
    out = [f'<select name="{_plain(widget["name"])}"{_attrs(widget["attrs"])}>']
    for group_name, group_choices, _index in widget["optgroups"]:
        if group_name:
            out.append(f'\n  <optgroup label="{_plain(group_name)}">')
        out.extend(f"\n  {_option(option)}" for option in group_choices)
        if group_name:
            out.append("\n  </optgroup>")
    out.append("\n</select>")
    return "".join(out)


class QuickWidgets(DjangoTemplates):
    """Django's form renderer, with the inputs and selects written without a template."""

    def render(self, template_name, context, request=None):
        writer = _input if template_name in _INPUTS else (
            _select if template_name == _SELECT else None)
        if writer is not None and set(context) == {"widget"}:
            try:
                return writer(context["widget"]).strip()
            except _Unusual:
                pass
        return super().render(template_name, context, request)


QUICK = QuickWidgets()
