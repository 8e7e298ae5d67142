"""Tests of pi_desktop.ui.dialogs."""
