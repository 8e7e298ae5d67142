"""Dialogs and viewers: settings, approval, export, summary, tool result, long text, probe."""
