"""The token-budget bar and where its figures come from."""
