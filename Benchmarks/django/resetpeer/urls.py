from django.urls import path

from .views import password_reset

urlpatterns = [path("password-reset", password_reset)]
