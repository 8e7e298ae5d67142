"""Tests of pi_desktop.ui.budget."""
