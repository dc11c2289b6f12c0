"""``makemessages`` as the project keeps its catalogs (``make messages``; docs/translation.md):
every language of ``settings.LANGUAGES`` but English (the msgids are English), no source lines
(a line moved elsewhere changes nothing in the catalog), no obsolete entries, and only the
site's code: not the tests, the benchmarks or collected static files."""

from django.conf import settings
from django.core.management.commands import makemessages

IGNORED = ["tests/*", "bench/*", "staticfiles/*", "docs/*", "locale/*"]


class Command(makemessages.Command):
    def handle(self, *args, **options):
        if not options["locale"] and not options["all"]:
            options["locale"] = [code for code, _name in settings.LANGUAGES if code != "en"]
        options["no_location"] = True
        options["no_obsolete"] = True
        options["ignore_patterns"] = [*options["ignore_patterns"], *IGNORED]
        return super().handle(*args, **options)
