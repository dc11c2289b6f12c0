"""The ``<fmt:fmt>`` of a download's URL: one of the formats of ``exports.files``."""

from django.urls import register_converter

from exports.files import FORMATS


class FormatConverter:
    regex = "|".join(FORMATS)

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(FormatConverter, "fmt")
