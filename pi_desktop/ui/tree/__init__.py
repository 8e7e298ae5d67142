"""The session tree: its snapshot, layout, incremental updates, painter, view and panel."""
