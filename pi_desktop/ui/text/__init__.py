"""Rich text shared by the chat and the viewers: bounded markdown, highlighting, safe
resource loading, and the viewer for texts too long to lay out."""
