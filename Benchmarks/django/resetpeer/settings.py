"""The Django peer of `POST /auth/v1/recover` (Benchmarks/django/README.md): the smallest
settings that run Django's own password-reset form against SQLite, tuned as Gatehouse's SQLite is
(WAL, synchronous=NORMAL: a commit is on disk for a process crash, fsynced at checkpoints)."""

import os

BASE_DIR = os.path.dirname(os.path.abspath(__file__))
DATA_DIR = os.environ.get("RESETPEER_DATA_DIR", "/tmp")

SECRET_KEY = os.environ.get("RESETPEER_SECRET_KEY", "benchmark-only-not-a-secret")
DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]

INSTALLED_APPS = [
    "django.contrib.contenttypes",
    "django.contrib.auth",
    "resetpeer",
]
# Nothing between the socket and the view: the peer at its best settings (Gatehouse's JSON
# endpoint has no sessions, CSRF or messages either).
MIDDLEWARE = []
ROOT_URLCONF = "resetpeer.urls"
WSGI_APPLICATION = "resetpeer.wsgi.application"

DATABASES = {
    "default": {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": os.path.join(DATA_DIR, "resetpeer.sqlite3"),
        "OPTIONS": {
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=5000;",
            "transaction_mode": "IMMEDIATE",
        },
    }
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [os.path.join(BASE_DIR, "templates")],
        "APP_DIRS": False,
        "OPTIONS": {"context_processors": []},
    }
]

# The email is queued durably: a row in the peer's outbox table, committed before the answer
# (as Gatehouse's outbox job is). Nothing is sent.
EMAIL_BACKEND = "resetpeer.mail.OutboxEmailBackend"
DEFAULT_FROM_EMAIL = "noreply@example.com"

USE_TZ = True
LOGGING_CONFIG = None
