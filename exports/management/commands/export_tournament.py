"""`manage.py export_tournament SLUG [-o FILE]`: the whole tournament as its file
(docs/tournament-file.md), on standard output or into FILE."""

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext

from exports.tournament_file.dump import dumps, tournament_document
from tournament.models import Tournament


class Command(BaseCommand):
    @property
    def help(self):  # argparse needs a str, not a lazy translation
        return gettext("Write a whole tournament (settings, players, seating, every deal, the "
                       "results) as one JSON file, which import_tournament reads into any "
                       "site. It holds full names and e-mail addresses.")

    def add_arguments(self, parser):
        parser.add_argument("slug", help=gettext("the tournament's short name"))
        parser.add_argument("-o", "--output", default=None,
                            help=gettext("the file to write (default: standard output)"))

    def handle(self, *args, slug, output, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(gettext("No tournament has the short name “%(slug)s”.")
                               % {"slug": slug})
        text = dumps(tournament_document(tournament))
        if output is None:
            self.stdout.write(text, ending="")
            return
        try:
            with open(output, "w", encoding="utf-8") as file:
                file.write(text)
        except OSError as exc:
            raise CommandError(gettext("Cannot write %(file)s: %(error)s")
                               % {"file": output, "error": exc.strerror}) from None
        self.stderr.write(gettext("Wrote %(name)s to %(file)s.")
                          % {"name": tournament.name, "file": output})
