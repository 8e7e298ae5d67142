"""Tests of pi_desktop.ui.chat."""
