"""Tests of pi_desktop.ui.text."""
