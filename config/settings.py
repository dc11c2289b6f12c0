"""Django settings for the Skat congress site.

Everything that differs between a developer's machine and production comes from
environment variables; see README.md, section Configuration.
"""

import os
import warnings
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

from config.caches import redis_caches
from config.database import database_from_url

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: str) -> bool:
    return os.environ.get(name, default).strip().lower() in {"1", "true", "yes", "on"}


# Off unless asked for: `make run` sets DJANGO_DEBUG=1 for development; the tests use
# config.test_settings.
DEBUG = env_bool("DJANGO_DEBUG", "0")

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set when DJANGO_DEBUG=0.")
    SECRET_KEY = "dev-only-insecure-key-do-not-use-in-production"  # noqa: S105

ALLOWED_HOSTS = [
    host.strip()
    for host in os.environ.get("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost").split(",")
    if host.strip()
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_tables2",
    "axes",
    # background work (the hand records' open-card analysis): django-tasks with its database
    # backend; `manage.py db_worker` runs the tasks (docs/deployment.md)
    "django_tasks",
    "django_tasks_db",
    "tournament",
    "scoring",
    "printing",
    "exports",
    "money",
    "seasons",
    "live",
    "api",
    "ninja",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "config.headers.ContentSecurityPolicyMiddleware",  # only the site's own scripts and styles
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "config.busy.BusyDatabaseMiddleware",  # a lock not had in time: 503, never a 500
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "tournament.middleware.TimeZoneMiddleware",
    "axes.middleware.AxesMiddleware",  # last: it answers a locked-out login
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

DATABASES = {
    "default": database_from_url(
        os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DJANGO_CONN_MAX_AGE", "60")),
    )
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# English (the League's books) and German (the ISkO, German clubs). The visitor's browser
# chooses unless they chose in the header (a cookie); a tournament may fix the language of its
# public pages, table links and PDFs (tournament.languages).
LANGUAGES = [("en", "English"), ("de", "Deutsch")]
# the site's own language: a visitor whose browser asks for none of LANGUAGES reads it, and the
# management commands print in it (a German club's server: DJANGO_LANGUAGE_CODE=de)
LANGUAGE_CODE = os.environ.get("DJANGO_LANGUAGE_CODE", "en")
if LANGUAGE_CODE not in dict(LANGUAGES):
    raise ImproperlyConfigured(
        f"DJANGO_LANGUAGE_CODE={LANGUAGE_CODE!r}: the site speaks {', '.join(dict(LANGUAGES))}")
LOCALE_PATHS = [BASE_DIR / "locale"]
FORMAT_MODULE_PATH = ["config.formats"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
# the site's zone: the times of its pages, and the zone a new tournament starts with
TIME_ZONE = os.environ.get("DJANGO_TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        ),
    },
}

if DEBUG:
    # Development serves static files from STATICFILES_DIRS; STATIC_ROOT exists only after
    # `manage.py collectstatic`, so whitenoise's warning about it is noise here.
    warnings.filterwarnings("ignore", message="No directory at", module="whitenoise.base")

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Background work is queued in the database and run by `manage.py db_worker` (one or more
# processes beside the app servers; `make run` starts one): never in a request.
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "tournament:list"
LOGOUT_REDIRECT_URL = "home"

# Failed logins are throttled by django-axes: after 5 failures for one user name or from one
# address, that name or address waits 15 minutes; a successful login resets the count.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = 0.25  # hours
AXES_LOCKOUT_PARAMETERS = ["ip_address", "username"]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_VERBOSE = False
# The attempts are kept in the database (axes' database handler, its default, named here):
# every app server reads the same rows, as it reads the sessions (docs/deployment.md, More
# than one app server), and a lockout outlives a restarted or emptied cache (Redis keeps
# nothing on disk; `check_deals --mend-feet` empties the cache).
AXES_HANDLER = "axes.handlers.database.AxesDatabaseHandler"
# Behind a TLS proxy the client's address is in X-Forwarded-For: set DJANGO_PROXY_COUNT to the
# number of proxies in front of gunicorn (1 for one nginx), or every visitor shares one address.
# config.client reads it from the right, where only the proxies write (docs/access.md).
PROXY_COUNT = int(os.environ.get("DJANGO_PROXY_COUNT", "0"))
AXES_CLIENT_IP_CALLABLE = "config.client.client_address"
# What an anonymous address may spend on result pages and PDFs a minute (tournament/crowd.py:
# a kept answer 2, a computed page 10, a computed PDF 30); then a 429 with Retry-After.
# Raise it when a whole room reaches the site through one address (a venue's NAT); 0: no limit.
PUBLIC_BUDGET = int(os.environ.get("DJANGO_PUBLIC_BUDGET", "300"))
# How many pages may be made for anonymous visitors at once, on the whole site: the other
# gunicorn workers stay free for the room's phones and logins however many addresses read.
PUBLIC_MAKERS = int(os.environ.get("DJANGO_PUBLIC_MAKERS", "1"))
# Seconds between two polls of a live page (tournament/live.py, docs/live.md): 10 holds a
# room's followers on one 2-core server; behind the proxy's micro-cache 3 does (docs/deployment.md).
LIVE_EVERY = max(2.0, float(os.environ.get("DJANGO_LIVE_EVERY", "10")))
# Seconds a proxy may keep an anonymous live page (Cache-Control: public, max-age): nginx's
# micro-cache answers the followers' polls (docs/deployment.md); 0: no-cache, as a staff page.
LIVE_SHARED = max(0, int(os.environ.get("DJANGO_LIVE_SHARED", "1")))

# The debug page and error reports hide passwords, keys and credential URLs (DATABASE_URL).
DEFAULT_EXCEPTION_REPORTER_FILTER = "config.reporting.CredentialsHidingFilter"

DJANGO_TABLES2_TEMPLATE = "django_tables2/table.html"

if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", "1")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "3600"))
    # The header covers only the site's own host name and its subdomains (skat.example.org
    # and *.skat.example.org), all behind the same TLS proxy.
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_HSTS_INCLUDE_SUBDOMAINS", "1")
    SECURE_HSTS_PRELOAD = env_bool("DJANGO_HSTS_PRELOAD", "0")
    if not SECURE_HSTS_PRELOAD:
        # security.W021 (no HSTS preload): the preload list takes whole registrable domains
        # (example.org), for years; that is the decision of the domain's owner, not of this
        # site. DJANGO_HSTS_PRELOAD=1 opts in (with a max-age of a year or more).
        SILENCED_SYSTEM_CHECKS = ["security.W021"]
    SECURE_CONTENT_TYPE_NOSNIFF = True
    SECURE_REFERRER_POLICY = "same-origin"
    X_FRAME_OPTIONS = "DENY"
    CSRF_TRUSTED_ORIGINS = [
        origin.strip()
        for origin in os.environ.get("DJANGO_CSRF_TRUSTED_ORIGINS", "").split(",")
        if origin.strip()
    ]

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "INFO")},
    # django-axes reports every failed login at INFO; its lockouts are WARNINGs
    "loggers": {"axes": {"level": "WARNING"}},
}

# One cache for every worker process (the progress of a large PDF is written by the worker
# making it and read by another): files on disk, in DJANGO_CACHE_DIR or the project's var/cache.
# Never a shared temp folder: the file cache unpickles what it finds there.
CACHE_DIR = Path(os.environ.get("DJANGO_CACHE_DIR") or BASE_DIR / "var" / "cache")
CACHES = {
    "default": {
        "BACKEND": "config.caches.FileCache",
        "LOCATION": str(CACHE_DIR),
    },
    # The public's kept pages and each address's budget (tournament/crowd.py), apart: a
    # crowd filling them culls its own files, never the results' versions above.
    "crowd": {
        "BACKEND": "config.caches.FileCache",
        "LOCATION": str(CACHE_DIR / "crowd"),
        "OPTIONS": {"MAX_ENTRIES": 3000},
    },
}
# More than one app server (docs/deployment.md): with REDIS_URL both caches live in Redis, so
# every server reads the same results, versions, kept pages, budgets and PDF progress; the
# crowd's keys apart under their own prefix, or on a Redis of their own (REDIS_CROWD_URL).
if os.environ.get("REDIS_URL", "").strip():
    CACHES = redis_caches(os.environ["REDIS_URL"].strip(),
                          os.environ.get("REDIS_CROWD_URL", "").strip(),
                          os.environ.get("REDIS_KEY_PREFIX", "skat").strip())
