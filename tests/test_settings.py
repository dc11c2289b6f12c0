"""The settings: debug off unless asked for, no secret on the debug page, a clean
``check --deploy``, and SQLite set up for a room of phones saving at once."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import RequestFactory, override_settings
from django.views.debug import technical_500_response

ROOT = Path(__file__).resolve().parent.parent
SECRET = "s3cret-Skat-1908-pw"


def manage(*args, **env):
    """Run manage.py with config.settings and only the given DJANGO_*/DATABASE_URL variables."""
    clean = {k: v for k, v in os.environ.items()
             if not k.startswith(("DJANGO_", "DATABASE_URL"))}
    clean.update(env)
    clean["DJANGO_SETTINGS_MODULE"] = "config.settings"
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=clean,
                          capture_output=True, text=True, timeout=60)


def production_env(**extra):
    return {"DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": secrets.token_urlsafe(64),
            "DJANGO_ALLOWED_HOSTS": "skat.example.org", **extra}


def settings_value(name, **env):
    result = manage("shell", "-c", f"from django.conf import settings; print(settings.{name})",
                    **env)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip().splitlines()[-1]


def test_debug_is_off_unless_asked_for():
    assert settings_value("DEBUG", DJANGO_SECRET_KEY="x" * 60) == "False"
    assert settings_value("DEBUG", DJANGO_DEBUG="1") == "True"


def test_without_debug_the_secret_key_is_required():
    result = manage("check")
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY must be set when DJANGO_DEBUG=0" in result.stderr


def test_check_deploy_with_production_settings_warns_nothing():
    result = manage("check", "--deploy", **production_env())
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "WARNINGS" not in output and "W0" not in output, output
    assert "System check identified no issues" in output


def test_the_makefile_runs_the_development_server_with_debug():
    makefile = (ROOT / "Makefile").read_text()
    assert "run: export DJANGO_DEBUG ?= 1" in makefile


@pytest.mark.parametrize("meta_key", ["DATABASE_URL", "REDIS_URL", "PGPASSWORD"])
def test_the_debug_page_shows_no_password_from_the_environment(meta_key):
    request = RequestFactory().get("/boom/")
    request.META[meta_key] = f"postgres://skat:{SECRET}@db/skat"
    with override_settings(DEBUG=True, DATABASE_URL=f"postgres://skat:{SECRET}@db/skat",
                           CACHE_LOCATION=f"redis://:{SECRET}@cache:6379/0",
                           SENTRY_DSN=f"https://{SECRET}@sentry.example.org/1"):
        try:
            raise RuntimeError("boom")
        except RuntimeError:
            response = technical_500_response(request, *sys.exc_info())
    html = response.content.decode()
    assert response.status_code == 500 and "boom" in html
    assert meta_key in html  # the variable is listed, its secret is not
    assert SECRET not in html


def test_the_debug_page_keeps_urls_without_credentials():
    from config.reporting import CredentialsHidingFilter

    cleanse = CredentialsHidingFilter().cleanse_setting
    assert cleanse("HOME_PAGE", "https://skat.example.org/x") == "https://skat.example.org/x"
    assert cleanse("UPSTREAM", f"https://u:{SECRET}@h/") == "https://u:********************@h/"


def test_production_reads_each_template_once_through_the_cached_loader():
    """The sheet page renders after every deal saved: its templates must come from memory.
    Django wraps the loaders in its cached loader only while TEMPLATES sets no ``loaders``."""
    code = ("from django.template import engines; "
            "loader = engines['django'].engine.template_loaders[0]; "
            "print(type(loader).__module__, [type(x).__module__ for x in loader.loaders])")
    result = manage("shell", "-v", "0", "-c", code, **production_env())
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[0] == "django.template.loaders.cached"
    assert "django.template.loaders.app_directories" in result.stdout


def test_the_results_cache_is_compressed_at_zlibs_fastest_level(tmp_path):
    """config/caches.py: a congress's standings compressed in 6 ms rather than 35 ms."""
    import pickle
    import zlib

    from config.caches import FileCache

    cache = FileCache(str(tmp_path), {})
    kept = {"standings": list(range(5000))}
    cache.set("results:1", kept, 60)
    assert cache.get("results:1") == kept
    (path,) = tmp_path.glob("*.djcache")
    with path.open("rb") as file:
        pickle.load(file)  # the expiry
        body = file.read()
    assert body[:2] == b"\x78\x01"  # zlib's header for level 1 ("fastest")
    assert pickle.loads(zlib.decompress(body)) == kept
    assert settings_value("CACHES['default']['BACKEND']", DJANGO_DEBUG="1") == (
        "config.caches.FileCache")


def test_the_wsgi_process_keeps_what_it_loaded_out_of_the_garbage_collectors_passes():
    code = "import config.wsgi, gc; print(gc.get_freeze_count())"
    clean = {k: v for k, v in os.environ.items()
             if not k.startswith(("DJANGO_", "DATABASE_URL"))}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=60,
                          env={**clean, "DJANGO_DEBUG": "1",
                               "DJANGO_SETTINGS_MODULE": "config.settings"})
    assert done.returncode == 0, done.stderr
    assert int(done.stdout.split()[-1]) > 50_000  # Django, the apps and every view


def test_the_sites_language_is_english_unless_set_and_only_one_it_speaks():
    assert settings_value("LANGUAGE_CODE", DJANGO_DEBUG="1") == "en"
    assert settings_value("LANGUAGE_CODE", DJANGO_DEBUG="1", DJANGO_LANGUAGE_CODE="de") == "de"
    refused = manage("check", DJANGO_DEBUG="1", DJANGO_LANGUAGE_CODE="fr")
    assert refused.returncode != 0 and "DJANGO_LANGUAGE_CODE='fr'" in refused.stderr


def test_a_german_sites_commands_speak_german():
    shown = manage("create_organizer", "--help", DJANGO_DEBUG="1", DJANGO_LANGUAGE_CODE="de")
    assert shown.returncode == 0 and "Legt ein Konto der Turnierleitung an" in shown.stdout
