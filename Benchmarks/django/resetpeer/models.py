from django.db import models


class OutboxEmail(models.Model):
    """One queued email, written by `OutboxEmailBackend` in the request."""

    recipient = models.CharField(max_length=254)
    message = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)
