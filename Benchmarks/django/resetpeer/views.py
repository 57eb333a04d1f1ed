import json

from django.contrib.auth.forms import PasswordResetForm
from django.http import JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST


@csrf_exempt
@require_POST
def password_reset(request):
    """`POST {"email": ...}`: Django's own password reset. The form looks the active users with
    that address up, makes each a token (`default_token_generator`), renders the email and hands
    it to the email backend (a durable outbox row). Like GoTrue's /recover it answers 200 `{}`
    whether or not anyone has the address."""
    try:
        email = json.loads(request.body).get("email")
    except (ValueError, AttributeError):
        return JsonResponse({"error": "invalid JSON"}, status=400)
    form = PasswordResetForm({"email": email})
    if not form.is_valid():
        return JsonResponse({"error": "invalid email"}, status=422)
    form.save(domain_override="example.com", use_https=True, request=None)
    return JsonResponse({})
