"""Tests of pi_desktop.ui.sessions."""
