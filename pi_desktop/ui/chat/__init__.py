"""The conversation column: message cards, tool calls, streaming, the input box, edit-and-resend."""
