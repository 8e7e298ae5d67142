"""The sessions sidebar (model, view, controller) and the sessions dialog."""
