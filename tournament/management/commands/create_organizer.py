"""`manage.py create_organizer`: create an organizer account (or set its password).

An organizer is an ordinary account: he creates tournaments and runs his own; what he may do
in each tournament is decided per tournament. ``--superuser`` makes the site administrator
(the Django admin, every tournament). The password passes Django's password validators.
"""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext

DEV_PASSWORD = "grand-ouvert-1908"


class Command(BaseCommand):
    @property
    def help(self):  # argparse needs a str, not a lazy translation
        return gettext(
            "Create an organizer account, or set its password if it exists. Without --password "
            "the password is '%(password)s', which is allowed only when DEBUG is on. "
            "--superuser makes the site administrator instead.") % {"password": DEV_PASSWORD}

    def add_arguments(self, parser):
        parser.add_argument("--username", default="organizer")
        parser.add_argument("--password", default=None)
        parser.add_argument("--superuser", action="store_true",
                            help=gettext("the site administrator: the Django admin and every "
                                         "tournament"))
        parser.add_argument("--site-url", default="http://127.0.0.1:8000",
                            help=gettext("where the site is served, for the login address "
                                         "printed"))

    def handle(self, *args, username, password, superuser, site_url, **options):
        shown = gettext("(the one given with --password)") if password else DEV_PASSWORD
        if not password:
            if not settings.DEBUG:
                raise CommandError(
                    gettext("DEBUG is off: give the organizer a real password with --password.")
                )
            password = DEV_PASSWORD

        User = get_user_model()
        user = User.objects.filter(username=username).first() or User(username=username)
        created = user.pk is None
        try:
            validate_password(password, user)
        except ValidationError as exc:
            raise CommandError(gettext("The password is refused: %(reasons)s")
                               % {"reasons": " ".join(exc.messages)}) from None
        user.is_staff = user.is_superuser = superuser
        user.is_active = True
        user.set_password(password)
        user.save()

        if superuser:
            done = (gettext("Created site administrator account '%(username)s'.") if created
                    else gettext("Updated site administrator account '%(username)s'."))
        else:
            done = (gettext("Created organizer account '%(username)s'.") if created
                    else gettext("Updated organizer account '%(username)s'."))
        self.stdout.write(done % {"username": username})
        self.stdout.write(
            gettext("Organizer login: %(address)s  user: %(username)s  password: %(password)s")
            % {"address": f"{site_url.rstrip('/')}/login/", "username": username,
               "password": shown}
        )
