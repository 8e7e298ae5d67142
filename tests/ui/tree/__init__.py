"""Tests of pi_desktop.ui.tree."""
