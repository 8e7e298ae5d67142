"""The session tree panel: the snapshot model, its incremental updates, the painter, the panel."""
