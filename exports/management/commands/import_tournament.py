"""`manage.py import_tournament FILE [--owner USER] [--slug SLUG] [--check]`: a tournament
file read into this site as a new tournament, every deal scored again by the rules; a file
refused names each place at fault and saves nothing."""

import os
import sys

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext

from exports.tournament_file.document import MAX_BYTES, FileRefused
from exports.tournament_file.load import read_file


class Command(BaseCommand):
    @property
    def help(self):  # argparse needs a str, not a lazy translation
        return gettext("Read a tournament file (export_tournament's) into this site as a new "
                       "tournament under a free short name, in one transaction; every deal is "
                       "scored again and a file whose stored outcome the rules do not give is "
                       "refused. “-” reads standard input.")

    def add_arguments(self, parser):
        parser.add_argument("file", help=gettext("the tournament file (.json), or -"))
        parser.add_argument("--owner", default=None,
                            help=gettext("the account that organizes the new tournament"))
        parser.add_argument("--slug", default=None,
                            help=gettext("its short name instead of the file's (the next free "
                                         "one, -2, -3 …, if taken)"))
        parser.add_argument("--check", action="store_true",
                            help=gettext("read and check the file, save nothing"))

    def handle(self, *args, file, owner, slug, check, **options):
        user = None
        if owner is not None:
            user = get_user_model().objects.filter(username=owner).first()
            if user is None:
                raise CommandError(gettext("No account is called “%(owner)s”; create it with "
                                           "create_organizer first.") % {"owner": owner})
        data = self._read(file)
        try:
            imported = read_file(data, user, slug=slug, dry_run=check)
        except FileRefused as refused:
            raise CommandError("\n".join(
                [gettext("%(file)s is refused; nothing was saved:") % {"file": file},
                 *(f"  {problem}" for problem in refused.problems)])) from None
        words = {"name": imported.tournament.name, "slug": imported.slug,
                 "entries": imported.entries, "series": imported.series,
                 "deals": imported.deals}
        if check:
            self.stdout.write(gettext("The file is good: %(name)s would be imported as "
                                      "“%(slug)s” (%(entries)s players, %(series)s series, "
                                      "%(deals)s deals). Nothing was saved.") % words)
            return
        self.stdout.write(gettext("Imported %(name)s as “%(slug)s”: %(entries)s players, "
                                  "%(series)s series, %(deals)s deals.") % words)
        if user is None:
            self.stdout.write(gettext("It has no organizer yet: import it with --owner, or add "
                                      "one in the Django admin."))

    def _read(self, file: str) -> bytes:
        """The file's bytes; one larger than a tournament file may be is refused unread."""
        too_large = CommandError(gettext("%(file)s is larger than %(limit)s MB, the most a "
                                         "tournament file may have; nothing was read.")
                                 % {"file": file, "limit": MAX_BYTES // 2**20})
        if file == "-":
            data = sys.stdin.buffer.read(MAX_BYTES + 1)
            if len(data) > MAX_BYTES:
                raise too_large
            return data
        try:
            if os.stat(file).st_size > MAX_BYTES:
                raise too_large
            with open(file, "rb") as handle:
                return handle.read(MAX_BYTES + 1)
        except OSError as exc:
            raise CommandError(gettext("Cannot read %(file)s: %(error)s")
                               % {"file": file, "error": exc.strerror}) from None
