"""Creates the peer's tables and `count` users bench-<i>@example.com (one password hash, computed
once and shared: PasswordResetForm only writes to users whose password is usable).
Usage: python seed.py <count>"""

import os
import sys

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "resetpeer.settings")
import django  # noqa: E402

django.setup()
from django.contrib.auth.hashers import make_password  # noqa: E402
from django.contrib.auth.models import User  # noqa: E402
from django.core.management import call_command  # noqa: E402

call_command("migrate", run_syncdb=True, verbosity=0)
count = int(sys.argv[1])
password = make_password("benchmark-password")
User.objects.bulk_create(
    [User(username=f"bench-{i}", email=f"bench-{i}@example.com", password=password) for i in range(count)],
    batch_size=500,
)
print(f"seeded {User.objects.count()} users")
